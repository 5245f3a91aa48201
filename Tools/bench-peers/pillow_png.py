#!/usr/bin/env python3
"""Pillow peer for `emojisim-bench png`.

    pillow_png.py decode MIN_SECONDS MANIFEST
        MANIFEST lines: <group>\t<path>. Decodes every file of a group (bytes already in
        memory; open + load + convert to RGBA, the output EmojiSim produces) repeatedly
        for at least MIN_SECONDS of process CPU time, and prints per group:
            <group>\t<megapixels per run>\t<seconds per run>\t<seconds per run, native mode>
    pillow_png.py encode MIN_SECONDS MANIFEST
        MANIFEST lines: <group>\t<path>. Loads each PNG into memory (RGB when fully
        opaque, else RGBA, as EmojiSim's encoder chooses) and times Image.save(format="PNG")
        at Pillow's default compress_level 6 over every file of a group, printing per group:
            <group>\t<megapixels>\t<seconds per run>\t<bytes of all files>
    pillow_png.py verify PAIRS
        PAIRS lines: <original>\t<re-encoded>. Checks that Pillow decodes both to the same
        RGBA pixels and that Python's zlib module inflates the re-encoded IDAT stream to
        exactly height x (1 + row bytes) bytes; prints "ok (N files, zlib X)" or the failures.
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

mode = sys.argv[1]
min_seconds = float(sys.argv[2]) if mode != "verify" else 0.0
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
    groups = {}
    for line in open(sys.argv[3]):
        g, p = line.rstrip("\n").split("\t")
        groups.setdefault(g, []).append(p)
    for g, paths in groups.items():
        images = []
        for p in paths:
            im = Image.open(p).convert("RGBA")
            if im.getextrema()[3][0] == 255:
                im = im.convert("RGB")
            images.append(im)
        size = [0]
        def run():
            total = 0
            for im in images:
                buf = io.BytesIO()
                im.save(buf, format="PNG")
                total += buf.tell()
            size[0] = total
        t = timed(run, min_seconds)
        mp = sum(im.width * im.height for im in images)
        print(f"{g}\t{mp / 1e6:.6f}\t{t:.9f}\t{size[0]}", flush=True)
elif mode == "verify":
    import struct, zlib
    failures, count = [], 0
    for line in open(sys.argv[2]):
        original, ours = line.rstrip("\n").split("\t")
        count += 1
        data = open(ours, "rb").read()
        pos, idat, ihdr = 8, b"", None
        while pos < len(data):
            n, kind = struct.unpack(">I4s", data[pos:pos + 8])
            if kind == b"IHDR":
                ihdr = struct.unpack(">IIBBBBB", data[pos + 8:pos + 21])
            elif kind == b"IDAT":
                idat += data[pos + 8:pos + 8 + n]
            pos += 12 + n
        w, h, depth, color = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
        channels = {2: 3, 6: 4}.get(color, 0)
        try:
            raw = zlib.decompress(idat)
            if len(raw) != h * (1 + w * channels * depth // 8):
                failures.append(f"{ours}: zlib gave {len(raw)} bytes")
        except zlib.error as e:
            failures.append(f"{ours}: zlib: {e}")
        a = Image.open(original).convert("RGBA").tobytes()
        b = Image.open(ours).convert("RGBA").tobytes()
        if a != b:
            failures.append(f"{ours}: Pillow decodes other pixels than {original}")
    if failures:
        print(f"FAILED {len(failures)} of {count}: " + "; ".join(failures[:5]))
    else:
        print(f"ok ({count} files, zlib {zlib.ZLIB_RUNTIME_VERSION})")
