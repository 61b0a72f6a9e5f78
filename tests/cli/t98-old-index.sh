#!/bin/sh
# t98-old-index.sh - a store whose index an earlier version wrote (an
# index.bin "bdindex1", an index.csv without segments) still reads and
# imports as its data says: tests/cli/stores/index-v1 was written by the
# version before index.bin was read by pread() and appended to
# (benchdelta import of samples/hyperfine/hand-relative.txt and
# samples/iperf3/reno.txt, then samples/size/builds.txt). Its index.bin is
# not used (the runs are read) and is written anew; every listing and
# export is what the same store without its index gives.
. "$(dirname "$0")/lib.sh"
OLD=tests/cli/stores/index-v1
S=$BENCHDELTA_STORE
B=$T/bare
[ "$(head -c 8 "$OLD/index.bin")" = bdindex1 ] || fail "the fixture's index.bin is not the earlier version's"

# same WHAT...: `WHAT` on the store and on a copy without its index give the same
same() {
	"$BD" "$@" >"$T/a.out" 2>"$T/a.err"
	ra=$?
	rm -rf "$B" && cp -r "$S" "$B" && rm -f "$B/index.csv" "$B/index.bin"
	BENCHDELTA_STORE=$B "$BD" "$@" >"$T/b.out" 2>"$T/b.err"
	rb=$?
	[ "$ra" -eq "$rb" ] || fail "$*: exit $ra with the old index, $rb without"
	cmp -s "$T/a.out" "$T/b.out" || { diff "$T/a.out" "$T/b.out" >&2; fail "$*: output differs"; }
	cmp -s "$T/a.err" "$T/b.err" || { diff "$T/a.err" "$T/b.err" >&2; fail "$*: messages differ"; }
}

cp -r "$OLD" "$S"
for what in list "list variants" "list runs" "export -f csv" "compare -e reno"; do
	rm -rf "$S" && cp -r "$OLD" "$S"
	# shellcheck disable=SC2086
	same $what
done

# an import: the old index.bin is not read, and both files are written anew
rm -rf "$S" && cp -r "$OLD" "$S"
rm -rf "$B" && cp -r "$OLD" "$B" && rm -f "$B/index.csv" "$B/index.bin"
run import samples/hyperfine/release.txt samples/hyperfine/hand-relative.txt
expect_rc 0 "import into the old store"
BENCHDELTA_STORE=$B "$BD" import samples/hyperfine/release.txt samples/hyperfine/hand-relative.txt >"$T/b.out" 2>&1
cmp -s "$T/out" "$T/b.out" || { diff "$T/out" "$T/b.out" >&2; fail "the import differs from one without the index"; }
[ "$(head -c 8 "$S/index.bin")" = bdindex2 ] || fail "index.bin was not written anew"
for what in list "list variants" "list runs" "export -f csv"; do
	# shellcheck disable=SC2086
	same $what
done
# and the next import uses the new index
run import samples/size/sysv.txt
expect_rc 0 "a second import"
same list runs
run fsck
expect_rc 0 "fsck of the old store after the imports"
