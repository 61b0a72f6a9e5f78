#!/bin/sh
# Inputs that are no text log are refused by their first bytes (an endless
# /dev/zero ends at once); UTF-16 and lone-CR logs are converted; values no
# tool prints (negative times and counts, a 400-digit number) are warned
# about with file and line and never stored.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

# endless zeros: decided from the first block, not read to the end (timeout: 124)
timeout 20 "$BD" import /dev/zero >"$T/out" 2>"$T/err"; rc=$?
expect_rc 2 "/dev/zero"
expect_err '/dev/zero: error: binary file (NUL byte at offset 0), not a text log; skipped'
timeout 20 sh -c "cat /dev/zero | '$BD' import -" >"$T/out" 2>"$T/err"; rc=$?
expect_rc 2 "endless zeros on stdin"
expect_err '<stdin>: error: binary file'
[ ! -e "$S/data" ] || fail "stored something"

# UTF-16 as PowerShell writes it (with a BOM), and without a BOM, big-endian
if command -v iconv >/dev/null; then
	iconv -f UTF-8 -t UTF-16 samples/hyperfine/hand-relative.txt >"$T/ps.txt"
	run import "$T/ps.txt"
	expect_rc 0 "UTF-16"
	expect_err 'ps.txt: note: UTF-16LE text converted to UTF-8'
	expect_out 'imported '"$T"'/ps.txt: 2 runs, 14 measurements'
	iconv -f UTF-8 -t UTF-16BE samples/hyperfine/hand-new-us.txt >"$T/be.txt"
	run import "$T/be.txt"
	expect_rc 0 "UTF-16BE"
	expect_err 'note: UTF-16BE text converted to UTF-8'
	expect_out ': 3 runs, 21 measurements'
else
	echo "SKIP $test_name: UTF-16 (iconv is not installed)"
fi
# lone CR line endings
tr '\n' '\r' <samples/hyperfine/single-run.txt >"$T/mac.txt"
run import "$T/mac.txt"
expect_rc 0 "lone CR"
expect_err 'mac.txt: note: lone CR line endings read as line ends'
expect_out ': 1 run, 4 measurements'

# negative times and counts: warned, dropped, the rest kept
cat >"$T/neg.json" <<'JSON'
{"results": [
 {"command": "./a", "mean": -0.0015, "stddev": 0.0001, "median": 0.0015, "user": 0.0014,
  "system": 0.0, "min": 0.0014, "max": 0.0016, "times": [0.0014, -0.0015, 0.0016]},
 {"command": "./b", "mean": 0.0025, "stddev": 0.0001, "median": 0.0025, "user": 0.0024,
  "system": 0.0, "min": 0.0024, "max": 0.0026, "times": [0.0024, 0.0025, 0.0026]}
]}
JSON
run import "$T/neg.json"
expect_rc 0 "negative JSON"
# the figure's own line: JSON figures keep where they were read from
expect_err 'neg.json:2: warning: time mean of -0.0015 s: no tool prints that; dropped'
expect_err 'neg.json:1: warning: time sample 2 of -0.0015 s: no tool prints that; dropped'
printf 'BenchmarkFib20-2 \t    4300\t    -30794 ns/op\t       0 B/op\t       0 allocs/op\nPASS\n' >"$T/neg-go.txt"
run import "$T/neg-go.txt"
expect_err 'neg-go.txt:1: warning: time_per_op value of -3.0794e-05 s: no tool prints that; dropped'
run export -f csv
expect_rc 0 "export"
if grep -q ',"-[0-9]' "$T/out" || grep -q ',-[0-9]' "$T/out"; then fail "a negative value was stored"; fi

# a 400-digit number where hyperfine prints a mean
D=$(printf '9%.0s' $(seq 400))
printf 'Benchmark 1: ./big\n  Time (mean \302\261 \317\203):     %s ms \302\261   0.1 ms    [User: 1.5 ms, System: 0.0 ms]\n  Range (min \342\200\246 max):    1.0 ms \342\200\246   2.0 ms    10 runs\n' "$D" >"$T/big.txt"
run import "$T/big.txt"
expect_rc 0 "400 digits"
expect_err 'big.txt:2: warning: unreadable hyperfine number skipped'
run list runs -e big
expect_re 'incomplete'
