#!/bin/sh
# iperf3.sh - real iperf3 samples: iperf 3.12 (Debian) over loopback, a
# one-shot server (-1) on a private port for each client run. The client's
# output (stdout and stderr) is the sample; a few server logs are kept too.
# Run by scripts/make-samples.sh.
set -eu
out=samples/iperf3
mkdir -p "$out"
port=${IPERF3_PORT:-5299}

# client OUTPUT.txt [server OUTPUT.txt] -- CLIENT-ARGS...
client() {
	f=$1; shift
	slog=/dev/null
	if [ "$1" != "--" ]; then slog=$out/$1; shift; fi
	shift
	iperf3 -s -1 -p "$port" >"$slog" 2>&1 &
	spid=$!
	sleep 0.5
	iperf3 -c 127.0.0.1 -p "$port" "$@" >"$out/$f" 2>&1 || true
	wait "$spid" || true
	echo "wrote $out/$f"
	[ "$slog" = /dev/null ] || echo "wrote $slog"
}

# Two congestion algorithms: one variant per file.
client cubic.txt -- -t 2 -C cubic
client reno.txt -- -t 2 -C reno
# Several streams: per-stream lines, [SUM] lines and separators.
client parallel.txt -- -t 2 -P 3
# Reverse mode: the server sends; Retr only in the summary.
client reverse.txt -- -t 2 -R
# Verbose, with the server's log of the same test.
client verbose.txt server-verbose.txt -- -t 2 -V
# UDP at 10 Mbit/s, with the server's log; then UDP flooding (loss).
client udp.txt server-udp.txt -- -t 2 -u -b 10M
client udp-loss.txt -- -t 1 -u -b 0 -l 1400
# Both directions at once.
client bidir.txt -- -t 2 --bidir
# The server's own lines appended to the client's.
client server-output.txt -- -t 2 --get-server-output
# One omitted second; fixed units (-f m, then -f K: bytes per second).
client omit.txt -- -t 2 -O 1
client format-m.txt -- -t 1 -f m
client format-bytes.txt -- -t 1 -f K
# --timestamps ("%c " before every line, blank ones too) and -T (a "TITLE:  " prefix);
# both at once with a timestamp format of our own, over UDP.
client timestamps.txt -- -t 2 --timestamps
client title.txt -- -t 2 -T pgo
client timestamps-title.txt -- -t 2 -u -b 10M --timestamps='%F %T ' -T release
# -J: one JSON document per test.
client json.json -- -t 2 -J
client json-udp.json -- -t 1 -u -b 10M -J
# A server in -J mode writes one document per test, one after the other (not an
# array), and one with "error" when it is stopped: three tests (-R, --bidir),
# then the server is stopped by its PID.
iperf3 -s -J -p "$port" >"$out/server-json.json" 2>&1 &
spid=$!
sleep 0.5
for args in "" "-R" "--bidir"; do
	# shellcheck disable=SC2086 # the empty one is no argument
	iperf3 -c 127.0.0.1 -p "$port" -t 2 $args >/dev/null 2>&1 || true
done
kill "$spid"
wait "$spid" || true
echo "wrote $out/server-json.json"
# A document cut off in its intervals (as a truncated paste is): no end sums.
head -n 60 "$out/json.json" >"$out/json-cut.json"
echo "wrote $out/json-cut.json"
# Nobody listening: the error line alone.
iperf3 -c 127.0.0.1 -p "$port" -t 1 >"$out/refused.txt" 2>&1 || true
echo "wrote $out/refused.txt"
