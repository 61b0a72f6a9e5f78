/*
 * test_harness_tables.c - the BenchmarkDotNet, JMH and Google Benchmark
 * parsers on hand-written input: exact values, what each column is (the
 * 99.9% half-width, the deviation, 1024-based sizes), variants from the
 * data, notes for the tools' own ratios, and damage named line by line;
 * Google Benchmark's JSON and compare.py's repeats of the console tables.
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

/* Method cells that all name builds are the variants; an empty parameter cell is no parameter */
static void test_bdn_method_builds(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "ba.md",
		      "| Method | Size | output |     Mean |     Error |\n"
		      "|------- |----- |------- |---------:|----------:|\n"
		      "|  Before |   10 |        | 6.373 ns | 0.2041 ns |\n"
		      "| After |   10 |        | 1.886 ns | 0.0604 ns |\n"
		      "\n"
		      "| Method |     Mean |     Error |\n"
		      "|------- |---------:|----------:|\n"
		      "| Before | 6.373 ns | 0.2041 ns |\n"
		      "| Parse | 1.886 ns | 0.0604 ns |\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Before");
	assert_string_equal(f->m.rs.runs[1].variant.text, "After");
	assert_string_equal(f->m.rs.runs[0].subject, "(Size: 10)");
	assert_exact(&f->m, 1, "(Size: 10).time_per_op.mean", 1.886e-9);
	/* "Parse" names no build: the methods are the subjects, as they were */
	assert_string_equal(f->m.rs.runs[2].subject, "Before");
	assert_string_equal(f->m.rs.runs[3].subject, "Parse");
}

/* A Branch column first, cells as Markdown shows them, a Toolchain that splits one branch's rows */
static void test_bdn_branch_first(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "dd.md",
		      "|  Branch |  Method |     Toolchain |     Mean |  StdDev | Allocated |\n"
		      "|---------|-------- |-------------- |---------:|--------:|----------:|\n"
		      "|[master](https://example.com/tree/abc)|`Run`|net472|1.48\xce\xbcs|2.96ns|971&nbsp;B|\n"
		      "|[master](https://example.com/tree/abc)|`Run`|netcoreapp3.1|1.07\xce\xbcs|0.82ns|960&nbsp;B|\n"
		      "|#3672|`Run`|net472|1.45\xce\xbcs|1.47ns|971&nbsp;B|\n"
		      "|#3672|`Run`|netcoreapp3.1|1.08\xce\xbcs|1.3ns|960&nbsp;B|\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].variant.text, "master");
	assert_string_equal(f->m.rs.runs[2].variant.text, "#3672");
	assert_string_equal(f->m.rs.runs[0].subject, "Run(Toolchain: net472)");
	assert_string_equal(f->m.rs.runs[3].subject, "Run(Toolchain: netcoreapp3.1)");
	assert_exact(&f->m, 1, "Run(Toolchain: netcoreapp3.1).time_per_op.mean", 1.07e-6);
	assert_exact(&f->m, 1, "Run(Toolchain: netcoreapp3.1).bytes_per_op", 960);
}

/* N after the figures counts them; StdErr is the mean's standard error; a test's verdict is a note. */
static void test_bdn_count_stderr(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "n.md",
		      "| Method | N |     Mean |   Error |  StdDev |  StdErr | N | MannWhitney(5%) |\n"
		      "|------- |-- |---------:|--------:|--------:|--------:|--:|---------------- |\n"
		      "|  Parse | 8 | 281.8 ns | 4.41 ns | 3.91 ns | 1.04 ns | 14 |            Base |\n"
		      "|   Scan | 8 | 113.4 ns | 2.04 ns | 1.91 ns | 0.49 ns | 1x |          Faster |\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].subject, "Parse(N: 8)"); /* the N before the figures */
	assert_int_equal(must_find(&f->m, 0, "Parse(N: 8).time_per_op.mean")->n, 14);
	assert_int_equal(must_find(&f->m, 0, "Parse(N: 8).time_per_op.error")->n, 14);
	assert_int_equal(must_find(&f->m, 0, "Parse(N: 8).time_per_op.stderr")->stat, STAT_SEM);
	assert_meas(&f->m, 0, "Parse(N: 8).time_per_op.stderr", 1.04e-9, UNIT_SECOND, DIR_NONE);
	assert_int_equal(notes_of(&f->m, 0, NOTE_SUMMARY, &notes), 1);
	assert_string_equal(notes.s, "BenchmarkDotNet MannWhitney(5%): Base\n");
	/* a garbled count spoils the row: its n would be a wrong number */
	assert_true(has_warning(&f->d, 4, "garbled BenchmarkDotNet row"));
	buf_release(&notes);
}

/* The decimal mark is the table's own, by its cells' evidence; both marks at once read nothing. */
static void test_bdn_decimal_comma(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "de.md",
		      "| Method | Mean | Error | StdDev | Allocated |\n"
		      "|--------|------|-------|--------|-----------|\n"
		      "| Insert | 168.688,89 ns | 6.322,72 ns | 18.968,16 ns | 0 B |\n"
		      "| Select | 1.371.320,00 ns | 90.824,41 ns | 287.212,02 ns | 1154,84 KB |\n"
		      "| Update | 16,47 ns | 1,234 ns | 0,0180 ns | 40 B |\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_exact(&f->m, 0, "Insert.time_per_op.mean", 168688.89e-9);
	assert_exact(&f->m, 1, "Select.time_per_op.mean", 1371320e-9);
	assert_exact(&f->m, 1, "Select.bytes_per_op", 1154.84 * 1024);
	/* "1,234" alone could group thousands: the table's other cells say it is 1.234 */
	assert_exact(&f->m, 2, "Update.time_per_op.error", 1.234e-9);
	model_release(&f->m);
	model_init(&f->m);

	import_string(&f->m, "mixed.md",
		      "| Method | Mean | Error |\n"
		      "|------- |-----:|------:|\n"
		      "| A | 16,47 ns | 0,0193 ns |\n"
		      "| B | 1,234.5 ns | 2.0241 ns |\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 3, "decimals with ','"));
	model_release(&f->m);
	model_init(&f->m);

	import_string(&f->m, "unsure.md",
		      "| Method | Mean |\n"
		      "|------- |-----:|\n"
		      "| A | 1,234 ns |\n",
		      &f->d);
	assert_exact(&f->m, 0, "A.time_per_op.mean", 1234e-9);
	assert_true(has_warning(&f->d, 3, "no figure shows its decimal mark"));
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
	/* the comparison's old and new figures are the console runs': no run counted twice */
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "./old");
	assert_string_equal(f->m.rs.runs[1].variant.text, "./new");
	assert_meas(&f->m, 0, "BM_Foo/8.time_per_op", 12.3e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "BM_Foo/8.cpu_time_per_op", 12.4e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "BM_Foo/8.iterations", 5600000, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, 0, "BM_Foo/8.items_per_sec", 81.3e6, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "BM_Foo/8.throughput", 1.5 * 1073741824, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 1, "BM_Foo/8.time_per_op", 10.1e-9);
	/* the console run keeps its five figures (not the comparison's 12 and 10) and reaches its row */
	assert_int_equal(count_meas(&f->m, 0), 5);
	assert_int_equal(count_meas(&f->m, 1), 5);
	assert_int_equal(f->m.rs.runs[0].last_line, 11);
	assert_int_equal(f->m.rs.runs[1].last_line, 11);
	/* compare.py's ratios are a note on the new build's run */
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &notes), 1);
	assert_non_null(strstr(notes.s, "time -0.1789"));
	buf_release(&notes);
}

/* compare.py's filter modes: the comparison names the pair its console runs make */
static void test_gbench_compare_filters(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "filters.txt",
		      "RUNNING: ./a.out --benchmark_filter=BM_memcpy --benchmark_out=/tmp/a\n"
		      "Benchmark               Time           CPU Iterations\n"
		      "BM_memcpy/8            36 ns         36 ns   17891491   211.215MB/s\n"
		      "RUNNING: ./a.out --benchmark_filter=BM_copy --benchmark_out=/tmp/b\n"
		      "Benchmark             Time           CPU Iterations\n"
		      "BM_copy/8           227 ns        227 ns    3038700   33.6264MB/s\n"
		      "Comparing BM_memcpy to BM_copy (from ./a.out)\n"
		      "Benchmark                      Time             CPU      Time Old      Time New       CPU Old       CPU New\n"
		      "[BM_memcpy vs. BM_copy]/8   +5.2829         +5.2812            36           227            36           227\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].subject, "[BM_memcpy vs. BM_copy]/8");
	assert_string_equal(f->m.rs.runs[1].subject, "[BM_memcpy vs. BM_copy]/8");
	assert_string_equal(f->m.rs.runs[0].variant.text, "BM_memcpy");
	assert_string_equal(f->m.rs.runs[1].variant.text, "BM_copy");
	assert_exact(&f->m, 1, "[BM_memcpy vs. BM_copy]/8.time_per_op", 227e-9);
	assert_exact(&f->m, 0, "[BM_memcpy vs. BM_copy]/8.iterations", 17891491);
}

/*
 * A comparison whose figures no console run of the block printed (other
 * figures, or no table at all) is read: its aggregates are statistics,
 * its repetitions samples, its cv a note.
 */
static void test_gbench_compare_alone(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "cmp.txt",
		      "Benchmark      Time     CPU   Iterations\n"
		      "BM_Foo/8    55 ns    55 ns    5600000\n"
		      "Comparing old.json to new.json\n"
		      "Benchmark               Time        CPU    Time Old      Time New       CPU Old       CPU New\n"
		      "BM_Foo/8             -0.1789    -0.1774          12            10            12            10\n"
		      "BM_Two               +0.1111    +0.1000           9            10            90           99\n"
		      "BM_Two               -0.1250    -0.1163           8             7            86           76\n"
		      "BM_Two_pvalue         0.6985     0.6985      U Test, Repetitions: 2 vs 2. WARNING: Results unreliable! 9+ repetitions recommended.\n"
		      "BM_Two_mean          -0.0059    -0.0072           9             8            88           88\n"
		      "BM_Two_stddev        +1.0000    +1.0000           1             2             3             4\n"
		      "BM_Two_cv            +0.8889    +0.8889           0             0             0             0\n",
		      &f->d);
	/* the console's BM_Foo/8 (55 ns) is not the comparison's old 12 ns: three runs of it */
	assert_int_equal(f->m.rs.nruns, 5);
	assert_exact(&f->m, 0, "BM_Foo/8.time_per_op", 55e-9);
	assert_exact(&f->m, 1, "BM_Foo/8.time_per_op", 12e-9);
	assert_string_equal(f->m.rs.runs[1].variant.text, "old.json");
	assert_exact(&f->m, 2, "BM_Foo/8.time_per_op", 10e-9);
	assert_string_equal(f->m.rs.runs[2].variant.text, "new.json");
	/* BM_Two: two repetitions each side, then its mean and deviation */
	assert_string_equal(f->m.rs.runs[3].subject, "BM_Two");
	assert_string_equal(f->m.rs.runs[4].variant.text, "new.json");
	assert_exact(&f->m, 3, "BM_Two.time_per_op.mean", 9e-9);
	assert_exact(&f->m, 4, "BM_Two.cpu_time_per_op.stddev", 4e-9);
	assert_int_equal(count_meas(&f->m, 4), 4);
	assert_int_equal(f->m.rs.nsamples, 8);
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

/* The value of fact `key` (the first), or NULL. */
static const char *fact_of(const struct model *m, const char *key)
{
	for (size_t i = 0; i < m->rs.nfacts; i++)
		if (!strcmp(m->rs.facts[i].key, key))
			return m->rs.facts[i].value;
	return NULL;
}

/* --benchmark_format=json: the context as facts, repetitions as samples, aggregates as statistics */
static void test_gbench_json(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "gb.json",
		      "{\n"
		      "  \"context\": {\n"
		      "    \"date\": \"2024-05-01T10:00:00+02:00\",\n"
		      "    \"host_name\": \"box\",\n"
		      "    \"num_cpus\": 8,\n"
		      "    \"mhz_per_cpu\": 2400,\n"
		      "    \"caches\": [\n"
		      "      { \"type\": \"Data\", \"level\": 1, \"size\": 32768, \"num_sharing\": 2 }\n"
		      "    ],\n"
		      "    \"library_version\": \"v1.8.3\",\n"
		      "    \"library_build_type\": \"debug\"\n"
		      "  },\n"
		      "  \"benchmarks\": [\n"
		      "    { \"name\": \"BM_Foo/8\", \"run_name\": \"BM_Foo/8\", \"run_type\": \"iteration\",\n"
		      "      \"repetitions\": 1, \"iterations\": 5600000, \"real_time\": 4.9, \"cpu_time\": 4.8,\n"
		      "      \"time_unit\": \"ms\", \"items_per_second\": 8.13e7, \"bytes_per_second\": 1.5e9, \"hits\": 3 },\n"
		      "    { \"name\": \"BM_Two\", \"run_name\": \"BM_Two\", \"run_type\": \"iteration\",\n"
		      "      \"repetitions\": 2, \"repetition_index\": 0, \"iterations\": 10, \"real_time\": 9,\n"
		      "      \"cpu_time\": 8, \"time_unit\": \"us\" },\n"
		      "    { \"name\": \"BM_Two\", \"run_name\": \"BM_Two\", \"run_type\": \"iteration\",\n"
		      "      \"repetitions\": 2, \"repetition_index\": 1, \"iterations\": 10, \"real_time\": 11,\n"
		      "      \"cpu_time\": 10, \"time_unit\": \"us\" },\n"
		      "    { \"name\": \"BM_Two_mean\", \"run_name\": \"BM_Two\", \"run_type\": \"aggregate\",\n"
		      "      \"repetitions\": 2, \"aggregate_name\": \"mean\", \"aggregate_unit\": \"time\",\n"
		      "      \"iterations\": 2, \"real_time\": 10, \"cpu_time\": 9, \"time_unit\": \"us\" },\n"
		      "    { \"name\": \"BM_Two_stddev\", \"run_name\": \"BM_Two\", \"run_type\": \"aggregate\",\n"
		      "      \"repetitions\": 2, \"aggregate_name\": \"stddev\", \"aggregate_unit\": \"time\",\n"
		      "      \"iterations\": 2, \"real_time\": 1.4142135623730951, \"cpu_time\": 1.4142135623730951,\n"
		      "      \"time_unit\": \"us\" },\n"
		      "    { \"name\": \"BM_Two_cv\", \"run_name\": \"BM_Two\", \"run_type\": \"aggregate\",\n"
		      "      \"repetitions\": 2, \"aggregate_name\": \"cv\", \"aggregate_unit\": \"percentage\",\n"
		      "      \"iterations\": 2, \"real_time\": 0.1414, \"cpu_time\": 0.1571, \"time_unit\": \"us\" },\n"
		      "    { \"name\": \"BM_Gone\", \"run_name\": \"BM_Gone\", \"run_type\": \"iteration\",\n"
		      "      \"error_occurred\": true, \"error_message\": \"no fixture\", \"iterations\": 0,\n"
		      "      \"real_time\": 0, \"cpu_time\": 0, \"time_unit\": \"ns\" }\n"
		      "  ]\n"
		      "}\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_GBENCH_JSON);
	assert_string_equal(f->m.rs.runs[0].subject, "BM_Foo/8");
	/* each run spans its own entries */
	assert_int_equal(f->m.rs.runs[0].first_line, 14);
	assert_int_equal(f->m.rs.runs[0].last_line, 16);
	/* converted from the digits printed: 4.9 ms is the double nearest 0.0049 */
	assert_meas(&f->m, 0, "BM_Foo/8.time_per_op", 0.0049, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "BM_Foo/8.time_per_op", 0.0049);
	assert_exact(&f->m, 0, "BM_Foo/8.cpu_time_per_op", 0.0048);
	assert_meas(&f->m, 0, "BM_Foo/8.iterations", 5600000, UNIT_COUNT, DIR_NONE);
	assert_meas(&f->m, 0, "BM_Foo/8.items_per_sec", 8.13e7, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "BM_Foo/8.throughput", 1.5e9, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "BM_Foo/8.hits", 3, UNIT_NONE, DIR_NONE);
	/* repetitions: samples; the aggregates: statistics over them */
	assert_int_equal(f->m.rs.nsamples, 4);
	assert_true(f->m.rs.samples[1].value == 8e-6);
	assert_exact(&f->m, 1, "BM_Two.time_per_op.mean", 10e-6);
	assert_int_equal(must_find(&f->m, 1, "BM_Two.time_per_op.mean")->n, 2);
	assert_exact(&f->m, 1, "BM_Two.cpu_time_per_op.stddev", 1.4142135623730951e-6);
	assert_int_equal(count_meas(&f->m, 1), 4);
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &notes), 1);
	assert_string_equal(notes.s, "BM_Two_cv: time 14.14%, CPU 15.71%\n");
	/* the context */
	assert_string_equal(fact_of(&f->m, "cpu"), "8 X 2400 MHz CPU s");
	assert_string_equal(fact_of(&f->m, "cpu_cache"), "L1 Data 32 KiB (x2)");
	assert_string_equal(fact_of(&f->m, "gbench"), "v1.8.3");
	assert_string_equal(fact_of(&f->m, "gbench.build_type"), "debug");
	assert_string_equal(fact_of(&f->m, "host"), "box");
	/* a benchmark that stopped with an error has no figures, and says why */
	assert_true(has_warning(&f->d, 33, "BM_Gone stopped with an error (no fixture)"));
	buf_release(&notes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bdn, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bdn_toolchain_paths, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bdn_method_builds, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bdn_branch_first, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bdn_count_stderr, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_bdn_decimal_comma, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_jmh, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench_compare_filters, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench_compare_alone, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench_repetitions, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gbench_json, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
