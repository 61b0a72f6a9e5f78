/*
 * arena.c - bump allocator; see arena.h.
 */
#include "util/arena.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/fmt.h"

#define CHUNK_SIZE (64 * 1024)
#define FIRST_CHUNK 1024

struct arena_chunk {
	struct arena_chunk *next;
	size_t size, used;
	alignas(max_align_t) unsigned char mem[];
};

/*
 * A new chunk that has room for `n` bytes, made the current one (or, a big
 * one-off, put behind it). Out of line: bump() inlined is the few
 * instructions of the common case alone, a string's copy (millions of them
 * in a large import) the most of its cost.
 */
static __attribute__((noinline, cold)) struct arena_chunk *new_chunk(struct arena *a, size_t n)
{
	struct arena_chunk *c = a->head;
	/* chunks double from FIRST_CHUNK: an arena of a few keys costs no 64 KiB */
	size_t grow = c ? (c->size < CHUNK_SIZE / 2 ? c->size * 2 : CHUNK_SIZE) : FIRST_CHUNK;
	size_t size = n > grow / 4 ? (n > grow ? n : grow) : grow;

	c = xmalloc(sizeof(*c) + size);
	c->size = size;
	c->used = 0;
	if (size == n && a->head) {
		/* a big one-off: keep filling the current chunk afterwards */
		c->next = a->head->next;
		a->head->next = c;
	} else {
		c->next = a->head;
		a->head = c;
	}
	return c;
}

/*
 * `n` bytes at a multiple of `align` (a power of two) in the current chunk,
 * or in a new one. Strings ask for no alignment: a run's id or a key of 22
 * bytes then takes 23, not 32, and a large import keeps millions of them.
 */
static inline void *bump(struct arena *a, size_t n, size_t align)
{
	struct arena_chunk *c = a->head;
	size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;
	void *p;

	if (!n)
		n = 1;
	if (!c || at > c->size || c->size - at < n) {
		c = new_chunk(a, n);
		at = 0;
	}
	p = c->mem + at;
	c->used = at + n;
	a->used += n;
	return p;
}

void *arena_alloc(struct arena *a, size_t n)
{
	return bump(a, n, alignof(max_align_t));
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *d;

	if (!s)
		return NULL;
	d = bump(a, n + 1, 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	char small[256];
	va_list ap;
	char *s;
	int n;

	/* most strings fit a small buffer on the stack, and need no vsnprintf either */
	va_start(ap, fmt);
	n = fmt_simple(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		va_start(ap, fmt);
		n = vsnprintf(small, sizeof(small), fmt, ap);
		va_end(ap);
	}
	if (n >= 0 && (size_t)n < sizeof(small))
		return arena_strndup(a, small, (size_t)n);
	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	s = arena_strndup(a, buf_str(&b), b.len);
	buf_release(&b);
	return s;
}

void arena_take(struct arena *dst, struct arena *src)
{
	struct arena_chunk *last = src->head;

	if (!last)
		return;
	while (last->next)
		last = last->next;
	if (dst->head) {
		/* behind dst's current chunk, which goes on filling */
		last->next = dst->head->next;
		dst->head->next = src->head;
	} else {
		dst->head = src->head;
	}
	dst->used += src->used;
	src->head = NULL;
	src->used = 0;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
	a->used = 0;
}
