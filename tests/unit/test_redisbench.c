/*
 * test_redisbench.c - the redis-benchmark reader on hand-written input:
 * exact values of the full report (its Summary, the percentile
 * distribution as a series, the cumulative one left alone), of -q lines
 * and of --csv rows; one run per test, named by it; garbled lines yield
 * nothing and a warning naming them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static const char full[] = "====== SET ======\n"
			   "  100000 requests completed in 1.23 seconds\n"
			   "  50 parallel clients\n"
			   "  3 bytes payload\n"
			   "  keep alive: 1\n"
			   "  multi-thread: no\n"
			   "\n"
			   "Latency by percentile distribution:\n"
			   "0.000% <= 0.103 milliseconds (cumulative count 2)\n"
			   "50.000% <= 0.255 milliseconds (cumulative count 51234)\n"
			   "100.000% <= 1.207 milliseconds (cumulative count 100000)\n"
			   "\n"
			   "Cumulative distribution of latencies:\n"
			   "12.340% <= 0.103 milliseconds (cumulative count 12340)\n"
			   "100.000% <= 1.303 milliseconds (cumulative count 100000)\n"
			   "\n"
			   "Summary:\n"
			   "  throughput summary: 81300.81 requests per second\n"
			   "  latency summary (msec):\n"
			   "          avg       min       p50       p95       p99       max\n"
			   "        0.287     0.096     0.255     0.495     0.687     1.207\n"
			   "====== GET ======\n"
			   "  100000 requests completed in 1.00 seconds\n"
			   "  50 parallel clients\n"
			   "\n"
			   "Summary:\n"
			   "  throughput summary: 100000.00 requests per second\n"
			   "  latency summary (msec):\n"
			   "          avg       min       p50       p95       p99       max\n"
			   "        0.250     0.O88     0.239     0.431     0.599     0.911\n";

static void test_full_report(void **state)
{
	struct model_fixture *f = *state;
	uint32_t set, get;
	size_t points = 0;

	import_string(&f->m, "full.txt", full, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	set = run_of(&f->m, "SET", 0);
	get = run_of(&f->m, "GET", 0);
	assert_int_equal(f->m.rs.runs[set].fmt, FMT_REDIS_BENCHMARK);
	assert_meas(&f->m, set, "SET.qps", 81300.81, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, set, "SET.calls", 100000, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, set, "SET.wall_time", 1.23, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, set, "SET.latency.mean", 0.000287, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, set, "SET.latency.min", 0.000096);
	assert_exact(&f->m, set, "SET.latency.max", 0.001207);
	assert_exact(&f->m, set, "SET.latency.p50", 0.000255);
	assert_exact(&f->m, set, "SET.latency.p95", 0.000495);
	assert_exact(&f->m, set, "SET.latency.p99", 0.000687);
	/* the latency figures summarize the requests completed */
	assert_int_equal(must_find(&f->m, set, "SET.latency.mean")->n, 100000);
	assert_int_equal(count_meas(&f->m, set), 9);
	assert_null(find_meas(&f->m, set, "SET.latency.avg"));
	/* the percentile distribution is the series; the cumulative histogram is not read */
	for (size_t i = 0; i < f->m.rs.nseries; i++) {
		const struct series_point *p = &f->m.rs.series[i];

		if (p->run != set)
			continue;
		assert_string_equal(p->name, "latency");
		if (p->index == 1) {
			assert_true(p->x0 == 50.0 && p->x1 == 50.0);
			assert_true(p->y == 0.000255);
		}
		points++;
	}
	assert_int_equal(points, 3);
	/* GET's latency line has a garbled digit: none of its figures, a warning naming it */
	assert_exact(&f->m, get, "GET.qps", 100000);
	assert_exact(&f->m, get, "GET.wall_time", 1.0);
	assert_null(find_meas(&f->m, get, "GET.latency.mean"));
	assert_null(find_meas(&f->m, get, "GET.latency.p50"));
	assert_int_equal(count_meas(&f->m, get), 3);
	assert_true(f->m.rs.runs[get].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 30, "garbled redis-benchmark latency summary line"));
	assert_int_equal(f->d.n, 1);
}

static void test_quiet(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "q.txt",
		      "SET: 15659.25 requests per second, p50=2.551 msec\n"
		      "GET: 1600O.00 requests per second, p50=2.111 msec\n"
		      "LRANGE_100 (first 100 elements): 17123.29 requests per second, p50=2.047 msec\n"
		      "PING_INLINE: 86206.90 requests per second\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_meas(&f->m, 0, "SET.qps", 15659.25, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "SET.latency.p50", 0.002551, UNIT_SECOND, DIR_LOWER);
	assert_int_equal(count_meas(&f->m, 0), 2);
	/* the garbled GET line was its whole run: nothing of it, a warning */
	assert_true(has_warning(&f->d, 2, "garbled redis-benchmark line"));
	assert_int_equal(f->d.n, 1);
	assert_exact(&f->m, 1, "LRANGE_100 (first 100 elements).qps", 17123.29);
	assert_exact(&f->m, 1, "LRANGE_100 (first 100 elements).latency.p50", 0.002047);
	assert_exact(&f->m, 2, "PING_INLINE.qps", 86206.90);
	assert_int_equal(count_meas(&f->m, 2), 1);
}

static void test_csv(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "csv.txt",
		      "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\","
		      "\"p99_latency_ms\",\"max_latency_ms\"\n"
		      "\"SET\",\"46403.71\",\"0.293\",\"0.024\",\"0.111\",\"1.367\",\"5.231\",\"11.023\"\n"
		      "\"GET\",\"47732.70\",\"0.274\",\"0.O24\",\"0.103\",\"1.951\",\"4.207\",\"6.167\"\n"
		      "\"INCR\",\"49504.95\",\"0.253\",\"0.008\",\"0.103\",\"0.831\",\"4.183\",\"5.823\"\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_meas(&f->m, 0, "SET.qps", 46403.71, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "SET.latency.mean", 0.000293);
	assert_exact(&f->m, 0, "SET.latency.min", 0.000024);
	assert_exact(&f->m, 0, "SET.latency.p95", 0.001367);
	assert_exact(&f->m, 0, "SET.latency.max", 0.011023);
	assert_int_equal(count_meas(&f->m, 0), 7);
	assert_true(has_warning(&f->d, 3, "garbled redis-benchmark CSV row"));
	assert_int_equal(f->d.n, 1);
	assert_exact(&f->m, 1, "INCR.latency.p99", 0.004183);
}

/* A script's banner and a setext heading are labels above other outputs, not tests. */
static void test_banners_of_others(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "b.txt", "=== LTO ===\nSET: 15659.25 requests per second, p50=2.551 msec\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].variant.text, "LTO");
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_full_report),
		T(test_quiet),
		T(test_csv),
		T(test_banners_of_others),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
