#!/bin/sh
# A paste the terminal does not bracket (GNU screen, some ssh clients,
# tmux's paste-buffer without -p) comes as keys faster than anyone types:
# on every screen it is read as a paste and planned, and none of its keys
# runs. The text below would remove an experiment (d, yes), rename one
# (r), save a baseline (b, B), undo an edit (u) and fix names (e, R, m)
# if its keys ran: the store is byte for byte what it was. Removing asks
# for yes or the name, never one key.
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
import samples/issues/seed-rathole.txt
import samples/hyperfine/hand-relative.txt
bd rename-variant tool_pgo PGO >/dev/null 2>&1 || fail "seed edit"
bd list >/dev/null 2>&1 # the index, as a store in use has it
sums() { (cd "$STORE" && find . -type f | sort | xargs md5sum); }
sums >"$TMP/before"
printf 'Today I ran the benchmark\nd\nyes\nr\nx\nb\nB\nu\ne\nx\nR\nx\nm\n\ny\n' >"$TMP/paste"
tui_start 80 24 -- ""
$T load-buffer -b p "$TMP/paste"
paste() {
	$T paste-buffer -b p -t t # no -p: not bracketed
	tui_wait "read as a paste (the keys came faster than typing): none of them was run"
	tui_wait "paste: 15 lines"
	tui_keys Escape
	tui_wait "nothing imported"
	tui_gone "paste: 15 lines"
}
tui_wait "EXPERIMENT"
paste # Experiments
tui_keys Enter
tui_wait "METRIC"
paste # Matrix
tui_wait "METRIC"
tui_keys 3
tui_wait "candidate:"
paste # Compare
tui_keys 4
tui_wait "CPU"
paste
tui_keys 5
tui_wait "Sizes"
paste
tui_keys 6
tui_wait "VARIANT"
paste
tui_keys W
tui_wait "Warnings"
paste
tui_keys 2
tui_wait "METRIC"
tui_keys Enter
tui_wait "Enter on a run: the text it was read from"
paste # Runs
tui_wait "Enter on a run: the text it was read from"
tui_keys Down Enter
tui_wait "Source"
paste # Source
tui_keys '?'
tui_wait "Keys ("
paste # Help
tui_keys i
tui_wait "file, -, or issue address: _"
paste # Paste, its path prompt open
tui_keys 1
tui_wait "EXPERIMENT"
# removing asks for the name or yes: y alone, or another word, removes nothing
tui_keys d
tui_wait "yes or its name: _"
tui_keys y Enter
tui_wait "nothing removed: type yes or the experiment's name to remove it"
tui_keys q
sums >"$TMP/after"
cmp -s "$TMP/before" "$TMP/after" || { diff "$TMP/before" "$TMP/after" >&2; fail "the store changed"; }
