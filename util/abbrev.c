/*
 * abbrev.c - short names that tell names apart; see abbrev.h.
 */
#include "util/abbrev.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static int is_sep(char c)
{
	return c == ' ' || c == '_' || c == '-' || c == '+' || c == '.' || c == '/' || c == ':' ||
	       c == ',' || c == '(' || c == ')' || c == '\t';
}

/* Bytes every name starts with, ending just after a separator, leaving each name something. */
static size_t shared_prefix(const char *const *names, size_t n)
{
	size_t len = strlen(names[0]);

	for (size_t i = 1; i < n; i++) {
		size_t k = 0;

		while (k < len && names[i][k] && names[i][k] == names[0][k])
			k++;
		len = k;
	}
	for (size_t i = 0; i < n; i++)
		if (len >= strlen(names[i]))
			len = strlen(names[i]) ? strlen(names[i]) - 1 : 0;
	while (len && !is_sep(names[0][len - 1]))
		len--;
	return len;
}

/* Bytes every name ends with, starting at a separator, leaving each name something after `pre`. */
static size_t shared_suffix(const char *const *names, size_t n, size_t pre)
{
	size_t len = strlen(names[0]) - pre;

	for (size_t i = 1; i < n; i++) {
		size_t a = strlen(names[0]), b = strlen(names[i]), k = 0;

		while (k < len && k < b - pre && names[0][a - 1 - k] == names[i][b - 1 - k])
			k++;
		len = k;
	}
	for (size_t i = 0; i < n; i++) {
		size_t rest = strlen(names[i]) - pre;

		if (len >= rest)
			len = rest ? rest - 1 : 0;
	}
	/* the suffix must begin with a separator */
	while (len) {
		const char *s = names[0] + strlen(names[0]) - len;

		if (is_sep(*s))
			break;
		len--;
	}
	return len;
}

/* Are bytes [from, to) of s separators only? */
static int only_seps(const char *s, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (!is_sep(s[i]))
			return 0;
	return 1;
}

static char *trimmed(const char *s, size_t from, size_t to)
{
	while (from < to && is_sep(s[from]) && s[from] != '(')
		from++;
	while (to > from && is_sep(s[to - 1]) && s[to - 1] != ')')
		to--;
	return xstrndup(s + from, to - from);
}

int abbrev_trim(const char *const *names, size_t n, char **out)
{
	size_t pre, suf;
	int ok = 1;

	if (!n)
		return 0;
	pre = shared_prefix(names, n);
	suf = shared_suffix(names, n, pre);
	if (n < 2 || (!pre && !suf) || (only_seps(names[0], 0, pre) && only_seps(names[0], strlen(names[0]) - suf, strlen(names[0]))))
		ok = 0; /* dropping separators alone ("-O0" to "O0") gains nothing and changes the name */
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(names[i]);

		out[i] = trimmed(names[i], pre, len - suf);
		if (!*out[i])
			ok = 0;
	}
	for (size_t i = 0; ok && i < n; i++)
		for (size_t j = i + 1; ok && j < n; j++)
			if (!strcmp(out[i], out[j]))
				ok = 0;
	if (!ok) {
		for (size_t i = 0; i < n; i++) {
			free(out[i]);
			out[i] = xstrndup(names[i], strlen(names[i]));
		}
	}
	return ok;
}

const char *abbrev_letter(size_t i, char out[8])
{
	if (i < 26)
		snprintf(out, 8, "%c", (char)('A' + i));
	else if (i < 26 * 27)
		snprintf(out, 8, "%c%c", (char)('A' + i / 26 - 1), (char)('A' + i % 26));
	else
		snprintf(out, 8, "#%zu", i % 100000);
	return out;
}
