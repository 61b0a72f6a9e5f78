# ghserve.sh - for the TUI's `i` with an issue's address: the recorded
# GitHub API answers of tests/cli/github/ served by tests/http/replay.c on
# 127.0.0.1 (as tests/cli/ghlib.sh serves them to the CLI), the server
# started and stopped by its PID. Sourced after lib.sh; nothing here
# touches the network.
F=$(pwd)/tests/cli/github
REPLAY=${BD_REPLAY:-build/tests/http/replay}
[ -x "$REPLAY" ] || fail "no test server at $REPLAY (make check builds it)"
# the server is on this machine: never through a proxy; no token from the
# environment, and a `gh` that knows none (the TUI's terminal inherits this)
unset http_proxy https_proxy HTTPS_PROXY all_proxy ALL_PROXY GITHUB_TOKEN GH_TOKEN GITHUB_API_URL
NO_PROXY=127.0.0.1 no_proxy=127.0.0.1
export NO_PROXY no_proxy
mkdir -p "$TMP/bin"
printf '#!/bin/sh\nexit 1\n' >"$TMP/bin/gh"
chmod +x "$TMP/bin/gh"
PATH="$TMP/bin:$PATH"
export PATH
SERVER=
trap '[ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; $T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
# routes TARGET FILE...: what the server answers (FILE in tests/cli/github/, or -: never an answer)
routes() {
	: >"$TMP/gh.routes"
	while [ $# -gt 1 ]; do
		case $2 in
		- | /*) echo "$1 $2" ;;
		*) echo "$1 $F/$2" ;;
		esac >>"$TMP/gh.routes"
		shift 2
	done
}
# serve: start the server (it reads the routes at each request); API is its address
serve() {
	: >>"$TMP/gh.routes"
	"$REPLAY" "$TMP/gh.routes" "$TMP/gh.port" "$TMP/gh.log" &
	SERVER=$!
	i=0
	while [ ! -s "$TMP/gh.port" ]; do
		i=$((i + 1))
		[ $i -lt 200 ] || fail "the test server did not start"
		sleep 0.05
	done
	API=http://127.0.0.1:$(cat "$TMP/gh.port")
}
unserve() { kill "$SERVER" 2>/dev/null; SERVER=; }
# heard: the requests the server received ("TARGET | Authorization | User-Agent | Accept")
heard() { cat "$TMP/gh.log" 2>/dev/null; }
