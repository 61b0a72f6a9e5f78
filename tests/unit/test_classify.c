/*
 * test_classify.c - each text parser's one line classifier, asked
 * directly: every kind of line its format prints, the same lines with
 * their figures garbled or cut (they keep their kind), and near-misses
 * that prose or another tool prints (they are not the format's, and the
 * claim does not start a block with them).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "helpers.h"
#include "parsers/parser.h"

/* A cleaned line as the segmenter hands it to a parser. */
static struct line line_of(const char *text)
{
	struct line l;

	memset(&l, 0, sizeof(l));
	l.s = text;
	l.len = (uint32_t)strlen(text);
	while (l.indent < l.len && (text[l.indent] == ' ' || text[l.indent] == '\t'))
		l.indent++;
	l.no = 1;
	l.raw = text;
	l.raw_len = l.len;
	return l;
}

static const struct parser *parser_of(enum fmt f)
{
	const struct parser *p = parser_for(f);

	assert_non_null(p);
	assert_non_null(p->classify);
	return p;
}

/* `text` is of kind `kind` (by name) for the parser of `f`. */
static void kind_is(enum fmt f, const char *text, const char *kind)
{
	const struct parser *p = parser_of(f);
	struct line l = line_of(text);
	unsigned k = p->classify(&l);

	assert_true(k < p->nkinds);
	if (strcmp(p->kinds[k], kind))
		fail_msg("%s: \"%s\" is %s, want %s", fmt_name(f), text, p->kinds[k], kind);
}

/* Outside a block, does the claim start a block with `text`? */
static int starts(enum fmt f, const char *text)
{
	const struct parser *p = parser_of(f);
	struct claim_room room;
	struct rx_thread rx = { 0 };
	struct line l = line_of(text);

	memset(&room, 0, sizeof(room));
	room.rx = &rx;
	return p->claim(&l, 0, room.state) == CLAIM_START;
}

/* A near-miss: not the format's line, and no block starts with it. */
static void not_claimed(enum fmt f, const char *text)
{
	kind_is(f, text, "none");
	if (starts(f, text))
		fail_msg("%s: \"%s\" starts a block", fmt_name(f), text);
}

/* Every parser of a text format has its classifier, with a name for each kind. */
static void test_every_parser(void **state)
{
	/* JSON documents are read whole (by jansson, not line by line) */
	static const enum fmt without[] = { FMT_JSON };
	size_t n;
	const struct parser *const *all = parsers_all(&n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		int exempt = 0;

		for (size_t k = 0; k < countof(without); k++)
			exempt |= all[i]->fmt == without[k];
		if (exempt)
			continue;
		if (!all[i]->classify)
			fail_msg("parser %s has no line classifier", fmt_name(all[i]->fmt));
		assert_true(all[i]->nkinds >= 2);
		assert_string_equal(all[i]->kinds[0], "none");
		for (size_t k = 0; k < all[i]->nkinds; k++)
			assert_non_null(all[i]->kinds[k]);
	}
}

#define PM "\xc2\xb1"       /* ± */
#define SIGMA "\xcf\x83"    /* σ */
#define ELL "\xe2\x80\xa6"  /* … */

static void test_hyperfine(void **state)
{
	enum fmt f = FMT_HYPERFINE;

	(void)state;
	kind_is(f, "Benchmark 1: ./app --fast", "benchmark");
	kind_is(f, "Benchmark #2: ./app", "benchmark");
	kind_is(f, "  Time (mean " PM " " SIGMA "):      5.1 ms " PM "   0.7 ms    [User: 3.9 ms, System: 1.1 ms]",
		"time");
	kind_is(f, "  Time (abs \xe2\x89\xa1):        812.4 " "\xc2\xb5" "s               [User: 0.1 ms, System: 0.6 ms]",
		"time");
	kind_is(f, "  Range (min " ELL " max):    4.2 ms " ELL "   9.9 ms    541 runs", "range");
	kind_is(f, "  Warning: Statistical outliers were detected.", "warning");
	kind_is(f, "  Error: Command terminated with non-zero exit code: 1.", "error");
	kind_is(f, "Note: The benchmark comparison could be inaccurate since the benchmarks failed.", "note");
	kind_is(f, "Summary", "summary");
	kind_is(f, "Relative speed comparison", "summary");
	kind_is(f, "  ./app --fast ran", "ran");
	kind_is(f, "    1.52 " PM " 0.04 times faster than ./app", "ratio");
	kind_is(f, "    As fast (1.00 " PM " 0.01) as ./app", "ratio");
	kind_is(f, "        1.00          ./app --fast", "relative");

	/* garbled or cut figures keep their kind, and inside a block the claim keeps the line */
	kind_is(f, "  Time (mean " PM " " SIGMA "):      5.O ms " PM "   0.7 ms    [User: 3.9 ms, System: 1.1 ms]",
		"time");
	kind_is(f, "  Time (mean " PM " " SIGMA "):      5.1 m", "time");
	kind_is(f, "  Range (min " ELL " max):    O.2 ms " ELL "   9.9 ms    541 runs", "range");
	/* a whole label starts a block, whatever its figures; prose does not */
	assert_true(starts(f, "  Time (mean " PM " " SIGMA "):      5.O ms " PM "   0.7 ms"));
	assert_true(starts(f, "Benchmark 1: ./app"));

	not_claimed(f, "Benchmark results: see below");
	not_claimed(f, "Benchmarks 1: the fast ones");
	not_claimed(f, "The times are in ms");
	assert_false(starts(f, "Time (mean) was 5 ms on both machines"));
	assert_false(starts(f, "Range (min … max) is wide"));
	assert_false(starts(f, "Summary"));
	assert_false(starts(f, "  ./app --fast ran"));
	assert_false(starts(f, "    1.52 times faster than ./app"));
}

static void test_perf(void **state)
{
	enum fmt f = FMT_PERF;

	(void)state;
	kind_is(f, " Performance counter stats for './app' (4 runs):", "header");
	kind_is(f, "             84.05 msec task-clock                       #    0.889 CPUs utilized            ( +-  0.82% )",
		"counter");
	kind_is(f, "   <not supported>      cycles", "counter");
	kind_is(f, "     1,2O3,456,789      cycles                           #   12.193 GHz", "counter");
	kind_is(f, "             O8.70 msec task-clock                       #    0.981 CPUs utilized", "counter");
	kind_is(f, "             4,811      page-f", "counter");
	kind_is(f, "                                                  #    0.51  stalled cycles per insn", "comment");
	kind_is(f, "           # Table of individual measurements:", "comment");
	kind_is(f, "           0.09560 (+0.00101) #", "table row");
	kind_is(f, "           0.08914 (-0.00544) ##", "table row");
	kind_is(f, "           0.09459 +- 0.00230 seconds time elapsed  ( +-  2.43% )", "elapsed");
	kind_is(f, "       0.10O612345 seconds time elapsed", "elapsed");
	kind_is(f, "       0.091000000 seconds user", "user");
	kind_is(f, "       0.007000000 seconds sys", "sys");
	kind_is(f, "       0.007000000 seconds syz", "seconds");
	/* the end of a counter line a mail client wrapped */
	kind_is(f, "utilized        ( +-  1.75% )", "wrapped");
	kind_is(f, "L1-dcache hits    ( +-  0.08% )", "wrapped");
	assert_true(starts(f, " Performance counter stats for 'system wide':"));

	not_claimed(f, "Performance counters were not supported on the VM.");
	not_claimed(f, "perf stat shows the same numbers");
	/* a bare counter line is the table's only between its header and its footer */
	assert_false(starts(f, "     1,203,456,789      cycles"));
	/*
	 * what perf alone prints starts a fragment pasted without its header:
	 * an elapsed line (perf stat --null), maybe behind a label, or a
	 * counter with its spread
	 */
	assert_true(starts(f, "       0.10 seconds time elapsed"));
	assert_true(starts(f, "\tmm-unstable:   146.88 +- 6.54 seconds time elapsed  ( +-  4.45% )"));
	assert_true(starts(f, "\t3,723,554        context-switches      ( +-  0.56% )"));
	assert_false(starts(f, "It took 9.5 seconds, as the seconds time elapsed line says."));
}

static void test_perf_csv(void **state)
{
	enum fmt f = FMT_PERF_CSV;

	(void)state;
	kind_is(f, "83.84,msec,task-clock,83843001,100.00,0.989,CPUs utilized", "counter");
	kind_is(f, "13,,context-switches,17.76%,83280190,100.00,155.259,/sec", "counter");
	kind_is(f, "<not supported>,,cycles,0.00%,0,100.00,,", "counter");
	kind_is(f, "48I1,,page-faults,83843001,100.00,57.381,K/sec", "counter");
	kind_is(f, ",,,,,,0.84,insn per cycle", "metric");
	kind_is(f, "3,73,msec,task-clock,3732778,100,00,0,CPUs utilized", "partial");
	kind_is(f, "81.81,msec,task-clock,818", "partial");
	assert_true(starts(f, "83.84,msec,task-clock,83843001,100.00,0.989,CPUs utilized"));
	assert_true(starts(f, "<not counted>,,cycles,0,100.00,,"));

	/* a garbled value column, the shapes above inside a block only, and CSV that is not perf's */
	assert_false(starts(f, "O3.84,msec,task-clock,83843001,100.00,0.989,CPUs utilized"));
	assert_false(starts(f, "3,73,msec,task-clock,3732778,100,00,0,CPUs utilized"));
	assert_false(starts(f, ",,,,,,0.84,insn per cycle"));
	assert_false(starts(f, "1,2,3,4,5,6,7,8"));
	not_claimed(f, "   83.84,msec,task-clock,83843001,100.00,0.989,CPUs utilized");
	not_claimed(f, "2, 3 and 4 runs");
	not_claimed(f, "1 run, no more");
}

static void test_size(void **state)
{
	enum fmt f = FMT_SIZE;

	(void)state;
	kind_is(f, "   text\t   data\t    bss\t    dec\t    hex\tfilename", "header");
	kind_is(f, "   text    data     bss     oct     hex filename", "header");
	kind_is(f, " 412337\t  10272\t   1208\t 423817\t  67789\tdb_release", "row");
	kind_is(f, " 398114\t  10O48\t   1144\t 409306\t  63eda\tdb_lto", "row");
	kind_is(f, " O98114\t  10048\t   1144\t 409306\t  63eda\tdb_lto", "row");
	kind_is(f, " 401223\t     99", "row");
	kind_is(f, "- 412337   10272    1208  423817   67789 db_release", "row");
	kind_is(f, "    1140\t     20\t      8\t   1168\t    490\tbuf.o (ex libutil.a)", "row");
	kind_is(f, " 824674\t  20544\t   2416\t 847634\t  cef12\t(TOTALS)", "totals");
	assert_true(starts(f, "   text\t   data\t    bss\t    dec\t    hex\tfilename"));

	/* rows count only below a header; prose and headers of other tables are not size's */
	assert_false(starts(f, " 412337\t  10272\t   1208\t 423817\t  67789\tdb_release"));
	not_claimed(f, "text data bss dec hex");
	not_claimed(f, "text, data and bss all shrank");
	not_claimed(f, "   text    data     bss     dec     hex filename extra");
	not_claimed(f, "2 builds were faster than 3");
}

static void test_size_sysv(void **state)
{
	enum fmt f = FMT_SIZE_SYSV;

	(void)state;
	kind_is(f, "app_release  :", "title");
	kind_is(f, "buf.o   (ex libutil.a):", "title");
	kind_is(f, "section          size     addr", "header");
	kind_is(f, ".text          398114     4096", "section");
	kind_is(f, ".rodata       1O784   102400", "section");
	kind_is(f, ".bss             1208        0", "section");
	kind_is(f, ".comment           43", "section");
	kind_is(f, "Total          430265", "total");
	kind_is(f, "Total          43O265", "total");
	assert_true(starts(f, "app_release  :"));
	assert_true(starts(f, "section          size     addr"));

	/* sections count only below a header, and labels are not titles */
	assert_false(starts(f, ".text          398114     4096"));
	assert_false(starts(f, "Total          430265"));
	not_claimed(f, "Release:");
	assert_false(starts(f, "Results (ex post):"));
	not_claimed(f, "section size addr offset");
	not_claimed(f, "the sections grew by a lot");
}

static void test_time(void **state)
{
	enum fmt f = FMT_TIME;

	(void)state;
	kind_is(f, "Command exited with non-zero status 1", "status");
	kind_is(f, "Command terminated by signal 9", "status");
	kind_is(f, "0.07user 0.00system 0:00.08elapsed 98%CPU (0avgtext+0avgdata 21880maxresident)k",
		"default 1");
	kind_is(f, "0.07user 0.0Osystem 0:00.08elapsed 98%CPU (0avgtext+0avgdata 21880maxresident)k",
		"default 1");
	kind_is(f, "0inputs+0outputs (0major+1046minor)pagefaults 0swaps", "default 2");
	kind_is(f, "real\t0m0.110s", "real");
	kind_is(f, "real 0m0.1O5s", "real");
	kind_is(f, "user 0.07", "user");
	kind_is(f, "sys\t0m0.004s", "sys");
	kind_is(f, "\tCommand being timed: \"./app --fast\"", "command");
	kind_is(f, "\tMaximum resident set size (kbytes): 21880", "field");
	kind_is(f, "\tMaximum resident set size (kbytes): 2l880", "field");
	kind_is(f, "\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:00.1O", "field");
	kind_is(f, "\tExit status: 0", "field");
	kind_is(f, "\tMinor (reclai", "cut label");
	kind_is(f, "\tMinor (reclaming a frame) page faults: 1046", "label");
	assert_true(starts(f, "0.07user 0.00system 0:00.08elapsed 98%CPU (0avgtext+0avgdata 21880maxresident)k"));
	assert_true(starts(f, "real\t0m0.110s"));
	assert_true(starts(f, "\tCommand being timed: \"./app\""));
	/* a -v line pasted alone, when no prose would start with it */
	assert_true(starts(f, "Maximum resident set size (kbytes): 43856"));
	assert_false(starts(f, "\tVoluntary context switches: 1"));
	assert_false(starts(f, "user 0.07"));
	assert_false(starts(f, "0inputs+0outputs (0major+1046minor)pagefaults 0swaps"));

	not_claimed(f, "real world benchmarks");
	not_claimed(f, "real 2 builds were faster");
	not_claimed(f, "Command line options are the same");
	not_claimed(f, "user time went down");
}

static void test_fortio(void **state)
{
	enum fmt f = FMT_FORTIO;

	(void)state;
	kind_is(f, "Fortio 1.60.3 running at 0 queries per second, 2->2 procs, for 1000 calls: tcp://10.1.0.7:8078",
		"banner");
	kind_is(f, "Starting at max qps with 2 thread(s) [gomax 2] for exactly 1000 calls (500 per thread + 0)",
		"starting");
	kind_is(f, "Ended after 61.224137ms : 1000 calls. qps=16333", "ended");
	kind_is(f, "Aggregated Function Time : count 1000 avg 0.00012172341 +/- 3.106e-05 min 6.8291e-05 max 0.000593127 sum 0.121723413",
		"agg");
	kind_is(f, "Error cases : no data", "counter");
	kind_is(f, ">= 6.8291e-05 <= 0.000593127 , 0.000330709 , 100.00, 1000", "row");
	kind_is(f, "< 0.001 , 0.0005 , 12.50, 5", "row");
	kind_is(f, "# target 50% 0.000330709", "target");
	kind_is(f, "Code 200 : 40 (100.0 %)", "code");
	kind_is(f, "Code  -1 : 3 (7.5 %)", "code");
	kind_is(f, "tcp OK : 1000 (100.0 %)", "echo");
	kind_is(f, "Health SERVING : 40", "grpc");
	kind_is(f, "All done 1000 calls (plus 0 warmup) 0.122 ms avg, 16333.4 qps", "done");
	kind_is(f, "WARNING 12.50% of sleep were falling behind", "sleep");
	kind_is(f, "IP addresses distribution:", "ip list");
	kind_is(f, "Sockets used: 2 (for perfect no error run, would be 2)", "other");
	kind_is(f, "20:01:31 I tcprunner.go:218> Starting tcp test", "log");

	/* garbled anywhere, even where a figure begins, a report line keeps its kind */
	kind_is(f, ">= O.8291e-05 <= 0.000593127 , 0.000330709 , 100.00, 1000", "row");
	kind_is(f, "# target 9O% 0.000540643", "target");
	kind_is(f, "# target O9% 0.00058", "target");
	kind_is(f, "Code 2O0 : 40 (100.0 %)", "code");
	kind_is(f, "Code O00 : 40 (100.0 %)", "code");
	kind_is(f, "All done 1000 calls (plus 0 warmup) 0.119 ms avg, 167O2.3 qps", "done");
	assert_true(starts(f, "All done 10 calls (plus 0 warmup) 1.000 ms avg, 100.0 qps"));
	assert_true(starts(f, "# target 50% 0.000330709"));

	/* outside a block only a whole shape starts one: prose shares the first words */
	assert_false(starts(f, "# target audience"));
	assert_false(starts(f, "# target O9% 0.00058"));
	assert_false(starts(f, "> see the graph , below"));
	assert_false(starts(f, "All done, thanks"));
	assert_false(starts(f, "Starting at noon"));
	assert_false(starts(f, "Code review : done"));
	not_claimed(f, "Fortio is fine");
	not_claimed(f, "The code : 200 lines");
	not_claimed(f, ">not a row");
}

static void test_iperf3(void **state)
{
	enum fmt f = FMT_IPERF3;

	(void)state;
	kind_is(f, "Connecting to host 127.0.0.1, port 5299", "connecting");
	kind_is(f, "Accepted connection from 127.0.0.1, port 57600", "accepted");
	kind_is(f, "Server listening on 5299 (test #1)", "listening");
	kind_is(f, "-----------------------------------------------------------", "rule");
	kind_is(f, "- - - - - - - - - - - - - - - - - - - - - - - - -", "separator");
	/* a table's divider without outer pipes is the table's */
	not_claimed(f, "------------------------|------------|------------|------------------");
	kind_is(f, "Test Complete. Summary Results:", "complete");
	kind_is(f, "iperf Done.", "done");
	kind_is(f, "iperf3: error - unable to connect to server: Connection refused", "error");
	kind_is(f, "iperf 3.9 (cJSON 1.7.13)", "version");
	kind_is(f, "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd", "header");
	kind_is(f, "[ ID][Role] Interval           Transfer     Bitrate         Retr", "header");
	kind_is(f, "[  5] local 127.0.0.1 port 53236 connected to 127.0.0.1 port 5299", "tagged");
	kind_is(f, "[  4] Sent 159 datagrams", "tagged");
	kind_is(f, "[  5]   0.00-1.00   sec  3.06 GBytes  26.3 Gbits/sec    4   5.31 MBytes", "tagged");
	kind_is(f, "[SUM]   0.00-2.00   sec  7.13 GBytes  30.6 Gbits/sec    4             sender", "tagged");
	kind_is(f, "[  5][TX-C]   0.00-2.00   sec  2.13 GBytes  9.12 Gbits/sec   52             sender", "tagged");
	kind_is(f, "[  5]   1.00-2.00   sec  1.65 GBytes  14.2 Gbits/s3c   12    831 KBytes", "tagged");
	kind_is(f, "[  5]   0.00-3.00   sec  5.10 GBytes  14.6 Gbits/sec   2l             sender", "tagged");
	kind_is(f, "[  5]   0.00-1.0", "tagged");
	/* a garbled stream tag: still the test's line inside a block, never a start */
	kind_is(f, "[  O]   0.00-2.00   sec  1.60 GBytes  6.87 Gbits/sec    3             sender", "tagged");
	assert_false(starts(f, "[  O]   0.00-2.00   sec  1.60 GBytes  6.87 Gbits/sec    3             sender"));
	not_claimed(f, "[x y] took 5 sec to connect");
	kind_is(f, "CPU Utilization: local/sender 5.1% (0.2%u/4.9%s), remote/receiver 22.4% (1.9%u/20.5%s)", "cpu");
	kind_is(f, "Reverse mode, remote host 127.0.0.1 is sending", "info");
	kind_is(f, "...", "elision");
	/* --timestamps and -T prefixes do not hide a line's words */
	kind_is(f, "Mon Nov 30 00:46:04 2026 [  5]   0.00-1.00   sec  3.06 GBytes  26.3 Gbits/sec    4   5.31 MBytes",
		"tagged");
	assert_true(starts(f, "[  5]   0.00-1.00   sec  3.06 GBytes  26.3 Gbits/sec    4   5.31 MBytes"));
	assert_true(starts(f, "- - - - - - - - - - - - - - - - - - - - - - - - -"));
	assert_true(starts(f, "Connecting to host 127.0.0.1, port 5299"));

	/* footnotes and prose that share a first word */
	assert_false(starts(f, "[1] see the footnote"));
	assert_false(starts(f, "iperf Done."));
	assert_false(starts(f, "Test Complete."));
	not_claimed(f, "iperf 3 runs were made");
	not_claimed(f, "Connecting to the host took a while");
	not_claimed(f, "[x] checked");
}

static void test_hyperfine_tables(void **state)
{
	(void)state;
	kind_is(FMT_HYPERFINE_MD, "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |", "header");
	kind_is(FMT_HYPERFINE_MD, "| Benchmark | Mean [s] | Min\xe2\x80\xa6Max [s] |", "header");
	kind_is(FMT_HYPERFINE_MD, "|:---|---:|---:|---:|---:|", "divider");
	kind_is(FMT_HYPERFINE_MD, "| `./db_pgo load` | 30.4 \xc2\xb1 0.7 | 29.9 | 31.2 | 1.00 |", "row");
	kind_is(FMT_HYPERFINE_MD, "| `./db_pgo load` | 3O.4 \xc2\xb1 0.7 | 33.9 | 36.2 | 1.00 |", "row");
	kind_is(FMT_HYPERFINE_MD, "| `./db_bolt load` | 35.0 \xc2\xb1 0.9 | 3", "row");
	assert_true(starts(FMT_HYPERFINE_MD, "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |"));
	assert_false(starts(FMT_HYPERFINE_MD, "| `./db_pgo load` | 30.4 \xc2\xb1 0.7 | 29.9 | 31.2 | 1.00 |"));
	assert_false(starts(FMT_HYPERFINE_MD, "| Build | Size |"));
	not_claimed(FMT_HYPERFINE_MD, "Command | Mean [ms]");

	kind_is(FMT_HYPERFINE_CSV, "command,mean,stddev,median,user,system,min,max", "header");
	kind_is(FMT_HYPERFINE_CSV, "./db_pgo load,0.03O4,0.000702,0.035122,0.029010,0.005533,0.0339,0.0362", "row");
	kind_is(FMT_HYPERFINE_CSV, "./db_bolt load,0.035012,0.000911,0.034955", "row");
	assert_true(starts(FMT_HYPERFINE_CSV, "command,mean,stddev,median,user,system,min,max"));
	assert_false(starts(FMT_HYPERFINE_CSV, "./db_bolt load,0.035012,0.000911,0.034955"));
	assert_false(starts(FMT_HYPERFINE_CSV, "command, mean and stddev"));
	not_claimed(FMT_HYPERFINE_CSV, "command mean stddev");
}

/* The four harness parsers' classifiers (their damage is tested through whole imports too). */
static void test_harnesses(void **state)
{
	(void)state;
	kind_is(FMT_BOLT, "# Write\t41.007312ms\t(4.1\xc2\xb5s/op)\t(243902 op/sec)", "write");
	kind_is(FMT_BOLT, "# Read\t1.000021763s\t(15ns/op)\t(66666666 op/sec)", "read");
	kind_is(FMT_BOLT, "# Write\tO1.007312ms\t(4.1\xc2\xb5s/op)\t(243902 op/sec)", "write");
	kind_is(FMT_BOLT, "# Read  1.0123748", "read");
	not_claimed(FMT_BOLT, "# Write-ahead log");
	not_claimed(FMT_BOLT, "# Write speed");

	kind_is(FMT_XMALLOC, "rtime: 15.258, free/sec: 6.554 M", "result");
	kind_is(FMT_XMALLOC, "rtime: 15.258, free/sec: 6.5S4 M", "result");
	not_claimed(FMT_XMALLOC, "rtime: 15.258");
	not_claimed(FMT_XMALLOC, "Total 33110000 freed in 5.00 seconds. 6.62M free/second");

	kind_is(FMT_DIVAN, "Timer precision: 20 ns", "precision");
	kind_is(FMT_DIVAN, "parse   fastest       \xe2\x94\x82 slowest       \xe2\x94\x82 median        \xe2\x94\x82 mean  "
			   "\xe2\x94\x82 samples \xe2\x94\x82 iters", "header");
	kind_is(FMT_DIVAN, "\xe2\x94\x9c\xe2\x94\x80 json_large   1.2O8 ms \xe2\x94\x82 1.911 ms \xe2\x94\x82 1.263 ms "
			   "\xe2\x94\x82 1.291 ms \xe2\x94\x82 100 \xe2\x94\x82 100", "row");
	assert_true(starts(FMT_DIVAN, "Timer precision: 41 ns"));
	assert_false(starts(FMT_DIVAN, "\xe2\x94\x9c\xe2\x94\x80 json_large   1.208 ms \xe2\x94\x82 1.911 ms"));
	not_claimed(FMT_DIVAN, "The fastest run was 3 ms");

	kind_is(FMT_NANOBENCH, "|               ns/op |                op/s |    err% |     total | benchmark", "header");
	kind_is(FMT_NANOBENCH, "|             ns/byte |              byte/s |    err% |     total | benchmark", "header");
	kind_is(FMT_NANOBENCH, "|            2,6g7.43 |          370,723.39 |    0.4% |      0.01 | `Base58CheckEncode`", "row");
	assert_true(starts(FMT_NANOBENCH, "| relative |               ns/op |                op/s |    err% |     total | benchmark"));
	assert_false(starts(FMT_NANOBENCH, "|            2,697.43 |          370,723.39 |    0.4% |      0.01 | `Base58CheckEncode`"));
	not_claimed(FMT_NANOBENCH, "| Benchmark | Release | err% |");

	kind_is(FMT_BTOOLS, "BenchmarkTools.Trial: 10000 samples with 10 evaluations.", "trial");
	kind_is(FMT_BTOOLS, " Time  (mean \xc2\xb1 \xcf\x83):   1.243 \xce\xbcs \xc2\xb1 98.615 ns  \xe2\x94\x8a GC (mean \xc2\xb1 "
			    "\xcf\x83):  0.00% \xc2\xb1 0.00%", "mean");
	kind_is(FMT_BTOOLS, "  611.243 ns (0 allocations: 0 bytes)", "btime");
	kind_is(FMT_BTOOLS, "  minimum time:     461.400 ms (0.00% GC)", "old");
	assert_false(starts(FMT_BTOOLS, "  minimum time:     461.400 ms (0.00% GC)"));
	not_claimed(FMT_BTOOLS, "3 allocations in the hot loop (see below)");
	/* hyperfine's Time line has no GC column after a "┊" */
	not_claimed(FMT_HYPERFINE, " Time  (mean \xc2\xb1 \xcf\x83):   1.243 \xce\xbcs \xc2\xb1 98.615 ns  \xe2\x94\x8a GC (mean "
				   "\xc2\xb1 \xcf\x83):  0.00% \xc2\xb1 0.00%");

	kind_is(FMT_POOP, "Benchmark 1 (11 runs): zig-out/bin/symmetric c", "benchmark");
	kind_is(FMT_POOP, "  measurement          mean \xc2\xb1 \xcf\x83            min \xe2\x80\xa6 max           outliers",
		"header");
	kind_is(FMT_POOP, "  wall_time           494ms \xc2\xb1 22.9ms     465ms \xe2\x80\xa6  539ms          0 ( 0%)        0%",
		"row");
	kind_is(FMT_POOP, "  wall_time           4g4ms \xc2\xb1 22.9ms     465ms \xe2\x80\xa6  539ms          0 ( 0%)        0%",
		"row");
	assert_true(starts(FMT_POOP, "Benchmark 2 (12 runs): zig-out/bin/symmetric smp"));
	assert_false(starts(FMT_POOP, "Benchmark 1: ./app"));
	assert_false(starts(FMT_POOP, "  wall_time           494ms \xc2\xb1 22.9ms     465ms \xe2\x80\xa6  539ms          0 ( 0%)"));
	not_claimed(FMT_POOP, "Benchmark 1 (the slow one) ran twice");

	kind_is(FMT_EMBENCH, "test_havlak (test_benchmark.benchmark) ... ", "test");
	kind_is(FMT_EMBENCH, "[1/2] test_emcc_noop (test_benchmark.benchmark.test_emcc_noop) ...", "test");
	kind_is(FMT_EMBENCH, "     dlmalloc: mean: 1.911 (+-0.009) secs  median: 1.905  range: 1.899-1.922  "
			     "(noise: 0.492%)  (3 runs) ", "result");
	kind_is(FMT_EMBENCH, "     dlmalloc: mean: 1.9l1 (+-0.009) secs  median: 1.905  range: 1.899-1.922  "
			     "(noise: 0.492%)  (3 runs) ", "result");
	kind_is(FMT_EMBENCH, "        size:    81799, compressed:    29554 ", "size");
	kind_is(FMT_EMBENCH, "Running Emscripten benchmarks... [ ignoring compilation ]", "suite");
	assert_true(starts(FMT_EMBENCH, "        clang: mean: 0.062 (+-0.001) secs  median: 0.062  range: "
					"0.060-0.063  (noise: 2.354%)  (5 runs)"));
	assert_false(starts(FMT_EMBENCH, "        size:    81799, compressed:    29554"));
	assert_false(starts(FMT_EMBENCH, "ok"));
	not_claimed(FMT_EMBENCH, "Note: mean: the average of five runs");
	not_claimed(FMT_EMBENCH, "test_havlak fails on sm ...");

	kind_is(FMT_LIBTEST, "test copy_64k    ... bench:       1,160 ns/iter (+/- 29) = 56496 MB/s", "bench");
	kind_is(FMT_LIBTEST, "test copy_64k    ... bench:       1,1O0 ns/iter (+/- 29) = 56496 MB/s", "bench");
	kind_is(FMT_LIBTEST, "test a_plain_test ... ignored", "test");
	assert_false(starts(FMT_LIBTEST, "test a_plain_test ... ignored"));
	not_claimed(FMT_LIBTEST, "tests were run on a quiet machine");

	kind_is(FMT_GOTEST, "goos: linux", "goos");
	kind_is(FMT_GOTEST, "BenchmarkFib20-2     \t    4300\t     30794 ns/op\t       0 B/op\t       0 allocs/op", "result");
	kind_is(FMT_GOTEST, "BenchmarkFib20-2     \t    43O0\t     30794 ns/op", "result");
	kind_is(FMT_GOTEST, "BenchmarkScan/range-24  9", "result");
	kind_is(FMT_GOTEST, "BenchmarkFib20", "lone name");
	kind_is(FMT_GOTEST, "PASS", "around");
	not_claimed(FMT_GOTEST, "Benchmarks were run twice");

	kind_is(FMT_CRITERION, "fib 10                  time:   [26.029 ns 26.251 ns 26.505 ns]", "result");
	kind_is(FMT_CRITERION, "fib 10                  time:   [26.O29 ns 26.251 ns 26.505 ns]", "result");
	kind_is(FMT_CRITERION, "                        change: [-2.1% -0.5% +1.2%] (p = 0.54 > 0.05)", "change");
	kind_is(FMT_CRITERION, "                        time:   [-2.1% -0.5% +1.2%] (p = 0.54 > 0.05)", "time");
	kind_is(FMT_CRITERION, "Benchmarking fib 10: Collecting 100 samples in estimated 5.0001 s (192M iterations)",
		"progress");
	kind_is(FMT_CRITERION, "Found 11 outliers among 100 measurements (11.00%)", "found");
	kind_is(FMT_CRITERION, "  6 (6.00%) high mild", "outlier");
	assert_false(starts(FMT_CRITERION, "Found 11 outliers among 100 measurements (11.00%)"));
	not_claimed(FMT_CRITERION, "The time: it went down");
}

/* BenchmarkDotNet, JMH and Google Benchmark: their fixed words, garbled digits, and the prose beside them. */
static void test_jvm_dotnet_cpp(void **state)
{
	(void)state;
	kind_is(FMT_BDN, "BenchmarkDotNet v0.13.12, Ubuntu 22.04.4 LTS (Jammy Jellyfish)", "version");
	kind_is(FMT_BDN, "BenchmarkDotNet=v0.10.11, OS=Windows 10", "version");
	kind_is(FMT_BDN, "// * Summary *", "summary");
	kind_is(FMT_BDN, "  Job-NFMVLY : .NET 9.0.0 (42.42.42.42424), X64 RyuJIT AVX2", "env");
	kind_is(FMT_BDN, "  [Host]     : .NET Framework 4.8.1 (4.8.9241.0), X64 RyuJIT", "env");
	kind_is(FMT_BDN, "AMD EPYC 7763, 1 CPU, 16 logical and 8 physical cores", "env");
	kind_is(FMT_BDN, "Job=ShortRun  IterationCount=3  LaunchCount=1", "settings");
	kind_is(FMT_BDN, "| Method  | Toolchain | size | Mean | Error | Ratio |", "header");
	kind_is(FMT_BDN, " Method |  Job | Param |       Mean |    Error |", "header");
	kind_is(FMT_BDN, "|-------- |---------- |----------------:|", "rule");
	kind_is(FMT_BDN, "------- |----- |------ |-----------:|", "rule");
	kind_is(FMT_BDN, "| Managed | PR | 1000 | 10.91 ns | 0.242 ns |  0.99 |", "row");
	kind_is(FMT_BDN, "| Managed | PR | 1000 | 10.9l ns | 0.242 ns |  0.99 |", "row");
	assert_true(starts(FMT_BDN, "| Method | Mean | Error |"));
	assert_false(starts(FMT_BDN, "| Managed | PR | 1000 | 10.91 ns |"));
	not_claimed(FMT_BDN, "The Method we used has a Mean that is lower");
	not_claimed(FMT_BDN, "BenchmarkDotNet is what we ran");

	kind_is(FMT_JMH, "Benchmark                (classes)  (instances)   Mode  Cnt   Score   Error   Units",
		"header");
	kind_is(FMT_JMH, "MethodHandleStress.work       1000          100  thrpt   20  33.423 \xc2\xb1 7.678  ops/ms",
		"row");
	kind_is(FMT_JMH, "MethodHandleStress.work       1000          100  thrpt   20  33.4Z3 \xc2\xb1 7.678  ops/ms",
		"row");
	kind_is(FMT_JMH, "# JMH version: 1.32", "jmh");
	kind_is(FMT_JMH, "# Benchmark: org.example.Bench.parse", "benchmark");
	kind_is(FMT_JMH, "# Warmup Iteration   1: 245648.201 ops/s", "hash");
	kind_is(FMT_JMH, "Iteration   1: 328515.504 ops/s", "iter");
	kind_is(FMT_JMH, "Result \"org.example.Bench.parse\":", "result");
	kind_is(FMT_JMH, "  327208.503 \xc2\xb1(99.9%) 2391.507 ops/s [Average]", "detail");
	kind_is(FMT_JMH, "REMEMBER: The numbers below are just data.", "remember");
	kind_is(FMT_JMH, "--", "separator");
	assert_true(starts(FMT_JMH, "PerfTest.doit    thrpt   20  57.217 \xc2\xb1 0.971  ops/s"));
	assert_false(starts(FMT_JMH, "Iteration   1: 328515.504 ops/s"));
	not_claimed(FMT_JMH, "Benchmarks were run in avgt mode on a quiet machine");
	not_claimed(FMT_JMH, "# Results");
	/* an author's Markdown heading: JMH's names a class's method, one word with a dot */
	not_claimed(FMT_JMH, "# Benchmark:");
	not_claimed(FMT_JMH, "# Benchmark: results on my laptop");
	kind_is(FMT_JMH, "# Benchmark: Bench.parse  ", "benchmark");

	kind_is(FMT_GBENCH, "Run on (8 X 4000 MHz CPU s)", "context");
	kind_is(FMT_GBENCH, "Load Average: 0.33, 0.60, 0.53", "context");
	kind_is(FMT_GBENCH, "2017-11-07 21:16:44", "context");
	kind_is(FMT_GBENCH, "RUNNING: ./a.out --benchmark_out=/tmp/tmprBT5nW", "running");
	kind_is(FMT_GBENCH, "Benchmark               Time           CPU Iterations", "header");
	kind_is(FMT_GBENCH, "------------------------------------------------------", "rule");
	kind_is(FMT_GBENCH, "BM_memcpy/8            36 ns         36 ns   19101577   211.669MB/s", "row");
	kind_is(FMT_GBENCH, "BM_memcpy/8            3b ns         36 ns   19101577   211.669MB/s", "row");
	kind_is(FMT_GBENCH, "Comparing ./a.out to ./a.out", "comparing");
	kind_is(FMT_GBENCH, "Comparing BM_memcpy (from ./a.out) to BM_copy (from ./a.out)", "comparing");
	kind_is(FMT_GBENCH, "Benchmark                 Time             CPU      Time Old      Time New       CPU Old       CPU New",
		"cmp header");
	kind_is(FMT_GBENCH, "BM_memcpy/8            +0.0020         +0.0020            36            36            36            36",
		"cmp row");
	assert_true(starts(FMT_GBENCH, "Run on (8 X 4000 MHz CPU s)"));
	assert_false(starts(FMT_GBENCH, "BM_memcpy/8            36 ns         36 ns   19101577"));
	not_claimed(FMT_GBENCH, "Benchmarks take time on the CPU");
	not_claimed(FMT_GBENCH, "Comparing notes, we agreed to ship it");
}

#define BAR "\xe2\x94\x82" /* │ */
#define MICRO "\xc2\xb5"

/* The comparers of Go and Rust benchmarks: benchstat v1 and v2, benchcmp, critcmp, cargo benchcmp. */
static void test_comparers(void **state)
{
	(void)state;
	kind_is(FMT_BENCHSTAT, "                      " BAR "   old.txt   " BAR "      new.txt      " BAR, "header");
	kind_is(FMT_BENCHSTAT, "                      " BAR "   sec/op    " BAR "   sec/op     vs base                " BAR,
		"header");
	assert_true(starts(FMT_BENCHSTAT, "    " BAR " crc-old.txt " BAR));
	kind_is(FMT_BENCHSTAT, "Encode/format=json-48   1.718" MICRO " " PM " 1%   1.423" MICRO " " PM " 1%  -17.20% (p=0.000 n=10)",
		"row");
	kind_is(FMT_BENCHSTAT, "Encode/format=json-48   1.7l8" MICRO " " PM " 1%   1.423" MICRO " " PM " 1O%", "row");
	kind_is(FMT_BENCHSTAT, "FloatSub/100-4   115.00n " PM " \xe2\x88\x9e \xc2\xb9   78.80n " PM " \xe2\x88\x9e \xc2\xb9", "row");
	kind_is(FMT_BENCHSTAT, "Scan-8             4.125Ki", "row"); /* cut short */
	kind_is(FMT_BENCHSTAT, "geomean                 2.295" MICRO "        2.090" MICRO "        -8.94%", "geomean");
	kind_is(FMT_BENCHSTAT, "\xc2\xb9 need >= 6 samples for confidence interval at level 0.95", "footnote");
	kind_is(FMT_BENCHSTAT, "\xc2\xb2 all samples are equal", "footnote");
	kind_is(FMT_BENCHSTAT, "pkg: github.com/elastic/apm-server/internal/agentcfg", "config");
	assert_false(starts(FMT_BENCHSTAT, "Encode/format=json-48   1.718" MICRO " " PM " 1%"));
	assert_false(starts(FMT_BENCHSTAT, "goos: linux"));
	/* box tables of other tools start at their border; a sentence with a colon is no config */
	assert_false(starts(FMT_BENCHSTAT, BAR " package_name " BAR " NEW OLD " BAR));
	not_claimed(FMT_BENCHSTAT, "Before:");
	not_claimed(FMT_BENCHSTAT, "The results are below, measured twice");

	kind_is(FMT_BENCHSTAT_V1, "name               old time/op    new time/op    delta", "header");
	kind_is(FMT_BENCHSTAT_V1, "name               old speed      new speed      delta", "header");
	kind_is(FMT_BENCHSTAT_V1, "name        time/op", "header");
	kind_is(FMT_BENCHSTAT_V1, "name \\ time/op    new.txt        old.txt        x386.txt", "header");
	kind_is(FMT_BENCHSTAT_V1, "Do-8                 7.79" MICRO "s " PM " 3%    4.75" MICRO "s " PM " 7%  -39.01%  (p=0.000 n=9+10)",
		"row");
	kind_is(FMT_BENCHSTAT_V1, "Do-8                 7.7O" MICRO "s " PM " 3%    4.75" MICRO "s " PM " 7%  -39.01%", "row");
	kind_is(FMT_BENCHSTAT_V1, "Continue-8            O.00B          0.00B          ~     (all equal)", "row");
	kind_is(FMT_BENCHSTAT_V1, "Isolation/10-8        O.00B          0.00B         0.00%", "row");
	kind_is(FMT_BENCHSTAT_V1, "pkg:hash/crc32 goos:darwin goarch:amd64", "group");
	kind_is(FMT_BENCHSTAT_V1, "[Geo mean]                                    345ns           238ns        -30.99%", "geomean");
	assert_true(starts(FMT_BENCHSTAT_V1, "name               old time/op    new time/op    delta"));
	not_claimed(FMT_BENCHSTAT_V1, "name of the game");
	not_claimed(FMT_BENCHSTAT_V1, "name  old value  new value  change");
	not_claimed(FMT_BENCHSTAT_V1, "funcbech00:55:15 main.go:211: exiting");
	/* its CSV forms are benchstat-csv's */
	assert_false(starts(FMT_BENCHSTAT_V1, "name \\ time/op (ns/op),new.txt," PM ",old.txt," PM));
	assert_false(starts(FMT_BENCHSTAT_V1, "name \\ time/op (ns/op),./old.txt,./new.txt"));

	kind_is(FMT_BENCHSTAT_CSV, ",old.txt,,new.txt,,,", "files");
	kind_is(FMT_BENCHSTAT_CSV, ",sec/op,CI,sec/op,CI,vs base,P", "units");
	kind_is(FMT_BENCHSTAT_CSV, "name \\ time/op (ns/op),new.txt," PM ",old.txt," PM, "v1-header");
	kind_is(FMT_BENCHSTAT_CSV, "name,time/op (ns/op)," PM, "v1-header");
	kind_is(FMT_BENCHSTAT_CSV, "pkg:hash/crc32 goos:darwin goarch:amd64", "group");
	kind_is(FMT_BENCHSTAT_CSV, "Encode/format=json-48,1.718e-06,1%,1.4225e-06,1%,-17.20%,p=0.000 n=10", "row");
	kind_is(FMT_BENCHSTAT_CSV, "Encode/format=json-48,1.7l8e-06,1%", "row");
	kind_is(FMT_BENCHSTAT_CSV, "geomean,2.294891936453654e-06,,2.089754770302007e-06,,-8.94%,", "geomean");
	kind_is(FMT_BENCHSTAT_CSV, "[Geo mean],2.37855E+02,,3.44668E+02", "geomean");
	assert_true(starts(FMT_BENCHSTAT_CSV, ",old.txt,,new.txt,,,"));
	assert_true(starts(FMT_BENCHSTAT_CSV, "name \\ speed (MB/s),new.txt," PM ",old.txt," PM));
	assert_false(starts(FMT_BENCHSTAT_CSV, "Encode/format=json-48,1.718e-06,1%"));
	assert_false(starts(FMT_BENCHSTAT_CSV, ", and then the new build"));
	assert_false(starts(FMT_BENCHSTAT_CSV, "name, address and phone"));
	not_claimed(FMT_BENCHSTAT_CSV, ",,,");

	kind_is(FMT_BENCHCMP, "benchmark           old ns/op     new ns/op     delta", "header");
	kind_is(FMT_BENCHCMP, "benchmark                         old MB/s     new MB/s     speedup     ", "header");
	kind_is(FMT_BENCHCMP, "benchmark           old allocs     new allocs     delta", "header");
	kind_is(FMT_BENCHCMP, "BenchmarkConcat     523           68.6          -86.88%", "row");
	kind_is(FMT_BENCHCMP, "BenchmarkConcat     52O           68.6          -86.88%", "row");
	not_claimed(FMT_BENCHCMP, "benchmark old and new builds, then compare");
	not_claimed(FMT_BENCHCMP, "benchmark  old ns/op  new ns/op  change");
	assert_false(starts(FMT_BENCHCMP, "BenchmarkConcat     523           68.6          -86.88%"));

	kind_is(FMT_CRITCMP, "group                         snappy/cpp/                            snappy/snap/", "header");
	kind_is(FMT_CRITCMP, "-----                         -----------                            ------------", "divider");
	kind_is(FMT_CRITCMP, "compress/zflat00_html         1.00     94.5" PM "0.62" MICRO "s  1033.1 MB/sec    1.02     96.1" PM "0.74" MICRO "s  1016.2 MB/sec",
		"row");
	kind_is(FMT_CRITCMP, "compress/zflat00_html         1.00     94.5" PM "O.62" MICRO "s  1033.1 MB/sec", "row");
	kind_is(FMT_CRITCMP, "<pre>group                                 master                                 refactor", "header");
	assert_true(starts(FMT_CRITCMP, "group                         snappy/cpp/                            snappy/snap/"));
	not_claimed(FMT_CRITCMP, "group by the build, then compare");
	not_claimed(FMT_CRITCMP, "-----BEGIN PGP SIGNATURE-----");

	kind_is(FMT_CARGO_BENCHCMP, " name                c69b1373 ns/iter  edfc86ac ns/iter  diff ns/iter  diff %", "header");
	kind_is(FMT_CARGO_BENCHCMP, " bench_buffer        96                91                          -5  -5.21%", "row");
	kind_is(FMT_CARGO_BENCHCMP, " ac_one_byte                         354 (28248 MB/s)            349 (28653 MB/s)                      -5   -1.41%   x 1.01",
		"row");
	kind_is(FMT_CARGO_BENCHCMP, " bench_buffer        9O                91                          -5  -5.21%", "row");
	kind_is(FMT_CARGO_BENCHCMP, " kv_range    9,12", "row"); /* cut short */
	assert_true(starts(FMT_CARGO_BENCHCMP, " name                c69b1373 ns/iter  edfc86ac ns/iter  diff ns/iter  diff %"));
	not_claimed(FMT_CARGO_BENCHCMP, "name  the bench  of the week");
	assert_false(starts(FMT_CARGO_BENCHCMP, " bench_buffer        96                91                          -5  -5.21%"));
}

static void test_size_list(void **state)
{
	enum fmt f = FMT_SIZE_LIST;

	(void)state;
	kind_is(f, "\xe2\x80\xa2 Release + PGO optimized: 4.3 Mib", "item");
	kind_is(f, "- lto: `24852744` bytes / `23.70` MiB", "item");
	kind_is(f, "- lto: `2485O744` bytes / `23.70` MiB", "item");
	kind_is(f, "strip-only = 5.1 MiB", "pair");
	kind_is(f, "lto-only   = 6.O MiB", "pair");
	kind_is(f, "* 8.5 MiB (`strip` only)", "value first");
	kind_is(f, "* 8.O MiB (`strip` only)", "value first");
	kind_is(f, "* `.rwxr-xr-x 16,163,864 root 11 Sep 18:37 target/release/xh # disabled` (about 15 MiB)", "ls");
	kind_is(f, "-rwxr-xr-x 1 me me 11236416 Sep 11 18:42 target/lto/xh", "ls");
	kind_is(f, "-rwxr-xr-x 1 root root  16K Dec  6 08:05 fib_O0", "ls");
	kind_is(f, "total 1.3M", "ls total");
	kind_is(f, "total 1O24", "ls total");
	kind_is(f, "total of 3 runs", "none");
	assert_true(starts(f, "strip-only = 5.1 MiB"));
	assert_true(starts(f, "* 8.5 MiB (`strip` only)"));

	/* sizes inside sentences, a machine's memory, settings: none of these */
	not_claimed(f, "* `bench_bitcoin` shrank from 74 678 800 to 39 695 288 bytes (-47 %)");
	not_claimed(f, "The binary goes from 10.5 MiB down to 3.7 MiB.");
	not_claimed(f, "* the build is 5 MiB (lto)");
	not_claimed(f, "- RAM: 16 GB");
	not_claimed(f, "* 32 GB (DDR4)");
	not_claimed(f, "RAM = 16 GB");
	not_claimed(f, "buffer = 64 KiB");
	not_claimed(f, "- Release: fast (5 runs)");
}

/* The Python and JavaScript harnesses: pyperf, pytest-benchmark, asv, benchmark.js. */
static void test_py_js_harnesses(void **state)
{
	(void)state;
	kind_is(FMT_PYPERF, "Mean +- std dev: 4.34 us +- 0.31 us", "result");
	kind_is(FMT_PYPERF, "Mean +- std dev: 4.3A us +- 0.31 us", "result");
	kind_is(FMT_PYPERF, "nbody: Mean +- std dev: [a] 1.50 sec +- 0.50 sec -> [b] 2.00 sec +- 0.50 sec: 1.33x slower",
		"result");
	kind_is(FMT_PYPERF, "- nbody: 179 ms +- 4 ms -> 209 ms +- 2 ms: 1.17x slower", "-G line");
	kind_is(FMT_PYPERF, "- nbody: 179 ms +- 4 ms -> 2O9 ms +- 2 ms: 1.17x slower", "-G line");
	kind_is(FMT_PYPERF, "### 2to3 ###", "title");
	kind_is(FMT_PYPERF, "Slower (21):", "around");
	kind_is(FMT_PYPERF, "Geometric mean: 1.02x faster", "around");
	kind_is(FMT_PYPERF, ".....................", "progress");
	kind_is(FMT_PYPERF, "| Benchmark      | mult_list_py36 | mult_list_py37        |", "header");
	/* any typed table's header: the table reader opens it (and hands pyperf's over) */
	assert_false(starts(FMT_PYPERF, "| Benchmark      | mult_list_py36 | mult_list_py37        |"));
	kind_is(FMT_PYPERF, "+================+================+=======================+", "rule");
	kind_is(FMT_PYPERF, "|-----------|:--------:|:----------------------:|", "rule");
	kind_is(FMT_PYPERF, "| [1]*1000       | 2.13 us        | 2.09 us: 1.02x faster |", "row");
	not_claimed(FMT_PYPERF, "### With LTO ###");
	not_claimed(FMT_PYPERF, "The mean is 4.34 us, give or take.");
	not_claimed(FMT_PYPERF, "- one item of a list");
	not_claimed(FMT_PYPERF, "...");

	kind_is(FMT_PYTEST_BENCHMARK, "-------------------- benchmark: 4 tests --------------------", "title");
	kind_is(FMT_PYTEST_BENCHMARK, "---- benchmark 'torch.Size([4, 4])': 3 tests ----", "title");
	kind_is(FMT_PYTEST_BENCHMARK, "Name (time in ms)        Min     Max    Mean  StdDev  Median     IQR  Outliers       OPS  Rounds  Iterations",
		"header");
	kind_is(FMT_PYTEST_BENCHMARK, "test_myfunc             3.5070  3.5070  3.5070  0.0000  3.5070  0.0000       0;0  285.1445       1           5",
		"row");
	kind_is(FMT_PYTEST_BENCHMARK, "test_myfunc             3.5O70  3.5070", "row");
	kind_is(FMT_PYTEST_BENCHMARK, "Legend:", "legend");
	kind_is(FMT_PYTEST_BENCHMARK, "------------------------------------------", "rule");
	not_claimed(FMT_PYTEST_BENCHMARK, "-- benchmark results below --");
	not_claimed(FMT_PYTEST_BENCHMARK, "Name the file after the test.");

	kind_is(FMT_ASV, "       before           after         ratio", "header");
	kind_is(FMT_ASV, "BENCHMARK                                    BEFORE      AFTER     FACTOR", "first header");
	kind_is(FMT_ASV, "     [3bfda9c6]       [bf719488]", "hashes");
	kind_is(FMT_ASV, "     <v0.1>           <v0.2>", "names");
	kind_is(FMT_ASV, "-         816±0μs         293±20μs     0.36  module.bench(100)", "row");
	kind_is(FMT_ASV, "-         816±0μs         29E±20μs     0.36  module.bench(100)", "row");
	kind_is(FMT_ASV, "| Change   | Before [22b920c6]    | After [fcf8c079]    | Ratio   | Benchmark (Parameter)   |",
		"md header");
	kind_is(FMT_ASV, "SOME BENCHMARKS HAVE CHANGED SIGNIFICANTLY.", "summary");
	kind_is(FMT_ASV, "All benchmarks:", "title");
	kind_is(FMT_ASV, "[100.00%] \xc2\xb7\xc2\xb7\xc2\xb7 mod.time_a           33.2\xc2\xb1" "2ms", "run line");
	kind_is(FMT_ASV, "[  0.00%] \xc2\xb7 For x commit 37c764cb <topic> (round 1/2):", "run line");
	kind_is(FMT_ASV, "\xc2\xb7\xc2\xb7 Installing 544c0fe3 <topic> into env.", "run chatter");
	kind_is(FMT_ASV, "[...]", "elided");
	not_claimed(FMT_ASV, "[1] see the footnote");
	not_claimed(FMT_ASV, "before and after the patch the ratio is the same");
	not_claimed(FMT_ASV, "Benchmark numbers below.");

	kind_is(FMT_BENCHMARKJS, "deflate-pako x 14.27 ops/sec \xc2\xb1" "0.24% (38 runs sampled)", "result");
	kind_is(FMT_BENCHMARKJS, "deflate-pako x 1A.27 ops/sec \xc2\xb1" "0.24% (38 runs sampled)", "result");
	kind_is(FMT_BENCHMARKJS, " > inflate-pako x 1,104 ops/sec \xc2\xb1" "1.37% (73 runs sampled)", "result");
	kind_is(FMT_BENCHMARKJS, "inflate-zlib x 218 ops/s", "cut result");
	kind_is(FMT_BENCHMARKJS, "Fastest is deflate-pako", "fastest");
	not_claimed(FMT_BENCHMARKJS, "we ran it 10 x faster than before, 38 runs sampled)");
	not_claimed(FMT_BENCHMARKJS, "Fastest is the one we ship.");
}

static void test_shell_times(void **state)
{
	(void)state;
	kind_is(FMT_ZSH_TIME, "node sha3  0.28s user 0.02s system 124% cpu 0.242 total", "line");
	kind_is(FMT_ZSH_TIME, "node sha3  0.2Os user 0.02s system 124% cpu 0.242 total", "line");
	kind_is(FMT_ZSH_TIME, "`make  1.20s user 0.30s system 99% cpu 1:31:18.66 total`", "line");
	assert_true(starts(FMT_ZSH_TIME, "node sha3  0.28s user 0.02s system 124% cpu 0.242 total"));
	not_claimed(FMT_ZSH_TIME, "The build took 3 minutes in total");
	not_claimed(FMT_ZSH_TIME, "user and system time went up, cpu use too, see the total");
	kind_is(FMT_FISH_TIME, "________________________________________________________", "rule");
	kind_is(FMT_FISH_TIME, "Executed in    1.62 millis    fish           external ", "executed");
	kind_is(FMT_FISH_TIME, "   usr time  1622.00 micros  409.00 micros  1213.00 micros ", "usr");
	kind_is(FMT_FISH_TIME, "   sys time   5O.00 micros   50.00 micros    0.00 micros", "sys");
	not_claimed(FMT_FISH_TIME, "___");
	not_claimed(FMT_FISH_TIME, "Execution time went down");
	assert_false(starts(FMT_FISH_TIME, "usr time is what fish spent"));
}

static void test_load_generators(void **state)
{
	(void)state;
	kind_is(FMT_WRK, "Running 10s test @ http://localhost:8080/get", "running");
	kind_is(FMT_WRK, "  15 threads and 25 connections", "threads");
	kind_is(FMT_WRK, "  Thread Stats   Avg      Stdev     Max   +/- Stdev", "header");
	kind_is(FMT_WRK, "    Latency     1.20s   230.15ms   1.34s    90.68%", "latency");
	kind_is(FMT_WRK, "    Latency     1.2Os   230.15ms   1.34s    90.68%", "latency");
	kind_is(FMT_WRK, "    Req/Sec     0.14      0.56     4.00     91.53%", "req/sec");
	kind_is(FMT_WRK, "  Latency Distribution (HdrHistogram - Recorded Latency)", "distribution");
	kind_is(FMT_WRK, " 99.900%   10.74s ", "percentile");
	kind_is(FMT_WRK, "  118 requests in 10.09s, 26.16KB read", "requests");
	kind_is(FMT_WRK, "  Socket errors: connect 0, read 0, write 0, timeout 1", "socket errors");
	kind_is(FMT_WRK, "Requests/sec:     11.69", "requests/sec");
	kind_is(FMT_WRK, "Transfer/sec:      2.5gKB", "transfer/sec");
	assert_true(starts(FMT_WRK, "Running 10s test @ http://localhost:8080/get"));
	assert_false(starts(FMT_WRK, "Requests/sec:     11.69"));
	not_claimed(FMT_WRK, "Running the test again gave the same");
	not_claimed(FMT_WRK, "Latency: lower is better");

	kind_is(FMT_AB, "This is ApacheBench, Version 2.3 <$Revision: 1843412 $>", "banner");
	kind_is(FMT_AB, "Requests per second:    66.37 [#/sec] (mean)", "figure");
	kind_is(FMT_AB, "Time per request:       15.O68 [ms] (mean, across all concurrent requests)", "figure");
	kind_is(FMT_AB, "Total:          1    3   1.2      3      10", "times row");
	kind_is(FMT_AB, " 100%   9355 (longest request)", "percentage");
	kind_is(FMT_AB, "   (Connect: 0, Receive: 0, Length: 12, Exceptions: 0)", "failed");
	kind_is(FMT_AB, "                        4153.7G kb/s sent", "kb/s");
	kind_is(FMT_AB, "Keep-Alive requests:    9950", "figure");
	assert_true(starts(FMT_AB, "Requests per second:    66.37 [#/sec] (mean)"));
	assert_false(starts(FMT_AB, "  50%    622"));
	not_claimed(FMT_AB, "Requests per second went up a lot");

	kind_is(FMT_HEY, "Summary:", "summary");
	kind_is(FMT_HEY, "  Requests/sec:\t24.1679", "figure");
	kind_is(FMT_HEY, "  10% in 0.1734 secs", "percentile");
	kind_is(FMT_HEY, "  [200]\t250 responses", "code");
	kind_is(FMT_OHA, "  Success rate: 100.00%", "success rate");
	kind_is(FMT_OHA, "  99.90% in 17.4909 secs", "percentile");
	kind_is(FMT_OHA, "   2.146 [137] |\xe2\x96\xa0\xe2\x96\xa0", "bucket");
	assert_true(starts(FMT_HEY, "Summary:"));
	assert_false(starts(FMT_HEY, "  Success rate: 100.00%"));
	assert_true(starts(FMT_OHA, "  Success rate: 100.00%"));
	assert_false(starts(FMT_OHA, "Summary:"));
	assert_false(starts(FMT_HEY, "Total: three runs"));

	kind_is(FMT_VEGETA, "Requests      [total, rate, throughput]         100, 50.57, 24.76", "row");
	kind_is(FMT_VEGETA, "Latencies     [mean, 50, 95, 99, max]  646.3l8364ms, 451.048775ms", "row");
	kind_is(FMT_VEGETA, "Error Set:", "error set");
	assert_true(starts(FMT_VEGETA, "Requests      [total, rate]            200, 19.35"));
	not_claimed(FMT_VEGETA, "Requests were slow [see below]");

	kind_is(FMT_K6, "    http_req_duration..........: avg=1.52ms  min=957.23µs med=1.41ms", "metric");
	kind_is(FMT_K6, "    http_reqs..................: 17433  578.878O85/s", "metric");
	kind_is(FMT_K6, "      { expected_response:true }...: avg=5.92s", "other");
	assert_true(starts(FMT_K6, "    http_reqs..................: 17433  578.878085/s"));
	assert_false(starts(FMT_K6, "    my_counter.................: 3"));
	not_claimed(FMT_K6, "http_reqs went up...");

	kind_is(FMT_H2LOAD, "finished in 1.00s, 1312.00 req/s, 239.81KB/s", "finished");
	kind_is(FMT_H2LOAD, "requests: 1312 total, 1313 started, 1312 done, 1312 succeeded, 0 failed, 0 errored, 0 timeout", "requests");
	kind_is(FMT_H2LOAD, "time for request:      474us     16.03ms       758us       800us    97.48%", "row");
	kind_is(FMT_H2LOAD, "req/s           :    1311.65     1311.65     1311.65        0.00   100.00%", "row");
	assert_true(starts(FMT_H2LOAD, "starting benchmark..."));
	assert_false(starts(FMT_H2LOAD, "finished in time for the release"));

	kind_is(FMT_BOMBARDIER, "Statistics        Avg      Stdev        Max", "header");
	kind_is(FMT_BOMBARDIER, "  Reqs/sec      2195.55     302.63    2600.64", "reqs/sec");
	kind_is(FMT_BOMBARDIER, "  Latency        3.67ms    3O.53ms      1.02s", "latency");
	kind_is(FMT_BOMBARDIER, "  Latency Distribution (2xx)", "distribution");
	kind_is(FMT_BOMBARDIER, "     99%    10.69ms", "percentile");
	kind_is(FMT_BOMBARDIER, "    1xx - 0, 2xx - 11, 3xx - 0, 4xx - 0, 5xx - 11009", "codes");
	kind_is(FMT_BOMBARDIER, " 10000000 / 10000000 [=======] 100.00% 37s Done!", "progress");
	kind_is(FMT_BOMBARDIER, "  Throughput:   513.10KB/s", "throughput");
	assert_true(starts(FMT_BOMBARDIER, "Bombarding http://localhost:8080 for 10s using 125 connection(s)"));
	assert_false(starts(FMT_BOMBARDIER, "Statistics of the build"));

	kind_is(FMT_CLICKHOUSE, "1 rows in set. Elapsed: 4.933 sec. Processed 100.00 billion rows, 100.00 GB "
				"(20.27 billion rows/s., 20.27 GB/s.)", "summary");
	kind_is(FMT_CLICKHOUSE, "1 row in set. Elapsed: 7.3z8 sec.", "summary");
	kind_is(FMT_CLICKHOUSE, "Peak memory usage: 9.52 KiB.", "peak memory");
	assert_true(starts(FMT_CLICKHOUSE, "0 rows in set. Elapsed: 0.002 sec."));
	assert_false(starts(FMT_CLICKHOUSE, "Peak memory usage: 9.52 KiB."));
	not_claimed(FMT_CLICKHOUSE, "3 rows in set, and the fourth was slow");
}

static void test_system_benchmarks(void **state)
{
	(void)state;
	kind_is(FMT_REDIS_BENCHMARK, "====== SET ======", "banner");
	kind_is(FMT_REDIS_BENCHMARK, "  100000 requests completed in 1.23 seconds", "completed");
	kind_is(FMT_REDIS_BENCHMARK, "  1OOOOO requests completed in 1.23 seconds", "completed");
	kind_is(FMT_REDIS_BENCHMARK, "50.000% <= 1.191 milliseconds (cumulative count 5050768)", "dist");
	kind_is(FMT_REDIS_BENCHMARK, "99.99% <= 1 milliseconds", "dist");
	kind_is(FMT_REDIS_BENCHMARK, "  throughput summary: 128205.12 requests per second", "rps");
	kind_is(FMT_REDIS_BENCHMARK, "          avg       min       p50       p95       p99       max", "lat cols");
	kind_is(FMT_REDIS_BENCHMARK, "        O.101     0.024     0.095     0.143     0.159     3.239", "lat values");
	kind_is(FMT_REDIS_BENCHMARK, "SET: 15659.25 requests per second, p50=2.551 msec", "quiet");
	kind_is(FMT_REDIS_BENCHMARK, "LPUSH: 1O604.45 requests per second, p50=3.879 msec", "quiet");
	kind_is(FMT_REDIS_BENCHMARK, "\"test\",\"rps\",\"avg_latency_ms\"", "csv head");
	kind_is(FMT_REDIS_BENCHMARK, "\"SET\",\"64391.50\",\"0.418\"", "csv row");
	assert_true(starts(FMT_REDIS_BENCHMARK, "SET: 15659.25 requests per second, p50=2.551 msec"));
	assert_false(starts(FMT_REDIS_BENCHMARK, "Latency: about 1000 requests per second"));
	not_claimed(FMT_REDIS_BENCHMARK, "The SET test ran fast.");
	/* a script's banner and a setext heading's rule are labels, not tests */
	kind_is(FMT_REDIS_BENCHMARK, "=== LTO ===", "none");
	kind_is(FMT_REDIS_BENCHMARK, "========", "none");
	kind_is(FMT_REDIS_BENCHMARK, "====== LRANGE_100 (first 100 elements) ======", "banner");

	kind_is(FMT_PGBENCH, "tps = 406.261459 (without initial connection time)", "tps");
	kind_is(FMT_PGBENCH, "tps = 4O6.261459 (without initial connection time)", "tps");
	kind_is(FMT_PGBENCH, "latency average = 122.818 ms", "latency");
	kind_is(FMT_PGBENCH, "initial connection time = 59.010 ms", "connect");
	kind_is(FMT_PGBENCH, "number of transactions actually processed: 12221", "processed");
	kind_is(FMT_PGBENCH, "progress: 10.0 s, 444.3 tps, lat 111.033 ms stddev 118.166, 0 failed", "progress");
	kind_is(FMT_PGBENCH, "transaction type: <builtin: TPC-B (sort of)>", "setting");
	assert_true(starts(FMT_PGBENCH, "tps = 406.261459 (without initial connection time)"));
	not_claimed(FMT_PGBENCH, "the tps went up");
	not_claimed(FMT_PGBENCH, "#### Итоговый tps = 406.261459");

	kind_is(FMT_SYSBENCH, "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)", "banner");
	kind_is(FMT_SYSBENCH, "CPU speed:", "section");
	kind_is(FMT_SYSBENCH, "    events per second:  4128.44", "value");
	kind_is(FMT_SYSBENCH, "    events per second:  4l28.44", "value");
	kind_is(FMT_SYSBENCH, "         95th percentile:                        0.97", "value");
	kind_is(FMT_SYSBENCH, "Total operations: 104857600 (10232832.45 per second)", "memory");
	assert_true(starts(FMT_SYSBENCH, "Latency (ms):"));
	assert_false(starts(FMT_SYSBENCH, "    min:   0.96"));
	not_claimed(FMT_SYSBENCH, "CPU speed was fine");

	kind_is(FMT_FIO, "seq_write: (groupid=0, jobs=8): err= 0: pid=171908: Thu Sep  5 03:47:26 2024", "job");
	kind_is(FMT_FIO, "  read: IOPS=15.6k, BW=1948MiB/s (2043MB/s)(38.0GiB/20001msec)", "dir");
	kind_is(FMT_FIO, "  read : io=1024.0MB, bw=17005KB/s, iops=4251, runt= 61568msec", "dir");
	kind_is(FMT_FIO, "    clat (usec): min=7, max=9411, avg=1443.28, stdev=33091.95", "lat");
	kind_is(FMT_FIO, "    clat percentiles (usec):", "pct head");
	kind_is(FMT_FIO, "     |  1.00th=[  343],  5.00th=[  351], 10.00th=[  359], 20.00th=[  371],", "pct");
	kind_is(FMT_FIO, "Run status group 0 (all jobs):", "group head");
	kind_is(FMT_FIO, "   READ: bw=54.5MiB/s (57.1MB/s), 54.5MiB/s-54.5MiB/s (57.1MB/s-57.1MB/s), io=6537MiB (6854MB), run=120002-120002msec", "group");
	assert_true(starts(FMT_FIO, "Run status group 0 (all jobs):"));
	assert_true(starts(FMT_FIO, "seq_write: (groupid=0, jobs=8): err= 0: pid=171908: Thu Sep  5 03:47:26 2024"));
	assert_false(starts(FMT_FIO, "   READ: bw=54.5MiB/s (57.1MB/s), 54.5MiB/s-54.5MiB/s (57.1MB/s-57.1MB/s), io=6537MiB (6854MB), run=120002-120002msec"));
	not_claimed(FMT_FIO, "Note: (this is prose)");
}

static void test_size_listings(void **state)
{
	(void)state;
	kind_is(FMT_DU, "122M\t./deno", "row");
	kind_is(FMT_DU, "9,8M    target/x86_64-unknown-linux-musl/release/my_crab", "row");
	kind_is(FMT_DU, "16040\trelease/fib", "row");
	kind_is(FMT_DU, "1O.5M\tpgo/app", "row");
	kind_is(FMT_DU, "O6040\tlto/fib", "row");
	kind_is(FMT_DU, "1,4M\ttotal", "total");
	kind_is(FMT_DU, "12M of memory", "none");
	assert_true(starts(FMT_DU, "122M\t./deno"));
	assert_true(starts(FMT_DU, "4.0K    b"));
	assert_true(starts(FMT_DU, "16040\trelease/fib"));
	assert_false(starts(FMT_DU, "2\tapples"));
	assert_false(starts(FMT_DU, "12M  app"));
	/* rows of figures aligned with blanks or tabs: a table's, not du's */
	assert_false(starts(FMT_DU, " 1024    327.3ms      1.23s"));
	assert_false(starts(FMT_DU, "128     1.3ms"));
	assert_false(starts(FMT_DU, "4K      fast    slow"));
	assert_false(starts(FMT_DU, "1024\t327.3ms\t1.23s"));
	assert_false(starts(FMT_DU, "4096    ./lib"));
	not_claimed(FMT_DU, "3 more runs were made");

	kind_is(FMT_BLOATY, "    FILE SIZE        VM SIZE    ", "head");
	kind_is(FMT_BLOATY, "     VM SIZE                                FILE SIZE", "head");
	kind_is(FMT_BLOATY, "    FILE SIZE   ", "head");
	kind_is(FMT_BLOATY, " --------------  -------------- ", "rule");
	kind_is(FMT_BLOATY, "  30.5%  6.22Mi  54.0%  6.22Mi    .text", "row");
	kind_is(FMT_BLOATY, "  3O.5%  6.22Mi  54.0%  6.22Mi    .text", "row");
	kind_is(FMT_BLOATY, "  [ = ]       0   +73% +4.69Ki    .bss", "row");
	kind_is(FMT_BLOATY, "  [NEW] +1016Ki  [NEW]  +360Ki    Build()", "row");
	kind_is(FMT_BLOATY, " 100.0%  20.4Mi 100.0%  11.5Mi    TOTAL", "total");
	kind_is(FMT_BLOATY, "  +0.2%    +642 [13 Others]      +849  +0.2%", "row");
	assert_true(starts(FMT_BLOATY, "    FILE SIZE        VM SIZE"));
	assert_false(starts(FMT_BLOATY, "  30.5%  6.22Mi  54.0%  6.22Mi    .text"));
	not_claimed(FMT_BLOATY, "FILE SIZE matters more than VM size here");
	not_claimed(FMT_BLOATY, "50% of the time");

	kind_is(FMT_OBJDUMP, "build/app:     file format elf64-x86-64", "file");
	kind_is(FMT_OBJDUMP, "Sections:", "sections");
	kind_is(FMT_OBJDUMP, "Idx Name          Size      VMA               LMA               File off  Algn", "head");
	kind_is(FMT_OBJDUMP, "  0 .interp       0000001c  0000000000000318  0000000000000318  00000318  2**0", "row");
	kind_is(FMT_OBJDUMP, "  0 .interp       0000O01c  0000000000000318  0000000000000318  00000318  2**0", "row");
	kind_is(FMT_OBJDUMP, "  0 .interp            0000001c  0000000000000318  0000000000000318  00000318  "
			     "2**0  CONTENTS, ALLOC, LOAD, READONLY, DATA", "row");
	kind_is(FMT_OBJDUMP, "                  CONTENTS, ALLOC, LOAD, READONLY, DATA", "flags");
	assert_true(starts(FMT_OBJDUMP, "build/app:     file format elf64-x86-64"));
	assert_true(starts(FMT_OBJDUMP, "Sections:"));
	assert_false(starts(FMT_OBJDUMP, "  0 .interp       0000001c  0000000000000318  0000000000000318  00000318  2**0"));
	not_claimed(FMT_OBJDUMP, "The alignment is 2**4 bytes here.");
}

static void test_memtier(void **state)
{
	(void)state;
	kind_is(FMT_MEMTIER, "ALL STATS", "title");
	kind_is(FMT_MEMTIER, "AGGREGATED AVERAGE RESULTS (3 runs)", "title");
	kind_is(FMT_MEMTIER, "Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency       KB/sec", "head");
	kind_is(FMT_MEMTIER, "------------------------------------------------------------------------", "rule");
	kind_is(FMT_MEMTIER, "Sets        43740.12          ---          ---         0.52517      3374.27", "row");
	kind_is(FMT_MEMTIER, "Waits           0.00          ---          ---             ---          ---", "row");
	kind_is(FMT_MEMTIER, "Totals      4374O.12          ---          ---         0.52517      3374.27", "row");
	assert_true(starts(FMT_MEMTIER, "ALL STATS"));
	assert_true(starts(FMT_MEMTIER, "Type        Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec"));
	assert_false(starts(FMT_MEMTIER, "Sets        43740.12          ---          ---         0.52517      3374.27"));
	not_claimed(FMT_MEMTIER, "Sets were faster than 3 gets");
}

/* Tables typed by hand or posted by bots: rows, dividers, rules and borders, HTML. */
static void test_table(void **state)
{
	enum fmt f = FMT_TABLE;

	(void)state;
	kind_is(f, "| Benchmark | Release | PGO |", "row");
	kind_is(f, "| parse | 735.6 \xc2\xb5s | **612.0 \xc2\xb5s** |", "row");
	kind_is(f, "| parse | 7x5.6 \xc2\xb5s | 6l2.0 |", "row");
	kind_is(f, "|---|:--:|---:|", "divider");
	kind_is(f, "| --- | --- |", "divider");
	kind_is(f, "--- | --- | ---", "divider");
	kind_is(f, ":--- | ---:", "divider");
	kind_is(f, "+-----------+---------+", "border");
	kind_is(f, "+===========+=========+", "border");
	kind_is(f, "+| 10a     ||   185.65 |   163.02 |", "row");
	kind_is(f, "-| 11a     ||    97.93 |   104.67 |", "row");
	kind_is(f, "\xe2\x94\x82 startup \xe2\x94\x82 120 ms \xe2\x94\x82", "row");
	kind_is(f, "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80\xe2\x94\xbc\xe2\x94\x80\xe2\x94\x80\xe2\x94\xa4", "border");
	kind_is(f, "-----------------", "rule");
	kind_is(f, "- | insert    | 10.4      |", "row");
	kind_is(f, "    n       faer  faer(par)    ndarray", "aligned");
	kind_is(f, "  128      1.3ms      1.7ms     44.4ms", "aligned");
	assert_true(starts(f, "    n       faer  faer(par)    ndarray"));
	assert_true(starts(f, "             before    after"));
	/* aligned, but no header: a sentence, a label, numbers, a bullet, a pipe table's line */
	assert_false(starts(f, "It was  fast  enough, 3 runs."));
	assert_false(starts(f, "Results  for  both  builds:"));
	assert_false(starts(f, "  128      1.3ms      1.7ms     44.4ms"));
	assert_false(starts(f, "Change                  | Wheel Size | Build Time"));
	assert_false(starts(f, "size  12 MB"));
	kind_is(f, "<table border=\"1\">", "html");
	kind_is(f, "<td><font color=#6F9915>40.69</font></td>", "html");
	assert_true(starts(f, "| Benchmark | Release | PGO |"));
	assert_true(starts(f, "--- | --- | ---"));
	assert_true(starts(f, "<table>"));
	assert_true(starts(f, "+-----------+---------+"));
	/* a rule alone is a Markdown break, a row of HTML outside a table is markup */
	assert_false(starts(f, "-----------------"));
	assert_false(starts(f, "<tr><td>1</td></tr>"));

	/* prose, bullets, changes, markup: none of these */
	not_claimed(f, "The old build | the new one: no difference.");
	not_claimed(f, "- item one");
	not_claimed(f, "+1 for this");
	not_claimed(f, "-5% on the second run");
	not_claimed(f, "<b>bold</b> text");
	not_claimed(f, "<details><summary>Results</summary>");
	not_claimed(f, "a \xe2\x94\x82 b");
}

/* Numbers labelled by hand: a label and figures, arrows, a figure alone; prose never. */
static void test_labelled(void **state)
{
	enum fmt f = FMT_LABELLED;

	(void)state;
	kind_is(f, "w/ PGO: 1m10.877s; 1m10.778s; 1m10.356s", "labelled");
	kind_is(f, "Without PGO: 188s 190s 189s average~=189s", "labelled");
	kind_is(f, "Before: 264.5 MB", "labelled");
	kind_is(f, "- LTO: 4.2 MiB", "labelled");
	kind_is(f, "PGO - 10.1s", "labelled");
	kind_is(f, "**Build time (`cargo build --release`):** 624s -> 488s = 22% drop in compile time", "labelled");
	kind_is(f, "Jemalloc: total run time 2643.68 s", "labelled");
	kind_is(f, "360 seconds -> 132 seconds", "arrow");
	kind_is(f, "instructions: 97.3K \xe2\x86\x92 94.9K", "labelled");
	kind_is(f, "0m25.891s", "value");
	/* prose, versions, dates, percentages, ratios, settings in words: none of these */
	not_claimed(f, "It got about 5% faster.");
	not_claimed(f, "The build shrank from 74 678 800 to 39 695 288 bytes (-47 %)");
	not_claimed(f, "Version: 1.2.3");
	not_claimed(f, "Date: 2024-01-09");
	not_claimed(f, "Speedup: -19%");
	not_claimed(f, "speedup~=-19%");
	not_claimed(f, "A speedup = (189-177.3)/189 ~= 6%");
	not_claimed(f, "ratio: 1.17x");
	not_claimed(f, "Fixed in #1920");
	not_claimed(f, "Threads: 8");
	not_claimed(f, "1.2.3 -> 1.2.4");
	not_claimed(f, "10 -> 12 -> 14 ms");
	/* counts with no word for what they count */
	not_claimed(f, "97.3K \xe2\x86\x92 94.9K");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_parser),
		cmocka_unit_test(test_hyperfine),
		cmocka_unit_test(test_perf),
		cmocka_unit_test(test_perf_csv),
		cmocka_unit_test(test_size),
		cmocka_unit_test(test_size_sysv),
		cmocka_unit_test(test_time),
		cmocka_unit_test(test_fortio),
		cmocka_unit_test(test_iperf3),
		cmocka_unit_test(test_hyperfine_tables),
		cmocka_unit_test(test_harnesses),
		cmocka_unit_test(test_jvm_dotnet_cpp),
		cmocka_unit_test(test_size_list),
		cmocka_unit_test(test_py_js_harnesses),
		cmocka_unit_test(test_shell_times),
		cmocka_unit_test(test_load_generators),
		cmocka_unit_test(test_system_benchmarks),
		cmocka_unit_test(test_size_listings),
		cmocka_unit_test(test_memtier),
		cmocka_unit_test(test_comparers),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_labelled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
