#!/usr/bin/env python3
"""Pillow peer for `emojisim-bench gif`: decodes every frame of each GIF (composited,
converted to RGBA, as EmojiSim does) and prints one line per file:
    <path>\t<frames>\t<megapixels decoded per run>\t<seconds per run>
Runs each file for at least MIN_SECONDS of process CPU time (after one warm-up run);
CPU time, not wall time, because the benchmark machine is shared."""
import sys, time
from PIL import Image

MIN_SECONDS = float(sys.argv[1])

def decode_all(path):
    pixels = 0
    frames = 0
    with Image.open(path) as im:
        n = getattr(im, "n_frames", 1)
        for i in range(n):
            im.seek(i)
            rgba = im.convert("RGBA")
            rgba.load()
            pixels += rgba.width * rgba.height
            frames += 1
    return frames, pixels

for path in sys.argv[2:]:
    frames, pixels = decode_all(path)
    runs = 0
    start = time.process_time()
    while True:
        decode_all(path)
        runs += 1
        elapsed = time.process_time() - start
        if elapsed >= MIN_SECONDS:
            break
    print(f"{path}\t{frames}\t{pixels / 1e6:.6f}\t{elapsed / runs:.9f}", flush=True)
