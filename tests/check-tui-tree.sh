#!/bin/sh
# check-tui-tree.sh - the files of tui/ form a tree: no file calls (or
# includes) one that calls it back, directly or through others.
#
#   sh tests/check-tui-tree.sh [BUILD]      check (make check-tree)
#   sh tests/check-tui-tree.sh -v [BUILD]   print the graphs and the cycles
#
# Two graphs over the files of tui/ (a file is X.c with its X.h):
# - calls: X -> Y when X.o uses a symbol Y.o defines (nm over BUILD/tui/*.o,
#   so a function pointer or a screen table counts as a call);
# - includes: X -> Y when X.c or X.h includes "tui/Y.h".
# No screen (screen_*.c) calls another: it asks tui.c for it (tui/ask.c).
# No screen reads the store again itself (calls reload.c): it asks tui.c
# with ACT_RELOAD (screen_ask_reload()), and tui.c carries the read out.
# A cycle is a strongly connected set of two files or more. The edges of
# the cycles that remain are listed in tests/tui-tree.allow ("calls X Y",
# "includes X Y"); an edge in a cycle that is not listed fails the check,
# and so does a listed edge that is no longer in a cycle (take it out: the
# list only shrinks).
cd "$(dirname "$0")/.." || exit 1
. tests/allow-list.sh
verbose=
[ "$1" = -v ] && { verbose=1; shift; }
build=${1:-build}
allow=tests/tui-tree.allow
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

for o in "$build"/tui/*.o; do
	[ -f "$o" ] || { echo "check-tui-tree: no objects in $build/tui (build first)"; exit 1; }
	f=$(basename "$o" .o)
	nm --defined-only -g "$o" | awk -v f="$f" 'NF == 3 { print $3, f }' >>"$tmp/defs"
	nm -u "$o" | awk -v f="$f" '{ print $NF, f }' >>"$tmp/uses"
done
sort -o "$tmp/defs" "$tmp/defs"
sort -o "$tmp/uses" "$tmp/uses"
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print "calls", $2, $3 }' | sort -u >"$tmp/edges"

for src in tui/*.[ch]; do
	f=$(basename "$src"); f=${f%.?}
	sed -n 's/^#include "tui\/\([^"]*\)\.h".*/\1/p' "$src" |
		awk -v f="$f" '$1 != f { print "includes", f, $1 }'
done | sort -u >>"$tmp/edges"

# the edges that lie on a cycle (both ends reach each other), per graph
awk -f tests/cyclic-edges.awk "$tmp/edges" | sort -u >"$tmp/cyclic"

if [ -n "$verbose" ]; then
	echo "== edges"; cat "$tmp/edges"
	echo "== edges on a cycle"; cat "$tmp/cyclic"
	for g in calls includes; do
		files=$(awk -v g=$g '$1 == g { print $2; print $3 }' "$tmp/cyclic" | sort -u)
		echo "== $g: $(printf '%s\n' $files | grep -c .) files on a cycle, $(grep -c "^$g " "$tmp/cyclic") edges:" $files
	done
fi

allow_diff "$tmp/cyclic" "$allow"
status=0
if [ -n "$new" ]; then
	echo "tui/ files call or include each other in a circle (a screen asks tui.c for another screen"
	echo "with an act_result; a helper moves below the screens that share it):"
	printf '%s\n' "$new" | sed 's/^calls \(.*\) \(.*\)/  \1.c calls \2.c/; s/^includes \(.*\) \(.*\)/  \1 includes tui\/\2.h/'
	status=1
fi
allow_gone "$allow" || status=1
across=$(awk '$1 == "calls" && $2 ~ /^screen_/ && $3 ~ /^screen_/ { print "  " $2 ".c calls " $3 ".c" }' "$tmp/edges")
if [ -n "$across" ]; then
	echo "a screen calls another screen's functions (ask tui.c with screen_ask_*() instead):"
	printf '%s\n' "$across"
	status=1
fi
reloads=$(awk '$1 == "calls" && $2 ~ /^screen_/ && $3 == "reload" { print "  " $2 ".c calls reload.c" }' "$tmp/edges")
if [ -n "$reloads" ]; then
	echo "a screen reads the store again itself (ask tui.c with screen_ask_reload() instead):"
	printf '%s\n' "$reloads"
	status=1
fi
[ $status = 0 ] && echo "  TUI TREE  ok ($(grep -c . "$tmp/cyclic") edges on a cycle, all listed)"
exit $status
