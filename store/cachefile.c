/*
 * cachefile.c - a store cache file written whole, then renamed; see cachefile.h.
 */
#include "store/cachefile.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/fsutil.h"
#include "util/util.h"

/* Pieces are gathered up to this much; a larger one is written as it is. */
#define CACHEFILE_BUF ((size_t)256 << 10)

int cachefile_open(struct cachefile *w, const char *dir, const char *name)
{
	struct buf tmp = BUF_INIT, final = BUF_INIT;

	memset(w, 0, sizeof(*w));
	buf_addf(&tmp, "%s/%s.tmp.%ld", dir, name, (long)getpid());
	/* a new file of its own: never one (or a link) that was there (readers write without the lock) */
	unlink(tmp.s);
	w->fd = open(tmp.s, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (w->fd < 0) {
		buf_release(&tmp);
		return -1;
	}
	buf_addf(&final, "%s/%s", dir, name);
	w->tmp = buf_detach(&tmp, NULL);
	w->final = buf_detach(&final, NULL);
	return 0;
}

/* Sum and write `n` bytes to the file now. */
static void write_now(struct cachefile *w, const void *p, size_t n)
{
	if (w->h)
		hash_stream_add(w->h, p, n);
	if (!w->err && fd_write_all(w->fd, p, n) < 0)
		w->err = 1;
}

void cachefile_flush(struct cachefile *w)
{
	if (w->b.len)
		write_now(w, w->b.s, w->b.len);
	buf_reset(&w->b);
}

void cachefile_add(struct cachefile *w, const void *p, size_t n)
{
	if (w->b.len + n > CACHEFILE_BUF)
		cachefile_flush(w);
	if (n > CACHEFILE_BUF)
		write_now(w, p, n);
	else
		buf_add(&w->b, p, n);
}

int cachefile_close(struct cachefile *w)
{
	int rc = -1;

	cachefile_flush(w);
	if (close(w->fd) == 0 && !w->err && rename(w->tmp, w->final) == 0)
		rc = 0;
	else
		unlink(w->tmp);
	buf_release(&w->b);
	free(w->tmp);
	free(w->final);
	memset(w, 0, sizeof(*w));
	w->fd = -1;
	return rc;
}
