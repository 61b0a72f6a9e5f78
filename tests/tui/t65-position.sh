#!/bin/sh
# Every list with a cursor says where it is on the bottom line, at its
# right end: "row K of N" where the line has the room, else "K/N" (80
# columns); headings are not counted. Help, which scrolls, says the lines
# it shows. The Experiments list keeps its "experiment K of N".
. "$(dirname "$0")/lib.sh"

# wait until the bottom line ends with TEXT
end_wait() { tui_wait_bottom "$1\$"; }

# bbolt: 7 rows under 2 headings
import samples/issues/seed-bbolt.txt
tui_start 80 24 -- ""
tui_wait "read.ops_per_sec"
end_wait "  1/7"
tui_keys Down Down
end_wait "  3/7"
tui_keys G
end_wait "  7/7"
tui_keys 3
tui_wait "candidate: Release + PGO optimization"
end_wait "  7/7"
tui_keys g
end_wait "  1/7"
tui_keys Enter
tui_wait "Enter on a run: the text it was read from"
end_wait "  1/[0-9]*"
tui_keys Down
end_wait "  2/[0-9]*"
tui_keys 6
end_wait "  2/5"
tui_keys 7
tui_wait "Enter: a pair in Compare" # on the VARIANT heading: no row yet
tui_keys Down
end_wait "  1/[0-9]*"
tui_keys '?'
tui_wait "Keys ("
end_wait "  1-21/[0-9]*"
tui_keys Down
end_wait "  2-22/[0-9]*"
tui_keys Escape
tui_resize 200 60
tui_keys 2 g
end_wait "  row 1 of 7"
tui_keys Down
end_wait "  row 2 of 7"
tui_stop

# quilkin's Sizes: 16 rows under 4 headings
import samples/issues/seed-quilkin.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_wait "experiment 1 of 2"
tui_prompt / /
tui_keys -l "LTO"
tui_keys Enter Enter 5
tui_wait "relay_lto against relay_release"
end_wait "  1/16"
tui_keys Down Down Down Down
end_wait "  5/16"
tui_stop

# the warnings of the last import
tui_start 80 24 -- samples/issues/damaged-thread.md
tui_wait "METRIC"
tui_keys W
tui_wait "warnings from the last import"
end_wait "W 2 warnings  1/2"
tui_keys Down
end_wait "W 2 warnings  2/2"
tui_stop
