/*
 * test_bolt.c - the bbolt-style bench parser (all samples hand-written:
 * Debian has no bbolt command): exact values from Go and Rust duration
 * strings, the issue-thread shape with labels and a command line, the
 * "(ops)" column of bbolt ≥ 1.4, damage, and '#' headings left to prose.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static int is_duration_or_number(const char *s, size_t n)
{
	double v;

	return unit_duration(s, n, &v) == 0 ? 0 : num_parse(s, n, &v);
}

static void test_thread(void **state)
{
	struct model_fixture *f = *state;
	static const char *const variants[] = { "Plain release build", "With PGO", "With PGO and BOLT",
						"(only for comparison) PGO instrumented build" };

	import_sample(&f->m, "samples/bolt/hand-thread.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_int_equal(f->d.n, 0);
	for (uint32_t i = 0; i < 4; i++) {
		const struct run *r = &f->m.rs.runs[i];

		assert_int_equal(r->fmt, FMT_BOLT);
		assert_string_equal(r->variant.text, variants[i]);
		assert_int_equal(r->variant.origin, VO_LABEL);
		/* the bench command above each block: the same workload for every variant */
		assert_string_equal(r->command, "taskset -c 2 bench -c 5000000");
		assert_string_equal(r->scenario, "taskset -c 2 bench -c 5000000");
		assert_string_equal(r->subject, "");
		assert_int_equal(count_meas(&f->m, i), 6);
	}
	assert_meas(&f->m, 0, "write.time", 4.702553105, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "write.time_per_op", 940e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, 0, "write.ops_per_sec", 1063829, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, 0, "read.time", 1.048801127, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "read.time_per_op", 17e-9);
	assert_exact(&f->m, 0, "read.ops_per_sec", 58823529);
	/* TAB-separated fields (block 3); minutes and µs (block 4) */
	assert_exact(&f->m, 2, "write.time_per_op", 695e-9);
	assert_exact(&f->m, 3, "write.time", 62.512877042);
	assert_exact(&f->m, 3, "write.time_per_op", 12.502e-6);
	assert_spans(&f->m, is_duration_or_number);
}

static void test_versions(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/bolt/hand-bbolt-1.3.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_exact(&f->m, 0, "write.time", 0.041007312);
	assert_exact(&f->m, 0, "write.time_per_op", 4.1e-6);
	assert_exact(&f->m, 0, "read.ops_per_sec", 66666666);
	assert_null(find_meas(&f->m, 0, "write.ops"));
	/* the unlabelled file names its variant */
	assert_string_equal(f->m.rs.runs[0].variant.text, "hand-bbolt-1.3");
	assert_string_equal(f->m.rs.runs[0].scenario, "");

	import_sample(&f->m, "samples/bolt/hand-bbolt-1.4.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_meas(&f->m, 1, "write.ops", 10000, UNIT_COUNT, DIR_NONE);
	assert_exact(&f->m, 1, "read.ops", 68150000);
	assert_exact(&f->m, 1, "write.time_per_op", 5.261e-6);

	/* bbolt-rs: Rust Duration debug strings, seconds never roll over into minutes */
	import_sample(&f->m, "samples/bolt/hand-rust-durations.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_exact(&f->m, 2, "write.time", 75.531207311);
	assert_exact(&f->m, 2, "read.time", 1.000891);
	assert_int_equal(f->d.n, 0);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/bolt/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	/* "4.7O2553105s": the Write figures are lost, the Read line is kept */
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "write.time"));
	assert_null(find_meas(&f->m, 0, "write.ops_per_sec"));
	assert_exact(&f->m, 0, "read.time", 1.048801127);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	/* a Read line cut mid-number */
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_exact(&f->m, 1, "write.time", 3.50122695);
	assert_null(find_meas(&f->m, 1, "read.time"));
	assert_true(has_warning(&f->d, 3, "garbled bolt Write line"));
	assert_true(has_warning(&f->d, 9, "garbled bolt Read line"));
	assert_int_equal(f->d.n, 2);
}

static void test_headings_stay_prose(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "# Write path\n"
			   "\n"
			   "$ bench -c 1000\n"
			   "# Write\t1.5ms\t(1.5\xc2\xb5s/op)\t(666666 op/sec)\n"
			   "# Read\t1.0s\t(1ns/op)\t(1000000000 op/sec)\n"
			   "# Write\t1.4ms\t(1.4\xc2\xb5s/op)\t(714285 op/sec)\n"
			   "# Read\t1.0s\t(1ns/op)\t(1000000000 op/sec)\n";

	import_string(&f->m, "x.md", text, &f->d);
	/* the heading is a label, not a bolt line; two invocations, two runs */
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Write path");
	assert_string_equal(f->m.rs.runs[0].command, "bench -c 1000");
	assert_exact(&f->m, 1, "write.time", 1.4e-3);
	assert_int_equal(f->m.rs.runs[1].first_line, 6);
	assert_int_equal(f->m.rs.runs[1].last_line, 7);
	assert_int_equal(f->d.n, 0);
}

/* A garbled "# Write" line is a damaged bolt line, never the label of the run below it. */
static void test_garbled_write_not_label(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release:\n"
			   "\n"
			   "# Write\tO.5ms\t(1.5\xc2\xb5s/op)\t(666666 op/sec)\n"
			   "# Read\t1.0s\t(1ns/op)\t(1000000000 op/sec)\n"
			   "\n"
			   "# Write\t1.4ms\t(1.4\xc2\xb5s/op)\t(7I4285 op/sec)\n"
			   "\n"
			   "# Write\t1.3ms\t(1.3\xc2\xb5s/op)\t(769230 op/sec)\n"
			   "# Read\t1.0s\t(1ns/op)\t(1000000000 op/sec)\n";

	import_string(&f->m, "x.md", text, &f->d);
	assert_true(has_warning(&f->d, 3, "garbled bolt Write line"));
	assert_true(has_warning(&f->d, 6, "garbled bolt Write line"));
	assert_int_equal(f->d.n, 2);
	/* the second garbled Write line held a whole run: nothing of it is kept */
	assert_int_equal(f->m.rs.nruns, 2);
	for (uint32_t r = 0; r < f->m.rs.nruns; r++)
		assert_string_equal(f->m.rs.runs[r].variant.text, "Release");
	assert_null(find_meas(&f->m, 0, "write.time"));
	assert_exact(&f->m, 0, "read.time", 1.0);
	assert_exact(&f->m, 1, "write.time", 1.3e-3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_thread, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_versions, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_garbled_write_not_label, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_headings_stay_prose, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
