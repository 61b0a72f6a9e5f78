/*
 * test_webtooling.c - the Web Tooling Benchmark's report: a run per tool
 * (its name the subject), runs/s and runs/sec, the first versions'
 * margin a note, the geometric mean no figure, damage and an error line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

static void test_report(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "for 128mb\n"
			   "\n"
			   "```console\n"
			   "% node-perf dist/cli.js\n"
			   "Running Web Tooling Benchmark v0.5.3\xe2\x80\xa6\n"
			   "-------------------------------------\n"
			   "         acorn: 14.11 runs/s\n"
			   "  babel-minify: 16.76 runs/s\n"
			   "        espree:  5.38 runs/s\n"
			   "-------------------------------------\n"
			   "Geometric mean: 12.45 runs/s\n"
			   "```\n"
			   "\n"
			   "Running Web Tooling Benchmark 0.0.2...\n"
			   "--------------------------------------\n"
			   "         babel:  7.42 runs/sec  \xc2\xb1" "6.67%\n"
			   "     uglify-js:  7.2x runs/sec \xc2\xb1" "11.06%\n"
			   "Encountered error running benchmark chai, aborting\xe2\x80\xa6\n";

	import_string(&f->m, "wtb.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_WEB_TOOLING);
	assert_string_equal(f->m.rs.runs[0].subject, "acorn");
	assert_meas(&f->m, 0, "acorn.ops_per_sec", 14.11, UNIT_PER_S, DIR_HIGHER);
	assert_exact(&f->m, 1, "babel-minify.ops_per_sec", 16.76);
	assert_exact(&f->m, 2, "espree.ops_per_sec", 5.38);
	/* the mean is derived: no run of its own, no figure */
	assert_exact(&f->m, 3, "babel.ops_per_sec", 7.42);
	assert_null(find_meas(&f->m, 4, "uglify-js.ops_per_sec"));
	assert_true(has_warning(&f->d, 17, "garbled Web Tooling Benchmark line"));
	assert_true(has_warning(&f->d, 18, "Encountered error running benchmark chai"));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_report),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
