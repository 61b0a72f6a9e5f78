#!/bin/sh
# The command line: help, version, usage errors (exit 1).
. "$(dirname "$0")/lib.sh"

run --help
expect_rc 0 "--help"
expect_out "benchdelta import"
run --version
expect_rc 0 "--version"
expect_out "benchdelta "
run import --help
expect_rc 0 "import --help"
expect_out "--dry-run"
run import
expect_rc 1 "import without files"
expect_err "name the files to import"
run import --bogus x
expect_rc 1 "unknown import option"
run export
expect_rc 1 "export without -f"
expect_err "choose a format"
run export -f yaml
expect_rc 1 "unknown export format"
run list nonsense
expect_rc 1 "list what?"
run --store
expect_rc 1 "--store without a directory"
run list
expect_rc 0 "list on an empty store"
expect_err "the store is empty"
run import samples/hyperfine/release.txt
run list -e nothing-like-this
expect_rc 1 "unknown experiment"
expect_err 'no experiment named "nothing-like-this"'
