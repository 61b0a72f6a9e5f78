/*
 * csvline.h - one line of a log read as one CSV record (libcsv, through
 * util/csvio.h), and where each unquoted field is printed in the line:
 * the CSV a parser meets in a log (hyperfine --export-csv, benchstat
 * -format csv).
 */
#ifndef BD_PARSERS_CSVLINE_H
#define BD_PARSERS_CSVLINE_H

#include "parsers/parser.h"
#include "util/buf.h"

/* One record's fields, copied out of libcsv's callback; the caller owns it (csv_record_release()). */
struct csv_record {
	struct buf text; /* the fields, each NUL-terminated */
	size_t *off, off_cap; /* where each field begins in text */
	size_t n;
	int rows;
};
#define CSV_RECORD_INIT { BUF_INIT, NULL, 0, 0, 0 }

/*
 * Read line `l` as exactly one CSV record into *rec (its fields valid
 * until the next read or the release). -1 when it is not one (malformed,
 * or two rows); nothing is warned.
 */
int csv_record_read(struct sink *s, const struct line *l, struct csv_record *rec);

/* Field i (< rec->n), NUL-terminated. */
static inline const char *csv_field(const struct csv_record *rec, size_t i)
{
	return rec->text.s + rec->off[i];
}

/*
 * Where the unquoted field `f` is printed in `l` as a whole field, searching
 * from *from (moved past it); NULL when it is not found.
 */
const char *csv_printed_at(const struct line *l, const char **from, const char *f);

void csv_record_release(struct csv_record *rec);

#endif
