/*
 * test_strmap.c - the string map every part of the program keys by: a key
 * put is found with its value however many keys came after it (the map
 * grows, keys move), a put replaces, a put_new keeps the first value and
 * says so, and a key that was never put is not found, even when its
 * content equals a stored key's but for its last byte.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strmap.h"

#define NKEYS 200000

/* NKEYS keys of the shapes the program puts: block keys' hex, long joined names */
static char **make_keys(void)
{
	char **k = calloc(NKEYS, sizeof(*k));

	assert_non_null(k);
	for (uint32_t i = 0; i < NKEYS; i++) {
		char s[96];

		if (i % 2)
			snprintf(s, sizeof(s), "%08x%012x.%u", i * 2654435761u, i, i % 7);
		else
			snprintf(s, sizeof(s), "release.txt\x1f./bench --mode=%u --threads %u\x1fLTO+PGO", i, i % 64);
		k[i] = strdup(s);
		assert_non_null(k[i]);
	}
	return k;
}

static void free_keys(char **k)
{
	for (uint32_t i = 0; i < NKEYS; i++)
		free(k[i]);
	free(k);
}

static void test_put_get_through_growth(void **state)
{
	struct strmap m = STRMAP_INIT;
	char **k = make_keys();
	uint32_t v, old;

	(void)state;
	for (uint32_t i = 0; i < NKEYS; i++) {
		assert_int_equal(strmap_put_new(&m, k[i], i, &old), 1);
		/* the first keys stay found as the map grows past them */
		if ((i & (i - 1)) == 0)
			for (uint32_t j = 0; j <= i; j += 1 + i / 64) {
				assert_int_equal(strmap_get(&m, k[j], &v), 1);
				assert_int_equal(v, j);
			}
	}
	for (uint32_t i = 0; i < NKEYS; i++) {
		/* a copy of the key (another address) finds it too */
		char copy[96];

		strcpy(copy, k[i]);
		assert_int_equal(strmap_get(&m, copy, &v), 1);
		assert_int_equal(v, i);
		/* put_new keeps the first value */
		assert_int_equal(strmap_put_new(&m, copy, i + 1, &old), 0);
		assert_int_equal(old, i);
		/* the same text but for its last byte is another key */
		copy[strlen(copy) - 1] ^= 0x40;
		assert_int_equal(strmap_get(&m, copy, NULL), 0);
	}
	/* put replaces */
	for (uint32_t i = 0; i < NKEYS; i += 3)
		strmap_put(&m, k[i], NKEYS + i);
	for (uint32_t i = 0; i < NKEYS; i++) {
		assert_int_equal(strmap_get(&m, k[i], &v), 1);
		assert_int_equal(v, i % 3 ? i : NKEYS + i);
	}
	assert_int_equal(strmap_get(&m, "", NULL), 0);
	strmap_put(&m, "", 7);
	assert_int_equal(strmap_get(&m, "", &v), 1);
	assert_int_equal(v, 7);
	strmap_release(&m);
	assert_int_equal(strmap_get(&m, k[0], NULL), 0);
	free_keys(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_get_through_growth),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
