#!/bin/sh
# The first screen comes from the store's index (index.csv) and is the same
# screen a load of the whole store draws: names, counts, tools, dates, the
# selected experiment's variants and environment, the last import's
# warnings on the status line. Moving in the list keeps the index; any
# other key reads the store, and Enter opens the experiment selected (its
# imports alone: t46).
. "$(dirname "$0")/lib.sh"

import samples/issues/test-environment.md
import samples/hyperfine/o0-vs-o2.txt
import samples/issues/seed-bbolt.txt
import samples/issues/damaged-thread.md
[ -s "$STORE/index.csv" ] || fail "no index after the imports"

first_screen() {
	tui_start 100 30 -- ""
	tui_wait "W 2 warnings"
	tui_wait "Environment:"
	tui_snap >"$TMP/$1.screen"
	tui_keys Down
	tui_wait "Variants:    fib_O0 (baseline), fib_O2" # the second row: o0-vs-o2
	tui_snap >"$TMP/$1.down.screen"
	tui_stop
}

first_screen with
[ -s "$STORE/index.csv" ] || fail "the index went away"
mv "$STORE/index.csv" "$TMP/index.csv"
first_screen without
diff -u "$TMP/without.screen" "$TMP/with.screen" || fail "first screen from the index differs"
diff -u "$TMP/without.down.screen" "$TMP/with.down.screen" || fail "second row from the index differs"

# from the index: moved to the second experiment (o0-vs-o2, by name), Enter opens it
cp "$TMP/index.csv" "$STORE/index.csv"
tui_start 100 30 -- ""
tui_wait "W 2 warnings"
tui_snap | sed -n 4p | grep -q '^ o0-vs-o2 ' || fail "o0-vs-o2 is not the second row"
tui_keys Down
tui_wait "Variants:    fib_O0 (baseline), fib_O2"
tui_keys Enter
tui_wait "Matrix"
tui_wait "5.1 ms ±13.7%  1.6 ms ±12.5%  ≈-69% ✓¹" # its figures: the store was read
tui_keys q
