#!/bin/sh
# The last import's warnings are reachable in the UI: a count on the status
# line, W lists them by file and line (quick comparison and store alike),
# the selected one whole under the list.
# Help lists F1; ? and any other key leave it (a key then does its job).
. "$(dirname "$0")/lib.sh"

tui_start 100 24 -- samples/issues/damaged-thread.md
tui_wait "W 2 warnings"
tui_keys W
tui_wait "2 warnings from the last import"
tui_wait "damaged-thread.md:15  garbled hyperfine Time line skipped"
tui_wait "damaged-thread.md:24  garbled hyperfine Range line skipped"
tui_wait "samples/issues/damaged-thread.md:15: warning: garbled hyperfine Time line skipped"
# find and the mouse work on the list
tui_keys / w a r n i n g Enter
tui_wait "/warning: 2 of 2"
# a click back on the first: n finds the second without wrapping around
tui_keys -l "$(x10 0 5 3)$(x10 3 5 3)"
tui_keys n
tui_wait "/warning: 2 of 2"
tui_keys n
tui_wait "/warning: 1 of 2 (wrapped)"
tui_keys Escape
tui_gone "from the last import"
tui_keys '?'
tui_wait "? F1"
tui_wait "show the keys (any key leaves)"
tui_keys '?'
tui_gone "show the keys"
tui_keys F1
tui_wait "show the keys"
tui_keys x
tui_gone "show the keys"
tui_keys '?'
tui_wait "show the keys"
tui_keys 1
tui_wait "EXPERIMENT"
tui_gone "show the keys"
tui_keys q
tui_gone "EXPERIMENT"
$T kill-server 2>/dev/null

# on the store: the warnings of the latest import only
import samples/hyperfine/hand-new-us.txt
import samples/issues/damaged-thread.md
tui_start 100 24 -- ""
tui_wait "W 2 warnings"
tui_keys W
tui_wait "damaged-thread.md:15: warning: garbled hyperfine Time line skipped"
# Enter: the store's runs and texts are read (the list came from the index), then Source on the line
tui_keys Enter
tui_wait "lines 11-30 of 33 · run 0ebe6a38e91e:14.1 (hyperfine, lines 14-16)"
tui_wait "15 >   Time (mean ± σ):     8l.4 ms"
tui_keys Escape
tui_wait "2 warnings from the last import"
tui_keys q
tui_gone "warnings"
