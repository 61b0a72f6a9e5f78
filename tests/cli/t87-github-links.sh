#!/bin/sh
# import by address follows a thread's links to results (a gist, a raw
# file, an attachment) and imports each text as one of the thread's, with
# the link as its address; --no-follow skips them; a link that cannot be
# read is a warning; links to other hosts of this machine, to code and to
# images are never fetched, and no token goes with a link; a thread whose
# results are only a screenshot says so. Local servers only (ghlib.sh).
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/ghlib.sh"
TOKEN=ghp_linkstesttoken0000000000000000000
I=/repos/acme/widget/issues/7
J=/repos/acme/widget/issues/8
serve a
serve b
GITHUB_API_URL=$a_BASE
export GITHUB_API_URL

# answer FILE STATUS CONTENT-TYPE BODY-FILE: a recorded response in $T
answer() {
	{
		printf 'HTTP/1.1 %s\nContent-Type: %s\n\n' "$2" "$3"
		cat "$4"
	} >"$T/$1"
}
# an issue whose body is the JSON string $2
issue_json() {
	printf '{"title":"Widget: LTO and PGO","html_url":"https://github.com/acme/widget/issues/%s",' "$1"
	printf '"number":%s,"user":{"login":"alice"},"created_at":"2025-01-02T03:04:05Z","comments":0,"body":%s}' "$1" "$2"
}
echo '[]' >"$T/empty.json"
answer comments.http "200 OK" application/json "$T/empty.json"
# the results behind the link: labelled numbers and a tool's lines
printf 'Build times, three runs each:\n\nRelease: 61.2 s; 60.8 s; 61.5 s\nLTO: 74.0 s; 73.6 s; 74.4 s\n' >"$T/results.txt"
answer results.http "200 OK" "text/plain; charset=utf-8" "$T/results.txt"
printf 'binary\0junk\n' >"$T/binary.txt"
answer binary.http "200 OK" application/octet-stream "$T/binary.txt"
printf 'never fetched\n' >"$T/never.txt"
answer never.http "200 OK" text/plain "$T/never.txt"
answer missing.http "404 Not Found" text/plain "$T/never.txt"
body="\"The numbers are in $a_BASE/gist/alice/results.txt (see also $a_BASE/gist/alice/missing.txt and $a_BASE/gist/alice/binary.txt).\\r\\nThe code is at https://github.com/acme/widget/blob/main/src/lib.rs and a copy sits at $b_BASE/results.txt.\\r\\n![chart](https://user-images.githubusercontent.com/1/chart.png)\""
issue_json 7 "$body" >"$T/issue7.json"
answer issue7.http "200 OK" application/json "$T/issue7.json"
route a "$I" "$T/issue7.http" "$I/comments?per_page=100" "$T/comments.http" \
	/gist/alice/results.txt "$T/results.http" /gist/alice/binary.txt "$T/binary.http" \
	/gist/alice/missing.txt "$T/missing.http"
route b /results.txt "$T/never.http"

# ---- followed: the thread's text and the link's, one experiment
GITHUB_TOKEN=$TOKEN run import acme/widget#7
expect_rc 0 "links followed"
expect_out "$a_BASE/gist/alice/results.txt:3-3  labelled  variant \"Release\""
expect_out "$a_BASE/gist/alice/results.txt:4-4  labelled  variant \"LTO\""
expect_out 'into experiment "Widget: LTO and PGO"'
expect_err "warning: acme/widget#7: $a_BASE/gist/alice/missing.txt: "
expect_err "answered 404; not read"
expect_err "$a_BASE/gist/alice/binary.txt: not a text (a NUL byte); not read"
# the link's text is kept with the link as its address and the thread's provenance
s=$(grep -l "\"address\",\"$a_BASE/gist/alice/results.txt\"" "$BENCHDELTA_STORE"/data/*/source.csv) ||
	fail "no source with the link's address"
grep -qx '"thread","https://github.com/acme/widget/issues/7"' "$s" || fail "the link's text lost its thread"
grep -qx '"author","alice"' "$s" || fail "the link's text lost its author"
run export -f tsv
expect_out 'time	s	61.2'
expect_out 'time	s	74.4'
# no token went with a link; another host of this machine, code and images were never asked
grep '/gist/' "$T/a.log" | grep -q 'Bearer' && fail "a token went with a link: $(heard a)"
grep -q 'Bearer' "$T/a.log" || fail "the thread was read without its token: $(heard a)"
[ ! -s "$T/b.log" ] || fail "a link to another server of this machine was fetched: $(heard b)"
grep -q 'lib.rs\|chart' "$T/a.log" && fail "code or an image was fetched: $(heard a)"

# ---- --no-follow: the thread alone
rm -rf "$BENCHDELTA_STORE"
quiet_logs
run import --no-follow acme/widget#7
expect_rc 3 "--no-follow: nothing but prose (no results)"
grep -q '/gist/' "$T/a.log" && fail "--no-follow fetched a link: $(heard a)"
expect_err "results only as an image at https://github.com/acme/widget/issues/7 line 3"

# ---- results only as a screenshot: said, with the line
issue_json 8 '"Before and after:\r\n\r\n<img width=\"600\" src=\"https://github.com/user-attachments/assets/0000\" />"' >"$T/issue8.json"
answer issue8.http "200 OK" application/json "$T/issue8.json"
route a "$J" "$T/issue8.http" "$J/comments?per_page=100" "$T/comments.http"
run import acme/widget#8
expect_err "warning: acme/widget#8: results only as an image at https://github.com/acme/widget/issues/8 line 3"
echo "  LINKS   followed 1 of 3 links to results (a 404 and a binary warned), none elsewhere, no token sent"
