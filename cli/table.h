/*
 * table.h - aligned text tables for the CLI: cells are padded by display
 * width (µ and ± take one column), the last column is never padded.
 */
#ifndef BD_CLI_TABLE_H
#define BD_CLI_TABLE_H

#include <stdio.h>

#include "util/buf.h"

struct table {
	size_t ncols;
	char **cells; /* row-major, heap */
	size_t ncells, cap;
	const char *align; /* per column 'l' or 'r'; NULL: all left */
	int skip_empty;    /* 1: a column whose every cell is empty is not printed (nor its blanks) */
	int span_headings; /* 1: a row with text in its first cell alone (a heading) widens no column */
};

void table_init(struct table *t, size_t ncols, const char *align);
/* Add one cell (copied); rows fill left to right. */
void table_add(struct table *t, const char *text);
void table_addf(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void table_print(const struct table *t, FILE *fp);
/* The columns the widest line of table_print() takes. */
int table_width(const struct table *t);
void table_release(struct table *t);

#endif
