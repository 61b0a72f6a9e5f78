#!/bin/sh
# compare --matrix: every variant in one table, baseline first, in text,
# Markdown (one GitHub table, checked with cmark-gfm: one <table>, every
# variant a column, Markdown in names escaped), CSV and JSON; sizes in
# exact bytes; JSON's baseline is the display name `list variants` shows.
. "$(dirname "$0")/lib.sh"

command -v cmark-gfm >/dev/null 2>&1 || { [ "${CI:-}" = true ] && fail "cmark-gfm is missing (scripts/deps.sh test)"; echo "  SKIP: no cmark-gfm"; exit 0; }

for f in quilkin rathole bbolt llrt; do
	run import samples/issues/seed-$f.txt
	expect_rc 0 "import seed-$f"
done
Q="Evaluate LTO, CGU=1, Profile-Guided Optimization (PGO) and LLVM BOLT"
B="Evaluate using Profile-Guided Optimization (PGO) and Post-Link Optimization (PLO)"
R="Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT"

# text: one header line lettering every variant, the baseline first, each
# letter named in full above it (the names would make it 170 columns wide);
# exact bytes; no line of the table past 120 columns
run compare --matrix -e "$Q"
expect_rc 0 "compare --matrix text"
expect_re '^ +A +B +C +D +E$'
expect_re '^A  relay_release \(baseline\)$'
expect_re '^E  relay_release_instrumented$'
for e in "$Q" "$B" "$R"; do
	run compare --matrix -e "$e"
	w=$(sed -n '/^ *A  *B/,/^$/p' "$T/out" | while IFS= read -r l; do printf '%s' "$l" | LC_ALL=C.UTF-8 wc -m; done | sort -n | tail -1)
	[ "${w:-0}" -le 120 ] || { cat "$T/out"; fail "$e: a matrix line of $w columns"; }
done
run compare --matrix -e "$Q"
expect_re '^text +20,172,458 B +16,134,916 B +-20\.0% +✓ +17,604,486 B +-12\.7% +✓( |$)'
expect_out "~ no change beyond the noise"
[ "$(grep -c 'against' "$T/out")" -eq 1 ] || fail "--matrix printed more than one table"
# plain compare prints exact bytes too
run compare -e "$Q"
expect_re '^text +20,172,458 B +16,134,916 B'

# markdown: one table, a column per variant (+ the metric), as GitHub renders it
for e in "$Q" "$B" "$R"; do
	run compare --matrix -f markdown -e "$e"
	expect_rc 0 "compare --matrix -f markdown"
	cmark-gfm -e table "$T/out" >"$T/html"
	n=$(grep -c '<table>' "$T/html")
	[ "$n" -eq 1 ] || fail "$e: $n <table> in the Markdown, want 1"
	vars=$(BENCHDELTA_STORE=$BENCHDELTA_STORE "$BD" list variants -e "$e" | tail -n +2 | wc -l)
	cols=$(sed -n '/<thead>/,/<\/thead>/p' "$T/html" | grep -c '<th[ >]')
	[ "$cols" -eq $((vars + 1)) ] || fail "$e: $cols header cells, want $((vars + 1))"
	rows=$(sed -n '/<tbody>/,/<\/tbody>/p' "$T/html" | grep -c '<tr>')
	[ "$rows" -ge 4 ] || fail "$e: $rows body rows"
done
run compare --matrix -f markdown -e "$B"
cmark-gfm -e table "$T/out" >"$T/html"
grep -q '<th align="right">Release + PGO optimized + BOLT instrumented</th>' "$T/html" || { cat "$T/html"; fail "bbolt's last variant is not a header cell"; }

# names holding Markdown read as typed
printf 'Benchmark 1: ./app\n  Time (mean ± σ):      10.0 ms ±   0.1 ms    [User: 9.0 ms, System: 1.0 ms]\n  Range (min … max):     9.8 ms …  10.2 ms    10 runs\n' >"$T/a.txt"
printf 'Benchmark 1: ./app\n  Time (mean ± σ):       8.0 ms ±   0.1 ms    [User: 7.0 ms, System: 1.0 ms]\n  Range (min … max):     7.8 ms …   8.2 ms    10 runs\n' >"$T/b.txt"
run import -e marks -V 'rel_*base*' "$T/a.txt"
run import -e marks -V 'a <b> `c` d_e_' "$T/b.txt"
expect_rc 0 "import marks"
run compare --matrix -f markdown -e marks
cmark-gfm -e table "$T/out" >"$T/html"
grep -qF '<th align="right">rel_*base* (baseline)</th>' "$T/html" || { cat "$T/out" "$T/html"; fail "the baseline's name did not read as typed"; }
grep -qF '<th align="right">a &lt;b&gt; `c` d_e_</th>' "$T/html" || { cat "$T/out" "$T/html"; fail "the candidate's name did not read as typed"; }

# csv: one line per metric and variant
run compare --matrix -f csv -e "$R"
expect_rc 0 "compare --matrix -f csv"
head -1 "$T/out" | grep -q '^"experiment","scenario","subject","quantity","metric"' || fail "csv header"
[ "$(grep -c '"sender.bitrate"' "$T/out")" -eq 2 ] || fail "csv: sender.bitrate not on one line per variant"
grep -q '"sender.bitrate","sender.bitrate","bit/s","higher","Rathole Release + PGO-optimized","0","4","4",.*"better"' "$T/out" || { cat "$T/out"; fail "csv candidate line"; }

# json: the baseline is the display name, as `list variants` shows it
run compare --matrix -f json -e "$R"
expect_rc 0 "compare --matrix -f json"
expect_out '"baseline": "Rathole Release",'
run compare -f json -e "$R"
expect_out '"baseline": "Rathole Release",'
BENCHDELTA_STORE=$BENCHDELTA_STORE "$BD" list variants -e "$R" | grep -q '^Evaluate.*Rathole Release  .*\*' || fail "list variants disagrees"

# --matrix takes a baseline, not candidates
run compare --matrix -e "$R" "Rathole Release + PGO-optimized"
expect_rc 0 "--matrix BASE"
expect_re '^ +Rathole Release \+ PGO-optimized +Rathole Release$'
run compare --matrix -e "$R" "Rathole Release" "Rathole Release + PGO-optimized"
expect_rc 1 "--matrix BASE CAND"
expect_err "--matrix shows every variant"
