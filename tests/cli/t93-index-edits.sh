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
# rebuild's), and the CLI's
# rename-variant, merge-variants and tag (in one experiment or in every one), the same;
# so are the undo and redo of those in every experiment and of --set-variant. (The cases
# of blocks shared after undos, each on a store of its own: t93-index-shared.sh.)
# check-slow: the kills of the redo of a move, the undo of a rename and of an alias,
# of an rm whose block goes to an heir, of tag and merge-variants, of a rename-variant in
# every experiment (BD_SLOW); the quick tier kills the undo of a move, of --set-variant,
# of an rm redone, and a rename-variant in every experiment
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/indexlib.sh"
S=$BENCHDELTA_STORE
IX=$S/index.csv

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
sed 's/fib_O2/fib_O10/' samples/hyperfine/o0-vs-o2.txt >"$T/away.txt"
bd import "$T/away.txt"
away=$(import_id 'away.txt$')
run rm --import "$away"
expect_rc 0 "rm of the import to bring back"
# the import made while it was away sorts first (one import time, so by hash): the shared
# block's entry is its own, and goes to the one brought back when it is removed
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
# killed after the journal is written, before index.bin or index.csv is replaced
if ! command -v strace >/dev/null; then
	echo "SKIP $test_name: kills at chosen calls (strace is not installed)"
	exit 0
fi
bd list
fresh "before the kills"
for which in index.bin index.csv; do
	kill_at $which "rename-experiment" "$S" rename-experiment "Two renamed" "Two $which"
	grep -q "Two $which" "$T/with" || fail "killed before $which: the readers miss the edit"
done
# the undo and redo of a move, the undo of a rename and of an alias with a move after it, and
# an rm whose shared block goes to one brought back (check-slow: all but the first)
kills="move tidy rmredo setvar"
[ -z "${BD_SLOW:-}" ] || kills="move tidy rmredo setvar redo rename alias heirs tag merge aliasall"
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
		aliasall) kill_at $which "undo of rename-variant in every experiment" "$T/k.aliasall" undo ;;
		esac
	done
done

echo "ok $test_name"
