#!/bin/sh
# The trace viewer in headless Chromium (issue 29): `emojisim run --viewer` on a failing
# script (Tests/Fixtures/viewer/missed-tap.scenario: a tap in manual timing that misses
# the emoji key sliding up under it) and on an example, then Tools/check-viewer.mjs opens
# the failing script's page through the DevTools protocol and checks one step per
# acting line, the failing step selected on open, every frame image and thumbnail
# loaded, that clicking each step shows its frame, its trace lines and its touches, the
# scrubber, and no network request or page error. Screenshots: .build/check-viewer/.
#
# Exit status: 0 passed, 1 failed, 3 skipped (no chromium or no node):
#   apt-get install -y chromium
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser=$(command -v "$b"); break; fi
done
if [ -z "$browser" ]; then
  echo "check-viewer: skipped: no chromium found (apt-get install -y chromium)"
  exit 3
fi
command -v node >/dev/null 2>&1 || { echo "check-viewer: skipped: no node"; exit 3; }
cd "$root"
swift build --product emojisim >/dev/null
sim="$(swift build --product emojisim --show-bin-path)/emojisim"
work=$(mktemp -d /tmp/emojisim-check-viewer.XXXXXX)
trap 'rm -rf "$work" 2>/dev/null || { sleep 1; rm -rf "$work" 2>/dev/null; } || true' EXIT
script=Tests/Fixtures/viewer/missed-tap.scenario
# The failing script fails (exit 1); anything else is a problem of the run itself.
status=0
"$sim" run "$script" Tests/Scenarios/seed-chain.scenario --record never --viewer "$work/viewers" \
  --report "$work/report.html" > "$work/run.txt" 2>&1 || status=$?
if [ "$status" != 1 ]; then
  echo "check-viewer: FAIL: emojisim run exited $status (expected 1: the script fails)"; cat "$work/run.txt"; exit 1
fi
page="$work/viewers/Tests/Fixtures/viewer/missed-tap.html"
test -s "$page" || { echo "check-viewer: FAIL: no viewer at $page"; cat "$work/run.txt"; exit 1; }
grep -q 'href="viewers/Tests/Fixtures/viewer/missed-tap.html"' "$work/report.html" \
  || { echo "check-viewer: FAIL: the report does not link the viewer"; exit 1; }
grep -q "viewer: " "$work/run.txt" || { echo "check-viewer: FAIL: the run did not print the failing script's viewer"; exit 1; }
shots="$root/.build/check-viewer"
mkdir -p "$shots"
node --experimental-websocket --no-warnings "$root/Tools/check-viewer.mjs" --chromium "$browser" --page "$page" \
  --script "$script" --failing-line 11 --work "$work" --shots "$shots"
cp "$page" "$shots/missed-tap.html"
echo "check-viewer: viewer sizes: missed-tap $(wc -c < "$page") bytes, seed-chain $(wc -c < "$work/viewers/Tests/Scenarios/seed-chain.html") bytes"
