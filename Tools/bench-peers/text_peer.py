#!/usr/bin/env python3
"""Peer for `emojisim-bench text`: the seed's placeholder scan in Python.

usage: text_peer.py KNOWN_FILE KEY=TEXT_FILE...

Per text, a probe KEY (served with the probe protocol, probe_server.py): re.finditer
with the seed's pattern \\[[a-zA-Z0-9\\u4e00-\\u9fa5]+\\] over the text, every match
looked up in the set of known placeholders (one per line in KNOWN_FILE), collecting
(start, end) of the known ones; the fact `matches:KEY` counts them.
"""
import re
import sys
from probe_server import serve


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        known = set(line.rstrip("\n") for line in f if line.strip())
    pattern = re.compile("\\[[a-zA-Z0-9\u4e00-\u9fa5]+\\]")
    probes, facts = [], {}
    for arg in sys.argv[2:]:
        key, path = arg.split("=", 1)
        with open(path, encoding="utf-8") as f:
            text = f.read()

        def scan(text=text):
            found = []
            for m in pattern.finditer(text):
                if m.group(0) in known:
                    found.append((m.start(), m.end()))
            return found

        facts[f"matches:{key}"] = len(scan())
        probes.append((key, key, scan))
    serve(probes, facts=facts)


if __name__ == "__main__":
    main()
