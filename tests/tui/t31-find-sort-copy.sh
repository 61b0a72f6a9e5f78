#!/bin/sh
# Find, sort, filter and copy on Compare: / with n and N, o cycling the
# order (named in the header), ~ hiding unchanged rows, ] and [ between
# significant changes, y copying the table as Markdown through OSC 52
# (tmux keeps it as a paste buffer with set-clipboard on), Y into a file.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
cd "$TMP" || exit 1 # Y writes into the current directory
tui_start 80 24 -- ""
$T set-option -g set-clipboard on
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "candidate: Rathole Release + PGO-optimized"
tui_wait "   sender.transfer "
# find: the cursor moves to the matches, the status line counts them
tui_keys / r e c
tui_wait "/rec_"
tui_keys Enter
tui_wait "/rec: 1 of 2"
tui_keys n
tui_wait "/rec: 2 of 2"
tui_keys n
tui_wait "/rec: 1 of 2 (wrapped)"
tui_keys N
tui_wait "/rec: 2 of 2 (wrapped)"
tui_keys / B O G U S Enter
tui_wait "/BOGUS: not found"
tui_keys / '(' Enter
tui_wait "missing closing parenthesis"
tui_wait "/(_"
tui_keys Escape
tui_wait "cancelled"
# sort: by name, by Δ, by |Δ|, by p, by better, back to the table's order
tui_keys o
tui_wait "METRIC by name"
tui_wait_line 6 "   receiver.bitrate   6.30 Gbit/s 6.44 Gbit/s    +2.2%   ±1.1%   0.029  better"
tui_keys o o
tui_wait "METRIC by |Δ|"
tui_wait_line 10 "   sender.retransmits           0           0" # zero on both sides: no change shown
tui_keys o o o # p, better, back
tui_wait "rows in the table's order"
tui_wait_line 6 "   sender.transfer       44.0 GiB    45.0 GiB      +2%   ±1.2%   0.029  better"
# ~ hides the unchanged retransmits
tui_keys '~'
tui_wait "METRIC · ~ hidden"
tui_gone "sender.retransmits"
tui_keys '~'
tui_wait "sender.retransmits"
# ] and [ go from one significant change to the next
tui_keys g # on the first row, itself significant
tui_wait "sender.transfer: Mann-Whitney U"
tui_keys ']' ']' ']'
tui_wait "receiver.bitrate: Mann-Whitney U"
tui_keys ']'
tui_wait "no significant change below"
tui_keys '['
tui_wait "receiver.transfer: Mann-Whitney U"
# y: OSC 52 to the terminal's clipboard (tmux's paste buffer)
tui_keys y
tui_wait "copied 14 Markdown lines (OSC 52)"
$T show-buffer >"$TMP/clip" 2>/dev/null || fail "no clipboard buffer after y"
grep -qxF '**Rathole Release + PGO-optimized** against **Rathole Release** (baseline)' "$TMP/clip" ||
	{ cat "$TMP/clip"; fail "copied text lacks its title"; }
grep -qxF '| sender.bitrate | 6.30 Gbit/s ±0.30% | 6.44 Gbit/s ±0.54% | +2.2% | ±0.99% | 0.029 | u-test | **better** |' "$TMP/clip" ||
	{ cat "$TMP/clip"; fail "copied table lacks the sender.bitrate row"; }
# Y: a file it names
tui_keys Y
tui_wait "wrote benchdelta-compare-1.md"
cmp -s "$TMP/clip" "$TMP/benchdelta-compare-1.md" || fail "Y wrote another text than y copied"
tui_keys Y
tui_wait "benchdelta-compare-2.md"
tui_keys q
