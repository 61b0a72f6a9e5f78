/*
 * test_btools.c - Julia's BenchmarkTools: a trial's time_per_op as min,
 * max, median, mean and stddev over its samples, its memory per
 * evaluation; the display before 1.0 read the same; @btime's and @time's
 * lines a run each; the GC share never stored; a garbled line warned and
 * not read; hyperfine leaves the trial's Time lines alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

#define MU "\xce\xbc"
#define BAR "\xe2\x94\x8a"

static void test_trial(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "julia> @benchmark sum($x)\n"
			   "BenchmarkTools.Trial: 10000 samples with 10 evaluations.\n"
			   " Range (min \xe2\x80\xa6 max):  1.204 " MU "s \xe2\x80\xa6  4.358 " MU "s  " BAR " GC (min \xe2\x80\xa6 max): 0.00% \xe2\x80\xa6 0.00%\n"
			   " Time  (median):     1.221 " MU "s              " BAR " GC (median):    0.00%\n"
			   " Time  (mean \xc2\xb1 \xcf\x83):   1.243 " MU "s \xc2\xb1 98.615 ns  " BAR " GC (mean \xc2\xb1 \xcf\x83):  0.00% \xc2\xb1 0.00%\n"
			   "\n"
			   "  \xe2\x96\x85\xe2\x96\x88\xe2\x96\x87\xe2\x96\x85\xe2\x96\x83\xe2\x96\x82\xe2\x96\x81\n"
			   "  1.2 " MU "s       Histogram: log(frequency) by time      1.69 " MU "s <\n"
			   "\n"
			   " Memory estimate: 80.05 KiB, allocs estimate: 5.\n";
	const struct measurement *me;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_BTOOLS);
	assert_int_equal(f->m.rs.runs[0].last_line, 10);
	me = find_meas(&f->m, 0, "time_per_op.min");
	assert_true(me && me->value == 1.204e-6 && me->n == 10000 && me->unit == UNIT_SECOND);
	assert_true(find_meas(&f->m, 0, "time_per_op.max")->value == 4.358e-6);
	assert_true(find_meas(&f->m, 0, "time_per_op.median")->value == 1.221e-6);
	assert_true(find_meas(&f->m, 0, "time_per_op.mean")->value == 1.243e-6);
	assert_true(find_meas(&f->m, 0, "time_per_op.stddev")->value == 98.615e-9);
	me = find_meas(&f->m, 0, "bytes_per_op");
	assert_true(me && me->value == 80.05 * 1024 && me->unit == UNIT_BYTE);
	assert_true(find_meas(&f->m, 0, "allocs_per_op")->value == 5);
	assert_int_equal(count_meas(&f->m, 0), 7); /* the GC shares and the histogram are not */
	assert_int_equal(f->d.n, 0);
}

static void test_old_display_and_lines(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "julia> @benchmark pi_string(1000)\n"
			   "BenchmarkTools.Trial:\n"
			   "  memory estimate:  105.17 KiB\n"
			   "  allocs estimate:  2013\n"
			   "  --------------\n"
			   "  minimum time:     461.400 ms (0.00% GC)\n"
			   "  median time:      463.401 ms (0.00% GC)\n"
			   "  mean time:        464.136 ms (0.00% GC)\n"
			   "  maximum time:     471.332 ms (0.00% GC)\n"
			   "  --------------\n"
			   "  samples:          11\n"
			   "  evals/sample:     1\n"
			   "\n"
			   "julia> @btime sum($x)\n"
			   "  611.243 ns (0 allocations: 0 bytes)\n"
			   "julia> @time sum(x)\n"
			   "  0.008524 seconds (3.38 k allocations: 233.492 KiB, 99.81% compilation time)\n"
			   "julia> @btime sum($y)\n"
			   "  6l1.243 ns (0 allocations: 0 bytes)\n";
	const struct measurement *me;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* the samples come last: every figure above takes them as its count */
	me = find_meas(&f->m, 0, "time_per_op.min");
	assert_true(me && me->value == 0.4614 && me->n == 11);
	assert_int_equal(find_meas(&f->m, 0, "time_per_op.max")->n, 11);
	assert_true(find_meas(&f->m, 0, "allocs_per_op")->value == 2013);
	assert_null(find_meas(&f->m, 0, "time_per_op.stddev"));
	/* @btime: the minimum; @time: one call, its allocations scaled as printed */
	assert_true(find_meas(&f->m, 1, "time_per_op.min")->value == 611.243e-9);
	assert_true(find_meas(&f->m, 2, "time")->value == 0.008524);
	assert_true(find_meas(&f->m, 2, "allocs_per_op")->value == 3380);
	assert_true(has_warning(&f->d, 19, "garbled @btime line"));
}

/* A comment after an @time line names the build it ran on; a line without one keeps the usual naming. */
static void test_trailing_comment(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "julia> @time @eval JSON3.read(str, Entity)\n"
			   "  1.609497 seconds (1.47 M allocations: 58.016 MiB, 1.92% gc time, 99.72% compilation time) # v1.8\n"
			   "  1.152540 seconds (1.80 M allocations: 80.174 MiB, 4.05% gc time, 99.52% compilation time) # v1.9\n"
			   "```\n";

	import_string(&f->m, "x.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].eff_variant.text, "v1.8");
	assert_string_equal(f->m.rs.runs[1].eff_variant.text, "v1.9");
	assert_true(find_meas(&f->m, 1, "time")->value == 1.152540);
	assert_true(find_meas(&f->m, 1, "allocs_per_op")->value == 1800000);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_trial),
		T(test_old_display_and_lines),
		T(test_trailing_comment),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
