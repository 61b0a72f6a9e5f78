#!/bin/sh
# Help: a key's text wider than the terminal wraps under itself, whole (no
# "…"), and the scroll reaches the last key however many lines the wrapped
# texts take.
. "$(dirname "$0")/lib.sh"

tui_start 80 90 -- ""
tui_wait "No experiments yet."
tui_keys '?'
tui_wait "show the keys"
tui_snap | grep -q '^  y              copy the table shown as GitHub Markdown (OSC 52 clipboard):$' ||
	fail "y's help does not start on its own line"
tui_snap | grep -q '^                 Experiments, Matrix, Compare, CPU, Sizes, Scorecard, Runs,$' ||
	fail "y's help does not wrap under itself"
tui_snap | grep -q '^                 Source$' || fail "y's help lost its end"
tui_snap | grep -q '…' && fail "a help text is cut"
tui_stop

# 24 rows: the last key is reached by scrolling
tui_start 80 24 -- ""
tui_wait "No experiments yet."
tui_keys '?'
tui_wait "show the keys"
n=0
while [ $n -lt 60 ]; do
	tui_keys Down
	n=$((n + 1))
done
tui_wait "^L             redraw the screen"
tui_keys q
