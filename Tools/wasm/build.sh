#!/usr/bin/env bash
# Builds the pure core (SimCore ... Scenario) with Embedded Swift for
# wasm32-unknown-none-wasm and links it, with the C runtime in Tools/wasm/runtime
# and the C ABI in Tools/wasm/ABI, into emojisim-core.wasm, and the same objects plus
# a clock (runtime/clock.c, WASI clock_time_get) into emojisim-bench.wasm for the
# figures (Tools/wasm/bench.sh); the core module imports no clock.
#
# Needs only the Swift toolchain (swiftc with the Embedded stdlib for wasm32,
# its clang with the wasm32 backend, wasm-ld). No SDK, no download.
#
#   Tools/wasm/build.sh [--modules "SimCore EmojiText"] [--out DIR] [--clean] [--opt -Osize|-O]
#
# --modules compiles only the named modules (in dependency order) and skips the
# link: the quickest way to see which parts of the core compile under Embedded.
# Modules whose sources did not change since the last build are not recompiled
# (--clean recompiles everything). --opt sets the Swift optimization (default -Osize, the
# smaller module; -O for comparison, into another --out since objects are not tagged).
#
# Every module is compiled with Tools/wasm/lint/EmbeddedInterpolation.swift, which makes
# the compiler flag each interpolation of a value Embedded Swift cannot print (it would
# print "(cannot print value in embedded Swift)"); a flagged site fails the build unless
# Tools/wasm/lint/unprintable-allowed.txt allows that many in its file.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/.build/wasm"
ALL="SimCore EmojiText Imaging Interaction Raster Tester ChatUI Scenario"
MODULES="$ALL"
LINK=1
FORCE=""
OPT=-Osize
while [ $# -gt 0 ]; do
    case "$1" in
        --modules) MODULES="$2"; LINK=0; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --clean) FORCE=1; shift ;;
        --opt) OPT="$2"; shift 2 ;;
        *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

# Started by `emojisim playground` (in its own process group): stop the whole group
# when that parent is gone, even killed with SIGKILL (which it cannot forward), so no
# compiler outlives it.
if [ -n "${EMOJISIM_BUILD_PARENT:-}" ]; then
    ( while kill -0 "$EMOJISIM_BUILD_PARENT" 2>/dev/null; do sleep 1; done
      echo "build.sh: emojisim ($EMOJISIM_BUILD_PARENT) is gone; stopping" >&2; kill -TERM 0 ) &
    WATCHDOG=$!
    trap 'kill "$WATCHDOG" 2>/dev/null || true' EXIT
fi

# The toolchain: swiftc next to clang and wasm-ld.
SWIFTC="${SWIFTC:-$(command -v swiftc || true)}"
[ -n "$SWIFTC" ] || { echo "build.sh: swiftc not found" >&2; exit 3; }
BIN="$(dirname "$(readlink -f "$SWIFTC")")"
CLANG="${CLANG:-$BIN/clang}"
WASMLD="${WASMLD:-$BIN/wasm-ld}"
TARGET=wasm32-unknown-none-wasm
EMBEDDED_LIB="$BIN/../lib/swift/embedded/$TARGET"
for tool in "$CLANG" "$WASMLD"; do
    [ -x "$tool" ] || { echo "build.sh: $tool not found (needs a Swift toolchain with wasm32 support)" >&2; exit 3; }
done
[ -d "$EMBEDDED_LIB" ] || { echo "build.sh: no Embedded Swift stdlib for $TARGET in $EMBEDDED_LIB" >&2; exit 3; }

mkdir -p "$OUT/modules" "$OUT/obj" "$OUT/logs"
LINT="$ROOT/Tools/wasm/lint/EmbeddedInterpolation.swift"
ALLOWED="$ROOT/Tools/wasm/lint/unprintable-allowed.txt"
UNPRINTABLE=0
SWIFTFLAGS=(-target "$TARGET" -enable-experimental-feature Embedded -wmo -parse-as-library "$OPT"
            -swift-version 6 -enable-experimental-feature Extern -Xcc -fno-stack-protector -I "$OUT/modules")

compile_module() { # name, source dirs...
    local name="$1"; shift
    local sources
    sources=$(find "$@" -name '*.swift' | LC_ALL=C sort)
    # Incremental: skip a module whose object is newer than its sources, unless a module
    # before it (modules are built in dependency order) was rebuilt in this run.
    local obj="$OUT/obj/$name.o"
    if [ -f "$obj" ] && [ -f "$OUT/modules/$name.swiftmodule" ] && [ -z "$FORCE" ] \
        && [ -z "$(find "$@" -name '*.swift' -newer "$obj")" ]; then
        echo "build.sh: $name (up to date)"
        return
    fi
    FORCE=1 # everything after this module depends on it
    echo "build.sh: $name"
    local log="$OUT/logs/$name.log"
    # shellcheck disable=SC2086
    if ! "$SWIFTC" "${SWIFTFLAGS[@]}" -module-name "$name" -emit-module \
        -emit-module-path "$OUT/modules/$name.swiftmodule" \
        -c $sources "$LINT" -o "$OUT/obj/$name.o" > "$log" 2>&1; then
        cat "$log" >&2
        rm -f "$obj"
        exit 1
    fi
    # Other diagnostics as the compiler gave them; the lint's as one line a site.
    if grep -E "(warning|error):" "$log" | grep -vq "EMBEDDED-UNPRINTABLE"; then cat "$log" >&2; fi
    check_unprintable "$name" "$log" || { rm -f "$obj"; exit 1; }
}

check_unprintable() { # module, log: fails when a file has more flagged sites than allowed
    local sites files f n allowed status=0
    sites=$(grep -E "^/[^ ]+:[0-9]+:[0-9]+: warning: .*EMBEDDED-UNPRINTABLE" "$2" | sed "s|^$ROOT/||; s|: warning:.*||" | LC_ALL=C sort -u || true)
    [ -n "$sites" ] || return 0
    files=$(printf '%s\n' "$sites" | cut -d: -f1 | LC_ALL=C sort -u)
    for f in $files; do
        n=$(printf '%s\n' "$sites" | grep -c "^$f:")
        allowed=$(awk -v f="$f" '$1 == f { print $2 }' "$ALLOWED" 2>/dev/null | head -1)
        if [ "$n" -gt "${allowed:-0}" ]; then
            echo "build.sh: $1: $f interpolates $n value(s) Embedded Swift prints as \"(cannot print value in embedded Swift)\" (allowed: ${allowed:-0}); use a name or description:" >&2
            printf '%s\n' "$sites" | grep "^$f:" | sed 's/^/    /' >&2
            status=1
        else
            UNPRINTABLE=$((UNPRINTABLE + n))
        fi
    done
    return $status
}

for m in $MODULES; do compile_module "$m" "$ROOT/Sources/$m"; done
[ "$UNPRINTABLE" = 0 ] || echo "build.sh: $UNPRINTABLE unprintable interpolation(s) allowed by Tools/wasm/lint/unprintable-allowed.txt"
[ "$LINK" = 1 ] || exit 0

# The C ABI and the WASI entry, one module (the entry is wasm-only: it reads stdin).
compile_module EmojiSimCoreABI "$ROOT/Tools/wasm/ABI" "$ROOT/Tools/wasm/entry"
"$CLANG" --target=$TARGET -Os -nostdlib -ffreestanding -fno-stack-protector -Wall -Werror \
    -c "$ROOT/Tools/wasm/runtime/runtime.c" -o "$OUT/obj/runtime.o"

"$CLANG" --target=$TARGET -Os -nostdlib -ffreestanding -fno-stack-protector -Wall -Werror \
    -c "$ROOT/Tools/wasm/runtime/clock.c" -o "$OUT/obj/clock.o"

OBJS=()
for m in $ALL EmojiSimCoreABI; do OBJS+=("$OUT/obj/$m.o"); done
link() { # output, extra objects...
    local out="$1"; shift
    "$WASMLD" --no-entry --gc-sections --strip-debug \
        --export-dynamic -z stack-size=1048576 \
        "${OBJS[@]}" "$OUT/obj/runtime.o" "$@" \
        "$EMBEDDED_LIB/libswiftUnicodeDataTables.a" \
        -o "$out"
}
link "$OUT/emojisim-core.wasm"
link "$OUT/emojisim-bench.wasm" "$OUT/obj/clock.o"
echo "build.sh: $OUT/emojisim-core.wasm ($(wc -c < "$OUT/emojisim-core.wasm") bytes; emojisim-bench.wasm adds the clock)"
