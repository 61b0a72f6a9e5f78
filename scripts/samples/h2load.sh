#!/bin/sh
# h2load.sh - real h2load samples (Debian's nghttp2-client 1.52) speaking
# HTTP/1.1 (--h1) to the local HTTP server of scripts/http-sample-server.sh.
# Run by scripts/make-samples.sh.
set -eu
out=samples/h2load
mkdir -p "$out"
. scripts/http-sample-server.sh
sample_servers_start
trap sample_servers_stop EXIT INT TERM

run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	h2load "$@" >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}
run plain.txt --h1 -n 400 -c 4 "http://127.0.0.1:$port11/"
run duration.txt --h1 -D 2 -c 4 "http://127.0.0.1:$port11/"
# two threads
run threads.txt --h1 -t 2 -c 4 -n 400 "http://127.0.0.1:$port11/"
run missing.txt --h1 -n 100 -c 2 "http://127.0.0.1:$port11/missing"
