#!/bin/sh
# t93-index-shared.sh - the index after undos of blocks that imports share, each case on a
# store of its own (t93-index-edits.sh does the rest): the undo of an rm whose block an
# import brought back itself holds (case a), two imports holding one block brought back by
# one undo (case b), a block held by one brought back and one never removed when a third
# comes back (case c), a text imported again after its rm was undone and done again (case d:
# no "L" row); after each step the next reader reads the index alone and it holds the rows a
# rebuild writes. Then kills before index.bin or index.csv is replaced (strace) of the undo
# of case a's rm, and of an rm, its undo and an import recording a --set-variant edit on a
# store with no undone rm: the index reads as stale, never a wrong fresh one.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/indexlib.sh"

# shared blocks after undos, each on a store of its own: the undo of an rm whose block an
# import brought back itself holds (case a), two imports holding one block brought back by
# one undo (case b), a block held by one brought back and one never removed when a third
# comes back (case c); and the rm of one of a pair, whose partner's "L" row then says it
# holds its blocks alone (as a rebuild says it). Each in both orders of the pair.
for order in first after; do
	# case a: C removed, D imported with C's block, C brought back, D removed and brought back
	on_store "case-a-$order"
	sed "s/fib_O2/fib_Oa$order/" samples/hyperfine/o0-vs-o2.txt >"$T/c.txt"
	bd import samples/iperf3/reno.txt
	bd import "$T/c.txt"
	bd list
	c=$(import_id 'c.txt$')
	cfull=$(full_id "$c")
	run rm --import "$c"
	exact "case a ($order): rm of the import to bring back"
	sharing "$T/c.txt" "$c" $order "$T/d.txt"
	bd import "$T/d.txt"
	d=$(import_id 'd.txt$')
	dfull=$(full_id "$d")
	run undo "$(remove_id "$cfull")"
	exact "case a ($order): undo of the rm of C, its block held by D"
	run rm --import "$d"
	exact "case a ($order): rm of D, its block held by C brought back"
	if [ $order = first ]; then # (for the kills below)
		cp -a "$S" "$T/k.sharedundo"
		sharedundo_edit=$(remove_id "$dfull")
	fi
	run undo "$(remove_id "$dfull")"
	exact "case a ($order): undo of the rm of D, its block held by C brought back"
	run rm --import "$c"
	exact "case a ($order): rm of C after both came back"
	run undo
	exact "case a ($order): undo of that rm"
	# case b: A removed, B imported with A's block, A brought back, both removed by one rm and
	# brought back by one undo
	on_store "case-b-$order"
	sed "s/fib_O2/fib_Ob$order/" samples/hyperfine/o0-vs-o2.txt >"$T/a.txt"
	bd import samples/iperf3/reno.txt
	bd import -e Pair "$T/a.txt"
	bd list
	a=$(import_id 'a.txt$')
	run rm --import "$a"
	exact "case b ($order): rm of the import to bring back"
	sharing "$T/a.txt" "$a" $order "$T/b.txt"
	bd import -e Pair "$T/b.txt"
	run undo
	exact "case b ($order): undo of the rm of A, its block held by B"
	run rm Pair
	exact "case b ($order): rm of both"
	run undo
	exact "case b ($order): undo of the rm of both"
	"$BD" list imports | grep -c 'Pair' | grep -qx 2 || fail "case b ($order): not both back"
	# case c: E (with a block of D) removed, H imported with it, E brought back, then D
	on_store "case-c-$order"
	sed "s/fib_O2/fib_Oc$order/" samples/hyperfine/o0-vs-o2.txt >"$T/d.txt"
	bd import "$T/d.txt"
	bd list
	d=$(import_id 'd.txt$')
	dfull=$(full_id "$d")
	run rm --import "$d"
	exact "case c ($order): rm of D"
	sharing "$T/d.txt" "$d" $order "$T/e.txt"
	bd import "$T/e.txt"
	e=$(import_id 'e.txt$')
	efull=$(full_id "$e")
	run rm --import "$e"
	exact "case c ($order): rm of E"
	{ cat "$T/d.txt"; echo; cat samples/iperf3/reno.txt; } >"$T/h.txt"
	bd import "$T/h.txt"
	h=$(import_id 'h.txt$')
	run undo "$(remove_id "$efull")"
	exact "case c ($order): undo of the rm of E, a block held by H"
	run undo "$(remove_id "$dfull")"
	exact "case c ($order): undo of the rm of D, its block held by E and H"
	run rm --import "$h"
	exact "case c ($order): rm of H, its block held by D and E brought back"
	run rm --import "$e"
	exact "case c ($order): rm of E, D left alone"
	run undo
	exact "case c ($order): undo of the rm of E"
done
# a text imported again after an rm, its undo and an rm again is not brought back: no "L" row
on_store "case-d"
sed "s/fib_O2/fib_Od/" samples/hyperfine/o0-vs-o2.txt >"$T/again.txt"
bd import "$T/again.txt"
bd list
again=$(import_id 'again.txt$')
run rm --import "$again"
exact "case d: rm"
run undo
exact "case d: undo of the rm"
run rm --import "$again"
exact "case d: rm again"
run import "$T/again.txt"
exact "case d: the text imported again"
# killed after the journal is written, before index.bin or index.csv is replaced
if ! command -v strace >/dev/null; then
	echo "SKIP $test_name: kills at chosen calls (strace is not installed)"
	exit 0
fi
for which in index.bin index.csv; do
	kill_at $which "undo of an rm, its block held by one brought back" "$T/k.sharedundo" \
		undo "$sharedundo_edit"
done

# rm, its undo and an import that records a --set-variant edit killed the same way, on a
# store with no undone rm (whose index they write)
S=$T/fresh
export BENCHDELTA_STORE=$S
bd import samples/hyperfine/o0-vs-o2.txt
bd import samples/iperf3/reno.txt
bd import samples/size/builds.txt
bd list
cp -a "$S" "$T/fresh.rm"
BENCHDELTA_STORE=$T/fresh.rm bd list
BENCHDELTA_STORE=$T/fresh.rm bd rm reno
for edit in "rm reno" "undo" "import --set-variant 11=boltpgo samples/hyperfine/hand-new-us.txt"; do
	from=$S
	[ "$edit" = undo ] && from=$T/fresh.rm
	for which in index.bin index.csv; do
		# shellcheck disable=SC2086
		kill_at $which "$edit" "$from" $edit
		case $edit in
		# what it stored was appended first, stamped as before the edit: stale, not wrong
		import*) grep -q '^"A"' "$T/ix.killed" || fail "$edit killed before its append" ;;
		esac
		case $edit in
		undo) grep -q "^reno " "$T/with" || fail "undo killed before $which: reno is not back" ;;
		rm*) grep -q "^reno " "$T/with" && fail "rm killed before $which: reno is still listed" ;;
		*) grep -q "boltpgo" "$T/with" || fail "import --set-variant killed before $which: no edit" ;;
		esac
	done
done
echo "ok $test_name"
