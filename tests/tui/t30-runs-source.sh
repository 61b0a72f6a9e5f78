#!/bin/sh
# From a number to its bytes: Enter on a Compare row opens Runs (the runs
# behind both figures, grouped by variant, with strip plots on one axis and
# the selected run's detail); Enter on a run opens Source (its block marked
# `>`, the label that named its variant `=`, each figure reversed); Esc
# goes back up.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
tui_start 80 24 -- ""
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "candidate: Rathole Release + PGO-optimized"
tui_keys Down Enter # from the matrix's first metric, sender.transfer
tui_wait "sender.bitrate · server mode, tcp · 8 runs"
tui_wait "Enter on a run: the text it was read from"
tui_expect t30-runs
tui_keys Down Down
tui_wait "variant: Rathole Release (label, line 30) · scenario: server mode, tcp"
tui_wait ":36.2 · iperf3 · imported 2026-01-01 00:00 UTC"
tui_keys Enter
tui_wait "30 = Rathole Release in the server mode (4 measurements):"
tui_wait "36 > [ ID] Interval"
tui_expect t30-source
# reversed: the cursor's line number (the block's first), then exactly the six figures of its two lines
$T capture-pane -e -p -t t | sed 's/\x1b\[39m//g; s/\x1b\[49m//g; s/\x1b\[[0-9;]*7m/[[/g; s/\x1b\[[0-9;]*m/]]/g' >"$TMP/marks"
got=$(grep -o '\[\[[^]]*\]\]' "$TMP/marks" | tr '\n' ' ')
[ "$got" = "[[36]] [[44.2]] [[6.33]] [[0]] [[44.2]] [[6.33]] " ] || fail "marked figures: $got"
# scroll the whole thread, come back to the block with Enter
tui_keys G
tui_wait "lines 58-77 of 77"
tui_keys g
tui_wait "lines 1-20 of 77"
tui_keys Enter
tui_wait "lines 27-46 of 77"
tui_keys Escape
tui_wait "variant: Rathole Release (label, line 30)"
tui_keys Escape
tui_wait "candidate: Rathole Release + PGO-optimized"
# a wide terminal shows when each run was imported
tui_resize 130 30
tui_keys Enter
tui_wait "IMPORTED"
tui_wait "2026-01-01 00:00"
tui_keys q
