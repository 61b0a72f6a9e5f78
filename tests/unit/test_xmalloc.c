/*
 * test_xmalloc.c - mimalloc-bench's xmalloc-test result line: the frees
 * per second as printed in millions, exact; rtime never stored; one run
 * per line, named by the command above it; a garbled rate warned and not
 * read; the -v summary line left as prose.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_result_lines(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "$ SYSMALLOC=1 ./xmalloc-test -w 32 -t 5 -s 64\n"
			   "rtime: 1.085, free/sec: 92.164 M\n"
			   "$ LD_PRELOAD=./libtcmalloc_minimal.so.4 ./xmalloc-test -w 32 -t 5 -s 64\n"
			   "rtime: 39.578, free/sec: 2.527 M\n"
			   "$ ./xmalloc-test -w 32 -t 5 -s 64\n"
			   "rtime: 1.1O2, free/sec: 90.716 M\n"
			   "$ ./xmalloc-test -v -w 32 -t 5 -s 64\n"
			   "Total 453580000 freed in 5.00 seconds. 90.72M free/second\n"
			   "```\n";
	const struct measurement *me;

	import_string(&f->m, "x.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	me = find_meas(&f->m, 0, "free_per_sec");
	assert_non_null(me);
	assert_true(me->value == 92164000.0);
	assert_int_equal(me->unit, UNIT_PER_S);
	assert_int_equal(me->dir, DIR_HIGHER);
	assert_true(find_meas(&f->m, 1, "free_per_sec")->value == 2527000.0);
	assert_null(find_meas(&f->m, 0, "rtime"));
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_XMALLOC);
	assert_true(has_warning(&f->d, 7, "garbled xmalloc-test result line"));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_result_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
