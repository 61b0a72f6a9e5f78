/*
 * test_abbrev.c - util/abbrev.c: column headers that tell variant names
 * apart, on the names of the real threads (quilkin's size table, rathole,
 * bbolt) and on names that share long prefixes and suffixes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "util/abbrev.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* abbrev_trim(names) must return `ok` and give `want`. */
static void check(const char *const *names, size_t n, int ok, const char *const *want)
{
	char *out[16];

	assert_int_equal(abbrev_trim(names, n, out), ok);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(out[i], want[i]);
		free(out[i]);
	}
}

static void test_quilkin(void **state)
{
	static const char *const names[] = { "relay_release", "relay_lto", "relay_release_pgo_optimized",
					     "relay_lto_instrumented", "relay_release_instrumented" };
	static const char *const want[] = { "release", "lto", "release_pgo_optimized", "lto_instrumented",
					    "release_instrumented" };

	(void)state;
	check(names, N(names), 1, want);
}

static void test_rathole(void **state)
{
	/* one name is the other's prefix: the shared part stops at a word boundary before its end */
	static const char *const names[] = { "Rathole Release", "Rathole Release + PGO-optimized" };
	static const char *const want[] = { "Release", "Release + PGO-optimized" };

	(void)state;
	check(names, N(names), 1, want);
}

static void test_nothing_shared(void **state)
{
	/* bbolt: "Release" is a whole name, so nothing can be dropped */
	static const char *const names[] = { "Release", "Release + PGO optimization",
					     "Release + PGO instrumentation" };

	(void)state;
	check(names, N(names), 0, names);
}

static void test_prefix_and_suffix(void **state)
{
	static const char *const names[] = {
		"my-very-long-service-name-release-thin-lto-x86_64", "my-very-long-service-name-release-fat-lto-x86_64",
		"my-very-long-service-name-pgo-x86_64",
	};
	static const char *const want[] = { "release-thin-lto", "release-fat-lto", "pgo" };

	(void)state;
	check(names, N(names), 1, want);
}

static void test_only_separators(void **state)
{
	/* GCC's flags share only their "-": dropping it would say "O0" for -O0 */
	static const char *const names[] = { "-O0", "-O2", "-Os_lto" };

	(void)state;
	check(names, N(names), 0, names);
}

static void test_not_inside_a_word(void **state)
{
	/* "app_pgo" and "app_pgo_bolt" share "app_pgo", but the cut is after "app_" */
	static const char *const names[] = { "app_release", "app_pgo", "app_pgo_bolt" };
	static const char *const want[] = { "release", "pgo", "pgo_bolt" };
	static const char *const words[] = { "build12", "build13" };

	(void)state;
	check(names, N(names), 1, want);
	check(words, N(words), 0, words); /* "build1" is no word of its own */
}

static void test_letters(void **state)
{
	char b[8];

	(void)state;
	assert_string_equal(abbrev_letter(0, b), "A");
	assert_string_equal(abbrev_letter(25, b), "Z");
	assert_string_equal(abbrev_letter(26, b), "AA");
	assert_string_equal(abbrev_letter(27, b), "AB");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quilkin),        cmocka_unit_test(test_rathole),
		cmocka_unit_test(test_nothing_shared), cmocka_unit_test(test_prefix_and_suffix),
		cmocka_unit_test(test_only_separators), cmocka_unit_test(test_not_inside_a_word), cmocka_unit_test(test_letters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
