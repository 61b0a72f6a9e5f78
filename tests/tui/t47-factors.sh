#!/bin/sh
# Factors (7) at 80x24: bbolt-rs's variants, their factors and pairs with
# each family's effect (the families that do not fit counted); Enter opens a pair in Compare; a shows a factor
# across the store as a forest plot, and Y writes its Markdown; t tags a
# variant (recorded, u undoes it); x on two variants of two experiments
# compares them, with a warning. At 200x60 the across view has the room
# for each line's interval and the pooled spread, and names every verdict.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-rathole.txt
import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
import samples/issues/seed-bbolt.txt
# a rerun of rathole: every bitrate's last two digits swapped (no block is one imported before)
sed 's/\([0-9]\)\.\([0-9]\)\([0-9]\) Gbits/\1.\3\2 Gbits/' samples/issues/seed-rathole.txt >"$TMP/rerun.txt"
import -e "rathole, a month later" "$TMP/rerun.txt"

top=$(pwd)
cd "$TMP" || exit 1 # Y writes into the TUI's current directory
tui_start 80 24 -- ""
cd "$top" || exit 1
tui_wait "Evaluate using Pro…ptimization (PLO)"
# bbolt-rs: the third experiment of the list
tui_keys Down Down
tui_wait "Variants:    Release (baseline), Release + PGO optimization,"
tui_keys 7
tui_wait "bolt · post-link optimization"
tui_expect factors-bbolt

# Enter on a pair: Compare shows it
tui_keys Down Down Down Down Down Down Down Down Enter
tui_wait "candidate: Release + PGO optimization  (1 of 4)"
# Esc: back to Factors, where Compare was asked for
tui_keys Escape
tui_wait "bolt · post-link optimization"
tui_gone "candidate: Release + PGO optimization"
tui_keys 7
tui_wait "bolt · post-link optimization"

# a: PGO across the store, a forest plot per family
tui_keys a
tui_wait "pgo across the store: 5 of 5 experiments with a pair"
tui_expect factors-across
tui_keys Y
tui_wait "benchdelta-factors-1.md"
md=$TMP/benchdelta-factors-1.md
grep -qxF '**pgo** across 5 experiments' "$md" || fail "no title in $(cat "$md")"
grep -qF '| – | Evaluate Profile-Guided Optimization (PGO) and LLVM BOLT | throughput | +2.3% | \[+1.3%, +3.2%\] | **better** |  |' "$md" ||
	fail "no rathole throughput row in $(cat "$md")"
grep -qF '| **pooled** | 2 experiments | time | -13% | ×/÷ 1.13 between them | 2 better, 0 worse, 0 ~ | |' "$md" ||
	fail "no pooled time row in $(cat "$md")"
tui_keys a
tui_wait "bolt · post-link optimization"

# t on a variant: tagged, recorded; u takes it back
tui_keys g # the first variant: g skips the heading
tui_keys t
tui_wait 'tag "Release" (FACTOR=LEVEL'
tui_keys -l "alloc=jemalloc"
tui_keys Enter
tui_wait "edit 1: Release tagged alloc=jemalloc (u undoes)"
tui_wait "alloc=jemalloc*"
tui_keys u
tui_wait "undid edit 1"
tui_gone "alloc=jemalloc*"

# x: rathole's Release against the rerun's PGO build
tui_keys 1
tui_wait " EXPERIMENT "
tui_keys g Down
tui_wait "Variants:    Rathole Release (baseline), Rathole Release + PGO-optimized"
tui_keys 7
tui_wait "pgo · profile-guided optimization"
tui_keys g x
tui_wait "picked Rathole Release: x on a variant of another experiment compares them"
tui_keys 1 g Down Down Down Down
tui_wait "Variants:    Rathole Release (baseline), Rathole Release + PGO-optimized"
tui_keys 7
tui_wait "pgo · profile-guided optimization"
tui_keys g Down x
tui_wait "Rathole Release → Rathole Release + PGO-optimized, across two experiments"
tui_wait "a difference may not be the builds'"
tui_wait "throughput"
tui_expect factors-cross
tui_stop

cd "$TMP" || exit 1
tui_start 200 60 -- ""
cd "$top" || exit 1
tui_wait "Evaluate using Profile-Guided"
tui_keys Down Down 7
tui_wait "size ≈+160% worse?"
tui_keys Down Down Down Down Down Down Down a
tui_wait "pgo across the store: 5 of 5 experiments with a pair"
tui_wait "y: copy the table as Markdown · Y: write it to a file · a: back to the experiment"
snap=$(tui_snap)
for want in "effect  interval          verdict" "[-4.8%, -4.6%]    better" "×/÷ 1.13          2 better, 0 worse, 0 ~" \
	"one experiment    1 better, 0 worse, 0 ~"; do
	printf '%s\n' "$snap" | grep -qF -- "$want" || fail "200x60 across view lacks '$want':
$snap"
done
tui_stop
