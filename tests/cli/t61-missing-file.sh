#!/bin/sh
# A file that cannot be read is said once, naming it; a quick comparison
# does not add "no measurements found" after it (a readable file with no
# tool output still says that). Nothing is stored either way.
. "$(dirname "$0")/lib.sh"

run no/such/file.txt </dev/null
expect_rc 2 "a missing file"
expect_err "no/such/file.txt: error: cannot open"
[ "$(wc -l <"$T/err")" = 1 ] || { cat "$T/err" >&2; fail "a missing file said more than once"; }
printf 'no numbers here\n' >"$T/prose.txt"
run "$T/prose.txt" </dev/null
expect_rc 3 "a file without tool output"
expect_err "no measurements found in $T/prose.txt"
[ ! -e "$BENCHDELTA_STORE/data" ] || fail "a quick comparison stored something"
