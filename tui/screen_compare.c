/*
 * screen_compare.c - Compare: the compare engine's rows (one per quantity,
 * grouped by scenario) with each side's figure, the change, its interval,
 * p-value and verdict (`~` when not significant, `?` when untested), the
 * geometric means, and the selected row's method and flags at the bottom.
 * ←/→ flip the candidate, b makes it the baseline (recorded), s swaps.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/units.h"
#include "store/compare_text.h"
#include "tui/compare_view.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/order.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "util/abbrev.h"
#include "util/buf.h"
#include "util/diag.h"

/* Column widths for the terminal's width now; never cached. 0: the column is not shown. */
struct layout {
	int metric, value, delta, ci, p, verdict, indent;
	int detail; /* a line about the selected row at the bottom */
};

static struct layout layout(int height)
{
	struct layout l = { 0, 11, 8, 7, 7, 7, 2, height >= 16 };

	if (COLS < 80)
		l.ci = 0;
	if (COLS < 68) {
		/* no room for the p-value: the verdict goes with it (the bottom line still says both) */
		l.p = 0;
		l.verdict = 0;
	}
	if (COLS < 60) {
		l.value = 8;
		l.delta = 7;
		l.indent = 1;
	}
	l.metric = COLS - 2 - (l.value + 1) * 2 - (l.delta + 1) - (l.ci ? l.ci + 1 : 0) -
		   (l.p ? l.p + 1 : 0) - (l.verdict ? l.verdict + 2 : 0);
	if (l.metric > 40)
		l.metric = 40; /* wide terminals: keep the figures near their names */
	return l;
}

static const struct experiment *current(const struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);

	return t->view_exp < snap.m->nexps ? &snap.m->exps[t->view_exp] : NULL;
}

/* The row under the cursor, for the view that opens next (and for a flip). */
static void remember_row(struct tui *t)
{
	struct compare_view *cv = compare_built(t);
	const struct cmp_line *l = cv->list.cursor < cv->nlines ? &cv->lines[cv->list.cursor] : NULL;

	if (l && l->kind == LINE_ROW) {
		const struct cmp_row *r = &cv->cmp.rows[l->index];

		snprintf(t->keep_row, sizeof(t->keep_row), "%s\x1f%s\x1f%s", r->scenario, r->subject,
			 r->quantity);
	}
}

/* Put the cursor on the row t->keep_row names, then forget it. */
static void keep_row(struct tui *t)
{
	struct compare_view *cv = compare_built(t);
	struct buf key = BUF_INIT;

	if (!t->keep_row[0])
		return;
	for (size_t i = 0; i < cv->nlines; i++) {
		const struct cmp_row *r;

		if (cv->lines[i].kind != LINE_ROW)
			continue;
		r = &cv->cmp.rows[cv->lines[i].index];
		buf_reset(&key);
		buf_addf(&key, "%s\x1f%s\x1f%s", r->scenario, r->subject, r->quantity);
		if (!strcmp(key.s, t->keep_row)) {
			cv->list.cursor = i;
			break;
		}
	}
	t->keep_row[0] = '\0';
	buf_release(&key);
}

static const char *variant_text(const struct experiment *e, const char *key)
{
	const struct variant_info *v = model_variant(e, key);

	return v ? v->text : key;
}

static size_t variant_index(const struct experiment *e, const char *key)
{
	for (size_t v = 0; v < e->nvariants; v++)
		if (!strcmp(e->variants[v].key, key))
			return v;
	return 0;
}

static void draw_header(struct tui *t, const struct experiment *e, int y)
{
	char buf[256];
	int x;

	draw_text(y, 1, 11, "baseline:", ROLE_DIM);
	x = 12 + draw_text_mid(y, 12, COLS - 13, variant_text(e, t->base), ROLE_HIGHLIGHT);
	if (strcmp(t->base, e->baseline)) {
		/* chosen in the view: the experiment's baseline is another until B saves this one */
		snprintf(buf, sizeof(buf), "  (this view; the experiment's is %s: B saves)", variant_text(e, e->baseline));
		draw_text(y, x, COLS - x - 1, buf, ROLE_DIM);
	}
	draw_text(y + 1, 1, 11, "candidate:", ROLE_DIM);
	if (!*t->cand) {
		draw_text(y + 1, 12, COLS - 13, "(none: this experiment has one variant)", ROLE_DIM);
		return;
	}
	x = 12 + draw_text_mid(y + 1, 12, COLS - 13, variant_text(e, t->cand), ROLE_HIGHLIGHT);
	{
		/* which candidate of how many: the baseline is none of them */
		size_t at = variant_index(e, t->cand), b = variant_index(e, t->base);

		snprintf(buf, sizeof(buf), "  (%zu of %zu)  \xe2\x86\x90/\xe2\x86\x92 flip  b baseline  s swap",
			 at + 1 - (b < at), e->nvariants - 1);
	}
	draw_text(y + 1, x, COLS - x - 1, buf, ROLE_DIM);
}

/* A verdict's colour: bold when a test backs it, dimmed when untested; plain without its column. */
static enum color_role verdict_role(const struct layout *L, enum cmp_verdict v, int tested)
{
	return L->verdict ? views_role(v, tested) : ROLE_NORMAL;
}

/* Columns right of the figures: delta, interval, p, verdict; returns the verdict's x. */
static int draw_change(int y, int x, const struct layout *L, const char *delta, const char *ci,
		       const char *p, enum color_role role)
{
	draw_right(y, x, L->delta, delta, role);
	x += L->delta + 1;
	if (L->ci) {
		draw_right(y, x, L->ci, ci, role == ROLE_SELECTED ? role : ROLE_NORMAL);
		x += L->ci + 1;
	}
	if (L->p) {
		draw_right(y, x, L->p, p, role == ROLE_SELECTED ? role : ROLE_NORMAL);
		x += L->p + 1;
	}
	return x + 1;
}

/* A significant change tested within one run a side: its verdict reads "better¹". */
static int one_run(const struct cmp_row *r)
{
	return r->significant && (r->flags & CMP_F_ONE_RUN);
}

static void draw_row(struct tui *t, const struct cmp_row *r, int y, const struct layout *L,
		     int selected)
{
	char v[64], d[32], ci[32], p[32];
	enum color_role role = selected ? ROLE_SELECTED : ROLE_NORMAL;
	int x = 1;

	draw_text_mid(y, x + L->indent, L->metric - L->indent, r->metric, role);
	x += L->metric + 1;
	draw_right(y, x, L->value, cmp_text_value(r->quantity, &r->base, r->unit, v, sizeof(v)), role);
	x += L->value + 1;
	if (!*t->cand)
		return;
	draw_right(y, x, L->value, cmp_text_value(r->quantity, &r->cand, r->unit, v, sizeof(v)), role);
	x += L->value + 1;
	if (!views_row_compared(r))
		return; /* a count (hyperfine's runs) or zero everywhere: its figures stand alone, as on the Matrix */
	if (!selected)
		role = verdict_role(L, r->verdict, views_tested(r));
	x = draw_change(y, x, L, cmp_text_delta(r, d, sizeof(d)), cmp_text_ci(r, ci, sizeof(ci)),
			cmp_text_p(r, p, sizeof(p)), role);
	if (L->verdict) {
		char verdict[32];

		/* "better¹": tested within one run a side, as the Matrix marks it */
		snprintf(verdict, sizeof(verdict), "%s%s", cmp_text_verdict(r), one_run(r) ? "\xc2\xb9" : "");
		draw_text(y, x, COLS - x - 1, verdict, role);
	}
}

static void draw_geo(const struct cmp_geomean *g, int y, const struct layout *L, int selected)
{
	char v[64], d[32];
	enum color_role role = selected ? ROLE_SELECTED : ROLE_NORMAL;
	int x = 1;

	draw_text_mid(y, x + L->indent, L->metric - L->indent, g->quantity, role);
	x += L->metric + 1;
	draw_right(y, x, L->value, unit_format_res(g->base, g->unit, g->base_res, v, sizeof(v)), role);
	x += L->value + 1;
	draw_right(y, x, L->value, unit_format_res(g->cand, g->unit, g->cand_res, v, sizeof(v)), role);
	x += L->value + 1;
	if (!selected)
		role = verdict_role(L, g->verdict, 0);
	x = draw_change(y, x, L, cmp_text_pct_res(g->delta_pct, g->delta_res, d, sizeof(d)), "", "", role);
	if (L->verdict)
		draw_text(y, x, COLS - x - 1, cmp_text_gain(g, v, sizeof(v)), role);
}

static void draw_line(struct tui *t, const struct cmp_line *l, int y, const struct layout *L,
		      int selected)
{
	struct compare_view *cv = compare_built(t);
	const struct cmp_table *c = &cv->cmp;

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	switch (l->kind) {
	case LINE_HEADING:
		draw_text(y, 1, COLS - 2, l->text, selected ? ROLE_SELECTED : ROLE_HEADER);
		break;
	case LINE_ROW:
		draw_row(t, &c->rows[l->index], y, L, selected);
		break;
	case LINE_GEO:
		draw_geo(&c->geo[l->index], y, L, selected);
		break;
	case LINE_COUNTS: {
		struct buf b = BUF_INIT;

		cmp_text_counts(c, " \xc2\xb7 ", &b);
		draw_text(y, 1, COLS - 2, buf_str(&b), selected ? ROLE_SELECTED : ROLE_DIM);
		buf_release(&b);
		break;
	}
	}
}

/* What the selected line rests on: the test, the counts, the flags. */
static void draw_detail(struct tui *t, int y)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct compare_view *cv = compare_built(t);
	const struct cmp_line *l = cv->list.cursor < cv->nlines ? &cv->lines[cv->list.cursor] : NULL;
	struct buf b = BUF_INIT;
	char n[32], s1[32], s2[32], p[32];

	if (l && l->kind == LINE_ROW && *t->cand) {
		const struct cmp_row *r = &cv->cmp.rows[l->index];

		buf_addf(&b, "%s: ", r->metric);
		buf_adds(&b, cmp_text_method(r->method));
		if (*cmp_text_p(r, p, sizeof(p)) && !layout(LINES - 2).p)
			buf_addf(&b, " \xc2\xb7 p %s", p);
		if (*cmp_text_verdict(r) && !layout(LINES - 2).verdict)
			buf_addf(&b, " \xc2\xb7 %s%s", cmp_text_verdict(r), one_run(r) ? "\xc2\xb9" : "");
		if (*cmp_text_n(r, n, sizeof(n)))
			buf_addf(&b, " \xc2\xb7 n %s", n);
		if (r->need)
			buf_addf(&b, " \xc2\xb7 a test needs \xe2\x89\xa5%u a side", r->need);
		cmp_text_spread(&r->base, s1, sizeof(s1));
		cmp_text_spread(&r->cand, s2, sizeof(s2));
		if (*s1 || *s2)
			buf_addf(&b, " \xc2\xb7 sd %s/%s", *s1 ? s1 : "?", *s2 ? s2 : "?");
		if (r->flags & CMP_F_SCENARIOS)
			buf_addf(&b, " \xc2\xb7 %s vs %s", r->base.scenario, r->cand.scenario);
		if (r->flags & ~(unsigned)(CMP_F_FEW | CMP_F_ONE_RUN)) {
			buf_adds(&b, " \xc2\xb7 ");
			cmp_text_flags(r->flags & ~(unsigned)(CMP_F_FEW | CMP_F_ONE_RUN), ", ", &b);
		}
		if (one_run(r)) {
			/* the line above: what ¹ means, beside the tool's own ratio (both rest on one invocation a side) */
			struct buf w = BUF_INIT, tool = BUF_INIT;

			buf_adds(&w, "\xc2\xb9 tested within one run a side");
			if (views_tool_summary(snap.m, current(t), t->base, t->cand, r->scenario, r->subject, r->quantity, &tool))
				buf_addf(&w, " \xc2\xb7 the tool: %s", tool.s);
			buf_release(&tool);
			draw_fields(y - 1, 1, COLS - 2, buf_str(&w), ROLE_DIM);
			buf_release(&w);
		}
	} else if (l && l->kind == LINE_GEO) {
		const struct cmp_geomean *g = &cv->cmp.geo[l->index];

		buf_addf(&b, "geometric mean of %s over the %zu rows both variants have", g->quantity,
			 g->nrows);
	} else if (*t->cand) {
		buf_addf(&b, "~ no change beyond the noise (\xce\xb1 = %g, threshold %g%%) \xc2\xb7 ? untested",
			 cv->cmp.opts.alpha, cv->cmp.opts.threshold);
	}
	draw_fields(y, 1, COLS - 2, buf_str(&b), ROLE_DIM);
	buf_release(&b);
}

static int table_height(int height)
{
	return height - 3 - (layout(height).detail ? 2 : 0);
}

/*
 * The columns' headers in `width` columns each: the variants' names, else
 * the names without what they share, else BASE and CAND (the lines above
 * name both in full): never two cut names that read alike.
 */
static void column_names(const struct experiment *e, const struct tui *t, int width, char heads[2][128])
{
	const char *names[2] = { variant_text(e, t->base), *t->cand ? variant_text(e, t->cand) : "" };
	char *trim[2];
	int n = *t->cand ? 2 : 1, ok;

	snprintf(heads[0], 128, "%s", names[0]);
	snprintf(heads[1], 128, "%s", names[1]);
	if (draw_width(names[0]) <= width && draw_width(names[1]) <= width)
		return;
	ok = n == 2 && abbrev_trim(names, 2, trim);
	if (n == 2) {
		if (ok && draw_width(trim[0]) <= width && draw_width(trim[1]) <= width) {
			snprintf(heads[0], 128, "%s", trim[0]);
			snprintf(heads[1], 128, "%s", trim[1]);
		} else {
			snprintf(heads[0], 128, "BASE");
			snprintf(heads[1], 128, "CAND");
		}
		free(trim[0]);
		free(trim[1]);
	} else if (draw_width(names[0]) > width) {
		snprintf(heads[0], 128, "BASE");
	}
}

/* Wide terminals: the figures' columns grow to the variants' names when the line has the room. */
static void widen(const struct experiment *e, const struct tui *t, const struct compare_view *cv,
		  struct layout *L)
{
	int want = draw_width(variant_text(e, t->base)), used, room, metric = 10;

	/* the metric column needs no more than its longest name */
	for (size_t i = 0; i < cv->cmp.nrows; i++)
		if (draw_width(cv->cmp.rows[i].metric) + L->indent > metric)
			metric = draw_width(cv->cmp.rows[i].metric) + L->indent;
	for (size_t i = 0; i < cv->cmp.ngeo; i++)
		if (draw_width(cv->cmp.geo[i].quantity) + L->indent > metric)
			metric = draw_width(cv->cmp.geo[i].quantity) + L->indent;
	if (*t->cand && draw_width(variant_text(e, t->cand)) > want)
		want = draw_width(variant_text(e, t->cand));
	if (want <= L->value)
		return;
	if (metric < L->metric)
		L->metric = metric;
	used = 2 + L->metric + (L->value + 1) * 2 + (L->delta + 1) + (L->ci ? L->ci + 1 : 0) +
	       (L->p ? L->p + 1 : 0) + (L->verdict ? L->verdict + 2 : 0) + 14; /* the flags' words */
	room = (COLS - used) / 2;
	if (room > 0)
		L->value += want - L->value < room ? want - L->value : room;
}

/*
 * The figures' columns are at least as wide as their widest figure (a
 * number cut to "20,172,458…" would read as another number), taking the
 * columns from the metric's while it keeps 8.
 */
static void fit_figures(const struct tui *t, const struct compare_view *cv, struct layout *L)
{
	int need = 0, more;
	char v[64];

	for (size_t i = 0; i < cv->cmp.nrows; i++) {
		const struct cmp_row *r = &cv->cmp.rows[i];
		int w = draw_width(cmp_text_value(r->quantity, &r->base, r->unit, v, sizeof(v)));

		if (w > need)
			need = w;
		if (*t->cand && (w = draw_width(cmp_text_value(r->quantity, &r->cand, r->unit, v, sizeof(v)))) > need)
			need = w;
	}
	more = need - L->value;
	if (more <= 0)
		return;
	if (L->metric - more * 2 < 8)
		more = (L->metric - 8) / 2;
	if (more > 0) {
		L->value += more;
		L->metric -= more * 2;
	}
}

static void draw(struct tui *t, int top, int height)
{
	struct compare_view *cv = compare_built(t);
	char heads[2][128];
	const struct experiment *e = current(t);
	struct layout L = layout(height);
	int rows = table_height(height), x;
	char ci[32];

	if (!e) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	keep_row(t);
	widen(e, t, cv, &L);
	fit_figures(t, cv, &L);
	draw_header(t, e, top);
	list_clamp(&cv->list, rows);
	tui_position_list(t, "row", &cv->list, compare_is_row, cv->lines);
	x = 1;
	draw_text(top + 2, x, L.metric, compare_order_header(&t->order, ci, sizeof(ci)), ROLE_HEADER);
	x += L.metric + 1;
	column_names(e, t, L.value, heads);
	draw_right(top + 2, x, L.value, heads[0], ROLE_HEADER);
	x += L.value + 1;
	if (*t->cand) {
		draw_right(top + 2, x, L.value, heads[1], ROLE_HEADER);
		x += L.value + 1;
		snprintf(ci, sizeof(ci), "%g%% CI", (1 - cv->cmp.opts.alpha) * 100);
		draw_change(top + 2, x, &L, "DELTA", ci, "P", ROLE_HEADER);
	}
	if (!cv->nlines)
		draw_text(top + 4, 2, COLS - 4, "No measurements for these variants.", ROLE_DIM);
	t->list_y = top + 3;
	for (int i = 0; i < rows && cv->list.top + (size_t)i < cv->nlines; i++) {
		size_t k = cv->list.top + (size_t)i;

		draw_line(t, &cv->lines[k], top + 3 + i, &L, k == cv->list.cursor);
	}
	if (L.detail)
		draw_detail(t, top + height - 1);
}

/* Enter on a row: the runs behind both of its figures. */
static int open_runs(struct tui *t)
{
	struct compare_view *cv = compare_built(t);
	const struct cmp_line *l = cv->list.cursor < cv->nlines ? &cv->lines[cv->list.cursor] : NULL;
	const struct cmp_row *r;
	const char *keys[2], *scen[2];

	if (!l || l->kind != LINE_ROW) {
		tui_message(t, "Enter on a metric's row shows the runs behind it");
		return ACT_DONE;
	}
	r = &cv->cmp.rows[l->index];
	keys[0] = t->base;
	keys[1] = t->cand;
	scen[0] = r->base.present ? r->base.scenario : r->scenario;
	scen[1] = r->cand.present ? r->cand.scenario : r->scenario;
	return screen_ask_runs(t, t->view_exp, keys, scen, *t->cand ? 2 : 1, r->subject, r->quantity);
}

/* H: the row's metric for the baseline and the candidate in every experiment. */
static int history(struct tui *t, const struct compare_view *cv)
{
	const struct cmp_line *l = cv->list.cursor < cv->nlines ? &cv->lines[cv->list.cursor] : NULL;
	const struct cmp_row *r;
	const char *keys[2] = { t->base, t->cand };

	if (!l || l->kind != LINE_ROW) {
		tui_message(t, "%s", HISTORY_WHERE);
		return ACT_DONE;
	}
	r = &cv->cmp.rows[l->index];
	return screen_ask_history(t, keys, *t->cand ? 2 : 1, r->scenario, r->subject, r->quantity);
}

/* ] [: the cursor to the next (dir 1) or previous significant row. */
static void jump(struct tui *t, struct compare_view *cv, int dir)
{
	struct list *l = &cv->list;

	for (size_t k = 1; k <= cv->nlines; k++) {
		size_t i;

		if (dir > 0 ? l->cursor + k >= cv->nlines : k > l->cursor)
			break;
		i = dir > 0 ? l->cursor + k : l->cursor - k;
		if (cv->lines[i].kind == LINE_ROW && cv->cmp.rows[cv->lines[i].index].significant) {
			l->cursor = i;
			return;
		}
	}
	tui_message(t, "no significant change %s", dir > 0 ? "below" : "above");
}

static int act(struct tui *t, enum action a, int height)
{
	struct compare_view *cv = compare_built(t);
	const struct experiment *e = current(t);
	size_t i, n;

	if (!e)
		return ACT_IGNORED;
	if (list_act_rows(&cv->list, a, table_height(height), compare_is_row, cv->lines))
		return ACT_DONE;
	n = e->nvariants;
	switch (a) {
	case ACT_ENTER:
		return open_runs(t);
	case ACT_NEXT:
	case ACT_PREV:
		if (!*t->cand || n < 3) {
			tui_message(t, n < 2 ? "only one variant" : "only two variants: s swaps them");
			return ACT_DONE;
		}
		i = variant_index(e, t->cand);
		do
			i = a == ACT_NEXT ? (i + 1) % n : (i + n - 1) % n;
		while (!strcmp(e->variants[i].key, t->base));
		remember_row(t); /* the cursor keeps its row */
		t->cand = e->variants[i].key; /* Compare builds again for it */
		return ACT_DONE;
	case ACT_SWAP: {
		const char *old = t->base;

		if (!*t->cand)
			return ACT_DONE;
		remember_row(t);
		t->base = t->cand;
		t->cand = old;
		return ACT_DONE;
	}
	case ACT_BASELINE:
		if (*t->cand)
			tui_view_baseline(t, t->cand);
		return ACT_DONE;
	case ACT_HISTORY:
		return history(t, cv);
	case ACT_NEXT_SIG:
	case ACT_PREV_SIG:
		jump(t, cv, a == ACT_NEXT_SIG ? 1 : -1);
		return ACT_DONE;
	case ACT_SCREEN_MATRIX:
		remember_row(t);
		return ACT_IGNORED;
	default:
		return ACT_IGNORED;
	}
}

const struct screen screen_compare = {
	.name = "Compare",
	.opener = ACT_SCREEN_COMPARE,
	.per_exp = 1,
	.draw = draw,
	.act = act,
	.lines = compare_lines,
	.line_text = compare_line_text,
	.markdown = compare_markdown,
	.release = compare_view_release,
	.swapped = compare_view_swapped,
};
