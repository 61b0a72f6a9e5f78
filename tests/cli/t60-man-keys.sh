#!/bin/sh
# The man page's KEYS section says what the key table does, action by action.
. "$(dirname "$0")/lib.sh"

run --help-keys
expect_rc 0 "--help-keys"
[ "$(wc -l <"$T/out")" -ge 10 ] || fail "key table too short"
keys=$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l man/benchdelta.1 2>/dev/null | sed -n '/^KEYS/,/^ENVIRONMENT/p')
[ -n "$keys" ] || keys=$(sed -n '/^\.SH KEYS/,/^\.SH ENVIRONMENT/p' man/benchdelta.1)
while IFS='	' read -r names help; do
	printf '%s\n' "$keys" | grep -qF -- "$help" || fail "man page KEYS lacks \"$help\" ($names)"
done <"$T/out"
# ... and it is written from that table: the section is exactly what the script makes of it
sh scripts/man-keys.sh "$BD" >"$T/keys.man" || fail "scripts/man-keys.sh failed"
sed -n '/^\.SH KEYS/,/^\.SH ENVIRONMENT/p' man/benchdelta.1 | sed '$d' >"$T/page.man"
diff -u "$T/keys.man" "$T/page.man" || fail "man page KEYS differs from the key table: run scripts/man-keys.sh ./benchdelta man/benchdelta.1"
