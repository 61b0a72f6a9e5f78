#!/bin/sh
# Terminal escapes from input never reach the terminal raw: a file name, a
# JSON string ("\u001b]0;...\u0007"), a lone ESC at a line's end, a C1 CSI
# (U+009B) are shown as '?' in the import plan, warnings, list, compare
# (text, Markdown, CSV), export (tsv, csv) and edits; the texts are kept
# byte for byte.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE
ESC=$(printf '\033')
# has_ctrl FILE: a C0 control (but newline and tab), DEL, or a C1 CSI
has_ctrl() {
	LC_ALL=C tr -d '\n\t' <"$1" | LC_ALL=C grep -q "[$(printf '\001')-$(printf '\037')$(printf '\177')]" ||
		LC_ALL=C grep -q "$(printf '\302\233')" "$1"
}
check() { # check WHAT: stdout and stderr of the last run are clean
	! has_ctrl "$T/out" || { od -c "$T/out" | head -20 >&2; fail "$1: control bytes on stdout"; }
	! has_ctrl "$T/err" || { od -c "$T/err" | head -20 >&2; fail "$1: control bytes on stderr"; }
}

# a hyperfine JSON whose commands retitle the terminal and hide text
cat >"$T/j.json" <<'JSON'
{"results": [
 {"command": "\u001b]0;pwned\u0007./fib_a 30", "mean": 0.0015, "stddev": 0.0001, "median": 0.0015,
  "user": 0.0014, "system": 0.0, "min": 0.0014, "max": 0.0016, "times": [0.0014, 0.0015, 0.0016]},
 {"command": "./fib_b\u009b8m 30", "mean": 0.0025, "stddev": 0.0001, "median": 0.0025,
  "user": 0.0024, "system": 0.0, "min": 0.0024, "max": 0.0026, "times": [0.0024, 0.0025, 0.0026]}
]}
JSON
# a text log under a name with an escape, a label ending in a lone ESC, a damaged line quoting one
name="$T/bench$ESC[31mred.txt"
{
	printf 'Release%s\n\n' "$ESC"
	sed -n 1,3p samples/hyperfine/hand-relative.txt
	printf '\nLTO\302\233m:\n\n'
	sed -n 5,7p samples/hyperfine/hand-relative.txt | sed "s/Range (min/Range (min$ESC[2J/"
} >"$name"
cp "$name" "$T/copy"

run import "$T/j.json"
expect_rc 0 "import json"
check "import plan (json)"
expect_out 'variant "?]0;pwned?./fib_a"'
run import "$name"
expect_rc 0 "import text"
check "import plan (text)"
expect_out 'bench?[31mred.txt'
cmp -s "$name" "$T/copy" || fail "input changed"
cmp -s "$S/sources/$(ls -t "$S/sources" | head -1)" "$T/copy" ||
	ls "$S/sources" | while read -r h; do cmp -s "$S/sources/$h" "$T/copy" && exit 0; done ||
	fail "stored text not byte for byte"
for args in "list" "list variants" "list runs" "list imports"; do
	# shellcheck disable=SC2086
	run $args
	expect_rc 0 "$args"
	check "$args"
done
for f in text markdown csv json; do
	run compare -e j -f $f
	check "compare -f $f (json)"
	run compare -e bench -f $f
	check "compare -f $f (text)"
done
run compare -e j
expect_out "?]0;pwned?./fib_a"
for f in tsv csv json; do
	run export -f $f
	expect_rc 0 "export $f"
	check "export -f $f"
done
run rename-variant "$(printf 'Release\033')" "$(printf 'Rel\033]0;x\007')"
check "rename-variant"
run edits
check "edits"
run list variants
expect_out 'Rel?]0;x?'

# names typed on the command line: an experiment named with an escape is
# found by the same name typed, and a name that matches nothing is echoed
# cleaned by every command that takes names
run import -e "x${ESC}[31my" samples/issues/seed-rathole.txt
expect_rc 0 "import -e with an escape"
check "import -e"
run list runs -e "x${ESC}[31my"
expect_rc 0 "list runs -e finds the name as typed"
check "list runs -e"
expect_out 'x?[31my'
bad="$ESC]0;pwned$(printf '\007')"
for args in "show" "source" "rm" "undo" "list runs -e" "export -f csv -e" "compare -e" \
	"history -V" "factors -e" "tag -e x" "rename-experiment x" "move 1"; do
	# shellcheck disable=SC2086
	run $args "$bad"
	check "$args NAME"
done
