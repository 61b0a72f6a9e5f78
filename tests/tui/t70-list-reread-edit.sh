#!/bin/sh
# The list read again from the index (after d, or when another process
# wrote the store) holds no runs; a key that then reads the whole store (r)
# finds no view's state to carry over from it, and renames: the renamed
# experiment selected, every screen on the store as it is now. (The list
# read again once left the views pointing into it, and r crashed.)
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
[ -s "$STORE/index.csv" ] || fail "no index after the imports"

# d: the list again from the index; then r reads the whole store
tui_start 100 30 -- ""
tui_wait " EXPERIMENT "
tui_keys Down
tui_wait "From:        samples/issues/seed-rathole.txt"
tui_keys d
tui_wait "yes or its name: _"
tui_keys y e s Enter
tui_wait "u undoes it · removed"
tui_keys End
tui_wait "From:        samples/issues/seed-llrt.txt"
tui_keys r
tui_wait "Rename to: Profile-Guided Optimization (PGO) benchmarks_"
tui_keys C-u
tui_keys -l "llrt renamed"
tui_keys Enter
tui_wait "edit 2 · u undoes it · renamed"
tui_wait " llrt renamed  "
tui_wait "From:        samples/issues/seed-llrt.txt" # and selected
tui_keys Enter
tui_wait "Matrix · llrt renamed"
tui_stop

# another process imports while the list is shown: the list again from the index, then r
tui_start 100 30 -- ""
tui_wait "llrt renamed"
import samples/issues/seed-bbolt.txt
tui_wait "the store changed (written by another benchdelta): shown as it is now"
tui_wait " Evaluate using Profile-Guide…ost-Link Optimization (PLO) "
tui_keys r
tui_wait "Rename to: "
tui_keys Escape
tui_gone "Rename to: "
tui_keys 2
tui_wait "Matrix · "
tui_stop
echo "ok $test_name"
