#!/bin/sh
# The factors command's outputs on the samples, against goldens: every case
# of tests/golden/factors/cases imports into a fresh store and reads its
# factors (golden_cases in lib.sh).
#   UPDATE=1 sh tests/cli/t94-factors-golden.sh   rewrite them (review with git diff)
. "$(dirname "$0")/lib.sh"

golden_cases tests/golden/factors factors
