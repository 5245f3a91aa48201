#!/usr/bin/env python3
"""Extracts Sources/EmojiSimIO/Resources/Fonts/unifont-subset.hex from Debian's unifont.

    apt-get install -y unifont
    python3 Tools/scripts/make-unifont-subset.py [/usr/share/unifont/unifont.hex]

The product never runs this; it documents where the shipped subset came from.
"""
import gzip
import sys

RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2500, 0x259F), (0x3000, 0x303F),
          (0x3040, 0x30FF), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF)]
src = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unifont/unifont.hex"
opener = gzip.open if src.endswith(".gz") else open
out = []
with opener(src, "rt") as f:
    for line in f:
        cp = int(line.split(":")[0], 16)
        if any(a <= cp <= b for a, b in RANGES):
            out.append(line)
with open("Sources/EmojiSimIO/Resources/Fonts/unifont-subset.hex", "w") as f:
    f.write("".join(out))
print(f"{len(out)} glyphs")
