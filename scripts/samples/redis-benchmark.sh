#!/bin/sh
# redis-benchmark.sh - real redis-benchmark samples (redis-tools from
# Debian) against a redis-server of its own on 127.0.0.1, started and
# stopped here by its PID, with persistence off and then with an
# append-only file that syncs every write (the two "builds" compared).
# Run by scripts/make-samples.sh.
set -eu
out=samples/redis-benchmark
mkdir -p "$out"
port=6391
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT INT TERM

serve() { # serve APPENDONLY FSYNC
	redis-server --port $port --bind 127.0.0.1 --save '' --dir "$dir" \
		--appendonly "$1" --appendfsync "$2" >"$dir/server.log" 2>&1 &
	pid=$!
	until redis-cli -p $port ping >/dev/null 2>&1; do sleep 0.1; done
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; }
bench() { # bench OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ redis-benchmark $*"; redis-benchmark -p $port "$@" 2>&1; } >"$out/$f"
	echo "wrote $out/$f"
}

serve no everysec
# the full report of two tests: settings, both distributions, the Summary
bench full.txt -n 20000 -c 20 -t set,get
# -q: one line per test, with its p50
bench quiet.txt -n 20000 -c 20 -q -t set,get,incr,lpush,lrange_100,mset
# --csv: a header naming the columns, a row per test
bench csv.txt -n 20000 -c 20 --csv -t set,get,incr
stop

serve yes always
bench quiet-aof.txt -n 20000 -c 20 -q -t set,get,incr,lpush,lrange_100,mset
stop
