#!/bin/sh
# tui_keys.sh - how long each TUI key that touches the store keeps the user
# waiting, for `make bench`: benchdelta in a private tmux server on a copy
# of a store, each key sent and the screen polled until what the key
# shows is on it. Two figures per key: "first" is the time until the
# screen answered at all (what it shows when done, or the progress line
# of a load in the background), "done" the time until it shows the
# result. Prints "NAME FIRST_MS DONE_MS" lines; asserts nothing.
#
#   tui_keys.sh BENCHDELTA STORE
#
# STORE is copied (the keys edit it). The polls cost ~5 ms each, so a
# figure is good to about 10 ms.
set -eu
BD=$1
SRC=$2
tmp=$(mktemp -d)
sock=bdkeys$$
T="tmux -L $sock -f /dev/null"
trap '$T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
cp -r "$SRC" "$tmp/s"
# a fresh index and a catalog in step, as a store in use has them (a copy's
# files are new inodes: the catalog would read every import again)
"$BD" --store "$tmp/s" list >/dev/null 2>&1
"$BD" --store "$tmp/s" history time >/dev/null 2>&1
snap() { $T capture-pane -p -t k 2>/dev/null; }
now() { date +%s%N; }
# wait_for TEXT [PROGRESS]: poll until TEXT is on the screen (about 60 s at
# most); sets t_first to when TEXT or PROGRESS first showed, t_done to TEXT
wait_for() {
	t_first=0
	n=0
	while :; do
		s=$(snap)
		if printf '%s\n' "$s" | grep -qF -- "$1"; then
			t_done=$(now)
			[ "$t_first" = 0 ] && t_first=$t_done
			return 0
		fi
		if [ "$t_first" = 0 ] && [ -n "${2:-}" ] && printf '%s\n' "$s" | grep -qE -- "$2"; then
			t_first=$(now)
		fi
		n=$((n + 1))
		if [ $n -gt 6000 ]; then
			echo "tui_keys: \"$1\" never appeared" >&2
			snap >&2
			exit 1
		fi
		sleep 0.005
	done
}
PROGRESS="Esc: cancel|recording the edit"
# key NAME TEXT KEYS...: send KEYS, report how long until TEXT showed
key() {
	name=$1 text=$2
	shift 2
	sleep 0.3 # the screen settled
	t0=$(now)
	$T send-keys -t k "$@"
	wait_for "$text" "$PROGRESS"
	echo "$name $(((t_first - t0) / 1000000)) $(((t_done - t0) / 1000000))"
}
# type TEXT: keys typed into a prompt (nothing timed)
typed() { $T send-keys -t k -l "$1"; }

t0=$(now)
$T new-session -d -s k -x 120 -y 40 \
	"env TERM=tmux-256color LC_ALL=C.UTF-8 TZ=UTC HOME=$tmp $BD --store $tmp/s; sleep 30"
wait_for " EXPERIMENT " "$PROGRESS"
echo "first_screen $(((t_first - t0) / 1000000)) $(((t_done - t0) / 1000000))"
# d and u on the list the index gives, before anything read the whole store
key index_remove_prompt "yes or its name" d
typed "yes"
key index_remove "removed" Enter
key index_remove_undo "undid edit" u
$T send-keys -t k g # the first row again, as the list was
key down "experiment 2 of" Down
$T send-keys -t k Up
sleep 0.3
key enter "benchdelta · Matrix" Down Enter
key history "history:" H
key back "benchdelta · Matrix" Escape
key view_baseline "this view's baseline" Right b
key save_baseline "is the experiment's baseline" B
key undo "undid edit" u
key factors "benchdelta · Factors" 7
$T send-keys -t k /
typed "opt · optimization level"
$T send-keys -t k Enter
key across "across the store" a
key across_back "benchdelta · Factors" a
$T send-keys -t k g Down Down Down Down
key tag_prompt 'tag "' t
$T send-keys -t k C-u
typed "alloc=jemalloc"
key tag "tagged alloc=jemalloc" Enter
key experiments " EXPERIMENT " 1
key rename_prompt "Rename to:" r
$T send-keys -t k C-u
typed "Renamed zero"
key rename "renamed" Enter
# another process writes the store: the TUI sees it at its next look (every 0.2 s)
BENCHDELTA_STORE=$tmp/s "$BD" rename-experiment "Experiment 101: the build flags" "Experiment 101 elsewhere" >/dev/null 2>&1
t0=$(now)
wait_for "written by another benchdelta" "$PROGRESS"
echo "external_write $(((t_first - t0) / 1000000)) $(((t_done - t0) / 1000000))"
$T send-keys -t k g Down Down
key remove_prompt "yes or its name" d
typed "yes"
key remove "removed" Enter
key remove_undo "undid edit" u
$T send-keys -t k q
