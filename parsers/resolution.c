/*
 * resolution.c - half a unit of a figure's last printed digit; see
 * resolution.h.
 */
#include "parsers/resolution.h"

#include <math.h>
#include <string.h>

#include "parsers/units.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A byte of a digit-group separator: ' and the UTF-8 of U+00A0, U+202F and U+2019. */
static int is_group_byte(char c)
{
	unsigned char u = (unsigned char)c;

	return c == '\'' || u == 0xc2 || u == 0xa0 || u == 0xe2 || u == 0x80 || u == 0xaf || u == 0x99;
}

/* A letter of a unit inside a span ("1m2.5s", "3.815µs"): anything but digits, marks and signs. */
static int is_unit_byte(char c)
{
	return !is_digit(c) && c != '.' && c != ',' && c != '\'' && c != '-' && c != '+' && c != ':' &&
	       !is_blank(c);
}

/* The scale of unit word w[0..n): its factor, or NaN ("ns/iter" is read as "ns"). */
static double scale_of(const char *w, size_t n)
{
	enum unit u;
	double f;
	const char *slash;

	if (n && w[0] == '%')
		return 1;
	if (n && unit_lookup(w, n, &u, &f) == 0)
		return f;
	slash = memchr(w, '/', n);
	if (slash && slash > w && unit_lookup(w, (size_t)(slash - w), &u, &f) == 0)
		return f;
	return NAN;
}

/*
 * The scale of a zero printed at [a, b) in text[from, to) (its line): the
 * unit word right after it, else the nearest one before it on the line.
 */
static double scale_near(const char *text, size_t from, size_t to, size_t a, size_t b)
{
	size_t i = b, w;
	double f;

	while (i < to && is_blank(text[i]))
		i++;
	for (w = i; i < to && !is_blank(text[i]) && text[i] != ')' && text[i] != ','; i++)
		;
	if (i > w && !isnan(f = scale_of(text + w, i - w)))
		return f;
	for (i = a; i > from;) {
		size_t end;

		while (i > from && (is_blank(text[i - 1]) || text[i - 1] == '('))
			i--;
		end = i;
		while (i > from && !is_blank(text[i - 1]) && text[i - 1] != '(')
			i--;
		if (end > i && !isnan(f = scale_of(text + i, end - i)))
			return f;
	}
	return NAN;
}

double printed_resolution(const char *text, size_t len, uint64_t off, uint32_t n, double value)
{
	const char *s, *end, *last = NULL, *p;
	double mantissa = 0, f = 1;
	int components = 0, in_digits = 0, decimals = -1, exponent = 0;
	size_t from, to;

	if (!text || !n || off + n > len || !isfinite(value))
		return NAN;
	s = text + off;
	end = s + n;
	/* the last numeric component ("2.5" of "1m2.5s", "02.5" of "1:02.5"), and how many there are */
	for (p = s; p < end; p++) {
		if (is_digit(*p) && !in_digits) {
			components++;
			last = p;
		}
		in_digits = is_digit(*p) || ((*p == '.' || *p == ',' || is_group_byte(*p)) && in_digits);
		if ((*p == 'e' || *p == 'E') && p + 1 < end && (is_digit(p[1]) || p[1] == '+' || p[1] == '-'))
			break; /* an exponent: the mantissa ends here */
		if (*p == ':')
			in_digits = 0;
	}
	if (!last)
		return NAN;
	if (p < end) {
		/* "1e+02": the last digit of the mantissa is worth 10^(exponent - decimals) */
		const char *q = p + 1;
		int sign = 1;

		if (*q == '+' || *q == '-')
			sign = *q++ == '-' ? -1 : 1;
		for (; q < end && is_digit(*q); q++)
			exponent = exponent * 10 + (*q - '0');
		exponent *= sign;
		end = p;
	}
	if (components == 1 && value != 0) {
		/* one number: value is mantissa digits × (unit of the last digit), whatever the marks meant */
		for (p = s; p < end; p++)
			if (is_digit(*p))
				mantissa = mantissa * 10 + (*p - '0');
		if (mantissa > 0)
			return 0.5 * fabs(value) / mantissa;
	}
	/* the last component's decimals, and its unit */
	for (p = last; p < end && (is_digit(*p) || *p == '.' || *p == ','); p++)
		if (*p == '.' || *p == ',')
			decimals = 0;
		else if (decimals >= 0)
			decimals++;
	if (decimals < 0)
		decimals = 0;
	if (components > 1) {
		const char *u = p;

		while (p < end && is_unit_byte(*p))
			p++;
		/* "1:02.5" is h:mm:ss: seconds; "1m2.5s" says its unit */
		f = p > u ? scale_of(u, (size_t)(p - u)) : 1;
	} else {
		for (from = off; from > 0 && text[from - 1] != '\n'; from--)
			;
		for (to = off + n; to < len && text[to] != '\n'; to++)
			;
		f = scale_near(text, from, to, off, off + n);
	}
	if (isnan(f))
		return NAN;
	return 0.5 * pow(10, exponent - decimals) * f;
}
