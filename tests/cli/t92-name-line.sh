#!/bin/sh
# The line that named a run's variant is kept when the run is named (runs.csv's
# name_line): show names it, source marks it '='; for a legend that is the
# legend's line alone, not every line that mentions the name. A store written
# before the column existed still loads, and finds the line by searching.
. "$(dirname "$0")/lib.sh"

run import samples/issues/seed-llrt.txt samples/issues/seed-quilkin.txt samples/hyperfine/hand-new-us.txt
expect_rc 0 "import"
dir=$(grep -l '15a9446874f5' "$BENCHDELTA_STORE"/data/*/runs.csv | xargs dirname)
head -1 "$dir/runs.csv" | grep -q '"flags","name_line"$' || fail "runs.csv has no name_line column"
grep -q '^"15a9446874f5:34.2",.*"Release","release","legend",.*,"44"$' "$dir/runs.csv" ||
	{ cat "$dir/runs.csv"; fail "the Release run's legend line is not stored"; }

# a legend: its line, though "release" stands on lines 27 and 42 too (the commands)
run show 15a9446874f5:34.2
expect_rc 0 "show"
expect_out "variant     Release (legend, line 44)"
run source -C 0 15a9446874f5:34.2
expect_out "44 = , where llrt_release - usual Release version"
grep -q '^27 =' "$T/out" && fail "source marks the command line 27 as naming the variant"
# a command: the line it was read from; a size row's file name: its own line
run show 4a8f752e4167:5.2
expect_out "variant     app_pgo (command, line 5)"
quilkin=$(grep -ho '"[0-9a-f]*:[0-9.]*","size[^"]*","[0-9]*","[0-9]*","[^"]*","[^"]*","relay_release"' \
	"$BENCHDELTA_STORE"/data/*/runs.csv | head -1 | cut -d'"' -f2)
run show "$quilkin"
expect_out "variant     relay_release (filename, line 41)"

# a store written before name_line (and before manifests): it loads, the line is searched for
rm "$dir/manifest.csv"
sed -i 's/,"[^"]*"$//' "$dir/runs.csv"
head -1 "$dir/runs.csv" | grep -q '"flags"$' || fail "the column was not taken out"
run show 15a9446874f5:34.2
expect_rc 0 "show on an old store"
expect_out "variant     Release (legend, lines 27, 42, 44)"
run list runs
expect_rc 0 "list runs on an old store"
expect_out "15a9446874f5:28.1"
