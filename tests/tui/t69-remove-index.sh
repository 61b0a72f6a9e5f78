#!/bin/sh
# d on a store opened from its index reads the experiment it removes alone
# (as `rm` does), never the whole store: its question comes at once, the
# removal is recorded with the index kept fresh, and u on the list brings
# the experiment back from the index, the store's list as it was before.
# BENCHDELTA_TEST_LOAD_DELAY_MS makes each step of a read slow, so that a
# read of the whole store would show its progress ("of 4 · Esc: cancel").
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
import samples/issues/seed-bbolt.txt
[ -s "$STORE/index.csv" ] || fail "no index after the imports"
list() { BENCHDELTA_STORE=$STORE LC_ALL=C.UTF-8 TZ=UTC "$BD" list 2>&1; }
list >"$TMP/list.before"

# until TEXT shows, never a read of the whole store (a progress line of every import)
wait_no_whole() { tui_wait_no_whole "$1" " of 4 · Esc: cancel"; }

tui_start 100 30 BENCHDELTA_TEST_LOAD_DELAY_MS=150 -- ""
tui_wait " EXPERIMENT "

# d asks at once (nothing read), then reads that experiment's one import
tui_keys d
wait_no_whole "yes or its name: _"
tui_keys y e s Enter
wait_no_whole "u undoes it · removed"
said=$(tui_snap | sed -n 's/.*u undoes it · removed "\(.*\)".*/\1/p')
list >"$TMP/list.mid"
gone=$(diff "$TMP/list.before" "$TMP/list.mid" | sed -n 's/^< //p')
[ "$(diff "$TMP/list.before" "$TMP/list.mid" | grep -c '^[<>]')" -eq 1 ] || fail "d did not remove exactly one experiment"
name=$(echo "$gone" | sed 's/  .*//')
case "$name" in *"${said##*…}") ;; *) fail "removed \"$name\", said \"$said\"" ;; esac
short=$(echo "$name" | cut -c1-20)
tui_snap | sed '$d' | grep -qF "$short" && fail "the list still shows the removed experiment"

# u on the list brings it back, from the index too
tui_keys u
wait_no_whole "undid edit"
tui_wait "$short"
list >"$TMP/list.after"
diff -u "$TMP/list.before" "$TMP/list.after" || fail "the store's list differs after the undo"
# the index was kept fresh: a reader of the experiment reads its import alone
if command -v strace >/dev/null 2>&1; then
	BENCHDELTA_STORE=$STORE strace -f -e trace=openat -o "$TMP/trace" "$BD" list >/dev/null 2>&1
	n=$(grep -c 'data/[0-9a-f]*/runs.csv' "$TMP/trace")
	[ "$n" -eq 0 ] || fail "after d and u, list read $n imports' runs (the index left stale)"
fi
tui_stop
echo "ok $test_name"
