#!/bin/sh
# Smoke run of every fuzz target for CI: builds each target and runs it for SECONDS
# (default 30, libFuzzer seed 1), two at a time; fails on a crash, a broken limit, a
# timeout, an OOM, or a target that no longer builds (the targets compile Sources/
# outside SwiftPM, so a new file or import a parser needs shows up here). Exit status 3
# when the toolchain cannot link -sanitize=fuzzer (skipped; e.g. Xcode's toolchain).
# usage: Tools/fuzz/smoke.sh [SECONDS] [TARGET...]   (default: every targets/*.swift)
set -u
dir=$(cd "$(dirname "$0")" && pwd)
seconds=${1:-30}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- $(cd "$dir/targets" && ls *.swift | grep -v '\.glue\.swift$' | sed 's/\.swift$//')
mkdir -p "$dir/build"
probe="$dir/build/smoke-probe"
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$probe.swift"
if ! swiftc -sanitize=fuzzer -parse-as-library -o "$probe" "$probe.swift" > "$probe.log" 2>&1; then
    echo "fuzz smoke skipped: this toolchain cannot link -sanitize=fuzzer ($(head -1 "$probe.log"))"
    exit 3
fi
jobs=${FUZZ_JOBS:-2}
status=0
# Runs "fuzz.sh TARGET ARGS" for every target, $jobs at a time; logs in build/smoke-TARGET.log.
each() {
    running=0; pids=""
    for t in "$@"; do
        "$dir/fuzz.sh" "$t" "$seconds" -seed=1 > "$dir/build/smoke-$t.log" 2>&1 &
        pids="$pids $!:$t"; running=$((running + 1))
        if [ "$running" -ge "$jobs" ]; then wait_all; running=0; pids=""; fi
    done
    wait_all
}
wait_all() {
    for p in $pids; do
        if ! wait "${p%%:*}"; then
            t=${p#*:}
            echo "fuzz smoke: $t failed; the end of build/smoke-$t.log:" >&2
            grep -v 'ld.gold: warning' "$dir/build/smoke-$t.log" | tail -30 >&2
            status=1
        fi
    done
}
# Build phase: one target per bundle (targets with the same sources share a binary).
seen=""; firsts=""
for t in "$@"; do
    b=$("$dir/fuzz.sh" --bundle "$t")
    case " $seen " in *" $b "*) ;; *) seen="$seen $b"; firsts="$firsts $t" ;; esac
done
FUZZ_BUILD_ONLY=1 each $firsts
[ "$status" = 0 ] || exit "$status"
each "$@"
[ "$status" = 0 ] || exit "$status"
"$dir/summary.sh" $(for t in "$@"; do echo "smoke-$t"; done)
