#!/bin/sh
# Every screen shows the store as it is, after Factors' t and after
# another process's edit while a screen shows rows: the snapshot shown is
# never changed in place, a new one is read and swapped in.
# 1. Factors, t's prompt open (the TUI does not read the store while a
#    prompt is open); another process renames a variant; the tag typed:
#    Factors, the Matrix and the list show both edits, not the rename
#    lost under the tag (the binary before kept its model, tagged in
#    place, as the store's latest).
# 2. Source shows a run's text; another process renames its variant: the
#    text stays (read again from the new snapshot, the old one let go),
#    and Runs behind it names the variant as the store now does.
# 3. A quick comparison (no store): t records the tag in its journal in
#    memory and a new snapshot is read, which every screen follows; B the
#    same (the list follows).
# Under ASan (make check-san), a screen reading the old snapshot after
# it went would fail here.
. "$(dirname "$0")/lib.sh"

import samples/issues/seed-quilkin.txt
import samples/issues/seed-llrt.txt
quilkin="Evaluate LTO, CGU=1, Profile-Guided Optimization (PGO) and LLVM BOLT"
llrt="Profile-Guided Optimization (PGO) benchmarks"
edit() { BENCHDELTA_STORE=$STORE LC_ALL=C.UTF-8 "$BD" "$@" >/dev/null 2>&1 || fail "benchdelta $*"; }

tui_start 80 24 -- ""
tui_wait "Evaluate LTO, CGU="
tui_keys 7
tui_wait "relay_lto                   lto=on · relay"
tui_keys g t
tui_wait 'tag "relay_release" (FACTOR=LEVEL'
edit rename-variant -e "$quilkin" relay_lto relay_fat_lto
tui_keys -l "alloc=jemalloc"
tui_keys Enter
tui_wait "edit 2: relay_release tagged alloc=jemalloc (u undoes)"
tui_wait "relay_release               alloc=jemalloc* · relay"
tui_wait "relay_fat_lto               lto=fat · relay"
tui_gone "relay_lto                   lto=on"
tui_keys 2
tui_wait "METRIC           release                fat_lto"
tui_keys 1
tui_wait "Variants:    relay_release (baseline), relay_fat_lto,"
# u takes the tag back; the rename (not the TUI's) stays
tui_keys 7
tui_wait "relay_release               alloc=jemalloc* · relay"
tui_keys u
tui_wait "undid edit 2"
tui_wait "relay_release               the base · relay"
tui_wait "relay_fat_lto               lto=fat · relay"

# 2. Source on llrt's Release run; another process renames Release
tui_keys 1 Down 2
tui_wait "2 variants · baseline Release"
tui_keys Enter
tui_wait "15a9446874f5:34.2      2.80 ms"
tui_keys Down Enter
tui_wait "lines 31-50 of 50 · run 15a9446874f5:34.2"
edit rename-variant -e "$llrt" Release "Release glibc"
tui_wait "the store changed (written by another benchdelta)"
tui_wait "lines 31-50 of 50 · run 15a9446874f5:34.2"
tui_wait "34 > Benchmark 2: taskset -c 0 ./llrt_release ../fixtures/hello.js"
tui_keys Escape
tui_wait "Release glibc (baseline)  1 run"
tui_stop

# 3. a quick comparison: t on its one snapshot
tui_start 80 24 -- samples/issues/seed-quilkin.txt
tui_wait "relay_release"
tui_keys 7
tui_wait "relay_lto                   lto=on · relay"
tui_keys g t
tui_wait 'tag "relay_release" (FACTOR=LEVEL'
tui_keys -l "alloc=jemalloc"
tui_keys Enter
tui_wait "edit 1: relay_release tagged alloc=jemalloc (u undoes; not stored)"
tui_wait "relay_release               alloc=jemalloc* · relay"
tui_keys 2 7
tui_wait "relay_release               alloc=jemalloc* · relay"
tui_keys 3
tui_wait "candidate: relay_lto"
tui_keys b B
tui_wait "edit 2 · u undoes it · relay_lto is the experiment's baseline (not stored)"
tui_keys 7
tui_wait "relay_release               alloc=jemalloc* · relay"
tui_keys 1
tui_wait "Variants:    relay_release, relay_lto (baseline), relay_release_pgo"
echo "ok $test_name"
