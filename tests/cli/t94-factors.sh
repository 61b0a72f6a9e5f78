#!/bin/sh
# factors and tag: a variant's factors set over its name and taken back
# (the journal), bad tags refused with the store untouched; one factor
# across experiments imported from GitHub threads (a local server replays
# recorded API answers) names each project and links its thread; compare
# -E, a variant of one experiment against one of another, with a warning.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/ghlib.sh"

BB=/repos/ambaxter/bbolt-rs/issues/9
BBPAGE2='/repositories/766412305/issues/9/comments?per_page=100&page=2'
ZP=/repos/bazelbuild/bazel
ZPAGE2='/repositories/20773773/pulls/22197/comments?per_page=100&page=2'
route a $BB bbolt-issue.http "$BB/comments?per_page=100" bbolt-comments-1.http "$BBPAGE2" bbolt-comments-2.http \
	$ZP/issues/22197 bazel-pr.http "$ZP/issues/22197/comments?per_page=100" bazel-comments.http \
	"$ZP/pulls/22197/comments?per_page=100" bazel-review-1.http "$ZPAGE2" bazel-review-2.http
serve a
GITHUB_API_URL=$a_BASE
export GITHUB_API_URL
run import https://github.com/ambaxter/bbolt-rs/issues/9
expect_rc 0 "bbolt import"
run import https://github.com/bazelbuild/bazel/pull/22197
expect_rc 0 "bazel import"
unserve a
BBT='Evaluate using Profile-Guided Optimization (PGO) and Post-Link Optimization (PLO)'

# ---- within one experiment: bbolt-rs's PGO and BOLT pairs
run factors
expect_rc 1 "two experiments, no -e"
expect_err "the store holds 2 experiments; choose one with -e, or use --across FACTOR"
run factors -e bbolt -f text
expect_rc 1 "no experiment matches"
run factors -e "Profile-Guided Optimization (PGO) and Post"
expect_rc 0 "bbolt factors"
expect_re '^Release \+ PGO optimized \+ BOLT instrumented +pgo=optimized bolt=instrumented  \[instrumented\]$'
expect_out "  none → optimized, with pgo=optimized: Release + PGO optimization → Release + PGO optimization + BOLT optimization"
expect_re '^    throughput +\+29\.9% +better\? +2 rows, no test \(a side without a spread\)$'

# ---- the Turbine PR names its builds in words the table does not know: tags say what they are
TB='Build Turbine native image with PGO'
run factors -e Turbine
expect_out 'Benchmarking prebuilt Turbine         no factor in its name'
expect_out 'no two variants differ in revision alone; the closest:'
before=$(store_sum)
for bad in "pgo" "=x" "Pgo!=x" "words-and-more"; do
	run tag -e Turbine "Benchmarking prebuilt Turbine" "$bad"
	expect_rc 1 "bad tag $bad"
done
run tag -e Turbine "No such build" pgo=none
expect_rc 1 "unknown variant"
expect_err 'no variant "No such build" in Build Turbine native image with PGO'
[ "$(store_sum)" = "$before" ] || fail "a refused tag changed the store"
run tag -e Turbine "Benchmarking prebuilt Turbine" pgo=none words=turbine
expect_rc 0 "tag prebuilt"
expect_out 'Benchmarking prebuilt Turbine in "Build Turbine native image with PGO": pgo=none*  (other words: turbine)'
expect_out "recorded edit 1 (undo it with 'benchdelta undo 1')"
run tag -e Turbine "Benchmarking Turbine built from HEAD" PGO=Optimization revision= words=turbine
expect_rc 0 "tag HEAD"
expect_out 'pgo=optimized* revision=(unstated)*'
run tag -e Turbine "Benchmarking Turbine built from HEAD" pgo=optimized
expect_out "already so: nothing recorded"
run edits
expect_out 'tag      variant "Benchmarking Turbine built from HEAD" tagged pgo=optimized revision= words=turbine in "Build Turbine native image with PGO"'
run factors -e Turbine
expect_out '  none → optimized: Benchmarking prebuilt Turbine → Benchmarking Turbine built from HEAD'
# three runs against one: no test (the candidate has no spread), as compare says
expect_re '^    time +\+46\.3% +worse\? +1 row, no test \(a side without a spread\)$'

# ---- PGO across both threads: each named by its project, linked to its thread
run factors --across pgo -f markdown
expect_rc 0 "across markdown"
expect_out '**pgo** across 2 experiments'
expect_out "| ambaxter/bbolt-rs | $BBT | time | -20% |  | better? | [thread](https://github.com/ambaxter/bbolt-rs/issues/9) |"
expect_out '| bazelbuild/bazel | Build Turbine native image with PGO | time | +46.3% |  | worse? | [thread](https://github.com/bazelbuild/bazel/pull/22197) |'
# they disagree: the pooled line says how far apart they are, not that PGO helps
expect_out '| **pooled** | 2 experiments | time | +8% | ×/÷ 1.53 between them | 1 better, 1 worse, 0 ~ | |'
run factors --across pgo
expect_out 'pgo across the store: 2 of 2 experiments with a pair from its base'
expect_re '^  ambaxter/bbolt-rs +.*●.*-20% +better\?$'
expect_re '^  pooled, 2 experiments +.*◆.*1 better, 1 worse, 0 ~$'
expect_out '  Build Turbine native image with PGO  <https://github.com/bazelbuild/bazel/pull/22197>'
run factors --across pgo -f json
expect_out '"project": "bazelbuild/bazel"'
# the runs above judged both pairs once; the catalog keeps their effects
expect_out '"pairs_from_catalog": 2'
expect_out '"pairs_judged": 0'
# a name the pair's side goes by changes what was measured: that pair is judged again, alone
run rename-variant -e Turbine "Benchmarking prebuilt Turbine" "Prebuilt Turbine"
expect_rc 0 "rename"
run factors --across pgo -f json
expect_out '"pairs_from_catalog": 1'
expect_out '"pairs_judged": 1'
expect_out '"baseline": "Prebuilt Turbine"'
run undo
expect_out 'undid edit 3'
run factors --across pgo -f json
expect_out '"pairs_from_catalog": 2'
# the catalog made anew (an older schema, or deleted) judges them again, with the same figures
rm -f "$BENCHDELTA_STORE"/catalog.db*
run factors --across pgo -f markdown
expect_out "| ambaxter/bbolt-rs | $BBT | time | -20% |  | better? | [thread](https://github.com/ambaxter/bbolt-rs/issues/9) |"
run factors --across pgo -f json
expect_out '"pairs_from_catalog": 2'

# ---- a reparse reads every text again and keeps the tags
run reparse
expect_rc 0 "reparse"
run factors -e Turbine
expect_out '  none → optimized: Benchmarking prebuilt Turbine → Benchmarking Turbine built from HEAD'
run tag -e Turbine "Benchmarking Turbine built from HEAD"
expect_out 'pgo=optimized* revision=(unstated)*'

# ---- undo takes a tag back whole
run undo
expect_rc 0 "undo"
expect_out 'undid edit 2'
run factors -e Turbine
expect_out 'Benchmarking Turbine built from HEAD  revision=head'

# ---- compare -E: a variant of one experiment against one of another
# a rerun: every bitrate's last two digits swapped, so that no block is one imported before
run import samples/issues/seed-rathole.txt
expect_rc 0 "rathole"
sed 's/\([0-9]\)\.\([0-9]\)\([0-9]\) Gbits/\1.\3\2 Gbits/' samples/issues/seed-rathole.txt >"$T/rerun.txt"
run import -e "rathole, a month later" "$T/rerun.txt"
expect_rc 0 "rerun"
RT='Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT'
run compare -e "$RT" "Rathole Release" -E "a month later" "Rathole Release"
expect_rc 0 "compare -E"
expect_err 'benchdelta: "Rathole Release" of "rathole, a month later" against "Rathole Release" of "'"$RT"'": they come from different sources'
expect_out "experiment: $RT | rathole, a month later"
expect_re '^  sender.bitrate +6.30 Gbit/s'
run compare -e "$RT" "Rathole Release" -E "a month later"
expect_rc 1 "-E without a candidate"
expect_err '-E compares one variant of each experiment'
run compare -e "$RT" "Rathole Release" -E "$RT" "Rathole Release + PGO-optimized"
expect_rc 1 "-E of the same experiment"
