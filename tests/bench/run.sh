#!/bin/sh
# run.sh - `make bench`: benchdelta's speed and memory as ratios against
# references measured in the same run (pcre2grep on the same file, the same
# command on a quarter of the input, VisiData on the same measurements), so
# the noise of a busy machine mostly cancels. Prints one table; asserts
# nothing (speed is never a test verdict). See tests/bench/RESULTS.md.
#
#   BENCH_MB     size of the mixed log (default 100)
#   BENCH_EXPS   experiments in the "open" store, 1,000 measurements each
#                (default 1000)
#   BENCH_WIDE   benchmarks (variants) of the wide experiment (default 8000)
#   BENCH_SECTIONS sections under headings of the sectioned log, timed runs
#                of each of two texts imported together, rows of the size
#                table; an eighth and a half of it, results of the hyperfine
#                JSON export (default 16000)
#   BENCH_VD     set to 0 to skip VisiData
#   BENCH_ROUNDS rounds of the lines of goals 1 to 3 and of the edits (default 3), after
#                one round not counted (the warm-up): the commands alternate
#                round by round, and each line shows the median time and the
#                largest peak RSS of its counted rounds
#   BENCH_PAUSE  seconds of pause before each round of the parse after a
#                pause (default 5)
set -eu
BD=${1:-./benchdelta}
BCAT=${2:-} # tests/bench/bench_catalog.c: the catalog's summaries (make bench builds it)
BCORES=${3:-} # tests/bench/bench_cores.c: whether two cores are free (make bench builds it)
MB=${BENCH_MB:-100}
EXPS=${BENCH_EXPS:-1000}
WIDE=${BENCH_WIDE:-8000}
SECTIONS=${BENCH_SECTIONS:-16000}
ROUNDS=${BENCH_ROUNDS:-3}
PAUSE=${BENCH_PAUSE:-5}
cd "$(dirname "$0")/../.."
BD=$(cd "$(dirname "$BD")" && pwd)/$(basename "$BD")
GEN=$(pwd)/tests/bench/gen.awk
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1767225600 LC_ALL=C
export BENCHDELTA_STORE="$tmp/s.none" # the dry runs' store: none, whatever the user's holds

need() { command -v "$1" >/dev/null 2>&1 || { echo "bench: needs $1 ($2)" >&2; exit 1; }; }
need pcre2grep pcre2-utils
need /usr/bin/time time

# t NAME CMD...: run CMD (output discarded), record "seconds maxrss_kib" in $tmp/t.NAME
t() {
	name=$1
	shift
	t0=$(date +%s%N)
	/usr/bin/time -f '%M' -o "$tmp/rss.$name" "$@" >/dev/null 2>"$tmp/err.$name" || {
		echo "bench: '$*' failed:" >&2
		tail -5 "$tmp/err.$name" >&2
		exit 1
	}
	t1=$(date +%s%N)
	echo "$(((t1 - t0) / 1000000)) $(tail -1 "$tmp/rss.$name")" >"$tmp/t.$name"
}
# cores NAME: "share round-trip" of two threads now in $tmp/NAME (bench_cores.c), "? ?" without it
cores() {
	if [ -n "$BCORES" ]; then "$BCORES" >"$tmp/$1"; else echo "? ?" >"$tmp/$1"; fi
}
# settle NAME: t.NAME from t.NAME.1 .. t.NAME.$ROUNDS, the median time (the
# lower middle one of an even count) and the largest peak RSS
settle() {
	k=1
	while [ $k -le "$ROUNDS" ]; do
		cat "$tmp/t.$1.$k"
		k=$((k + 1))
	done | sort -n | awk -v n="$ROUNDS" '
		{ ms[NR] = $1; if ($2 > rss) rss = $2 }
		END { print ms[int((n + 1) / 2)], rss }' >"$tmp/t.$1"
}
# all NAME...: "NAME: ms ms ms" of each line's rounds, the warm-up first
all() {
	for name; do
		printf '%s:' "$name"
		k=0
		while [ $k -le "$ROUNDS" ]; do
			printf ' %s' "$(cut -d' ' -f1 <"$tmp/t.$name.$k")"
			k=$((k + 1))
		done
		echo
	done
}
# seconds (3 decimals) and peak RSS in MiB of a measured command
secs() { awk '{ printf "%.3f\n", $1 / 1000 }' <"$tmp/t.$1"; }
mib() { awk '{ printf "%.0f\n", $2 / 1024 }' <"$tmp/t.$1"; }
kib() { awk '{ print $2 }' <"$tmp/t.$1"; }
# a row: what, figure, goal, met (awk decides)
row() { printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0) ? a / b : 0 }'; }
atleast() { awk -v v="$1" -v g="$2" 'BEGIN { print (v + 0 >= g + 0) ? "yes" : "no" }'; }
atmost() { awk -v v="$1" -v g="$2" 'BEGIN { print (v + 0 <= g + 0) ? "yes" : "no" }'; }

gen() { awk -f "$GEN" "$@"; }

echo "generating inputs ($MB MB mixed log, $EXPS experiments, $WIDE-wide blocks)..." >&2
kb=$((MB * 1024))
gen -v mode=mixed -v kb=$kb -v seed=1 >"$tmp/big.log"
gen -v mode=mixed -v kb=$((kb / 4)) -v seed=2 >"$tmp/quarter.log"
gen -v mode=hyperfine -v n=$((WIDE / 4)) -v seed=3 >"$tmp/hf1.md"
gen -v mode=hyperfine -v n=$WIDE -v seed=4 >"$tmp/hf4.md"
gen -v mode=criterion -v n=$((WIDE / 4)) -v seed=5 >"$tmp/cr1.md"
gen -v mode=criterion -v n=$WIDE -v seed=6 >"$tmp/cr4.md"
gen -v mode=sections -v n=$((SECTIONS / 4)) -v seed=9 >"$tmp/sec1.md"
gen -v mode=sections -v n=$SECTIONS -v seed=10 >"$tmp/sec4.md"
gen -v mode=timed -v n=$((SECTIONS / 4)) -v seed=11 -v prog="./tool --mode" >"$tmp/tim1a.log"
gen -v mode=timed -v n=$((SECTIONS / 4)) -v seed=12 -v prog="python3 other.py --impl" >"$tmp/tim1b.log"
gen -v mode=timed -v n=$SECTIONS -v seed=13 -v prog="./tool --mode" >"$tmp/tim4a.log"
gen -v mode=timed -v n=$SECTIONS -v seed=14 -v prog="python3 other.py --impl" >"$tmp/tim4b.log"
gen -v mode=sizerows -v n=$((SECTIONS / 4)) -v seed=15 >"$tmp/rows1.txt"
gen -v mode=sizerows -v n=$SECTIONS -v seed=16 >"$tmp/rows4.txt"
gen -v mode=hfjson -v n=$((SECTIONS / 8)) -v seed=17 >"$tmp/hfj1.json"
gen -v mode=hfjson -v n=$((SECTIONS / 2)) -v seed=18 >"$tmp/hfj4.json"
gen -v mode=mixed -v kb=100 -v seed=7 >"$tmp/small.log"
gen -v mode=mixed -v kb=6600 -v seed=8 >"$tmp/100k.log"
mkdir "$tmp/exps"
i=0
while [ $i -lt "$EXPS" ]; do
	gen -v mode=mixed -v kb=64 -v seed=$((100 + i)) -v title="Experiment $i: the build flags" \
		>"$tmp/exps/e$i.md"
	i=$((i + 1))
done
size=$(wc -c <"$tmp/big.log")

echo "measuring..." >&2
rx='^\[\s*\d+\]\s+[\d.]+-[\d.]+\s+sec\s+[\d.]+\s+\w+\s+[\d.]+\s+\w+/sec.*(sender|receiver)\s*$'
# Each round runs every command once, so that a slow spell of the machine
# falls on all of them. Round 0, the warm-up, is not counted: it reads the
# inputs into the page cache, and it pays for memory the machine touches
# for the first time since it booted, which on a fresh VM costs several
# times what memory used once before costs (RESULTS.md) and falls on the
# largest command alone.
round=0
while [ $round -le "$ROUNDS" ]; do
	# two threads' share of the machine, and how far apart, right before the two-thread parse
	cores cores.$round
	t grep.$round pcre2grep -c "$rx" "$tmp/big.log"
	t parse.$round "$BD" import -n "$tmp/big.log"
	t parse4.$round "$BD" import -n "$tmp/quarter.log"
	rm -rf "$tmp/s.big" "$tmp/s.quarter"
	t import.$round "$BD" --store "$tmp/s.big" import -e big "$tmp/big.log"
	t import4.$round "$BD" --store "$tmp/s.quarter" import -e big "$tmp/quarter.log"
	t compare.$round "$BD" --store "$tmp/s.big" compare -e big -f csv
	t compare4.$round "$BD" --store "$tmp/s.quarter" compare -e big -f csv
	round=$((round + 1))
done
for name in grep parse parse4 import import4 compare compare4; do
	settle $name
done
# The parse again after a pause, as a user runs it: a machine left idle for
# a few seconds may take back free memory (a VM's balloon reports it to the
# host), and the first touches of what the parse writes then cost more
# (RESULTS.md: huge pages). pcre2grep right before it, as in the rounds
# above. Shown beside the bound's line, which stays the goal's.
round=0
while [ $round -le "$ROUNDS" ]; do
	sleep "$PAUSE"
	t pgrep.$round pcre2grep -c "$rx" "$tmp/big.log"
	t pparse.$round "$BD" import -n "$tmp/big.log"
	cores pcores.$round # (after the parse: before it, it would end the pause)
	round=$((round + 1))
done
settle pgrep
settle pparse
nmeas=$("$BD" --store "$tmp/s.big" list -e big 2>/dev/null | awk 'NR == 2 { print $5 }')

# variants (hyperfine) and benchmarks (Criterion) of one experiment, and texts of one
# import: every fourth of the open store's texts, then all of them, in one import -n each
# (every fourth, not the first quarter: the later seeds' size tables overflow awk's %d and
# are damaged rows, each a warning, and a quarter must be like the whole). In rounds as
# above: one run of a command of 0.02 to 0.2 s is at the mercy of a slow spell.
i=0
while [ $i -lt "$EXPS" ]; do
	echo "$tmp/exps/e$i.md"
	i=$((i + 1))
done >"$tmp/texts4"
awk 'NR % 4 == 1' "$tmp/texts4" >"$tmp/texts1"
round=0
while [ $round -le "$ROUNDS" ]; do
	rm -rf "$tmp/s.hf1" "$tmp/s.hf4" "$tmp/s.cr1" "$tmp/s.cr4"
	t hf1.$round "$BD" --store "$tmp/s.hf1" import -e wide "$tmp/hf1.md"
	t hf4.$round "$BD" --store "$tmp/s.hf4" import -e wide "$tmp/hf4.md"
	t hfc1.$round "$BD" --store "$tmp/s.hf1" compare -e wide -f csv
	t hfc4.$round "$BD" --store "$tmp/s.hf4" compare -e wide -f csv
	t cr1.$round "$BD" --store "$tmp/s.cr1" import -e wide "$tmp/cr1.md"
	t cr4.$round "$BD" --store "$tmp/s.cr4" import -e wide "$tmp/cr4.md"
	t crc1.$round "$BD" --store "$tmp/s.cr1" compare -e wide -f csv
	t crc4.$round "$BD" --store "$tmp/s.cr4" compare -e wide -f csv
	t texts1.$round "$BD" import -n $(cat "$tmp/texts1") # (one command each, no xargs split)
	t texts4.$round "$BD" import -n $(cat "$tmp/texts4")
	t sec1.$round "$BD" import -n "$tmp/sec1.md"
	t sec4.$round "$BD" import -n "$tmp/sec4.md"
	t tim1.$round "$BD" import -n -e together "$tmp/tim1a.log" "$tmp/tim1b.log"
	t tim4.$round "$BD" import -n -e together "$tmp/tim4a.log" "$tmp/tim4b.log"
	t rows1.$round "$BD" import -n "$tmp/rows1.txt"
	t rows4.$round "$BD" import -n "$tmp/rows4.txt"
	t hfj1.$round "$BD" import -n "$tmp/hfj1.json"
	t hfj4.$round "$BD" import -n "$tmp/hfj4.json"
	round=$((round + 1))
done
for name in hf1 hf4 hfc1 hfc4 cr1 cr4 crc1 crc4 texts1 texts4 sec1 sec4 tim1 tim4 rows1 rows4 hfj1 hfj4; do
	settle $name
done

# the "open" store: EXPS experiments (one titled text each), imported in batches
ls "$tmp/exps" | sed "s|^|$tmp/exps/|" | xargs -n 100 "$BD" --store "$tmp/s.open" import >/dev/null 2>&1
openmeas=$("$BD" --store "$tmp/s.open" export -f csv 2>/dev/null | tee "$tmp/open.csv" | wc -l)
openmeas=$((openmeas - 1))
t list "$BD" --store "$tmp/s.open" list
# edits of the open store, and fsck of it: each edit on a copy whose index is fresh, as a
# store in use has it (a list, the TUI or a compare writes it); one more right after
# another edit, on the index that edit wrote again (a move does). In rounds, as above.
imp8=$("$BD" --store "$tmp/s.open" list imports 2>/dev/null | awk '/\/e8\.md$/ { print $1 }')
round=0
while [ $round -le "$ROUNDS" ]; do
	rm -rf "$tmp/s.edit"
	cp -r "$tmp/s.open" "$tmp/s.edit"
	sync
	E="$BD --store $tmp/s.edit"
	$E list >/dev/null 2>&1
	t ed_rm.$round $E rm "Experiment 5: the build flags"
	$E list >/dev/null 2>&1
	t ed_undo.$round $E undo
	$E list >/dev/null 2>&1
	t ed_rename.$round $E rename-experiment "Experiment 7: the build flags" "Experiment 7 renamed"
	$E list >/dev/null 2>&1
	t ed_move.$round $E move "$imp8" "Experiment 9: the build flags"
	t ed_stale.$round $E rename-experiment "Experiment 9: the build flags" "Experiment 9 renamed"
	t fsck.$round $E fsck
	round=$((round + 1))
done
for name in ed_rm ed_undo ed_rename ed_move ed_stale fsck; do
	settle $name
done
# one factor across the open store: opt=O3 has pairs (app_O0, _O1, _O2 to app_O3) in every
# experiment, so each is read and compared; lto has none, so the index alone answers
"$BD" --store "$tmp/s.open" list >/dev/null 2>&1 # a fresh index, as a store in use has
round=0
while [ $round -le "$ROUNDS" ]; do
	t fx_o3.$round "$BD" --store "$tmp/s.open" factors --across opt=O3
	t fx_none.$round "$BD" --store "$tmp/s.open" factors --across lto
	round=$((round + 1))
done
settle fx_o3
settle fx_none
# PGO across the open store: its texts have no PGO build, so one tag (recorded, as a user would)
# makes app_O3 the PGO build of app_O2 in every experiment; that pair's effects were kept by the
# opt=O3 rounds above (app_O2 to app_O3 is one of theirs), whose round 0 judged every pair. Against
# the same store's list (the index alone); and right after an edit of one experiment (a rename:
# the index then stale)
rm -rf "$tmp/s.fx"
cp -r "$tmp/s.open" "$tmp/s.fx"
F="$BD --store $tmp/s.fx"
$F tag app_O3 opt=O2 pgo=optimized >/dev/null 2>&1
$F list >/dev/null 2>&1
npgo=$($F factors --across pgo 2>/dev/null | awk 'NR == 1 { print $5 }')
exp7="Experiment 7: the build flags"
round=0
while [ $round -le "$ROUNDS" ]; do
	t fx_pgo.$round $F factors --across pgo
	t fx_list.$round $F list
	$F rename-experiment "$exp7" "$exp7 ($round)" >/dev/null 2>&1
	exp7="$exp7 ($round)"
	t fx_edit.$round $F factors --across pgo
	round=$((round + 1))
done
settle fx_pgo
settle fx_list
settle fx_edit
# goal 4's read paths on the same store, after one round not counted (it pays for the page
# cache, and for the catalog when an older version imported): each command once a round
exp5="Experiment 5: the build flags"
run5=$("$BD" --store "$tmp/s.open" list runs -e "$exp5" 2>/dev/null | awk 'NR == 2 { print $1 }')
round=0
while [ $round -le "$ROUNDS" ]; do
	t rruns.$round "$BD" --store "$tmp/s.open" list runs -e "$exp5"
	t rshow.$round "$BD" --store "$tmp/s.open" show "$run5"
	t rsource.$round "$BD" --store "$tmp/s.open" source "$run5"
	t rhist.$round "$BD" --store "$tmp/s.open" history time
	t rexport.$round "$BD" --store "$tmp/s.open" export -e "$exp5" -f csv
	t rcompare.$round "$BD" --store "$tmp/s.open" compare -e "$exp5" -f csv
	round=$((round + 1))
done
for name in rruns rshow rsource rhist rexport rcompare; do
	settle $name
done
nhist=$("$BD" --store "$tmp/s.open" history time 2>/dev/null | grep -c '^  20')
# the catalog's summary of every experiment x variant x scenario x metric (a later factors --across)
cat_ok=0
if [ -n "$BCAT" ] && [ -x "$BCAT" ]; then
	"$BCAT" "$tmp/s.open" >"$tmp/cat.1" && "$BCAT" "$tmp/s.open" >"$tmp/cat.2" &&
		"$BCAT" "$tmp/s.open" >"$tmp/cat.3" && cat_ok=1
fi
# reparse of every fourth of the open store's texts, then of all of them (as goal 3's texts)
ls "$tmp/exps" | awk 'NR % 4 == 1' | sed "s|^|$tmp/exps/|" |
	xargs -n 100 "$BD" --store "$tmp/s.rp1" import >/dev/null 2>&1
round=0
while [ $round -le "$ROUNDS" ]; do
	t rp1.$round "$BD" --store "$tmp/s.rp1" reparse -n
	t rp4.$round "$BD" --store "$tmp/s.open" reparse -n
	round=$((round + 1))
done
settle rp1
settle rp4
# a small import into that store, against the same into an empty one (best of 3 each)
for k in 1 2 3; do
	cp -r "$tmp/s.open" "$tmp/s.dedup$k"
	sync # the copy's writeback is not the import's: its fsyncs would wait for it
	t small_full$k "$BD" --store "$tmp/s.dedup$k" import "$tmp/small.log"
	sync
	t small_empty$k "$BD" --store "$tmp/s.empty$k" import "$tmp/small.log"
	rm -rf "$tmp/s.dedup$k" "$tmp/s.empty$k"
done
best() { for k in 1 2 3; do secs "$1$k"; done | sort -n | head -1; }
bestrss() { for k in 1 2 3; do mib "$1$k"; done | sort -n | head -1; }
bestkib() { for k in 1 2 3; do kib "$1$k"; done | sort -n | head -1; }
t_full=$(best small_full)
t_empty=$(best small_empty)
"$BD" --store "$tmp/s.100k" import -e hundredk "$tmp/100k.log" >/dev/null 2>&1
t c100k "$BD" --store "$tmp/s.100k" compare -e hundredk -f csv
n100k=$("$BD" --store "$tmp/s.100k" export -e hundredk -f csv 2>/dev/null | wc -l)
# the TUI's first screen on the open store (in tmux, when there is one): wall time from
# the start until the experiment list is on the screen (polled), peak RSS until q
tui_ok=0
# on_screen TEXT: poll the TUI's screen until TEXT is on it (about 15 s at the most)
on_screen() {
	n=0
	until tmux -L "$sock" capture-pane -p -t b 2>/dev/null | grep -q "$1"; do
		n=$((n + 1))
		[ $n -gt 3000 ] && break
		sleep 0.005
	done
}
# tui_session RSS H: the TUI on the open store: the first screen, then Enter on the second
# experiment (until its Matrix is on the screen), and with H=1 then H on its first row (that
# metric's history across every experiment); the times in $tmp/tui.*, the peak RSS in RSS
tui_session() {
	sock=bdbench$$-$2 # a server of its own: the last one's may still be going away
	t0=$(date +%s%N)
	tmux -L "$sock" -f /dev/null new-session -d -s b -x 120 -y 40 \
		"env TERM=tmux-256color LC_ALL=C.UTF-8 HOME=$tmp /usr/bin/time -f %M -o $1 $BD --store $tmp/s.open; sleep 30"
	on_screen EXPERIMENT
	t1=$(date +%s%N)
	tmux -L "$sock" send-keys -t b Down
	sleep 0.2
	e0=$(date +%s%N)
	tmux -L "$sock" send-keys -t b Enter
	on_screen 'benchdelta · Matrix' # the title bar: the status line names every screen
	e1=$(date +%s%N)
	h0=0 h1=0
	if [ "$2" = 1 ]; then
		sleep 0.2
		h0=$(date +%s%N)
		tmux -L "$sock" send-keys -t b H
		on_screen 'history:'
		h1=$(date +%s%N)
	fi
	tmux -L "$sock" send-keys -t b q
	n=0
	until [ -s "$1" ] || [ $n -gt 500 ]; do n=$((n + 1)); sleep 0.01; done
	tmux -L "$sock" kill-server 2>/dev/null || true
	echo "$(((t1 - t0) / 1000000)) $(((e1 - e0) / 1000000)) $(((h1 - h0) / 1000000))" >"$tmp/tui.ms"
}
if command -v tmux >/dev/null 2>&1; then
	tui_session "$tmp/rss.tui" 0
	read -r ms_first ms_enter ms_h <"$tmp/tui.ms"
	# H in a session of its own: its RSS is not the first screen's
	tui_session "$tmp/rss.tui_h" 1
	read -r ms_first2 ms_enter2 ms_h <"$tmp/tui.ms"
	if [ -s "$tmp/rss.tui" ] && [ -s "$tmp/rss.tui_h" ]; then
		echo "$ms_first $(tail -1 "$tmp/rss.tui")" >"$tmp/t.tui"
		echo "$ms_enter $(tail -1 "$tmp/rss.tui")" >"$tmp/t.tui_enter"
		echo "$ms_h $(tail -1 "$tmp/rss.tui_h")" >"$tmp/t.tui_h"
		tui_ok=1
	fi
fi
# every TUI key that touches the store, on a copy of the open store (tui_keys.sh): how long
# until the screen answered (a progress line counts) and until it showed what the key does
keys_ok=0
if command -v tmux >/dev/null 2>&1 && sh tests/bench/tui_keys.sh "$BD" "$tmp/s.open" >"$tmp/keys" 2>"$tmp/keys.err"; then
	keys_ok=1
fi
vd_ok=0
if [ "${BENCH_VD:-1}" != 0 ] && command -v vd >/dev/null 2>&1; then
	# VisiData loads the whole CSV and writes it out again: its "open"
	t vd env HOME="$tmp" vd -b -f csv "$tmp/open.csv" -o "$tmp/vd.tsv"
	vd_ok=1
fi

echo
echo "input: $size bytes; $nmeas measurements in the big experiment; open store: $EXPS experiments, $openmeas measurements"
echo "(the lines of goals 1 to 3: the median of $ROUNDS rounds after a warm-up, all listed below the table)"
k=0
share=
trip=
ptrip=
while [ $k -le "$ROUNDS" ]; do
	read -r a b <"$tmp/cores.$k"
	share="$share $a"
	trip="$trip $b"
	read -r a b <"$tmp/pcores.$k"
	ptrip="$ptrip $b"
	k=$((k + 1))
done
echo "two cores: a CPU loop on two threads at once took${share} times its time on one, round by round,"
echo "the warm-up first (1.00: both cores free; the walk of goals 1 and 2 runs on two threads, pcre2grep on one);"
echo "a cache line went from one thread to the other and back in${trip} ns (right after each parse after a pause:${ptrip}):"
echo "some 60 when the two cores share a cache, several hundred when the host runs them apart, where the"
echo "parse, whose walk hands every block to the other thread, takes about a fifth longer (RESULTS.md)"
echo
row "what" "figure" "goal" "met"
row "---" "---" "---" "---"
r=$(ratio "$(secs grep)" "$(secs parse)")
row "1 parse: pcre2grep -c time / import -n time ($(secs grep) s / $(secs parse) s)" "$r×" "≥ 0.33×" "$(atleast "$r" 0.33)"
r=$(ratio "$(secs pgrep)" "$(secs pparse)")
row "1 the same after a pause of $PAUSE s, as a user runs it ($(secs pgrep) s / $(secs pparse) s)" "$r×" "(the line above is the goal's)" "-"
r=$(ratio "$(secs grep)" "$(secs import)")
row "2 import: pcre2grep -c time / import time ($(secs grep) s / $(secs import) s)" "$r×" "≥ 0.15×" "$(atleast "$r" 0.15)"
row "2 import: peak RSS for $MB MB" "$(mib import) MB" "≤ 150 MB at 100 MB" "$(atmost "$(mib import)" 150)"
r=$(ratio "$t_full" "$t_empty")
row "2 100 KB import into the open store / into an empty one ($t_full s / $t_empty s)" "$r×" "≤ 1.2×" "$(atmost "$r" 1.2)"
r=$(ratio "$(bestkib small_full)" "$(bestkib small_empty)") # (of KiB: MiB rounded make 5.6 / 5.4 read 6 / 5)
row "2 its peak RSS there / into an empty one ($(bestrss small_full) MB / $(bestrss small_empty) MB)" "$r×" "≤ 1.2× (no growth)" "$(atmost "$r" 1.2)"
for p in "parse:import_-n" "import:import" "compare:compare"; do
	key=${p%%:*}
	what=$(echo "${p#*:}" | tr _ ' ')
	r=$(ratio "$(secs "$key")" "$(secs "${key}4")")
	row "3 $what of 4× the log / of 1× ($(secs "$key") s / $(secs "${key}4") s)" "$r×" "≤ 4.6×" "$(atmost "$r" 4.6)"
done
for p in "hf import:variants" "hfc compare:variants" "cr import:benchmarks" "crc compare:benchmarks"; do
	set -- $p
	what=$(echo "$2" | tr : ' ')
	r=$(ratio "$(secs "${1}4")" "$(secs "${1}1")")
	row "3 $what ×4 ($((WIDE / 4)) → $WIDE: $(secs "${1}1") s → $(secs "${1}4") s)" "$r×" "≤ 4.6×" "$(atmost "$r" 4.6)"
done
# scaled WHAT ONE FOUR: goal 3's line for WHAT, from the times of ONE (1×) and FOUR (4×)
scaled() {
	r=$(ratio "$(secs "$3")" "$(secs "$2")")
	row "3 $1 ×4 ($4: $(secs "$2") s → $(secs "$3") s)" "$r×" "≤ 4.6×" "$(atmost "$r" 4.6)"
}
scaled "import -n texts" texts1 texts4 "$((EXPS / 4)) → $EXPS texts of 64 KB"
scaled "import -n sections under headings" sec1 sec4 "$((SECTIONS / 4)) → $SECTIONS"
scaled "import -n of two texts of timed commands together" tim1 tim4 "$((SECTIONS / 4)) → $SECTIONS runs each"
scaled "import -n of one size table" rows1 rows4 "$((SECTIONS / 4)) → $SECTIONS rows"
scaled "import -n of one hyperfine JSON export" hfj1 hfj4 "$((SECTIONS / 8)) → $((SECTIONS / 2)) results"
scaled "reparse -n" rp1 rp4 "$((EXPS / 4)) → $EXPS imports of 64 KB"
row "4 list on $openmeas measurements in $EXPS experiments" "$(secs list) s, $(mib list) MB" "≤ 0.3 s, ≤ 40 MB" \
	"$(awk -v s="$(secs list)" -v m="$(mib list)" 'BEGIN { print s <= 0.3 && m <= 40 ? "yes" : "no" }')"
for p in "ed_rm:rm of one experiment" "ed_undo:undo of that rm" "ed_rename:rename-experiment" \
	"ed_move:move of one import into another experiment" \
	"ed_stale:rename-experiment right after that move (on the index the move wrote again)"; do
	key=${p%%:*}
	row "6 ${p#*:} ($EXPS imports)" "$(secs "$key") s" "≤ 0.5 s" "$(atmost "$(secs "$key")" 0.5)"
done
row "6 fsck of the same store (every file read and summed)" "$(secs fsck) s" "≤ 2 s" "$(atmost "$(secs fsck)" 2)"
# fast WHAT NAME: goal 4's line for WHAT, of the measured command NAME (≤ 0.3 s, ≤ 40 MB)
fast() {
	row "4 $1" "$(secs "$2") s, $(mib "$2") MB" "≤ 0.3 s, ≤ 40 MB" \
		"$(awk -v s="$(secs "$2")" -v m="$(mib "$2")" 'BEGIN { print s <= 0.3 && m <= 40 ? "yes" : "no" }')"
}
fast "list runs -e of one experiment there" rruns
fast "show RUN there" rshow
fast "source RUN there" rsource
fast "history time there ($nhist runs in $EXPS experiments)" rhist
fast "export -e of one experiment there" rexport
fast "compare -e of one experiment there" rcompare
if [ $tui_ok = 1 ]; then
	fast "the TUI's first screen on the same store (polled in tmux)" tui
	fast "Enter there: one experiment's Matrix on the screen (RSS: the whole session)" tui_enter
	fast "H on that Matrix's first row: its history across the store (RSS: that whole session)" tui_h
fi
if [ $keys_ok = 1 ]; then
	# the watcher looks every 0.5 s: another process's write is seen within that, then read
	awk '{ printf "| 4 TUI key %s: the screen answers / shows it | %.3f s / %.3f s | answer ≤ 0.1 s (the store: ≤ 0.3 s) | %s |\n",
		$1, $2 / 1000, $3 / 1000, ($1 == "external_write" ? $2 <= 600 : $2 <= 100) ? ($3 <= 300 ? "yes" : "answers") : "no" }' "$tmp/keys"
fi
if [ $cat_ok = 1 ]; then
	# the median of three, wall (CPU beside it)
	sort -n -k2 "$tmp/cat.1" "$tmp/cat.2" "$tmp/cat.3" | sed -n 2p >"$tmp/cat"
	read -r nsum wall cpu nruns <"$tmp/cat"
	row "4 the catalog's summaries: $nsum experiment × variant × scenario × metric ($cpu s of CPU)" "$wall s" \
		"≤ 0.5 s" "$(atmost "$wall" 0.5)"
fi
row "4 factors --across opt=O3 the first time (every experiment read alone, its 3 pairs judged and kept)" \
	"$(awk '{ printf "%.3f", $1 / 1000 }' "$tmp/t.fx_o3.0") s" "(once)" "-"
row "4 factors --across pgo: $npgo of $EXPS experiments with a PGO pair (a tag), effects kept" \
	"$(secs fx_pgo) s, $(mib fx_pgo) MB (×$(ratio "$(secs fx_pgo)" "$(secs fx_list)") the same store's list)" \
	"≤ 0.5 s" "$(atmost "$(secs fx_pgo)" 0.5)"
row "4 the same right after a rename of one experiment (the index stale: the runs read)" \
	"$(secs fx_edit) s, $(mib fx_edit) MB" "≤ 0.5 s" "$(atmost "$(secs fx_edit)" 0.5)"
row "4 factors --across opt=O3: a pair in each of $EXPS experiments (3 pairs each, kept)" \
	"$(secs fx_o3) s, $(mib fx_o3) MB" "≤ 0.5 s" "$(atmost "$(secs fx_o3)" 0.5)"
row "4 factors --across lto: no pair in any (the index alone)" "$(secs fx_none) s" "≤ 0.5 s" \
	"$(atmost "$(secs fx_none)" 0.5)"
row "4 compare of one experiment of $((n100k - 1)) measurements" "$(secs c100k) s" "≤ 1 s" "$(atmost "$(secs c100k)" 1)"
if [ $vd_ok = 1 ]; then
	r=$(ratio "$(secs vd)" "$(secs list)")
	row "4 VisiData opening the same CSV / list ($(secs vd) s / $(secs list) s)" "$r×" "≥ 15×" "$(atleast "$r" 15)"
fi
echo
echo "rounds, ms (in order; the first is the warm-up):"
all grep parse pgrep pparse parse4 import import4 compare compare4 ed_rm ed_undo ed_rename ed_move ed_stale fsck \
	hf1 hf4 hfc1 hfc4 cr1 cr4 crc1 crc4 texts1 texts4 sec1 sec4 tim1 tim4 rows1 rows4 hfj1 hfj4 \
	fx_o3 fx_none fx_pgo fx_list fx_edit rruns rshow rsource rhist rexport rcompare rp1 rp4 |
	sed 's/^/  /'

