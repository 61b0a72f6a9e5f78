/*
 * test_scan.c - each hand scanner (parsers/scan.h) agrees with the pattern
 * it stands in for: on real lines, edge cases (odd spacing, units, damaged
 * figures, rarer variants) and every one-byte mutation of them, a line the
 * scanner accepts is matched by the pattern with the same span for every
 * group, and the plain shapes are the scanner's (else it saves nothing).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "parsers/parser.h"
#include "parsers/scan.h"
#include "util/diag.h"

extern const struct parser iperf3_parser;
extern const struct parser criterion_parser;
extern const struct parser fortio_parser;
extern const struct parser hyperfine_parser;
extern const struct parser size_parser;

typedef int (*scanner)(const struct rx_thread *t, struct rx *p, const char *s, size_t n);

static struct rx *pattern_named(const struct parser *ps, const char *name)
{
	for (size_t i = 0; i < ps->nrx; i++)
		if (!strcmp(ps->rx[i].name, name))
			return &ps->rx[i];
	fail_msg("no pattern %s", name);
	return NULL;
}

/* the matcher every scanner and pattern here uses: lane 0, one thread */
static struct rx_thread th;

#define MAX_GROUPS 40

/*
 * Run the scanner, then the pattern, on s[0..n): when the scanner accepts,
 * the pattern must match with the same groups. Returns the scanner's answer.
 */
static int agree(struct rx *p, scanner scan, const char *s, size_t n)
{
	size_t from[MAX_GROUPS], len[MAX_GROUPS];
	const char *g;
	int took = scan(&th, p, s, n);

	assert_true(p->novector <= MAX_GROUPS);
	if (!took)
		return 0;
	for (unsigned i = 0; i < p->novector; i++) {
		from[i] = rx_group(&th, p, i, &g, &len[i]) ? (size_t)(g - s) : SIZE_MAX;
	}
	if (!rx_match(&th, p, s, n))
		fail_msg("%s: the scanner reads a line the pattern does not match: \"%.*s\"", p->name, (int)n, s);
	for (unsigned i = 0; i < p->novector; i++) {
		size_t f = rx_group(&th, p, i, &g, &len[MAX_GROUPS - 1]) ? (size_t)(g - s) : SIZE_MAX;

		if (f != from[i] || (f != SIZE_MAX && len[MAX_GROUPS - 1] != len[i]))
			fail_msg("%s: group %u differs on \"%.*s\": scanner %zu+%zu, pattern %zu+%zu", p->name, i,
				 (int)n, s, from[i], len[i], f, len[MAX_GROUPS - 1]);
	}
	return 1;
}

/* Bytes a mutation puts in: blanks, figures, signs, units' letters, brackets, a stray UTF-8 byte. */
static const char mutants[] = " \t\r\n.-+0159eKMGTBbsmn()[]%/:,|\xc2\xb1x";

/* Every line, and every deletion, replacement and insertion of one byte in it, through agree(). */
static void agree_mutated(struct rx *p, scanner scan, const char *line)
{
	char buf[512];
	size_t n = strlen(line);

	assert_true(n + 2 < sizeof(buf));
	agree(p, scan, line, n);
	for (size_t at = 0; at <= n; at++) {
		if (at < n) { /* delete */
			memcpy(buf, line, at);
			memcpy(buf + at, line + at + 1, n - at - 1);
			agree(p, scan, buf, n - 1);
		}
		for (const char *m = mutants; *m; m++) {
			if (at < n) { /* replace */
				memcpy(buf, line, n);
				buf[at] = *m;
				agree(p, scan, buf, n);
			}
			memcpy(buf, line, at); /* insert */
			buf[at] = *m;
			memcpy(buf + at + 1, line + at, n - at);
			agree(p, scan, buf, n + 1);
		}
	}
}

/*
 * Each line of `lines`: the scanner's (`want` 1) or the pattern's alone
 * (0), the pattern matching it or not (`match`; -1: whichever); then its
 * mutations, through agree_mutated().
 */
static void agree_all(struct rx *p, scanner scan, const char *const *lines, size_t n, int want, int match)
{
	for (size_t i = 0; i < n; i++) {
		if (agree(p, scan, lines[i], strlen(lines[i])) != want)
			fail_msg("%s: the scanner %s \"%s\"", p->name, want ? "leaves to the pattern" : "reads",
				 lines[i]);
		if (!want && match >= 0 && rx_match(&th, p, lines[i], strlen(lines[i])) != match)
			fail_msg("%s: the pattern %s \"%s\"", p->name, match ? "does not match" : "matches", lines[i]);
		agree_mutated(p, scan, lines[i]);
	}
}

static int setup(void **state)
{
	struct diag d = DIAG_INIT;

	(void)state;
	if (parsers_init(&d) < 0)
		return -1;
	diag_release(&d);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	parsers_fini();
	return 0;
}

static void test_iperf3_data(void **state)
{
	struct rx *p = pattern_named(&iperf3_parser, "iperf3 data");
	/* the plain TCP shapes: the scanner's */
	static const char *const plain[] = {
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec    0   820 KBytes       ",
		"[  5]   0.00-10.00  sec  23.7 GBytes  20.4 Gbits/sec    0             sender",
		"[  5]   0.00-10.04  sec  23.7 GBytes  20.3 Gbits/sec                  receiver",
		"[SUM]   0.00-10.00  sec  5.49 GBytes  4.72 Gbits/sec   17             sender",
		"[  4]   1.00-2.00   sec   112 MBytes   941 Mbits/sec    0    403 KBytes",
		"[  5]   2.00-3.00   sec  1.00 GBytes  8.59 Gbits/sec    2   1.50 MBytes       ",
		"[ 13]   0.00-1.00   sec  11.2 MBytes  94.0 Mbits/sec",
		"[  5]   0.00-1.00   sec   108 MBytes   904 Mbits/sec    0   3.04 MBytes       (omitted)",
		"[  5]   0.00-10.00  sec  1.10 GBytes   941 MBytes/sec    0             sender",
		"[  5]   0.00-10.00  sec  0.00 Bytes  0.00 bits/sec                  sender",
		"[  5]\t0.00-1.00\tsec\t2.37 GBytes\t20.4 Gbits/sec\t0\t820 KBytes",
		"[  5]   0.00- 1.00  sec  2.37 GBytes  20.4 Gbits/sec",
		"[  5]   0.00-1.00   sec  2.37 TBytes  20.4 Tbits/sec    0   820 KBytes  sender  (omitted)  ",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/secsender",
	};
	/* the pattern's alone: roles, UDP, "nan", other whitespace, a trailing newline */
	static const char *const other[] = {
		"[  5][TX-C]   0.00-1.00   sec  1.09 GBytes  9.39 Gbits/sec    0   1.37 MBytes       ",
		"[  5]   0.00-10.00  sec  1.25 MBytes  1.05 Mbits/sec  0.006 ms  0/906 (0%)  receiver",
		"[  5]   0.00-10.00  sec  1.25 MBytes  1.05 Mbits/sec  0 ms  0/906 (0%)  receiver",
		"[  5]   0.00-0.00   sec  0.00 Bytes  nan bits/sec                  sender",
		"[  5]   0.00-0.00   sec  inf Bytes  0.00 bits/sec",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec\r",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec\n",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec\v",
	};
	/* damaged: neither reads them */
	static const char *const damaged[] = {
		"[  5]   0.00-1.00   sec  2.3O GBytes  20.4 Gbits/sec    0   820 KBytes",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec    0   820 KBytesX",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec    0.5 820 KBytes",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec    0   820",
		"[  5]   0.00-1.00   sec  2.37. GBytes  20.4 Gbits/sec",
		"[  5]   0.00-1.00   sec  2.37 PBytes  20.4 Gbits/sec",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbit/sec",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec    0   820 KBytes  senders",
		"[  5]   0-1   sec  2.37 GBytes  20.4 Gbits/sec",
		"[  5 ]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec",
		"[  5]   0.00-1.00   sec  2.37 GBytes  20.4 Gbits/sec    0ms",
		"[  5]   0.00-1.00   sec",
		"[",
		"",
	};

	(void)state;
	agree_all(p, iperf3_scan_data, plain, countof(plain), 1, 1);
	agree_all(p, iperf3_scan_data, other, countof(other), 0, 1);
	agree_all(p, iperf3_scan_data, damaged, countof(damaged), 0, 0);
}

static void test_criterion_time(void **state)
{
	struct rx *p = pattern_named(&criterion_parser, "criterion time");
	static const char *const plain[] = {
		"parse_1/case_1003307    time:   [123.45 ns 124.48 ns 125.52 ns]",
		"fib 20                  time:   [26.029 us 26.251 us 26.505 us]",
		"  group/bench/1024      time:   [1.2345 ms 1.2400 ms 1.2500 ms]  ",
		"a time: [1 s 2 s 3 s]",
		"x\ttime:\t[ 1.5 ps\t2 ps 3.25 ps ]",
		"Fibonacci/Recursive     time:   [21.355 \xc2\xb5s 21.392 \xc2\xb5s 21.433 \xc2\xb5s]",
		"Fibonacci/Recursive     time:   [21.355 \xce\xbcs 21.392 \xce\xbcs 21.433 \xce\xbcs]",
	};
	/* the pattern's alone: no id, a UTF-8 id, "time:" twice, a change line */
	static const char *const other[] = {
		"                        time:   [123.45 ns 124.48 ns 125.52 ns]",
		"time: [1 ns 2 ns 3 ns]",
		"caf\xc3\xa9/parse           time:   [1.0 ns 2.0 ns 3.0 ns]",
		"a time: b time: [1 ns 2 ns 3 ns]",
		"sort time:x time:   [1 ns 2 ns 3 ns]",
		"bench\r time: [1 ns 2 ns 3 ns]",
		"bench   time:   [1 ns 2 ns 3 ns]\n",
	};
	static const char *const damaged[] = {
		"bench   time:   [-2.1% +0.5% +3.3%] (p = 0.58 > 0.05)",
		"bench   time:   [1.2 ns 1.3 ns]",
		"a time:[1 s 2 s 3 s]",
		"bench   time:   [1.2 xs 1.3 ns 1.4 ns]",
		"bench   time:   [1.2 ns 1.3 ns 1.4 ns",
		"bench   time:   [1.2.3 ns 1.3 ns 1.4 ns]",
		"bench   time:   [1,2 ns 1.3 ns 1.4 ns]",
		"bench   time:   [1.2ns 1.3 ns 1.4 ns]",
		"bench   time:   [1.2 ns 1.3 ns 1.4 ns] x",
		"bench   thrpt:  [1.2 GiB/s 1.3 GiB/s 1.4 GiB/s]",
		"bench\xc2   time:   [1 ns 2 ns 3 ns]",
	};

	(void)state;
	agree_all(p, criterion_scan_time, plain, countof(plain), 1, 1);
	agree_all(p, criterion_scan_time, other, countof(other), 0, 1);
	agree_all(p, criterion_scan_time, damaged, countof(damaged), 0, 0);
}

static void test_criterion_collecting(void **state)
{
	struct rx *p = pattern_named(&criterion_parser, "criterion collecting");
	static const char *const plain[] = {
		"Benchmarking parse_1/case_1003307: Collecting 100 samples in estimated 5.0307 s (11k iterations)",
		"Benchmarking fib 20: Collecting 100 samples in estimated 5.1 s (200k iterations)",
		"  Benchmarking   x:\tCollecting  50\tsamples in estimated\t",
		"Benchmarking :: Collecting 10 samples in estimated 1 s",
	};
	static const char *const other[] = {
		"Benchmarking a: b: Collecting 100 samples in estimated 5.0 s",
		"Benchmarking caf\xc3\xa9: Collecting 100 samples in estimated 5.0 s",
		"Benchmarking x: Collecting 100 samples in estimated\r",
	};
	static const char *const damaged[] = {
		"Benchmarking x: Collecting 1O0 samples in estimated 5.0 s",
		"Benchmarking x: Collecting 100 samples in estimated",
		"Benchmarking x: Warming up for 3.0000 s",
		"Benchmarking : Collecting 100 samples in estimated 5.0 s",
		"Benchmarking x:Collecting 100 samples in estimated 5.0 s",
	};

	(void)state;
	agree_all(p, criterion_scan_collecting, plain, countof(plain), 1, 1);
	agree_all(p, criterion_scan_collecting, other, countof(other), 0, 1);
	agree_all(p, criterion_scan_collecting, damaged, countof(damaged), 0, 0);
}

static void test_fortio_row(void **state)
{
	struct rx *p = pattern_named(&fortio_parser, "fortio histogram row");
	static const char *const plain[] = {
		">= 0.000121457 <= 0.001 , 0.000560729 , 99.31, 99862",
		"> 0.001 <= 0.002 , 0.0015 , 99.87, 112",
		"> 0.002 <= 0.00410233 , 0.00305117 , 100.00, 26  ",
		"< 0.001 , 0.0005 , 10.00, 10",
		"<= 0.001 , 0.0005 , 10.00, 10\t",
		">= 0.0003 < 0.0004 , 0.00035 , 0.73, 146",
		"<= x , y , ,, z",
		"<= 1 , 2 , 3,, 4",
	};
	/* the pattern's alone: a newline at the end; UTF-8 in a field (which it does not match either) */
	static const char *const other[] = {
		"<= 0.001 , 0.0005 , 10.00, 10\n",
	};
	static const char *const utf8[] = {
		"<= 0.001 , 0.0005 , 10.00, \xc2\xb5",
		"<= \xc2\xb5 , 0.0005 , 10.00, 10",
	};
	static const char *const damaged[] = {
		">=0.000121457 <= 0.001 , 0.000560729 , 99.31, 99862",
		">= 0.000121457 <= 0.001 , 0.000560729 , 99.31 , 99862",
		">= 0.000121457 <= 0.001 , 0.000560729 , 99.31,  99862",
		">= 0.000121457 <= 0.001 , 0.000560729 , 99.31, 99862 7",
		">= 0.000121457  <= 0.001 , 0.000560729 , 99.31, 99862",
		">= 0.000121457 <= 0.001, 0.000560729 , 99.31, 99862",
		"# range, mid point, percentile, count",
		"",
	};

	(void)state;
	agree_all(p, fortio_scan_row, plain, countof(plain), 1, 1);
	agree_all(p, fortio_scan_row, other, countof(other), 0, 1);
	agree_all(p, fortio_scan_row, utf8, countof(utf8), 0, -1);
	agree_all(p, fortio_scan_row, damaged, countof(damaged), 0, 0);
}

static void test_fortio_target(void **state)
{
	struct rx *p = pattern_named(&fortio_parser, "fortio target");
	static const char *const plain[] = {
		"# target 50% 0.000512345",
		"# target 99.9% 0.00233333  ",
		"# target 50%x% 1",
		"# target %% 1",
	};
	static const char *const other[] = {
		"# target 50% 0.0005\r",
	};
	static const char *const utf8[] = {
		"# target 50% \xce\xbc",
		"# target \xce\xbc% 1",
	};
	static const char *const damaged[] = {
		"# target 50 % 0.000512345",
		"# target 50%  0.000512345",
		"# target 50% 0.0005 1",
		"# target % 1",
		"#  target 50% 1",
		"# target 50%",
	};

	(void)state;
	agree_all(p, fortio_scan_target, plain, countof(plain), 1, 1);
	agree_all(p, fortio_scan_target, other, countof(other), 0, 1);
	agree_all(p, fortio_scan_target, utf8, countof(utf8), 0, -1);
	agree_all(p, fortio_scan_target, damaged, countof(damaged), 0, 0);
}

static void test_hyperfine_time(void **state)
{
	struct rx *p = pattern_named(&hyperfine_parser, "hyperfine time");
	static const char *const plain[] = {
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms \xc2\xb1   0.4 ms    [User: 11.8 ms, System: 0.5 ms]",
		"  Time (mean \xc2\xb1 \xcf\x83):      1.234 s \xc2\xb1  0.021 s    [User: 1.100 s, System: 0.120 s]",
		"  Time (abs \xe2\x89\xa1):        5.1 ms               [User: 4.0 ms, System: 1.0 ms]",
		"  Time (mean \xc2\xb1 \xcf\x83):     812.5 \xc2\xb5s \xc2\xb1  20.1 \xc2\xb5s",
		"Time (mean +- sd): 3 us +/- 1 us",
		"Time (mean+-std):3ns +-1ns [User:1ns,System:2ns]",
		"\tTime\t(mean \xc2\xb1 \xcf\x83):\t4.1 \xce\xbcs\t\xc2\xb1 0.1 \xce\xbcs  ",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms",
	};
	static const char *const other[] = {
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms \xc2\xb1   0.4 ms\r",
		"  Time (mean \xc2\xb1 \xcf\x83):\v12.3 ms",
	};
	static const char *const damaged[] = {
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 xs \xc2\xb1   0.4 ms",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms \xc2\xb1   0.4",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms \xc2\xb1   0.4 ms    [User: 11.8 ms System: 0.5 ms]",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms \xc2\xb1   0.4 ms    [User: 11.8 ms, System: 0.5 ms",
		"  Time (mean \xc2\xb1 \xcf\x83):     1O.3 ms",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3. ms",
		"  Time (mean):     12.3 ms",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 ms 0.4 ms",
		"  Time (mean \xc2\xb1 \xcf\x83):     12.3 msx",
		"Time (mean+-std):3ns+-1ns[User:1ns,System:2ns]",
	};

	(void)state;
	agree_all(p, hyperfine_scan_time, plain, countof(plain), 1, 1);
	agree_all(p, hyperfine_scan_time, other, countof(other), 0, 1);
	agree_all(p, hyperfine_scan_time, damaged, countof(damaged), 0, 0);
}

static void test_hyperfine_range(void **state)
{
	struct rx *p = pattern_named(&hyperfine_parser, "hyperfine range");
	static const char *const plain[] = {
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1 ms    10 runs",
		"  Range (min \xe2\x80\xa6 max):    1.201 s \xe2\x80\xa6  1.270 s    1 run",
		"Range (min ... max): 3 us...4 us",
		"Range (min...max):3\xc2\xb5s\xe2\x80\xa6" "4\xc2\xb5s\t7\truns\t",
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1 ns    10 run   ",
	};
	static const char *const other[] = {
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1 ms    10 runs\n",
	};
	static const char *const damaged[] = {
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1 ms    10",
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1 ms    10 runners",
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1 ms    ten runs",
		"  Range (min \xe2\x80\xa6 max):   12.0 ms \xe2\x80\xa6  13.1",
		"  Range (min \xe2\x80\xa6 max):   12.0 ms  13.1 ms",
		"  Range (min .. max):   12.0 ms .. 13.1 ms",
		"  Range (min \xe2\x80\xa6 max):   12. ms \xe2\x80\xa6  13.1 ms",
	};

	(void)state;
	agree_all(p, hyperfine_scan_range, plain, countof(plain), 1, 1);
	agree_all(p, hyperfine_scan_range, other, countof(other), 0, 1);
	agree_all(p, hyperfine_scan_range, damaged, countof(damaged), 0, 0);
}

static void test_iperf3_header(void **state)
{
	struct rx *p = pattern_named(&iperf3_parser, "iperf3 header");
	static const char *const plain[] = {
		"[ ID] Interval           Transfer     Bitrate         Retr  Cwnd",
		"[ ID] Interval           Transfer     Bitrate         Retr",
		"[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams",
		"[ ID][Role] Interval           Transfer     Bitrate         Retr  Cwnd",
		"[ ID] Interval           Transfer     Bitrate",
		"[ ID] Interval           Transfer     Bitrate   \t ",
		"[ ID]\tInterval\tTransfer\tBitrateX",
	};
	static const char *const other[] = {
		"[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\r",
		"[ ID] Interval           Transfer     Bitrate         D\xc3\xa9" "bit",
	};
	static const char *const damaged[] = {
		"[ID] Interval           Transfer     Bitrate         Retr  Cwnd",
		"[ ID] Interval           Transfer     Rate",
		"[ ID]Interval           Transfer     Bitrate",
		"[ ID] Interval Transfer",
	};

	(void)state;
	agree_all(p, iperf3_scan_header, plain, countof(plain), 1, 1);
	agree_all(p, iperf3_scan_header, other, countof(other), 0, 1);
	agree_all(p, iperf3_scan_header, damaged, countof(damaged), 0, 0);
}

static void test_size_row(void **state)
{
	struct rx *p = pattern_named(&size_parser, "size row");
	static const char *const plain[] = {
		" 100037\t   7000\t     56\t 107093\t  1a255\tapp_O0",
		"  12345    678     90  13113   3339 build/my file.o  ",
		"1 2 3 6 6 a",
		"  57164\t   1888\t    144\t  59196\t   e73c\t(TOTALS)",
		"  57164\t   1888\t    144\t  59196\t   E73C\tlib (x).o",
	};
	static const char *const other[] = {
		"- 100037\t   7000\t     56\t 107093\t  1a255\tapp_O0",
		"+ 100037\t   7000\t     56\t 107093\t  1a255\tapp_O0",
		"  0x1869\t  0x1b58\t   0x38\t 107093\t  1a255\tapp_O0",
		"   1234\t    56\t     8\t   1298\t    512\tbuf.o (ex libutil.a)",
		"   1234\t    56\t     8\t   1298\t    512\tcaf\xc3\xa9.o",
		"   1234\t    56\t     8\t   1298\t    512\tapp\r",
	};
	static const char *const damaged[] = {
		"   1234\t    56\t     8\t   1298\t    512\t",
		"   1234\t    56\t     8\t   1298\t    5g2\tapp",
		"   12.4\t    56\t     8\t   1298\t    512\tapp",
		"   1234\t    56\t     8\t   1298",
		"   text\t   data\t    bss\t    dec\t    hex\tfilename",
		"",
	};

	(void)state;
	agree_all(p, size_scan_row, plain, countof(plain), 1, 1);
	agree_all(p, size_scan_row, other, countof(other), 0, 1);
	agree_all(p, size_scan_row, damaged, countof(damaged), 0, 0);
}

static void test_hyperfine_bench_ran(void **state)
{
	struct rx *b = pattern_named(&hyperfine_parser, "hyperfine benchmark");
	struct rx *r = pattern_named(&hyperfine_parser, "hyperfine ran");
	static const char *const bench_plain[] = {
		"Benchmark 1: ./app_v1 run",
		"Benchmark #12:   sleep 0.1  ",
		"Benchmark 2:",
		"Benchmark 3:   \t ",
		"Benchmark\t4:\tmake -j 4 'all'\t",
	};
	static const char *const bench_other[] = {
		"Benchmark 1: caf\xc3\xa9",
		"Benchmark 1: ./app\r",
	};
	static const char *const bench_damaged[] = {
		"Benchmark: ./app",
		"Benchmark 1 ./app",
		"Benchmark #x: ./app",
		"Benchmark1: ./app",
	};
	static const char *const ran_plain[] = {
		"  ./app_v1 run ran",
		"./app ran   ",
		"x\tran",
		"  sleep 0.1 ran ran",
		"a  \t ran\t",
	};
	static const char *const ran_other[] = {
		"  caf\xc3\xa9 ran",
		"  ran ran\r",
		"  ran",
		" x ran\n",
	};
	static const char *const ran_damaged[] = {
		"  ./app_v1 run",
		"  ./app_v1 run ran x",
		"  ./app_v1 runran",
		"ran",
		"",
	};

	(void)state;
	agree_all(b, hyperfine_scan_bench, bench_plain, countof(bench_plain), 1, 1);
	agree_all(b, hyperfine_scan_bench, bench_other, countof(bench_other), 0, 1);
	agree_all(b, hyperfine_scan_bench, bench_damaged, countof(bench_damaged), 0, 0);
	agree_all(r, hyperfine_scan_ran, ran_plain, countof(ran_plain), 1, 1);
	agree_all(r, hyperfine_scan_ran, ran_other, countof(ran_other), 0, 1);
	agree_all(r, hyperfine_scan_ran, ran_damaged, countof(ran_damaged), 0, 0);
}

static void test_fortio_counter_ended_code(void **state)
{
	struct rx *c = pattern_named(&fortio_parser, "fortio counter");
	struct rx *en = pattern_named(&fortio_parser, "fortio ended");
	struct rx *co = pattern_named(&fortio_parser, "fortio code");
	static const char *const counter_plain[] = {
		"Aggregated Function Time : count 10010 avg 0.00030123 +/- 0.0001342 min 0.000121457 max 0.004102331 sum "
		"6.82574385",
		"Error cases : no data",
		"Sockets used : count 8 avg 1 +/- 0 min 1 max 1 sum 8  ",
		"x : no data\t",
		"Error cases : count 0 avg 0 +/- 0 min 0 max 0 sum 0",
	};
	static const char *const counter_other[] = {
		"a : b : no data",
		"caf\xc3\xa9 : no data",
		"Error cases : no data\r",
	};
	static const char *const counter_damaged[] = {
		" Error cases : no data",
		"Error cases: no data",
		"Error cases : count 8 avg 1 +/- 0 min 1 max 1",
		"Error cases : count 8  avg 1 +/- 0 min 1 max 1 sum 8",
		"Error cases : no data x",
		" : no data",
	};
	static const char *const ended_plain[] = {
		"Ended after 10.000123s : 10010 calls. qps=1000.9",
		"Ended after 5s : 1 calls. qps=0.2  ",
	};
	static const char *const ended_damaged[] = {
		"Ended after 10.000123s: 10010 calls. qps=1000.9",
		"Ended after 10.000123s : 10010 calls qps=1000.9",
		"Ended after 10.000123s : 10010 calls. qps=",
		"Ended after 10.000123s : 10010 calls. qps=1 2",
	};
	static const char *const code_plain[] = {
		"Code 200 : 10010 (100.0 %)",
		"Code  -1 : 12 (0.1 %)  ",
		"Code 503 : 7",
		"Code\t200 : 5 (x %)",
	};
	static const char *const code_other[] = {
		"Code 200 : 10010 (100.0 %)\n",
		"Code 200 : 10010 (\xc2\xb5 %)",
	};
	static const char *const code_damaged[] = {
		"Code 200 : 10010 (100.0%)",
		"Code 200 : 10010 (",
		"Code 200 : 10010 (100.0 %) x",
		"Code 200: 10010",
		"Code 200 :  10010",
	};

	(void)state;
	agree_all(c, fortio_scan_counter, counter_plain, countof(counter_plain), 1, 1);
	agree_all(c, fortio_scan_counter, counter_other, countof(counter_other), 0, 1);
	agree_all(c, fortio_scan_counter, counter_damaged, countof(counter_damaged), 0, 0);
	agree_all(en, fortio_scan_ended, ended_plain, countof(ended_plain), 1, 1);
	agree_all(en, fortio_scan_ended, ended_damaged, countof(ended_damaged), 0, 0);
	agree_all(co, fortio_scan_code, code_plain, countof(code_plain), 1, 1);
	agree_all(co, fortio_scan_code, code_other, countof(code_other), 0, -1);
	agree_all(co, fortio_scan_code, code_damaged, countof(code_damaged), 0, 0);
}

/* "All done": with and without the warmup, and the shapes the pattern reads another way or not at all. */
static void test_fortio_done(void **state)
{
	struct rx *d = pattern_named(&fortio_parser, "fortio all done");
	static const char *const done_plain[] = {
		"All done 10040 calls (plus 8 warmup) 0.341 ms avg, 1003.5 qps",
		"All done 100 calls 60.588 ms avg, 16.5 qps",
		"All done 10010 calls (plus 4 warmup) 9.982 ms avg, 1000.9 qps  ",
		"All done 5 calls 1.2e+03 ms avg, 0.1 qps\t",
	};
	static const char *const done_other[] = {
		/* the warmup's shape broken: \S+ reads "(plus" where the rest allows */
		"All done 10 calls (plus x warmup) 1 ms avg, 2 qps",
		"All done 10 calls (plus 8 warmup)  1 ms avg, 2 qps",
		"All done 10 calls 0.3\xc2\xb5 ms avg, 2 qps",
		"All done 10 calls 1 ms avg, 2 qps\r",
	};
	static const char *const done_damaged[] = {
		"All done 10 calls 1 ms avg 2 qps",
		"All done 10 calls  1 ms avg, 2 qps",
		"All done 10 calls 1 ms avg, 2 qps x",
		"All done 10 calls 1 ms avg, 2",
		"All done  calls 1 ms avg, 2 qps",
		"All  done 10 calls 1 ms avg, 2 qps",
	};

	(void)state;
	agree_all(d, fortio_scan_done, done_plain, countof(done_plain), 1, 1);
	agree_all(d, fortio_scan_done, done_other, countof(done_other), 0, -1);
	agree_all(d, fortio_scan_done, done_damaged, countof(done_damaged), 0, 0);
}

/* fortio's banner and Starting lines, in every tail the patterns know. */
static void test_fortio_banner_starting(void **state)
{
	struct rx *b = pattern_named(&fortio_parser, "fortio banner");
	struct rx *st = pattern_named(&fortio_parser, "fortio starting");
	static const char *const banner_plain[] = {
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10s: http://127.0.0.1:8080/echo",
		"Fortio 1.60.3 running at 0 queries per second, 2->2 procs, for 1000 calls: tcp://10.1.0.7:8078",
		"Fortio 1.3.1 running at 8 queries per second, 16->16 procs, until interrupted: http://x/ \t",
		"Fortio 1.60.3 running at -1 queries per second, 2->2 procs, for 1m:30s: grpc://h:1",
		"Fortio 1.60.3 running at 5 queries per second, 2->2 procs, for 10: http://x",
	};
	static const char *const banner_other[] = {
		/* no version, a duration or URL the scanners leave to the pattern */
		"Fortio running at 1004 queries per second, 2->2 procs, for 10s: http://127.0.0.1:8080/echo",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10\xc2\xb5s: http://x",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10s: http://x/\xc3\xa9",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10s: http://x\r",
	};
	static const char *const banner_damaged[] = {
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10s http://x",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 1000 calls http://x",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for : http://x",
		"Fortio 1.60.3 running at 1004 queries per second, for 10s: http://x",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10s: http://x y",
		"Fortio 1.60.3 running at 1004 queries per second, 2->2 procs, for 10s: ",
	};
	static const char *const starting_plain[] = {
		"Starting at 1004 qps with 8 thread(s) [gomax 2] for 10s : 1255 calls each (total 10040)",
		"Starting at max qps with 2 thread(s) [gomax 2] for exactly 1000 calls (500 per thread + 0)",
		"Starting at 8 qps with 4 thread(s) [gomax 16] : exactly 100, 25 calls each (total 100 + 0)",
		"Starting at 8 qps with 4 thread(s) [gomax 16] until interrupted",
		"Starting at 8 qps with 4 thread(s) [gomax 16]",
		"Starting at 8 qps with 4 thread(s) [gomax 16] for exactly x calls",
		"Starting at 8 qps with 4 thread(s) [gomax 16] for exactly 10 callz",
		"Starting at 8 qps with 4 thread(s) [gomax 16] for  10s",
		"Starting at 8 qps with 4 thread(s) [gomax 16]; then",
	};
	static const char *const starting_other[] = {
		"Starting at 8 qps with 4 thread(s) [gomax 16] for 10\xc2\xb5s",
		"Starting at 8 qps with 4 thread(s) [gomax 16] for 10s\r",
		"Starting at 8\xc2\xb5 qps with 4 thread(s) [gomax 16] for 10s",
	};
	static const char *const starting_damaged[] = {
		"Starting at 8 qps with x thread(s) [gomax 16] for 10s",
		"Starting at  qps with 4 thread(s) [gomax 16] for 10s",
		"Starting at 8 qps with 4 threads [gomax 16] for 10s",
		"Starting at 8 qps with 4 thread(s) [gomax ] for 10s",
	};

	(void)state;
	agree_all(b, fortio_scan_banner, banner_plain, countof(banner_plain), 1, 1);
	agree_all(b, fortio_scan_banner, banner_other, countof(banner_other), 0, -1);
	agree_all(b, fortio_scan_banner, banner_damaged, countof(banner_damaged), 0, 0);
	agree_all(st, fortio_scan_starting, starting_plain, countof(starting_plain), 1, 1);
	agree_all(st, fortio_scan_starting, starting_other, countof(starting_other), 0, -1);
	agree_all(st, fortio_scan_starting, starting_damaged, countof(starting_damaged), 0, 0);
}

/* Criterion's outlier summary and its classes. */
static void test_criterion_outliers(void **state)
{
	struct rx *f = pattern_named(&criterion_parser, "criterion outliers");
	struct rx *o = pattern_named(&criterion_parser, "criterion outlier class");
	static const char *const found_plain[] = {
		"Found 1 outliers among 100 measurements (1.00%)",
		"Found 12 outliers among 100 measurements (12.00%)",
		"  Found\t3  outliers among 50 measurements (6%)  ",
	};
	static const char *const found_other[] = {
		"Found 1 outliers among 100 measurements (1.00%)\r",
		"Found 1 outliers among 100 measurements\xc2\xa0(1.00%)",
	};
	static const char *const found_damaged[] = {
		"Found 1 outliers among 100 measurements (1.00 %)",
		"Found 1 outliers among 100 measurements (1.%)",
		"Found 1 outliers among 100 measurements",
		"Found outliers among 100 measurements (1.00%)",
		"Found 1 outliers among 100 measurements (1.00%) x",
		"Found 1 outlier among 100 measurements (1.00%)",
	};
	static const char *const class_plain[] = {
		"  1 (1.00%) high mild",
		"  3 (3.00%) low severe",
		"2 (2%)\thigh   severe  ",
	};
	static const char *const class_other[] = {
		"  1 (1.00%) high mild\n",
		"  1 (1.00%) high\xc2\xa0mild",
	};
	static const char *const class_damaged[] = {
		"  1 (1.00%) high",
		"  1 (1.00%) higher mild",
		"  1 (1.00%) high mildly",
		"  1 (1.00%)high mild",
		"  (1.00%) high mild",
		"  1 (1.00) high mild",
	};

	(void)state;
	agree_all(f, criterion_scan_found, found_plain, countof(found_plain), 1, 1);
	agree_all(f, criterion_scan_found, found_other, countof(found_other), 0, -1);
	agree_all(f, criterion_scan_found, found_damaged, countof(found_damaged), 0, 0);
	agree_all(o, criterion_scan_outlier, class_plain, countof(class_plain), 1, 1);
	agree_all(o, criterion_scan_outlier, class_other, countof(class_other), 0, -1);
	agree_all(o, criterion_scan_outlier, class_damaged, countof(class_damaged), 0, 0);
}

static void test_hyperfine_cmp(void **state)
{
	struct rx *p = pattern_named(&hyperfine_parser, "hyperfine comparison");
	static const char *const plain[] = {
		"    1.05 \xc2\xb1 0.02 times faster than ./app_v2 run",
		"    2.10 times slower than 'sleep 0.1'  ",
		"1+-0.5\ttimes\tfaster\tthan\tx",
		"    3 +/- 1 times faster than  ",
	};
	static const char *const other[] = {
		"    2x faster than ./app",
		"    As fast (1.00 \xc2\xb1 0.01) as ./app",
		"    1.05 times faster than caf\xc3\xa9",
		"    1.05 times faster than ./app\r",
	};
	static const char *const damaged[] = {
		"    1.05 \xc2\xb1 times faster than ./app",
		"    1.05 times quicker than ./app",
		"    1.05 times faster than",
		"    1.05times faster than ./app",
		"    times faster than ./app",
	};

	(void)state;
	agree_all(p, hyperfine_scan_cmp, plain, countof(plain), 1, 1);
	agree_all(p, hyperfine_scan_cmp, other, countof(other), 0, 1);
	agree_all(p, hyperfine_scan_cmp, damaged, countof(damaged), 0, 0);
}

/*
 * Criterion's thrpt line has no scanner to agree with, and its parse reads
 * the TRIPLE's groups by number from "lo" on (criterion.c's G_THRPT_LO, 1;
 * the time line's are held to the names by its scanner above): the names
 * at the numbers the parse reads.
 */
static void test_criterion_thrpt_numbers(void **state)
{
	static const char *const names[] = { "lo", "lu", "est", "eu", "hi", "hu" };
	struct rx *p = pattern_named(&criterion_parser, "criterion throughput");

	(void)state;
	for (int i = 0; i < 6; i++)
		if (pcre2_substring_number_from_name(p->code, (PCRE2_SPTR)names[i]) != 1 + i)
			fail_msg("criterion throughput: group %s is not number %d", names[i], 1 + i);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_iperf3_data),
		cmocka_unit_test(test_iperf3_header),
		cmocka_unit_test(test_criterion_time),
		cmocka_unit_test(test_criterion_collecting),
		cmocka_unit_test(test_fortio_row),
		cmocka_unit_test(test_fortio_target),
		cmocka_unit_test(test_fortio_counter_ended_code),
		cmocka_unit_test(test_fortio_done),
		cmocka_unit_test(test_criterion_outliers),
		cmocka_unit_test(test_hyperfine_time),
		cmocka_unit_test(test_hyperfine_range),
		cmocka_unit_test(test_hyperfine_bench_ran),
		cmocka_unit_test(test_hyperfine_cmp),
		cmocka_unit_test(test_size_row),
		cmocka_unit_test(test_criterion_thrpt_numbers),
		cmocka_unit_test(test_fortio_banner_starting),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
