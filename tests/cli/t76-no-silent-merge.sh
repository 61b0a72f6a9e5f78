#!/bin/sh
# Experiments are never merged silently: another thread with the same
# title, or another file with the same base name, gets its own experiment
# with a name that tells it apart (its directory, else a counter), and the
# import line says so; the same thread (a block it repeats, or the same
# file) joins; -e joins by the user's word.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
mkdir -p "$T/projA" "$T/projB" "$T/projC"
cp samples/issues/thread-v1.md "$T/projA/thread.md"
# the same title, other numbers: another project's thread
sed 's/1\.204 s/2.404 s/; s/1\.131 s/2.231 s/' samples/issues/thread-v1.md >"$T/projB/thread.md"
sed 's/1\.204 s/3.404 s/; s/1\.131 s/3.231 s/' samples/issues/thread-v1.md >"$T/projC/thread.md"

run import "$T/projA/thread.md"
expect_out 'into experiment "Try BOLT on the tokenizer"'
run import "$T/projB/thread.md"
expect_rc 0 "second thread"
expect_out 'into experiment "Try BOLT on the tokenizer (projB)" (new: "Try BOLT on the tokenizer" holds another thread)'
# its directory's name is taken too (as "projB"): a counter
mkdir -p "$T/x/projB"; cp "$T/projC/thread.md" "$T/x/projB/thread.md"
run import "$T/x/projB/thread.md"
expect_out 'into experiment "Try BOLT on the tokenizer (2)" (new: '
run list
[ "$(grep -c '^Try BOLT on the tokenizer' "$T/out")" -eq 3 ] || fail "want 3 experiments: $(cat "$T/out")"
for e in "Try BOLT on the tokenizer " "Try BOLT on the tokenizer (projB)" "Try BOLT on the tokenizer (2)"; do
	grep -q "^$e *[0-9-]* *2 *2 *14 " "$T/out" || fail "experiment '$e' is not whole: $(cat "$T/out")"
done
# each keeps its own baseline and numbers
run compare -e "Try BOLT on the tokenizer (projB)" -f csv
expect_out '2.404'
if grep -q '1.204' "$T/out"; then fail "projA's numbers in projB's experiment"; fi

# a re-paste of a thread with a new comment joins it, adding only the new block
sed 's/1\.204 s/2.404 s/; s/1\.131 s/2.231 s/' samples/issues/thread-v2.md >"$T/projB/thread-v2.md"
run import "$T/projB/thread-v2.md"
expect_out '1 run, 7 measurements (2 blocks stored before) into experiment "Try BOLT on the tokenizer (projB)" (the same thread: it repeats blocks stored there)'

# files: the same base name in another directory is another experiment
run import samples/hyperfine/hand-damaged.txt
expect_out 'into experiment "hand-damaged"'
run import samples/time/hand-damaged.txt
expect_out 'into experiment "hand-damaged (time)" (new: "hand-damaged" holds another file)'
# the same file again, changed (one run more): it joins
cp samples/hyperfine/hand-relative.txt "$T/rel.txt"
run import "$T/rel.txt"
cat samples/hyperfine/single-run.txt >>"$T/rel.txt"
run import "$T/rel.txt"
expect_out 'into experiment "rel" (the same thread: '
# -e names the experiment: it joins whatever the title
run import -e "hand-damaged" samples/perf/hand-damaged.txt
expect_out 'into experiment "hand-damaged"'
if grep -q 'new:' "$T/out"; then fail "-e did not join"; fi
run list
expect_re '^hand-damaged +[0-9-]+ +4 +5 +20 +hyperfine,perf$'
grep -c '"flag.experiment","hand-damaged"' "$S"/data/*/source.csv | grep -q ':1$' || fail "-e not stored"
