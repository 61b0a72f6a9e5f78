#!/bin/sh
# size.sh - real GNU size samples: binutils' size (Debian) on benchdelta
# itself built several ways (scripts/build-variants.sh). Run by
# scripts/make-samples.sh.
set -eu
out=samples/size
bin=build/samples
sh scripts/build-variants.sh
mkdir -p "$out"

# Run from inside $bin so the rows read benchdelta_O2, not a path.
run() { # run OUTPUT.txt SIZE-ARGS...
	f=$1; shift
	(cd "$bin" && size "$@") >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}

all="benchdelta_O0 benchdelta_O2 benchdelta_Os benchdelta_O2_lto benchdelta_Os_lto"
# Berkeley format, one row per build: the file names tell the variants apart.
run builds.txt $all
# -t: a (TOTALS) row, a derived sum.
run totals.txt -t benchdelta_O2 benchdelta_O2_lto
# -x: text, data and bss in hex; -o: in octal, and the fourth column is "oct".
run hex.txt -x benchdelta_O2 benchdelta_Os
run oct.txt -o benchdelta_O2 benchdelta_Os
# Archives: one row per member, "member.o (ex libutil_O2.a)".
run archive.txt libutil_O2.a libutil_Os.a
# One file: nothing to tell apart, the file still names it.
run single.txt benchdelta_Os_lto
# SysV format (-A): one block per file, a row per section and a Total.
run sysv.txt -A benchdelta_O2
run sysv-multi.txt -A benchdelta_O2 benchdelta_O2_lto
run sysv-hex.txt -A -x benchdelta_Os
run sysv-archive.txt -A libutil_Os.a

# Paths as printed (the directories are not part of the variant's name).
size "$bin/benchdelta_O2" "$bin/benchdelta_Os" >"$out/paths.txt" 2>&1 || true
echo "wrote $out/paths.txt"

# The same file name under labels: each table has one row, the label names it.
mkdir -p "$bin/release" "$bin/lto"
cp "$bin/benchdelta_O2" "$bin/release/benchdelta"
cp "$bin/benchdelta_O2_lto" "$bin/lto/benchdelta"
(cd "$bin" && {
	echo "Release:"
	size release/benchdelta
	echo
	echo "LTO:"
	size lto/benchdelta
}) >"$out/labelled.txt" 2>&1 || true
echo "wrote $out/labelled.txt"
