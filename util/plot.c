/*
 * plot.c - sparklines and strip plots as text; see plot.h.
 */
#include "util/plot.h"

#include <langinfo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int plot_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}

static const char *const bars_utf8[8] = {
	"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
	"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88",
};
static const char bars_ascii[8] = { '_', '.', '-', '~', '=', '+', '*', '#' };

void plot_sparkline(struct buf *out, const double *v, size_t n, int width, int utf8)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t cols;

	if (!n || width <= 0)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		if (v[i] < lo)
			lo = v[i];
		if (v[i] > hi)
			hi = v[i];
	}
	cols = n < (size_t)width ? n : (size_t)width;
	for (size_t c = 0; c < cols; c++) {
		/* column c holds values [from, to): all of them when there is room */
		size_t from = c * n / cols, to = (c + 1) * n / cols, k = 0;
		double sum = 0;
		int level;

		for (size_t i = from; i < to; i++)
			if (isfinite(v[i])) {
				sum += v[i];
				k++;
			}
		if (!k) {
			buf_addc(out, ' ');
			continue;
		}
		if (hi > lo) {
			level = (int)floor((sum / (double)k - lo) / (hi - lo) * 8);
			level = level < 0 ? 0 : level > 7 ? 7 : level;
		} else {
			level = 3;
		}
		if (utf8)
			buf_adds(out, bars_utf8[level]);
		else
			buf_addc(out, bars_ascii[level]);
	}
	for (size_t c = cols; c < (size_t)width; c++)
		buf_addc(out, ' ');
}

/* Braille dots stacked from the bottom: the left place's, then the right's (U+2800 + bits). */
static const unsigned char dots[2][4] = { { 0x40, 0x04, 0x02, 0x01 }, { 0x80, 0x20, 0x10, 0x08 } };

void plot_strip(struct buf *out, const double *v, size_t n, double lo, double hi, int width,
		int utf8)
{
	int places;
	unsigned *count;

	if (width <= 0)
		return;
	places = utf8 ? width * 2 : width;
	count = calloc((size_t)places, sizeof(*count));
	if (!count)
		die("out of memory");
	for (size_t i = 0; i < n; i++) {
		double f;
		int p;

		if (!isfinite(v[i]))
			continue;
		f = hi > lo ? (v[i] - lo) / (hi - lo) : 0.5;
		f = f < 0 ? 0 : f > 1 ? 1 : f;
		p = (int)lround(f * (places - 1));
		count[p]++;
	}
	for (int c = 0; c < width; c++) {
		if (utf8) {
			unsigned bits = 0;

			for (int side = 0; side < 2; side++)
				for (unsigned k = 0; k < 4 && k < count[c * 2 + side]; k++)
					bits |= dots[side][k];
			if (!bits) {
				buf_addc(out, ' ');
			} else {
				unsigned cp = 0x2800 + bits; /* three UTF-8 bytes: E2 A0..A3 xx */

				buf_addc(out, (char)(0xe0 | (cp >> 12)));
				buf_addc(out, (char)(0x80 | ((cp >> 6) & 0x3f)));
				buf_addc(out, (char)(0x80 | (cp & 0x3f)));
			}
		} else {
			unsigned k = count[c];

			buf_addc(out, !k ? ' ' : k >= 10 ? '+' : (char)('0' + k));
		}
	}
	free(count);
}

/* The column of v on the axis [lo, hi] of `width` columns, clamped; *out set when it was outside. */
static int column_of(double v, double lo, double hi, int width, int *out)
{
	double f = hi > lo ? (v - lo) / (hi - lo) : 0.5;

	*out = f < 0 || f > 1;
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return (int)lround(f * (width - 1));
}

void plot_interval(struct buf *out, double x, double a, double b, double ref, double lo, double hi,
		   int width, int pooled, int utf8)
{
	/* what each column holds; MARK + 1 is the pooled mark */
	enum { BLANK, RULE, BAR, CROSS, CUT_LO, CUT_HI, MARK };
	static const char *const u[] = { " ", "\xe2\x94\x82", "\xe2\x94\x80", "\xe2\x94\xbc", "\xe2\x97\x82",
					 "\xe2\x96\xb8", "\xe2\x97\x8f" };
	static const char *const ascii[] = { " ", "|", "-", "+", "<", ">", "o" };
	unsigned char *cell;
	int outside = 0;

	if (width <= 0)
		return;
	cell = calloc((size_t)width, 1);
	if (!cell)
		die("out of memory");
	if (isfinite(ref)) {
		int cr = column_of(ref, lo, hi, width, &outside);

		cell[cr] = outside ? BLANK : RULE;
	}
	if (isfinite(a) && isfinite(b)) {
		int ca = column_of(a < b ? a : b, lo, hi, width, &outside), oa = outside;
		int cb = column_of(a < b ? b : a, lo, hi, width, &outside), ob = outside;

		for (int c = ca; c <= cb; c++)
			cell[c] = cell[c] == RULE ? CROSS : BAR;
		if (oa)
			cell[ca] = CUT_LO;
		if (ob)
			cell[cb] = CUT_HI;
	}
	if (isfinite(x)) {
		int cx = column_of(x, lo, hi, width, &outside);

		cell[cx] = outside ? (x < lo ? CUT_LO : CUT_HI) : MARK;
		if (!outside && pooled)
			cell[cx] = MARK + 1; /* the pooled mark */
	}
	for (int c = 0; c < width; c++) {
		if (cell[c] == MARK + 1)
			buf_adds(out, utf8 ? "\xe2\x97\x86" : "#");
		else
			buf_adds(out, utf8 ? u[cell[c]] : ascii[cell[c]]);
	}
	free(cell);
}
