#!/bin/sh
# A damaged store file is reported with its name and row, the rest is
# loaded, and a new import neither fails nor loses what was stored.
. "$(dirname "$0")/lib.sh"

run import samples/hyperfine/o0-vs-o2.txt
run import samples/hyperfine/single-run.txt
expect_rc 0 "seed"
m=$(ls "$BENCHDELTA_STORE"/data/*/measurements.csv | head -1)
printf '"garbage row\n' >>"$m"
run export -f tsv
expect_rc 0 "export with a damaged file"
expect_err "measurements.csv"
expect_err "malformed CSV"
rows=$(wc -l <"$T/out")
[ "$rows" -ge 12 ] || fail "lost rows: $rows"

# an interrupted import's temporary directory is ignored, then cleaned up
mkdir "$BENCHDELTA_STORE/data/.tmp-deadbeef-1"
echo junk >"$BENCHDELTA_STORE/data/.tmp-deadbeef-1/runs.csv"
run list runs
expect_rc 0 "list with a leftover temp dir"
run import samples/hyperfine/warnings.txt
expect_rc 0 "import after damage"
[ ! -e "$BENCHDELTA_STORE/data/.tmp-deadbeef-1" ] || fail "temp dir not cleaned"
run list runs
[ "$(grep -c hyperfine "$T/out")" -ge 4 ] || fail "runs lost: $(cat "$T/out")"

# a directory that is not a store is refused, not written into
mkdir "$T/mine"; echo mine >"$T/mine/notes.txt"
"$BD" --store "$T/mine" import samples/hyperfine/release.txt >"$T/out" 2>"$T/err"; rc=$?
expect_rc 2 "foreign directory"
expect_err "not a benchdelta store"
[ "$(ls "$T/mine")" = "notes.txt" ] || fail "wrote into a foreign directory"
