#!/bin/sh
# reparse reads every stored text again with the current parsers: it keeps
# each import's flags, experiment and the user's edits (a variant set on a
# block, a rename), says per experiment what changed, writes nothing with
# -n, and VERSION's parsers generation tells 'list' when it is advised.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

run import samples/issues/thread-v1.md
run import samples/issues/thread-v2.md
run import -s 15=Custom samples/issues/labels-styles.md
run import -e Mine samples/hyperfine/hand-relative.txt
run rename-variant -e Mine tool_pgo PGO
run list variants
cp "$T/out" "$T/variants"
grep -q '^parsers [0-9]*$' "$S/VERSION" || fail "VERSION has no parsers line: $(cat "$S/VERSION")"
run list
if grep -q 'reparse' "$T/err"; then fail "reparse advised on a new store"; fi

# read by today's parsers already: nothing changes
sum=$(store_sum)
run reparse -n
expect_rc 0 "reparse -n"
expect_re '^Try BOLT on the tokenizer +2 +0 +0 +0 +0$'
expect_re '^Mine +1 +0 +0 +0 +0$'
expect_out 'dry run: nothing written'
[ "$(store_sum)" = "$sum" ] || fail "reparse -n wrote"

# an import read by "older parsers": a run missing, one named otherwise, a value off
lab=$(dirname "$(grep -l labels-styles "$S"/data/*/source.csv)")
rm "$lab/manifest.csv"
grep -v ':30\.1"' "$lab/runs.csv" | sed 's/"Release + PGO","release + pgo","label"/"PGO (old)","pgo old","label"/' >"$T/runs"
cp "$T/runs" "$lab/runs.csv"
grep -v ':30\.1"' "$lab/measurements.csv" | sed '2s/"mean","s","[0-9.e-]*"/"mean","s","9.5"/' >"$T/meas"
cp "$T/meas" "$lab/measurements.csv"
printf 'benchdelta-store 2\n' >"$S/VERSION"
run list
expect_err "note: the stored imports were read by older parsers (generation 1, now "
expect_err "'benchdelta reparse' reads them again"
sum=$(store_sum)
run reparse -n
expect_rc 0 "reparse -n on the old reading"
expect_re '^Label styles seen in the wild +1 +1 +0 +1 +1$'
expect_re '^Try BOLT on the tokenizer +2 +0 +0 +0 +0$'
[ "$(store_sum)" = "$sum" ] || fail "reparse -n wrote"
run reparse
expect_rc 0 "reparse"
expect_out '4 imports rewritten'
run list variants
cmp -s "$T/out" "$T/variants" || { diff "$T/variants" "$T/out"; fail "not the reading from before"; }
expect_re 'Custom'
expect_re '^Mine +PGO '
grep -q '^parsers [0-9]*$' "$S/VERSION" || fail "VERSION not updated"
run list
if grep -q 'reparse' "$T/err"; then fail "still advised"; fi
[ -s "$lab/manifest.csv" ] || fail "no manifest after reparse"
run fsck
expect_rc 0 "fsck after reparse"
# the -e flag, the instance (an rm still undoable) survive
grep -q '"flag.experiment","Mine"' "$S"/data/*/source.csv || fail "-e lost"
run rm Mine
run reparse
run undo
expect_rc 0 "undo of an rm across a reparse"
run list
expect_re '^Mine '
