#!/bin/sh
# import --set-variant is one commit: the edit is journaled before the data,
# so a kill between the two shows neither the runs nor the edit's effect,
# and running the command again stores the runs under the right name with
# no second edit. (strace kills the import at its Nth rename.)
. "$(dirname "$0")/lib.sh"
command -v strace >/dev/null || { echo "SKIP $test_name: strace is not installed"; exit 0; }
S=$BENCHDELTA_STORE

run import samples/hyperfine/release.txt
expect_rc 0 "seed"
# rename 1 commits the journal, rename 2 the text, rename 3 the data
strace -f -o /dev/null -e inject=rename:signal=SIGKILL:when=2 \
	"$BD" import -s 15=Custom samples/issues/labels-styles.md >/dev/null 2>&1
run list runs
expect_rc 0 "list after the kill"
if grep -q -e Custom -e 'Label styles' "$T/out"; then fail "half an import shows"; fi
run edits
expect_re '^ +1 .*import --set-variant +block at line 15 of labels-styles.md \([0-9a-f]{12}\) is variant "Custom"$'
run import -s 15=Custom samples/issues/labels-styles.md
expect_rc 0 "again"
expect_out 'imported samples/issues/labels-styles.md: 4 runs'
if grep -q 'recorded edit' "$T/out"; then fail "a second edit for the same fix"; fi
run list runs
expect_re 'Custom'
[ "$(grep -c '"variant"' "$S/edits.csv")" -eq 1 ] || fail "want one variant row"
[ -z "$(find "$S" -name '*.tmp.*' -o -name '.tmp-*')" ] || fail "leftovers: $(find "$S" -name '*tmp*')"

# killed before the journal's commit: nothing at all, and the next run records it once
run import samples/hyperfine/optimized.txt
strace -f -o /dev/null -e inject=rename:signal=SIGKILL:when=1 \
	"$BD" import -s 2=Fast samples/hyperfine/single-run.txt >/dev/null 2>&1
run edits
if grep -q Fast "$T/out"; then fail "edit recorded though killed before its commit"; fi
run import -s 2=Fast samples/hyperfine/single-run.txt
expect_rc 0 "after a kill before the commit"
expect_out 'recorded edit 2'
run list runs
expect_re 'Fast'
