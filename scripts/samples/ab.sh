#!/bin/sh
# ab.sh - real ApacheBench 2.3 samples (Debian's apache2-utils) loading the
# local HTTP servers of scripts/http-sample-server.sh. Run by
# scripts/make-samples.sh.
set -eu
out=samples/ab
mkdir -p "$out"
. scripts/http-sample-server.sh
sample_servers_start
trap sample_servers_stop EXIT INT TERM

run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	ab "$@" >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}
run plain.txt -n 400 -c 4 "http://127.0.0.1:$port10/"
# keep-alive against a server that answers HTTP/1.0 keep-alive requests late: ab gives up (-s 1)
run timeout.txt -k -s 1 -n 400 -c 4 "http://127.0.0.1:$port11/"
# a POST the server does not implement (501): Total body sent, Non-2xx responses
body=$(mktemp)
echo 'hello' >"$body"
run post.txt -n 50 -c 2 -p "$body" -T text/plain "http://127.0.0.1:$port10/"
rm -f "$body"
# a missing page: Non-2xx responses
run non2xx.txt -n 100 -c 2 "http://127.0.0.1:$port10/missing"
# the two servers, each under a label line
{
	for p in $port10 $port11; do
		echo "server on port $p:"
		ab -n 400 -c 4 "http://127.0.0.1:$p/" 2>&1 || true
		echo
	done
} >"$out/two-servers.txt"
echo "wrote $out/two-servers.txt"
