/*
 * rx.h - PCRE2 patterns compiled once per process.
 * Each parser declares a static table of struct rx; parsers_init() compiles
 * every table once (JIT when available, the interpreter otherwise) with one
 * match data per pattern, and parsers_fini() frees them. Patterns are UTF-8
 * and tolerate invalid UTF-8 in the subject (PCRE2_MATCH_INVALID_UTF), so a
 * stray byte in a log never fails a match.
 */
#ifndef BD_PARSERS_RX_H
#define BD_PARSERS_RX_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

#include "util/diag.h"

struct rx {
	const char *name;    /* for error messages */
	const char *pattern;
	uint32_t flags;      /* extra pcre2_compile options */
	pcre2_code *code;    /* set by rx_compile */
	pcre2_match_data *md;
	const char *subject; /* last subject matched, for rx_group */
	/* group numbers of names asked for, by the name's address (literals are stable) */
	const char *names[12];
	int numbers[12];
};

/* Compile `n` patterns. A bad pattern is a programming error: -1 with the PCRE2 message in *d. */
int rx_compile(struct rx *t, size_t n, struct diag *d);
void rx_free(struct rx *t, size_t n);
/*
 * Match `s[0..len)`. Returns 1 on a match, 0 on no match. Any other PCRE2
 * failure (match limit, ...) also returns 0 and is counted in rx_errors().
 */
int rx_match(struct rx *p, const char *s, size_t len);
/* Capture group `i` of the last match: 1 and its span, or 0 when it did not take part. */
int rx_group(const struct rx *p, unsigned i, const char **s, size_t *len);
/* The same by group name. `name` must be a string literal: numbers are cached by its address. */
int rx_named(const struct rx *p, const char *name, const char **s, size_t *len);
/* Match failures other than "no match" since start (for diagnostics in tests). */
unsigned long rx_errors(void);

#endif
