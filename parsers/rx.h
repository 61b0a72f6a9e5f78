/*
 * rx.h - PCRE2 patterns compiled once per process.
 * Each parser declares a static table of struct rx; parsers_init() compiles
 * every table once with one match data per pattern, and parsers_fini() frees
 * them. A pattern is JIT-compiled (when the JIT is available; the
 * interpreter otherwise) at its first match: most logs hold a few formats,
 * and the JIT compilation of every pattern cost more than a small log's parse.
 *
 * Two threads may match the same patterns (parsers/segpipe.c): each has its
 * lane of match data, last subject and group-number cache, chosen by the
 * struct rx_thread it matches with (its parse context's: parse_ctx.h).
 * A second lane is made, and every pattern JIT-compiled, by
 * rx_prepare_lane() before a second thread starts; from then on the
 * tables are read only, but for each thread's own lane.
 *
 * Patterns are UTF-8 and tolerate invalid UTF-8 in the subject
 * (PCRE2_MATCH_INVALID_UTF), so a stray byte in a log never fails a match.
 */
#ifndef BD_PARSERS_RX_H
#define BD_PARSERS_RX_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util/diag.h"

#define RX_NAME_SLOTS 32 /* a power of two */
#define RX_LANES 2       /* threads that may match at once: the caller's and the segmenter's */

/* One thread's matching state of a pattern. */
struct rx_lane {
	pcre2_match_data *md;
	PCRE2_SIZE *ov;      /* md's ovector, kept with it */
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

struct rx {
	const char *name;    /* for error messages */
	const char *pattern;
	uint32_t flags;      /* extra pcre2_compile options */
	pcre2_code *code;    /* set by rx_compile */
	uint32_t novector;   /* ovector pairs of a match data made from it */
	int jit;             /* JIT-compiled: matched by pcre2_jit_match */
	int jit_tried;       /* the JIT compilation was asked for (at the first match) */
	struct rx_lane lane[RX_LANES];
};


/* A match that failed for another reason than "no match". */
struct rx_failure {
	const char *pattern; /* the pattern's name */
	const char *subject; /* the text it was matched against (a line's), valid while that is */
	char message[96];    /* PCRE2's words for it */
	unsigned long count; /* failures since the last take, this one included */
};

/*
 * One thread's matching: the lane of every pattern it uses (0, or 1 for
 * segpipe.c's walker) and its failed matches since the last take. Part of
 * the thread's parse context (parse_ctx.h); zeroed is lane 0, no failure.
 * Every function below that takes one needs one (a caller without a
 * context, as the TUI's search, keeps its own zeroed one).
 */
struct rx_thread {
	unsigned lane;
	struct rx_failure failure; /* the first failure since the last take */
	unsigned long failed;      /* failures since the last take */
};

/* Compile `n` patterns. A bad pattern is a programming error: -1 with the PCRE2 message in *d. */
int rx_compile(struct rx *t, size_t n, struct diag *d);
/*
 * Make lane `lane` of `n` compiled patterns and JIT-compile each one now,
 * so that no match writes the shared part of a pattern any more. Called on
 * one thread while no other matches; 0, or -1 when memory runs out.
 */
int rx_prepare_lane(struct rx *t, size_t n, unsigned lane);
void rx_free(struct rx *t, size_t n);
/*
 * Match `s[0..len)`. Returns 1 on a match, 0 on no match. Any other PCRE2
 * failure (the match or depth limit, a UTF error, no memory) also returns
 * 0, so that the line is never read in part, and is recorded as a failure
 * for rx_take_failure(): it is an error to report, not a "no match".
 */
int rx_match(struct rx_thread *t, struct rx *p, const char *s, size_t len);

/*
 * t's failures since its last take: 1 and the first of them in *f (the
 * others are dropped), or 0 when there was none. rx_failed() tells
 * without taking, cheaply.
 */
int rx_take_failure(struct rx_thread *t, struct rx_failure *f);
static inline int rx_failed(const struct rx_thread *t)
{
	return t->failed > 0;
}
/*
 * Give back a failure rx_take_failure() took, as t's first (the count
 * adds to failures since): a caller that runs other matches before its
 * own report holds its failure aside meanwhile.
 */
void rx_put_back_failure(struct rx_thread *t, const struct rx_failure *f);

/*
 * Capture group `i` of t's last match of `p`: 1 and its span, or 0 (span
 * NULL, 0) when it did not take part. Inline: the parsers read every
 * figure of their hottest lines by number (an enum of the pattern's
 * groups beside it, held to the names by tests/unit/test_scan.c), which
 * spares the name's lookup of rx_named().
 */
static inline int BD_CHECK_RESULT rx_group(const struct rx_thread *t, const struct rx *p, unsigned i,
					   const char **s, size_t *len)
{
	const struct rx_lane *l = &p->lane[t->lane];

	if (i < p->novector && l->ov[2 * i] != PCRE2_UNSET) {
		*s = l->subject + l->ov[2 * i];
		*len = l->ov[2 * i + 1] - l->ov[2 * i];
		return 1;
	}
	*s = NULL;
	*len = 0;
	return 0;
}
/*
 * The same by group name. `name` must be a string literal: numbers are
 * cached by its address. A name the pattern lacks is a programming error
 * that returns 0, as a group that did not take part does.
 */
int rx_named_lookup(const struct rx_thread *t, const struct rx *p, const char *name, const char **s,
		    size_t *len) BD_CHECK_RESULT;

/* A name's first slot in the cache: its address, multiplied (Fibonacci hashing). */
static inline unsigned rx_name_home(const char *name)
{
	return (unsigned)(((uint64_t)(uintptr_t)name * 0x9e3779b97f4a7c15ull) >> 59) & (RX_NAME_SLOTS - 1);
}

/*
 * rx_named_lookup(), with the common case inline: the name cached in its
 * first slot or the one after it (its group set or not). Called for every
 * figure of every line; a pattern of many names (iperf3's 18) has a few
 * that met another in their first slot, where they would otherwise take
 * the call every time.
 */
static inline int BD_CHECK_RESULT rx_named(const struct rx_thread *t, const struct rx *p, const char *name,
					    const char **s, size_t *len)
{
	const struct rx_lane *l = &p->lane[t->lane];
	unsigned h = rx_name_home(name);
	int i;

	if (l->names[h] != name) {
		h = (h + 1) & (RX_NAME_SLOTS - 1);
		if (l->names[h] != name)
			return rx_named_lookup(t, p, name, s, len);
	}
	i = l->numbers[h];
	if (i >= 0 && (unsigned)i < p->novector && l->ov[2 * i] != PCRE2_UNSET) {
		*s = l->subject + l->ov[2 * i];
		*len = l->ov[2 * i + 1] - l->ov[2 * i];
		return 1;
	}
	*s = NULL;
	*len = 0;
	return 0;
}
/*
 * A hand scanner's match (parsers/scan.h) of `p` on s[0..len): every group
 * unset, the whole match the subject; returns the lane's match vector, in
 * which the scanner sets the groups it found (by number). rx_group and
 * rx_named then read them as after an rx_match() that found those groups.
 * A scanner that is unsure never calls it, and the caller matches the
 * pattern instead.
 */
static inline PCRE2_SIZE *rx_scan_begin(const struct rx_thread *t, struct rx *p, const char *s, size_t len)
{
	struct rx_lane *l = &p->lane[t->lane];

	_Static_assert(PCRE2_UNSET == ~(PCRE2_SIZE)0, "PCRE2_UNSET is all ones");
	/* inline: every hand scanner's match comes here, and a call cost about what the stores do */
	memset(l->ov, 0xff, 2 * p->novector * sizeof(*l->ov));
	l->ov[0] = 0;
	l->ov[1] = len;
	l->subject = s;
	return l->ov;
}

/*
 * A group that may be absent, where absence is a value: its span, or NULL
 * and 0. Every other lookup is rx_named's, and checked.
 */
void rx_optional(const struct rx_thread *t, const struct rx *p, const char *name, const char **s, size_t *len);

#endif
