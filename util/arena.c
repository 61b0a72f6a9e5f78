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

struct arena_chunk {
	struct arena_chunk *next;
	size_t size, used;
	alignas(max_align_t) unsigned char mem[];
};

void *arena_alloc(struct arena *a, size_t n)
{
	const size_t align = alignof(max_align_t);
	struct arena_chunk *c = a->head;
	void *p;

	n = (n + align - 1) & ~(align - 1);
	if (!n)
		n = align;
	if (!c || c->size - c->used < n) {
		size_t size = n > CHUNK_SIZE / 4 ? n : CHUNK_SIZE;

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
	}
	p = c->mem + c->used;
	c->used += n;
	a->used += n;
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *d;

	if (!s)
		return NULL;
	d = arena_alloc(a, n + 1);
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
