# lib.sh - helpers for the CLI contract tests (sourced).
# Each test gets a fresh store and a scratch directory, removed on exit.
cd "$(dirname "$0")/../.." || exit 1
BD=${BENCHDELTA:-./benchdelta}
# TEST_LOCALE: the same tests under another locale (make check-locale)
export LC_ALL=${TEST_LOCALE:-C.UTF-8} TZ=UTC SOURCE_DATE_EPOCH=1767225600 NO_COLOR=1
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT INT TERM
export BENCHDELTA_STORE="$T/store"
test_name=$(basename "$0" .sh)

fail() { echo "FAIL $test_name: $*" >&2; exit 1; }
# trials QUICK SLOW: how many times a trial loop runs: QUICK in `make
# check`, SLOW in `make check-slow` (BD_SLOW=1), which runs the tests that
# say what it adds on a line "# check-slow: ..." of their header
trials() { if [ -n "${BD_SLOW:-}" ]; then echo "$2"; else echo "$1"; fi; }

# run CMD... : runs benchdelta, keeps stdout in $T/out, stderr in $T/err, status in $rc
run() {
	"$BD" "$@" >"$T/out" 2>"$T/err"
	rc=$?
}
expect_rc() { [ "$rc" -eq "$1" ] || { cat "$T/err" >&2; fail "exit $rc, want $1 ($2)"; }; }
expect_out() { grep -qF -- "$1" "$T/out" || { cat "$T/out" >&2; fail "stdout lacks: $1"; }; }
expect_err() { grep -qF -- "$1" "$T/err" || { cat "$T/err" >&2; fail "stderr lacks: $1"; }; }
# A fingerprint of every file in the store (names and contents).
store_sum() { (cd "$BENCHDELTA_STORE" 2>/dev/null && find . -type f ! -name .lock | sort | xargs -r md5sum) ; }
# expect_re REGEX: some stdout line matches the extended regex (columns move; use ' +')
expect_re() { grep -qE -- "$1" "$T/out" || { cat "$T/out" >&2; fail "stdout lacks a line matching: $1"; }; }

# golden_cases DIR COMMAND: each line "NAME | IMPORTS | ARGS" of DIR/cases
# imports IMPORTS (';' between) into a fresh store and runs `benchdelta
# COMMAND ARGS`; its exit status, stdout and stderr must equal DIR/NAME.out
# (written when missing, or with UPDATE=1: review it and commit it).
golden_cases() {
	dir=$1 cmd=$2
	failed=0 created=0 count=0
	set -f # the arguments are words, never patterns
	while IFS='|' read -r name imports args; do
		name=$(echo $name) imports=$(echo $imports) args=$(echo $args) # trimmed
		case $name in '' | '#'*) continue ;; esac
		count=$((count + 1))
		store=$T/store-$name
		out=$T/$name.out
		{
			echo "# benchdelta import $(echo "$imports" | sed 's/; */; benchdelta import /g'); benchdelta $cmd${args:+ $args}"
			old_ifs=$IFS
			IFS=';'
			for imp in $imports; do
				IFS=$old_ifs
				BENCHDELTA_STORE=$store "$BD" import $imp >/dev/null 2>&1 || echo "## import $imp failed"
				IFS=';'
			done
			IFS=$old_ifs
			BENCHDELTA_STORE=$store "$BD" $cmd $args >"$T/stdout" 2>"$T/stderr"
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
	[ $failed -eq 0 ] && [ $created -eq 0 ] || fail "$cmd goldens differ or are new"
}
