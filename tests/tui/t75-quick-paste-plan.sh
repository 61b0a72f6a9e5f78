#!/bin/sh
# A quick comparison's paste is planned as a store's import is: against
# the runs the comparison holds (store/stored.h, flows.h: held), so a
# block it holds already is skipped and counted apart, and the paste joins
# the experiment of the thread it repeats. The binary before planned it
# against nothing: "would import 7 runs, 41 figures" into a new
# experiment "paste", and said "added 7 runs" where 3 came.
. "$(dirname "$0")/lib.sh"

# one block of the seed thread (lines 30-46: four iperf3 runs), then hyperfine's three runs
{ sed -n 30,46p samples/issues/seed-rathole.txt; echo; cat samples/hyperfine/hand-new-us.txt; } >"$TMP/mixed.txt"
sed -n 30,46p samples/issues/seed-rathole.txt >"$TMP/held.txt"
tui_start 100 24 -- samples/issues/seed-rathole.txt
tui_wait "2 variants · baseline Rathole Release"

# every block held: nothing to import
$T load-buffer -b p "$TMP/held.txt"
$T paste-buffer -p -b p -t t
tui_wait "paste: 17 lines · every block is in this comparison already: nothing to import"
tui_wait "lines 3-17  iperf3  already in this comparison: skipped"
tui_wait "Esc: back (nothing to import)"
tui_keys Escape
tui_gone "paste: 17 lines"

# some held: only the new ones counted, into the thread's experiment
$T load-buffer -b p "$TMP/mixed.txt"
$T paste-buffer -p -b p -t t
tui_wait "paste: 36 lines · would import 3 runs, 21 figures (1 block already in this comparison)"
tui_wait "into experiment \"Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT\""
tui_wait "lines 3-17  iperf3  already in this comparison: skipped"
tui_wait "lines 19-36  hyperfine  3 runs"
tui_keys Enter
tui_wait "added 3 runs (not stored) · u takes them back"
tui_wait "Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT        5     11  hyperfine,i"
tui_wait "experiment 1 of 1"
tui_stop
echo "ok $test_name"
