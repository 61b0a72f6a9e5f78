#!/bin/sh
# Matrix, an experiment's first view, on the four seed threads and on six
# variants whose names share a long prefix, at 80x24, 120x40 and 200x60:
# every variant a column, the baseline first; headers full, trimmed of
# what they share, or letters with a legend; columns scroll with the
# metric and the baseline frozen. Then the marks' attributes: significant
# bold (and green/red with colours), untested dim, with and without NO_COLOR.
. "$(dirname "$0")/lib.sh"

for f in quilkin rathole bbolt llrt; do import samples/issues/seed-$f.txt; done
import tests/tui/six-variants.md

for size in 80x24 120x40 200x60; do
	tui_start "${size%x*}" "${size#*x}" -- ""
	tui_wait "EXPERIMENT"
	for i in 1 2 3 4 5; do
		tui_keys 1 g
		k=1
		while [ $k -lt $i ]; do tui_keys j; k=$((k + 1)); done
		tui_keys 2
		tui_wait "($i/5)"
		tui_wait "METRIC"
		tui_expect "t27-matrix-$i-$size"
	done
	tui_stop
done

# scrolling: at 80 columns the six variants (named without what they share) scroll, the
# metric and the baseline stay; at 100 the trimmed names take no less room than letters do
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_keys G 2
tui_wait "(5/5)"
tui_wait "baseline                    lto-thin"
tui_keys Right Right Right Right
tui_wait "myservice-x86_64-release-lto-fat-pgo-bolt · time:"
tui_expect t27-matrix-scrolled
tui_snap | grep -q '^ METRIC  *baseline ‹  *lto-fat-pgo-bolt$' || fail "the baseline column is not frozen at the left"
# 3 opens the pair view on the selected column and row; 2 comes back
tui_keys Down 3
tui_wait "candidate: myservice-x86_64-release-lto-fat-pgo-bolt"
tui_keys 2
tui_wait "myservice-x86_64-release-lto-fat-pgo-bolt · user:"
tui_stop

# attributes of the marks: with colours, and with NO_COLOR
for mode in colour mono; do
	if [ $mode = colour ]; then tui_start 120 40 NO_COLOR= -- ""; else tui_start 120 40 -- ""; fi
	tui_wait "EXPERIMENT"
	tui_keys j 2
	tui_wait "(2/5)"
	tui_keys Down # off the first row, so that it is not the selected (reversed) line
	tui_wait "Rathole Release + PGO-optimized · sender.bitrate"
	$T capture-pane -e -p -t t >"$TMP/$mode"
	# the escapes right before the change
	sig=$(grep 'receiver.bitrate' "$TMP/$mode" | grep -o '\(.\[[0-9;]*m\)*+2\.2%' | head -1)
	[ -n "$sig" ] || fail "$mode: no attribute before a significant change"
	case $mode in
	colour) printf '%s' "$sig" | grep -q '\[32m' && printf '%s' "$sig" | grep -q '\[1m' ||
		fail "colour: significant better is not bold green: $sig" ;;
	mono) printf '%s' "$sig" | grep -q '\[1m' || fail "mono: significant better is not bold: $sig" ;;
	esac
	tui_keys 1 j 2
	tui_wait "(3/5)"
	tui_wait "+37.1% ✓?" # the table drawn, not only the title (slow under sanitizers)
	$T capture-pane -e -p -t t >"$TMP/$mode-untested"
	unt=$(grep 'write.ops_per_sec' "$TMP/$mode-untested" | grep -o '\(.\[[0-9;]*m\)*+37\.1%' | head -1)
	[ -n "$unt" ] || fail "$mode: no attribute before an untested change"
	printf '%s' "$unt" | grep -q '\[2m' || fail "$mode: an untested change is not dim: $unt"
	printf '%s' "$unt" | grep -q '\[1m' && fail "$mode: an untested change is bold: $unt"
	[ "$unt" != "$sig" ] || fail "$mode: untested and significant look alike"
	tui_stop
done

# a column the window's edge cuts shows its figure, and its change with its
# mark only when both fit: never half a number ("-…") or a bare mark
tui_start 40 24 -- ""
tui_wait "EXPERIMENT"
tui_keys j j 2
tui_wait "(3/5)"
tui_wait "   write.time        8.91 s    6.50 s"
tui_snap | grep -q '[-+][0-9]*…' && fail "a change cut at the window's edge"
tui_snap | grep -q '^   write.time        8.91 s    6.50 s$' || fail "the cut column's figure is not whole"
tui_keys q
