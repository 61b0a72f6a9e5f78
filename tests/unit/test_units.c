/*
 * test_units.c - unit conversion, table-driven from units.table (one case
 * per line; adding a unit is adding a line), and the human formatting.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "parsers/names.h"
#include "parsers/units.h"

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
	check_format(-0.0035, UNIT_SECOND, "-3.50 ms");
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_decimal_exact),
		cmocka_unit_test(test_num_parse),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_num_exact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
