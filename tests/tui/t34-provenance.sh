#!/bin/sh
# A thread imported by address: the Runs view's detail and the Source view
# say who wrote the block, when and where ("zamazan4ik, 2024-04-28,
# <address>"). The thread comes from the recorded-answers test server.
. "$(dirname "$0")/lib.sh"

F=$(pwd)/tests/cli/github
# the test server is on this machine: never through a proxy of the environment
unset http_proxy https_proxy HTTPS_PROXY all_proxy ALL_PROXY
NO_PROXY=127.0.0.1 no_proxy=127.0.0.1
export NO_PROXY no_proxy
REPLAY=${BD_REPLAY:-build/tests/http/replay}
[ -x "$REPLAY" ] || fail "no test server at $REPLAY (make check builds it)"
BB=/repos/ambaxter/bbolt-rs/issues/9
{
	echo "$BB $F/bbolt-issue.http"
	echo "$BB/comments?per_page=100 $F/bbolt-comments-1.http"
	echo "/repositories/766412305/issues/9/comments?per_page=100&page=2 $F/bbolt-comments-2.http"
} >"$TMP/routes"
"$REPLAY" "$TMP/routes" "$TMP/port" "$TMP/log" &
srv=$!
n=0
while [ ! -s "$TMP/port" ]; do
	n=$((n + 1))
	[ $n -lt 200 ] || { kill $srv; fail "the test server did not start"; }
	sleep 0.05
done
GITHUB_API_URL=http://127.0.0.1:$(cat "$TMP/port") GITHUB_TOKEN= GH_TOKEN= PATH=/nonexistent:$PATH \
	BENCHDELTA_STORE="$STORE" SOURCE_DATE_EPOCH=1767225600 "$BD" import ambaxter/bbolt-rs#9 >"$TMP/import.out" 2>&1
rc=$?
[ $rc -eq 0 ] || { kill $srv; fail "import: $(cat "$TMP/import.out")"; }

tui_start 100 30 -- ""
tui_wait "METRIC"
tui_keys 3
tui_wait "candidate:"
tui_keys Down Enter
tui_wait "Enter on a run: the text it was read from"
tui_keys Down
tui_wait "zamazan4ik, 2024-04-28, https://github.com/ambaxter/bbolt-rs/issues/9"
tui_keys Enter
tui_wait "> # Write"
tui_wait "zamazan4ik, 2024-04-28, https://github.com/ambaxter/bbolt-rs/issues/9"
tui_stop

# the quick comparison takes an address too: fetched, shown, not stored
before=$(find "$STORE" -type f | sort | xargs md5sum)
tui_start 100 30 GITHUB_API_URL="http://127.0.0.1:$(cat "$TMP/port")" GITHUB_TOKEN=x -- ambaxter/bbolt-rs#9
tui_wait "benchdelta · Matrix · Evaluate using Profile-Guide…Post-Link Optimization (PLO) (1/1) · not stored"
tui_keys 3
tui_wait "candidate:"
tui_keys Down Enter
tui_keys Down
tui_wait "zamazan4ik, 2024-04-28, https://github.com/ambaxter/bbolt-rs/issues/9"
tui_keys q
kill $srv
[ "$(find "$STORE" -type f | sort | xargs md5sum)" = "$before" ] || fail "the quick comparison stored something"
