#!/usr/bin/env python3
"""Peer for `emojisim-bench text`: the seed's placeholder scan in Python.

usage: text_peer.py TEXT_FILE KNOWN_FILE [MIN_SECONDS]

Runs re.finditer with the seed's pattern \\[[a-zA-Z0-9\\u4e00-\\u9fa5]+\\] over the
text and looks every match up in the set of known placeholders (one per line in
KNOWN_FILE), collecting (start, end) of the known ones, repeatedly for at least
MIN_SECONDS of CPU time (time.process_time, so a loaded machine slows both
sides alike). Prints one line: `mbps <MB/s of UTF-8 input> matches <known matches>`.
"""
import re
import sys
import time


def main():
    text_path, known_path = sys.argv[1], sys.argv[2]
    min_seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
    with open(text_path, encoding="utf-8") as f:
        text = f.read()
    with open(known_path, encoding="utf-8") as f:
        known = set(line.rstrip("\n") for line in f if line.strip())
    size_mb = len(text.encode("utf-8")) / 1e6
    pattern = re.compile("\\[[a-zA-Z0-9\u4e00-\u9fa5]+\\]")

    def scan():
        found = []
        for m in pattern.finditer(text):
            if m.group(0) in known:
                found.append((m.start(), m.end()))
        return found

    found = scan()  # warm-up
    n = 0
    start = time.process_time()
    while True:
        found = scan()
        n += 1
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            break
    print("mbps %.1f matches %d" % (size_mb * n / elapsed, len(found)))


if __name__ == "__main__":
    main()
