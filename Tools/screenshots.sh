#!/bin/sh
# Screenshots for the docs (docs/images): the HTML report of a run with a failing
# snapshot (reference | actual | diff), the trace viewer of a failing script, and the
# playground page, each rendered in headless Chromium (Tools/screenshots.mjs, through
# the DevTools client Tools/devtools.mjs). Needs chromium and node; uses the wasm module
# in .build/wasm (Tools/wasm/build.sh) for the playground.
#
#   [EMOJISIM=PATH] Tools/screenshots.sh [OUTDIR]      (default docs/images)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/images}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "screenshots: no chromium (apt-get install -y chromium)"; exit 3; }
cd "$root"
# EMOJISIM=PATH uses that binary instead of building one.
if [ -z "${EMOJISIM:-}" ]; then
    swift build --product emojisim >/dev/null
    EMOJISIM="$(swift build --product emojisim --show-bin-path)/emojisim"
fi
sim=$EMOJISIM
work=$(mktemp -d /tmp/emojisim-screenshots.XXXXXX)
trap 'rm -rf "$work" 2>/dev/null || true' EXIT
mkdir -p "$out"
shot() { name=$1; shift; mkdir -p "$work/$name"; node --experimental-websocket --no-warnings "$root/Tools/screenshots.mjs" --chromium "$browser" --work "$work/$name" "$@"; }
# The report: a throw-away package whose references were recorded, then changed, so the
# next run fails with a text diff and a pixel diff.
unset CI
pkg="$work/pkg"; mkdir -p "$pkg"
printf '// swift-tools-version:6.0\n' > "$pkg/Package.swift"
printf 'conversation empty\ntap input\ntype "hi [微笑]"\nexpect send enabled\nsnapshot bar input ascii\n' > "$pkg/a-input.scenario"
printf 'device 160x240@1\nconversation demo\nsnapshot p screen png\nsnapshot t screen ascii\n' > "$pkg/b-screen.scenario"
"$sim" run "$pkg/a-input.scenario" "$pkg/b-screen.scenario" --record missing >/dev/null
sed -i 's/Send/Sned/' "$pkg/Snapshots/b-screen/t.txt"
printf 'device 160x240@1\nconversation demo\ntap input\ntype "x"\nsnapshot p screen png\nsnapshot t screen ascii\n' > "$pkg/b-screen.scenario"
"$sim" run "$pkg/a-input.scenario" "$pkg/b-screen.scenario" --report "$work/report.html" >/dev/null 2>&1 || true
shot report --page "$work/report.html" --out "$out/report.png" --wait 'document.body.hasAttribute("data-images")' --width 1280 --height 1000
# The trace viewer of the failing fixture script.
"$sim" run Tests/Fixtures/viewer/missed-tap.scenario --record never --viewer "$work/viewers" >/dev/null 2>&1 || true
shot viewer --page "$work/viewers/Tests/Fixtures/viewer/missed-tap.html" --out "$out/trace-viewer.png" \
    --wait 'document.body.getAttribute("data-ready") === "1"' --width 1280 --height 900
# The playground with the demo catalog.
[ -f .build/wasm/emojisim-core.wasm ] || Tools/wasm/build.sh >/dev/null
"$sim" playground --out "$work/page" --device iphone8 --module .build/wasm/emojisim-core.wasm >/dev/null
shot playground --page "$work/page/index.html" --out "$out/playground.png" \
    --wait '!!(window.playground && window.playground.ready)' --width 1400 --height 1100
