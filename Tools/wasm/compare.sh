#!/usr/bin/env bash
# The bit-exactness proof: runs example scenarios natively and inside
# emojisim-core.wasm (under `wasmkit run`, and under node where node is installed)
# and compares the reports (every expectation, every snapshot's bytes as a hash, the
# failure, the duration, the whole trace) byte for byte. Also runs the C ABI's
# bad-input checks and the ABI fuzzer's smoke run (Tools/wasm/fuzz-abi.mjs --smoke) under node.
#
#   Tools/wasm/compare.sh [SCRIPT.scenario ...]     default: every Tests/Scenarios script
#   Tools/wasm/compare.sh --messages [SCRIPT ...]   the failing scripts of Tools/wasm/messages
#                                                   (parse errors, failed expectations of every
#                                                   kind, refused actions), then any others given
#
# The message scripts prove that what reaches a user when things go wrong (error
# messages, expectation outcomes, warnings in the trace) is the same text in wasm:
# Embedded Swift prints "(cannot print value in embedded Swift)" for an interpolated
# value without a description, which build.sh also refuses at compile time.
#
# Exit status: 0 identical, 1 a difference (its diff is printed), 3 a tool is missing.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
OUT="$ROOT/.build/wasm/compare"
WASM="$ROOT/.build/wasm/emojisim-core.wasm"
SWIFTC="$(command -v swiftc || true)"
[ -n "$SWIFTC" ] || { echo "compare.sh: skipped: no swiftc" >&2; exit 3; }
WASMKIT="${WASMKIT:-$(dirname "$(readlink -f "$SWIFTC")")/wasmkit}"
[ -x "$WASMKIT" ] || WASMKIT="$(command -v wasmkit || true)"
[ -n "$WASMKIT" ] || { echo "compare.sh: skipped: no wasmkit next to swiftc or on PATH" >&2; exit 3; }
NODE="$(command -v node || true)"

if [ "${1:-}" = "--messages" ]; then shift; set -- Tools/wasm/messages/*.scenario "$@"
elif [ $# -eq 0 ]; then set -- Tests/Scenarios/*.scenario; fi

Tools/wasm/build.sh
swift build --product wasm-reference 2>&1 | grep -E "error|warning:" && exit 1
rm -rf "$OUT"; mkdir -p "$OUT"
"$(swift build --show-bin-path)/wasm-reference" "$OUT" "$@" >/dev/null

status=0
for bundle in "$OUT"/*.bundle; do
    base="${bundle%.bundle}"
    name="$(basename "$base")"
    "$WASMKIT" run "$WASM" < "$bundle" > "$base.wasmkit.report"
    runtimes="wasmkit"
    if [ -n "$NODE" ]; then
        "$NODE" "$ROOT/Tools/wasm/run-node.mjs" "$WASM" "$bundle"
        runtimes="wasmkit node"
    fi
    for rt in $runtimes; do
        if cmp -s "$base.native.report" "$base.$rt.report"; then
            echo "identical  $name ($rt): $(grep -c '^snapshot' "$base.native.report") snapshots, $(grep -c '^expect' "$base.native.report") expectations, $(sed -n 's/^trace \([0-9]*\) lines.*/\1/p' "$base.native.report") trace lines, $(grep -c '^error\|^failure [^n]' "$base.native.report") errors"
        else
            echo "DIFFERENT  $name ($rt): native vs wasm" >&2
            diff "$base.native.report" "$base.$rt.report" | head -20 >&2 || true
            status=1
        fi
    done
done
if [ -n "$NODE" ]; then
    "$NODE" "$ROOT/Tools/wasm/run-node.mjs" --abi-checks "$WASM" > "$OUT/abi-checks.txt" || { cat "$OUT/abi-checks.txt"; status=1; }
    tail -1 "$OUT/abi-checks.txt"
    # The ABI fuzzer's smoke run (fixed seed, 100 episodes, ~11 s of CPU): any trap or
    # broken contract fails, with the seed and episode that replay it.
    "$NODE" "$ROOT/Tools/wasm/fuzz-abi.mjs" "$WASM" --smoke > "$OUT/fuzz-abi.txt" || { grep -A1 '^FINDING' "$OUT/fuzz-abi.txt"; status=1; }
    tail -1 "$OUT/fuzz-abi.txt"
else
    echo "compare.sh: node not found: the node run and the ABI checks were skipped"
fi
exit $status
