#!/bin/sh
# Under a comma-decimal locale (de_DE.UTF-8) the TUI reads and writes
# numbers as under any other: "812 µs", "±0.13%", never "0,13".
. "$(dirname "$0")/lib.sh"

locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$' || {
	[ "${CI:-}" = true ] && fail "de_DE.UTF-8 is not generated (scripts/deps.sh test makes it)"
	echo "  TUI     SKIP: de_DE.UTF-8 is not generated"
	exit 0
}
tui_start 80 24 LC_ALL=de_DE.UTF-8 -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "812 µs"
tui_wait "±0.13%"
tui_snap | grep -q "0,13" && fail "a decimal comma on the screen"
tui_keys q
tui_gone "METRIC"
