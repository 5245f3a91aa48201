#!/bin/sh
# Builds and tests Tests/Fixtures/ConsumerPackage: a separate package with a path
# dependency on this repository that imports Scenario and EmojiSimTesting and runs a
# script with assertScenario. Run by .ci/run, not by `swift test` (it compiles EmojiSim again,
# in the fixture's own .build: a few minutes the first time, seconds after).
# CI=1 so a missing or differing reference fails instead of being left pending.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/Tests/Fixtures/ConsumerPackage"
CI=1 swift test "$@"
echo "check-consumer: the fixture package builds against this checkout and its tests pass"
