#!/bin/sh
# show and source: from a run id down to its figures, samples, series,
# notes and the bytes each figure was read from.
. "$(dirname "$0")/lib.sh"

run import samples/issues/seed-rathole.txt samples/hyperfine/export.json \
	samples/hyperfine/warnings.txt samples/iperf3/cubic.txt
expect_rc 0 "import"
rathole=$(grep -ho '"[0-9a-f]*:32\.1"' "$BENCHDELTA_STORE"/data/*/runs.csv | tr -d '"')
[ -n "$rathole" ] || fail "no run at line 32 of the rathole thread"

run show "$rathole"
expect_rc 0 "show"
expect_out "variant     Rathole Release (label, line 30)"
expect_out "scenario    server mode, tcp"
expect_out "source      samples/issues/seed-rathole.txt:32-34, imported 2026-01-01 00:00 UTC"
expect_re '^sender.bitrate +value +higher +6.29 Gbit/s +"6.29" at 33:39$'
expect_re '^sender.retransmits +value +lower +0 +"0" at 33:57$'

run source "$rathole"
expect_rc 0 "source"
expect_out "samples/issues/seed-rathole.txt, lines 27-37 of 77: run $rathole (iperf3, lines 32-34)"
expect_out "30 = Rathole Release in the server mode (4 measurements):"
expect_out "33 > [  5]   0.00-60.00  sec  43.9 GBytes  6.29 Gbits/sec    0             sender"
expect_out "                              ^^^^         ^^^^              ^ sender.transfer, sender.bitrate, sender.retransmits"
expect_out "36   [ ID] Interval"
run source -C 0 "$rathole"
expect_out "lines 30-34 of 77"
run source --all "$rathole"
expect_out "lines 1-77 of 77"

# raw samples: a strip plot, braille in UTF-8, counts in ASCII
json=$(grep -l 'fib_O0' "$BENCHDELTA_STORE"/data/*/runs.csv | head -1)
json=$(grep -ho '"[0-9a-f]*:1\.1"' "$json" | tr -d '"')
run show "$json"
expect_out "variant     fib_O0 (command, line 4)"
expect_re '^time +mean +lower +4.88 ms +12 +results\[0\]\.mean "0.004881856833333334" at 5:15$'
expect_re '^  time, 12 samples: 4.84 ms \[.*\] 4.95 ms$'
run show --ascii "$json"
expect_out "  time, 12 samples: 4.84 ms [1   11  2 1 1  1 11         1          1] 4.95 ms"
LC_ALL=C "$BD" show "$json" >"$T/out" 2>&1
expect_out "  time, 12 samples: 4.84 ms [1   11  2 1 1  1 11         1          1] 4.95 ms"

# a series as a sparkline; a tool's warning as a note naming its line
cubic=$(grep -ho '"[0-9a-f]*:1\.1","iperf3"' "$BENCHDELTA_STORE"/data/*/runs.csv | cut -d'"' -f2)
run show --ascii "$cubic"
expect_re '^  bitrate, 2 points over 0 s … 2.00 s: 26.3 Gbit/s \[_# +\] 34.9 Gbit/s$'
warn=$(grep -ho '"[0-9a-f]*:1\.1","hyperfine"' "$BENCHDELTA_STORE"/data/*/runs.csv | cut -d'"' -f2)
run show "$warn"
expect_re '^  line 5 +warning +Command took less than 5 ms to complete'
run source "$warn"
expect_out "                             ^^^        ^^^       ^^ time min, time max, runs"

# unknown and ambiguous ids; a missing argument
run show nosuchrun
expect_rc 1 "unknown run"
expect_err 'no run "nosuchrun"'
prefix=$(echo "$rathole" | cut -c1-12)
run source "$prefix"
expect_rc 1 "ambiguous prefix"
expect_err "is the start of several run ids"
run show
expect_rc 1 "no run given"
run source -C x "$rathole"
expect_rc 1 "bad -C"

# a size row named by its file name: that line is marked '=' inside the block
run import samples/issues/seed-quilkin.txt
quilkin=$(grep -h '"relay_release","relay release","filename"' "$BENCHDELTA_STORE"/data/*/runs.csv | cut -d'"' -f2)
[ -n "$quilkin" ] || fail "no relay_release row"
run source -C 0 "$quilkin"
expect_out "41 = $(sed -n 41p samples/issues/seed-quilkin.txt)"
run show "$quilkin"
expect_out "variant     relay_release (filename, line 41)"

# JSON: the parser keeps each figure's byte span, and its path is shown:
# min at its own member, not where the same value stands again in times[]
json2=$(grep -ho '"[0-9a-f]*:1\.2","hyperfine-json"' "$BENCHDELTA_STORE"/data/*/runs.csv | cut -d'"' -f2)
run show "$json2"
expect_re '^time +mean +lower +1.54 ms +12 +results\[1\]\.mean "0.0015403593333333332" at 43:15$'
expect_re '^time +min +lower +1.49 ms +12 +results\[1\]\.min "0.0014869520000000002" at 48:14$'
expect_re '^runs +value +12 +12 +\(no byte span stored\)$'
run source -C 0 "$json2"
expect_out "43 >       \"mean\": 0.0015403593333333332,"
expect_out "                   ^^^^^^^^^^^^^^^^^^^^^ time mean (results[1].mean)"
expect_out "                  ^^^^^^^^^^^^^^^^^^^^^ time min (results[1].min)"
