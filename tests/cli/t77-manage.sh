#!/bin/sh
# rm EXP, rm --import ID, rename-experiment, move: -n changes nothing; each
# is one edit (edits lists it, undo takes it back to the very same files);
# a removed experiment's texts leave sources/ for removed/ID/.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
data_sum() { (cd "$S" && find data sources -type f | sort | xargs md5sum); }

run import samples/issues/thread-v1.md
run import samples/issues/thread-v2.md
run import samples/hyperfine/hand-relative.txt
run import samples/time/hand-damaged.txt
run list imports
expect_rc 0 "list imports"
expect_re '^IMPORT +IMPORTED +RUNS +EXPERIMENT +SOURCE$'
expect_re '^[0-9a-f]{12} +2026-01-01 +2 +Try BOLT on the tokenizer +samples/issues/thread-v1.md$'
v1=$(awk '/thread-v1.md$/ {print $1}' "$T/out")
rel=$(awk '/hand-relative.txt$/ {print $1}' "$T/out")
before=$(data_sum)

# rm -n: what, and nothing else
run rm -n "Try BOLT"
expect_rc 0 "rm -n"
expect_out 'would record: experiment "Try BOLT on the tokenizer" removed (2 imports, 3 runs)'
[ "$(data_sum)" = "$before" ] || fail "rm -n changed the store"
[ ! -e "$S/edits.csv" ] || fail "rm -n recorded an edit"

run rm "Try BOLT"
expect_rc 0 "rm"
expect_out 'recorded edit 1 '
run list
if grep -q 'Try BOLT' "$T/out"; then fail "removed experiment still listed"; fi
[ "$(ls "$S/data" | wc -l)" -eq 2 ] && [ "$(ls "$S/sources" | wc -l)" -eq 2 ] || fail "files not removed"
[ "$(ls "$S/removed/1/data" | wc -l)" -eq 2 ] && [ "$(ls "$S/removed/1/sources" | wc -l)" -eq 2 ] ||
	fail "removed/1 does not hold the two imports"
run compare -e "Try BOLT"
expect_rc 1 "compare on a removed experiment"
run undo
expect_rc 0 "undo rm"
[ "$(data_sum)" = "$before" ] || fail "undo of rm is not the store before it"
[ ! -e "$S/removed" ] || fail "removed/ left behind"
run list
expect_re '^Try BOLT on the tokenizer +2026-01-01 +3 +3 +21 +hyperfine$'
# undoing the undo removes again
run undo 2
run list
if grep -q 'Try BOLT' "$T/out"; then fail "redo of rm"; fi
run undo 3
[ "$(data_sum)" = "$before" ] || fail "second undo"

# rm --import: one import only
run rm --import "$v1"
expect_rc 0 "rm --import"
expect_out "import $v1 (samples/issues/thread-v1.md) removed: 2 runs of \"Try BOLT on the tokenizer\""
run list
expect_re '^Try BOLT on the tokenizer +2026-01-01 +1 +1 +7 +hyperfine$'
[ ! -e "$S/sources/$(ls "$S/removed/5/sources")" ] || fail "source kept"
# the same text imported again: the old copy cannot come back over it
run import samples/issues/thread-v1.md
run undo 5
expect_rc 2 "undo under a re-import"
expect_err "was imported again after edit 5 removed it"
run rm --import "$v1"
run undo 5
expect_rc 0 "undo once the copy is gone"
run rm --import 12
expect_rc 1 "short id"
run rm --import ffffffff
expect_rc 1 "no such import"
expect_err 'no import ffffffff'

# rename-experiment: the baseline and renames made in it follow
run rename-variant -e hand-relative tool_pgo PGO
run compare -e hand-relative -f csv
cp "$T/out" "$T/cmp.before"
run rename-experiment -n hand-relative "Relative"
expect_out 'would record: experiment "hand-relative" renamed to "Relative"'
run rename-experiment hand-relative "Relative"
expect_rc 0 "rename-experiment"
run list variants -e Relative
expect_re '^Relative +PGO +1 *$'
run rename-experiment Relative hand-damaged
expect_rc 1 "rename onto an existing experiment"
expect_err 'exists; to put imports into it use'
run rename-experiment nothing x
expect_rc 1 "rename of a missing experiment"

# move: into an existing experiment, then undo
run move -n "$rel" "hand-damaged"
expect_out "would record: import $rel (samples/hyperfine/hand-relative.txt) moved from \"Relative\" to \"hand-damaged\""
run move "$rel" "hand-damaged"
expect_rc 0 "move"
run list
expect_re '^hand-damaged +2026-01-01 +3 +5 '
if grep -q '^Relative ' "$T/out"; then fail "moved import still in its experiment"; fi
run move "$rel" "hand-damaged"
expect_rc 1 "move where it is"
expect_err 'is in "hand-damaged" already'
run undo
run list variants -e Relative
expect_re '^Relative +PGO +1 *$'
run edits
expect_re '^ +[0-9]+ .* move +import [0-9a-f]{12} .*\(undone by [0-9]+\)$'
