#!/bin/sh
# t93-index-walk.sh - the index after a random walk of imports, rms (of an
# import, of an experiment), undos and redos of texts that share blocks
# (every block of a text is another text's too): after each step either the
# index is fresh and its rows are a rebuild's (its "L" rows too) and the
# readers print what they print without it, or the step left it stale (given
# up), which the next reader rebuilds. Never a fresh index that differs. The
# walk is a fixed sequence (a seeded generator), so a failure repeats.
# check-slow: more seeds and longer walks (BD_SLOW)
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
IX=$S/index.csv

# block NAME: the first benchmark of the hyperfine sample, its program renamed
block() { sed -n '1,3p' samples/hyperfine/o0-vs-o2.txt | sed "s/fib_O0/prog_$1/"; echo; }
# text N BLOCK...: $T/tN.txt of those blocks
text() {
	n=$1
	shift
	for b in "$@"; do block "$b"; done >"$T/t$n.txt"
}
text 1 a b
text 2 b c
text 3 a
text 4 c d
text 5 a b c
text 6 d e
text 7 b
text 8 e a
# pick N: R, the next number in [0, N) of the walk (a linear congruential generator)
pick() {
	rng=$(((rng * 1103515245 + 12345) % 2147483648))
	R=$(((rng / 65536) % $1))
}
# nth LIST: the (R+1)th line of LIST
nth() { printf '%s\n' "$1" | sed -n "$((R + 1))p"; }
# step: one random edit; $desc says which
step() {
	pick 10
	if [ "$R" -lt 4 ]; then
		pick 8
		k=$((R + 1))
		pick 3
		desc="import -e E$R t$k"
		"$BD" import -e "E$R" "$T/t$k.txt" >/dev/null 2>&1
	elif [ "$R" -lt 6 ]; then
		ids=$("$BD" list imports 2>/dev/null | awk 'NR > 1 { print $1 }')
		[ -n "$ids" ] || return 0
		pick "$(printf '%s\n' "$ids" | wc -l)"
		desc="rm --import $(nth "$ids")"
		"$BD" rm --import "$(nth "$ids")" >/dev/null 2>&1
	elif [ "$R" -lt 7 ]; then
		pick 3
		desc="rm E$R"
		"$BD" rm "E$R" >/dev/null 2>&1
	else # the undo of a removal, or of an undo (a redo)
		ids=$(awk -F'"' 'NR > 1 && $2 != "" && ($8 == "remove" || $8 == "undo") { print $2 }' "$S/edits.csv" 2>/dev/null | sort -u)
		[ -n "$ids" ] || return 0
		pick "$(printf '%s\n' "$ids" | wc -l)"
		desc="undo $(nth "$ids")"
		"$BD" undo "$(nth "$ids")" >/dev/null 2>&1
	fi
}
# check WHAT: fresh and a rebuild's, or stale
check() {
	[ -f "$IX" ] || return 0
	cp "$IX" "$T/ix.before"
	"$BD" list >/dev/null 2>&1 || fail "$1: list"
	cmp -s "$IX" "$T/ix.before" || { stale=$((stale + 1)); return 0; }
	grep -q '^"L","with"' "$IX" && shared=$((shared + 1))
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	BENCHDELTA_STORE=$T/copy "$BD" list >/dev/null 2>&1 || fail "$1: list of a copy"
	sed '1d;$d' "$IX" | grep -v '^"A",\|^"end",' | sort >"$T/rows.with"
	sed '1d;$d' "$T/copy/index.csv" | sort >"$T/rows.without"
	cmp -s "$T/rows.with" "$T/rows.without" ||
		{ diff "$T/rows.with" "$T/rows.without" >&2; fail "$1: the index's rows differ from a rebuild's"; }
	for cmd in "list" "list runs" "list imports" "list variants"; do
		"$BD" $cmd >"$T/with" 2>&1
		BENCHDELTA_STORE=$T/copy "$BD" $cmd >"$T/without" 2>&1
		cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$1: $cmd differs from the data's"; }
	done
}
seeds="3 6"
steps=40
[ -z "${BD_SLOW:-}" ] || { seeds="3 4 5 6 7 8 9 10"; steps=80; }
shared=0
for seed in $seeds; do
	rm -rf "$S"
	rng=$seed
	stale=0
	i=0
	while [ $i -lt $steps ]; do
		i=$((i + 1))
		desc=
		step
		[ -n "$desc" ] && check "seed $seed, step $i ($desc)"
	done
	[ $stale -lt $((steps / 4)) ] || fail "seed $seed: $stale of $steps steps left the index stale"
done
[ $shared -gt 0 ] || fail "no step left imports sharing a block"
echo "ok $test_name"
