#!/bin/sh
# run.sh - one golden file per sample: import it into a fresh store and
# export it; the golden holds the import plan, the warnings, the exit code
# and the export, so a failing diff names the case and shows what changed.
#   UPDATE=1 sh tests/golden/run.sh   rewrite every golden (review with git diff)
#   sh tests/golden/run.sh TOOL...     only the samples of these folders (make
#                                      check runs one folder per job)
# A missing golden is written and the run fails: review it and commit it.
cd "$(dirname "$0")/../.." || exit 1
BENCHDELTA=${BENCHDELTA:-./benchdelta}
# TEST_LOCALE: the same goldens under another locale (make check-locale)
export LC_ALL=${TEST_LOCALE:-C.UTF-8} TZ=UTC SOURCE_DATE_EPOCH=1767225600 NO_COLOR=1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0 created=0 count=0
# the folders: those named, else every one (samples/X, S = the glob's star)
S=*
[ $# -gt 0 ] || set -- "$S"

for t in "$@"; do
for sample in samples/$t/*.txt samples/$t/*.md samples/$t/*.json samples/$t/*.csv; do
	[ -f "$sample" ] || continue
	case $sample in samples/src/*) continue ;; esac
	tool=${sample#samples/}; tool=${tool%%/*}
	name=$(basename "$sample"); name=${name%.*}
	golden=tests/golden/$tool/$name.tsv
	store=$tmp/store-$tool-$name
	out=$tmp/$tool-$name.out
	count=$((count + 1))
	{
		echo "# benchdelta import $sample && benchdelta export -f tsv"
		BENCHDELTA_STORE=$store "$BENCHDELTA" import "$sample" >"$tmp/stdout" 2>"$tmp/stderr"
		rc=$?
		echo "## import, exit $rc"
		cat "$tmp/stdout"
		echo "## warnings"
		cat "$tmp/stderr"
		echo "## export -f tsv"
		BENCHDELTA_STORE=$store "$BENCHDELTA" export -f tsv 2>&1
	} >"$out"
	if [ -n "${UPDATE:-}" ] || [ ! -f "$golden" ]; then
		[ -f "$golden" ] || { echo "  GOLDEN  $golden created: review it and commit it"; created=1; }
		mkdir -p "$(dirname "$golden")"
		cp "$out" "$golden"
		continue
	fi
	if ! diff -u "$golden" "$out"; then
		echo "  GOLDEN  $golden FAILED"
		failed=1
	fi
done
done
for t in "$@"; do
for golden in tests/golden/$t/*.tsv; do
	[ -f "$golden" ] || continue
	tool=$(basename "$(dirname "$golden")"); name=$(basename "$golden" .tsv)
	ls samples/"$tool"/"$name".* >/dev/null 2>&1 || { echo "  GOLDEN  $golden has no sample"; failed=1; }
done
done
[ "$*" = "$S" ] && set --
[ $failed -eq 0 ] && [ $created -eq 0 ] && echo "  GOLDEN  $count samples ok${1:+ ($*)}"
[ $failed -eq 0 ] && [ $created -eq 0 ]
