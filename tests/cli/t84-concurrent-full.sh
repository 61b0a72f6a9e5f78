#!/bin/sh
# Reliability: importers and editors running at once all land (the lock
# serializes writers, readers need none); a full filesystem fails an
# import or an edit cleanly and keeps what was stored (a small tmpfs when
# running as root, else skipped with a message). Prints the figures.
# check-slow: twenty pairs of importers with an editor and a reader (four in check)
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

run import samples/hyperfine/hand-relative.txt
expect_rc 0 "seed"
files="samples/hyperfine/o0-vs-o2.txt samples/issues/labels-styles.md samples/time/hand-damaged.txt
samples/issues/thread-v1.md samples/hyperfine/hand-new-us.txt samples/size/hand-damaged.txt"
# pairs, each a fresh copy: two imports of different texts, one of them with an edit alongside
pairs=0 failed=0
for i in $(seq "$(trials 4 20)"); do
	P=$T/p$i
	cp -r "$S" "$P"
	a=$(echo $files | tr ' ' '\n' | sed -n "$((i % 6 + 1))p")
	b=$(echo $files | tr ' ' '\n' | sed -n "$(((i + 3) % 6 + 1))p")
	"$BD" --store "$P" import "$a" >/dev/null 2>&1 &
	pa=$!
	"$BD" --store "$P" import "$b" >/dev/null 2>&1 &
	pb=$!
	"$BD" --store "$P" rename-variant tool_pgo "PGO $i" >/dev/null 2>&1 &
	pc=$!
	"$BD" --store "$P" list runs >/dev/null 2>&1 || failed=$((failed + 1)) # a reader meanwhile
	wait $pa || failed=$((failed + 1))
	wait $pb || failed=$((failed + 1))
	wait $pc || failed=$((failed + 1))
	pairs=$((pairs + 1))
	n=$("$BD" --store "$P" list imports 2>/dev/null | grep -c -e "$a" -e "$b")
	[ "$n" -eq 2 ] || fail "pair $i: $n of the 2 imports landed"
	"$BD" --store "$P" list variants 2>/dev/null | grep -q "PGO $i" || fail "pair $i: the edit was lost"
	"$BD" --store "$P" fsck >/dev/null 2>&1 || fail "pair $i: fsck: $("$BD" --store "$P" fsck 2>&1)"
done
[ $failed -eq 0 ] || fail "$failed commands failed"
echo "  CONC    $pairs pairs of importers with an editor and a reader: all landed"

# a full filesystem
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP $test_name: full filesystem (needs root to mount a small tmpfs)"
	exit 0
fi
M=$T/small
mkdir "$M"
if ! mount -t tmpfs -o size=256k tmpfs "$M" 2>"$T/mount"; then
	echo "SKIP $test_name: full filesystem (cannot mount a tmpfs here: $(cat "$T/mount"))"
	exit 0
fi
trap 'umount "$M" 2>/dev/null; rm -rf "$T"' EXIT INT TERM
F=$M/store
"$BD" --store "$F" import samples/hyperfine/hand-relative.txt >/dev/null 2>&1 || fail "import on the tmpfs"
"$BD" --store "$F" list runs >"$T/full.before" 2>&1
(cd "$F" && find . -type f ! -name .lock | sort | xargs md5sum) >"$T/sum.before"
# fill it, leaving a few bytes
dd if=/dev/zero of="$M/filler" bs=1k 2>/dev/null
full=0
for f in samples/issues/labels-styles.md samples/hyperfine/o0-vs-o2.txt samples/issues/seed-llrt.txt; do
	"$BD" --store "$F" import "$f" >"$T/out" 2>"$T/err"; rc=$?
	[ $rc -eq 2 ] || fail "import on a full filesystem: exit $rc, want 2 ($(cat "$T/err"))"
	grep -q 'No space left on device' "$T/err" || fail "no reason given: $(cat "$T/err")"
	# what was read is not said to be imported
	if grep -q '^imported ' "$T/out"; then fail "$f: 'imported' said of a text not stored: $(grep '^imported ' "$T/out")"; fi
	grep -q ': not stored (' "$T/out" || fail "$f: the summary does not say it was not stored: $(tail -2 "$T/out")"
	full=$((full + 1))
done
"$BD" --store "$F" rename-variant tool_pgo PGO >"$T/out" 2>"$T/err"; rc=$?
[ $rc -eq 2 ] || fail "edit on a full filesystem: exit $rc ($(cat "$T/err"))"
full=$((full + 1))
(cd "$F" && find . -type f ! -name .lock ! -name '*.tmp.*' | sort | xargs md5sum) >"$T/sum.after"
cmp -s "$T/sum.before" "$T/sum.after" || { diff "$T/sum.before" "$T/sum.after"; fail "the full filesystem changed the store"; }
"$BD" --store "$F" list runs >"$T/full.after" 2>&1
cmp -s "$T/full.before" "$T/full.after" || fail "runs changed"
rm "$M/filler"
"$BD" --store "$F" import samples/issues/labels-styles.md >/dev/null 2>&1 || fail "import once there is room"
"$BD" --store "$F" fsck >"$T/out" 2>&1 || fail "fsck after a full filesystem: $(cat "$T/out")"
echo "  FULL    $full writes on a full filesystem failed cleanly; nothing stored was lost"
