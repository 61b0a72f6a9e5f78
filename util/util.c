/*
 * util.c - allocation wrappers and die(); see util.h.
 */
#include "util/util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
/*
 * glibc's (its <features.h> came with the headers above): mallopt() and
 * malloc_usable_size(), asked only under __GLIBC__ below. Elsewhere the
 * header may be missing or refuse to be included; nothing here needs it.
 */
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* An allocation this large is asked to be backed by huge pages (advise_huge()). */
#define HUGE_MIN ((size_t)2 << 20)

#if defined(__linux__) && !defined(MADV_COLLAPSE)
#define MADV_COLLAPSE 25 /* Linux 6.1; older kernels refuse it (EINVAL), which is ignored */
#endif

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

/*
 * The pages of a large allocation (the import's runs, maps and naming
 * arrays: tens of MB written once) asked for as transparent huge pages
 * where the system lets a program ask (THP "madvise"): one fault per
 * 2 MiB instead of 512, each with its memory-cgroup charge. The whole
 * mapping is advised, from the page below `p`, so that glibc's own
 * mmap()ed chunk stays one mapping and can still grow by mremap(); a
 * chunk inside the heap only has its pages flagged. Nothing changes but
 * how the kernel backs the memory, and a refusal is ignored.
 */
static void advise_huge(void *p, size_t n, int fresh)
{
#ifdef MADV_HUGEPAGE
	static size_t page;
	uintptr_t from, to;

	if (n < HUGE_MIN)
		return;
	if (!page) {
		long ps = sysconf(_SC_PAGESIZE);

		page = ps > 0 ? (size_t)ps : 4096;
	}
	from = (uintptr_t)p & ~(uintptr_t)(page - 1);
	to = ((uintptr_t)p + n + page - 1) & ~(uintptr_t)(page - 1);
	(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#ifdef MADV_COLLAPSE
	/*
	 * glibc wrote the new mapping's header before the advice came: its
	 * first huge page's worth is mapped by small pages from then on. A
	 * fresh block has nothing of the caller's there yet; made a huge page
	 * now, in one step, it is not faulted in 511 times.
	 */
	if (fresh && (to - from) % HUGE_MIN == 0 && from % HUGE_MIN == 0)
		(void)madvise((void *)from, HUGE_MIN, MADV_COLLAPSE);
#else
	(void)fresh;
#endif
#else
	(void)p;
	(void)n;
	(void)fresh;
#endif
}

/*
 * A large request rounded up so that glibc's mapping of it is a whole
 * number of huge pages (its 16-byte header and the page rounding taken
 * into account), which the kernel then places on a huge page boundary:
 * every one of its huge pages can be a huge page. At most 2 MiB of
 * address space more, never touched.
 */
static size_t huge_size(size_t n)
{
	if (n < HUGE_MIN || n > SIZE_MAX - 2 * HUGE_MIN)
		return n;
	return ((n + 32 + HUGE_MIN - 1) & ~(HUGE_MIN - 1)) - 32;
}

void mem_setup(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	/*
	 * Requests of a huge page or more always get mappings of their own
	 * (huge_size(), advise_huge()). glibc would otherwise raise the
	 * threshold to the size of each large block freed, and serve the
	 * next ones from the heap, where a block lands on huge pages only by
	 * chance and the heap's top, trimmed and grown again, is faulted in
	 * anew. The trim threshold it raised with it is kept as it would be.
	 */
	mallopt(M_MMAP_THRESHOLD, (int)(HUGE_MIN - 4096));
	mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}

size_t alloc_grown(size_t cap, size_t need, size_t size)
{
	size_t grow = cap < 8 ? 8 : cap * 2;

	if (grow < need)
		grow = need;
	if (size && grow * size > HUGE_MIN / 2 && grow * size < HUGE_MIN)
		grow = HUGE_MIN / size;
	return grow;
}

void *xmalloc(size_t n)
{
	void *p;

	n = huge_size(n);
	p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	advise_huge(p, n, 1);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p;

	if (size && n <= SIZE_MAX / size && n * size >= HUGE_MIN) {
		n = huge_size(n * size);
		size = 1;
	}
	p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die("out of memory (%zu x %zu bytes)", n, size);
	if (size && n <= SIZE_MAX / size)
		advise_huge(p, n * size, 1);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	n = huge_size(n);
#ifdef __GLIBC__
	if (p && n >= HUGE_MIN) {
		size_t had = malloc_usable_size(p);

		/*
		 * A block of the heap grown past a huge page: realloc() would
		 * copy it into a new mapping before it could be advised, page
		 * by page. Into a fresh one, advised first, instead.
		 */
		if (had < HUGE_MIN - 4096) {
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
	advise_huge(p, n, 0);
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
