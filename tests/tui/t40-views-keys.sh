#!/bin/sh
# Find, copy and the mouse on CPU, Sizes and Scorecard: / n N search their
# lines ("metric · variant" for a figure), y copies what the screen lists
# as one Markdown table (CPU and Sizes through compare --matrix's writer,
# their rows only), Y writes it to a file, a click selects a line and the
# wheel scrolls; on the Matrix a double click opens the runs of a cell.
. "$(dirname "$0")/lib.sh"

click() { tui_keys -l "$(x10 0 "$1" "$2")$(x10 3 "$1" "$2")"; }

import tests/tui/six-variants.md
cd "$TMP" || exit 1 # Y writes into the current directory
tui_start 80 24 -- ""
$T set-option -g set-clipboard on
tui_wait "METRIC"
# CPU
tui_keys 4
tui_wait "CPU figures of 6 variants"
tui_keys / m a x _ r s s Enter
tui_wait "/max_rss: 1 of 7"
tui_wait "   max_rss  peak resident set size"
tui_keys / l t o - f a t '$' Enter
tui_wait "/lto-fat$: "
tui_keys y
tui_wait "Markdown lines (OSC 52)"
$T show-buffer >"$TMP/clip" 2>/dev/null || fail "no clipboard buffer after y on CPU"
grep -q '^| user\\_time | 0.27 s | 0.26 s ≈-4% ~ ' "$TMP/clip" || { cat "$TMP/clip"; fail "CPU copy lacks user_time"; }
grep -q '^| text |' "$TMP/clip" && fail "CPU copy holds a size row"
grep -q '^| max\\_rss |' "$TMP/clip" || fail "CPU copy lacks max_rss"
# a click on the 4th line of the list (the screen's 6th row): lto-thin's user time
tui_keys g
click 10 6
tui_wait "release-lto-thin · user: "
# the wheel: three lines down from the clicked one
tui_keys -l "$(x10 65 10 6)"
tui_wait "release-pgo-bolt · user: "
tui_keys -l "$(x10 64 10 6)"
tui_wait "release-lto-thin · user: "
# ]: no figure here has a tested change; H: the history of the selected figure's metric
tui_keys ']'
tui_wait "no significant change below"
tui_keys H
tui_wait "user · ./myservice parse input.json · history: 2 runs in 1 experiment"
tui_wait "myservice-x86_64-release-lto-thin"
tui_keys Escape
tui_wait "CPU figures of 6 variants"
# Sizes
tui_keys 5
tui_wait "largest change first"
tui_keys / d a t a Enter
tui_wait "/data: 1 of 5"
tui_keys Y
tui_wait "wrote benchdelta-sizes-1.md"
grep -q '^| bss | 4,096 B | 4,096 B +0.0% ~ ' "$TMP/benchdelta-sizes-1.md" || fail "Sizes copy lacks bss"
grep -q 'user.._time' "$TMP/benchdelta-sizes-1.md" && fail "Sizes copy holds a CPU row"
# a click on the second variant's heading: the next bss is that variant's (2 of 5), not the first's
tui_keys g
row=$(tui_snap | grep -n '^ myservice-x86_64-release-lto-fat against' | cut -d: -f1)
[ -n "$row" ] || fail "lto-fat's heading is not on the screen"
click 10 "$row"
tui_keys / b s s Enter
tui_wait "/bss: 2 of 5"
# Scorecard
tui_keys 6
tui_wait "VARIANT"
tui_keys / p g o - b o l t Enter
tui_wait "/pgo-bolt: 1 of 2"
tui_wait "myservice-x86_64-release-pgo-bolt against myservice-x86_64-release-baseline"
tui_keys y
tui_wait "copied 11 Markdown lines (OSC 52)"
$T show-buffer >"$TMP/clip" 2>/dev/null || fail "no clipboard buffer after y on Scorecard"
grep -q '^| myservice-x86\\_64-release-pgo | -16% ✓? (3 rows) | -1.3% ✓ (1 row) ' "$TMP/clip" ||
	{ cat "$TMP/clip"; fail "Scorecard copy lacks pgo's line"; }
# a click on the third variant's line
click 10 6
tui_wait "myservice-x86_64-release-lto-fat against myservice-x86_64-release-baseline"
# the Matrix: a click selects a row, a double click opens its runs
tui_keys 2
tui_wait "METRIC"
click 5 6
tui_wait "lto-thin · user: "
tui_keys -l "$(x10 0 5 5)$(x10 3 5 5)$(x10 0 5 5)$(x10 3 5 5)"
tui_wait "time · ./myservice parse input.json · 2 runs"
tui_keys q
