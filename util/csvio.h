/*
 * csvio.h - CSV rows read and written with libcsv: the store's files, and
 * CSV a parser meets in a log (hyperfine --export-csv).
 * Every field is written quoted (libcsv's csv_write always quotes), which
 * keeps the files diff-stable whatever a field holds.
 */
#ifndef BD_UTIL_CSVIO_H
#define BD_UTIL_CSVIO_H

#include <stddef.h>
#include <string.h>

#include "util/buf.h"
#include "util/fmt.h"
#include "util/diag.h"

/* Append one row of `n` fields (NULL: "") and a newline to *out. */
void csvio_row(struct buf *out, const char *const *fields, size_t n);

/*
 * A row field by field, for writers that know their fields' kinds (the
 * store's millions of measurement rows): the bytes csvio_row() writes.
 * Each appends one quoted field to *out and `sep` after it, ',' between
 * fields and '\n' after the last.
 *
 * csvio_field(): any string (NULL: ""), a quote in it doubled.
 * csvio_field_plain(): the `len` bytes at `s`, which the caller knows
 * hold no quote and no NUL (a number it formatted, a name of its own).
 * csvio_field_u64(): `v` in decimal.
 */
void csvio_field(struct buf *out, const char *s, char sep);

/* Room for `n` more bytes and the NUL after out->len; where they go. */
static inline char *csvio_room(struct buf *out, size_t n)
{
	if (out->cap - out->len < n + 1)
		buf_grow(out, n);
	return out->s + out->len;
}

/* The row's end moves to `p` (within the room csvio_room() gave), NUL after it. */
static inline void csvio_end(struct buf *out, char *p)
{
	*p = '\0';
	out->len = (size_t)(p - out->s);
}

static inline void csvio_field_plain(struct buf *out, const char *s, size_t len, char sep)
{
	char *p = csvio_room(out, len + 3);

	*p++ = '"';
	memcpy(p, s, len);
	p += len;
	*p++ = '"';
	*p++ = sep;
	csvio_end(out, p);
}

static inline void csvio_field_u64(struct buf *out, unsigned long long v, char sep)
{
	char *p = csvio_room(out, FMT_DECIMAL_MAX + 3);

	*p++ = '"';
	p += fmt_decimal(p, v);
	*p++ = '"';
	*p++ = sep;
	csvio_end(out, p);
}

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
