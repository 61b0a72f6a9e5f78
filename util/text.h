/*
 * text.h - UTF-8 text for people: display widths (a wide character takes
 * two columns, µ and ± one) and safe excerpts of untrusted lines.
 * Invalid UTF-8 bytes count as one column each and are shown as '?'.
 */
#ifndef BD_UTIL_TEXT_H
#define BD_UTIL_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/*
 * Word-at-a-time tests of eight bytes `w` (loaded with memcpy), for the
 * scans that skip plain ASCII fast.
 *
 * text_word_in(): the high bit of each byte that lies in [lo, hi] (both
 * below 0x80), of no other: exact, since with the high bits off no sum
 * carries across bytes (a byte of '0' to '9': lo '0', hi '9').
 */
static inline uint64_t text_word_in(uint64_t w, unsigned lo, unsigned hi)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	uint64_t low = w & ~highs;

	return (low + ones * (0x80 - lo)) & ~(low + ones * (0x80 - hi - 1)) & ~w & highs;
}

/*
 * text_word_may_be_unprintable(): may a byte be outside printable ASCII
 * (0x20 to 0x7e)? Exact for "all printable"; a borrow or carry may flag a
 * printable byte beside one that is not, which a byte-wise pass then reads.
 */
static inline int text_word_may_be_unprintable(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	uint64_t below = (w - ones * 0x20) & ~w; /* a byte under 0x20 */
	uint64_t above = (w + ones) | w;         /* a byte over 0x7e (or its high bit set) */

	return ((below | above) & highs) != 0;
}

/* Columns `s[0..n)` takes on a terminal. */
int text_width(const char *s, size_t n);
/* Bytes of the longest prefix of `s[0..n)` that fits in `cols` columns; its width in *used. */
size_t text_fit(const char *s, size_t n, int cols, int *used);
/*
 * Append a printable excerpt of `s[0..n)` to *out: a tab becomes a space,
 * other control bytes and invalid UTF-8 '?', at most `max_cols` columns,
 * "..." when cut.
 */
void text_excerpt(struct buf *out, const char *s, size_t n, int max_cols);
/*
 * Append s[0..n) to *out in at most `cols` columns, cut in the middle with
 * `dots` (of `dots_cols` columns) when it does not fit: its start and its
 * end (the part that tells "run (2)" from "run", a ":LINES") both show,
 * the end getting half the room, whole characters. Under 4 columns of
 * room it is cut at the end instead. Returns the columns appended.
 */
int text_mid(struct buf *out, const char *s, size_t n, int cols, const char *dots, int dots_cols);
/*
 * The length in bytes of the first line of `s` wrapped at `width`
 * columns: up to the last space that fits, or cut where the edge is when
 * one word is wider (whole characters). 0 at the end of `s`.
 */
size_t text_piece(const char *s, int width);
/*
 * Words of s[0..n), separated by spaces and tabs. Counting stops once it
 * passes `limit` (0: no limit), so a long line costs no more than a short one.
 */
size_t text_words(const char *s, size_t n, size_t limit);
/*
 * The words of s[0..n), separated by runs of spaces, tabs and `sep` (0:
 * none): the first `max` of them as pointers into s (tok[i]) and lengths
 * (len[i]). Returns how many it stored; a word past `max` is not looked
 * at, so a caller that wants exactly k words asks for k + 1 and checks
 * for k. Nothing is copied: the words live as long as s.
 */
size_t text_split_words(const char *s, size_t n, char sep, const char **tok, size_t *len, size_t max);
/* 1 when `needle` occurs in s[0..n), ASCII letters in any case. */
int text_contains_nocase(const char *s, size_t n, const char *needle);
/* Is s[0..n) a commit's hash as people paste one: 7 to 40 lower-case hex digits, a digit and a letter among them? */
int text_is_commit_hash(const char *s, size_t n);
/* 1 when `needle` occurs in s[0..n). */
int text_contains(const char *s, size_t n, const char *needle);
/* Where `needle` first occurs in s[0..n) (a pointer into s), or NULL. */
const char *text_find(const char *s, size_t n, const char *needle);
/* 1 when s[0..n) begins with `prefix`. */
int text_starts(const char *s, size_t n, const char *prefix);
/*
 * 1 when s[0..n) holds a control character: C0 (but tab), DEL, C1
 * (U+0080..U+009F, whose U+009B is a CSI to some terminals) or invalid
 * UTF-8; text_clean() is then needed before a terminal shows it.
 */
int text_has_control(const char *s, size_t n);
/*
 * Append s[0..n) to *out with what a terminal would obey rather than show
 * made visible: a tab becomes a space, every other control character (C0,
 * DEL, C1) and invalid byte '?', as the TUI draws them. Names read from
 * input go through it at import, and so does every message quoting input.
 */
void text_clean(struct buf *out, const char *s, size_t n);
/* Length in bytes of the UTF-8 character at s (1 for an invalid byte). */
size_t text_char_len(const char *s, size_t n);
/*
 * Append s[0..n) to *out in ASCII, for a terminal whose locale is not
 * UTF-8: the symbols benchdelta prints become their ASCII spelling ("µs"
 * "us", "±" "+-", "…" "...", arrows "->"), any other non-ASCII character
 * (and invalid UTF-8) '?'.
 */
void text_ascii(struct buf *out, const char *s, size_t n);

#endif
