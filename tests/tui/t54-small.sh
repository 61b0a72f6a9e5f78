#!/bin/sh
# Small things a user sees: a key that does nothing here says so (never
# silence); Compare counts the candidates without the baseline ("1 of 2"
# of three variants); the Matrix's scroll marks read "<" and ">" where the
# locale has no "‹ ›" (LC_ALL=C), never "?".
. "$(dirname "$0")/lib.sh"

import samples/hyperfine/hand-new-us.txt
tui_start 80 24 -- ""
tui_wait "METRIC"
tui_keys z
tui_wait "no key z here, ? for help"
tui_keys 3
tui_wait "candidate: app_pgo  (1 of 2)"
tui_keys Right
tui_wait "candidate: app_pgo_bolt  (2 of 2)"
tui_stop

import samples/issues/seed-bbolt.txt
tui_start 60 24 LC_ALL=C -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "Link"
tui_keys Enter Enter
tui_wait "METRIC"
tui_keys Right Right Right Right
tui_wait "E Release + PGO optimized + BOLT instrumented"
tui_wait " A <  " # the four steps taken (the legend above shows before they are)
tui_snap | grep '^ METRIC' | grep -q '?' && fail "a scroll mark prints ? under LC_ALL=C"
tui_snap | grep '^ METRIC' | grep -q ' <  ' || fail "no < mark under LC_ALL=C"
tui_keys q
