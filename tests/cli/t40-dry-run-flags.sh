#!/bin/sh
# --dry-run shows the plan and stores nothing; -e and -V are recorded as
# import flags and applied on load, the parsed variant is kept underneath.
. "$(dirname "$0")/lib.sh"

run import --dry-run samples/hyperfine/hand-new-us.txt
expect_rc 0 "dry run"
expect_out 'hand-new-us.txt:5-7  hyperfine  variant "app_pgo" (command, line 5)'
expect_out 'dry run: nothing stored'
[ ! -e "$BENCHDELTA_STORE" ] || fail "dry run created the store"

run import -n -V "Release + LTO" samples/hyperfine/release.txt
expect_out 'variant "Release + LTO" (flag)'

run import -e "My experiment" -V "Release + LTO" samples/hyperfine/release.txt
expect_rc 0 "import with flags"
run list variants
expect_out "My experiment"
expect_out "Release + LTO"
grep -q '"variant","release"' "$BENCHDELTA_STORE"/data/*/runs.csv 2>/dev/null ||
	grep -q '"release","release","input"' "$BENCHDELTA_STORE"/data/*/runs.csv ||
	fail "the parsed variant is not kept in runs.csv"
grep -q '"flag.variant","Release + LTO"' "$BENCHDELTA_STORE"/data/*/source.csv ||
	fail "the -V flag is not recorded"

# stdin
run import - <samples/hyperfine/optimized.txt
expect_rc 0 "import from stdin"
expect_out '<stdin>:1-3  hyperfine  variant "stdin" (input)'
