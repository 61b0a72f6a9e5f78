/*
 * table_field.h - a field of the unit tests' tables of recorded reads
 * (label_lines.table, legend_lines.table): a line or a read written so
 * that it never holds a tab or a newline, and read back.
 */
#ifndef BD_TESTS_TABLE_FIELD_H
#define BD_TESTS_TABLE_FIELD_H

#include <stdlib.h>

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

#endif
