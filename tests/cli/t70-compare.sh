#!/bin/sh
# compare: choosing the experiment and the variants, option errors (exit 1),
# an empty store (exit 3), --fail-on-regression (exit 4 only for a
# significant regression beyond its limit), and a store left untouched.
. "$(dirname "$0")/lib.sh"

run compare
expect_rc 3 "compare on an empty store"
expect_err "the store is empty"

run compare --help
expect_rc 0 "compare --help"
expect_out "--fail-on-regression PCT"

run import samples/hyperfine/hand-new-us.txt
expect_rc 0 "import"
before=$(store_sum)

run compare
expect_rc 0 "compare"
expect_out "app_pgo against app_release (baseline)"
expect_out "app_pgo_bolt against app_release (baseline)"
run compare app_pgo
expect_rc 0 "compare with a baseline named"
expect_out "app_release against app_pgo (baseline)"
expect_out "app_pgo_bolt against app_pgo (baseline)"
run compare APP_RELEASE app_pgo_bolt
expect_rc 0 "variant names match their key, whatever the case"
expect_out "app_pgo_bolt against app_release (baseline)"
grep -q "^app_pgo against" "$T/out" && fail "a candidate not named was compared"

run compare nothing-like-this
expect_rc 1 "unknown baseline"
expect_err 'has no variant "nothing-like-this"; its variants: app_release, app_pgo, app_pgo_bolt'
run compare app_release app_release
expect_rc 1 "the baseline as a candidate"
expect_err "is the baseline"
for bad in "--alpha 0" "--alpha 1" "--alpha x" "--threshold -1" "--correct bonferroni" \
	"-f yaml" "--fail-on-regression -5" "--bogus"; do
	# shellcheck disable=SC2086
	run compare $bad
	expect_rc 1 "compare $bad"
done
expect_err "Try 'benchdelta compare --help'."

# app_pgo_bolt is 23.1% slower (Welch, p < 0.001): a regression beyond 5%, not beyond 30%
run compare --fail-on-regression 5
expect_rc 4 "a significant regression beyond 5%"
expect_out "app_pgo_bolt against app_release"
expect_err "app_pgo_bolt regressed against app_release: input.json time ≈+23%"
run compare --fail-on-regression 30
expect_rc 0 "no regression beyond 30%"
run compare app_release app_pgo --fail-on-regression 0
expect_rc 0 "app_pgo only improves"
# the same change is not significant at a threshold above it
run compare --fail-on-regression 5 --threshold 25
expect_rc 0 "+23.1% is within a 25% noise threshold"
[ "$(store_sum)" = "$before" ] || fail "compare changed the store"

# an untested change (no run counts in hyperfine 1.0's output) never fails a build
run import samples/hyperfine/hand-old-hash.txt
run compare -e hand-old-hash app_lto app_release --fail-on-regression 1
expect_rc 0 "an untested regression"
expect_out "worse?"

# several experiments: -e chooses, by a unique part of the name too
run compare
expect_rc 1 "several experiments without -e"
expect_err "choose one with -e"
run compare -e old-hash
expect_rc 0 "-e by a part of the name"
expect_out "experiment: hand-old-hash"
run compare -e nothing-like-this
expect_rc 1 "unknown experiment"

# Markdown cells escape the '|' a variant name may hold
run import -e pipes -V 'O2|LTO' samples/hyperfine/optimized.txt
run import -e pipes -V 'O0' samples/hyperfine/release.txt
run compare -e pipes O0 -f markdown
expect_rc 0 "markdown with a pipe in a name"
expect_out '| O0 | O2\|LTO |'
expect_out '**O2\|LTO** against **O0** (baseline)' # escaped as in the cells: it reads O2|LTO

# an experiment of one variant has nothing to compare
run import -e lonely samples/hyperfine/single-run.txt
run compare -e lonely
expect_rc 1 "one variant"
expect_err "nothing to compare it with"
