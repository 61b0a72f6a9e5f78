#!/bin/sh
# Resize on each screen: 80x24 → 40x12 → 120x40 → too small → back; µ and ±
# stay whole at every width.
. "$(dirname "$0")/lib.sh"

tui_start 80 24 -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "candidate: app_pgo "
tui_resize 40 12
tui_wait_line 12 " 1 2 3 Compare 4 5 6 7 ? q   row 1 of 4"
tui_expect t90-compare-40x12
tui_resize 120 40
tui_wait_line 40 " 1 Experiments  2 Matrix  3 Compare  4 CPU  5 Sizes  6 Scorecard  7 Factors  ? Help  q Quit                  row 1 of 4"
tui_expect t90-compare-120x40
tui_resize 30 8
tui_wait "terminal too small (30x8)"
tui_resize 80 24
tui_wait "candidate: app_pgo "
tui_keys 1
tui_wait "EXPERIMENT"
tui_resize 40 12
tui_wait_line 12 " 1 Experiments 2 3 4 5 6 7 ? q"
tui_expect t90-experiments-40x12
tui_keys q
