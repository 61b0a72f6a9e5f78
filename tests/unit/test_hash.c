/*
 * test_hash.c - the content hashes written out (store keys: a source's
 * file name, a block's key) are XXH3-128 as 32 lowercase hex digits, the
 * high half first, whatever way they are made: hash_hex() at once,
 * hash_stream_*() in pieces of any size, hash_128() as two numbers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "util/hash.h"

/* The hex of XXH3-128 written by printf: what the store has always held. */
static void reference(const void *p, size_t n, char out[HASH_HEX_LEN + 1])
{
	XXH128_hash_t h = XXH3_128bits(p, n);

	snprintf(out, HASH_HEX_LEN + 1, "%016llx%016llx", (unsigned long long)h.high64,
		 (unsigned long long)h.low64);
}

static void test_hex_as_printf(void **state)
{
	char text[5000], want[HASH_HEX_LEN + 1], got[HASH_HEX_LEN + 1];
	uint64_t halves[2];

	(void)state;
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = (char)(i * 131 + (i >> 7));
	/* lengths around XXH3's own pieces (16, 128, 240 bytes, its 1 KiB stripes) */
	for (size_t n = 0; n <= sizeof(text); n = n < 300 ? n + 1 : n * 2 + 7) {
		reference(text, n, want);
		hash_hex(text, n, got);
		assert_string_equal(got, want);
		assert_int_equal(strlen(got), HASH_HEX_LEN);
		assert_true(hash_is_hex(got));
		hash_128(text, n, halves);
		snprintf(got, sizeof(got), "%016llx%016llx", (unsigned long long)halves[0],
			 (unsigned long long)halves[1]);
		assert_string_equal(got, want);
	}
	/* the empty text, known by its value */
	hash_hex("", 0, got);
	assert_string_equal(got, "99aa06d3014798d86001c324468d497f");
}

static void test_stream_in_pieces(void **state)
{
	static char text[300000];
	char want[HASH_HEX_LEN + 1], got[HASH_HEX_LEN + 1];
	static const size_t pieces[] = { 1, 7, 64, 1000, 4096, 65536, 262144 };

	(void)state;
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = (char)(i ^ (i >> 9));
	reference(text, sizeof(text), want);
	for (size_t k = 0; k < sizeof(pieces) / sizeof(pieces[0]); k++) {
		struct hash_stream h;

		hash_stream_init(&h);
		for (size_t at = 0; at < sizeof(text); at += pieces[k])
			hash_stream_add(&h, text + at,
					sizeof(text) - at < pieces[k] ? sizeof(text) - at : pieces[k]);
		hash_stream_hex(&h, got);
		assert_string_equal(got, want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_as_printf),
		cmocka_unit_test(test_stream_in_pieces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
