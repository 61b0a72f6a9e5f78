/*
 * cachefile.h - a file of the store's root that is a cache (index.csv,
 * index.bin): written through a buffer into NAME.tmp.PID beside it and
 * renamed over NAME when whole, never fsync'ed (a torn or missing cache
 * only reads as stale, storeindex.h). Both index files are written so.
 */
#ifndef BD_STORE_CACHEFILE_H
#define BD_STORE_CACHEFILE_H

#include <stddef.h>

#include "util/buf.h"
#include "util/hash.h"

struct cachefile {
	int fd;
	int err;               /* a write failed, or the writer gave up: cachefile_close() renames nothing */
	struct buf b;          /* bytes not written yet */
	struct hash_stream *h; /* the bytes added are summed on the way, or NULL (cachefile_flush() first when it changes) */
	char *tmp, *final;
};

/* Open `dir`/`name`.tmp.PID for writing. 0, or -1 (nothing to release). */
int cachefile_open(struct cachefile *w, const char *dir, const char *name);
/* Add `n` bytes: buffered, or written at once when large. */
void cachefile_add(struct cachefile *w, const void *p, size_t n);
/* Write what the buffer holds. */
void cachefile_flush(struct cachefile *w);
/*
 * Flush, close, and rename the file into place unless w->err is set (then
 * it is removed); `w` is released either way. 0, or -1 when not renamed.
 */
int cachefile_close(struct cachefile *w);

#endif
