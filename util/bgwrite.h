/*
 * bgwrite.h - file_write_new() on a thread of its own, so that a large
 * file (an imported text) is written while the caller goes on with other
 * work.
 */
#ifndef BD_UTIL_BGWRITE_H
#define BD_UTIL_BGWRITE_H

#include <stddef.h>

#include "util/diag.h"

struct bgwrite;

/*
 * Start writing the `n` bytes at `p` to a new file `path`, as
 * file_write_new() does (created, written, fsync'ed), on a second thread.
 * `p` must stay valid and unchanged until bgwrite_finish(); `path` is
 * copied. Returns NULL when no thread was started (one core, or none
 * could be had): the caller then writes the file itself.
 */
struct bgwrite *bgwrite_start(const char *path, const void *p, size_t n);

/*
 * Wait for the write and free `w`. Returns file_write_new()'s result: 0, or
 * -1 with its message in *d, or dropped when `d` is NULL (the file is
 * removed then).
 */
int bgwrite_finish(struct bgwrite *w, struct diag *d);

#endif
