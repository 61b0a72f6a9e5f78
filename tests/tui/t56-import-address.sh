#!/bin/sh
# `i` with an issue's address (typed, or pasted into its prompt), or the
# address pasted anywhere: OWNER/REPO#N and a pull request's https address
# fetched as `benchdelta import URL` fetches them (a local server
# replays recorded API answers; nothing touches the network), the progress
# shown while the screen stays live, the thread's texts planned each under
# its heading (a linked text's too) and imported by one Enter, `u` taking
# the whole import back; a 404 said once; Esc cancels a fetch that hangs.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ghserve.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
BB=/repos/ambaxter/bbolt-rs/issues/9
BBPAGE2='/repositories/766412305/issues/9/comments?per_page=100&page=2'
ZP=/repos/bazelbuild/bazel
ZPAGE2='/repositories/20773773/pulls/22197/comments?per_page=100&page=2'

# ---- a fetch that hangs on its second page: progress, the keys live, Esc cancels
routes $BB bbolt-issue.http "$BB/comments?per_page=100" bbolt-comments-1.http "$BBPAGE2" -
serve gh
API=$gh_BASE
tui_start 80 24 "GITHUB_API_URL=$API" -- ""
tui_wait "Paste a thread here, or press i"
tui_keys i
tui_wait "file, -, or issue address: _"
tui_keys -l "https://github.com/ambaxter/bbolt-rs/issues/9"
tui_keys Enter
tui_wait "fetching ambaxter/bbolt-rs#9 · comments 1 of 2…"
tui_wait "Esc: cancel"
tui_expect t56-progress
# the screen answers keys while it waits
tui_keys x
tui_wait "fetching ambaxter/bbolt-rs#9: Esc cancels"
tui_keys Escape
tui_wait "cancelled: ambaxter/bbolt-rs#9 not fetched, nothing imported"
tui_wait "No experiments yet."
[ -z "$(ls "$STORE/data" 2>/dev/null)" ] || fail "a cancelled fetch stored something"

# ---- not found: said once, plainly, and nothing stored
routes $BB not-found.http
tui_keys i
tui_keys -l "ambaxter/bbolt-rs#9"
tui_keys Enter
tui_wait "not found (404)"
tui_wait "nothing imported"
[ "$(tui_snap | grep -c 'not found')" = 1 ] || fail "the 404 is not said exactly once"
tui_snap | grep -q "ambaxter/bbolt-rs#9: not found (404): no such issue or pull request" ||
	fail "the 404 is not said as the command line says it"
tui_keys Escape
tui_wait "No experiments yet."

# ---- a pull request by its address: the description and two review comments, each under its heading
routes $ZP/issues/22197 bazel-pr.http "$ZP/issues/22197/comments?per_page=100" bazel-comments.http \
	"$ZP/pulls/22197/comments?per_page=100" bazel-review-1.http "$ZPAGE2" bazel-review-2.http
# (pasted into the prompt, as copied from a browser: it joins the text typed)
tui_keys i
printf 'https://github.com/bazelbuild/bazel/pull/22197\n' >"$TMP/url"
$T load-buffer -b u "$TMP/url"
$T paste-buffer -p -b u -t t
tui_wait "file, -, or issue address: https://github.com/bazelbuild/bazel/pull/22197_"
tui_keys Enter
tui_wait "bazelbuild/bazel#22197:"
tui_wait "the description by"
tui_wait "review comment"
tui_expect t56-thread-plan
# a fix of one block's variant applies to that text alone
tui_keys e
tui_wait "variant of the block at line"
tui_keys C-u
tui_keys -l "PGO build"
tui_keys Enter
tui_wait '(edited: override'
[ "$(tui_snap | grep -c '(edited: override')" -ge 1 ] || fail "the fix did not show"
tui_keys Enter
tui_wait "imported 4 runs, 28 figures from 2 texts, 1 edit · u takes it back"
tui_wait "From:        https://github.com/bazelbuild/bazel/pull/22197"
bd list imports >"$TMP/imports" 2>&1
[ "$(grep -c 'bazelbuild/bazel/pull/22197' "$TMP/imports")" = 2 ] || { cat "$TMP/imports"; fail "want 2 imports of the thread"; }
bd edits | grep -q 'is variant "PGO build"' || { bd edits; fail "the fix was not recorded"; }
# the command line finds nothing new in it: the TUI stored what `import` stores
GITHUB_API_URL=$API bd import https://github.com/bazelbuild/bazel/pull/22197 >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "import again"; }
grep -q "4 texts in 4 requests: 0 new blocks from 0 texts, 2 imported before, 2 without tool output" "$TMP/out" ||
	{ cat "$TMP/out"; fail "the CLI found blocks the TUI did not store"; }
# u takes the whole import back, as one edit; u again brings it back
tui_keys u
tui_wait "edit 2 · u undoes it · import of bazelbuild/bazel#22197 (2 texts) taken back"
tui_wait "No experiments yet."
bd list imports >"$TMP/imports" 2>&1
grep -q 'bazel' "$TMP/imports" && { cat "$TMP/imports"; fail "u left an import of the thread"; }
tui_keys u
tui_wait "Build Turbine native image with PGO"
[ "$(bd list imports 2>&1 | grep -c 'bazelbuild/bazel/pull/22197')" = 2 ] || fail "u again did not bring both texts back"

# ---- a thread that links its results: the linked text under its own heading, a link that fails a warning
printf 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n[]\n' >"$TMP/comments.http"
printf 'HTTP/1.1 200 OK\nContent-Type: text/plain\n\nBuild times, three runs each:\n\nRelease: 61.2 s; 60.8 s; 61.5 s\nLTO: 74.0 s; 73.6 s; 74.4 s\n' >"$TMP/results.http"
printf 'HTTP/1.1 404 Not Found\nContent-Type: text/plain\n\nno\n' >"$TMP/missing.http"
{
	printf 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n'
	printf '{"title":"Widget: LTO and PGO","html_url":"https://github.com/acme/widget/issues/7","number":7,'
	printf '"user":{"login":"alice"},"created_at":"2025-01-02T03:04:05Z","comments":0,'
	printf '"body":"The numbers are in %s/gist/alice/results.txt (and %s/gist/alice/missing.txt)."}\n' "$API" "$API"
} >"$TMP/issue7.http"
I=/repos/acme/widget/issues/7
routes $I "$TMP/issue7.http" "$I/comments?per_page=100" "$TMP/comments.http" \
	/gist/alice/results.txt "$TMP/results.http" /gist/alice/missing.txt "$TMP/missing.http"
# (the address pasted on the list, no `i`: its thread is fetched)
printf 'acme/widget#7\n' >"$TMP/url"
$T load-buffer -b u "$TMP/url"
$T paste-buffer -p -b u -t t
tui_wait "acme/widget#7: would import 6 runs, 6 figures from 1 of 2 texts"
tui_wait "/gist/alice/results.txt (linked from the description)"
tui_wait "acme/widget#7: $API/g"
tui_wait "answered 404; not read"
tui_keys Escape
tui_wait "nothing imported"
# ---- a thread whose results are only a screenshot: said, as import says it
{
	printf 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n'
	printf '{"title":"Widget: charts","html_url":"https://github.com/acme/widget/issues/8","number":8,'
	printf '"user":{"login":"alice"},"created_at":"2025-01-02T03:04:05Z","comments":0,'
	printf '"body":"Results:\\r\\n\\r\\n![chart](https://user-images.githubusercontent.com/1/chart.png)"}\n'
} >"$TMP/issue8.http"
J=/repos/acme/widget/issues/8
routes $J "$TMP/issue8.http" "$J/comments?per_page=100" "$TMP/comments.http"
tui_keys i
tui_keys -l "acme/widget#8"
tui_keys Enter
tui_wait "acme/widget#8: 3 lines · no measurements found"
tui_wait "acme/widget#8: results only as an"
tui_wait "widget/issues/8 line 3"
tui_wait "Esc: back (nothing to import)"
tui_keys Escape
tui_stop

# ---- the command line's refusals: a token never goes by plain http (nothing is asked of anyone)
: >"$TMP/gh.log"
tui_start 80 24 "GITHUB_API_URL=http://example.com" "GITHUB_TOKEN=ghp_neversent" -- ""
tui_wait "Build Turbine native image with PGO"
tui_keys i
tui_keys -l "acme/widget#7"
tui_keys Enter
tui_wait "acme/widget#7: the API is at http://example.com, plain http: the token from"
tui_wait "GITHUB_TOKEN goes only by https (or to this machine)"
[ ! -s "$TMP/gh.log" ] || fail "a request was made: $(cat "$TMP/gh.log")"
tui_stop
