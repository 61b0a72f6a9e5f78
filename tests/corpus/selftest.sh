#!/bin/sh
# selftest.sh - the scorer's own test: score.awk fed gean's case with
# exports written here, each asserting how one reading is counted (a wrong
# quantity, a spelling of the right one, a wrong value). Run by
# check-corpus before the corpus itself.
cd "$(dirname "$0")/../.." || exit 1
dir=tests/corpus
case=gean-allocator-column-rss-bold
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
sed -n -f "$dir/metrics.sed" parsers/metrics.h >"$tmp/metrics"
fail=0
# expect WHAT FOUND WRONG QTY: score the rows on standard input
expect() {
	cat >"$tmp/rows"
	got=$(awk -v name=$case -v metrics="$tmp/metrics" -f $dir/score.awk \
		$dir/cases/$case.md $dir/cases/$case.truth "$tmp/rows" 2>"$tmp/log" |
		awk -F '\t' '{ print $2, $4, $13 }')
	if [ "$got" != "$2 $3 $4" ]; then
		echo "corpus selftest: $1: found, wrong, qty are $got, want $2 $3 $4" >&2
		cat "$tmp/log" >&2
		fail=1
	fi
}
T='	'
# the binary of b03682f: resident memory read as a file size
expect "RSS as file_size" 0 0 2 <<ROWS
r:13.1${T}13${T}13${T}RSS at slot 3,440${T}gean_0.file_size${T}448000000.0
r:14.2${T}14${T}14${T}RSS at slot 3,440${T}gean_1.file_size${T}1150000000.0
ROWS
# a subject, a statistic, a perf modifier: the right quantity spelled otherwise
expect "spellings" 0 0 0 <<ROWS
r:13.1${T}13${T}13${T}jemalloc${T}gean.max_rss.mean${T}448000000
r:14.2${T}14${T}14${T}glibc${T}max_rss_u${T}1150000000
r:15.3${T}15${T}15${T}glibc${T}rss at slot${T}1135000000
ROWS
# a figure read as its spread; a custom count read as a size
expect "spread, count as size" 1 0 2 <<ROWS
r:13.1${T}13${T}13${T}jemalloc${T}max_rss.stddev${T}448000000
r:14.2${T}14${T}14${T}glibc${T}max_rss${T}1150000000
r:14.2${T}14${T}14${T}glibc${T}file_size${T}264
ROWS
# a number that is not printed there is a wrong value, not a wrong quantity
expect "wrong value" 0 1 0 <<ROWS
r:13.1${T}13${T}13${T}jemalloc${T}file_size${T}449000000
ROWS
[ $fail -eq 0 ] && echo "corpus selftest: the scorer counts wrong quantities as written"
exit $fail
