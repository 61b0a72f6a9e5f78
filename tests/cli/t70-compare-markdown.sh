#!/bin/sh
# compare -f markdown (the pair tables, and what the TUI's y copies) escapes
# Markdown in names with the same escaper as --matrix: checked with
# cmark-gfm, a name holding * _ < ` and a scenario holding _ read as typed,
# one GitHub table per candidate, "<0.001" a p-value and not HTML.
. "$(dirname "$0")/lib.sh"

command -v cmark-gfm >/dev/null 2>&1 || { [ "${CI:-}" = true ] && fail "cmark-gfm is missing (scripts/deps.sh test)"; echo "  SKIP: no cmark-gfm"; exit 0; }

printf 'Benchmark 1: ./app_x --size big\n  Time (mean ± σ):      10.0 ms ±   0.1 ms    [User: 9.0 ms, System: 1.0 ms]\n  Range (min … max):     9.8 ms …  10.2 ms    1000 runs\n' >"$T/a.txt"
printf 'Benchmark 1: ./app_x --size big\n  Time (mean ± σ):       8.0 ms ±   0.1 ms    [User: 7.0 ms, System: 1.0 ms]\n  Range (min … max):     7.8 ms …   8.2 ms    1000 runs\n' >"$T/b.txt"
printf 'Benchmark 1: ./app_x --size big\n  Time (mean ± σ):       9.0 ms ±   0.1 ms    [User: 8.0 ms, System: 1.0 ms]\n  Range (min … max):     8.8 ms …   9.2 ms    1000 runs\n' >"$T/c.txt"
run import -e marks -V 'rel_*base*' "$T/a.txt"
run import -e marks -V 'a <b> `c` d_e_' "$T/b.txt"
run import -e marks -V 'pgo [lto] #1 ~x~ !' "$T/c.txt"
expect_rc 0 "import marks"
run compare -f markdown -e marks
expect_rc 0 "compare -f markdown"
cmark-gfm -e table "$T/out" >"$T/html"
n=$(grep -c '<table>' "$T/html")
[ "$n" -eq 2 ] || { cat "$T/out" "$T/html"; fail "$n tables, want one per candidate (2)"; }
# header cells: the baseline and each candidate as typed
grep -qF '<th align="right">rel_*base*</th>' "$T/html" || { cat "$T/out" "$T/html"; fail "the baseline's name did not read as typed"; }
grep -qF '<th align="right">a &lt;b&gt; `c` d_e_</th>' "$T/html" || { cat "$T/out" "$T/html"; fail "a candidate's name did not read as typed"; }
grep -qF '<th align="right">pgo [lto] #1 ~x~ !</th>' "$T/html" || { cat "$T/out" "$T/html"; fail "brackets, # or ~ in a name did not read as typed"; }
# the title line names both in bold, as typed
grep -qF '<strong>a &lt;b&gt; `c` d_e_</strong> against <strong>rel_*base*</strong> (baseline)' "$T/html" ||
	{ cat "$T/out" "$T/html"; fail "the title line did not read as typed"; }
# the scenario heading in italics, its underscore kept
grep -qF '<td align="left"><em>./app_x --size big</em></td>' "$T/html" || { cat "$T/out" "$T/html"; fail "the scenario heading"; }
# a p-value below 0.001 is text, not an HTML tag
grep -qF '<td align="right">&lt;0.001</td>' "$T/html" || { cat "$T/out" "$T/html"; fail "<0.001 did not read as typed"; }
# the significant verdict stays bold (our own markup is not escaped)
grep -qF '<strong>better</strong>' "$T/html" || { cat "$T/out" "$T/html"; fail "a significant verdict is not bold"; }
