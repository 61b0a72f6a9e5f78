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
