#!/bin/sh
# ls.sh - real ls -l, -lh and -l --si listings (GNU coreutils from Debian)
# of the sample program built at -O0 and -O2 (build/samples/fib_O0, fib_O2,
# made by scripts/make-samples.sh) and of a directory of its builds (with
# its "total" line), and -lh under de_DE.UTF-8 (a decimal comma). Run by
# scripts/make-samples.sh.
set -eu
out=samples/ls
mkdir -p "$out"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
mkdir -p "$dir/release" "$dir/lto" "$dir/builds"
cp build/samples/fib_O0 "$dir/release/fib"
cp build/samples/fib_O2 "$dir/lto/fib"
cp build/samples/fib_O0 "$dir/builds/fib_O0"
cp build/samples/fib_O2 "$dir/builds/fib_O2"
head -c 1300000 /dev/zero >"$dir/builds/fib.debug"
run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ ls $*"; (cd "$dir" && ls "$@" 2>&1); } >"$out/$f"
	echo "wrote $out/$f"
}
run builds-l.txt -l release/fib lto/fib
run dir-l.txt -l builds
run dir-lh.txt -lh builds
run dir-si.txt -l --si builds
{ echo "$ ls -lh builds"; (cd "$dir" && LC_ALL=de_DE.UTF-8 ls -lh builds 2>&1); } >"$out/dir-lh-de.txt"
echo "wrote $out/dir-lh-de.txt"
