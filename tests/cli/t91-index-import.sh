#!/bin/sh
# t91-index-import.sh - an import asks the store's index (index.bin) what
# is stored instead of reading every import's runs, and does what an
# import that reads them does: every command below runs on two stores, one
# keeping its index, one whose index is removed before each command, and
# their output and the listings and exports after each must be the same.
# The sequence covers the no-silent-merge rules (another thread with the
# same title, the same file changed, a re-pasted thread, -e), and edits
# before re-imports: a renamed experiment is still joined by its thread
# and not merged with another, a removed import is imported again.
# check-slow: the listings and exports compared after every step (after
# every fourth, and at the end, in check)
. "$(dirname "$0")/lib.sh"
A=$T/a
B=$T/b
mkdir -p "$T/projA" "$T/projB" "$T/x/projB"
cp samples/issues/thread-v1.md "$T/projA/thread.md"
sed 's/1\.204 s/2.404 s/; s/1\.131 s/2.231 s/' samples/issues/thread-v1.md >"$T/projB/thread.md"
sed 's/1\.204 s/3.404 s/; s/1\.131 s/3.231 s/' samples/issues/thread-v1.md >"$T/x/projB/thread.md"
sed 's/1\.204 s/2.404 s/; s/1\.131 s/2.231 s/' samples/issues/thread-v2.md >"$T/projB/thread-v2.md"
cp samples/hyperfine/hand-relative.txt "$T/rel.txt"
cp samples/hyperfine/hand-relative.txt "$T/rel2.txt"
cat samples/hyperfine/single-run.txt >>"$T/rel2.txt"

step=0
# both CMD...: run CMD on both stores (B without its index) and compare everything
both() {
	step=$((step + 1))
	if [ -n "${TRACE:-}" ]; then
		ls "$A/data" >"$T/before" # (what it adds it reads back for the catalog: not "stored runs")
		# LeakSanitizer cannot work under ptrace (check-san)
		BENCHDELTA_STORE=$A ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
			strace -f -e trace=openat -o "$T/trace" "$BD" "$@" >"$T/a.out" 2>"$T/a.err"
	else
		BENCHDELTA_STORE=$A "$BD" "$@" >"$T/a.out" 2>"$T/a.err"
	fi
	ra=$?
	rm -f "$B/index.csv" "$B/index.bin"
	BENCHDELTA_STORE=$B "$BD" "$@" >"$T/b.out" 2>"$T/b.err"
	rb=$?
	[ "$ra" -eq "$rb" ] || fail "step $step ($*): exit $ra with the index, $rb without"
	cmp -s "$T/a.out" "$T/b.out" || { diff "$T/a.out" "$T/b.out" >&2; fail "step $step ($*): output differs"; }
	cmp -s "$T/a.err" "$T/b.err" || { diff "$T/a.err" "$T/b.err" >&2; fail "step $step ($*): messages differ"; }
	[ $((step % $(trials 4 1))) -eq 0 ] && listings "step $step ($*)"
	cp "$T/a.out" "$T/out"
}
# read_stored: the traced command opened the runs.csv of an import stored before it
read_stored() {
	grep -o 'data/[0-9a-f]*/runs.csv' "$T/trace" | cut -d/ -f2 | grep -qxF -f "$T/before"
}
# listings WHEN: what each store lists and exports is the same
listings() {
	for what in "list imports" "list variants" "list runs" "export -f csv"; do
		# shellcheck disable=SC2086
		BENCHDELTA_STORE=$A "$BD" $what >"$T/a.l" 2>&1
		rm -f "$B/index.csv" "$B/index.bin"
		# shellcheck disable=SC2086
		BENCHDELTA_STORE=$B "$BD" $what >"$T/b.l" 2>&1
		cmp -s "$T/a.l" "$T/b.l" || { diff "$T/a.l" "$T/b.l" >&2; fail "$1: '$what' differs after it"; }
	done
}

both import samples/hyperfine/o0-vs-o2.txt
[ -s "$A/index.bin" ] || fail "no index.bin after an import"
both import "$T/projA/thread.md"
# the index answers: the import reads no stored runs (strace, when there is one)
if command -v strace >/dev/null 2>&1; then
	TRACE=1 both import "$T/projB/thread.md"
	grep -q 'index.bin' "$T/trace" || fail "the import did not read index.bin"
	if read_stored; then fail "the import read stored runs with a fresh index"; fi
else
	both import "$T/projB/thread.md"
fi
expect_out '(new: "Try BOLT on the tokenizer" holds another thread)'
both import "$T/x/projB/thread.md"
expect_out 'into experiment "Try BOLT on the tokenizer (2)"'
both import "$T/projB/thread-v2.md"
expect_out '(the same thread: it repeats blocks stored there)'
both import samples/hyperfine/hand-damaged.txt
both import samples/iperf3/reno.txt samples/size/sysv.txt
both import samples/time/hand-damaged.txt
expect_out '(new: "hand-damaged" holds another file)'
both import "$T/rel.txt"
cp "$T/rel2.txt" "$T/rel.txt"
both import "$T/rel.txt"
expect_out 'into experiment "rel" (the same thread: '
both import -e hand-damaged samples/perf/hand-damaged.txt
both import samples/hyperfine/o0-vs-o2.txt
expect_out 'already imported'
# a dry run asks a fresh index too, without the lock: it reads no stored runs and plans the same
if command -v strace >/dev/null 2>&1; then
	TRACE=1 both import -n "$T/projB/thread-v2.md" samples/hyperfine/o0-vs-o2.txt samples/iperf3/reno.txt
	grep -q 'index.bin' "$T/trace" || fail "the dry run did not read index.bin"
	if read_stored; then fail "a dry run read stored runs with a fresh index"; fi
fi
mkdir -p "$T/y/projB"
sed 's/1\.204 s/5.404 s/; s/1\.131 s/5.231 s/' samples/issues/thread-v1.md >"$T/y/projB/thread.md"
both import -n "$T/projB/thread-v2.md" "$T/y/projB/thread.md" samples/perf/hand-damaged.txt
expect_out 'into experiment "Try BOLT on the tokenizer (3)" (new: '

# a renamed experiment: its thread still joins it, another with the old title is not merged
both rename-experiment "Try BOLT on the tokenizer (projB)" "tokenizer, project B"
{
	cat "$T/projB/thread-v2.md"
	printf '\nOne more comment:\n\nBenchmark 1: ./tok --fast\n  Time (mean ± σ):      7.7 ms ±   0.1 ms    [User: 7.0 ms, System: 0.5 ms]\n  Range (min … max):     7.5 ms …   8.0 ms    30 runs\n'
} >"$T/projB/thread-v3.md"
both import -n "$T/projB/thread-v3.md"
expect_out '"tokenizer, project B" (the same thread'
both import "$T/projB/thread-v3.md"
expect_out 'into experiment "tokenizer, project B" (the same thread'
sed 's/1\.204 s/4.404 s/; s/1\.131 s/4.231 s/' samples/issues/thread-v1.md >"$T/projA/other.md"
both import "$T/projA/other.md"
if grep -q 'into experiment "Try BOLT on the tokenizer"' "$T/out"; then fail "merged silently after a rename"; fi
expect_out '(new: "Try BOLT on the tokenizer" holds another thread)'

# a removed experiment's text imported again comes back as new
both rm reno
both import samples/iperf3/reno.txt
expect_out 'imported samples/iperf3/reno.txt'
both undo
both list

# a crash between the data and the index (an older index put back): the import reads the runs
cp "$A/index.csv" "$T/old.csv"
cp "$A/index.bin" "$T/old.bin"
both import samples/size/builds.txt
cp "$T/old.csv" "$A/index.csv"
cp "$T/old.bin" "$A/index.bin"
both import samples/criterion/second.txt
# an index.bin that is not the index.csv's (a crash between the two renames)
cp "$T/old.bin" "$A/index.bin"
both import samples/hyperfine/single-run.txt

# imports add to the index in place: index.bin gets a segment, index.csv
# an "A" row and its rows; after enough of them, one import writes a new
# base that holds them all (no "A" row left). Each is as a load of the runs.
segs() { grep -c '^"A"' "$A/index.csv"; }
ST=
command -v strace >/dev/null 2>&1 && ST=1
# read_runs WHY: the last traced import read stored runs (the index was not used)
read_runs() { [ -z "$ST" ] || read_stored || fail "$1 was used"; }
# cut_tail FILE N: FILE loses its last N bytes (what a crash while appending leaves)
cut_tail() { head -c $(($(wc -c <"$1") - $2)) "$1" >"$T/cut" && cp "$T/cut" "$1"; }
# hf NAME MS: a hyperfine text of one command of its own
hf() {
	printf 'Benchmark 1: ./%s --fast\n  Time (mean ± σ):     %s ms ±   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n  Range (min … max):    1.0 ms …  9.0 ms    10 runs\n' "$1" "$2" >"$T/$1.txt"
}
i=0 most=0 merged=0
while [ $i -lt 40 ]; do
	hf "s$i" "$((i + 3)).1"
	if [ $((i % 4)) -eq 0 ] || [ $i -ge 30 ]; then
		both import "$T/s$i.txt"
	else
		# the import's own output alone (the listings every fourth, and around the merge)
		BENCHDELTA_STORE=$A "$BD" import "$T/s$i.txt" >"$T/a.out" 2>&1
		rm -f "$B/index.csv" "$B/index.bin"
		BENCHDELTA_STORE=$B "$BD" import "$T/s$i.txt" >"$T/b.out" 2>&1
		cmp -s "$T/a.out" "$T/b.out" || { diff "$T/a.out" "$T/b.out" >&2; fail "import s$i differs"; }
	fi
	n=$(segs)
	[ "$n" -gt "$most" ] && most=$n
	[ "$n" -eq 0 ] && [ "$most" -gt 0 ] && merged=1
	i=$((i + 1))
done
[ "$most" -gt 1 ] || fail "no import appended to the index ($most segments at most)"
[ "$merged" -eq 1 ] || fail "the segments were never merged into a new base"

# an index with segments answers the import: no stored runs are read
hf cut1 5.1
both import "$T/cut1.txt"
[ "$(segs)" -gt 0 ] || fail "no segment after an import"
hf cut1b 5.15
TRACE=$ST both import "$T/cut1b.txt"
if [ -n "$ST" ] && read_stored; then
	fail "the import read stored runs with segments in the index"
fi

# a segment cut short (a crash while it was appended): not the index
cut_tail "$A/index.csv" 20
hf cut2 5.2
TRACE=$ST both import "$T/cut2.txt"
read_runs "an index cut short"
# index.bin cut inside its segments (index.csv names a longer one)
hf cut3 5.3
both import "$T/cut3.txt"
[ "$(segs)" -gt 0 ] || fail "no segment to cut in index.bin"
cut_tail "$A/index.bin" 8
hf cut4 5.4
TRACE=$ST both import "$T/cut4.txt"
read_runs "an index.bin cut short"
# a byte of a segment changed: its checksum does not match
hf cut5 5.5
both import "$T/cut5.txt"
[ "$(segs)" -gt 0 ] || fail "no segment to change"
size=$(wc -c <"$A/index.bin")
# the byte is changed, whatever it was: writing a fixed one changed nothing when it was that one
byte=$(dd if="$A/index.bin" bs=1 skip=$((size - 30)) count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
# shellcheck disable=SC2059
printf "\\$(printf %o $(((byte + 1) % 256)))" | dd of="$A/index.bin" bs=1 seek=$((size - 30)) conv=notrunc 2>/dev/null
[ "$(dd if="$A/index.bin" bs=1 skip=$((size - 30)) count=1 2>/dev/null | od -An -tu1 | tr -d ' ')" = $(((byte + 1) % 256)) ] ||
	fail "the segment's byte was not changed"
hf cut6 5.6
TRACE=$ST both import "$T/cut6.txt"
read_runs "a changed index.bin segment"

# an index.bin of an earlier version (its first bytes "bdindex1") is not read: the runs are
printf 'bdindex1' | dd of="$A/index.bin" bs=8 count=1 conv=notrunc 2>/dev/null
hf old1 7.1
both import "$T/old1.txt"
[ "$(head -c 8 "$A/index.bin")" = bdindex2 ] || fail "the earlier version's index.bin was not written anew"

# an import killed while it appends to the index: at its first pwrite
# (index.bin's segment) and its second (index.csv's). The data is stored;
# the index left is not believed, and the next import is as the data says.
if [ -n "$ST" ]; then
	for w in 1 2; do
		hf "kill$w" "8.$w"
		BENCHDELTA_STORE=$A ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
			strace -f -o /dev/null -e inject=pwrite64:signal=SIGKILL:when=$w \
			"$BD" import "$T/kill$w.txt" >/dev/null 2>&1
		[ $? -eq 137 ] || fail "the import was not killed at its pwrite $w"
		BENCHDELTA_STORE=$B "$BD" import "$T/kill$w.txt" >/dev/null 2>&1 || fail "kill $w: the same import without the index"
		hf "after$w" "9.$w"
		both import "$T/after$w.txt"
	done
fi
listings "the end"
