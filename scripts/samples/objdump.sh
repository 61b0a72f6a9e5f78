#!/bin/sh
# objdump.sh - real objdump -h section tables (GNU binutils from Debian) of
# the sample program built at -O0 and -O2 (build/samples/fib_O0, fib_O2,
# made by scripts/make-samples.sh), one file at a time and both in one
# call, -w (wide: the flags on the row), and of an object file. Run by
# scripts/make-samples.sh.
set -eu
out=samples/objdump
mkdir -p "$out"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
mkdir -p "$dir/release" "$dir/lto"
cp build/samples/fib_O0 "$dir/release/fib"
cp build/samples/fib_O2 "$dir/lto/fib"
${CC:-cc} -O2 -c -o "$dir/fib.o" samples/src/fib.c
run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ objdump $*"; (cd "$dir" && objdump "$@" 2>&1); } >"$out/$f"
	echo "wrote $out/$f"
}
run release.txt -h release/fib
run both.txt -h release/fib lto/fib
run object.txt -h fib.o
run wide.txt -h -w lto/fib
