#!/bin/sh
# The first import cannot brick a new store: killed at its first rename (the
# VERSION file's), the directory holds only benchdelta's own lock and
# temporary file, which do not make it "foreign"; two first imports at once
# both land; a failed edit on an empty directory leaves it usable; the
# temporary files of interrupted writes (*.tmp.PID) are removed by the next
# writer.
# check-slow: twenty pairs of first imports at once (four in check)
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

if command -v strace >/dev/null; then
	strace -f -o /dev/null -e inject=rename:signal=SIGKILL:when=1 \
		"$BD" import samples/hyperfine/hand-new-us.txt >/dev/null 2>&1
	ls -A "$S" >"$T/left"
	grep -q 'VERSION.tmp' "$T/left" || fail "the kill did not land where wanted: $(cat "$T/left")"
	run list
	expect_rc 0 "list after a killed first import"
	run import samples/hyperfine/hand-new-us.txt
	expect_rc 0 "import after a killed first import"
	[ -z "$(ls -A "$S" | grep 'tmp')" ] || fail "leftovers: $(ls -A "$S")"
else
	echo "SKIP $test_name: kill at the first rename (strace is not installed)"
fi

# a first import that finds no VERSION, then a directory that is no longer
# empty because another first import has just made the store there: it is a
# store after all. The second import is held for 2 s at the opendir() of
# its emptiness test, after its VERSION test, while the first one runs.
if command -v strace >/dev/null; then
	R=$T/race
	mkdir "$R"
	: >"$R/.lock"
	# (LeakSanitizer cannot run under ptrace: leaks are looked for elsewhere)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -o "$T/race.trace" -P "$R" -P "$R/VERSION" -e inject=openat:delay_enter=2000000 \
		"$BD" --store "$R" import samples/hyperfine/hand-relative.txt >"$T/race.out" 2>&1 &
	held=$!
	i=0
	until grep -q 'VERSION.*ENOENT' "$T/race.trace" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "the held import never tested VERSION"
		sleep 0.05
	done
	"$BD" --store "$R" import samples/hyperfine/hand-new-us.txt >/dev/null 2>&1 ||
		fail "the first import failed"
	wait $held || fail "an import that found the store just made refused it: $(cat "$T/race.out")"
	n=$("$BD" --store "$R" list runs 2>/dev/null | grep -c hyperfine)
	[ "$n" -eq 5 ] || fail "race: $n runs of 5"
fi

# a failed edit on an empty directory
E=$T/empty
mkdir "$E"
run --store "$E" rename-variant a b
expect_rc 1 "rename-variant on an empty store"
run --store "$E" import samples/hyperfine/release.txt
expect_rc 0 "import after a failed edit"

# pairs of first imports at once: both land every time
lost=0 pairs=$(trials 4 20)
for i in $(seq "$pairs"); do
	P=$T/pair$i
	"$BD" --store "$P" import samples/hyperfine/hand-new-us.txt >/dev/null 2>&1 &
	a=$!
	"$BD" --store "$P" import samples/hyperfine/hand-relative.txt >/dev/null 2>&1 &
	b=$!
	wait $a || lost=$((lost + 1))
	wait $b || lost=$((lost + 1))
	n=$("$BD" --store "$P" list runs 2>/dev/null | grep -c hyperfine)
	[ "$n" -eq 5 ] || fail "pair $i: $n runs of 5"
done
[ "$lost" -eq 0 ] || fail "$lost of $((pairs * 2)) concurrent first imports failed"

# leftovers of interrupted writes go with the next writer
h=$(ls "$S/sources" | head -1)
echo partial >"$S/sources/$h.tmp.99999"
echo partial >"$S/edits.csv.tmp.99998"
echo partial >"$S/overrides.csv.tmp.12"
mkdir "$S/data/.tmp-$h-4242"
run import samples/hyperfine/single-run.txt
expect_rc 0 "import with leftovers"
[ -z "$(find "$S" -name '*.tmp.*' -o -name '.tmp-*')" ] || fail "leftovers stay: $(find "$S" -name '*tmp*')"

# an import killed while its text moves into sources/ (the text is written
# in the import's temporary directory in data/): the next writer removes
# what it left, the store verifies, and the text imports whole again
if command -v strace >/dev/null; then
	K=$T/killed
	"$BD" --store "$K" import samples/hyperfine/release.txt >/dev/null 2>&1 || fail "killed: base"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -o "$T/kill.trace" -e inject=rename:signal=SIGKILL:when=1 \
		"$BD" --store "$K" import samples/hyperfine/hand-new-us.txt >/dev/null 2>&1
	grep -q 'rename(".*/data/\.tmp-[0-9a-f]*-[0-9]*/text", ".*/sources/' "$T/kill.trace" ||
		fail "the kill did not land at the text's rename: $(grep rename "$T/kill.trace")"
	ls -A "$K/data" | grep -q '^\.tmp-' || fail "the killed import left no temporary directory"
	[ -z "$(find "$K/sources" -name '*tmp*')" ] || fail "a temporary file in sources/: $(ls -A "$K/sources")"
	"$BD" --store "$K" import samples/hyperfine/single-run.txt >/dev/null 2>&1 || fail "import after the kill"
	[ -z "$(find "$K" -name '*.tmp.*' -o -name '.tmp-*')" ] || fail "leftovers of the kill stay: $(find "$K" -name '*tmp*')"
	"$BD" --store "$K" fsck >"$T/kill.fsck" 2>&1 || fail "fsck after the kill: $(cat "$T/kill.fsck")"
	"$BD" --store "$K" import samples/hyperfine/hand-new-us.txt >/dev/null 2>&1 || fail "the killed text again"
	n=$("$BD" --store "$K" list runs 2>/dev/null | grep -c hyperfine)
	want=$("$BD" --store "$T/whole" import samples/hyperfine/release.txt samples/hyperfine/single-run.txt \
		samples/hyperfine/hand-new-us.txt >/dev/null 2>&1 && "$BD" --store "$T/whole" list runs 2>/dev/null | grep -c hyperfine)
	[ "$n" -eq "$want" ] || fail "after the kill: $n runs, $want when never killed"
fi
