#!/bin/sh
# User edits: --set-variant, rename-variant, merge-variants are recorded
# in the edit journal (edits.csv) and applied on load; what was parsed stays.
. "$(dirname "$0")/lib.sh"

run import -n -s 15=Custom samples/issues/labels-styles.md
expect_out 'labels-styles.md:14-16  hyperfine  variant "Custom" (override)'
run import -s 99=Nowhere samples/issues/labels-styles.md -s 15=Custom
expect_rc 0 "import with --set-variant"
expect_err 'no tool output at line 99'
grep -q '"variant","","[0-9a-f]*:15","Custom"' "$BENCHDELTA_STORE/edits.csv" || fail "override not recorded"
grep -q '"LTO","lto","label"' "$BENCHDELTA_STORE"/data/*/runs.csv || fail "parsed variant not kept"
run import -s banana samples/issues/legend-after.md
expect_rc 1 "malformed --set-variant"

run import samples/issues/same-variant-twice.md
run list variants -e "Startup time"
expect_re 'Release \+ PGO-optimized +2$'
before=$(cat "$BENCHDELTA_STORE"/data/*/runs.csv | md5sum)
run rename-variant -e "Startup time" "release + pgo optimized" PGO
expect_rc 0 "rename"
expect_out 'renamed "release + pgo optimized" to "PGO" in experiment "Startup time with PGO"'
run list variants -e "Startup time"
expect_re '  PGO +2$'
run merge-variants -e "Startup time" Release PGO
expect_rc 0 "merge"
run list variants -e "Startup time"
expect_re 'Release +4 +\*$'
[ "$(cat "$BENCHDELTA_STORE"/data/*/runs.csv | md5sum)" = "$before" ] || fail "edits rewrote parsed data"
grep -q '"alias","Startup time with PGO","pgo","Release"' "$BENCHDELTA_STORE/edits.csv" || fail "alias not recorded"
run rename-variant nothing-like-this x
expect_rc 1 "rename of a missing variant"
expect_err 'no variant "nothing-like-this"'
run merge-variants Release
expect_rc 1 "merge without FROM"
