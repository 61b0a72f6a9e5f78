# allow-list.sh - sourced by the cycle checks (check-include-cycles.sh,
# check-tui-tree.sh): an allow-list of edges still on a cycle, which only
# shrinks. Needs $tmp (a scratch directory).

# allow_diff CYCLIC ALLOW: the edges of CYCLIC (sorted, one a line) not in
# the list ALLOW ('#' comments, blank lines) in $new; the listed edges no
# longer on a cycle in $gone
allow_diff() {
	grep -v '^#' "$2" 2>/dev/null | grep . | sort -u >"$tmp/allow"
	new=$(comm -23 "$1" "$tmp/allow")
	gone=$(comm -13 "$1" "$tmp/allow")
}

# allow_gone ALLOW: say which lines of ALLOW to take out (status 1), if any
allow_gone() {
	[ -z "$gone" ] && return 0
	echo "no longer on a cycle: take these lines out of $1"
	printf '%s\n' "$gone" | sed 's/^/  /'
	return 1
}
