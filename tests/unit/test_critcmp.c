/*
 * test_critcmp.c - the readers of the Rust comparers: critcmp (Criterion
 * baselines: mean ± deviation, throughput in powers of 1024, a column a
 * row lacks, colours pasted as HTML) and cargo benchcmp (libtest runs:
 * grouped digits, --variance, MB/s, "n/a"); exact values, the columns'
 * names, the comparers' ratios and diffs as notes, damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

#define PM "\xc2\xb1"
#define MU "\xc2\xb5"

static int is_figure(const char *s, size_t n)
{
	double v;

	return num_parse_grouped(s, n, ',', &v);
}

static void test_critcmp_values(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		"group                      benchmark-main.baseline              benchmark-pr.baseline\n"
		"-----                      -----------------------              ---------------------\n"
		"fibonacci_loop/our/1       1.06    196.4" PM "4.38ns  4.9 MElem/sec    1.00    185.8" PM "0.37ns  5.1 MElem/sec\n"
		"character module           1.03     22.2" PM "0.41ms        ? B/sec    1.00     21.6" PM "0.53ms        ? B/sec\n"
		"compress/zflat00_html      1.00     94.5" PM "0.62" MU "s  1033.1 MB/sec    1.02     96.1" PM "0.74" MU "s  1016.2 MB/sec\n"
		"empty/never                9.92      2.4" PM "0.02ns        0 B/sec\n";
	uint32_t r;

	import_string(&f->m, "crit.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 7);
	/* the baselines, less the extension they share */
	r = run_in(&f->m, "fibonacci_loop/our/1", "benchmark-main", NULL);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_CRITCMP);
	assert_int_equal(f->m.rs.runs[r].name_line, 1);
	assert_meas(&f->m, r, "fibonacci_loop/our/1.time_per_op.mean", 196.4e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "fibonacci_loop/our/1.time_per_op.stddev", 4.38e-9, UNIT_SECOND, DIR_NONE);
	/* critcmp's M is 2^20: elements per second */
	assert_meas(&f->m, r, "fibonacci_loop/our/1.throughput.mean", 4.9 * 1048576, UNIT_PER_S, DIR_HIGHER);
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "critcmp: 1.06 times the fastest"));
	/* an id with a blank, no throughput */
	r = run_in(&f->m, "character module", "benchmark-pr", NULL);
	assert_exact(&f->m, r, "character module.time_per_op.mean", 21.6e-3);
	assert_null(find_meas(&f->m, r, "character module.throughput.mean"));
	assert_meas(&f->m, run_in(&f->m, "compress/zflat00_html", "benchmark-main", NULL), "compress/zflat00_html.throughput.mean",
		    1033.1 * 1048576, UNIT_BYTE_PER_S, DIR_HIGHER);
	/* a row without the second baseline; "0 B/sec" is a throughput of 0 */
	r = run_in(&f->m, "empty/never", "benchmark-main", NULL);
	assert_exact(&f->m, r, "empty/never.throughput.mean", 0);
	assert_spans(&f->m, is_figure);
}

/* A baseline a row lacks leaves its column blank: the cells after it keep their columns. */
static void test_critcmp_missing_column(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_sample(&f->m, "samples/critcmp/memmem-missing-column.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 48);
	r = run_in(&f->m, "oneshotiter/huge-en/common-one-space", "stud", NULL);
	assert_exact(&f->m, r, "oneshotiter/huge-en/common-one-space.time_per_op.mean", 1371.5e-6);
	assert_exact(&f->m, r, "oneshotiter/huge-en/common-one-space.time_per_op.stddev", 48.14e-6);
	r = run_in(&f->m, "oneshotiter/huge-en/common-one-space", "twoway", NULL);
	assert_exact(&f->m, r, "oneshotiter/huge-en/common-one-space.time_per_op.mean", 500.0e-6);
	for (uint32_t i = 0; i < f->m.rs.nruns; i++)
		assert_string_not_equal(f->m.rs.runs[i].variant.text, "sliceslice");
}

/* critcmp pasted with its colours: the <font> and <b> tags are read as blanks. */
static void test_critcmp_html(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/critcmp/hand-pre-colors.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_exact(&f->m, run_in(&f->m, "is_prime/is_prime", "master", NULL), "is_prime/is_prime.time_per_op.mean",
		     640.3e-6);
	assert_exact(&f->m, run_in(&f->m, "is_prime/Sieve::is_prime", "refactor", NULL),
		     "is_prime/Sieve::is_prime.time_per_op.stddev", 0.68e-6);
}

static void test_critcmp_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/critcmp/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_true(has_warning(&f->d, 3, "garbled critcmp row"));
	assert_true(has_warning(&f->d, 6, "garbled critcmp row"));
	assert_int_equal(f->d.n, 2);
}

static void test_cargo_benchcmp_values(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		" name                                        899c01d.txt ns/iter     0014b09.txt ns/iter     diff ns/iter   diff %  speedup \n"
		" argon::forces                               2,380,532 (+/- 2265)    495,065 (+/- 8025)        -1,885,467  -79.20%   x 4.81 \n"
		" ac_one_byte                                 354 (28248 MB/s)        349 (28653 MB/s)                  -5   -1.41%   x 1.01 \n"
		" add                                         1                       n/a                              n/a      n/a      n/a \n";
	uint32_t r;

	import_string(&f->m, "cb.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 5);
	r = run_in(&f->m, "argon::forces", "899c01d", NULL);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_CARGO_BENCHCMP);
	assert_meas(&f->m, r, "argon::forces.time_per_op", 2380532e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "argon::forces.time_per_op.dev", 2265e-9, UNIT_SECOND, DIR_NONE);
	r = run_in(&f->m, "argon::forces", "0014b09", NULL);
	assert_exact(&f->m, r, "argon::forces.time_per_op", 495065e-9);
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "cargo benchcmp vs 899c01d.txt: -1,885,467  -79.20%   x 4.81"));
	assert_meas(&f->m, run_in(&f->m, "ac_one_byte", "0014b09", NULL), "ac_one_byte.throughput", 28653e6,
		    UNIT_BYTE_PER_S, DIR_HIGHER);
	/* "n/a": the benchmark one side lacks */
	assert_exact(&f->m, run_in(&f->m, "add", "899c01d", NULL), "add.time_per_op", 1e-9);
	assert_spans(&f->m, is_figure);
}

/* The module prefixes compared name the columns, less their "::". */
static void test_cargo_benchcmp_prefixes(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/cargo-benchcmp/module-prefixes.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 28);
	assert_exact(&f->m, run_in(&f->m, "ac_ten_bytes", "dense_boxed", NULL), "ac_ten_bytes.time_per_op", 108092e-9);
	assert_exact(&f->m, run_in(&f->m, "ac_ten_bytes", "dense", NULL), "ac_ten_bytes.throughput", 170e6);
}

static void test_cargo_benchcmp_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/cargo-benchcmp/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_true(has_warning(&f->d, 2, "garbled cargo benchcmp row"));
	assert_true(has_warning(&f->d, 6, "garbled cargo benchcmp row"));
	assert_int_equal(f->d.n, 2);
}

/*
 * A header whose columns' "ns/iter" are damaged, but for the diff's, names
 * one column: no header is in effect, so its rows are skipped with a
 * warning each, and none is read under the one name (libFuzzer found the
 * import crashing on it).
 */
static void test_cargo_benchcmp_one_name(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		" name                 dense:: n!/iter      dense_boxed:: ns/M-Aiter  diff ns/iter  diff %  speedup \n"
		" ac_one_byte          354 (28248 MB/s)     349 (28653 MB/s)                     -5   -1.41%   x 1.01 \n"
		" ac_two_bytes         355 (28169 MB/s)     350 (28571 MB/s)                     -5   -1.41%   x 1.01 \n";

	import_string(&f->m, "cb.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 1, "cargo benchcmp header without two names; its rows skipped"));
	assert_true(has_warning(&f->d, 2, "cargo benchcmp row without its table's header; skipped"));
	assert_true(has_warning(&f->d, 3, "cargo benchcmp row without its table's header; skipped"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_critcmp_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cargo_benchcmp_one_name, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_critcmp_missing_column, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_critcmp_html, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_critcmp_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cargo_benchcmp_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cargo_benchcmp_prefixes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cargo_benchcmp_damage, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
