#!/bin/sh
# In a locale that is not UTF-8 the UI spells its symbols in ASCII: µs as
# us, ± as +-, α as alpha, arrows as <-/->; nothing is shown as raw bytes.
. "$(dirname "$0")/lib.sh"

tui_start 80 24 LC_ALL=C -- samples/hyperfine/hand-new-us.txt
tui_wait "METRIC"
tui_wait "+ better x worse - ? untested"
tui_keys 3 # the pair view
tui_wait "812 us"
tui_wait "+-0.13%"
tui_wait "<-/-> flip"
tui_snap | LC_ALL=C grep -q "$(printf '[\200-\377]')" && fail "non-ASCII bytes on the screen"
tui_keys q
