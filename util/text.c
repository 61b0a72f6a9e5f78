/*
 * text.c - display widths and printable excerpts; see text.h.
 */
#define _GNU_SOURCE /* memmem */
#include "util/text.h"

#include <ctype.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

/* Decode one UTF-8 character; returns its length, or 0 when invalid (cp untouched). */
static size_t decode(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0];
	size_t len, i;
	unsigned v;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, v = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, v = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, v = c & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

size_t text_char_len(const char *s, size_t n)
{
	unsigned cp;
	size_t len = n ? decode((const unsigned char *)s, n, &cp) : 0;

	return len ? len : 1;
}

/* C0, DEL and C1 controls: a terminal acts on them instead of showing them. */
static int is_control(unsigned cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

int text_has_control(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned cp;
		size_t len;
		uint64_t w;

		/* printable ASCII, the most of any text: eight bytes at a time */
		if (n - i >= 8 && (memcpy(&w, s + i, 8), !text_word_may_be_unprintable(w))) {
			i += 8;
			continue;
		}
		if ((unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f) {
			i++;
			continue;
		}
		len = decode((const unsigned char *)s + i, n - i, &cp);

		if (!len || is_control(cp))
			return 1;
		i += len;
	}
	return 0;
}

void text_clean(struct buf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned cp;
		size_t len = decode((const unsigned char *)s + i, n - i, &cp);

		if (len && cp == '\t')
			buf_addc(out, ' ');
		else if (!len || is_control(cp))
			buf_addc(out, '?');
		else
			buf_add(out, s + i, len);
		i += len ? len : 1;
	}
}

static int char_width(unsigned cp)
{
	int w;

	if (is_control(cp))
		return 1; /* shown as '?' */
	w = wcwidth((wchar_t)cp);
	return w < 0 ? 1 : w;
}

size_t text_fit(const char *s, size_t n, int cols, int *used)
{
	size_t i = 0;
	int w = 0;

	while (i < n) {
		unsigned cp;
		size_t len;
		int cw;

		if ((unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f) {
			/* printable ASCII, most of what is drawn: one column, no lookup */
			if (w + 1 > cols)
				break;
			w++;
			i++;
			continue;
		}
		len = decode((const unsigned char *)s + i, n - i, &cp);
		cw = len ? char_width(cp) : 1;
		if (w + cw > cols)
			break;
		w += cw;
		i += len ? len : 1;
	}
	if (used)
		*used = w;
	return i;
}

int text_width(const char *s, size_t n)
{
	int w;

	text_fit(s, n, 1 << 30, &w);
	return w;
}

size_t text_piece(const char *s, int width)
{
	size_t n = strlen(s), cut = 0;

	if (text_width(s, n) <= width)
		return n;
	for (size_t k = 1; k < n; k++) {
		if (s[k] != ' ')
			continue;
		if (text_width(s, k) > width)
			break;
		cut = k;
	}
	if (!cut) /* one word wider than the column: cut it where it reaches the edge */
		cut = text_fit(s, n, width > 0 ? width : 1, NULL);
	return cut ? cut : text_char_len(s, n);
}

int text_mid(struct buf *out, const char *s, size_t n, int cols, const char *dots, int dots_cols)
{
	int keep, used;
	size_t tail = n;

	if (text_width(s, n) <= cols || cols < 4 + dots_cols) {
		size_t fit = text_fit(s, n, cols, &used);

		buf_add(out, s, fit);
		return used;
	}
	keep = (cols - dots_cols) / 2;
	while (tail > 0) {
		size_t prev = tail - 1;

		while (prev > 0 && ((unsigned char)s[prev] & 0xc0) == 0x80)
			prev--;
		if (text_width(s + prev, n - prev) > keep)
			break;
		tail = prev;
	}
	keep = text_width(s + tail, n - tail);
	buf_add(out, s, text_fit(s, tail, cols - dots_cols - keep, &used));
	buf_adds(out, dots);
	buf_add(out, s + tail, n - tail);
	return used + dots_cols + keep;
}

void text_excerpt(struct buf *out, const char *s, size_t n, int max_cols)
{
	size_t i = 0, end = n;

	if (max_cols < 4)
		max_cols = 4;
	if (text_width(s, n) > max_cols)
		end = text_fit(s, n, max_cols - 3, NULL);
	while (i < end) {
		unsigned cp;
		size_t len = decode((const unsigned char *)s + i, end - i, &cp);

		if (len && cp == '\t')
			buf_addc(out, ' '); /* size and GNU time separate columns with tabs */
		else if (!len || is_control(cp))
			buf_addc(out, '?');
		else
			buf_add(out, s + i, len);
		i += len ? len : 1;
	}
	if (end < n)
		buf_adds(out, "...");
}

/*
 * How common a byte is in logs and prose, roughly (higher: more common):
 * blanks and lower-case letters by their frequency in English
 * ("zqxjkvbpygfwmucldrhsnioate "); any other byte (digits, capitals,
 * punctuation) counts as rare (0).
 */
static const unsigned char byte_rank[256] = {
	['z'] = 1,  ['q'] = 2,  ['x'] = 3,  ['j'] = 4,  ['k'] = 5,  ['v'] = 6,  ['b'] = 7,
	['p'] = 8,  ['y'] = 9,  ['g'] = 10, ['f'] = 11, ['w'] = 12, ['m'] = 13, ['u'] = 14,
	['c'] = 15, ['l'] = 16, ['d'] = 17, ['r'] = 18, ['h'] = 19, ['s'] = 20, ['n'] = 21,
	['i'] = 22, ['o'] = 23, ['a'] = 24, ['t'] = 25, ['e'] = 26, [' '] = 27,
};

#define RARE_WITHIN 16

/*
 * The rarest byte of a needle's first RARE_WITHIN (the first of the
 * rarest): a byte of rank 0 (a digit, a capital, punctuation) ends the
 * walk, none can be rarer.
 */
static size_t rarest_byte(const char *needle, size_t k)
{
	unsigned best = byte_rank[(unsigned char)needle[0]];
	size_t r = 0;

	for (size_t i = 1; best && i < RARE_WITHIN && i < k; i++)
		if (byte_rank[(unsigned char)needle[i]] < best)
			best = byte_rank[(unsigned char)needle[i]], r = i;
	return r;
}

/*
 * The rarest byte of recent needles, by the needle's address and length:
 * most needles are literals, asked again and again. A pure cache, shared
 * by every thread: a slot is one atomic word, the upper bits of a hash of
 * the needle's address and length above the byte's index. A slot may
 * answer for another needle (a string of that length at that address by
 * now, a hash that collides, another thread's write): any byte of the
 * needle finds the same first match (only the number of tries differs), so
 * any index below the needle's length is a right answer, and a bigger one
 * is never used.
 */
#define RARE_SLOTS 64
#define RARE_INDEX 0xffu /* the index's bits (RARE_WITHIN fits) */
static _Atomic uint64_t rare_memo[RARE_SLOTS];

static size_t rare_at(const char *needle, size_t k)
{
	uint64_t key = ((uint64_t)(uintptr_t)needle ^ ((uint64_t)k << 48)) * 0x9e3779b97f4a7c15ull;
	_Atomic uint64_t *slot = &rare_memo[key >> 58];
	uint64_t v = atomic_load_explicit(slot, memory_order_relaxed);
	size_t at;

	if ((v & ~(uint64_t)RARE_INDEX) == (key & ~(uint64_t)RARE_INDEX) && (v & RARE_INDEX) < k)
		return (size_t)(v & RARE_INDEX);
	at = rarest_byte(needle, k);
	atomic_store_explicit(slot, (key & ~(uint64_t)RARE_INDEX) | at, memory_order_relaxed);
	return at;
}

const char *text_find(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), r;
	const char *p, *end = s + n;

	if (!k)
		return s;
	if (k > n)
		return NULL;
	/* the rarest byte by memchr (vector code), then the whole needle around it */
	r = rare_at(needle, k);
	for (p = s + r; p < end - (k - 1 - r) && (p = memchr(p, needle[r], (size_t)(end - (k - 1 - r) - p))); p++)
		if (!memcmp(p - r, needle, k))
			return p - r;
	return NULL;
}

int text_starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

int text_contains(const char *s, size_t n, const char *needle)
{
	return text_find(s, n, needle) != NULL;
}

/* Does one of the 8 bytes of `w` equal the byte `b` repeats? (exact: the classic zero-byte test) */
static int word_has(uint64_t w, uint64_t b)
{
	uint64_t x = w ^ b;

	return ((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull) != 0;
}

size_t text_words(const char *s, size_t n, size_t limit)
{
	size_t words = 0, i = 0;

	while (i < n) {
		uint64_t w;

		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n)
			break;
		/* a word starts; past the limit the count is limit + 1 */
		if (++words > limit && limit)
			break;
		/* its bytes, eight at a time while none is a blank */
		for (i++; n - i >= 8; i += 8) {
			memcpy(&w, s + i, 8);
			if (word_has(w, 0x2020202020202020ull) || word_has(w, 0x0909090909090909ull))
				break;
		}
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
	}
	return words;
}

static int is_word_sep(char c, char sep)
{
	return c == ' ' || c == '\t' || (sep && c == sep);
}

size_t text_split_words(const char *s, size_t n, char sep, const char **tok, size_t *len, size_t max)
{
	size_t k = 0, i = 0;

	while (i < n && k < max) {
		while (i < n && is_word_sep(s[i], sep))
			i++;
		if (i == n)
			break;
		tok[k] = s + i;
		while (i < n && !is_word_sep(s[i], sep))
			i++;
		len[k] = (size_t)(s + i - tok[k]);
		k++;
	}
	return k;
}

static unsigned char ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* The first `c` in [p, end), or end. */
static const char *next_byte(const char *p, const char *end, unsigned char c)
{
	const char *q = memchr(p, c, (size_t)(end - p));

	return q ? q : end;
}

int text_contains_nocase(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	int ascii = 1;

	for (size_t j = 0; j < k; j++)
		ascii &= (unsigned char)needle[j] < 0x80;
	if (ascii && k) {
		/*
		 * An ASCII needle: tolower() of any other byte is no ASCII letter in
		 * any locale, so ASCII lower-casing finds the same places, faster.
		 * The places where the first byte stands in either case are found
		 * by memchr (vector code), the next of each kept until passed.
		 */
		unsigned char first = ascii_lower((unsigned char)needle[0]);
		unsigned char other = first >= 'a' && first <= 'z' ? (unsigned char)(first - 'a' + 'A') : first;
		const char *end, *lo, *up, *p;

		if (k > n)
			return 0;
		end = s + (n - k) + 1; /* one past the first byte's last place */
		lo = next_byte(s, end, first);
		up = other == first ? lo : next_byte(s, end, other);
		while ((p = lo < up ? lo : up) < end) {
			size_t j = 1;

			while (j < k && ascii_lower((unsigned char)p[j]) == ascii_lower((unsigned char)needle[j]))
				j++;
			if (j == k)
				return 1;
			if (lo == p)
				lo = next_byte(p + 1, end, first);
			if (other == first)
				up = lo;
			else if (up == p)
				up = next_byte(p + 1, end, other);
		}
		return 0;
	}
	for (size_t i = 0; i + k <= n; i++) {
		size_t j = 0;

		while (j < k && tolower((unsigned char)s[i + j]) == tolower((unsigned char)needle[j]))
			j++;
		if (j == k)
			return 1;
	}
	return 0;
}

/* The symbols benchdelta prints, and what they become in ASCII. */
static const struct {
	unsigned cp;
	const char *ascii;
} ascii_forms[] = {
	{ 0x00b5, "u" },    /* µ (micro sign) */
	{ 0x03bc, "u" },    /* μ (Greek mu) */
	{ 0x00b1, "+-" },   /* ± */
	{ 0x00b9, "1" },    /* ¹ (a mark's footnote: one run a side) */
	{ 0x00b7, "-" },    /* · */
	{ 0x00d7, "x" },    /* × */
	{ 0x03b1, "alpha" }, /* α */
	{ 0x03c3, "sd" },   /* σ */
	{ 0x0394, "d" },    /* Δ */
	{ 0x2026, "..." },  /* … */
	{ 0x2190, "<-" },   /* ← */
	{ 0x2192, "->" },   /* → */
	{ 0x2191, "^" },    /* ↑ */
	{ 0x2193, "v" },    /* ↓ */
	{ 0x2212, "-" },    /* − (minus sign) */
	{ 0x2264, "<=" },   /* ≤ */
	{ 0x2265, ">=" },   /* ≥ */
	{ 0x2261, "=" },    /* ≡ */
	{ 0x2248, "~=" },   /* ≈ (not "~": that is the mark of no change) */
	{ 0x2014, "--" },   /* — */
	{ 0x2013, "-" },    /* – */
	{ 0x2713, "+" },    /* ✓ */
	{ 0x2717, "x" },    /* ✗ */
	{ 0x2588, "#" },    /* █ */
	{ 0x258c, "#" },    /* ▌ */
	{ 0x2502, "|" },    /* │ */
	{ 0x2039, "<" },    /* ‹ (more columns on the left) */
	{ 0x203a, ">" },    /* › (more columns on the right) */
};

void text_ascii(struct buf *out, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned cp;
		size_t len = decode((const unsigned char *)s + i, n - i, &cp);
		const char *a = "?";

		if (len && cp < 0x80) {
			buf_addc(out, (char)cp);
			i += len;
			continue;
		}
		for (size_t k = 0; len && k < sizeof(ascii_forms) / sizeof(ascii_forms[0]); k++)
			if (ascii_forms[k].cp == cp)
				a = ascii_forms[k].ascii;
		buf_adds(out, a);
		i += len ? len : 1;
	}
}

int text_is_commit_hash(const char *s, size_t n)
{
	int digit = 0, letter = 0;

	if (n < 7 || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			digit = 1;
		else if (s[i] >= 'a' && s[i] <= 'f')
			letter = 1;
		else
			return 0;
	}
	return digit && letter;
}
