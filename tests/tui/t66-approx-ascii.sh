#!/bin/sh
# A change the printed digits allow only roughly ("≈-19%": 16 ns against
# 13 ns) keeps a mark of its own where the locale has no "≈" (LC_ALL=C):
# "~=-19%", never "~-19%", whose "~" is the mark of no change. The legend
# says what "≈" (or "~=") means.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-bbolt.txt
tui_start 80 24 LC_ALL=C -- ""
tui_wait "read.time_per_op"
tui_wait "~ no change beyond the noise - ~= rounded"
tui_snap | grep '^   read.time_per_op' | grep -q ' ~=-19% ' || fail "no ~=-19% under LC_ALL=C"
tui_snap | grep -q '[^=]~[-+][0-9]' && fail "an approximate change marked ~ alone under LC_ALL=C"
tui_stop

tui_start 80 24 -- ""
tui_wait "read.time_per_op"
tui_wait "~ no change beyond the noise · ≈ rounded"
tui_snap | grep '^   read.time_per_op' | grep -q ' ≈-19% ' || fail "no ≈-19%"
tui_stop
