/*
 * util.c - allocation wrappers and die(); see util.h.
 */
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/*
 * glibc's (its <features.h> came with the headers above): mallopt() and
 * malloc_usable_size(), asked only under __GLIBC__ below. Elsewhere the
 * header may be missing or refuse to be included; nothing here needs it.
 */
#ifdef __GLIBC__
#include <malloc.h>
#endif

/*
 * A request this large is a mapping of its own (mem_setup()), which
 * grows by mremap() without a copy.
 */
#define MAPPED_MIN ((size_t)2 << 20)

static void (*die_hook)(void);

void die_set_hook(void (*hook)(void))
{
	die_hook = hook;
}

noreturn void die(const char *fmt, ...)
{
	va_list ap;

	if (die_hook) {
		void (*hook)(void) = die_hook;
		die_hook = NULL; /* a failing hook must not recurse */
		hook();
	}
	fputs("benchdelta: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void mem_setup(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	/*
	 * Requests of 2 MiB or more always get mappings of their own. glibc
	 * would otherwise raise the threshold to the size of each large
	 * block freed, and serve the next ones from the heap, where growing
	 * copies them and the heap's top, trimmed and grown again, is
	 * faulted in anew. The trim threshold it raised with it is kept as
	 * it would be.
	 */
	mallopt(M_MMAP_THRESHOLD, (int)(MAPPED_MIN - 4096));
	mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}

size_t alloc_grown(size_t cap, size_t need, size_t size)
{
	size_t grow = cap < 8 ? 8 : cap * 2;

	if (grow < need)
		grow = need;
	if (size && grow * size > MAPPED_MIN / 2 && grow * size < MAPPED_MIN)
		grow = MAPPED_MIN / size;
	return grow;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
#ifdef __GLIBC__
	if (p && n >= MAPPED_MIN) {
		size_t had = malloc_usable_size(p);

		/*
		 * A block of the heap grown to 2 MiB or more: copied into a
		 * mapping of its own, which its later growth moves by
		 * mremap(). realloc() might extend it in the heap instead,
		 * and copy it whole at a later growth.
		 */
		if (had < MAPPED_MIN - 4096) {
			void *q = xmalloc(n);

			memcpy(q, p, had < n ? had : n);
			free(p);
			return q;
		}
	}
#endif
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}
