/*
 * test_base64.c - base64 against the test vectors of RFC 4648, section 10,
 * and bytes that are not text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "util/base64.h"

static void check(const char *in, size_t n, const char *want)
{
	struct buf b = BUF_INIT;

	base64_add(&b, in, n);
	assert_string_equal(buf_str(&b), want);
	buf_release(&b);
}

static void test_rfc4648(void **state)
{
	(void)state;
	check("", 0, "");
	check("f", 1, "Zg==");
	check("fo", 2, "Zm8=");
	check("foo", 3, "Zm9v");
	check("foob", 4, "Zm9vYg==");
	check("fooba", 5, "Zm9vYmE=");
	check("foobar", 6, "Zm9vYmFy");
	check("\xff\xfe\x00\x80", 4, "//4AgA==");
	check("\xc2\xb1", 2, "wrE=");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rfc4648),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
