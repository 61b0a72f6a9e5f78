#!/bin/sh
# A long read of the store runs in the background: the status line shows
# its progress from real counts ("checking import 2 of 4 · Esc: cancel"),
# a key other than Esc says it waits (and acts after), Esc cancels it and leaves the screen
# exactly as it was and the store byte for byte as it was, q cancels and
# quits, and a read let be ends on its screen. B is recorded on the
# loader's thread too (Esc does not stop a write half way) and leaves the
# index fresh. The reads are made slow by BENCHDELTA_TEST_LOAD_DELAY_MS
# (each step of a read waits that long), never by timing: each step is
# waited for on the screen.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
import samples/issues/seed-bbolt.txt
[ -s "$STORE/index.csv" ] || fail "no index after the imports"

# the store's every file and its bytes
store_sum() { (cd "$STORE" && find . -type f | LC_ALL=C sort | xargs sha256sum); }
# settled FILE: the screen but its status line, once two looks 0.1 s apart agree
settled() {
	n=0
	tui_snap | sed '$d' >"$1"
	while sleep 0.1 && ! tui_snap | sed '$d' | cmp -s - "$1" && [ $n -lt 50 ]; do
		n=$((n + 1))
		tui_snap | sed '$d' >"$1"
	done
}

tui_start 100 30 BENCHDELTA_TEST_LOAD_DELAY_MS=500 -- ""
tui_wait "Profile-Guided Optimization (PGO) benchmarks"
# Enter reads the experiment's import alone: one import, slow here, then its Matrix
# (a key typed meanwhile acts once it is in: 3 opens Compare)
tui_keys Enter
tui_wait "reading import 1 of 1 · Esc: cancel"
tui_keys 3
tui_wait "still reading: your keys wait for it, Esc: cancel"
tui_wait "benchdelta · Compare"
tui_gone "Esc: cancel"
settled "$TMP/before"
store_sum >"$TMP/store.before"

# R renames a variant: it reads the whole store first (four imports)
tui_keys R
tui_wait " of 4 · Esc: cancel"
tui_keys x
tui_wait "still reading: your keys wait for it, Esc: cancel"
tui_keys Escape
tui_wait "cancelled: the store was not read, the screen is as it was"
settled "$TMP/after"
diff -u "$TMP/before" "$TMP/after" || fail "the screen changed under a cancelled read"
store_sum >"$TMP/store.after"
cmp -s "$TMP/store.before" "$TMP/store.after" || fail "the store changed under a cancelled read"
# the Esc cancelled the read, not R's question (never asked) and not the screen
tui_snap | grep -qF "\" to: " && fail "R went on after Esc"

# a read let be ends: H shows the row's history across the store
tui_keys 1
tui_wait " EXPERIMENT "
tui_keys Enter
tui_wait "benchdelta · Matrix"
tui_gone "Esc: cancel"
tui_keys H
tui_wait "Esc: cancel"
tui_wait "history:"
tui_gone "Esc: cancel"
tui_keys Escape
tui_wait "benchdelta · Matrix"

# B records the baseline: a write, which Esc does not stop half way
tui_keys Right b
tui_wait "this view's baseline"
tui_keys B
tui_wait "recording the edit"
tui_keys Escape
tui_wait "it cannot be stopped half way: a moment"
tui_wait "is the experiment's baseline"
BENCHDELTA_STORE=$STORE "$BD" edits 2>&1 | grep -q 'baseline of' || fail "B recorded nothing"
# and left the index fresh: a reader of that experiment reads its one import, not all four
if command -v strace >/dev/null 2>&1; then
	BENCHDELTA_STORE=$STORE strace -f -e trace=openat -o "$TMP/trace" "$BD" compare \
		-e "Evaluate LTO, CGU=1, Profile-Guided Optimization (PGO) and LLVM BOLT" >/dev/null 2>&1
	n=$(grep -o 'data/[0-9a-f]*/runs.csv' "$TMP/trace" | sort -u | wc -l)
	[ "$n" -eq 1 ] || fail "after B a reader read $n imports' runs (the index left stale)"
fi
store_sum >"$TMP/store.before"

# q during a read cancels it and quits
tui_keys R
tui_wait " of 4 · Esc: cancel"
tui_keys q
tui_gone "benchdelta · "
store_sum >"$TMP/store.after"
cmp -s "$TMP/store.before" "$TMP/store.after" || fail "the store changed under a read quit"
echo "ok $test_name"
