/*
 * dispatch.h - which parsers the segmenter asks of a line outside a block:
 * those whose START lines can begin with its first significant byte, and
 * of the parsers that name their first words (struct parser's `words`),
 * only those whose word the line begins with. Made from the parsers'
 * registry (the FORMATS table's parsers), never a list of its own.
 */
#ifndef BD_PARSERS_DISPATCH_H
#define BD_PARSERS_DISPATCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parsers/parser.h"

/*
 * Row positions a word can leave out: a parser at a later position of a
 * row is asked of every line its first byte names (asked more, never
 * less: the answers stay the same).
 */
#define DISPATCH_GATED 64
/* The words of every parser together, at most (parsers_init() checks it). */
#define DISPATCH_WORDS 512

struct dispatch_word {
	/* its first 16 bytes (fewer: masked), as dispatch_head() loads a line's */
	uint64_t head[2], head_mask[2];
	const char *w;
	uint32_t n;
	uint64_t bit; /* the row position of its parser, as a bit */
};

/* The first bytes of s[0..n), at most 16, in two words (the rest zero). */
static inline void dispatch_head(const char *s, size_t n, uint64_t h[2])
{
	h[0] = h[1] = 0;
	if (n >= 16)
		memcpy(h, s, 16);
	else
		for (size_t i = 0; i < n; i++)
			((unsigned char *)h)[i] = (unsigned char)s[i];
}

struct dispatch {
	/* for each first byte, the parsers whose START lines can begin with it, in the registry's order */
	unsigned char row[256][PARSERS_PER_BYTE];
	unsigned char nrow[256];
	uint64_t worded[256]; /* the positions of a row whose parser names its first words */
	/* the positions of row b whose parser's claim reads figures' values: valued[b][0 .. nvalued[b]), ascending */
	unsigned char valued[256][PARSERS_PER_BYTE];
	unsigned char nvalued[256];
	/* the words that begin with byte b: words[first[b] .. first[b + 1]) */
	uint16_t first[257];
	struct dispatch_word words[DISPATCH_WORDS];
	/*
	 * How many bytes of a line's text (after its indentation) the table
	 * reads digit for digit: 16, or the length of a longer word that
	 * holds a digit past its 16th byte. Two lines whose digits differ
	 * only past it get the same mask (segment.c's shapes rely on it).
	 */
	size_t digits_read;
};

/*
 * Fill *d from the parsers `ps[0..n)` (parsers_all()'s order). A parser's
 * first bytes are its words' when it names words, else its `starts`.
 */
void dispatch_build(struct dispatch *d, const struct parser *const *ps, size_t n);

/*
 * The positions of row `s[0]` to ask of the line text s[0..n) (after its
 * indentation; n > 0), as bits: every parser that names no words, and
 * those that name a word s begins with. Positions from DISPATCH_GATED on
 * are always asked (test them with dispatch_asks()).
 */
static inline uint64_t dispatch_mask(const struct dispatch *d, const char *s, size_t n)
{
	unsigned char b = (unsigned char)s[0];
	uint64_t m = ~d->worded[b], h[2];

	if (d->first[b] == d->first[b + 1])
		return m;
	dispatch_head(s, n, h);
	for (unsigned k = d->first[b]; k < d->first[b + 1]; k++) {
		const struct dispatch_word *w = &d->words[k];

		/* (sixteen bytes at a time: most words are no longer) */
		if (w->n <= n && (h[0] & w->head_mask[0]) == w->head[0] && (h[1] & w->head_mask[1]) == w->head[1] &&
		    (w->n <= 16 || !memcmp(w->w + 16, s + 16, w->n - 16)))
			m |= w->bit;
	}
	return m;
}

/* Is position k of the row asked, by mask m (dispatch_mask())? */
static inline int dispatch_asks(uint64_t m, unsigned k)
{
	return k >= DISPATCH_GATED || ((m >> k) & 1);
}

/* Does s[0..n) begin with one of p's words (1 when p names none)? */
int dispatch_word_of(const struct parser *p, const char *s, size_t n);

#endif
