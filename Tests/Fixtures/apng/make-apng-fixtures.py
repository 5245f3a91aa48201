#!/usr/bin/env python3
"""Writes the APNG test fixtures with Pillow (an independent encoder) and expected.tsv:
the composited canvas after each frame, computed here from Pillow's decode of each
frame's pixels and the APNG spec's compositing (its integer OVER formula; Pillow's own
seek() compositing uses alpha_composite, whose rounding differs by 1 on blended pixels,
so it is not the reference).

Run once by hand (pip install pillow); the outputs are committed. Not used at test time.
hash: FNV-1a 64 over the RGBA8 bytes as stored (like pngsuite/expected.tsv)."""
import io, struct, zlib
from PIL import Image, ImageDraw

def fnv(b):
    h = 0xcbf29ce484222325
    for c in b:
        h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
    return h

def frames(n, size=48, alpha=True):
    out = []
    for i in range(n):
        im = Image.new('RGBA', (size, size), (0, 0, 0, 0) if alpha else (255, 255, 255, 255))
        d = ImageDraw.Draw(im)
        d.ellipse((4 + 6 * i, 6 + 3 * i, 24 + 6 * i, 26 + 3 * i), fill=(255, 40 * i % 256, 30, 255))
        d.rectangle((30 - 4 * i, 2, 44 - 4 * i, 14), fill=(20, 90, 200, 128 + 20 * i))
        out.append(im)
    return out

cases = {
    'apng-keep-over': dict(disposal=0, blend=1),
    'apng-background-over': dict(disposal=1, blend=1),
    'apng-previous-over': dict(disposal=2, blend=1),
    'apng-keep-source': dict(disposal=0, blend=0),
    'apng-mixed': dict(disposal=[0, 2, 1, 0, 2], blend=[0, 1, 1, 0, 1]),
}
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
def frames_of(path):
    b = open(path, 'rb').read(); p = 8; ihdr = None; fr = []; cur = None
    while p < len(b):
        l, = struct.unpack('>I', b[p:p+4]); t = b[p+4:p+8]; d = b[p+8:p+8+l]; p += 12 + l
        if t == b'IHDR': ihdr = d
        elif t == b'fcTL':
            seq, w, h, x, y, dn, dd, dop, bop = struct.unpack('>IIIIIHHBB', d); cur = dict(w=w, h=h, x=x, y=y, dop=dop, bop=bop, data=b''); fr.append(cur)
        elif t == b'IDAT' and cur is not None: cur['data'] += d
        elif t == b'fdAT': cur['data'] += d[4:]
    W, H = struct.unpack('>II', ihdr[:8])
    for f in fr:
        png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>II', f['w'], f['h']) + ihdr[8:]) + chunk(b'IDAT', f['data']) + chunk(b'IEND', b'')
        f['img'] = bytearray(Image.open(io.BytesIO(png)).convert('RGBA').tobytes())
    return W, H, fr
def composite(W, H, fr):
    canvas = bytearray(W * H * 4); out = []
    for i, f in enumerate(fr):
        dop = f['dop']
        if i == 0 and dop == 2: dop = 1
        saved = bytes(canvas)
        for yy in range(f['h']):
            for xx in range(f['w']):
                s = f['img'][(yy * f['w'] + xx) * 4:(yy * f['w'] + xx) * 4 + 4]
                di = ((f['y'] + yy) * W + f['x'] + xx) * 4
                if f['bop'] == 0: canvas[di:di+4] = s; continue
                sa = s[3]
                if sa == 0: continue
                if sa == 255: canvas[di:di+4] = s; continue
                u = sa * 255; v = (255 - sa) * canvas[di+3]; al = u + v
                for k in range(3): canvas[di+k] = (s[k] * u + canvas[di+k] * v) // al
                canvas[di+3] = al // 255
        out.append(bytes(canvas))
        for yy in range(f['h']):
            di = ((f['y'] + yy) * W + f['x']) * 4
            if dop == 1: canvas[di:di + f['w'] * 4] = bytes(f['w'] * 4)
            elif dop == 2: canvas[di:di + f['w'] * 4] = saved[di:di + f['w'] * 4]
    return out
for name in cases:
    fs = frames(5)
    fs[0].save(name + '.png', save_all=True, append_images=fs[1:], duration=[40, 80, 120, 10, 200],
               loop=3, **cases[name])
rows = []
for name in cases:
    W, H, fr = frames_of(name + '.png')
    for k, c in enumerate(composite(W, H, fr)):
        rows.append('%s-%d\t%d\t%d\t%016x' % (name, k, W, H, fnv(c)))
with open('expected.tsv', 'w') as f:
    f.write('# APNG spec compositing of Pillow-written files: name-index, width, height, FNV-1a 64 of RGBA8 as stored\n')
    f.write('\n'.join(rows) + '\n')
