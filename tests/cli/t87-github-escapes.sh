#!/bin/sh
# What a server sends never reaches the terminal raw: control bytes in a
# thread's title, an author's login, a comment's body and address, and in
# the error messages of a 401, a 403, a 502, an answer that is not JSON and
# a next page whose address is garbage, are shown as '?' in every output
# (the import's plan and closing line, errors, list, show, source, export,
# compare, edits); the texts themselves are stored byte for byte.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ghlib.sh"

# has_ctrl FILE: a C0 control (but newline and tab), DEL, or a C1 CSI
has_ctrl() {
	LC_ALL=C tr -d '\n\t' <"$1" | LC_ALL=C grep -q "[$(printf '\001')-$(printf '\037')$(printf '\177')]" ||
		LC_ALL=C grep -q "$(printf '\302\233')" "$1"
}
checked=0
check() { # check WHAT: stdout and stderr of the last run are clean
	! has_ctrl "$T/out" || { od -c "$T/out" | head -20 >&2; fail "$1: control bytes on stdout"; }
	! has_ctrl "$T/err" || { od -c "$T/err" | head -20 >&2; fail "$1: control bytes on stderr"; }
	checked=$((checked + 1))
}
HEAD='HTTP/1.1 200 OK
Content-Type: application/json; charset=utf-8
'
E='\u001b'
TITLE="PGO$E]0;pwned\u0007 builds$E[2J"
{
	printf '%s\n' "$HEAD"
	cat <<JSON
{"title": "$TITLE", "html_url": "https://github.com/o/r/issues/9$E[8m",
 "user": {"login": "mallory$E[31m"}, "created_at": "2024-04-28T09:13:41Z$E[2J",
 "body": "Release$E]0;x\u0007:\n\n\`\`\`\nBenchmark 1: ./app$E[1A\n  Time (mean ± σ):      1.912 s ±  0.021 s    [User: 1.851 s, System: 0.058 s]\n  Range (min … max):    1.884 s …  1.950 s    10 runs\n\`\`\`\n"}
JSON
} >"$T/issue.http"
{
	printf '%s\n' "$HEAD"
	cat <<JSON
[{"user": {"login": "eve\u009b2J"}, "created_at": "2024-04-29T10:00:00Z",
  "html_url": "https://github.com/o/r/issues/9#issuecomment-1$E]8;;http://x$E\\\\",
  "body": "With PGO$E[5m:\n\n\`\`\`\nBenchmark 1: ./app_pgo\n  Time (mean ± σ):      1.512 s ±  0.021 s    [User: 1.451 s, System: 0.058 s]\n  Range (min … max):    1.484 s …  1.550 s    10 runs\n\`\`\`\n"}]
JSON
} >"$T/comments.http"
I=/repos/o/r/issues/9
route a "$I" "$T/issue.http" "$I/comments?per_page=100" "$T/comments.http"
serve a
GITHUB_API_URL=$a_BASE
export GITHUB_API_URL

run import --dry-run o/r#9
expect_rc 0 "dry run of a hostile thread"
check "import -n"
run import o/r#9
expect_rc 0 "import of a hostile thread"
check "import"
expect_out 'o/r#9 "PGO?]0;pwned? builds?[2J": 2 texts in 2 requests'
# the texts are kept as fetched
grep -rq "$(printf 'With PGO\033\[5m:')" "$BENCHDELTA_STORE/sources" || fail "a comment's text not stored byte for byte"
for args in list "list imports" "list runs" "list variants" edits "export -f tsv" "export -f csv" "export -f json" \
	"compare -f text" "compare -f markdown" "compare -f csv" "compare -f json"; do
	# shellcheck disable=SC2086
	run $args
	check "$args"
done
for id in $("$BD" list runs 2>/dev/null | awk 'NR > 1 { print $1 }'); do
	run show "$id"
	check "show $id"
	grep -q 'written by' "$T/out" || fail "show $id: no provenance: $(cat "$T/out")"
	run source "$id"
	check "source $id"
done
# the quick comparison (the terminal UI's, which fails at once here: no terminal) and its messages
run o/r#9 </dev/null
check "the quick comparison"

# error messages from the server
err() { # err STATUS-LINE MESSAGE: an answer with that status and that message
	{
		echo "$1"
		echo 'Content-Type: application/json; charset=utf-8'
		echo
		echo "{\"message\": \"$2\"}"
	} >"$T/error.http"
	route a "$I" "$T/error.http"
}
err "HTTP/1.1 401 Unauthorized" "Bad$E]0;owned\u0007 credentials$E[2J"
GITHUB_TOKEN=ghp_x run import o/r#9
expect_rc 2 "401"
check "a 401's message"
expect_err 'the token from GITHUB_TOKEN was refused (401 Bad?]0;owned? credentials?[2J)'
err "HTTP/1.1 403 Forbidden" "No$E[8m"
run import o/r#9
check "a 403's message"
err "HTTP/1.1 502 Bad Gateway" "down$E[2J"
run import o/r#9
check "a 502's message"
expect_err "answered 502 down?[2J"
printf 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n\033[2J\033]0;x\007{}\n' >"$T/error.http"
run import o/r#9
expect_rc 2 "not JSON"
check "an answer that is not JSON"
# a next page at an address with control bytes in its host
{
	echo 'HTTP/1.1 200 OK'
	echo 'Content-Type: application/json; charset=utf-8'
	printf 'Link: <http://127.0.0.1:%s\033[2J/next?page=2>; rel="next"\n' "$a_PORT"
	echo
	echo '[]'
} >"$T/link.http"
route a "$I" "$T/issue.http" "$I/comments?per_page=100" "$T/link.http"
run import o/r#9
check "a next page at a garbage address"
echo "  ESCAPES $checked outputs of a hostile thread and its server's errors: clean"
