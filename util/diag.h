/*
 * diag.h - warnings and errors collected while reading input or the store.
 * Library code adds entries and returns; the CLI prints them to stderr as
 * "FILE:LINE: warning: TEXT", the TUI lists them. Nothing here exits.
 */
#ifndef BD_UTIL_DIAG_H
#define BD_UTIL_DIAG_H

#include <stdio.h>
#include <stdint.h>

#include "util/util.h"

enum diag_level { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR };

struct diag_entry {
	enum diag_level level;
	char *file;    /* may be NULL */
	uint32_t line; /* 0 when not about one line */
	char *text;
};

struct diag {
	struct diag_entry *v;
	size_t n, cap;
	size_t errors; /* entries with DIAG_ERROR */
};

#define DIAG_INIT { NULL, 0, 0, 0 }

/* Record one entry; `file` and the formatted text are copied. */
void diag_add(struct diag *d, enum diag_level level, const char *file, uint32_t line,
	      const char *fmt, ...) BD_PRINTF(5, 6);
/* Shorthands; diag_error() returns -1 so that library code can `return diag_error(...)`. */
void diag_warn(struct diag *d, const char *file, uint32_t line, const char *fmt, ...)
	BD_PRINTF(4, 5);
int diag_error(struct diag *d, const char *file, uint32_t line, const char *fmt, ...)
	BD_PRINTF(4, 5);
/* One entry as "FILE:LINE: warning: TEXT" (without newline) into a heap string the caller frees. */
char *diag_format_dup(const struct diag_entry *e);
/* Print entries [from, n) one per line. */
void diag_print(const struct diag *d, size_t from, FILE *fp);
/* Move all entries of `src` to the end of `dst`; `src` is left empty. */
void diag_take(struct diag *dst, struct diag *src);
void diag_release(struct diag *d);

#endif
