#!/bin/sh
# A store file that is not a regular file (a store kept in git or unpacked
# from an archive can carry a link): a link to /dev/zero, a FIFO, a sparse
# file far larger than its manifest says. Readers refuse it, naming it,
# without reading it (no hang, no gigabyte); the index files are never
# written through a link to a file outside the store. Each command runs
# under a time bound so that a hang fails instead of stalling the suite.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
LIMIT=20
# bounded CMD...: run benchdelta with a time bound, peak RSS (KiB) in $T/rss
bounded() {
	/usr/bin/time -f '%M' -o "$T/rss" timeout $LIMIT "$BD" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -ne 124 ] || fail "'$*' still ran after $LIMIT s"
}
small_rss() { [ "$(tail -1 "$T/rss")" -lt 204800 ] || fail "$1: peak RSS $(tail -1 "$T/rss") KiB"; }

run import samples/hyperfine/hand-relative.txt
expect_rc 0 "seed"
h=$(ls "$S/data")
D=$S/data/$h
cp -r "$S" "$T/clean"
fresh() { rm -rf "$S"; cp -r "$T/clean" "$S"; rm -f "$S/index.csv" "$S/index.bin"; }

# a data file, the text and the journal as links to /dev/zero: refused, named, never read
for f in "data/$h/runs.csv" "data/$h/measurements.csv" "sources/$h"; do
	fresh
	rm "$S/$f" && ln -s /dev/zero "$S/$f"
	for cmd in "list runs" "export -f tsv" list; do
		# shellcheck disable=SC2086
		bounded $cmd
		[ $rc -eq 2 ] || { cat "$T/err" >&2; fail "$cmd with $f a link to /dev/zero: exit $rc, want 2"; }
		grep -q "$h" "$T/err" || fail "$cmd: the damaged import is not named: $(cat "$T/err")"
		small_rss "$cmd with $f a link to /dev/zero"
	done
	bounded fsck
	[ $rc -eq 2 ] || fail "fsck with $f a link to /dev/zero: exit $rc"
	grep -q "$f.*character device" "$T/out" || fail "fsck does not say what $f is: $(cat "$T/out")"
done
fresh
"$BD" rename-variant tool_pgo PGO >/dev/null 2>&1 || fail "an edit"
rm "$S/edits.csv" && ln -s /dev/zero "$S/edits.csv"
bounded list runs
[ $rc -eq 2 ] || fail "list with the journal a link to /dev/zero: exit $rc"
expect_err "edits.csv: error: is a link to a character device, not a file"
small_rss "the journal a link to /dev/zero"

# a FIFO in place of a data file: nothing waits for a writer
fresh
rm "$D/runs.csv" && mkfifo "$D/runs.csv"
bounded export -f tsv
[ $rc -eq 2 ] || fail "export with runs.csv a FIFO: exit $rc"
expect_err "runs.csv: error: is a FIFO, not a store file"

# a sparse file of 1 GiB where the manifest says some KiB: read no further than that
fresh
rm "$D/measurements.csv" && truncate -s 1G "$D/measurements.csv"
bounded export -f tsv
[ $rc -eq 2 ] || fail "export with a 1 GiB measurements.csv: exit $rc"
expect_err "measurements.csv: error: "
small_rss "a 1 GiB measurements.csv"
bounded fsck
[ $rc -eq 2 ] || fail "fsck with a 1 GiB measurements.csv: exit $rc"
small_rss "fsck of a 1 GiB measurements.csv"

# a directory where a store file belongs is called so, not a log file
fresh
rm "$D/runs.csv" && mkdir "$D/runs.csv"
bounded list runs
expect_err "runs.csv: error: is a directory, not a store file"
grep -q 'log file' "$T/err" && fail "a store file called a log file: $(cat "$T/err")"

# the index files as links to files outside the store: never written through
rm -rf "$S"; cp -r "$T/clean" "$S"
"$BD" list >/dev/null 2>&1 # a fresh index
for f in index.csv index.bin; do
	cp "$S/$f" "$T/outside.$f"
	cp "$S/$f" "$T/kept.$f"
	rm "$S/$f" && ln -s "$T/outside.$f" "$S/$f"
done
bounded import samples/hyperfine/o0-vs-o2.txt
[ $rc -eq 0 ] || fail "import with linked index files: exit $rc ($(cat "$T/err"))"
for f in index.csv index.bin; do
	cmp -s "$T/outside.$f" "$T/kept.$f" || fail "the import wrote into $f's link target outside the store"
done
bounded list
[ $rc -eq 0 ] || fail "list after that: exit $rc"
expect_out o0-vs-o2

# what looks like a leftover of an interrupted write, as a link to a folder outside the
# store: the link goes when leftovers are removed, never the files of that folder
mkdir "$T/victim"
echo keep >"$T/victim/file"
rm -rf "$S"; cp -r "$T/clean" "$S"
ln -s "$T/victim" "$S/data/.tmp-$h-1"
ln -s "$T/victim" "$S/index.csv.tmp.1"
bounded import samples/hyperfine/hand-new-us.txt
[ $rc -eq 0 ] || fail "import beside linked leftovers: exit $rc ($(cat "$T/err"))"
[ -f "$T/victim/file" ] || fail "removing a linked leftover of data/ removed the files it points to"
ln -s "$T/victim" "$S/data/.tmp-$h-2"
ln -s "$T/victim" "$S/sources/$h.tmp.2"
bounded fsck --repair
[ -f "$T/victim/file" ] || fail "fsck --repair removed the files a linked leftover points to"
[ ! -e "$S/data/.tmp-$h-2" ] && [ ! -L "$S/data/.tmp-$h-2" ] || fail "fsck --repair left the linked leftover"
exit 0
