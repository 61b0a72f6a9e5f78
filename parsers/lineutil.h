/*
 * lineutil.h - small tests on a block's cleaned lines that the parsers
 * share: does the text (after its indentation) start or end with a given
 * string, and where does it end once trailing blanks are dropped.
 */
#ifndef BD_PARSERS_LINEUTIL_H
#define BD_PARSERS_LINEUTIL_H

#include <string.h>

#include "parsers/parser.h"

/* Length of l->s without its trailing blanks (never less than l->indent). */
static inline size_t line_end(const struct line *l)
{
	size_t n = l->len;

	while (n > l->indent && (l->s[n - 1] == ' ' || l->s[n - 1] == '\t'))
		n--;
	return n;
}

/* Does the text of `l`, after its indentation, start with `p`? */
static inline int line_starts(const struct line *l, const char *p)
{
	size_t n = strlen(p);

	return l->len - l->indent >= n && !memcmp(l->s + l->indent, p, n);
}

/* Does the text of `l`, trailing blanks aside, end with `p`? */
static inline int line_ends(const struct line *l, const char *p)
{
	size_t n = strlen(p), end = line_end(l);

	return end - l->indent >= n && !memcmp(l->s + end - n, p, n);
}

static inline int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

#endif
