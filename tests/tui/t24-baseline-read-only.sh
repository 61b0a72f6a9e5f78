#!/bin/sh
# b then B on a store that cannot be written (a read-only mount as root, else its
# files made read-only): the reason stays on the status line, never
# "edit N ...", and the store is unchanged afterwards.
. "$(dirname "$0")/lib.sh"

import samples/hyperfine/hand-relative.txt
BENCHDELTA_STORE=$STORE "$BD" list >/dev/null 2>&1 # its index, as a store in use has it
(cd "$STORE" && find . -type f | sort | xargs md5sum) >"$TMP/before"
if [ "$(id -u)" -eq 0 ]; then
	mount --bind "$STORE" "$STORE" 2>/dev/null && mount -o remount,bind,ro "$STORE" 2>/dev/null ||
		{ umount "$STORE" 2>/dev/null; echo "SKIP $test_name: cannot mount the store read-only here"; exit 0; }
	trap 'umount "$STORE" 2>/dev/null; $T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
	why="Read-only file system"
else
	chmod -R a-w "$STORE"
	trap 'chmod -R u+w "$TMP"; $T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
	why="Permission denied"
fi
touch "$STORE/probe" 2>/dev/null && fail "the store can still be written"
tui_start 100 24 -- ""
tui_keys 3 # the pair view
tui_wait "baseline:  tool_release"
tui_keys b B
tui_wait "baseline not saved"
tui_wait "$why"
tui_gone "u undoes it"
tui_wait "baseline:  tool_pgo  (this view; the experiment's is tool_release"
tui_keys q
(cd "$STORE" && find . -type f | sort | xargs md5sum) >"$TMP/after"
cmp -s "$TMP/before" "$TMP/after" || { diff "$TMP/before" "$TMP/after" >&2; fail "the store changed"; }
BENCHDELTA_STORE=$STORE "$BD" list variants -e hand-relative >"$TMP/out" 2>&1
grep -q 'tool_release .*\*' "$TMP/out" || { cat "$TMP/out"; fail "baseline changed"; }
