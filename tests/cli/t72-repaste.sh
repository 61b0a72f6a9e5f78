#!/bin/sh
# Re-pasting a thread that gained a comment adds only the new blocks.
. "$(dirname "$0")/lib.sh"

run import samples/issues/thread-v1.md
expect_rc 0 "first paste"
expect_out '2 runs, 14 measurements into experiment "Try BOLT on the tokenizer"'
run import samples/issues/thread-v2.md
expect_rc 0 "second paste"
expect_out 'thread-v2.md:8-10  hyperfine  already stored'
expect_out 'thread-v2.md:16-18  hyperfine  already stored'
expect_out 'thread-v2.md:28-30  hyperfine  variant "Release + PGO + BOLT" (label, line 25)'
expect_out '1 run, 7 measurements (2 blocks stored before) into experiment "Try BOLT on the tokenizer"'
run list runs
[ "$(grep -c 'Try BOLT' "$T/out")" -eq 3 ] || fail "want 3 runs: $(cat "$T/out")"
# the same thread a third time, unchanged: nothing at all
run import samples/issues/thread-v2.md
expect_rc 0 "third paste"
expect_out 'already imported (the same text); nothing added'
# stdin: the piped thread is the same text
run import - <samples/issues/thread-v1.md
expect_rc 0 "piped"
expect_out 'already imported (the same text); nothing added'
