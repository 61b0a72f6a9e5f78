#!/bin/sh
# Tables typed by hand: each figure flagged hand-written in the plan, the
# listing, show and the JSON export; import --no-hand-written leaves them
# (and size lists) out with a warning naming their lines, keeps the tool
# output, and a reparse leaves them out again; a summary table that only
# repeats the tool's figures adds no runs, and the plan says why.
. "$(dirname "$0")/lib.sh"

cat >"$T/thread.md" <<'EOF'
Startup of the two builds, and their sizes:

| Build | Size |
|---|---|
| release | 12.4 MiB |
| pgo | ~11.9 MiB |

- release: 12.4 MiB

```
Benchmark 1: ./app
  Time (mean ± σ):      61.7 ms ±   1.6 ms    [User: 43.0 ms, System: 18.6 ms]
  Range (min … max):    58.6 ms …  65.9 ms    45 runs
 
Benchmark 2: ./app_pgo
  Time (mean ± σ):      55.8 ms ±   1.4 ms    [User: 68.2 ms, System: 33.8 ms]
  Range (min … max):    52.2 ms …  58.8 ms    50 runs
```
EOF

# without the option: the table's figures come in, flagged
BENCHDELTA_STORE="$T/all" run import "$T/thread.md"
expect_rc 0 "import with the table"
expect_re 'thread.md:5-5  table  variant "release" \(label, line 5\)  metric "file_size"  1 measurement  hand-written$'
expect_re 'thread.md:6-6  table  variant "pgo" \(label, line 6\)  metric "file_size"  1 measurement  hand-written  approximate$'
expect_out "imported $T/thread.md: 4 runs"
BENCHDELTA_STORE="$T/all" run list runs
expect_re 'table .* hand-written approximate *$'
BENCHDELTA_STORE="$T/all" run export -f json
expect_out '"hand_written": true'
expect_out '"approximate": true'
run_id=$(BENCHDELTA_STORE="$T/all" "$BD" export -f tsv | awk -F'\t' '$3 == "table" && $4 == "pgo" { print $2 }')
[ -n "$run_id" ] || fail "no table run of pgo exported"
BENCHDELTA_STORE="$T/all" run show "$run_id"
expect_rc 0 "show the table's run"
expect_out "hand-written, approximate"

# every view marks what the author marked: ~ approximate, < and > bounds; a bound gives no change
printf '| Build | Size |\n|---|---|\n| release | 12.4 MiB |\n| pgo | ~11.9 MiB |\n\n| Build | Time |\n|---|---|\n| release | < 1 ms |\n| pgo | 2 ms |\n' >"$T/marks.md"
BENCHDELTA_STORE="$T/marks" run import "$T/marks.md"
expect_rc 0 "import marked figures"
expect_re 'marks.md:8-8  table  variant "release" \(label, line 8\)  metric "time"  1 measurement  hand-written  upper-bound$'
BENCHDELTA_STORE="$T/marks" run compare
expect_re '^file_size +12.4 MiB +~11.9 MiB +-4% '
expect_re '^time +<1 ms +2 ms +delta +hand-written,upper-bound$'

# with it: the table and the size list are left out, each named; the tool's runs stay
run import --no-hand-written "$T/thread.md"
expect_rc 0 "import --no-hand-written"
expect_err "thread.md:3: warning: table at lines 3-6 left out: typed by hand (--no-hand-written)"
expect_err "thread.md:8: warning: size-list at lines 8-8 left out: typed by hand (--no-hand-written)"
grep -q "hand-written" "$T/out" && fail "a hand-written run was imported: $(cat "$T/out")"
expect_out "imported $T/thread.md: 2 runs, 14 measurements"
"$BD" export -f tsv | awk -F'\t' 'NR > 1 && $3 != "hyperfine" { bad = 1 } END { exit bad }' ||
	fail "a run of another format than hyperfine was stored"
# a reparse keeps the choice
run reparse
expect_rc 0 "reparse"
[ "$("$BD" export -f tsv | awk -F'\t' 'NR > 1 && $3 != "hyperfine"' | wc -l)" -eq 0 ] ||
	fail "the reparse brought the hand-typed figures back"
[ "$("$BD" export -f tsv | wc -l)" -eq 15 ] || fail "the reparse changed the tool's figures"

# nothing but a table, left out: nothing imported, the store untouched
printf '| Build | Size |\n|---|---|\n| release | 12.4 MiB |\n' >"$T/only.md"
before=$(store_sum)
run import --no-hand-written "$T/only.md"
expect_err "table at lines 1-3 left out"
[ "$(store_sum)" = "$before" ] || fail "the store changed on an import that read nothing"

# a summary table of the hyperfine means below it: no runs of its own, and the plan says why
cat >"$T/summary.md" <<'EOF'
| | app | app_pgo |
|---|---|---|
| warm | 61.7 ms | 55.8 ms |

EOF
sed -n '/^```$/,$p' "$T/thread.md" >>"$T/summary.md"
BENCHDELTA_STORE="$T/sum" run import "$T/summary.md"
expect_rc 0 "import a summary table"
expect_out "summary.md:1-3  table  repeats the hyperfine results below; skipped"
expect_out "imported $T/summary.md: 2 runs, 14 measurements"
exit 0
