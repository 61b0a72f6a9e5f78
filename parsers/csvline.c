/*
 * csvline.c - one line of a log read as one CSV record, and where its
 * fields are printed (csvline.h).
 */
#include <stdlib.h>

#include "parsers/csvline.h"
#include "util/csvio.h"
#include "util/text.h"
#include "util/util.h"

static int on_record(char **fields, size_t n, size_t row, void *ctx)
{
	struct csv_record *rec = ctx;

	(void)row;
	if (++rec->rows > 1)
		return 1;
	buf_reset(&rec->text);
	ALLOC_GROW(rec->off, n, rec->off_cap);
	rec->n = n;
	for (size_t i = 0; i < rec->n; i++) {
		rec->off[i] = rec->text.len;
		buf_adds(&rec->text, fields[i]);
		buf_addc(&rec->text, '\0');
	}
	return 0;
}

int csv_record_read(struct sink *s, const struct line *l, struct csv_record *rec)
{
	struct diag d = DIAG_INIT;

	rec->n = 0;
	rec->rows = 0;
	csvio_parse(s->name, l->s + l->indent, l->len - l->indent, on_record, rec, &d);
	if (d.n || rec->rows != 1) {
		diag_release(&d);
		return -1;
	}
	return 0;
}

const char *csv_printed_at(const struct line *l, const char **from, const char *f)
{
	const char *end = l->s + l->len;
	size_t n = strlen(f);

	for (const char *p = *from; p < end;) {
		const char *hit = text_find(p, (size_t)(end - p), f);

		if (!hit)
			return NULL;
		if ((hit == l->s + l->indent || hit[-1] == ',') && (hit + n == end || hit[n] == ',')) {
			*from = hit + n;
			return hit;
		}
		p = hit + 1;
	}
	return NULL;
}

void csv_record_release(struct csv_record *rec)
{
	buf_release(&rec->text);
	free(rec->off);
	rec->off = NULL;
	rec->off_cap = 0;
}
