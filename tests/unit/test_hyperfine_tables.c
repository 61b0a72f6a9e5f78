/*
 * test_hyperfine_tables.c - hyperfine's --export-csv (through libcsv) and
 * --export-markdown tables: structure on the real exports (hyperfine 1.15
 * captured here), exact values on hand-written rows, the old and other
 * layouts, quoting and escaped pipes, damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static int is_number(const char *s, size_t n)
{
	double v;

	return num_parse(s, n, &v);
}

static void test_csv_real(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/hyperfine/csv-o0-vs-o2.csv", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_HYPERFINE_CSV);
	assert_string_equal(f->m.rs.runs[0].command, "./fib_O0 30");
	/* the commands name the variants, as for hyperfine's other outputs */
	assert_string_equal(f->m.rs.runs[0].variant.text, "fib_O0");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_COMMAND);
	assert_string_equal(f->m.rs.runs[1].variant.text, "fib_O2");
	assert_string_equal(f->m.rs.runs[1].scenario, "30");
	for (uint32_t i = 0; i < 2; i++) {
		double mean = must_find(&f->m, i, "time.mean")->value;

		assert_int_equal(count_meas(&f->m, i), 7);
		assert_true(must_find(&f->m, i, "time.min")->value <= mean);
		assert_true(mean <= must_find(&f->m, i, "time.max")->value);
		assert_non_null(find_meas(&f->m, i, "time.median"));
		assert_int_equal(must_find(&f->m, i, "time.stddev")->dir, DIR_NONE);
		assert_int_equal(must_find(&f->m, i, "user.mean")->dir, DIR_LOWER);
	}
	assert_spans(&f->m, is_number);

	/* a parameter scan: the parameter_* column is a note */
	import_sample(&f->m, "samples/hyperfine/csv-scan.csv", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_int_equal(notes_of(&f->m, 2, NOTE_INFO, &b), 1);
	assert_string_equal(b.s, "parameters: n=28\n");
	assert_int_equal(f->d.n, 0);
	buf_release(&b);
}

static void test_csv_quoting(void **state)
{
	struct model_fixture *f = *state;

	/* RFC 4180: a field with a comma is quoted, a quote doubled (libcsv reads both) */
	import_sample(&f->m, "samples/hyperfine/csv-quoted.csv", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].command, "./fib_O2 28,29");
	assert_string_equal(f->m.rs.runs[1].command, "printf \"%s\" x");
	assert_int_equal(count_meas(&f->m, 1), 7);
	assert_spans(&f->m, is_number);
	assert_int_equal(f->d.n, 0);
}

static void test_csv_exact(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release vs PGO, exported:\n"
			   "\n"
			   "command,mean,stddev,median,user,system,min,max\n"
			   "./app_release,0.0049,0.0001,0.0048,0.0047,0.0002,0.0046,0.0052\n"
			   "./app_pgo,0.0041,0,0.0041,0.004,0,0.0039,0.0044\n"
			   "Thanks, that settles it.\n";

	import_string(&f->m, "thread.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_meas(&f->m, 0, "time.mean", 0.0049, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "time.stddev", 0.0001, UNIT_SECOND, DIR_NONE);
	assert_exact(&f->m, 0, "time.median", 0.0048);
	assert_exact(&f->m, 0, "user.mean", 0.0047);
	assert_exact(&f->m, 0, "system.mean", 0.0002);
	assert_exact(&f->m, 0, "time.min", 0.0046);
	assert_exact(&f->m, 0, "time.max", 0.0052);
	assert_exact(&f->m, 1, "time.stddev", 0);
	assert_string_equal(f->m.rs.runs[1].variant.text, "app_pgo");
	assert_int_equal(f->m.rs.runs[1].first_line, 5);
	/* prose right after the table is not a damaged row */
	assert_int_equal(f->d.n, 0);
}

/* A header of many parameter columns: every column read, none dropped past a fixed count. */
static void test_csv_wide(void **state)
{
	struct model_fixture *f = *state;
	struct buf text = BUF_INIT, b = BUF_INIT;

	buf_adds(&text, "command,mean,stddev,median,user,system,min,max");
	for (int i = 0; i < 70; i++)
		buf_addf(&text, ",parameter_p%d", i);
	buf_adds(&text, "\n./a,0.1,0.01,0.1,0.05,0.01,0.09,0.11");
	for (int i = 0; i < 70; i++)
		buf_addf(&text, ",%d", i);
	buf_adds(&text, "\n");
	import_string(&f->m, "wide.csv", text.s, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_value(&f->m, 0, "time.max", 0.11);
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &b), 1);
	assert_non_null(strstr(b.s, "p0=0, p1=1"));
	assert_non_null(strstr(b.s, "p69=69\n"));
	assert_int_equal(f->d.n, 0);
	buf_release(&text);
	buf_release(&b);
}

static void test_csv_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/hand-csv-damaged.csv", &f->d);
	/* one row is one run: a garbled, unterminated or short row is skipped whole */
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].command, "./db_release load");
	assert_true(has_warning(&f->d, 3, "garbled hyperfine CSV row"));
	assert_true(has_warning(&f->d, 4, "garbled hyperfine CSV row"));
	assert_true(has_warning(&f->d, 5, "garbled hyperfine CSV row"));
	assert_int_equal(f->d.n, 3);
}

static void test_md_real(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/hyperfine/md-o0-vs-o2.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_HYPERFINE_MD);
	assert_string_equal(f->m.rs.runs[0].command, "./fib_O0 30");
	assert_string_equal(f->m.rs.runs[1].variant.text, "fib_O2");
	for (uint32_t i = 0; i < 2; i++)
		assert_int_equal(count_meas(&f->m, i), 4);
	/* the Relative column is hyperfine's own ratio: a note */
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &b), 1);
	assert_string_equal(b.s, "relative to the fastest: 1.00\n");
	assert_spans(&f->m, is_number);

	/* a single run has no "±" */
	import_sample(&f->m, "samples/hyperfine/md-single.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_null(find_meas(&f->m, 2, "time.stddev"));
	assert_int_equal(count_meas(&f->m, 2), 3);

	/* "|" in a command is escaped as "\|" */
	import_sample(&f->m, "samples/hyperfine/md-pipe.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_string_equal(f->m.rs.runs[3].command, "./fib_O2 28 | cat");
	assert_string_equal(f->m.rs.runs[4].variant.text, "fib_O0");
	assert_int_equal(f->d.n, 0);
	buf_release(&b);
}

static void test_md_layouts(void **state)
{
	struct model_fixture *f = *state;

	/* hyperfine 1.0 - 1.5 ("Min…Max") and 0.x ("Min." and "Max.") */
	import_sample(&f->m, "samples/hyperfine/hand-md-old.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_exact(&f->m, 0, "time.mean", 0.1284);
	assert_exact(&f->m, 0, "time.stddev", 0.0019);
	assert_exact(&f->m, 0, "time.min", 0.1259);
	assert_exact(&f->m, 0, "time.max", 0.1326);
	assert_exact(&f->m, 3, "time.min", 0.1179);
	assert_exact(&f->m, 3, "time.max", 0.1252);
	assert_string_equal(f->m.rs.runs[3].variant.text, "app_pgo");

	/* µs, and User / System columns */
	import_sample(&f->m, "samples/hyperfine/hand-md-user.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_meas(&f->m, 4, "time.mean", 812.4e-6, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 4, "user.mean", 402.1e-6);
	assert_exact(&f->m, 5, "system.mean", 350.6e-6);
	assert_int_equal(count_meas(&f->m, 5), 6);
	assert_int_equal(f->d.n, 0);
}

static void test_md_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/hand-md-damaged.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_exact(&f->m, 0, "time.mean", 0.0361);
	assert_true(has_warning(&f->d, 4, "garbled hyperfine markdown row"));
	assert_true(has_warning(&f->d, 5, "garbled hyperfine markdown row"));
	assert_int_equal(f->d.n, 2);
}

static void test_other_tables(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Variant | Time |\n"
			   "|---|---|\n"
			   "| Release | 10 ms |\n";

	/* not hyperfine's: the reader of hand tables takes it, a figure typed by hand */
	import_string(&f->m, "x.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_TABLE);
	assert_true(f->m.rs.runs[0].flags & RUN_HAND);
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_csv_real, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_csv_quoting, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_csv_exact, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_csv_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_md_real, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_md_layouts, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_md_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_csv_wide, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_other_tables, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
