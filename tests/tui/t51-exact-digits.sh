#!/bin/sh
# Figures claim no more than their digits: byte counts `size` printed are
# exact (a change is a fact: ✓ without `?`, every digit of -4.8%); a change
# between rounded figures ends at the digit their rounding allows, with `≈`
# when that spans more than a point (bbolt's 16 ns → 13 ns is ≈-19%, 1.3 MiB
# → 4.3 MiB ≈+230%); the Sizes bars share one scale and the total (dec)
# closes its group; the Matrix compares neither hyperfine's run counts nor
# a row that is zero in every variant.
. "$(dirname "$0")/lib.sh"

import samples/size/builds.txt
import samples/issues/seed-bbolt.txt
import samples/issues/seed-llrt.txt
import samples/issues/seed-rathole.txt
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "builds"
tui_keys Enter 5
tui_wait "benchdelta_O2 against benchdelta_O0"
tui_wait "   bss          168 B      160 B       -8 B    -4.8% ✓           █│"
# one scale: O2's text (-24,858 B) half as long as Os's (-43,115 B)
tui_wait "   text     146,511 B  121,653 B  -24,858 B   -17.0% ✓       █████│"
tui_wait "   text     146,511 B  103,396 B  -43,115 B   -29.4% ✓   █████████│"
# dec last in each group
tui_snap | sed -n '8p' | grep -q '^   dec ' || fail "dec is not last in its group"
tui_snap | grep -q '✓?' && fail "an exact byte count marked untested"
tui_keys 2
tui_wait "   text      146,511 B  121,653 B -17.0% ✓"
tui_wait "benchdelta_O2 · text: exact bytes a side, no test needed · better"
# bbolt: rounded figures, a change no finer than they allow
tui_keys 1
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "Link"
tui_keys Enter Enter
tui_wait "   read.time_per_op      16 ns     13 ns  ≈-19% ✓?"
tui_wait "   file_size           1.3 MiB         -             4.3 MiB ≈+230% ✗?"
# llrt: the runs a figure summarizes are not a result
tui_keys 1
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "benchmarks"
tui_keys Enter Enter
tui_wait "   runs        10000          10000"
tui_snap | grep '   runs ' | grep -q '%' && fail "hyperfine's runs compared on the Matrix"
tui_keys G
tui_wait "PGO-optimized · runs: how much was measured: not compared"
# rathole: retransmits are 0 in every variant
tui_keys 1
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "LLVM BOLT"
tui_keys Enter Enter
tui_wait "   sender.retransmits            0                        0"
tui_snap | grep '   sender.retransmits ' | grep -q '~' && fail "an all-zero row compared"
tui_keys q
