#!/bin/sh
# Renders an `emojisim run --report` page in headless Chromium and checks that it
# rendered: a screenshot that is not blank, and no broken images (the report's own
# script sets data-images / data-broken on <body> after load; --dump-dom reads them).
# The report comes from two throw-away scripts: one passing, one with a pending PPM
# image (so reference | actual | diff and the PPM-to-PNG path are exercised).
# Skips (exit 0, with a message) when Chromium is not installed:
#   apt-get install -y chromium
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser=$b; break; fi
done
if [ -z "$browser" ]; then
  echo "check-report: skipped: no chromium found (apt-get install -y chromium)"
  exit 0
fi
cd "$root"
swift build --product emojisim >/dev/null
sim="$root/.build/debug/emojisim"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '// swift-tools-version:6.0\n' > "$work/Package.swift"
printf 'conversation empty\nexpect keyboard none\nsnapshot s input ascii\n' > "$work/a-good.scenario"
printf 'device 160x240@1\nconversation demo\nsnapshot p screen ppm\nsnapshot t screen ascii\n' > "$work/b-pic.scenario"
"$sim" run "$work/a-good.scenario" "$work/b-pic.scenario" --record missing >/dev/null
# Change the references: the next run leaves pending files and a failing report.
printf 'P6\n160 240\n255\n' > "$work/head"
python3 - "$work/Snapshots/b-pic/p.ppm" <<'PY'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[-3:] = b'\x00\x00\x00'
open(p, 'wb').write(bytes(b))
PY
sed -i 's/Send/Sned/' "$work/Snapshots/b-pic/t.txt"
"$sim" run "$work/a-good.scenario" "$work/b-pic.scenario" --report "$work/report.html" >/dev/null 2>&1 || true
test -s "$work/report.html" || { echo "check-report: FAIL: no report written"; exit 1; }
flags="--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=5000"
"$browser" $flags --window-size=1280,2400 --screenshot="$work/shot.png" "file://$work/report.html" >/dev/null 2>&1
"$browser" $flags --dump-dom "file://$work/report.html" > "$work/dom.html" 2>/dev/null
images=$(sed -n 's/.*data-images="\([0-9]*\)".*/\1/p' "$work/dom.html" | head -1)
broken=$(sed -n 's/.*data-broken="\([0-9]*\)".*/\1/p' "$work/dom.html" | head -1)
if [ -z "$images" ] || [ -z "$broken" ]; then
  echo "check-report: FAIL: the page's load script did not run (no data-images on <body>)"
  exit 1
fi
if [ "$broken" != "0" ] || [ "$images" -lt 4 ]; then
  echo "check-report: FAIL: $images images, $broken broken"
  exit 1
fi
# Not blank: the screenshot has many colours, not one.
colours=$(python3 - "$work/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
pos, idat, w, h, ct = 8, b'', 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR': w, h, _, ct = struct.unpack('>IIBB', body[:10])
    if kind == b'IDAT': idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
bpp = 4 if ct == 6 else 3
stride = w * bpp + 1
seen = set()
for y in range(0, h, 7):
    row = raw[y * stride + 1:(y + 1) * stride]   # unfiltered bytes are enough to count variety
    for x in range(0, w * bpp, bpp * 5):
        seen.add(row[x:x + 3])
print(len(seen))
PY
)
if [ "$colours" -lt 8 ]; then
  echo "check-report: FAIL: the screenshot looks blank ($colours colours)"
  exit 1
fi
mkdir -p "$root/.build/check-report"
cp "$work/shot.png" "$work/report.html" "$root/.build/check-report/"
echo "check-report: ok: $images images, none broken, screenshot with $colours colours (.build/check-report/shot.png)"
