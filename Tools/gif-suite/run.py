#!/usr/bin/env python3
"""Checks EmojiSim's GIF decoder against robert-ancell/pygif's test suite.

usage: Tools/gif-suite/run.sh PYGIF_CHECKOUT

The suite is CC-BY-SA and is not part of this repository: fetch it yourself and pass
its folder (the one holding test-suite/TESTS). For every test the canvas size, the
number of frames, each frame's pixels (fully transparent pixels compare equal whatever
their colour, as the suite's own runner does), each frame's delay and the NETSCAPE2.0 /
ANIMEXTS1.0 loop count are compared. Version, background colour and comments are not
(EmojiSim does not expose them). Prints one line per test and a pass count.
"""
import configparser, os, subprocess, sys, tempfile

suite = os.path.join(sys.argv[1], 'test-suite')
dump = sys.argv[2]
names = [n.strip() for n in open(os.path.join(suite, 'TESTS')) if n.strip()]
passed = 0
for name in names:
    c = configparser.ConfigParser()
    c.read(os.path.join(suite, name + '.conf'))
    cfg = c['config']
    frames = [c[f] for f in cfg['frames'].split(',') if f]
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([dump, os.path.join(suite, cfg['input']), out], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        info_path = os.path.join(out, 'info.txt')
        if not os.path.exists(info_path):
            print('FAIL %s: the decoder crashed' % name); continue
        info = {}
        delays = {}
        for line in open(info_path):
            parts = line.split(None, 1)
            if parts[0] == 'delay':
                i, d = parts[1].split(None, 1); delays[int(i)] = d.strip()
            else:
                info[parts[0]] = parts[1].strip() if len(parts) > 1 else ''
        why = None
        if 'error' in info:
            why = 'error: ' + info['error']
        else:
            w, h = (int(v) for v in info['size'].split())
            if (w, h) != (int(cfg['width']), int(cfg['height'])):
                why = 'size %dx%d, expected %sx%s' % (w, h, cfg['width'], cfg['height'])
            elif int(info['frames']) != len(frames):
                why = '%s frames, expected %d' % (info['frames'], len(frames))
            elif info['netscape'] != cfg['loop-count']:
                why = 'loop count %s, expected %s' % (info['netscape'], cfg['loop-count'])
            else:
                for i, f in enumerate(frames):
                    got = open(os.path.join(out, 'frame-%d.rgba' % i), 'rb').read()
                    if 'pixels' in f:
                        want = open(os.path.join(suite, f['pixels']), 'rb').read()
                    else:
                        why = 'frame %d: reference is a PNG (not compared)' % i; break
                    if len(got) != len(want):
                        why = 'frame %d: %d bytes, expected %d' % (i, len(got), len(want)); break
                    bad = next((k for k in range(0, len(got), 4)
                                if not (got[k+3] == 0 and want[k+3] == 0) and got[k:k+4] != want[k:k+4]), None)
                    if bad is not None:
                        why = 'frame %d: pixel %d is %s, expected %s' % (i, bad // 4, tuple(got[bad:bad+4]), tuple(want[bad:bad+4])); break
                    if 'delay' in f and delays.get(i) != f['delay']:
                        why = 'frame %d: delay %s, expected %s' % (i, delays.get(i), f['delay']); break
        if why is None:
            passed += 1; print('pass %s' % name)
        else:
            print('FAIL %s: %s' % (name, why))
print('%d of %d passed' % (passed, len(names)))
