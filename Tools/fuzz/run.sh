#!/bin/sh
# Same as fuzz.sh (the name the PNG issue notes use): Tools/fuzz/run.sh TARGET [SECONDS] [flags...]
exec "$(dirname "$0")/fuzz.sh" "$@"
