#!/bin/sh
# Builds and tests Tests/Fixtures/ConsumerPackage: a separate package with a path
# dependency on this repository that imports Scenario and EmojiSimTesting and runs a
# script with assertScenario; then an Xcode-style test file outside any package, reviewed
# and accepted through the command plugin (below). Run by .ci/run, not by `swift test` (it compiles EmojiSim again,
# in the fixture's own .build: a few minutes the first time, seconds after).
# CI=1 so a missing or differing reference fails instead of being left pending.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/Tests/Fixtures/ConsumerPackage"
CI=1 swift test "$@"
echo "check-consumer: the fixture package builds against this checkout and its tests pass"

# An Xcode project (issue 45): a test file with no Package.swift above it, built as Xcode
# builds a test bundle (swiftc against the EmojiSim products, here the fixture's dynamic
# XcodeAppSupport library), keeps its references in __Snapshots__/LoginTests/ beside it;
# the command plugin reviews and accepts them with no CLI installed; a later mismatch
# attaches the reference, the actual picture and the diff (Swift Testing attachments).
work=$(mktemp -d "${TMPDIR:-/tmp}/emojisim-xcode-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R XcodeApp "$work/"
tests=$work/XcodeApp/AppTests
refs=$tests/__Snapshots__/LoginTests
swift build --product XcodeAppSupport
bin=$(swift build --show-bin-path)
swiftc -parse-as-library -module-name AppTests -I "$bin/Modules" -L "$bin" -lXcodeAppSupport \
    -Xlinker -rpath -Xlinker "$bin" "$tests/LoginTests.swift" "$tests/Runner.swift" -o "$work/apptests"
fail() { echo "check-consumer: $*" >&2; exit 1; }
# 1. No reference yet: the test fails and leaves both renders pending beside the test file,
#    naming the folder to review (no package there: the installed CLI's command).
if (cd "$work" && env -u CI ./apptests >"$work/run1.log" 2>&1); then cat "$work/run1.log"; fail "the first run passed without references"; fi
[ -f "$refs/welcomeCard.ascii.txt.new" ] && [ -f "$refs/welcomeCard.png.new" ] || { ls -R "$work" >&2; fail "no pending snapshots in $refs"; }
grep -q "review: emojisim snapshots review $tests/__Snapshots__/LoginTests" "$work/run1.log" || { cat "$work/run1.log"; fail "the hint does not name the folder"; }
# 2. The command plugin, from the consumer package: review shows both (the picture's path
#    too) without asking, accept makes them the references.
swift package --allow-writing-to-package-directory emojisim snapshots review "$tests/__Snapshots__" >"$work/review.log" 2>&1 || { cat "$work/review.log"; fail "plugin review failed"; }
grep -q "new image: $refs/welcomeCard.png.new" "$work/review.log" && grep -q "\[2/2\]" "$work/review.log" \
    || { cat "$work/review.log"; fail "plugin review did not show both snapshots"; }
swift package --allow-writing-to-package-directory emojisim snapshots accept "$tests/__Snapshots__"
[ -f "$refs/welcomeCard.ascii.txt" ] && [ -f "$refs/welcomeCard.png" ] && [ ! -e "$refs/welcomeCard.png.new" ] || fail "accept did not make the references"
# 3. The next run passes; a changed card fails on CI (nothing written) with its pictures
#    attached.
(cd "$work" && CI=1 ./apptests >"$work/run2.log" 2>&1) || { cat "$work/run2.log"; fail "the run after accepting failed"; }
mkdir "$work/attachments"
if (cd "$work" && CI=1 LOGIN_NAME=bob ./apptests --attachments-path "$work/attachments" >"$work/run3.log" 2>&1); then fail "a changed card passed"; fi
[ "$(grep -c 'does not match (CI is set' "$work/run3.log")" = 2 ] || { cat "$work/run3.log"; fail "the changed card did not fail on both references"; }
for a in welcomeCard.png.reference.png welcomeCard.png.actual.png welcomeCard.png.diff.png welcomeCard.ascii.txt.diff.txt; do
    find "$work/attachments" -name "*$a*" | grep -q . || { ls -R "$work/attachments" >&2; fail "no attachment $a"; }
done
[ ! -e "$refs/welcomeCard.png.new" ] || fail "CI left a pending file"
echo "check-consumer: a test file outside any package keeps __Snapshots__ beside it; the command plugin reviewed and accepted them; a failure attached reference, actual and diff"
