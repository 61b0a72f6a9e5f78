#!/bin/sh
# wrk.sh - real wrk 4.1 samples (Debian) loading the local HTTP servers of
# scripts/http-sample-server.sh for a few seconds. Run by
# scripts/make-samples.sh.
set -eu
out=samples/wrk
mkdir -p "$out"
. scripts/http-sample-server.sh
sample_servers_start
trap sample_servers_stop EXIT INT TERM

run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	wrk "$@" >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}
run plain.txt -t 2 -c 4 -d 2s "http://127.0.0.1:$port11/"
run latency.txt -t 2 -c 4 -d 2s --latency "http://127.0.0.1:$port11/"
# requests to a missing page: Non-2xx or 3xx responses
run errors.txt -t 1 -c 2 -d 1s "http://127.0.0.1:$port11/missing"
# the two servers one after the other, each under its command line: the ports name them
{
	for p in $port10 $port11; do
		echo "\$ wrk -t 2 -c 4 -d 2s --latency http://127.0.0.1:$p/"
		wrk -t 2 -c 4 -d 2s --latency "http://127.0.0.1:$p/" 2>&1 || true
		echo
	done
} >"$out/two-servers.txt"
echo "wrote $out/two-servers.txt"
