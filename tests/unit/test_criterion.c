/*
 * test_criterion.c - the Criterion.rs parser through the segmenter: exact
 * values on hand-written shapes of every version, structure on the real
 * samples (Criterion 0.3.6 captured here), ids on their own line, change
 * blocks that must stay notes, damage.
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

/*
 * An outlier report is one note, its lines joined by "; ", however long:
 * ten class lines (past the eight the parse keeps on its stack) and, in a
 * second run, padded ones past 512 bytes of text.
 */
static void test_long_outlier_reports(void **state)
{
	struct model_fixture *f = *state;
	struct buf text = BUF_INIT, want = BUF_INIT, got = BUF_INIT;
	const char *pad = "                                                  ";

	for (int run = 0; run < 2; run++) {
		buf_addf(&text, "bench_%d                 time:   [1.0000 ns 1.1000 ns 1.2000 ns]\n", run);
		buf_adds(&text, "Found 10 outliers among 100 measurements (10.00%)\n");
		for (int i = 0; i < 10; i++)
			buf_addf(&text, "  1 (1.00%%) %s %s%s\n", i % 2 ? "high" : "low", i % 4 < 2 ? "mild" : "severe",
				 run ? pad : "");
		buf_adds(&text, "\n");
	}
	import_string(&f->m, "long.txt", text.s, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	for (int run = 0; run < 2; run++) {
		buf_reset(&want);
		buf_adds(&want, "Found 10 outliers among 100 measurements (10.00%)");
		for (int i = 0; i < 10; i++)
			buf_addf(&want, "; 1 (1.00%%) %s %s%s", i % 2 ? "high" : "low", i % 4 < 2 ? "mild" : "severe",
				 run ? pad : "");
		buf_adds(&want, "\n");
		buf_reset(&got);
		assert_int_equal(notes_of(&f->m, (uint32_t)run, NOTE_OUTLIERS, &got), 1);
		assert_true(run == 0 ? want.len < 512 : want.len > 512);
		assert_string_equal(got.s, want.s);
	}
	buf_release(&text);
	buf_release(&want);
	buf_release(&got);
}

static void test_new_shapes(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;
	uint32_t r;

	import_sample(&f->m, "samples/criterion/hand-new-stdout.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_int_equal(f->d.n, 0);
	/* an id too long for its column, alone on the first line */
	r = run_of(&f->m, "parse/large/dataset.json", 0);
	assert_int_equal(f->m.rs.runs[r].first_line, 1);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_CRITERION);
	assert_meas(&f->m, r, "parse/large/dataset.json.time_per_op", 1.2101e-3, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "parse/large/dataset.json.time_per_op.lower", 1.2034e-3, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "parse/large/dataset.json.time_per_op.upper", 1.2175e-3, UNIT_SECOND, DIR_LOWER);
	/* BytesDecimal: MB/s is 10^6 bytes/s */
	assert_meas(&f->m, r, "parse/large/dataset.json.throughput", 415.25e6, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, r, "parse/large/dataset.json.throughput.lower", 412.73e6);
	assert_exact(&f->m, r, "parse/large/dataset.json.throughput.upper", 417.56e6);
	assert_int_equal(must_find(&f->m, r, "parse/large/dataset.json.time_per_op")->stat, STAT_EST);
	/* the change block's "time:" line of percentages is a note, not a measurement */
	assert_int_equal(count_meas(&f->m, r), 6);
	assert_int_equal(notes_of(&f->m, r, NOTE_VERDICT, &b), 3);
	assert_non_null(strstr(b.s, "change time:   [\xe2\x88\x92" "4.1325% "));
	assert_non_null(strstr(b.s, "Performance has improved."));
	buf_reset(&b);
	/* the outlier report is one note; "among 100" is how many samples each figure summarizes */
	assert_int_equal(notes_of(&f->m, r, NOTE_OUTLIERS, &b), 1);
	assert_string_equal(b.s, "Found 4 outliers among 100 measurements (4.00%); 3 (3.00%) high mild; "
				 "1 (1.00%) high severe\n");
	assert_int_equal(must_find(&f->m, r, "parse/large/dataset.json.throughput.upper")->n, 100);

	/* units differ within one line (trap 20); bits per second (Criterion 0.7) */
	r = run_of(&f->m, "checksum/crc32", 0);
	assert_exact(&f->m, r, "checksum/crc32.time_per_op.lower", 998.12e-9);
	assert_exact(&f->m, r, "checksum/crc32.time_per_op", 1.0012e-6);
	assert_meas(&f->m, r, "checksum/crc32.throughput", 7.6157e9, UNIT_BIT_PER_S, DIR_HIGHER);
	assert_int_equal(must_find(&f->m, r, "checksum/crc32.time_per_op")->n, 0);
	/* no blank line between benchmarks of a group */
	r = run_of(&f->m, "checksum/adler32", 0);
	assert_exact(&f->m, r, "checksum/adler32.time_per_op", 404.91e-9);
	r = run_of(&f->m, "tokenize", 0);
	assert_int_equal(count_meas(&f->m, r), 3);
	buf_reset(&b);
	assert_int_equal(notes_of(&f->m, r, NOTE_VERDICT, &b), 2);
	assert_non_null(strstr(b.s, "+9.0034%"));
	assert_non_null(strstr(b.s, "Performance has regressed."));
	assert_spans(&f->m, is_number);
	buf_release(&b);
}

static void test_real_first_run(void **state)
{
	struct model_fixture *f = *state;
	static const char *const ids[] = { "fib 10", "fibonacci_recursive_of_twenty", "tiny", "thr/sum64k",
					   "thr/elems/1000", "thr/elems/100000", "slow" };
	uint32_t r;

	import_sample(&f->m, "samples/criterion/first.txt", &f->d);
	/* progress lines, the WARNING and Gnuplot notices are not runs */
	assert_int_equal(f->m.rs.nruns, countof(ids));
	assert_int_equal(f->d.n, 0);
	for (uint32_t i = 0; i < countof(ids); i++) {
		struct buf metric = BUF_INIT;
		double lo, est, hi;

		assert_string_equal(f->m.rs.runs[i].subject, ids[i]);
		assert_string_equal(f->m.rs.runs[i].variant.text, "first");
		buf_addf(&metric, "%s.time_per_op", ids[i]);
		est = must_find(&f->m, i, metric.s)->value;
		buf_adds(&metric, ".lower");
		lo = must_find(&f->m, i, metric.s)->value;
		buf_reset(&metric);
		buf_addf(&metric, "%s.time_per_op.upper", ids[i]);
		hi = must_find(&f->m, i, metric.s)->value;
		assert_true(lo <= est && est <= hi && lo > 0);
		assert_int_equal(count_meas(&f->m, i), strncmp(ids[i], "thr/", 4) ? 3 : 6);
		/* "Collecting 10 samples" for every id, the first too (no outlier line under it) */
		for (size_t k = 0; k < f->m.rs.nmeas; k++)
			if (f->m.rs.meas[k].run == i)
				assert_int_equal(f->m.rs.meas[k].n, 10);
		buf_release(&metric);
	}
	/* the long id sits on the line above its time line */
	r = run_of(&f->m, "fibonacci_recursive_of_twenty", 0);
	assert_int_equal(f->m.rs.runs[r].last_line, f->m.rs.runs[r].first_line + 3);
	assert_int_equal(must_find(&f->m, r, "fibonacci_recursive_of_twenty.time_per_op")->n, 10);
	/* Gelem/s: elements per second */
	r = run_of(&f->m, "thr/elems/1000", 0);
	assert_int_equal(must_find(&f->m, r, "thr/elems/1000.throughput")->unit, UNIT_PER_S);
	r = run_of(&f->m, "thr/sum64k", 0);
	assert_int_equal(must_find(&f->m, r, "thr/sum64k.throughput")->unit, UNIT_BYTE_PER_S);
	assert_spans(&f->m, is_number);
}

static void test_real_comparison(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;
	uint32_t r;

	import_sample(&f->m, "samples/criterion/second.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 7);
	assert_int_equal(f->d.n, 0);
	/* the three-line change block of a throughput benchmark adds no figure */
	r = run_of(&f->m, "thr/sum64k", 0);
	assert_int_equal(count_meas(&f->m, r), 6);
	assert_int_equal(notes_of(&f->m, r, NOTE_VERDICT, &b), 3);
	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		assert_true(f->m.rs.meas[i].unit == UNIT_SECOND || f->m.rs.meas[i].unit == UNIT_BYTE_PER_S ||
			    f->m.rs.meas[i].unit == UNIT_PER_S);
	buf_release(&b);
}

static void test_real_color_and_verbose(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/criterion/color.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 7);
	/* escapes sit inside the brackets: the spans are still just the numbers */
	assert_spans(&f->m, is_number);
	import_sample(&f->m, "samples/criterion/verbose.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_string_equal(f->m.rs.runs[7].subject, "fib 10");
	assert_int_equal(count_meas(&f->m, 7), 3);
	assert_int_equal(notes_of(&f->m, 7, NOTE_INFO, &b), 3);
	assert_non_null(strstr(b.s, "std. dev."));
	assert_int_equal(f->d.n, 0);
	buf_release(&b);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_sample(&f->m, "samples/criterion/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* "126.6B ns": no time at all rather than a wrong one; its thrpt line is kept */
	r = run_of(&f->m, "fib 10", 0);
	assert_true(f->m.rs.runs[r].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, r, "fib 10.time_per_op"));
	assert_null(find_meas(&f->m, r, "fib 10.time_per_op.lower"));
	assert_exact(&f->m, r, "fib 10.throughput", 7.5020 * 1024 * 1024 * 1024);
	/* a thrpt line cut mid-way: the time line stays */
	r = run_of(&f->m, "tiny", 0);
	assert_true(f->m.rs.runs[r].flags & RUN_INCOMPLETE);
	assert_exact(&f->m, r, "tiny.time_per_op", 558.07e-12);
	assert_null(find_meas(&f->m, r, "tiny.throughput"));
	r = run_of(&f->m, "slow", 0);
	assert_false(f->m.rs.runs[r].flags & RUN_INCOMPLETE);
	assert_int_equal(count_meas(&f->m, r), 3);
	assert_true(has_warning(&f->d, 1, "garbled Criterion time line"));
	assert_true(has_warning(&f->d, 4, "garbled Criterion thrpt line"));
	assert_true(has_warning(&f->d, 8, "without its benchmark id"));
	assert_int_equal(f->d.n, 3);
}

static void test_pasted(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	/* collapsed blanks (copied from a rendered page), U+03BC, labels */
	import_sample(&f->m, "samples/criterion/hand-collapsed.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[1].subject, "fibonacci_recursive_of_twenty");
	assert_string_equal(f->m.rs.runs[1].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[3].variant.text, "LTO");
	assert_exact(&f->m, 3, "fibonacci_recursive_of_twenty.time_per_op", 14.166e-6);
	assert_exact(&f->m, 2, "fib 10.time_per_op.upper", 119.77e-9);
	assert_int_equal(f->d.n, 0);

	/* fenced blocks under bold labels, progress lines between results */
	import_sample(&f->m, "samples/criterion/hand-thread.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	r = run_of(&f->m, "lex/a_rather_long_input_name", 4);
	assert_string_equal(f->m.rs.runs[r].variant.text, "Release");
	assert_exact(&f->m, r, "lex/a_rather_long_input_name.throughput", 366.51 * 1024 * 1024);
	r = run_of(&f->m, "lex/a_rather_long_input_name", r + 1);
	assert_string_equal(f->m.rs.runs[r].variant.text, "PGO");
	assert_exact(&f->m, r, "lex/a_rather_long_input_name.time_per_op", 47.150e-6);
	assert_int_equal(f->d.n, 0);
}

/* n is the sample count Criterion collected, whatever the outlier line says. */
static void test_sample_count(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Benchmarking parse: Collecting 50 samples in estimated 5.0 s (20k iterations)\n"
			   "Benchmarking parse: Analyzing\n"
			   "parse                   time:   [1.0 ms 1.1 ms 1.2 ms]\n"
			   "Benchmarking a_long_name_that_does_not_fit_its_column\n"
			   "Benchmarking a_long_name_that_does_not_fit_its_column: Collecting 20 samples in "
			   "estimated 5.0 s (1k iterations)\n"
			   "a_long_name_that_does_not_fit_its_column\n"
			   "                        time:   [2.0 ms 2.1 ms 2.2 ms]\n"
			   "Found 1 outliers among 20 measurements (5.00%)\n"
			   "quiet                   time:   [3.0 ms 3.1 ms 3.2 ms]\n";

	import_string(&f->m, "t.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_int_equal(must_find(&f->m, 0, "parse.time_per_op")->n, 50);
	assert_int_equal(must_find(&f->m, 0, "parse.time_per_op.upper")->n, 50);
	/* the id alone in the block, with its own progress lines above */
	assert_string_equal(f->m.rs.runs[1].subject, "a_long_name_that_does_not_fit_its_column");
	assert_int_equal(f->m.rs.runs[1].first_line, 6);
	assert_int_equal(must_find(&f->m, 1, "a_long_name_that_does_not_fit_its_column.time_per_op")->n,
			 20);
	/* no progress line for it: n is unknown, never the previous id's */
	assert_int_equal(must_find(&f->m, 2, "quiet.time_per_op")->n, 0);
}

static void test_not_criterion(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "It took some time: [about five minutes] to build.\n"
			   "Total time: [12% faster than before]\n"
			   "                        time:   [+0.6561% +3.1326% +5.7642%] (p = 0.04 < 0.05)\n"
			   "Performance has improved.\n";

	import_string(&f->m, "prose.md", text, &f->d);
	/* prose and a change line on its own are never read as figures */
	assert_int_equal(f->m.rs.nmeas, 0);
	assert_int_equal(f->d.n, 0);
}

static void test_id_above_not_label(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "LTO build:\n"
			   "                        time:   [1.0000 ms 1.1000 ms 1.2000 ms]\n";

	/* the label above is not an id: the result is skipped with a warning, never misnamed */
	import_string(&f->m, "x.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 2, "without its benchmark id"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_sample_count, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_new_shapes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_long_outlier_reports, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_first_run, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_comparison, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_color_and_verbose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_pasted, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_not_criterion, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_id_above_not_label, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
