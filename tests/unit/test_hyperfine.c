/*
 * test_hyperfine.c - the hyperfine text parser, through the segmenter, on
 * the real samples (hyperfine 1.15 captured here) and on the hand-written
 * shapes of other versions, plus damage, quoting, ANSI and offsets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "helpers.h"


static void assert_value(const struct model *m, uint32_t run, const char *metric, double want)
{
	const struct measurement *me = find_meas(m, run, metric);

	if (!me)
		fail_msg("run %u has no %s", (unsigned)run, metric);
	if (fabs(me->value - want) > 1e-12 * fabs(want) + 1e-15)
		fail_msg("run %u %s = %.17g, want %.17g", (unsigned)run, metric, me->value, want);
}

static void test_two_commands(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/hyperfine/o0-vs-o2.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].command, "./fib_O0 30");
	assert_string_equal(f->m.rs.runs[1].command, "./fib_O2 30");
	/* the part that differs names the variant, the shared part the scenario */
	assert_string_equal(f->m.rs.runs[0].variant.text, "fib_O0");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_COMMAND);
	assert_string_equal(f->m.rs.runs[1].variant.text, "fib_O2");
	assert_string_equal(f->m.rs.runs[0].scenario, "30");
	/* the figures themselves change when `make samples` reruns: the golden checks them */
	assert_int_equal(count_meas(&f->m, 0), 7);
	assert_int_equal(count_meas(&f->m, 1), 7);
	assert_non_null(find_meas(&f->m, 0, "time.stddev"));
	assert_non_null(find_meas(&f->m, 0, "time.min"));
	assert_non_null(find_meas(&f->m, 0, "time.max"));
	assert_non_null(find_meas(&f->m, 0, "user.mean"));
	assert_non_null(find_meas(&f->m, 0, "system.mean"));
	assert_value(&f->m, 0, "runs", 20);
	assert_true(find_meas(&f->m, 0, "time.min")->value <= find_meas(&f->m, 0, "time.mean")->value);
	me = find_meas(&f->m, 0, "time.mean");
	assert_int_equal(me->n, 20);
	assert_int_equal(me->dir, DIR_LOWER);
	assert_int_equal(find_meas(&f->m, 0, "time.stddev")->dir, DIR_NONE);
	assert_int_equal(find_meas(&f->m, 0, "runs")->dir, DIR_NONE);
	/* the Summary's ratio is kept as a note on the slower command's run */
	assert_int_equal(notes_of(&f->m, 0, NOTE_SUMMARY, &notes), 1);
	assert_non_null(strstr(notes.s, "times faster than './fib_O0 30'"));
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

static void test_offsets_point_at_numbers(void **state)
{
	struct model_fixture *f = *state;
	size_t len;
	const char *text;

	import_sample(&f->m, "samples/hyperfine/color.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	text = model_source_text(&f->m, 0, &len);
	for (size_t i = 0; i < f->m.rs.nmeas; i++) {
		const struct measurement *me = &f->m.rs.meas[i];
		char num[32];
		double v;

		assert_true(me->length > 0 && me->length < sizeof(num));
		assert_true(me->offset + me->length <= len);
		memcpy(num, text + me->offset, me->length);
		num[me->length] = '\0';
		/* ANSI codes sit inside the fields: the span must still be just the number */
		assert_int_equal(num_parse(num, me->length, &v), 0);
	}
}

static void test_exact_values(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Benchmark 1: ./fib_O0 30\n"
		"  Time (mean \xc2\xb1 \xcf\x83):       4.9 ms \xc2\xb1   0.1 ms    [User: 4.8 ms, System: 0.0 ms]\n"
		"  Range (min \xe2\x80\xa6 max):     4.8 ms \xe2\x80\xa6   5.0 ms    20 runs\n";

	import_string(&f->m, "exact.txt", text, &f->d);
	assert_value(&f->m, 0, "time.mean", 0.0049);
	assert_value(&f->m, 0, "time.stddev", 0.0001);
	assert_value(&f->m, 0, "time.min", 0.0048);
	assert_value(&f->m, 0, "time.max", 0.005);
	assert_value(&f->m, 0, "user.mean", 0.0048);
	assert_value(&f->m, 0, "system.mean", 0);
	assert_value(&f->m, 0, "runs", 20);
	/* 4.9 ms is stored as the double nearest 0.0049 */
	assert_true(find_meas(&f->m, 0, "time.mean")->value == 0.0049);
}

static void test_single_run(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/single-run.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_null(find_meas(&f->m, 0, "time.stddev"));
	assert_null(find_meas(&f->m, 0, "time.min"));
	assert_value(&f->m, 0, "runs", 1);
	assert_int_equal(find_meas(&f->m, 0, "time.mean")->n, 1);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	/* one command, no label: the file names the variant */
	assert_string_equal(f->m.rs.runs[0].variant.text, "single-run");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_INPUT);
	assert_string_equal(f->m.rs.runs[0].scenario, "./fib_O2 30");
}

static void test_micro_and_slower(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/hyperfine/hand-new-us.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_value(&f->m, 0, "time.mean", 812.4e-6);
	assert_value(&f->m, 0, "time.stddev", 21.3e-6);
	assert_value(&f->m, 1, "system.mean", 350.6e-6);
	assert_value(&f->m, 2, "time.mean", 1.0e-3);
	assert_value(&f->m, 1, "runs", 3907);
	assert_int_equal(notes_of(&f->m, 1, NOTE_OUTLIERS, &b), 1);
	buf_reset(&b);
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &b), 1);
	assert_non_null(strstr(b.s, "times slower than ./app_pgo input.json"));
	buf_reset(&b);
	assert_int_equal(notes_of(&f->m, 2, NOTE_SUMMARY, &b), 1);
	assert_string_equal(f->m.rs.runs[2].variant.text, "app_pgo_bolt");
	buf_release(&b);
}

static void test_hand_edited_mu_crlf(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/hand-edited-mu.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_value(&f->m, 0, "time.mean", 2664.8e-6);
	assert_value(&f->m, 1, "time.mean", 2551.0e-6);
	assert_value(&f->m, 1, "time.max", 4390.5e-6);
	assert_string_equal(f->m.rs.runs[1].command, "./svc_pgo --bench");
	assert_int_equal(f->d.n, 0);
}

static void test_old_versions(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/hyperfine/hand-old-hash.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].command, "./app_release data.bin");
	assert_value(&f->m, 1, "time.mean", 0.1196);
	/* before 1.5 the Range line had no "N runs": n is unknown, not invented */
	assert_null(find_meas(&f->m, 0, "runs"));
	assert_int_equal(find_meas(&f->m, 0, "time.mean")->n, 0);
	assert_int_equal(notes_of(&f->m, 0, NOTE_SUMMARY, &b), 1);
	assert_non_null(strstr(b.s, "1.07x faster than './app_release data.bin'"));
	buf_release(&b);
}

static void test_relative_speed(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/hyperfine/hand-relative.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_value(&f->m, 0, "time.mean", 1.912);
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &b), 1);
	assert_non_null(strstr(b.s, "1.15"));
	buf_release(&b);
}

/* A Summary line that does not read whole is said, and no note keeps a part of it. */
static void test_garbled_summary(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;
	const char *text =
		"Benchmark 1: ./a\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms    [User: 4.0 ms, System: 1.0 ms]\n"
		"  Range (min \xe2\x80\xa6 max):    4.8 ms \xe2\x80\xa6   5.2 ms    10 runs\n"
		"\n"
		"Benchmark 2: ./b\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     7.0 ms \xc2\xb1   0.1 ms    [User: 6.0 ms, System: 1.0 ms]\n"
		"  Range (min \xe2\x80\xa6 max):    6.8 ms \xe2\x80\xa6   7.2 ms    10 runs\n"
		"\n"
		"Summary\n"
		"  ./a ran\n"
		"    1.4O \xc2\xb1 0.03 times faster than ./b\n";

	import_string(&f->m, "sum.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 11, "garbled hyperfine summary line"));
	assert_int_equal(notes_of(&f->m, 1, NOTE_SUMMARY, &b), 0);
	buf_release(&b);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/hand-damaged.txt", &f->d);
	/* the cut-off fourth benchmark has no figures: not a run */
	assert_int_equal(f->m.rs.nruns, 3);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_int_equal(count_meas(&f->m, 0), 7);
	/* "3O.4 ms": no mean at all rather than a wrong one; Range kept */
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 1, "time.mean"));
	assert_null(find_meas(&f->m, 1, "user.mean"));
	assert_value(&f->m, 1, "time.min", 0.0346);
	/* a Range line cut mid-way: its numbers are not used, the Time line is */
	assert_true(f->m.rs.runs[2].flags & RUN_INCOMPLETE);
	assert_value(&f->m, 2, "time.mean", 0.035);
	assert_null(find_meas(&f->m, 2, "time.min"));
	assert_true(has_warning(&f->d, 6, "garbled hyperfine Time line"));
	assert_true(has_warning(&f->d, 11, "garbled hyperfine Range line"));
	assert_true(has_warning(&f->d, 13, "no Time line"));
}

static void test_failure(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/failure.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 2, "failed: Command terminated with non-zero exit code"));
}

static void test_pasted_shapes(void **state)
{
	struct model_fixture *f = *state;
	/* quoted, indented in a list, ANSI-coloured, CRLF: one block each */
	const char *text =
		"Some prose about the build.\n"
		"\n"
		"> Benchmark 1: ./a_release\n"
		">   Time (mean \xc2\xb1 \xcf\x83):     10.0 ms \xc2\xb1   0.5 ms    [User: 9.0 ms, System: 1.0 ms]\n"
		">   Range (min \xe2\x80\xa6 max):    9.1 ms \xe2\x80\xa6  11.2 ms    40 runs\n"
		"\n"
		"- LTO build:\n"
		"    Benchmark 1: ./a_pgo\r\n"
		"      Time (mean \xc2\xb1 \xcf\x83):      8.0 ms \xc2\xb1   0.4 ms    [User: 7.1 ms, System: 0.9 ms]\r\n"
		"      Range (min \xe2\x80\xa6 max):    7.5 ms \xe2\x80\xa6   9.0 ms    40 runs\r\n"
		"\n"
		"\x1b[1mBenchmark 1\x1b[0m: ./a_lto\n"
		"  Time (\x1b[1;32mmean\x1b[0m \xc2\xb1 \xcf\x83):     \x1b[1;32m 9.0 ms\x1b[0m \xc2\xb1 0.1 ms    [User: 8.0 ms, System: 1.0 ms]\n";

	import_string(&f->m, "pasted.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_value(&f->m, 0, "time.mean", 0.010);
	assert_value(&f->m, 1, "time.mean", 0.008);
	assert_value(&f->m, 1, "runs", 40);
	assert_value(&f->m, 2, "time.mean", 0.009);
	assert_string_equal(f->m.rs.runs[2].command, "./a_lto");
	/* the last one was cut after its Time line */
	assert_true(f->m.rs.runs[2].flags & RUN_INCOMPLETE);
	assert_int_equal(f->m.rs.runs[0].first_line, 3);
	assert_int_equal(f->m.rs.runs[1].first_line, 8);
	/* the label line governs the block below it */
	assert_string_equal(f->m.rs.runs[1].variant.text, "LTO build");
}

static void test_time_without_header(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release:\n"
			   "  Time (mean \xc2\xb1 \xcf\x83):     2.5 s \xc2\xb1 0.1 s    [User: 2.4 s, System: 0.1 s]\n"
			   "  Range (min \xe2\x80\xa6 max):   2.3 s \xe2\x80\xa6 2.7 s    10 runs\n";

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_value(&f->m, 0, "time.mean", 2.5);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_LABEL);
}

static void test_not_hyperfine(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Benchmark 1: is where we start.\n"
			   "Time (mean) was great, around 5 ms.\n"
			   "Range (min … max): who knows\n";

	import_string(&f->m, "prose.txt", text, &f->d);
	/* prose that looks like hyperfine is never read as numbers */
	assert_int_equal(f->m.rs.nmeas, 0);
}

static size_t count_samples(const struct model *m, uint32_t run)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rs.nsamples; i++)
		n += m->rs.samples[i].run == run;
	return n;
}

static void test_json_export(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/export.json", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_HYPERFINE_JSON);
	assert_string_equal(f->m.rs.runs[0].command, "./fib_O0 30");
	assert_string_equal(f->m.rs.runs[1].variant.text, "fib_O2");
	/* every run's time is a sample: the compare engine gets the raw distribution */
	assert_int_equal(count_samples(&f->m, 0), 12);
	assert_int_equal(count_samples(&f->m, 1), 12);
	assert_non_null(find_meas(&f->m, 0, "time.median"));
	assert_int_equal(find_meas(&f->m, 0, "time.mean")->n, 12);
	assert_value(&f->m, 0, "runs", 12);
	assert_int_equal(f->d.n, 0);
}

static void test_json_single_and_cut(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/hyperfine/export-single.json", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_null(find_meas(&f->m, 0, "time.stddev")); /* "stddev": null */
	assert_int_equal(count_samples(&f->m, 0), 1);

	import_sample(&f->m, "samples/hyperfine/export-cut.json", &f->d);
	/* cut in the second result: the first is kept, marked incomplete */
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[1].command, "./fib_O0 30");
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 40, "hyperfine JSON cut off"));
}

static void test_json_in_thread(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Here is my config, not a benchmark:\n"
		"```json\n"
		"{\n  \"threads\": 4,\n  \"results\": \"none yet\"\n}\n"
		"```\n"
		"PGO build:\n"
		"```json\n"
		"{\n"
		"  \"results\": [\n"
		"    {\n"
		"      \"command\": \"./app\",\n"
		"      \"mean\": 0.5,\n"
		"      \"stddev\": 0.01,\n"
		"      \"times\": [0.49, 0.51],\n"
		"      \"exit_codes\": [0, 1]\n"
		"    }\n"
		"  ]\n"
		"}\n"
		"```\n"
		"{ \"a\": 1 }\n";

	import_string(&f->m, "thread.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].variant.text, "PGO build");
	assert_true(f->m.rs.runs[0].flags & RUN_FAILED);
	assert_int_equal(f->m.rs.runs[0].first_line, 10);
	assert_int_equal(count_samples(&f->m, 0), 2);
	/* foreign JSON is neither read nor warned about */
	assert_int_equal(f->d.n, 0);
}

static void test_implausible_run_count(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Benchmark 1: ./x\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms    [User: 4.0 ms, System: 1.0 ms]\n"
		"  Range (min \xe2\x80\xa6 max):    4.8 ms \xe2\x80\xa6   5.2 ms    "
		"105556000000000000000000000000000000000000 runs\n";

	/* found by fuzzing: a count no uint32_t holds is damage, not undefined behaviour */
	import_string(&f->m, "big.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "runs"));
	assert_true(has_warning(&f->d, 3, "implausible hyperfine run count"));
	/* nothing of that line is kept: neither its run count nor its min and max */
	assert_null(find_meas(&f->m, 0, "time.min"));
	assert_null(find_meas(&f->m, 0, "time.max"));
	assert_non_null(find_meas(&f->m, 0, "time.mean"));
}

/* A figure printed but unreadable: its whole line yields nothing, the rest of the run stands. */
static void test_unreadable_figure(void **state)
{
	struct model_fixture *f = *state;
	char big[420], text[800];

	memset(big, '9', 400);
	big[400] = '\0';
	snprintf(text, sizeof(text),
		 "Benchmark 1: ./x\n"
		 "  Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms    [User: %s ms, System: 1.0 ms]\n"
		 "  Range (min \xe2\x80\xa6 max):    4.8 ms \xe2\x80\xa6   5.2 ms    10 runs\n",
		 big);
	import_string(&f->m, "big.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(has_warning(&f->d, 2, "unreadable hyperfine number"));
	assert_null(find_meas(&f->m, 0, "time.mean"));
	assert_null(find_meas(&f->m, 0, "time.stddev"));
	assert_null(find_meas(&f->m, 0, "user.mean"));
	assert_null(find_meas(&f->m, 0, "system.mean"));
	assert_non_null(find_meas(&f->m, 0, "time.min"));
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_two_commands, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_exact_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_unreadable_figure, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_garbled_summary, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_offsets_point_at_numbers, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_single_run, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_micro_and_slower, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hand_edited_mu_crlf, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_old_versions, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_relative_speed, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_failure, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_pasted_shapes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_time_without_header, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_not_hyperfine, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_implausible_run_count, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_export, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_single_and_cut, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_in_thread, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
