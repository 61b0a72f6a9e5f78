/*
 * test_pyharness.c - the Python and JavaScript harness parsers (pyperf,
 * pytest-benchmark, asv, benchmark.js): exact values on hand-written
 * outputs, the variants their own names give, the comparers' verdicts
 * kept as notes and never as figures, and damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_pyperf_compare(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;
	uint32_t r;

	import_string(&f->m, "t.txt",
		      "$ python3 -m pyperf compare_to base.json lto.json -G\n"
		      "Slower (1):\n"
		      "- nbody: 179 ms +- 4 ms -> 209 ms +- 2 ms: 1.17x slower\n"
		      "\n"
		      "Geometric mean: 1.17x slower\n"
		      "\n"
		      "telco: Mean +- std dev: [pgo] 4.70 us +- 0.18 us -> [pgo-lto] 4.22 us +- 0.08 us: 1.11x faster\n",
		      &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 4);
	r = run_of(&f->m, "nbody", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "base");
	assert_meas(&f->m, r, "nbody.time_per_op.mean", 0.179, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, r, "nbody.time_per_op.stddev", 0.004);
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "lto");
	assert_exact(&f->m, r + 1, "nbody.time_per_op.mean", 0.209);
	/* the ratio is pyperf's verdict, a note on the changed run */
	assert_int_equal(notes_of(&f->m, r + 1, NOTE_VERDICT, &b), 1);
	assert_non_null(strstr(b.s, "1.17x slower"));
	assert_int_equal(count_meas(&f->m, r + 1), 2);
	r = run_of(&f->m, "telco", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "pgo");
	assert_exact(&f->m, r, "telco.time_per_op.mean", 4.70e-6);
	assert_exact(&f->m, r + 1, "telco.time_per_op.stddev", 0.08e-6);
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "pgo-lto");
	buf_release(&b);
}

static void test_pyperf_table(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_string(&f->m, "t.txt",
		      "+-----------+----------+------------------------+\n"
		      "| Benchmark | ref      | changed                |\n"
		      "+===========+==========+========================+\n"
		      "| telco     | 1.00 sec | 2.00 sec: 2.00x slower |\n"
		      "+-----------+----------+------------------------+\n"
		      "| chaos     | 113 ms   | not significant        |\n"
		      "+-----------+----------+------------------------+\n",
		      &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 3);
	r = run_of(&f->m, "telco", 0);
	assert_exact(&f->m, r, "telco.time_per_op.mean", 1.0);
	assert_exact(&f->m, r + 1, "telco.time_per_op.mean", 2.0);
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "changed");
	/* the header named the run: the plan points at it */
	assert_int_equal(f->m.rs.runs[r + 1].name_line, 2);
	r = run_of(&f->m, "chaos", 0);
	assert_exact(&f->m, r, "chaos.time_per_op.mean", 0.113);
	assert_int_equal(r + 1, f->m.rs.nruns);
}

/*
 * A Markdown table headed "| Benchmark |" is pyperf's by its cells'
 * marks, not by its header: the table reader hands it over whole, and the
 * lines pyperf prints under it stay with it. A typed table under it with
 * the same header and none of the marks is a typed table.
 */
static void test_pyperf_table_by_marks(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_string(&f->m, "t.md",
		      "| Benchmark | base | lto |\n"
		      "|-----------|:----:|:---:|\n"
		      "| telco     | 10.1 ms | 9.80 ms: 1.03x faster |\n"
		      "| go        | 203 ms  | 199 ms: 1.02x faster  |\n"
		      "| Geometric mean | (ref) | 1.03x faster |\n"
		      "\n"
		      "Benchmark hidden because not significant (1): chaos\n"
		      "\n"
		      "| Benchmark | base | lto |\n"
		      "|---|---|---|\n"
		      "| startup | 120 ms | 98 ms |\n",
		      &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 6);
	r = run_of(&f->m, "telco", 0);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_PYPERF);
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "lto");
	assert_exact(&f->m, r + 1, "telco.time_per_op.mean", 9.80e-3);
	assert_true(has_note(&f->m, r, NOTE_SUMMARY, "not significant (1): chaos"));
	assert_true(has_note(&f->m, r + 1, NOTE_SUMMARY, "geometric mean: 1.03x faster"));
	r = run_of(&f->m, "startup", 0);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_TABLE);
	assert_int_equal(f->m.rs.runs[r].flags, RUN_HAND);
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "lto");
}

static void test_pyperf_damage(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "t.txt",
		      "Mean +- std dev: 4.3A us +- 0.31 us\n"
		      "- nbody: 179 ms +- 4 ms -> 2O9 ms +- 2 ms: 1.17x slower\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_int_equal(f->m.rs.nmeas, 0);
	assert_true(has_warning(&f->d, 1, "garbled pyperf result line"));
	assert_true(has_warning(&f->d, 2, "garbled pyperf comparison line"));
}

static void test_pytest_benchmark(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	uint32_t r;

	import_string(&f->m, "t.txt",
		      "------------------ benchmark: 2 tests ------------------\n"
		      "Name (time in us)          Min        Max      Mean   StdDev   Median     IQR  Outliers  OPS (Kops/s)  Rounds  Iterations\n"
		      "--------------------------------------------------------\n"
		      "test_parse (NOW)        1.2000 (1.0)  9.8000 (1.0)  1.3000 (1.0)  0.1000 (1.0)  1.2500 (1.0)  0.0500 (1.0)  10;20  769.2308 (1.0)  1,000  1\n"
		      "test_parse (0001_base)  1.4000 (1.17) 10.2000 (1.04) 1.5000 (1.15) 0.1200 (1.20) 1.4500 (1.16) 0.0600 (1.20) 8;15  666.6667 (0.87)  950  1\n"
		      "--------------------------------------------------------\n",
		      &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 2);
	r = run_of(&f->m, "test_parse", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "NOW");
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "0001_base");
	assert_meas(&f->m, r, "test_parse.time_per_op.min", 1.2e-6, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, r, "test_parse.time_per_op.max", 9.8e-6);
	assert_exact(&f->m, r, "test_parse.time_per_op.median", 1.25e-6);
	me = must_find(&f->m, r, "test_parse.time_per_op.mean");
	assert_true(me->value == 1.3e-6);
	assert_int_equal(me->n, 1000); /* over its rounds */
	assert_exact(&f->m, r, "test_parse.time_per_op.stddev", 0.1e-6);
	/* Kops/s in the header */
	assert_meas(&f->m, r, "test_parse.ops_per_sec", 769.2308 * 1e3, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, r, "test_parse.runs", 1000);
	assert_exact(&f->m, r, "test_parse.iterations", 1);
	assert_exact(&f->m, r + 1, "test_parse.time_per_op.max", 10.2e-6);
	/* the (1.17) factors are notes only: 8 figures a row */
	assert_int_equal(count_meas(&f->m, r + 1), 8);
}

static void test_asv(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;
	uint32_t r;

	import_string(&f->m, "t.txt",
		      "       before           after         ratio\n"
		      "     [3bfda9c6]       [bf719488]\n"
		      "     <main>           <feature>\n"
		      "-         816\xc2\xb1" "0\xce\xbcs         293\xc2\xb1" "20\xce\xbcs     0.36  mod.time_a(100)\n"
		      "!        1.45\xc2\xb1" "0.1ms          failed      n/a  mod.time_b\n"
		      "-      1.130.01s          1415ms     0.12  mod.time_c\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	r = run_of(&f->m, "mod.time_a(100)", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "main");
	assert_int_equal(f->m.rs.runs[r].name_line, 3);
	assert_meas(&f->m, r, "mod.time_a(100).time_per_op", 816e-6, UNIT_SECOND, DIR_LOWER);
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "feature");
	assert_exact(&f->m, r + 1, "mod.time_a(100).time_per_op", 293e-6);
	assert_int_equal(notes_of(&f->m, r + 1, NOTE_VERDICT, &b), 1);
	assert_non_null(strstr(b.s, "ratio 0.36, better"));
	r = run_of(&f->m, "mod.time_b", 0);
	assert_exact(&f->m, r, "mod.time_b.time_per_op", 1.45e-3);
	/* a figure that lost its ± is no figure: the line yields nothing */
	assert_true(has_warning(&f->d, 6, "garbled asv row"));
	assert_int_equal(f->d.n, 1);
	buf_release(&b);
}

static void test_asv_run_lines(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_string(&f->m, "t.txt",
		      "[  0.00%] \xc2\xb7 For proj commit 37c764cb <main> (round 1/2):\n"
		      "[ 25.00%] \xc2\xb7\xc2\xb7\xc2\xb7 Running (mod.time_a--).\n"
		      "[ 50.00%] \xc2\xb7\xc2\xb7\xc2\xb7 mod.time_a           33.2\xc2\xb1" "2ms\n"
		      "[ 50.00%] \xc2\xb7 For proj commit 0d3c6d21 (round 1/2):\n"
		      "[ 75.00%] \xc2\xb7\xc2\xb7\xc2\xb7 mod.time_a           31.0\xc2\xb1" "1ms\n"
		      "[ 75.00%] \xc2\xb7\xc2\xb7\xc2\xb7 mod.time_b           ok\n"
		      "[...]\n"
		      "[100.00%] \xc2\xb7\xc2\xb7\xc2\xb7 mod.time_c           1.5O\xc2\xb1" "1ms\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	r = run_of(&f->m, "mod.time_a", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "main");
	assert_int_equal(f->m.rs.runs[r].name_line, 1);
	assert_meas(&f->m, r, "mod.time_a.time_per_op", 0.0332, UNIT_SECOND, DIR_LOWER);
	/* no <branch>: the hash names the build */
	assert_string_equal(f->m.rs.runs[r + 1].variant.text, "0d3c6d21");
	assert_exact(&f->m, r + 1, "mod.time_a.time_per_op", 0.031);
	assert_true(has_warning(&f->d, 8, "garbled asv result line"));
	assert_int_equal(f->d.n, 1);
}

static void test_benchmarkjs(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	struct buf b = BUF_INIT;
	uint32_t r;

	import_string(&f->m, "t.txt",
		      "inflate-pako x 1,104 ops/sec \xc2\xb1" "1.37% (73 runs sampled)\n"
		      "inflate-zlib x 218 ops/sec \xc2\xb1" "9.82% (1 run sampled)\n"
		      "deflate-zlib x 1l.23 ops/sec \xc2\xb1" "6.43% (54 runs sampled)\n"
		      "Fastest is inflate-pako\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	r = run_of(&f->m, "inflate-pako", 0);
	me = must_find(&f->m, r, "inflate-pako.ops_per_sec");
	assert_true(me->value == 1104);
	assert_int_equal(me->n, 73);
	assert_int_equal(me->dir, DIR_HIGHER);
	assert_exact(&f->m, r, "inflate-pako.runs", 73);
	assert_int_equal(notes_of(&f->m, r, NOTE_VERDICT, &b), 1);
	assert_non_null(strstr(b.s, "Fastest is inflate-pako"));
	assert_exact(&f->m, run_of(&f->m, "inflate-zlib", 0), "inflate-zlib.runs", 1);
	assert_true(has_warning(&f->d, 3, "garbled benchmark.js result line"));
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_pyperf_compare, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_pyperf_table, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_pyperf_table_by_marks, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_pyperf_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_pytest_benchmark, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_asv, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_asv_run_lines, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_benchmarkjs, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
