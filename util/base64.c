/*
 * base64.c - RFC 4648 base64; see base64.h.
 */
#include "util/base64.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void base64_add(struct buf *out, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)s[i] << 16;
		size_t left = n - i;

		if (left > 1)
			v |= (unsigned)s[i + 1] << 8;
		if (left > 2)
			v |= s[i + 2];
		buf_addc(out, alphabet[v >> 18 & 63]);
		buf_addc(out, alphabet[v >> 12 & 63]);
		buf_addc(out, left > 1 ? alphabet[v >> 6 & 63] : '=');
		buf_addc(out, left > 2 ? alphabet[v & 63] : '=');
	}
}
