#!/bin/sh
# The exploring keys on the Matrix: ~ hides the rows without a tested
# change, o orders the rows (by the change of the selected column), ] and
# [ go from one significant cell to the next, H opens the row's history,
# y copies the rows as shown through OSC 52 with the writer of
# `compare --matrix -f markdown` (byte for byte the same when nothing is
# hidden or sorted), Y writes that to a file; b on Runs sets the baseline
# (an edit u undoes).
. "$(dirname "$0")/lib.sh"

import tests/tui/six-variants.md
cd "$TMP" || exit 1 # Y writes into the current directory
tui_start 80 24 -- ""
$T set-option -g set-clipboard on
tui_wait "METRIC"
tui_wait "   user_time "
# y with every row in the table's order: exactly what the command prints
tui_keys y
tui_wait "Markdown lines (OSC 52)"
$T show-buffer >"$TMP/clip" 2>/dev/null || fail "no clipboard buffer after y"
BENCHDELTA_STORE=$STORE LC_ALL=C.UTF-8 "$BD" compare --matrix -f markdown >"$TMP/cli.md" || fail "compare --matrix"
diff -u "$TMP/cli.md" "$TMP/clip" || fail "y copied another text than compare --matrix -f markdown prints"
# find: / n over the metric names and headings
tui_keys / m a x Enter
tui_wait "/max: 1 of 1"
tui_keys g / s y s t e m Enter
tui_wait "/system: 1 of 4"
tui_keys n
tui_wait "/system: 2 of 4"
tui_keys N N
tui_wait "/system: 4 of 4 (wrapped)"
# ~: only the time rows changed beyond the noise with a test
tui_keys '~'
tui_wait "rows without a tested change hidden"
tui_wait "baseline myservice-x86_64-release-baseline · ~ hidden"
tui_gone "user_time"
[ "$(tui_snap | grep -c '^   time .*±')" = 2 ] || fail "~ should leave the two time rows (and the geomeans)"
tui_keys Y
tui_wait "wrote benchdelta-matrix-1.md"
grep -c '^| time |' "$TMP/benchdelta-matrix-1.md" | grep -qx 2 || fail "Y should write the two rows shown"
grep -q 'user_time' "$TMP/benchdelta-matrix-1.md" && fail "Y wrote a hidden row"
tui_keys '~'
tui_wait "every row shown"
tui_wait "user_time"
# ] and [: significant cells, row by row, column by column (the detail line names the cell)
tui_keys g # on the first row, itself significant
tui_wait "lto-thin · time: "
tui_keys ']'
tui_wait "lto-fat · time: "
tui_keys ']' ']' ']'
tui_wait "lto-fat-pgo-bolt · time: "
# the next row's first significant cell, then its last
tui_keys ']'
tui_wait "lto-thin · time: "
tui_keys ']' ']' ']' ']'
tui_wait "lto-fat-pgo-bolt · time: "
# then the exact byte counts (a change of `size`'s bytes is a fact), and back
tui_keys ']'
tui_wait "lto-thin · text: "
tui_keys '['
tui_wait "lto-fat-pgo-bolt · time: "
tui_keys '['
tui_wait "x86_64-release-pgo-bolt · time: "
# o: by name, then by the change of the selected column (pgo-bolt, where [ left it):
tui_keys G o
tui_wait "rows by name"
tui_keys o
tui_wait "rows by Δ of myservice-x86_64-release-pgo-bolt"
tui_keys g
tui_wait " render input.json"
# the render scenario starts with that column's largest fall: system_time -33.3%
tui_snap | grep -A1 '^ render input.json' | grep -q '^   system_time ' ||
	fail "render input.json's rows should start with system_time"
tui_keys o o o o # |Δ|, p, better, back
tui_wait "rows in the table's order"
tui_wait "   user_time "
tui_snap | grep -A1 '^ render input.json' | grep -q '^   user_time ' ||
	fail "the table's order should start with user_time"
# H: the history of the row's metric for the baseline and the selected column's variant
tui_keys g H
tui_wait "time · ./myservice parse input.json · history: 2 runs in 1 experiment"
tui_keys Escape
tui_wait "METRIC"
# the sort cycle gave the column back to the pair view's candidate: select pgo-bolt again
tui_keys Right Right Right
tui_wait "x86_64-release-pgo-bolt · time: "
# b on Runs: the selected variant becomes the view's baseline, B saves it, u undoes it
tui_keys Enter
tui_wait "Enter on a run: the text it was read from"
tui_keys G b
tui_wait "this view's baseline: myservice-x86_64-release-pgo-bolt"
tui_keys B
tui_wait "edit 1 · u undoes it"
BENCHDELTA_STORE=$STORE "$BD" edits | grep -q 'baseline of "six-variants" is "myservice-x86_64-release-pgo-bolt"' ||
	fail "b on Runs recorded no edit"
tui_wait "go-bolt (baseline)"
tui_keys u
tui_wait "undid edit 1"
tui_wait "aseline (baseline)"
BENCHDELTA_STORE=$STORE "$BD" edits | grep -q 'undo edit 1: baseline' || fail "u recorded no undo"
tui_keys q

