#!/bin/sh
# The mouse: a click selects a line, a double click opens it (as Enter),
# the wheel moves three lines. The events are sent as the terminal sends
# them for tmux-256color (X10 encoding: ESC [ M, then button, column and
# row, each plus 32).
. "$(dirname "$0")/lib.sh"

# x10 BUTTON COL ROW (1-based): button 0 press, 3 release, 64/65 wheel up/down
x10() { printf '\033[M%b%b%b' "\\$(printf %o $((32 + $1)))" "\\$(printf %o $((32 + $2)))" "\\$(printf %o $((32 + $3)))"; }
click() { tui_keys -l "$(x10 0 "$1" "$2")$(x10 3 "$1" "$2")"; }

import samples/issues/seed-rathole.txt
tui_start 80 24 -- ""
tui_wait "Rathole Release + PGO-optimized"
tui_keys 3
tui_wait "candidate: Rathole Release + PGO-optimized"
tui_wait "   sender.retransmits"
# Compare's rows start on the 7th line: click the 8th, sender.retransmits
click 5 8
tui_wait "sender.retransmits: Mann-Whitney U"
click 5 9
tui_wait "receiver.transfer: Mann-Whitney U"
# a double click on sender.bitrate opens its runs (sent at once: ncurses
# tells a double click by the time between the clicks)
tui_keys -l "$(x10 0 5 7)$(x10 3 5 7)$(x10 0 5 7)$(x10 3 5 7)"
tui_wait "sender.bitrate · server mode, tcp · 8 runs"
# the wheel: three runs down from the heading
tui_keys -l "$(x10 65 5 10)"
tui_wait "variant: Rathole Release (label, line 30)"
tui_wait ":40.3 · iperf3"
tui_keys -l "$(x10 64 5 10)"
tui_wait "Enter on a run: the text it was read from"
# a click below the list does nothing
click 5 20
tui_wait "Enter on a run: the text it was read from"
tui_keys q
