# json2rows.awk - flatten `benchdelta export -f json` into one line per
# measurement: RUN_ID, FIRST_LINE, LAST_LINE, VARIANT, METRIC, VALUE (tabs).
# The exporter writes one key per line; this reads only the keys it needs
# and ignores the rest (notes, samples, facts), so new keys do not break it.
function jstr(s,   v) {
	# the string value after the first ':' of a `"key": "value",` line
	sub(/^[^:]*:[ \t]*"/, "", s)
	sub(/",?[ \t]*$/, "", s)
	gsub(/\\"/, "\"", s); gsub(/\\\//, "/", s); gsub(/\\t/, " ", s)
	gsub(/\\\\/, "\\", s)
	return s
}
function jnum(s) {
	sub(/^[^:]*:[ \t]*/, "", s)
	sub(/,?[ \t]*$/, "", s)
	return s
}
/^[ \t]*"id": /         { id = jstr($0); first = last = 0; variant = ""; next }
/^[ \t]*"variant": /    { variant = jstr($0); next }
/^[ \t]*"first_line": / { first = jnum($0); next }
/^[ \t]*"last_line": /  { last = jnum($0); next }
/^[ \t]*"metric": /     { metric = jstr($0); next }
/^[ \t]*"value": /      { printf "%s\t%s\t%s\t%s\t%s\t%s\n", id, first, last, variant, metric, jnum($0); next }
