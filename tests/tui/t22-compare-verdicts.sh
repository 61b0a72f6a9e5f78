#!/bin/sh
# The Compare screen judges: a change within the noise reads `~`, a row with
# too few values says what a test would need, and the line at the bottom
# names the selected row's test, counts, spreads and flags.
. "$(dirname "$0")/lib.sh"

cat >"$TMP/pgo.md" <<'TEXT'
Release:

Benchmark 1: ./app run
  Time (mean ± σ):      10.0 ms ±   1.0 ms    [User: 9.0 ms, System: 1.0 ms]
  Range (min … max):     8.5 ms …  11.9 ms    10 runs

PGO:

Benchmark 1: ./app run
  Time (mean ± σ):      10.2 ms ±   1.0 ms    [User: 9.1 ms, System: 1.0 ms]
  Range (min … max):     8.7 ms …  12.0 ms    10 runs
 
  Warning: Statistical outliers were detected. Consider re-running this benchmark on a quiet system.

BOLT:

Benchmark 1: ./app run
  Time (abs ≡):          7.9 ms               [User: 7.0 ms, System: 0.9 ms]
TEXT

tui_start 80 24 -- "$TMP/pgo.md"
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "candidate: PGO"
tui_wait "time: Welch's t-test on mean, sd, n"
tui_expect t22-compare-same
tui_keys Right
tui_wait "candidate: BOLT"
tui_wait "time: one figure a side, no test"
tui_expect t22-compare-need
tui_keys q
