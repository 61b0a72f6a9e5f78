/*
 * label.c - variant labels and their keys; see label.h.
 */
#include "parsers/label.h"

#include <string.h>

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char **s, size_t *n)
{
	while (*n && is_space(**s))
		(*s)++, (*n)--;
	while (*n && is_space((*s)[*n - 1]))
		(*n)--;
}

/* Strip a surrounding pair of `m` (for ** and __). */
static int strip_pair(const char **s, size_t *n, const char *m)
{
	size_t k = strlen(m);

	if (*n > 2 * k && !memcmp(*s, m, k) && !memcmp(*s + *n - k, m, k)) {
		*s += k;
		*n -= 2 * k;
		trim(s, n);
		return 1;
	}
	return 0;
}

static size_t count_words(const char *s, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++)
		if (!is_space(s[i]) && (i == 0 || is_space(s[i - 1])))
			w++;
	return w;
}

int label_parse(const char *s, size_t n, struct buf *out)
{
	int heading = 0, bold = 0, colon = 0;

	trim(&s, &n);
	if (!n || n > 120)
		return 0;
	if (s[0] == '#') {
		size_t h = 0;

		while (h < n && s[h] == '#')
			h++;
		if (h > 6 || h >= n || !is_space(s[h]))
			return 0;
		s += h;
		n -= h;
		trim(&s, &n);
		heading = 1;
	}
	/* a bullet: "- ", "* ", "+ ", "• " */
	if (n > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && is_space(s[1])) {
		s += 2;
		n -= 2;
		trim(&s, &n);
	} else if (n > 4 && !memcmp(s, "\xe2\x80\xa2", 3) && is_space(s[3])) {
		s += 4;
		n -= 4;
		trim(&s, &n);
	}
	if (n && s[n - 1] == ':') {
		n--;
		colon = 1;
		trim(&s, &n);
	}
	if (strip_pair(&s, &n, "**") || strip_pair(&s, &n, "__"))
		bold = 1;
	if (!colon && n && s[n - 1] == ':') { /* "**Release:**" */
		n--;
		colon = 1;
		trim(&s, &n);
	}
	if (!n)
		return 0;
	if (!heading && !bold && !colon)
		return 0;
	if (count_words(s, n) > 12)
		return 0;
	buf_add(out, s, n);
	return 1;
}

void variant_key(const char *s, size_t n, struct buf *out)
{
	int pending_space = 0;
	size_t start = out->len;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '-' || c == '_' || c == '.' || c == '/') {
			pending_space = 1;
			continue;
		}
		if (c < 0x80 && !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
				  (c >= '0' && c <= '9') || c == '+')) {
			pending_space = 1;
			continue;
		}
		if (c == '+') { /* "a+b" and "a + b" meet */
			if (out->len > start)
				buf_addc(out, ' ');
			buf_adds(out, "+ ");
			pending_space = 0;
			continue;
		}
		if (pending_space && out->len > start && out->s[out->len - 1] != ' ')
			buf_addc(out, ' ');
		pending_space = 0;
		buf_addc(out, (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
	}
	while (out->len > start && out->s[out->len - 1] == ' ')
		out->s[--out->len] = '\0';
	/* "a +  b" can leave a double space before a '+' */
	for (size_t i = start; i + 1 < out->len;) {
		if (out->s[i] == ' ' && out->s[i + 1] == ' ') {
			memmove(out->s + i, out->s + i + 1, out->len - i - 1);
			out->s[--out->len] = '\0';
		} else {
			i++;
		}
	}
}
