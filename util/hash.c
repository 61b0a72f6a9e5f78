/*
 * hash.c - XXH3-128 content hashes as hex; see hash.h.
 */
#include "util/hash.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>

void hash_hex(const void *p, size_t n, char out[HASH_HEX_LEN + 1])
{
	XXH128_hash_t h = XXH3_128bits(p, n);

	static const char hex[] = "0123456789abcdef";

	for (int i = 0; i < 16; i++) {
		out[i] = hex[(h.high64 >> (60 - 4 * i)) & 15];
		out[16 + i] = hex[(h.low64 >> (60 - 4 * i)) & 15];
	}
	out[32] = '\0';
}

int hash_is_hex(const char *s)
{
	size_t i;

	for (i = 0; s[i]; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return i == HASH_HEX_LEN;
}
