/*
 * test_plot.c - sparklines and strip plots: exact characters for small
 * hand-made inputs, in UTF-8 and in ASCII, and the width always kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "util/plot.h"
#include "util/text.h"

static char *spark(struct buf *b, const double *v, size_t n, int w, int utf8)
{
	buf_reset(b);
	plot_sparkline(b, v, n, w, utf8);
	return b->s ? b->s : "";
}

static char *strip(struct buf *b, const double *v, size_t n, double lo, double hi, int w, int utf8)
{
	buf_reset(b);
	plot_strip(b, v, n, lo, hi, w, utf8);
	return b->s ? b->s : "";
}

static void test_sparkline(void **state)
{
	struct buf b = BUF_INIT;
	const double ramp[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	const double flat[3] = { 5, 5, 5 };
	const double gap[3] = { 1, NAN, 3 };
	const double many[6] = { 0, 0, 10, 10, 0, 10 };

	(void)state;
	assert_string_equal(spark(&b, ramp, 8, 8, 0), "_.-~=+*#");
	assert_string_equal(spark(&b, ramp, 8, 8, 1),
			    "\xe2\x96\x81\xe2\x96\x82\xe2\x96\x83\xe2\x96\x84\xe2\x96\x85\xe2\x96\x86"
			    "\xe2\x96\x87\xe2\x96\x88");
	/* fewer values than columns: padded with blanks to the width */
	assert_string_equal(spark(&b, ramp, 8, 10, 0), "_.-~=+*#  ");
	assert_string_equal(spark(&b, flat, 3, 3, 0), "~~~");
	assert_string_equal(spark(&b, gap, 3, 3, 0), "_ #");
	/* six values in three columns: the mean of each pair (0, 10, 5) */
	assert_string_equal(spark(&b, many, 6, 3, 0), "_#=");
	spark(&b, many, 6, 3, 1);
	assert_int_equal(text_width(b.s, b.len), 3);
	assert_string_equal(spark(&b, ramp, 0, 5, 0), "");
	buf_release(&b);
}

static void test_strip(void **state)
{
	struct buf b = BUF_INIT;
	const double v[5] = { 0, 0, 0, 10, 5 };
	const double stack[6] = { 1, 1, 1, 1, 1, 1 };

	(void)state;
	/* ASCII: counts per column; 5 falls in the middle column of 3 */
	assert_string_equal(strip(&b, v, 5, 0, 10, 3, 0), "311");
	assert_string_equal(strip(&b, v, 5, 0, 10, 5, 0), "3 1 1");
	assert_string_equal(strip(&b, stack, 6, 0, 10, 3, 0), "6  ");
	/* UTF-8: 6 places in 3 columns; 0 ×3 at the left place of column 0 (dots 7, 3, 2),
	 * 5 rounds to place 3 (right of column 1, dot 8), 10 at place 5 (dot 8) */
	assert_string_equal(strip(&b, v, 5, 0, 10, 3, 1), "\xe2\xa1\x86\xe2\xa2\x80\xe2\xa2\x80");
	/* six equal values stack four dots high, no more */
	assert_string_equal(strip(&b, stack, 6, 0, 10, 1, 1), "\xe2\xa1\x87");
	/* outside the axis: at the ends; lo == hi: the middle */
	assert_string_equal(strip(&b, (double[]){ -5, 50 }, 2, 0, 10, 4, 0), "1  1");
	assert_string_equal(strip(&b, (double[]){ 3, 3 }, 2, 3, 3, 3, 0), " 2 ");
	assert_string_equal(strip(&b, (double[]){ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }, 11, 0, 100, 2,
				  0),
			    "+ ");
	strip(&b, v, 5, 0, 10, 7, 1);
	assert_int_equal(text_width(b.s, b.len), 7);
	buf_release(&b);
}

static void test_locale(void **state)
{
	(void)state;
	if (setlocale(LC_ALL, "C.UTF-8"))
		assert_true(plot_utf8());
	setlocale(LC_ALL, "C");
	assert_false(plot_utf8());
	setlocale(LC_ALL, "C.UTF-8");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sparkline),
		cmocka_unit_test(test_strip),
		cmocka_unit_test(test_locale),
	};

	setlocale(LC_ALL, "C.UTF-8"); /* text_width() reads UTF-8 */
	return cmocka_run_group_tests(tests, NULL, NULL);
}
