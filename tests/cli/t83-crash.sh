#!/bin/sh
# Reliability: imports and edits killed (SIGKILL) at chosen and at random
# moments leave every import whole or absent, and lose nothing stored
# before, and the index left answers the next import as the data does.
# strace kills at the Nth call of one kind (open, write, fsync, rename,
# mkdir, unlink, pwrite), N drawn from a fixed seed so that a failure
# replays; a large generated input is also killed after a random delay.
# Prints the figures: trials, killed, torn, lost.
# check-slow: 60 kills at chosen calls and 20 after a delay (12 and 4 in check)
. "$(dirname "$0")/lib.sh"
B=$T/base
S=$BENCHDELTA_STORE
TRIALS=${CRASH_TRIALS:-$(trials 12 60)}

"$BD" --store "$B" import samples/hyperfine/hand-relative.txt >/dev/null 2>&1 || fail "base"
"$BD" --store "$B" import samples/issues/thread-v1.md >/dev/null 2>&1 || fail "base"
"$BD" --store "$B" rename-variant tool_pgo PGO >/dev/null 2>&1 || fail "base edit"
"$BD" --store "$B" list runs 2>&1 | awk '{ print $1 }' >"$T/base.runs" || fail "base list"

files="samples/hyperfine/o0-vs-o2.txt samples/issues/labels-styles.md samples/time/hand-damaged.txt samples/issues/thread-v2.md"
# how many runs each adds when it lands whole
for f in $files; do
	rm -rf "$S"; cp -r "$B" "$S"
	"$BD" import "$f" >/dev/null 2>&1
	n=$("$BD" list runs 2>/dev/null | wc -l)
	echo "$f $((n - $(wc -l <"$T/base.runs")))" >>"$T/whole"
done

rand() { awk -v s="$1" -v n="$2" 'BEGIN { srand(s); print int(rand() * n) + 1 }'; }
nth() { awk -v k="$1" '{ if (NR == k) print }'; }

torn=0 lost=0 killed=0 trials=0
# judge WHAT FILE: the store after a killed operation
judge() {
	after=$("$BD" list runs 2>"$T/err.$trials"); rc=$?
	if [ $rc -ne 0 ]; then
		torn=$((torn + 1)); echo "trial $trials ($1): list exits $rc: $(cat "$T/err.$trials")" >&2; return
	fi
	"$BD" fsck >"$T/fsck.$trials" 2>&1
	if grep -v -e 'left by an interrupted write' -e 'a text no import refers to' -e 'an interrupted edit' "$T/fsck.$trials" |
		grep -q ': error: '; then
		torn=$((torn + 1)); echo "trial $trials ($1): $(cat "$T/fsck.$trials")" >&2; return
	fi
	# every run stored before is still there
	printf '%s\n' "$after" | awk '{ print $1 }' >"$T/after" # run ids: columns move
	missing=$(grep -Fvx -f "$T/after" "$T/base.runs" | wc -l)
	if [ "$1" != rm ] && [ "$missing" -ne 0 ]; then
		lost=$((lost + 1)); echo "trial $trials ($1): $missing stored runs gone" >&2; return
	fi
	added=$(($(wc -l <"$T/after") - $(wc -l <"$T/base.runs")))
	case $1 in
	import | import-s)
		want=$(grep "^$2 " "$T/whole" | cut -d' ' -f2)
		if [ "$added" -ne 0 ] && [ "$added" -ne "$want" ]; then
			torn=$((torn + 1)); echo "trial $trials ($1 $2): $added runs of $want" >&2; return
		fi
		if [ "$1" = import-s ] && [ "$added" -ne 0 ] && ! printf '%s\n' "$after" | grep -q 'Killed-name'; then
			torn=$((torn + 1)); echo "trial $trials: runs stored without their --set-variant" >&2
		fi ;;
	rm)
		n=$(printf '%s\n' "$after" | grep -c 'Try BOLT')
		if [ "$n" -ne 0 ] && [ "$n" -ne 2 ]; then
			torn=$((torn + 1)); echo "trial $trials (rm): $n runs of the experiment left" >&2
		fi ;;
	esac
	# the index the kill left answers the next import as the data does
	rm -rf "$T/bare"; cp -r "$S" "$T/bare"; rm -f "$T/bare/index.csv" "$T/bare/index.bin"
	"$BD" import samples/hyperfine/single-run.txt >"$T/next.a" 2>&1
	"$BD" --store "$T/bare" import samples/hyperfine/single-run.txt >"$T/next.b" 2>&1
	if ! cmp -s "$T/next.a" "$T/next.b"; then
		torn=$((torn + 1)); echo "trial $trials ($1): the next import differs with the index left" >&2
	fi
}

if command -v strace >/dev/null; then
	# pwrite64: the index's segments are appended in place
	kinds="openat write fsync rename mkdir unlink pwrite64"
	i=0
	while [ $i -lt "$TRIALS" ]; do
		i=$((i + 1)); trials=$((trials + 1))
		rm -rf "$S"; cp -r "$B" "$S"
		kind=$(echo $kinds | tr ' ' '\n' | nth "$(rand "$i" 7)")
		when=$(rand "$((i * 7))" 12)
		f=$(echo $files | tr ' ' '\n' | nth "$(rand "$((i * 13))" 4)")
		case $((i % 5)) in
		0) op=rm; set -- "$BD" rm "Try BOLT" ;;
		1) op=import-s; set -- "$BD" import -s 7=Killed-name "$f" ;;
		*) op=import; set -- "$BD" import "$f" ;;
		esac
		strace -f -o /dev/null -e "inject=$kind:signal=SIGKILL:when=$when" "$@" >/dev/null 2>&1
		[ $? -eq 137 ] && killed=$((killed + 1))
		# import -s at line 7 sets nothing in texts where no block holds line 7
		[ "$op" = import-s ] && ! "$BD" import -n -s 7=Killed-name "$f" 2>/dev/null | grep -q 'Killed-name' &&
			op=import
		judge "$op" "$f"
	done
else
	echo "SKIP $test_name: kills at chosen calls (strace is not installed)"
fi

# a large input killed after a random delay
awk 'BEGIN { for (i = 1; i <= 1500; i++) {
	printf "Variant %d:\n\nBenchmark 1: ./prog --case %d\n", i, i
	printf "  Time (mean ± σ):      %d.%03d ms ±  0.021 ms    [User: 1.851 ms, System: 0.058 ms]\n", i, i % 1000
	printf "  Range (min … max):    1.884 ms …  1.950 ms    10 runs\n\n" } }' >"$T/big.md"
rm -rf "$S"; cp -r "$B" "$S"
"$BD" import "$T/big.md" >/dev/null 2>&1
n=$("$BD" list runs 2>/dev/null | wc -l)
echo "$T/big.md $((n - $(wc -l <"$T/base.runs")))" >>"$T/whole"
for i in $(seq "$(trials 4 20)"); do
	trials=$((trials + 1))
	rm -rf "$S"; cp -r "$B" "$S"
	"$BD" import "$T/big.md" >/dev/null 2>&1 &
	pid=$!
	sleep "0.$(printf '%03d' "$(rand "$((i * 31))" 300)")"
	kill -9 $pid 2>/dev/null && killed=$((killed + 1))
	wait $pid 2>/dev/null
	judge import "$T/big.md"
done

echo "  CRASH   $trials trials, $killed killed mid-way: $torn torn, $lost lost"
[ $torn -eq 0 ] && [ $lost -eq 0 ] || fail "$torn torn, $lost lost in $trials trials"
