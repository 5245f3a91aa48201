#!/usr/bin/env python3
"""Writes issue 18's hostile inputs into the folder given (used by Tools/hostile/run.sh)."""
import os, shutil, struct, sys, zlib, random

out = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.chdir(out)


def write(name, data):
    os.makedirs(os.path.dirname(name) or '.', exist_ok=True)
    open(name, 'wb').write(data if isinstance(data, bytes) else data.encode())


def chunk(t, body):
    return struct.pack('>I', len(body)) + t + body + struct.pack('>I', zlib.crc32(t + body) & 0xffffffff)


def png(w, h, rows=None, depth=8, ctype=6, idat=None):
    ihdr = struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, 0)
    if idat is None:
        raw = b''.join(b'\0' + r for r in rows)
        idat = zlib.compress(raw, 9)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', idat) + chunk(b'IEND', b'')


def le16(v):
    return struct.pack('<H', v)


def gif(screen, frames, trailer=True):
    """frames: list of (w, h, min_code_size, data bytes incl. sub-blocks)."""
    b = b'GIF89a' + le16(screen[0]) + le16(screen[1]) + bytes([0xF7, 0, 0])
    b += b''.join(bytes([i, i, i]) for i in range(256))
    for (w, h, code, data) in frames:
        b += b'\x2c' + le16(0) + le16(0) + le16(w) + le16(h) + b'\x00' + bytes([code]) + data
    return b + (b'\x3b' if trailer else b'')




def lzw_one_pixel(index=7):
    # min code size 8: codes are 9 bits: clear (256), index, end (257), LSB first.
    bits = 256 | (index << 9) | (257 << 18)
    data = bits.to_bytes(4, 'little')[:4]
    return bytes([len(data)]) + data + b'\x00'


def script(name, text):
    write(name, text)


# 1, 4, 9, 15, 16: scripts.
script('wait-huge.scenario', 'wait 99999999999999999999s\n')
script('wait-fuzzed.scenario', 'wait 66666666666660s\n')
script('swipe-far.scenario', 'swipe list up by 99999999999999999999999pt\n')
script('slow-swipe.scenario', 'swipe list up by 1000pt at 0.001pt/s\n')
script('gif-huge.scenario', 'device 4096x4096@1\nwait 100s\n')
script('long-strings.scenario', ''.join('type "%s"\n' % ('x' * 10000) for _ in range(400)))
script('typing.scenario', 'tap input\n' + 'type "x"\n' * 10000)
# Typing with emoji placeholders and newlines, and typing in the middle of a long text.
script('typing-mixed.scenario', 'tap input\n' + 'type "ab 中[笑哭]"\ntype "\\n"\n' * 1500)
script('typing-middle.scenario', 'tap input\ntype "%s"\nselect 100 0\n' % ('word ' * 1000) + 'type "x"\n' * 3000)
script('receive.scenario', ''.join('receive "%s"\n' % ('y' * 10000) for _ in range(300)))
script('idle.scenario', 'wait 3600s\n' * 99999)
script('passwd.scenario', 'catalog unicode "../../../../../../../../etc/passwd"\ntap input\n')
script('nul.scenario', 'tap in\0put\n')
script('huge-token.scenario', 'wait ' + '9' * 200000 + '\n')
script('bomb.scenario', 'catalog plist "bomb/emtions.plist" "bomb/emtionMeans.plist"\ntap input\n')
script('shared-frame.scenario', 'catalog json "shared/c.json"\ntap toggle\nsettle\n')

# 2: a seed catalog with extreme declared sizes.
os.makedirs('sizes/EmtionImages', exist_ok=True)
shutil.copy(os.path.join(root, 'Tests/Fixtures/catalogs/seed/EmtionImages/f056.png'), 'sizes/EmtionImages/a.png')
vals = ['<real>1e300</real>', '<string>1e300</string>', '<real>-1e300</real>', '<real>4e18</real>',
        '<real>nan</real>', '<real>inf</real>']
entries = ''.join('<dict><key>fileName</key><string>a.png</string><key>group</key><string>g</string>'
                  '<key>name</key><string>c%d</string><key>type</key><string>png</string>'
                  '<key>width</key>%s<key>height</key>%s</dict>' % (i, v, v) for i, v in enumerate(vals))
write('sizes/emtions.plist', '<plist><array>%s</array></plist>' % entries)
write('sizes/emtionMeans.plist', '<plist><dict/></plist>')

# 3: 40 levels of arrays holding two references to the next (about 200 bytes).
def bplist_bomb(levels=40):
    b = bytearray(b'bplist00')
    offsets = []
    for i in range(levels):
        offsets.append(len(b)); b += bytes([0xA2, i + 1, i + 1])
    offsets.append(len(b)); b += b'\xa0'
    table = len(b)
    b += bytes(offsets)
    b += bytes([0, 0, 0, 0, 0, 0, 1, 1]) + struct.pack('>QQQ', levels + 1, 0, table)
    return bytes(b)

write('bomb/emtions.plist', bplist_bomb())
write('bomb/emtionMeans.plist', '<plist><dict/></plist>')

# 6: a 10000x10000 canvas with 1x1 frames; the same for APNG; a garbage hidden IDAT.
write('canvas1.gif', gif((10000, 10000), [(1, 1, 8, lzw_one_pixel())]))
write('canvas100.gif', gif((10000, 10000), [(1, 1, 8, lzw_one_pixel())] * 100))


def apng(w, h, frames, idat_first=True, default=None):
    ihdr = struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)
    b = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'acTL', struct.pack('>II', len(frames), 0))
    seq = 0
    if default is not None:
        b += chunk(b'IDAT', default)
    for i, (fw, fh, data) in enumerate(frames):
        b += chunk(b'fcTL', struct.pack('>IIIIIHHBB', seq, fw, fh, 0, 0, 1, 10, 0, 0)); seq += 1
        if i == 0 and default is None:
            b += chunk(b'IDAT', data)
        else:
            b += chunk(b'fdAT', struct.pack('>I', seq) + data); seq += 1
    return b + chunk(b'IEND', b'')

big_rows = zlib.compress(b'\0' + b'\0' * 40000, 9)  # not a whole 10000x10000 image: never reached
tiny = zlib.compress(b'\0\x01\x02\x03\xff')
write('canvas.apng', apng(10000, 10000, [(10000, 10000, big_rows)] + [(1, 1, tiny)] * 100))
write('garbage-idat.apng', apng(1, 1, [(1, 1, tiny)], default=b'\x55'))

# 7: one 1 MB frame (incompressible 512x512 RGBA) listed 2,000 times over two sequences.
rnd = random.Random(7)
rows = [bytes(rnd.randrange(256) for _ in range(512 * 4)) for _ in range(512)]
write('shared/f.png', png(512, 512, rows))
frames = ','.join(['"f.png"'] * 1000)
write('shared/c.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": ['
      '{"code": "a", "kind": "animated", "frames": [%s]}, {"code": "b", "kind": "animated", "frames": [%s]}]}]}'
      % (frames, frames))

# 8: 16384x1 against 1x16384.
write('wide.png', png(16384, 1, [b'\xff' * 16384 * 4]))
write('wide2.png', png(16384, 1, [b'\x80' * 16384 * 4]))
write('tall.png', png(1, 16384, [b'\x00\x00\x00\xff'] * 16384))

# 9: 1.5 million tiny emoji in a JSON catalog; a zlib-bomb PNG (16384x6103, 16-bit RGBA).
with open('many.json', 'w') as f:
    f.write('{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [')
    f.write(','.join('{"code":"c%d","kind":"unicode"}' % i for i in range(1500000)))
    f.write(']}]}')
c = zlib.compressobj(9)
row = b'\0' + b'\0' * (16384 * 8)
bomb = b''.join(c.compress(row) for _ in range(6103)) + c.flush()
write('bomb.png', png(16384, 6103, depth=16, idat=bomb))

# 11-13: a catalog to convert, a small GIF whose first frame name is taken by a folder.
shutil.copytree(os.path.join(root, 'Tests/Fixtures/catalogs/seed'), 'seedcat')
os.makedirs('outdir.json', exist_ok=True)
write('small.gif', gif((1, 1), [(1, 1, 8, lzw_one_pixel())] * 3))
write('framesdir/small-0.png/important.txt', 'keep me')

# 14: a code-point folder with a symlink to /etc/passwd.
os.makedirs('codepoints', exist_ok=True)
shutil.copy(os.path.join(root, 'Tests/Fixtures/catalogs/seed/EmtionImages/f056.png'), 'codepoints/1f600.png')
os.symlink('/etc/passwd', 'codepoints/1f602.png')

# 16: emoji-test.txt with a duplicate.
write('dups.txt', '# group: Smileys\n1F600 ; fully-qualified # \U0001F600 E1.0 grinning face\n'
      '1F600 ; fully-qualified # \U0001F600 E1.0 grinning face\n')

# 17: GIF edge cases.
write('wide.gif', gif((65535, 1), [(1, 1, 8, lzw_one_pixel())]))
write('zero.gif', gif((2, 2), [(0, 0, 2, b'\x00')]))
write('nodata.gif', b'GIF89a' + le16(1) + le16(1) + b'\x00\x00\x00\x3b')
write('codesize12.gif', gif((1, 1), [(1, 1, 12, b'\x01\x00\x00')]))

# Issue 26, catalog items (1, 2, 4, 5, 8, 11, 13).
# 1: a plist nested 170,000 deep in <string> elements (Foundation recursed on each).
write('deep/emtions.plist', '<plist>' + '<string>' * 170000 + '</plist>')
write('deep/emtionMeans.plist', '<plist><dict/></plist>')
script('deep.scenario', 'catalog plist "deep/emtions.plist" "deep/emtionMeans.plist"\ntap input\n')
# 2: one group named by 8,000,000 characters and 300,000 more groups (16.4 MB of JSON).
with open('wide-names.json', 'w') as f:
    f.write('{"format":"emojisim-catalog","version":1,"groups":[{"name":"' + 'x' * 8000000
            + '","emoji":[{"code":"a","kind":"unicode"}]}')
    f.write(''.join(',{"name":"%d","emoji":[]}' % i for i in range(300000)))
    f.write(']}')


def canvas_gif(side):
    """35 bytes: a side x side screen, a 2-colour table, one 1x1 frame."""
    return (b'GIF89a' + le16(side) + le16(side) + b'\x80\x00\x00' + b'\x00\x00\x00\xff\xff\xff'
            + b'\x2c' + le16(0) + le16(0) + le16(1) + le16(1) + b'\x00\x02\x02\x44\x01\x00\x3b')


def canvas_catalog(folder, count, side):
    os.makedirs(folder, exist_ok=True)
    for i in range(count):
        write('%s/b%d.gif' % (folder, i), canvas_gif(side))
    write(folder + '/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[%s]}]}'
          % ','.join('{"code":"b%d","kind":"animated","image":"b%d.gif"}' % (i, i) for i in range(count)))

# 4: five 10000x10000 GIFs in a panel (refused from their headers); thirty at the
# 4096x4096 limit drawn (the library's budget for decoded images holds them).
canvas_catalog('canvas5', 5, 10000)
canvas_catalog('canvas30', 30, 4096)
script('canvas5.scenario', 'catalog json "canvas5/c.json"\ntap input\ntap toggle\nsnapshot p panel\n')
script('canvas30.scenario', 'catalog json "canvas30/c.json"\ndevice 375x667@3\ntap input\ntap toggle\n'
       + 'swipe panel left\nswipe panel right\nsnapshot p panel png\n')
# 5: 80 of them for catalog check (0.45 s each when each was decoded).
canvas_catalog('canvas80', 80, 10000)
# 8: a code that climbs, with frames (convert wrote ./escaped.sequence/...).
os.makedirs('escape/src', exist_ok=True)
shutil.copy(os.path.join(root, 'Tests/Fixtures/catalogs/seed/EmtionImages/f056.png'), 'escape/src/f.png')
write('escape/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":['
      '{"code":"../../escaped","kind":"animated","frames":["src/f.png"]},'
      '{"code":"../../../../../../tmp/escaped2","kind":"animated","frames":["src/f.png"]}]}]}')
os.makedirs('escape/out/a/b', exist_ok=True)
# 11: the bundled emoji-test.txt with CRLF line ends.
text = open(os.path.join(root, 'Sources/EmojiSimIO/Resources/Unicode/emoji-test.txt'), 'rb').read()
write('crlf/emoji-test.txt', text.replace(b'\n', b'\r\n'))
# 13: a duplicate group name, a duplicate key, UTF-16 JSON.
write('dupgroup.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[]},{"name":"g","emoji":[]}]}')
write('dupkey.json', '{"format":"emojisim-catalog","version":1,"version":2,"groups":[]}')
write('utf16.json', '\ufeff{"format":"emojisim-catalog","version":1,"groups":[]}'.encode('utf-16-le'))
write('dupgroup-test.txt', '# group: A\n1F600 ; fully-qualified # \U0001F600 E1.0 a\n# group: A\n'
      '1F601 ; fully-qualified # \U0001F601 E1.0 b\n')

# Issue 26, the items beyond the catalogs (3, 6, 7, 9, 10, 12, 14, 15).
# 3: a 971-byte script whose every round doubles the text (aborted at 1.8 GB).
script('paste-doubling.scenario', 'tap input\ntype "x"\n' + 'select-all\ncopy\npaste\npaste\n' * 34)
# 6: 8,000 redos after an undo each (13 s when redo was quadratic).
script('redo.scenario', 'tap input\n' + 'type "ab"\nundo\nredo\n' * 8000)
# 7: a 10,000-frame APNG (1x1 frames): every frame file was fsynced.
write('frames10k.apng', apng(1, 1, [(1, 1, tiny)] * 10000))
# 9: a package whose Snapshots/Tests/flow is a symlink out of the package.
write('pkg/Package.swift', '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "p")\n')
write('pkg/Tests/flow.scenario', 'conversation empty\nsnapshot s input ascii\n')
os.makedirs('pkg/Snapshots/Tests', exist_ok=True)
os.makedirs('outside', exist_ok=True)
write('outside/s.txt', 'theirs\n')
os.symlink('../../../outside', 'pkg/Snapshots/Tests/flow')
# 10: outputs past `ulimit -f`: a catalog to convert, frames, a run's GIF.
big_frame = zlib.compress(b''.join(b'\0' + bytes(rnd.randrange(256) for _ in range(64 * 4)) for _ in range(64)))
write('bigframes.apng', apng(64, 64, [(64, 64, big_frame)] * 3))
script('gif-write.scenario', 'device 375x667@2\ntap input\ntype "hello"\nwait 3s\n')
# 12: the 4-frame suite GIF cut short, alone and in a catalog.
suite = open(os.path.join(root, 'Tests/Fixtures/gif-test-suite/gifs/animated_loop.gif'), 'rb').read()
write('cut.gif', suite[:-1])
write('cutcat/a.gif', suite[:600])
write('cutcat/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"a","kind":"animated","image":"a.gif"}]}]}')
script('cutcat.scenario', 'catalog json "cutcat/c.json"\ntap input\ntap toggle\nsettle\n')
# 14: untrusted values of 10 MB (kind, format, code), raw NUL and ESC in a plist group name.
big = 'k' * 10000000
write('bigkind.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"x","kind":"%s"}]}]}' % big)
write('bigformat.json', '{"format":"%s","version":1,"groups":[]}' % big)
write('bigcode.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"%s","kind":"static","image":"missing.png"}]}]}' % big)
os.makedirs('escgroup/EmtionImages', exist_ok=True)
shutil.copy(os.path.join(root, 'Tests/Fixtures/catalogs/seed/EmtionImages/f056.png'), 'escgroup/EmtionImages/a.png')
write('escgroup/emtions.plist', '<plist><array><dict><key>fileName</key><string>a.png</string><key>group</key>'
      '<string>g\x1b[31mred</string><key>name</key><string>[a]</string><key>type</key><string>png</string></dict></array></plist>')
write('escgroup/emtionMeans.plist', '<plist><dict/></plist>')
# 15: errors with their place.
write('num999.json', '{"format":"emojisim-catalog","version":1e999,"groups":[]}')
write('num400.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"x","kind":"unicode","width":-1e400}]}]}')
write('surrogate.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"\\ud800","emoji":[]}]}')
write('badutf8.scenario', b'tap input\ntype "a\xffb"\n')
script('drag-far.scenario', 'drag list by 1' + '0' * 300 + ',1\n')
write('binlen/emtions.plist', b'bplist00' + b'\x5e' + b'ab' + b'\x08' + bytes([0, 0, 0, 0, 0, 0, 1, 1]) + bytes(7) + b'\x01' + bytes(8) + bytes(7) + b'\x0b')
write('binlen/emtionMeans.plist', '<plist><dict/></plist>')
# Found by the plist fuzzer: a set in an array behind a 'bplist0\xb0' header (Foundation
# reads any 'bplist0' file as binary and crashed bridging the set).
write('bplistver/emtions.plist', b'bplist0\xb0' + b'\xa1\x01' + b'\xc1\x02' + b'\x10\x07' + bytes([8, 10, 12]) + bytes([0, 0, 0, 0, 0, 0, 1, 1]) + bytes(7) + b'\x03' + bytes(8) + bytes(7) + b'\x0e')
write('bplistver/emtionMeans.plist', '<plist><dict/></plist>')
script('nulpath.scenario', 'catalog json "a\\u{0}b.json"\ntap input\n')

# Round three, items 5-7, 20-22, 25 (issue 47).
# 5: a loose script with a one-character typo and its references; the same script
# parsing, with the folder named one level too deep; a package whose Snapshots/ has a
# subfolder of script references.
script('r3orph/flow.scenario', 'conversation empty\nexpect keybord none\nsnapshot s input ascii\n')
write('r3orph/Snapshots/flow/s.txt', 'x')
script('r3deep/flow.scenario', 'conversation empty\nsnapshot s input ascii\n')
write('r3deep/Snapshots/flow/s.txt', 'x')
write('r3sub/Package.swift', '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "p")\n')
script('r3sub/Tests/Scenarios/f.scenario', 'conversation empty\nsnapshot s input ascii\n')
write('r3sub/Snapshots/Tests/Scenarios/f/s.txt', 'x')
write('r3sub/Snapshots/Tests/Scenarios/f/gone.txt', 'x')
write('r3sub/.build/snapshot-usage/run-1.txt', '')
# 6: two scripts named x.scenario in two folders, outside any package.
script('r3same/a/x.scenario', 'conversation empty\nexpect keyboard none\nsnapshot s input ascii\n')
script('r3same/b/x.scenario', 'conversation empty\ntap input\nexpect keyboard system\nsnapshot s input ascii\n')
# 7: two snapshot names that write one file.
script('r3collide.scenario', 'conversation empty\nsnapshot a styled\nsnapshot a.styled ascii\n')
script('r3collide-tree.scenario', 'conversation empty\nsnapshot a tree\nsnapshot a.tree ascii\n')
# 20: a failing script whose name moves the cursor and paints a green PASS.
script('r3esc/x\r\x1b[32mPASS all 12 scripts\x1b[0m\x1b[K.scenario', 'conversation empty\nexpect keyboard emoji\n')
script('r3esc/y\r\x1b[32mPASS\x1b[0m.scenario', 'conversation empty\nexpect keybord none\n')
# 21: names that run a command when pasted unquoted.
script('r3sh/a b;touch PWNED;#.scenario', 'conversation empty\nsnapshot s input ascii\n')
script('r3sh/$(touch PWNED2).scenario', 'conversation empty\nsnapshot s input ascii\n')
# 22: a screen PNG past the report's 48 KB inline limit, for a report named r#1.html.
script('r3big.scenario', 'device 600x900@2\nconversation demo\nsnapshot big screen png\n')
# 25: text that is not UTF-8 (0xFF at byte offset 5), and a GIF.
write('r3ok.txt', 'abc\n')
write('r3bad.txt', b'abc\nd\xffe\n')
write('r3a.gif', b'GIF89a\x01\x00\x01\x00\x00\x00\x00;')
# Issue 47 (round three), items 1-4, 8, 13: output folders EmojiSim names itself made
# symlinks to r3out*/ (nothing may land there), inputs for the signal cases (their
# first output is a named pipe, made by run.sh), and a catalog to convert.
def solid(w, h, rgba):
    return png(w, h, [bytes(rgba) * w] * h)
write('r3pkg/Package.swift', '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "p")\n')
# The emoji keyboard at @2: a PNG past the report's 48 KB inline limit, so it goes to r.html.files.
write('r3pkg/Tests/flow.scenario', 'device iphone8\nconversation empty\ntap input\ntap toggle\nsnapshot k screen png\n')
write('r3pkg/Snapshots/Tests/flow/k.png', solid(750, 1334, (255, 0, 0, 255)))
write('r3pkg/Snapshots/Tests/flow/k.png.new', solid(750, 1334, (0, 0, 255, 255)))
for d in ['r3out1', 'r3out2', 'r3out3', 'r3out3r', 'r3out4', 'r3pkg/.build', 'r3conv', 'r3tmp']:
    os.makedirs(d, exist_ok=True)
os.symlink('../r3out1', 'r3pkg/r.html.files')                        # item 1
os.symlink('../../r3out3', 'r3pkg/.build/snapshot-failures')          # item 3
os.symlink('../../r3out3r', 'r3pkg/.build/snapshot-review')           # item 3
os.symlink('../r3out2', 'r3conv/c.images')                           # item 2
os.symlink('../r3out4', 'r3tmp/emojisim-snapshot-review')             # item 4: the old fixed name
write('r3loose/Snapshots/flow/p.png', solid(8, 8, (255, 0, 0, 255)))
write('r3loose/Snapshots/flow/p.png.new', solid(8, 8, (0, 0, 255, 255)))
# A catalog of 40 distinct 512x512 images to convert.
os.makedirs('r3src', exist_ok=True)
entries = []
for i in range(40):
    rows = [bytes(rnd.randrange(256) for _ in range(512 * 4)) for _ in range(2)] * 256
    write('r3src/i%02d.png' % i, png(512, 512, rows))
    entries.append('{"code":"i%02d","kind":"static","image":"i%02d.png"}' % (i, i))
write('r3src/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[%s]}]}' % ','.join(entries))
shutil.copy(os.path.join(root, 'Tests/Fixtures/gif-test-suite/gifs/animated_loop.gif'), 'r3loop.gif')
# Round three, items 11-12, 14, 16, 19 (issue 47).
# 12: one entry with a 1 MB keyword, searched with a 10,000-character query (now a parse
# error) and with 20 queries at the bound (matched in linear time); a 15 MB catalog of
# 50,000 entries searched 20 times with 75 characters.
seed_png = os.path.join(root, 'Tests/Fixtures/catalogs/seed/EmtionImages/f056.png')
os.makedirs('r3kw', exist_ok=True)
shutil.copy(seed_png, 'r3kw/a.png')
write('r3kw/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":['
      '{"code":"a","kind":"static","image":"a.png","keywords":["%s"]}]}]}' % ('a' * 1000000))
script('r3-search-long.scenario', 'catalog json "r3kw/c.json"\ntap input\ntap toggle\nsearch "' + 'a' * 9999 + 'b"\n')
script('r3-search-kw.scenario', 'catalog json "r3kw/c.json"\ntap input\ntap toggle\n'
       + ('search "' + 'a' * 255 + 'b"\nsearch clear\n') * 20 + 'search "aaa"\nexpect panel.results 1\n')
os.makedirs('r3big', exist_ok=True)
shutil.copy(seed_png, 'r3big/a.png')
write('r3big/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":['
      + ','.join('{"code":"e%d","kind":"static","image":"a.png","keywords":["k%d%s"]}' % (i, i, 'x' * 240)
                 for i in range(50000)) + ']}]}')
script('r3-search-big.scenario', 'catalog json "r3big/c.json"\ntap input\ntap toggle\n'
       + ('search "' + 'x' * 74 + 'y"\nsearch clear\n') * 20 + 'search "k49999"\nexpect panel.results 1\n')
# 14: 50,000 receive lines, then 1,000 `expect no trace` lines (and the two interleaved).
script('r3-notrace.scenario', 'receive "hi"\n' * 50000 + 'expect no trace "zzz"\n' * 1000)
script('r3-notrace-mixed.scenario', ('receive "hi"\n' * 50 + 'expect no trace "zzz"\n') * 1000)
# 16: 10,000 U+202E typed, then 20,000 failing `expect input ""` lines.
script('r3-rlo.scenario', 'tap input\ntype "' + '\\u{202E}' * 10000 + '"\n' + 'expect input ""\n' * 20000)
# 19: one grapheme cluster of a letter and 1,000,000 U+0301 as a JSON kind and code and an
# emoji-test.txt status.
cluster = 'a' + '\u0301' * 1000000
write('r3-cluster-kind.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":['
      '{"code":"x","kind":"%s"}]}]}' % cluster)
write('r3-cluster-code.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":['
      '{"code":"%s","kind":"static","image":"missing.png"}]}]}' % cluster)
write('r3-cluster-test.txt', '# group: A\n1F600 ; ' + cluster + ' # \U0001F600 E1.0 a\n')
# Round three, items 9-10 (issue 47).
# 9: 99,991 steps (a script's most lines), the expectation at step 60,000 failing: the --viewer page must stay
# under 3 MB (it was 74.5 MB) with that step selected.
steps = ['device iphone8', 'conversation empty'] + ['wait 1ms'] * 99990
steps.insert(60002, 'expect input "never"')
script('r3-9-steps.scenario', '\n'.join(steps) + '\n')
# 10: 16 virtual hours with the demo conversation's GIFs playing, under --viewer and
# --gif (the captures cost 2-5 s of CPU a virtual hour: 20 s passed).
script('r3-10-idle.scenario', 'device iphone8\n' + 'wait 3600s\n' * 16)

# Round three, items 15, 17, 18, 23, 24 (issue 47).
# 15/17: 365-byte GIFs, a 4096x4096 canvas and 15 frames of 1x1 each, 8 and 24 in one message.
def big_canvas_gif(frames=15, side=4096):
    pixel = bytes([2, 2, 0x4C, 0x01, 0])   # min code size 2; one sub-block: clear, 1, end at 3 bits
    b = b'GIF89a' + le16(side) + le16(side) + b'\x80\x00\x00' + b'\x00\x00\x00\xff\xff\xff'
    b += b'\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00'
    for i in range(frames):
        b += b'\x21\xf9\x04\x00\x0a\x00\x00\x00' + b'\x2c' + le16(i) + le16(i) + le16(1) + le16(1) + b'\x00' + pixel
    return b + b'\x3b'


for count in (8, 24):
    folder = 'bigcanvas%d' % count
    os.makedirs(folder, exist_ok=True)
    for i in range(count):
        write('%s/b%d.gif' % (folder, i), big_canvas_gif())
    write(folder + '/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[%s]}]}'
          % ','.join('{"code":"b%d","kind":"animated","image":"b%d.gif"}' % (i, i) for i in range(count)))
    script('bigcanvas%d.scenario' % count, 'catalog json "%s/c.json"\nreceive "%s"\nwait 2s\nsnapshot s screen png\n'
           % (folder, ''.join('[b%d]' % i for i in range(count))))
# 18: image paths with a newline and a tab (refused by both catalog JSON readers).
write('ctlname.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":['
      '{"code":"a","kind":"static","image":"a\\nb.png"},{"code":"b","kind":"animated","frames":["x\\ty.png"]}]}]}')
# 23: a GIF whose canvas is 0x0.
write('zerocanvas.gif', b'GIF89a' + bytes(7) + b'\x2c' + bytes(8) + b'\x00\x02\x02\x44\x01\x00\x3b')
# 24: a PNG whose IDAT has a bad CRC, in a catalog a script draws.
def png_bad_crc():
    import zlib
    def chunk(t, d, crc=None):
        c = zlib.crc32(t + d) if crc is None else crc
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', c)
    raw = b'\x00' + b'\xc8' * 8 + b'\x00' + b'\xc8' * 8
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 2, 2, 8, 6, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw), 0x12345678) + chunk(b'IEND', b''))
os.makedirs('badcrc', exist_ok=True)
write('badcrc/a.png', png_bad_crc())
write('badcrc/c.json', '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"a","kind":"static","image":"a.png"}]}]}')
script('badcrc.scenario', 'catalog json "badcrc/c.json"\nreceive "[a]"\nwait 1s\n')

# Round three, issue 47's leftovers (stop 42).
# A script named twice in one run (it runs once: one page, one report entry).
script('r4same.scenario', 'conversation empty\nexpect keyboard none\n')
# Item 26, pygif's undecided cases rebuilt: a screen of 0x1 with no image, LZW minimum
# code sizes 12 and 255, a 65535x65535 screen with no image, and an out-of-range code.
palette2 = b'\x00\x00\x00\xff\xff\xff'
write('r4zerow.gif', b'GIF89a' + le16(0) + le16(1) + b'\xf0\x01\x00' + palette2 + b'\x3b')
def one_image(data):
    return (b'GIF89a' + le16(2) + le16(2) + b'\xf0\x00\x00' + palette2
            + b'\x2c' + le16(0) + le16(0) + le16(2) + le16(2) + b'\x00' + data + b'\x3b')
write('r4code12.gif', one_image(b'\x0c\x02\x10\x01\x00'))
write('r4code255.gif', one_image(b'\xff\x20\x10' + bytes(30) + b'\x01\x00'))
write('r4badcode.gif', one_image(b'\x02\x02\xff\xff\x00'))
write('r4maxsize.gif', b'GIF89a' + le16(65535) + le16(65535) + b'\xf2\x00\x00' + palette2 * 4 + b'\x3b')
