/*
 * test_text.c - text_find() finds what memmem() finds (the first place),
 * on random texts of a small alphabet where needles occur often, and
 * text_contains_nocase() what a tolower() scan finds.
 */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"

static unsigned long seed = 12345;

static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((seed >> 33) % n);
}

static void test_find_as_memmem(void **state)
{
	static const char alphabet[] = "ab :%Zz\xc2\xb5";
	char hay[300], needle[12];

	(void)state;
	for (int round = 0; round < 20000; round++) {
		size_t n = pick(sizeof(hay)), k = pick(sizeof(needle) - 1);

		for (size_t i = 0; i < n; i++)
			hay[i] = alphabet[pick(sizeof(alphabet) - 1)];
		if (n && k && k <= n && pick(2)) { /* a needle taken from the text */
			memcpy(needle, hay + pick((unsigned)(n - k + 1)), k);
		} else {
			for (size_t i = 0; i < k; i++)
				needle[i] = alphabet[pick(sizeof(alphabet) - 1)];
		}
		needle[k] = '\0';
		assert_ptr_equal(text_find(hay, n, needle), memmem(hay, n, needle, k));
		assert_int_equal(text_contains(hay, n, needle), memmem(hay, n, needle, k) != NULL);
		/* text_starts reads no byte past n: the needle at the start, or not */
		assert_int_equal(text_starts(hay, n, needle), n >= k && !memcmp(hay, needle, k));
	}
	assert_true(text_starts("FILE SIZE", 9, "FILE"));
	assert_false(text_starts("FILE SIZE", 3, "FILE"));
	assert_true(text_starts("x", 1, ""));
}

static int nocase_scan(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	for (size_t i = 0; i + k <= n; i++) {
		size_t j = 0;

		while (j < k && tolower((unsigned char)s[i + j]) == tolower((unsigned char)w[j]))
			j++;
		if (j == k)
			return 1;
	}
	return 0;
}

static void test_nocase(void **state)
{
	static const char alphabet[] = "aAbB eE";
	char hay[64], needle[6];

	(void)state;
	for (int round = 0; round < 20000; round++) {
		size_t n = pick(sizeof(hay)), k = 1 + pick(sizeof(needle) - 2);

		for (size_t i = 0; i < n; i++)
			hay[i] = alphabet[pick(sizeof(alphabet) - 1)];
		for (size_t i = 0; i < k; i++)
			needle[i] = alphabet[pick(sizeof(alphabet) - 1)];
		needle[k] = '\0';
		assert_int_equal(text_contains_nocase(hay, n, needle), nocase_scan(hay, n, needle));
	}
}

/* Words split on blanks (and on a separator when one is given), pointers into the line. */
static void test_split_words(void **state)
{
	const char *line = "  Latency\t 635.91us    0.89ms  ", *tok[4];
	const char *h2 = "requests: 400 total,400 started, 0 failed";
	size_t len[4], n;

	(void)state;
	n = text_split_words(line, strlen(line), 0, tok, len, 4);
	assert_int_equal(n, 3);
	assert_ptr_equal(tok[0], line + 2);
	assert_int_equal(len[0], 7);
	assert_memory_equal(tok[1], "635.91us", 8);
	assert_int_equal(len[1], 8);
	assert_memory_equal(tok[2], "0.89ms", 6);
	assert_int_equal(len[2], 6);
	/* at most `max`: the rest is not looked at */
	assert_int_equal(text_split_words(line, strlen(line), 0, tok, len, 2), 2);
	assert_int_equal(len[1], 8);
	/* a separator splits too, and a run of separators and blanks is one gap */
	n = text_split_words(h2, strlen(h2), ',', tok, len, 4);
	assert_int_equal(n, 4);
	assert_memory_equal(tok[2], "total", 5);
	assert_int_equal(len[2], 5);
	assert_memory_equal(tok[3], "400", 3);
	assert_int_equal(text_split_words(h2, strlen(h2), 0, tok, len, 4), 4);
	assert_int_equal(len[2], 9); /* "total,400" is one word without the separator */
	/* nothing but blanks, or nothing at all */
	assert_int_equal(text_split_words(" \t ", 3, 0, tok, len, 4), 0);
	assert_int_equal(text_split_words("", 0, ',', tok, len, 4), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_as_memmem),
		cmocka_unit_test(test_nocase),
		cmocka_unit_test(test_split_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
