#!/bin/sh
# The compare command's outputs on the samples, against goldens: every case
# of tests/golden/compare/cases imports into a fresh store and compares.
#   UPDATE=1 sh tests/cli/t71-compare-golden.sh   rewrite them (review with git diff)
. "$(dirname "$0")/lib.sh"

dir=tests/golden/compare
failed=0 created=0 count=0
set -f # the arguments are words, never patterns
while IFS='|' read -r name imports args; do
	name=$(echo $name) imports=$(echo $imports) args=$(echo $args) # trimmed
	case $name in '' | '#'*) continue ;; esac
	count=$((count + 1))
	store=$T/store-$name
	out=$T/$name.out
	{
		echo "# benchdelta import $(echo "$imports" | sed 's/; */; benchdelta import /g'); benchdelta compare${args:+ $args}"
		old_ifs=$IFS
		IFS=';'
		for imp in $imports; do
			IFS=$old_ifs
			BENCHDELTA_STORE=$store "$BD" import $imp >/dev/null 2>&1 || echo "## import $imp failed"
			IFS=';'
		done
		IFS=$old_ifs
		BENCHDELTA_STORE=$store "$BD" compare $args >"$T/stdout" 2>"$T/stderr"
		echo "## exit $?"
		cat "$T/stdout"
		echo "## stderr"
		cat "$T/stderr"
	} >"$out"
	golden=$dir/$name.out
	if [ -n "${UPDATE:-}" ] || [ ! -f "$golden" ]; then
		[ -f "$golden" ] || { echo "  GOLDEN  $golden created: review it and commit it"; created=1; }
		cp "$out" "$golden"
		continue
	fi
	if ! diff -u "$golden" "$out"; then
		echo "  GOLDEN  $golden FAILED"
		failed=1
	fi
done <"$dir/cases"
for golden in "$dir"/*.out; do
	[ -f "$golden" ] || continue
	grep -q "^$(basename "$golden" .out) *|" "$dir/cases" ||
		{ echo "  GOLDEN  $golden has no case"; failed=1; }
done
[ "$count" -gt 0 ] || fail "no cases"
[ $failed -eq 0 ] && [ $created -eq 0 ] || fail "compare goldens differ or are new"
