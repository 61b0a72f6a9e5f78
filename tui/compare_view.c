/*
 * compare_view.c - Compare's own state (tui/compare_view.h): made on first
 * use, and the table and its lines built again whenever the experiment,
 * the baseline, the candidate or the shared generation (an edit, a
 * reload, the rows' order) moved since they were built.
 */
#include "tui/compare_view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tui/explore.h"
#include "tui/order.h"
#include "util/util.h"

static const struct experiment *current(const struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);

	return t->view_exp < snap.m->nexps ? &snap.m->exps[t->view_exp] : NULL;
}

int compare_is_row(const void *lines, size_t i)
{
	const struct cmp_line *l = (const struct cmp_line *)lines + i;

	return l->kind == LINE_ROW || l->kind == LINE_GEO;
}

struct compare_view *compare_of(struct tui *t)
{
	struct compare_view *cv = t->own[SCREEN_COMPARE];

	if (!cv) {
		cv = t->own[SCREEN_COMPARE] = xcalloc(1, sizeof(*cv));
		cv->exp = SIZE_MAX;
		cv->shown = t->shown;
	}
	return cv;
}

void compare_view_release(struct tui *t)
{
	struct compare_view *cv = t->own[SCREEN_COMPARE];

	if (!cv)
		return;
	cmp_release(&cv->cmp);
	tui_snapshot_let_go(&cv->held);
	free(cv->lines);
	free(cv);
	t->own[SCREEN_COMPARE] = NULL;
}

void compare_view_swapped(struct tui *t)
{
	struct compare_view *cv = t->own[SCREEN_COMPARE];

	if (!cv)
		return;
	cmp_release(&cv->cmp);
	cv->nlines = 0;
	cv->exp = SIZE_MAX; /* built again when shown; the cursor stays (cv->shown) */
	tui_snapshot_let_go(&cv->held);
}

static void add_line(struct compare_view *cv, enum cmp_line_kind kind, size_t index, const char *text)
{
	ALLOC_GROW(cv->lines, cv->nlines + 1, cv->lines_cap);
	cv->lines[cv->nlines].kind = kind;
	cv->lines[cv->nlines].index = index;
	cv->lines[cv->nlines++].text = text;
}

struct compare_view *compare_built(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct compare_view *cv = compare_of(t);
	const struct experiment *e = current(t);
	const char *scenario = NULL;
	int several = 0;
	size_t *order, norder;

	if (cv->shown != t->shown) {
		/* another experiment was set: the cursor starts over */
		memset(&cv->list, 0, sizeof(cv->list));
		cv->shown = t->shown;
		cv->exp = SIZE_MAX;
	}
	if (cv->exp == t->view_exp && cv->gen == t->gen && cv->base == t->base && cv->cand == t->cand)
		return cv;
	cmp_release(&cv->cmp);
	cv->nlines = 0;
	cv->exp = t->view_exp;
	cv->gen = t->gen;
	cv->base = t->base;
	cv->cand = t->cand;
	cv->list.count = 0;
	if (!e)
		return cv;
	tui_snapshot_hold(t, &cv->held);
	cmp_build(snap.m, e, t->base, *t->cand ? t->cand : t->base, NULL, &cv->cmp);
	cmp_geomeans(&cv->cmp, 1);
	for (size_t i = 1; i < cv->cmp.nrows; i++)
		if (strcmp(cv->cmp.rows[i].scenario, cv->cmp.rows[0].scenario))
			several = 1;
	order = compare_row_order(&t->order, t->cand, &cv->cmp, &norder);
	for (size_t k = 0; k < norder; k++) {
		size_t i = order[k];
		const char *s = cv->cmp.rows[i].scenario;

		if ((several || *s) && (!scenario || strcmp(scenario, s))) {
			add_line(cv, LINE_HEADING, 0, *s ? s : "(no scenario)");
			scenario = s;
		}
		add_line(cv, LINE_ROW, i, s);
	}
	if (cv->cmp.ngeo)
		add_line(cv, LINE_HEADING, 0, "geomean");
	for (size_t i = 0; i < cv->cmp.ngeo; i++)
		add_line(cv, LINE_GEO, i, "");
	if (*t->cand && cv->cmp.nrows)
		add_line(cv, LINE_COUNTS, 0, "");
	free(order);
	cv->list.count = cv->nlines;
	list_on_row(&cv->list, compare_is_row, cv->lines);
	return cv;
}
