/*
 * handnum.c - numbers as people type them, and a text's decimal mark;
 * see handnum.h.
 */
#include "parsers/handnum.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "parsers/parser.h"
#include "parsers/units.h"
#include "util/util.h"

#define NUM_MARK_NAME_(e, name) name,
static const char *const mark_names[] = { NUM_MARKS(NUM_MARK_NAME_) };
#undef NUM_MARK_NAME_

const char *num_mark_name(enum num_mark m)
{
	return (unsigned)m < countof(mark_names) ? mark_names[m] : "?";
}

static int is_alpha(char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* The length of a blank at s (space, tab, U+00A0, U+2009, U+202F), 0 when none. */
static size_t blank_len(const char *s, const char *end)
{
	if (s >= end)
		return 0;
	if (*s == ' ' || *s == '\t')
		return 1;
	if (end - s >= 2 && !memcmp(s, "\xc2\xa0", 2))
		return 2;
	if (end - s >= 3 && (!memcmp(s, "\xe2\x80\x89", 3) || !memcmp(s, "\xe2\x80\xaf", 3)))
		return 3;
	return 0;
}

static const char *skip_blanks(const char *s, const char *end)
{
	size_t k;

	while ((k = blank_len(s, end)) > 0)
		s += k;
	return s;
}

static int all_alpha(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_alpha(s[i]))
			return 0;
	return n > 0;
}

/*
 * A unit people type: units.c's spellings (unit_lookup_hand()), else a
 * time per piece of work ("ms/frame", "µs/iter": a time) or pieces of
 * work per time ("tok/sec", "iterations/s", "frames/min": a rate), the
 * work a word that is no unit ("kB/min" is not a rate of anything
 * counted). 0 with *unit and *factor set, -1 when it is none of these.
 */
static int unit_hand(const char *u, size_t n, enum unit *unit, double *factor)
{
	const char *slash = memchr(u, '/', n);
	size_t a, b;
	enum unit ua, ub;
	double fa, fb;

	if (unit_lookup_hand(u, n, unit, factor) == 0)
		return 0;
	if (!slash || slash == u || slash + 1 == u + n)
		return -1;
	a = (size_t)(slash - u);
	b = n - a - 1;
	if (unit_lookup_hand(u, a, &ua, &fa) == 0) {
		if (ua != UNIT_SECOND || !all_alpha(slash + 1, b) || unit_lookup_hand(slash + 1, b, &ub, &fb) == 0)
			return -1;
		*unit = UNIT_SECOND;
		*factor = fa;
		return 0;
	}
	if (all_alpha(u, a) && unit_lookup_hand(slash + 1, b, &ub, &fb) == 0 && ub == UNIT_SECOND && fb > 0) {
		*unit = UNIT_PER_S;
		*factor = 1 / fb;
		return 0;
	}
	return -1;
}

/* Does a unit that units.c knows (or '%' or a ratio's 'x') start at s? */
static int unit_follows(const char *s, const char *end)
{
	const char *u = s;
	enum unit un;
	double f;

	if (s < end && *s == ' ')
		s++, u++;
	if (s < end && (*s == '%' || ((*s == 'x' || *s == 'X') && (s + 1 == end || !is_alpha(s[1])))))
		return 1;
	while (s < end && s - u < 10 && (is_alpha(*s) || *s == '/' || (unsigned char)*s >= 0x80))
		s++;
	return s > u && unit_hand(u, (size_t)(s - u), &un, &f) == 0;
}

/* Does a unit of bytes follow at s ("MB", " kB", "KiB")? */
static int byte_unit_follows(const char *s, const char *end)
{
	const char *u;
	enum unit un;
	double f;

	if (s < end && *s == ' ')
		s++;
	for (u = s; s < end && s - u < 6 && is_alpha(*s); s++)
		;
	return s > u && unit_hand(u, (size_t)(s - u), &un, &f) == 0 && un == UNIT_BYTE && f > 1;
}

enum evidence { EV_NONE, EV_DOT, EV_COMMA };

/*
 * What the number token t[0..n) (digits, '.' and ',' only, a digit at
 * each end) says of the decimal mark. `duration_s`: it is the seconds of
 * a duration ("3m53,965s"), which are below 60 and so never grouped.
 */
static enum evidence token_evidence(const char *t, size_t n, int duration_s)
{
	size_t dots = 0, commas = 0, last = 0, ints = 0, frac;
	char k = 0;

	for (size_t i = 0; i < n; i++) {
		if (t[i] == '.' || t[i] == ',') {
			if (t[i] == '.')
				dots++;
			else
				commas++;
			if (!k)
				ints = i;
			k = t[i];
			last = i;
		}
	}
	if (dots && commas)
		return t[last] == '.' ? EV_DOT : EV_COMMA;
	frac = n - last - 1;
	if (dots + commas >= 2) {
		/* groups of three after the first, or a version or a list: no evidence */
		size_t g = 0;

		if (ints == 0 || ints > 3)
			return EV_NONE;
		for (size_t i = ints + 1; i <= n; i++, g++)
			if (i == n || t[i] == k) {
				if (g != 3)
					return EV_NONE;
				g = (size_t)-1;
			}
		return k == ',' ? EV_DOT : EV_COMMA;
	}
	if (duration_s || frac != 3 || ints > 3)
		return k == '.' ? EV_DOT : EV_COMMA;
	return EV_NONE;
}

enum num_mark numstyle_decide(const char *text, size_t len, char *example, size_t size)
{
	size_t count[2][3] = { { 0 } }; /* [strong][evidence] */
	char first[2][3][24] = { { { 0 } } };
	const char *end = text + len;

	for (const char *p = text; p + 2 < end; p++) {
		const char *a, *b;
		int strong, dur;
		enum evidence ev;

		if (!((*p == '.' || *p == ',') && p > text && char_is_digit(p[-1]) && char_is_digit(p[1])))
			continue;
		for (a = p - 1; a > text && (char_is_digit(a[-1]) || a[-1] == '.' || a[-1] == ','); a--)
			;
		for (b = p + 1; b < end && (char_is_digit(*b) || ((*b == '.' || *b == ',') && b + 1 < end &&
								   char_is_digit(b[1]))); b++)
			;
		while (a < p && !char_is_digit(*a))
			a++;
		/* "v1.2", "x86_64.1", "1.2.3-rc": not a figure */
		if (a > text && (is_alpha(a[-1]) || a[-1] == '_' || a[-1] == '/' ||
				 a[-1] == '(' || a[-1] == '[' || a[-1] == '{') &&
		    !(a[-1] == 'm' && a - 1 > text && char_is_digit(a[-2]))) {
			p = b - 1;
			continue;
		}
		if (b < end && (*b == '-' || *b == '_' || (*b == '.' && b + 1 < end && is_alpha(b[1])))) {
			p = b - 1;
			continue;
		}
		dur = a > text + 1 && a[-1] == 'm' && char_is_digit(a[-2]) && b < end && *b == 's';
		strong = dur || unit_follows(b, end);
		if (!strong && b < end && is_alpha(*b)) {
			/* "1,26O", "3.2a": glued to letters that are no unit, not a figure */
			p = b - 1;
			continue;
		}
		ev = token_evidence(a, (size_t)(b - a), dur);
		if (ev == EV_NONE && !memchr(a, '.', (size_t)(b - a)) && byte_unit_follows(b, end)) {
			/* "1,264 MB": nobody gives a size to the thousandth of a megabyte */
			ev = EV_DOT;
			strong = 0;
		}
		if (ev != EV_NONE) {
			count[strong][ev]++;
			if (!first[strong][ev][0])
				snprintf(first[strong][ev], sizeof(first[0][0]), "%.*s", (int)(b - a < 20 ? b - a : 20), a);
		}
		p = b - 1;
	}
	for (int s = 1; s >= 0; s--) {
		size_t d = count[s][EV_DOT], c = count[s][EV_COMMA];

		if (!d && !c)
			continue;
		if (example && size)
			snprintf(example, size, d && c ? "%s, %s" : "%s", d ? first[s][EV_DOT] : first[s][EV_COMMA],
				 first[s][EV_COMMA]);
		if (d && c)
			return NUM_MARK_CONFLICT;
		return d ? NUM_MARK_DOT : NUM_MARK_COMMA;
	}
	if (example && size)
		example[0] = '\0';
	return NUM_MARK_UNDECIDED;
}

/*
 * The plain decimal of a number typed with separators s[0..n) (digits,
 * '.', ',', and `group` for any other grouping mark), under `mark`.
 * Returns its length in out, HANDNUM_NONE or HANDNUM_AMBIGUOUS.
 */
static int plain_number(const char *s, size_t n, enum num_mark mark, char *out, size_t size)
{
	size_t dots = 0, commas = 0, groups = 0, k = 0, ints;
	const char *last = NULL, *sep = NULL;
	char dec = 0, grp = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++, last = s + i;
		else if (s[i] == ',')
			commas++, last = s + i;
		else if (s[i] == 'g')
			groups++;
	}
	if (dots && commas) {
		dec = *last;
		grp = dec == '.' ? ',' : '.';
		if ((dec == '.' ? dots : commas) != 1)
			return HANDNUM_NONE;
	} else if (dots + commas == 1 && groups) {
		dec = *last; /* "4 041 456,5": grouped otherwise, so the mark is the decimal */
	} else if (dots + commas == 1) {
		size_t frac = (size_t)(s + n - last - 1), before = (size_t)(last - s);

		if (frac != 3 || before > 3 || before == 0) {
			dec = *last;
		} else if (mark == NUM_MARK_DOT) {
			dec = '.', grp = ',';
		} else if (mark == NUM_MARK_COMMA) {
			dec = ',', grp = '.';
		} else {
			return HANDNUM_AMBIGUOUS;
		}
		if (dec != *last)
			dec = 0, grp = *last;
	} else if (dots + commas > 1) {
		grp = dots ? '.' : ',';
	}
	if (dec && ((mark == NUM_MARK_DOT && dec == ',') || (mark == NUM_MARK_COMMA && dec == '.')))
		return HANDNUM_NONE;
	if ((dots || commas) && mark == NUM_MARK_CONFLICT)
		return HANDNUM_AMBIGUOUS;
	/* groups: the last before the decimal mark has three digits, the others two or three */
	ints = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (char_is_digit(c)) {
			if (k + 2 >= size)
				return HANDNUM_NONE;
			out[k++] = c;
			ints++;
		} else if (c == dec) {
			if (sep && ints != 3)
				return HANDNUM_NONE;
			out[k++] = '.';
			for (i++; i < n; i++) {
				if (!char_is_digit(s[i]) || k + 2 >= size)
					return HANDNUM_NONE;
				out[k++] = s[i];
			}
			sep = NULL;
			ints = 0;
			break;
		} else if (c == grp || c == 'g') {
			if (!ints || ints > 3 || (sep && ints != 3 && ints != 2))
				return HANDNUM_NONE;
			sep = s + i;
			ints = 0;
		} else {
			return HANDNUM_NONE;
		}
	}
	if (sep && ints != 3)
		return HANDNUM_NONE;
	if (!k || out[k - 1] == '.')
		return HANDNUM_NONE;
	out[k] = '\0';
	return (int)k;
}

/*
 * Digits and separators at s: the end of the run, with its separators
 * other than '.' and ',' written as 'g' into norm (at most `size` bytes).
 * A blank groups only when three digits and no fourth follow it.
 */
static const char *digit_run(const char *s, const char *end, char *norm, size_t size, size_t *nn)
{
	size_t k = 0;

	while (s < end && k + 1 < size) {
		size_t bl;

		if (char_is_digit(*s) || ((*s == '.' || *s == ',') && s + 1 < end && char_is_digit(s[1]))) {
			norm[k++] = *s++;
			continue;
		}
		if ((*s == '_' || *s == '\'') && k && s + 1 < end && char_is_digit(s[1])) {
			norm[k++] = 'g', s++;
			continue;
		}
		if (end - s >= 4 && !memcmp(s, "\xe2\x80\x99", 3) && k && char_is_digit(s[3])) {
			norm[k++] = 'g', s += 3;
			continue;
		}
		bl = blank_len(s, end);
		if (bl && k && end - s >= (ptrdiff_t)bl + 3 && char_is_digit(s[bl]) && char_is_digit(s[bl + 1]) &&
		    char_is_digit(s[bl + 2]) && (end - s == (ptrdiff_t)bl + 3 || !char_is_digit(s[bl + 3]))) {
			norm[k++] = 'g', s += bl;
			continue;
		}
		break;
	}
	*nn = k;
	return s;
}

/* A duration written with unit letters: "7m 05s", "1m24.238s", "3m53,965s", "1h 2m". */
static int duration_letters(const char *p, const char *end, enum num_mark mark, double *v, const char **stop)
{
	char tmp[64];
	size_t k = 0;
	const char *q = p, *last = p;
	int parts = 0;

	while (q < end && k + 4 < sizeof(tmp)) {
		const char *d = q;

		while (q < end && (char_is_digit(*q) || *q == '.' || *q == ',')) {
			if (*q == ',' && mark == NUM_MARK_DOT)
				return -1;
			if (*q == '.' && mark == NUM_MARK_COMMA)
				return -1;
			tmp[k++] = *q == ',' ? '.' : *q;
			q++;
			if (k + 4 >= sizeof(tmp))
				return -1;
		}
		if (q == d || q >= end)
			break;
		if (*q == 'h' || *q == 's' || (*q == 'm' && (q + 1 == end || q[1] != 's'))) {
			tmp[k++] = *q++;
		} else if (end - q >= 2 && q[0] == 'm' && q[1] == 's') {
			tmp[k++] = 'm', tmp[k++] = 's', q += 2;
		} else {
			break;
		}
		parts++;
		last = q;
		q = skip_blanks(q, end);
		if (q < end && !char_is_digit(*q))
			break;
	}
	if (parts < 2 && !(parts == 1 && k && tmp[k - 1] != 's' && tmp[k - 1] != 'm'))
		return -1;
	if (unit_duration(tmp, k, v) < 0)
		return -1;
	*stop = last;
	return 0;
}

/* A clock duration: "1:31:18.66" (h:m:s) or "2:05.3" (m:s). */
static int duration_clock(const char *p, const char *end, double *v, const char **stop)
{
	double part[3] = { 0 }, frac = 0;
	int np = 0;
	const char *q = p;

	while (np < 3 && q < end && char_is_digit(*q)) {
		double x = 0;
		const char *d = q;

		while (q < end && char_is_digit(*q))
			x = x * 10 + (*q++ - '0');
		if (np && q - d != 2)
			return -1;
		part[np++] = x;
		if (q < end && *q == ':' && q + 1 < end && char_is_digit(q[1]))
			q++;
		else
			break;
	}
	if (np < 2)
		return -1;
	if (q < end && *q == '.' && q + 1 < end && char_is_digit(q[1])) {
		const char *f = q;
		double s;

		for (q++; q < end && char_is_digit(*q); q++)
			;
		if (num_parse(f, (size_t)(q - f), &s) < 0)
			return -1;
		frac = s;
	}
	if (part[np - 1] >= 60 || (np == 3 && part[1] >= 60))
		return -1;
	*v = np == 3 ? part[0] * 3600 + part[1] * 60 + part[2] + frac : part[0] * 60 + part[1] + frac;
	*stop = q;
	return 0;
}

/*
 * plain[0..k) times factor f, exactly rounded when f is a power of ten
 * ("4.9" ms is the double nearest 0.0049); -1 when it does not read.
 */
static int scaled(const char *plain, size_t k, double f, double *v)
{
	char tmp[96];
	int e = (int)lround(log10(f));

	if (f > 0 && fabs(pow(10, e) - f) <= 1e-9 * f && e >= -12 && e <= 12) {
		int m = snprintf(tmp, sizeof(tmp), "%.*se%d", (int)k, plain, e);

		return m > 0 && (size_t)m < sizeof(tmp) ? num_parse(tmp, (size_t)m, v) : -1;
	}
	if (num_parse(plain, k, v) < 0)
		return -1;
	*v *= f; /* 1024-based: a power of two, exact */
	return 0;
}

/* Marks before a figure; returns where the figure starts. */
static const char *read_marks(const char *p, const char *end, unsigned *flags)
{
	for (;;) {
		p = skip_blanks(p, end);
		if (p < end && *p == '~')
			*flags |= HN_APPROX, p++;
		else if (end - p >= 3 && !memcmp(p, "\xe2\x89\x88", 3))
			*flags |= HN_APPROX, p += 3;
		else if (end - p >= 2 && (!memcmp(p, "<=", 2)))
			*flags |= HN_UPPER, p += 2;
		else if (end - p >= 2 && (!memcmp(p, ">=", 2)))
			*flags |= HN_LOWER, p += 2;
		else if (p < end && *p == '<')
			*flags |= HN_UPPER, p++;
		else if (p < end && *p == '>')
			*flags |= HN_LOWER, p++;
		else if (end - p >= 3 && !memcmp(p, "\xe2\x89\xa4", 3))
			*flags |= HN_UPPER, p += 3;
		else if (end - p >= 3 && !memcmp(p, "\xe2\x89\xa5", 3))
			*flags |= HN_LOWER, p += 3;
		else
			return p;
	}
}

/* The unit word at p: up to a blank, '(' or a '±'; its end. */
static const char *unit_word(const char *p, const char *end)
{
	while (p < end && !blank_len(p, end) && *p != '(' && *p != '|' &&
	       !(end - p >= 2 && !memcmp(p, "\xc2\xb1", 2)) && !(*p == '+' && p + 1 < end && (p[1] == '-' || p[1] == '/')))
		p++;
	return p;
}

/*
 * One number with its unit at p: sets value (SI), unit, the printed span
 * and flags; returns where it ends, or NULL with *rc set.
 */
static const char *one_figure(const char *p, const char *end, const struct handnum_ctx *ctx, double *value,
			      enum unit *unit, const char **num, size_t *num_len, unsigned *flags, int *rc,
			      const char **uw, size_t *uw_len)
{
	char norm[64], plain[64];
	size_t nn;
	int neg = 0, k;
	const char *q, *d, *u, *ue;
	double v, f = 1;
	enum unit un = UNIT_NONE;

	*rc = HANDNUM_NONE;
	*uw = NULL;
	*uw_len = 0;
	if (p < end && (*p == '+' || *p == '-'))
		neg = *p == '-', *flags |= HN_SIGNED, p++;
	else if (end - p >= 3 && !memcmp(p, "\xe2\x88\x92", 3)) /* U+2212 MINUS SIGN */
		neg = 1, *flags |= HN_SIGNED, p += 3;
	if (p >= end || !(char_is_digit(*p) || (*p == '.' && p + 1 < end && char_is_digit(p[1]))))
		return NULL;
	d = p;
	if (duration_clock(p, end, &v, &q) == 0 || duration_letters(p, end, ctx->mark, &v, &q) == 0) {
		*value = neg ? -v : v;
		*unit = UNIT_SECOND;
		*num = d;
		*num_len = (size_t)(q - d);
		return q;
	}
	q = digit_run(p, end, norm, sizeof(norm), &nn);
	k = plain_number(norm, nn, ctx->mark, plain, sizeof(plain));
	if (k < 0) {
		*rc = k;
		return NULL;
	}
	*num = d;
	*num_len = (size_t)(q - d);
	/* an SI suffix on a count ("97.3K"), or a size as ls -h prints it ("51M") */
	if (q < end && strchr("KkMGT", *q) && (q + 1 == end || !is_alpha(q[1]))) {
		static const char letters[] = "KkMGT";
		static const double si[] = { 1e3, 1e3, 1e6, 1e9, 1e12 };
		static const double bin[] = { 1024.0, 1024.0, 1048576.0, 1073741824.0, 1099511627776.0 };
		size_t i = (size_t)(strchr(letters, *q) - letters);

		if (ctx->size) {
			f = bin[i];
			un = UNIT_BYTE;
		} else {
			f = si[i];
			un = UNIT_COUNT;
			*flags |= HN_SUFFIX;
		}
		q++;
		*num_len = (size_t)(q - d);
		if (num_parse(plain, (size_t)k, &v) < 0)
			return NULL;
		v *= f;
	} else {
		u = skip_blanks(q, end);
		ue = unit_word(u, end);
		if (ue > u && (ue - u == 1 && (*u == 'x' || *u == 'X'))) {
			*flags |= HN_RATIO;
			q = ue;
			if (num_parse(plain, (size_t)k, &v) < 0)
				return NULL;
		} else if (ue > u && *u != '(') {
			if (unit_hand(u, (size_t)(ue - u), &un, &f) < 0)
				return NULL;
			*uw = u;
			*uw_len = (size_t)(ue - u);
			q = ue;
			if (scaled(plain, (size_t)k, f, &v) < 0)
				return NULL;
		} else if (ctx->unit && ctx->unit_len) {
			if (unit_hand(ctx->unit, ctx->unit_len, &un, &f) < 0)
				return NULL;
			if (scaled(plain, (size_t)k, f, &v) < 0)
				return NULL;
		} else if (num_parse(plain, (size_t)k, &v) < 0) {
			return NULL;
		}
	}
	*value = neg ? -v : v;
	*unit = un;
	*rc = 0;
	return q;
}

int handnum_read(const char *s, size_t n, const struct handnum_ctx *ctx, struct handnum *out)
{
	const char *p = s, *end = s + n, *q, *fig, *u1, *u2;
	size_t u1n, u2n;
	int rc;

	memset(out, 0, sizeof(*out));
	while (end > p && blank_len(end - 1, end))
		end--;
	p = read_marks(p, end, &out->flags);
	fig = p;
	q = one_figure(p, end, ctx, &out->value, &out->unit, &out->num, &out->num_len, &out->flags, &rc, &u1, &u1n);
	if (!q)
		return rc;
	q = skip_blanks(q, end);
	if (end - q >= 2 && (!memcmp(q, "\xc2\xb1", 2) || !memcmp(q, "+-", 2) ||
			     (end - q >= 3 && !memcmp(q, "+/-", 3)))) {
		struct handnum_ctx c = *ctx;
		unsigned fl = 0;
		enum unit su;
		const char *sp, *after;

		q += !memcmp(q, "+/-", 3) ? 3 : 2;
		sp = q = skip_blanks(q, end);
		if (u1)
			c.unit = u1, c.unit_len = u1n; /* "10 ms ± 2": the spread is in the figure's unit */
		after = one_figure(sp, end, &c, &out->spread, &su, &out->spread_num, &out->spread_len, &fl, &rc, &u2,
				   &u2n);
		if (!after)
			return rc;
		if (out->unit == UNIT_NONE && su != UNIT_NONE && u2) {
			/* "19.3 ± 0.4 ms": the unit after the spread is both's; the figure read again in it */
			unsigned fl1 = 0;
			enum unit u;
			const char *again;

			c = *ctx;
			c.unit = u2, c.unit_len = u2n;
			again = one_figure(fig, end, &c, &out->value, &u, &out->num, &out->num_len, &fl1, &rc, &u1, &u1n);
			if (!again)
				return rc;
			out->unit = u;
		}
		if (su != out->unit)
			return HANDNUM_NONE;
		out->has_spread = 1;
		q = skip_blanks(after, end);
	}
	if (q < end && *q == '(') {
		/* a note after the figure: "3.93 s (−8%)", "51563272 (52M)" */
		const char *c = memchr(q, ')', (size_t)(end - q));

		if (!c || skip_blanks(c + 1, end) != end)
			return HANDNUM_NONE;
		q = end;
	}
	if (q != end)
		return HANDNUM_NONE;
	return 0;
}

int handnum_header_unit(const char *s, size_t n, const char **unit, size_t *unit_len)
{
	const char *end = s + n, *o = NULL;
	enum unit un;
	double f;

	while (end > s && (end[-1] == ' ' || end[-1] == ':' || end[-1] == '*'))
		end--;
	while (s < end && (*s == ' ' || *s == '*'))
		s++;
	{
		/* "ops/s", "req/s", "Time ms": the header is a unit, or ends in one with a '/' */
		const char *w = end;

		while (w > s && w[-1] != ' ')
			w--;
		/*
		 * a header of one letter ("A", "B", a row "b") names a build or a
		 * case, not bytes or seconds; "min" alone is a minimum's row or
		 * column beside "max" and "avg" (minutes are "(min)")
		 */
		if ((w == s || memchr(w, '/', (size_t)(end - w))) && end - w > 1 &&
		    !(w == s && end - w == 3 && !strncasecmp(w, "min", 3)) && unit_hand(w, (size_t)(end - w), &un, &f) == 0 &&
		    un != UNIT_PERCENT) {
			*unit = w;
			*unit_len = (size_t)(end - w);
			return 1;
		}
	}
	if (end > s && (end[-1] == ')' || end[-1] == ']')) {
		char open = end[-1] == ')' ? '(' : '[';

		for (const char *p = end - 1; p > s; p--)
			if (p[-1] == open) {
				o = p;
				break;
			}
		if (o) {
			const char *u = skip_blanks(o, end - 1), *ue = end - 1, *slash;

			while (ue > u && ue[-1] == ' ')
				ue--;
			if (unit_hand(u, (size_t)(ue - u), &un, &f) == 0 && un != UNIT_PERCENT) {
				*unit = u;
				*unit_len = (size_t)(ue - u);
				return 1;
			}
			/* "ms/iter", "ns/op": a time per operation */
			slash = memchr(u, '/', (size_t)(ue - u));
			if (slash && unit_hand(u, (size_t)(slash - u), &un, &f) == 0 && un == UNIT_SECOND) {
				*unit = u;
				*unit_len = (size_t)(slash - u);
				return 1;
			}
		}
	}
	return 0;
}
