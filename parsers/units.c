/*
 * units.c - unit spellings to SI, SI back to human text; see units.h.
 */
#include "parsers/units.h"

#include <float.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/parser.h"
#include "util/util.h"

/*
 * Numbers are read and written with a '.' whatever LC_NUMERIC the process
 * has (main.c keeps it at "C", but these helpers do not rely on it): the C
 * numeric locale is made this thread's for the call, and the previous one
 * given back. When no such locale can be made, nothing changes.
 */
static locale_t c_numeric; /* made once for every thread (pthread_once) */

static void make_c_numeric(void)
{
	c_numeric = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

static locale_t enter_c_numeric(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, make_c_numeric);
	return c_numeric ? uselocale(c_numeric) : (locale_t)0;
}

static void leave_c_numeric(locale_t old)
{
	if (old)
		uselocale(old);
}

static double c_strtod(const char *s, char **end)
{
	locale_t old = enter_c_numeric();
	double v = strtod(s, end);

	leave_c_numeric(old);
	return v;
}

/* Exact powers of ten: every one up to 1e22 is a double. */
static const double exact_tens[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/*
 * Read a plain decimal ([+-]digits[.digits][e[+-]digits], or [+-].digits…)
 * times 10^scale, correctly rounded. When the digits fit in 2^53 and the
 * power of ten is at most 22, one IEEE multiplication or division of two
 * exact values rounds correctly (Clinger's fast path); otherwise strtod
 * reads the text with the power appended. -1 when the span is anything
 * else ("0.00O281", "inf", "0x10", " 1").
 */
/* Kept out of decimal(): its frame and strtod path would weigh on every figure's call. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int decimal_any(const char *s, size_t n, int scale, double *out)
{
	uint64_t mant = 0;
	int digits = 0, frac = 0, exp = 0, any = 0, neg = 0, big = 0, printed;
	size_t i = 0;

	if (n == 0 || n >= 64)
		return -1;
	if (s[i] == '+' || s[i] == '-')
		neg = s[i++] == '-';
	for (; i < n && char_is_digit(s[i]); i++, any = 1) {
		if (mant || s[i] != '0')
			digits++;
		if (digits <= 19)
			mant = mant * 10 + (uint64_t)(s[i] - '0');
		else
			big = 1;
	}
	if (i < n && s[i] == '.') {
		for (i++; i < n && char_is_digit(s[i]); i++, any = 1) {
			if (mant || s[i] != '0')
				digits++;
			if (digits <= 19) {
				mant = mant * 10 + (uint64_t)(s[i] - '0');
				frac++;
			} else {
				big = 1;
			}
		}
	}
	if (!any)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		int eneg = 0, edigits = 0;

		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		for (; i < n && char_is_digit(s[i]); i++, edigits++)
			if (exp < 10000)
				exp = exp * 10 + (s[i] - '0');
		if (!edigits)
			return -1;
		if (eneg)
			exp = -exp;
	}
	if (i != n)
		return -1;
	exp += scale - frac;
	printed = exp + frac; /* the exponent printed and the scale's, folded */
	/* "8.1554540000000000e+00" (a JSON writer's %.16e): the zeros at the end make no digit */
	while (!big && mant > (1ull << 53) && mant % 10 == 0)
		mant /= 10, exp++;
	if (!big && mant <= (1ull << 53) && exp >= -22 && exp <= 22) {
		double v = (double)mant;

		v = exp < 0 ? v / exact_tens[-exp] : v * exact_tens[exp];
		*out = neg ? -v : v;
		return 0;
	}
	{
		char tmp[96];
		char *end;
		const char *e = memchr(s, 'e', n);
		int k;
		double v;

		if (!e)
			e = memchr(s, 'E', n);
		/* "1.5e3" with a scale: one exponent, the printed one and the scale's folded (rounded once) */
		k = e ? snprintf(tmp, sizeof(tmp), "%.*se%d", (int)(e - s), s, printed)
		      : snprintf(tmp, sizeof(tmp), "%.*se%d", (int)n, s, scale);
		if (k < 0 || (size_t)k >= sizeof(tmp))
			return -1;
		v = c_strtod(tmp, &end);
		if (!isfinite(v))
			return -1;
		*out = v;
		return 0;
	}
}

/*
 * decimal_any()'s common case: [+-]digits[.digits], 19 digits at most in
 * all and a power of ten within Clinger's range. Every digit then counts
 * and is accumulated, as decimal_any() does, in a loop without its
 * bookkeeping; anything else is decimal_any()'s.
 */
/*
 * The digits of s[i..n) onto *mant (wrapping past 19 of them: the caller
 * then leaves the number to decimal_any()); where they end. A byte is a
 * digit when it less '0' is at most 9 unsigned: one test, where
 * char_is_digit() and the subtraction made two; two digits a step while
 * two are left.
 */
static inline size_t digit_run(const char *s, size_t i, size_t n, uint64_t *mant)
{
	uint64_t m = *mant;

	for (; i + 1 < n; i += 2) {
		unsigned a = (unsigned)(unsigned char)s[i] - '0', b = (unsigned)(unsigned char)s[i + 1] - '0';

		if (a > 9)
			goto out;
		if (b > 9) {
			m = m * 10 + a;
			i++;
			goto out;
		}
		m = m * 100 + a * 10 + b;
	}
	if (i < n && (unsigned)(unsigned char)s[i] - '0' <= 9)
		m = m * 10 + ((unsigned)(unsigned char)s[i++] - '0');
out:
	*mant = m;
	return i;
}

#if defined(__GNUC__)
__attribute__((always_inline)) /* its callers are the figures' paths: no call, no frame of its own */
#endif
static inline int decimal(const char *s, size_t n, int scale, double *out)
{
	uint64_t mant = 0;
	size_t i = 0, nd, from;
	int neg = 0, frac = 0, exp;

	if (n == 0 || n >= 64)
		return -1;
	if (s[i] == '+' || s[i] == '-')
		neg = s[i++] == '-';
	from = i;
	i = digit_run(s, i, n, &mant);
	nd = i - from;
	if (i < n && s[i] == '.') {
		from = ++i;
		i = digit_run(s, i, n, &mant);
		frac = (int)(i - from);
		nd += i - from;
	}
	exp = scale - frac;
	if (i != n || nd == 0 || nd > 19 || mant > (1ull << 53) || exp < -22 || exp > 22)
		return decimal_any(s, n, scale, out);
	{
		double v = (double)mant;

		v = exp < 0 ? v / exact_tens[-exp] : v * exact_tens[exp];
		*out = neg ? -v : v;
	}
	return 0;
}

int num_parse(const char *s, size_t n, double *out)
{
	return decimal(s, n, 0, out);
}

int num_parse_digits(const char *s, size_t n, double *out)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0'; /* one test: a digit is 0-9 after it */

		if (d > 9)
			return -1;
		v = v * 10 + d;
	}
	if (n == 0 || n > 15) /* none, or more than a double holds exactly: num_parse's */
		return num_parse(s, n, out);
	*out = (double)v;
	return 0;
}

/*
 * Copy s[0..n) into tmp without the `sep` bytes between digit groups.
 * Returns the copy's length, or -1 when a separator is not between two
 * digits or the copy does not fit.
 */
static long ungroup(const char *s, size_t n, char sep, char tmp[64])
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == sep) {
			/* a separator sits between digits only */
			if (i == 0 || i + 1 >= n || s[i - 1] < '0' || s[i - 1] > '9' || s[i + 1] < '0' ||
			    s[i + 1] > '9')
				return -1;
			continue;
		}
		if (k + 1 >= 64)
			return -1;
		tmp[k++] = s[i];
	}
	return (long)k;
}

uint32_t num_count(double v)
{
	if (!(v >= 0 && v <= (double)UINT32_MAX) || v != floor(v))
		return 0;
	return (uint32_t)v;
}

long num_whole(double v)
{
	if (!(v >= 0 && v <= 4294967295.0) || v != floor(v))
		return -1;
	return (long)v;
}

int num_parse_grouped(const char *s, size_t n, char sep, double *out)
{
	char tmp[64];
	long k = ungroup(s, n, sep, tmp);

	return k < 0 ? -1 : num_parse(tmp, (size_t)k, out);
}

/* The length of the digit-group separator at s[0..n), or 0 when there is none. */
static size_t group_sep_len(const char *s, size_t n)
{
	if (s[0] == ',' || s[0] == '.' || s[0] == '\'')
		return 1;
	if (n >= 2 && !memcmp(s, "\xc2\xa0", 2)) /* U+00A0 NO-BREAK SPACE */
		return 2;
	if (n >= 3 && (!memcmp(s, "\xe2\x80\xaf", 3) ||  /* U+202F NARROW NO-BREAK SPACE */
		       !memcmp(s, "\xe2\x80\x99", 3))) /* U+2019 RIGHT SINGLE QUOTATION MARK */
		return 3;
	return 0;
}

int num_unlocalize(const char *s, size_t n, int fraction, char *out, size_t size)
{
	size_t end = n, k = 0, group = 0, i = 0;
	const char *sep = NULL;
	size_t sep_len = 0;
	int seen_sep = 0;

	if (n == 0 || size < 2)
		return -1;
	if (fraction) {
		/* the decimal mark: the last '.' or ',', with digits after it */
		for (size_t j = n; j-- > 0;) {
			if (s[j] == '.' || s[j] == ',') {
				end = j;
				break;
			}
			if (s[j] < '0' || s[j] > '9')
				break;
		}
		if (end + 1 == n)
			return -1;
	}
	if (s[0] == '-' || s[0] == '+')
		out[k++] = s[i++];
	for (; i < end; i++) {
		size_t l;

		if (s[i] >= '0' && s[i] <= '9') {
			if (k + 2 >= size)
				return -1;
			out[k++] = s[i];
			group++;
			continue;
		}
		l = group_sep_len(s + i, end - i);
		/* one separator, between digit groups of three after the first */
		if (!l || !group || (seen_sep && group != 3) || (!seen_sep && group > 3) ||
		    (sep && (l != sep_len || memcmp(sep, s + i, l))))
			return -1;
		sep = s + i;
		sep_len = l;
		seen_sep = 1;
		group = 0;
		i += l - 1;
	}
	if (!group || (seen_sep && group != 3))
		return -1;
	if (end < n) {
		/* the decimal mark cannot also be the grouping character */
		if (sep && sep_len == 1 && *sep == s[end])
			return -1;
		if (k + (n - end) + 1 > size)
			return -1;
		out[k++] = '.';
		for (size_t j = end + 1; j < n; j++)
			out[k++] = s[j];
	}
	out[k] = '\0';
	return (int)k;
}

/* The metric and binary prefixes of num_scale(): power of ten, or power of 1024 when `iec`. */
static const struct {
	const char *text;
	int exp, iec;
} scale_prefixes[] = {
	{ "n", -9, 0 }, { "\xc2\xb5", -6, 0 }, { "\xce\xbc", -6, 0 }, { "m", -3, 0 }, { "k", 3, 0 },
	{ "K", 3, 0 },  { "M", 6, 0 },           { "G", 9, 0 },           { "T", 12, 0 }, { "Ki", 1, 1 },
	{ "Mi", 2, 1 }, { "Gi", 3, 1 },          { "Ti", 4, 1 },
};

int num_scale(const char *s, size_t n, const char *p, size_t pn, double *out)
{
	double v;

	if (!pn)
		return decimal(s, n, 0, out);
	for (size_t i = 0; i < countof(scale_prefixes); i++) {
		if (strlen(scale_prefixes[i].text) != pn || memcmp(scale_prefixes[i].text, p, pn))
			continue;
		if (!scale_prefixes[i].iec)
			return decimal(s, n, scale_prefixes[i].exp, out);
		if (decimal(s, n, 0, &v) < 0)
			return -1;
		*out = ldexp(v, 10 * scale_prefixes[i].exp); /* a power of two: exact */
		return 0;
	}
	return -1;
}

int num_parse_prefixed(const char *s, size_t n, double *out, size_t *num_len)
{
	size_t k = n;

	/* the prefix is what follows the last digit: at most two bytes (Ki, µ) */
	while (k > 0 && !char_is_digit(s[k - 1]) && n - k < 2)
		k--;
	if (k == 0 || !char_is_digit(s[k - 1]))
		return -1;
	if (num_scale(s, k, s + k, n - k, out) < 0)
		return -1;
	*num_len = k;
	return 0;
}

struct unit_spelling {
	const char *text;
	enum unit unit;
	double factor;
};

#define KI 1024.0
#define MI (1024.0 * 1024.0)
#define GI (1024.0 * 1024.0 * 1024.0)
#define TI (1024.0 * 1024.0 * 1024.0 * 1024.0)

/* Every spelling a supported tool prints, and the common hand-written synonyms. */
static const struct unit_spelling spellings[] = {
	/* time */
	{ "s", UNIT_SECOND, 1 },
	{ "sec", UNIT_SECOND, 1 },
	{ "secs", UNIT_SECOND, 1 },
	{ "mins", UNIT_SECOND, 60 },    /* fish's time */
	{ "millis", UNIT_SECOND, 1e-3 }, /* fish's time */
	{ "micros", UNIT_SECOND, 1e-6 }, /* fish's time */
	{ "seconds", UNIT_SECOND, 1 },
	{ "milliseconds", UNIT_SECOND, 1e-3 },
	{ "ms", UNIT_SECOND, 1e-3 },
	{ "msec", UNIT_SECOND, 1e-3 },
	{ "\xc2\xb5s", UNIT_SECOND, 1e-6 }, /* U+00B5 MICRO SIGN */
	{ "\xce\xbcs", UNIT_SECOND, 1e-6 }, /* U+03BC GREEK SMALL LETTER MU */
	{ "us", UNIT_SECOND, 1e-6 },
	{ "usec", UNIT_SECOND, 1e-6 },
	{ "ns", UNIT_SECOND, 1e-9 },
	{ "nsec", UNIT_SECOND, 1e-9 },
	{ "ps", UNIT_SECOND, 1e-12 },
	{ "min", UNIT_SECOND, 60 },
	{ "h", UNIT_SECOND, 3600 },
	/* sizes: iperf3's "KBytes" are 1024-based, SI "KB" 1000-based */
	{ "B", UNIT_BYTE, 1 },
	{ "Bytes", UNIT_BYTE, 1 },
	{ "bytes", UNIT_BYTE, 1 },
	{ "KBytes", UNIT_BYTE, KI },
	{ "kbytes", UNIT_BYTE, KI }, /* GNU time's "(kbytes)" are KiB */
	{ "MBytes", UNIT_BYTE, MI },
	{ "GBytes", UNIT_BYTE, GI },
	{ "TBytes", UNIT_BYTE, TI },
	{ "KiB", UNIT_BYTE, KI },
	{ "MiB", UNIT_BYTE, MI },
	{ "GiB", UNIT_BYTE, GI },
	{ "TiB", UNIT_BYTE, TI },
	{ "PiB", UNIT_BYTE, TI * KI },
	{ "EiB", UNIT_BYTE, TI * MI },
	{ "PB", UNIT_BYTE, 1e15 },
	{ "EB", UNIT_BYTE, 1e18 },
	{ "kB", UNIT_BYTE, 1e3 },
	{ "KB", UNIT_BYTE, 1e3 },
	{ "MB", UNIT_BYTE, 1e6 },
	{ "GB", UNIT_BYTE, 1e9 },
	{ "TB", UNIT_BYTE, 1e12 },
	/* bit rates, always 1000-based */
	{ "bits/sec", UNIT_BIT_PER_S, 1 },
	{ "Kbits/sec", UNIT_BIT_PER_S, 1e3 },
	{ "Mbits/sec", UNIT_BIT_PER_S, 1e6 },
	{ "Gbits/sec", UNIT_BIT_PER_S, 1e9 },
	{ "Tbits/sec", UNIT_BIT_PER_S, 1e12 },
	{ "bit/s", UNIT_BIT_PER_S, 1 },
	{ "kbit/s", UNIT_BIT_PER_S, 1e3 },
	{ "Kbit/s", UNIT_BIT_PER_S, 1e3 },
	{ "Mbit/s", UNIT_BIT_PER_S, 1e6 },
	{ "Gbit/s", UNIT_BIT_PER_S, 1e9 },
	{ "Tbit/s", UNIT_BIT_PER_S, 1e12 },
	{ "b/s", UNIT_BIT_PER_S, 1 },
	{ "Kb/s", UNIT_BIT_PER_S, 1e3 },
	{ "Mb/s", UNIT_BIT_PER_S, 1e6 },
	{ "Gb/s", UNIT_BIT_PER_S, 1e9 },
	{ "Tb/s", UNIT_BIT_PER_S, 1e12 },
	/* byte rates: iperf3 -f K/M/G and Criterion's KiB/s are 1024-based, KB/s and MB/s 1000-based */
	{ "B/s", UNIT_BYTE_PER_S, 1 },
	{ "Bytes/sec", UNIT_BYTE_PER_S, 1 },
	{ "KBytes/sec", UNIT_BYTE_PER_S, KI },
	{ "MBytes/sec", UNIT_BYTE_PER_S, MI },
	{ "GBytes/sec", UNIT_BYTE_PER_S, GI },
	{ "TBytes/sec", UNIT_BYTE_PER_S, TI },
	{ "KiB/s", UNIT_BYTE_PER_S, KI },
	{ "MiB/s", UNIT_BYTE_PER_S, MI },
	{ "GiB/s", UNIT_BYTE_PER_S, GI },
	{ "TiB/s", UNIT_BYTE_PER_S, TI },
	{ "KB/s", UNIT_BYTE_PER_S, 1e3 },
	{ "kB/s", UNIT_BYTE_PER_S, 1e3 },
	{ "MB/s", UNIT_BYTE_PER_S, 1e6 },
	{ "GB/s", UNIT_BYTE_PER_S, 1e9 },
	{ "TB/s", UNIT_BYTE_PER_S, 1e12 },
	/* event rates */
	{ "/s", UNIT_PER_S, 1 },
	{ "/sec", UNIT_PER_S, 1 },
	{ "K/sec", UNIT_PER_S, 1e3 },
	{ "M/sec", UNIT_PER_S, 1e6 },
	{ "G/sec", UNIT_PER_S, 1e9 },
	{ "op/sec", UNIT_PER_S, 1 },
	{ "ops/sec", UNIT_PER_S, 1 },
	{ "ops/s", UNIT_PER_S, 1 },
	{ "qps", UNIT_PER_S, 1 },
	{ "elem/s", UNIT_PER_S, 1 },
	{ "Kelem/s", UNIT_PER_S, 1e3 },
	{ "Melem/s", UNIT_PER_S, 1e6 },
	{ "Gelem/s", UNIT_PER_S, 1e9 },
	/* simulated time per day of computing (OpenMM, GROMACS, NAMD) */
	{ "ns/day", UNIT_NS_PER_DAY, 1 },
	{ "\xc2\xb5s/day", UNIT_NS_PER_DAY, 1e3 },
	{ "\xce\xbcs/day", UNIT_NS_PER_DAY, 1e3 },
	{ "us/day", UNIT_NS_PER_DAY, 1e3 },
	/* other */
	{ "%", UNIT_PERCENT, 1 },
};

/*
 * The spellings in a hash table by their key (below; open addressing, row
 * + 1 in each slot, 0 empty), with each spelling's key, length and power
 * of ten: built once, on first use by any thread, then only read (shared
 * by every thread). A spelling the table holds twice is entered once, its
 * first row: the first that matches wins, as in a walk of the table.
 */
#define SPELLING_SLOTS 512 /* a power of two, several times the rows */
#define SPELLING_MAX 16    /* the longest spelling a key holds (build_spellings() checks the rows) */
struct spelling_key {
	uint64_t lo, hi;
};
static unsigned char spelling_slot[SPELLING_SLOTS];
static struct {
	struct spelling_key key;
	size_t len;
	int exp;
} spelling_row[countof(spellings)];
static atomic_int spellings_built; /* set (release) once the tables are whole */
static pthread_once_t spellings_once = PTHREAD_ONCE_INIT;

_Static_assert(countof(spellings) < UCHAR_MAX, "a slot holds a row + 1 in a byte");
_Static_assert(countof(spellings) * 4 <= SPELLING_SLOTS, "the table stays sparse");

/*
 * s[0..n) (1 <= n <= SPELLING_MAX) in two words, loaded from both ends
 * (8 bytes each from 8 bytes up, 4 from 4 up; below, the first, middle
 * and last bytes). The loads of one length cover every byte, each at the
 * same place, so two texts of one length have one key exactly when they
 * are the same: a comparison of two words where a loop of bytes cost
 * several instructions a byte.
 */
static inline struct spelling_key spelling_key(const char *s, size_t n)
{
	struct spelling_key k = { 0, 0 };

	if (n >= 8) {
		memcpy(&k.lo, s, 8);
		memcpy(&k.hi, s + n - 8, 8);
	} else if (n >= 4) {
		uint32_t a, b;

		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		k.lo = a;
		k.hi = b;
	} else {
		k.lo = (unsigned char)s[0] | (unsigned)(unsigned char)s[n / 2] << 8 |
		       (unsigned)(unsigned char)s[n - 1] << 16;
	}
	return k;
}

static unsigned spelling_home(struct spelling_key k, size_t n)
{
	return (unsigned)(((k.lo ^ (k.hi + n) * 0xff51afd7ed558ccdull) * 0x9e3779b97f4a7c15ull) >> 55) &
	       (SPELLING_SLOTS - 1);
}

/* The power of ten `f` is, or 0 when it is none of 1e-12 .. 1e12. */
static int exponent_of(double f)
{
	static const double powers[] = { 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4,
					  1e-3,  1e-2,  1e-1,  1,    1e1,  1e2,  1e3,  1e4,  1e5,
					  1e6,   1e7,   1e8,   1e9,  1e10, 1e11, 1e12 };

	for (size_t i = 0; i < countof(powers); i++)
		if (f == powers[i])
			return (int)i - 12;
	return 0;
}

/* The row in the slot chain of key `k` (a text of n bytes) that spells it, or -1 (the tables built). */
static inline long spelling_in_table(struct spelling_key k, size_t n)
{
	for (unsigned h = spelling_home(k, n); spelling_slot[h]; h = (h + 1) & (SPELLING_SLOTS - 1)) {
		size_t i = spelling_slot[h] - 1u;

		if (spelling_row[i].key.lo == k.lo && spelling_row[i].key.hi == k.hi && spelling_row[i].len == n)
			return (long)i;
	}
	return -1;
}

static void build_spellings(void)
{
	for (size_t i = 0; i < countof(spellings); i++) {
		size_t n = strlen(spellings[i].text);
		struct spelling_key k;
		unsigned h;

		if (n == 0 || n > SPELLING_MAX)
			die("unit spelling \"%s\": a key holds 1 to %d bytes", spellings[i].text, SPELLING_MAX);
		k = spelling_key(spellings[i].text, n);
		spelling_row[i].key = k;
		spelling_row[i].len = n;
		spelling_row[i].exp = exponent_of(spellings[i].factor);
		if (spelling_in_table(k, n) >= 0)
			continue; /* an earlier row spells it */
		for (h = spelling_home(k, n); spelling_slot[h]; h = (h + 1) & (SPELLING_SLOTS - 1))
			;
		spelling_slot[h] = (unsigned char)(i + 1);
	}
	atomic_store_explicit(&spellings_built, 1, memory_order_release);
}

/* The row of spelling s[0..n), or -1. */
#if defined(__GNUC__)
__attribute__((always_inline)) /* on the figures' paths: the key in registers, no call */
#endif
static inline long spelling_of(const char *s, size_t n)
{
	if (!atomic_load_explicit(&spellings_built, memory_order_acquire))
		pthread_once(&spellings_once, build_spellings);
	return n && n <= SPELLING_MAX ? spelling_in_table(spelling_key(s, n), n) : -1;
}

int unit_lookup(const char *s, size_t n, enum unit *unit, double *factor)
{
	long i = spelling_of(s, n);

	if (i < 0)
		return -1;
	*unit = spellings[i].unit;
	*factor = spellings[i].factor;
	return 0;
}

/*
 * Spellings typed by hand (tables, lists), asked only after the tools'
 * own: sizes in lower case or with a lower-case 'b' ("mb", "Mib": nobody
 * measures a file in bits), words for time, rates of requests and
 * iterations.
 */
static const struct unit_spelling hand_spellings[] = {
	{ "b", UNIT_BYTE, 1 },
	{ "byte", UNIT_BYTE, 1 },
	{ "kb", UNIT_BYTE, 1e3 },
	{ "mb", UNIT_BYTE, 1e6 },
	{ "gb", UNIT_BYTE, 1e9 },
	{ "Kb", UNIT_BYTE, 1e3 },
	{ "Mb", UNIT_BYTE, 1e6 },
	{ "Gb", UNIT_BYTE, 1e9 },
	{ "kib", UNIT_BYTE, KI },
	{ "mib", UNIT_BYTE, MI },
	{ "gib", UNIT_BYTE, GI },
	{ "Kib", UNIT_BYTE, KI },
	{ "Mib", UNIT_BYTE, MI },
	{ "Gib", UNIT_BYTE, GI },
	{ "Tib", UNIT_BYTE, TI },
	{ "seconds", UNIT_SECOND, 1 },
	{ "second", UNIT_SECOND, 1 },
	{ "mins", UNIT_SECOND, 60 },
	{ "minutes", UNIT_SECOND, 60 },
	{ "hours", UNIT_SECOND, 3600 },
	{ "hr", UNIT_SECOND, 3600 },
	{ "req/s", UNIT_PER_S, 1 },
	{ "req/sec", UNIT_PER_S, 1 },
	{ "rps", UNIT_PER_S, 1 },
	{ "RPS", UNIT_PER_S, 1 },
	{ "QPS", UNIT_PER_S, 1 },
	{ "reqs/s", UNIT_PER_S, 1 },
	{ "requests/s", UNIT_PER_S, 1 },
	{ "requests/sec", UNIT_PER_S, 1 },
	{ "iter/s", UNIT_PER_S, 1 },
	{ "it/s", UNIT_PER_S, 1 },
	{ "op/s", UNIT_PER_S, 1 },
	{ "/ms", UNIT_PER_S, 1e3 },
	/* a frequency: cycles or events per second */
	{ "Hz", UNIT_PER_S, 1 },
	{ "kHz", UNIT_PER_S, 1e3 },
	{ "KHz", UNIT_PER_S, 1e3 },
	{ "MHz", UNIT_PER_S, 1e6 },
	{ "GHz", UNIT_PER_S, 1e9 },
};

int unit_lookup_hand(const char *s, size_t n, enum unit *unit, double *factor)
{
	if (unit_lookup(s, n, unit, factor) == 0)
		return 0;
	for (size_t i = 0; i < countof(hand_spellings); i++)
		if (strlen(hand_spellings[i].text) == n && !memcmp(hand_spellings[i].text, s, n)) {
			*unit = hand_spellings[i].unit;
			*factor = hand_spellings[i].factor;
			return 0;
		}
	return -1;
}

int unit_value(const char *num, size_t num_len, const char *u, size_t u_len, enum unit *unit,
	       double *value)
{
	long i = spelling_of(u, u_len);
	double v;
	int e;

	if (i < 0)
		return -1;
	*unit = spellings[i].unit;
	/* "4.9" ms is 4.9e-3 s exactly rounded, where 4.9 * 1e-3 is 0.004900000000000001 */
	e = spelling_row[i].exp;
	if (decimal(num, num_len, e, &v) < 0)
		return -1;
	*value = e ? v : v * spellings[i].factor; /* 1024-based factors are powers of two: exact */
	return 0;
}

int unit_value_grouped(const char *num, size_t num_len, char sep, const char *u, size_t u_len,
		       enum unit *unit, double *value)
{
	char tmp[64];
	long k = ungroup(num, num_len, sep, tmp);

	return k < 0 ? -1 : unit_value(tmp, (size_t)k, u, u_len, unit, value);
}

/* Go and Rust duration units, largest first; "m" is minutes there. */
static const struct {
	const char *text, *spelling;
} duration_units[] = {
	{ "h", "h" },
	{ "m", "min" },
	{ "s", "s" },
	{ "ms", "ms" },
	{ "\xc2\xb5s", "\xc2\xb5s" }, /* U+00B5, as Go and Rust print it */
	{ "\xce\xbcs", "\xce\xbcs" }, /* U+03BC, in hand-edited logs */
	{ "us", "us" },
	{ "ns", "ns" },
};

int unit_duration(const char *s, size_t n, double *out)
{
	size_t i = 0;
	int last = -1, neg = 0;
	double total = 0;

	if (n && s[0] == '-')
		neg = 1, i = 1;
	if (i >= n)
		return -1;
	while (i < n) {
		size_t num = i, u;
		int k, rank = -1;
		enum unit unit;
		double v;

		while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
			i++;
		for (u = i; u < n && !(s[u] >= '0' && s[u] <= '9') && s[u] != '.'; u++)
			;
		for (k = 0; k < (int)countof(duration_units); k++) {
			if (strlen(duration_units[k].text) == u - i &&
			    !memcmp(s + i, duration_units[k].text, u - i)) {
				/* µs, μs and us are one unit: the same rank */
				rank = k < 4 ? k : k == 7 ? 5 : 4;
				break;
			}
		}
		if (i == num || rank <= last || k == (int)countof(duration_units) ||
		    unit_value(s + num, i - num, duration_units[k].spelling,
			       strlen(duration_units[k].spelling), &unit, &v) < 0)
			return -1;
		total += v;
		last = rank;
		i = u;
	}
	*out = neg ? -total : total;
	return 0;
}

struct prefix {
	double scale;
	const char *text;
};

static const struct prefix time_prefixes[] = {
	{ 3600, "h" }, { 60, "min" }, { 1, "s" }, { 1e-3, "ms" }, { 1e-6, "\xc2\xb5s" },
	{ 1e-9, "ns" }, { 1e-12, "ps" }, { 0, NULL },
};
static const struct prefix byte_prefixes[] = {
	{ TI, "TiB" }, { GI, "GiB" }, { MI, "MiB" }, { KI, "KiB" }, { 1, "B" }, { 0, NULL },
};
static const struct prefix bitrate_prefixes[] = {
	{ 1e12, "Tbit/s" }, { 1e9, "Gbit/s" }, { 1e6, "Mbit/s" }, { 1e3, "kbit/s" },
	{ 1, "bit/s" }, { 0, NULL },
};
static const struct prefix byterate_prefixes[] = {
	{ TI, "TiB/s" }, { GI, "GiB/s" }, { MI, "MiB/s" }, { KI, "KiB/s" }, { 1, "B/s" }, { 0, NULL },
};
static const struct prefix rate_prefixes[] = {
	{ 1e12, "T/s" }, { 1e9, "G/s" }, { 1e6, "M/s" }, { 1e3, "k/s" }, { 1, "/s" }, { 0, NULL },
};
static const struct prefix cpus_prefixes[] = {
	{ 1, "CPUs" }, { 0, NULL },
};
static const struct prefix sim_rate_prefixes[] = {
	{ 1e3, "\xc2\xb5s/day" }, { 1, "ns/day" }, { 0, NULL },
};
static const struct prefix count_prefixes[] = {
	{ 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" }, { 1, "" }, { 0, NULL },
};

static const struct prefix *prefixes_for(enum unit u)
{
	switch (u) {
	case UNIT_SECOND: return time_prefixes;
	case UNIT_BYTE: return byte_prefixes;
	case UNIT_BIT_PER_S: return bitrate_prefixes;
	case UNIT_BYTE_PER_S: return byterate_prefixes;
	case UNIT_PER_S: return rate_prefixes;
	case UNIT_COUNT: return count_prefixes;
	case UNIT_CPUS: return cpus_prefixes;
	case UNIT_NS_PER_DAY: return sim_rate_prefixes;
	default: return NULL;
	}
}

/*
 * The most decimals a figure whose last printed digit stood for `step` (in
 * the units it is shown in) may have: 1 for 0.1, 0 for 1, -1 for 10. A
 * tenth of slack absorbs a unit printed in one scale and shown in another
 * (0.1 MB is 0.095 MiB: still one decimal). INT_MAX when the step is unknown.
 */
static int step_decimals(double step)
{
	if (!(step > 0) || !isfinite(step))
		return INT_MAX;
	return (int)floor(-log10(0.9 * step));
}

/* Past this, a scaled figure is written with an exponent (it would be more than 7 digits). */
#define SIG3_PLAIN_MAX 1e7

/*
 * Three significant digits of x (already scaled), e.g. 2.66, 26.6, 266,
 * and no more decimals than `step` (the scaled last printed digit) allows;
 * 10 million or more with an exponent (4.72e+08).
 */
static void sig3(char *out, size_t size, double x, const char *suffix, double step)
{
	double a = fabs(x);
	int decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2, most = step_decimals(step);

	if (a >= SIG3_PLAIN_MAX) { /* "1.7e+308 s", not 309 digits cut off before their unit */
		snprintf(out, size, "%.3g%s%s", x, *suffix ? " " : "", suffix);
		return;
	}
	if (most < decimals)
		decimals = most < 0 ? 0 : most;
	snprintf(out, size, "%.*f%s%s", decimals, x, *suffix ? " " : "", suffix);
}

/* `res` is half a unit of the figure's last printed digit (SI), 0 or NaN when unknown. */
static char *format_c(double v, enum unit unit, char *out, size_t size, int is_delta, double res)
{
	const struct prefix *p = prefixes_for(unit), *first = p;
	double a = fabs(v), step = res > 0 && isfinite(res) ? 2 * res : 0;

	if (!isfinite(v)) {
		snprintf(out, size, "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
		return out;
	}
	if (unit == UNIT_PERCENT) {
		sig3(out, size, v, "%", step);
		return out;
	}
	/* whole counts below a million read best as they are: "10000 runs" (unless printed coarser: "1.5k") */
	if (!is_delta && unit == UNIT_COUNT && a < 1e6 && v == floor(v) && step_decimals(step) >= 0) {
		snprintf(out, size, "%.0f", v);
		return out;
	}
	if (!p) {
		snprintf(out, size, "%.3g", v);
		return out;
	}
	if (a == 0 && step > 0) {
		/*
		 * a zero known to a printed digit: "0.0 MiB", not an exact "0 B",
		 * in the largest prefix that needs at most two decimals
		 */
		int d;

		while (p[1].text && step_decimals(step / p->scale) > 2)
			p++;
		d = step_decimals(step / p->scale);
		snprintf(out, size, "%.*f%s%s", d < 0 ? 0 : d, 0.0, *p->text ? " " : "", p->text);
		return out;
	}
	if (a == 0) {
		for (; p[1].text; p++)
			if (p->scale == 1)
				break;
		snprintf(out, size, "0%s%s", *p->text ? " " : "", p->text);
		return out;
	}
	/* the largest prefix that keeps the scaled value >= 1 once rounded to 3 digits */
	for (; p[1].text; p++) {
		if (a / p->scale >= 0.9995)
			break;
	}
	/* so large that even the largest prefix needs an exponent: the unit itself, as printed (1.7e+308 s) */
	if (p == first && a / p->scale >= SIG3_PLAIN_MAX) {
		while (p[1].text && p->scale != 1)
			p++;
		if (p->scale == 1) {
			sig3(out, size, v, p->text, 0);
			return out;
		}
		p = first;
	}
	/* a figure printed coarser than this prefix's units reads in a larger one: "0.7 ms", not "700 µs" */
	while (p > first && step_decimals(step / p->scale) < 0)
		p--;
	sig3(out, size, v / p->scale, p->text, step / p->scale);
	return out;
}

static char *format(double v, enum unit unit, char *out, size_t size, int is_delta, double res)
{
	locale_t old = enter_c_numeric();

	format_c(v, unit, out, size, is_delta, res);
	leave_c_numeric(old);
	return out;
}

char *unit_format(double v, enum unit unit, char *out, size_t size)
{
	return format(v, unit, out, size, 0, 0);
}

char *unit_format_delta(double v, enum unit unit, char *out, size_t size)
{
	return format(v, unit, out, size, 1, 0);
}

char *unit_format_res(double v, enum unit unit, double res, char *out, size_t size)
{
	return format(v, unit, out, size, 0, res);
}

char *unit_format_delta_res(double v, enum unit unit, double res, char *out, size_t size)
{
	return format(v, unit, out, size, 1, res);
}

/* 10^k in long double: exact up to 10^27 (5^27 fits in 64 bits), within an ulp past it. */
static long double ld_ten(int k)
{
	static const long double tens[] = { 1e0L,  1e1L,  1e2L,  1e3L,	1e4L,  1e5L,  1e6L,
					    1e7L,  1e8L,  1e9L,  1e10L, 1e11L, 1e12L, 1e13L,
					    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L,
					    1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L };

	return k < (int)(sizeof(tens) / sizeof(tens[0])) ? tens[k] : powl(10.0L, k);
}

/*
 * What "%.<P>g" prints for `v` (P is 15, 16 or 17), without printf: 1 and
 * the text in `out` when it reads back as `v`; 0 when it does not (more
 * digits are needed); -1 when this cannot tell (the caller asks printf).
 *
 * The P digits are v * 10^k rounded to an integer, the product taken in
 * long double (64 bits of mantissa: off by less than 0.02 at 10^17), so
 * the rounding is printf's unless the product lies within 0.03 of a half,
 * where this cannot tell. Whether the text reads back: one IEEE division
 * or multiplication of two exact doubles rounds as strtod does, when the
 * digits fit in 2^53 and |k| <= 22; strtod itself otherwise; and 17 digits
 * always read back.
 */
static int exact_digits(double v, int prec, char out[32])
{
	static const uint64_t lowest[] = { 100000000000000ull, 1000000000000000ull,
					   10000000000000000ull };
	const uint64_t lo = lowest[prec - 15], hi = lo * 10;
	double a = fabs(v);
	long double x, f;
	uint64_t m;
	int e, k, tries = 0, nd = prec, readback;
	char digits[17], *o = out;

	if (!(a >= 1e-200 && a < 1e200)) /* zero, NaN, infinities, extremes */
		return -1;
	/* the decimal exponent from the binary one (log10(2) ≈ 78913 / 2^18), corrected below */
	(void)frexp(a, &e);
	{
		long t = (long)(e - 1) * 78913;

		e = (int)(t >= 0 ? t >> 18 : -((-t + (1L << 18) - 1) >> 18));
	}
	for (;;) {
		k = prec - 1 - e;
		x = k >= 0 ? (long double)a * ld_ten(k) : (long double)a / ld_ten(-k);
		f = floorl(x);
		if (fabsl(x - f - 0.5L) < 0.03L)
			return -1; /* too near a half to know which way printf rounds */
		m = (uint64_t)f + (x - f > 0.5L);
		if (m >= hi)
			e++;
		else if (m < lo)
			e--;
		else
			break;
		if (++tries > 3)
			return -1;
	}
	if (prec == 17)
		readback = 1;
	else if (k >= -22 && k <= 22 && m <= (1ull << 53))
		readback = (k >= 0 ? (double)m / exact_tens[k] : (double)m * exact_tens[-k]) == a;
	else
		readback = -1; /* strtod, once the text is made */
	if (!readback)
		return 0;
	for (int i = prec - 1; i >= 0; i--, m /= 10)
		digits[i] = (char)('0' + m % 10);
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	if (v < 0)
		*o++ = '-';
	if (e < -4 || e >= prec) {
		int ae = e < 0 ? -e : e;

		*o++ = digits[0];
		if (nd > 1) {
			*o++ = '.';
			memcpy(o, digits + 1, (size_t)nd - 1);
			o += nd - 1;
		}
		*o++ = 'e';
		*o++ = e < 0 ? '-' : '+';
		if (ae >= 100)
			*o++ = (char)('0' + ae / 100);
		*o++ = (char)('0' + ae / 10 % 10);
		*o++ = (char)('0' + ae % 10);
	} else if (e >= 0) {
		memcpy(o, digits, (size_t)e + 1);
		o += e + 1;
		if (nd > e + 1) {
			*o++ = '.';
			memcpy(o, digits + e + 1, (size_t)(nd - e - 1));
			o += nd - e - 1;
		}
	} else {
		*o++ = '0';
		*o++ = '.';
		for (int i = 0; i < -e - 1; i++)
			*o++ = '0';
		memcpy(o, digits, (size_t)nd);
		o += nd;
	}
	*o = '\0';
	if (readback < 0)
		return c_strtod(out, NULL) == v;
	return 1;
}

char *num_exact(double v, char out[32])
{
	locale_t old;
	int prec = 15;

#if LDBL_MANT_DIG >= 64
	/* the first of 15, 16, 17 digits that reads back, as the loop below finds it */
	for (; prec <= 17; prec++) {
		int r = exact_digits(v, prec, out);

		if (r > 0)
			return out;
		if (r < 0)
			break;
	}
#endif
	old = enter_c_numeric();
	for (; prec <= 17; prec++) {
		snprintf(out, 32, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			break;
	}
	leave_c_numeric(old);
	return out;
}
