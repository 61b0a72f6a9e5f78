#!/bin/sh
# du.sh - real du listings (GNU coreutils from Debian) of the sample
# program built two ways (build/samples/fib_O0, fib_O2, made by
# scripts/make-samples.sh) and of a small tree: -h, -b, -k, --si, -ch,
# -sh, and -h under de_DE.UTF-8 (a decimal comma). Run by
# scripts/make-samples.sh.
set -eu
out=samples/du
mkdir -p "$out"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
mkdir -p "$dir/release" "$dir/lto" "$dir/tree/a" "$dir/tree/b"
cp build/samples/fib_O0 "$dir/release/fib"
cp build/samples/fib_O2 "$dir/lto/fib"
head -c 1300000 /dev/zero >"$dir/tree/a/big"
head -c 5000 /dev/zero >"$dir/tree/b/small"
head -c 70000 /dev/zero >"$dir/tree/medium"
run() { # run OUTPUT.txt ARGS...
	f=$1; shift
	{ echo "$ du $*"; (cd "$dir" && du "$@" 2>&1); } >"$out/$f"
	echo "wrote $out/$f"
}
run builds-h.txt -h release/fib lto/fib
run builds-b.txt -b release/fib lto/fib
run tree-k.txt -k tree
run tree-si.txt --si --apparent-size tree
run tree-ch.txt -ch tree/a tree/b
run tree-sh.txt -sh tree/a tree/b tree/medium
{ echo "$ du -h --apparent-size tree"; (cd "$dir" && LC_ALL=de_DE.UTF-8 du -h --apparent-size tree 2>&1); } \
	>"$out/tree-h-de.txt"
echo "wrote $out/tree-h-de.txt"
