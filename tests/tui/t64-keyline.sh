#!/bin/sh
# The bottom line names all seven screens at 80 columns, on every screen
# (Factors too, and on its own screen the others as well): "6 Score" and
# "? q" make the room. At 200 columns every name is whole, with two blanks.
. "$(dirname "$0")/lib.sh"

all80=" 1 Experiments 2 Matrix 3 Compare 4 CPU 5 Sizes 6 Score 7 Factors ? "
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
for k in 1 2 3 4 5 6 7; do
	tui_keys $k
	tui_wait_bottom "^$all80"
done
tui_keys 1
tui_wait_line 24 " 1 Experiments 2 Matrix 3 Compare 4 CPU 5 Sizes 6 Score 7 Factors ? Help q Quit"
tui_resize 200 60
tui_wait_line 60 " 1 Experiments  2 Matrix  3 Compare  4 CPU  5 Sizes  6 Scorecard  7 Factors  ? Help  q Quit"
tui_keys 7 Down
tui_wait "line 1 of " # the cursor's place, at the end (t65)
tui_snap | tail -1 | grep -q "^ 1 Experiments  2 Matrix  3 Compare  4 CPU  5 Sizes  6 Scorecard  7 Factors  ? Help  q Quit  " ||
	fail "Factors' bottom line at 200 columns: $(tui_snap | tail -1)"
tui_stop
