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

/* `v` in decimal, as "%llu" prints it, at the start of out (not NUL-terminated); its length. */
size_t fmt_decimal(char out[FMT_DECIMAL_MAX], unsigned long long v);

#endif
