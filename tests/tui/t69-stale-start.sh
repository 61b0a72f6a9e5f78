#!/bin/sh
# The first screen on a store whose index is out of date reads every
# import (and writes the index again): meanwhile a line on the terminal
# says how far the read is, from real counts ("reading import 3 of 4"),
# and it is gone once the list is drawn. The read is made slow by
# BENCHDELTA_TEST_LOAD_DELAY_MS (each step waits that long), never by
# timing: each step is waited for on the screen.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
import samples/issues/seed-bbolt.txt
rm -f "$STORE/index.csv" "$STORE/index.bin"

tui_start 100 30 BENCHDELTA_TEST_LOAD_DELAY_MS=150 -- ""
tui_wait "import 3 of 4"
tui_wait "Profile-Guided Optimization (PGO) benchmarks"
tui_gone "import 3 of 4"
tui_gone "out of date"
tui_stop
[ -s "$STORE/index.csv" ] || fail "the index was not written again"

# a fresh index: no line, the list at once
tui_start 100 30 BENCHDELTA_TEST_LOAD_DELAY_MS=150 -- ""
tui_wait "Profile-Guided Optimization (PGO) benchmarks"
tui_snap | grep -q "out of date" && fail "a line on a fresh index"
tui_stop
echo "ok $test_name"
