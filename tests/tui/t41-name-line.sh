#!/bin/sh
# Runs and Source show the line that named a variant as the naming pass kept
# it: for a legend, the legend's line (44), not the command lines that
# mention the name (27, 34).
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-llrt.txt
tui_start 100 30 -- ""
tui_wait "METRIC"
tui_wait "   time "
tui_keys Enter
tui_wait "time · taskset -c 0 ../fixtures/hello.js · 2 runs"
tui_keys G
tui_wait "variant: PGO-optimized (legend, line 44)"
tui_keys g Down
tui_wait "variant: Release (legend, line 44)"
tui_keys Enter
tui_wait "run 15a9446874f5:34.2 (hyperfine, lines 34-36)"
# the block in the middle, the legend below it marked, the command line above it not
tui_wait "44 = , where llrt_release - usual Release version"
tui_wait "27   hyperfine -u microsecond"
tui_wait "34 > Benchmark 2: taskset -c 0 ./llrt_release"
# the mouse on Source: a click puts the cursor on line 27, so the next
# "Benchmark" is line 28's (without it, from the block's line 34, the search wraps)
row=$(tui_snap | grep -n '^27   hyperfine' | cut -d: -f1)
[ -n "$row" ] || fail "line 27 is not on the screen"
tui_keys -l "$(x10 0 5 "$row")$(x10 3 5 "$row")"
tui_keys / B e n c h m a r k ' ' Enter
tui_wait "/Benchmark : 1 of 2"
tui_gone "(wrapped)"
tui_keys q
