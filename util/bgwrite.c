/*
 * bgwrite.c - file_write_new() on a thread of its own; see bgwrite.h.
 */
#include "util/bgwrite.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/fsutil.h"
#include "util/mapped.h"
#include "util/util.h"

struct bgwrite {
	pthread_t thread;
	char *path;
	const void *p;
	size_t n;
	int from;      /* the file p's bytes are mapped from, or -1 (asked on the caller's thread) */
	long long off;
	int rc;
	struct diag d; /* the writer thread's, until joined */
};

static void *write_it(void *arg)
{
	struct bgwrite *w = arg;

	w->rc = file_write_new_from(w->path, w->p, w->n, w->from, w->off, &w->d);
	return NULL;
}

struct bgwrite *bgwrite_start(const char *path, const void *p, size_t n)
{
	struct bgwrite *w;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return NULL;
	w = xcalloc(1, sizeof(*w));
	w->path = xstrdup(path);
	w->p = p;
	w->n = n;
	/* the file to copy from, when p is a mapped text that kept one (mapped.h) */
	w->from = n ? mapped_source(p, n, &w->off) : -1;
	if (pthread_create(&w->thread, NULL, write_it, w)) {
		free(w->path);
		free(w);
		return NULL;
	}
	return w;
}

int bgwrite_finish(struct bgwrite *w, struct diag *d)
{
	int rc;

	pthread_join(w->thread, NULL);
	rc = w->rc;
	if (d)
		diag_take(d, &w->d);
	diag_release(&w->d);
	free(w->path);
	free(w);
	return rc;
}
