#!/bin/sh
# man-keys.sh BENCHDELTA [MANPAGE] - the man page's KEYS section, written
# from the TUI's one key table (`benchdelta --help-keys`): prints it, or
# with MANPAGE replaces that page's section in place. tests/cli/t60 checks
# that the page holds exactly what this prints.
set -eu
bd=$1
section() {
	echo '.SH KEYS'
	"$bd" --help-keys | awk -F '\t' '
	function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); return s }
	{
		n = split($1, k, " ")
		print (NR == 1 ? ".TP 14" : ".TP")
		if (n == 1) print ".B " esc(k[1])
		else {
			line = ".BR"
			for (i = 1; i <= n; i++) line = line (i > 1 ? " \", \" " : " ") esc(k[i])
			print line
		}
		print esc($2)
	}'
}
if [ $# -lt 2 ]; then
	section
	exit 0
fi
tmp=$2.tmp
{
	sed '/^\.SH KEYS/,$d' "$2"
	section
	sed -n '/^\.SH KEYS/,$p' "$2" | sed -n '2,$p' | sed -n '/^\.SH /,$p'
} >"$tmp"
mv "$tmp" "$2"
