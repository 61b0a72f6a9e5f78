#!/bin/sh
# score.sh - run benchdelta over every corpus case and score what it read
# against the hand-checked truth (tests/corpus/README.md says how).
#   sh tests/corpus/score.sh [CASE...]    scores per case, per shape, in total
#   CHECK=1 sh tests/corpus/score.sh      also fail when a case falls below
#                                         its floor in tests/corpus/FLOORS
#   UPDATE=1 sh tests/corpus/score.sh     rewrite FLOORS from this run
# The misses, wrong numbers, wrong quantities and label misses of each case
# are written to $CORPUS_OUT/CASE.log (default build/corpus/).
cd "$(dirname "$0")/../.." || exit 1
BENCHDELTA=${BENCHDELTA:-./benchdelta}
export LC_ALL=C.UTF-8 TZ=UTC SOURCE_DATE_EPOCH=1767225600 NO_COLOR=1
dir=tests/corpus
floors=$dir/FLOORS
out=${CORPUS_OUT:-build/corpus}
mkdir -p "$out" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ $# -gt 0 ]; then
	cases=$*
else
	cases=$(for t in "$dir"/cases/*.truth; do [ -f "$t" ] && basename "$t" .truth; done)
fi
[ -n "$cases" ] || { echo "corpus: no cases in $dir/cases" >&2; exit 1; }

# the METRICS rows (pattern, unit, family), to tell a wrong quantity from
# a spelling of the right one
sed -n -f "$dir/metrics.sed" parsers/metrics.h >"$tmp/metrics"
[ -s "$tmp/metrics" ] || { echo "corpus: no METRICS rows in parsers/metrics.h" >&2; exit 1; }

status=0
: >"$tmp/results"
for name in $cases; do
	truth=$dir/cases/$name.truth
	input=
	for f in "$dir"/cases/"$name".*; do
		case $f in *.truth) ;; *) [ -f "$f" ] && input=$f ;; esac
	done
	if [ ! -f "$truth" ] || [ -z "$input" ]; then
		echo "corpus: $name: needs $dir/cases/$name.truth and one input file" >&2
		status=1; continue
	fi
	store=$tmp/store-$name
	BENCHDELTA_STORE=$store "$BENCHDELTA" import "$input" >"$out/$name.import" 2>&1
	rc=$?
	if [ $rc -ge 128 ] || grep -q 'Sanitizer\|runtime error:' "$out/$name.import"; then
		echo "corpus: $name: benchdelta import crashed (exit $rc); see $out/$name.import" >&2
		status=1; crashed="$crashed $name"
		: >"$tmp/rows"
	else
		BENCHDELTA_STORE=$store "$BENCHDELTA" export -f json 2>>"$out/$name.import" |
			awk -f "$dir/json2rows.awk" >"$tmp/rows"
	fi
	awk -v name="$name" -v metrics="$tmp/metrics" -f "$dir/score.awk" "$input" "$truth" "$tmp/rows" \
		>>"$tmp/results" 2>"$out/$name.log"
	rc=$?
	if [ $rc -ne 0 ]; then
		cat "$out/$name.log" >&2
		echo "corpus: $name: the truth is defective (fix it before scoring)" >&2
		status=1
	fi
done

# the report: per case, per shape, in total
awk -F '\t' '
function ratio(a, b) { return b ? sprintf("%.3f", a / b) : "-" }
function f1(tp, fp, fn,   p, r) {
	if (tp + fp + fn == 0) return "1.000"
	p = tp + fp ? tp / (tp + fp) : 1
	r = tp + fn ? tp / (tp + fn) : 1
	return p + r ? sprintf("%.3f", 2 * p * r / (p + r)) : "0.000"
}
function line(label, v) {
	printf "%-40s %5d/%-5d %-6s %5d %4d %4d/%-4d %-6s %-6s %4d/%-4d %s\n", label, \
		V[v, "vf"], V[v, "vt"], ratio(V[v, "vf"], V[v, "vt"]), V[v, "w"], V[v, "q"], \
		V[v, "rf"], V[v, "rt"], ratio(V[v, "rf"], V[v, "rt"]), \
		f1(V[v, "tp"], V[v, "fp"], V[v, "fn"]), V[v, "lh"], V[v, "lt"], ratio(V[v, "lh"], V[v, "lt"])
}
function add(v) {
	V[v, "vf"] += $2; V[v, "vt"] += $3; V[v, "w"] += $4; V[v, "rf"] += $5; V[v, "rt"] += $6
	V[v, "tp"] += $7; V[v, "fp"] += $8; V[v, "fn"] += $9; V[v, "lh"] += $10; V[v, "lt"] += $11
	V[v, "q"] += $13
}
BEGIN { printf "%-40s %-11s %-6s %5s %4s %-9s %-6s %-6s %-9s %s\n", "case", "values", "recall", "wrong", "qty", "runs", "recall", "F1", "labels", "" }
{
	n++; add($1); names[n] = $1
	k = split($12, s, /[ ,]+/)
	for (i = 1; i <= k; i++) if (s[i] != "") { if (!(s[i] in seen)) { seen[s[i]] = 1; shapes[++ns] = s[i] }; add("shape:" s[i]); cases["shape:" s[i]]++ }
	add("total")
	line($1, $1)
}
END {
	if (ns) {
		print ""
		printf "%-40s\n", "per shape (cases)"
		# shapes in name order
		for (i = 1; i <= ns; i++) for (j = i + 1; j <= ns; j++) if (shapes[j] < shapes[i]) { t = shapes[i]; shapes[i] = shapes[j]; shapes[j] = t }
		for (i = 1; i <= ns; i++) line(shapes[i] " (" cases["shape:" shapes[i]] ")", "shape:" shapes[i])
	}
	print ""
	line("total (" n " cases)", "total")
}' "$tmp/results"

# floors: values found, runs found, F1, label hits may not fall; wrong
# numbers and wrong quantities may not rise (the recorded ceiling is 0
# unless a known defect; a seventh FLOORS field, written only when not 0,
# is the ceiling of wrong quantities)
if [ -n "${UPDATE:-}" ]; then
	{
		echo "# corpus floors, written by 'make corpus-update': case, values found,"
		echo "# runs found, variant F1, label hits, wrong numbers allowed (a ceiling)"
		awk -F '\t' '
		function f1(tp, fp, fn,   p, r) {
			if (tp + fp + fn == 0) return "1.000"
			p = tp + fp ? tp / (tp + fp) : 1; r = tp + fn ? tp / (tp + fn) : 1
			return p + r ? sprintf("%.3f", 2 * p * r / (p + r)) : "0.000"
		}
		{
			printf "%s\t%d\t%d\t%s\t%d\t%d", $1, $2, $5, f1($7, $8, $9), $10, $4
			if ($13 > 0) printf "\t%d", $13	# wrong quantities allowed; none: 0
			printf "\n"
		}' "$tmp/results" | sort
	} >"$floors.tmp" && mv "$floors.tmp" "$floors"
	echo "corpus: wrote $floors"
elif [ -n "${CHECK:-}" ]; then
	[ -f "$floors" ] || { echo "corpus: no $floors (run make corpus-update)" >&2; exit 1; }
	awk -F '\t' '
	function f1(tp, fp, fn,   p, r) {
		if (tp + fp + fn == 0) return 1
		p = tp + fp ? tp / (tp + fp) : 1; r = tp + fn ? tp / (tp + fn) : 1
		return p + r ? 2 * p * r / (p + r) : 0
	}
	FNR == NR { if ($0 !~ /^#/) { fv[$1] = $2; fr[$1] = $3; ff[$1] = $4; fl[$1] = $5; fw[$1] = $6; fq[$1] = $7 + 0 }; next }
	{
		if (!($1 in fv)) { printf "corpus: %s has no floor in FLOORS (run make corpus-update)\n", $1; bad = 1; next }
		if ($2 < fv[$1]) { printf "corpus: %s: values found %d, floor %d\n", $1, $2, fv[$1]; bad = 1 }
		if ($5 < fr[$1]) { printf "corpus: %s: runs found %d, floor %d\n", $1, $5, fr[$1]; bad = 1 }
		if (f1($7, $8, $9) < ff[$1] - 0.0005) { printf "corpus: %s: variant F1 %.3f, floor %s\n", $1, f1($7, $8, $9), ff[$1]; bad = 1 }
		if ($10 < fl[$1]) { printf "corpus: %s: label hits %d, floor %d\n", $1, $10, fl[$1]; bad = 1 }
		if ($4 > fw[$1]) { printf "corpus: %s: %d wrong numbers, allowed %d\n", $1, $4, fw[$1]; bad = 1 }
		if ($13 > fq[$1]) { printf "corpus: %s: %d figures of a wrong quantity, allowed %d\n", $1, $13, fq[$1]; bad = 1 }
	}
	END { exit bad }' "$floors" "$tmp/results" >&2 || status=1
	[ $status -eq 0 ] && echo "corpus: every case at or above its floor"
fi
exit $status
