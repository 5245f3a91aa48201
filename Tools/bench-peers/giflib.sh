#!/bin/sh
# Builds (once, into $TMPDIR) and runs the giflib peer: see giflib_decode.c.
# Needs giflib's headers and library: apt-get install -y libgif-dev giflib-tools
# usage: giflib.sh FILE...   (serves the probe protocol, see probe_server.py)
set -e
here=$(dirname "$0")
bin=${TMPDIR:-/tmp}/emojisim-giflib-decode-2
if [ ! -x "$bin" ] || [ "$here/giflib_decode.c" -nt "$bin" ]; then
    cc -O2 -o "$bin.$$" "$here/giflib_decode.c" -lgif
    mv "$bin.$$" "$bin"
fi
exec "$bin" "$@"
