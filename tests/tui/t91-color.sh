#!/bin/sh
# With colours on, better and worse use different colours; with NO_COLOR
# (every other test) the verdict words carry the meaning.
. "$(dirname "$0")/lib.sh"

tui_start 100 24 NO_COLOR= -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_keys 3 Down # the pair view, the cursor off the time row
tui_wait "candidate: app_pgo "
$T capture-pane -e -p -t t >"$TMP/color"
better=$(grep ' time  ' "$TMP/color" | grep -o '\[[0-9;]*m[^[]*better' | head -1 | sed 's/m.*//')
tui_keys Right
tui_wait "candidate: app_pgo_bolt"
$T capture-pane -e -p -t t >"$TMP/color2"
worse=$(grep ' time  ' "$TMP/color2" | grep -o '\[[0-9;]*m[^[]*worse' | head -1 | sed 's/m.*//')
[ -n "$better" ] || fail "no colour code before 'better'"
[ -n "$worse" ] || fail "no colour code before 'worse'"
[ "$better" != "$worse" ] || fail "better and worse share the colour code $better"
tui_keys q
