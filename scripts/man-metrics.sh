#!/bin/sh
# man-metrics.sh GEN PAGE [check] - the METRICS section of PAGE is what GEN
# (built from man/gen-metrics.c) prints, between the two marker comments.
# Without "check" the section is rewritten; with it, a difference fails.
gen=$1 page=$2 mode=$3
new=$(mktemp) || exit 1
trap 'rm -f "$new"' EXIT
"$gen" > "$new.body" || { rm -f "$new.body"; exit 1; }
awk -v body="$new.body" '
	/^\.\\" BEGIN METRICS/ { print; while ((getline l < body) > 0) print l; skip = 1; found++; next }
	/^\.\\" END METRICS/ { skip = 0 }
	!skip { print }
	END { if (found != 1) exit 1 }' "$page" > "$new" || { echo "$page: no METRICS markers" >&2; rm -f "$new.body"; exit 1; }
rm -f "$new.body"
if [ "$mode" = check ]; then
	cmp -s "$new" "$page" && exit 0
	echo "$page: the METRICS section differs from parsers/metrics.h; run make man" >&2
	diff -u "$page" "$new" | head -20 >&2
	exit 1
fi
cmp -s "$new" "$page" || cat "$new" > "$page"
