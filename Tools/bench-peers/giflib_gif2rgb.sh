#!/bin/sh
# giflib peer for `emojisim-bench gif`: runs `gif2rgb -1 -o /dev/null FILE` (decodes
# every frame onto one screen and writes the RGB screen) REPEAT times per file and
# prints: <path>\t<seconds per run>\t<process overhead per run>
# The overhead is measured on a 1x1 GIF (PROBE) the same way and is subtracted by the
# benchmark, so small files are not charged for process start-up.
# usage: giflib_gif2rgb.sh REPEAT PROBE FILE...
set -e
REPEAT=$1; shift
PROBE=$1; shift
now() { date +%s.%N; }
time_runs() {
    t0=$(now)
    i=0
    while [ $i -lt "$REPEAT" ]; do
        gif2rgb -1 -o /dev/null "$1" >/dev/null 2>&1
        i=$((i + 1))
    done
    t1=$(now)
    echo "($t1 - $t0) / $REPEAT" | bc -l
}
overhead=$(time_runs "$PROBE")
for f in "$@"; do
    printf '%s\t%s\t%s\n' "$f" "$(time_runs "$f")" "$overhead"
done
