/*
 * test_fmt.c - fmt_simple() writes what vsnprintf writes for the
 * conversions it takes, and declines (-1) everything else, so that its
 * callers fall back to vsnprintf; buf_addf() and arena_printf() give
 * vsnprintf's text either way.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "util/arena.h"
#include "util/buf.h"
#include "util/fmt.h"

/* fmt_simple into a buffer of `cap` bytes; its return value. */
static int simple(char *out, size_t cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_simple(out, cap, fmt, ap);
	va_end(ap);
	return n;
}

/* The same arguments through fmt_simple and snprintf: same text and length. */
#define SAME(fmt, ...)                                                                   \
	do {                                                                             \
		char a[128], b[128];                                                     \
		int na = simple(a, sizeof(a), fmt, __VA_ARGS__);                         \
		int nb = snprintf(b, sizeof(b), fmt, __VA_ARGS__);                       \
		assert_int_equal(na, nb);                                                \
		assert_string_equal(a, b);                                               \
	} while (0)

static void test_same_as_printf(void **state)
{
	(void)state;
	SAME("%s", "plain");
	SAME("%s:%u.%u", "0123456789abcdef", 12u, 3u);
	SAME("%.12s:%u.%u", "0123456789abcdef", 4294967295u, 0u);
	SAME("%.12s|", "short");
	SAME("%u\x1f%s", 7u, "app_pgo");
	SAME("%.*s", 3, "abcdef");
	SAME("%.*s!", 0, "abcdef");
	SAME("%.*s!", 9, "ab");
	SAME("%d %d %d", 0, -17, INT_MIN);
	SAME("%zu and %lu", (size_t)123456789, 42ul);
	SAME(" -c %ld -n %ld", 8l, LONG_MIN);
	SAME("100%% of %c", 'x');
	SAME("title: %.*s", 5, "hello world");
	SAME("%s, %s", "a", "");
}

static void test_decimal(void **state)
{
	char d[FMT_DECIMAL_MAX + 1];
	size_t n;

	(void)state;
	n = fmt_decimal(d, 0);
	d[n] = '\0';
	assert_string_equal(d, "0");
	n = fmt_decimal(d, ULLONG_MAX);
	d[n] = '\0';
	assert_string_equal(d, "18446744073709551615");
}

static void test_declines(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(simple(out, sizeof(out), "%5u", 3u), -1);
	assert_int_equal(simple(out, sizeof(out), "%x", 3u), -1);
	assert_int_equal(simple(out, sizeof(out), "%.3f", 1.5), -1);
	assert_int_equal(simple(out, sizeof(out), "%-8s", "a"), -1);
	assert_int_equal(simple(out, sizeof(out), "%llu", 1ull), -1);
	assert_int_equal(simple(out, sizeof(out), "%.*s", -1, "abc"), -1);
	assert_int_equal(simple(out, sizeof(out), "%s", (const char *)NULL), -1);
	assert_int_equal(simple(out, sizeof(out), "%c", 0), -1);
	assert_int_equal(simple(out, sizeof(out), "50%"), -1);
	/* too long for the buffer: declined, never cut */
	assert_int_equal(simple(out, 4, "%s", "abcd"), -1);
	assert_int_equal(simple(out, 5, "%s", "abcd"), 4);
	assert_string_equal(out, "abcd");
}

static void test_callers_fall_back(void **state)
{
	struct buf b = BUF_INIT;
	struct arena a = { 0 };
	char big[600];

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	buf_addf(&b, "%s=%.2f;", "mean", 1.25);
	buf_addf(&b, "%u", 9u);
	buf_addf(&b, "[%s]", big);
	assert_int_equal(b.len, strlen("mean=1.25;9") + sizeof(big) - 1 + 2);
	assert_memory_equal(b.s, "mean=1.25;9[x", 13);
	assert_string_equal(arena_printf(&a, "%s:%u", "abc", 5u), "abc:5");
	assert_string_equal(arena_printf(&a, "%06.2f", 3.14159), "003.14");
	assert_int_equal(strlen(arena_printf(&a, "%s%s", big, big)), 2 * (sizeof(big) - 1));
	arena_release(&a);
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_printf),
		cmocka_unit_test(test_decimal),
		cmocka_unit_test(test_declines),
		cmocka_unit_test(test_callers_fall_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
