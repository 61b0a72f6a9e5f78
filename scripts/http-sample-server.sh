#!/bin/sh
# http-sample-server.sh - the local HTTP servers the load generators'
# sample scripts (scripts/samples/{wrk,ab,hey,h2load}.sh) load: Python's
# http.server from Debian, bound to 127.0.0.1 at a free port, serving a
# small file; one speaking HTTP/1.0 (a connection per request) and one
# HTTP/1.1 (kept alive): the two "builds" the samples compare, told apart
# by their ports. Sourced; sample_servers_start sets $port10 and $port11,
# sample_servers_stop stops both by their PIDs.
sample_servers_start() {
	www=$(mktemp -d)
	head -c 2048 /dev/zero | tr '\0' 'x' >"$www/index.html"
	for v in 10 11; do
		log=$www/server$v.log
		/usr/bin/python3 -u -m http.server -b 127.0.0.1 -d "$www" -p "HTTP/1.${v#1}" 0 >"$log" 2>&1 &
		echo $! >"$www/pid$v"
		n=0
		until grep -q 'port [0-9]' "$log" 2>/dev/null; do
			n=$((n + 1)); [ $n -gt 100 ] && { echo "server did not start" >&2; return 1; }
			sleep 0.05
		done
		eval "port$v=\$(sed -n 's/.* port \\([0-9]*\\).*/\\1/p' \"\$log\" | head -n 1)"
	done
}
sample_servers_stop() {
	for v in 10 11; do kill "$(cat "$www/pid$v")" 2>/dev/null || true; done
	rm -rf "$www"
}
