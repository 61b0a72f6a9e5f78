/*
 * test_memtier.c - the memtier_benchmark reader on hand-written input:
 * exact values of a totals table with percentile columns (one run per
 * command type, named by it), the old table's one "Latency" column, KB/sec
 * as 1024-byte units, a type that issued nothing (no run), a run-count
 * table's title as the scenario, and a garbled row that yields nothing and
 * a warning.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_best_run(void **state)
{
	struct model_fixture *f = *state;
	uint32_t gets, totals;

	import_string(&f->m, "m.txt",
		      "BEST RUN RESULTS\n"
		      "========================================================================\n"
		      "Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency   p99.9 Latency       KB/sec\n"
		      "------------------------------------------------------------------------\n"
		      "Sets            0.00          ---          ---             ---             ---             ---         0.00\n"
		      "Gets        62355.66     62337.56        18.10         3.20683         2.86300        12.99100      6537.40\n"
		      "Waits           0.00          ---          ---             ---             ---             ---          ---\n"
		      "Totals      62355.66     62337.56        1B.10         3.20683         2.86300        12.99100      6537.40\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	gets = run_of(&f->m, "Gets", 0);
	assert_int_equal(f->m.rs.runs[gets].fmt, FMT_MEMTIER);
	assert_meas(&f->m, gets, "Gets.qps", 62355.66, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, gets, "Gets.hits.ops_per_sec", 62337.56);
	assert_exact(&f->m, gets, "Gets.misses.ops_per_sec", 18.10);
	assert_meas(&f->m, gets, "Gets.latency.mean", 0.00320683, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, gets, "Gets.latency.p50", 0.002863);
	assert_exact(&f->m, gets, "Gets.latency.p99.9", 0.012991);
	assert_meas(&f->m, gets, "Gets.throughput", 6537.40 * 1024, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_string_equal(f->m.rs.runs[gets].scenario, "BEST RUN RESULTS");
	assert_int_equal(count_meas(&f->m, gets), 7);
	/* the Totals row is garbled: no run of it, a warning; Sets and Waits issued nothing */
	assert_true(has_warning(&f->d, 8, "garbled memtier_benchmark row"));
	assert_int_equal(f->d.n, 1);
	for (totals = 0; totals < f->m.rs.nruns; totals++)
		assert_string_not_equal(f->m.rs.runs[totals].subject, "Totals");
}

static void test_old_table(void **state)
{
	struct model_fixture *f = *state;
	uint32_t sets;

	import_string(&f->m, "o.txt",
		      "Type        Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec\n"
		      "Sets        3595.90          ---          ---     17.72600      5272.41\n"
		      "Totals      3595.90         0.00         0.00     17.72600      5272.41\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	sets = run_of(&f->m, "Sets", 0);
	assert_exact(&f->m, sets, "Sets.qps", 3595.90);
	assert_exact(&f->m, sets, "Sets.latency.mean", 0.017726);
	assert_null(find_meas(&f->m, sets, "Sets.hits.ops_per_sec"));
	assert_exact(&f->m, run_of(&f->m, "Totals", 0), "Totals.hits.ops_per_sec", 0);
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_best_run),
		T(test_old_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
