#!/bin/sh
# f on Experiments shows only the experiments of some tools, imported in a
# date range, or with words in their name; moving, Enter, find and the
# mouse work among the ones shown.
. "$(dirname "$0")/lib.sh"

imp() { # imp EPOCH FILE
	BENCHDELTA_STORE=$STORE SOURCE_DATE_EPOCH=$1 "$BD" import "$2" >/dev/null 2>&1 || fail "import $2"
}
imp 1762000000 samples/hyperfine/hand-new-us.txt    # 2025-11-01
imp 1764547200 samples/issues/seed-rathole.txt      # 2025-12-01
imp 1767225600 samples/issues/seed-quilkin.txt      # 2026-01-01
tui_start 100 24 -- ""
tui_wait "hand-new-us"
tui_keys f
tui_wait "show (tools, 2026-11, >2026-11-15, <2026-12, words of the name): _"
tui_keys -l "iperf3 size"
tui_keys Enter
tui_wait "EXPERIMENT: iperf3 size (2 of 3; f to change)"
tui_gone "hand-new-us"
tui_keys f
tui_wait 'words of the name): '
tui_keys C-u
tui_keys -l ">2025-12"
tui_keys Enter
tui_wait "EXPERIMENT: >2025-12 (2 of 3; f to change)"
tui_gone "hand-new-us"
tui_keys f
tui_wait 'words of the name): '
tui_keys C-u
tui_keys -l "2025-11"
tui_keys Enter
tui_wait "EXPERIMENT: 2025-11 (1 of 3; f to change)"
tui_wait "hand-new-us"
tui_keys f
tui_wait 'words of the name): '
tui_keys C-u
tui_keys -l "<2025-12-01 hyperfine"
tui_keys Enter
tui_wait "(1 of 3; f to change)"
# words of the name; Down and Up stay among the ones shown; Enter opens the selected
tui_keys f
tui_wait 'words of the name): '
tui_keys C-u
tui_keys -l "evaluate"
tui_keys Enter
tui_wait "EXPERIMENT: evaluate (2 of 3; f to change)"
tui_keys End
tui_wait "Variants:    Rathole Release (baseline)"
tui_keys Home
tui_wait "Variants:    relay_release (baseline)"
tui_keys Down Down Down
tui_wait "Variants:    Rathole Release (baseline)"
tui_keys Up Enter
tui_wait "relay_lto"
tui_keys 1
tui_wait "EXPERIMENT: evaluate (2 of 3; f to change)"
# a click on the second one shown (the 4th line), find among the shown
tui_keys -l "$(x10 0 5 4)$(x10 3 5 4)"
tui_wait "Variants:    Rathole Release (baseline)"
tui_keys / L T O Enter
tui_wait "/LTO: 1 of 1"
tui_wait "Variants:    relay_release (baseline)"
# an empty filter shows them all
tui_keys f C-u Enter
tui_wait "every experiment shown"
tui_wait "hand-new-us"
tui_keys q
