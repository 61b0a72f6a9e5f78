/*
 * test_pgbench.c - the pgbench reader on hand-written input: exact values
 * of a pgbench 14+ summary (tps as qps, the latency's mean and stddev over
 * the transactions processed, the connection time, -r's statements, the
 * progress lines as a series, the settings as the scenario), an older
 * summary whose two tps lines are one call, bare tps lines pasted one per
 * call, and a garbled line that yields nothing and a warning.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static const char two_calls[] = "pgbench (16.1)\n"
				"starting vacuum...end.\n"
				"progress: 1.0 s, 938.9 tps, lat 4.176 ms stddev 3.726, 0 failed\n"
				"progress: 2.0 s, 473.0 tps, lat 8.447 ms stddev 7.102, 0 failed\n"
				"transaction type: <builtin: TPC-B (sort of)>\n"
				"scaling factor: 1\n"
				"query mode: simple\n"
				"number of clients: 4\n"
				"number of threads: 2\n"
				"maximum number of tries: 1\n"
				"duration: 2 s\n"
				"number of transactions actually processed: 1412\n"
				"number of failed transactions: 3 (0.212%)\n"
				"latency average = 5.663 ms\n"
				"latency stddev = 4.412 ms\n"
				"initial connection time = 10.750 ms\n"
				"tps = 705.918812 (without initial connection time)\n"
				"statement latencies in milliseconds and failures:\n"
				"         0.002           0  \\set aid random(1, 100000 * :scale)\n"
				"         0.318           0  BEGIN;\n"
				"transaction type: <builtin: select only>\n"
				"scaling factor: 10\n"
				"query mode: simple\n"
				"number of clients: 8\n"
				"number of threads: 8\n"
				"duration: 60 s\n"
				"number of transactions actually processed: 24612\n"
				"latency average = 19.5O2 ms\n"
				"tps = 410.123456 (including connections establishing)\n"
				"tps = 411.654321 (excluding connections establishing)\n";

static void test_summaries(void **state)
{
	struct model_fixture *f = *state;
	const struct series_point *p = NULL;
	size_t points = 0;

	import_string(&f->m, "pg.txt", two_calls, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_PGBENCH);
	assert_string_equal(f->m.rs.runs[0].scenario, "TPC-B (sort of), 4 clients, 2 s");
	assert_meas(&f->m, 0, "qps", 705.918812, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "calls", 1412, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, 0, "errors", 3, UNIT_COUNT, DIR_LOWER);
	assert_meas(&f->m, 0, "latency.mean", 0.005663, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "latency.stddev", 0.004412, UNIT_SECOND, DIR_NONE);
	/* the mean and the spread summarize the transactions processed */
	assert_int_equal(must_find(&f->m, 0, "latency.mean")->n, 1412);
	assert_int_equal(must_find(&f->m, 0, "latency.stddev")->n, 1412);
	assert_meas(&f->m, 0, "connect_time", 0.01075, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "statement.1", 0.000002, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "statement.2", 0.000318);
	assert_int_equal(count_meas(&f->m, 0), 8);
	assert_null(find_meas(&f->m, 0, "latency.avg"));
	for (size_t i = 0; i < f->m.rs.nseries; i++) {
		if (f->m.rs.series[i].run != 0)
			continue;
		assert_string_equal(f->m.rs.series[i].name, "tps");
		if (f->m.rs.series[i].index == 1)
			p = &f->m.rs.series[i];
		points++;
	}
	assert_int_equal(points, 2);
	assert_non_null(p);
	assert_true(p->x0 == 2.0 && p->y == 473.0);

	/* before 14: both tps lines are the one call's; its latency line is garbled */
	assert_string_equal(f->m.rs.runs[1].scenario, "select only, 8 clients, 60 s");
	assert_exact(&f->m, 1, "qps", 411.654321);
	assert_meas(&f->m, 1, "qps_with_connections", 410.123456, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 1, "calls", 24612);
	assert_null(find_meas(&f->m, 1, "latency.mean"));
	assert_int_equal(count_meas(&f->m, 1), 3);
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 28, "garbled pgbench latency line"));
	assert_int_equal(f->d.n, 1);
}

/* Authors paste the tps line of each call alone: a run each; a garbled one is no run. */
static void test_bare_tps_lines(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "tps.txt",
		      "tps = 1234.567890 (without initial connection time)\n"
		      "tps = 12E4.000000 (without initial connection time)\n"
		      "tps = 1301.250000 (without initial connection time)\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_exact(&f->m, 0, "qps", 1234.56789);
	assert_exact(&f->m, 1, "qps", 1301.25);
	assert_int_equal(count_meas(&f->m, 0), 1);
	assert_true(has_warning(&f->d, 2, "garbled pgbench tps line"));
	assert_int_equal(f->d.n, 1);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_summaries),
		T(test_bare_tps_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
