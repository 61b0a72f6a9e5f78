/*
 * screen_compare.c - Compare: one row per metric, grouped by scenario, the
 * baseline's and the candidate's figures in human units and the change,
 * marked better or worse by the metric's direction. ←/→ flip the
 * candidate, b makes it the baseline (recorded in the store), s swaps.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/units.h"
#include "tui/draw.h"
#include "tui/screen.h"
#include "util/diag.h"

/* Column widths for the terminal's width now; never cached. */
struct layout {
	int metric, value, delta, verdict, indent;
};

static struct layout layout(void)
{
	struct layout l = { 0, 11, 9, 7, 2 };

	if (COLS < 72)
		l.verdict = 0; /* the colour (or bold/underline) of the delta still tells */
	if (COLS < 60) {
		l.value = 8;
		l.delta = 7;
		l.indent = 1;
	}
	l.metric = COLS - 2 - (l.value + 1) * 2 - (l.delta + 2) - l.verdict;
	if (l.metric > 44)
		l.metric = 44; /* wide terminals: keep the figures near their names */
	return l;
}

static const struct experiment *current(const struct tui *t)
{
	return t->exps.cursor < t->m->nexps ? &t->m->exps[t->exps.cursor] : NULL;
}

static void rebuild(struct tui *t)
{
	const struct experiment *e = current(t);
	const char *scenario = NULL;
	int several = 0;

	if (t->cmp_valid && t->cmp_exp == t->exps.cursor)
		return;
	cmp_release(&t->cmp);
	t->nlines = 0;
	if (!e)
		return;
	cmp_build(t->m, e, t->base, *t->cand ? t->cand : t->base, &t->cmp);
	for (size_t i = 1; i < t->cmp.nrows; i++)
		if (strcmp(t->cmp.rows[i].scenario, t->cmp.rows[0].scenario))
			several = 1;
	for (size_t i = 0; i < t->cmp.nrows; i++) {
		const char *s = t->cmp.rows[i].scenario;

		if ((several || *s) && (!scenario || strcmp(scenario, s))) {
			ALLOC_GROW(t->lines, t->nlines + 1, t->lines_cap);
			t->lines[t->nlines].row = -1;
			t->lines[t->nlines++].scenario = *s ? s : "(no scenario)";
			scenario = s;
		}
		ALLOC_GROW(t->lines, t->nlines + 1, t->lines_cap);
		t->lines[t->nlines].row = (long)i;
		t->lines[t->nlines++].scenario = s;
	}
	t->cmp_valid = 1;
	t->cmp_exp = t->exps.cursor;
	t->cmp_lines.count = t->nlines;
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
	draw_text(y, 12, COLS - 13, variant_text(e, t->base), ROLE_HIGHLIGHT);
	draw_text(y + 1, 1, 11, "candidate:", ROLE_DIM);
	if (!*t->cand) {
		draw_text(y + 1, 12, COLS - 13, "(none: this experiment has one variant)", ROLE_DIM);
		return;
	}
	x = 12 + draw_text(y + 1, 12, COLS - 13, variant_text(e, t->cand), ROLE_HIGHLIGHT);
	snprintf(buf, sizeof(buf), "  (%zu of %zu)  \xe2\x86\x90/\xe2\x86\x92 flip  b baseline  s swap",
		 variant_index(e, t->cand) + 1, e->nvariants);
	draw_text(y + 1, x, COLS - x - 1, buf, ROLE_DIM);
}

static void draw_line(struct tui *t, const struct cmp_line *l, int y, const struct layout *L,
		      int selected)
{
	const struct cmp_row *r;
	char v[48];
	int x = 1;
	enum color_role role;

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	if (l->row < 0) {
		draw_text(y, 1, COLS - 2, l->scenario, selected ? ROLE_SELECTED : ROLE_HEADER);
		return;
	}
	r = &t->cmp.rows[l->row];
	role = selected ? ROLE_SELECTED : ROLE_NORMAL;
	draw_text(y, x + L->indent, L->metric - L->indent, r->metric, role);
	x += L->metric + 1;
	draw_right(y, x, L->value,
		   r->base.present ? unit_format(r->base.mean, r->unit, v, sizeof(v)) : "-", role);
	x += L->value + 1;
	if (!*t->cand)
		return;
	draw_right(y, x, L->value,
		   r->cand.present ? unit_format(r->cand.mean, r->unit, v, sizeof(v)) : "-", role);
	x += L->value + 1;
	if (!selected)
		role = r->verdict == CMP_BETTER ? ROLE_BETTER : r->verdict == CMP_WORSE ? ROLE_WORSE : ROLE_NEUTRAL;
	if (r->has_delta) {
		snprintf(v, sizeof(v), "%+.1f%%", r->delta_pct);
		draw_right(y, x, L->delta, v, role);
	}
	x += L->delta + 2;
	if (L->verdict) {
		const char *word = r->verdict == CMP_BETTER ? "better" :
				   r->verdict == CMP_WORSE  ? "worse" :
				   r->verdict == CMP_SAME   ? "same" : "";
		draw_text(y, x, L->verdict, word, role);
	}
}

static int table_height(int height)
{
	return height - 3;
}

static void draw(struct tui *t, int top, int height)
{
	const struct experiment *e = current(t);
	struct layout L = layout();
	int rows = table_height(height);

	if (!e) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	rebuild(t);
	draw_header(t, e, top);
	list_clamp(&t->cmp_lines, rows);
	draw_text(top + 2, 1, L.metric, "METRIC", ROLE_HEADER);
	draw_right(top + 2, 1 + L.metric + 1, L.value, variant_text(e, t->base), ROLE_HEADER);
	if (*t->cand) {
		draw_right(top + 2, 1 + L.metric + 1 + L.value + 1, L.value, variant_text(e, t->cand),
			   ROLE_HEADER);
		draw_right(top + 2, 1 + L.metric + 1 + 2 * (L.value + 1), L.delta, "DELTA", ROLE_HEADER);
	}
	if (!t->nlines)
		draw_text(top + 4, 2, COLS - 4, "No measurements for these variants.", ROLE_DIM);
	for (int i = 0; i < rows && t->cmp_lines.top + (size_t)i < t->nlines; i++) {
		size_t k = t->cmp_lines.top + (size_t)i;

		draw_line(t, &t->lines[k], top + 3 + i, &L, k == t->cmp_lines.cursor);
	}
}

/* Record the baseline choice when there is a store; the model is updated either way. */
static void set_baseline(struct tui *t, const struct experiment *e, const char *key)
{
	struct model *m = t->m;
	const char *now = model_now(m);

	model_add_override(m, "baseline", e->name, key, now);
	if (t->store) {
		struct diag d = DIAG_INIT;

		if (store_add_override(t->store, "baseline", e->name, key, now, &d) < 0)
			tui_message(t, "baseline not saved: %s", d.n ? d.v[0].text : "error");
		diag_release(&d);
	}
}

static int act(struct tui *t, enum action a, int height)
{
	const struct experiment *e = current(t);
	size_t i, n;

	if (!e)
		return ACT_IGNORED;
	if (list_act(&t->cmp_lines, a, table_height(height)))
		return ACT_DONE;
	n = e->nvariants;
	switch (a) {
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
		t->cand = e->variants[i].key;
		t->cmp_valid = 0;
		return ACT_DONE;
	case ACT_SWAP:
	case ACT_BASELINE: {
		const char *old = t->base;

		if (!*t->cand)
			return ACT_DONE;
		t->base = t->cand;
		t->cand = old;
		t->cmp_valid = 0;
		if (a == ACT_BASELINE) {
			const char *name = e->name;
			size_t exp = t->exps.cursor;

			set_baseline(t, e, t->base);
			model_resolve(t->m); /* experiments are rebuilt: look ours up again */
			for (size_t k = 0; k < t->m->nexps; k++)
				if (!strcmp(t->m->exps[k].name, name))
					exp = k;
			t->exps.cursor = exp;
			tui_message(t, "baseline is now %s", variant_text(&t->m->exps[exp], t->base));
		}
		return ACT_DONE;
	}
	default:
		return ACT_IGNORED;
	}
}

const struct screen screen_compare = {
	.name = "Compare",
	.opener = ACT_SCREEN_COMPARE,
	.draw = draw,
	.act = act,
};
