#!/bin/sh
# fsck names every problem with its file and exits 2 when there is one;
# --repair removes leftovers, rebuilds damaged imports from their texts,
# writes missing manifests, keeps the journal rows that still read, and
# says what it could not mend.
. "$(dirname "$0")/lib.sh"
S=$BENCHDELTA_STORE

run fsck
expect_rc 0 "no store"
expect_out 'no store here'
run import samples/hyperfine/o0-vs-o2.txt
run import samples/hyperfine/hand-relative.txt
run import samples/issues/thread-v1.md
run rename-variant tool_pgo PGO
run list runs
cp "$T/out" "$T/runs"
run fsck
expect_rc 0 "a sound store"
expect_out "$S: no problems"

big=$(dirname "$(grep -l o0-vs-o2 "$S"/data/*/source.csv)")
rel=$(dirname "$(grep -l hand-relative "$S"/data/*/source.csv)")
thr=$(dirname "$(grep -l thread-v1 "$S"/data/*/source.csv)")
head -n 8 "$big/measurements.csv" >"$T/cut" && cp "$T/cut" "$big/measurements.csv"
rm "$rel/manifest.csv"
mkdir "$S/data/.tmp-$(basename "$big")-77"
echo partial >"$S/sources/$(basename "$big").tmp.77"
echo 'some text' >"$S/sources/0123456789abcdef0123456789abcdef"
cp "$S/edits.csv" "$T/journal"
head -n 2 "$T/journal" >"$S/edits.csv"
printf '"kind","target","value","created"\n' >"$S/overrides.csv"
run fsck
expect_rc 2 "problems"
expect_out "$S/data/.tmp-$(basename "$big")-77: error: left by an interrupted write"
expect_out "$S/sources/$(basename "$big").tmp.77: error: left by an interrupted write"
expect_out "$big/measurements.csv: error: 549 bytes, the manifest says 1029: the file was cut or changed"
expect_out "$rel: error: no manifest (stored before manifests)"
expect_out "$S/sources/0123456789abcdef0123456789abcdef: error: a text no import refers to"
expect_out "$S/edits.csv: error: no checksum row at its end"
expect_out "$S/overrides.csv: error: folded into edits.csv already: a leftover"
expect_out '7 problems'

run fsck --repair
expect_rc 0 "all mended"
expect_out "$big: note: repaired: rebuilt from its text"
expect_out "$rel: note: repaired: manifest written"
expect_out "$S/edits.csv: note: repaired: rewritten with the rows that still read"
run fsck
expect_rc 0 "sound again"
run list runs
expect_rc 0 "list after the repair"
# the journal lost its cut rows (the rename), everything else is back as it was
[ "$(grep -c hyperfine "$T/out")" -eq "$(grep -c hyperfine "$T/runs")" ] || fail "runs lost: $(cat "$T/out")"
[ ! -e "$S/overrides.csv" ] && [ ! -e "$S/sources/0123456789abcdef0123456789abcdef" ] || fail "leftovers stay"

# an import from before manifests with a row that does not read: named with its file, rebuilt
rm "$rel/manifest.csv"
printf '"x:1.1","time","mean","s","0.00O281","1","lower","0","0"\n' >>"$rel/measurements.csv"
run fsck
expect_rc 2 "a bad row"
expect_out "$rel/measurements.csv:16: error: bad run id (no such run) 'x:1.1'; row skipped"
run fsck --repair
expect_rc 0 "rebuilt"
expect_out '2 problems, 2 repaired'
grep -q 'x:1.1' "$rel/measurements.csv" && fail "bad row kept"

# a text changed after it was stored cannot be trusted: said, not mended
printf 'changed\n' >>"$S/sources/$(basename "$thr")"
run fsck --repair
expect_rc 2 "a changed text"
expect_out "$S/sources/$(basename "$thr"): error: its contents do not hash to its name"
expect_out '1 problem, 0 repaired'
