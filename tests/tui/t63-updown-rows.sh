#!/bin/sh
# Up and Down move from row to row: they step over a scenario's heading
# (Matrix, Compare, CPU) and a variant's heading (Sizes) as G and g do,
# and stay on the last row; a view opens on its first row, never on a
# heading; Up on the first row still brings the first heading into view.
. "$(dirname "$0")/lib.sh"

# the line drawn selected (reverse video from its first column), without its attributes
selected() {
	$T capture-pane -e -p -t t | grep -a "^$(printf '\033')\[[0-9;]*7m" | grep -av ' 1 Experiments\| 1 2 3 ' |
		sed 's/\x1b\[[0-9;]*m//g; s/[[:space:]]*$//' | head -1
}
# wait until the selected line starts with TEXT (after its indentation)
sel_wait() {
	n=0
	until selected | sed 's/^ *//' | grep -q "^$1"; do
		n=$((n + 1))
		[ $n -gt 400 ] && fail "the selected line never became \"$1\" (it is \"$(selected)\")"
		sleep 0.05
	done
}

# bbolt: two scenarios, "(no scenario)" between the reads and file_size
import samples/issues/seed-bbolt.txt
tui_start 80 24 -- "" # one experiment: it opens on its Matrix
tui_wait "read.ops_per_sec"
sel_wait "write.time "
tui_keys Down Down Down Down Down
sel_wait "read.ops_per_sec"
tui_keys Down
sel_wait "file_size"
tui_keys Down
sel_wait "file_size"
tui_keys Up
sel_wait "read.ops_per_sec"
tui_keys 3
tui_wait "candidate: Release + PGO optimization"
sel_wait "read.ops_per_sec"
tui_keys Down
sel_wait "file_size"
tui_keys Down
sel_wait "file_size"
tui_keys Up Up Up Up Up Up
sel_wait "write.time "
tui_keys Up
sel_wait "write.time "
tui_stop

# quilkin's Sizes: a heading per variant; the view opens on the first row
import samples/issues/seed-quilkin.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "LTO"
tui_keys Enter Enter
tui_wait "METRIC"
tui_keys 5
tui_wait "relay_lto against relay_release"
sel_wait "text     20,172,458 B  16,134,916 B"
tui_keys Down Down Down
sel_wait "dec "
tui_keys Down
sel_wait "text     20,172,458 B  17,604,486 B"
tui_keys Up
sel_wait "dec      21,014,138 B  16,697,060 B"
tui_stop

# 12 rows: Up back to the first row scrolls the first heading into view
tui_start 80 12 -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "PLO"
tui_keys Enter Enter
tui_wait "METRIC"
tui_keys Down Down Down Down Down Down
sel_wait "file_size"
tui_gone "taskset -c 0 bench"
tui_keys Up Up Up Up Up Up
sel_wait "write.time "
tui_wait "taskset -c 0 bench"
tui_stop

# Factors: the VARIANT heading is no row; Up on the first variant stays there
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "LTO"
tui_keys Enter Enter 7
tui_wait "lto · link-time optimization"
tui_keys Down
tui_wait "t: tag its factors"
tui_keys Up t # on the heading, t would have no variant to tag
tui_wait 'tag "relay_release" (FACTOR=LEVEL'
tui_keys Escape
tui_keys Down Down Down Down Down
tui_wait "relay_release → relay_release_pgo_optimized"
tui_keys g
tui_wait "t: tag its factors"
tui_stop
