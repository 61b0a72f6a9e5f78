#!/bin/sh
# Fixing names in place: e sets the variant of a run's block (Tab: of the
# run alone), R renames a variant, m merges one into another, u undoes the
# latest edit. Each is an edit of the store's journal (benchdelta edits
# lists it, list variants shows its effect) and the runs show as edited.
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
import samples/issues/seed-rathole.txt
tui_start 80 24 -- ""
tui_wait "Rathole Release + PGO-optimized"
tui_keys 3
tui_wait "candidate: Rathole Release + PGO-optimized"
tui_keys Down Enter
tui_wait "sender.bitrate · server mode, tcp · 8 runs"
# e on the first run: its block of four runs, or with Tab the run alone
tui_keys Down e
tui_wait "variant of the 4 runs of lines 32-46 (Tab: this run only): _"
tui_keys Tab
tui_wait "variant of run "
tui_wait ":32.1 (Tab: its block): _"
tui_keys -l "Odd one"
tui_keys Enter
tui_wait 'edit 1 · u undoes it · run '
tui_wait_line 13 " Odd one                          1 run 6.29 Gbit/s [⡀            ] 6.48 Gbit/s"
tui_wait "variant: Odd one (edited: override; parsed as Rathole Release from label"
bd edits >"$TMP/out" 2>&1
grep -q 'set-variant  run [0-9a-f]*:32\.1 is variant "Odd one"$' "$TMP/out" || { cat "$TMP/out"; fail "edit 1 not in the journal"; }
bd list variants >"$TMP/out" 2>&1
grep -q ' Odd one  *1 *$' "$TMP/out" || { cat "$TMP/out"; fail "Odd one should hold one run"; }
# u takes it back
tui_keys u
tui_wait "undid edit 1 · redo: benchdelta undo 2"
tui_gone " Odd one  "
tui_wait " Rathole Release (baseline)       4 runs"
bd edits >"$TMP/out" 2>&1
grep -q '(undone by 2)$' "$TMP/out" || { cat "$TMP/out"; fail "the undo is not in the journal"; }
# R renames the selected variant; m merges the other into it
tui_keys g R
tui_wait 'rename "Rathole Release" to: Rathole Release_'
tui_keys C-u
tui_keys -l "Release"
tui_keys Enter
tui_wait "edit 3 · u undoes it · \"Rathole Release\" shown as \"Release\""
tui_wait " Release (baseline)  "
tui_keys G m
tui_wait 'merge "Rathole Release + PGO-optimized" into (Tab: the variants): _'
tui_keys Tab
tui_wait 'merge "Rathole Release + PGO-optimized" into (Tab: the variants): Release_'
tui_keys Enter
tui_wait " Release (baseline)  8 runs"
bd list variants >"$TMP/out" 2>&1
grep -q ' Release  *8  *\*$' "$TMP/out" || { cat "$TMP/out"; fail "one variant of 8 runs after the merge"; }
tui_keys u
tui_wait "undid edit 4 "
tui_wait " Release + PGO-optimized  "
bd list variants >"$TMP/out" 2>&1
grep -q ' Release  *4  *\*$' "$TMP/out" || { cat "$TMP/out"; fail "the merge was not undone"; }
# e from the Source screen: the whole block
tui_keys g Down Enter
tui_wait "33 > [  5]"
tui_keys e
tui_wait "variant of the 4 runs of lines 32-46"
tui_keys -l "Base"
tui_keys Enter
tui_wait 'is variant "Base"'
bd list variants >"$TMP/out" 2>&1
grep -q ' Base  *4 ' "$TMP/out" || { cat "$TMP/out"; fail "the block's four runs are Base"; }
tui_keys q
# the choice is the user's: a reparse of the text keeps it
bd reparse >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "reparse"; }
bd list variants >"$TMP/out" 2>&1
grep -q ' Base  *4 ' "$TMP/out" || { cat "$TMP/out"; fail "the block's four runs are Base after a reparse"; }
