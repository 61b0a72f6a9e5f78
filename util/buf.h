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

void buf_grow(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *p, size_t n);
void buf_adds(struct buf *b, const char *s);
void buf_addc(struct buf *b, char c);
void buf_addf(struct buf *b, const char *fmt, ...) BD_PRINTF(2, 3);
void buf_vaddf(struct buf *b, const char *fmt, va_list ap);
/* Empty the buffer, keep its memory. */
void buf_reset(struct buf *b);
/* The contents as a string; "" for a buffer never added to. Valid until the next add. */
const char *buf_str(const struct buf *b);
/* Hand the heap string to the caller (who frees it); the buffer is left empty. */
char *buf_detach(struct buf *b, size_t *len);
/* Free the memory; the buffer is left empty and reusable. */
void buf_release(struct buf *b);

#endif
