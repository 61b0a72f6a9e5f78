/*
 * fmt.c - a printf of a few conversions, without stdio; see fmt.h.
 */
#include "util/fmt.h"

#include <string.h>

/* Append n bytes at *at; 0 when they do not fit (with room for the NUL). */
static int put(char *out, size_t cap, size_t *at, const char *s, size_t n)
{
	if (*at + n >= cap)
		return 0;
	memcpy(out + *at, s, n);
	*at += n;
	return 1;
}

size_t fmt_decimal(char out[FMT_DECIMAL_MAX], unsigned long long v)
{
	size_t n = 1, i;

	/* the length first, then the digits from the last, in place (no copy) */
	for (unsigned long long t = v; t >= 10; t /= 10)
		n++;
	i = n;
	do {
		out[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (i);
	return n;
}

/* A value in decimal, after a minus sign when `neg`. */
static int put_unsigned(char *out, size_t cap, size_t *at, unsigned long long v, int neg)
{
	char d[FMT_DECIMAL_MAX];
	size_t n;

	if (neg && !put(out, cap, at, "-", 1))
		return 0;
	if (*at + FMT_DECIMAL_MAX < cap) {
		/* room for any value and the NUL: the digits go straight to `out` */
		*at += fmt_decimal(out + *at, v);
		return 1;
	}
	n = fmt_decimal(d, v);
	return put(out, cap, at, d, n);
}

int fmt_simple(char *out, size_t cap, const char *fmt, va_list ap)
{
	size_t at = 0;

	if (!cap)
		return -1;
	for (const char *p = fmt; *p;) {
		const char *pct = strchr(p, '%'), *s;
		long prec = -1;
		size_t n;

		if (!pct) {
			if (!put(out, cap, &at, p, strlen(p)))
				return -1;
			break;
		}
		if (!put(out, cap, &at, p, (size_t)(pct - p)))
			return -1;
		p = pct + 1;
		if (*p == '.') {
			p++;
			if (*p == '*') {
				int a = va_arg(ap, int);

				if (a < 0)
					return -1;
				prec = a;
				p++;
			} else {
				if (*p < '0' || *p > '9')
					return -1;
				for (prec = 0; *p >= '0' && *p <= '9' && prec < 100000; p++)
					prec = prec * 10 + (*p - '0');
			}
			if (*p != 's')
				return -1;
		}
		switch (*p) {
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				return -1;
			if (prec >= 0) {
				const char *z = memchr(s, '\0', (size_t)prec);

				n = z ? (size_t)(z - s) : (size_t)prec;
			} else {
				n = strlen(s);
			}
			if (!put(out, cap, &at, s, n))
				return -1;
			break;
		case 'u':
			if (!put_unsigned(out, cap, &at, va_arg(ap, unsigned), 0))
				return -1;
			break;
		case 'd': {
			int v = va_arg(ap, int);

			if (!put_unsigned(out, cap, &at, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v,
					  v < 0))
				return -1;
			break;
		}
		case 'c': {
			char c = (char)va_arg(ap, int);

			if (!c || !put(out, cap, &at, &c, 1)) /* a NUL byte: vsnprintf's length counts it */
				return -1;
			break;
		}
		case 'l':
		case 'z':
			if (*p == 'l' && p[1] == 'd') {
				long v = va_arg(ap, long);

				if (!put_unsigned(out, cap, &at,
						  v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0))
					return -1;
				p++;
				break;
			}
			if (p[1] != 'u')
				return -1;
			if (!put_unsigned(out, cap, &at,
					  *p == 'z' ? va_arg(ap, size_t) : va_arg(ap, unsigned long), 0))
				return -1;
			p++;
			break;
		case '%':
			if (!put(out, cap, &at, "%", 1))
				return -1;
			break;
		default:
			return -1;
		}
		p++;
	}
	out[at] = '\0';
	return (int)at;
}
