#!/bin/sh
# build-variants.sh - benchdelta itself built several ways, the program the
# size, time and perf samples measure: build/samples/benchdelta_O0, _O2,
# _Os, _O2_lto and _Os_lto (each from its own build directory, so a second
# call only redoes what changed), plus two archives of the same objects
# (libutil_O2.a, libutil_Os.a) for size's "(ex ARCHIVE)" rows, and
# build/samples/workload.txt, the text they import. Called by
# scripts/samples/{size,time,perf}.sh.
set -eu
cd "$(dirname "$0")/.."
bin=build/samples
mkdir -p "$bin"

for v in O0 O2 Os O2_lto Os_lto; do
	case $v in
	*_lto) lto=-flto=auto ;;
	*) lto= ;;
	esac
	make -s BUILD="$bin/$v" BIN="$bin/benchdelta_$v" CFLAGS="-${v%_lto} $lto" \
		LDFLAGS="$lto" "$bin/benchdelta_$v" >/dev/null
done

for v in O2 Os; do
	rm -f "$bin/libutil_$v.a"
	ar rcs "$bin/libutil_$v.a" "$bin/$v/util/arena.o" "$bin/$v/util/buf.o" "$bin/$v/util/text.o"
done

# Something to import: real hyperfine logs that import without a warning,
# repeated so that one import takes a measurable while.
: >"$bin/workload.txt"
i=0
while [ $i -lt 2000 ]; do
	cat samples/hyperfine/o0-vs-o2.txt samples/hyperfine/scan.txt \
		samples/hyperfine/hand-new-us.txt >>"$bin/workload.txt"
	i=$((i + 1))
done
