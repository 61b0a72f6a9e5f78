/*
 * buf.h - a growable byte buffer that is always NUL-terminated.
 * A zeroed struct buf (BUF_INIT) is an empty, valid buffer. `s` may move
 * on every add: never keep a pointer into it across an add.
 */
#ifndef BD_UTIL_BUF_H
#define BD_UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>

#include "util/util.h"

struct buf {
	char *s;    /* NUL-terminated contents; NULL only before the first add */
	size_t len; /* bytes used, not counting the NUL */
	size_t cap;
};

#define BUF_INIT { NULL, 0, 0 }

#include <string.h>

/* Room for `extra` more bytes and the NUL; `s` may move. */
void buf_grow(struct buf *b, size_t extra);

/*
 * The adds are inline: most are a few bytes into a buffer with room, and a
 * literal's length is known where it is written. They grow the buffer
 * first, so `p` must not point into it.
 */
static inline void buf_add(struct buf *b, const void *p, size_t n)
{
	if (b->len + n >= b->cap)
		buf_grow(b, n);
	if (n) /* p may be NULL when n is 0 */
		memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static inline void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

static inline void buf_addc(struct buf *b, char c)
{
	if (b->len + 2 > b->cap)
		buf_grow(b, 1);
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

/* `v` in decimal, as "%llu" prints it, without a format to read (fmt_decimal()). */
void buf_add_decimal(struct buf *b, unsigned long long v);
void buf_addf(struct buf *b, const char *fmt, ...) BD_PRINTF(2, 3);
void buf_vaddf(struct buf *b, const char *fmt, va_list ap);
/* Empty the buffer, keep its memory. */
static inline void buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}
/* The contents as a string; "" for a buffer never added to. Valid until the next add. */
const char *buf_str(const struct buf *b);
/* Hand the heap string to the caller (who frees it); the buffer is left empty. */
char *buf_detach(struct buf *b, size_t *len);
/* Free the memory; the buffer is left empty and reusable. */
void buf_release(struct buf *b);

#endif
