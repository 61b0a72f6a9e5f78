#!/bin/sh
# Figures at the ends of the double range are printed with their unit,
# in three significant digits like every other: a 1.7e308 s baseline, and
# a delta of 1e305 %, never as a run of 300 digits cut off before its
# unit. The JSON keeps the figures whole.
. "$(dirname "$0")/lib.sh"

cat >"$T/huge.json" <<'JSON'
{"results": [
 {"command": "./base", "mean": 1.7e308, "stddev": 0.0001, "median": 1.7e308,
  "user": 0.0014, "system": 0.0, "min": 1.7e308, "max": 1.7e308, "times": [1.7e308, 1.7e308, 1.7e308]},
 {"command": "./cand", "mean": 0.0025, "stddev": 0.0001, "median": 0.0025,
  "user": 0.0024, "system": 0.0, "min": 0.0024, "max": 0.0026, "times": [0.0024, 0.0025, 0.0026]},
 {"command": "./slow", "mean": 1e300, "stddev": 0.0001, "median": 1e300,
  "user": 1e300, "system": 0.0, "min": 1e300, "max": 1e300, "times": [1e300, 1e300, 1e300]}
]}
JSON
run import "$T/huge.json"
expect_rc 0 "import"
for f in text markdown; do
	run compare -e huge base cand slow -f $f
	expect_rc 0 "compare -f $f"
	grep -q '[0-9]\{20\}' "$T/out" && { cat "$T/out" >&2; fail "compare -f $f: a run of 20 digits"; }
	expect_out "1.7e+308 s"
	expect_out "1e+300 s"
done
run compare -e huge base cand slow -f text
grep -E '^user +' "$T/out" | grep -q 'e+' || fail "the user time's delta of 1e305 %: $(grep '^user' "$T/out")"
run compare -e huge base cand -f json
expect_out '"center": 1.6999999999999999e308'
run show "$("$BD" list runs -e huge | awk '$0 ~ /base/ { print $1; exit }')"
grep -q '[0-9]\{20\}' "$T/out" && { cat "$T/out" >&2; fail "show: a run of 20 digits"; }
exit 0
