#!/bin/sh
# Source on a JSON document: each figure is marked at the bytes the parser
# read it from (min at its member, not in times[] where the same value
# stands again), and the line under the cursor names the paths
# (results[0].mean).
. "$(dirname "$0")/lib.sh"

tui_start 80 24 -- samples/hyperfine/export.json
tui_wait "fib_O0"
tui_keys 3
tui_wait "candidate: fib_O2"
tui_keys / "^" t i m e Enter
tui_wait "/^time: 1 of 1"
tui_keys Enter
tui_wait "time · 30 · 2 runs"
tui_keys Down Enter
tui_wait "run 106fcf70fe80:1.1 (hyperfine-json, lines 1-80)"
tui_keys Down Down Down Down
tui_wait "results[0].mean: time mean"
$T capture-pane -e -p -t t | sed 's/\x1b\[39m//g; s/\x1b\[49m//g; s/\x1b\[[0-9;]*7m/[[/g; s/\x1b\[[0-9;]*m/]]/g' >"$TMP/marks"
grep -q '"mean": \[\[0.004881856833333334\]\]' "$TMP/marks" || { cat "$TMP/marks"; fail "the mean is not marked"; }
grep -q '"min": \[\[0.0048432250000000005\]\],$' "$TMP/marks" || { cat "$TMP/marks"; fail "the min is not marked"; }
grep -q '"max": \[\[0.00495394\]\],$' "$TMP/marks" || { cat "$TMP/marks"; fail "the max is not marked"; }
# the same values in times[] are samples, not figures: unmarked
grep -q '      0\.00495394,$' "$TMP/marks" || { cat "$TMP/marks"; fail "the max's value in times[] is marked"; }
tui_keys q
