/*
 * rx.h - PCRE2 patterns compiled once per process.
 * Each parser declares a static table of struct rx; parsers_init() compiles
 * every table once with one match data per pattern, and parsers_fini() frees
 * them. A pattern is JIT-compiled (when the JIT is available; the
 * interpreter otherwise) at its first match: most logs hold a few formats,
 * and the JIT compilation of every pattern cost more than a small log's parse. Patterns are UTF-8
 * and tolerate invalid UTF-8 in the subject (PCRE2_MATCH_INVALID_UTF), so a
 * stray byte in a log never fails a match.
 */
#ifndef BD_PARSERS_RX_H
#define BD_PARSERS_RX_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

#define RX_NAME_SLOTS 32 /* a power of two */

struct rx {
	const char *name;    /* for error messages */
	const char *pattern;
	uint32_t flags;      /* extra pcre2_compile options */
	pcre2_code *code;    /* set by rx_compile */
	pcre2_match_data *md;
	PCRE2_SIZE *ov;      /* md's ovector and its pairs, kept by rx_compile */
	uint32_t novector;
	int jit;             /* JIT-compiled: matched by pcre2_jit_match */
	int jit_tried;       /* the JIT compilation was asked for (at the first match) */
	const char *subject; /* last subject matched, for rx_group */
	/*
	 * Group numbers of names asked for, by the name's address (literals are
	 * stable): open addressing from rx_name_home(), room for every name of
	 * the largest pattern (iperf3's data line has 18), so that a lookup after
	 * the first is one comparison.
	 */
	const char *names[RX_NAME_SLOTS];
	int numbers[RX_NAME_SLOTS];
};

/* Compile `n` patterns. A bad pattern is a programming error: -1 with the PCRE2 message in *d. */
int rx_compile(struct rx *t, size_t n, struct diag *d);
void rx_free(struct rx *t, size_t n);
/*
 * Match `s[0..len)`. Returns 1 on a match, 0 on no match. Any other PCRE2
 * failure (the match or depth limit, a UTF error, no memory) also returns
 * 0, so that the line is never read in part, and is recorded as a failure
 * for rx_take_failure(): it is an error to report, not a "no match".
 */
int rx_match(struct rx *p, const char *s, size_t len);

/* A match that failed for another reason than "no match". */
struct rx_failure {
	const char *pattern; /* the pattern's name */
	const char *subject; /* the text it was matched against (a line's), valid while that is */
	char message[96];    /* PCRE2's words for it */
	unsigned long count; /* failures since the last take, this one included */
};
/*
 * Failures since the last call: 1 and the first of them in *f (the others
 * are dropped), or 0 when there was none. rx_failed() tells without
 * taking, cheaply.
 */
int rx_take_failure(struct rx_failure *f);
int rx_failed(void);

/*
 * Capture group `i` of the last match: 1 and its span, or 0 (span NULL, 0)
 * when it did not take part.
 */
int rx_group(const struct rx *p, unsigned i, const char **s, size_t *len) BD_CHECK_RESULT;
/*
 * The same by group name. `name` must be a string literal: numbers are
 * cached by its address. A name the pattern lacks is a programming error
 * that returns 0, as a group that did not take part does.
 */
int rx_named_lookup(const struct rx *p, const char *name, const char **s, size_t *len) BD_CHECK_RESULT;

/* A name's first slot in the cache: its address, multiplied (Fibonacci hashing). */
static inline unsigned rx_name_home(const char *name)
{
	return (unsigned)(((uint64_t)(uintptr_t)name * 0x9e3779b97f4a7c15ull) >> 59) & (RX_NAME_SLOTS - 1);
}

/*
 * rx_named_lookup(), with the common case inline: the name cached in its
 * first slot (its group set or not). Called for every figure of every line.
 */
static inline int BD_CHECK_RESULT rx_named(const struct rx *p, const char *name, const char **s, size_t *len)
{
	unsigned h = rx_name_home(name);
	int i = p->numbers[h];

	if (p->names[h] != name)
		return rx_named_lookup(p, name, s, len);
	if (i >= 0 && (unsigned)i < p->novector && p->ov[2 * i] != PCRE2_UNSET) {
		*s = p->subject + p->ov[2 * i];
		*len = p->ov[2 * i + 1] - p->ov[2 * i];
		return 1;
	}
	*s = NULL;
	*len = 0;
	return 0;
}
/*
 * A group that may be absent, where absence is a value: its span, or NULL
 * and 0. Every other lookup is rx_named's, and checked.
 */
void rx_optional(const struct rx *p, const char *name, const char **s, size_t *len);

#endif
