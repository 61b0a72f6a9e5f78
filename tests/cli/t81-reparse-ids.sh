#!/bin/sh
# Run ids are stable across a reparse: a run's id depends on its own text
# and place, never on which import is read first. A re-paste of a thread
# holds the thread's blocks, which the import left to the thread; reparse
# reads the imports oldest first, then by their hash, so a re-paste
# imported the same second and sorting first by hash, or imported on a
# clock set back, is read before the thread. The thread keeps its blocks
# and their ids, the re-paste its own, and `show` of every id from before
# still works.
. "$(dirname "$0")/lib.sh"

# ids: the run ids of the store, sorted
ids() { "$BD" list runs 2>/dev/null | awk 'NR > 1 { print $1 }' | sort; }
# stable WHY: after a reparse the store has the same run ids, and shows each
stable() {
	ids >"$T/before"
	[ "$(wc -l <"$T/before")" -ge 3 ] || fail "$1: too few runs: $(cat "$T/before")"
	run reparse
	expect_rc 0 "$1: reparse"
	expect_re '^Try BOLT on the tokenizer +2 +0 +0 +0 +0$' # nothing added, removed or renamed
	ids >"$T/after"
	cmp -s "$T/before" "$T/after" || { diff "$T/before" "$T/after" >&2; fail "$1: run ids changed"; }
	while read -r id; do
		run show "$id"
		expect_rc 0 "$1: show $id after the reparse"
	done <"$T/before"
}
# hash FILE: the hash its import is stored under (an empty store's one import)
hash() { rm -rf "$T/h"; "$BD" --store "$T/h" import "$1" >/dev/null 2>&1; ls "$T/h/data"; }

# a re-paste imported the same second as the thread, whose hash sorts before the thread's
thread=$(hash samples/issues/thread-v1.md)
k=0
while :; do
	k=$((k + 1))
	[ $k -le 16 ] || fail "no re-paste sorts before the thread by hash"
	{ cat samples/issues/thread-v2.md; printf '\nThanks, that settles it (%d).\n' $k; } >"$T/repaste.md"
	[ "$(printf '%s\n%s\n' "$(hash "$T/repaste.md")" "$thread" | sort | head -1)" != "$thread" ] && break
done
run import samples/issues/thread-v1.md
run import "$T/repaste.md"
expect_out '(the same thread: it repeats blocks stored there)'
stable "the same second"

# a clock set back: the re-paste is imported at an earlier time than the thread
export BENCHDELTA_STORE="$T/back"
SOURCE_DATE_EPOCH=1767225600 "$BD" import samples/issues/thread-v1.md >/dev/null 2>&1 || fail "import"
SOURCE_DATE_EPOCH=1767225000 "$BD" import samples/issues/thread-v2.md >/dev/null 2>&1 || fail "import"
stable "a clock set back"
exit 0
