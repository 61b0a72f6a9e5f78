#!/bin/sh
# Source on a JSON document: the parser kept no byte spans, so each figure
# is marked where its value is found in its own record, and the line under
# the cursor names the paths (results[0].mean).
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
grep -q '"min": 0.0048432250000000005,$' "$TMP/marks" || { cat "$TMP/marks"; fail "min (also in times[]) should not be marked"; }
tui_keys q
