#!/bin/sh
# On a store opened from its index, opening an experiment reads its own
# imports alone (strace: one import's runs.csv per experiment opened), and
# every screen it shows is the screen a load of the whole store shows: the
# Matrix, another experiment opened from the list, Runs and Source. What
# reaches beyond the experiment (H: every experiment's values) reads the
# other runs' figures from the store's catalog, not their imports, and
# shows what the whole store shows.
. "$(dirname "$0")/lib.sh"

import samples/issues/test-environment.md
import samples/hyperfine/o0-vs-o2.txt
import samples/issues/seed-bbolt.txt
import samples/issues/damaged-thread.md
[ -s "$STORE/index.csv" ] || fail "no index after the imports"

TRACE=$TMP/trace
REAL=$BD
if command -v strace >/dev/null 2>&1; then
	printf '#!/bin/sh\nexec strace -f -e trace=openat -o "%s" "%s" "$@"\n' "$TRACE" "$REAL" >"$TMP/traced"
	chmod +x "$TMP/traced"
fi
# imports whose runs were read so far
imports_read() { grep -o 'data/[0-9a-f]*/runs.csv' "$TRACE" | sort -u | wc -l; }

# settled FILE: the screen once two looks 0.1 s apart agree (a redraw may be half done)
settled() {
	n=0
	tui_snap >"$1"
	while sleep 0.1 && ! tui_snap | cmp -s - "$1" && [ $n -lt 50 ]; do
		n=$((n + 1))
		tui_snap >"$1"
	done
}
# the same walk through the screens, each saved as $1.NAME
walk() {
	tui_start 100 30 -- ""
	tui_wait "W 2 warnings"
	tui_keys Down
	tui_wait "Variants:    fib_O0 (baseline), fib_O2"
	tui_keys Enter
	tui_wait "5.1 ms ±13.7%  1.6 ms ±12.5%  ≈-69% ✓¹"
	settled "$TMP/$1.matrix"
	[ "$1" = with ] && [ -f "$TRACE" ] && [ "$(imports_read)" -eq 1 ] &&
		echo "one import read" >"$TMP/$1.alone"
	tui_keys 1
	tui_wait "Variants:    fib_O0 (baseline), fib_O2"
	tui_keys Down
	tui_gone "Variants:    fib_O0 (baseline), fib_O2"
	tui_keys 2
	tui_wait "✓ better ✗ worse"
	tui_gone "o0-vs-o2"
	settled "$TMP/$1.matrix2"
	[ "$1" = with ] && [ -f "$TRACE" ] && [ "$(imports_read)" -eq 2 ] &&
		echo "two imports read" >>"$TMP/$1.alone"
	tui_keys Enter
	tui_wait "Enter on a run"
	settled "$TMP/$1.runs"
	tui_keys Down Enter
	tui_wait "Source"
	settled "$TMP/$1.source"
	tui_keys Escape Escape
	tui_wait "benchdelta · Matrix"
	tui_keys H
	tui_wait "history:"
	settled "$TMP/$1.history"
	tui_stop
}

[ -x "$TMP/traced" ] && BD=$TMP/traced
walk with
BD=$REAL
if [ -x "$TMP/traced" ]; then
	[ -s "$TMP/with.alone" ] && [ "$(wc -l <"$TMP/with.alone")" -eq 2 ] ||
		fail "opening an experiment read other imports: $(cat "$TMP/with.alone" 2>/dev/null)"
	[ "$(imports_read)" -eq 2 ] || fail "H read the runs of $(imports_read) imports, not the catalog"
	grep -q 'catalog.db' "$TRACE" || fail "H did not read the catalog"
fi
mv "$STORE/index.csv" "$TMP/index.csv"
walk without
for s in matrix matrix2 runs source history; do
	diff -u "$TMP/without.$s" "$TMP/with.$s" || fail "$s: read alone, the screen differs from the whole store's"
done
