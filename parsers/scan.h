/*
 * scan.h - hand scanners for the hottest patterns, and the few steps they
 * are written in.
 *
 * A scanner reads one line shape of a pattern (iperf3's TCP data line,
 * hyperfine's "Time (mean ± σ)" line...) without the regex machinery. It is
 * a shortcut, never a second definition: the pattern stays the reference.
 * A scanner returns 1 only when the line is in the plain shape it knows,
 * having set every group it found through rx_scan_begin()/rx_scan_group()
 * exactly as a match of the pattern would have; on anything else (odd
 * bytes, other units, a damaged figure, a rarer variant of the line) it
 * returns 0 and sets nothing, and the caller matches the pattern. So a
 * damaged line reads as it did: no match, and the parser's warning.
 * tests/unit/test_scan.c feeds each scanner and its pattern the same lines
 * (real ones, edge cases and mutations of them) and checks they agree.
 *
 * The steps below move a cursor *p over s up to e: 1 and *p past what they
 * read, or 0 (and *p anywhere) when it is not there. A scanner writes the
 * groups it found straight into the match's vector, by their numbers in
 * the pattern (a number that is wrong fails tests/unit/test_scan.c, which
 * compares every group of the vector).
 */
#ifndef BD_PARSERS_SCAN_H
#define BD_PARSERS_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parsers/rx.h"

/* The steps are a few instructions each, and a scanner calls them often: inlined wherever used. */
#if defined(__GNUC__)
#define SCAN_STEP static inline __attribute__((always_inline))
#else
#define SCAN_STEP static inline
#endif

/* The bytes a pattern's \s matches that the scanners accept: a blank or a tab (any other is the pattern's). */
SCAN_STEP int scan_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

SCAN_STEP int scan_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * \s* : blanks, none or more. 1 when there was one at least. Columns are
 * padded with runs of blanks: eight bytes are compared at once where the
 * byte order allows.
 */
SCAN_STEP int scan_blanks(const char **p, const char *e)
{
	const char *q = *p;

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (;;) {
		uint64_t w;

		if (e - q < 8) {
			while (q < e && scan_is_blank(*q))
				q++;
			break;
		}
		memcpy(&w, q, 8);
		w ^= 0x2020202020202020ull; /* a blank's byte becomes 0 */
		if (w) {
			q += (unsigned)__builtin_ctzll(w) >> 3; /* to the first byte that is no blank */
			if (*q != '\t')
				break;
			q++;
		} else {
			q += 8;
		}
	}
#else
	while (q < e && scan_is_blank(*q))
		q++;
#endif
	if (q == *p)
		return 0;
	*p = q;
	return 1;
}

/*
 * A byte of free text (a name, a command) the scanners leave to the
 * pattern: a control byte but the tab (a \s the scanners do not take, or
 * a newline '.' stops at), or any byte of UTF-8 (the pattern's '.' reads a
 * valid sequence and stops at an invalid one).
 */
SCAN_STEP int scan_is_odd(char c)
{
	/* outside ' '..'~' (one unsigned comparison, whatever the sign of char), and no tab */
	return (unsigned char)(c - ' ') > '~' - ' ' && c != '\t';
}

/*
 * Free text to the end of the line, the pattern's "(.*?)\s*$": the end of
 * from..e without its trailing blanks, or NULL when it holds an odd byte.
 */
static inline const char *scan_text_end(const char *from, const char *e)
{
	const char *end = from;

	for (const char *p = from; p < e; p++) {
		if (scan_is_odd(*p))
			return NULL;
		if (!scan_is_blank(*p))
			end = p + 1;
	}
	return end;
}

/* [0-9]+ */
SCAN_STEP int scan_digits(const char **p, const char *e)
{
	const char *q = *p;

	while (q < e && scan_is_digit(*q))
		q++;
	if (q == *p)
		return 0;
	*p = q;
	return 1;
}

/* [0-9]+\.[0-9]+ */
SCAN_STEP int scan_fixed(const char **p, const char *e)
{
	if (!scan_digits(p, e) || *p == e || **p != '.')
		return 0;
	++*p;
	return scan_digits(p, e);
}

/* [0-9]+(?:\.[0-9]+)? where what follows decides the rest (a '%', a unit). */
SCAN_STEP int scan_decimal(const char **p, const char *e)
{
	if (!scan_digits(p, e))
		return 0;
	if (*p < e && **p == '.') {
		++*p;
		if (!scan_digits(p, e))
			return 0;
	}
	return 1;
}

/*
 * [0-9]+(?:\.[0-9]+)? where the byte after it may be no '.' (the pattern
 * would read the number otherwise, or backtrack into it).
 */
SCAN_STEP int scan_number(const char **p, const char *e)
{
	return scan_decimal(p, e) && (*p == e || **p != '.');
}

/* \s*$ : blanks to the end of the line, none or more. */
SCAN_STEP int scan_end(const char **p, const char *e)
{
	scan_blanks(p, e);
	return *p == e;
}

/*
 * \S+ where the scanners take it: printable ASCII bytes, one or more (the
 * pattern's \S also reads UTF-8; a line holding such a byte is its).
 */
SCAN_STEP int scan_token(const char **p, const char *e)
{
	const char *q = *p;

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/*
	 * Eight bytes a step (a figure of ten digits or more is common): a byte
	 * ends the token when its bit 7 is set, or its low seven bits are below
	 * '!' (+0x5f leaves bit 7 clear) or '~' + 1 (+0x01 sets it). No sum
	 * carries into the next byte, so each byte's bit 7 tells of that byte
	 * alone.
	 */
	while (e - q >= 8) {
		uint64_t w, x, end;

		memcpy(&w, q, 8);
		x = w & 0x7f7f7f7f7f7f7f7full;
		end = (w | ~(x + 0x5f5f5f5f5f5f5f5full) | (x + 0x0101010101010101ull)) & 0x8080808080808080ull;
		if (end) {
			q += (unsigned)__builtin_ctzll(end) >> 3;
			goto done;
		}
		q += 8;
	}
#endif
	while (q < e && (unsigned char)(*q - '!') <= '~' - '!') /* '!'..'~': one unsigned comparison */
		q++;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
done:
#endif
	if (q == *p)
		return 0;
	*p = q;
	return 1;
}

/*
 * a[0..n) and b[0..n) hold the same bytes: compared a word at a time, two
 * loads that overlap where n is no multiple of the width (never a byte
 * outside the spans). With n a constant and b a literal, as from
 * SCAN_LIT, the branches and b's words fold away: a few instructions.
 */
SCAN_STEP int scan_same(const char *a, const char *b, size_t n)
{
	uint64_t x8, y8;
	uint32_t x4, y4;
	uint16_t x2, y2;

	if (n >= 8) {
		for (size_t k = 0; k + 8 < n; k += 8) {
			memcpy(&x8, a + k, 8);
			memcpy(&y8, b + k, 8);
			if (x8 != y8)
				return 0;
		}
		memcpy(&x8, a + n - 8, 8);
		memcpy(&y8, b + n - 8, 8);
		return x8 == y8;
	}
	if (n >= 4) {
		memcpy(&x4, a, 4);
		memcpy(&y4, b, 4);
		if (x4 != y4)
			return 0;
		memcpy(&x4, a + n - 4, 4);
		memcpy(&y4, b + n - 4, 4);
		return x4 == y4;
	}
	if (n >= 2) {
		memcpy(&x2, a, 2);
		memcpy(&y2, b, 2);
		if (x2 != y2)
			return 0;
		memcpy(&x2, a + n - 2, 2);
		memcpy(&y2, b + n - 2, 2);
		return x2 == y2;
	}
	return n == 0 || a[0] == b[0];
}

/* The literal w (of length wn) at *p. */
SCAN_STEP int scan_word(const char **p, const char *e, const char *w, size_t wn)
{
	if ((size_t)(e - *p) < wn || !scan_same(*p, w, wn))
		return 0;
	*p += wn;
	return 1;
}

#define SCAN_LIT(p, e, lit) scan_word(p, e, lit, sizeof(lit) - 1)

/* [KMGT]? : a prefix letter, or none (always 1). */
SCAN_STEP int scan_kmgt(const char **p, const char *e)
{
	if (*p < e && (**p == 'K' || **p == 'M' || **p == 'G' || **p == 'T'))
		++*p;
	return 1;
}

/* Group g of a scanner's match: s[from..to) as offsets. */
SCAN_STEP void scan_set(PCRE2_SIZE *ov, unsigned g, const char *s, const char *from, const char *to)
{
	ov[2 * g] = (PCRE2_SIZE)(from - s);
	ov[2 * g + 1] = (PCRE2_SIZE)(to - s);
}

/*
 * The scanners, one per pattern: 1 and the groups set, or 0 (see above).
 * `p` is the pattern the scanner stands in for.
 */
int iperf3_scan_data(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int iperf3_scan_header(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int criterion_scan_time(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int criterion_scan_collecting(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int criterion_scan_found(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int criterion_scan_outlier(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_row(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_target(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_counter(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_ended(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_code(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_banner(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_starting(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int fortio_scan_done(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int hyperfine_scan_time(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int hyperfine_scan_range(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int hyperfine_scan_bench(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int hyperfine_scan_ran(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int hyperfine_scan_cmp(const struct rx_thread *t, struct rx *p, const char *s, size_t n);
int size_scan_row(const struct rx_thread *t, struct rx *p, const char *s, size_t n);

#endif
