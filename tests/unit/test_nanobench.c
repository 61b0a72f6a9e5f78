/*
 * test_nanobench.c - nanobench's Markdown tables: a run per row, named
 * by its benchmark; the median time per unit of work from the "ns/op"
 * column (grouped digits, the time unit and the batch's unit as
 * printed), the counters per op; op/s, IPC, miss%, relative and total
 * never stored, err% a note; unstable and failed rows said so.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_tables(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"| relative |               ns/op |                op/s |    err% |          ins/op |          cyc/op |    IPC |         bra/op |   miss% |     total | benchmark\n"
		"|---------:|--------------------:|--------------------:|--------:|----------------:|----------------:|-------:|---------------:|--------:|----------:|:----------\n"
		"|   100.0% |               35.87 |       27,881,924.28 |    2.3% |          127.80 |          114.61 |  1.115 |           9.77 |    3.7% |      0.00 | `std::default_random_engine`\n"
		"|   490.3% |          109,863.95 |            9,102.12 |   23.6% |           89.55 |           23.49 |  3.812 |           9.51 |    0.1% |      0.00 | :wavy_dash: `std::mt19937` (Unstable with ~1.0 iters. Increase `minEpochIterations` to e.g. 10)\n"
		"\n"
		"|             ns/byte |              byte/s |    err% |     total | benchmark\n"
		"|--------------------:|--------------------:|--------:|----------:|:----------\n"
		"|                3.44 |      290,324,974.28 |    1.0% |      0.04 | `HASH_1MB`\n"
		"|                   - |                   - |       - |         - | :boom: `++x` (iterations overflow. Maybe your code got optimized away?)\n";
	const struct measurement *me;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "x.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_NANOBENCH);
	assert_string_equal(f->m.rs.runs[0].subject, "std::default_random_engine");
	me = find_meas(&f->m, 0, "std::default_random_engine.time_per_op.median");
	assert_true(me && me->value == 35.87e-9 && me->unit == UNIT_SECOND && me->dir == DIR_LOWER);
	assert_true(find_meas(&f->m, 0, "std::default_random_engine.instructions_per_op.median")->value == 127.80);
	assert_true(find_meas(&f->m, 0, "std::default_random_engine.cycles_per_op.median")->value == 114.61);
	assert_true(find_meas(&f->m, 0, "std::default_random_engine.branches_per_op.median")->value == 9.77);
	assert_int_equal(count_meas(&f->m, 0), 4); /* not op/s, IPC, miss%, relative, total */
	/* grouped digits; the unstable mark and err% kept as notes */
	assert_true(find_meas(&f->m, 1, "std::mt19937.time_per_op.median")->value == 109863.95e-9);
	assert_true(notes_of(&f->m, 1, NOTE_WARNING, &notes) == 1 && strstr(notes.s, "Unstable with ~1.0 iters"));
	buf_reset(&notes);
	assert_true(notes_of(&f->m, 1, NOTE_INFO, &notes) == 1 && strstr(notes.s, "err% 23.6%"));
	buf_release(&notes);
	/* another batch unit: time per byte */
	me = find_meas(&f->m, 2, "HASH_1MB.time_per_byte.median");
	assert_true(me && me->value == 3.44e-9 && me->dir == DIR_LOWER);
	/* the failed row: no figure, said so */
	assert_true(has_warning(&f->d, 9, "nanobench row without a figure"));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
