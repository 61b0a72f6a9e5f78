/*
 * fmt.c - a printf of a few conversions, without stdio; see fmt.h.
 */
#include "util/fmt.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
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

/* The count of decimal digits of `v`. */
static size_t decimal_len(unsigned long long v)
{
	static const unsigned long long tens[] = { 1ull,
						   10ull,
						   100ull,
						   1000ull,
						   10000ull,
						   100000ull,
						   1000000ull,
						   10000000ull,
						   100000000ull,
						   1000000000ull,
						   10000000000ull,
						   100000000000ull,
						   1000000000000ull,
						   10000000000000ull,
						   100000000000000ull,
						   1000000000000000ull,
						   10000000000000000ull,
						   100000000000000000ull,
						   1000000000000000000ull,
						   10000000000000000000ull };
	size_t n;

#if defined(__GNUC__) && ULLONG_MAX == 0xffffffffffffffffull
	/* from the bit length: log10(2) ≈ 1233 / 4096, one short at most */
	n = ((size_t)(64 - __builtin_clzll(v | 1)) * 1233) >> 12;
	return n + (n < 20 && v >= tens[n]);
#else
	for (n = 1; n < 20 && v >= tens[n]; n++)
		;
	return n;
#endif
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FMT_EIGHT_DIGITS 1
/*
 * 10 <= v < 10^8 (line numbers, counts: nearly every value) with no
 * division and no loop: its eight digits, leading zeros and all, are made
 * at once in the bytes of one 64-bit word, each split halving the lanes
 * (two of 4 digits, four of 2, eight of 1; a lane's quotient by 100 or 10
 * is a multiply and a shift, exact below 10^4 and 10^2, and no product
 * reaches the next lane). The first digit is the lowest byte (little
 * endian: the first in memory), so the leading zeros are the low zero
 * bytes, shifted out. All eight bytes are stored: those past the digits
 * are within FMT_DECIMAL_MAX and anything may be there (fmt.h).
 */
static size_t eight_digits(char out[FMT_DECIMAL_MAX], uint32_t v)
{
	uint64_t hi = v / 10000, x = hi | (uint64_t)(v - hi * 10000) << 32, q;
	int zeros;

	q = (x * 10486 >> 20) & 0x0000007f0000007full; /* each 32-bit lane / 100 */
	x = q | (x - q * 100) << 16;
	q = (x * 103 >> 10) & 0x000f000f000f000full; /* each 16-bit lane / 10 */
	x = q | (x - q * 10) << 8;
	zeros = __builtin_ctzll(x) >> 3; /* v >= 10: some byte is not 0 */
	x = (x + 0x3030303030303030ull) >> (8 * zeros);
	memcpy(out, &x, 8);
	return 8 - (size_t)zeros;
}
#endif

size_t fmt_decimal(char out[FMT_DECIMAL_MAX], unsigned long long v)
{
	/* two digits a step, from the last, once the length is known (no copy) */
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";
	size_t n, i;
	uint32_t w;

	if (v < 10) { /* the store's counts, mostly */
		out[0] = (char)('0' + v);
		return 1;
	}
#ifdef FMT_EIGHT_DIGITS
	if (v < 100000000)
		return eight_digits(out, (uint32_t)v);
#endif
	n = i = decimal_len(v);
	while (v > UINT32_MAX) {
		unsigned r = (unsigned)(v % 100);

		v /= 100;
		i -= 2;
		memcpy(out + i, pairs + 2 * r, 2);
	}
	/*
	 * below 2^32 (line numbers, counts: most values) four digits a step, by
	 * 32-bit divisions (each a multiply and a shift): r / 100 is exact as
	 * r * 5243 >> 19 for r < 10000
	 */
	for (w = (uint32_t)v; w >= 10000; w /= 10000) {
		uint32_t r = w % 10000, hi = r * 5243 >> 19;

		i -= 4;
		memcpy(out + i, pairs + 2 * hi, 2);
		memcpy(out + i + 2, pairs + 2 * (r - 100 * hi), 2);
	}
	if (w >= 100) {
		i -= 2;
		memcpy(out + i, pairs + 2 * (w % 100), 2);
		w /= 100;
	}
	if (w >= 10)
		memcpy(out, pairs + 2 * w, 2);
	else
		out[0] = (char)('0' + w);
	return n;
}

size_t fmt_double_short(char out[FMT_DOUBLE_SHORT_MAX], double v)
{
#if FLT_EVAL_METHOD == 0 && DBL_MANT_DIG == 53 && FLT_RADIX == 2
	/* exact doubles (5^22 < 2^53) */
	static const double tens[] = { 1e0,  1e1,  1e2,	 1e3,  1e4,  1e5,  1e6,	 1e7,
				       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	const int kmax = (int)(sizeof(tens) / sizeof(tens[0])) - 1;
	char *o = out;
	double a = fabs(v), s;
	uint64_t m;
	size_t nd;
	int k, x;

	if (a == 0) {
		if (signbit(v))
			*o++ = '-';
		*o++ = '0';
		return (size_t)(o - out);
	}
	if (!(a >= 1e-8 && a < 1e15)) /* more than 22 decimals, an exponent of 15 or more, NaN, infinite */
		return 0;
	if (a < 9007199254740992.0 && (double)(uint64_t)a == a) {
		m = (uint64_t)a; /* a whole number */
		k = 0;
	} else {
		/* 15 significant digits: a * 10^k in [10^14, 10^15), k from a's binary exponent */
		uint64_t bits;
		int e2;

		memcpy(&bits, &a, sizeof(bits));
		e2 = (int)(bits >> 52) - 1023; /* 2^e2 <= a < 2^(e2+1): a is normal */
		k = 14 - e2 * 1233 / 4096; /* log10(2) ≈ 1233 / 4096; off by one at most */
		if (k < 0)
			k = 0;
		if (k > kmax)
			k = kmax;
		s = a * tens[k];
		if (s >= 1e15 && k > 0)
			s = a * tens[--k];
		else if (s < 1e14 && k < kmax)
			s = a * tens[++k];
		if (!(s < 1e15))
			return 0;
		m = (uint64_t)(s + 0.5); /* exact: below 2^50, s has no bits under 1/8 */
		if (m >= 1000000000000000ull || (double)m / tens[k] != a)
			return 0; /* more than 15 digits read back to a: the long way */
		/* the one text of at most 15 digits that reads back: its trailing zeros go, as %g's */
		if (m % 100000000 == 0 && k >= 8)
			m /= 100000000, k -= 8;
		if (m % 10000 == 0 && k >= 4)
			m /= 10000, k -= 4;
		if (m % 100 == 0 && k >= 2)
			m /= 100, k -= 2;
		if (m % 10 == 0 && k >= 1)
			m /= 10, k -= 1;
		while (k > 0 && m % 10 == 0)
			m /= 10, k--;
	}
	nd = decimal_len(m);
	x = (int)nd - 1 - k; /* the decimal exponent: %g's notation */
	if (signbit(v))
		*o++ = '-';
	if (x < -4) {
		/* d.ddde-XX: the digits after the first go one to the right of it */
		fmt_decimal(o + 1, m);
		o[0] = o[1];
		if (nd > 1) {
			o[1] = '.';
			o += nd + 1;
		} else {
			o++;
		}
		*o++ = 'e';
		*o++ = '-';
		*o++ = (char)('0' + -x / 10);
		*o++ = (char)('0' + -x % 10);
	} else if (!k) {
		o += fmt_decimal(o, m);
	} else if (nd > (size_t)k) {
		/* the whole part moves one to the left of the decimals, for the point */
		fmt_decimal(o + 1, m);
		for (size_t i = 0; i < nd - (size_t)k; i++)
			o[i] = o[i + 1];
		o[nd - (size_t)k] = '.';
		o += nd + 1;
	} else {
		*o++ = '0';
		*o++ = '.';
		for (size_t i = nd; i < (size_t)k; i++)
			*o++ = '0';
		o += fmt_decimal(o, m);
	}
	return (size_t)(o - out);
#else
	(void)out;
	(void)v;
	return 0; /* no exact double arithmetic to rely on: the long way */
#endif
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
