#!/bin/sh
# Reliability of every writer: each store operation (imports, edits,
# undo and redo, reparse, fsck --repair) is killed (SIGKILL, strace) at the
# Nth write, fsync, rename, mkdir or unlink it makes. After a kill, a
# reader sees a store that loads; fsck names nothing but the leftovers
# of a kill; after `fsck --repair` the store is clean and is exactly the
# store before the operation or the one after it (its export, its edits,
# its variants), and an edit that is there is undone whole: never torn,
# nothing lost.
#
#   CRASH_ALL=1       every kill point of every operation (hundreds; minutes)
#   CRASH_TRIALS=N    else N kill points drawn from them with a fixed seed (default 24)
# Prints the figures: operations, kill points, trials, killed, torn, lost, differing.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
B=$T/base
if ! command -v strace >/dev/null; then
	echo "SKIP $test_name: kills at chosen calls (strace is not installed)"
	exit 0
fi

bd() { "$BD" --store "$B" "$@" >/dev/null 2>&1 || fail "base: $*"; }
bd import samples/hyperfine/hand-relative.txt
bd import -e Two samples/hyperfine/o0-vs-o2.txt samples/hyperfine/hand-new-us.txt
bd import samples/issues/thread-v1.md
bd rename-variant -e hand-relative tool_pgo PGO
bd rm "Try BOLT"
bd list
imp=$("$BD" --store "$B" list imports | awk '/o0-vs-o2.txt$/ { print $1 }')
[ -n "$imp" ] || fail "base: no import id"

# the operations: NAME|COMMAND (words split as the shell splits them)
cat >"$T/ops" <<EOF
import|import samples/issues/labels-styles.md
import-s|import -s 7=Killed samples/hyperfine/hand-damaged.txt
import-dup|import samples/hyperfine/hand-relative.txt samples/time/hand-damaged.txt
rm|rm Two
rm-import|rm --import $imp
rename-experiment|rename-experiment Two Renamed
move|move $imp hand-relative
rename-variant|rename-variant -e hand-relative PGO tool_pgo_again
merge-variants|merge-variants -e Two fib_O2 fib_O0
undo-rm|undo 2
undo-rename|undo 1
redo|undo 3
reparse|reparse
fsck-repair|fsck --repair
list|list
EOF
# state NAME: what a store holds, as its user sees it: NAME.data its imports' figures and
# names, NAME.edits its journal (spaces folded: a table's columns move)
state() {
	{
		"$BD" export -f tsv 2>&1
		"$BD" list variants 2>&1
		"$BD" list imports 2>&1
	} | awk '{ $1 = $1; print }' >"$T/$1.data"
	"$BD" edits 2>&1 | awk '{ $1 = $1; print }' >"$T/$1.edits"
}
same() { cmp -s "$T/$1.data" "$T/$2.data" && cmp -s "$T/$1.edits" "$T/$3.edits"; }
rm -rf "$S"; cp -r "$B" "$S"
state before
nops=0 points=0
while IFS='|' read -r name cmd; do
	nops=$((nops + 1))
	rm -rf "$S"; cp -r "$B" "$S"
	# shellcheck disable=SC2086
	strace -f -o "$T/trace" -e trace=write,fsync,rename,mkdir,unlink "$BD" $cmd >/dev/null 2>&1
	state "after.$name"
	for kind in write fsync rename mkdir unlink; do
		n=$(grep -c "^[0-9]* *$kind(" "$T/trace")
		k=0
		while [ $k -lt "$n" ]; do
			k=$((k + 1))
			echo "$name $kind $k" >>"$T/points"
		done
	done
done <"$T/ops"
points=$(wc -l <"$T/points")
if [ "${CRASH_ALL:-}" = 1 ]; then
	cp "$T/points" "$T/chosen"
else
	awk -v n="${CRASH_TRIALS:-24}" -v all="$points" 'BEGIN { srand(8311) }
		{ if (rand() * (all - NR + 1) < n - taken) { print; taken++ } }' "$T/points" >"$T/chosen"
fi

# the operations that are an edit, which undo takes back whole
undoable="rm rm-import rename-experiment move rename-variant merge-variants undo-rm undo-rename redo"
trials=0 killed=0 torn=0 lost=0 differ=0
while read -r name kind k; do
	trials=$((trials + 1))
	cmd=$(awk -F'|' -v n="$name" '$1 == n { print $2 }' "$T/ops")
	rm -rf "$S"; cp -r "$B" "$S"
	# shellcheck disable=SC2086
	strace -f -o /dev/null -e "inject=$kind:signal=SIGKILL:when=$k" "$BD" $cmd >/dev/null 2>&1
	[ $? -eq 137 ] && killed=$((killed + 1))
	what="$name killed at $kind $k"
	if ! "$BD" list runs >/dev/null 2>"$T/err"; then
		torn=$((torn + 1)); echo "$what: list fails: $(cat "$T/err")" >&2; continue
	fi
	"$BD" fsck >"$T/fsck" 2>&1
	if grep -v -e 'left by an interrupted write' -e 'a text no import refers to' -e 'an interrupted edit' "$T/fsck" |
		grep -q ': error: '; then
		torn=$((torn + 1)); echo "$what: $(cat "$T/fsck")" >&2; continue
	fi
	"$BD" fsck --repair >/dev/null 2>&1
	if ! "$BD" fsck >"$T/fsck" 2>&1; then
		torn=$((torn + 1)); echo "$what: not clean after fsck --repair: $(cat "$T/fsck")" >&2; continue
	fi
	state now
	# the store before, or after; or, for an import with --set-variant, which records its
	# edit before its data (benchdelta-store(5)), the edit without the import
	if same now before before || { [ "$name" = import-s ] && same now before "after.$name"; }; then
		continue
	fi
	if same now "after.$name" "after.$name"; then
		# an edit finished by the repair is undone whole: nothing of it was lost on the way
		case " $undoable " in
		*" $name "*)
			# (by its number: a bare undo takes the latest edit that is not an undo)
			last=$("$BD" edits 2>/dev/null | awk 'END { print $1 }')
			rm -f "$T/undone.data"
			"$BD" undo "$last" >/dev/null 2>"$T/err" && state undone
			if ! cmp -s "$T/undone.data" "$T/before.data"; then
				lost=$((lost + 1)); echo "$what: fsck --repair, then undo: not the store before: $(cat "$T/err")" >&2
				diff "$T/before.data" "$T/undone.data" | head -4 >&2
			fi ;;
		esac
		continue
	fi
	# lost: a line of the store before that is in neither
	if grep -Fvx -f "$T/now.data" "$T/before.data" | grep -Fvx -f "$T/after.$name.data" | grep -q . ||
		grep -Fvx -f "$T/now.edits" "$T/before.edits" | grep -Fvx -f "$T/after.$name.edits" | grep -q .; then
		lost=$((lost + 1)); echo "$what: lost $(grep -Fvx -f "$T/now.data" "$T/before.data" | head -3)" >&2
	else
		differ=$((differ + 1)); echo "$what: neither the store before nor the one after:" >&2
		diff "$T/after.$name.data" "$T/now.data" | head -6 >&2
	fi
done <"$T/chosen"
echo "  EDITS   $nops operations, $points kill points, $trials trials, $killed killed mid-way: $torn torn, $lost lost, $differ differ"
[ $torn -eq 0 ] && [ $lost -eq 0 ] && [ $differ -eq 0 ] || fail "$torn torn, $lost lost, $differ differing in $trials trials"
