#!/bin/sh
# A quick comparison (no store) is read as a store is: after each edit,
# undo or paste a new snapshot is read from its texts and its journal in
# memory, and the one shown is never changed in place.
# 1. Compare is open (its table built) before R renames the baseline in
#    Runs: Runs, Compare and the Matrix show the new name over the same
#    figures.
# 2. u takes the rename back (the binary before had no undo here:
#    "nothing to undo: a quick comparison records no edits"); every
#    screen shows the old name and the same figures; u again: nothing.
# 3. e sets a block's variant and u takes it back, B the same.
# 4. A paste joins the quick comparison as a new snapshot (its own text
#    again adds nothing, and its plan says so); u right after
#    takes it back, and the next u the edit before it (ids as a store's
#    journal gives them: an undo is an edit too).
# Under ASan (make check-san), a screen reading a snapshot after it went
# would fail here.
. "$(dirname "$0")/lib.sh"

figures="   sender.transfer       44.0 GiB    45.0 GiB      +2%   ±1.2%   0.029  better"
tui_start 80 24 -- samples/issues/seed-rathole.txt
tui_wait "2 variants · baseline Rathole Release"
tui_keys 3
tui_wait "candidate: Rathole Release + PGO-optimized"
tui_wait "$figures"

# 1. R in Runs, Compare built before it
tui_keys Enter
tui_wait "Rathole Release (baseline)       4 runs"
tui_prompt R 'rename "Rathole Release" to: Rathole Release'
tui_keys C-u
tui_keys -l "glibc build"
tui_keys Enter
tui_wait "edit 1 · u undoes it · \"Rathole Release\" shown as \"glibc build\" (not stored)"
tui_wait "glibc build                            4 runs"
tui_gone "Rathole Release (baseline)"
tui_keys 3
tui_wait "baseline:  glibc build  (this view"
tui_wait "$figures"
tui_keys 2
tui_wait " METRIC                       glibc build  Rathole Release + PGO-optimized"
tui_wait "   sender.transfer        44.0 GiB ±0.32%          45.0 GiB ±0.61%   +2% ✓"

# 2. u: the rename taken back on every screen
tui_keys u
tui_wait "undid edit 1 · variant \"Rathole Release…tion (PGO) and LLVM BOLT\" (not stored)"
tui_wait " METRIC                   Rathole Release  Rathole Release + PGO-optimized"
tui_wait "   sender.transfer        44.0 GiB ±0.32%          45.0 GiB ±0.61%   +2% ✓"
tui_keys 3
tui_wait "baseline:  Rathole Release"
tui_wait "$figures"
tui_keys 1
tui_wait "Variants:    Rathole Release (baseline), Rathole Release + PGO-optimized"
tui_keys u
tui_wait "nothing to undo"

# 3. e on a block, then B; each taken back
tui_keys 3 Enter Down
tui_wait "95c500aeb215:32.1     43.9 GiB seed-rathole.txt:32-34"
tui_prompt e "variant of the 4 runs of lines 32-46 (Tab: this run only): "
tui_keys -l "musl"
tui_keys Enter
tui_wait "edit 3 · u undoes it · block at line 32…0aeb215 is variant \"musl\" (not stored)"
tui_wait "   95c500aeb215:32.1     43.9 GiB seed-rathole.txt:32-34 edited"
tui_wait "variant: musl (edited: override; parsed as Rathole Release from label"
tui_keys 3
tui_wait "baseline:  Rathole Release + PGO-optimized"
tui_wait "candidate: musl"
tui_wait "   sender.transfer       45.0 GiB    44.0 GiB      -2%   ±1.1%   0.029  worse"
tui_keys B
tui_wait "Rathole Release + PGO-optimized is the experiment's baseline already"
tui_keys b
tui_wait "baseline:  musl  (this view"
tui_keys B
tui_wait "edit 4 · u undoes it · musl is the experiment's baseline (not stored)"
tui_wait "   sender.transfer       44.0 GiB    45.0 GiB      +2%   ±1.2%   0.029  better"
tui_keys 1
tui_wait "Variants:    musl (baseline), Rathole Release + PGO-optimized"
tui_keys u
tui_wait "undid edit 4"
tui_wait "Variants:    musl, Rathole Release + PGO-optimized (baseline)"

# 4. a paste, taken back by the u right after it; then edit 3; the
#    comparison's own text pasted again adds nothing
$T load-buffer -b p samples/issues/seed-rathole.txt
$T paste-buffer -p -b p -t t
tui_wait "paste: 77 lines · this exact text is in this comparison already"
tui_wait "Esc: back (nothing to import)"
tui_keys Enter
tui_wait "nothing to import"
tui_keys Escape
tui_wait "experiment 1 of 1"
$T load-buffer -b p samples/hyperfine/hand-new-us.txt
$T paste-buffer -p -b p -t t
tui_wait "paste: 18 lines · would import 3 runs, 21 figures"
tui_keys Enter
tui_wait "added 3 runs (not stored) · u takes them back"
tui_wait "experiment 1 of 2"
tui_wait "hyperfine"
tui_keys u
tui_wait "import of paste taken back (not stored)"
tui_wait "experiment 1 of 1"
tui_gone "hyperfine"
tui_keys u
tui_wait "undid edit 3"
tui_wait "Variants:    Rathole Release (baseline), Rathole Release + PGO-optimized"
tui_keys 2
tui_wait " METRIC                   Rathole Release  Rathole Release + PGO-optimized"
tui_wait "   sender.transfer        44.0 GiB ±0.32%          45.0 GiB ±0.61%   +2% ✓"

# 5. wide enough for the time column: the texts were read, not imported
tui_resize 200 40
tui_keys 1
tui_wait " TOOLS "
tui_snap | grep -Eq " TOOLS +READ$" || fail "Experiments of a quick comparison: no READ column"
tui_keys 2 Down Enter
tui_wait "SOURCE LINES"
tui_snap | grep -Eq "SOURCE LINES +READ +FLAGS$" || fail "Runs of a quick comparison: no READ column"
tui_snap | grep -q "IMPORTED" && fail "a quick comparison says IMPORTED"
tui_stop
echo "ok $test_name"
