/*
 * test_benchcmp.c - the reader of Go's benchcmp tables: exact values per
 * section, the files of the command above naming the columns, GOMAXPROCS
 * suffixes as go test's reader strips them, the 32-bit overflow benchcmp
 * printed on ARM, damage; structure on autobench's real comparisons.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static int is_figure(const char *s, size_t n)
{
	double v;

	return num_parse(s, n, &v);
}

/* Every section's figure as printed; the command's files name the columns; deltas are notes. */
static void test_values(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		"carbonapi]$ benchcmp moving1.txt moving2.txt \n"
		"benchmark                  old ns/op     new ns/op     delta\n"
		"BenchmarkConcat-6          523           68.6          -86.88%\n"
		"BenchmarkMoving(m,'5s')-6  0.63          0.79          +25.40%\n"
		"\n"
		"benchmark                  old MB/s     new MB/s     speedup\n"
		"BenchmarkConcat-6          86.61        87.11        1.01x\n"
		"\n"
		"benchmark                  old allocs     new allocs     delta\n"
		"BenchmarkConcat-6          3              1              -66.67%\n"
		"\n"
		"benchmark                  old bytes     new bytes     delta\n"
		"BenchmarkConcat-6          80            48            -40.00%\n";
	struct buf b = BUF_INIT;
	uint32_t r;

	import_string(&f->m, "pr.md", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 10);
	r = run_in(&f->m, "BenchmarkConcat", "moving1", "time_per_op");
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_BENCHCMP);
	assert_int_equal(f->m.rs.runs[r].name_line, 1);
	assert_meas(&f->m, r, "BenchmarkConcat.time_per_op", 523e-9, UNIT_SECOND, DIR_LOWER);
	r = run_in(&f->m, "BenchmarkConcat", "moving2", "time_per_op");
	assert_exact(&f->m, r, "BenchmarkConcat.time_per_op", 68.6e-9);
	assert_int_equal(notes_of(&f->m, r, NOTE_VERDICT, &b), 1);
	assert_string_equal(b.s, "benchcmp vs moving1: -86.88%\n");
	buf_release(&b);
	assert_exact(&f->m, run_in(&f->m, "BenchmarkMoving(m,'5s')", "moving1", "time_per_op"),
		     "BenchmarkMoving(m,'5s').time_per_op", 0.63e-9);
	assert_meas(&f->m, run_in(&f->m, "BenchmarkConcat", "moving2", "throughput"), "BenchmarkConcat.throughput",
		    87.11e6, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_meas(&f->m, run_in(&f->m, "BenchmarkConcat", "moving2", "allocs_per_op"),
		    "BenchmarkConcat.allocs_per_op", 1, UNIT_COUNT, DIR_LOWER);
	assert_meas(&f->m, run_in(&f->m, "BenchmarkConcat", "moving1", "bytes_per_op"),
		    "BenchmarkConcat.bytes_per_op", 80, UNIT_BYTE, DIR_LOWER);
	assert_spans(&f->m, is_figure);
}

/* -cpu 1,2,4: the names differ by their suffix, which is kept; nothing names the columns: old, new. */
static void test_cpu_list(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		"benchmark             old ns/op     new ns/op     delta\n"
		"BenchmarkSmall        2452          2245          -8.44%\n"
		"BenchmarkSmall-2      2430          2237          -7.94%\n";

	import_string(&f->m, "pr.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_exact(&f->m, run_in(&f->m, "BenchmarkSmall", "old", "time_per_op"), "BenchmarkSmall.time_per_op",
		     2452e-9);
	assert_exact(&f->m, run_in(&f->m, "BenchmarkSmall-2", "new", "time_per_op"), "BenchmarkSmall-2.time_per_op",
		     2237e-9);
}

/* A real autobench comparison: four sections of go1, runtime, http...; and an ARM one that overflowed. */
static void test_autobench(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/benchcmp/autobench-x220-go1.2.2-vs-go1.3.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 436);
	assert_exact(&f->m, run_in(&f->m, "BenchmarkDeferMany", "new", "time_per_op"),
		     "BenchmarkDeferMany.time_per_op", 2605e-9);
	model_release(&f->m);
	model_init(&f->m);
	import_sample(&f->m, "samples/benchcmp/autobench-rpi-go1-section.txt", &f->d);
	/* 2147483647 is benchcmp's int at its limit on a 32-bit machine, not a time */
	assert_true(has_warning(&f->d, 3, "32-bit overflow"));
	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		assert_true(f->m.rs.meas[i].value != 2147483647e-9);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/benchcmp/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_true(has_warning(&f->d, 2, "garbled benchcmp row"));
	assert_true(has_warning(&f->d, 7, "garbled benchcmp row"));
	assert_true(has_warning(&f->d, 12, "garbled benchcmp row"));
	assert_int_equal(f->d.n, 3);
}

/* go test's own lines and a prose "benchmark" sentence are not benchcmp's. */
static void test_not_benchcmp(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] = "benchmark old and new builds, then compare:\n"
				   "BenchmarkConcat-8   \t 2000000\t       523 ns/op\n";

	import_string(&f->m, "prose.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_GOTEST);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_list, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_autobench, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_not_benchcmp, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
