/*
 * mapped.c - the registry of mapped input texts; see mapped.h.
 */
#include "util/mapped.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util/util.h"

static struct mapping {
	char *p;
	size_t len;
	int fd; /* the file it was mapped from (mapped_keep_source()), or -1 */
	int heap;       /* a heap text mapped_hold() remembers: never unmapped nor dropped */
	unsigned holds; /* owners besides the first (mapped_hold()) */
} *maps;
static size_t nmaps, maps_cap, nsources;

void mapped_add(char *p, size_t len)
{
	ALLOC_GROW(maps, nmaps + 1, maps_cap);
	maps[nmaps].p = p;
	maps[nmaps].len = len;
	maps[nmaps].fd = -1;
	maps[nmaps].heap = 0;
	maps[nmaps].holds = 0;
	nmaps++;
}

char *mapped_file(int fd, size_t size, int nul_after)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p;

	if (!size || page <= 0 || (nul_after && size % (size_t)page == 0))
		return NULL;
	p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return NULL;
	mapped_add(p, size);
	return p;
}

static struct mapping *find(const char *p)
{
	for (size_t i = 0; i < nmaps; i++)
		if (p >= maps[i].p && p < maps[i].p + maps[i].len)
			return &maps[i];
	return NULL;
}

void mapped_keep_source(const char *p, int fd)
{
	struct mapping *mp = find(p);

	if (!mp || mp->p != p || mp->heap || mp->fd >= 0 || nsources >= MAPPED_SOURCES_MAX)
		return;
	if ((mp->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0)) >= 0)
		nsources++;
}

int mapped_source(const void *p, size_t n, long long *off)
{
	const struct mapping *mp = nmaps ? find(p) : NULL;

	if (!mp || mp->fd < 0 || n > (size_t)(mp->p + mp->len - (const char *)p))
		return -1;
	*off = (long long)((const char *)p - mp->p);
	return mp->fd;
}

char *mapped_hold(char *text, size_t len)
{
	struct mapping *mp;

	if (!text)
		return NULL;
	mp = find(text);
	if (!mp || mp->p != text) {
		/* a heap text: remembered (at least a byte long, so that find() meets it) */
		mapped_add(text, len ? len : 1);
		mp = &maps[nmaps - 1];
		mp->heap = 1;
	}
	mp->holds++;
	return text;
}

void mapped_free(char *text)
{
	struct mapping *mp;

	if (!text)
		return;
	mp = find(text);
	if (!mp || mp->p != text) {
		free(text);
		return;
	}
	if (mp->holds) {
		mp->holds--;
		return;
	}
	if (mp->heap) {
		*mp = maps[--nmaps];
		free(text);
		return;
	}
	munmap(mp->p, mp->len);
	if (mp->fd >= 0) {
		close(mp->fd);
		nsources--;
	}
	*mp = maps[--nmaps];
}

void mapped_drop(const char *p, size_t n)
{
	const struct mapping *mp = nmaps ? find(p) : NULL;
	uintptr_t page, from, to;

	if (!mp || mp->heap || !n)
		return;
	if (n > (size_t)(mp->p + mp->len - p))
		n = (size_t)(mp->p + mp->len - p);
	page = (uintptr_t)sysconf(_SC_PAGESIZE);
	from = ((uintptr_t)p + page - 1) & ~(page - 1);
	to = ((uintptr_t)p + n) & ~(page - 1);
	if (to > from)
		madvise((void *)from, to - from, MADV_DONTNEED);
}
