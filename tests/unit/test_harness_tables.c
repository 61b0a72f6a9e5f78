/*
 * test_harness_tables.c - the BenchmarkDotNet, JMH and Google Benchmark
 * parsers on hand-written input: exact values, what each column is (the
 * 99.9% half-width, the deviation, 1024-based sizes), variants from the
 * data, notes for the tools' own ratios, and damage named line by line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_bdn(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "bdn.md",
		      "| Method | Job | Runtime | N | Mean | Error | StdDev | Ratio | Gen0 | Allocated |\n"
		      "|------- |---- |-------- |-- |-----:|------:|-------:|------:|-----:|----------:|\n"
		      "| **Parse** | **main** | **.NET 8.0** | **10** | **1,234.5 ns** | **12.3 ns** | **11.5 ns** | **1.00** | **0.3700** | **1.52 KB** |\n"
		      "| Parse | pr | .NET 9.0 | 10 | 8.57 μs | 0.07 μs | 0.06 μs | 6.94 | - | 456 B |\n"
		      "|       |    |          |    |         |         |         |      |   |       |\n"
		      "| Scan | main | .NET 8.0 | 10 | NA | NA | NA | ? | - | - |\n"
		      "| Scan | pr | .NET 9.0 | 10 | 1.2O ms | 0.1 ms | 0.1 ms | 1.00 | - | 1 MB |\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].subject, "Parse(N: 10)");
	/* the author's Job names beat the Runtime column */
	assert_string_equal(f->m.rs.runs[0].variant.text, "main");
	assert_string_equal(f->m.rs.runs[1].variant.text, "pr");
	assert_meas(&f->m, 0, "Parse(N: 10).time_per_op.mean", 1234.5e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "Parse(N: 10).time_per_op.error", 12.3e-9, UNIT_SECOND, DIR_NONE);
	assert_int_equal(must_find(&f->m, 0, "Parse(N: 10).time_per_op.error")->stat, STAT_ERR999);
	assert_meas(&f->m, 0, "Parse(N: 10).time_per_op.stddev", 11.5e-9, UNIT_SECOND, DIR_NONE);
	assert_meas(&f->m, 0, "Parse(N: 10).gc.gen0", 0.37, UNIT_NONE, DIR_LOWER);
	assert_meas(&f->m, 0, "Parse(N: 10).bytes_per_op", 1.52 * 1024, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 1, "Parse(N: 10).time_per_op.mean", 8.57e-6);
	assert_exact(&f->m, 1, "Parse(N: 10).bytes_per_op", 456);
	assert_null(find_meas(&f->m, 1, "Parse(N: 10).gc.gen0")); /* "-" */
	/* Ratio is BenchmarkDotNet's own: a note, never a measurement */
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &notes), 1);
	assert_string_equal(notes.s, "BenchmarkDotNet Ratio: 6.94\n");
	assert_int_equal(count_meas(&f->m, 1), 4); /* mean, error, sd, allocated */
	/* the NA row has no figure, the garbled one is named and read in no part */
	assert_true(has_warning(&f->d, 6, "without a figure"));
	assert_true(has_warning(&f->d, 7, "garbled BenchmarkDotNet row"));
	buf_release(&notes);
}

static void test_bdn_toolchain_paths(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "corerun.txt",
		      " Method |        Job |                         Toolchain |     Mean |   Error |\n"
		      "------- |----------- |---------------------------------- |---------:|--------:|\n"
		      "    Run | Job-EFMGLY | /src/base/Core_Root/corerun       | 462.9 ms | 4.91 ms |\n"
		      "    Run | Job-DVBVYH | /src/diff/Core_Root/corerun       | 497.0 ms | 3.96 ms |\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	/* generated job ids name nothing; the paths' differing part names the builds */
	assert_string_equal(f->m.rs.runs[0].variant.text, "base");
	assert_string_equal(f->m.rs.runs[1].variant.text, "diff");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_LABEL);
	assert_exact(&f->m, 1, "Run.time_per_op.mean", 0.497);
}

static void test_jmh(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "jmh.txt",
		      "Benchmark             (size)   Mode  Cnt     Score     Error   Units\n"
		      "Bench.put                 10  thrpt   20    33.423 \xc2\xb1   7.678  ops/ms\n"
		      "Bench.put:\xc2\xb7gc.alloc.rate    10  thrpt   20   953.271 \xc2\xb1 151.087  MB/sec\n"
		      "Bench.put:\xc2\xb7gc.alloc.rate.norm 10 thrpt  20    64.005 \xc2\xb1   0.001    B/op\n"
		      "Bench.put:\xc2\xb7gc.count         10  thrpt   20   297.000              counts\n"
		      "Bench.get                 10   avgt    5    58.7x4 \xc2\xb1   9.611   us/op\n"
		      "Bench.scan                10   avgt    5    58,774 \xc2\xb1   9,611   us/op\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].subject, "Bench.put(size: 10)");
	assert_meas(&f->m, 0, "Bench.put(size: 10).ops_per_sec.mean", 33423, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "Bench.put(size: 10).ops_per_sec.error", 7678, UNIT_PER_S, DIR_NONE);
	assert_int_equal(must_find(&f->m, 0, "Bench.put(size: 10).ops_per_sec.mean")->n, 20);
	/* JMH's MB are MiB: its GC profiler divides by 2^20 */
	assert_exact(&f->m, 0, "Bench.put(size: 10).alloc_rate.mean", 953.271 * 1048576);
	assert_exact(&f->m, 0, "Bench.put(size: 10).bytes_per_op.mean", 64.005);
	assert_meas(&f->m, 0, "Bench.put(size: 10).gc.count", 297, UNIT_COUNT, DIR_LOWER);
	assert_true(has_warning(&f->d, 6, "garbled JMH row"));
	/* a comma-decimal locale */
	assert_exact(&f->m, 1, "Bench.scan(size: 10).time_per_op.mean", 58.774e-6);
}

static void test_gbench(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "gb.txt",
		      "RUNNING: ./old --benchmark_out=/tmp/a\n"
		      "Run on (8 X 2400 MHz CPU s)\n"
		      "Benchmark      Time     CPU   Iterations UserCounters...\n"
		      "BM_Foo/8    12.3 ns  12.4 ns  5600000 items_per_second=81.3M/s bytes_per_second=1.5Gi/s\n"
		      "RUNNING: ./new --benchmark_out=/tmp/b\n"
		      "Run on (8 X 2400 MHz CPU s)\n"
		      "Benchmark      Time     CPU   Iterations UserCounters...\n"
		      "BM_Foo/8    10.1 ns  10.2 ns  6100000 items_per_second=99.0M/s bytes_per_second=1.8Gi/s\n"
		      "Comparing ./old to ./new\n"
		      "Benchmark     Time     CPU   Time Old   Time New   CPU Old   CPU New\n"
		      "BM_Foo/8   -0.1789 -0.1774         12         10        12        10\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].variant.text, "./old");
	assert_string_equal(f->m.rs.runs[1].variant.text, "./new");
	assert_meas(&f->m, 0, "BM_Foo/8.time_per_op", 12.3e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "BM_Foo/8.cpu_time_per_op", 12.4e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "BM_Foo/8.iterations", 5600000, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, 0, "BM_Foo/8.items_per_sec", 81.3e6, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "BM_Foo/8.throughput", 1.5 * 1073741824, UNIT_BYTE_PER_S, DIR_HIGHER);
	/* compare.py's rows: the old and the new build, in the console tables' unit; its ratios are notes */
	assert_string_equal(f->m.rs.runs[2].variant.text, "./old");
	assert_string_equal(f->m.rs.runs[3].variant.text, "./new");
	assert_exact(&f->m, 3, "BM_Foo/8.time_per_op", 10e-9);
	assert_int_equal(notes_of(&f->m, 3, NOTE_SUMMARY, &notes), 1);
	assert_non_null(strstr(notes.s, "time -0.1789"));
	assert_int_equal(count_meas(&f->m, 3), 2);
	buf_release(&notes);
}

static void test_gbench_repetitions(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "reps.txt",
		      "Benchmark                 Time             CPU   Iterations\n"
		      "BM_Long/64          8556446 ns      8439017 ns            1\n"
		      "BM_Long/64         11364642 ns      8272463 ns            1\n"
		      "BM_Long/64_mean     9960544 ns      8355740 ns            2\n"
		      "BM_Long/64_stddev   1985720 ns       117684 ns            2\n"
		      "BM_Long/64_cv         19.94 %          1.41 %             2\n"
		      "BM_Bad/64           85564x6 ns      8439017 ns            1\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.nsamples, 4); /* two repetitions, time and CPU */
	assert_meas(&f->m, 0, "BM_Long/64.time_per_op.mean", 9960544e-9, UNIT_SECOND, DIR_LOWER);
	assert_int_equal(must_find(&f->m, 0, "BM_Long/64.time_per_op.mean")->n, 2);
	assert_meas(&f->m, 0, "BM_Long/64.cpu_time_per_op.stddev", 117684e-9, UNIT_SECOND, DIR_NONE);
	assert_true(has_warning(&f->d, 7, "garbled Google Benchmark row"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bdn, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bdn_toolchain_paths, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_jmh, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench_repetitions, model_fixture_setup,
						model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
