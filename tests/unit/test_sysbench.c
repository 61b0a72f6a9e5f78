/*
 * test_sysbench.c - the sysbench reader on hand-written input: exact
 * values of an OLTP run (transactions as qps and calls, queries, the
 * latency block's mean, min, max and 95th percentile over the events
 * counted), a cpu run with a garbled figure (nothing of its line, a
 * warning), the memory test's totals, and a value line outside a block
 * left to prose.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static const char two_runs[] =
	"sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n"
	"\n"
	"SQL statistics:\n"
	"    queries performed:\n"
	"        read:                            140000\n"
	"        write:                           40000\n"
	"        other:                           20000\n"
	"        total:                           200000\n"
	"    transactions:                        10000  (521.22 per sec.)\n"
	"    queries:                             200000 (10424.40 per sec.)\n"
	"    ignored errors:                      0      (0.00 per sec.)\n"
	"    reconnects:                          0      (0.00 per sec.)\n"
	"\n"
	"General statistics:\n"
	"    total time:                          19.1837s\n"
	"    total number of events:              10000\n"
	"\n"
	"Latency (ms):\n"
	"         min:                                    8.63\n"
	"         avg:                                   15.34\n"
	"         max:                                   99.72\n"
	"         95th percentile:                       20.74\n"
	"         sum:                               153404.54\n"
	"\n"
	"Threads fairness:\n"
	"    events (avg/stddev):           1250.0000/20.71\n"
	"    execution time (avg/stddev):   19.1756/0.01\n"
	"\n"
	"sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n"
	"\n"
	"CPU speed:\n"
	"    events per second:  2266.7A\n"
	"\n"
	"General statistics:\n"
	"    total time:                          2.0015s\n"
	"    total number of events:              4550\n"
	"\n"
	"Latency (ms):\n"
	"         min:                                    0.16\n"
	"         avg:                                    0.44\n"
	"         max:                                   16.27\n"
	"         95th percentile:                        0.50\n"
	"         sum:                                 1979.83\n"
	;

static void test_oltp_and_cpu(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "sb.txt", two_runs, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_SYSBENCH);
	assert_meas(&f->m, 0, "qps", 521.22, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "calls", 10000, UNIT_COUNT, DIR_NONE);
	assert_exact(&f->m, 0, "queries.ops", 200000);
	assert_meas(&f->m, 0, "queries.ops_per_sec", 10424.40, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "errors", 0);
	assert_meas(&f->m, 0, "wall_time", 19.1837, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "events.ops", 10000);
	assert_meas(&f->m, 0, "latency.mean", 0.01534, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "latency.min", 0.00863);
	assert_exact(&f->m, 0, "latency.max", 0.09972);
	assert_exact(&f->m, 0, "latency.p95", 0.02074);
	/* the latency figures summarize the events counted (printed above them) */
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 10000);
	assert_int_equal(count_meas(&f->m, 0), 11);
	assert_null(find_meas(&f->m, 0, "latency.avg"));

	/* the cpu run's rate is garbled: nothing of its line, the rest kept, a warning */
	assert_null(find_meas(&f->m, 1, "events.ops_per_sec"));
	assert_exact(&f->m, 1, "wall_time", 2.0015);
	assert_exact(&f->m, 1, "latency.mean", 0.00044);
	assert_exact(&f->m, 1, "latency.p95", 0.0005);
	assert_int_equal(must_find(&f->m, 1, "latency.max")->n, 4550);
	assert_int_equal(count_meas(&f->m, 1), 6);
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 32, "garbled sysbench line"));
	assert_int_equal(f->d.n, 1);
}

static void test_memory(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "mem.txt",
		      "Total operations: 104857600 (10232832.45 per second)\n"
		      "\n"
		      "102400.00 MiB transferred (9993.00 MiB/sec)\n"
		      "\n"
		      "General statistics:\n"
		      "    total time:                          10.2456s\n"
		      "    total number of events:              104857600\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_meas(&f->m, 0, "operations.ops_per_sec", 10232832.45, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "operations.ops", 104857600);
	assert_exact(&f->m, 0, "memory.transfer", 102400.0 * 1048576);
	assert_meas(&f->m, 0, "throughput", 9993.0 * 1048576, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 0, "wall_time", 10.2456);
	assert_int_equal(f->d.n, 0);
}

/* "min:" and "avg:" are any table's words: outside a sysbench block they are prose. */
static void test_values_alone(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "p.txt", "Some timings:\n    min:   0.96\n    avg:   1.20\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_oltp_and_cpu),
		T(test_memory),
		T(test_values_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
