/*
 * mapped.c - the registry of mapped input texts; see mapped.h.
 */
#include "util/mapped.h"

#include <fcntl.h>
#include <pthread.h>
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
/*
 * Held by each call for all it does, the madvise() and munmap() too: a
 * writer thread gives back the pages it wrote from (fd_write_all()) while
 * the import's thread maps, frees and drops, and a range is never dropped
 * after another thread unmapped it (its addresses may be a new mapping).
 */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* mapped_add(), the lock held. */
static void add(char *p, size_t len)
{
	ALLOC_GROW(maps, nmaps + 1, maps_cap);
	maps[nmaps].p = p;
	maps[nmaps].len = len;
	maps[nmaps].fd = -1;
	maps[nmaps].heap = 0;
	maps[nmaps].holds = 0;
	nmaps++;
}

void mapped_add(char *p, size_t len)
{
	pthread_mutex_lock(&lock);
	add(p, len);
	pthread_mutex_unlock(&lock);
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

/* The mapping that holds p, or NULL; the lock held, the pointer good until it is let go. */
static struct mapping *find(const char *p)
{
	for (size_t i = 0; i < nmaps; i++)
		if (p >= maps[i].p && p < maps[i].p + maps[i].len)
			return &maps[i];
	return NULL;
}

void mapped_keep_source(const char *p, int fd)
{
	struct mapping *mp;

	pthread_mutex_lock(&lock);
	mp = find(p);
	if (mp && mp->p == p && !mp->heap && mp->fd < 0 && nsources < MAPPED_SOURCES_MAX &&
	    (mp->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0)) >= 0)
		nsources++;
	pthread_mutex_unlock(&lock);
}

int mapped_source(const void *p, size_t n, long long *off)
{
	const struct mapping *mp;
	int fd = -1;

	pthread_mutex_lock(&lock);
	mp = find(p);
	if (mp && mp->fd >= 0 && n <= (size_t)(mp->p + mp->len - (const char *)p)) {
		*off = (long long)((const char *)p - mp->p);
		fd = mp->fd;
	}
	pthread_mutex_unlock(&lock);
	return fd;
}

char *mapped_hold(char *text, size_t len)
{
	struct mapping *mp;

	if (!text)
		return NULL;
	pthread_mutex_lock(&lock);
	mp = find(text);
	if (!mp || mp->p != text) {
		/* a heap text: remembered (at least a byte long, so that find() meets it) */
		add(text, len ? len : 1);
		mp = &maps[nmaps - 1];
		mp->heap = 1;
	}
	mp->holds++;
	pthread_mutex_unlock(&lock);
	return text;
}

void mapped_free(char *text)
{
	struct mapping *mp;

	if (!text)
		return;
	pthread_mutex_lock(&lock);
	mp = find(text);
	if (!mp || mp->p != text) {
		free(text);
	} else if (mp->holds) {
		mp->holds--;
	} else if (mp->heap) {
		*mp = maps[--nmaps];
		free(text);
	} else {
		munmap(mp->p, mp->len);
		if (mp->fd >= 0) {
			close(mp->fd);
			nsources--;
		}
		*mp = maps[--nmaps];
	}
	pthread_mutex_unlock(&lock);
}

void mapped_drop(const char *p, size_t n)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), from, to;
	const struct mapping *mp;

	if (!n)
		return;
	pthread_mutex_lock(&lock);
	mp = nmaps ? find(p) : NULL;
	if (mp && !mp->heap) {
		if (n > (size_t)(mp->p + mp->len - p))
			n = (size_t)(mp->p + mp->len - p);
		from = ((uintptr_t)p + page - 1) & ~(page - 1);
		to = ((uintptr_t)p + n) & ~(page - 1);
		if (to > from)
			madvise((void *)from, to - from, MADV_DONTNEED);
	}
	pthread_mutex_unlock(&lock);
}
