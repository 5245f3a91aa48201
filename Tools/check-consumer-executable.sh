#!/bin/sh
# Builds and runs Tests/Fixtures/ConsumerExecutable: an app's executable with a path
# dependency on this repository and `ChatUI` as its only product, driving the EmojiPanel
# reducer as docs/PORTING.md's view controller does (touches on a virtual clock, frames
# while needsFrames, the timer at nextDeadline). It proves that ChatUI links on its own
# (libm declared where the core calls it) and pulls in no test-only module. Run by
# .ci/run, not by `swift test`: it compiles ChatUI and below again, in the fixture's
# own .build (about a minute the first time on 2 cores, seconds after).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/Tests/Fixtures/ConsumerExecutable"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build "$@" >"$log" 2>&1 || { cat "$log" >&2; echo "check-consumer-executable: the build failed" >&2; exit 1; }
if grep -q "warning:" "$log"; then
    cat "$log" >&2; echo "check-consumer-executable: the build printed warnings" >&2; exit 1
fi
bin=$(swift build "$@" --show-bin-path)
# Only ChatUI and what it imports are linked: no object of Tester, ChatHarness, Scenario
# or the Foundation shell is among the executable's inputs (SwiftPM's link file list).
objects="$bin/PanelPort.product/Objects.LinkFileList"
[ -f "$objects" ] || { echo "check-consumer-executable: no $objects to check the link inputs in" >&2; exit 1; }
grep -q "/ChatUI.build/" "$objects" || { echo "check-consumer-executable: ChatUI's objects are not linked?" >&2; exit 1; }
for m in Tester ChatHarness Scenario EmojiSimIO EmojiSimTestingCore EmojiSimTesting; do
    if grep -q "/$m.build/" "$objects"; then
        echo "check-consumer-executable: $m is linked into an executable that depends only on ChatUI" >&2; exit 1
    fi
done
"$bin/PanelPort"
echo "check-consumer-executable: an executable depending only on ChatUI builds, links and runs"
