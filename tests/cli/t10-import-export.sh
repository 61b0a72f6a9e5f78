#!/bin/sh
# import → export: the TSV contract, values reading back exactly, re-import adds nothing.
. "$(dirname "$0")/lib.sh"

run import samples/hyperfine/o0-vs-o2.txt
expect_rc 0 "import"
expect_out 'samples/hyperfine/o0-vs-o2.txt:1-3  hyperfine  variant "fib_O0" (command, line 1)  scenario "30"  7 measurements'
expect_out 'imported samples/hyperfine/o0-vs-o2.txt: 2 runs, 14 measurements into experiment "o0-vs-o2"'

run export -f tsv
expect_rc 0 "export"
head -1 "$T/out" | grep -q '^experiment	run	format	variant	scenario	metric	unit	value' ||
	fail "export header: $(head -1 "$T/out")"
[ "$(wc -l <"$T/out")" -eq 15 ] || fail "want 14 measurements + header, got $(wc -l <"$T/out") lines"
# every value is a plain number that reads back as written
awk -F '\t' 'NR > 1 && $8 !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ { print "bad value " $8; exit 1 }' "$T/out" ||
	fail "non-numeric value"
grep -q '	fib_O2	30	time.mean	s	' "$T/out" || fail "no time.mean row for fib_O2"

run export -f csv
expect_rc 0 "export csv"
head -1 "$T/out" | grep -q '^"experiment","run","format","variant","scenario","metric","unit","value"' ||
	fail "csv header"
run export -f json
expect_rc 0 "export json"
expect_out '"variant": "fib_O0"'
expect_out '"metric": "time.mean"'

before=$(store_sum)
run import samples/hyperfine/o0-vs-o2.txt
expect_rc 0 "re-import"
expect_out 'already imported (the same text); nothing added'
[ "$(store_sum)" = "$before" ] || fail "re-import changed the store"

# the same blocks pasted inside a longer text: only the new block is added
{ echo "Results, once more:"; echo; cat samples/hyperfine/o0-vs-o2.txt; echo; cat samples/hyperfine/single-run.txt; } >"$T/thread.md"
run import "$T/thread.md"
expect_rc 0 "import of a text with old and new blocks"
expect_out 'already stored'
expect_out '1 run, 4 measurements (1 block stored before)'
run list runs
[ "$(grep -c hyperfine "$T/out")" -eq 3 ] || fail "want 3 runs, got: $(cat "$T/out")"
