#!/bin/sh
# import by issue or pull request address: the texts, their provenance,
# pagination, re-import, the token, and every failure (one line, an exit
# code, nothing stored). A local server replays recorded API answers
# (tests/cli/github/); nothing here touches the network.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/ghlib.sh"
# one server, GITHUB_API_URL: its routes and its log ($T/a.log)
start_server() { serve a; PORT=$a_PORT; GITHUB_API_URL=$a_BASE; export GITHUB_API_URL; }
stop_server() { unserve a; }
routes() { route a "$@"; }
one_line() { [ "$(wc -l <"$T/err")" -eq 1 ] || { cat "$T/err" >&2; fail "$1: want one line on stderr"; }; }
src_of() { grep -l "\"address\",\"$1\"" "$BENCHDELTA_STORE"/data/*/source.csv; }

BB=/repos/ambaxter/bbolt-rs/issues/9
BBPAGE2='/repositories/766412305/issues/9/comments?per_page=100&page=2'
ZP=/repos/bazelbuild/bazel
ZPAGE2='/repositories/20773773/pulls/22197/comments?per_page=100&page=2'
TITLE='Evaluate using Profile-Guided Optimization (PGO) and Post-Link Optimization (PLO)'

# ---- an issue: description and two pages of comments, anonymous
routes $BB bbolt-issue.http "$BB/comments?per_page=100" bbolt-comments-1.http "$BBPAGE2" bbolt-comments-2.http
start_server
run import https://github.com/ambaxter/bbolt-rs/issues/9
expect_rc 0 "issue import"
expect_out 'https://github.com/ambaxter/bbolt-rs/issues/9:26-27  bolt  variant "Release" (label, line 22)'
expect_out 'https://github.com/ambaxter/bbolt-rs/issues/9:58-59  bolt  variant "Release + PGO optimized + BOLT instrumented" (label, line 54)'
expect_out "ambaxter/bbolt-rs#9 \"$TITLE\": 3 texts in 3 requests: 6 new blocks from 1 text, 0 imported before, 2 without tool output"
expect_out "into experiment \"$TITLE\""
# three requests, the last one the Link header's next page; headers as GitHub asks
[ "$(wc -l <"$T/a.log")" -eq 3 ] || fail "want 3 requests: $(cat "$T/a.log")"
grep -qF "$BBPAGE2 |  | benchdelta/0.1.0 | application/vnd.github+json" "$T/a.log" ||
	fail "page 2 not fetched as wanted: $(cat "$T/a.log")"
# provenance kept with the source
s=$(src_of https://github.com/ambaxter/bbolt-rs/issues/9) || fail "no source with the issue's address"
grep -qx '"author","zamazan4ik"' "$s" || fail "author not stored: $(cat "$s")"
grep -qx '"posted","2024-04-28T09:13:41Z"' "$s" || fail "date not stored"
grep -qx '"thread","https://github.com/ambaxter/bbolt-rs/issues/9"' "$s" || fail "thread not stored"
# the stored text is the body as fetched (CRLF and all), so everything works offline
h=$(basename "$(dirname "$s")")
grep -q "$(printf '# Write  8.914817311s  (891ns/op)  (1122334 op/sec)\r')" "$BENCHDELTA_STORE/sources/$h" ||
	fail "source text not stored as fetched"
run list variants
grep -q 'zamazan4ik\|ambaxter' "$T/out" && fail "an author became a variant: $(cat "$T/out")"
# show and source say who wrote the block, when, where
run list runs
id=$(awk 'NR == 2 { print $1 }' "$T/out")
run source "$id"
expect_rc 0 "source"
expect_out 'written by zamazan4ik, 2024-04-28, https://github.com/ambaxter/bbolt-rs/issues/9'
run show "$id"
expect_out 'written by  zamazan4ik, 2024-04-28, https://github.com/ambaxter/bbolt-rs/issues/9'
stop_server
run export -f tsv
expect_rc 0 "offline export"
expect_out 'write.time_per_op	s	8.91e-07'

# ---- again (shorthand), with a token from `gh auth token`: nothing new
printf '#!/bin/sh\n[ "$*" = "auth token" ] && echo gho_fromthecli\n' >"$T/bin/gh"
start_server
before=$(store_sum)
run import ambaxter/bbolt-rs#9
expect_rc 0 "re-import"
expect_out "3 texts in 3 requests: 0 new blocks from 0 texts, 1 imported before, 2 without tool output"
[ "$(store_sum)" = "$before" ] || fail "an unchanged thread changed the store"
grep -q "| Bearer gho_fromthecli |" "$T/a.log" || fail "gh's token not sent: $(cat "$T/a.log")"
# the environment wins over gh, GITHUB_TOKEN over GH_TOKEN
: >"$T/a.log"
GITHUB_TOKEN=ghp_env GH_TOKEN=ghp_other run import ambaxter/bbolt-rs#9
grep -q "| Bearer ghp_env |" "$T/a.log" || fail "GITHUB_TOKEN not sent: $(cat "$T/a.log")"
: >"$T/a.log"
GH_TOKEN=ghp_other run import ambaxter/bbolt-rs#9
grep -q "| Bearer ghp_other |" "$T/a.log" || fail "GH_TOKEN not sent: $(cat "$T/a.log")"
printf '#!/bin/sh\nexit 1\n' >"$T/bin/gh"

# ---- a pull request: review comments too; a new comment adds only its blocks
routes $ZP/issues/22197 bazel-pr.http "$ZP/issues/22197/comments?per_page=100" bazel-comments.http \
	"$ZP/pulls/22197/comments?per_page=100" bazel-review-none.http
run import https://github.com/bazelbuild/bazel/pull/22197
expect_rc 0 "pull request import"
expect_out '"Build Turbine native image with PGO": 1 text in 3 requests: 2 new blocks from 1 text'
routes $ZP/issues/22197 bazel-pr.http "$ZP/issues/22197/comments?per_page=100" bazel-comments.http \
	"$ZP/pulls/22197/comments?per_page=100" bazel-review-1.http "$ZPAGE2" bazel-review-2.http
before=$(store_sum)
run import --dry-run https://github.com/bazelbuild/bazel/pull/22197
expect_rc 0 "dry run"
expect_out 'https://github.com/bazelbuild/bazel/pull/22197#discussion_r1585104430:8-10  hyperfine'
expect_out '4 texts in 4 requests: 2 new blocks from 1 text (not stored), 1 imported before, 2 without tool output'
expect_out 'dry run: nothing stored'
[ "$(store_sum)" = "$before" ] || fail "--dry-run changed the store"
run import https://github.com/bazelbuild/bazel/pull/22197
expect_rc 0 "re-import with a new review comment"
expect_out '4 texts in 4 requests: 2 new blocks from 1 text, 1 imported before, 2 without tool output'
grep -q '22197:6-8  hyperfine' "$T/out" && fail "the description's blocks were imported again"
s=$(src_of 'https://github.com/bazelbuild/bazel/pull/22197#discussion_r1585104430') ||
	fail "no source for the review comment"
grep -qx '"author","cushon"' "$s" || fail "review comment author not stored"
grep -qx '"posted","2024-04-30T17:51:09Z"' "$s" || fail "review comment date not stored"
grep -qx '"title","Build Turbine native image with PGO"' "$s" || fail "title not stored"
run list runs -e 'Build Turbine'
[ "$(grep -c 'Build Turbine' "$T/out")" -eq 4 ] || fail "want 4 runs: $(cat "$T/out")"
id=$(grep -F '#discussion_r1585104430:8-10' "$T/out" | awk '{ print $1 }')
run source "$id"
expect_out 'written by cushon, 2024-04-30, https://github.com/bazelbuild/bazel/pull/22197#discussion_r1585104430'
stop_server

# ---- failures: one line, an exit code, the store untouched
before=$(store_sum)
failing() { # failing RC TEXT ARGS...: import must fail so and store nothing
	want=$1 text=$2
	shift 2
	run import "$@"
	expect_rc "$want" "$text"
	expect_err "benchdelta: $text"
	one_line "$text"
	[ "$(store_sum)" = "$before" ] || fail "a failed import changed the store ($text)"
}
routes $BB not-found.http
start_server
failing 2 'ambaxter/bbolt-rs#9: not found (404): no such issue or pull request, or a private repository (set GITHUB_TOKEN to read those)' \
	https://github.com/ambaxter/bbolt-rs/issues/9
GITHUB_TOKEN=ghp_cannotsee failing 2 'ambaxter/bbolt-rs#9: not found (404) with the token from GITHUB_TOKEN' ambaxter/bbolt-rs#9
routes $BB bad-credentials.http
GH_TOKEN=ghp_revoked failing 2 'ambaxter/bbolt-rs#9: the token from GH_TOKEN was refused (401 Bad credentials)' \
	ambaxter/bbolt-rs#9
routes $BB rate-limit.http
failing 5 "ambaxter/bbolt-rs#9: GitHub's API rate limit is used up (60 requests an hour without a token); it resets at 2026-01-01 00:23:20 UTC; a token (GITHUB_TOKEN, GH_TOKEN or 'gh auth login') raises the limit" \
	ambaxter/bbolt-rs#9
# the limit hit on the last page: nothing of the thread is stored
routes $BB bbolt-issue.http "$BB/comments?per_page=100" bbolt-comments-1.http "$BBPAGE2" rate-limit.http
rm -rf "$BENCHDELTA_STORE"
before=$(store_sum)
failing 5 "ambaxter/bbolt-rs#9: GitHub's API rate limit is used up" ambaxter/bbolt-rs#9
[ ! -d "$BENCHDELTA_STORE" ] || fail "a thread cut short made a store"
routes $BB secondary-limit.http
failing 5 'ambaxter/bbolt-rs#9: GitHub asks to slow down (secondary rate limit); try again in 60 s' ambaxter/bbolt-rs#9
routes $BB server-error.http
failing 5 "ambaxter/bbolt-rs#9: 127.0.0.1:$PORT answered 502 Server Error; try again later" ambaxter/bbolt-rs#9
routes $BB not-json.http
failing 2 "ambaxter/bbolt-rs#9: the answer from 127.0.0.1:$PORT is not JSON" ambaxter/bbolt-rs#9
# a server that never answers: bounded by BENCHDELTA_TIMEOUT
echo "$BB -" >"$T/a.routes"
BENCHDELTA_TIMEOUT=1 failing 5 "ambaxter/bbolt-rs#9: timed out: 127.0.0.1:$PORT accepted the connection but sent no whole answer within 1 s (BENCHDELTA_TIMEOUT)" \
	ambaxter/bbolt-rs#9
stop_server
# nothing listening: no network, or the server is down
failing 5 "ambaxter/bbolt-rs#9: cannot connect to 127.0.0.1:$PORT" ambaxter/bbolt-rs#9
exit 0
