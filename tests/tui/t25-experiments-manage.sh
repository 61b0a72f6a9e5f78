#!/bin/sh
# The Experiments list: r renames the selected experiment, d removes it
# once yes or its name is typed (never at one key; Esc cancels); both are
# edits of the store (edits lists them, undo takes them back), and any
# other answer removes nothing.
. "$(dirname "$0")/lib.sh"

import samples/hyperfine/hand-new-us.txt
import samples/hyperfine/hand-relative.txt
tui_start 80 24 -- ""
tui_wait "hand-relative"
tui_wait "hand-new-us"
# imported at the same time: by name, so hand-new-us is selected
tui_keys r
tui_wait "Rename to: hand-new-us"
tui_keys C-u "New speed" Enter
tui_wait "edit 1 · u undoes it · renamed"
tui_gone " hand-new-us "
# d asks; Esc cancels, and so does any answer but yes or the name
tui_keys d
tui_wait "Remove \"New speed\" (3 runs)? yes or its name: _"
tui_keys Escape
tui_wait "cancelled"
tui_gone "yes or its name"
tui_keys d
tui_wait "yes or its name: _"
tui_keys y Enter
tui_wait "nothing removed: type yes or the experiment's name"
tui_keys d
tui_wait "yes or its name: _"
tui_keys -l "New spee"
tui_keys Enter
tui_wait "nothing removed: type yes or the experiment's name"
[ "$(ls "$STORE/data" | wc -l)" -eq 2 ] || fail "an answer other than yes or the name removed something"
# the name removes it
tui_keys d
tui_wait "yes or its name: _"
tui_keys -l "New speed"
tui_keys Enter
tui_wait "edit 2 · u undoes it · removed \"New speed\""
tui_gone "New speed  "
tui_wait " hand-relative "
tui_keys q
BENCHDELTA_STORE=$STORE "$BD" edits >"$TMP/out" 2>&1
grep -q '^ *1 .*rename-experiment *experiment "hand-new-us" renamed to "New speed"' "$TMP/out" ||
	{ cat "$TMP/out"; fail "rename not journaled"; }
grep -q '^ *2 .*rm *experiment "New speed" removed (1 import, 3 runs)' "$TMP/out" ||
	{ cat "$TMP/out"; fail "removal not journaled"; }
[ -d "$STORE/removed/2/data" ] || fail "nothing in removed/2"
[ "$(ls "$STORE/data" | wc -l)" -eq 1 ] || fail "data not moved out"
BENCHDELTA_STORE=$STORE "$BD" undo >/dev/null 2>&1 || fail "undo"
BENCHDELTA_STORE=$STORE "$BD" list >"$TMP/out" 2>&1
grep -q '^New speed ' "$TMP/out" || { cat "$TMP/out"; fail "undo did not bring it back"; }
