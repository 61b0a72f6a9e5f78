#!/bin/sh
# A text log with a few NUL bytes or bytes of invalid UTF-8 (a terminal
# capture, a `script` log) is read, with one warning naming their offsets;
# only what is mostly not text is refused as binary.
. "$(dirname "$0")/lib.sh"

printf 'Release:\n\n\000\000Benchmark 1: ./a\n  Time (mean \302\261 \317\203):     5.0 ms \302\261   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n  Range (min \342\200\246 max):    1.0 ms \342\200\246   9.0 ms    10 runs\n\377\376 residue\n' >"$T/capture.log"
run import "$T/capture.log"
expect_rc 0 "a capture with two NULs"
expect_err 'capture.log:3: warning: 2 NUL bytes at offsets 10, 11; 2 bytes of invalid UTF-8 at offsets 164, 165; read on as text'
expect_out 'variant "Release" (label, line 1)  scenario "./a"  7 measurements'

# mostly NULs and control bytes: a binary, refused by its first bytes
printf '\001\002\003\000\000\000\004\005abc\000\000' >"$T/blob"
run import "$T/blob"
expect_rc 2 "a binary"
expect_err 'binary file (NUL byte at offset 3), not a text log; skipped'

# a large file (mapped, util/textin.c) is checked a piece at a time as it is hashed: a
# character across the first piece's end (256 KiB) is one character, and defects
# far into the text are found at their offsets, on their line, as when it is read from stdin
pad() { yes 'ascii padding, a line of a long log of plain text' | head -c "$1"; }
{
	pad 262143
	printf '\302\261'
	pad $((3000000 - 262145))
	printf '\000'
	pad $((4500000 - 3000001))
	printf '\377'
	pad 700000
	printf '\n\nRelease:\n\nBenchmark 1: ./long\n  Time (mean \302\261 \317\203):     5.0 ms \302\261   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n  Range (min \342\200\246 max):    1.0 ms \342\200\246   9.0 ms    10 runs\n'
} >"$T/long.log"
[ "$(wc -c <"$T/long.log")" -ge 4194304 ] || fail "the long log is under 4 MiB: it would be read, not mapped"
line=$(($(head -c 3000000 "$T/long.log" | wc -l) + 1))
want="$line: warning: 1 NUL byte at offset 3000000; 1 byte of invalid UTF-8 at offset 4500000; read on as text"
run import -n "$T/long.log"
expect_rc 0 "a long log with two defects"
expect_err "long.log:$want"
expect_re 'variant "Release" \(label, line [0-9]+\)  scenario "./long"  7 measurements'
[ "$(grep -c warning "$T/err")" -eq 1 ] || { cat "$T/err" >&2; fail "the long log: one warning wanted"; }
"$BD" import -n - <"$T/long.log" >"$T/out" 2>"$T/err"
expect_err "<stdin>:$want"
