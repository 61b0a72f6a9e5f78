/*
 * fmt.h - the few printf conversions that hot paths format (run ids, keys,
 * notes), done without stdio: a formatted string per measurement or run
 * made vsnprintf a tenth of an import's time.
 */
#ifndef BD_UTIL_FMT_H
#define BD_UTIL_FMT_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Format `fmt` into out[0..cap) as vsnprintf would, when every conversion
 * is one of %s, %.Ns, %.*s (precision >= 0), %u, %d, %ld, %zu, %lu, %c and %%
 * and no %s argument is NULL. Returns the length written (out is
 * NUL-terminated), or -1 when the format holds anything else or the result
 * does not fit: the caller then formats with vsnprintf from its own copy of
 * the arguments (`ap` is consumed either way).
 */
int fmt_simple(char *out, size_t cap, const char *fmt, va_list ap);

/* Room for any unsigned long long in decimal. */
#define FMT_DECIMAL_MAX 24

/*
 * `v` in decimal, as "%llu" prints it, at the start of out (not
 * NUL-terminated); its length. The bytes of out past the digits may be
 * written too (all FMT_DECIMAL_MAX are the callee's).
 */
size_t fmt_decimal(char out[FMT_DECIMAL_MAX], unsigned long long v);

/* Room for what fmt_double_short() writes: "-0.000" and 15 digits, or "-", 15 digits, "." and "e-08". */
#define FMT_DOUBLE_SHORT_MAX (FMT_DECIMAL_MAX + 8)

/*
 * `v` as the first of "%.15g", "%.16g", "%.17g" that reads back to it
 * prints it (the store's numbers: parsers/units.h num_exact()), for the
 * values most figures are: at most 15 significant digits that read back
 * exactly, 1e-8 <= |v| < 1e15 (an exponent below -4 written as %g writes
 * it, "1.5e-07"), and 0. Writes it at the
 * start of `out` (not NUL-terminated) and returns its length; 0 for any
 * other value (nothing to rely on in `out`), which the caller formats the
 * long way.
 *
 * Why it is printf's text: the digits are an integer m < 10^15 and a
 * count k of decimals with m / 10^k == v in one IEEE division of two
 * exact doubles, which rounds as strtod does, so the text reads back.
 * v then lies within half an ulp of m / 10^k, less than half a step of
 * 15 significant digits, so "%.15g" rounds v to m / 10^k: the first
 * precision tried reads back, and %g drops the trailing zeros (so does
 * this: m / 10^k is the one such text of 15 digits or fewer).
 */
size_t fmt_double_short(char out[FMT_DOUBLE_SHORT_MAX], double v);

#endif
