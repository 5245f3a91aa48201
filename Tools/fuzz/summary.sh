#!/bin/sh
# Prints one line per fuzz log in Tools/fuzz/build (written by run-all.sh): seconds run,
# total execs, execs/s, final cov and ft, corpus size, peak RSS and the result.
# usage: Tools/fuzz/summary.sh [TARGET...]   (default: every TARGET.log)
dir=$(cd "$(dirname "$0")" && pwd)/build
[ $# -gt 0 ] || set -- $(cd "$dir" && ls *.log 2>/dev/null | grep -v run-all | sed 's/\.log$//')
printf '%-10s %7s %10s %8s %6s %7s %7s %7s  %s\n' target seconds execs execs/s cov ft corpus rss_mb result
for t in "$@"; do
    log="$dir/$t.log"
    [ -f "$log" ] || { printf '%-10s (no log)\n' "$t"; continue; }
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.*corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    # A report after "Done N runs" is LeakSanitizer's at exit, not an input's failure.
    done_at=$(grep -n -m1 '^Done [0-9]* runs' "$log" | cut -d: -f1)
    # Slow units (over 10 s of wall time, e.g. a starved low-priority run) are noted, not failures.
    unit_at=$(grep -n 'Test unit written to' "$log" | grep -v 'slow-unit-' | head -1 | cut -d: -f1)
    slow=$(grep -c 'Test unit written to .*slow-unit-' "$log")
    if [ -n "$unit_at" ] && { [ -z "$done_at" ] || [ "$unit_at" -lt "$done_at" ]; }; then
        result="FAILED: $(grep -m1 -E 'ERROR: |deadly signal|Fatal error|Precondition failed' "$log" | cut -c1-70)"
    elif [ -n "$done_at" ]; then
        result=clean
        grep -q 'ERROR: LeakSanitizer' "$log" && result="clean; LeakSanitizer report at exit"
        [ "$slow" -gt 0 ] && result="$result; $slow slow unit(s)"
    else result="running or stopped"; fi
    printf '%-10s %7s %10s %8s %6s %7s %7s %7s  %s\n' "$t" "${secs:-?}" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${rss:-?}" "$result"
done
