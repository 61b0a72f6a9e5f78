#!/bin/sh
# matrix.sh BENCHDELTA BENCH_TUI - how fast the Matrix opens and redraws on
# an experiment of 200 benchmarks x 6 variants x 10 runs (Go testing
# output, -count=10): prints the figures of bench_tui.c; asserts nothing.
set -eu
BD=$1
BT=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
for v in release lto pgo pgo-bolt lto-pgo lto-pgo-bolt; do
	i=$((i + 1))
	awk -v v="$v" -v i=$i 'BEGIN {
		srand(i * 7)
		f = 1 - i / 40
		print "goos: linux\ngoarch: amd64\npkg: example.com/bench\ncpu: AMD EPYC"
		for (b = 1; b <= 200; b++)
			for (r = 1; r <= 10; r++)
				printf "BenchmarkCase%03d-8   \t%8d\t%10.1f ns/op\t%6d B/op\t%4d allocs/op\n",
					b, 100000 + b, (100 + b * 13) * f * (1 + rand() / 50), 64 + b, 1 + b % 5
		print "PASS\nok  \texample.com/bench\t12.345s"
	}' >"$tmp/$v.txt"
	BENCHDELTA_STORE=$tmp/store "$BD" import -e matrix-bench -V "$v" "$tmp/$v.txt" >/dev/null
done
"$BT" "$tmp/store" 200 60
"$BT" "$tmp/store" 80 24 | grep -E "open Matrix|redraw per key"
