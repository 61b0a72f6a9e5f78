#!/bin/sh
# perf.sh - real perf stat samples: perf 6.1 (linux-perf, Debian) on the
# benchdelta builds of scripts/build-variants.sh importing a few MB of
# hyperfine logs with --dry-run, in several locales (private ones from
# localedef: nothing is installed system-wide). Hardware counters print
# "<not supported>" on a virtual machine; the hand-written samples have
# them. Run by scripts/make-samples.sh.
set -eu
out=samples/perf
bin=build/samples
sh scripts/build-variants.sh
mkdir -p "$out"
store=$(mktemp -d)
locales=$(mktemp -d)
trap 'rm -rf "$store" "$locales"' EXIT INT TERM
export BENCHDELTA_STORE="$store"
for l in en_US de_DE fr_FR de_CH; do
	localedef -i $l -f UTF-8 "$locales/$l.UTF-8" 2>/dev/null || true
done

# Only what perf writes (stderr) is kept: the program's own output goes away.
run() { # run OUTPUT.txt LOCALE PERF-STAT-ARGS...
	f=$1 loc=$2; shift 2
	(cd "$bin" && LOCPATH=$locales LC_ALL=$loc perf stat "$@" 2>&1 >/dev/null) >"$out/$f" || true
	echo "wrote $out/$f"
}
work="./benchdelta_O2 import -n workload.txt"

run default.txt C $work
run repeat.txt C -r 5 $work
run table.txt C -r 4 --table $work
run en-us.txt en_US.UTF-8 -r 3 $work
run de-de.txt de_DE.UTF-8 $work
run fr-fr.txt fr_FR.UTF-8 -e page-faults,task-clock $work
run de-ch.txt de_CH.UTF-8 -e page-faults,task-clock $work
run events.txt C -e task-clock,cpu-clock,page-faults,minor-faults,major-faults,context-switches,cpu-migrations,duration_time $work
run csv.txt C -x, $work
run csv-repeat.txt C -x, -r 3 $work

# Several builds, one after the other, each under a label line.
(cd "$bin" && for v in O0 O2 Os_lto; do
	echo "benchdelta_$v:"
	LC_ALL=C perf stat ./benchdelta_$v import -n workload.txt 2>&1 >/dev/null
done) >"$out/builds.txt" || true
echo "wrote $out/builds.txt"
# The same without labels, as a loop in a script logs it: the commands name the builds.
(cd "$bin" && for v in O2 Os_lto; do
	LC_ALL=C perf stat ./benchdelta_$v import -n workload.txt 2>&1 >/dev/null
done) >"$out/commands.txt" || true
echo "wrote $out/commands.txt"
(cd "$bin" && for v in O2 O2_lto; do
	echo "$v:"
	LC_ALL=C perf stat -x, -e task-clock,page-faults,context-switches ./benchdelta_$v import -n workload.txt 2>&1 >/dev/null
done) >"$out/csv-builds.txt" || true
echo "wrote $out/csv-builds.txt"
