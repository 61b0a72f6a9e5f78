#!/bin/sh
# b then B when the choice cannot be saved (here: the edit journal does not
# verify, so nothing is written over it): the error stays on the status
# line instead of "edit N ...", and the store is unchanged.
. "$(dirname "$0")/lib.sh"

import samples/hyperfine/hand-relative.txt
BENCHDELTA_STORE=$STORE "$BD" rename-variant tool_pgo PGO >/dev/null 2>&1 ||
	fail "seed edit"
printf 'cut' >>"$STORE/edits.csv"
cp "$STORE/edits.csv" "$TMP/journal"
tui_start 80 24 -- ""
tui_keys 3 # the pair view
tui_wait "baseline:  tool_release"
tui_keys b B
tui_wait "baseline not saved"
tui_gone "u undoes it"
tui_keys q
cmp -s "$STORE/edits.csv" "$TMP/journal" || fail "journal changed"
BENCHDELTA_STORE=$STORE "$BD" list variants -e hand-relative >"$TMP/out" 2>&1
grep -q 'tool_release .*\*' "$TMP/out" || { cat "$TMP/out"; fail "baseline changed"; }
