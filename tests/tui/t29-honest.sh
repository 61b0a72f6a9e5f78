#!/bin/sh
# The pair view never says more than it shows: with no room for the
# p-value the verdict goes too (the bottom line gives both for the
# selected row); cut metric names keep their ends apart; an untested
# verdict is dimmed and reads `better?`, a tested one is bold, one tested
# within one run a side (its inner runs) plain, with a ¹.
. "$(dirname "$0")/lib.sh"

tui_start 62 20 -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_keys 3
tui_wait "candidate: app_pgo "
tui_wait "time: Welch's t-test on mean, sd, n · p <0.001 · better"
tui_snap | sed -n '4,9p' | grep -q "better\|worse\|↑\|↓\|~" && fail "a verdict without its p-value"
tui_stop

# bbolt at 40 columns: write.time and write.time_per_op do not read alike
tui_start 40 20 -- samples/issues/seed-bbolt.txt
tui_wait "METRIC"
tui_keys 3
tui_wait "candidate: Release + PGO optimization"
tui_wait "  write.time    8.91 s"
tui_wait "  write…er_op   891 ns"
tui_wait " METRIC           BASE     CAND   DELTA"
tui_keys 2
tui_wait "   write.time   "
tui_wait "   write.t…per_op "
tui_stop

# attributes in the pair view: tested bold, untested dim (NO_COLOR: attributes only)
tui_start 100 20 -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_keys 3 Down Down
tui_wait "candidate: app_pgo "
tui_wait "system: one figure a side"
$T capture-pane -e -p -t t >"$TMP/attr"
tested=$(grep ' time ' "$TMP/attr" | grep -o '\(.\[[0-9;]*m\)*-13\.6%' | head -1)
untested=$(grep ' user ' "$TMP/attr" | grep -o '\(.\[[0-9;]*m\)*-17\.7%' | head -1)
# hyperfine, one invocation a side: the test is over its inner runs, not bold
printf '%s' "$tested" | grep -q '\[[12]m' && fail "a verdict within one run a side is bold or dim: $tested"
grep ' time ' "$TMP/attr" | grep -q 'better¹' || fail "a verdict within one run a side lacks its ¹"
printf '%s' "$untested" | grep -q '\[2m' || fail "an untested verdict is not dim: $untested"
printf '%s' "$untested" | grep -q '\[1m' && fail "an untested verdict is bold: $untested"
grep ' user ' "$TMP/attr" | grep -q 'better?' || fail "an untested verdict lacks its ?"
tui_stop

# rathole, four runs a side: tested over repeated invocations, bold
tui_start 100 20 -- samples/issues/seed-rathole.txt
tui_wait "METRIC"
tui_keys 3
tui_wait "sender.bitrate"
$T capture-pane -e -p -t t >"$TMP/attr"
tested=$(grep 'sender.bitrate' "$TMP/attr" | grep -o '\(.\[[0-9;]*m\)*+2\.2%' | head -1)
printf '%s' "$tested" | grep -q '\[1m' || fail "a tested verdict is not bold: $tested"
grep 'sender.bitrate' "$TMP/attr" | grep -q 'better¹' && fail "four runs a side marked as one"
tui_keys q
