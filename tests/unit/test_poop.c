/*
 * test_poop.c - poop's report: a run per "Benchmark N (R runs): CMD", the
 * commands telling the runs apart; every measurement's mean, deviation,
 * min and max over the R runs, with poop's metric prefixes (powers of
 * ten) and the old whole counts; the delta and outliers never stored; a
 * row whose columns ran into each other reported and not read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_report(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Benchmark 1 (11 runs): zig-out/bin/symmetric c\n"
			   "  measurement          mean \xc2\xb1 \xcf\x83            min \xe2\x80\xa6 max           outliers         delta\n"
			   "  wall_time           494ms \xc2\xb1 22.9ms     465ms \xe2\x80\xa6  539ms          0 ( 0%)        0%\n"
			   "  peak_rss           1.28GB \xc2\xb1  365KB    1.28GB \xe2\x80\xa6 1.28GB          0 ( 0%)        0%\n"
			   "  cache_misses        204   \xc2\xb1  126        99   \xe2\x80\xa6  544            1 ( 8%)        0%\n"
			   "Benchmark 2 (12 runs): zig-out/bin/symmetric smp\n"
			   "  measurement          mean \xc2\xb1 \xcf\x83            min \xe2\x80\xa6 max           outliers         delta\n"
			   "  wall_time           421ms \xc2\xb1 11.7ms     408ms \xe2\x80\xa6  443ms          0 ( 0%)        \xe2\x9a\xa1- 14.9% \xc2\xb1  3.1%\n"
			   "  instructions       15.5G  \xc2\xb1  201K     15.5G  \xe2\x80\xa6 15.5G           2 (17%)        \xe2\x9a\xa1- 29.3% \xc2\xb1  0.0%\n";
	const struct measurement *me;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_POOP);
	assert_string_equal(f->m.rs.runs[0].command, "zig-out/bin/symmetric c");
	assert_string_equal(f->m.rs.runs[0].eff_variant.text, "c");
	assert_string_equal(f->m.rs.runs[1].eff_variant.text, "smp");
	me = find_meas(&f->m, 0, "wall_time.mean");
	assert_true(me && me->value == 0.494 && me->n == 11 && me->unit == UNIT_SECOND);
	assert_true(find_meas(&f->m, 0, "wall_time.stddev")->value == 0.0229);
	assert_true(find_meas(&f->m, 0, "wall_time.max")->value == 0.539);
	me = find_meas(&f->m, 0, "max_rss.mean");
	assert_true(me && me->value == 1.28e9 && me->unit == UNIT_BYTE);
	assert_true(find_meas(&f->m, 0, "max_rss.stddev")->value == 365000);
	assert_true(find_meas(&f->m, 0, "cache_misses.min")->value == 99);
	assert_true(find_meas(&f->m, 0, "runs")->value == 11);
	/* 1 + 3 rows of 4 figures; the outliers and the delta are not */
	assert_int_equal(count_meas(&f->m, 0), 13);
	me = find_meas(&f->m, 1, "instructions.stddev");
	assert_true(me && me->value == 201000 && me->n == 12);
	assert_int_equal(count_meas(&f->m, 1), 9);
	assert_int_equal(f->d.n, 0);
}

static void test_old_format_and_damage(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Benchmark 1 (122 runs): master/bin/zig build-exe src/main.zig\n"
			   "  measurement      mean \xc2\xb1 \xcf\x83               min \xe2\x80\xa6 max                   outliers         delta\n"
			   "  wall_time        4.924s \xc2\xb1 60.51ms       4.749s \xe2\x80\xa6 5.104s               5 ( 4%)        0%\n"
			   "  peak_rss         428M \xc2\xb1 644K            426M \xe2\x80\xa6 429M                   0 ( 0%)        0%\n"
			   "  cpu_cycles       24644932956 \xc2\xb1 40187532523641864552 \xe2\x80\xa6 25413638166     0 ( 0%)        0%\n"
			   "  instructions     46260045656 \xc2\xb1 18645    46260004387 \xe2\x80\xa6 46260088670     0 ( 0%)        0%\n"
			   "  page_faults      2.10K  \xc2\xb1 12.0      2.08K  \xe2\x80\xa6 2.13K           0 ( 0%)        0%\n";
	const struct measurement *me;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	me = find_meas(&f->m, 0, "wall_time.stddev");
	assert_true(me && me->value == 0.06051);
	assert_true(find_meas(&f->m, 0, "max_rss.mean")->value == 428e6);
	assert_true(find_meas(&f->m, 0, "instructions.mean")->value == 46260045656.0);
	/* the columns that ran into each other: nothing of the row, the run incomplete */
	assert_null(find_meas(&f->m, 0, "cycles.mean"));
	assert_true(has_warning(&f->d, 5, "garbled poop measurement row"));
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	/* a measurement this reader does not know is said so, not guessed */
	assert_true(has_warning(&f->d, 7, "poop measurement 'page_faults' not known"));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_report),
		T(test_old_format_and_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
