/*
 * hash.c - XXH3-128 content hashes as hex; see hash.h.
 */
#include "util/hash.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>
#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

#include "util/util.h"

/*
 * A libxxhash built with its x86 dispatch (which installs its header only
 * then) has entry points that take the widest vectors the CPU has (AVX2,
 * AVX-512), chosen at the first call (threads that make theirs at once
 * store the same choice): the same hashes in half the instructions of the
 * plain ones for the long inputs hashed here (a block of 600 bytes: 870 ->
 * 420; 2 KB: 2,400 -> 880). Lines (hash_line) are too short to gain: the
 * plain entry point.
 */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__has_include)
#if __has_include(<xxh_x86dispatch.h>)
#define XXH_DISPATCH_DISABLE_REPLACE
#include <xxh_x86dispatch.h>
#define HASH_128BITS XXH3_128bits_dispatch
#define HASH_128BITS_UPDATE XXH3_128bits_update_dispatch
#endif
#endif
#ifndef HASH_128BITS
#define HASH_128BITS XXH3_128bits
#define HASH_128BITS_UPDATE XXH3_128bits_update
#endif

#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
/*
 * A 64-bit half as 16 hex digits, all at once with SSE2 (every x86-64):
 * its bytes, the most significant first (swapped), split into nibbles,
 * the high one of each byte first, then each made '0' + n, or 'a' + n - 10
 * past 9. Every block's key is one: the table's way, below, took 55
 * instructions.
 */
static void half_hex(uint64_t v, char *out)
{
	__m128i b = _mm_cvtsi64_si128((long long)__builtin_bswap64(v)), low4 = _mm_set1_epi8(0x0f);
	__m128i nib = _mm_unpacklo_epi8(_mm_and_si128(_mm_srli_epi16(b, 4), low4), _mm_and_si128(b, low4));
	__m128i past9 = _mm_and_si128(_mm_cmpgt_epi8(nib, _mm_set1_epi8(9)), _mm_set1_epi8('a' - '0' - 10));

	_mm_storeu_si128((__m128i *)(void *)out, _mm_add_epi8(nib, _mm_add_epi8(past9, _mm_set1_epi8('0'))));
}
#else
/* A 64-bit half as 16 hex digits, a byte (two digits) a step: every block's key is one. */
static void half_hex(uint64_t v, char *out)
{
	static const char pairs[] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
				    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
				    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
				    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
				    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
				    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
				    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
				    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

	for (int i = 7; i >= 0; i--, v >>= 8)
		memcpy(out + 2 * i, pairs + 2 * (v & 0xff), 2);
}
#endif

static void to_hex(XXH128_hash_t h, char out[HASH_HEX_LEN + 1])
{
	half_hex(h.high64, out);
	half_hex(h.low64, out + 16);
	out[32] = '\0';
}

void hash_hex(const void *p, size_t n, char out[HASH_HEX_LEN + 1])
{
	to_hex(HASH_128BITS(p, n), out);
}

void hash_128(const void *p, size_t n, uint64_t out[2])
{
	XXH128_hash_t h = HASH_128BITS(p, n);

	out[0] = h.high64;
	out[1] = h.low64;
}

uint64_t hash_line(const void *p, size_t n)
{
	return XXH3_64bits(p, n);
}

void hash_stream_init(struct hash_stream *h)
{
	h->state = XXH3_createState();
	if (!h->state)
		die("out of memory");
	XXH3_128bits_reset(h->state);
}

void hash_stream_add(struct hash_stream *h, const void *p, size_t n)
{
	HASH_128BITS_UPDATE(h->state, p, n);
}

void hash_stream_hex(struct hash_stream *h, char out[HASH_HEX_LEN + 1])
{
	to_hex(XXH3_128bits_digest(h->state), out);
	XXH3_freeState(h->state);
	h->state = NULL;
}

int hash_is_hex(const char *s)
{
	size_t i;

	for (i = 0; s[i]; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return i == HASH_HEX_LEN;
}
