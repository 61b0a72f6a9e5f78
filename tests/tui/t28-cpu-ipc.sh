#!/bin/sh
# CPU derives IPC (instructions / cycles) per variant when perf did not
# print it: a hand-written perf stat pair that counted cycles and
# instructions in separate runs (samples/perf/hand-ipc-*.txt). The derived
# line carries each variant's ratio, its change against the baseline and an
# untested mark; a log where perf printed "insn per cycle" gets no derived
# line (its own figure is shown).
. "$(dirname "$0")/lib.sh"

import samples/perf/hand-ipc-release.txt samples/perf/hand-ipc-pgo.txt
tui_start 80 24 -- ""
tui_wait "benchdelta · Matrix · "
tui_keys 4
tui_wait "IPC (instructions / cycles, derived)"
tui_expect t28-cpu-ipc-80x24
# 6,935,211,002 / 4,441,127,390 = 1.5616; 6,712,334,519 / 3,652,918,044 = 1.8375, +17.7%
tui_snap | grep -q '^     release (baseline)  *1\.56  ' || fail "the baseline's IPC"
tui_snap | grep -q '^     pgo  *1\.84   +17\.7% ✓? ' || fail "the candidate's IPC and its change"
# the detail line says what the figure is
tui_keys G
tui_wait "IPC: instructions over cycles of each variant's figures; derived, never tested"
tui_stop

# the same counted without privileges, as perf names them then (cycles:u,
# instructions:u): CPU rows still, and the IPC derived from the pair
rm -rf "$STORE"
for b in release pgo; do
	sed 's/ cycles$/ cycles:u/; s/ instructions$/ instructions:u/; s/-e cycles /-e cycles:u /; s/-e instructions /-e instructions:u /' \
		samples/perf/hand-ipc-$b.txt >"$TMP/ipc-$b.txt"
done
import -e ipc-u -V release "$TMP/ipc-release.txt"
import -e ipc-u -V pgo "$TMP/ipc-pgo.txt"
tui_start 80 24 -- ""
tui_wait "benchdelta · Matrix · "
tui_keys 4
tui_wait "   instructions_u  instructions retired (perf)"
tui_wait "IPC (instructions / cycles, derived)"
tui_snap | grep -q '^     pgo  *1\.84   +17\.7% ✓? ' || fail "the IPC of :u counters"
tui_stop

# perf printed its own insn per cycle: that figure, and no derived line
rm -rf "$STORE"
import -e hw -V a samples/perf/hand-hardware.txt
import -e hw -V b samples/perf/hand-hardware-repeat.txt
tui_start 80 24 -- ""
tui_wait "benchdelta · Matrix · "
tui_keys 4
tui_wait "instructions retired"
tui_snap | grep -q "derived" && fail "an IPC derived although perf printed one"
tui_keys G
tui_wait "insn_per_cycle"
tui_snap | grep -q "derived" && fail "an IPC derived although perf printed one"
tui_keys q
