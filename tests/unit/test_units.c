/*
 * test_units.c - unit conversion, table-driven from units.table and
 * durations.table (one case per line; adding a unit is adding a line),
 * digit groups, and the human formatting.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "parsers/names.h"
#include "parsers/resolution.h"
#include "parsers/units.h"
#include "util/fmt.h"

static void test_table(void **state)
{
	FILE *fp = fopen("units.table", "r");
	char line[256];
	int cases = 0, lineno = 0;

	(void)state;
	assert_non_null(fp);
	while (fgets(line, sizeof(line), fp)) {
		char *num, *unit, *want, *si;
		enum unit u;
		double v;
		int rc;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		/* strtok would merge an empty number field with the next: split by hand */
		num = line;
		unit = strchr(num, '\t');
		assert_non_null(unit);
		*unit++ = '\0';
		want = strchr(unit, '\t');
		assert_non_null(want);
		*want++ = '\0';
		si = strchr(want, '\t');
		assert_non_null(si);
		*si++ = '\0';
		rc = unit_value(num, strlen(num), unit, strlen(unit), &u, &v);
		if (!strcmp(want, "error")) {
			if (rc != -1)
				fail_msg("units.table:%d: '%s %s' accepted, should be rejected", lineno, num, unit);
		} else {
			double w = strtod(want, NULL);

			if (rc != 0)
				fail_msg("units.table:%d: '%s %s' rejected", lineno, num, unit);
			if (strcmp(unit_name(u), si))
				fail_msg("units.table:%d: unit %s, want %s", lineno, unit_name(u), si);
			if (fabs(v - w) > 1e-12 * fabs(w))
				fail_msg("units.table:%d: %.17g, want %.17g", lineno, v, w);
		}
		cases++;
	}
	fclose(fp);
	assert_true(cases >= 20);
}

/* Go and Rust duration strings, from durations.table: "<text>\t<seconds or error>". */
static void test_durations(void **state)
{
	FILE *fp = fopen("durations.table", "r");
	char line[256];
	int cases = 0, lineno = 0;

	(void)state;
	assert_non_null(fp);
	while (fgets(line, sizeof(line), fp)) {
		char *text = line, *want;
		double v;
		int rc;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		want = strchr(line, '\t');
		assert_non_null(want);
		*want++ = '\0';
		rc = unit_duration(text, strlen(text), &v);
		if (!strcmp(want, "error")) {
			if (rc != -1)
				fail_msg("durations.table:%d: '%s' read as %.17g, should be rejected", lineno, text, v);
		} else {
			double w = strtod(want, NULL);

			if (rc != 0)
				fail_msg("durations.table:%d: '%s' rejected", lineno, text);
			if (fabs(v - w) > 1e-12 * fabs(w))
				fail_msg("durations.table:%d: '%s' = %.17g, want %.17g", lineno, text, v, w);
		}
		cases++;
	}
	fclose(fp);
	assert_true(cases >= 20);
}

static void test_grouped(void **state)
{
	enum unit u;
	double v;

	(void)state;
	/* libtest before Rust 1.80, and from 1.80 with two decimals */
	assert_int_equal(unit_value_grouped("617,809", 7, ',', "ns", 2, &u, &v), 0);
	assert_int_equal(u, UNIT_SECOND);
	assert_true(v == 0.000617809);
	assert_int_equal(unit_value_grouped("613,662.10", 10, ',', "ns", 2, &u, &v), 0);
	assert_true(v == 0.00061366210);
	assert_int_equal(unit_value_grouped("0.31", 4, ',', "ns", 2, &u, &v), 0);
	assert_true(v == 0.31e-9);
	assert_int_equal(unit_value_grouped("65,536,000", 10, ',', "MB/s", 4, &u, &v), 0);
	assert_int_equal(u, UNIT_BYTE_PER_S);
	assert_true(v == 65536000e6);
	/* a separator between digits only */
	assert_int_equal(unit_value_grouped("1,,234", 6, ',', "ns", 2, &u, &v), -1);
	assert_int_equal(unit_value_grouped(",234", 4, ',', "ns", 2, &u, &v), -1);
	assert_int_equal(unit_value_grouped("1,234,", 6, ',', "ns", 2, &u, &v), -1);
	assert_int_equal(unit_value_grouped("1,2O4", 5, ',', "ns", 2, &u, &v), -1);
}

static void test_decimal_exact(void **state)
{
	enum unit u;
	double v;

	(void)state;
	/* 4.9 ms must be the double nearest 0.0049, not 4.9 * 0.001 */
	assert_int_equal(unit_value("4.9", 3, "ms", 2, &u, &v), 0);
	assert_true(v == 0.0049);
	assert_int_equal(unit_value("2664.8", 6, "\xc2\xb5s", 3, &u, &v), 0);
	assert_true(v == 0.0026648);
	/* fortio's "All done ... 60.588 ms avg" */
	assert_int_equal(unit_value("60.588", 6, "ms", 2, &u, &v), 0);
	assert_true(v == 0.060588);
	assert_int_equal(unit_value("0.341", 5, "ms", 2, &u, &v), 0);
	assert_true(v == 0.000341);
	/* Go %g: the exponent is read as printed */
	assert_int_equal(unit_value("1.0301e+05", 10, "qps", 3, &u, &v), 0);
	assert_true(v == 103010 && u == UNIT_PER_S);
	/* a JSON writer's %.16e in a unit: the trailing zeros make no digit, the exponents fold */
	assert_int_equal(unit_value("8.1554540000000000e+00", 22, "ms", 2, &u, &v), 0);
	assert_true(v == 0.008155454);
	assert_int_equal(unit_value("1.2312345678901234e+01", 22, "ns", 2, &u, &v), 0);
	assert_true(v == 1.2312345678901234e-08);
	assert_int_equal(unit_value("2.5e-30", 7, "ms", 2, &u, &v), 0);
	assert_true(v == 2.5e-33);
}

static void test_num_parse(void **state)
{
	double v;

	(void)state;
	assert_int_equal(num_parse("12", 2, &v), 0);
	assert_true(v == 12);
	assert_int_equal(num_parse("0.00O281", 8, &v), -1);
	assert_int_equal(num_parse("", 0, &v), -1);
	assert_int_equal(num_parse("inf", 3, &v), -1);
	assert_int_equal(num_parse("nan", 3, &v), -1);
	assert_int_equal(num_parse("0x10", 4, &v), -1);
	assert_int_equal(num_parse(" 1", 2, &v), -1);
	assert_int_equal(num_parse_grouped("1,234,567", 9, ',', &v), 0);
	assert_true(v == 1234567);
	assert_int_equal(num_parse_grouped("1,,234", 6, ',', &v), -1);
	assert_int_equal(num_parse_grouped(",123", 4, ',', &v), -1);
}

/* num_unlocalize: `fraction` says whether the number has decimals. */
static void check_unlocalize(const char *in, int fraction, const char *want)
{
	char out[64];
	int n = num_unlocalize(in, strlen(in), fraction, out, sizeof(out));

	if (!want) {
		if (n != -1)
			fail_msg("'%s' accepted as '%s', should be rejected", in, out);
		return;
	}
	if (n < 0)
		fail_msg("'%s' rejected, want '%s'", in, want);
	assert_string_equal(out, want);
	assert_int_equal(n, strlen(want));
}

/* Prefixed figures as the comparers print them: SI exactly, IEC by powers of two, nothing else. */
static void test_prefixed(void **state)
{
	size_t k;
	double v;

	(void)state;
	assert_int_equal(num_parse_prefixed("1.718\xc2\xb5", 7, &v, &k), 0);
	assert_true(v == 1.718e-6);
	assert_int_equal(k, 5);
	assert_int_equal(num_parse_prefixed("1.718\xce\xbc", 7, &v, &k), 0); /* U+03BC */
	assert_true(v == 1.718e-6);
	assert_int_equal(num_parse_prefixed("46.55n", 6, &v, &k), 0);
	assert_true(v == 46.55e-9);
	assert_int_equal(num_parse_prefixed("1.031m", 6, &v, &k), 0);
	assert_true(v == 1.031e-3);
	assert_int_equal(num_parse_prefixed("25.86k", 6, &v, &k), 0);
	assert_true(v == 25860);
	assert_int_equal(num_parse_prefixed("13.0M", 5, &v, &k), 0);
	assert_true(v == 13e6);
	assert_int_equal(num_parse_prefixed("2.001G", 6, &v, &k), 0);
	assert_true(v == 2.001e9);
	assert_int_equal(num_parse_prefixed("3.266Ki", 7, &v, &k), 0);
	assert_true(v == 3.266 * 1024);
	assert_int_equal(k, 5);
	assert_int_equal(num_parse_prefixed("307.3Mi", 7, &v, &k), 0);
	assert_true(v == 307.3 * 1048576);
	assert_int_equal(num_parse_prefixed("1.150Gi", 7, &v, &k), 0);
	assert_true(v == 1.150 * 1073741824.0);
	assert_int_equal(num_parse_prefixed("100.0", 5, &v, &k), 0);
	assert_true(v == 100);
	assert_int_equal(k, 5);
	/* a digit garbled, an unknown prefix, a prefix alone, infinity: never a number */
	assert_int_equal(num_parse_prefixed("1.7l8\xc2\xb5", 7, &v, &k), -1);
	assert_int_equal(num_parse_prefixed("12.00x", 6, &v, &k), -1);
	assert_int_equal(num_parse_prefixed("12.00ki", 7, &v, &k), -1);
	assert_int_equal(num_parse_prefixed("Mi", 2, &v, &k), -1);
	assert_int_equal(num_parse_prefixed("\xe2\x88\x9e", 3, &v, &k), -1);
	assert_int_equal(num_parse_prefixed("", 0, &v, &k), -1);
	/* a prefix given apart: critcmp's "80.2 MB/sec" is 80.2 MiB/s */
	assert_int_equal(num_scale("80.2", 4, "Mi", 2, &v), 0);
	assert_true(v == 80.2 * 1048576);
	assert_int_equal(num_scale("5.1", 3, "", 0, &v), 0);
	assert_true(v == 5.1);
	assert_int_equal(num_scale("5.1", 3, "Q", 1, &v), -1);
}

static void test_unlocalize(void **state)
{
	(void)state;
	/* perf stat counts in C, en_US, de_DE, fr_FR (U+202F), de_CH (U+2019) */
	check_unlocalize("2012", 0, "2012");
	check_unlocalize("2,027", 0, "2027");
	check_unlocalize("2.031", 0, "2031");
	check_unlocalize("2\xe2\x80\xaf" "026", 0, "2026");
	check_unlocalize("2\xe2\x80\x99" "025", 0, "2025");
	check_unlocalize("2\xc2\xa0" "026", 0, "2026");
	check_unlocalize("3,184,232", 0, "3184232");
	/* clocks and the shell's time: the last '.' or ',' is the decimal mark */
	check_unlocalize("103.63", 1, "103.63");
	check_unlocalize("73,07", 1, "73.07");
	check_unlocalize("1,238.20", 1, "1238.20");
	check_unlocalize("1.238,20", 1, "1238.20");
	check_unlocalize("0,112", 1, "0.112");
	check_unlocalize("-0.5", 1, "-0.5");
	/* damage is never a number */
	check_unlocalize("2,0O7", 0, NULL);
	check_unlocalize("20,27", 0, NULL);   /* a group of two: not grouping */
	check_unlocalize("1234,567", 0, NULL);
	check_unlocalize("1,234.567", 0, NULL); /* two grouping characters */
	check_unlocalize("1,234,56", 1, NULL);  /* grouping and decimal mark alike */
	check_unlocalize(",123", 0, NULL);
	check_unlocalize("123,", 0, NULL);
	check_unlocalize("73,", 1, NULL);
	check_unlocalize("", 0, NULL);
	check_unlocalize("-", 0, NULL);
}

static void check_format(double v, enum unit u, const char *want)
{
	char out[64];

	unit_format(v, u, out, sizeof(out));
	if (strcmp(out, want))
		fail_msg("unit_format(%.17g, %s) = \"%s\", want \"%s\"", v, unit_name(u), out, want);
}

static void test_format(void **state)
{
	(void)state;
	check_format(0.00266, UNIT_SECOND, "2.66 ms");
	check_format(0.0026648, UNIT_SECOND, "2.66 ms");
	check_format(0.0008124, UNIT_SECOND, "812 \xc2\xb5s");
	check_format(8.914817311, UNIT_SECOND, "8.91 s");
	check_format(0.9997, UNIT_SECOND, "1.00 s");
	check_format(0.9994, UNIT_SECOND, "999 ms");
	check_format(0, UNIT_SECOND, "0 s");
	check_format(6.29e9, UNIT_BIT_PER_S, "6.29 Gbit/s");
	check_format(1363148.8, UNIT_BYTE, "1.30 MiB");
	check_format(20172458, UNIT_BYTE, "19.2 MiB");
	check_format(10000, UNIT_COUNT, "10000");
	check_format(12.5, UNIT_PERCENT, "12.5 %");
	/* simulated time per day: kept in ns/day, shown in µs/day from a thousand on */
	check_format(5.528, UNIT_NS_PER_DAY, "5.53 ns/day");
	check_format(1446.63, UNIT_NS_PER_DAY, "1.45 \xc2\xb5s/day");
	check_format(-0.0035, UNIT_SECOND, "-3.50 ms");
	/* past the largest prefix: the unit itself, with an exponent, never digits cut before it */
	check_format(1.7e308, UNIT_SECOND, "1.7e+308 s");
	check_format(-1.7e308, UNIT_SECOND, "-1.7e+308 s");
	check_format(3.6e10, UNIT_SECOND, "3.6e+10 s");
	check_format(3.5e10, UNIT_SECOND, "9722222 h");
	check_format(1e300, UNIT_BYTE, "1e+300 B");
	check_format(1.5e300, UNIT_COUNT, "1.5e+300");
	check_format(2.5e300, UNIT_PERCENT, "2.5e+300 %");
}

static void check_format_res(double v, enum unit u, double res, const char *want)
{
	char out[64];

	unit_format_res(v, u, res, out, sizeof(out));
	if (strcmp(out, want))
		fail_msg("unit_format_res(%.17g, %s, %g) = \"%s\", want \"%s\"", v, unit_name(u), res,
			 out, want);
}

/* A figure is shown with no digit finer than it was printed with (res: half its last digit). */
static void test_format_res(void **state)
{
	(void)state;
	/* hyperfine "1.0 ms": the 0.1 ms digit is the last one, "1.00 ms" would invent one */
	check_format_res(1.0e-3, UNIT_SECOND, 0.05e-3, "1.0 ms");
	/* "1.3 Mib" written by hand */
	check_format_res(1.3 * 1048576, UNIT_BYTE, 0.05 * 1048576, "1.3 MiB");
	/* "14 Mib": whole MiB */
	check_format_res(14.0 * 1048576, UNIT_BYTE, 0.5 * 1048576, "14 MiB");
	/* Go's "16ns": not "16.0 ns" */
	check_format_res(16e-9, UNIT_SECOND, 0.5e-9, "16 ns");
	/* "0.7 ms" stays in ms: "700 µs" would claim a µs digit */
	check_format_res(0.7e-3, UNIT_SECOND, 0.05e-3, "0.7 ms");
	/* printed finer than three digits: three significant digits, as unit_format() */
	check_format_res(2796.1e-6, UNIT_SECOND, 0.05e-6, "2.80 ms");
	check_format_res(8.914817311, UNIT_SECOND, 0.5e-9, "8.91 s");
	/* "44.0 GBytes" (iperf3's are binary) */
	check_format_res(44.0 * 1073741824, UNIT_BYTE, 0.05 * 1073741824, "44.0 GiB");
	/* a decimal MB shown in MiB: 0.1 MB is 0.095 MiB, still one decimal */
	check_format_res(1.3e6, UNIT_BYTE, 0.05e6, "1.2 MiB");
	/* Go's "2m": 120 s known to the minute */
	check_format_res(120, UNIT_SECOND, 30, "2 min");
	/* a count printed "1.5k" is not the exact count 1500 */
	check_format_res(1500, UNIT_COUNT, 50, "1.5 k");
	check_format_res(1500, UNIT_COUNT, 0.5, "1500");
	/* unknown (NaN) or exact (0): three significant digits */
	check_format_res(1.3 * 1048576, UNIT_BYTE, NAN, "1.30 MiB");
	check_format_res(1.3 * 1048576, UNIT_BYTE, 0, "1.30 MiB");
	/* a zero known to 0.1 MiB is not an exact "0 B"; an exact zero is */
	check_format_res(0, UNIT_BYTE, 0.05 * 1048576, "0.0 MiB");
	check_format_res(0, UNIT_BYTE, 0, "0 B");
	check_format_res(0, UNIT_SECOND, 0.05e-3, "0.0 ms");
	/* a percentage printed "12%" */
	check_format_res(12, UNIT_PERCENT, 0.5, "12 %");
}

static void test_num_exact(void **state)
{
	const double values[] = { 0.1, 0.0049, 1.0 / 3.0, 6.29e9, 5e-324, 1.7976931348623157e308, 0 };
	char out[32];

	(void)state;
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		num_exact(values[i], out);
		assert_true(strtod(out, NULL) == values[i]);
	}
	assert_string_equal(num_exact(0.0049, out), "0.0049");
}

/* What num_exact() printed before it had a fast path: the first of %.15g, %.16g, %.17g that reads back. */
static void exact_by_printf(double v, char out[32])
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(out, 32, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

/*
 * num_exact() prints what the printf loop prints, byte for byte: printed
 * decimals at every scale (what the store holds), their neighbours one ulp
 * away, quotients (16 and 17 digits), powers of ten, and random bit
 * patterns, in and out of the fast path's range.
 */
static void test_num_exact_matches_printf(void **state)
{
	uint64_t seed = 88172645463325252ull;
	char want[32], got[32], text[48];
	long n = 0;

	(void)state;
	for (int k = 0; k < 50000; k++) {
		double v, vs[6];
		int digits, exp;
		uint64_t bits;

		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		digits = 1 + (int)(seed % 17);
		exp = (int)((seed >> 8) % 80) - 40;
		snprintf(text, sizeof(text), "%.*llue%d", digits,
			 (unsigned long long)((seed >> 16) % 100000000000000000ull), exp);
		v = strtod(text, NULL);
		memcpy(&vs[3], &seed, sizeof(seed));
		vs[0] = (k & 1) ? -v : v;
		vs[1] = nextafter(v, 0);
		vs[2] = nextafter(v, INFINITY);
		if (!isfinite(vs[3]))
			vs[3] = 1.0 / (k + 1);
		/* computed figures (means, intervals) need 16 or 17 digits */
		vs[4] = (double)(seed % 100000 + 1) / (double)((seed >> 20) % 997 + 1);
		bits = (seed & 0x800FFFFFFFFFFFFFull) | ((uint64_t)(923 + (seed >> 40) % 200) << 52);
		memcpy(&vs[5], &bits, sizeof(bits));
		for (int i = 0; i < 6; i++, n++) {
			exact_by_printf(vs[i], want);
			num_exact(vs[i], got);
			if (strcmp(want, got))
				fail_msg("num_exact(%a): \"%s\", printf \"%s\"", vs[i], got, want);
		}
	}
	for (int e = -30; e <= 30; e++) {
		double p = pow(10, e), around[] = { p, nextafter(p, 0), nextafter(p, INFINITY), -p };

		for (int i = 0; i < 4; i++) {
			exact_by_printf(around[i], want);
			assert_string_equal(num_exact(around[i], got), want);
		}
	}
	assert_string_equal(num_exact(6.29e9, got), "6290000000");
	assert_string_equal(num_exact(1e15, got), "1e+15");
	assert_string_equal(num_exact(0.0001, got), "0.0001");
	assert_string_equal(num_exact(0.00001, got), "1e-05");
	assert_string_equal(num_exact(-0.0, got), "-0");
	assert_true(n == 300000);
}

/*
 * fmt_double_short(), where it answers, writes what the printf loop
 * writes; it answers for the figures tools print (up to 15 digits between
 * 1e-8 and 1e15), and declines what needs 16 or 17 digits or lies outside.
 */
static void test_fmt_double_short_matches_printf(void **state)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	char want[32], got[FMT_DOUBLE_SHORT_MAX + 1], text[48];
	long answered = 0, printed = 0;

	(void)state;
	for (int k = 0; k < 100000; k++) {
		double vs[4];
		int digits, exp;
		uint64_t bits;
		size_t n;

		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		digits = 1 + (int)(seed % 15);
		exp = (int)((seed >> 8) % 30) - 16;
		snprintf(text, sizeof(text), "%.*llue%d", digits,
			 (unsigned long long)((seed >> 16) % 1000000000000000ull), exp);
		vs[0] = strtod(text, NULL); /* as a tool printed it */
		vs[1] = -vs[0];
		vs[2] = nextafter(vs[0], INFINITY); /* 17 digits */
		bits = seed;
		memcpy(&vs[3], &bits, sizeof(bits)); /* anything */
		for (int i = 0; i < 4; i++) {
			if (!isfinite(vs[i]))
				continue;
			exact_by_printf(vs[i], want);
			n = fmt_double_short(got, vs[i]);
			if (i < 2 && fabs(vs[i]) >= 1e-8 && fabs(vs[i]) < 1e15 && strlen(want) <= 22) {
				printed++;
				if (!n)
					fail_msg("fmt_double_short(%a) declined \"%s\"", vs[i], want);
			}
			if (!n)
				continue;
			answered++;
			got[n] = '\0';
			if (strcmp(want, got))
				fail_msg("fmt_double_short(%a): \"%s\", printf \"%s\"", vs[i], got, want);
		}
	}
	assert_true(printed > 100000 && answered >= printed); /* 115,772 and 115,983 */
	assert_int_equal(fmt_double_short(got, 0.0), 1);
	assert_int_equal(fmt_double_short(got, 0.1 + 0.2), 0); /* 0.30000000000000004 */
	assert_int_equal(fmt_double_short(got, 1e300), 0);
}

/* The fast decimal path must give strtod's correctly rounded double, bit for bit. */
static void test_decimal_matches_strtod(void **state)
{
	unsigned seed = 12345;
	char text[64], scaled[80];

	(void)state;
	for (int k = 0; k < 200000; k++) {
		int len = 0, ndig, point, exp = 0, with_exp;
		double a, b;
		enum unit u;

		seed = seed * 1103515245u + 12345u;
		ndig = 1 + (int)((seed >> 16) % 20);
		seed = seed * 1103515245u + 12345u;
		point = (int)((seed >> 16) % (unsigned)(ndig + 1));
		for (int d = 0; d < ndig; d++) {
			if (d == point && d > 0)
				text[len++] = '.';
			seed = seed * 1103515245u + 12345u;
			text[len++] = (char)('0' + (seed >> 16) % 10);
		}
		seed = seed * 1103515245u + 12345u;
		with_exp = (seed >> 16) % 4 == 0;
		if (with_exp) {
			seed = seed * 1103515245u + 12345u;
			exp = (int)((seed >> 16) % 61) - 30;
			len += snprintf(text + len, sizeof(text) - (size_t)len, "e%d", exp);
		}
		text[len] = '\0';
		assert_int_equal(num_parse(text, (size_t)len, &a), 0);
		b = strtod(text, NULL);
		if (a != b)
			fail_msg("num_parse(\"%s\") = %.17g, strtod = %.17g", text, a, b);
		if (!with_exp) {
			/* a millisecond figure is read as text with e-3 appended */
			snprintf(scaled, sizeof(scaled), "%se-3", text);
			assert_int_equal(unit_value(text, (size_t)len, "ms", 2, &u, &a), 0);
			b = strtod(scaled, NULL);
			if (a != b)
				fail_msg("\"%s ms\" = %.17g, strtod(\"%s\") = %.17g", text, a, scaled, b);
		}
	}
}

/*
 * What num_parse() must answer for s[0..n), written from its contract
 * (decimal_any()'s grammar, strtod's value): 0 and the value for
 * [+-]digits[.digits][e[+-]digits] (digits on one side of the point at
 * least) whole and finite, in less than 64 bytes; -1 otherwise.
 */
static int reference_decimal(const char *s, size_t n, double *out)
{
	char tmp[80];
	size_t i = 0, digits = 0, edigits = 0;
	double v;

	if (n == 0 || n >= 64)
		return -1;
	if (s[i] == '+' || s[i] == '-')
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			digits++;
	if (!digits)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			edigits++;
		if (!edigits)
			return -1;
	}
	if (i != n)
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	v = strtod(tmp, NULL);
	if (!isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* num_parse() and unit_value() in ms of s[0..n) against the reference, verdict and bits. */
static void check_against_reference(const char *s, size_t n)
{
	double a = 0, b = 0;
	int ra = num_parse(s, n, &a), rb = reference_decimal(s, n, &b);
	char scaled[96];
	enum unit u;

	if (ra != rb || (ra == 0 && memcmp(&a, &b, sizeof(a))))
		fail_msg("num_parse(\"%.*s\") = %d, %.17g; want %d, %.17g", (int)n, s, ra, a, rb, b);
	if (rb < 0 || memchr(s, 'e', n) || memchr(s, 'E', n))
		return;
	/* in a unit of 1e-3: the text read with e-3 appended, rounded once */
	snprintf(scaled, sizeof(scaled), "%.*se-3", (int)n, s);
	b = strtod(scaled, NULL);
	if (unit_value(s, n, "ms", 2, &u, &a) < 0 || memcmp(&a, &b, sizeof(a)))
		fail_msg("\"%.*s ms\" = %.17g; strtod(\"%s\") = %.17g", (int)n, s, a, scaled, b);
}

/*
 * Spellings of every length the lookup compares in its own way (one to
 * three bytes, four to seven, eight to sixteen, UTF-8), and the same with
 * any one byte changed, or the last left off: found, and not.
 */
static void test_spelling_lookup(void **state)
{
	static const char *const known[] = { "%",	"s",	   "ms",     "\xc2\xb5s", "sec",      "KiB",
					     "secs",   "KiB/s",	   "Mbit/s", "ns/day",     "Gbits/sec", "KBytes/sec",
					     "Kelem/s", "seconds", "milliseconds" };

	(void)state;
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		size_t n = strlen(known[i]);
		char changed[32];
		enum unit u;
		double f;

		if (unit_lookup(known[i], n, &u, &f) != 0)
			fail_msg("\"%s\" not found", known[i]);
		for (size_t k = 0; k < n; k++) {
			memcpy(changed, known[i], n);
			changed[k] ^= 0x20; /* a letter's case, a digit or sign made another byte */
			if (unit_lookup(changed, n, &u, &f) == 0)
				fail_msg("\"%.*s\" found (from \"%s\")", (int)n, changed, known[i]);
		}
		/* one byte short ("secs" less its 's' is "sec") */
		if (n > 1 && unit_lookup(known[i], n - 1, &u, &f) == 0 && strcmp(known[i], "secs"))
			fail_msg("\"%.*s\" found", (int)n - 1, known[i]);
	}
}

/*
 * num_parse() against its grammar and strtod, bit for bit: every length
 * of digit run before and after the point up to 24 (past the 19 digits
 * the quick path takes, and across the 8-byte steps a word-wise reader
 * would take), leading zeros, signs, and each byte of such spans replaced
 * by a byte that ends a run (a point, an 'e', a blank, a NUL, the bytes
 * next to the digits, UTF-8 and 0xfa-0xff). Each is read from a buffer
 * cut right after the span (ASan sees any byte read past it).
 */
static void test_decimal_against_grammar(void **state)
{
	static const char odd[] = { '.', 'e', 'E', '-', '+', ' ', '\0', '/', ':', 'x', ',', '\x80', '\xc2',
				    '\xfa', '\xff', '0', '9' };
	unsigned seed = 4242;
	char text[64];

	(void)state;
	for (int sign = 0; sign < 3; sign++)
		for (int whole = 0; whole <= 24; whole++)
			for (int point = 0; point < 2; point++)
				for (int frac = 0; frac <= (point ? 24 : 0); frac++)
					for (int zeros = 0; zeros < 2; zeros++) {
						size_t n = 0;
						char *heap;

						if (sign)
							text[n++] = sign == 1 ? '-' : '+';
						for (int d = 0; d < whole; d++) {
							seed = seed * 1103515245u + 12345u;
							text[n++] = zeros && d < whole / 2 ? '0' : (char)('0' + (seed >> 16) % 10);
						}
						if (point)
							text[n++] = '.';
						for (int d = 0; d < frac; d++) {
							seed = seed * 1103515245u + 12345u;
							text[n++] = zeros && d < frac / 2 ? '0' : (char)('0' + (seed >> 16) % 10);
						}
						heap = malloc(n ? n : 1);
						assert_non_null(heap);
						memcpy(heap, text, n);
						check_against_reference(heap, n);
						for (size_t at = 0; at < n; at++) {
							char was = heap[at];

							for (size_t k = 0; k < sizeof(odd); k++) {
								heap[at] = odd[k];
								check_against_reference(heap, n);
							}
							heap[at] = was;
						}
						free(heap);
					}
	/* by hand: the edges named */
	check_against_reference("00000000000000000001", 20);
	check_against_reference("12345678.", 9);
	check_against_reference(".12345678", 9);
	check_against_reference("-.000000001", 11);
	check_against_reference("9007199254740993", 16);   /* 2^53 + 1: strtod's */
	check_against_reference("9007199254740992.0", 18); /* 2^53 */
	check_against_reference("1234567890123456789", 19);
	check_against_reference("12345678901234567890", 20);
	check_against_reference("0.0000000000000000000000001", 27);
	check_against_reference("12345678e5", 10);
	check_against_reference("1234567\xfa" "9", 9);
}

/*
 * num_parse_digits() is a count's fast path: on digits only it must give
 * num_parse()'s value bit for bit (lengths 1 to 20, around the 15 digits
 * it takes itself, leading zeros, 2^53 and its neighbours), and refuse
 * what is not digits only even where num_parse() reads it.
 */
static void test_parse_digits(void **state)
{
	static const char *const numbers[] = {
		"0", "7", "00", "0009", "10", "99", "4294967295", "4294967296", "999999999999999",
		"1000000000000000", "000000000000001", "0000000000000001", "9007199254740991",
		"9007199254740992", "9007199254740993", "123456789012345", "1234567890123456",
		"12345678901234567890", "99999999999999999999",
	};
	static const char *const refused[] = {
		"", "1.5", "+3", "-3", "1e3", " 1", "1 ", "0x10", "1,000", "12a", ".5", "5.",
		"\xd9\xa3",
	};
	char text[32];

	(void)state;
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		double a, b;

		assert_int_equal(num_parse_digits(numbers[i], strlen(numbers[i]), &a), 0);
		assert_int_equal(num_parse(numbers[i], strlen(numbers[i]), &b), 0);
		if (memcmp(&a, &b, sizeof(a)))
			fail_msg("num_parse_digits(\"%s\") = %.17g, num_parse: %.17g", numbers[i], a, b);
	}
	for (int len = 1; len <= 20; len++)
		for (int d = 0; d < 10; d++) {
			double a, b;

			for (int k = 0; k < len; k++)
				text[k] = (char)('0' + (k == len - 1 ? d : (k * 3 + d + len) % 10));
			assert_int_equal(num_parse_digits(text, (size_t)len, &a), 0);
			assert_int_equal(num_parse(text, (size_t)len, &b), 0);
			if (memcmp(&a, &b, sizeof(a)))
				fail_msg("num_parse_digits(\"%.*s\") = %.17g, num_parse: %.17g", len, text, a, b);
		}
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		double v;

		assert_int_equal(num_parse_digits(refused[i], strlen(refused[i]), &v), -1);
	}
}

static void test_counts(void **state)
{
	(void)state;
	/* found by fuzzing: a 26-digit call count must not be cast as it is */
	assert_int_equal(num_count(2.96061e25), 0);
	assert_int_equal(num_count(3), 3);
	assert_int_equal(num_count(4294967295.0), 4294967295u);
	assert_int_equal(num_count(4294967296.0), 0);
	assert_int_equal(num_count(2.5), 0);
	assert_int_equal(num_count(-1), 0);
	assert_int_equal(num_whole(1e12), -1);
	assert_int_equal(num_whole(3000), 3000);
	assert_int_equal(num_whole(-2), -1);
}

/*
 * Half a unit of the last printed digit, in SI: each case is a line of
 * text, the number in it (its first occurrence of `num`), the SI value read
 * from it, and the resolution worked out by hand beside it.
 */
static void test_resolution(void **state)
{
	static const struct {
		const char *line, *num;
		double value, want; /* want: worked out by hand */
	} cases[] = {
		/* 0.1 ms is the last digit: half of it, 0.05 ms */
		{ "Time (mean \xc2\xb1 \xcf\x83):  0.7 ms \xc2\xb1 0.0 ms", "0.7", 0.7e-3, 0.05e-3 },
		/* σ printed as zero: the "ms" after it gives the scale, 0.5 × 0.1 ms */
		{ "Time (mean \xc2\xb1 \xcf\x83):  0.7 ms \xc2\xb1 0.0 ms", "0.0", 0, 0.05e-3 },
		/* 812.4 µs: 0.1 µs, half is 0.05 µs = 5e-8 s */
		{ "  Time (mean \xc2\xb1 \xcf\x83):     812.4 \xc2\xb5s \xc2\xb1  21.3 \xc2\xb5s", "812.4",
		  812.4e-6, 0.05e-6 },
		/* digit groups: "2,027" is 2027 counts, last digit 1, half 0.5 */
		{ "           2,027      context-switches", "2,027", 2027, 0.5 },
		/* a decimal comma: 73,07 % → last digit 0.01 %, half 0.005 */
		{ "Percent of CPU this job got: 73,07%", "73,07", 73.07, 0.005 },
		/* perf's "( +-  0.00% )": zero, '%' after it, two decimals → 0.005 */
		{ "  0.104 msec task-clock  ( +-  0.00% )", "0.00", 0, 0.005 },
		/* %.2g "1e+02" %: one mantissa digit worth 10^2, half is 50 */
		{ "0.018 ms  43/4317 (1e+02%)  receiver", "1e+02", 100, 50 },
		/* GNU time's elapsed h:mm:ss "1:02.5": 0.1 s, half 0.05 s */
		{ "Elapsed (wall clock) time (h:mm:ss or m:ss): 1:02.5", "1:02.5", 62.5, 0.05 },
		/* a Go duration "1m2.5s": the last component is 2.5 s → 0.05 s */
		{ "# Write  1m2.5s  (12.502\xc2\xb5s/op)", "1m2.5s", 62.5, 0.05 },
		/* a Go duration "3.815µs" → 0.001 µs → half 5e-10 s */
		{ "# Write  1.5s  (3.815\xc2\xb5s/op)", "3.815", 3.815e-6, 0.0005e-6 },
		/* libtest "(+/- 0)": no unit after, "ns/iter" before it → 0.5 ns */
		{ "test tiny ... bench:           0 ns/iter (+/- 0)", "0)", 0, 0.5e-9 },
		/* a KiB figure: 120380 kbytes → value × 1024, last digit is 1 KiB → 512 B */
		{ "Maximum resident set size (kbytes): 120380", "120380", 120380.0 * 1024, 512 },
	};

	(void)state;
	for (size_t i = 0; i < countof(cases); i++) {
		const char *at = strstr(cases[i].line, cases[i].num);
		size_t n = strlen(cases[i].num);
		double r;

		assert_non_null(at);
		if (cases[i].num[n - 1] == ')')
			n--;
		r = printed_resolution(cases[i].line, strlen(cases[i].line), (uint64_t)(at - cases[i].line),
				       (uint32_t)n, cases[i].value);
		if (!(fabs(r - cases[i].want) <= 1e-12 * cases[i].want))
			fail_msg("case %zu (%s): resolution %.17g, want %.17g", i, cases[i].num, r,
				 cases[i].want);
	}
	/* a zero with no unit anywhere on its line: the scale cannot be told */
	assert_true(isnan(printed_resolution("a 0 b", 5, 2, 1, 0)));
	/* not a number */
	assert_true(isnan(printed_resolution("abc", 3, 0, 3, 1)));
}

/*
 * Under a comma-decimal LC_NUMERIC the helpers still read and write a '.'
 * (the program keeps LC_NUMERIC at C; these do not rely on it).
 */
static void test_locale_proof(void **state)
{
	char out[64], exact[32];
	double v;

	(void)state;
	if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
		if (getenv("CI") && !strcmp(getenv("CI"), "true"))
			fail_msg("de_DE.UTF-8 is not generated (scripts/deps.sh test makes it)");
		skip();
	}
	snprintf(out, sizeof(out), "%.1f", 1.5);
	assert_string_equal(out, "1,5"); /* the locale is in force */
	assert_string_equal(unit_format(0.00123, UNIT_SECOND, out, sizeof(out)), "1.23 ms");
	assert_string_equal(unit_format(12.5, UNIT_PERCENT, out, sizeof(out)), "12.5 %");
	assert_string_equal(num_exact(0.1, exact), "0.1");
	assert_int_equal(num_parse("0.5", 3, &v), 0);
	assert_true(v == 0.5);
	/* a long mantissa takes the strtod path */
	assert_int_equal(num_parse("4.94048761234567891e-05", 23, &v), 0);
	assert_true(v == 4.94048761234567891e-05);
	assert_int_equal(num_parse("0,5", 3, &v), -1); /* a comma is not a decimal mark here */
	setlocale(LC_ALL, "C");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resolution),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_durations),
		cmocka_unit_test(test_grouped),
		cmocka_unit_test(test_decimal_exact),
		cmocka_unit_test(test_num_parse),
		cmocka_unit_test(test_prefixed),
		cmocka_unit_test(test_unlocalize),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_format_res),
		cmocka_unit_test(test_num_exact),
		cmocka_unit_test(test_num_exact_matches_printf),
		cmocka_unit_test(test_fmt_double_short_matches_printf),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_decimal_matches_strtod),
		cmocka_unit_test(test_decimal_against_grammar),
		cmocka_unit_test(test_spelling_lookup),
		cmocka_unit_test(test_parse_digits),
		cmocka_unit_test(test_locale_proof), /* last: it changes the locale */
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
