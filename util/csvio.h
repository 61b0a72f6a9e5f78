/*
 * csvio.h - the store's CSV rows, read and written with libcsv.
 * Every field is written quoted (libcsv's csv_write always quotes), which
 * keeps the files diff-stable whatever a field holds.
 */
#ifndef BD_UTIL_CSVIO_H
#define BD_UTIL_CSVIO_H

#include <stddef.h>

#include "util/buf.h"
#include "util/diag.h"

/* Append one row of `n` fields and a newline to *out. */
void csvio_row(struct buf *out, const char *const *fields, size_t n);

/*
 * Called for each row; `fields` are NUL-terminated and valid during the
 * call only. `row` counts from 1 (the header). A non-zero return stops.
 */
typedef int (*csvio_row_fn)(char **fields, size_t n, size_t row, void *ctx);

/*
 * Read a CSV text (`name` for messages). Malformed CSV is a warning naming
 * the row; the rows before it are kept. Returns 0, or the callback's value.
 */
int csvio_parse(const char *name, const char *text, size_t len, csvio_row_fn fn, void *ctx,
		struct diag *d);
/* Read a CSV file. A missing file is -1 with an error in *d (callers decide if that matters). */
int csvio_read(const char *path, csvio_row_fn fn, void *ctx, struct diag *d);

#endif
