#!/usr/bin/env python3
"""Pillow peer for `emojisim-bench gif`: decodes every frame of a GIF (composited,
converted to RGBA, as EmojiSim does). One probe per file (key: the file's name) that
Pillow decodes; served with the probe protocol (probe_server.py).

usage: pillow_gif.py FILE..."""
import os, sys
from PIL import Image
from probe_server import serve


def decode_all(path):
    with Image.open(path) as im:
        n = getattr(im, "n_frames", 1)
        for i in range(n):
            im.seek(i)
            im.convert("RGBA").load()


probes, notes = [], []
for path in sys.argv[1:]:
    try:
        decode_all(path)
    except Exception as e:
        notes.append(f"Pillow rejects {os.path.basename(path)}: {e}")
        continue
    name = os.path.basename(path)
    probes.append((name, name, lambda p=path: decode_all(p)))
serve(probes, notes)
