#!/bin/sh
# run.sh - import speed and memory: builds a large mixed text (prose and
# hyperfine blocks, as in pasted threads) and times a dry-run import of it.
# Prints figures; it asserts nothing (speed is never a test verdict).
set -eu
BD=${1:-./benchdelta}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
big=$tmp/big.md
i=0
: >"$big"
# ~40 KiB of thread per round: prose, a label, two hyperfine blocks, a fence
while [ $i -lt 64 ]; do
	{
		yes 'Some prose about the benchmark setup, and why we think PGO helps here.' | head -40
		yes '' | head -10
		echo "Release + PGO variant $i:"
		echo '```'
		cat samples/hyperfine/o0-vs-o2.txt samples/hyperfine/hand-new-us.txt
		echo '```'
	} >>"$big"
	i=$((i + 1))
done
# grow by doubling to about 64 MiB
while [ "$(wc -c <"$big")" -lt 67108864 ]; do
	cat "$big" "$big" >"$tmp/x" && mv "$tmp/x" "$big"
done
size=$(wc -c <"$big")
blocks=$(grep -c '^Benchmark 1:' "$big")
echo "input: $size bytes, $blocks hyperfine invocations"
/usr/bin/time -f '%e s elapsed, %M KiB max RSS' "$BD" import --dry-run "$big" >/dev/null 2>"$tmp/time" ||
	{ cat "$tmp/time"; exit 1; }
tail -1 "$tmp/time"
awk -v s="$size" '{ if ($1 > 0) printf "throughput: %.0f MB/s\n", s / $1 / 1e6 }' "$tmp/time"
# a pasted issue thread: one seed-sized text
small=$tmp/thread.md
head -c 20000 "$big" >"$small"
/usr/bin/time -f '%e s for a 20 KB thread' "$BD" import --dry-run "$small" >/dev/null 2>"$tmp/time2" || true
tail -1 "$tmp/time2"
