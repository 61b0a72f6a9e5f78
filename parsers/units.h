/*
 * units.h - the one place where printed numbers and units become SI values
 * and where SI values become text for people again.
 */
#ifndef BD_PARSERS_UNITS_H
#define BD_PARSERS_UNITS_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/record.h"

/*
 * Parse a whole span as a finite decimal number ("12", "-0.5", "1e+02",
 * "4.9404876e-05"). Returns 0, or -1 when any byte of the span is not part
 * of the number ("0.00O281" is an error, never 0.00).
 */
int num_parse(const char *s, size_t n, double *out);
/*
 * A count: s[0..n) of digits only ("12", never "1.5" or "+3"), read as
 * num_parse() reads it; -1 for anything else. Up to 15 digits the value
 * is taken as the digits go (exact), without a second pass.
 */
int num_parse_digits(const char *s, size_t n, double *out);
/* The same, skipping `sep` between digit groups ("1,234,567" with ','). */
int num_parse_grouped(const char *s, size_t n, char sep, double *out);
/*
 * Rewrite a number printed under some locale as a plain decimal for
 * num_parse() and unit_value(): "2,027", "2.031", "2 026" (U+202F or
 * U+00A0), "2’025" or "2'025", "73,07", "1.234,56". With `fraction` set
 * the last '.' or ',' is the decimal mark; without it every separator
 * groups digits. Groups after a separator must have three digits, and one
 * character groups a number. Writes at most `size` bytes (NUL included)
 * into `out` and returns the length, or -1 when the span is no such number
 * ("2,0O7", "20,27", "1,234,56").
 */
int num_unlocalize(const char *s, size_t n, int fraction, char *out, size_t size);

/*
 * A printed count as a measurement's n: the value when it is a whole number
 * that fits (0 .. UINT32_MAX), else 0 ("unknown"). Never a cast of a double
 * that no uint32_t holds.
 */
uint32_t num_count(double v);
/* The same for a whole number that is not a measurement's n: the value, or -1 when it is none. */
long num_whole(double v);

/*
 * The number s[0..n) times the metric or binary prefix p[0..pn), as the
 * comparers print scaled figures: "" (none), "n", "µ" (U+00B5 or
 * U+03BC), "m", "k" (or "K"), "M", "G", "T" are powers of ten, "Ki", "Mi",
 * "Gi", "Ti" powers of 1024 (critcmp's "MB/sec" is "Mi"). Power-of-ten
 * prefixes are applied exactly ("1.718" with "µ" is the double
 * nearest 1.718e-6). Returns 0 with the value in *out, or -1 when the
 * number or the prefix does not read.
 */
int num_scale(const char *s, size_t n, const char *p, size_t pn, double *out);
/*
 * A number with its prefix glued to its end, as benchstat v2 prints a
 * figure ("1.718µ", "12.00k", "307.3Mi", "100.0"): num_scale() of the
 * digits and the prefix after them. *num_len is the length of the digits
 * (the printed number's span, without the prefix). -1 when the span is no
 * such figure ("1.7l8µ", "12.00x", "Mi").
 */
int num_parse_prefixed(const char *s, size_t n, double *out, size_t *num_len);

/*
 * Look up a unit as printed ("ms", "µs", "Gbits/sec", "KBytes", "MiB/s").
 * Returns 0 with the SI unit and the factor to multiply by, or -1 when the
 * spelling is unknown. Spellings are case-sensitive ("Mb/s" is not "MB/s").
 */
int unit_lookup(const char *s, size_t n, enum unit *unit, double *factor);
/*
 * unit_lookup(), then the spellings people type by hand that no tool
 * prints: "mb", "Mib" (a file's size, never mebibits), "kb", "secs",
 * "mins", "req/s", "iter/s". -1 when neither knows it.
 */
int unit_lookup_hand(const char *s, size_t n, enum unit *unit, double *factor);
/* num_parse of `num` times the factor of unit spelling `u`; -1 if either fails. */
int unit_value(const char *num, size_t num_len, const char *u, size_t u_len, enum unit *unit,
	       double *value);
/* The same for a number with `sep` between digit groups ("617,809" ns with ','). */
int unit_value_grouped(const char *num, size_t num_len, char sep, const char *u, size_t u_len,
		       enum unit *unit, double *value);

/*
 * Parse a duration as Go's time.Duration.String() and Rust's Duration
 * {:?} print it: "16ns", "3.815µs", "38.152414ms", "1.000080449s",
 * "1m2.5s", "1h2m5s", "61s", "0s" (µ as U+00B5 or U+03BC, or "us").
 * Components come largest first, each unit at most once, and the whole
 * span must be one duration. Returns 0 with seconds in *out, or -1
 * ("1.2.3s", "5", "2s1m", "3.8l5µs" are errors, never a number).
 */
int unit_duration(const char *s, size_t n, double *out);

/*
 * Format an SI value for people with three significant digits and a
 * prefix: "2.66 ms", "6.29 Gbit/s", "1.30 MiB", "12.0 %". Writes at most
 * `size` bytes into `out` and returns it.
 */
char *unit_format(double v, enum unit unit, char *out, size_t size);
/* The same for a difference or spread (never switches to a count's plain integer form). */
char *unit_format_delta(double v, enum unit unit, char *out, size_t size);
/*
 * unit_format() of a figure printed with resolution `res` (half a unit of
 * its last printed digit, in SI; see resolution.h): three significant
 * digits at most, and never a digit finer than the printed ones ("1.0 ms"
 * stays "1.0 ms", "16ns" is "16 ns", "0.7 ms" is not "700 µs"). `res` 0 or
 * NaN (exact, or unknown): as unit_format().
 */
char *unit_format_res(double v, enum unit unit, double res, char *out, size_t size);
/* The same for a difference, whose resolution is the sum of its two figures'. */
char *unit_format_delta_res(double v, enum unit unit, double res, char *out, size_t size);

/* The shortest decimal text that reads back as exactly `v` (%.17g at worst). */
char *num_exact(double v, char out[32]);

#endif
