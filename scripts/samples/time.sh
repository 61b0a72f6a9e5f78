#!/bin/sh
# time.sh - real samples of GNU time 1.9 (/usr/bin/time, Debian) and of
# bash's time keyword, timing benchdelta itself (built several ways by
# scripts/build-variants.sh) importing a few MB of hyperfine logs with
# --dry-run. Run by scripts/make-samples.sh.
set -eu
out=samples/time
bin=build/samples
sh scripts/build-variants.sh
mkdir -p "$out"
store=$(mktemp -d)
locales=$(mktemp -d)
trap 'rm -rf "$store" "$locales"' EXIT INT TERM
export BENCHDELTA_STORE="$store"
# bash's time prints the locale's decimal mark: a private de_DE for that sample
localedef -i de_DE -f UTF-8 "$locales/de_DE.UTF-8" 2>/dev/null || true

# Only what time writes (stderr) is kept: the program's own output goes away.
run() { # run OUTPUT.txt COMMAND...
	f=$1; shift
	(cd "$bin" && "$@" 2>&1 >/dev/null) >"$out/$f" || true
	echo "wrote $out/$f"
}
work="import -n workload.txt"

# GNU time: the default format, -v, -p, and a command that fails.
run default.txt /usr/bin/time ./benchdelta_O2 $work
run verbose.txt /usr/bin/time -v ./benchdelta_O2 $work
run posix.txt /usr/bin/time -p ./benchdelta_O2 $work
run failed.txt /usr/bin/time ./benchdelta_O2 import -n no-such-file.txt
run failed-verbose.txt /usr/bin/time -v ./benchdelta_O2 import -n no-such-file.txt

# Several builds, one after the other, each under a label line.
(cd "$bin" && for v in O0 O2 Os_lto; do
	echo "benchdelta_$v:"
	/usr/bin/time -v ./benchdelta_$v $work 2>&1 >/dev/null
	echo
done) >"$out/verbose-builds.txt" || true
echo "wrote $out/verbose-builds.txt"
# The same without labels, as a loop in a script logs it: the commands name the builds.
(cd "$bin" && for v in O2 Os_lto; do
	/usr/bin/time -v ./benchdelta_$v $work 2>&1 >/dev/null
done) >"$out/verbose-commands.txt" || true
echo "wrote $out/verbose-commands.txt"
(cd "$bin" && for v in O0 O2 Os_lto; do
	echo "-$v:"
	/usr/bin/time ./benchdelta_$v $work 2>&1 >/dev/null
done) >"$out/default-builds.txt" || true
echo "wrote $out/default-builds.txt"

# bash's time keyword: the default TIMEFORMAT, -p, and a decimal comma.
run bash.txt bash -c "time ./benchdelta_O2 $work"
run bash-p.txt bash -c "time -p ./benchdelta_O2 $work"
LOCPATH=$locales LC_ALL=de_DE.UTF-8 run bash-de.txt bash -c "time ./benchdelta_O2 $work"
(cd "$bin" && for v in O2 O2_lto; do
	echo "## $v"
	bash -c "time ./benchdelta_$v $work" 2>&1 >/dev/null
	echo
done) >"$out/bash-builds.txt" || true
echo "wrote $out/bash-builds.txt"
