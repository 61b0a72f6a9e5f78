/*
 * compare_lines.c - Compare's lines as text, for find (/ n N) and copy
 * (y Y): a row reads as its metric, figures, change, p and verdict, the
 * way the screen shows it; the copy is the Markdown table `compare -f
 * markdown` prints, with the rows in the order and filter shown.
 */
#include <stdlib.h>
#include <string.h>

#include "parsers/units.h"
#include "store/compare_md.h"
#include "store/compare_text.h"
#include "tui/compare_view.h"
#include "tui/explore.h"
#include "tui/order.h"

struct list *compare_lines(struct tui *t)
{
	struct compare_view *cv = compare_built(t);
	return &cv->list;
}

void compare_line_text(struct tui *t, size_t i, struct buf *out)
{
	struct compare_view *cv = compare_built(t);
	const struct cmp_line *l;
	char a[64], b[64], c[32];

	if (i >= cv->nlines)
		return;
	l = &cv->lines[i];
	switch (l->kind) {
	case LINE_HEADING:
		buf_adds(out, l->text);
		break;
	case LINE_ROW: {
		const struct cmp_row *r = &cv->cmp.rows[l->index];

		buf_addf(out, "%s %s %s", r->metric, cmp_text_figure(&r->base, r->unit, a, sizeof(a)),
			 cmp_text_figure(&r->cand, r->unit, b, sizeof(b)));
		buf_addf(out, " %s", cmp_text_delta(r, c, sizeof(c)));
		buf_addf(out, " %s %s", cmp_text_p(r, c, sizeof(c)), cmp_text_verdict(r));
		break;
	}
	case LINE_GEO: {
		const struct cmp_geomean *g = &cv->cmp.geo[l->index];

		buf_addf(out, "%s %s %s", g->quantity, unit_format_res(g->base, g->unit, g->base_res, a, sizeof(a)),
			 unit_format_res(g->cand, g->unit, g->cand_res, b, sizeof(b)));
		break;
	}
	case LINE_COUNTS:
		buf_addf(out, "%zu improved %zu regressed %zu unchanged %zu untested", cv->cmp.improved,
			 cv->cmp.regressed, cv->cmp.unchanged, cv->cmp.untested);
		break;
	}
}

void compare_markdown(struct tui *t, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct compare_view *cv = compare_built(t);
	const struct experiment *e = t->view_exp < snap.m->nexps ? &snap.m->exps[t->view_exp] : NULL;
	const struct variant_info *b, *c;
	size_t n, *order;

	if (!e || !*t->cand)
		return;
	b = model_variant(e, t->base);
	c = model_variant(e, t->cand);
	order = compare_row_order(&t->order, t->cand, &cv->cmp, &n);
	cmp_markdown(&cv->cmp, b ? b->text : t->base, c ? c->text : t->cand, order, n, out);
	cmp_markdown_legend(&cv->cmp, out);
	free(order);
}
