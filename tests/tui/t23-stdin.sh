#!/bin/sh
# `benchdelta -`: the logs come through a pipe, the keys from the terminal.
. "$(dirname "$0")/lib.sh"

tui_start 80 24 -- "- < samples/issues/browser-copy.txt"
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "(1/1)"
tui_wait "candidate: Release + PGO"
tui_wait "--bench client"
tui_keys Right
tui_wait "candidate: proxy_pgo_bolt"
tui_keys q
tui_gone "candidate:"
