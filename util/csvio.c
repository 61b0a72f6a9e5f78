/*
 * csvio.c - CSV rows through libcsv; see csvio.h.
 */
#define _GNU_SOURCE /* strchrnul */
#include "util/csvio.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "util/fsutil.h"
#include "util/mapped.h"

/*
 * A field without a quote in it is written as csv_write() would write it
 * (the field between two quotes): one strchrnul() finds its end, or a
 * quote, and one copy moves it; the store's millions of numbers and ids
 * are such fields. A field holding a quote goes to libcsv, which doubles
 * it.
 */
void csvio_field(struct buf *out, const char *s, char sep)
{
	const char *q;
	size_t len, need;

	if (!s)
		s = "";
	q = strchrnul(s, '"');
	if (!*q) {
		csvio_field_plain(out, s, (size_t)(q - s), sep);
		return;
	}
	len = (size_t)(q - s) + strlen(q);
	need = csv_write(NULL, 0, s, len);
	buf_grow(out, need + 1);
	csv_write(out->s + out->len, need, s, len);
	out->len += need;
	out->s[out->len++] = sep;
	out->s[out->len] = '\0';
}

void csvio_row(struct buf *out, const char *const *fields, size_t n)
{
	if (!n) {
		buf_addc(out, '\n');
		return;
	}
	for (size_t i = 0; i < n; i++)
		csvio_field(out, fields[i], i + 1 < n ? ',' : '\n');
}

/*
 * A row's fields gather in one buffer, each with its NUL, and are handed
 * out as pointers into it: no allocation per field (a store's file has
 * millions), and the pointers are valid during the callback only, as
 * csvio.h says.
 */
struct reader {
	struct buf text;  /* the row's fields, each NUL-terminated */
	size_t *at;       /* where each begins in `text` */
	char **fields;    /* made from `at` when the row is complete */
	size_t n, cap, fields_cap;
	size_t row;
	csvio_row_fn fn;
	void *ctx;
	int stop;
};

static void on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;

	ALLOC_GROW(r->at, r->n + 1, r->cap);
	/* libcsv's buffer is reused: copy the field now */
	r->at[r->n++] = r->text.len;
	buf_add(&r->text, s ? s : "", s ? len : 0);
	buf_addc(&r->text, '\0');
}

static void on_row(int c, void *data)
{
	struct reader *r = data;

	(void)c;
	r->row++;
	if (!r->stop) {
		ALLOC_GROW(r->fields, r->n + 1, r->fields_cap);
		for (size_t i = 0; i < r->n; i++)
			r->fields[i] = r->text.s + r->at[i];
		r->stop = r->fn(r->fields, r->n, r->row, r->ctx);
	}
	r->n = 0;
	buf_reset(&r->text);
}

/* The bytes of a text csv_parse() is given at a time: a mapped text's pages go back behind it. */
#define PARSE_PIECE ((size_t)1 << 20)

/* csvio_parse(); with `drop`, the pages of `text` parsed are given back (mapped_drop()). */
static int parse(const char *name, const char *text, size_t len, csvio_row_fn fn, void *ctx,
		 struct diag *d, int drop)
{
	struct csv_parser p;
	struct reader r;
	size_t at = 0;

	memset(&r, 0, sizeof(r));
	r.fn = fn;
	r.ctx = ctx;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		die("csv_init failed");
	while (at < len) {
		size_t piece = len - at < PARSE_PIECE ? len - at : PARSE_PIECE;

		size_t done = csv_parse(&p, text + at, piece, on_field, on_row, &r);

		if (drop)
			mapped_drop(text + at, piece);
		if (done != piece)
			break;
		at += piece;
	}
	if (at < len) {
		diag_warn(d, name, 0, "malformed CSV after row %zu (%s); the rest of the file is ignored",
			  r.row, csv_strerror(csv_error(&p)));
	} else if (csv_fini(&p, on_field, on_row, &r) != 0) {
		diag_warn(d, name, 0, "malformed CSV at the end (%s); the last row is ignored",
			  csv_strerror(csv_error(&p)));
	}
	buf_release(&r.text);
	free(r.at);
	free(r.fields);
	csv_free(&p);
	return r.stop;
}

int csvio_parse(const char *name, const char *text, size_t len, csvio_row_fn fn, void *ctx,
		struct diag *d)
{
	return parse(name, text, len, fn, ctx, d, 0);
}

int csvio_read(const char *path, csvio_row_fn fn, void *ctx, struct diag *d)
{
	char *text;
	size_t len;
	int rc;

	if (file_view(path, FILE_VIEW_MAP_MIN, &text, &len, d) < 0)
		return -1;
	rc = parse(path, text, len, fn, ctx, d, 1);
	mapped_free(text);
	return rc;
}
