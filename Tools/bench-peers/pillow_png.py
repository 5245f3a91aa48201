#!/usr/bin/env python3
"""Pillow peer for `emojisim-bench png`.

    pillow_png.py decode MIN_SECONDS MANIFEST
        MANIFEST lines: <group>\t<path>. Decodes every file of a group (bytes already in
        memory; open + load + convert to RGBA, the output EmojiSim produces) repeatedly
        for at least MIN_SECONDS of process CPU time, and prints per group:
            <group>\t<megapixels per run>\t<seconds per run>\t<seconds per run, native mode>
    pillow_png.py encode MIN_SECONDS PATH...
        Loads each PNG into memory (RGB when fully opaque, else RGBA, as EmojiSim's
        encoder chooses) and times Image.save(format="PNG") at Pillow's default
        compress_level 6, printing per file:
            <path>\t<megapixels>\t<seconds per run>\t<bytes>
CPU time, not wall time, because the benchmark machine is shared."""
import io, sys, time
from PIL import Image

def timed(fn, min_seconds):
    fn()
    runs, start = 0, time.process_time()
    while True:
        fn()
        runs += 1
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return elapsed / runs

def decode_group(blobs, convert):
    def run():
        for b in blobs:
            with Image.open(io.BytesIO(b)) as im:
                im.load()
                if convert:
                    im.convert("RGBA")
    return run

mode, min_seconds = sys.argv[1], float(sys.argv[2])
if mode == "decode":
    groups = {}
    for line in open(sys.argv[3]):
        g, p = line.rstrip("\n").split("\t")
        groups.setdefault(g, []).append(p)
    for g, paths in groups.items():
        blobs = [open(p, "rb").read() for p in paths]
        mp = 0
        for b in blobs:
            with Image.open(io.BytesIO(b)) as im:
                mp += im.width * im.height
        t = timed(decode_group(blobs, True), min_seconds)
        tn = timed(decode_group(blobs, False), min_seconds)
        print(f"{g}\t{mp / 1e6:.6f}\t{t:.9f}\t{tn:.9f}", flush=True)
elif mode == "encode":
    for p in sys.argv[3:]:
        im = Image.open(p).convert("RGBA")
        if im.getextrema()[3][0] == 255:
            im = im.convert("RGB")
        size = [0]
        def run():
            buf = io.BytesIO()
            im.save(buf, format="PNG")
            size[0] = buf.tell()
        t = timed(run, min_seconds)
        print(f"{p}\t{im.width * im.height / 1e6:.6f}\t{t:.9f}\t{size[0]}", flush=True)
