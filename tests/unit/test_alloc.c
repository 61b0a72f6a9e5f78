/*
 * test_alloc.c - the allocation wrappers' large blocks (mappings of their
 * own, a heap block grown into a fresh mapping) keep what was written and
 * hand out what was asked; an arena that has grown past its small chunks
 * keeps every string it handed out, also once taken by another arena.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/util.h"

#define MIB ((size_t)1 << 20)

/* Byte i of a pattern no two nearby offsets share. */
static unsigned char pat(size_t i)
{
	return (unsigned char)((i * 2654435761u) >> 13);
}

static void fill(unsigned char *p, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		p[i] = pat(i);
}

static int holds(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != pat(i))
			return 0;
	return 1;
}

/* An array grown from a few bytes of the heap to 40 MiB, as ALLOC_GROW grows one, written at each size. */
static void test_grown_array_keeps_its_bytes(void **state)
{
	unsigned char *p = NULL;
	size_t n = 0, cap = 0;

	(void)state;
	mem_setup();
	while (n < 40 * MIB) {
		size_t to = n ? n * 2 : 100;

		ALLOC_GROW(p, to, cap);
		fill(p, n, to);
		n = to;
		assert_true(holds(p, n));
	}
	/* past 2 MiB, then shrunk back below and grown again */
	p = xrealloc(p, MIB);
	assert_true(holds(p, MIB));
	p = xrealloc(p, 3 * MIB);
	fill(p, MIB, 3 * MIB);
	assert_true(holds(p, 3 * MIB));
	free(p);
}

/* Sizes on either side of 2 MiB (a mapping of its own), fresh and zeroed; every byte asked for is there. */
static void test_large_blocks_hold_what_was_asked(void **state)
{
	static const size_t sizes[] = { 2 * MIB - 4097, 2 * MIB - 33, 2 * MIB - 32, 2 * MIB - 1, 2 * MIB,
					2 * MIB + 1, 4 * MIB - 32, 4 * MIB, 5 * MIB + 7 };

	(void)state;
	mem_setup();
	for (size_t k = 0; k < countof(sizes); k++) {
		unsigned char *a = xmalloc(sizes[k]);
		unsigned char *z = xcalloc(sizes[k] / 8 + 1, 8);
		size_t nz = sizes[k] / 8 * 8 + 8, i;

		fill(a, 0, sizes[k]);
		for (i = 0; i < nz && !z[i]; i++)
			;
		assert_int_equal(i, nz);
		memset(z, 0xa5, nz);
		assert_true(holds(a, sizes[k]));
		a = xrealloc(a, sizes[k] + 3 * MIB);
		assert_true(holds(a, sizes[k]));
		free(a);
		free(z);
	}
}

/* 24 MiB of strings: the arena goes on in its large chunks, every string stays where it was put. */
static void test_large_arena_keeps_every_string(void **state)
{
	struct arena a = ARENA_INIT, into = ARENA_INIT;
	enum { N = 1000000 };
	char **s = xmalloc(N * sizeof(*s));
	char want[32];
	unsigned char *big;

	(void)state;
	mem_setup();
	arena_strdup(&into, "first");
	for (size_t i = 0; i < N; i++) {
		int len = snprintf(want, sizeof(want), "%zu:%zu", i, i * 7);

		s[i] = arena_strndup(&a, want, (size_t)len);
		if (i % 1000 == 0)
			memset(arena_alloc(&a, 10000), (int)(i & 0xff), 10000);
	}
	/* a one-off larger than a chunk, then small strings again */
	big = arena_alloc(&a, 9 * MIB);
	fill(big, 0, 9 * MIB);
	assert_true(a.used > 24 * MIB);
	arena_take(&into, &a);
	assert_int_equal(a.used, 0);
	for (size_t i = 0; i < N; i++) {
		snprintf(want, sizeof(want), "%zu:%zu", i, i * 7);
		assert_string_equal(s[i], want);
	}
	assert_true(holds(big, 9 * MIB));
	assert_string_equal(arena_strdup(&into, "last"), "last");
	arena_release(&into);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grown_array_keeps_its_bytes),
		cmocka_unit_test(test_large_blocks_hold_what_was_asked),
		cmocka_unit_test(test_large_arena_keeps_every_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
