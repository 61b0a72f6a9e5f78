/*
 * views.c - the shared state of Matrix, CPU, Sizes and Scorecard; see views.h.
 */
#define NCURSES_WIDECHAR 1
#include "tui/views.h"

#include <curses.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "parsers/metrics.h"
#include "parsers/units.h"
#include "store/compare_text.h"
#include "store/trace.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/order.h"
#include "util/abbrev.h"
#include "util/buf.h"
#include "util/text.h"

enum color_role views_role(enum cmp_verdict v, int tested)
{
	switch (v) {
	case CMP_BETTER:
		return tested > 1 ? ROLE_BETTER_ONE : tested ? ROLE_BETTER : ROLE_BETTER_DIM;
	case CMP_WORSE:
		return tested > 1 ? ROLE_WORSE_ONE : tested ? ROLE_WORSE : ROLE_WORSE_DIM;
	default:
		return ROLE_NORMAL;
	}
}

int views_tested(const struct cmp_row *r)
{
	return !r->tested ? 0 : r->flags & CMP_F_ONE_RUN ? 2 : 1;
}

/*
 * A tool's Summary note "REF ran R times faster than CMD" on run `on`
 * relates its command to `other`'s when REF is the other's command.
 * Returns the text after "REF ran ", or NULL.
 */
static const char *ratio_between(const struct model *m, uint32_t on, uint32_t other)
{
	const char *ref = m->rs.runs[other].command;
	size_t n = strlen(ref);
	struct run_records rec;
	const char *said = NULL;

	if (!n || !*m->rs.runs[on].command)
		return NULL;
	trace_records(m, on, &rec);
	for (size_t j = 0; j < rec.nnotes && !said; j++) {
		const char *text = m->rs.notes[rec.notes[j]].text;

		if (m->rs.notes[rec.notes[j]].kind == NOTE_SUMMARY && !strncmp(text, ref, n) &&
		    !strncmp(text + n, " ran ", 5))
			said = text + n + 5;
	}
	trace_records_release(&rec);
	return said;
}

/* The ratio's words up to " than ", with "faster" and "slower" swapped when `flip`. */
static void ratio_words(const char *said, int flip, struct buf *out)
{
	const char *than = strstr(said, " than ");
	size_t n = than ? (size_t)(than - said) : strlen(said);
	const char *f = flip ? text_find(said, n, "faster") : NULL;
	const char *sl = flip ? text_find(said, n, "slower") : NULL;
	const char *w = f ? f : sl;

	if (!w) {
		buf_addf(out, "%.*s", (int)n, said);
		return;
	}
	buf_addf(out, "%.*s%s%.*s", (int)(w - said), said, f ? "slower" : "faster", (int)(n - (size_t)(w - said) - 6),
		 w + 6);
}

int views_tool_summary(const struct model *m, const struct experiment *e, const char *base, const char *cand,
		       const char *scenario, const char *subject, const char *quantity, struct buf *out)
{
	uint32_t *b, *c;
	size_t nb = trace_runs(m, e, base, scenario, subject, quantity, &b);
	size_t nc = trace_runs(m, e, cand, scenario, subject, quantity, &c);
	int found = 0;

	for (size_t i = 0; i < nb && !found; i++)
		for (size_t j = 0; j < nc && !found; j++) {
			const char *said;

			/* on the baseline's run: "CAND ran R times faster than BASE", as it stands */
			if ((said = ratio_between(m, b[i], c[j])))
				ratio_words(said, 0, out), found = 1;
			/* on the candidate's run: "BASE ran R times slower than CAND", turned round */
			else if ((said = ratio_between(m, c[j], b[i])))
				ratio_words(said, 1, out), found = 1;
		}
	free(b);
	free(c);
	return found;
}

void views_legend(int y, const char *extra)
{
	char legend[256];

	snprintf(legend, sizeof(legend), "%s \xc2\xb7 %s \xc2\xb7 %s", CMP_MARKS_LEGEND, CMP_APPROX_LEGEND, extra);
	if (draw_width(legend) > COLS - 2)
		snprintf(legend, sizeof(legend), "%s \xc2\xb7 %s", CMP_MARKS_LEGEND, extra);
	if (draw_width(legend) > COLS - 2)
		snprintf(legend, sizeof(legend), "%s \xc2\xb7 %s", CMP_MARKS_LEGEND, CMP_APPROX_LEGEND);
	if (draw_width(legend) > COLS - 2)
		snprintf(legend, sizeof(legend), "%s", CMP_MARKS_LEGEND);
	draw_text(y, 1, COLS - 2, legend, ROLE_DIM);
}

static void add_line(struct views *v, enum mline_kind kind, size_t index, const char *text)
{
	ALLOC_GROW(v->lines, v->nlines + 1, v->lines_cap);
	v->lines[v->nlines].kind = kind;
	v->lines[v->nlines].index = index;
	v->lines[v->nlines++].text = text;
}

static void free_built(struct views *v)
{
	if (v->trim)
		for (size_t c = 0; c < v->mx.ncols; c++)
			free(v->trim[c]);
	free(v->trim);
	cmp_matrix_release(&v->mx);
	free(v->cells);
	free(v->w_val);
	free(v->w_spr);
	free(v->w_delta);
	free(v->w_mark);
	free(v->cpu_lines);
	free(v->size_lines);
	v->cpu_lines = v->size_lines = NULL;
	v->ncpu = v->nsize = 0;
	v->cpu_made = v->size_made = 0;
	v->trim = NULL;
	v->cells = NULL;
	v->w_val = v->w_spr = v->w_delta = v->w_mark = NULL;
	v->nlines = 0;
	v->valid = 0;
}

int views_compared(const struct cmp_mrow *r, size_t ncells)
{
	int nonzero = r->base->present && r->base->center != 0;

	if (r->dir == DIR_NONE && r->family == MF_COUNT)
		return 0;
	for (size_t k = 0; k < ncells && !nonzero; k++)
		nonzero = r->cell[k] && r->cell[k]->cand.present && r->cell[k]->cand.center != 0;
	return nonzero;
}

int views_row_compared(const struct cmp_row *r)
{
	if (r->dir == DIR_NONE && metric_family(r->quantity) == MF_COUNT)
		return 0;
	return (r->base.present && r->base.center != 0) || (r->cand.present && r->cand.center != 0);
}

static void fill_row(struct views *v, size_t l, const struct cmp_mrow *r)
{
	struct mcell *c = &v->cells[l * v->mx.ncols];
	int cmp = views_compared(r, v->mx.ncols - 1);

	cmp_text_value(r->quantity, r->base, r->unit, c[0].val, sizeof(c[0].val));
	cmp_text_spread(r->base, c[0].spr, sizeof(c[0].spr));
	for (size_t k = 1; k < v->mx.ncols; k++) {
		const struct cmp_row *x = r->cell[k - 1];

		if (!x || !x->cand.present) {
			snprintf(c[k].val, sizeof(c[k].val), "-");
			continue;
		}
		cmp_text_value(r->quantity, &x->cand, r->unit, c[k].val, sizeof(c[k].val));
		cmp_text_spread(&x->cand, c[k].spr, sizeof(c[k].spr));
		if (!cmp) {
			c[k].mark = "";
			continue;
		}
		cmp_text_delta(x, c[k].delta, sizeof(c[k].delta));
		c[k].mark = cmp_text_mark(x);
		c[k].role = views_role(x->verdict, views_tested(x));
	}
}

static void fill_geo(struct views *v, size_t l, const struct cmp_mgeo *g)
{
	struct mcell *c = &v->cells[l * v->mx.ncols];

	for (size_t k = 1; k < v->mx.ncols; k++) {
		const struct cmp_geomean *x = g->geo[k - 1];

		if (!x)
			continue;
		if (!c[0].val[0])
			unit_format_res(x->base, x->unit, x->base_res, c[0].val, sizeof(c[0].val));
		unit_format_res(x->cand, x->unit, x->cand_res, c[k].val, sizeof(c[k].val));
		cmp_text_pct_res(x->delta_pct, x->delta_res, c[k].delta, sizeof(c[k].delta));
		/* a summary is never tested: beyond the threshold it is marked untested */
		c[k].mark = x->verdict == CMP_BETTER ? "\xe2\x9c\x93?" : x->verdict == CMP_WORSE ? "\xe2\x9c\x97?" : "~";
		c[k].role = views_role(x->verdict, 0);
	}
}

static void widths(struct views *v)
{
	size_t n = v->mx.ncols;

	v->w_val = xcalloc(n, sizeof(int));
	v->w_spr = xcalloc(n, sizeof(int));
	v->w_delta = xcalloc(n, sizeof(int));
	v->w_mark = xcalloc(n, sizeof(int));
	v->metric_w = 6;
	for (size_t l = 0; l < v->nlines; l++) {
		int w;

		if (v->lines[l].kind == ML_HEADING)
			continue;
		w = 2 + draw_width(v->lines[l].text);
		if (w > v->metric_w)
			v->metric_w = w;
		for (size_t k = 0; k < n; k++) {
			const struct mcell *c = views_cell(v, l, k);
#define WIDEN(field, s) if ((w = draw_width(s)) > v->field[k]) v->field[k] = w
			WIDEN(w_val, c->val);
			WIDEN(w_spr, c->spr);
			WIDEN(w_delta, c->delta);
			WIDEN(w_mark, c->mark ? c->mark : "");
#undef WIDEN
		}
	}
}

static void build(struct tui *t, struct views *v)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct experiment *e = &snap.m->exps[t->view_exp];
	const char *scenario = NULL;
	const char **names;
	size_t *order, nshown;
	int several = 0;

	free_built(v);
	tui_snapshot_hold(t, &v->held);
	cmp_matrix_build(snap.m, e, t->base, NULL, &v->mx);
	for (size_t i = 1; i < v->mx.nrows; i++)
		if (strcmp(v->mx.rows[i].scenario, v->mx.rows[0].scenario))
			several = 1;
	order = matrix_row_order(&t->order, t->cand, &v->mx, &nshown); /* o and ~ (tui/matrix_keys.c) */
	for (size_t j = 0; j < nshown; j++) {
		size_t i = order[j];
		const char *s = v->mx.rows[i].scenario;

		if ((several || *s) && (!scenario || strcmp(scenario, s))) {
			add_line(v, ML_HEADING, 0, *s ? s : "(no scenario)");
			scenario = s;
		}
		add_line(v, ML_ROW, i, v->mx.rows[i].metric);
	}
	free(order);
	if (v->mx.ngeo)
		add_line(v, ML_HEADING, 0, "geomean");
	for (size_t i = 0; i < v->mx.ngeo; i++)
		add_line(v, ML_GEO, i, v->mx.geo[i].quantity);
	v->cells = xcalloc((v->nlines ? v->nlines : 1) * v->mx.ncols, sizeof(*v->cells));
	for (size_t l = 0; l < v->nlines * v->mx.ncols; l++)
		v->cells[l].mark = "";
	for (size_t l = 0; l < v->nlines; l++) {
		if (v->lines[l].kind == ML_ROW)
			fill_row(v, l, &v->mx.rows[v->lines[l].index]);
		else if (v->lines[l].kind == ML_GEO)
			fill_geo(v, l, &v->mx.geo[v->lines[l].index]);
	}
	widths(v);
	names = xcalloc(v->mx.ncols, sizeof(*names));
	for (size_t c = 0; c < v->mx.ncols; c++)
		names[c] = cmp_matrix_name(&v->mx, c);
	v->trim = xcalloc(v->mx.ncols, sizeof(*v->trim));
	v->trimmed = abbrev_trim(names, v->mx.ncols, v->trim);
	free(names);
	v->exp = t->view_exp;
	v->base = t->base;
	v->valid = 1;
}

struct views *views_get(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v = t->vw;

	if (!v) {
		v = t->vw = xcalloc(1, sizeof(*v));
		v->exp = SIZE_MAX;
	}
	if (t->view_exp >= snap.m->nexps)
		return v;
	if (v->exp != t->view_exp) {
		/* another experiment: every screen's cursor and columns start over */
		v->epoch++;
		v->valid = 0;
	}
	if (!v->valid || v->base != t->base)
		build(t, v);
	return v;
}

void views_invalidate(struct tui *t)
{
	if (t->vw)
		t->vw->valid = 0;
}

void views_forget(struct tui *t)
{
	if (t->vw) {
		t->vw->valid = 0;
		t->vw->exp = SIZE_MAX;
	}
}

void views_follow(struct tui *t, size_t e)
{
	if (t->vw && t->vw->exp != SIZE_MAX) {
		t->vw->exp = e;
		t->vw->valid = 0;
	}
}

void views_swapped(struct tui *t)
{
	if (!t->vw)
		return;
	free_built(t->vw);
	tui_snapshot_let_go(&t->vw->held);
}

void views_release(struct tui *t)
{
	if (!t->vw)
		return;
	free_built(t->vw);
	tui_snapshot_let_go(&t->vw->held);
	free(t->vw->lines);
	free(t->vw);
	t->vw = NULL;
}

const struct mcell *views_cell(const struct views *v, size_t l, size_t c)
{
	return &v->cells[l * v->mx.ncols + c];
}

const char *views_name(const struct views *v, size_t c)
{
	return v->trimmed ? v->trim[c] : cmp_matrix_name(&v->mx, c);
}

int views_label_width(const struct views *v, int max)
{
	int full = 8, trim = 8;

	for (size_t c = 0; c < v->mx.ncols; c++) {
		int f = draw_width(cmp_matrix_name(&v->mx, c)) + (c ? 0 : 11);
		int t = draw_width(views_name(v, c)) + (c ? 0 : 11);

		full = f > full ? f : full;
		trim = t > trim ? t : trim;
	}
	if (full <= max)
		return full;
	return trim < max ? trim : max;
}

char *views_row_label(const struct views *v, size_t c, int width, char *out, size_t size)
{
	int full = 1, fit = 1;
	char letter[8];

	/* the Matrix's headers' rule: the names, else without what they share, else letters */
	for (size_t k = 0; k < v->mx.ncols; k++) {
		if (draw_width(cmp_matrix_name(&v->mx, k)) + (k ? 0 : 11) > width)
			full = 0;
		if (draw_width(views_name(v, k)) + (k ? 0 : 11) > width)
			fit = 0;
	}
	if (full)
		snprintf(out, size, "%s%s", cmp_matrix_name(&v->mx, c), c ? "" : " (baseline)");
	else if (fit)
		snprintf(out, size, "%s%s", views_name(v, c), c ? "" : " (baseline)");
	else
		snprintf(out, size, "%s %s%s", abbrev_letter(c, letter), views_name(v, c), c ? "" : " (baseline)");
	return out;
}

int tui_view_baseline(struct tui *t, const char *key)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct experiment *e = t->view_exp < snap.m->nexps ? &snap.m->exps[t->view_exp] : NULL;
	const struct variant_info *v = e ? model_variant(e, key) : NULL;
	const char *old = t->base;

	if (!v) {
		tui_message(t, "not a variant of this experiment: baseline unchanged");
		return -1;
	}
	t->base = v->key; /* the model's copy: the caller's may be another arena's */
	if (!*t->cand || !strcmp(t->cand, t->base))
		t->cand = old;
	tui_changed(t);
	views_invalidate(t);
	if (!strcmp(t->base, e->baseline))
		tui_message(t, "baseline: %s again (the experiment's)", v->text);
	else
		tui_message(t, "this view's baseline: %s \xc2\xb7 B saves it", v->text);
	return 0;
}
