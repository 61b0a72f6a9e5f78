/*
 * hash.c - XXH3-128 content hashes as hex; see hash.h.
 */
#include "util/hash.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "util/util.h"

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

static void to_hex(XXH128_hash_t h, char out[HASH_HEX_LEN + 1])
{
	half_hex(h.high64, out);
	half_hex(h.low64, out + 16);
	out[32] = '\0';
}

void hash_hex(const void *p, size_t n, char out[HASH_HEX_LEN + 1])
{
	to_hex(XXH3_128bits(p, n), out);
}

void hash_128(const void *p, size_t n, uint64_t out[2])
{
	XXH128_hash_t h = XXH3_128bits(p, n);

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
	XXH3_128bits_update(h->state, p, n);
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
