#!/bin/sh
# The Experiments list says when each experiment was imported with its
# time at 80 columns too, as ls -l does: "12-01 10:30" within six months,
# the year instead before ("2025-03-02"); from 110 columns, whole and UTC.
. "$(dirname "$0")/lib.sh"

# now is 2026-01-01 00:00 UTC (lib.sh's SOURCE_DATE_EPOCH)
BENCHDELTA_STORE=$STORE SOURCE_DATE_EPOCH=1764585000 "$BD" import -e "December" \
	samples/hyperfine/hand-new-us.txt >/dev/null 2>&1 || fail "import December" # 2025-12-01 10:30
BENCHDELTA_STORE=$STORE SOURCE_DATE_EPOCH=1740913200 "$BD" import -e "March" \
	samples/hyperfine/o0-vs-o2.txt >/dev/null 2>&1 || fail "import March" # 2025-03-02 11:00
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_snap | grep -q '^ December .* 12-01 10:30$' || fail "no time at 80 columns"
tui_snap | grep -q '^ March .* 2025-03-02$' || fail "an import of ten months ago without its year"
tui_resize 120 30
tui_wait "2025-12-01 10:30 UTC"
tui_wait "2025-03-02 11:00 UTC"
tui_stop
