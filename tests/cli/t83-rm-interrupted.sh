#!/bin/sh
# An interrupted removal or undo is finished or taken back, never lost:
# `rm` of an experiment of two imports and then its `undo` are killed
# (SIGKILL, strace) at each of their renames in turn; then `fsck --repair`
# and, when the removal was recorded, `undo` must give back exactly the
# export from before the removal. Readers meanwhile see the experiment
# whole or not at all, and the next writer (here a rename-variant) finishes
# what the kill left half done. Prints the figures.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
B=$T/base
if ! command -v strace >/dev/null; then
	echo "SKIP $test_name: kills at chosen calls (strace is not installed)"
	exit 0
fi

"$BD" --store "$B" import samples/hyperfine/hand-relative.txt >/dev/null 2>&1 || fail "base"
"$BD" --store "$B" import -e Two samples/hyperfine/o0-vs-o2.txt samples/hyperfine/hand-new-us.txt \
	>/dev/null 2>&1 || fail "base (two imports)"
"$BD" --store "$B" rename-variant tool_pgo PGO >/dev/null 2>&1 || fail "base edit"
"$BD" --store "$B" export -f tsv >"$T/before" 2>&1 || fail "base export"
"$BD" --store "$B" list >/dev/null 2>&1 # a fresh index, as a store in use has
two=$(grep -c '^Two	' "$T/before")
[ "$two" -gt 0 ] || fail "no measurements in experiment Two: $(head -3 "$T/before")"

# renames OP...: how many rename calls OP makes on a fresh copy of the base
renames() {
	rm -rf "$S"; cp -r "$B" "$S"
	strace -f -o "$T/trace" -e trace=rename "$@" >/dev/null 2>&1
	grep -c '^[0-9]* *rename(' "$T/trace"
}
# the id of edit "removed (2 imports" when it is in effect, else nothing
rm_edit() { "$BD" edits 2>/dev/null | awk '/experiment "Two" removed/ && !/undone by/ { print $1 }'; }
# whole: experiment Two is whole or absent to a reader
whole() {
	n=$("$BD" export -f tsv 2>/dev/null | grep -c '^Two	')
	[ "$n" -eq 0 ] || [ "$n" -eq "$two" ] || fail "$1: a reader sees $n of the $two measurements of Two"
}
same() {
	"$BD" export -f tsv >"$T/after" 2>&1
	cmp -s "$T/before" "$T/after" || { diff "$T/before" "$T/after" | head >&2; fail "$1: the export differs from before rm"; }
}

trials=0 lost=0
# kill K CMD...: a fresh copy of the base, CMD killed at its Kth rename
kill_at() {
	k=$1
	shift
	rm -rf "$S"; cp -r "$B" "$S"
	strace -f -o /dev/null -e "inject=rename:signal=SIGKILL:when=$k" "$BD" "$@" >/dev/null 2>&1
}
# recover WHAT: fsck --repair, a clean fsck, the removal undone when it is in effect; the export of before
recover() {
	run fsck --repair
	grep -q 'text no import refers to' "$T/out" && fail "$1: fsck calls a removed text an orphan: $(cat "$T/out")"
	run fsck
	expect_rc 0 "fsck after fsck --repair ($1): $(cat "$T/out")"
	id=$(rm_edit)
	if [ -n "$id" ]; then
		run undo "$id"
		[ "$rc" -eq 0 ] || { lost=$((lost + 1)); cat "$T/err" >&2; fail "$1, fsck --repair, undo: exit $rc"; }
	fi
	same "$1, fsck --repair, undo"
}

nrm=$(renames "$BD" rm Two)
[ "$nrm" -ge 5 ] || fail "rm made $nrm renames, want the journal's and two of each import"
k=0
while [ $k -lt "$nrm" ]; do
	k=$((k + 1)); trials=$((trials + 1))
	kill_at $k rm Two
	whole "rm killed at rename $k"
	recover "rm killed at rename $k"
	# the same kill, and then the next writer of another kind
	kill_at $k rm Two
	"$BD" rename-variant tool_release Release >/dev/null 2>&1 || fail "rename-variant after rm killed at rename $k"
	run fsck
	expect_rc 0 "fsck after the next writer (rm killed at rename $k): $(cat "$T/out")"
done

# undo of a whole removal, killed at each of its renames: taken back or done
rm -rf "$B.rm"; cp -r "$B" "$B.rm"
"$BD" --store "$B.rm" rm Two >/dev/null 2>&1 || fail "rm"
B=$B.rm
nundo=$(renames "$BD" undo)
[ "$nundo" -ge 5 ] || fail "undo made $nundo renames, want two of each import and the journal's"
k=0
while [ $k -lt "$nundo" ]; do
	k=$((k + 1)); trials=$((trials + 1))
	kill_at $k undo
	whole "undo killed at rename $k"
	recover "undo killed at rename $k"
done
echo "  RM-KILL $trials kills ($nrm renames of rm, $nundo of undo): $lost lost"
