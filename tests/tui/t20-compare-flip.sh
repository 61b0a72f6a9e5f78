#!/bin/sh
# Quick comparison of one log with three variants: opens on Compare, flips
# the candidate with Right/Left/Tab, swaps with s.
. "$(dirname "$0")/lib.sh"

tui_start 80 24 -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "Compare"
tui_wait "candidate: app_pgo "
tui_expect t20-compare-first
tui_keys Right
tui_wait "candidate: app_pgo_bolt"
tui_expect t20-compare-flipped
tui_keys Tab
tui_wait "candidate: app_pgo "
tui_keys Left
tui_wait "candidate: app_pgo_bolt"
tui_keys s
tui_wait "baseline:  app_pgo_bolt"
tui_wait "candidate: app_release"
tui_keys '?'
tui_wait "compare against the selected variant"
tui_keys Escape
tui_wait "candidate: app_release"
tui_keys q
tui_gone "candidate:"
