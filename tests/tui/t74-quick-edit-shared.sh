#!/bin/sh
# A quick comparison's edit reads no text again: its snapshot shares the
# records the texts gave (store/quick.h) and applies the journal to runs
# of its own. The test hook makes each read of the texts wait 400 ms, so
# its line ("reading the texts again with the edits") stays on the
# screen: it must never show for an edit or an undo, and must for a
# paste and the u that takes the paste back (the imports change).
# 1. R in Runs: the message comes, no read of the texts before it; Runs
#    and Compare show the new name over the same figures.
# 2. u: the old name back, no read of the texts.
# 3. A paste reads the texts again (line shown), and so does the u right
#    after it that takes it back; pasted again, B after it reads nothing
#    (the paste's runs still listed), nor does the u that takes B back.
# With the hook alone on c8a4e37 it fails at 1: "the texts read again".
. "$(dirname "$0")/lib.sh"

reread="reading the texts again with the edits"
# wait_no_reread TEXT: poll until TEXT shows, failing if the line of a read of the texts shows first
wait_no_reread() { tui_wait_no_whole "$1" "$reread" "the texts read again"; }
figures="   sender.transfer       44.0 GiB    45.0 GiB      +2%   ±1.2%   0.029  better"
tui_start 80 24 BENCHDELTA_TEST_LOAD_DELAY_MS=400 -- samples/issues/seed-rathole.txt
tui_wait "2 variants · baseline Rathole Release"
tui_keys 3
tui_wait "$figures"

# 1. a rename: no text read again
tui_keys Enter
tui_wait "Rathole Release (baseline)       4 runs"
tui_prompt R 'rename "Rathole Release" to: Rathole Release'
tui_keys C-u
tui_keys -l "glibc build"
tui_keys Enter
wait_no_reread "edit 1 · u undoes it · \"Rathole Release\" shown as \"glibc build\" (not stored)"
tui_wait "glibc build                            4 runs"
tui_keys 3
tui_wait "baseline:  glibc build  (this view"
tui_wait "$figures"

# 2. its undo: none either
tui_keys u
wait_no_reread "undid edit 1 · variant"
tui_wait "baseline:  Rathole Release"
tui_wait "$figures"

# 3. a paste reads the texts again, and so does the u that takes it back
paste() {
	$T load-buffer -b p samples/hyperfine/hand-new-us.txt
	$T paste-buffer -p -b p -t t
	tui_wait "paste: 18 lines · would import 3 runs, 21 figures"
	tui_keys Enter
	tui_wait "$reread"
	tui_wait "added 3 runs (not stored) · u takes them back"
	tui_wait "experiment 1 of 2"
}
paste
tui_keys u
tui_wait "$reread"
tui_wait "import of paste taken back (not stored)"
tui_wait "experiment 1 of 1"
# an edit after a paste reads nothing again either: the paste's runs stay
paste
tui_keys 3
tui_wait "candidate: Rathole Release + PGO-optimized"
tui_keys b
tui_wait "(this view"
tui_keys B
wait_no_reread "edit 3 · u undoes it"
tui_keys 1
tui_wait "paste                                       3      3  hyperfine"
tui_wait "Variants:    Rathole Release, Rathole Release + PGO-optimized (baseline)"
tui_keys u
wait_no_reread "undid edit 3"
tui_wait "Variants:    Rathole Release (baseline), Rathole Release + PGO-optimized"
tui_wait "paste                                       3      3  hyperfine"
tui_stop
echo "ok $test_name"
