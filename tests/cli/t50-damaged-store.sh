#!/bin/sh
# A damaged store file is named with what is wrong, its import is left out
# whole (never half shown), the rest is loaded, and every command that reads
# it exits 2, pointing at fsck; a new import neither fails to store nor loses
# what was stored (with a fresh index it reads no other import's files). Each stored import has a manifest (sizes, rows, checksums).
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

run import samples/hyperfine/o0-vs-o2.txt
run import samples/hyperfine/single-run.txt
expect_rc 0 "seed"
big=$(grep -l 'o0-vs-o2' "$S"/data/*/source.csv | xargs dirname)
small=$(grep -l 'single-run' "$S"/data/*/source.csv | xargs dirname)
[ -s "$big/manifest.csv" ] || fail "no manifest"
grep -q '^"measurements.csv","[0-9]*","[0-9]*","[0-9a-f]\{32\}"$' "$big/manifest.csv" || fail "manifest row: $(cat "$big/manifest.csv")"
cp -r "$S" "$T/clean"

# a garbage row appended
printf '"garbage row\n' >>"$big/measurements.csv"
run export -f tsv
expect_rc 2 "export with a damaged file"
expect_err "$big/measurements.csv: error: "
expect_err "the file was cut or changed"
expect_err "import $(basename "$big" | cut -c1-12) skipped: its files do not verify (see 'benchdelta fsck')"
expect_err "the store does not verify"
expect_out 'single-run'
if grep -q 'o0-vs-o2\|fib_O0' "$T/out"; then fail "half an import shown"; fi

# cut at a row boundary: rows lost silently before; now the CI gate fails
rm -rf "$S"; cp -r "$T/clean" "$S"
head -n 8 "$big/measurements.csv" >"$T/cut" && cat "$T/cut" >"$big/measurements.csv"
run compare -e o0-vs-o2 --fail-on-regression 1
expect_rc 2 "compare on a cut file"
expect_err "549 bytes, the manifest says 1029: the file was cut or changed"
run list
expect_rc 2 "list"
# an import reads the store's index, not the other imports' files: it stores,
# and the next command that reads them still fails and says why
run import samples/hyperfine/warnings.txt
expect_rc 0 "import into a damaged store (stored)"
expect_out 'imported samples/hyperfine/warnings.txt'
run list
expect_rc 2 "list after that import"
expect_err "549 bytes, the manifest says 1029: the file was cut or changed"
rm "$S/index.csv" "$S/index.bin"
run import samples/hyperfine/color.txt
expect_rc 2 "import into a damaged store without its index (stored, and says the store does not verify)"
expect_out 'imported samples/hyperfine/color.txt'

# a store file replaced by a directory; an emptied source.csv
rm -rf "$S"; cp -r "$T/clean" "$S"
rm "$small/runs.csv" && mkdir "$small/runs.csv"
: >"$big/source.csv"
run list runs
expect_rc 2 "directory and emptied file"
expect_err "$small/runs.csv: error: is a directory"
expect_err "$big/source.csv: error: 0 bytes, the manifest says"
run edits
expect_rc 2 "edits on a damaged store"

# an import stored before manifests loads as before
rm -rf "$S"; cp -r "$T/clean" "$S"
rm "$big/manifest.csv"
run list runs
expect_rc 0 "import without a manifest"
[ "$(grep -c hyperfine "$T/out")" -eq 3 ] || fail "runs lost: $(cat "$T/out")"

# an interrupted import's temporary directory is ignored, then cleaned up
mkdir "$S/data/.tmp-deadbeef-1"
echo junk >"$S/data/.tmp-deadbeef-1/runs.csv"
run list runs
expect_rc 0 "list with a leftover temp dir"
run import samples/hyperfine/warnings.txt
expect_rc 0 "import after damage"
[ ! -e "$S/data/.tmp-deadbeef-1" ] || fail "temp dir not cleaned"
run list runs
[ "$(grep -c hyperfine "$T/out")" -ge 4 ] || fail "runs lost: $(cat "$T/out")"

# a directory that is not a store is refused, not written into
mkdir "$T/mine"; echo mine >"$T/mine/notes.txt"
"$BD" --store "$T/mine" import samples/hyperfine/release.txt >"$T/out" 2>"$T/err"; rc=$?
expect_rc 2 "foreign directory"
expect_err "not a benchdelta store"
[ "$(ls "$T/mine")" = "notes.txt" ] || fail "wrote into a foreign directory"
