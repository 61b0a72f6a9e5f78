#!/bin/sh
# The token goes only to the API host it belongs to (api.github.com, or
# the host of GITHUB_API_URL), never to another: not to a thread's address
# on another host (refused, naming GITHUB_API_URL; read without a token
# with --no-token), not to a next page or a redirect elsewhere, never by
# plain http but to this machine. Two local servers: A is GITHUB_API_URL,
# B another host; each test checks what each one received.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ghlib.sh"

serve a
serve b
GITHUB_API_URL=$a_BASE
export GITHUB_API_URL
TOKEN=ghp_secret0123456789
# no_token_at NAME: server NAME received no request with the token
no_token_at() { if heard "$1" | grep -q "$TOKEN"; then fail "$2: server $1 received the token: $(heard "$1")"; fi; }
# token_at NAME TARGET: server NAME received TARGET with the token
token_at() { heard "$1" | grep -qF "$2 | Bearer $TOKEN |" || fail "$3: $2 not sent to $1 with the token: $(heard "$1")"; }
nothing_at() { [ ! -s "$T/$1.log" ] || fail "$2: server $1 was asked: $(heard "$1")"; }
PAGE2='/repositories/766412305/issues/9/comments?per_page=100&page=2'

# ---- the next page on another host: fetched, without the token
sed "s|{BASE}|$b_BASE|g" "$F/bbolt-comments-1.http" >"$T/comments-elsewhere.http"
route a "$BB" bbolt-issue.http "$BB/comments?per_page=100" "$T/comments-elsewhere.http"
route b "$PAGE2" bbolt-comments-2.http
quiet_logs
GITHUB_TOKEN=$TOKEN run import --dry-run ambaxter/bbolt-rs#9
expect_rc 0 "a next page on another host"
expect_out '3 texts in 3 requests'
token_at a "$BB" "a next page on another host"
token_at a "$BB/comments?per_page=100" "a next page on another host"
heard b | grep -qF "$PAGE2 |  |" || fail "page 2 not asked of B, or with a token: $(heard b)"
no_token_at b "a next page on another host"

# ---- a redirect to another host: followed, without the token; one on the same host keeps it
{
	echo "HTTP/1.1 301 Moved Permanently"
	echo "Location: $b_BASE/repositories/766412305/issues/9"
	echo
} >"$T/moved-elsewhere.http"
{
	echo "HTTP/1.1 301 Moved Permanently"
	echo "Location: {BASE}/repositories/766412305/issues/9/comments?per_page=100"
	echo
} >"$T/moved-here.http"
route a "$BB" "$T/moved-elsewhere.http" "$BB/comments?per_page=100" "$T/moved-here.http" \
	"/repositories/766412305/issues/9/comments?per_page=100" bbolt-comments-1.http "$PAGE2" bbolt-comments-2.http
route b /repositories/766412305/issues/9 bbolt-issue.http
quiet_logs
GITHUB_TOKEN=$TOKEN run import --dry-run ambaxter/bbolt-rs#9
expect_rc 0 "redirects"
heard b | grep -qF "/repositories/766412305/issues/9 |  |" || fail "the redirect not followed to B: $(heard b)"
no_token_at b "a redirect to another host"
token_at a "/repositories/766412305/issues/9/comments?per_page=100" "a redirect on the same host"
token_at a "$PAGE2" "the pages after a redirect on the same host"

# ---- a thread's address on another host: refused, nothing asked of anyone
route a "$BB" bbolt-issue.http
route b "/api/v3$BB" bbolt-issue.http "/api/v3$BB/comments?per_page=100" bbolt-comments-1.http \
	"$PAGE2" bbolt-comments-2.http
quiet_logs
GITHUB_TOKEN=$TOKEN run import "http://127.0.0.1:$b_PORT/ambaxter/bbolt-rs/issues/9"
expect_rc 2 "an address on another host, with a token"
expect_err "benchdelta: ambaxter/bbolt-rs#9: 127.0.0.1:$b_PORT is neither github.com nor the host of GITHUB_API_URL ($a_BASE), where the token in GITHUB_TOKEN goes"
expect_err "--no-token"
[ "$(wc -l <"$T/err")" -eq 1 ] || fail "want one line: $(cat "$T/err")"
nothing_at a "an address on another host"
nothing_at b "an address on another host"
[ ! -d "$BENCHDELTA_STORE" ] || fail "a refused import made a store"
# GH_TOKEN likewise, and without GITHUB_API_URL the token is api.github.com's
GH_TOKEN=$TOKEN run import "http://127.0.0.1:$b_PORT/ambaxter/bbolt-rs/issues/9"
expect_rc 2 "GH_TOKEN"
expect_err "where the token in GH_TOKEN goes"
(
	unset GITHUB_API_URL
	GITHUB_TOKEN=$TOKEN "$BD" import "http://127.0.0.1:$b_PORT/ambaxter/bbolt-rs/issues/9" >"$T/out" 2>"$T/err"
	echo $? >"$T/rc"
)
[ "$(cat "$T/rc")" -eq 2 ] || fail "no GITHUB_API_URL: exit $(cat "$T/rc")"
expect_err "127.0.0.1:$b_PORT is not github.com: the token in GITHUB_TOKEN goes only to api.github.com; for GitHub Enterprise set GITHUB_API_URL"
nothing_at a "GH_TOKEN, or no GITHUB_API_URL"
nothing_at b "GH_TOKEN, or no GITHUB_API_URL"
# asked for: read from that host's API, without any token
GITHUB_TOKEN=$TOKEN run import --no-token "http://127.0.0.1:$b_PORT/ambaxter/bbolt-rs/issues/9"
expect_rc 0 "--no-token"
expect_out '3 texts in 3 requests'
heard b | grep -qF "/api/v3$BB |  |" || fail "--no-token: the issue not asked of B's API: $(heard b)"
no_token_at b "--no-token"
nothing_at a "--no-token"
# the token `gh` keeps for that host is that host's
printf '#!/bin/sh\n[ "$*" = "auth token --hostname 127.0.0.1:%s" ] && echo gho_hosttoken\n' "$b_PORT" >"$T/bin/gh"
quiet_logs
run import --dry-run "http://127.0.0.1:$b_PORT/ambaxter/bbolt-rs/issues/9"
expect_rc 0 "gh's token of that host"
heard b | grep -qF "/api/v3$BB | Bearer gho_hosttoken |" || fail "gh's token for B not sent to B: $(heard b)"
nothing_at a "gh's token of that host"
printf '#!/bin/sh\nexit 1\n' >"$T/bin/gh"

# ---- an API by plain http elsewhere than this machine: no token is sent (nothing is asked)
GITHUB_API_URL=http://192.0.2.1:9 GITHUB_TOKEN=$TOKEN BENCHDELTA_TIMEOUT=1 run import ambaxter/bbolt-rs#9
expect_rc 2 "a token over plain http"
expect_err "the API is at http://192.0.2.1:9, plain http: the token from GITHUB_TOKEN goes only by https"
expect_err "--no-token"
echo "  TOKEN   the token reached A alone; B received $(wc -l <"$T/b.log") requests without it"
