/*
 * compare_lines.c - Compare's lines as text, for find (/ n N) and copy
 * (y Y): a row reads as its metric, figures, change, p and verdict, the
 * way the screen shows it; the copy is the Markdown table `compare -f
 * markdown` prints, with the rows in the order and filter shown.
 */
#include <string.h>

#include "parsers/units.h"
#include "store/compare_md.h"
#include "store/compare_text.h"
#include "tui/explore.h"
#include "tui/order.h"

struct list *compare_lines(struct tui *t)
{
	return &t->cmp_lines;
}

void compare_line_text(struct tui *t, size_t i, struct buf *out)
{
	const struct cmp_line *l;
	char a[64], b[64], c[32];

	if (i >= t->nlines)
		return;
	l = &t->lines[i];
	switch (l->kind) {
	case LINE_HEADING:
		buf_adds(out, l->text);
		break;
	case LINE_ROW: {
		const struct cmp_row *r = &t->cmp.rows[l->index];

		buf_addf(out, "%s %s %s", r->metric, cmp_text_figure(&r->base, r->unit, a, sizeof(a)),
			 cmp_text_figure(&r->cand, r->unit, b, sizeof(b)));
		buf_addf(out, " %s", cmp_text_delta(r, c, sizeof(c)));
		buf_addf(out, " %s %s", cmp_text_p(r, c, sizeof(c)), cmp_text_verdict(r));
		break;
	}
	case LINE_GEO: {
		const struct cmp_geomean *g = &t->cmp.geo[l->index];

		buf_addf(out, "%s %s %s", g->quantity, unit_format_res(g->base, g->unit, g->base_res, a, sizeof(a)),
			 unit_format_res(g->cand, g->unit, g->cand_res, b, sizeof(b)));
		break;
	}
	case LINE_COUNTS:
		buf_addf(out, "%zu improved %zu regressed %zu unchanged %zu untested", t->cmp.improved,
			 t->cmp.regressed, t->cmp.unchanged, t->cmp.untested);
		break;
	}
}

void compare_markdown(struct tui *t, struct buf *out)
{
	const struct experiment *e = t->view_exp < t->m->nexps ? &t->m->exps[t->view_exp] : NULL;
	const struct variant_info *b, *c;
	size_t n;
	const size_t *order;

	if (!e || !*t->cand)
		return;
	b = model_variant(e, t->base);
	c = model_variant(e, t->cand);
	order = explore_row_order(t, &n);
	cmp_markdown(&t->cmp, b ? b->text : t->base, c ? c->text : t->cand, order, n, out);
	cmp_markdown_legend(&t->cmp, out);
}
