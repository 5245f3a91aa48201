#!/bin/sh
# Issue 18's acceptance check: generates the hostile inputs the issue lists and runs
# emojisim on each under `ulimit -v 2097152` (2 GiB of address space) and `timeout 20`.
# Each must end with exit 1 or 2 and an `error:` line, or succeed where the input is
# valid; never a signal (exit >= 128) or a timeout (124). Also checks that outputs are
# not left half-written, folders are not deleted and /dev/null stays a device.
#
# usage: Tools/hostile/run.sh [EMOJISIM]
#   default: .build/release/emojisim if it exists, else .build/debug/emojisim
#   (build it first: swift build -c release --product emojisim).
# The limits are about what users run: a release build. A debug build is 5-30x slower
# at pixel and text loops, so valid but large inputs (a 100 MP frame written as PNG,
# a 4096x4096 recording, 100,000 idle hours) can pass 20 s there, on a loaded machine
# especially, while release takes a few seconds of CPU; those are speed, not limits.
# Prints one line per case and a summary; exit status 1 if any case fails.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
default=$root/.build/release/emojisim
[ -x "$default" ] || default=$root/.build/debug/emojisim
bin=${1:-$default}
[ -x "$bin" ] || { echo "error: $bin not found (swift build -c release --product emojisim)"; exit 2; }
echo "binary: $bin"
work=$(mktemp -d /tmp/emojisim-hostile.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 "$root/Tools/hostile/make_inputs.py" "$work" || exit 2
cd "$work"
pass=0; fail=0

# check NAME EXPECT CMD...   EXPECT: ok (exit 0), err (exit 1 or 2 with an error: line),
# okerr (either), diff (`emojisim diff`: 0 equal or 1 different, no error needed).
# Output goes to NAME.out.
check() {
    name=$1; expect=$2; shift 2
    start=$(date +%s)
    ( ulimit -v 2097152; timeout 20 "$@" ) > "$name.out" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    verdict=ok
    if [ $rc -ge 124 ]; then verdict="signal or timeout (exit $rc)"
    elif [ "$expect" = ok ] && [ $rc -ne 0 ]; then verdict="expected success, exit $rc"
    elif [ "$expect" = err ] && [ $rc -eq 0 ]; then verdict="expected an error, exit 0"
    elif [ "$expect" = diff ] && [ $rc -gt 1 ]; then verdict="expected equal or different, exit $rc"
    elif [ "$expect" != diff ] && [ $rc -ne 0 ] && ! grep -q "error:" "$name.out"; then verdict="exit $rc without an error: line"
    fi
    if [ "$verdict" = ok ]; then pass=$((pass + 1)); s=pass; else fail=$((fail + 1)); s=FAIL; fi
    line=$(grep -m1 "error:" "$name.out" | cut -c1-150)
    printf '%-4s %-34s exit %-3s %3ss  %s\n' "$s" "$name" "$rc" "$secs" "${verdict#ok}${line:+ $line}"
}
# expect NAME CONDITION-DESCRIPTION TEST-EXPR...
expect() {
    name=$1; what=$2; shift 2
    if "$@"; then pass=$((pass + 1)); printf 'pass %-34s %s\n' "$name" "$what"
    else fail=$((fail + 1)); printf 'FAIL %-34s %s\n' "$name" "$what"; fi
}

E=$bin
# 1. Duration and distance traps.
check 1-wait-huge            err $E run wait-huge.scenario
check 1-wait-fuzzed          err $E run wait-fuzzed.scenario
check 1-swipe-far            err $E run swipe-far.scenario
# 2. Extreme declared sizes.
check 2-catalog-sizes        err $E catalog check sizes
# 3. Binary plist with shared references.
check 3-bplist-bomb          err $E catalog show bomb
check 3-bplist-bomb-script   err $E run bomb.scenario
# 4. A crawling fling.
check 4-slow-swipe           err $E run slow-swipe.scenario
# 5. --gif on a 4096x4096 device for 100 s: frames scaled to 1 MP, renders bounded.
check 5-gif-huge-device      okerr $E run gif-huge.scenario --gif --out gifout --record never
expect 5-gif-scaled          "the GIF is 1024x1024 (scaled down from 4096x4096)" sh -c "$E image info gifout/gif-huge.gif | grep -q 'size: 1024x1024'"
# 6. Canvas bombs.
check 6-gif-canvas-1         okerr $E image frames canvas1.gif --out frames1
check 6-gif-canvas-100       err $E image frames canvas100.gif --out frames100
check 6-apng-canvas          err $E image info canvas.apng
check 6-apng-garbage-idat    err $E image info garbage-idat.apng
# 7. One 1 MB frame listed 2,000 times.
check 7-json-shared-frame    okerr $E run shared-frame.scenario --record never
# 8. Differently shaped images.
check 8-diff-shapes          diff $E diff wide.png tall.png --out d.png
expect 8-diff-image-bounded  "the diff image is at most 64 MP (here the 1x1 overlap)" test "$(wc -c < d.png)" -lt 100000
# 9. Slow inputs.
check 9-long-strings-parse   okerr $E run long-strings.scenario --record never
check 9-typing               okerr $E run typing.scenario --record never
check 9-typing-mixed         okerr $E run typing-mixed.scenario --record never
check 9-typing-middle        okerr $E run typing-middle.scenario --record never
check 9-json-entries         err $E catalog show many.json
check 9-zlib-bomb            err $E image info bomb.png
check 9-receive              okerr $E run receive.scenario --record never
check 9-idle-hours           okerr $E run idle.scenario --record never
# 10-13. Writes.
check 11-convert-to-folder   err $E catalog convert seedcat --to json --out outdir.json
expect 11-no-leftovers       "no outdir.images/ left behind" test ! -e outdir.images
check 12-frames-over-folder  err $E image frames small.gif --out framesdir
expect 12-folder-kept        "the folder named like a frame is intact" test -f framesdir/small-0.png/important.txt
expect 12-no-frames          "no frame written when one cannot be" test ! -e framesdir/small-1.png
check 13-diff-dev-null       diff $E diff wide.png wide2.png --out /dev/null
expect 13-dev-null           "/dev/null is still a character device" test -c /dev/null
check 13-convert-dev-null    ok $E catalog convert seedcat --to json --out /dev/null
expect 13-dev-null-again     "/dev/null is still a character device" test -c /dev/null
tmps=$(find . -name '.*.tmp-*' | wc -l)
expect 10-no-temporaries     "no temporary files left anywhere" test "$tmps" -eq 0
# 14. A symlink out of a code-point folder.
check 14-codepoint-symlink   err $E catalog check codepoints
expect 14-not-read           "/etc/passwd not echoed" sh -c '! grep -q "root:x:0" 14-codepoint-symlink.out'
# 15. Script catalog paths.
check 15-script-passwd       err $E run passwd.scenario
# 16. Messages.
check 16-nul-token           err $E run nul.scenario
expect 16-no-nul-echoed      "no NUL byte in the output" sh -c '! tr -d "\\000" < 16-nul-token.out | cmp -s - 16-nul-token.out; test $? -ne 0 || true; ! grep -qaP "\\x00" 16-nul-token.out'
check 16-huge-token          err $E run huge-token.scenario
expect 16-short-message      "the message is short" test "$(wc -c < 16-huge-token.out)" -lt 2000
check 16-emoji-test-dups     err $E catalog check dups.txt --format unicode
# 17. GIF edge cases.
check 17-gif-65535x1         ok $E image info wide.gif
check 17-gif-zero-image      ok $E image frames zero.gif --out zeroframes
check 17-gif-no-image        ok $E image info nodata.gif
check 17-gif-code-size-12    err $E image info codesize12.gif

# Issue 26, catalog items.
# 1. A plist nested 170,000 deep in <string> elements.
check 26-1-plist-deep-show    err $E catalog show deep
check 26-1-plist-deep-check   err $E catalog check deep
check 26-1-plist-deep-script  err $E run deep.scenario
expect 26-1-depth-named       "the error names the nesting" grep -q "nested more than 256 levels" 26-1-plist-deep-show.out
# 2. An 8,000,000-character group name and 300,000 groups: streamed, columns bounded.
check 26-2-show-wide-names    ok $E catalog show wide-names.json
expect 26-2-listing-bounded   "every line is short (columns cut at 40)" sh -c "[ \$(awk '{ if (length(\$0) > m) m = length(\$0) } END { print m }' 26-2-show-wide-names.out) -lt 300 ]"
expect 26-2-all-groups        "all 300,001 groups listed" sh -c "[ \$(grep -c '^  .* emoji' 26-2-show-wide-names.out) -eq 300001 ]"
check 26-2-show-wide-json     ok $E catalog show wide-names.json --json
# 4. Five 10000x10000 GIFs (35 bytes each) in the panel; thirty at the 4096x4096 limit drawn.
check 26-4-canvas-run         err $E run canvas5.scenario --record never
expect 26-4-canvas-named      "the refusal names the entry and the canvas" grep -q "entry 0: code \"b0\": image \"b0.gif\": canvas 10000x10000" 26-4-canvas-run.out
check 26-4-canvas-budget      ok $E run canvas30.scenario --record all
expect 26-4-budget-drawn      "the panel with thirty 4096x4096 emoji was drawn" sh -c 'find . -name p.png | grep -q canvas30'

# 5. catalog check on 80 of them: headers, not decodes.
check 26-5-check-canvases     err $E catalog check canvas80/c.json
expect 26-5-all-reported      "80 errors, each naming its entry" grep -q "^80 errors" 26-5-check-canvases.out
# 8. convert with codes that climb: nothing written anywhere.
check 26-8-convert-escape     err $E catalog convert escape/c.json --to json --out escape/out/a/b/x.json
expect 26-8-nothing-escaped   "no escaped.sequence anywhere, no x.json" sh -c '! find . -name "escaped*" | grep -q . && test ! -e /tmp/escaped2.sequence && test ! -e escape/out/a/b/x.json'
# 11. emoji-test.txt with CRLF line ends reads as with LF.
check 26-11-crlf-show         ok $E catalog show crlf/emoji-test.txt
expect 26-11-crlf-groups      "9 groups, 1990 emoji (as with LF)" grep -q "9 groups, 1990 emoji" 26-11-crlf-show.out
check 26-11-crlf-check        ok $E catalog check crlf
# 13. Duplicate group names and keys, UTF-16 JSON.
check 26-13-dup-group         err $E catalog check dupgroup.json
check 26-13-dup-group-txt     err $E catalog check dupgroup-test.txt --format unicode
check 26-13-dup-key           err $E catalog show dupkey.json
expect 26-13-dup-key-place    "the repeated key is named with its place" grep -q "dupkey.json:1:42: malformed JSON: member name \"version\" repeated" 26-13-dup-key.out
check 26-13-utf16             err $E catalog show utf16.json
expect 26-13-utf16-named      "UTF-16 is named" grep -q "UTF-16 text" 26-13-utf16.out


# Issue 26, the items beyond the catalogs.
# 3. Select-all, copy, paste, paste 34 times: the text view's default maximum holds.
check 26-3-paste-doubling     ok $E run paste-doubling.scenario --record never --trace
expect 26-3-cut-traced        "a paste past the maximum is cut with a trace line" grep -q "inputBar textTruncated limit=10000" 26-3-paste-doubling.out
# 6. 8,000 undo/redo pairs: linear.
check 26-6-redo               ok $E run redo.scenario --record never
# 7. A 10,000-frame APNG written as frames: one sync per batch.
check 26-7-frames-10k         ok $E image frames frames10k.apng --out frames10k
expect 26-7-all-frames        "10,000 frame files written" sh -c '[ $(ls frames10k | wc -l) -eq 10000 ]'
# 9. A symlinked snapshot folder: refused, nothing written outside the package.
check 26-9-symlink-pending    err sh -c "cd pkg && $E run Tests/flow.scenario"
check 26-9-symlink-record-all err sh -c "cd pkg && $E run Tests/flow.scenario --record all"
expect 26-9-symlink-named     "the message names the symlinked folder" grep -q "Snapshots/Tests/flow is a symlink" 26-9-symlink-record-all.out
expect 26-9-outside-intact    "outside/ holds only its own s.txt, unchanged" sh -c '[ "$(ls outside)" = s.txt ] && [ "$(cat outside/s.txt)" = theirs ]'
# 10. Writes past ulimit -f (SIGXFSZ ignored): "file too large", no temporary left.
check 26-10-fsize-convert     err sh -c "ulimit -f 16; exec $E catalog convert unicode --to json --out fsize.json"
check 26-10-fsize-frames      err sh -c "ulimit -f 16; exec $E image frames bigframes.apng --out fsizeframes"
check 26-10-fsize-run-gif     err sh -c "ulimit -f 16; exec $E run gif-write.scenario --gif --out fsizegif --record never"
expect 26-10-fsize-named      "each says the file is too large" sh -c 'grep -qi "too large" 26-10-fsize-convert.out && grep -qi "too large" 26-10-fsize-frames.out && grep -qi "too large" 26-10-fsize-run-gif.out'
tmps=$(find . -name '.*.tmp-*' | wc -l)
expect 26-10-no-temporaries   "no temporary files left by the failed writes" test "$tmps" -eq 0
# 12. A GIF cut short: accepted as browsers do, and said.
check 26-12-cut-info          ok $E image info cut.gif
expect 26-12-cut-said         "image info says where it was cut" grep -q "truncated after 4 frames" 26-12-cut-info.out
check 26-12-cut-check         okerr $E catalog check cutcat/c.json
expect 26-12-check-warns      "catalog check warns of it" grep -q "truncated after 0 frames" 26-12-cut-check.out
check 26-12-cut-trace         okerr $E run cutcat.scenario --record never --trace
expect 26-12-trace-line       "the run's trace names it" grep -q "imageIssue image=\"a.gif\" message=truncated after 0 frames" 26-12-cut-trace.out
# 14. Untrusted values echoed bounded and escaped.
check 26-14-big-kind          err $E catalog show bigkind.json
check 26-14-big-format        err $E catalog show bigformat.json
check 26-14-big-code          err $E catalog check bigcode.json
expect 26-14-short-lines      "every message under 2,000 bytes" sh -c '[ $(cat 26-14-big-kind.out 26-14-big-format.out 26-14-big-code.out | wc -L) -lt 2000 ]'
check 26-14-esc-group         okerr $E catalog show escgroup
expect 26-14-no-raw-esc       "no raw ESC byte reaches the terminal" sh -c '! grep -q "$(printf "\033")" 26-14-esc-group.out'
# 15. Errors with their place.
check 26-15-json-1e999        err $E catalog show num999.json
expect 26-15-1e999-place      "1e999 is reported at its line and column" grep -q "num999.json:1:40: malformed JSON: a number too large for a 64-bit" 26-15-json-1e999.out
check 26-15-json-1e400        err $E catalog show num400.json
expect 26-15-1e400-place      "-1e400 is reported at its line and column" grep -q "num400.json:1:110: malformed JSON: a number too large" 26-15-json-1e400.out
check 26-15-json-surrogate    err $E catalog show surrogate.json
expect 26-15-surrogate-named  "a lone surrogate is named with its place" grep -q "surrogate.json:1:[0-9]*.*lone high surrogate" 26-15-json-surrogate.out
check 26-15-script-utf8       err $E run badutf8.scenario
expect 26-15-utf8-line-2      "bad UTF-8 on line 2 is reported at 2:8" grep -q "badutf8.scenario:2:8: error: the file is not valid UTF-8" 26-15-script-utf8.out
check 26-15-bplist-length     err $E catalog show binlen
expect 26-15-bplist-byte      "a bad binary-plist length is refused with its byte" grep -q "string at byte 8 declares 14 bytes" 26-15-bplist-length.out
check fuzz-bplist-version     err $E catalog show bplistver
expect fuzz-bplist-version-named "a binary plist of another version is refused, not crashed on" grep -q "unknown version" fuzz-bplist-version.out
check 26-15-drag-far          err $E run drag-far.scenario
expect 26-15-drag-not-inf     "a 1e300 drag is refused in points, not inf" sh -c 'grep -q "a drag offset must be at most 10000pt" 26-15-drag-far.out && ! grep -q inf 26-15-drag-far.out'
check 26-15-nul-path          err $E run nulpath.scenario
expect 26-15-nul-named        "a NUL in a path is called a NUL" grep -q "NUL" 26-15-nul-path.out

# Round three, items 5-7, 20-22, 25 (issue 47).
# 5. orphans: a script with a typo keeps its references; a folder nothing produces stops
# the command; a subfolder of a package's Snapshots/ keeps its live references.
check r3-5-orphans-typo       err $E snapshots orphans --snapshots r3orph/Snapshots --delete
expect r3-5-typo-kept         "the typo is reported at its place and s.txt is kept" sh -c 'grep -q "flow.scenario:2:8: error: unknown expectation" r3-5-orphans-typo.out && test -f r3orph/Snapshots/flow/s.txt'
check r3-5-orphans-too-deep   err $E snapshots orphans --snapshots r3deep/Snapshots/flow --delete
expect r3-5-too-deep-kept     "nothing produced: it says so and deletes nothing" sh -c 'grep -q "none of its 1 references is produced" r3-5-orphans-too-deep.out && test -f r3deep/Snapshots/flow/s.txt'
check r3-5-orphans-subfolder  ok sh -c "cd r3sub && $E snapshots orphans --snapshots Snapshots/Tests/Scenarios --delete"
expect r3-5-subfolder-live    "the live reference stays, only gone.txt is deleted" sh -c 'test -f r3sub/Snapshots/Tests/Scenarios/f/s.txt && test ! -e r3sub/Snapshots/Tests/Scenarios/f/gone.txt'
# 6. Two x.scenario in two folders: a viewer page and an --out folder each, each linked.
check r3-6-same-names         ok $E run r3same/a/x.scenario r3same/b/x.scenario --viewer r3v --out r3o --report r3same.html --record missing
expect r3-6-two-of-each       "r3v/{a,b}/x.html and r3o/{a,b}/x/ written, the report links each" sh -c 'test -f r3v/a/x.html && test -f r3v/b/x.html && test -f r3o/a/x/trace.txt && test -f r3o/b/x/trace.txt && grep -q "href=\"r3v/a/x.html\"" r3same.html && grep -q "href=\"r3v/b/x.html\"" r3same.html && ! cmp -s r3o/a/x/trace.txt r3o/b/x/trace.txt'
# 7. Two snapshot names, one file: a parse error naming both lines.
check r3-7-styled-collision   err $E run r3collide.scenario
expect r3-7-styled-named      "the error is at line 3 and names line 2" grep -q "r3collide.scenario:3:10: error: snapshot 'a.styled' ascii writes a.styled.txt, which snapshot 'a' styled on line 2 also writes" r3-7-styled-collision.out
check r3-7-tree-collision     err $E run r3collide-tree.scenario
# 20. A name with CR and escape sequences: no raw CR or ESC in any line.
check r3-20-escaped-run       err $E run r3esc/x*.scenario --record never
check r3-20-escaped-parse     err $E run r3esc/y*.scenario
expect r3-20-no-raw-controls  "no raw ESC or CR reaches the terminal" sh -c '! cat r3-20-escaped-run.out r3-20-escaped-parse.out | grep -q "$(printf "\033")" && ! cat r3-20-escaped-run.out r3-20-escaped-parse.out | grep -q "$(printf "\r")" && grep -q "^FAIL .*\\\\u{1B}\[32mPASS" r3-20-escaped-run.out'
# 21. The review and accept commands, pasted into a shell, run nothing else.
check r3-21-quoted-commands   err sh -c "cd r3sh && $E run . --report r.html"
expect r3-21-pasted-safely    "6 printed commands (run, report), none touches PWNED" sh -c 'cd r3sh && { echo "emojisim() { :; }"; sed -n "s/^review: \(emojisim snapshots review .*\)  (or accept it: \(emojisim snapshots accept .*\))$/\1\n\2/p" ../r3-21-quoted-commands.out; grep -o "<code class=.cmd.>emojisim snapshots accept [^<]*" r.html | sed "s/^<code class=.cmd.>//"; } > paste.sh && [ $(grep -c "^emojisim snapshots" paste.sh) -eq 6 ] && sh paste.sh && test ! -e PWNED && test ! -e PWNED2'
# 22. A report named r#1.html: its large image's src is percent-encoded.
check r3-22-report-hash       ok $E run r3big.scenario --report "r#1.html" --record missing
expect r3-22-src-encoded      "<img src> is r%231.html.files/... and the file exists" sh -c 'grep -q "src=\"r%231.html.files/image-1.png\"" "r#1.html" && test -f "r#1.html.files/image-1.png"'
# 25. diff: the first bad byte's offset; a GIF named as a GIF.
check r3-25-diff-not-utf8     err $E diff r3ok.txt r3bad.txt
expect r3-25-offset-named     "the bad byte is named with its offset" grep -q "r3bad.txt:2:2: error: not UTF-8 text: byte 0xFF at byte offset 5" r3-25-diff-not-utf8.out
check r3-25-diff-gif          err $E diff r3a.gif r3a.gif
expect r3-25-gif-named        "a GIF is called a GIF, and what diff compares is said" grep -q "r3a.gif is a GIF image; diff compares PNG/PPM images or UTF-8 text" r3-25-diff-gif.out
# Issue 47 (round three), items 1-4, 8, 13: writes through symlinked output folders,
# temporaries left by a signal, named pipes as input (make_inputs.py links r.html.files,
# c.images, .build/snapshot-failures, .build/snapshot-review and the old fixed review
# folder in TMPDIR to r3out*/, which must stay empty).
empty() { [ -z "$(ls -A "$1")" ]; }
# 1 and 3. A failing run with a report: the report's image file and the artifacts are refused.
check 47-1-report-link        err sh -c "cd r3pkg && exec $E run Tests/flow.scenario --record never --report r.html"
expect 47-1-report-named      "the report names the linked r.html.files" grep -q "r.html.files is a symlink" 47-1-report-link.out
expect 47-1-nothing-through   "nothing written through r.html.files" empty r3out1
expect 47-3-artifacts-named   "the failure says its artifacts were not written, and why" grep -q "artifacts not written: .*snapshot-failures is a symlink" 47-1-report-link.out
expect 47-3-nothing-through   "nothing written through .build/snapshot-failures" empty r3out3
# 3. Review in the package: the diff picture is refused, the review goes on.
check 47-3-review-link        ok sh -c "cd r3pkg && echo s | exec $E snapshots review"
expect 47-3-review-named      "the review says the diff picture was not written" grep -q "diff image: not written .*snapshot-review is a symlink" 47-3-review-link.out
expect 47-3-review-through    "nothing written through .build/snapshot-review" empty r3out3r
# 4. Review outside a package: a fresh private folder, not the planted fixed name.
check 47-4-review-tmp         ok sh -c "cd r3loose && echo s | TMPDIR=$work/r3tmp exec $E snapshots review"
expect 47-4-not-fixed-name    "nothing written through TMPDIR/emojisim-snapshot-review" empty r3out4
expect 47-4-private-folder    "the diff picture is in a new emojisim-snapshot-review-XXXXXX, mode 700" sh -c 'd=$(ls -d r3tmp/emojisim-snapshot-review-*) && [ "$(stat -c %a "$d")" = 700 ] && test -f "$d/flow/p.png.diff.png"'
# 2. convert through a linked c.images.
check 47-2-convert-link       err $E catalog convert r3src/c.json --to json --out r3conv/c.json
expect 47-2-nothing-through   "nothing written through c.images, no c.json" sh -c 'test -z "$(ls -A r3out2)" && test ! -e r3conv/c.json'
# 8. A signal while the outputs are staged: the first output is a named pipe, so the
# command waits at its commit with every other file staged; SIGTERM or SIGHUP must end
# it (by the signal) with no temporary left. Then a later run removes stale temporaries
# of its own files (a dead pid's), and only those.
signal_case() {
    name=$1; sig=$2; dir=$3; count=$4; shift 4
    "$@" > "$name.out" 2>&1 &
    p=$!
    i=0
    while [ "$(find "$dir" -name '.*.tmp-*' | wc -l)" -lt "$count" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
    staged=$(find "$dir" -name '.*.tmp-*' | wc -l)
    kill -"$sig" $p
    i=0
    while kill -0 $p 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    kill -0 $p 2>/dev/null && kill -KILL $p
    wait $p
    rc=$?
    left=$(find "$dir" -name '.*.tmp-*' | wc -l)
    expect "$name" "$staged of $count staged, SIG$sig ended it (exit $rc), $left temporaries left" \
        test "$staged" -eq "$count" -a "$left" -eq 0 -a "$rc" -gt 128
}
mkdir -p r3sig/c.images r3frames
mkfifo r3sig/c.images/i00.png r3frames/r3loop-0.png
signal_case 47-8-convert-term TERM r3sig 40 $E catalog convert r3src/c.json --to json --out r3sig/c.json
signal_case 47-8-convert-hup  HUP  r3sig 40 $E catalog convert r3src/c.json --to json --out r3sig/c.json
signal_case 47-8-frames-term  TERM r3frames 3 $E image frames r3loop.gif --out r3frames
rm r3frames/r3loop-0.png
: > r3frames/.r3loop-1.png.tmp-999999999-4; : > r3frames/.r3loop-2.png.tmp-1-3; : > r3frames/.other.png.tmp-999999999-1
check 47-8-frames-stale       ok $E image frames r3loop.gif --out r3frames
expect 47-8-stale-removed     "a dead process's temporary of a frame is removed; pid 1's and another file's stay" \
    sh -c '[ "$(LC_ALL=C ls -A r3frames | tr "\n" " ")" = ".other.png.tmp-999999999-1 .r3loop-2.png.tmp-1-3 r3loop-0.png r3loop-1.png r3loop-2.png r3loop-3.png " ]'
rm -f r3frames/.other.png.tmp-999999999-1 r3frames/.r3loop-2.png.tmp-1-3
# 13. Named pipes as input: refused at once, not waited on.
mkfifo r3pipe
check 47-13-show-pipe         err $E catalog show r3pipe
check 47-13-check-pipe        err $E catalog check r3pipe
check 47-13-info-pipe         err $E image info r3pipe
check 47-13-diff-pipe         err $E diff r3pipe r3loop.gif
expect 47-13-named            "each says it is a named pipe" sh -c '[ $(cat 47-13-*-pipe.out | grep -c "is a named pipe, not a regular file") -ge 4 ]'
# Round three, items 11-12, 14, 16, 19 (issue 47).
# 11. The monkey's steps: linear now (20,000 steps took 12.9 s and 100,000 161 s; a step
# costs about 0.5 ms of simulation, so 100,000 steps stay past 20 s: see the issue note).
check 47-11-monkey-20k         ok $E monkey --steps 20000 --scripts 1 --out monkeyout
# 12. Search: a 10,000-character query is refused; queries at the bound against a 1 MB
# keyword, and against a 15 MB catalog, are matched in linear time.
check 47-12-search-long        err $E run r3-search-long.scenario --record never
expect 47-12-query-bound       "the query's bound is named at its line" grep -q "r3-search-long.scenario:4:8: error: a search query is at most 256 UTF-8 bytes (this one is 10000)" 47-12-search-long.out
check 47-12-search-keyword     ok $E run r3-search-kw.scenario --record never
check 47-12-search-big         ok $E run r3-search-big.scenario --record never
# 14. `expect no trace` over a 50,000-line window, 1,000 times.
check 47-14-no-trace           ok $E run r3-notrace.scenario --record never
check 47-14-no-trace-mixed     ok $E run r3-notrace-mixed.scenario --record never
# 16. 20,000 failing `expect input ""` after 10,000 U+202E: bounded quotes, 100 described.
check 47-16-rlo-failures       err $E run r3-rlo.scenario --record never
expect 47-16-counted           "the failures past the first 100 are counted in one line" grep -q "and 19900 more failed expectations (lines 103-20002)" 47-16-rlo-failures.out
expect 47-16-bounded           "the output stays under 1 MB" test "$(wc -c < 47-16-rlo-failures.out)" -lt 1000000
# 19. One grapheme cluster of 1,000,001 scalars in a JSON kind and code, an emoji-test.txt status.
check 47-19-cluster-kind       err $E catalog show r3-cluster-kind.json
check 47-19-cluster-code       err $E catalog check r3-cluster-code.json
check 47-19-cluster-status     err $E catalog show --format unicode r3-cluster-test.txt
longest=$(cat 47-19-cluster-kind.out 47-19-cluster-code.out 47-19-cluster-status.out | LC_ALL=C awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
expect 47-19-short-lines       "every message line under 8 KB (longest: $longest bytes)" test "$longest" -lt 8192
# Round three, items 9-10 (issue 47).
# 9. A 100,000-step viewer page: under 3 MB, the failing step (line 60,003) selected.
check r3-9-viewer-steps       err $E run r3-9-steps.scenario --viewer r3v9 --record never
expect r3-9-page-bound        "the page is under 3,000,000 bytes" sh -c '[ $(wc -c < r3v9/r3-9-steps.html) -lt 3000000 ]'
expect r3-9-failing-selected  "the failing step is selected" grep -q 'class="step expect fail selected" data-line="60003"' r3v9/r3-9-steps.html
expect r3-9-left-out-said     "a row says which steps were left out" grep -q '<li class="elided"' r3v9/r3-9-steps.html
# 10. 16 virtual hours with GIFs playing, captured for the viewer and as a GIF, within 20 s.
check r3-10-idle-viewer       ok $E run r3-10-idle.scenario --viewer r3v10 --record never
check r3-10-idle-gif          ok $E run r3-10-idle.scenario --gif --out r3g10 --record never
expect r3-10-outputs          "the page and the GIF are written" sh -c 'test -s r3v10/r3-10-idle.html && test -s r3g10/r3-10-idle.gif'
# Round three, items 15, 17, 18, 23, 24 (issue 47).
# 15. Eight and 24 GIFs with 4096x4096 canvases in one message, drawn once: decoders'
# state within the library's budget (512 MiB), frames decoded on demand (the snapshot is
# new, so the run ends "pending review": exit 1 is fine, a signal or timeout is not).
check 47-15-big-canvas-8      okerr $E run bigcanvas8.scenario
check 47-15-big-canvas-24     okerr $E run bigcanvas24.scenario
# 18. Image paths with a newline or tab: refused at load, with the place.
check 47-18-control-name      err $E catalog show ctlname.json
expect 47-18-control-named    "the newline is named with its line and column" grep -q "ctlname.json:1:.*entry 0: key 'image'.*U+000A" 47-18-control-name.out
# 23. A 0x0 GIF: no 0x0 PNG written.
check 47-23-zero-canvas       err $E image frames zerocanvas.gif --out r3zeroframes
expect 47-23-nothing-written  "no frame folder is made" test ! -e r3zeroframes
# 24. A PNG with a bad IDAT CRC: warned at the catalog line and traced.
check 47-24-bad-crc           ok $E run badcrc.scenario --record never --trace
expect 47-24-bad-crc-warned   "run warns of the unreadable image" grep -q "badcrc.scenario:1:1: warning: image \"a.png\": unreadable" 47-24-bad-crc.out
expect 47-24-bad-crc-traced   "the trace names it" grep -q "imageIssue image=\"a.png\" message=unreadable" 47-24-bad-crc.out
# Round three, issue 47's leftovers (stop 42).
# 4. The same file named twice runs once: one page, one report entry, no "-2" page.
check 47-r4-same-file-twice   ok $E run r4same.scenario r4same.scenario --viewer r4v --report r4.html --record never
expect 47-r4-one-page         "one page and no -2 page" sh -c 'test -s r4v/r4same.html && [ "$(ls r4v)" = r4same.html ]'
expect 47-r4-one-entry        "the report links the page once" sh -c '[ "$(grep -o "href=\"r4v/r4same.html\"" r4.html | wc -l)" -eq 1 ]'
# 4. Steps a page left out: --viewer-at LINE opens the page there, still under 3 MB.
check 47-r4-viewer-at         err $E run r3-9-steps.scenario --viewer r4v9 --viewer-at 30002 --record never
expect 47-r4-viewer-at-line   "line 30,002 is selected" grep -q 'selected" data-line="30002"' r4v9/r3-9-steps.html
expect 47-r4-viewer-at-bound  "the page is under 3,000,000 bytes" sh -c '[ $(wc -c < r4v9/r3-9-steps.html) -lt 3000000 ]'
expect 47-r4-gap-says-how     "the left-out row names --viewer-at" grep -q 'run the script again with --viewer-at LINE' r4v9/r3-9-steps.html
check 47-r4-viewer-at-alone   err $E run r4same.scenario --viewer-at 3
# 5. --gif of eight 4096x4096-canvas GIFs in one message, within 20 s and 2 GiB.
check 47-r4-big-canvas-8-gif  okerr $E run bigcanvas8.scenario --gif --out r4gif8 --record never
expect 47-r4-big-canvas-gif   "the GIF is written" test -s r4gif8/bigcanvas8.gif
# 26. pygif's undecided cases: refused with the byte offset, or a frame with the issue said.
check 47-r4-26-zero-width     err $E image frames r4zerow.gif --out r4zw
expect 47-r4-26-zero-said     "no image, at byte 19" grep -q "no image in the file at byte 19" 47-r4-26-zero-width.out
check 47-r4-26-code-12        err $E image frames r4code12.gif --out r4c12
check 47-r4-26-code-255       err $E image frames r4code255.gif --out r4c255
expect 47-r4-26-code-said     "the code size and its byte" grep -q "invalid LZW minimum code size 255 (must be 1 to 8) at byte 29" 47-r4-26-code-255.out
check 47-r4-26-max-size       err $E image frames r4maxsize.gif --out r4max
expect 47-r4-26-max-said      "the size and its byte" grep -q "image size 65535x65535 exceeds the limits at byte 6" 47-r4-26-max-size.out
check 47-r4-26-bad-code       err $E image frames r4badcode.gif --out r4bad
expect 47-r4-26-bad-code-said "the bad code and its byte" grep -q "frame 0: invalid LZW code 7 (table has 6 entries) at byte 30" 47-r4-26-bad-code.out

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
