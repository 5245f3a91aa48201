#!/usr/bin/env python3
"""Checks EmojiSim's GIF decoder against robert-ancell/pygif's test suite.

usage: Tools/gif-suite/run.sh PYGIF_CHECKOUT

The suite is CC-BY-SA and is not part of this repository: fetch it yourself and pass
its folder (the one holding test-suite/TESTS). Every test is judged two ways, and both
counts are printed:

- frame by frame (this project's reading of each .conf): the canvas size, the number of
  frames, every frame's pixels (fully transparent pixels compare equal whatever their
  colour), every stated delay and the NETSCAPE2.0 / ANIMEXTS1.0 loop count. A .conf
  with no frame says the file yields none: a decoder that refuses the file with an error
  while its header (the logical screen) reads as the stated size yields none too, and
  passes; one that shows a frame does not.
- by the suite's own runner (pygif's run-test-suite at 741b282): size, loop count, and
  the last listed frame against the canvas after the last image; a .conf with no frame
  checks the size only, `max-size` is not rendered, and `gif87a-animation` is skipped
  (counted here as not passed).

Version, background colour and comments are not compared (EmojiSim does not expose
them). Prints one line per test (both verdicts) and the two pass counts.
"""
import configparser, os, subprocess, sys, tempfile

suite = os.path.join(sys.argv[1], 'test-suite')
dump = sys.argv[2]
names = [n.strip() for n in open(os.path.join(suite, 'TESTS')) if n.strip()]


def pixels_differ(got, want):
    """None when equal (transparent pixels equal whatever their colour), else why."""
    if len(got) != len(want):
        return '%d bytes, expected %d' % (len(got), len(want))
    bad = next((k for k in range(0, len(got), 4)
                if not (got[k+3] == 0 and want[k+3] == 0) and got[k:k+4] != want[k:k+4]), None)
    if bad is None:
        return None
    return 'pixel %d is %s, expected %s' % (bad // 4, tuple(got[bad:bad+4]), tuple(want[bad:bad+4]))


def frame_by_frame(cfg, frames, info, delays, out):
    if 'error' in info:
        if frames:
            return 'error: ' + info['error']
        if 'header' not in info:
            return 'error before the logical screen: ' + info['error']
        w, h = (int(v) for v in info['header'].split())
        if (w, h) != (int(cfg['width']), int(cfg['height'])):
            return 'header %dx%d, expected %sx%s' % (w, h, cfg['width'], cfg['height'])
        return None
    w, h = (int(v) for v in info['size'].split())
    if (w, h) != (int(cfg['width']), int(cfg['height'])):
        return 'size %dx%d, expected %sx%s' % (w, h, cfg['width'], cfg['height'])
    if int(info['frames']) != len(frames):
        return '%s frames, expected %d' % (info['frames'], len(frames))
    if info['netscape'] != cfg['loop-count']:
        return 'loop count %s, expected %s' % (info['netscape'], cfg['loop-count'])
    for i, f in enumerate(frames):
        if 'pixels' not in f:
            return 'frame %d: reference is a PNG (not compared)' % i
        got = open(os.path.join(out, 'frame-%d.rgba' % i), 'rb').read()
        want = open(os.path.join(suite, f['pixels']), 'rb').read()
        why = pixels_differ(got, want)
        if why:
            return 'frame %d: %s' % (i, why)
        if 'delay' in f and delays.get(i) != f['delay']:
            return 'frame %d: delay %s, expected %s' % (i, delays.get(i), f['delay'])
    return None


def by_the_suites_runner(name, cfg, frames, info, out):
    if name == 'gif87a-animation':
        return 'skipped by the suite\'s runner'
    if 'error' in info:
        # pygif's reader never refuses; a refusal after a readable header is "no frame".
        if 'header' not in info:
            return 'error before the logical screen: ' + info['error']
        size = tuple(int(v) for v in info['header'].split())
        netscape = None
    else:
        size = tuple(int(v) for v in info['size'].split())
        netscape = info['netscape']
    if size != (int(cfg['width']), int(cfg['height'])):
        return 'size %dx%d, expected %sx%s' % (size[0], size[1], cfg['width'], cfg['height'])
    if netscape is not None and netscape != cfg['loop-count']:
        return 'loop count %s, expected %s' % (netscape, cfg['loop-count'])
    if name == 'max-size' or not frames:
        return None
    if 'error' in info:
        return 'error: ' + info['error']
    last = frames[-1]
    if 'pixels' not in last:
        return 'last frame: reference is a PNG (not compared)'
    got = open(os.path.join(out, 'frame-%d.rgba' % (int(info['frames']) - 1)), 'rb').read()
    want = open(os.path.join(suite, last['pixels']), 'rb').read()
    why = pixels_differ(got, want)
    return 'last canvas: ' + why if why else None


strict = suite_runner = 0
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
            print('FAIL FAIL %s: the decoder crashed' % name); continue
        info = {}
        delays = {}
        for line in open(info_path):
            parts = line.split(None, 1)
            if parts[0] == 'delay':
                i, d = parts[1].split(None, 1); delays[int(i)] = d.strip()
            else:
                info[parts[0]] = parts[1].strip() if len(parts) > 1 else ''
        a = frame_by_frame(cfg, frames, info, delays, out)
        b = by_the_suites_runner(name, cfg, frames, info, out)
        strict += a is None
        suite_runner += b is None
        why = '; '.join(x for x in (a and 'frames: ' + a, b and 'runner: ' + b) if x)
        print('%s %s %s%s' % ('pass' if a is None else 'FAIL', 'pass' if b is None else 'FAIL', name,
                              ': ' + why if why else ''))
print('%d of %d passed frame by frame' % (strict, len(names)))
print('%d of %d passed by the checks of the suite\'s own runner (run-test-suite)' % (suite_runner, len(names)))
