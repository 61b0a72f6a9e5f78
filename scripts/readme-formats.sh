#!/bin/sh
# readme-formats.sh [README] - every format of the FORMATS table
# (parsers/record.h) is named, in backticks, in the README's list of
# formats (between its "<!-- formats" and "<!-- /formats -->" lines).
# Prints what is missing and fails; run by make check-man.
readme=${1:-README.md}
names=$(awk '/^#define FORMATS\(X\)/ { on = 1 } on && match($0, /X\([A-Z0-9_]+, "[^"]+"/) {
	s = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", s); sub(/"$/, "", s); print s }
	on && !/\\$/ { on = 0 }' parsers/record.h)
[ -n "$names" ] || { echo "readme-formats.sh: no FORMATS rows found" >&2; exit 1; }
list=$(awk '/^<!-- formats/ { on = 1; next } /^<!-- \/formats -->/ { on = 0 } on' "$readme")
[ -n "$list" ] || { echo "$readme: no list of formats between its formats markers" >&2; exit 1; }
missing=
for n in $names; do
	case $list in *"\`$n\`"*) ;; *) missing="$missing $n" ;; esac
done
[ -z "$missing" ] && exit 0
echo "$readme: the list of formats does not name:$missing (parsers/record.h FORMATS)" >&2
exit 1
