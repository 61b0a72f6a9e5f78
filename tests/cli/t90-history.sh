#!/bin/sh
# history METRIC: a metric's figures across imports and experiments, oldest
# import first, per scenario and variant, under a sparkline over time
# (ASCII with --ascii or outside UTF-8); -V and -s narrow it; a metric no
# run has is a usage error naming it.
. "$(dirname "$0")/lib.sh"

sed 's/812\.4 µs ±/790.4 µs ±/' samples/hyperfine/hand-new-us.txt >"$T/december.txt"
grep -q '790.4 µs' "$T/december.txt" || fail "the December copy was not made"
SOURCE_DATE_EPOCH=1764547200 run import -e "November CI" samples/hyperfine/hand-new-us.txt
expect_rc 0 "import November"
BDABS=$(cd "$(dirname "$BD")" && pwd)/$(basename "$BD")
(cd "$T" && SOURCE_DATE_EPOCH=1767225600 "$BDABS" import -e "December CI" december.txt >/dev/null 2>&1) ||
	fail "import December"

run history time
expect_rc 0 "history time"
cat >"$T/want" <<'OUT'
time · input.json
app_release (command, line 1): 2 runs, 790 µs [█▁] 812 µs
  IMPORTED               VALUE     N  SPREAD    RUN               SOURCE                                 EXPERIMENT
  2025-12-01 00:00 UTC  812 µs  3312  ±21.3 µs  4a8f752e4167:1.1  samples/hyperfine/hand-new-us.txt:1-3  November CI
  2026-01-01 00:00 UTC  790 µs  3312  ±21.3 µs  7ea70cf6ec5f:1.1  december.txt:1-3                       December CI
app_pgo (command, line 5): 2 runs, 702 µs [▄▄] 702 µs
  IMPORTED               VALUE     N  SPREAD    RUN               SOURCE                                 EXPERIMENT
  2025-12-01 00:00 UTC  702 µs  3907  ±18.7 µs  4a8f752e4167:5.2  samples/hyperfine/hand-new-us.txt:5-7  November CI
  2026-01-01 00:00 UTC  702 µs  3907  ±18.7 µs  7ea70cf6ec5f:5.2  december.txt:5-7                       December CI
app_pgo_bolt (command, line 11): 2 runs, 1.00 ms [▄▄] 1.00 ms
  IMPORTED                VALUE     N  SPREAD  RUN                SOURCE                                   EXPERIMENT
  2025-12-01 00:00 UTC  1.00 ms  2675  ±0 s    4a8f752e4167:11.3  samples/hyperfine/hand-new-us.txt:11-13  November CI
  2026-01-01 00:00 UTC  1.00 ms  2675  ±0 s    7ea70cf6ec5f:11.3  december.txt:11-13                       December CI
OUT
diff -u "$T/want" "$T/out" || fail "history time printed another text"

# -V keeps one variant (named as imported), --ascii draws with ASCII
run history --ascii -V app_release time
expect_rc 0 "history -V"
expect_out "app_release (command, line 1): 2 runs, 790 µs [#_] 812 µs"
grep -q app_pgo "$T/out" && fail "-V app_release printed app_pgo"
# outside a UTF-8 locale the sparkline is ASCII by itself
LC_ALL=C run history -V app_release time
expect_rc 0 "history in the C locale"
grep -q '\[#_\]' "$T/out" || { cat "$T/out"; fail "the C locale should draw an ASCII sparkline"; }
# a scenario no run has, a metric no run has, no metric
run history -s nowhere time
expect_rc 1 "history -s nowhere"
expect_err "no run of any variant in that scenario has that metric"
run history time.bogus
expect_rc 1 "history time.bogus"
expect_err 'no metric "time.bogus" in the store'
run history
expect_rc 1 "history without a metric"
expect_err "which metric?"
