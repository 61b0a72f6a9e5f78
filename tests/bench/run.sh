#!/bin/sh
# run.sh - import speed and memory: a large thread-like text (prose, labels,
# fenced hyperfine blocks, every block different, as in a long pasted
# thread) and a dry-run import of it. Prints figures; asserts nothing
# (speed is never a test verdict).
set -eu
BD=${1:-./benchdelta}
MB=${BENCH_MB:-64}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
big=$tmp/big.md
# one round: prose, a label, a fenced block with two commands; the round
# number goes into the commands and the figures so no two blocks are alike
awk -v mb="$MB" 'BEGIN {
	target = mb * 1024 * 1024
	while (size < target) {
		r++
		s = sprintf("Some prose about the benchmark setup, round %d, and why PGO might help here.\n", r)
		s = s sprintf("The numbers below were taken on a quiet machine; turbo was off.\n\n")
		s = s sprintf("Release + PGO variant %d:\n\n```\n", r % 7)
		for (b = 1; b <= 2; b++) {
			m = 4 + (r % 97) / 10 + b
			s = s sprintf("Benchmark %d: ./app_v%d run-%d\n", b, b, r)
			s = s sprintf("  Time (mean \302\261 \317\203):     %5.1f ms \302\261   0.%d ms    [User: %.1f ms, System: 0.%d ms]\n", m, r % 10, m - 0.5, b)
			s = s sprintf("  Range (min \342\200\246 max):   %5.1f ms \342\200\246 %5.1f ms    %d runs\n \n", m - 0.3, m + 0.4, 10 + r % 50)
		}
		s = s "Summary\n  ./app_v2 run ran\n    1.10 \302\261 0.02 times faster than ./app_v1 run\n```\n\n"
		printf "%s", s
		size += length(s)
	}
}' >"$big"
size=$(wc -c <"$big")
blocks=$(grep -c '^Benchmark 1:' "$big")
echo "input: $size bytes, $blocks hyperfine invocations ($((blocks * 2)) runs)"
/usr/bin/time -f '%e s elapsed, %M KiB max RSS' "$BD" import --dry-run "$big" >/dev/null 2>"$tmp/time" ||
	{ cat "$tmp/time"; exit 1; }
tail -1 "$tmp/time"
awk -v s="$size" '{ if ($1 > 0) printf "throughput: %.0f MB/s\n", s / $1 / 1e6 }' "$tmp/time" | tail -1
# a pasted issue thread: a seed-sized text
head -c 20000 "$big" >"$tmp/thread.md"
/usr/bin/time -f '%e s for a 20 KB thread' "$BD" import --dry-run "$tmp/thread.md" >/dev/null 2>"$tmp/time2" || true
tail -1 "$tmp/time2"
