#!/bin/sh
# t99-catalog.sh - history, show and source answer from the store's
# catalog (catalog.db: store/catalog.h) and say what a read of the data
# says: every command runs on store A, which has its catalog, and on B, a
# copy where a directory named catalog.db keeps one from being made (so
# it reads the data), after imports, an rm and its undo, a move, a rename
# and a --set-variant. History reads no import's measurements; a file
# changed under the catalog is read again; a damaged one fails as before.
# check-slow: every metric and run (every third in check)
. "$(dirname "$0")/lib.sh"
A=$T/a
B=$T/b

for f in samples/hyperfine/o0-vs-o2.txt samples/hyperfine/hand-relative.txt samples/issues/thread-v1.md \
	samples/issues/thread-v2.md samples/criterion/second.txt samples/iperf3/reno.txt samples/size/builds.txt \
	samples/gotest/count.txt samples/time/hand-damaged.txt; do
	[ -f "$f" ] || fail "no sample $f"
	"$BD" --store "$A" import "$f" >/dev/null 2>&1
done
[ -f "$A/catalog.db" ] || fail "an import made no catalog"

# copy_b: B is A as it is now, without a catalog (and none can be made there)
copy_b() {
	rm -rf "$B"
	cp -r "$A" "$B"
	rm -f "$B"/catalog.db*
	mkdir "$B/catalog.db"
}
# same CMD...: CMD says the same on A and on B (copy_b first)
same() {
	"$BD" --store "$A" "$@" >"$T/a.out" 2>"$T/a.raw"
	ra=$?
	"$BD" --store "$B" "$@" >"$T/b.out" 2>"$T/b.raw"
	rb=$?
	sed "s|$A/|STORE/|g" "$T/a.raw" >"$T/a.err" # (a message may name a file of the store)
	sed "s|$B/|STORE/|g" "$T/b.raw" >"$T/b.err"
	[ "$ra" -eq "$rb" ] || fail "$*: exit $ra with the catalog, $rb without"
	cmp -s "$T/a.out" "$T/b.out" || { diff "$T/a.out" "$T/b.out" | head >&2; fail "$*: output differs"; }
	cmp -s "$T/a.err" "$T/b.err" || { diff "$T/a.err" "$T/b.err" | head >&2; fail "$*: messages differ"; }
}
# every_all WHY: history of each metric (as export names it, and without its last word), show and
# source of each run: the same with the catalog and without
every=$(trials 3 1)
every_all() {
	copy_b
	"$BD" --store "$A" export -f tsv 2>/dev/null | awk -F'\t' 'NR > 1 { print $6 }' | sort -u >"$T/m"
	sed 's/\.[^.]*$//' "$T/m" | sort -u -o "$T/m" "$T/m" -
	"$BD" --store "$A" list runs 2>/dev/null | awk 'NR > 1 { print $1 }' >"$T/r"
	[ "$(wc -l <"$T/m")" -gt 20 ] || fail "$1: too few metrics: $(wc -l <"$T/m")"
	[ "$(wc -l <"$T/r")" -gt 20 ] || fail "$1: too few runs: $(wc -l <"$T/r")"
	answered=0
	awk -v e="$every" 'NR % e == 0' "$T/m" >"$T/m.some"
	while read -r metric; do
		same history "$metric"
		[ "$ra" -eq 0 ] && answered=$((answered + 1))
	done <"$T/m.some"
	[ "$answered" -gt 5 ] || fail "$1: history answered $answered metrics"
	awk -v e="$every" 'NR % e == 0' "$T/r" >"$T/r.some"
	while read -r run; do
		same show "$run"
		same source -C 1 "$run"
	done <"$T/r.some"
	same show "$(head -c 4 "$T/r")" # a prefix of several runs
	same history no.such.metric
}
every_all "imports"

# history answers from the catalog: no import's measurements are read (strace, when there is one)
if command -v strace >/dev/null 2>&1; then
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$T/trace" "$BD" --store "$A" history time >/dev/null 2>&1
	grep -q 'catalog.db' "$T/trace" || fail "history did not read the catalog"
	if grep -q 'measurements.csv' "$T/trace"; then fail "history read measurements with a catalog"; fi
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$T/trace" "$BD" --store "$A" show "$(head -1 "$T/r")" >/dev/null 2>&1
	[ "$(grep -o 'data/[0-9a-f]*/measurements.csv' "$T/trace" | sort -u | wc -l)" -eq 1 ] ||
		fail "show read other imports than its run's"
	# an import lists data/ once (opendir(): the index's stamp); the catalog's read
	# of what it stored looks that one import up alone (on a copy: A stays as it is)
	cp -r "$A" "$T/c"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$T/trace" "$BD" --store "$T/c" import samples/hyperfine/color.txt \
		>/dev/null 2>&1 || fail "the traced import failed"
	grep -q 'catalog.db' "$T/trace" || fail "the import did not add to the catalog"
	[ "$(grep -c '/data", O_RDONLY|O_NONBLOCK' "$T/trace")" -eq 1 ] ||
		fail "the import listed data/'s entries $(grep -c '/data", O_RDONLY|O_NONBLOCK' "$T/trace") times, not once"
	rm -rf "$T/c"
fi

# edits: the answers follow the journal (the catalog is not read again for them)
"$BD" --store "$A" rename-variant fib_O0 "Zero" >/dev/null 2>&1 || fail "rename-variant"
imp=$("$BD" --store "$A" list imports 2>/dev/null | awk '/reno/ { print $1 }')
"$BD" --store "$A" move "$imp" "Moved" >/dev/null 2>&1 || fail "move"
imp=$("$BD" --store "$A" list imports 2>/dev/null | awk '/builds/ { print $1 }')
"$BD" --store "$A" rm --import "$imp" >/dev/null 2>&1 || fail "rm"
"$BD" --store "$A" import -s 1=Forced samples/hyperfine/single-run.txt >/dev/null 2>&1 || fail "import -s"
every_all "edits"
"$BD" --store "$A" undo >/dev/null 2>&1 || fail "undo" # the --set-variant edit
"$BD" --store "$A" undo 3 >/dev/null 2>&1 || fail "undo of the rm"
every_all "undo"

# a file changed under the catalog is read again; a damaged one fails as a read of the data does
run=$(head -1 "$T/r")
dir=$(ls -d "$A"/data/"$(echo "$run" | cut -c1-12)"*)
printf '"garbage row\n' >>"$dir/measurements.csv"
copy_b
same history time
[ "$ra" -eq 2 ] || fail "history on a damaged store: exit $ra"
same show "$run"
[ "$ra" -eq 2 ] || fail "show on a damaged import: exit $ra"
exit 0
