#!/bin/sh
# More small things a user sees (issue 36, item 10), one part each below:
# G and g land on the last and the first row a user selects, never on a
# heading or the counts; Compare shows no change for a count.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-llrt.txt
tui_start 80 24 -- ""
tui_wait "METRIC"
tui_keys 3
tui_wait "1 improved"
# a count (hyperfine's runs) is not compared on Compare either, as on the Matrix and CPU
tui_wait_line 9 "   runs           10000       10000"
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

# o sorts by "better" too: the change turned by each metric's direction, so
# a fall of requests per second (worse) sorts among the rises of latency
# (worse), never at the top beside the fall of a time (better), as by Δ.
import samples/hey/two-servers.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_keys / t w o Enter Enter 3
tui_wait "METRIC "
tui_keys o o
tui_wait "METRIC by Δ"
tui_wait_line 7 "   qps                   2.00 k/s     89.2 /s   -95.5%                  worse?"
tui_keys o o o
tui_wait "METRIC by better"
tui_wait_line 6 "   connect_time            0.1 ms      0.0 ms   ≈-100%                  better?"
tui_wait_line 7 "   http_req_waiting        1.5 ms      1.0 ms    ≈-33%                  better?"
tui_wait_line 8 "   qps                   2.00 k/s     89.2 /s   -95.5%                  worse?"
tui_wait_line 18 "   http_req_receiving      0.3 ms     43.4 ms ≈+14000%                  worse?"
tui_keys o
tui_wait "rows in the table's order"
tui_stop

# CPU names the variants as the Matrix does: "-O0" stays "-O0" (dropping
# the "-" they share would say nothing and change the name), and a lone
# unnamed scenario gets no heading there either, let alone two
import samples/time/default-builds.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_keys / d e f a u l t Enter Enter
tui_wait "baseline -O0"
tui_keys 4
tui_wait "     -O0 (baseline)       0.09 s"
tui_wait "     -Os_lto            21.2 MiB"
tui_snap | grep -q "(no scenario)" && fail "CPU heads a lone unnamed scenario"
tui_snap | grep -q "^     O" && fail "CPU drops the - of -O2"
tui_stop

# Experiments: the import's time too, where the width allows
tui_start 120 30 -- ""
tui_wait "EXPERIMENT"
tui_wait "hyperfine    2026-01-01 00:00 UTC"
tui_resize 80 24
tui_wait "EXPERIMENT"
tui_gone "00:00 UTC"
tui_stop

# a quick comparison says it is not stored at 80 columns too (the name is cut instead)
tui_start 80 24 -- samples/issues/seed-llrt.txt
tui_wait "METRIC"
tui_wait_line 1 " benchdelta · Matrix · Profile-Guided Opt…n (PGO) benchmarks (1/1) · not stored"
tui_resize 200 60
tui_wait "Profile-Guided Optimization (PGO) benchmarks (1/1) · quick comparison (not stored)"
tui_stop

# the Sizes screen with no sizes says where sizes come from, hand-written ones too
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "hyperfine"
tui_keys Enter Enter
tui_wait "METRIC"
tui_keys 5
tui_wait "No sizes in this experiment."
tui_wait "  dec), size -A, bloaty, objdump -h, du and ls -l listings, and binary sizes"
tui_wait "  written by hand: a list (\"release: 12.3 MiB\") or a table."
tui_stop

# the bottom line names 7 Factors where it has the room, and at 80 columns too (t64)
tui_start 120 30 -- ""
tui_wait "EXPERIMENT"
tui_wait_line 30 " 1 Experiments  2 Matrix  3 Compare  4 CPU  5 Sizes  6 Scorecard  7 Factors  ? Help  q Quit"
tui_resize 80 24
tui_wait_line 24 " 1 Experiments 2 Matrix 3 Compare 4 CPU 5 Sizes 6 Score 7 Factors ? Help q Quit"
tui_stop
