#!/bin/sh
# Every view shows the store as it is, after every edit and undo, from any
# screen or from another process: b only changes what the views compare
# against (nothing recorded), B saves that choice as the experiment's
# baseline (an edit u undoes), and an undo brings every view back with it.
# A rename and its undo by another process show without a key pressed.
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
import samples/issues/seed-quilkin.txt
import samples/hyperfine/hand-relative.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_keys Enter
tui_wait "baseline relay_release ·"
# b: the view's choice; the store has no edit
tui_keys b
tui_wait "baseline relay_lto (this view; B saves)"
tui_wait "this view's baseline: relay_lto"
test -s "$STORE/edits.csv" && grep -q '"baseline"' "$STORE/edits.csv" && fail "b recorded an edit"
tui_keys 3
tui_wait "baseline:  relay_lto  (this view; the experiment's is relay_release: B saves)"
tui_wait "candidate: relay_release"
# B: saved as the experiment's baseline, one edit, said with its undo
tui_keys B
tui_wait "edit 1 · u undoes it"
tui_gone "(this view;"
bd list variants -e seed-quilkin >"$TMP/out" 2>&1 || bd list variants >"$TMP/out" 2>&1
grep -q 'relay_lto .*\*' "$TMP/out" || { cat "$TMP/out"; fail "B saved no baseline"; }
# u from Compare: every view is back on the old baseline
tui_keys u
tui_wait "undid edit 1"
tui_wait "baseline:  relay_release"
tui_keys 2
tui_wait "baseline relay_release ·"
tui_keys 6
tui_wait " relay_release (baseline) "
tui_keys C-l 2
tui_wait "baseline relay_release ·"
# a view's own choice stays through an undo of something else
tui_keys b
tui_wait "baseline relay_lto (this view; B saves)"
bd rename-variant relay_lto LTO >/dev/null 2>&1 ||
	fail "rename by another process"
# another process renamed the view's baseline: no key pressed, the view follows
tui_wait "the store changed"
tui_wait "baseline LTO (this view; B saves)"
bd undo >/dev/null 2>&1 || fail "undo by another process"
tui_wait "baseline relay_lto"
# an edit on Runs, seen on the Matrix, and its undo too
tui_keys Enter
tui_wait "Enter on a run: the text it was read from"
tui_keys g R
tui_wait "rename \"relay_lto\" to:"
tui_keys C-u
tui_keys -l "LTO build"
tui_keys Enter
tui_wait "u undoes it"
tui_keys Escape
tui_wait "baseline LTO build (this view; B saves)"
tui_keys 5
tui_wait "relay_release against LTO build"
tui_keys u
tui_wait "undid edit"
tui_wait "relay_release against relay_lto"
tui_keys 2
tui_wait "baseline relay_lto (this view; B saves)"
tui_keys q
