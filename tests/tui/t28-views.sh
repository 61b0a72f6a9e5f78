#!/bin/sh
# CPU (4), Sizes (5) and Scorecard (6) on the four seed threads and on six
# variants sharing a long prefix (hyperfine, GNU time -v and size), at
# 80x24, 120x40 and 200x60; then what they must never do: show a metric
# zero in every variant, round a size, or mark an untested summary as
# significant; and their marks' attributes with colours and with NO_COLOR.
. "$(dirname "$0")/lib.sh"

for f in quilkin rathole bbolt llrt; do import samples/issues/seed-$f.txt; done
import tests/tui/six-variants.md

for size in 80x24 120x40 200x60; do
	tui_start "${size%x*}" "${size#*x}" -- ""
	tui_wait "EXPERIMENT"
	for i in 1 2 3 4 5; do
		for view in 4:CPU 5:Sizes 6:Scorecard; do
			tui_keys 1 g
			k=1
			while [ $k -lt $i ]; do tui_keys j; k=$((k + 1)); done
			tui_keys "${view%%:*}"
			tui_wait "benchdelta · ${view#*:} · "
			tui_wait "($i/5)"
			tui_expect "t28-${view#*:}-$i-$size"
		done
	done
	tui_stop
done

tui_start 120 40 -- ""
tui_wait "EXPERIMENT"
tui_keys G 4
tui_wait "user_time  user CPU time"
# GNU time -v's always-zero fields are left out; the ones that vary stay (read page by page)
: >"$TMP/cpu"
for page in 1 2 3 4 5; do
	tui_snap | tee "$TMP/page" >>"$TMP/cpu"
	tui_keys PageDown
	# the next page, once drawn (the last one does not change: give up after ~2 s)
	n=0
	while tui_snap | cmp -s - "$TMP/page" && [ $n -lt 40 ]; do
		n=$((n + 1))
		sleep 0.05
	done
done
grep -q "swaps\|major_faults" "$TMP/cpu" && fail "a metric zero in every variant is shown"
grep -q "involuntary_switches" "$TMP/cpu" || fail "involuntary_switches is not shown"
grep -q "max_rss  peak resident set size" "$TMP/cpu" || fail "the peak memory is not shown"
tui_keys 5
tui_wait "   text     812,345 B  790,112 B  -22,233 B    -2.7% ✓                   █"
tui_keys 6
tui_wait "time -3% ✓? (3 rows, 2 significant, 2 of"
tui_snap | grep -q '^ myservice-x86_64-release-lto-thin  *-3% ✓?  *-2\.7% ✓  *-2\.7% ✓  *≈-3% ✓?  *+3\.0% ✗?$' ||
	fail "scorecard line of lto-thin"
tui_stop

# quilkin's sizes: sorted by the size of the change, the total last, a bar on the side it goes
tui_start 100 30 -- ""
tui_wait "EXPERIMENT"
tui_keys 5
tui_wait "relay_lto against relay_release"
tui_snap | sed -n '/relay_lto against/,/^$/p' | awk 'NR > 1 && NF { print $1 }' | tr '\n' ' ' >"$TMP/order"
[ "$(cat "$TMP/order")" = "text data bss dec " ] || fail "sizes not sorted by |Δ|: $(cat "$TMP/order")"
tui_snap | grep -q 'data .*+10,408 B .*│█' || fail "a growing section's bar is not right of the axis"
tui_snap | grep -q 'text .*-4,037,542 B .*█│' || fail "a shrinking section's bar is not left of the axis"
tui_stop

# bbolt has no size table, only the binaries' sizes as written: the
# scorecard's size column takes those, and says so
tui_start 120 40 -- ""
tui_wait "EXPERIMENT"
tui_keys j j 6
tui_wait "(3/5)"
tui_snap | grep -q '^ VARIANT .*THROUGHPUT   FILE SIZE$' || fail "no FILE SIZE column on bbolt's scorecard"
tui_snap | grep -q '^ Release + PGO optimization + BOLT optimization .* ≈+230% ✗?$' || fail "bbolt's file size change"
tui_keys j
tui_wait "file size ≈+230% ✗? (1 row, untested)"
tui_stop

# at 80 columns no number is cut: the Sizes legend is whole, the pair view's
# exact bytes are whole, and a detail line drops whole fields, never half
# of a figure
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_keys 5
tui_wait "relay_lto against relay_release"
tui_snap | grep -q 'Δ %    shrink grow$' || fail "the bars' legend is cut at 80 columns"
tui_keys 3
tui_wait "   text   20,172,458 B 16,134,916 B   -20.0%"
tui_snap | grep -q '[0-9]…' && fail "a number is cut at 80 columns"
tui_keys 1 g j j j 2
tui_wait "(4/5)"
tui_wait "time: ¹ one run a side · the tool: 1.05 ± 0.04 times faster ·…"
tui_stop

# attributes: a significant summary is bold, an untested one dim, with and without colours
for mode in colour mono; do
	if [ $mode = colour ]; then tui_start 120 40 NO_COLOR= -- ""; else tui_start 120 40 -- ""; fi
	tui_wait "EXPERIMENT"
	tui_keys j 6
	tui_wait "(2/5)"
	tui_keys k # the baseline's line selected, so that the variant's is drawn plainly
	tui_wait "The baseline: every other line is against it."
	$T capture-pane -e -p -t t >"$TMP/$mode"
	sig=$(grep 'Release + PGO-optimized' "$TMP/$mode" | grep -o '\(.\[[0-9;]*m\)*+2\.3% ✓' | head -1)
	printf '%s' "$sig" | grep -q '\[1m' || fail "$mode: a summary of significant rows is not bold: $sig"
	tui_keys 1 j 6
	tui_wait "(3/5)"
	tui_keys k
	tui_wait "The baseline: every other line is against it."
	$T capture-pane -e -p -t t >"$TMP/$mode-u"
	unt=$(grep 'Release + PGO optimization  ' "$TMP/$mode-u" | grep -o '\(.\[[0-9;]*m\)*-20% ✓?' | head -1)
	printf '%s' "$unt" | grep -q '\[2m' || fail "$mode: an untested summary is not dim: $unt"
	printf '%s' "$unt" | grep -q '\[1m' && fail "$mode: an untested summary is bold: $unt"
	tui_stop
done
