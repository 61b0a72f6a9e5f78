/*
 * text.h - UTF-8 text for people: display widths (a wide character takes
 * two columns, µ and ± one) and safe excerpts of untrusted lines.
 * Invalid UTF-8 bytes count as one column each and are shown as '?'.
 */
#ifndef BD_UTIL_TEXT_H
#define BD_UTIL_TEXT_H

#include <stddef.h>

#include "util/buf.h"

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
