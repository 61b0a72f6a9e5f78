#!/bin/sh
# rm, rm --import, rename-experiment and move read, from a fresh index,
# only the imports they touch (and those of the experiment they put
# imports into): each command, on a store whose index is fresh and on the
# same store without it (the whole store read), must print the same, exit
# the same and leave the same store (its export, its journal's edits).
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

"$BD" import samples/issues/thread-v1.md >/dev/null 2>&1 || fail "seed"
"$BD" import samples/issues/thread-v2.md >/dev/null 2>&1 || fail "seed"
"$BD" import samples/hyperfine/hand-relative.txt >/dev/null 2>&1 || fail "seed"
"$BD" import -e Sizes samples/size/hand-damaged.txt >/dev/null 2>&1 || fail "seed"
"$BD" import -e "Sizes two" samples/hyperfine/o0-vs-o2.txt >/dev/null 2>&1 || fail "seed"
"$BD" rename-variant -e hand-relative tool_pgo PGO >/dev/null 2>&1 || fail "seed edit"
"$BD" list >/dev/null 2>&1
[ -s "$S/index.csv" ] || fail "no index written"
cp -r "$S" "$T/seed"
v1=$("$BD" list imports | awk '/thread-v1.md$/ { print $1 }')
rel=$("$BD" list imports | awk '/hand-relative.txt$/ { print $1 }')
[ -n "$v1" ] && [ -n "$rel" ] || fail "import ids"

# state: the export and the journal's edits, without their dates
state() {
	"$BD" export -f tsv 2>&1
	"$BD" edits 2>&1 | awk '{ $2 = ""; print }'
	"$BD" list variants 2>&1
}
n=0
# same ARGS...: the command on the seed with its index and without, alike
same() {
	n=$((n + 1))
	rm -rf "$S"; cp -r "$T/seed" "$S"
	"$BD" "$@" >"$T/a.out" 2>"$T/a.err"; echo "exit $?" >>"$T/a.out"
	state >"$T/a.state"
	rm -rf "$S"; cp -r "$T/seed" "$S"
	rm -f "$S/index.csv" "$S/index.bin"
	"$BD" "$@" >"$T/b.out" 2>"$T/b.err"; echo "exit $?" >>"$T/b.out"
	state >"$T/b.state"
	for f in out err state; do
		cmp -s "$T/a.$f" "$T/b.$f" || { diff "$T/a.$f" "$T/b.$f" >&2; fail "'$*': its $f differs with the index"; }
	done
}
same rm "Try BOLT"
same rm -n "Try BOLT"
same rm tokenizer
same rm Sizes
same rm "No such experiment"
same rm --import "$v1"
same rm --import "$rel"
same rm --import 0000
same rename-experiment hand-relative Renamed
same rename-experiment hand-relative "Sizes two"
same rename-experiment Size Renamed
same rename-experiment -n "Sizes two" Renamed
same move "$v1" hand-relative
same move "$v1" "A new one"
same move "$rel" hand-relative
same move -n "$rel" Sizes
# and each kept on the store in turn: one edit after another (the index stale, then fresh)
rm -rf "$S"; cp -r "$T/seed" "$S"
rm -rf "$T/whole"; cp -r "$T/seed" "$T/whole"
for cmd in "move $v1 Sizes" "rename-experiment Sizes Moved" "rm --import $rel" "undo" "rm Moved"; do
	# shellcheck disable=SC2086
	"$BD" $cmd >"$T/a.out" 2>&1
	rm -f "$T/whole/index.csv" "$T/whole/index.bin"
	# shellcheck disable=SC2086
	"$BD" --store "$T/whole" $cmd >"$T/b.out" 2>&1
	cmp -s "$T/a.out" "$T/b.out" || { diff "$T/a.out" "$T/b.out" >&2; fail "$cmd in turn differs"; }
	n=$((n + 1))
done
state >"$T/a.state"
BENCHDELTA_STORE=$T/whole state >"$T/b.state"
cmp -s "$T/a.state" "$T/b.state" || { diff "$T/a.state" "$T/b.state" >&2; fail "the stores differ after the edits in turn"; }
echo "  MANAGE  $n edits alike with the index and without"
