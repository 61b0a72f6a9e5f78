/*
 * test_embench.c - emscripten's benchmark suite report: a run per
 * benchmarker line, the benchmarker its variant and the test its subject;
 * the time's mean, deviation, median, min and max over the runs counted,
 * the size line below it the same run's; noise and the relative ratio
 * never stored; a garbled line warned and not read; the older report
 * (names padded, no count on the native line) read too.
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
	const char *text = "```\n"
			   "test_havlak (test_benchmark.benchmark) ... \n"
			   "     dlmalloc: mean: 1.911 (+-0.009) secs  median: 1.905  range: 1.899-1.922  (noise: 0.492%)  (3 runs) \n"
			   "        size:    81799, compressed:    29554 \n"
			   "     emmalloc: mean: 2.641 (+-0.009) secs  median: 2.636  range: 2.628-2.650  (noise: 0.352%)  (3 runs)   Relative: 1.38 X slower\n"
			   "        size:    75838, compressed:    26941 \n"
			   "ok\n"
			   "[2/2] test_emcc_noop (test_benchmark.benchmark.test_emcc_noop) ...\n"
			   "        clang: mean: 0.044 (+-0.001) secs  median: 0.045  range: 0.042-0.045  (noise: 2.469%)  (5 runs)   Relative: No baseline recorded yet\n"
			   "ok\n"
			   "```\n";
	const struct measurement *me;
	const struct run *r;

	import_string(&f->m, "x.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	r = &f->m.rs.runs[0];
	assert_int_equal(r->fmt, FMT_EMBENCH);
	assert_string_equal(r->subject, "test_havlak");
	assert_string_equal(r->eff_variant.text, "dlmalloc");
	assert_int_equal(r->first_line, 3);
	assert_int_equal(r->last_line, 4); /* its size line */
	me = find_meas(&f->m, 0, "test_havlak.time.mean");
	assert_non_null(me);
	assert_true(me->value == 1.911);
	assert_int_equal(me->n, 3);
	assert_int_equal(me->unit, UNIT_SECOND);
	assert_true(find_meas(&f->m, 0, "test_havlak.time.stddev")->value == 0.009);
	assert_true(find_meas(&f->m, 0, "test_havlak.time.median")->value == 1.905);
	assert_true(find_meas(&f->m, 0, "test_havlak.time.min")->value == 1.899);
	assert_true(find_meas(&f->m, 0, "test_havlak.time.max")->value == 1.922);
	assert_true(find_meas(&f->m, 0, "test_havlak.runs")->value == 3);
	me = find_meas(&f->m, 0, "test_havlak.file_size");
	assert_true(me && me->value == 81799 && me->unit == UNIT_BYTE);
	me = find_meas(&f->m, 0, "test_havlak.compressed_size");
	assert_true(me && me->value == 29554 && me->dir == DIR_LOWER);
	assert_int_equal(count_meas(&f->m, 0), 8);
	/* the second benchmarker's own size, never the first's */
	assert_true(find_meas(&f->m, 1, "test_havlak.file_size")->value == 75838);
	assert_string_equal(f->m.rs.runs[1].eff_variant.text, "emmalloc");
	/* the parallel runner's "[2/2]", no size line: six figures */
	assert_string_equal(f->m.rs.runs[2].subject, "test_emcc_noop");
	assert_int_equal(count_meas(&f->m, 2), 6);
	assert_null(find_meas(&f->m, 1, "test_havlak.noise"));
	assert_int_equal(f->d.n, 0);
}

static void test_damage_and_old_report(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "test_primes (test_benchmark.benchmark) ...\n"
			   "           v8: mean: 0.4l2 (+-0.003) secs  median: 0.411  range: 0.409-0.416  (noise: 0.728%)  (5 runs)\n"
			   "         size:    10248, compressed:     4710\n"
			   "           sm: mean: 0.398 (+-0.002) secs  median: 0.398  range: 0.395-0.401  (noise: 0.503%)  (5 runs)\n"
			   "         size:    1O248, compressed:     4710\n"
			   "ok\n"
			   "test_fannkuch (test_benchmark.benchmark) ...\n"
			   "   JavaScript: mean: 2.712 (+-0.031) secs  median: 2.705  range: 2.680-2.760  (noise: 1.143%)  (5 runs)\n"
			   "   Native    : mean: 1.238 (+-0.008) secs  median: 1.236  range: 1.229-1.250  (noise: 0.646%)  JS is 2.19 X slower\n"
			   "ok\n";
	const struct measurement *me;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* the garbled result line: nothing of it, and its size line has no run to join */
	assert_true(has_warning(&f->d, 2, "garbled emscripten benchmark result line"));
	assert_true(has_warning(&f->d, 3, "without its result line above"));
	/* a garbled size line: the run keeps its times and reads incomplete */
	assert_string_equal(f->m.rs.runs[0].eff_variant.text, "sm");
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 5, "garbled emscripten benchmark size line"));
	assert_null(find_meas(&f->m, 0, "test_primes.file_size"));
	assert_non_null(find_meas(&f->m, 0, "test_primes.time.mean"));
	/* the old report: the name padded before its colon; no count of runs on the native line */
	assert_string_equal(f->m.rs.runs[2].eff_variant.text, "Native");
	me = find_meas(&f->m, 2, "test_fannkuch.time.mean");
	assert_true(me && me->value == 1.238 && me->n == 0);
	assert_null(find_meas(&f->m, 2, "test_fannkuch.runs"));
	assert_int_equal(find_meas(&f->m, 1, "test_fannkuch.time.mean")->n, 5);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_report),
		T(test_damage_and_old_report),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
