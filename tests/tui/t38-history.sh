#!/bin/sh
# History: H on a Compare row shows the metric's runs for both variants in
# every experiment, oldest import first, with a sparkline of the values
# over time; H on a variant in Runs shows that variant's alone.
. "$(dirname "$0")/lib.sh"

sed 's/812\.4 µs ±/790.4 µs ±/' samples/hyperfine/hand-new-us.txt >"$TMP/december.txt"
grep -q '790.4 µs' "$TMP/december.txt" || fail "the December copy was not made"
BENCHDELTA_STORE=$STORE SOURCE_DATE_EPOCH=1764547200 "$BD" import -e "November CI" \
	samples/hyperfine/hand-new-us.txt >/dev/null 2>&1 || fail "import November"
(cd "$TMP" && BENCHDELTA_STORE=$STORE SOURCE_DATE_EPOCH=1767225600 "$BD" import -e "December CI" \
	december.txt >/dev/null 2>&1) || fail "import December"
tui_start 100 24 -- ""
tui_wait "November CI"
tui_keys 3
tui_wait "candidate: app_pgo "
tui_keys H # Compare opens on its first row, time
tui_wait "time · input.json · history: 4 runs in 2 experiments, 2025-12-01 … 2026-01-01"
# oldest first; the sparkline falls from 812 µs to 790 µs
tui_wait " app_release  2 runs 790 µs [█▁                                      ] 812 µs"
tui_wait "812 µs  3312  ±21.3 µs hand-new-us.txt:1-3 2025-12-01 00:00 UTC"
tui_wait "790 µs  3312  ±21.3 µs december.txt:1-3    2026-01-01 00:00 UTC"
tui_keys Down Down
tui_wait "variant: app_release (command, line 1) · scenario: input.json · experiment: December CI"
tui_expect t38-history
# Enter: the source of that run, from whichever experiment it is
tui_keys Enter
tui_wait "december.txt"
tui_wait "2 >   Time (mean ± σ):     790.4 µs"
tui_keys Escape Escape
tui_wait "candidate: app_pgo "
# from Runs: the selected variant alone
tui_keys Enter
tui_wait "time · input.json · 2 runs"
tui_keys G H
tui_wait "time · input.json · history: 2 runs in 2 experiments"
tui_wait " app_pgo  2 runs"
tui_gone "app_release"
tui_keys q
