# ghlib.sh - local GitHub-like servers for the import-by-address tests,
# sourced after lib.sh: tests/http/replay.c answers on 127.0.0.1 with
# recorded API responses (tests/cli/github/README), each server started and
# stopped by its PID. Nothing here touches the network.
F=$(pwd)/tests/cli/github
# the servers are on this machine: never through a proxy of the environment
unset http_proxy https_proxy HTTPS_PROXY all_proxy ALL_PROXY
NO_PROXY=127.0.0.1 no_proxy=127.0.0.1
export NO_PROXY no_proxy
REPLAY=${BD_REPLAY:-build/tests/http/replay}
[ -x "$REPLAY" ] || fail "no test server at $REPLAY (make check builds it)"

# no token or API from the environment; a `gh` that knows none
unset GITHUB_TOKEN GH_TOKEN GITHUB_API_URL
mkdir -p "$T/bin"
printf '#!/bin/sh\nexit 1\n' >"$T/bin/gh"
chmod +x "$T/bin/gh"
PATH="$T/bin:$PATH"
export PATH

SERVERS=
trap 'for p in $SERVERS; do kill "$p" 2>/dev/null; done; rm -rf "$T"' EXIT INT TERM
# serve NAME: a server answering by $T/NAME.routes, logging to $T/NAME.log (anew);
# sets NAME_PORT, NAME_BASE (http://127.0.0.1:PORT) and NAME_PID
serve() {
	: >>"$T/$1.routes"
	rm -f "$T/$1.port" "$T/$1.log"
	"$REPLAY" "$T/$1.routes" "$T/$1.port" "$T/$1.log" &
	SERVERS="$SERVERS $!"
	eval "$1_PID=$!"
	i=0
	while [ ! -s "$T/$1.port" ]; do
		i=$((i + 1))
		[ $i -lt 200 ] || fail "the test server $1 did not start"
		sleep 0.05
	done
	eval "$1_PORT=$(cat "$T/$1.port")"
	eval "$1_BASE=http://127.0.0.1:\$$1_PORT"
}
# unserve NAME: stop server NAME (by its PID)
unserve() { eval "kill \"\$$1_PID\" 2>/dev/null"; }
# route NAME TARGET FILE...: what server NAME answers (FILE relative to tests/cli/github, or absolute)
route() {
	r=$1
	shift
	: >"$T/$r.routes"
	while [ $# -gt 1 ]; do
		case $2 in
		/*) echo "$1 $2" >>"$T/$r.routes" ;;
		*) echo "$1 $F/$2" >>"$T/$r.routes" ;;
		esac
		shift 2
	done
}
# heard NAME: the requests server NAME received ("TARGET | Authorization | User-Agent | Accept")
heard() { cat "$T/$1.log" 2>/dev/null; }
# quiet_logs: forget what every server heard
quiet_logs() { for f in "$T"/*.log; do [ -e "$f" ] && : >"$f"; done; }

BB=/repos/ambaxter/bbolt-rs/issues/9
