#!/bin/sh
# Names that differ only at the end stay apart at 80 columns: experiments
# (the list, the title, the remove prompt) and source places are cut in
# the middle, so that "(run)" and ":LINES" show; the list says where the
# selected experiment came from; a warning shows its file and line first,
# whole under the list, and Enter opens its text at that line.
. "$(dirname "$0")/lib.sh"

# two threads with one title (a real hyperfine output under it): the second gets "(run)"
mkdir -p "$TMP/run"
for i in 1 2; do
	{
		echo "# Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT on the demo service"
		echo
		sed "s/1\.912 s/1.9$i s/" samples/hyperfine/hand-relative.txt
	} >"$TMP/run/run$i.txt"
	import "$TMP/run/run$i.txt"
done
import samples/issues/same-variant-twice.md
import samples/hyperfine/hand-damaged.txt
BENCHDELTA_STORE=$STORE "$BD" list | grep -q 'demo service (run) ' || fail "no second experiment"
tui_start 80 24 -- ""
tui_wait "EXPERIMENT"
tui_wait "…emo service (run)  "
tui_keys g
tui_wait "… the demo service  "
n=$(tui_snap | grep -c 'emo service')
[ "$n" -ge 2 ] || fail "both experiments should end in their names' ends"
# the selected one: where it came from, its remove prompt and title keep the end
tui_prompt / /
tui_keys -l "service .run"
tui_keys Enter
tui_wait "From:        $TMP/run/run2.txt"
tui_keys d
tui_wait "…ervice (run)\" (2 runs)? yes or its name: _"
tui_keys Escape
tui_keys Enter
tui_wait "benchdelta · Matrix · Evaluate"
tui_wait "demo service (run) ("
# Runs: the source places keep their line numbers
tui_keys 1
tui_wait "EXPERIMENT"
tui_prompt / /
tui_keys -l "Startup"
tui_keys Enter
tui_keys Enter
tui_wait "METRIC"
tui_keys Enter
tui_wait "Enter on a run: the text it was read from"
tui_wait "same-varia…e.md:28-30"
tui_keys q
# Warnings: the place first, the whole message under the list, Enter: the line in its text
tui_stop
tui_start 80 24 -- samples/hyperfine/hand-damaged.txt
tui_wait "METRIC"
tui_keys W
tui_wait "hand-damaged.txt:6   garbled hyperfine Time line skipped"
tui_wait "samples/hyperfine/hand-damaged.txt:6: warning: garbled hyperfine Time line"
tui_wait "skipped: \"Time (mean ± σ):     3O.4 ms ±   0.7 ms    [User: 33.9 ms...\""
tui_keys Enter
tui_wait "lines 1-13 of 13 · run "
tui_wait " 6 >   Time (mean ± σ):     3O.4 ms"
tui_keys Escape
tui_wait "warnings from the last import"
tui_keys q
