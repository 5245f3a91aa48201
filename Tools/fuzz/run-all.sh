#!/bin/sh
# Runs fuzz targets one after another at the lowest priority and keeps each log in
# Tools/fuzz/build/TARGET.log. usage: Tools/fuzz/run-all.sh SECONDS TARGET...
set -u
seconds=$1; shift
dir=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir/build"
for t in "$@"; do
    nice -n 19 "$dir/fuzz.sh" "$t" "$seconds" > "$dir/build/$t.log" 2>&1
    echo "$t exit $?" >> "$dir/build/run-all.log"
done
