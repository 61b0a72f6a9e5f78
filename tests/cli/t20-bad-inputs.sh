#!/bin/sh
# Inputs that cannot be imported: a clear message naming the file, the
# documented exit code, and a store left exactly as it was.
. "$(dirname "$0")/lib.sh"

run import samples/hyperfine/release.txt
expect_rc 0 "seed the store"
before=$(store_sum)

run import "$T/no-such-file.txt"
expect_rc 2 "missing file"
expect_err "$T/no-such-file.txt"
expect_err "No such file or directory"
[ "$(store_sum)" = "$before" ] || fail "missing file changed the store"

run import samples
expect_rc 2 "directory"
expect_err "samples: error: is a directory"
[ "$(store_sum)" = "$before" ] || fail "directory changed the store"

: >"$T/empty.txt"
run import "$T/empty.txt"
expect_rc 3 "empty file"
expect_err "empty.txt: warning: empty"
[ "$(store_sum)" = "$before" ] || fail "empty file changed the store"

printf '\177ELF\002\001\001\000\000\000\000\000binary' >"$T/prog"
run import "$T/prog"
expect_rc 2 "binary file"
expect_err "binary file (NUL byte at offset 7)"
[ "$(store_sum)" = "$before" ] || fail "binary file changed the store"

printf 'just some prose\nwith no tool output in it\n' >"$T/prose.txt"
run import "$T/prose.txt"
expect_rc 3 "no measurements"
expect_err "prose.txt: warning: no measurements found"
[ "$(store_sum)" = "$before" ] || fail "prose changed the store"

# garbage bytes and a huge line around a good block: the block is still found
{ head -c 3000000 /dev/zero | tr '\0' 'x'; echo; printf '\377\376 \303\050 garbage\n'; cat samples/hyperfine/optimized.txt; } >"$T/noisy.txt"
run import "$T/noisy.txt"
expect_rc 0 "noisy file"
expect_out 'variant "noisy" (input)'

# a good file beside a missing one: the good one is imported, the exit says 2
run import samples/hyperfine/single-run.txt "$T/missing.txt"
expect_rc 2 "one missing among good files"
expect_out 'imported samples/hyperfine/single-run.txt'
