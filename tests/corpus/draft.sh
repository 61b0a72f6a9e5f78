#!/bin/sh
# draft.sh - a first draft of a case's truth from what benchdelta reads
# today, for a person to check line by line against the case:
#   sh tests/corpus/draft.sh tests/corpus/cases/NAME.md > NAME.truth.draft
# Each exported figure becomes a truth row with the line and the printed
# number it was found on. The draft is NOT a truth: every row must be
# checked against the text, the figures benchdelta missed added by hand,
# and the variant column set to the author's names. Rows whose printed
# number could not be found are marked "??".
cd "$(dirname "$0")/../.." || exit 1
BENCHDELTA=${BENCHDELTA:-./benchdelta}
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: draft.sh CASE-FILE" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
BENCHDELTA_STORE=$tmp/s "$BENCHDELTA" import "$1" >&2
BENCHDELTA_STORE=$tmp/s "$BENCHDELTA" export -f json | awk -f tests/corpus/json2rows.awk >"$tmp/rows"
awk -F '\t' '
function same(a, b,   d, m) {
	d = a - b; if (d < 0) d = -d
	m = a < 0 ? -a : a; if ((b < 0 ? -b : b) > m) m = b < 0 ? -b : b
	return d <= 1e-9 * m + 1e-300
}
BEGIN {
	ns = split("1 1e-3 1e-6 1e-9 1e3 1e6 1e9 1e12 1024 1048576 1073741824 1099511627776 0.01 8 8e3 8e6 8e9 8192 125 125000 125000000 60 3600", sc, " ")
}
FNR == NR { text[FNR] = $0; next }
{
	if (!($1 in rn)) rn[$1] = ++nr
	hit = ""
	for (k = 1; k <= ns && hit == ""; k++)
	for (l = $2; l <= $3 && hit == ""; l++) {
		s = text[l]
		while (match(s, /[0-9][0-9,]*(\.[0-9]+)?/)) {
			tok = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			v = tok; gsub(/,/, "", v); v += 0
			if (same(v * sc[k], $6)) { hit = l "\t" tok; break }
		}
	}
	if (hit == "") hit = $2 "\t??"
	split(hit, h, "\t")
	# a spread sits on the line of the figure it belongs to
	base = $5; if (sub(/\.(rel_sd|sd)$/, "", base) && (($1, base) in seenline)) h[1] = seenline[$1, base]
	seenline[$1, $5] = h[1]
	printf "r%d\t%s\t%s\t%s\t%.15g\t%s\n", rn[$1], $4, h[1], $5, $6, h[2]
}' "$1" "$tmp/rows"
