/*
 * test_recset.c - records parsed apart are appended with their runs
 * numbered on; a tool's version stated again is one fact; an arena's
 * strings live on in the arena that takes it;
 * runs removed from the middle take their records with them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "parsers/recset.h"
#include "util/arena.h"

static void test_append_numbers_runs_on(void **state)
{
	struct recset dst = RECSET_INIT, src = RECSET_INIT;
	uint32_t r;

	(void)state;
	recset_add_run(&dst);
	recset_add_meas(&dst)->run = 0;
	r = recset_add_run(&src);
	recset_add_run(&src);
	recset_add_meas(&src)->run = r + 1;
	recset_add_sample(&src)->run = r;
	recset_add_series(&src)->run = r + 1;
	recset_add_note(&src)->run = r;
	recset_add_fact(&src)->key = "k";
	recset_append(&dst, &src);
	assert_int_equal(dst.nruns, 3);
	assert_int_equal(dst.nmeas, 2);
	assert_int_equal(dst.meas[0].run, 0);
	assert_int_equal(dst.meas[1].run, 2);
	assert_int_equal(dst.samples[0].run, 1);
	assert_int_equal(dst.series[0].run, 2);
	assert_int_equal(dst.notes[0].run, 1);
	assert_int_equal(dst.nfacts, 1);
	assert_string_equal(dst.facts[0].key, "k");
	/* the source set is as it was */
	assert_int_equal(src.nruns, 2);
	assert_int_equal(src.meas[0].run, 1);
	recset_release(&dst);
	recset_release(&src);
}

/* One block's records out of a set that holds two blocks' (a batch parsed on the walk's thread). */
static void test_append_range_takes_one_block(void **state)
{
	struct recset dst = RECSET_INIT, src = RECSET_INIT;
	struct recset_mark from, to;

	(void)state;
	recset_add_run(&dst);
	/* the first block: one run, one measurement, one fact */
	recset_add_run(&src);
	recset_add_meas(&src)->run = 0;
	recset_add_fact(&src)->key = "first";
	from = recset_mark(&src);
	/* the second: two runs and a record of each kind */
	recset_add_run(&src);
	recset_add_run(&src);
	recset_add_meas(&src)->run = 2;
	recset_add_meas(&src)->run = 1;
	recset_add_sample(&src)->run = 2;
	recset_add_series(&src)->run = 1;
	recset_add_note(&src)->run = 2;
	recset_add_fact(&src)->key = "second";
	to = recset_mark(&src);
	/* (a third block's, past `to`, is not taken) */
	recset_add_run(&src);
	recset_add_meas(&src)->run = 3;
	recset_append_range(&dst, &src, &from, &to);
	assert_int_equal(dst.nruns, 3);
	assert_int_equal(dst.nmeas, 2);
	assert_int_equal(dst.meas[0].run, 2);
	assert_int_equal(dst.meas[1].run, 1);
	assert_int_equal(dst.nsamples, 1);
	assert_int_equal(dst.samples[0].run, 2);
	assert_int_equal(dst.series[0].run, 1);
	assert_int_equal(dst.notes[0].run, 2);
	assert_int_equal(dst.nfacts, 1);
	assert_string_equal(dst.facts[0].key, "second");
	/* the source set is as it was */
	assert_int_equal(src.nruns, 4);
	assert_int_equal(src.meas[1].run, 2);
	recset_release(&dst);
	recset_release(&src);
}

static struct fact *fact(struct recset *rs, uint32_t source, const char *key, const char *value,
			 int once)
{
	struct fact *f = recset_add_fact(rs);

	f->source = source;
	f->key = key;
	f->value = value;
	f->once = (uint8_t)once;
	return f;
}

static void test_once_facts(void **state)
{
	struct recset rs = RECSET_INIT;

	(void)state;
	fact(&rs, 0, "fortio", "1.60.3", 1); /* an earlier block's */
	fact(&rs, 1, "fortio", "1.60.3", 0);
	fact(&rs, 0, "fortio", "1.60.3", 1); /* again in this source: dropped */
	fact(&rs, 1, "fortio", "1.60.3", 1); /* source 1 has it already: dropped */
	fact(&rs, 0, "fortio", "1.61.0", 1); /* another version: kept */
	fact(&rs, 0, "iperf3", "3.16", 0);   /* not `once`: kept, twice */
	fact(&rs, 0, "iperf3", "3.16", 0);
	fact(&rs, 2, "fortio", "1.60.3", 1); /* a source of its own: kept */
	fact(&rs, 2, "fortio", "1.60.3", 1); /* within the new facts too: dropped */
	recset_settle_once_facts(&rs, 2);
	assert_int_equal(rs.nfacts, 6);
	assert_string_equal(rs.facts[2].value, "1.61.0");
	assert_string_equal(rs.facts[3].key, "iperf3");
	assert_string_equal(rs.facts[4].key, "iperf3");
	assert_int_equal(rs.facts[5].source, 2);
	recset_release(&rs);
}

static void test_arena_take(void **state)
{
	struct arena dst = ARENA_INIT, src = ARENA_INIT;
	const char *a, *b, *c = NULL;

	(void)state;
	a = arena_strdup(&dst, "kept by dst");
	b = arena_strdup(&src, "made in src");
	for (int i = 0; i < 3000; i++) /* several chunks */
		c = arena_printf(&src, "string %d of src", i);
	arena_take(&dst, &src);
	assert_null(src.head);
	assert_int_equal(src.used, 0);
	assert_string_equal(a, "kept by dst");
	assert_string_equal(b, "made in src");
	assert_string_equal(c, "string 2999 of src");
	/* dst goes on handing out, and src may be used again */
	assert_string_equal(arena_strdup(&dst, "after"), "after");
	assert_string_equal(arena_strdup(&src, "again"), "again");
	arena_take(&dst, &src);
	arena_take(&dst, &src); /* an empty one: nothing */
	arena_release(&dst);
}

/* Runs removed from the middle: their records go, the later ones follow their runs down. */
static void test_remove_runs(void **state)
{
	struct recset rs = RECSET_INIT;
	struct recset_mark from;

	(void)state;
	recset_add_run(&rs);
	recset_add_meas(&rs)->run = 0;
	from = recset_mark(&rs);
	for (int i = 0; i < 4; i++)
		recset_add_run(&rs);
	rs.runs[4].first_line = 44;
	recset_add_meas(&rs)->run = 1;
	recset_add_meas(&rs)->run = 2;
	recset_add_meas(&rs)->run = 4;
	recset_add_meas(&rs)->run = 3;
	recset_add_note(&rs)->run = 2;
	recset_add_note(&rs)->run = 4;
	recset_add_sample(&rs)->run = 3;
	recset_add_series(&rs)->run = 1;
	recset_add_fact(&rs)->key = "stays";
	recset_remove_runs(&rs, 1, 3, &from);
	assert_int_equal(rs.nruns, 3);
	assert_int_equal(rs.runs[2].first_line, 44);
	assert_int_equal(rs.nmeas, 3);
	assert_int_equal(rs.meas[0].run, 0);
	assert_int_equal(rs.meas[1].run, 2);
	assert_int_equal(rs.meas[2].run, 1);
	assert_int_equal(rs.nnotes, 1);
	assert_int_equal(rs.notes[0].run, 2);
	assert_int_equal(rs.nsamples, 1);
	assert_int_equal(rs.samples[0].run, 1);
	assert_int_equal(rs.nseries, 0);
	assert_int_equal(rs.nfacts, 1);
	/* an empty or impossible range changes nothing */
	recset_remove_runs(&rs, 2, 2, &from);
	recset_remove_runs(&rs, 1, 9, &from);
	assert_int_equal(rs.nruns, 3);
	recset_release(&rs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_append_numbers_runs_on),
		cmocka_unit_test(test_append_range_takes_one_block),
		cmocka_unit_test(test_once_facts),
		cmocka_unit_test(test_arena_take),
		cmocka_unit_test(test_remove_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
