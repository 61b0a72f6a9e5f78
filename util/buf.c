/*
 * buf.c - growable byte buffer; see buf.h.
 */
#include "util/buf.h"
#include "util/fmt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void buf_grow(struct buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	/* a length that wrapped around (a caller's end before its start) is no room to make */
	if (extra >= SIZE_MAX - b->len)
		die("out of memory (a buffer of %zu + %zu bytes)", b->len, extra);
	if (need <= b->cap)
		return;
	if (need < b->cap * 2)
		need = b->cap * 2;
	if (need < 64)
		need = 64;
	b->s = xrealloc(b->s, need);
	b->cap = need;
}

/* The room fmt_simple() is given again when the first did not hold its text. */
#define FMT_SIMPLE_ROOM 1024

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	buf_grow(b, 64);
	va_copy(cp, ap);
	n = fmt_simple(b->s + b->len, b->cap - b->len, fmt, cp);
	va_end(cp);
	if (n < 0 && b->cap - b->len < FMT_SIMPLE_ROOM) {
		/* most failures are a line longer than the room (a note): room for it, before vsnprintf */
		buf_grow(b, FMT_SIMPLE_ROOM);
		va_copy(cp, ap);
		n = fmt_simple(b->s + b->len, b->cap - b->len, fmt, cp);
		va_end(cp);
	}
	if (n >= 0) {
		b->len += (size_t)n;
		return;
	}
	va_copy(cp, ap);
	n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		die("vsnprintf failed for format '%s'", fmt);
	if ((size_t)n >= b->cap - b->len) {
		buf_grow(b, (size_t)n);
		n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void buf_add_decimal(struct buf *b, unsigned long long v)
{
	char d[FMT_DECIMAL_MAX];

	buf_add(b, d, fmt_decimal(d, v));
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

const char *buf_str(const struct buf *b)
{
	return b->s ? b->s : "";
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *s;

	if (!b->s)
		buf_grow(b, 0), b->s[0] = '\0';
	s = b->s;
	if (len)
		*len = b->len;
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void buf_release(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
