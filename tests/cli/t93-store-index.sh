#!/bin/sh
# t93-store-index.sh - the store's index (index.csv): `list` and `list
# variants` read it instead of every import's runs, and what they print is
# what a load of the data prints, after imports, edits, an rm and its undo,
# a crash that left the index behind the data (an older index put back), a
# torn index, a data file damaged under a fresh index, and concurrent
# imports. "Rebuilt" below is the same command with the index removed.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
IX=$S/index.csv

# same_as_rebuilt WHAT...: `list WHAT` with the index as it is equals `list WHAT` without it
same_as_rebuilt() {
	"$BD" list "$@" >"$T/with" 2>"$T/with.err"
	w=$?
	mv "$IX" "$T/kept" 2>/dev/null
	"$BD" list "$@" >"$T/without" 2>"$T/without.err"
	o=$?
	[ "$w" -eq "$o" ] || fail "list $*: exit $w with the index, $o without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "list $*: index differs from the data"; }
	cmp -s "$T/with.err" "$T/without.err" || { diff "$T/with.err" "$T/without.err" >&2; fail "list $*: messages differ"; }
}
check_all() {
	same_as_rebuilt
	same_as_rebuilt variants
	same_as_rebuilt -e "$1"
	same_as_rebuilt variants -e "$1"
}

for f in samples/hyperfine/o0-vs-o2.txt samples/iperf3/reno.txt samples/size/builds.txt \
	samples/criterion/second.txt; do
	run import "$f"
	expect_rc 0 "import $f"
done
[ -s "$IX" ] || fail "no index after an import"
head -1 "$IX" | grep -q '^"benchdelta-index","5\.[0-9a-f]\{8\}"\(,"[0-9a-f]\{32\}"\)\{4\}$' || fail "index head: $(head -1 "$IX")"
# the last row ends the base, or a segment an import appended (naming where it starts)
tail -1 "$IX" | grep -q '^"end","[0-9]*","[0-9a-f]\{32\}"\(,"[0-9]*"\)\{0,1\}$' || fail "index end: $(tail -1 "$IX")"
check_all o0-vs-o2

# the index is what `list` reads: no import's runs are opened (strace, when there is one)
if command -v strace >/dev/null 2>&1; then
	"$BD" list >/dev/null 2>&1 # the check above removed it: made again here
	strace -f -e trace=openat -o "$T/trace" "$BD" list >/dev/null 2>&1
	grep -q 'index.csv' "$T/trace" || fail "list did not read the index"
	if grep -q 'runs.csv' "$T/trace"; then fail "list read runs.csv with a fresh index"; fi
	strace -f -e trace=openat -o "$T/trace" "$BD" list runs >/dev/null 2>&1
	grep -q 'runs.csv' "$T/trace" || fail "list runs did not read the runs"
fi

# edits: each one changes what the index holds
run rename-variant -e o0-vs-o2 fib_O0 unoptimised
expect_rc 0 "rename-variant"
run rename-experiment o0-vs-o2 "fib levels"
expect_rc 0 "rename-experiment"
check_all "fib levels"
run move "$(basename "$(grep -l builds "$S"/data/*/source.csv | xargs dirname)" | cut -c1-12)" "fib levels"
expect_rc 0 "move"
check_all "fib levels"
run rm reno
expect_rc 0 "rm"
check_all "fib levels"
run list
if grep -q reno "$T/out"; then fail "a removed experiment listed"; fi
run undo
expect_rc 0 "undo"
check_all reno
run list
expect_out reno

# a crash between the data and the index: an older index is left behind
"$BD" list >/dev/null 2>&1
cp "$IX" "$T/old-index"
run import samples/hyperfine/single-run.txt
expect_rc 0 "import after the copy"
cp "$T/old-index" "$IX"
run list
expect_out single-run
check_all single-run

# a torn index (cut short, or a byte changed): read as missing
"$BD" list >/dev/null 2>&1
head -c 200 "$IX" >"$T/torn" && cp "$T/torn" "$IX"
check_all single-run
"$BD" list >/dev/null 2>&1
sed 's/"G","reno"/"G","renO"/' "$IX" >"$T/changed" && cp "$T/changed" "$IX"
run list
expect_out reno
if grep -q renO "$T/out"; then fail "a changed index was believed"; fi

# a data file damaged under a fresh index: list still fails and says so
"$BD" list >/dev/null 2>&1
big=$(grep -l 'o0-vs-o2' "$S"/data/*/source.csv | xargs dirname)
cp "$big/measurements.csv" "$T/meas"
printf '"garbage row\n' >>"$big/measurements.csv"
run list
expect_rc 2 "list of a damaged store with a fresh index"
expect_err "import $(basename "$big" | cut -c1-12) skipped"
cp "$T/meas" "$big/measurements.csv"
run list
expect_rc 0 "list after the file is put back"

# concurrent imports (and a reader): the index that remains is the data's
i=0
while [ $i -lt 5 ]; do
	printf 'Benchmark 1: ./a %d\n  Time (mean ± σ):     %d.1 ms ±   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n  Range (min … max):    1.0 ms …  9.0 ms    10 runs\n' $i $((i + 3)) >"$T/c$i.txt"
	i=$((i + 1))
done
"$BD" import "$T/c0.txt" >/dev/null 2>&1 &
p1=$!
"$BD" import "$T/c1.txt" "$T/c2.txt" >/dev/null 2>&1 &
p2=$!
"$BD" list >/dev/null 2>&1 &
p3=$!
"$BD" import "$T/c3.txt" >/dev/null 2>&1
"$BD" import "$T/c4.txt" >/dev/null 2>&1 &
p4=$!
wait $p1 $p2 $p3 $p4
run list
for e in c0 "c1 vs c2" c3 c4; do expect_re "^$e  +20"; done
check_all c4

# compare -e and export -e read the experiment's imports alone, and say the same
same_cmd() {
	"$BD" "$@" >"$T/with" 2>"$T/with.err"
	w=$?
	mv "$IX" "$T/kept" 2>/dev/null
	"$BD" "$@" >"$T/without" 2>"$T/without.err"
	o=$?
	[ "$w" -eq "$o" ] || fail "$*: exit $w with the index, $o without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$*: index differs from the data"; }
	cmp -s "$T/with.err" "$T/without.err" || { diff "$T/with.err" "$T/without.err" >&2; fail "$*: messages differ"; }
	"$BD" list >/dev/null 2>&1 # a fresh index again
}
"$BD" list >/dev/null 2>&1
for e in "fib levels" reno second single-run c4 "c1 vs c2" "fib" "no such"; do
	same_cmd compare -e "$e" -f csv
	same_cmd compare -e "$e"
	same_cmd export -e "$e" -f json
	same_cmd list runs -e "$e"
done
same_cmd compare -e "c" # several match
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=openat -o "$T/trace" "$BD" compare -e reno >/dev/null 2>&1
	[ "$(grep -o 'data/[0-9a-f]*/runs.csv' "$T/trace" | sort -u | wc -l)" -eq 1 ] ||
		fail "compare -e read other imports: $(grep runs.csv "$T/trace")"
fi

# fsck knows the index: no problem reported for it
run fsck
expect_rc 0 "fsck with an index"
