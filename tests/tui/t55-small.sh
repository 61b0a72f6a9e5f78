#!/bin/sh
# More small things a user sees (issue 36, item 10): G and g land on the
# last and the first row a user selects, never on a heading or the counts.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-llrt.txt
tui_start 80 24 -- ""
tui_wait "METRIC"
tui_keys 3
tui_wait "1 improved"
tui_keys G
tui_wait " runs: one figure a side, no test"
tui_keys g
tui_wait " time: Welch's t-test"
tui_keys 4 G
tui_wait "PGO-optimized · system: one figure a side"
tui_keys g
tui_wait_line 23 " Release (baseline)"
tui_stop

# the Experiments list says where the cursor is: "experiment K of N"
# (among those the filter shows)
import samples/issues/seed-bbolt.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_wait "experiment 1 of 2"
tui_keys G
tui_wait "experiment 2 of 2"
tui_keys f h y p e r f i n e Enter
tui_wait "experiment 1 of 1"
tui_stop
