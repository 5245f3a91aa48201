#!/bin/sh
# Builds and runs one libFuzzer target.
#
# usage: Tools/fuzz/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags...]
#        Tools/fuzz/fuzz.sh --bundle TARGET   (prints the name of the binary TARGET is built into)
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
bundle_only=0
if [ "$1" = --bundle ]; then bundle_only=1; shift; fi
target=$1
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift 1
build="$root/Tools/fuzz/build"
corpus="$root/Tools/fuzz/corpus-$target"
mkdir -p "$build" "$corpus"
# Targets that compile the same sources share one binary (a "bundle"): each target's
# entry point loses its @_cdecl and a generated LLVMFuzzerTestOneInput calls the one
# named by FUZZ_TARGET. Four builds instead of one per target: the sources, not the
# targets, are what takes the time (about 50 s each on 2 cores).
sources_of() {
    if [ -f "$root/Tools/fuzz/targets/$1.sources" ]; then grep -v '^#' "$root/Tools/fuzz/targets/$1.sources"; else printf 'SimCore\nImaging\n'; fi
}
key_of() { printf '%s\n' "$(sources_of "$1")" | cksum | cut -d' ' -f1; }
list=$(sources_of "$target")
key=$(key_of "$target")
bundle="bundle-$key"
if [ "$bundle_only" = 1 ]; then echo "$bundle"; exit 0; fi
members=""
for f in "$root/Tools/fuzz/targets"/*.swift; do
    case $f in *.glue.swift) continue ;; esac
    t=$(basename "$f" .swift)
    [ "$(key_of "$t")" = "$key" ] && members="$members $t"
done
src="$build/src-$bundle"
# One build of a bundle at a time (a prebuild may be running while run-all.sh reaches
# it); a lock older than half an hour is taken as stale.
lock="$build/lock-$bundle"
waited=0
while ! mkdir "$lock" 2>/dev/null && [ "$waited" -lt 1800 ]; do sleep 5; waited=$((waited + 5)); done
trap 'rmdir "$lock" 2>/dev/null' EXIT
mkdir -p "$src"
rm -f "$src"/*.swift
# One awk for all files (a process per file is slow at nice 19 on a loaded machine):
# Sources/A/B.swift -> src-BUNDLE/A_B.swift without the project's own module imports.
for entry in $list; do find "$root/Sources/$entry" -name '*.swift'; done |
    awk -v src="$root/Sources/" -v dst="$src/" '
        { files[++n] = $0 }
        END {
            for (i = 1; i <= n; i++) {
                name = substr(files[i], length(src) + 1); gsub("/", "_", name)
                out = dst name
                while ((getline line < files[i]) > 0)
                    if (line !~ /^import (SimCore|Imaging|EmojiText|Raster|Tester|Scenario|EmojiSimIO|ChatUI|ChatHarness)$/) print line > out
                close(files[i]); close(out)
            }
        }'
# Each member: its entry function renamed from the C symbol to a Swift one, its
# file-level names that another member might share suffixed with the target's name.
dispatch="$src/zz_dispatch.swift"
{
    echo '#if canImport(Glibc)'; echo 'import Glibc'; echo '#endif'
    echo 'let fuzzSelected: String = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""'
    echo '@_cdecl("LLVMFuzzerTestOneInput")'
    echo 'public func fuzzDispatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {'
    echo '    switch fuzzSelected {'
} > "$dispatch"
for t in $members; do
    entry=$(awk '/@_cdecl\("LLVMFuzzerTestOneInput"\)/ { getline; sub(/^.*func /, ""); sub(/\(.*/, ""); print; exit }' "$root/Tools/fuzz/targets/$t.swift")
    sed -e '/@_cdecl("LLVMFuzzerTestOneInput")/d' -e "s/\bfuzzFolder\b/fuzzFolder_$t/g" -e "s/\bcheckImported\b/checkImported_$t/g" \
        "$root/Tools/fuzz/targets/$t.swift" > "$src/zz_target_$t.swift"
    # Glue files of one bundle are the same (they stand in for SwiftPM's Bundle.module).
    [ -f "$root/Tools/fuzz/targets/$t.glue.swift" ] && cp "$root/Tools/fuzz/targets/$t.glue.swift" "$src/zz_glue.swift"
    echo "    case \"$t\": return $entry(data, size)" >> "$dispatch"
done
{
    echo '    default: fatalError("FUZZ_TARGET names none of this bundle: '"$members"'")'
    echo '    }'; echo '}'
} >> "$dispatch"
# Rebuild only when the sources' content changed (the copies above are fresh each time).
hash=$( (ls "$src"; cat "$src"/*.swift) | cksum)
if [ ! -x "$build/fuzz-$bundle" ] || [ "$(cat "$build/fuzz-$bundle.sum" 2>/dev/null)" != "$hash" ] || [ "${FUZZ_REBUILD:-0}" = 1 ]; then
    rm -f "$build/fuzz-$bundle.sum"
    swiftc -O -assert-config Debug -sanitize=fuzzer,address -parse-as-library -module-name Fuzz$key -j 1 \
        -o "$build/fuzz-$bundle" "$src"/*.swift
    echo "$hash" > "$build/fuzz-$bundle.sum"
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
export FUZZ_TARGET="$target"
exec "$build/fuzz-$bundle" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$build/$target-" -print_final_stats=1 -detect_leaks=$leaks $dict "$@" "$corpus"
