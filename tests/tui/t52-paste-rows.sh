#!/bin/sh
# The paste plan edits what the cursor is on: `e` on a run's line that run
# alone, on the block's line the whole block; `u` takes the last fix back
# there; a run of one figure says "1 figure"; with nothing to import there
# is no "Enter: import". The store holds only what was imported, with the
# one run's fix as an edit of that run.
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
tui_start 80 24 -- ""
tui_wait "No experiments yet."
$T load-buffer -b p samples/size/builds.txt
$T paste-buffer -p -b p -t t
tui_wait "paste: 6 lines · would import 5 runs, 20 figures"
tui_wait "Enter: import  e: this block's variant  Esc: cancel"
# one row of the five
tui_keys Down Down
tui_wait "Enter: import  e: this run's variant  Esc: cancel"
tui_keys e
tui_wait "variant of the run at line 3 (this run alone): benchdelta_O2"
tui_keys C-u
tui_keys -l "gcc -O2"
tui_keys Enter
tui_wait 'the run at line 3 is "gcc -O2" (u: back)'
tui_wait '   3-3  4 figures  variant "gcc -O2" (edited'
tui_wait '   4-4  4 figures  variant "benchdelta_Os" (filename, line 4)'
tui_wait '   2-2  4 figures  variant "benchdelta_O0" (filename, line 2)'
# the whole block, then back
tui_keys g e
tui_wait "variant of the block at line 2 (its 5 runs): _"
tui_keys -l "same"
tui_keys Enter
tui_wait '   4-4  4 figures  variant "same" (edited'
tui_wait '   2-2  4 figures  variant "same" (edited'
tui_keys u
tui_wait "block at line 2: its fix taken back"
tui_wait '   4-4  4 figures  variant "benchdelta_Os" (filename, line 4)'
tui_wait '   3-3  4 figures  variant "gcc -O2" (edited'
tui_keys Enter
tui_wait "imported 5 runs, 20 figures, 1 edit"
bd list variants >"$TMP/v" 2>&1
grep -q '^paste *gcc -O2 *1' "$TMP/v" || { cat "$TMP/v"; fail "the one run's variant was not stored"; }
grep -q 'benchdelta_Os ' "$TMP/v" || { cat "$TMP/v"; fail "the other runs were renamed too"; }
bd edits >"$TMP/e" 2>&1
grep -q 'run at line 3 of ' "$TMP/e" || { cat "$TMP/e"; fail "the edit does not name the run"; }
# one figure a run: du -b
$T load-buffer -b p samples/du/builds-b.txt
$T paste-buffer -p -b p -t t
tui_wait "paste: 3 lines"
tui_wait "1 figure "
tui_snap | grep -q '1 figures' && fail "1 figures"
tui_keys Escape
# nothing to import: no Enter on the key line
$T load-buffer -b p samples/size/builds.txt
$T paste-buffer -p -b p -t t
tui_wait "this exact text is stored already: nothing to import"
tui_wait "Esc: back (nothing to import)"
tui_snap | grep -q 'Enter: import' && fail "Enter: import offered with nothing to import"
tui_keys Escape
tui_keys q
