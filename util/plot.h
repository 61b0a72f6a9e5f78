/*
 * plot.h - one-line plots of numbers as text, for the terminal UI and the
 * CLI alike: a sparkline of a series (iperf3 intervals, a histogram) and a
 * strip plot of samples on an axis. UTF-8 block and braille characters, or
 * plain ASCII when the locale cannot show them. The text is appended to a
 * buf; every plot is exactly `width` columns wide.
 */
#ifndef BD_UTIL_PLOT_H
#define BD_UTIL_PLOT_H

#include <stddef.h>

#include "util/buf.h"

/* 1 when the current locale's character set is UTF-8 (after setlocale()). */
int plot_utf8(void);

/*
 * A sparkline of v[0..n) in `width` columns, scaled from the smallest to
 * the largest finite value: one bar per value, or when there are more
 * values than columns, the mean of each column's share of them. Eight
 * levels: "▁▂▃▄▅▆▇█", or "_.-~=+*#" in ASCII. A non-finite value (or a
 * column with none) is a blank; all values equal draw a middle bar.
 * With n == 0 or width <= 0 nothing is added.
 */
void plot_sparkline(struct buf *out, const double *v, size_t n, int width, int utf8);

/*
 * A strip plot of v[0..n) on the axis [lo, hi] in `width` columns: each
 * value is a dot at its place. UTF-8: braille, two places per column,
 * equal places stack up to four dots (more are drawn as four). ASCII: the
 * count of values in each column, a digit, '+' for ten or more. Empty
 * places are blanks. Values outside [lo, hi] are put at the nearest end;
 * non-finite values are skipped. lo == hi puts every value in the middle.
 */
void plot_strip(struct buf *out, const double *v, size_t n, double lo, double hi, int width,
		int utf8);

/*
 * One line of a forest plot in `width` columns on the axis [lo, hi] (the
 * caller's scale: logs of ratios): a rule at `ref` (no change; NaN: none),
 * a bar over [a, b] (an interval; NaN: none) and a mark at `x`, a diamond
 * with `pooled`. UTF-8: "│", "─", "┼" where the bar crosses the rule, "●",
 * "◆"; ASCII: '|', '-', '+', 'o', '#'. A value outside the axis is drawn
 * at its end as an arrow ("◂" "▸", '<' '>'); NaN marks nothing.
 */
void plot_interval(struct buf *out, double x, double a, double b, double ref, double lo, double hi,
		   int width, int pooled, int utf8);

#endif
