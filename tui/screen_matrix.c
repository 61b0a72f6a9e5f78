/*
 * screen_matrix.c - Matrix, an experiment's first view: one row per metric
 * (grouped by scenario), one column per variant with the baseline first;
 * each cell the figure (± spread), and for a candidate its change against
 * the baseline with the verdict's mark. Headers never read alike: full
 * names when the terminal has the room, else the names without what they
 * share, else letters with a legend naming each in full; then the columns
 * scroll sideways with the metric and the baseline frozen. ←/→ select a
 * column, b makes it the baseline (recorded), 3 opens the pair view on it.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/compare_text.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/order.h"
#include "tui/find.h"
#include "tui/matrix_view.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "util/abbrev.h"
#include "util/buf.h"

enum head_mode { HEAD_FULL, HEAD_TRIM, HEAD_LETTERS };

#define GAP 2

struct mlayout {
	int metric;         /* the frozen metric column */
	int *colw;          /* per column, heap */
	enum head_mode mode;
	size_t first, last; /* candidate columns shown: [first, last) */
	size_t col;         /* the selected column (the Matrix's own state) */
	int legend;         /* lines of the letters' legend */
	int table;          /* lines of the table */
	int foot;           /* lines of the marks' legend (and ¹'s) and the detail line; 0: none */
};

/* Columns the parts of column c take, right-aligned in its cell. */
static int natural(const struct views *v, size_t c)
{
	int w = v->w_val[c];

	if (v->w_spr[c])
		w += 1 + v->w_spr[c];
	if (c && v->w_delta[c])
		w += 1 + v->w_delta[c];
	if (c && v->w_mark[c])
		w += 1 + v->w_mark[c];
	return w;
}

static const char *head(const struct views *v, size_t c, enum head_mode m, char letter[8])
{
	switch (m) {
	case HEAD_FULL:
		return cmp_matrix_name(&v->mx, c);
	case HEAD_TRIM:
		return v->trim[c];
	default:
		return abbrev_letter(c, letter);
	}
}

static int col_width(const struct views *v, size_t c, enum head_mode m)
{
	char letter[8];
	int n = natural(v, c), h = draw_width(head(v, c, m, letter));

	return n > h ? n : h;
}

/* The legend of the letters, wrapped at `cols`: lines used (drawn when `y` >= 0). */
static int letters_legend(const struct views *v, int y, int cols, int max_lines)
{
	struct buf line = BUF_INIT;
	int lines = 0;

	for (size_t c = 0; c < v->mx.ncols; c++) {
		char letter[8], item[512];

		snprintf(item, sizeof(item), "%s %s%s", abbrev_letter(c, letter), cmp_matrix_name(&v->mx, c),
			 c ? "" : " (baseline)");
		if (line.len && draw_width(line.s) + 3 + draw_width(item) > cols) {
			if (y >= 0 && lines < max_lines)
				draw_text(y + lines, 1, cols, line.s, ROLE_DIM);
			lines++;
			buf_reset(&line);
		}
		if (line.len)
			buf_adds(&line, " \xc2\xb7 ");
		buf_adds(&line, item);
	}
	if (line.len) {
		if (y >= 0 && lines < max_lines)
			draw_text(y + lines, 1, cols, line.s, ROLE_DIM);
		lines++;
	}
	buf_release(&line);
	return lines < max_lines ? lines : max_lines;
}

static struct mlayout layout(struct views *v, struct matrix_state *ms, int height)
{
	struct mlayout L;
	size_t n = v->mx.ncols;
	int avail, cap = COLS * 2 / 5;

	memset(&L, 0, sizeof(L));
	L.colw = xcalloc(n ? n : 1, sizeof(int));
	L.metric = v->metric_w < cap ? v->metric_w : cap;
	if (L.metric < 10)
		L.metric = 10;
	avail = COLS - 2 - L.metric;
	{
		int total[HEAD_LETTERS + 1];
		int m;

		/* the first headers that fit; when none do, the columns scroll: names that make
		   no column wider than letters would are still better than letters */
		for (m = HEAD_FULL; m <= HEAD_LETTERS; m++) {
			total[m] = 0;
			for (size_t c = 0; c < n; c++)
				total[m] += col_width(v, c, (enum head_mode)m) + GAP;
		}
		for (m = HEAD_FULL; m < HEAD_LETTERS; m++)
			if ((m != HEAD_TRIM || v->trimmed) && total[m] <= avail)
				break;
		if (m == HEAD_LETTERS)
			for (m = HEAD_FULL; m < HEAD_LETTERS; m++)
				if ((m != HEAD_TRIM || v->trimmed) && total[m] == total[HEAD_LETTERS])
					break;
		L.mode = (enum head_mode)m;
		for (size_t c = 0; c < n; c++)
			L.colw[c] = col_width(v, c, L.mode);
	}
	/* what does not fit scrolls: the baseline stays, candidates from `left` on */
	if (ms->left < 1)
		ms->left = 1;
	if (ms->col >= 1 && ms->col < ms->left)
		ms->left = ms->col;
	for (;;) {
		int used = L.colw[0] + GAP;
		size_t c = ms->left;

		while (c < n && used + L.colw[c] + GAP <= avail) {
			used += L.colw[c] + GAP;
			c++;
		}
		if (c == ms->left && c < n)
			c++; /* one column at least, cut at the edge */
		L.first = ms->left;
		L.last = c;
		if (ms->col < L.last || ms->left + 1 >= n)
			break;
		ms->left++;
	}
	/* scrolled to the right with room to spare: show more on the left */
	while (L.first > 1) {
		int used = L.colw[0] + GAP;

		for (size_t c = L.first - 1; c < L.last; c++)
			used += L.colw[c] + GAP;
		if (used > avail)
			break;
		L.first--;
		ms->left = L.first;
	}
	L.foot = height >= 12 ? 2 + (height >= 16 && cmp_matrix_one_run(&v->mx)) : 0;
	/* every letter is named in full, however many lines that takes (up to half the screen) */
	L.legend = L.mode == HEAD_LETTERS ? letters_legend(v, -1, COLS - 2, height / 2) : 0;
	L.table = height - 2 - L.legend - L.foot;
	L.col = ms->col;
	return L;
}

/*
 * Draw the parts of a cell right-aligned in its column at x. A column the
 * window's edge cuts shows only the parts that fit whole: its figure, its
 * spread, and the change with its mark together or neither (a "-…" would
 * be half a number, a mark without its change a verdict without reason).
 */
static void draw_cell(const struct views *v, const struct mcell *m, size_t c, int y, int x, int w,
		      int selected)
{
	enum color_role plain = selected ? ROLE_SELECTED : ROLE_NORMAL;
	enum color_role role = selected ? ROLE_SELECTED : m->role;
	int cx = x + w - natural(v, c), edge = COLS - 1; /* the last column is the › mark's */

	if (cx + v->w_val[c] > edge)
		return;
	draw_right(y, cx, v->w_val[c], m->val, plain);
	cx += v->w_val[c];
	if (v->w_spr[c]) {
		if (cx + 1 + v->w_spr[c] > edge)
			return;
		draw_text(y, cx + 1, v->w_spr[c], m->spr, plain);
		cx += 1 + v->w_spr[c];
	}
	if (!c)
		return;
	if (cx + (v->w_delta[c] ? 1 + v->w_delta[c] : 0) + (v->w_mark[c] ? 1 + v->w_mark[c] : 0) > edge)
		return;
	if (v->w_delta[c]) {
		draw_right(y, cx + 1, v->w_delta[c], m->delta, role);
		cx += 1 + v->w_delta[c];
	}
	if (v->w_mark[c])
		draw_text(y, cx + 1, v->w_mark[c], m->mark, role);
}

/* Draw the columns of line l at row y (the header when l is SIZE_MAX). */
static void draw_columns(const struct views *v, const struct mlayout *L, size_t l, int y, int selected)
{
	int x = 1 + L->metric + GAP;

	for (size_t c = 0; c < v->mx.ncols; c++) {
		if (c && (c < L->first || c >= L->last))
			continue;
		if (x >= COLS - 1)
			break;
		if (l == SIZE_MAX) {
			char letter[8];

			draw_right(y, x, L->colw[c] < COLS - 1 - x ? L->colw[c] : COLS - 1 - x,
				   head(v, c, L->mode, letter), c == L->col ? ROLE_SELECTED : ROLE_HEADER);
		} else {
			draw_cell(v, views_cell(v, l, c), c, y, x, L->colw[c], selected);
		}
		x += L->colw[c] + GAP;
		if (!c && L->first > 1 && l == SIZE_MAX)
			draw_text(y, x - GAP + 1, 1, "\xe2\x80\xb9", ROLE_HIGHLIGHT); /* more on the left */
	}
	if (l == SIZE_MAX && L->last < v->mx.ncols)
		draw_text(y, COLS - 1, 1, "\xe2\x80\xba", ROLE_HIGHLIGHT); /* more on the right */
}

static void draw_line(const struct views *v, const struct mlayout *L, size_t l, int y, int selected)
{
	const struct mline *ml = &v->lines[l];

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	if (ml->kind == ML_HEADING) {
		draw_text(y, 1, COLS - 2, ml->text, selected ? ROLE_SELECTED : ROLE_HEADER);
		return;
	}
	draw_text_mid(y, 3, L->metric - 2, ml->text, selected ? ROLE_SELECTED : ROLE_NORMAL);
	draw_columns(v, L, l, y, selected);
}

/* What the selected cell rests on: the variant, the test, the counts. */
static void draw_detail(struct tui *t, const struct views *v, int y)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct matrix_state *ms = matrix_state(t, v);
	const struct mline *ml = ms->rows.cursor < v->nlines ? &v->lines[ms->rows.cursor] : NULL;
	struct buf b = BUF_INIT;
	char n[32], p[32];

	if (ml && ml->kind == ML_ROW && ms->col >= 1) {
		const struct cmp_row *r = v->mx.rows[ml->index].cell[ms->col - 1];

		buf_addf(&b, "%s \xc2\xb7 %s: ", cmp_matrix_name(&v->mx, ms->col), ml->text);
		if (!r || !r->cand.present) {
			buf_adds(&b, "no figure");
		} else if (!views_compared(&v->mx.rows[ml->index], v->mx.ncols - 1)) {
			buf_adds(&b, v->mx.rows[ml->index].family == MF_COUNT && v->mx.rows[ml->index].dir == DIR_NONE
					     ? "how much was measured: not compared"
									 : "zero in every variant: not compared");
		} else {
			if (r->flags & CMP_F_ONE_RUN) {
				/* first, beside the tool's own verdict: both rest on one invocation a side */
				const struct cmp_mrow *mr = &v->mx.rows[ml->index];
				struct buf tool = BUF_INIT;

				buf_adds(&b, "\xc2\xb9 one run a side");
				if (views_tool_summary(snap.m, &snap.m->exps[t->view_exp], v->mx.keys[0], v->mx.keys[ms->col], mr->scenario, mr->subject,
						       mr->quantity, &tool))
					buf_addf(&b, " \xc2\xb7 the tool: %s", tool.s);
				buf_release(&tool);
				buf_adds(&b, " \xc2\xb7 ");
			}
			buf_adds(&b, cmp_text_method(r->method));
			if (*cmp_text_p(r, p, sizeof(p)))
				buf_addf(&b, " \xc2\xb7 p %s", p);
			if (*cmp_text_n(r, n, sizeof(n)))
				buf_addf(&b, " \xc2\xb7 n %s", n);
			if (*cmp_text_verdict(r))
				buf_addf(&b, " \xc2\xb7 %s", cmp_text_verdict(r));
			if (r->flags & ~(unsigned)(CMP_F_FEW | CMP_F_ONE_RUN)) {
				buf_adds(&b, " \xc2\xb7 ");
				cmp_text_flags(r->flags & ~(unsigned)(CMP_F_FEW | CMP_F_ONE_RUN), ", ", &b);
			}
		}
	} else if (ml && ml->kind == ML_GEO && ms->col >= 1) {
		const struct cmp_geomean *g = v->mx.geo[ml->index].geo[ms->col - 1];

		if (g)
			buf_addf(&b, "%s \xc2\xb7 geometric mean of %s over the %zu rows every variant has; never tested",
				 cmp_matrix_name(&v->mx, ms->col), g->quantity, g->nrows);
	} else if (ml && ml->kind == ML_ROW) {
		buf_addf(&b, "%s (baseline) \xc2\xb7 %s", cmp_matrix_name(&v->mx, 0), ml->text);
	}
	draw_fields(y, 1, COLS - 2, buf_str(&b), ROLE_DIM);
	buf_release(&b);
}

/* Put the cursor on the row t->keep_row names (another view's), then forget it. */
static void keep_row(struct tui *t, struct views *v)
{
	struct matrix_state *ms = matrix_state(t, v);
	struct buf key = BUF_INIT;

	if (!t->keep_row[0])
		return;
	for (size_t l = 0; l < v->nlines; l++) {
		const struct cmp_mrow *r;

		if (v->lines[l].kind != ML_ROW)
			continue;
		r = &v->mx.rows[v->lines[l].index];
		buf_reset(&key);
		buf_addf(&key, "%s\x1f%s\x1f%s", r->scenario, r->subject, r->quantity);
		if (!strcmp(key.s, t->keep_row)) {
			ms->rows.cursor = l;
			break;
		}
	}
	for (size_t c = 1; c < v->mx.ncols; c++)
		if (*t->cand && !strcmp(v->mx.keys[c], t->cand))
			ms->col = c;
	t->keep_row[0] = '\0';
	buf_release(&key);
}

static int is_row(const void *lines, size_t i);

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct matrix_state *ms;
	struct views *v;
	struct mlayout L;
	char info[512];
	int y;

	if (t->view_exp >= snap.m->nexps) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	v = views_get(t);
	ms = matrix_state(t, v);
	keep_row(t, v);
	L = layout(v, ms, height);
	{
		char order[256];
		/* a baseline chosen in the view says so: the store's is another */
		const char *mine = strcmp(t->base, snap.m->exps[t->view_exp].baseline) ? " (this view; B saves)" : "";

		/* the hints give way to the rows' order and filter (o ~) when one is set */
		if (*matrix_order_text(&t->order, t->cand, &v->mx, order, sizeof(order)))
			snprintf(info, sizeof(info), "%zu variant%s \xc2\xb7 baseline %s%s \xc2\xb7 %s", v->mx.ncols,
				 v->mx.ncols == 1 ? "" : "s", cmp_matrix_name(&v->mx, 0), mine, order);
		else
			snprintf(info, sizeof(info), "%zu variant%s \xc2\xb7 baseline %s%s \xc2\xb7 \xe2\x86\x90/\xe2\x86\x92 column \xc2\xb7 b baseline \xc2\xb7 3 pair view",
				 v->mx.ncols, v->mx.ncols == 1 ? "" : "s", cmp_matrix_name(&v->mx, 0), mine);
	}
	draw_text(top, 1, COLS - 2, info, ROLE_DIM);
	y = top + 1;
	if (L.legend)
		y += letters_legend(v, y, COLS - 2, L.legend);
	draw_text(y, 1, L.metric, "METRIC", ROLE_HEADER);
	draw_columns(v, &L, SIZE_MAX, y, 0);
	y++;
	list_clamp(&ms->rows, L.table);
	tui_position_list(t, "row", &ms->rows, is_row, v->lines);
	t->list_y = y;
	if (!v->nlines && t->order.hide_same && v->mx.nrows)
		draw_text(y + 1, 2, COLS - 4, "No row has a tested change: ~ shows them all.", ROLE_DIM);
	else if (!v->nlines)
		draw_text(y + 1, 2, COLS - 4, "No measurements in this experiment.", ROLE_DIM);
	for (int i = 0; i < L.table && ms->rows.top + (size_t)i < v->nlines; i++) {
		size_t l = ms->rows.top + (size_t)i;

		draw_line(v, &L, l, y + i, l == ms->rows.cursor);
	}
	if (L.foot) {
		char legend[256];

		/* the marks, then what ≈ says, then α and the threshold, as far as the line has the room */
		snprintf(legend, sizeof(legend), "%s \xc2\xb7 %s (\xce\xb1 %g, threshold %g%%)", CMP_MARKS_LEGEND,
			 CMP_APPROX_LEGEND, v->mx.t[0].opts.alpha, v->mx.t[0].opts.threshold);
		if (draw_width(legend) > COLS - 2)
			snprintf(legend, sizeof(legend), "%s \xc2\xb7 %s", CMP_MARKS_LEGEND, CMP_APPROX_LEGEND);
		if (draw_width(legend) > COLS - 2)
			snprintf(legend, sizeof(legend), "%s", CMP_MARKS_LEGEND);
		draw_text(top + height - L.foot, 1, COLS - 2, legend, ROLE_DIM);
		if (L.foot > 2) /* its own line: a test over one invocation a side says less */
			draw_text(top + height - 2, 1, COLS - 2, CMP_ONE_RUN_LEGEND, ROLE_DIM);
		draw_detail(t, v, top + height - 1);
	}
	free(L.colw);
}

/* Enter on a row: the runs behind the baseline's figure and the selected column's. */
static int open_runs(struct tui *t, const struct views *v)
{
	const struct matrix_state *ms = matrix_state(t, v);
	const struct mline *ml = ms->rows.cursor < v->nlines ? &v->lines[ms->rows.cursor] : NULL;
	const struct cmp_mrow *r;
	const struct cmp_row *cr;
	const char *keys[2], *scen[2];

	if (!ml || ml->kind != ML_ROW) {
		tui_message(t, "Enter on a metric's row shows the runs behind it");
		return ACT_DONE;
	}
	r = &v->mx.rows[ml->index];
	cr = ms->col >= 1 ? r->cell[ms->col - 1] : NULL;
	keys[0] = v->mx.keys[0];
	scen[0] = r->base->present ? r->base->scenario : r->scenario;
	keys[1] = ms->col >= 1 ? v->mx.keys[ms->col] : "";
	scen[1] = cr && cr->cand.present ? cr->cand.scenario : r->scenario;
	return screen_ask_runs(t, t->view_exp, keys, scen, ms->col >= 1 ? 2 : 1, r->subject, r->quantity);
}

/* For list_act_rows: a metric's row or a geomean, not a scenario's heading. */
static int is_row(const void *lines, size_t i)
{
	return ((const struct mline *)lines)[i].kind != ML_HEADING;
}

static int act(struct tui *t, enum action a, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct matrix_state *ms;
	struct views *v;
	struct mlayout L;
	int table;

	if (t->view_exp >= snap.m->nexps)
		return ACT_IGNORED;
	v = views_get(t);
	ms = matrix_state(t, v);
	L = layout(v, ms, height);
	table = L.table;
	free(L.colw);
	if (list_act_rows(&ms->rows, a, table, is_row, v->lines))
		return ACT_DONE;
	switch (a) {
	case ACT_ENTER:
		return open_runs(t, v);
	case ACT_NEXT:
		if (ms->col + 1 < v->mx.ncols)
			ms->col++;
		return ACT_DONE;
	case ACT_PREV:
		if (ms->col)
			ms->col--;
		return ACT_DONE;
	case ACT_BASELINE:
		if (!ms->col) {
			tui_message(t, "select a variant's column with \xe2\x86\x90/\xe2\x86\x92 first");
			return ACT_DONE;
		}
		tui_view_baseline(t, v->mx.keys[ms->col]); /* the old baseline takes the column's place */
		return ACT_DONE;
	case ACT_HISTORY:
		return matrix_history(t);
	case ACT_SCREEN_COMPARE:
		/* the pair view opens on the selected column and row */
		if (ms->col >= 1) {
			t->cand = v->mx.keys[ms->col];
			tui_changed(t);
		}
		matrix_remember_row(t);
		return ACT_IGNORED;
	default:
		return ACT_IGNORED;
	}
}

/* For find (/ n N) and the mouse: the lines, by their metric or heading. */
static struct list *lines(struct tui *t)
{
	struct views *v = views_get(t);

	return &matrix_state(t, v)->rows; /* its count the lines' */
}

static void line_text(struct tui *t, size_t i, struct buf *out)
{
	struct views *v = views_get(t);

	if (i < v->nlines && v->lines[i].text)
		buf_adds(out, v->lines[i].text);
}

const struct screen screen_matrix = {
	.name = "Matrix",
	.opener = ACT_SCREEN_MATRIX,
	.per_exp = 1,
	.draw = draw,
	.act = act,
	.lines = lines,
	.line_text = line_text,
	.markdown = matrix_markdown,
	.swapped = views_swapped,
};
