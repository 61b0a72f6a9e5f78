#!/bin/sh
# Prompts that invite no mistake, names as the user reads them: the merge
# prompt starts empty (one Enter merged the candidate into the next
# variant), Tab offers the others; the saved baseline and the export name
# the variant as displayed ("PGO-round2"), never its key ("pgo round2").
. "$(dirname "$0")/lib.sh"

bd() { BENCHDELTA_STORE=$STORE "$BD" "$@"; }
cat >"$TMP/pgo.md" <<'TEXT'
Release:

Benchmark 1: ./app run
  Time (mean ± σ):      10.0 ms ±   1.0 ms    [User: 9.0 ms, System: 1.0 ms]
  Range (min … max):     8.5 ms …  11.9 ms    10 runs

PGO-round2:

Benchmark 1: ./app run
  Time (mean ± σ):      8.2 ms ±   1.0 ms    [User: 7.1 ms, System: 1.0 ms]
  Range (min … max):     6.7 ms …  10.0 ms    10 runs
TEXT
import -e pgo "$TMP/pgo.md"
tui_start 80 24 -- ""
tui_wait "METRIC"
tui_keys Enter
tui_wait "Release (baseline)"
tui_wait "94c8b718ea1a:9.1"
tui_keys m
tui_wait 'merge "Release" into (Tab: the variants): _'
tui_keys Enter
tui_wait "nothing merged"
[ "$(bd edits 2>/dev/null | grep -c merge)" = 0 ] || fail "an Enter on the merge prompt merged"
tui_keys m
tui_keys Tab
tui_wait 'merge "Release" into (Tab: the variants): PGO-round2_'
tui_keys Escape
tui_wait "cancelled"
# the view's baseline, then saved: the message and the journal say the name shown
tui_keys 3
tui_wait "candidate: PGO-round2"
tui_keys s
tui_wait "baseline:  PGO-round2  (this view"
tui_keys B
tui_wait "PGO-round2 is the experiment's baseline"
bd edits >"$TMP/e" 2>&1
grep -q 'baseline of "pgo" is "PGO-round2"' "$TMP/e" || { cat "$TMP/e"; fail "the journal names a key"; }
bd export -f json >"$TMP/j" 2>&1
grep -q '"baseline": "PGO-round2"' "$TMP/j" || { grep baseline "$TMP/j"; fail "export names the baseline by its key"; }
tui_keys q
