/*
 * test_handnum.c - numbers as people type them (parsers/handnum.c): digit
 * groups of every kind, a text's decimal mark decided once (and nothing
 * read where it is not), SI suffixes, durations, approximate and bound
 * marks, spreads, ratios flagged (never read as a measurement), units in
 * headers. Exact values, each case one row of a table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/handnum.h"
#include "parsers/names.h"
#include "parsers/units.h"

#define KI 1024.0
#define MI 1048576.0

enum want { OK, NONE, AMBIG };

struct num_case {
	const char *text;
	enum num_mark mark;
	const char *unit; /* a unit the header gives, or NULL */
	int size;         /* the column holds sizes ("51M" is MiB) */
	enum want want;
	double value;     /* SI */
	enum unit u;
	unsigned flags;
	const char *printed; /* the span kept as the printed number */
	double spread;       /* NAN: none */
};

/* Every case is tried and each wrong one named before the test fails. */
static int bad;
#define BAD(...) (print_error(__VA_ARGS__), print_error("\n"), bad++)

#define D NUM_MARK_DOT
#define C NUM_MARK_COMMA
#define U NUM_MARK_UNDECIDED
#define X NUM_MARK_CONFLICT

static const struct num_case cases[] = {
	/* digit groups: comma, space, thin and narrow no-break spaces, apostrophe, underscore, Indian */
	{ "11,167,624 B", U, NULL, 0, OK, 11167624, UNIT_BYTE, 0, "11,167,624", NAN },
	{ "11,167,624", D, NULL, 0, OK, 11167624, UNIT_NONE, 0, "11,167,624", NAN },
	{ "4 041 456", U, NULL, 0, OK, 4041456, UNIT_NONE, 0, "4 041 456", NAN },
	{ "4\xe2\x80\x89" "041\xe2\x80\x89" "456", U, NULL, 0, OK, 4041456, UNIT_NONE, 0, NULL, NAN },
	{ "4\xe2\x80\xaf" "041", U, NULL, 0, OK, 4041, UNIT_NONE, 0, NULL, NAN },
	{ "4\xc2\xa0" "041\xc2\xa0" "456", U, NULL, 0, OK, 4041456, UNIT_NONE, 0, NULL, NAN },
	{ "4'041'456", U, NULL, 0, OK, 4041456, UNIT_NONE, 0, "4'041'456", NAN },
	{ "4\xe2\x80\x99" "041", U, NULL, 0, OK, 4041, UNIT_NONE, 0, NULL, NAN },
	{ "134_411_208", U, NULL, 0, OK, 134411208, UNIT_NONE, 0, "134_411_208", NAN },
	{ "1,23,45,678", D, NULL, 0, OK, 12345678, UNIT_NONE, 0, "1,23,45,678", NAN },
	{ "1.234.567,5", U, NULL, 0, OK, 1234567.5, UNIT_NONE, 0, NULL, NAN },
	{ "4 041 456,5", U, NULL, 0, OK, 4041456.5, UNIT_NONE, 0, NULL, NAN },
	{ "1,2345,678", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },   /* a group of four */
	{ "12,34", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },        /* a comma decimal in a text of points */
	/* the decimal mark: decided by the text, never guessed by one number */
	{ "1,234", U, NULL, 0, AMBIG, 0, 0, 0, NULL, NAN },
	{ "1.234", U, NULL, 0, AMBIG, 0, 0, 0, NULL, NAN },
	{ "1,234 ms", U, NULL, 0, AMBIG, 0, 0, 0, NULL, NAN },
	{ "1,234", D, NULL, 0, OK, 1234, UNIT_NONE, 0, "1,234", NAN },
	{ "1,234", C, NULL, 0, OK, 1.234, UNIT_NONE, 0, "1,234", NAN },
	{ "1.234", C, NULL, 0, OK, 1234, UNIT_NONE, 0, "1.234", NAN },
	{ "1.5", X, NULL, 0, AMBIG, 0, 0, 0, NULL, NAN },
	{ "1,5 s", U, NULL, 0, OK, 1.5, UNIT_SECOND, 0, "1,5", NAN }, /* only a decimal can be one digit */
	{ "1,5 s", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "157,521372", C, NULL, 0, OK, 157.521372, UNIT_NONE, 0, NULL, NAN },
	{ "3m53,965s", C, NULL, 0, OK, 233.965, UNIT_SECOND, 0, "3m53,965s", NAN },
	{ "3m53,965s", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "5,6M", C, NULL, 1, OK, 5.6 * MI, UNIT_BYTE, 0, "5,6M", NAN },
	/* SI suffixes on counts; sizes as ls -h prints them */
	{ "97.3K", D, NULL, 0, OK, 97300, UNIT_COUNT, HN_SUFFIX, "97.3K", NAN },
	{ "22.58k", D, NULL, 0, OK, 22580, UNIT_COUNT, HN_SUFFIX, "22.58k", NAN },
	{ "1.2M", D, NULL, 0, OK, 1200000, UNIT_COUNT, HN_SUFFIX, "1.2M", NAN },
	{ "1.2M", D, NULL, 1, OK, 1.2 * MI, UNIT_BYTE, 0, "1.2M", NAN },
	{ "51M", U, NULL, 1, OK, 51 * MI, UNIT_BYTE, 0, "51M", NAN },
	/* units, written after the number or given by the header */
	{ "735.6 \xc2\xb5s", D, NULL, 0, OK, 735.6e-6, UNIT_SECOND, 0, "735.6", NAN },
	{ "735.6\xc2\xa0\xc2\xb5s", D, NULL, 0, OK, 735.6e-6, UNIT_SECOND, 0, "735.6", NAN },
	{ "1.308s", D, NULL, 0, OK, 1.308, UNIT_SECOND, 0, "1.308", NAN },
	{ "4.2 MiB", D, NULL, 0, OK, 4.2 * MI, UNIT_BYTE, 0, "4.2", NAN },
	{ "12 mb", U, NULL, 0, OK, 12e6, UNIT_BYTE, 0, "12", NAN },
	{ "3 Mib", U, NULL, 0, OK, 3 * MI, UNIT_BYTE, 0, "3", NAN },
	{ "512 KiB", U, NULL, 0, OK, 512 * KI, UNIT_BYTE, 0, "512", NAN },
	{ "4.9", D, "ms", 0, OK, 0.0049, UNIT_SECOND, 0, "4.9", NAN },
	{ "12 parsecs", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	/* work per time, time per work */
	{ "22743.91964 tok/sec", D, NULL, 0, OK, 22743.91964, UNIT_PER_S, 0, "22743.91964", NAN },
	{ "12 frames/min", U, NULL, 0, OK, 0.2, UNIT_PER_S, 0, "12", NAN },
	{ "0.00675 ms/frame", D, NULL, 0, OK, 6.75e-6, UNIT_SECOND, 0, "0.00675", NAN },
	{ "8,935", D, "iterations/s", 0, OK, 8935, UNIT_PER_S, 0, "8,935", NAN },
	{ "257 kB/min", U, NULL, 0, NONE, 0, 0, 0, NULL, NAN }, /* bytes a minute: no rate of things counted */
	{ "3 ms/MB", U, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	/* simulated time per day of computing: a rate, never a time per "day" of work */
	{ "1.83668 ns/day", D, NULL, 0, OK, 1.83668, UNIT_NS_PER_DAY, 0, "1.83668", NAN },
	/* durations */
	{ "8m 25s", U, NULL, 0, OK, 505, UNIT_SECOND, 0, "8m 25s", NAN },
	{ "7m 05s", U, NULL, 0, OK, 425, UNIT_SECOND, 0, "7m 05s", NAN },
	{ "1m24.238s", D, NULL, 0, OK, 84.238, UNIT_SECOND, 0, "1m24.238s", NAN },
	{ "1:31:18.66", D, NULL, 0, OK, 5478.66, UNIT_SECOND, 0, "1:31:18.66", NAN },
	{ "2:05.3", D, NULL, 0, OK, 125.3, UNIT_SECOND, 0, "2:05.3", NAN },
	{ "1:75", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	/* marks: approximate, bounds */
	{ "~46,900", D, NULL, 0, OK, 46900, UNIT_NONE, HN_APPROX, "46,900", NAN },
	{ "\xe2\x89\x88 3.1 s", D, NULL, 0, OK, 3.1, UNIT_SECOND, HN_APPROX, "3.1", NAN },
	{ "< 1 ms", U, NULL, 0, OK, 0.001, UNIT_SECOND, HN_UPPER, "1", NAN },
	{ "<=2 ms", U, NULL, 0, OK, 0.002, UNIT_SECOND, HN_UPPER, "2", NAN },
	{ "\xe2\x89\xa4 5 ms", U, NULL, 0, OK, 0.005, UNIT_SECOND, HN_UPPER, "5", NAN },
	{ "> 10 s", U, NULL, 0, OK, 10, UNIT_SECOND, HN_LOWER, "10", NAN },
	{ "\xe2\x89\xa5 5", U, NULL, 0, OK, 5, UNIT_NONE, HN_LOWER, "5", NAN },
	/* spreads */
	{ "0.24745\xc2\xb1" "0.00046", D, NULL, 0, OK, 0.24745, UNIT_NONE, 0, "0.24745", 0.00046 },
	{ "19.3 \xc2\xb1 0.4 ms", D, NULL, 0, OK, 0.0193, UNIT_SECOND, 0, "19.3", 0.0004 },
	{ "10 ms \xc2\xb1 2", U, NULL, 0, OK, 0.010, UNIT_SECOND, 0, "10", 0.002 },
	{ "5.2 ms +- 0.3 ms", D, NULL, 0, OK, 0.0052, UNIT_SECOND, 0, "5.2", 0.0003 },
	{ "5.2 ms +/- 0.3 ms", D, NULL, 0, OK, 0.0052, UNIT_SECOND, 0, "5.2", 0.0003 },
	{ "5.2 ms \xc2\xb1 0.3 MB", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	/* ratios and changes: flagged, for the table to leave */
	{ "1.17x", D, NULL, 0, OK, 1.17, UNIT_NONE, HN_RATIO, "1.17", NAN },
	{ "2.5 X", D, NULL, 0, OK, 2.5, UNIT_NONE, HN_RATIO, "2.5", NAN },
	{ "+48 MB", U, NULL, 0, OK, 48e6, UNIT_BYTE, HN_SIGNED, "48", NAN },
	{ "\xe2\x88\x92" "8%", U, NULL, 0, OK, -8, UNIT_PERCENT, HN_SIGNED, "8", NAN },
	/* a note in brackets after the figure is not read */
	{ "3.93 s (\xe2\x88\x92" "8%)", D, NULL, 0, OK, 3.93, UNIT_SECOND, 0, "3.93", NAN },
	{ "51563272 (52M)", U, NULL, 0, OK, 51563272, UNIT_NONE, 0, "51563272", NAN },
	{ "3.93 s (", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	/* not figures: versions, dates, words, a figure with words after it */
	{ "v1.2.3", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "1.2.3", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "2024-01-05", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "fast", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "12 ms faster", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
	{ "", D, NULL, 0, NONE, 0, 0, 0, NULL, NAN },
};

static void test_numbers(void **state)
{
	(void)state;
	bad = 0;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct num_case *k = &cases[i];
		struct handnum_ctx ctx = { k->mark, k->unit, k->unit ? strlen(k->unit) : 0, k->size };
		struct handnum h;
		int rc = handnum_read(k->text, strlen(k->text), &ctx, &h);

		if (k->want == NONE) {
			if (rc != HANDNUM_NONE)
				BAD("\"%s\" (%s): %d, want no figure", k->text, num_mark_name(k->mark), rc);
			continue;
		}
		if (k->want == AMBIG) {
			if (rc != HANDNUM_AMBIGUOUS)
				BAD("\"%s\" (%s): %d, want ambiguous", k->text, num_mark_name(k->mark), rc);
			continue;
		}
		if (rc != 0) {
			BAD("\"%s\" (%s): %d, want %.17g", k->text, num_mark_name(k->mark), rc, k->value);
			continue;
		}
		/* exact: the double nearest the printed decimal, as units.c reads a tool's */
		if (h.value != k->value)
			BAD("\"%s\": %.17g, want %.17g", k->text, h.value, k->value);
		if (h.unit != k->u)
			BAD("\"%s\": unit %s, want %s", k->text, unit_name(h.unit), unit_name(k->u));
		if (h.flags != k->flags)
			BAD("\"%s\": flags %#x, want %#x", k->text, h.flags, k->flags);
		if (k->printed && (h.num_len != strlen(k->printed) || memcmp(h.num, k->printed, h.num_len)))
			BAD("\"%s\": printed \"%.*s\", want \"%s\"", k->text, (int)h.num_len, h.num, k->printed);
		if (isnan(k->spread) != !h.has_spread)
			BAD("\"%s\": spread %s", k->text, h.has_spread ? "read, want none" : "missed");
		if (h.has_spread && h.spread != k->spread)
			BAD("\"%s\": spread %.17g, want %.17g", k->text, h.spread, k->spread);
	}
	assert_int_equal(bad, 0);
}

/* A text's decimal mark, from the numbers that can be read one way only. */
static void test_decide(void **state)
{
	static const struct {
		const char *text;
		enum num_mark want;
	} texts[] = {
		{ "real 3m53,965s and user 1,5 s", NUM_MARK_COMMA },
		{ "| 1.5 s | 2.25 ms |", NUM_MARK_DOT },
		{ "the sizes: 1,234 and 5,678", NUM_MARK_UNDECIDED },
		{ "version 1.2.3, items 1,2,3, build 2024-01-05", NUM_MARK_UNDECIDED },
		{ "1.5 s here, 2,5 s there", NUM_MARK_CONFLICT },
		{ "a binary of 1,264 MB", NUM_MARK_DOT },
		{ "bare 12,5 but 1.5 s with a unit", NUM_MARK_DOT },
		{ "11.167.624 and 3,25", NUM_MARK_COMMA },
		{ "x86_64.1 v2.5 (3.14)", NUM_MARK_UNDECIDED },
		{ "", NUM_MARK_UNDECIDED },
	};
	char ex[64];

	(void)state;
	bad = 0;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		enum num_mark m = numstyle_decide(texts[i].text, strlen(texts[i].text), ex, sizeof(ex));

		if (m != texts[i].want)
			BAD("\"%s\": %s, want %s", texts[i].text, num_mark_name(m), num_mark_name(texts[i].want));
	}
	assert_int_equal(bad, 0);
	/* the example names what decided it */
	assert_int_equal(numstyle_decide("took 3m53,965s", 14, ex, sizeof(ex)), NUM_MARK_COMMA);
	assert_string_equal(ex, "53,965");
}

/* The unit a header or a row's name gives. */
static void test_header_unit(void **state)
{
	static const struct {
		const char *text, *unit;
	} heads[] = {
		{ "Time (ms)", "ms" },
		{ "size [KiB]", "KiB" },
		{ "binary size (bytes)", "bytes" },
		{ "Runtime (sec)", "sec" },
		{ "Time (ms/iter)", "ms/iter" }, /* a time per iteration: ms */
		{ "req/s", "req/s" },
		{ "**Time (s)**", "s" },
		{ "Speedup (%)", NULL },
		{ "Benchmark", NULL },
		{ "Release (lto=thin)", NULL },
	};

	(void)state;
	bad = 0;
	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
		const char *u = NULL;
		size_t n = 0;
		int got = handnum_header_unit(heads[i].text, strlen(heads[i].text), &u, &n);

		if (!heads[i].unit) {
			if (got)
				BAD("\"%s\": unit \"%.*s\", want none", heads[i].text, (int)n, u);
			continue;
		}
		if (!got || n != strlen(heads[i].unit) || memcmp(u, heads[i].unit, n))
			BAD("\"%s\": unit \"%.*s\", want \"%s\"", heads[i].text, (int)(got ? n : 0), got ? u : "",
				 heads[i].unit);
	}
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_decide),
		cmocka_unit_test(test_header_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
