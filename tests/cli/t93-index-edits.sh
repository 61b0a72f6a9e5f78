#!/bin/sh
# t93-index-edits.sh - an edit that moves whole imports (move,
# rename-experiment) on a store whose index is fresh writes the index
# again with the edit in effect: the next command finds it fresh (`list`
# does not write it again), and every reader prints what it prints with
# the index removed (rebuilt from the data). A kill after the journal is
# written and before either index file is replaced (strace) leaves an
# index that reads as stale, never a wrong fresh one. The undo and redo of moves and
# renames, an rm whose shared block goes to an import brought back, the undo of an rm
# whose import's block an import made since holds (its entry and "L" rows as a
# rebuild's), an undo bringing back a block an import brought back itself holds, or
# two holders of one block at once, an rm of one of a pair (its partner's "L" row
# then names it no more), a text imported again after its rm was undone and done again
# (no "L" row: not brought back), and the CLI's
# rename-variant, merge-variants and tag (in one experiment or in every one), the same;
# so are the undo and redo of those in every experiment and of --set-variant.
# check-slow: the kills of the redo of a move, the undo of a rename and of an alias,
# of an rm whose block goes to an heir, of tag and merge-variants, of a rename-variant in
# every experiment (BD_SLOW); the quick tier kills the undo of a move, of --set-variant,
# of an rm whose block one brought back holds, and a rename-variant in every experiment
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
IX=$S/index.csv

bd() { "$BD" "$@" >/dev/null 2>&1 || fail "$*"; }
# readers DIR OUT: what the readers print of store DIR
readers() {
	for cmd in "list" "list variants" "list imports" "list runs" "export"; do
		echo "== $cmd"
		BENCHDELTA_STORE=$1 "$BD" $cmd 2>&1
		echo "exit $?"
	done >"$2"
	# show of every run (ids from the data, so both stores are asked the same)
	BENCHDELTA_STORE=$1 "$BD" list runs 2>/dev/null | awk 'NR > 1 && $1 ~ /^[0-9a-f]+:/ { print $1 }' |
		while read -r id; do
			echo "== show $id"
			BENCHDELTA_STORE=$1 "$BD" show --ascii "$id" 2>&1
			echo "exit $?"
		done >>"$2"
}
# no_runs_read WHAT: `list` on the index reads no import's runs.csv (strace; skipped without it)
no_runs_read() {
	command -v strace >/dev/null || return 0
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -o "$T/opens" -e trace=open,openat \
		"$BD" list >/dev/null 2>&1 || fail "$1: list under strace"
	! grep -q 'runs\.csv' "$T/opens" || fail "$1: the next reader read the imports' runs"
}
# same_as_rebuilt WHAT: the readers print the same with the index as without it
same_as_rebuilt() {
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	readers "$S" "$T/with"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	readers "$T/copy" "$T/without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$1: the index differs from the data"; }
}
# imported WHAT FILE: FILE imported into the store and into a copy without the index (an
# import looks its blocks and places up in index.bin) gives the same store to the readers
imported() {
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	"$BD" import "$2" >"$T/imp.with" 2>&1
	BENCHDELTA_STORE=$T/copy "$BD" import "$2" >"$T/imp.without" 2>&1
	grep -q 'into experiment' "$T/imp.with" || { cat "$T/imp.with" >&2; fail "$1: nothing imported"; }
	cmp -s "$T/imp.with" "$T/imp.without" || { diff "$T/imp.with" "$T/imp.without" >&2; fail "$1: the import differs with the index"; }
	readers "$S" "$T/with"
	readers "$T/copy" "$T/without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$1: the store after the import differs with the index"; }
	bd list
}
# fresh WHAT: `list` reads the index as it is (a stale one is written again, with a new token)
fresh() {
	cp "$IX" "$T/ix.before"
	bd list
	cmp -s "$IX" "$T/ix.before" || fail "$1: the index was stale after it"
}
import_id() { "$BD" list imports | awk -v f="$1" '$NF ~ f { print $1 }'; }

bd import samples/hyperfine/o0-vs-o2.txt
bd import samples/iperf3/reno.txt
bd import samples/size/builds.txt
bd import -e Two samples/hyperfine/hand-relative.txt samples/criterion/second.txt
bd rename-variant -e Two tool_pgo PGO
bd list
fresh "imports"
builds=$(import_id 'builds.txt$')
second=$(import_id 'second.txt$')
[ -n "$builds" ] && [ -n "$second" ] || fail "no import ids"

# edits in a row, each on the index the one before wrote
cp "$IX" "$T/ix.old"
run move "$builds" o0-vs-o2
expect_rc 0 "move"
cmp -s "$IX" "$T/ix.old" && fail "move: the index was not written again"
fresh "move"
same_as_rebuilt "move"
# a text that repeats the moved import's blocks joins where they are now
{ cat samples/size/builds.txt; echo; sed 's/fib_O2/fib_O5/' samples/hyperfine/o0-vs-o2.txt; } >"$T/again.txt"
imported "move, then blocks looked up" "$T/again.txt"
run rename-experiment o0-vs-o2 "fib levels"
expect_rc 0 "rename-experiment after move"
fresh "rename-experiment after move"
same_as_rebuilt "rename-experiment after move"
run move "$second" "fib levels"
expect_rc 0 "move into a renamed experiment"
fresh "move into a renamed experiment"
same_as_rebuilt "move into a renamed experiment"
run rename-experiment Two "Two renamed"
expect_rc 0 "rename-experiment of an experiment with an alias"
fresh "rename-experiment with an alias"
same_as_rebuilt "rename-experiment with an alias"
run move "$builds" "new one"
expect_rc 0 "move into a new experiment"
fresh "move into a new experiment"
same_as_rebuilt "move into a new experiment"
# a second import from the same place (the file changed since), then the first moved out
cp samples/hyperfine/o0-vs-o2.txt "$T/fib.txt"
bd import -e "fib levels" "$T/fib.txt"
sed 's/fib_O2/fib_O3/' samples/hyperfine/o0-vs-o2.txt >"$T/fib.txt"
bd import "$T/fib.txt"
bd list
run rename-experiment "fib levels" "fib again"
expect_rc 0 "rename-experiment of two imports of one place"
same_as_rebuilt "rename-experiment of two imports of one place"
bd list
fib=$(import_id 'fib.txt$' | head -1)
run move "$fib" "Two renamed"
expect_rc 0 "move of one import of two from one place"
same_as_rebuilt "move of one import of two from one place"
sed 's/fib_O2/fib_O4/' samples/hyperfine/o0-vs-o2.txt >"$T/fib.txt"
imported "move of one import of two from one place, then a third" "$T/fib.txt"
{ cat samples/criterion/second.txt; echo; sed 's/fib_O2/fib_O6/' samples/hyperfine/o0-vs-o2.txt; } >"$T/again.txt"
imported "the blocks of moved imports looked up" "$T/again.txt"
# rm and its undo write the index again without (with) the imports they move:
# one import of three from one place (the first of them) removed, the place looked up after
run rm --import "$fib"
expect_rc 0 "rm --import of one of three from one place"
no_runs_read "rm --import"
fresh "rm --import of one of three from one place"
same_as_rebuilt "rm --import of one of three from one place"
sed 's/fib_O2/fib_O7/' samples/hyperfine/o0-vs-o2.txt >"$T/fib.txt"
imported "rm --import, then its place again" "$T/fib.txt"
run undo "$(awk -F'"' 'NR > 1 && $8 == "remove" { id = $2 } END { print id }' "$S/edits.csv")"
expect_rc 0 "undo of rm --import by its id"
no_runs_read "undo of rm --import"
fresh "undo of rm --import"
same_as_rebuilt "undo of rm --import"
{ cat samples/criterion/second.txt; echo; sed 's/fib_O2/fib_O8/' samples/hyperfine/o0-vs-o2.txt; } >"$T/again.txt"
imported "undo of rm --import, then blocks and its place looked up" "$T/again.txt"
# after an undo of rm two imports may hold one block, one brought back and one imported while
# it was away: an rm of imports that share no block with one brought back keeps the index fresh
run rm reno
expect_rc 0 "rm after an undo of rm"
fresh "rm after an undo of rm"
same_as_rebuilt "rm after an undo of rm"
run undo
expect_rc 0 "undo of rm"
no_runs_read "undo of rm"
fresh "undo of rm"
same_as_rebuilt "undo of rm"
{ cat samples/iperf3/reno.txt; echo; sed 's/fib_O2/fib_O9/' samples/hyperfine/o0-vs-o2.txt; } >"$T/again.txt"
imported "undo of rm, then its blocks looked up" "$T/again.txt"
# ... and of an import that shares a block with one brought back too: the block's entry goes
# to the one brought back; an rm of one brought back, and the redo of an rm, to the imports the
# index says hold its blocks too
# changed WHAT: the next reader reads the index alone, and the index is the data's
changed() {
	expect_rc 0 "$1"
	no_runs_read "$1"
	fresh "$1"
	same_as_rebuilt "$1"
}
# rows_as_rebuilt WHAT: index.csv holds the rows a rebuild writes (its "L" rows too), in any order
# (the rows of the segments imports appended among them)
rows_as_rebuilt() {
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	BENCHDELTA_STORE=$T/copy "$BD" list >/dev/null 2>&1 || fail "$1: list of a copy"
	sed '1d;$d' "$IX" | grep -v '^"A",\|^"end",' | sort >"$T/rows.with" # (an import's segments)
	sed '1d;$d' "$T/copy/index.csv" | sort >"$T/rows.without"
	cmp -s "$T/rows.with" "$T/rows.without" || { diff "$T/rows.with" "$T/rows.without" >&2; fail "$1: the index's rows differ from a rebuild's"; }
}
sed 's/fib_O2/fib_O10/' samples/hyperfine/o0-vs-o2.txt >"$T/away.txt"
bd import "$T/away.txt"
away=$(import_id 'away.txt$')
run rm --import "$away"
expect_rc 0 "rm of the import to bring back"
# the import made while it was away sorts first (one import time, so by hash): the shared
# block's entry is its own, and goes to the one brought back when it is removed
first_of() { printf '%s\n%s\n' "$1" "$2" | LC_ALL=C sort | head -1; }
# sharing FROM OTHER WHICH OUT: into OUT, FROM's text, another block and a number told apart
# until its import sorts WHICH ("first" or "after") against import OTHER
sharing() {
	k=0
	while :; do
		{ cat "$1"; echo; cat samples/hyperfine/single-run.txt; [ $k -eq 0 ] || echo "($k)"; } >"$4"
		rm -rf "$T/idprobe"
		BENCHDELTA_STORE=$T/idprobe bd import "$4"
		w=$(BENCHDELTA_STORE=$T/idprobe "$BD" list imports | awk 'NR == 2 { print $1 }')
		case $3 in
		first) [ "$(first_of "$w" "$2")" = "$w" ] && break ;;
		*) [ "$(first_of "$w" "$2")" = "$2" ] && break ;;
		esac
		k=$((k + 1))
		[ $k -lt 64 ] || fail "no text imported while away sorts $3"
	done
}
sharing "$T/away.txt" "$away" first "$T/while.txt"
bd import "$T/while.txt"
while_id=$(import_id 'while.txt$')
run undo
changed "undo of rm, its block held by another since"
rows_as_rebuilt "undo of rm, its block held by another since"
cp -a "$S" "$T/k.heirs" # (for the kills below)
run rm --import "$while_id"
expect_rc 0 "rm of an import sharing a block with one brought back"
no_runs_read "rm of an import sharing a block with one brought back"
fresh "rm of an import sharing a block with one brought back"
same_as_rebuilt "rm of an import sharing a block with one brought back"
rows_as_rebuilt "rm of an import sharing a block with one brought back"
{ cat "$T/away.txt"; echo; sed 's/fib_O2/fib_O11/' samples/hyperfine/o0-vs-o2.txt; } >"$T/again.txt"
imported "rm of an import sharing a block, then the block looked up" "$T/again.txt"
run undo
changed "undo of the rm of the pair's import"
rows_as_rebuilt "undo of the rm of the pair's import"
# an rm of an import brought back by an undo that found a shared block: the index written whole
# since says which imports hold its blocks too ("L","with"), and they are the heirs
grep -q '^"\{0,1\}L"\{0,1\},"\{0,1\}with' "$IX" || fail "an index written whole: no import said to share a block"
run rm --import "$away"
changed "rm of an import brought back by an undo that found a shared block"
run undo
changed "undo of the rm of an import brought back"
rows_as_rebuilt "undo of the rm of an import brought back"
# its redo: the undo found a block of it held by an import brought back itself
run undo "$(awk -F'"' 'NR > 1 && $2 != "" { id = $2 } END { print id }' "$S/edits.csv")"
changed "redo of an rm whose undo found a block shared"
"$BD" list imports | grep -q 'away.txt$' && fail "redo of an rm whose undo found a block shared: still listed"
run undo "$(awk -F'"' 'NR > 1 && $2 != "" { id = $2 } END { print id }' "$S/edits.csv")"
changed "undo of the redo of an rm whose undo found a block shared"
rows_as_rebuilt "undo of the redo of an rm whose undo found a block shared"
# the same where the import brought back sorts first: its block's entry goes to the import
# made while it was away
sed 's/fib_O2/fib_O15/' samples/hyperfine/o0-vs-o2.txt >"$T/back.txt"
bd import "$T/back.txt"
back=$(import_id 'back.txt$')
run rm --import "$back"
expect_rc 0 "rm of an import to bring back, sorting first"
sharing "$T/back.txt" "$back" after "$T/meanwhile.txt"
bd import "$T/meanwhile.txt"
run undo
changed "undo of rm, its block held by one sorting after"
rows_as_rebuilt "undo of rm, its block held by one sorting after"
run rm --import "$back"
changed "rm of an import brought back, its shared block's entry to the one made while it was away"
{ cat "$T/back.txt"; echo; sed 's/fib_O2/fib_O16/' samples/hyperfine/o0-vs-o2.txt; } >"$T/again.txt"
imported "rm of an import brought back, then its shared block looked up" "$T/again.txt"
run undo
changed "undo of the rm of an import sorting first"
rows_as_rebuilt "undo of the rm of an import sorting first"
run rm "fib again"
expect_rc 0 "rm of an experiment of several imports"
same_as_rebuilt "rm of an experiment of several imports"
bd list
run undo
expect_rc 0 "undo of rm of several"
fresh "undo of rm of several"
same_as_rebuilt "undo of rm of several"

# an import that records a --set-variant edit keeps the index fresh, reading no stored import
# but the one the edit names: a new text renamed, a stored one renamed again, both at once
# stored_runs_read CMD...: how many imports stored before CMD it read the runs of (strace)
stored_runs_read() {
	ls "$S/data" >"$T/data.before"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -o "$T/opens" -e trace=open,openat \
		"$BD" "$@" >"$T/out" 2>&1 || { cat "$T/out" >&2; fail "$*"; }
	grep -o 'data/[0-9a-f]*/runs.csv' "$T/opens" | cut -d/ -f2 | sort -u | grep -cxF -f "$T/data.before"
}
for edit in "--set-variant 11=boltpgo samples/hyperfine/hand-new-us.txt" \
	"--set-variant 11=pgobolt samples/hyperfine/hand-new-us.txt" \
	"-s 5=pgo2 samples/hyperfine/hand-new-us.txt samples/hyperfine/release.txt"; do
	bd list
	cp "$IX" "$T/ix.old"
	if command -v strace >/dev/null; then
		# shellcheck disable=SC2086
		n=$(stored_runs_read import $edit)
		[ "$n" -le 1 ] || fail "import $edit: read the runs of $n stored imports"
	else
		# shellcheck disable=SC2086
		bd import $edit
	fi
	cmp -s "$IX" "$T/ix.old" && fail "import $edit: the index was not written again"
	fresh "import $edit"
	same_as_rebuilt "import $edit"
done
"$BD" list variants | grep -q pgo2 || fail "--set-variant: the stored text's variant not renamed"
# the undo of an older edit, and a redo (the undo of an undo), keep the index fresh when the
# edit touched one experiment whose name nothing changed since, or removed imports
last_edit() { awk -F'"' 'NR > 1 && $2 != "" { id = $2 } END { print id }' "$S/edits.csv"; }
run rename-variant -e "Two renamed" PGO PGO2
expect_rc 0 "an alias to undo later"
alias_edit=$(last_edit)
bd import samples/criterion/bencher.txt
run rm --import "$(import_id 'bencher.txt$')"
expect_rc 0 "rm after the alias"
rm_edit=$(last_edit)
fresh "rm after the alias"
run undo "$alias_edit"
expect_rc 0 "undo of an older alias"
fresh "undo of an older alias"
same_as_rebuilt "undo of an older alias"
"$BD" list variants | grep -q PGO2 && fail "undo of an older alias: still PGO2"
run undo "$(last_edit)"
expect_rc 0 "redo of the alias"
expect_out "redid"
fresh "redo of the alias"
same_as_rebuilt "redo of the alias"
"$BD" list variants | grep -q PGO2 || fail "redo of the alias: no PGO2"
run undo "$rm_edit"
expect_rc 0 "undo of an older rm"
fresh "undo of an older rm"
same_as_rebuilt "undo of an older rm"
# an experiment renamed after the edit: its undo leaves the index stale, still the data's
run rename-variant -e "Two renamed" PGO2 PGO3
alias_edit=$(last_edit)
run rename-experiment "Two renamed" "Two again"
expect_rc 0 "rename after the alias"
bd list
run undo "$alias_edit"
expect_rc 0 "undo of an alias whose experiment was renamed since"
no_runs_read "undo of an alias whose experiment was renamed since"
fresh "undo of an alias whose experiment was renamed since"
same_as_rebuilt "undo of an alias whose experiment was renamed since"
bd rename-experiment "Two again" "Two renamed"
# the undo and redo of a move and of a rename keep it fresh: the imports moved and every
# import of the experiments they leave and join are read after the change
bd list
reno=$(import_id 'reno.txt$')
[ -n "$reno" ] || fail "no reno import"
run move "$reno" "Two renamed"
changed "a move to undo"
cp -a "$S" "$T/k.move"
run undo
changed "undo of a move"
"$BD" list imports | grep "^$reno" | grep -q "Two renamed" && fail "undo of a move: not moved back"
cp -a "$S" "$T/k.redo"
redo_edit=$(last_edit)
run undo "$redo_edit"
changed "redo of a move"
expect_out "redid"
"$BD" list imports | grep "^$reno" | grep -q "Two renamed" || fail "redo of a move: not moved again"
run undo "$(last_edit)"
changed "undo of the redo of a move"
run rename-experiment "Two renamed" "Two moved"
changed "a rename to undo"
cp -a "$S" "$T/k.rename"
run undo
changed "undo of a rename"
"$BD" list | grep -q "^Two renamed" || fail "undo of a rename: the old name is not back"
run undo "$(last_edit)"
changed "redo of a rename"
"$BD" list | grep -q "^Two moved" || fail "redo of a rename: the new name is not back"
run undo "$(last_edit)"
changed "undo of the redo of a rename"
# an older move undone, and an older alias of an experiment an import moved into since
run move "$reno" "Two renamed"
changed "an older move"
move_edit=$(last_edit)
run rename-variant -e "Two renamed" PGO3 PGO5
changed "an alias after the move"
alias_edit=$(last_edit)
other=$("$BD" list imports | awk 'NR > 1 && !/Two renamed/ { print $1; exit }')
run move "$other" "Two renamed"
changed "a move after the alias"
cp -a "$S" "$T/k.alias"
run undo "$alias_edit"
changed "undo of an alias with a move into its experiment after it"
run undo "$move_edit"
changed "undo of an older move"
"$BD" list imports | grep "^$reno" | grep -q "Two renamed" && fail "undo of an older move: not moved back"
# the redo of an rm: what it removes again was brought back by an undo that found none of
# its blocks held by another import (the index says so, and an import since keeps the
# saying), so no other holds them now: the index is written again without it
sed 's/fib_O2/fib_O12/' samples/hyperfine/o0-vs-o2.txt >"$T/redo.txt"
bd import "$T/redo.txt"
run rm --import "$(import_id 'redo.txt$')"
changed "an rm to redo"
cp -a "$S" "$T/k.rmredo"
run undo
changed "undo of an rm to redo"
rmredo_edit=$(last_edit)
grep -q '^"\{0,1\}L"\{0,1\},' "$IX" || fail "undo of an rm to redo: the index does not say it came back alone"
sed 's/fib_O2/fib_O13/' samples/hyperfine/o0-vs-o2.txt >"$T/between.txt"
imported "an import between the undo of an rm and its redo" "$T/between.txt"
run undo "$rmredo_edit"
changed "redo of an rm"
"$BD" list imports | grep -q 'redo.txt$' && fail "redo of an rm: the import is still listed"
run undo "$(last_edit)"
changed "undo of the redo of an rm"
# edits that render the import brought back again (a tag in every experiment renders every
# import, an alias in its experiment that experiment's, a rename the imports it moves) keep
# what the index says of it
back_restore=$(last_edit)
run tag fib_O0 pgo=gen
changed "a tag in every experiment, an import brought back alone"
back_tag=$(last_edit)
redo_exp=$("$BD" list imports | awk '/redo.txt$/ { print $4 }')
run rename-variant -e "$redo_exp" fib_O12 fib_O12b
changed "an alias in the experiment of an import brought back alone"
back_alias=$(last_edit)
run rename-experiment "$redo_exp" "redo renamed"
changed "a rename of the experiment of an import brought back alone"
back_rename=$(last_edit)
grep -q '^"\{0,1\}L"\{0,1\},' "$IX" || fail "edits after an undo of an rm: the index no longer says it came back alone"
run undo "$back_restore"
changed "redo of an rm after edits that render the import again"
run undo "$(last_edit)"
changed "undo of that redo"
run undo "$back_rename"
changed "undo of the rename after the redo"
run undo "$back_alias"
changed "undo of the alias after the redo"
run undo "$back_tag"
changed "undo of the tag after the redo"
# the CLI's rename-variant, merge-variants and tag read every import under the lock: the
# index is written again from what they read, with the edit in effect
run rename-variant -e "Two renamed" fib_O6 fib_O6b
changed "rename-variant in one experiment"
"$BD" list variants | grep -q "fib_O6b" || fail "rename-variant -e: no fib_O6b"
cp -a "$S" "$T/k.tidy"
run rename-variant fib_O0 fib_base
changed "rename-variant in every experiment"
[ "$("$BD" list variants | grep -c " fib_base ")" -ge 5 ] || fail "rename-variant: not in every experiment"
run merge-variants -e "fib again" fib_O2 fib_O8 fib_O5
changed "merge-variants in one experiment"
"$BD" list variants | grep "^fib again" | grep -q "fib_O8" && fail "merge-variants: fib_O8 still listed"
run tag fib_base pgo=use
changed "tag in every experiment"
run tag -e reno reno lto=thin
changed "tag in one experiment"
"$BD" tag -e reno reno | grep -q "lto" || fail "tag -e: its factor not shown after"
run undo
changed "undo of a tag in one experiment"
# the undo and redo of an alias, a merge and a tag set in every experiment: the imports of each
# experiment holding a variant the aliases name are read again (a tag is the journal's alone)
# undo_redo WHAT NAME: the latest edit undone, then redone, each fresh; NAME listed after the redo alone
undo_redo() {
	run undo
	changed "undo of $1"
	"$BD" list variants | grep -q -- "$2" && fail "undo of $1: $2 still shown"
	run undo "$(last_edit)"
	changed "redo of $1"
	"$BD" list variants | grep -q -- "$2" || fail "redo of $1: no $2"
}
run rename-variant fib_base fib_zero
changed "rename-variant in every experiment, to undo"
cp -a "$S" "$T/k.aliasall"
aliasall_edit=$(last_edit)
undo_redo "rename-variant in every experiment" " fib_zero "
[ "$("$BD" list variants | grep -c " fib_zero ")" -ge 5 ] || fail "redo of rename-variant: not in every experiment"
run rename-variant fib_zero fib_nil
changed "a rename of the renamed variant"
run undo "$aliasall_edit"
changed "undo of an older rename-variant in every experiment, renamed again since"
"$BD" list variants | grep -q " fib_nil " && fail "undo of an older rename-variant: fib_nil still shown"
run undo "$(last_edit)"
changed "redo of an older rename-variant in every experiment"
run merge-variants fib_nil fib_O2
changed "merge-variants in every experiment, to undo"
run undo
changed "undo of merge-variants in every experiment"
"$BD" list variants | grep -q " fib_O2 " || fail "undo of merge-variants: no fib_O2"
run tag fib_nil pgo=none
changed "a tag in every experiment, to undo"
run undo
changed "undo of a tag in every experiment"
"$BD" tag fib_nil | grep -q "pgo=none" && fail "undo of a tag in every experiment: its factor still shown"
run undo "$(last_edit)"
changed "redo of a tag in every experiment"
# the undo and redo of --set-variant (a new text's block, and a stored one's): the imports it
# names are read again
bd list
run import --set-variant 11=boltpgo2 samples/hyperfine/hand-new-us.txt
expect_rc 0 "--set-variant of a stored block, to undo"
fresh "--set-variant of a stored block, to undo"
cp -a "$S" "$T/k.setvar"
setvar_edit=$(last_edit)
undo_redo "--set-variant" "boltpgo2"
sed 's/fib_O2/fib_O14/' samples/hyperfine/o0-vs-o2.txt >"$T/setvar.txt"
run import -s 1=fib_pgo "$T/setvar.txt"
expect_rc 0 "--set-variant of a new text, to undo"
fresh "--set-variant of a new text, to undo"
run undo
changed "undo of --set-variant of a new text"
"$BD" list variants | grep -q "fib_pgo" && fail "undo of --set-variant of a new text: fib_pgo still shown"
run undo "$setvar_edit"
changed "undo of an older --set-variant"
# shared blocks after undos, each on a store of its own: the undo of an rm whose block an
# import brought back itself holds (case a), two imports holding one block brought back by
# one undo (case b), a block held by one brought back and one never removed when a third
# comes back (case c); and the rm of one of a pair, whose partner's "L" row then says it
# holds its blocks alone (as a rebuild says it). Each in both orders of the pair.
# remove_id HASH: the id of the latest removal of import HASH
remove_id() { awk -F'"' -v h="$1" 'NR > 1 && $8 == "remove" && $12 == h { id = $2 } END { print id }' "$S/edits.csv"; }
full_id() { awk -F'"' -v h="$1" '$2 == "S" && index($4, h) == 1 { print $4 }' "$IX" | head -1; }
# on_store NAME: a fresh store of that name for what follows
on_store() {
	S=$T/$1
	IX=$S/index.csv
	export BENCHDELTA_STORE=$S
}
# exact WHAT: the next reader reads the index alone, as a rebuild would write it
exact() {
	changed "$1"
	rows_as_rebuilt "$1"
}
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
on_store store
# killed after the journal is written, before index.bin or index.csv is replaced
if ! command -v strace >/dev/null; then
	echo "SKIP $test_name: kills at chosen calls (strace is not installed)"
	exit 0
fi
# (the leak check of a sanitizer build does not run under a tracer)
noleak="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
# kill_at WHICH WHAT FROM CMD...: CMD on a copy of store FROM ($T/killed, its index made fresh
# first: a copy's is stale, its files' identities) killed before it replaces WHICH (index.bin
# or index.csv): the journal holds the edit, the next `list` finds the index stale, and the
# readers print ($T/with) what they print with the index removed; $T/ix.killed is the
# index.csv the kill left
kill_at() {
	which=$1
	what=$2
	from=$3
	shift 3
	rm -rf "$T/probe"
	cp -a "$from" "$T/probe"
	BENCHDELTA_STORE=$T/probe bd list
	# shellcheck disable=SC2086
	[ -z "${kill_prep:-}" ] || BENCHDELTA_STORE=$T/probe bd $kill_prep
	BENCHDELTA_STORE=$T/probe ASAN_OPTIONS="$noleak" strace -f -o "$T/trace" -e trace=rename "$BD" "$@" >/dev/null 2>&1 ||
		fail "probe of the renames of $what"
	k=$(grep 'rename(' "$T/trace" | grep -n "/$which\")" | head -1 | cut -d: -f1)
	[ -n "$k" ] || fail "$what did not replace $which"
	rm -rf "$T/killed"
	cp -a "$from" "$T/killed"
	BENCHDELTA_STORE=$T/killed bd list
	# shellcheck disable=SC2086
	[ -z "${kill_prep:-}" ] || BENCHDELTA_STORE=$T/killed bd $kill_prep
	cp "$T/killed/edits.csv" "$T/journal.before" 2>/dev/null || : >"$T/journal.before"
	BENCHDELTA_STORE=$T/killed ASAN_OPTIONS="$noleak" strace -f -o /dev/null -e "inject=rename:signal=SIGKILL:when=$k" \
		"$BD" "$@" >/dev/null 2>&1
	[ $? -eq 137 ] || fail "$what was not killed at the rename of $which"
	[ -f "$T/killed/edits.csv" ] && ! cmp -s "$T/killed/edits.csv" "$T/journal.before" ||
		fail "$what killed before $which: not in the journal"
	cp "$T/killed/index.csv" "$T/ix.killed"
	BENCHDELTA_STORE=$T/killed bd list
	cmp -s "$T/killed/index.csv" "$T/ix.killed" && fail "$what killed before $which: the index read as fresh"
	readers "$T/killed" "$T/with"
	rm -rf "$T/copy"
	cp -a "$T/killed" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	readers "$T/copy" "$T/without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$what killed before $which: the readers differ from the data"; }
}
bd list
fresh "before the kills"
for which in index.bin index.csv; do
	kill_at $which "rename-experiment" "$S" rename-experiment "Two renamed" "Two $which"
	grep -q "Two $which" "$T/with" || fail "killed before $which: the readers miss the edit"
done
# the undo and redo of a move, the undo of a rename and of an alias with a move after it, and
# an rm whose shared block goes to one brought back (check-slow: all but the first)
kills="move tidy rmredo setvar sharedundo"
[ -z "${BD_SLOW:-}" ] || kills="move tidy rmredo setvar sharedundo redo rename alias heirs tag merge aliasall"
for which in index.bin index.csv; do
	for kill in $kills; do
		case $kill in
		move) kill_at $which "undo of a move" "$T/k.move" undo ;;
		redo) kill_at $which "redo of a move" "$T/k.redo" undo "$redo_edit" ;;
		rename) kill_at $which "undo of a rename" "$T/k.rename" undo ;;
		alias) kill_at $which "undo of an alias with a move after it" "$T/k.alias" undo "$alias_edit" ;;
		rmredo) # the undo first, on the copy whose index is fresh (a copy's own is rebuilt)
			kill_prep=undo
			kill_at $which "redo of an rm" "$T/k.rmredo" undo "$rmredo_edit"
			kill_prep= ;;
		heirs) kill_at $which "rm of an import sharing a block with one brought back" "$T/k.heirs" rm --import "$while_id" ;;
		tidy) kill_at $which "rename-variant in every experiment" "$T/k.tidy" rename-variant fib_O0 fib_base ;;
		tag) kill_at $which "tag in every experiment" "$T/k.tidy" tag fib_O0 pgo=use ;;
		merge) kill_at $which "merge-variants" "$T/k.tidy" merge-variants -e "fib again" fib_O2 fib_O8 fib_O5 ;;
		setvar) kill_at $which "undo of --set-variant" "$T/k.setvar" undo ;;
		sharedundo) kill_at $which "undo of an rm, its block held by one brought back" "$T/k.sharedundo" \
			undo "$sharedundo_edit" ;;
		aliasall) kill_at $which "undo of rename-variant in every experiment" "$T/k.aliasall" undo ;;
		esac
	done
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
