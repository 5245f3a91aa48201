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
#   Tools/wasm/build.sh [--modules "SimCore EmojiText"] [--out DIR] [--clean] [--opt -O|-Osize]
#                       [--speed "Raster"] [--jobs N] [--threads N] [--simd] [--no-lto]
#
# The modules are those the ABI (Tools/wasm/ABI, Tools/wasm/entry) imports from
# Sources/, and what they import, read from their `import` lines. They are compiled in
# parallel where that graph allows: up to --jobs (EMOJISIM_WASM_JOBS, default nproc)
# compilers at once, the module with the longest chain of work behind it first. A
# module starts as soon as the .swiftmodule of each module it imports is written: the
# compiler writes it (atomically) after type checking and the first SIL optimizations,
# well before the rest of the optimization and code generation, so a chain of modules
# overlaps. Each module is one whole-module compilation into one object.
#
# --threads N (EMOJISIM_WASM_THREADS; default 0: off) compiles each module with
# -num-threads N instead: LLVM works on one part per source file on N threads (objects by
# an output-file-map), joined by `wasm-ld -r` into the module's object. It cuts the
# longest modules' code generation, but LLVM then inlines only within a file: the module
# ran 15% slower under node (screen render 1.87 vs 1.59 ms, panel frame 28 vs 24 us,
# medians of 5 interleaved runs), so the figures, CI and the playground build without it.
#
# Link-time optimization (the default; --no-lto for comparison): each module compiles
# to LLVM bitcode (-lto=llvm-full, and the C runtime with -flto) and wasm-ld optimizes
# the program as a whole, keeping only the C ABI's exports (@_cdecl in Tools/wasm/ABI
# and Tools/wasm/entry, the runtime's export_name functions). The Swift runtime's
# swift_retain/swift_release are weak definitions in every module's object, which no
# per-module compilation inlines, and node 20's V8 does not inline wasm calls: with LTO
# the module is 2.25 instead of 4.07 MB and ran the panel frame in 11.1 instead of 12.7 us
# and the render in 469 instead of 482 us under node (interleaved runs, 2026-12-06;
# docs/ARCHITECTURE.md, wasm performance notes). Each link then takes about 15 s (the two
# run side by side); a link whose inputs have not changed is skipped.
#
# Incremental: a module is not recompiled when its object and .swiftmodule are newer
# than its sources (and the lint file) and the .swiftmodule of every module it imports,
# and it was built with the same flags and the same list of sources. --clean
# recompiles everything. Each module's status and time are printed; a module that fails
# prints its log (all logs are in OUT/logs).
#
# --modules compiles only the named modules and what they import, and skips the link:
# the quickest way to see which parts of the core compile under Embedded. --opt sets
# the Swift optimization (default -O; -Osize, the smaller module, for comparison: the
# flags are part of a module's up-to-date check, so switching rebuilds everything;
# use another --out to keep both). With LTO, -O throughout ran the panel frame in 9.7
# instead of 11.0 us and the render in 360 instead of 372 us under node (interleaved
# runs, 2026-12-06) for a module of 2.96 instead of 2.26 MB (still smaller than the
# 4.07 MB -Osize module before LTO); without LTO it had gained 1-3% for 10% more bytes.
#
# --speed MODULES (EMOJISIM_WASM_SPEED; default none) compiles those modules with -O
# whatever --opt says (with --opt -Osize: -Osize but for the hottest modules, as the
# build was before LTO with --speed Raster).
#
# --simd compiles the Swift modules (-Xcc -msimd128: clang's target features, which
# Swift's code generation takes) and the C runtime with wasm SIMD128, for measurement
# only: wasmkit 0.1.6 refuses the module ("Illegal opcode: [253]", the 0xFD prefix), and
# under node it gave the same render and a panel frame 1-7% faster than the scalar module,
# bit-exact (docs/ARCHITECTURE.md, wasm performance notes). The flag is part of the
# modules' up-to-date check: use another --out (e.g. .build/wasm-simd) to keep both.
#
# Every module is compiled with Tools/wasm/lint/EmbeddedInterpolation.swift, which makes
# the compiler flag each interpolation of a value Embedded Swift cannot print (it would
# print "(cannot print value in embedded Swift)"); a flagged site fails the build unless
# Tools/wasm/lint/unprintable-allowed.txt allows that many in its file.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/.build/wasm"
ABI=EmojiSimCoreABI
WANTED=""
LINK=1
FORCE=""
OPT=-O
SPEED="${EMOJISIM_WASM_SPEED-}"
JOBS="${EMOJISIM_WASM_JOBS:-$(nproc 2>/dev/null || echo 2)}"
THREADS="${EMOJISIM_WASM_THREADS:-0}"
SIMD=""
LTO=1
while [ $# -gt 0 ]; do
    case "$1" in
        --modules) WANTED="$2"; LINK=0; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --clean) FORCE=1; shift ;;
        --opt) OPT="$2"; shift 2 ;;
        --speed) SPEED="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --threads) THREADS="$2"; shift 2 ;;
        --simd) SIMD=1; shift ;;
        --no-lto) LTO=""; shift ;;
        *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
case "$THREADS" in ''|*[!0-9]*) echo "build.sh: --threads (EMOJISIM_WASM_THREADS) must be a number, not '$THREADS'" >&2; exit 2 ;; esac
case "$JOBS" in ''|*[!0-9]*|0) echo "build.sh: --jobs (EMOJISIM_WASM_JOBS) must be a positive number, not '$JOBS'" >&2; exit 2 ;; esac

# Every process this script starts stays in its process group, so a signal to the group
# (Ctrl-C, `emojisim playground` stopping) reaches the compilers too; on its own exit
# (a failure, a signal to this script only) it stops the compilers it still runs.
RUNNING_PIDS=()
descendants() { # pid: the pid and every process below it
    local c
    echo "$1"
    for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do descendants "$c"; done
}
stop_running() {
    local p all=()
    for p in ${RUNNING_PIDS[@]+"${RUNNING_PIDS[@]}"}; do
        # shellcheck disable=SC2207
        all+=($(descendants "$p"))
    done
    [ ${#all[@]} = 0 ] || kill -TERM "${all[@]}" 2>/dev/null || true
    RUNNING_PIDS=()
}
# Five steps below this script's own niceness (the scheduler gives a thread at +5 about a
# third of the time of one at +0).
LOWER_NICE=$(( $(nice) + 5 ))
lower_priority() { # pid: every thread of it and of the processes below it, to LOWER_NICE
    local p t
    for p in $(descendants "$1"); do
        for t in /proc/"$p"/task/*; do renice -n "$LOWER_NICE" -p "${t##*/}" >/dev/null 2>&1 || true; done
    done
}
WATCHDOG=""
cleanup() {
    stop_running
    [ -z "$WATCHDOG" ] || kill "$WATCHDOG" 2>/dev/null || true
}
trap cleanup EXIT
trap 'echo "build.sh: stopped" >&2; exit 130' INT
trap 'echo "build.sh: stopped" >&2; exit 143' TERM HUP

# Started by `emojisim playground` (in its own process group): stop the whole group
# when that parent is gone, even killed with SIGKILL (which it cannot forward), so no
# compiler outlives it.
if [ -n "${EMOJISIM_BUILD_PARENT:-}" ]; then
    ( while kill -0 "$EMOJISIM_BUILD_PARENT" 2>/dev/null; do sleep 1; done
      echo "build.sh: emojisim ($EMOJISIM_BUILD_PARENT) is gone; stopping" >&2; kill -TERM 0 ) &
    WATCHDOG=$!
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
# -package-name: the modules are one package, as SwiftPM compiles them natively (it passes
# the package's identity); without it the compiler takes each module for a package of its
# own and warns about conformances between them (Tester's `extension Host:
# DisplayListRepresentable`, SimCore's type and Raster's protocol) as retroactive.
SWIFTFLAGS=(-target "$TARGET" -enable-experimental-feature Embedded -wmo -parse-as-library
            -swift-version 6 -enable-experimental-feature Extern -Xcc -fno-stack-protector
            -package-name emojisim -I "$OUT/modules")
CFLAGS_SIMD=()
if [ -n "$SIMD" ]; then SWIFTFLAGS+=(-Xcc -msimd128); CFLAGS_SIMD=(-msimd128); fi
[ -z "$LTO" ] || SWIFTFLAGS+=(-lto=llvm-full)
opt_of() { # module: its optimization (--speed modules -O, the others --opt)
    case " $SPEED " in *" $1 "*) echo -O ;; *) echo "$OPT" ;; esac
}
START=$EPOCHREALTIME
elapsed() { # seconds since START (or since $1), one decimal
    awk -v a="${1:-$START}" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}
say() { echo "build.sh: [$(elapsed) s] $*"; }

# --- The module graph, from the sources' import lines -----------------------------------
declare -A DIRS DEPS WEIGHT PRIORITY
DIRS[$ABI]="$ROOT/Tools/wasm/ABI $ROOT/Tools/wasm/entry"
imports_of() { # dirs...: the modules under Sources/ their Swift files import
    find "$@" -name '*.swift' -exec cat {} + \
        | sed -nE 's/^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\5/p' \
        | LC_ALL=C sort -u \
        | while read -r m; do [ -d "$ROOT/Sources/$m" ] && echo "$m"; done || true
}
ORDER=() # every module, each after what it imports
visit() { # module: adds it and what it imports to the graph
    local m="$1" d
    [ -z "${DEPS[$m]+set}" ] || return 0
    [ -n "${DIRS[$m]:-}" ] || DIRS[$m]="$ROOT/Sources/$m"
    # shellcheck disable=SC2086
    DEPS[$m]="$(imports_of ${DIRS[$m]} | { grep -vx "$m" || true; } | tr '\n' ' ' | sed 's/ $//')"
    for d in ${DEPS[$m]}; do
        [ "$d" != "$m" ] || continue
        visit "$d"
    done
    ORDER+=("$m")
}
visit "$ABI"
# Priority: the module's own size plus the largest priority among the modules that
# import it, so the chain with the most work still to come starts first.
for ((i = ${#ORDER[@]} - 1; i >= 0; i--)); do
    m="${ORDER[$i]}"
    # shellcheck disable=SC2086
    WEIGHT[$m]=$(find ${DIRS[$m]} -name '*.swift' -exec cat {} + | wc -c)
    best=0
    for n in "${ORDER[@]}"; do
        case " ${DEPS[$n]} " in *" $m "*) [ "${PRIORITY[$n]}" -le "$best" ] || best=${PRIORITY[$n]} ;; esac
    done
    PRIORITY[$m]=$((WEIGHT[$m] + best))
done
# What to build: --modules and what they import, or everything.
declare -A SELECTED
select_module() {
    local d
    [ -z "${SELECTED[$1]:-}" ] || return 0
    [ -n "${DEPS[$1]+set}" ] || { echo "build.sh: --modules: $1 is not a module of the core (${ORDER[*]})" >&2; exit 2; }
    SELECTED[$1]=1
    for d in ${DEPS[$1]}; do select_module "$d"; done
}
if [ -n "$WANTED" ]; then
    for m in $WANTED; do select_module "$m"; done
else
    for m in "${ORDER[@]}"; do SELECTED[$m]=1; done
fi
QUEUE=() # the selected modules, highest priority first
while read -r _ m; do QUEUE+=("$m"); done < <(for m in "${!SELECTED[@]}"; do echo "${PRIORITY[$m]} $m"; done | LC_ALL=C sort -k1,1nr -k2,2)

# --- Compiling one module --------------------------------------------------------------
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

sources_of() { # module: its Swift files, sorted, then the lint file
    # shellcheck disable=SC2086
    find ${DIRS[$1]} -name '*.swift' | LC_ALL=C sort
    echo "$LINT"
}

# The flags and sources a module was built with: a change rebuilds it (a removed file
# makes nothing newer).
stamp_of() { # module
    printf '%s\n' "${SWIFTFLAGS[@]}" "$(opt_of "$1")" "split: $([ "$THREADS" = 0 ] && echo no || echo yes)" "$(sources_of "$1")"
}

up_to_date() { # module: its outputs are newer than its sources and its imports' modules
    local m="$1" obj="$OUT/obj/$1.o" d
    [ -z "$FORCE" ] && [ -f "$obj" ] && [ -f "$OUT/modules/$m.swiftmodule" ] || return 1
    [ "$(stamp_of "$m")" = "$(cat "$OUT/obj/$m.stamp" 2>/dev/null)" ] || return 1
    [ ! "$OUT/modules/$m.swiftmodule" -nt "$obj" ] || return 1
    # shellcheck disable=SC2046
    [ -z "$(find $(sources_of "$m") -newer "$obj" 2>/dev/null | head -1)" ] || return 1
    for d in ${DEPS[$m]}; do
        [ ! "$OUT/modules/$d.swiftmodule" -nt "$obj" ] || return 1
    done
}

# Runs in the background: the module's whole-module compilation into parts, one per
# source file, then the parts joined into OUT/obj/MODULE.o. Writes its status to
# OUT/logs/MODULE.status when done.
compile_module() { # module
    local m="$1" parts="$OUT/obj/$1.parts" map i=0 s objs=() status=0
    if [ "$THREADS" = 0 ]; then
        # shellcheck disable=SC2046
        "$SWIFTC" "${SWIFTFLAGS[@]}" "$(opt_of "$m")" -module-name "$m" \
            -emit-module -emit-module-path "$OUT/modules/$m.swiftmodule" \
            -c $(sources_of "$m") -o "$OUT/obj/$m.o" || status=$?
        echo "$status" > "$OUT/logs/$m.status"
        return
    fi
    rm -rf "$parts"; mkdir -p "$parts"
    map="$parts/output-file-map.json"
    {
        echo "{"
        while read -r s; do
            i=$((i + 1))
            # Numbered: two files of a module may share a name in different folders.
            objs+=("$parts/$(printf '%03d' $i)-$(basename "$s" .swift).o")
            printf '  "%s": { "object": "%s" },\n' "$s" "${objs[$((i - 1))]}"
        done < <(sources_of "$m")
        echo '  "": {}'
        echo "}"
    } > "$map"
    # shellcheck disable=SC2046
    "$SWIFTC" "${SWIFTFLAGS[@]}" "$(opt_of "$m")" -num-threads "$THREADS" -module-name "$m" \
        -emit-module -emit-module-path "$OUT/modules/$m.swiftmodule" \
        -c $(sources_of "$m") -output-file-map "$map" || status=$?
    if [ $status = 0 ]; then
        "$WASMLD" -r "${objs[@]}" -o "$OUT/obj/$m.o.tmp" && mv "$OUT/obj/$m.o.tmp" "$OUT/obj/$m.o" || status=$?
    fi
    rm -rf "$parts"
    echo "$status" > "$OUT/logs/$m.status"
}

# --- The scheduler ---------------------------------------------------------------------
declare -A STATE STARTED READY_AT PID # STATE: waiting, running, done
for m in "${QUEUE[@]}"; do STATE[$m]=waiting; done
# The C runtime and clock meanwhile (a second each, no Swift).
C_PIDS=()
if [ "$LINK" = 1 ]; then
    for c in runtime clock; do
        "$CLANG" --target=$TARGET -Os ${LTO:+-flto} -nostdlib -ffreestanding -fno-stack-protector -Wall -Werror ${CFLAGS_SIMD[@]+"${CFLAGS_SIMD[@]}"} \
            -c "$ROOT/Tools/wasm/runtime/$c.c" -o "$OUT/obj/$c.o" &
        C_PIDS+=($!)
        RUNNING_PIDS+=($!)
    done
fi

interface_ready() { # module: its .swiftmodule can be imported
    case "${STATE[$1]:-done}" in
        done) return 0 ;;
        running) [ -f "$OUT/modules/$1.swiftmodule" ] ;;
        *) return 1 ;;
    esac
}

fail() { # module, message
    local m="$1"
    stop_running
    echo "build.sh: $m FAILED after $(elapsed "${STARTED[$m]}") s: $2; its log ($OUT/logs/$m.log):" >&2
    sed 's/^/    /' "$OUT/logs/$m.log" >&2
    rm -f "$OUT/obj/$m.o" "$OUT/modules/$m.swiftmodule" "$OUT/obj/$m.stamp"
    exit 1
}

finish() { # module: its compilation has ended
    local m="$1" log="$OUT/logs/$1.log" status
    status=$(cat "$OUT/logs/$m.status")
    wait "${PID[$m]}" 2>/dev/null || true
    local rest=()
    for p in ${RUNNING_PIDS[@]+"${RUNNING_PIDS[@]}"}; do [ "$p" = "${PID[$m]}" ] || rest+=("$p"); done
    RUNNING_PIDS=(${rest[@]+"${rest[@]}"})
    [ "$status" = 0 ] || fail "$m" "exit status $status"
    # Other diagnostics as the compiler gave them; the lint's as one line a site.
    if grep -E "(warning|error):" "$log" | grep -vq "EMBEDDED-UNPRINTABLE"; then cat "$log" >&2; fi
    check_unprintable "$m" "$log" || fail "$m" "unprintable interpolations (above)"
    stamp_of "$m" > "$OUT/obj/$m.stamp"
    STATE[$m]=done
    local at=""
    [ -z "${READY_AT[$m]:-}" ] || at=", its interface after ${READY_AT[$m]} s"
    say "$m: compiled in $(elapsed "${STARTED[$m]}") s$at"
}

COMPILED=0
SKIPPED=0
while :; do
    running=0
    front=0 # running modules whose interface is not written yet
    pending=0
    for m in "${QUEUE[@]}"; do
        case "${STATE[$m]}" in
            running)
                if [ -f "$OUT/logs/$m.status" ]; then finish "$m"; continue; fi
                if [ -z "${READY_AT[$m]:-}" ] && [ -f "$OUT/modules/$m.swiftmodule" ]; then
                    READY_AT[$m]=$(elapsed "${STARTED[$m]}")
                    # Its code generation goes on beside the next modules' front ends,
                    # below them while any module still waits (the chain of interfaces
                    # is what the build waits for).
                    for w in "${QUEUE[@]}"; do
                        [ "${STATE[$w]}" = waiting ] || continue
                        lower_priority "${PID[$m]}"
                        break
                    done
                fi
                running=$((running + 1))
                [ -n "${READY_AT[$m]:-}" ] || front=$((front + 1)) ;;
            waiting) pending=$((pending + 1)) ;;
        esac
    done
    [ "$running" -gt 0 ] || [ "$pending" -gt 0 ] || break
    # Start what can start, highest priority first.
    for m in "${QUEUE[@]}"; do
        [ "${STATE[$m]}" = waiting ] || continue
        ok=1
        for d in ${DEPS[$m]}; do interface_ready "$d" || { ok=""; break; }; done
        [ -n "$ok" ] || continue
        # Up to date only once its imports are final: a rebuilt import's new module is
        # newer than the old object.
        deps_done=1
        for d in ${DEPS[$m]}; do [ "${STATE[$d]:-done}" = done ] || deps_done=""; done
        if [ -n "$deps_done" ] && up_to_date "$m"; then
            STATE[$m]=done
            SKIPPED=$((SKIPPED + 1))
            say "$m: up to date"
            continue
        fi
        [ "$front" -lt "$JOBS" ] || continue
        rm -f "$OUT/modules/$m.swiftmodule" "$OUT/obj/$m.o" "$OUT/logs/$m.status" "$OUT/obj/$m.stamp"
        STARTED[$m]=$EPOCHREALTIME
        compile_module "$m" > "$OUT/logs/$m.log" 2>&1 &
        PID[$m]=$!
        RUNNING_PIDS+=($!)
        STATE[$m]=running
        front=$((front + 1))
        COMPILED=$((COMPILED + 1))
        say "$m: compiling (imports: ${DEPS[$m]:-none})"
    done
    sleep 0.2
done
[ "$UNPRINTABLE" = 0 ] || echo "build.sh: $UNPRINTABLE unprintable interpolation(s) allowed by Tools/wasm/lint/unprintable-allowed.txt"
say "$COMPILED module(s) compiled, $SKIPPED up to date ($JOBS jobs)"
[ "$LINK" = 1 ] || exit 0

for p in "${C_PIDS[@]}"; do
    wait "$p" || { echo "build.sh: the C runtime (Tools/wasm/runtime) did not compile" >&2; exit 1; }
done
RUNNING_PIDS=()

OBJS=()
for m in "${ORDER[@]}"; do OBJS+=("$OUT/obj/$m.o"); done
# The module exports its C ABI (each @_cdecl of Tools/wasm/ABI and Tools/wasm/entry) and
# the runtime's export_name functions, nothing else: so the link-time optimization may
# internalize everything else, inline the Swift runtime's swift_retain/swift_release
# (a weak definition in every module's object, which no compiler inlines on its own) and
# small helpers across modules, and drop what the ABI does not reach.
EXPORTS=()
for e in $(grep -rhoE '@_cdecl\("[A-Za-z_0-9]+"\)' "$ROOT/Tools/wasm/ABI" "$ROOT/Tools/wasm/entry" \
           | sed -E 's/@_cdecl\("(.*)"\)/\1/' | LC_ALL=C sort -u); do
    EXPORTS+=("--export=$e")
done
link() { # output, extra objects...
    local out="$1"; shift
    "$WASMLD" --no-entry --gc-sections --strip-debug \
        "${EXPORTS[@]}" -z stack-size=1048576 \
        "${OBJS[@]}" "$OUT/obj/runtime.o" "$@" \
        "$EMBEDDED_LIB/libswiftUnicodeDataTables.a" \
        -o "$out"
}
# A link is skipped when no input changed since the last one (the C objects are compiled
# again every run, so their sources stand for them).
linked_up_to_date() {
    local out f
    [ -z "$FORCE" ] || return 1
    for out in "$OUT/emojisim-core.wasm" "$OUT/emojisim-bench.wasm"; do
        [ -f "$out" ] || return 1
        for f in "${OBJS[@]}" "$ROOT"/Tools/wasm/runtime/*.c "$ROOT/Tools/wasm/build.sh" "$EMBEDDED_LIB/libswiftUnicodeDataTables.a"; do
            [ ! "$f" -nt "$out" ] || return 1
        done
    done
}
if linked_up_to_date; then
    say "$OUT/emojisim-core.wasm: up to date ($(wc -c < "$OUT/emojisim-core.wasm") bytes)"
    exit 0
fi
# With LTO each link optimizes the whole program (about 15 s): the two run side by side.
link "$OUT/emojisim-core.wasm" & CORE_LINK=$!
RUNNING_PIDS+=("$CORE_LINK")
link "$OUT/emojisim-bench.wasm" "$OUT/obj/clock.o" || { echo "build.sh: linking emojisim-bench.wasm failed" >&2; exit 1; }
wait "$CORE_LINK" || { echo "build.sh: linking emojisim-core.wasm failed" >&2; exit 1; }
RUNNING_PIDS=()
# Each linked module's optimization, one "MODULE FLAG" a line: what the figures name
# (Tools/wasm/bench.sh prints it with its table).
for m in "${ORDER[@]}"; do echo "$m $(opt_of "$m")${LTO:++lto}"; done > "$OUT/optimization.txt"
say "$OUT/emojisim-core.wasm ($(wc -c < "$OUT/emojisim-core.wasm") bytes; emojisim-bench.wasm adds the clock)"
