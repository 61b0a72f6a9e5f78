/*
 * clock.c - GNU time's and the shell's elapsed times; see clock.h.
 */
#include "parsers/clock.h"

#include <stdio.h>
#include <string.h>

#include "parsers/units.h"

/* The value of a span of decimal digits, or -1 when it is empty, not digits or over 12 digits. */
static long long clock_digits(const char *s, size_t n)
{
	long long v = 0;

	if (n == 0 || n > 12)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* Whole seconds and the decimals printed after the mark (frac NULL: no mark) as one number. */
static int seconds_of(long long whole, const char *frac, size_t frac_len, double *out)
{
	char tmp[64];
	int n;

	if (whole < 0 || (frac && clock_digits(frac, frac_len) < 0))
		return -1;
	n = snprintf(tmp, sizeof(tmp), "%lld%s%.*s", whole, frac ? "." : "", frac ? (int)frac_len : 0,
		     frac ? frac : "");
	return n > 0 && (size_t)n < sizeof(tmp) ? num_parse(tmp, (size_t)n, out) : -1;
}

/* "1m2.345s", "0m0,112s" */
static int minutes_seconds(const char *s, size_t n, double *out)
{
	const char *m = memchr(s, 'm', n), *mark;
	long long mins, secs;
	size_t rest;

	if (!m || n < 4 || s[n - 1] != 's')
		return -1;
	rest = (size_t)(s + n - 1 - (m + 1));
	mark = memchr(m + 1, '.', rest);
	if (!mark)
		mark = memchr(m + 1, ',', rest);
	mins = clock_digits(s, (size_t)(m - s));
	secs = clock_digits(m + 1, mark ? (size_t)(mark - m - 1) : rest);
	if (mins < 0 || secs < 0)
		return -1;
	return seconds_of(mins * 60 + secs, mark ? mark + 1 : NULL,
			  mark ? (size_t)(s + n - 1 - mark - 1) : 0, out);
}

int clock_parse(const char *s, size_t n, double *out)
{
	const char *c1 = memchr(s, ':', n), *c2, *dot;
	long long h, m, sec;

	if (!c1)
		return minutes_seconds(s, n, out);
	c2 = memchr(c1 + 1, ':', n - (size_t)(c1 + 1 - s));
	if (c2) {
		/* h:mm:ss */
		h = clock_digits(s, (size_t)(c1 - s));
		m = c2 - c1 - 1 == 2 ? clock_digits(c1 + 1, 2) : -1;
		sec = s + n - c2 - 1 == 2 ? clock_digits(c2 + 1, 2) : -1;
		if (h < 0 || m < 0 || m > 59 || sec < 0 || sec > 59)
			return -1;
		return seconds_of(h * 3600 + m * 60 + sec, NULL, 0, out);
	}
	/* m:ss.cc */
	dot = memchr(c1 + 1, '.', n - (size_t)(c1 + 1 - s));
	m = clock_digits(s, (size_t)(c1 - s));
	sec = dot && dot - c1 - 1 == 2 ? clock_digits(c1 + 1, 2) : -1;
	if (m < 0 || sec < 0 || sec > 59)
		return -1;
	return seconds_of(m * 60 + sec, dot + 1, (size_t)(s + n - dot - 1), out);
}
