#!/bin/sh
# check-layers.sh - each layer includes only the layers below it, and
# curses stays in tui/:  util < parsers < store < cli, tui < main.c
cd "$(dirname "$0")/.." || exit 1
status=0
check() { # check DIR ALLOWED-PREFIXES...
	dir=$1; shift
	for f in $dir; do
		grep -n '^#include "' "$f" | while IFS= read -r line; do
			inc=$(printf '%s' "$line" | sed 's/.*#include "\([^"]*\)".*/\1/')
			ok=
			for a in "$@"; do case $inc in "$a"*) ok=1 ;; esac; done
			[ -n "$ok" ] || echo "$f: includes $inc (not allowed in this layer)"
		done
	done
}
out=$(
	check 'util/*.[ch]' util/
	check 'parsers/*.[ch]' util/ parsers/
	check 'store/*.[ch]' util/ parsers/ store/
	check 'tui/*.[ch]' util/ parsers/ store/ tui/
	check 'cli/*.[ch]' util/ parsers/ store/ tui/ cli/
	check 'main.c' cli/
	grep -ln 'include <n\?curses.h>' util/*.[ch] parsers/*.[ch] store/*.[ch] cli/*.[ch] main.c 2>/dev/null |
		sed 's/$/: curses outside tui\//'
)
if [ -n "$out" ]; then
	echo "$out"
	status=1
else
	echo "  LAYERS  ok"
fi
exit $status
