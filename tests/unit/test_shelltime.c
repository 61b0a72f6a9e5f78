/*
 * test_shelltime.c - zsh's and fish's time reports on hand-written input:
 * exact values, totals past a minute and an hour, a line quoted inline,
 * commands that name the runs, fish's columns and units, damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_zsh(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "./app-pgo  0.28s user 0.02s system 124% cpu 0.242 total\n"
			   "./app  0.34s user 0.06s system 121% cpu 1:02.33 total\n"
			   "./app-pgo  5460.10s user 12.00s system 99% cpu 1:31:18.66 total\n"
			   "./app  0.3O s user 0.06s system 121% cpu 0.331 total\n"
			   "```\n"
			   "\n"
			   "And once more: `./app-lto  0.25s user 0.01s system 100% cpu 0.260 total` on the laptop.\n";

	import_string(&f->m, "z.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_ZSH_TIME);
	assert_meas(&f->m, 0, "user_time", 0.28, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "system_time", 0.02);
	assert_meas(&f->m, 0, "cpu_percent", 124, UNIT_PERCENT, DIR_NONE);
	assert_exact(&f->m, 0, "wall_time", 0.242);
	assert_exact(&f->m, 1, "wall_time", 62.33);
	assert_exact(&f->m, 2, "wall_time", 5478.66);
	assert_int_equal(must_find(&f->m, 0, "wall_time")->n, 1);
	/* the garbled line is named and gives nothing */
	assert_true(has_warning(&f->d, 5, "garbled zsh time line"));
	/* the commands name the builds */
	assert_string_equal(f->m.rs.runs[0].variant.text, "app-pgo");
	assert_string_equal(f->m.rs.runs[1].variant.text, "app");
	/* inline in backticks */
	assert_exact(&f->m, 3, "wall_time", 0.26);
	assert_string_equal(f->m.rs.runs[3].command, "./app-lto");
}

static void test_fish(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "________________________________________________________\n"
			   "Executed in    1.62 millis    fish           external \n"
			   "   usr time  1622.00 micros  409.00 micros  1213.00 micros \n"
			   "   sys time   50.00 micros   50.00 micros    0.00 micros\n"
			   "\n"
			   "Executed in    4.63 secs      fish           external\n"
			   "   usr time   15.00 millis    0.00 millis   15.00 millis\n"
			   "   sys time    1.50 mins   31.00 millis    1.5O mins\n"
			   "\n"
			   "Some prose.\n";

	import_string(&f->m, "f.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_FISH_TIME);
	assert_meas(&f->m, 0, "wall_time", 1.62e-3, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "user_time", 1622e-6);
	assert_meas(&f->m, 0, "fish.user_time", 409e-6, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, 0, "external.user_time", 1213e-6);
	assert_exact(&f->m, 0, "system_time", 50e-6);
	assert_exact(&f->m, 0, "external.system_time", 0);
	/* a report without its rule; secs and mins; a garbled sys line */
	assert_exact(&f->m, 1, "wall_time", 4.63);
	assert_exact(&f->m, 1, "user_time", 15e-3);
	assert_true(has_warning(&f->d, 8, "garbled fish time sys line"));
	assert_null(find_meas(&f->m, 1, "system_time"));
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
}

static void test_rule_alone(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "A note\n\n________________________________________________________\n\nMore prose.\n";

	import_string(&f->m, "r.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	/* a Markdown rule, not a cut report: no warning names it */
	assert_false(has_warning(&f->d, 3, ""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_zsh, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_fish, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_rule_alone, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
