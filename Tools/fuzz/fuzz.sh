#!/bin/sh
# Builds and runs a libFuzzer target over the pure Imaging sources.
#
# usage: Tools/fuzz/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags...]
#   TARGET: a file Tools/fuzz/targets/TARGET.swift defining LLVMFuzzerTestOneInput
#   SECONDS: run time (default 60)
#
# The target is compiled with SimCore and Imaging as one module (their `import SimCore`
# lines dropped) with `swiftc -sanitize=fuzzer,address`. The corpus lives in
# Tools/fuzz/corpus-TARGET/ (git-ignored), seeded from Tools/fuzz/seeds-TARGET.txt
# (a list of fixture globs). Crashes are written to Tools/fuzz/build/crash-*;
# commit a reproducer as a test under Tests/ImagingTests and fix the decoder.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
target=$1
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift 1
build="$root/Tools/fuzz/build"
corpus="$root/Tools/fuzz/corpus-$target"
mkdir -p "$build/src-$target" "$corpus"
rm -f "$build/src-$target"/*.swift
for f in $(find "$root/Sources/SimCore" "$root/Sources/Imaging" -name '*.swift'); do
    sed -e '/^import SimCore$/d' "$f" > "$build/src-$target/$(echo "$f" | sed "s|$root/Sources/||; s|/|_|g")"
done
cp "$root/Tools/fuzz/targets/$target.swift" "$build/src-$target/zz_target.swift"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FuzzImaging \
    -o "$build/fuzz-$target" "$build/src-$target"/*.swift
if [ -f "$root/Tools/fuzz/seeds-$target.txt" ]; then
    while read -r pattern; do
        [ -n "$pattern" ] && for s in $root/$pattern; do [ -f "$s" ] && cp "$s" "$corpus/" ; done
    done < "$root/Tools/fuzz/seeds-$target.txt"
fi
cd "$build"
exec "$build/fuzz-$target" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$build/" "$@" "$corpus"
