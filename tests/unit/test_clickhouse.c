/*
 * test_clickhouse.c - clickhouse-client's summary of a query: a run per
 * query, its time, rows and bytes per second (the words for thousands
 * and billions, decimal units), the peak memory line (binary units),
 * what is not read (the rows and bytes the query read), and damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

static void test_summaries(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "1 rows in set. Elapsed: 4.933 sec. Processed 100.00 billion rows, 100.00 GB "
			   "(20.27 billion rows/s., 20.27 GB/s.)\n"
			   "\n"
			   "1 row in set. Elapsed: 7.328 sec. Processed 19.00 billion rows, 152.00 GB "
			   "(2.59 billion rows/s., 20.74 GB/s.)\n"
			   "Peak memory usage: 9.52 KiB.\n"
			   "\n"
			   "3 rows in set. Elapsed: 0.056 sec. Processed 1.00 thousand rows, 8.00 KB "
			   "(17.97 rows/s., 143.75 B/s.)\n"
			   "\n"
			   "0 rows in set. Elapsed: 0.002 sec.\n";

	import_string(&f->m, "ch.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_CLICKHOUSE);
	assert_meas(&f->m, 0, "wall_time", 4.933, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "rows_per_sec", 20.27e9, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "throughput", 20.27e9, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 1, "peak_memory", 9.52 * 1024, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 2, "rows_per_sec", 17.97);
	assert_exact(&f->m, 2, "throughput", 143.75);
	assert_exact(&f->m, 3, "wall_time", 0.002);
	/* the rows and bytes a query read are its work, not a figure of the build */
	{
		unsigned per_run[4] = { 0 };

		for (size_t i = 0; i < f->m.rs.nmeas; i++)
			per_run[f->m.rs.meas[i].run]++;
		assert_int_equal(per_run[0], 3);
		assert_int_equal(per_run[1], 4);
		assert_int_equal(per_run[2], 3);
		assert_int_equal(per_run[3], 1);
	}
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "1 rows in set. Elapsed: 4.9x3 sec. Processed 100.00 billion rows, 100.00 GB "
			   "(20.27 billion rows/s., 20.27 GB/s.)\n"
			   "\n"
			   "1 rows in set. Elapsed: 4.933 sec. Processed 100.00 billion rows, 100.00 GB "
			   "(20.27 zillion rows/s., 20.27 GB/s.)\n";

	import_string(&f->m, "bad.txt", text, &f->d);
	assert_null(find_meas(&f->m, 0, "wall_time"));
	assert_true(has_warning(&f->d, 1, "garbled clickhouse-client summary line"));
	assert_true(has_warning(&f->d, 3, "garbled clickhouse-client summary line"));
}

/* "Peak memory: 3.38 GiB." inside the summary (2024's clients) is passed over; the line below gives the peak read. */
static void test_inline_peak(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "0 rows in set. Elapsed: 4.218 sec. Peak memory: 3.38 GiB. Processed 200.00 million rows, "
			   "1.80 GB (47.42 million rows/s., 426.78 MB/s.)\n"
			   "Peak memory usage: 1.70 GiB.\n";

	import_string(&f->m, "inline.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->d.n, 0);
	assert_exact(&f->m, 0, "wall_time", 4.218);
	assert_exact(&f->m, 0, "rows_per_sec", 47.42e6);
	assert_exact(&f->m, 0, "throughput", 426.78e6);
	assert_exact(&f->m, 0, "peak_memory", 1.70 * 1024 * 1024 * 1024);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_summaries),
		T(test_damage),
		T(test_inline_peak),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
