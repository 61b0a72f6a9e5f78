#!/bin/sh
# pgbench.sh - real pgbench samples (PostgreSQL 15 from Debian) against a
# server of its own in a temporary directory, on a Unix socket there and
# 127.0.0.1, started and stopped here: the TPC-B-like script with
# progress lines, select-only with per-statement latencies, and a run
# that connects for every transaction. Run by scripts/make-samples.sh.
set -eu
out=samples/pgbench
mkdir -p "$out"
bin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
dir=$(mktemp -d)
chown nobody "$dir" 2>/dev/null || true
as() { if [ "$(id -u)" = 0 ]; then su nobody -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
port=5499
trap 'as "$bin/pg_ctl -D $dir/db -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT INT TERM
as "$bin/initdb -D $dir/db -A trust" >/dev/null
as "$bin/pg_ctl -D $dir/db -o '-p $port -k $dir -c listen_addresses=127.0.0.1' -l $dir/log -w start" >/dev/null
as "$bin/pgbench -h $dir -p $port -i -s 1 postgres" >/dev/null 2>&1
run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ pgbench $*"; as "$bin/pgbench -h $dir -p $port $* postgres" 2>&1; } >"$out/$f"
	echo "wrote $out/$f"
}
run tpcb.txt -c 4 -j 2 -T 3 -P 1
run select-only.txt -S -c 4 -j 2 -T 2 -r
run connect.txt -S -C -c 2 -T 2
run per-client.txt -c 2 -j 1 -t 2000
