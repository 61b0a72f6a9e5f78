#!/bin/sh
# Pagination is bounded in all, not only page by page: a Link header that
# points back at a page read before stops at once, and an endless chain of
# large pages stops once the thread holds more than the cap, saying so,
# storing nothing, its peak memory bounded. A local server; each page's
# Link is the page's own address with one more letter ({SELF}).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ghlib.sh"
I=/repos/o/r/issues/9

{
	printf 'HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n\n'
	printf '{"title": "Pages", "html_url": "https://github.com/o/r/issues/9", "user": {"login": "a"},'
	printf ' "created_at": "2024-04-28T09:13:41Z", "body": "No output here."}\n'
} >"$T/issue.http"
# a page of 4 comments of 1 MiB each, whose next page is its own address and one letter
awk 'BEGIN {
	printf "HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n"
	printf "Link: <{BASE}{SELF}x>; rel=\"next\"\n\n["
	body = "Benchmark 1: ./app --case 1 (no figures follow in this filler) "
	while (length(body) < 1048576) body = body body
	body = substr(body, 1, 1048576)
	for (c = 1; c <= 4; c++)
		printf "%s{\"user\": {\"login\": \"b\"}, \"created_at\": \"2024-04-29T10:00:0%dZ\", \"html_url\": \"https://github.com/o/r/issues/9#c%d\", \"body\": \"%s\"}", (c > 1 ? "," : ""), c, c, body
	print "]"
}' >"$T/big.http"
{
	printf 'HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n'
	printf 'Link: <{BASE}{SELF}>; rel="next"\n\n[]\n'
} >"$T/loop.http"

serve a
GITHUB_API_URL=$a_BASE
export GITHUB_API_URL

# a page that names itself as the next one: stopped at once
route a "$I" "$T/issue.http" "$I/comments?per_page=100" "$T/loop.http"
run import o/r#9
expect_rc 2 "a Link loop"
expect_err "o/r#9: the comments' next page is a page read before (a Link loop); stopped"
looked=$(wc -l <"$T/a.log")
[ "$looked" -le 3 ] || fail "a Link loop asked $looked requests"
[ ! -d "$BENCHDELTA_STORE" ] || fail "a thread that did not come whole made a store"

# an endless chain of 4 MiB pages: stopped at the cap on what the thread holds
quiet_logs
route a "$I" "$T/issue.http" "$I/comments*" "$T/big.http"
# (a sanitizer's quarantine of freed memory kept small: the bound is on what the program holds)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=8" \
	/usr/bin/time -f '%M' -o "$T/rss" timeout 120 "$BD" import o/r#9 >"$T/out" 2>"$T/err"
rc=$?
[ $rc -ne 124 ] || fail "an endless chain of pages ran for 120 s"
[ $rc -eq 2 ] || { cat "$T/err" >&2; fail "an endless chain of pages: exit $rc, want 2"; }
expect_err "o/r#9: the thread holds more than 128 MiB of text after"
expect_err "and names more; stopped, nothing read"
pages=$(($(wc -l <"$T/a.log") - 1))
[ "$pages" -ge 31 ] && [ "$pages" -le 33 ] || fail "want 31 to 33 pages of 4 MiB before the cap of 128 MiB, asked $pages"
rss=$(tail -1 "$T/rss")
[ "$rss" -lt 524288 ] || fail "peak RSS $rss KiB for a thread capped at 128 MiB"
[ ! -d "$BENCHDELTA_STORE" ] || fail "a thread cut at the cap made a store"
echo "  PAGES   a Link loop stopped after $looked requests; $pages pages of 4 MiB, then the cap; peak RSS $((rss / 1024)) MiB"
