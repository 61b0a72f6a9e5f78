/*
 * screen_sizes.c - Sizes, as bloaty and bloat-o-meter users read them: for
 * every variant against the baseline, each section (text, data, bss,
 * dec/total, the SysV sections when size -A printed them) in exact bytes
 * with digits grouped, the change in bytes and in %, and a bar on both
 * sides of an axis (shrinking to the left, growing to the right; one
 * scale for the screen, the largest change of any variant), sorted by the
 * size of the change, the total (dec, total) last in its group. Sizes are
 * single figures: there is no n.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/metrics.h"
#include "parsers/units.h"
#include "store/compare_text.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "util/buf.h"

/* Columns: section, baseline, variant, Δ bytes (as wide as their texts), Δ %, mark, then the bar. */
#define W_DELTA 8

static int is_size(const struct cmp_mrow *r)
{
	return r->family == MF_SIZE && r->unit == UNIT_BYTE;
}

/* Δ bytes of matrix row r for column c, or NAN when a side lacks it. */
static double delta(const struct views *v, size_t r, size_t c)
{
	const struct cmp_row *cr = v->mx.rows[r].cell[c - 1];

	if (!cr || !cr->base.present || !cr->cand.present)
		return NAN;
	return cr->cand.center - cr->base.center;
}

/* The total of the sections (size's dec, size -A's and bloaty's total): last in its group. */
static int is_total(const struct cmp_mrow *r)
{
	const struct metric_def *d = metric_lookup(r->quantity);

	return d && (d->id == METRIC_DEC || d->id == METRIC_TOTAL || d->id == METRIC_TOTAL_VM);
}

struct sort_item {
	size_t row;
	double key;
};

static int by_change(const void *a, const void *b)
{
	const struct sort_item *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	return x->row < y->row ? -1 : x->row > y->row;
}

static void add(struct views *v, size_t *cap, enum vline_kind kind, size_t row, size_t col,
		const char *text)
{
	struct vline *l;

	ALLOC_GROW(v->size_lines, v->nsize + 1, *cap);
	l = &v->size_lines[v->nsize++];
	memset(l, 0, sizeof(*l));
	l->kind = kind;
	l->row = row;
	l->col = col;
	l->text = text;
}

static void make_lines(struct views *v, struct list *pos)
{
	struct sort_item *items = xcalloc(v->mx.nrows ? v->mx.nrows : 1, sizeof(*items));
	size_t cap = 0;

	for (size_t c = 1; c < v->mx.ncols; c++) {
		size_t n = 0;

		for (size_t i = 0; i < v->mx.nrows; i++) {
			double d;

			if (!is_size(&v->mx.rows[i]))
				continue;
			d = delta(v, i, c);
			items[n].row = i;
			/* a section one side lacks goes after the others, the total last */
			items[n++].key = is_total(&v->mx.rows[i]) ? -2 : isnan(d) ? -1 : fabs(d);
		}
		if (!n)
			break;
		qsort(items, n, sizeof(*items), by_change);
		if (c > 1)
			add(v, &cap, VL_BLANK, 0, c, "");
		add(v, &cap, VL_HEADING, 0, c, "");
		for (size_t k = 0; k < n; k++)
			add(v, &cap, VL_FIGURE, items[k].row, c, "");
	}
	free(items);
	pos->count = v->nsize;
	list_on_row(pos, views_line_is_row, v->size_lines);
	v->size_made = 1;
}

/*
 * The largest change in bytes of any variant, for the bars: one scale for
 * the screen, so that bars of two variants compare as their bytes do.
 */
static double largest(const struct views *v)
{
	double m = 0;

	for (size_t k = 0; k < v->nsize; k++) {
		const struct vline *l = &v->size_lines[k];
		double d = l->kind == VL_FIGURE ? fabs(delta(v, l->row, l->col)) : NAN;

		if (d > m)
			m = d;
	}
	return m;
}

static int section_width(const struct views *v)
{
	int w = 7;

	for (size_t k = 0; k < v->nsize; k++)
		if (v->size_lines[k].kind == VL_FIGURE) {
			int n = draw_width(v->mx.rows[v->size_lines[k].row].metric);

			if (n > w)
				w = n;
		}
	return w < 24 ? w : 24;
}

/* Columns each side of the axis when the bars start at x: what is left, up to 30. */
static int bar_half(int x)
{
	int half = (COLS - 2 - x - 1) / 2;

	return half < 30 ? half : 30;
}

/* Both sides of the axis at x: shrinking fills to the left, growing to the right. */
static void draw_axis_bar(int y, int x, int half, double d, double m, enum color_role role)
{
	int n = m > 0 ? (int)(fabs(d) / m * half + 0.5) : 0;
	struct buf b = BUF_INIT;

	if (half < 1)
		return;
	if (!n && d != 0)
		n = 1;
	for (int i = 0; i < n; i++)
		buf_adds(&b, "\xe2\x96\x88");
	if (d < 0)
		draw_text(y, x - n, n, buf_str(&b), role);
	draw_text(y, x, 1, "\xe2\x94\x82", ROLE_DIM);
	if (d > 0)
		draw_text(y, x + 1, n, buf_str(&b), role);
	buf_release(&b);
}

/* The texts of a figure line: baseline, variant and Δ bytes ("" when a side lacks the section). */
struct size_texts {
	char base[48], cand[48], delta[48];
};

static void figure_texts(const struct views *v, const struct vline *l, struct size_texts *x)
{
	const struct cmp_mrow *r = &v->mx.rows[l->row];
	const struct cmp_row *cr = r->cell[l->col - 1];
	double d = delta(v, l->row, l->col);

	/* exact bytes where the tool printed them; a size written by hand as it was written */
	cmp_text_value(r->quantity, r->base, r->unit, x->base, sizeof(x->base));
	if (cr)
		cmp_text_value(r->quantity, &cr->cand, r->unit, x->cand, sizeof(x->cand));
	else
		snprintf(x->cand, sizeof(x->cand), "-");
	x->delta[0] = '\0';
	if (isnan(d))
		return;
	if (cmp_text_exact_bytes(r->quantity)) {
		cmp_text_bytes(d, 1, x->delta, sizeof(x->delta));
	} else {
		char u[40];

		/*
		 * a difference is known to ± the sum of its figures' roundings;
		 * as for a delta in % (cmp_text_pct_res), its last digit may be
		 * as fine as that: the resolution passed is half of it
		 */
		unit_format_delta_res(fabs(d), r->unit,
				      (cmp_side_res(r->base, r->unit) + cmp_side_res(&cr->cand, r->unit)) / 2,
				      u, sizeof(u));
		snprintf(x->delta, sizeof(x->delta), "%s%s", d > 0 ? "+" : d < 0 ? "-" : "", u);
	}
}

/*
 * The width of the three byte columns: their widest text (at least their
 * headers'), so that the bars and their legend keep the room at 80 columns.
 */
static int bytes_width(const struct views *v)
{
	int w = 8; /* "BASELINE" */

	for (size_t k = 0; k < v->nsize; k++) {
		struct size_texts x;
		int n;

		if (v->size_lines[k].kind != VL_FIGURE)
			continue;
		figure_texts(v, &v->size_lines[k], &x);
		if ((n = draw_width(x.base)) > w)
			w = n;
		if ((n = draw_width(x.cand)) > w)
			w = n;
		if ((n = draw_width(x.delta)) > w)
			w = n;
	}
	return w;
}

static void draw_figure(const struct views *v, const struct vline *l, int y, int secw, int bw, int sel)
{
	double m = largest(v);
	const struct cmp_mrow *r = &v->mx.rows[l->row];
	const struct cmp_row *cr = r->cell[l->col - 1];
	enum color_role plain = sel ? ROLE_SELECTED : ROLE_NORMAL, role = plain;
	char dp[24];
	double d = delta(v, l->row, l->col);
	struct size_texts tx;
	int x = 3;

	figure_texts(v, l, &tx);
	draw_text(y, x, secw, r->metric, plain);
	x += secw + 1;
	draw_right(y, x, bw, tx.base, plain);
	x += bw + 1;
	draw_right(y, x, bw, tx.cand, plain);
	x += bw + 1;
	if (!isnan(d)) {
		if (!sel)
			role = views_role(cr->verdict, views_tested(cr));
		draw_right(y, x, bw, tx.delta, role);
		draw_right(y, x + bw + 1, W_DELTA, cmp_text_delta(cr, dp, sizeof(dp)), role);
		draw_text(y, x + bw + 1 + W_DELTA + 1, 2, cmp_text_mark(cr), role);
	} else {
		draw_text(y, x, COLS - 1 - x, cr && cr->cand.present ? "(not in the baseline)" : "(not in this variant)",
			  ROLE_DIM);
		return;
	}
	x += bw + 1 + W_DELTA + 1 + 3;
	if (COLS - 2 - x >= 9) {
		int half = bar_half(x);

		draw_axis_bar(y, x + half, half, d, m, sel ? ROLE_SELECTED : role == ROLE_NORMAL ? ROLE_DIM : role);
	}
}

static void draw_heading(const struct views *v, const struct vline *l, int y, int sel)
{
	char text[512];

	snprintf(text, sizeof(text), "%s against %s", cmp_matrix_name(&v->mx, l->col), cmp_matrix_name(&v->mx, 0));
	draw_text(y, 1, COLS - 2, text, sel ? ROLE_SELECTED : ROLE_HIGHLIGHT);
}

static void draw_columns(int y, int secw, int bw)
{
	int x = 3;

	draw_text(y, x, secw, "SECTION", ROLE_HEADER);
	x += secw + 1;
	draw_right(y, x, bw, "BASELINE", ROLE_HEADER);
	x += bw + 1;
	draw_right(y, x, bw, "VARIANT", ROLE_HEADER);
	x += bw + 1;
	draw_right(y, x, bw, "\xce\x94 BYTES", ROLE_HEADER);
	x += bw + 1;
	draw_right(y, x, W_DELTA, "\xce\x94 %", ROLE_HEADER);
	x += W_DELTA + 1 + 3;
	if (COLS - 2 - x >= 9) {
		int half = bar_half(x);

		/* each side of the axis names its way; in a narrow half, its sign */
		draw_right(y, x, half, half >= 6 ? "shrink" : "-", ROLE_DIM);
		draw_text(y, x + half + 1, half, half >= 6 ? "grow" : "+", ROLE_DIM);
	}
}

static int table_height(int height)
{
	return height - 2 - (height >= 12 ? 1 : 0);
}

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;
	struct list *pos;
	int rows = table_height(height), secw, bw;

	if (t->view_exp >= snap.m->nexps) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	v = views_get(t);
	pos = views_list(t, SCREEN_SIZES, v);
	if (!v->size_made)
		make_lines(v, pos);
	secw = section_width(v);
	draw_text(top, 1, COLS - 2, "Bytes, each variant against the baseline; largest change first, total last", ROLE_DIM);
	if (!v->nsize) {
		/* where sizes come from: every reader whose figures are bytes of a binary */
		draw_wrapped(top + 2, 2, COLS - 4, height - 3,
			     v->mx.ncols < 2 ? "One variant: no sizes to compare."
					     : "No sizes in this experiment. Sizes come from GNU size (text, data, bss, "
					       "dec), size -A, bloaty, objdump -h, du and ls -l listings, and binary "
					       "sizes written by hand: a list (\"release: 12.3 MiB\") or a table.",
			     ROLE_DIM);
		return;
	}
	/* a column of air between the byte columns, unless the bars' legend needs it */
	bw = bytes_width(v);
	if (bar_half(3 + secw + 1 + (bw + 2) * 3 + W_DELTA + 1 + 3) >= 6)
		bw++;
	draw_columns(top + 1, secw, bw);
	list_clamp(pos, rows);
	tui_position_list(t, "row", pos, views_line_is_row, v->size_lines);
	t->list_y = top + 2;
	for (int i = 0; i < rows && pos->top + (size_t)i < v->nsize; i++) {
		size_t k = pos->top + (size_t)i;
		const struct vline *l = &v->size_lines[k];
		int y = top + 2 + i, sel = k == pos->cursor;

		if (sel)
			draw_fill(y, ROLE_SELECTED);
		if (l->kind == VL_HEADING)
			draw_heading(v, l, y, sel);
		else if (l->kind == VL_FIGURE)
			draw_figure(v, l, y, secw, bw, sel);
	}
	if (height >= 12)
		views_legend(top + height - 1, "exact bytes need no test");
}

static int act(struct tui *t, enum action a, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;
	struct list *pos;

	if (t->view_exp >= snap.m->nexps)
		return ACT_IGNORED;
	v = views_get(t);
	pos = views_list(t, SCREEN_SIZES, v);
	if (!v->size_made)
		make_lines(v, pos);
	if (a == ACT_HISTORY)
		return views_history(t);
	return list_act_rows(pos, a, table_height(height), views_line_is_row, v->size_lines) ? ACT_DONE
	                                                                                    : ACT_IGNORED;
}

const struct screen screen_sizes = {
	.name = "Sizes",
	.opener = ACT_SCREEN_SIZES,
	.per_exp = 1,
	.draw = draw,
	.act = act,
	.lines = views_lines,
	.line_text = views_line_text,
	.markdown = views_markdown,
	.swapped = views_swapped,
};
