/*
 * hash.c - XXH3-128 content hashes as hex; see hash.h.
 */
#include "util/hash.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "util/util.h"

static void to_hex(XXH128_hash_t h, char out[HASH_HEX_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";

	for (int i = 0; i < 16; i++) {
		out[i] = hex[(h.high64 >> (60 - 4 * i)) & 15];
		out[16 + i] = hex[(h.low64 >> (60 - 4 * i)) & 15];
	}
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
