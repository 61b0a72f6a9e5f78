#!/bin/sh
# check-include-cycles.sh - within each of util/, parsers/, store/ and cli/
# no module includes one that includes it back, directly or through others
# (a module is X.c with its X.h: X -> Y when X.c or X.h includes "DIR/Y.h").
# tui/ has its own, stricter check (check-tui-tree.sh).
#
#   sh tests/check-include-cycles.sh      check (make check-layers)
#   sh tests/check-include-cycles.sh -v   print the edges on a cycle
#
# A cycle is broken by moving what both sides need to the lower module, or
# to a small header of its own, never by repeating it. Edges of cycles not
# broken yet are listed in tests/include-cycles.allow ("DIR X Y"); an edge
# on a cycle that is not listed fails the check, and so does a listed edge
# no longer on one (take it out: the list only shrinks).
cd "$(dirname "$0")/.." || exit 1
. tests/allow-list.sh
verbose=
[ "$1" = -v ] && verbose=1
allow=tests/include-cycles.allow
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

for d in util parsers store cli; do
	for src in "$d"/*.[ch]; do
		[ -f "$src" ] || continue
		f=$(basename "$src"); f=${f%.?}
		sed -n "s/^#include \"$d\\/\\([^\"]*\\)\\.h\".*/\\1/p" "$src" |
			awk -v d="$d" -v f="$f" '$1 != f { print d, f, $1 }'
	done
done | sort -u >"$tmp/edges"

# the edges that lie on a cycle (both ends reach each other), per folder
awk -f tests/cyclic-edges.awk "$tmp/edges" | sort -u >"$tmp/cyclic"

if [ -n "$verbose" ]; then
	echo "== $(grep -c . "$tmp/edges") include edges; on a cycle:"
	cat "$tmp/cyclic"
fi

allow_diff "$tmp/cyclic" "$allow"
status=0
if [ -n "$new" ]; then
	echo "modules include each other in a circle (move what both need to the lower one,"
	echo "or to a small header of its own):"
	printf '%s\n' "$new" | sed 's/^\([^ ]*\) \([^ ]*\) \([^ ]*\)$/  \1\/\2 includes \1\/\3.h/'
	status=1
fi
allow_gone "$allow" || status=1
[ $status = 0 ] && echo "  INCLUDE CYCLES  ok ($(grep -c . "$tmp/cyclic") edges on a cycle, all listed)"
exit $status
