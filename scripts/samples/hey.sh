#!/bin/sh
# hey.sh - real hey 0.1.4 samples (Debian) loading the local HTTP servers of
# scripts/http-sample-server.sh. Run by scripts/make-samples.sh.
set -eu
out=samples/hey
mkdir -p "$out"
. scripts/http-sample-server.sh
sample_servers_start
trap sample_servers_stop EXIT INT TERM

run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	hey "$@" >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}
run plain.txt -n 400 -c 4 "http://127.0.0.1:$port11/"
# for a duration instead of a count
run duration.txt -z 1s -c 2 "http://127.0.0.1:$port10/"
run missing.txt -n 100 -c 2 "http://127.0.0.1:$port11/missing"
{
	for p in $port10 $port11; do
		echo "\$ hey -n 400 -c 4 http://127.0.0.1:$p/"
		hey -n 400 -c 4 "http://127.0.0.1:$p/" 2>&1 || true
	done
} >"$out/two-servers.txt"
echo "wrote $out/two-servers.txt"
