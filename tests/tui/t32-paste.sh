#!/bin/sh
# Paste: a thread pasted into the TUI (tmux paste-buffer -p sends it
# bracketed) shows the dry run's plan; Esc imports nothing; e corrects a
# block's variant in the plan; Enter stores the text with the fix as one
# edit of the journal; `i` with a path plans a file; a text stored before
# says so.
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
tui_start 80 24 -- ""
tui_wait "No experiments yet."
# a paste anywhere opens the plan
$T load-buffer -b p samples/hyperfine/hand-new-us.txt
$T paste-buffer -p -b p -t t
tui_wait "paste: 18 lines · would import 3 runs, 21 figures"
tui_wait 'variant "app_pgo_bolt" (command, line 11)'
tui_keys Escape
tui_wait "nothing imported"
tui_wait "No experiments yet."
[ -z "$(ls "$STORE/data" 2>/dev/null)" ] || fail "Esc stored something"
# the rathole thread: the plan names each variant's label line
$T load-buffer -b p samples/issues/seed-rathole.txt
$T paste-buffer -p -b p -t t
tui_wait "paste: 77 lines · would import 8 runs, 40 figures"
tui_wait 'into experiment "Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT"'
tui_expect t32-paste-plan
# the mouse: a double click on the second block's line selects it, and imports nothing
tui_keys -l "$(x10 0 5 9)$(x10 3 5 9)$(x10 0 5 9)$(x10 3 5 9)"
tui_keys e
tui_wait "variant of the block at line 50 (its 4 runs): _"
tui_keys Escape
tui_wait "cancelled"
[ -z "$(ls "$STORE/data" 2>/dev/null)" ] || fail "a double click on the plan stored something"
tui_keys g
# correct the first block's variant before importing
tui_keys e
tui_wait "variant of the block at line 32 (its 4 runs): _"
tui_keys -l "Release"
tui_keys Enter
tui_wait '32-34  5 figures  variant "Release" (edited: override'
tui_wait '50-52  5 figures  variant "Rathole Release + PGO-optimized" (label, line 48)'
tui_keys Enter
tui_wait "imported 8 runs, 40 figures, 1 edit · u takes it back"
tui_wait "Variants:    Release (baseline), Rathole Release + PGO-optimized"
bd edits >"$TMP/edits" 2>&1
grep -q 'import --set-variant  block at line 32 of .*[0-9a-f]\{12\}.* is variant "Release"' "$TMP/edits" ||
	{ cat "$TMP/edits"; fail "the fix was not recorded as an edit"; }
[ "$(bd list variants | grep -c "  Release  *4  \*")" = 1 ] || { bd list variants; fail "four runs should be Release, the baseline"; }
# i: a path; the same text again is nothing new
tui_keys i
tui_wait "file, -, or issue address: _"
tui_keys -l "samples/issues/seed-rathole.txt"
tui_keys Enter
tui_wait "samples/issues/seed-rathole.txt: 77 lines · this exact text is stored already"
tui_keys Enter
tui_wait "nothing to import"
tui_keys Escape
tui_keys i
tui_keys -l "no/such/file.txt"
tui_keys Enter
tui_wait "no/such/file.txt: cannot open"
tui_keys q
