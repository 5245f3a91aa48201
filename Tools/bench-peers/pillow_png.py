#!/usr/bin/env python3
"""Pillow peer for `emojisim-bench png`.

    pillow_png.py MANIFEST
        MANIFEST lines: <decode|encode>\t<group>\t<path>. Serves the probe protocol
        (probe_server.py) with, per decode group, `decode:GROUP` (every file of the group
        from bytes in memory: open + load + convert to RGBA, the output EmojiSim
        produces) and `native:GROUP` (without the convert); per encode group
        `encode:GROUP`: Image.save(format="PNG") at Pillow's default compress_level 6 of
        every file, loaded as RGB when fully opaque, else RGBA (as EmojiSim's encoder
        chooses), with the fact `size:GROUP` (bytes of all its files).
    pillow_png.py verify PAIRS
        PAIRS lines: <original>\t<re-encoded>. Checks that Pillow decodes both to the same
        RGBA pixels and that Python's zlib module inflates the re-encoded IDAT stream to
        exactly height x (1 + row bytes) bytes; prints "ok (N files, zlib X)" or the failures."""
import io, sys
from PIL import Image


def decode_group(blobs, convert):
    def run():
        for b in blobs:
            with Image.open(io.BytesIO(b)) as im:
                im.load()
                if convert:
                    im.convert("RGBA")
    return run


def encode_group(images):
    def run():
        total = 0
        for im in images:
            buf = io.BytesIO()
            im.save(buf, format="PNG")
            total += buf.tell()
        return total
    return run


def serve_manifest(path):
    from probe_server import serve
    groups = {}
    for line in open(path):
        kind, g, p = line.rstrip("\n").split("\t")
        groups.setdefault((kind, g), []).append(p)
    probes, facts = [], {}
    for (kind, g), paths in groups.items():
        if kind == "decode":
            blobs = [open(p, "rb").read() for p in paths]
            probes.append((f"decode:{g}", f"decode {g}", decode_group(blobs, True)))
            probes.append((f"native:{g}", f"decode {g} (native mode)", decode_group(blobs, False)))
        else:
            images = []
            for p in paths:
                im = Image.open(p).convert("RGBA")
                if im.getextrema()[3][0] == 255:
                    im = im.convert("RGB")
                images.append(im)
            run = encode_group(images)
            facts[f"size:{g}"] = run()
            probes.append((f"encode:{g}", f"encode {g}", run))
    serve(probes, facts=facts)


def verify(pairs):
    import struct, zlib
    failures, count = [], 0
    for line in open(pairs):
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


if sys.argv[1] == "verify":
    verify(sys.argv[2])
else:
    serve_manifest(sys.argv[1])
