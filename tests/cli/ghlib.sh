# ghlib.sh - local GitHub-like servers for the import-by-address tests,
# sourced after lib.sh: tests/http/replay.c answers on 127.0.0.1 with
# recorded API responses (tests/cli/github/README), each server started and
# stopped by its PID. Nothing here touches the network. Its files go in
# $G: the test's scratch folder ($T, or GH_TMP for a TUI test, whose $T
# is its terminal).
G=${GH_TMP:-$T}
F=$(pwd)/tests/cli/github
# the servers are on this machine: never through a proxy of the environment
unset http_proxy https_proxy HTTPS_PROXY all_proxy ALL_PROXY
NO_PROXY=127.0.0.1 no_proxy=127.0.0.1
export NO_PROXY no_proxy
REPLAY=${BD_REPLAY:-build/tests/http/replay}
[ -x "$REPLAY" ] || fail "no test server at $REPLAY (make check builds it)"

# no token or API from the environment; a `gh` that knows none
unset GITHUB_TOKEN GH_TOKEN GITHUB_API_URL
mkdir -p "$G/bin"
printf '#!/bin/sh\nexit 1\n' >"$G/bin/gh"
chmod +x "$G/bin/gh"
PATH="$G/bin:$PATH"
export PATH

SERVERS=
trap 'for p in $SERVERS; do kill "$p" 2>/dev/null; done; rm -rf "$G"' EXIT INT TERM
# serve NAME: a server answering by $G/NAME.routes, logging to $G/NAME.log (anew);
# sets NAME_PORT, NAME_BASE (http://127.0.0.1:PORT) and NAME_PID
serve() {
	: >>"$G/$1.routes"
	rm -f "$G/$1.port" "$G/$1.log"
	"$REPLAY" "$G/$1.routes" "$G/$1.port" "$G/$1.log" &
	SERVERS="$SERVERS $!"
	eval "$1_PID=$!"
	i=0
	while [ ! -s "$G/$1.port" ]; do
		i=$((i + 1))
		[ $i -lt 200 ] || fail "the test server $1 did not start"
		sleep 0.05
	done
	eval "$1_PORT=$(cat "$G/$1.port")"
	eval "$1_BASE=http://127.0.0.1:\$$1_PORT"
}
# unserve NAME: stop server NAME (by its PID)
unserve() { eval "kill \"\$$1_PID\" 2>/dev/null"; }
# route NAME TARGET FILE...: what server NAME answers (FILE relative to tests/cli/github, or absolute)
route() {
	r=$1
	shift
	: >"$G/$r.routes"
	while [ $# -gt 1 ]; do
		case $2 in
		- | /*) echo "$1 $2" >>"$G/$r.routes" ;; # (-: accept, never answer)
		*) echo "$1 $F/$2" >>"$G/$r.routes" ;;
		esac
		shift 2
	done
}
# heard NAME: the requests server NAME received ("TARGET | Authorization | User-Agent | Accept")
heard() { cat "$G/$1.log" 2>/dev/null; }
# quiet_logs: forget what every server heard
quiet_logs() { for f in "$G"/*.log; do [ -e "$f" ] && : >"$f"; done; }

BB=/repos/ambaxter/bbolt-rs/issues/9
