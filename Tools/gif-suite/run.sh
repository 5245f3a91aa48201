#!/bin/sh
# Checks the GIF decoder against robert-ancell/pygif's test suite (not included: it is
# CC-BY-SA). usage: Tools/gif-suite/run.sh PYGIF_CHECKOUT
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/.build/gif-suite"
mkdir -p "$build/src"
rm -f "$build/src"/*.swift
for f in $(find "$root/Sources/SimCore" "$root/Sources/Imaging" -name '*.swift'); do
    sed -e '/^import SimCore$/d' "$f" > "$build/src/$(echo "$f" | sed "s|$root/Sources/||; s|/|_|g")"
done
cp "$root/Tools/gif-suite/dump.swift" "$build/src/zz_dump.swift"
swiftc -O -parse-as-library -module-name GIFSuite -o "$build/dump" "$build/src"/*.swift
exec python3 "$root/Tools/gif-suite/run.py" "$1" "$build/dump"
