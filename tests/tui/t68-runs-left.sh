#!/bin/sh
# Runs and Source show runs of the model as it was read: when a read of
# the store leaves no experiment (another process removed the last one),
# the read asks for the Experiments list and the event loop shows it; an
# undo by that process brings the experiment back to the list. The same
# from Source, and a key typed afterwards acts on the list.
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE LC_ALL=C.UTF-8 "$BD" "$@"; }
EXP="Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT"

import samples/issues/seed-rathole.txt
tui_start 100 24 -- ""
tui_wait "METRIC"
tui_keys Enter # the Matrix's first metric: its runs
tui_wait "Enter on a run: the text it was read from"
bd rm "$EXP" >/dev/null 2>&1 || fail "rm by another process"
tui_wait "No experiments yet."
tui_gone "Enter on a run: the text it was read from"
tui_snap | grep -q "benchdelta · Experiments" || fail "not on Experiments after the runs went"
bd undo >/dev/null 2>&1 || fail "undo by another process"
tui_wait "Evaluate Profile-Guided"
# from Source: the same
tui_keys 2
tui_wait "METRIC"
tui_keys Enter
tui_wait "Enter on a run: the text it was read from"
tui_keys Down Down Enter
tui_wait "36 > [ ID] Interval"
bd rm "$EXP" >/dev/null 2>&1 || fail "rm by another process (Source)"
tui_wait "No experiments yet."
tui_snap | grep -q "benchdelta · Experiments" || fail "not on Experiments after Source's run went"
# a key now is the list's: Help opens and goes back to the list
tui_keys '?'
tui_wait "benchdelta · Help"
tui_keys Escape
tui_wait "No experiments yet."
tui_stop
