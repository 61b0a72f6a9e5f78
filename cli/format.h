/*
 * format.h - the `compare` command's outputs: a benchstat-like aligned
 * text table, a narrow Markdown table to paste into an issue, CSV (libcsv,
 * every field quoted, as the store writes) and JSON (jansson). All render
 * the same tables built by store/compare.c; none decides an exit code.
 */
#ifndef BD_CLI_FORMAT_H
#define BD_CLI_FORMAT_H

#include <stdio.h>

#include "store/compare.h"
#include "store/compare_matrix.h"

/* One baseline against `n` candidates: tables t[0..n), built with the same options. */
struct cmp_report {
	const struct experiment *e;
	const struct cmp_table *t;
	size_t n;
};

void format_text(const struct cmp_report *r, FILE *fp);
void format_markdown(const struct cmp_report *r, FILE *fp);
void format_csv(const struct cmp_report *r, FILE *fp);
/* Returns 0, or -1 when the document could not be written. */
int format_json(const struct cmp_report *r, FILE *fp);

/* `compare --matrix`: every variant in one table, the baseline first. */
void format_matrix_text(const struct cmp_matrix *x, FILE *fp);
void format_matrix_markdown(const struct cmp_matrix *x, FILE *fp);
void format_matrix_csv(const struct cmp_matrix *x, FILE *fp);
/* Returns 0, or -1 when the document could not be written. */
int format_matrix_json(const struct cmp_matrix *x, FILE *fp);

/* The display text of a variant key of `e` (the key itself when unknown). */
const char *format_variant(const struct experiment *e, const char *key);

#endif
