#!/usr/bin/env bash
# Builds the pure core (SimCore ... Scenario) with Embedded Swift for
# wasm32-unknown-none-wasm and links it, with the C runtime in Tools/wasm/runtime
# and the C ABI in Tools/wasm/ABI, into emojisim-core.wasm.
#
# Needs only the Swift toolchain (swiftc with the Embedded stdlib for wasm32,
# its clang with the wasm32 backend, wasm-ld). No SDK, no download.
#
#   Tools/wasm/build.sh [--modules "SimCore EmojiText"] [--out DIR] [--clean]
#
# --modules compiles only the named modules (in dependency order) and skips the
# link: the quickest way to see which parts of the core compile under Embedded.
# Modules whose sources did not change since the last build are not recompiled
# (--clean recompiles everything).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/.build/wasm"
ALL="SimCore EmojiText Imaging Interaction Raster ChatUI Scenario"
MODULES="$ALL"
LINK=1
FORCE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --modules) MODULES="$2"; LINK=0; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --clean) FORCE=1; shift ;;
        *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

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

mkdir -p "$OUT/modules" "$OUT/obj"
SWIFTFLAGS=(-target "$TARGET" -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
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
    # shellcheck disable=SC2086
    "$SWIFTC" "${SWIFTFLAGS[@]}" -module-name "$name" -emit-module \
        -emit-module-path "$OUT/modules/$name.swiftmodule" \
        -c $sources -o "$OUT/obj/$name.o"
}

for m in $MODULES; do compile_module "$m" "$ROOT/Sources/$m"; done
[ "$LINK" = 1 ] || exit 0

# The C ABI and the WASI entry, one module (the entry is wasm-only: it reads stdin).
compile_module EmojiSimCoreABI "$ROOT/Tools/wasm/ABI" "$ROOT/Tools/wasm/entry"
"$CLANG" --target=$TARGET -Os -nostdlib -ffreestanding -fno-stack-protector -Wall -Werror \
    -c "$ROOT/Tools/wasm/runtime/runtime.c" -o "$OUT/obj/runtime.o"

OBJS=()
for m in $ALL EmojiSimCoreABI; do OBJS+=("$OUT/obj/$m.o"); done
"$WASMLD" --no-entry --gc-sections --strip-debug \
    --export-dynamic -z stack-size=1048576 \
    "${OBJS[@]}" "$OUT/obj/runtime.o" \
    "$EMBEDDED_LIB/libswiftUnicodeDataTables.a" \
    -o "$OUT/emojisim-core.wasm"
echo "build.sh: $OUT/emojisim-core.wasm ($(wc -c < "$OUT/emojisim-core.wasm") bytes)"
