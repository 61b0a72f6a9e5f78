#!/bin/sh
# The edit journal: 'edits' lists every edit with its number, 'undo' takes
# the latest (or a named) edit back exactly, an undo is an edit (undoing it
# redoes), and a store from before the journal is read and then folded in.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

run edits
expect_rc 0 "edits on no store"
expect_out 'no edits'
run undo
expect_rc 2 "undo on no store"
expect_err 'nothing to undo'
[ ! -e "$S/VERSION" ] || fail "undo made a store"

run import samples/issues/same-variant-twice.md
expect_rc 0 "seed"
run list variants
cp "$T/out" "$T/variants.0"
sum0=$(store_sum)

run rename-variant -e "Startup time" "release + pgo optimized" PGO
expect_rc 0 "rename"
expect_out 'recorded edit 1 '
run merge-variants -e "Startup time" Release PGO
expect_rc 0 "merge"
expect_out 'recorded edit 2 '
run list variants
cp "$T/out" "$T/variants.2"
expect_re 'Release +4 +\*$'

run edits
expect_rc 0 "edits"
expect_re '^ +1 +[0-9T:Z-]+ +rename-variant +variant "release \+ pgo optimized" renamed to "PGO" in "Startup time with PGO"$'
expect_re '^ +2 +[0-9T:Z-]+ +merge-variants +variant "PGO" merged into "Release"'

# undo with no number: the latest edit in effect
run undo -n
expect_rc 0 "undo -n"
expect_out 'would undo edit 2: variant "PGO" merged into "Release"'
[ "$(store_sum)" != "$sum0" ] || fail "edits not stored"
before=$(store_sum)
run undo
[ "$(store_sum)" = "$before" ] && fail "undo changed nothing"
expect_rc 0 "undo"
expect_out 'undid edit 2: variant "PGO" merged into "Release"'
expect_out 'recorded as edit 3'
run list variants
expect_re 'PGO +2 *$'
# a second plain undo goes on backwards, past the undo itself
run undo
expect_out 'undid edit 1: '
run list variants
cmp -s "$T/out" "$T/variants.0" || { diff "$T/variants.0" "$T/out"; fail "not the state before edit 1"; }
run edits
expect_re '^ +2 .*\(undone by 3\)$'
expect_re '^ +4 +[0-9T:Z-]+ +undo +undo edit 1: '

# undoing an undo redoes: edit 3 undid 2, so undoing 3 merges again
run undo 3
expect_rc 0 "redo"
expect_out 'redid (undid the undo) edit 3'
run undo 1
expect_rc 2 "undo of an undone edit"
expect_err 'edit 1 is undone already (by edit 4)'
run undo 4
run list variants
cmp -s "$T/out" "$T/variants.2" || { diff "$T/variants.2" "$T/out"; fail "redo is not the state after edit 2"; }
run undo 99
expect_rc 2 "no such edit"
expect_err 'no edit 99'
run undo banana
expect_rc 1 "not a number"

# the journal ends with a checksum row; a cut or edited journal is refused, not overwritten
tail -1 "$S/edits.csv" | grep -q '^"","","","checksum","","[0-9a-f]\{32\}","[0-9]*",""$' || fail "no checksum row"
cp "$S/edits.csv" "$T/journal"
head -n 3 "$T/journal" >"$S/edits.csv"
run rename-variant Release Rel
expect_rc 2 "edit on a damaged journal"
expect_err 'edits.csv: error: no checksum row'
expect_err 'nothing recorded'
head -n 3 "$T/journal" | cmp -s - "$S/edits.csv" || fail "damaged journal rewritten"
run undo
expect_rc 2 "undo on a damaged journal"
cp "$T/journal" "$S/edits.csv"

# TUI contract: the store function behind 'u' is the same undo (journal_undo);
# here through the CLI: --set-variant on a text stored already is an edit too (issue 11)
run import -s 15=Custom samples/issues/labels-styles.md
expect_rc 0 "set-variant on a new text"
n=$(grep -c '"variant"' "$S/edits.csv")
run import -s 23=Other samples/issues/labels-styles.md
expect_rc 0 "set-variant on a stored text"
expect_out 'its variants renamed by edit'
run list runs
expect_re 'Other'
run import -s 23=Other samples/issues/labels-styles.md
expect_rc 0 "the same again"
if grep -q 'edit [0-9]' "$T/out"; then fail "a repeated --set-variant recorded a second edit"; fi
[ "$(grep -c '"variant"' "$S/edits.csv")" -eq $((n + 1)) ] || fail "want one more variant row"

# a store from before the journal: overrides.csv and aliases.csv are edits 1..N
L=$T/legacy
mkdir -p "$L"
cp -r "$S/data" "$S/sources" "$L/"
printf 'benchdelta-store 1\n' >"$L/VERSION"
printf '"kind","target","value","created"\n"baseline","Startup time with PGO","pgo","2026-01-01T00:00:00Z"\n' >"$L/overrides.csv"
printf '"experiment","from","to","created"\n"","release","Plain","2026-01-01T00:00:00Z"\n' >"$L/aliases.csv"
run --store "$L" list variants
expect_rc 0 "legacy store"
expect_re 'Plain'
run --store "$L" edits
expect_re '^ +1 .*baseline of "Startup time with PGO" is "pgo"'
expect_re '^ +2 .*variant "release" shown as "Plain"'
run --store "$L" undo 2
expect_rc 0 "undo in a legacy store"
[ ! -e "$L/overrides.csv" ] && [ ! -e "$L/aliases.csv" ] || fail "legacy files not folded in"
grep -q '^benchdelta-store 2$' "$L/VERSION" || fail "VERSION not upgraded: $(cat "$L/VERSION")"
run --store "$L" edits
expect_re '^ +1 .*baseline of "Startup time with PGO" is "pgo"$'
expect_re '^ +3 .*undo edit 2: '
run --store "$L" list variants
if grep -q Plain "$T/out"; then fail "undone alias still applied"; fi
expect_re 'PGO.* \*$'
# a fold interrupted after edits.csv was written: the next writer finishes it
printf '"kind","target","value","created"\n' >"$L/overrides.csv"
printf 'benchdelta-store 1\n' >"$L/VERSION"
run --store "$L" rename-variant LTO LTO-renamed
expect_rc 0 "an edit after an interrupted fold"
[ ! -e "$L/overrides.csv" ] || fail "the next writer left the folded overrides.csv"
grep -q '^benchdelta-store 2$' "$L/VERSION" || fail "the next writer left VERSION at schema 1"
