#!/bin/sh
# The views always show the experiment under the Experiments cursor: keys
# 2, 1, j, 2 show the second experiment's variants (named, with its place
# in the title), and b there records a baseline for a variant of that
# experiment only: the store's edit journal gains exactly that one edit (B saves it).
. "$(dirname "$0")/lib.sh"

for f in quilkin rathole bbolt llrt; do import samples/issues/seed-$f.txt; done
tui_start 100 24 -- ""
tui_wait "EXPERIMENT"
tui_keys 2
tui_wait "(1/4)"
tui_wait "relay_release"
tui_keys 1
tui_wait "EXPERIMENT"
tui_keys j
tui_keys 2
tui_wait "Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT (2/4)"
tui_wait "Rathole Release"
tui_gone "relay_release"
tui_gone "No measurements"
tui_keys b
tui_wait "this view's baseline: Rathole Release + PGO-optimized"
tui_keys B
tui_wait "edit 1 · u undoes it"
tui_keys q
tui_gone "baseline"
# the store's edits: exactly one, the baseline of the experiment shown, a variant it has
grep -v '^"","","","checksum"' "$STORE/edits.csv" >"$TMP/edits"
cat >"$TMP/want" <<'CSV'
"id","created","command","op","experiment","target","value","what"
"1","2026-01-01T00:00:00Z","baseline","baseline","Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT","","rathole release + pgo optimized","baseline of ""Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT"" is ""Rathole Release + PGO-optimized"""
CSV
diff -u "$TMP/want" "$TMP/edits" || fail "the store's edits are not the one baseline of the shown experiment"
BENCHDELTA_STORE=$STORE "$BD" list variants -e "Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT" >"$TMP/out" 2>&1
grep -q 'Rathole Release + PGO-optimized .*\*' "$TMP/out" || { cat "$TMP/out"; fail "baseline not recorded"; }
