/*
 * table_field.h - a field of the unit tests' tables of recorded reads
 * (label_lines.table, legend_lines.table): a line or a read written so
 * that it never holds a tab or a newline, and read back; the table read
 * row by row and written from stdin.
 */
#ifndef BD_TESTS_TABLE_FIELD_H
#define BD_TESTS_TABLE_FIELD_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "util/buf.h"

/* Append s[0..n) to *out with '\\', '|' and control bytes escaped. */
static inline void table_field_escape(struct buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\' || c == '|')
			buf_addc(out, '\\'), buf_addc(out, (char)c);
		else if (c < 0x20 || c == 0x7f)
			buf_addf(out, "\\x%02x", c);
		else
			buf_addc(out, (char)c);
	}
}

/* The field's text back into *out (reset first): the inverse of table_field_escape(). */
static inline void table_field_unescape(struct buf *out, const char *s, size_t n)
{
	buf_reset(out);
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\\' || i + 1 == n) {
			buf_addc(out, s[i]);
		} else if (s[i + 1] == 'x' && i + 3 < n) {
			char hex[3] = { s[i + 2], s[i + 3], 0 };

			buf_addc(out, (char)strtol(hex, NULL, 16));
			i += 3;
		} else {
			buf_addc(out, s[++i]);
		}
	}
}

/* One row of a table: its line (unescaped) and its recorded reads, from the first tab on. */
typedef void (*table_row_fn)(const struct buf *line, const char *want, void *ctx);

/*
 * Hand each row of the table open on `fp` to `row_fn` (the header, the one
 * line without a tab, skipped); `line` is valid only during the call.
 * Returns the number of rows.
 */
static inline size_t table_rows(FILE *fp, table_row_fn row_fn, void *ctx)
{
	struct buf line = BUF_INIT;
	char *text = NULL;
	size_t cap = 0, rows = 0;
	ssize_t len;

	while ((len = getline(&text, &cap, fp)) > 0) {
		const char *tab;

		if (text[len - 1] == '\n')
			text[--len] = '\0';
		if (!(tab = strchr(text, '\t')))
			continue; /* the header: no tab */
		table_field_unescape(&line, text, (size_t)(tab - text));
		row_fn(&line, tab, ctx);
		rows++;
	}
	free(text);
	buf_release(&line);
	return rows;
}

/* What a reader reads of s[0..n), appended to *row: a tab before each field. */
typedef void (*table_read_fn)(const char *s, size_t n, struct buf *row, void *ctx);

/* `--write-table`: for each line of stdin, the line escaped and its reads, one row on stdout. */
static inline void table_write(table_read_fn read_fn, void *ctx)
{
	struct buf row = BUF_INIT;
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;

	while ((len = getline(&text, &cap, stdin)) > 0) {
		if (text[len - 1] == '\n')
			text[--len] = '\0';
		buf_reset(&row);
		table_field_escape(&row, text, (size_t)len);
		read_fn(text, (size_t)len, &row, ctx);
		puts(buf_str(&row));
	}
	free(text);
	buf_release(&row);
}

#endif
