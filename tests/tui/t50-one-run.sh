#!/bin/sh
# A test whose every side is one invocation (llrt: hyperfine's mean ± σ over
# 10,000 inner runs, one invocation a variant) is marked as within one run
# (✓¹, its own legend line, not bold), its interval shown beside the tool's
# own ratio, and counted apart on Compare and the Scorecard; rathole's four
# runs a side are tested over repeated invocations and keep a plain ✓ or ~.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-llrt.txt
import samples/issues/seed-rathole.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "benchmarks"
tui_keys Enter
tui_keys Enter
tui_wait "METRIC"
tui_wait "   time      2.80 ms ±2.3%  2.66 ms ±3.0% -4.7% ✓¹"
tui_wait "✓¹ ✗¹ within one run a side: its inner runs share the machine's state"
tui_wait "PGO-optimized · time: ¹ one run a side · the tool: 1.05 ± 0.04 times faster"
tui_keys 3
tui_wait "   time         2.80 ms     2.66 ms    -4.7%  ±0.07%  <0.001  better¹"
tui_wait "1 improved · 0 regressed · 0 unchanged · 2 untested (1 within one run a side)"
tui_wait "¹ tested within one run a side · the tool: 1.05 ± 0.04 times faster"
tui_keys 6
tui_wait " PGO-optimized         -4.7% ✓¹"
tui_wait "(1 row, 1 significant, 1 of them"
# rathole: four runs a side, no ¹ anywhere
tui_keys 1
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "LLVM BOLT"
tui_keys Enter
tui_keys Enter
tui_wait "sender.bitrate"
tui_gone "¹"
tui_keys 3
tui_wait "candidate:"
tui_gone "within one run"
tui_keys q
