# gen.awk - synthetic benchmark logs for `make bench`, deterministic.
#
#   awk -v mode=mixed -v kb=N -v seed=S -f gen.awk
#       about N KiB of a pasted thread / CI log: prose, labels, hyperfine,
#       iperf3 intervals and summaries (some with --timestamps), Criterion,
#       fortio, size tables; some blocks quoted ("> "). Every block differs
#       (the round number is in its figures), so nothing is deduplicated;
#       the variants (commands, file names, labels) are a fixed few, as in
#       a real thread, while benchmarks and runs grow with the size.
#   awk -v mode=hyperfine -v n=N -v seed=S -f gen.awk
#       one hyperfine invocation of N benchmarks (N variants).
#   awk -v mode=criterion -v n=N -v seed=S -f gen.awk
#       one Criterion run of N benchmarks under two labels (N benchmarks).
#   awk -v mode=sections -v n=N -v seed=S -f gen.awk
#       N sections, each under a heading that names a machine, not a build,
#       with a size table of one program at two workload sizes (train,
#       train_large): the heading names the runs and the files are their
#       scenario (naming's workload rule asks of each run its block and label).
#   awk -v mode=timed -v n=N -v seed=S -v prog=P -f gen.awk
#       N runs of program P under `time`, each after its prompt line, three
#       builds in turn ("$ P lto --iter 2"): imported beside a text of
#       another program into one experiment, the commands of the two do not
#       line up, and naming lines up each text's alone.
#   awk -v mode=hfjson -v n=N -v seed=S -f gen.awk
#       one hyperfine JSON export of N results (`--export-json` of a long
#       parameter scan): each run's span is the whole export.
#   awk -v mode=sizerows -v n=N -v seed=S -f gen.awk
#       one GNU size table of N object files (`size` of a large tree), each
#       file name once.
# `seed` changes every figure, so texts of different seeds never dedupe.
# A first line standing alone ("title") names the experiment; with a title
# every block also carries its round key in a figure, so that the blocks of
# texts of different seeds never coincide (the open store's texts stay
# 1,000 experiments instead of joining as one thread).

function q(s, quoted) {
	if (!quoted)
		return s
	gsub(/\n/, "\n> ", s)
	return "> " s
}

function prose(r) {
	return sprintf("Some notes on round %d: the machine was quiet, turbo was off and the\nbuild used the default flags unless said otherwise. Numbers below.\n\n", r)
}

function hyperfine(r, m) {
	s = sprintf("Benchmark 1: ./app_v1 run\n")
	s = s sprintf("  Time (mean \302\261 \317\203):     %5.1f ms \302\261   0.%d ms    [User: %.1f ms, System: 0.%d ms]\n", m, r % 10, m - 0.5, r % 7 + 1)
	s = s sprintf("  Range (min \342\200\246 max):   %5.1f ms \342\200\246 %5.1f ms    %d runs\n \n", m - 0.3, m + 0.4, 10 + (title != "" ? r : r % 50))
	s = s sprintf("Benchmark 2: ./app_v2 run\n")
	s = s sprintf("  Time (mean \302\261 \317\203):     %5.1f ms \302\261   0.%d ms    [User: %.1f ms, System: 0.%d ms]\n", m + 1, r % 9, m + 0.5, r % 5 + 1)
	s = s sprintf("  Range (min \342\200\246 max):   %5.1f ms \342\200\246 %5.1f ms    %d runs\n \n", m + 0.7, m + 1.4, 10 + r % 40)
	s = s sprintf("Summary\n  ./app_v1 run ran\n    1.%02d \302\261 0.02 times faster than ./app_v2 run\n", r % 100)
	return s
}

function iperf3(r, ts) {
	p = ts ? sprintf("Mon Nov 30 00:%02d:%02d 2026 ", r % 60, (r * 7) % 60) : ""
	port = 40000 + r % 20000
	s = p "Connecting to host 127.0.0.1, port 5201\n"
	s = s sprintf("%s[  5] local 127.0.0.1 port %d connected to 127.0.0.1 port 5201\n", p, port)
	s = s p "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
	tot = 0
	for (i = 0; i < 4; i++) {
		g = 2 + ((r + i * 13) % 300) / 100
		tot += g
		s = s sprintf("%s[  5]   %d.00-%d.00   sec  %.2f GBytes  %.1f Gbits/sec    %d   %d KBytes       \n", p, i, i + 1, g, g * 8.59, (r + i) % 3, 800 + (title != "" ? r : (r * 3 + i) % 200))
	}
	s = s p "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
	s = s p "[ ID] Interval           Transfer     Bitrate         Retr\n"
	s = s sprintf("%s[  5]   0.00-4.00   sec  %.2f GBytes  %.1f Gbits/sec    %d             sender\n", p, tot, tot * 2.147, r % 5)
	s = s sprintf("%s[  5]   0.00-4.00   sec  %.2f GBytes  %.1f Gbits/sec                  receiver\n", p, tot - 0.01, tot * 2.145)
	s = s "\n" p "iperf Done.\n"
	return s
}

function criterion(r, nb) {
	s = ""
	for (b = 1; b <= nb; b++) {
		t = 100 + (r * 7 + b * 31) % 900
		name = sprintf("parse_%d/case_%d", b, r)
		s = s sprintf("Benchmarking %s\n", name)
		s = s sprintf("Benchmarking %s: Warming up for 3.0000 s\n", name)
		s = s sprintf("Benchmarking %s: Collecting 100 samples in estimated 5.0%03d s (%dk iterations)\n", name, r % 1000, 10 + b)
		s = s sprintf("Benchmarking %s: Analyzing\n", name)
		s = s sprintf("%-24stime:   [%d.%02d ns %d.%02d ns %d.%02d ns]\n", name, t, r % 100, t + 1, (r + 3) % 100, t + 2, (r + 7) % 100)
		if (b % 2)
			s = s sprintf("Found %d outliers among 100 measurements (%d.00%%)\n  %d (%d.00%%) high mild\n", b, b, b, b)
		s = s "\n"
	}
	return s
}

function fortio(r) {
	qps = 1000 + (title != "" ? r : r % 1000)
	s = sprintf("Fortio 1.60.3 running at %d queries per second, 2->2 procs, for 10s: http://127.0.0.1:8080/echo\n", qps)
	s = s sprintf("Starting at %d qps with 8 thread(s) [gomax 2] for 10s : %d calls each (total %d)\n", qps, qps * 10 / 8, qps * 10)
	s = s sprintf("Ended after 10.00%04ds : %d calls. qps=%d.5\n", r % 10000, qps * 10, qps - 1)
	s = s sprintf("Aggregated Function Time : count %d avg 0.000%05d +/- 0.0001342 min 0.000121457 max 0.004102331 sum 6.82574385\n", qps * 10, 30000 + r % 60000)
	s = s "# range, mid point, percentile, count\n"
	s = s sprintf(">= 0.000121457 <= 0.001 , 0.000560729 , 99.31, %d\n", qps * 10 - 138)
	s = s "> 0.001 <= 0.002 , 0.0015 , 99.87, 112\n"
	s = s "> 0.002 <= 0.00410233 , 0.00305117 , 100.00, 26\n"
	s = s sprintf("# target 50%% 0.000%06d\n# target 75%% 0.000784984\n# target 90%% 0.000917707\n# target 99%% 0.000997258\n# target 99.9%% 0.00233333\n", 500000 + r % 100000)
	s = s "Error cases : no data\n"
	s = s sprintf("Code 200 : %d (100.0 %%)\n", qps * 10)
	s = s sprintf("All done %d calls (plus 8 warmup) 0.341 ms avg, %d.5 qps\n", qps * 10, qps - 1)
	return s
}

function size(r) {
	s = "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
	for (i = 0; i < 4; i++) {
		t = 100000 + (title != "" ? r * 4 + i : (r * 37 + i * 1013) % 50000)
		dt = 7000 + i * 64
		bss = 56 + i * 8
		s = s sprintf("%7d\t%7d\t%7d\t%7d\t%7x\tapp_O%d\n", t, dt, bss, t + dt + bss, t + dt + bss, i)
	}
	return s
}

function fence(s) {
	return "```\n" s "```\n\n"
}

function mixed(   r, s, size_total, target) {
	target = kb * 1024
	if (title != "")
		printf "%s\n\n", title
	while (size_total < target) {
		r++
		k = r + seed * 1000003
		s = prose(k)
		s = s sprintf("Release + PGO build %d:\n\n", k % 7)
		s = s fence(hyperfine(k, 4 + (k % 97) / 10))
		s = s sprintf("iperf3 to the test box, try %d:\n\n", k)
		s = s q(iperf3(k, r % 4 == 3), r % 5 == 1) "\n"
		s = s "Criterion, after the change:\n\n" fence(criterion(k, 3))
		s = s "fortio against the echo server:\n\n" q(fence(fortio(k)), r % 3 == 2)
		s = s "Sizes of the builds:\n\n" fence(size(k))
		printf "%s", s
		size_total += length(s)
	}
}

function hyperfine_wide(   i, s, m) {
	if (title != "")
		printf "%s\n\n", title
	printf "```\n"
	for (i = 1; i <= n; i++) {
		m = 4 + ((i * 37 + seed) % 970) / 10
		s = sprintf("Benchmark %d: ./bench --variant v%d-%d\n", i, i, seed)
		s = s sprintf("  Time (mean \302\261 \317\203):     %5.1f ms \302\261   0.%d ms    [User: %.1f ms, System: 0.%d ms]\n", m, i % 10, m - 0.5, i % 7 + 1)
		s = s sprintf("  Range (min \342\200\246 max):   %5.1f ms \342\200\246 %5.1f ms    %d runs\n \n", m - 0.3, m + 0.4, 10 + i % 50)
		printf "%s", s
	}
	printf "```\n"
}

function criterion_wide(   v) {
	if (title != "")
		printf "%s\n\n", title
	for (v = 0; v < 2; v++) {
		printf "%s:\n\n", v ? "After the change" : "Before the change"
		printf "%s", fence(criterion(seed * 2 + v, n))
	}
}

function sections(   i, t, u) {
	for (i = 1; i <= n; i++) {
		t = 100000 + (i * 37 + seed) % 50000
		u = 90000 + (i * 53 + seed) % 40000
		printf "## Host %d of the farm\n\n```\n   text\t   data\t    bss\t    dec\t    hex\tfilename\n", i
		printf " %d\t   7128\t    160\t %d\t  %x\ttrain\n", t, t + 7288, t + 7288
		printf " %d\t   7400\t    168\t %d\t  %x\ttrain_large\n```\n\n", u, u + 7568, u + 7568
	}
}

function timed(   i, builds) {
	split("lto base pgo", builds, " ")
	for (i = 0; i < n; i++)
		printf "$ %s %s --iter %d\nreal\t0m%d.%03ds\nuser\t0m1.%03ds\nsys\t0m0.150s\n\n", prog,
		       builds[i % 3 + 1], i % 4, 1 + seed % 5, (i + seed) % 1000, (i * 7 + seed) % 1000
}

function hfjson(   i, m) {
	printf "{\n  \"results\": [\n"
	for (i = 0; i < n; i++) {
		m = 0.004 + ((i * 37 + seed) % 970) / 100000
		printf "    {\n      \"command\": \"./bench --size %d\",\n      \"mean\": %.6f,\n", i, m
		printf "      \"stddev\": 0.000100,\n      \"median\": %.6f,\n      \"user\": 0.001000,\n", m
		printf "      \"system\": 0.000100,\n      \"min\": %.6f,\n      \"max\": %.6f,\n", m - 0.0003, m + 0.0004
		printf "      \"times\": [%.6f, %.6f, %.6f]\n    }%s\n", m - 0.0001, m, m + 0.0001, i < n - 1 ? "," : ""
	}
	printf "  ]\n}\n"
}

function sizerows(   i, t) {
	printf "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
	for (i = 0; i < n; i++) {
		t = 1000 + (i * 37 + seed) % 90000
		printf " %d\t    128\t     16\t %d\t  %x\tbuild/obj/unit%d.o\n", t, t + 144, t + 144, i
	}
}

BEGIN {
	if (mode == "" || mode == "mixed")
		mixed()
	else if (mode == "hyperfine")
		hyperfine_wide()
	else if (mode == "criterion")
		criterion_wide()
	else if (mode == "sections")
		sections()
	else if (mode == "timed")
		timed()
	else if (mode == "sizerows")
		sizerows()
	else if (mode == "hfjson")
		hfjson()
	else {
		print "gen.awk: unknown mode " mode > "/dev/stderr"
		exit 2
	}
}
