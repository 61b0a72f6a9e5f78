#!/bin/sh
# man-metrics.sh GEN PAGE [check] - the METRICS and FACTORS sections of PAGE
# are what GEN (built from man/gen-metrics.c) prints (with no argument, and
# with "factors"), each between its two marker comments. Without "check"
# the sections are rewritten; with it, a difference fails.
gen=$1 page=$2 mode=$3
new=$(mktemp) || exit 1
cur=$(mktemp) || exit 1
trap 'rm -f "$new" "$cur" "$new.body"' EXIT
cp "$page" "$cur"
for section in METRICS FACTORS; do
	arg=
	[ "$section" = FACTORS ] && arg=factors
	"$gen" $arg > "$new.body" || exit 1
	awk -v body="$new.body" -v s="$section" '
		$0 ~ "^\\.\\\\\" BEGIN " s { print; while ((getline l < body) > 0) print l; skip = 1; found++; next }
		$0 ~ "^\\.\\\\\" END " s { skip = 0 }
		!skip { print }
		END { if (found != 1) exit 1 }' "$cur" > "$new" || { echo "$page: no $section markers" >&2; exit 1; }
	cp "$new" "$cur"
done
if [ "$mode" = check ]; then
	cmp -s "$cur" "$page" && exit 0
	echo "$page: the METRICS or FACTORS section differs from parsers/metrics.h or parsers/factors.h; run make man" >&2
	diff -u "$page" "$cur" | head -20 >&2
	exit 1
fi
cmp -s "$cur" "$page" || cat "$cur" > "$page"
