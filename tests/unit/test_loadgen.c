/*
 * test_loadgen.c - the HTTP load generators' readers (wrk, ab, hey, oha,
 * vegeta, k6, h2load) on hand-written input shaped as each prints it:
 * exact values and names, the counts that latency figures summarize, the
 * units each tool means by its spellings, damage, and where a report
 * begins and ends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

static void test_wrk(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Running 1m test @ http://127.0.0.1:8080/index.html\n"
			   "  12 threads and 400 connections\n"
			   "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
			   "    Latency   635.91us    0.89ms  12.92ms   93.69%\n"
			   "    Req/Sec    56.20k     8.07k   62.00k    86.54%\n"
			   "  Latency Distribution\n"
			   "     50%  489.47ms\n"
			   "     99%    1.56s \n"
			   "  22464657 requests in 1.00m, 17.76GB read\n"
			   "  Socket errors: connect 0, read 2, write 0, timeout 11\n"
			   "  Non-2xx or 3xx responses: 5\n"
			   "Requests/sec: 748868.53\n"
			   "Transfer/sec:    606.33MB\n";
	const struct measurement *me;

	import_string(&f->m, "w.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_WRK);
	assert_meas(&f->m, 0, "latency.mean", 635.91e-6, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "latency.stddev", 0.89e-3);
	assert_exact(&f->m, 0, "latency.max", 12.92e-3);
	assert_meas(&f->m, 0, "thread_qps.mean", 56200, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "thread_qps.stddev", 8070);
	assert_exact(&f->m, 0, "latency.p50", 489.47e-3);
	assert_exact(&f->m, 0, "latency.p99", 1.56);
	/* wrk's "m" is minutes, its GB and MB 1024-based */
	assert_exact(&f->m, 0, "wall_time", 60);
	assert_meas(&f->m, 0, "bytes_received", 17.76 * 1024 * 1024 * 1024, UNIT_BYTE, DIR_NONE);
	assert_meas(&f->m, 0, "throughput", 606.33 * 1024 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "qps", 748868.53, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "calls", 22464657);
	assert_meas(&f->m, 0, "errors.timeout", 11, UNIT_COUNT, DIR_LOWER);
	assert_exact(&f->m, 0, "errors.read", 2);
	assert_exact(&f->m, 0, "errors.status", 5);
	/* the latency figures summarize the requests; the per-thread rates do not say how many */
	me = must_find(&f->m, 0, "latency.mean");
	assert_int_equal(me->n, 22464657);
	assert_int_equal(must_find(&f->m, 0, "latency.p99")->n, 22464657);
	assert_int_equal(must_find(&f->m, 0, "thread_qps.mean")->n, 0);
}

static void test_wrk_damage_and_blocks(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Before:\n\n"
			   "Running 10s test @ http://localhost:8080/\n"
			   "  1 threads and 1 connections\n"
			   "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
			   "    Latency    17.3O9ms  496.59us  22.31ms   69.79%\n"
			   "    Req/Sec    56.93      4.62    60.00     69.33%\n"
			   "  1708 requests in 10.01s, 13.01GB read\n"
			   "Requests/sec:     56.91\n"
			   "Transfer/sec:    443.75MB\n"
			   "Running 10s test @ http://localhost:8081/\n"
			   "  1 threads and 1 connections\n"
			   "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
			   "    Latency    11.23ms  717.36us  22.40ms   80.60%\n"
			   "  2634 requests in 10.01s, 20.06GB read\n"
			   "Requests/sec:     87.78\n";

	import_string(&f->m, "d.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	/* the garbled Latency line gives nothing, the rest of the run stays */
	assert_true(has_warning(&f->d, 6, "garbled wrk Latency line"));
	assert_null(find_meas(&f->m, 0, "latency.mean"));
	assert_exact(&f->m, 0, "thread_qps.mean", 56.93);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	/* the second test's last line may have been cut short by the text's end */
	assert_true(has_warning(&f->d, 16, "possibly cut wrk line"));
	assert_null(find_meas(&f->m, 1, "qps"));
	assert_exact(&f->m, 1, "latency.mean", 11.23e-3);
	/* the ports tell the two apart */
	assert_string_equal(f->m.rs.runs[1].command, "http://localhost:8081/");
}

/* wrk2 --u_latency: the spectrum as a series; its #[Mean], #[Max] lines only where Thread Stats gave nothing. */
static void test_wrk2_spectrum(void **state)
{
	struct model_fixture *f = *state;
	const char *spectrum = "  Detailed Percentile spectrum:\n"
			       "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
			       "\n"
			       "       0.921     0.000000            1         1.00\n"
			       "       1.193     0.100000         3969         1.11\n"
			       "      11.271     1.000000        40000          inf\n"
			       "#[Mean    =        1.318, StdDeviation   =        0.551]\n"
			       "#[Max     =       11.264, Total count    =        40000]\n"
			       "#[Buckets =           27, SubBuckets     =         2048]\n"
			       "----------------------------------------------------------\n";
	char text[2048];
	const struct series_point *sp;
	const struct measurement *me;

	/* no Thread Stats, no requests line: the histogram's own summary, over its total count */
	snprintf(text, sizeof(text), "Running 10s test @ http://127.0.0.1:80/\n  2 threads and 100 connections\n%s"
		 "Requests/sec:   3999.52\n\nThat is all.\n", spectrum);
	import_string(&f->m, "w2.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	me = must_find(&f->m, 0, "latency.mean");
	assert_true(me->value == 1.318e-3);
	assert_int_equal(me->n, 40000);
	assert_exact(&f->m, 0, "latency.stddev", 0.551e-3);
	assert_exact(&f->m, 0, "latency.max", 11.264e-3);
	assert_int_equal(f->m.rs.nseries, 3);
	sp = &f->m.rs.series[1];
	assert_string_equal(sp->name, "latency.spectrum");
	assert_true(sp->x1 == 1.193 / 1000);
	assert_true(sp->y == 0.1 * 100);
	assert_int_equal(sp->unit, UNIT_PERCENT);
	assert_true(f->m.rs.series[2].y == 100);
	model_release(&f->m);
	model_init(&f->m);
	diag_release(&f->d);

	/* with Thread Stats: its figures stand, the #[ lines add none (never twice); a garbled row is damage */
	snprintf(text, sizeof(text), "Running 10s test @ http://127.0.0.1:80/\n"
		 "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
		 "    Latency     1.32ms  551.00us  11.26ms   75.00%%\n%s"
		 "  40020 requests in 10.00s, 3.09MB read\n"
		 "Requests/sec:   3999.52\n\nThat is all.\n", spectrum);
	*strstr(text, "3969") = 'O';
	import_string(&f->m, "w2b.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_exact(&f->m, 0, "latency.mean", 1.32e-3);
	assert_exact(&f->m, 0, "latency.max", 11.26e-3);
	/* the histogram's count, not the requests (20 timed out and are in no latency figure) */
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 40000);
	assert_exact(&f->m, 0, "calls", 40020);
	assert_int_equal(f->m.rs.nseries, 2);
	assert_int_equal(f->d.n, 1);
	{
		size_t means = 0;

		for (size_t i = 0; i < f->m.rs.nmeas; i++)
			means += !strcmp(f->m.rs.meas[i].quantity, "latency") && f->m.rs.meas[i].stat == STAT_MEAN;
		assert_int_equal(means, 1);
	}
}

/*
 * Fragments pasted without the lines a report begins with, which a table
 * reader could otherwise take: ab's Connection Times table from its
 * columns line, wrk2's spectrum alone.
 */
static void test_fragments(void **state)
{
	struct model_fixture *f = *state;
	const char *ab = "Before:\n\n"
			 "              min  mean[+/-sd] median   max\n"
			 "Connect:        0    0   0.2      0       1\n"
			 "Total:          1    3   1.2      3      10\n";
	const char *spectrum = "With the patch:\n\n"
			       "  Detailed Percentile spectrum:\n"
			       "       Value   Percentile   TotalCount 1/(1-Percentile)\n"
			       "\n"
			       "       0.921     0.000000            1         1.00\n"
			       "      11.271     1.000000        40000          inf\n"
			       "#[Mean    =        1.318, StdDeviation   =        0.551]\n"
			       "#[Max     =       11.264, Total count    =        40000]\n";

	import_string(&f->m, "abf.md", ab, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_AB);
	assert_exact(&f->m, 0, "connect_time.stddev", 0.2e-3);
	assert_exact(&f->m, 0, "latency.max", 10e-3);
	import_string(&f->m, "w2f.md", spectrum, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[1].fmt, FMT_WRK);
	assert_exact(&f->m, 1, "latency.mean", 1.318e-3);
	assert_int_equal(must_find(&f->m, 1, "latency.max")->n, 40000);
	assert_int_equal(f->m.rs.nseries, 2);
	assert_int_equal(f->d.n, 0);
}

/* wrk2 with nothing to average prints "-nan": no figure, a note, and no damage */
static void test_wrk2_nan(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Running 2s test @ https://foo.org/hello-world\n"
			   "  10 threads and 100 connections\n"
			   "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
			   "    Latency     1.32s   417.78ms   1.95s    54.00%\n"
			   "    Req/Sec       -nan      -nan   0.00      0.00%\n"
			   "  100 requests in 2.05s, 78.71KB read\n"
			   "Requests/sec:     48.72\n"
			   "Transfer/sec:     38.35KB\n";

	import_string(&f->m, "nan.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "thread_qps.max"));
	assert_null(find_meas(&f->m, 0, "thread_qps.mean"));
	assert_exact(&f->m, 0, "latency.mean", 1.32);
	assert_exact(&f->m, 0, "qps", 48.72);
}

static void test_ab(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "This is ApacheBench, Version 2.3 <$Revision: 1903618 $>\n"
			   "Benchmarking localhost (be patient)\n"
			   "Server Hostname:        localhost\n"
			   "Server Port:            3000\n"
			   "Document Path:          /page\n"
			   "Concurrency Level:      50\n"
			   "Time taken for tests:   15.493 seconds\n"
			   "Complete requests:      2000\n"
			   "Failed requests:        12\n"
			   "   (Connect: 0, Receive: 0, Length: 12, Exceptions: 0)\n"
			   "Non-2xx responses:      2000\n"
			   "Total transferred:      5960000 bytes\n"
			   "HTML transferred:       5474000 bytes\n"
			   "Requests per second:    129.09 [#/sec] (mean)\n"
			   "Time per request:       387.317 [ms] (mean)\n"
			   "Time per request:       7.746 [ms] (mean, across all concurrent requests)\n"
			   "Transfer rate:          375.67 [Kbytes/sec] received\n"
			   "\n"
			   "Connection Times (ms)\n"
			   "              min  mean[+/-sd] median   max\n"
			   "Connect:        0    0   0.2      0       1\n"
			   "Total:          1    3   1.2      3      10\n"
			   "\n"
			   "Percentage of the requests served within a certain time (ms)\n"
			   "  50%    622\n"
			   " 100%   9355 (longest request)\n";

	import_string(&f->m, "ab.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_exact(&f->m, 0, "wall_time", 15.493);
	assert_exact(&f->m, 0, "calls", 2000);
	assert_exact(&f->m, 0, "errors", 12);
	assert_exact(&f->m, 0, "errors.length", 12);
	assert_exact(&f->m, 0, "errors.status", 2000);
	assert_meas(&f->m, 0, "bytes_received", 5960000, UNIT_BYTE, DIR_NONE);
	assert_exact(&f->m, 0, "body_bytes_received", 5474000);
	assert_exact(&f->m, 0, "qps", 129.09);
	assert_meas(&f->m, 0, "request_time", 387.317e-3, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "time_per_op", 7.746e-3, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "throughput", 375.67 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "connect_time.stddev", 0.2e-3);
	assert_exact(&f->m, 0, "latency.min", 1e-3);
	assert_exact(&f->m, 0, "latency.mean", 3e-3);
	assert_exact(&f->m, 0, "latency.median", 3e-3);
	assert_exact(&f->m, 0, "latency.max", 10e-3);
	assert_exact(&f->m, 0, "latency.p50", 622e-3);
	assert_exact(&f->m, 0, "latency.p100", 9355e-3);
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 2000);
	assert_string_equal(f->m.rs.runs[0].command, "localhost:3000/page");
}

/* ab -k -p: the keep-alive count and, under Transfer rate, what was sent and the sum, in KiB/s */
static void test_ab_post(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Concurrency Level:      10\n"
			   "Time taken for tests:   0.489 seconds\n"
			   "Complete requests:      10000\n"
			   "Failed requests:        0\n"
			   "Keep-Alive requests:    9950\n"
			   "Total transferred:      109560048 bytes\n"
			   "Total body sent:        2080000\n"
			   "Requests per second:    20449.90 [#/sec] (mean)\n"
			   "Transfer rate:          218798.60 [Kbytes/sec] received\n"
			   "                        4153.76 kb/s sent\n"
			   "                        222952.36 kb/s total\n";

	import_string(&f->m, "abk.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_meas(&f->m, 0, "calls.keepalive", 9950, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, 0, "bytes_sent", 2080000, UNIT_BYTE, DIR_NONE);
	assert_meas(&f->m, 0, "throughput.sent", 4153.76 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "throughput.total", 222952.36 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "throughput", 218798.60 * 1024);
	assert_int_equal(f->d.n, 0);
}

/* A garbled keep-alive count or kb/s line is damage: nothing read from it, the rest kept. */
static void test_ab_post_damage(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Complete requests:      100\n"
			   "Keep-Alive requests:    1O0\n"
			   "Requests per second:    20.00 [#/sec] (mean)\n"
			   "Transfer rate:          2.00 [Kbytes/sec] received\n"
			   "                        4.1 kb/s sent, more\n"
			   "                        6.1 kb/s total\n";

	import_string(&f->m, "abd.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_null(find_meas(&f->m, 0, "calls.keepalive"));
	assert_null(find_meas(&f->m, 0, "throughput.sent"));
	assert_exact(&f->m, 0, "throughput.total", 6.1 * 1024);
	assert_exact(&f->m, 0, "qps", 20);
	assert_int_equal(f->d.n, 2);
}

static void test_hey_and_oha(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "hey:\n\n"
			   "Summary:\n"
			   "  Total:\t20.6886 secs\n"
			   "  Slowest:\t0.6256 secs\n"
			   "  Fastest:\t0.1444 secs\n"
			   "  Average:\t0.3030 secs\n"
			   "  Requests/sec:\t24.1679\n"
			   "  Total data:\t227000 bytes\n"
			   "  Size/request:\t908 bytes\n"
			   "\n"
			   "Latency distribution:\n"
			   "  10% in 0.1734 secs\n"
			   "  0% in 0.0000 secs\n"
			   "\n"
			   "Details (average, fastest, slowest):\n"
			   "  resp wait:\t0.3020 secs, 0.1435 secs, 0.6245 secs\n"
			   "\n"
			   "Status code distribution:\n"
			   "  [200]\t250 responses\n"
			   "\n"
			   "oha:\n\n"
			   "Summary:\n"
			   "  Success rate: 100.00%\n"
			   "  Total:        23.5125 secs\n"
			   "  Requests/sec: 8.5061\n"
			   "  Size/sec:     36.99 KiB\n"
			   "Response time histogram:\n"
			   "   0.441 [1]   |\n"
			   "   2.146 [137] |■■■■\n"
			   "Response time distribution:\n"
			   "  99.90% in 17.4909 secs\n"
			   "Details (average, fastest, slowest):\n"
			   "  DNS+dialup:   2.2817 secs, 2.2123 secs, 2.7412 secs\n"
			   "Status code distribution:\n"
			   "  [200] 199 responses\n"
			   "  [502] 1 responses\n";

	import_string(&f->m, "ho.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_HEY);
	assert_int_equal(f->m.rs.runs[1].fmt, FMT_OHA);
	assert_exact(&f->m, 0, "wall_time", 20.6886);
	assert_exact(&f->m, 0, "latency.max", 0.6256);
	assert_exact(&f->m, 0, "latency.min", 0.1444);
	assert_exact(&f->m, 0, "latency.mean", 0.3030);
	assert_exact(&f->m, 0, "qps", 24.1679);
	assert_exact(&f->m, 0, "bytes_received", 227000);
	assert_exact(&f->m, 0, "response_size.mean", 908);
	assert_exact(&f->m, 0, "latency.p10", 0.1734);
	/* hey's filler line for a percentile it does not have */
	assert_null(find_meas(&f->m, 0, "latency.p0"));
	assert_exact(&f->m, 0, "http_req_waiting.mean", 0.3020);
	assert_exact(&f->m, 0, "code.200", 250);
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 250);
	assert_meas(&f->m, 1, "success_rate", 100, UNIT_PERCENT, DIR_HIGHER);
	assert_meas(&f->m, 1, "throughput", 36.99 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 1, "latency.p99.9", 17.4909);
	assert_exact(&f->m, 1, "connect_time.max", 2.7412);
	assert_exact(&f->m, 1, "code.502", 1);
	assert_int_equal(must_find(&f->m, 1, "latency.p99.9")->n, 200);
	assert_string_equal(f->m.rs.runs[0].variant.text, "hey");
	assert_string_equal(f->m.rs.runs[1].variant.text, "oha");
}

static void test_vegeta(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Requests      [total, rate, throughput]         100, 50.57, 24.76\n"
			   "Duration      [total, attack, wait]             3.837s, 1.978s, 1.859s\n"
			   "Latencies     [min, mean, 50, 90, 95, 99, max]  156.862ms, 583.523ms, 417.547ms, 832.023ms, 1.114s, 2.816s, 3.677s\n"
			   "Bytes In      [total, mean]                     20643, 206.43\n"
			   "Success       [ratio]                           95.00%\n"
			   "Status Codes  [code:count]                      200:95  404:5  \n"
			   "Error Set:\n"
			   "404 Not Found\n"
			   "Requests      [total, rate]            6000, 100.02\n"
			   "Latencies     [mean, 50, 95, 99, max]  653.597µs, 654.O5µs, 725.378µs, 900.028µs, 3.56416ms\n"
			   "Duration      [total, attack, wait]    21m47.89116987s, 59.989999661s, 650.501µs\n";

	import_string(&f->m, "v.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_exact(&f->m, 0, "calls", 100);
	assert_meas(&f->m, 0, "send_rate", 50.57, UNIT_PER_S, DIR_NONE);
	assert_meas(&f->m, 0, "qps", 24.76, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "wall_time", 3.837);
	assert_exact(&f->m, 0, "attack_time", 1.978);
	assert_exact(&f->m, 0, "latency.min", 156.862e-3);
	assert_exact(&f->m, 0, "latency.p90", 832.023e-3);
	assert_exact(&f->m, 0, "latency.max", 3.677);
	assert_meas(&f->m, 0, "bytes_received", 20643, UNIT_BYTE, DIR_NONE);
	assert_exact(&f->m, 0, "response_size.mean", 206.43);
	assert_exact(&f->m, 0, "success_rate", 95);
	assert_exact(&f->m, 0, "code.404", 5);
	assert_int_equal(must_find(&f->m, 0, "latency.p90")->n, 100);
	/* the second report: a garbled latency line gives nothing; Go's minutes read */
	assert_true(has_warning(&f->d, 10, "garbled vegeta report line"));
	assert_null(find_meas(&f->m, 1, "latency.mean"));
	assert_exact(&f->m, 1, "wall_time", 21 * 60 + 47.89116987);
}

/*
 * A Status Codes line whose counts went to the next line (or were cut):
 * only blanks after the bracket. It was read past the line's end; it is
 * damage now, and the counts below it no figure.
 */
static void test_vegeta_empty_codes(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Requests      [total, rate]             1200, 120.00\n"
			   "Success       [ratio]                   10.42%\n"
			   "Status Codes  [code:count]            \n"
			   "  0:535  200:665\n";

	import_string(&f->m, "ve.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_exact(&f->m, 0, "calls", 1200);
	assert_exact(&f->m, 0, "success_rate", 10.42);
	assert_null(find_meas(&f->m, 0, "code.200"));
	assert_int_equal(f->d.n, 1);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
}

static void test_k6(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "    checks.....................: 100.00% ✓ 117  ✗ 0   \n"
			   "    data_received..............: 92 kB   2.4 kB/s\n"
			   "    http_req_duration..........: avg=1.52ms  min=957.23µs med=1.41ms  max=1m0s p(90)=1.66ms   p(95)=1.76ms\n"
			   "    http_req_failed............: 0.00%  ✓ 3   ✗ 17433\n"
			   "    http_req_waiting...........: avg=1.39ms  min=838.26µs med=1.28ms  max=145.33ms p(90)=1.53ms   p(95)=1.61ms\n"
			   "    my_trend...................: avg=1s min=1s med=1s max=1s p(90)=1s p(95)=1s\n"
			   "    http_reqs..................: 17436  578.878085/s\n"
			   "    vus........................: 1      min=1 max=10\n";

	import_string(&f->m, "k6.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_meas(&f->m, 0, "checks", 100, UNIT_PERCENT, DIR_HIGHER);
	assert_exact(&f->m, 0, "bytes_received", 92000);
	assert_exact(&f->m, 0, "throughput", 2400);
	assert_exact(&f->m, 0, "latency.mean", 1.52e-3);
	assert_exact(&f->m, 0, "latency.min", 957.23e-6);
	assert_exact(&f->m, 0, "latency.median", 1.41e-3);
	assert_exact(&f->m, 0, "latency.max", 60);
	assert_exact(&f->m, 0, "latency.p95", 1.76e-3);
	assert_exact(&f->m, 0, "errors", 3);
	assert_meas(&f->m, 0, "http_req_waiting.p90", 1.53e-3, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "http_req_waiting.median", 1.28e-3);
	assert_exact(&f->m, 0, "calls", 17436);
	assert_exact(&f->m, 0, "qps", 578.878085);
	assert_exact(&f->m, 0, "vus.max", 10);
	/* a custom trend keeps its name, in seconds; no METRICS row, so no direction */
	assert_meas(&f->m, 0, "my_trend.mean", 1, UNIT_SECOND, DIR_NONE);
	assert_exact(&f->m, 0, "my_trend.p95", 1);
	/* the checks' share is of 117 checks */
	assert_int_equal(must_find(&f->m, 0, "checks")->n, 117);
	assert_int_equal(must_find(&f->m, 0, "latency.p95")->n, 17436);
}

/* k6's custom metrics (trend, counter, rate, gauge), threshold marks, the iterations' rate. */
static void test_k6_custom(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "     checks.........................: 89.62% 16043 out of 17901\n"
			   "     custom_latency.................: avg=120.5ms min=80ms med=110ms max=1.2s p(90)=150ms p(95)=200.25ms\n"
			   "     errors.........................: 0.50%  \xe2\x9c\x93 1     \xe2\x9c\x97 199\n"
			   "   \xe2\x9c\x93 http_req_failed................: 0.00%   \xe2\x9c\x93 0          \xe2\x9c\x97 29623\n"
			   "   \xe2\x9c\x97 http_req_duration..............: avg=200.48ms min=38.83ms med=189.28ms max=614.77ms p(90)=289.33ms p(95)=326.13ms\n"
			   "     http_reqs......................: 29623   492.995359/s\n"
			   "     iterations.....................: 29000   480.5/s\n"
			   "     items_sold.....................: 42     1.4/s\n"
			   "     payload........................: 92 kB  2.4 kB/s\n"
			   "     retries........................: 0.00%  \xe2\x9c\x93 0     \xe2\x9c\x97 0\n"
			   "     queue depth....................: 7      min=0        max=12\n"
			   "     total_count...: avg=23275      min=23275      med=23275      max=23275      p(90)=23275      p(95)=23275\n"
			   "     broken.........................: 42 1.4/s extra\n";
	const struct measurement *me;

	import_string(&f->m, "k6c.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].first_line, 1);
	assert_meas(&f->m, 0, "custom_latency.mean", 120.5e-3, UNIT_SECOND, DIR_NONE);
	assert_exact(&f->m, 0, "custom_latency.max", 1.2);
	assert_exact(&f->m, 0, "custom_latency.median", 110e-3);
	assert_exact(&f->m, 0, "custom_latency.p95", 200.25e-3);
	assert_int_equal(must_find(&f->m, 0, "checks")->n, 17901);
	/* a rate called "errors" is no count of errors: k6.errors, in %, over its 200 values */
	me = must_find(&f->m, 0, "k6.errors");
	assert_int_equal(me->unit, UNIT_PERCENT);
	assert_true(me->value == 0.5);
	assert_int_equal(me->n, 200);
	/* a threshold's mark before a built-in metric */
	assert_exact(&f->m, 0, "errors", 0);
	assert_exact(&f->m, 0, "latency.mean", 200.48e-3);
	assert_meas(&f->m, 0, "iteration_rate", 480.5, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "iterations", 29000);
	/* counters: the count and its rate */
	assert_meas(&f->m, 0, "items_sold", 42, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, 0, "items_sold.rate", 1.4, UNIT_PER_S, DIR_NONE);
	assert_meas(&f->m, 0, "payload", 92000, UNIT_BYTE, DIR_NONE);
	assert_meas(&f->m, 0, "payload.rate", 2400, UNIT_BYTE_PER_S, DIR_NONE);
	/* a rate of no values at all is still read, over no count */
	me = must_find(&f->m, 0, "retries");
	assert_true(me->value == 0);
	assert_int_equal(me->n, 0);
	/* a gauge (its name may hold a blank) */
	assert_exact(&f->m, 0, "queue depth", 7);
	assert_exact(&f->m, 0, "queue depth.max", 12);
	/* a trend of plain numbers */
	me = must_find(&f->m, 0, "total_count.mean");
	assert_int_equal(me->unit, UNIT_NONE);
	assert_true(me->value == 23275);
	/* a line of no known shape is damage, read in no part */
	assert_null(find_meas(&f->m, 0, "broken"));
	assert_null(find_meas(&f->m, 0, "broken.rate"));
	assert_int_equal(f->d.n, 1);
}

static void test_h2load(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "starting benchmark...\n"
			   "spawning thread #0: 1 total client(s). 10 total requests\n"
			   "Application protocol: h2c\n"
			   "progress: 100% done\n"
			   "\n"
			   "finished in 1.92s, 5.21 req/s, 1.63KB/s\n"
			   "requests: 10 total, 11 started, 10 done, 9 succeeded, 1 failed, 0 errored, 1 timeout\n"
			   "status codes: 10 2xx, 0 3xx, 0 4xx, 0 5xx\n"
			   "traffic: 3.12KB (3196) total, 561B (561) headers (space savings 74.24%), 2.26KB (2310) data\n"
			   "                     min         max         mean         sd        +/- sd\n"
			   "time for request:   104.29ms    416.97ms    187.83ms    108.76ms    80.00%\n"
			   "time for connect:    39.53ms     39.53ms     39.53ms         0us   100.00%\n"
			   "time to 1st byte:   305.08ms    305.08ms    305.08ms         0us   100.00%\n"
			   "req/s           :       5.21        5.21        5.21        0.00   100.00%\n";

	import_string(&f->m, "h2.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_exact(&f->m, 0, "wall_time", 1.92);
	assert_exact(&f->m, 0, "qps", 5.21);
	assert_meas(&f->m, 0, "throughput", 1.63 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "calls", 10);
	assert_exact(&f->m, 0, "errors.timeout", 1);
	assert_exact(&f->m, 0, "errors", 1);
	/* every count of the requests line: started (-D runs start more than they finish), done, succeeded */
	assert_meas(&f->m, 0, "calls.started", 11, UNIT_COUNT, DIR_NONE);
	assert_exact(&f->m, 0, "calls.done", 10);
	assert_exact(&f->m, 0, "calls.succeeded", 9);
	assert_exact(&f->m, 0, "code.2xx", 10);
	assert_meas(&f->m, 0, "bytes_received", 3196, UNIT_BYTE, DIR_NONE);
	assert_exact(&f->m, 0, "header_bytes_received", 561);
	assert_exact(&f->m, 0, "body_bytes_received", 2310);
	assert_exact(&f->m, 0, "latency.min", 104.29e-3);
	assert_exact(&f->m, 0, "latency.stddev", 108.76e-3);
	assert_exact(&f->m, 0, "connect_time.stddev", 0);
	assert_exact(&f->m, 0, "first_byte_time.mean", 305.08e-3);
	assert_meas(&f->m, 0, "client_qps.mean", 5.21, UNIT_PER_S, DIR_HIGHER);
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 10);
}

/*
 * bombardier: its Statistics rows, -l's distributions (one named in
 * brackets), the codes, its 1024-based KB and its "m" (minutes); the
 * progress bar and the Errors lines kept, not read; a bare throughput is
 * bytes; a second report begins a second run.
 */
static void test_bombardier(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Bombarding http://ya.ru for 10s using 200 connections\n"
			   "[=========================================================================] 10s Done!\n"
			   "Statistics        Avg      Stdev        Max\n"
			   "  Reqs/sec      6607.00     524.56       7109\n"
			   "  Latency       29.86ms   522.34us      1.50m\n"
			   "  Latency Distribution (Total)\n"
			   "     50%    28.00ms\n"
			   "     99%    48.00ms\n"
			   "  Latency Distribution (2xx)\n"
			   "     99%      1.01s\n"
			   "  HTTP codes:\n"
			   "    1xx - 0, 2xx - 0, 3xx - 66561, 4xx - 0, 5xx - 0\n"
			   "    others - 5\n"
			   "  Errors:\n"
			   "    dialing to the given TCP address timed out - 5\n"
			   "  Throughput:   513.10KB/s\n"
			   "\n"
			   "Statistics        Avg      Stdev        Max\n"
			   "  Reqs/sec         1.00       0.00       1.00\n"
			   "  Latency        1.2O0s     0.00us      1.20s\n"
			   "  HTTP codes:\n"
			   "    1xx - 0, 2xx - 1, 3xx - 0, 4xx - 0, 5xx - 0\n"
			   "    others - 0\n"
			   "  Throughput:   123.45/s\n";

	import_string(&f->m, "bombardier.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_BOMBARDIER);
	assert_meas(&f->m, 0, "qps.mean", 6607, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "qps.max", 7109);
	assert_meas(&f->m, 0, "latency.mean", 29.86e-3, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "latency.stddev", 522.34e-6);
	assert_exact(&f->m, 0, "latency.max", 90);
	assert_exact(&f->m, 0, "latency.p50", 28e-3);
	assert_exact(&f->m, 0, "latency.p99", 48e-3);
	assert_exact(&f->m, 0, "latency_2xx.p99", 1.01);
	assert_exact(&f->m, 0, "code.3xx", 66561);
	assert_exact(&f->m, 0, "code.others", 5);
	assert_meas(&f->m, 0, "throughput", 513.10 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_int_equal(f->m.rs.runs[0].first_line, 1);
	assert_int_equal(f->m.rs.runs[0].last_line, 16);
	/* the second report: a garbled Latency row reads nothing and says so; the rest reads */
	assert_null(find_meas(&f->m, 1, "latency.mean"));
	assert_true(has_warning(&f->d, 20, "garbled bombardier Latency line"));
	assert_exact(&f->m, 1, "code.2xx", 1);
	assert_meas(&f->m, 1, "throughput", 123.45, UNIT_BYTE_PER_S, DIR_HIGHER);
}

/* Before nghttp2 1.0: no timeout count, and the traffic as bare byte counts. */
static void test_h2load_old(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "    finished in 8.37s, 5976 req/s, 8.93MB/s\n"
			   "    requests: 50000 total, 50000 started, 50000 done, 49990 succeeded, 10 failed, 0 errored\n"
			   "    status codes: 49990 2xx, 0 3xx, 0 4xx, 0 5xx\n"
			   "    traffic: 78325475 bytes total, 5716475 bytes headers, 71700000 bytes data\n"
			   "                         min         max         mean         sd        +/- sd\n"
			   "    time for request:      767us    416.10ms     19.21ms     15.48ms    96.98%\n"
			   "\n"
			   "    finished in 8.37s, 5976 req/s, 8.93MB/s\n"
			   "    requests: 50000 total, 50000 started, 50000 done, 50000 succeeded, 0 errored\n"
			   "    traffic: 78325475 bytes total, 5716475 headers, 71700000 bytes data\n";

	import_string(&f->m, "h2old.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_exact(&f->m, 0, "calls", 50000);
	assert_exact(&f->m, 0, "calls.succeeded", 49990);
	assert_exact(&f->m, 0, "errors", 10);
	assert_null(find_meas(&f->m, 0, "errors.timeout"));
	assert_meas(&f->m, 0, "bytes_received", 78325475, UNIT_BYTE, DIR_NONE);
	assert_exact(&f->m, 0, "header_bytes_received", 5716475);
	assert_exact(&f->m, 0, "body_bytes_received", 71700000);
	assert_exact(&f->m, 0, "latency.min", 767e-6);
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 50000);
	/* a requests line missing a count, a traffic line missing a word: damaged, nothing read from either */
	assert_null(find_meas(&f->m, 1, "calls"));
	assert_null(find_meas(&f->m, 1, "calls.started"));
	assert_null(find_meas(&f->m, 1, "bytes_received"));
	assert_null(find_meas(&f->m, 1, "header_bytes_received"));
	assert_exact(&f->m, 1, "qps", 5976);
	assert_int_equal(f->d.n, 2);
}

/*
 * boom, hey's former name: every line ends with a stop, two figures are
 * spelled out; the author's emphasis inside the tool's lines is read as if
 * it were not there, and the number printed is the one between the marks.
 */
static void test_boom_emphasis(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "###JSON\n"
			   "    10000 / 10000 Booooooooooooo! 100.00 %\n"
			   "\n"
			   "    Summary:\n"
			   "      Total:        12.2315 secs.\n"
			   "      Slowest:      0.2403 secs.\n"
			   "      Requests/sec: **817.5640**\n"
			   "      Total Data Received:  21970000 bytes.\n"
			   "      Response Size per Request:    __2197__ bytes.\n"
			   "\n"
			   "    Status code distribution:\n"
			   "      [200] **10000** responses\n"
			   "\n"
			   "    Latency distribution:\n"
			   "      10% in 0.0488 secs.\n"
			   "\n"
			   "Look at the size on the wire (**2197 bytes**).\n";
	const struct measurement *q;

	import_string(&f->m, "boom.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_exact(&f->m, 0, "wall_time", 12.2315);
	assert_exact(&f->m, 0, "latency.max", 0.2403);
	assert_exact(&f->m, 0, "bytes_received", 21970000);
	assert_exact(&f->m, 0, "response_size.mean", 2197);
	assert_exact(&f->m, 0, "code.200", 10000);
	assert_exact(&f->m, 0, "latency.p10", 0.0488);
	q = must_find(&f->m, 0, "qps");
	assert_true(q->value == 817.5640);
	/* the printed number, without the marks around it */
	assert_int_equal(q->length, 8);
	assert_memory_equal(text + q->offset, "817.5640", 8);
	/* "###JSON" is a heading, as older renderers drew it */
	assert_string_equal(f->m.rs.runs[0].variant.text, "JSON");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_wrk, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_wrk_damage_and_blocks, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_wrk2_spectrum, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_fragments, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_wrk2_nan, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_ab, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_ab_post, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_ab_post_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hey_and_oha, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_boom_emphasis, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_vegeta, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_vegeta_empty_codes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_k6, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_k6_custom, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_h2load, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_h2load_old, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bombardier, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
