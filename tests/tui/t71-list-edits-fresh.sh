#!/bin/sh
# d and r on an Experiments list already read whole (a start on a stale
# index reads every import, and writes the index again) read only the
# experiment they remove or rename, never the whole store again: the
# edit is recorded keeping the index fresh, the list read back from it;
# u takes the rename back the same way.
# After each, the list shows the truth (the store's `list`), and the index
# is fresh (`list` leaves it as it is) and says what the data says (a copy
# without it lists the same). BENCHDELTA_TEST_LOAD_DELAY_MS makes each
# step of a read slow, so that a read of the whole store would show its
# progress ("of 4 · Esc: cancel"; after d, "of 3").
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
import samples/issues/seed-bbolt.txt
rm -f "$STORE/index.csv" "$STORE/index.bin"
list() { BENCHDELTA_STORE=${1:-$STORE} LC_ALL=C.UTF-8 TZ=UTC "$BD" list 2>&1; }

# until TEXT shows, never a read of the whole store (a progress line of every import)
wait_no_whole() { tui_wait_no_whole "$1" " of [34] · Esc: cancel"; }
# fresh WHAT: the index is fresh (`list` does not write it again) and lists what the data does
fresh() {
	cp "$STORE/index.csv" "$TMP/ix.before"
	list >"$TMP/l.with"
	cmp -s "$STORE/index.csv" "$TMP/ix.before" || fail "$1: the index was stale after it"
	rm -rf "$TMP/copy"
	cp -a "$STORE" "$TMP/copy"
	rm -f "$TMP/copy/index.csv" "$TMP/copy/index.bin"
	list "$TMP/copy" >"$TMP/l.without"
	diff -u "$TMP/l.without" "$TMP/l.with" >&2 || fail "$1: the index lists other than the data"
}

# the first screen reads every import: the list in hand is the whole store
tui_start 80 24 BENCHDELTA_TEST_LOAD_DELAY_MS=150 -- ""
tui_wait "import 3 of 4"
tui_wait " EXPERIMENT "
tui_gone "import 3 of 4"
[ -s "$STORE/index.csv" ] || fail "the index was not written again"
list >"$TMP/list.before"

# d: the rathole experiment (second row) removed, the store's list one shorter
tui_keys Down
tui_wait "From:        samples/issues/seed-rathole.txt"
tui_prompt d "yes or its name: "
tui_keys -l yes
tui_keys Enter
wait_no_whole "u undoes it · removed"
list >"$TMP/list.mid"
[ "$(diff "$TMP/list.before" "$TMP/list.mid" | grep -c '^[<>]')" -eq 1 ] || fail "d did not remove exactly one experiment"
tui_wait "experiment 2 of 3"
# every experiment the store lists is on the screen (their first 18 columns)
sed 1d "$TMP/list.mid" | cut -c1-18 >"$TMP/names"
while read -r name; do
	tui_snap | grep -qF -- " $name" || fail "the list lacks \"$name\" after d"
done <"$TMP/names"
fresh "d on a list read whole"

# r: the llrt experiment (last row) renamed, selected under its new name
tui_keys End
tui_wait "From:        samples/issues/seed-llrt.txt"
old=$(list | awk 'NR > 1' | grep -F "Profile-Guided Optimization (PGO) benchmarks" | sed 's/  .*//')
[ -n "$old" ] || fail "no llrt experiment listed"
tui_prompt r "Rename to: $old"
tui_keys C-u
tui_keys -l "llrt renamed"
tui_keys Enter
wait_no_whole "u undoes it · renamed"
tui_wait " llrt renamed "
tui_wait "From:        samples/issues/seed-llrt.txt" # and selected
list | grep -q "^llrt renamed " || fail "the store does not list the new name"
list | grep -qF -- "$old" && fail "the store still lists \"$old\""
fresh "r on the list"

# r to a name the list holds: refused, nothing changed
list >"$TMP/list.r"
tui_keys Home
tui_wait "experiment 1 of 3"
tui_keys r
tui_wait "Rename to: Evaluate"
tui_keys C-u
tui_keys -l "llrt renamed"
tui_keys Enter
tui_wait 'not done: experiment "llrt renamed" exi'
list | cmp -s - "$TMP/list.r" || fail "a rename onto a listed name changed the store"

# u on the list takes the rename back, the index kept fresh (the undo reads the imports it
# moves back alone, never the whole store), and r renames it again
tui_keys u
wait_no_whole "undid edit"
list | grep -qF -- "$old" || fail "u did not bring \"$old\" back"
list | grep -q "^llrt renamed " && fail "u left \"llrt renamed\" listed"
fresh "u of r on the list"
tui_keys End
tui_wait "From:        samples/issues/seed-llrt.txt"
tui_prompt r "Rename to: $old"
tui_keys C-u
tui_keys -l "llrt renamed"
tui_keys Enter
wait_no_whole "u undoes it · renamed"

# Enter opens the renamed experiment, read alone from the index kept fresh
tui_keys End
tui_wait "From:        samples/issues/seed-llrt.txt"
tui_keys Enter
wait_no_whole "Matrix · llrt renamed"
tui_stop
echo "ok $test_name"
