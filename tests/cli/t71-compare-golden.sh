#!/bin/sh
# The compare command's outputs on the samples, against goldens: every case
# of tests/golden/compare/cases imports into a fresh store and compares.
#   UPDATE=1 sh tests/cli/t71-compare-golden.sh   rewrite them (review with git diff)
. "$(dirname "$0")/lib.sh"

golden_cases tests/golden/compare compare
