#!/bin/sh
# Builds and runs one libFuzzer target.
#
# usage: Tools/fuzz/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags...]
#   TARGET: a file Tools/fuzz/targets/TARGET.swift defining LLVMFuzzerTestOneInput
#   SECONDS: run time (default 60)
#
# The target is compiled together with the sources it needs as one module (their
# `import` lines for those modules dropped) with `swiftc -sanitize=fuzzer,address`,
# optimised but with assertions and precondition messages kept (-assert-config Debug).
# Sources: Tools/fuzz/targets/TARGET.sources lists folders or files under Sources/, one a
# line (default: SimCore and Imaging). The corpus lives in Tools/fuzz/corpus-TARGET/
# (git-ignored), seeded from Tools/fuzz/seeds/TARGET/ (committed files) and from the
# fixture globs in Tools/fuzz/seeds-TARGET.txt; Tools/fuzz/dict/TARGET.dict, when
# present, is passed as the libFuzzer dictionary. Crashes are written to
# Tools/fuzz/build/TARGET-crash-* (and -timeout-, -oom-): commit a reproducer as a
# test and fix the parser. FUZZ_BUILD_ONLY=1 builds the target and stops (to build the
# next target while another runs); FUZZ_REBUILD=1 forces a rebuild.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
target=$1
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift 1
build="$root/Tools/fuzz/build"
corpus="$root/Tools/fuzz/corpus-$target"
mkdir -p "$build" "$corpus"
# One build of a target at a time (a prebuild may be running while run-all.sh reaches
# it); a lock older than half an hour is taken as stale.
lock="$build/lock-$target"
waited=0
while ! mkdir "$lock" 2>/dev/null && [ "$waited" -lt 1800 ]; do sleep 5; waited=$((waited + 5)); done
trap 'rmdir "$lock" 2>/dev/null' EXIT
mkdir -p "$build/src-$target"
rm -f "$build/src-$target"/*.swift
sources="$root/Tools/fuzz/targets/$target.sources"
if [ -f "$sources" ]; then list=$(grep -v '^#' "$sources"); else list="SimCore
Imaging"; fi
# One awk for all files (a process per file is slow at nice 19 on a loaded machine):
# Sources/A/B.swift -> src-TARGET/A_B.swift without the project's own module imports.
for entry in $list; do find "$root/Sources/$entry" -name '*.swift'; done |
    awk -v src="$root/Sources/" -v dst="$build/src-$target/" '
        { files[++n] = $0 }
        END {
            for (i = 1; i <= n; i++) {
                name = substr(files[i], length(src) + 1); gsub("/", "_", name)
                out = dst name
                while ((getline line < files[i]) > 0)
                    if (line !~ /^import (SimCore|Imaging|EmojiText|Raster|Tester|Scenario|EmojiSimIO|ChatUI)$/) print line > out
                close(files[i]); close(out)
            }
        }'

cp "$root/Tools/fuzz/targets/$target.swift" "$build/src-$target/zz_target.swift"
[ -f "$root/Tools/fuzz/targets/$target.glue.swift" ] && cp "$root/Tools/fuzz/targets/$target.glue.swift" "$build/src-$target/zz_glue.swift"
# Rebuild only when the sources' content changed (the copies above are fresh each time).
hash=$( (ls "$build/src-$target"; cat "$build/src-$target"/*.swift) | cksum)
if [ ! -x "$build/fuzz-$target" ] || [ "$(cat "$build/fuzz-$target.sum" 2>/dev/null)" != "$hash" ] || [ "${FUZZ_REBUILD:-0}" = 1 ]; then
    rm -f "$build/fuzz-$target.sum"
    swiftc -O -assert-config Debug -sanitize=fuzzer,address -parse-as-library -module-name Fuzz$target -j 1 \
        -o "$build/fuzz-$target" "$build/src-$target"/*.swift
    echo "$hash" > "$build/fuzz-$target.sum"
fi
rmdir "$lock"; trap - EXIT
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0
[ -d "$root/Tools/fuzz/seeds/$target" ] && cp "$root/Tools/fuzz/seeds/$target"/* "$corpus/" 2>/dev/null || true
if [ -f "$root/Tools/fuzz/seeds-$target.txt" ]; then
    while read -r pattern; do
        [ -n "$pattern" ] && for s in $root/$pattern; do [ -f "$s" ] && cp "$s" "$corpus/" ; done
    done < "$root/Tools/fuzz/seeds-$target.txt"
fi
dict=""
[ -f "$root/Tools/fuzz/dict/$target.dict" ] && dict="-dict=$root/Tools/fuzz/dict/$target.dict"
# Leak checks stay on for the pure-core targets. The catalog targets go through
# Foundation, whose PropertyListSerialization leaks the CFError of every malformed plist
# (CFErrorCreate in _CFPropertyListCreateWithData; swift-corelibs-foundation#3366 is the
# same family): libFuzzer's -detect_leaks=0 stops its per-input checks, and
# ASAN_OPTIONS=detect_leaks=0 the report at exit that would fail a clean run.
leaks=1
case $target in plist|json|emojitest) leaks=0; export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" ;; esac
cd "$build"
exec "$build/fuzz-$target" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$build/$target-" -print_final_stats=1 -detect_leaks=$leaks $dict "$@" "$corpus"
