/*
 * test_divan.c - divan's tree: a run per row with figures, its subject
 * the path down the tree (the root left out, a row indented under the
 * last branch included); time_per_op as min, max, median and mean over
 * the samples; counters and iterations not stored; "Timer precision" no
 * figure (the labelled reader once read it as a time); a garbled row
 * warned and not read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

#define BAR "\xe2\x94\x82"
#define TEE "\xe2\x94\x9c\xe2\x94\x80 "
#define ELBOW "\xe2\x95\xb0\xe2\x94\x80 "
#define MU "\xc2\xb5"

static void test_tree(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Timer precision: 20 ns\n"
		"poly         fastest       " BAR " slowest       " BAR " median        " BAR " mean          " BAR " samples " BAR " iters\n"
		TEE "lagrange                " BAR "               " BAR "               " BAR "               " BAR "         " BAR "\n"
		BAR "  " ELBOW "1      211.4 " MU "s      " BAR " 947.7 " MU "s      " BAR " 244.5 " MU "s      " BAR " 288.1 " MU "s      " BAR " 100     " BAR " 100\n"
		ELBOW "newton                  " BAR "               " BAR "               " BAR "               " BAR "         " BAR "\n"
		"   " ELBOW "10     76.28 ms      " BAR " 127.3 ms      " BAR " 115.1 ms      " BAR " 104.6 ms      " BAR " 100     " BAR " 100\n"
		"             1.435 Mitem/s " BAR " 530.3 Kitem/s " BAR " 1.189 Mitem/s " BAR " 1.094 Mitem/s " BAR "         " BAR "\n";
	const struct measurement *me;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_DIVAN);
	assert_string_equal(f->m.rs.runs[0].subject, "lagrange/1");
	assert_string_equal(f->m.rs.runs[1].subject, "newton/10");
	me = find_meas(&f->m, 0, "lagrange/1.time_per_op.min");
	assert_true(me && me->value == 211.4e-6 && me->n == 100 && me->unit == UNIT_SECOND);
	assert_true(find_meas(&f->m, 0, "lagrange/1.time_per_op.max")->value == 947.7e-6);
	assert_true(find_meas(&f->m, 0, "lagrange/1.time_per_op.median")->value == 244.5e-6);
	assert_true(find_meas(&f->m, 1, "newton/10.time_per_op.mean")->value == 104.6e-3);
	assert_int_equal(count_meas(&f->m, 1), 4); /* not the counters below it */
	assert_int_equal(f->m.rs.nmeas, 8);        /* nor the timer's precision */
	assert_int_equal(f->d.n, 0);
}

static void test_garbled(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"parse        fastest       " BAR " slowest       " BAR " median        " BAR " mean          " BAR " samples " BAR " iters\n"
		TEE "json_large   1.02l ms      " BAR " 1.650 ms      " BAR " 1.071 ms      " BAR " 1.102 ms      " BAR " 100     " BAR " 100\n"
		ELBOW "json_small   2.101 " MU "s      " BAR " 4.877 " MU "s      " BAR " 2.245 " MU "s      " BAR " 2.290 " MU "s      " BAR " 100     " BAR " 1600\n";

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].subject, "json_small");
	assert_true(has_warning(&f->d, 2, "garbled divan row"));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_tree),
		T(test_garbled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
