/*
 * handnum.h - numbers as people type them: in tables, lists and prose
 * rather than in a tool's fixed format. "1.308s", "~46,900", "4'041'456",
 * "134_411_208", "97.3K", "4.2 MiB", "12 mb", "8m 25s", "1:31:18.66",
 * "< 1 ms", "0.24745±0.00046", "3.93 s (−8%)".
 *
 * The decimal mark is never guessed per number: it is decided once for a
 * whole text from the numbers that can only be read one way (numstyle_*),
 * and a number whose reading depends on it ("1,234", "1.234") is read only
 * when the text decided. Units go through units.c (unit_lookup_hand()).
 */
#ifndef BD_PARSERS_HANDNUM_H
#define BD_PARSERS_HANDNUM_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/record.h"

/* A text's decimal mark: X(ENUM, name). */
#define NUM_MARKS(X)                                                                               \
	X(UNDECIDED, "undecided") /* no number in the text tells */                                \
	X(DOT, "dot")             /* 1,234.5 */                                                    \
	X(COMMA, "comma")         /* 1.234,5 or 1 234,5 */                                         \
	X(CONFLICT, "conflict")   /* the text has numbers written both ways */

#define NUM_MARK_ENUM_(e, name) NUM_MARK_##e,
enum num_mark { NUM_MARKS(NUM_MARK_ENUM_) NUM_MARK__COUNT };
#undef NUM_MARK_ENUM_

const char *num_mark_name(enum num_mark m);

/*
 * Decide the decimal mark of text[0..len): numbers with a unit after them
 * ("1,5 s", "3m53,965s", "2.5x") are strong evidence, bare numbers weak;
 * the strong decide when there are any. Versions ("1.2.3") and lists
 * ("1,2,3") are no evidence. `example` (may be NULL) receives a number
 * that decided it, or one of each side of a conflict, NUL-terminated in
 * at most `size` bytes. Reads the whole text once; allocates nothing.
 */
enum num_mark numstyle_decide(const char *text, size_t len, char *example, size_t size);

/* What a figure's marks say about it. */
enum handnum_flag {
	HN_APPROX = 1 << 0, /* "~46,900", "≈ 3 min", "about" is prose's, not ours */
	HN_UPPER = 1 << 1,  /* "< 1 ms", "≤ 5": the value is an upper bound */
	HN_LOWER = 1 << 2,  /* "> 10 s", "≥ 5": a lower bound */
	HN_RATIO = 1 << 3,  /* "1.17x": a ratio between two figures, never a measurement */
	HN_SIGNED = 1 << 4, /* "+48 MB", "−8%": written as a change */
	HN_SUFFIX = 1 << 5, /* "97.3K": an SI suffix scaled a count */
};

/* How to read a figure that carries no unit of its own. */
struct handnum_ctx {
	enum num_mark mark;  /* the text's decimal mark */
	const char *unit;    /* a unit the header or the row name gives ("ms", "KiB"), or NULL */
	size_t unit_len;
	int size;            /* the figure is a size: "51M" is 51 MiB (ls -h, du -h) */
};

struct handnum {
	double value;        /* SI */
	enum unit unit;      /* UNIT_NONE: no unit, printed or given */
	unsigned flags;      /* enum handnum_flag */
	const char *num;     /* the printed number (digits and separators, a duration whole) */
	size_t num_len;
	int has_spread;      /* "x ± y": the figure's spread, in the same unit */
	double spread;
	const char *spread_num;
	size_t spread_len;
};

/* handnum_read()'s answers besides 0. */
#define HANDNUM_NONE (-1)      /* not a figure: words, a date, a version, garbled digits */
#define HANDNUM_AMBIGUOUS (-2) /* "1,234" in a text whose decimal mark is undecided */

/*
 * Read s[0..n) (a table cell, a list item's value; blanks around it are
 * allowed) as one figure: marks (~ ≈ < > ≤ ≥), a sign, digits with
 * separators, an SI suffix, a unit, a spread, and a trailing note in
 * parentheses that is ignored ("3.93 s (−8%)"). The whole span must be
 * that and nothing else. Returns 0 with *out filled (its pointers into
 * s), HANDNUM_NONE or HANDNUM_AMBIGUOUS. A unit that units.c does not
 * know makes it HANDNUM_NONE.
 */
int handnum_read(const char *s, size_t n, const struct handnum_ctx *ctx, struct handnum *out);

/*
 * The unit written in a header or a row name: "Time (ms)", "size [KiB]",
 * "ops/s", "binary size (bytes)", "Runtime (sec)". Sets the unit's
 * spelling inside s and returns 1, or 0 when none is written. "(ms/iter)"
 * gives "ms". A header of one letter is a name ("| A | B |"), never a unit,
 * and "min" alone is a minimum ("(min)" is minutes).
 */
int handnum_header_unit(const char *s, size_t n, const char **unit, size_t *unit_len);

#endif
