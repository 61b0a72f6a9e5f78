#!/bin/sh
# On the store: Experiments → Enter → Matrix → 3 Compare; b makes the candidate the
# view's baseline, B saves that choice (list variants shows it afterwards).
. "$(dirname "$0")/lib.sh"

import samples/hyperfine/hand-new-us.txt
import samples/hyperfine/hand-relative.txt
import samples/issues/test-environment.md
tui_start 80 24 -- ""
tui_wait "Experiments"
tui_wait "hand-relative"
tui_expect t21-experiments
# the selected experiment's environment, from its "Test environment" section
tui_keys Down Down
tui_wait "Environment: Debian 12 (bookworm)"
tui_wait "AMD EPYC 7763"
tui_keys Up Enter
tui_wait "METRIC"
tui_keys 3 # the pair view
tui_wait "baseline:  tool_release"
tui_keys b
tui_wait "this view's baseline: tool_pgo"
tui_wait "baseline:  tool_pgo  (this view; the experiment's is tool_release: B saves)"
tui_keys B
tui_wait "edit 1 · u undoes it · tool_pgo is the experiment's baseline"
tui_gone "(this view;"
tui_keys q
tui_gone "baseline:"
BENCHDELTA_STORE=$STORE "$BD" list variants -e hand-relative >"$TMP/out" 2>&1
grep -q 'tool_pgo .*\*' "$TMP/out" || { cat "$TMP/out"; fail "baseline not recorded"; }
