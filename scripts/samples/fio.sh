#!/bin/sh
# fio.sh - real fio samples (fio 3.33 from Debian) on a small file in a
# temporary directory: a random-read job with psync and with two jobs
# and group reporting, and a mixed job in two groups. Run by
# scripts/make-samples.sh.
set -eu
out=samples/fio
mkdir -p "$out"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ fio $*"; (cd "$dir" && fio "$@" 2>&1); } >"$out/$f"
	echo "wrote $out/$f"
}
run randread.txt --name=randread --filename=data --size=16M --rw=randread --bs=4k --ioengine=psync --runtime=2 --time_based
run group.txt --name=randrw --filename=data --size=16M --rw=randrw --bs=4k --numjobs=2 --group_reporting --runtime=2 --time_based
run two-groups.txt --name=seqread --filename=data --size=16M --rw=read --bs=64k --runtime=1 --time_based --name=seqwrite --stonewall --new_group --filename=data2 --size=16M --rw=write --bs=64k --runtime=1 --time_based
run randwrite-libaio.txt --name=randwrite --filename=data --size=16M --rw=randwrite --bs=4k --ioengine=libaio --iodepth=8 --direct=0 --runtime=2 --time_based
