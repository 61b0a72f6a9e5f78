#!/bin/sh
# sysbench.sh - real sysbench samples (sysbench 1.0 from Debian): the cpu,
# memory and fileio tests, each short, one or two threads (the "builds"
# compared). Run by scripts/make-samples.sh.
set -eu
out=samples/sysbench
mkdir -p "$out"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ sysbench $*"; sysbench "$@" 2>&1; } >"$out/$f"
	echo "wrote $out/$f"
}
run cpu-1.txt cpu --cpu-max-prime=5000 --threads=1 --time=2 run
run cpu-2.txt cpu --cpu-max-prime=5000 --threads=2 --time=2 run
run memory.txt memory --memory-total-size=2G --threads=1 --time=2 run
(cd "$dir" && sysbench fileio --file-total-size=32M --file-num=4 prepare >/dev/null 2>&1)
(cd "$dir" && { echo "$ sysbench fileio --file-total-size=32M --file-num=4 --file-test-mode=rndrw --time=2 run"
	sysbench fileio --file-total-size=32M --file-num=4 --file-test-mode=rndrw --time=2 run 2>&1; }) >"$out/fileio.txt"
echo "wrote $out/fileio.txt"
