/*
 * test_snapshot.c - a snapshot is freed whole by its last holder, never
 * before; each has a generation of its own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "store/snapshot.h"

/* A model holding one tag, resolved. */
static void tagged(struct model *m)
{
	model_init(m);
	model_add_tag(m, "exp", "rel", "alloc", "jemalloc", "2026-01-01T00:00:00Z");
	model_resolve(m);
}

static void test_held_until_the_last_release(void **state)
{
	struct model m;
	struct snapshot *s, *h;
	const char *factor;

	(void)state;
	tagged(&m);
	s = snapshot_make(&m);
	assert_int_equal(m.ntags, 0); /* moved: the caller's model is empty */
	assert_int_equal(snapshot_holders(s), 1);
	h = snapshot_hold(s);
	assert_ptr_equal(h, s);
	factor = snapshot_model(s)->tags[0].factor;
	snapshot_release(s);
	assert_int_equal(snapshot_holders(h), 1);
	/* still held: what it holds is still there (ASan says so if not) */
	assert_string_equal(factor, "alloc");
	assert_string_equal(snapshot_model(h)->tags[0].level, "jemalloc");
	snapshot_release(h);
	snapshot_release(NULL);
	model_release(&m);
}

static void test_generations_differ(void **state)
{
	struct model a, b;
	struct snapshot *sa, *sb;
	unsigned ga;

	(void)state;
	tagged(&a);
	tagged(&b);
	sa = snapshot_make(&a);
	sb = snapshot_make(&b);
	ga = snapshot_generation(sa);
	assert_int_not_equal(ga, 0);
	assert_int_not_equal(ga, snapshot_generation(sb));
	/* held twice: still its generation */
	snapshot_hold(sb);
	ga = snapshot_generation(sb);
	snapshot_release(sb);
	assert_int_equal(snapshot_generation(sb), ga);
	snapshot_release(sb);
	snapshot_release(sa);
	model_release(&a);
	model_release(&b);
}

static void test_unmake_gives_the_model_back(void **state)
{
	struct model m, back;
	struct snapshot *s;

	(void)state;
	tagged(&m);
	s = snapshot_make(&m);
	snapshot_unmake(s, &back);
	assert_int_equal(back.ntags, 1);
	assert_string_equal(back.tags[0].variant, "rel");
	model_release(&back);
	model_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_held_until_the_last_release),
		cmocka_unit_test(test_generations_differ),
		cmocka_unit_test(test_unmake_gives_the_model_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
