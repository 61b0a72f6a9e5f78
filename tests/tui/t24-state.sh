#!/bin/sh
# The views always show the experiment under the Experiments cursor: keys
# 2, 1, j, 2 show the second experiment's variants (named, with its place
# in the title), and b there records a baseline for a variant of that
# experiment only: the store's overrides gain exactly that one line.
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
tui_wait "baseline is now Rathole Release + PGO-optimized"
tui_keys q
tui_gone "baseline"
cat >"$TMP/want" <<'CSV'
"kind","target","value","created"
"baseline","Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT","rathole release + pgo optimized","2026-01-01T00:00:00Z"
CSV
diff -u "$TMP/want" "$STORE/overrides.csv" || fail "the store's overrides are not the one baseline of the shown experiment"
BENCHDELTA_STORE=$STORE "$BD" list variants -e "Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT" >"$TMP/out" 2>&1
grep -q 'Rathole Release + PGO-optimized .*\*' "$TMP/out" || { cat "$TMP/out"; fail "baseline not recorded"; }
