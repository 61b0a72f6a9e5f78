#!/bin/sh
# A text imported again with --set-variant adds no runs but renames its
# variants: one line says both (never "recorded edit N" and then
# "nothing added"); again, with the same names, records nothing.
. "$(dirname "$0")/lib.sh"

run import samples/hyperfine/hand-new-us.txt
expect_rc 0 "first import"
run import --set-variant 11=boltpgo samples/hyperfine/hand-new-us.txt
expect_rc 0 "again, renamed"
expect_out "samples/hyperfine/hand-new-us.txt: already imported (the same text): no runs added, its variants renamed by edit 1 (undo: 'benchdelta undo 1')"
grep -q 'nothing added' "$T/out" && fail "says nothing added after an edit"
grep -q '^recorded edit' "$T/out" && fail "two lines for one re-import"
run list variants
expect_out "boltpgo"
run import --set-variant 11=boltpgo samples/hyperfine/hand-new-us.txt
expect_out "already imported (the same text); nothing added"
grep -q 'edit' "$T/out" && fail "an edit recorded twice"
# with a new text beside it: the edit is said once, and the old text adds no runs
run import -s 11=x samples/hyperfine/hand-new-us.txt samples/hyperfine/release.txt
expect_out "recorded edit 2: --set-variant"
expect_out "samples/hyperfine/hand-new-us.txt: already imported (the same text): no runs added"
exit 0
