#!/bin/sh
# t89-runs-only-load.sh - `list` and `import` read no stored figures (only
# runs and each import's measurement count): the counts `list` shows must
# still be every experiment's real number of measurements, in a store with
# manifests and in one written before manifests; a measurements file cut
# short is still found by `list`; an import still finds what is stored.
. "$(dirname "$0")/lib.sh"

for f in samples/hyperfine/o0-vs-o2.txt samples/iperf3/reno.txt samples/size/builds.txt \
	samples/criterion/second.txt samples/issues/*; do
	run import "$f"
	expect_rc 0 "import $f"
done
run import -e merged samples/time/*.txt
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || fail "import -e merged: exit $rc"

# every experiment: the MEASUREMENTS column against the rows export writes
check_counts() {
	run list
	expect_rc 0 "list ($1)"
	cp "$T/out" "$T/list"
	n=0
	sed 1d "$T/list" | sed 's/  \+20[0-9][0-9]-.*//' >"$T/names"
	while IFS= read -r e; do
		shown=$(grep -F -- "$e  " "$T/list" | head -1 | awk '{ print $(NF - 1) }')
		"$BD" export -e "$e" -f csv >"$T/exp.csv" 2>/dev/null || fail "export -e '$e' ($1)"
		real=$(($(wc -l <"$T/exp.csv") - 1))
		[ "$shown" = "$real" ] || fail "$1: list shows $shown measurements for '$e', export has $real"
		n=$((n + 1))
	done <"$T/names"
	[ "$n" -ge 8 ] || fail "$1: only $n experiments listed"
}
check_counts "with manifests"

# a store written before manifests: counted from the files themselves
find "$BENCHDELTA_STORE/data" -name manifest.csv -exec rm {} \;
check_counts "without manifests"
"$BD" fsck --repair >/dev/null 2>&1 || true

# an import into the store still sees what is stored: the same blocks again add nothing
run import samples/hyperfine/o0-vs-o2.txt
expect_rc 0 "repeat import"
expect_out "already imported"

# a measurements file cut short: list (which does not read it) still says so
run import samples/iperf3/udp.txt
expect_rc 0 "import udp"
h=$(ls -t "$BENCHDELTA_STORE/data" | head -1)
m=$BENCHDELTA_STORE/data/$h/measurements.csv
[ -f "$BENCHDELTA_STORE/data/$h/manifest.csv" ] || fail "new import without a manifest"
head -c $(($(wc -c <"$m") - 5)) "$m" >"$T/cut" && cat "$T/cut" >"$m"
run list
[ "$rc" -ne 0 ] || fail "list of a store with a cut measurements file exits 0"
expect_err "measurements.csv"
exit 0
