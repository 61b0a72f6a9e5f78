/*
 * compare_md.c - a comparison as GitHub Markdown; see compare_md.h.
 */
#include "store/compare_md.h"

#include <stdio.h>
#include <string.h>

#include "parsers/units.h"
#include "store/compare_text.h"

enum { CELL = 64 };

void md_text(struct buf *out, const char *s)
{
	/* '|' would end a cell; the rest would make emphasis, code, HTML, links or headings */
	for (; *s; s++) {
		if (strchr("\\`*_<>[]|#~!", *s))
			buf_addc(out, '\\');
		buf_addc(out, *s);
	}
}

void md_cell(struct buf *out, const char *s)
{
	buf_adds(out, "| ");
	md_text(out, s);
	buf_addc(out, ' ');
}

static void md_figure(struct buf *out, const char *quantity, const struct cmp_side *s, enum unit unit)
{
	char fig[CELL], spread[CELL], cell[2 * CELL + 2];

	cmp_text_value(quantity, s, unit, fig, sizeof(fig));
	cmp_text_spread(s, spread, sizeof(spread));
	snprintf(cell, sizeof(cell), "%s%s%s", fig, *spread ? " " : "", spread);
	md_cell(out, cell);
}

static void md_row(struct buf *out, const struct cmp_row *r)
{
	char c[4][CELL];
	const char *v = cmp_text_verdict(r);

	md_cell(out, r->metric);
	md_figure(out, r->quantity, &r->base, r->unit);
	md_figure(out, r->quantity, &r->cand, r->unit);
	md_cell(out, cmp_text_delta(r, c[0], CELL));
	md_cell(out, cmp_text_ci(r, c[1], CELL));
	md_cell(out, cmp_text_p(r, c[2], CELL));
	md_cell(out, r->method == CMP_NONE ? "" : cmp_method_name(r->method));
	/* only a significant change is bold; the flags follow in words (ours: nothing to escape) */
	buf_adds(out, "| ");
	if (r->significant)
		buf_addf(out, "**%s**", v);
	else
		buf_adds(out, v);
	if (r->flags & ~(unsigned)CMP_F_FEW) {
		buf_adds(out, *v ? " (" : "(");
		cmp_text_flags(r->flags & ~(unsigned)CMP_F_FEW, ", ", out);
		buf_addc(out, ')');
	}
	buf_adds(out, " |\n");
}

void cmp_markdown(const struct cmp_table *t, const char *base, const char *cand,
		  const size_t *order, size_t norder, struct buf *out)
{
	const char *scenario = NULL;
	int headings = 0;
	size_t n = order ? norder : t->nrows;
	char c[3][CELL], ci[CELL];
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < t->nrows; i++)
		if (*t->rows[i].scenario)
			headings = 1;
	buf_adds(out, "**");
	md_text(out, cand);
	buf_adds(out, "** against **");
	md_text(out, base);
	buf_adds(out, "** (baseline)\n\n");
	snprintf(ci, sizeof(ci), "%g%% CI", (1 - t->opts.alpha) * 100);
	md_cell(out, "");
	md_cell(out, base);
	md_cell(out, cand);
	md_cell(out, "delta");
	md_cell(out, ci);
	md_cell(out, "p");
	md_cell(out, "test");
	buf_adds(out, "| |\n|:--|--:|--:|--:|--:|--:|:--|:--|\n");
	for (size_t k = 0; k < n; k++) {
		const struct cmp_row *r = &t->rows[order ? order[k] : k];

		if (headings && (!scenario || strcmp(scenario, r->scenario))) {
			/* the scenario in italics: its own text escaped inside the stars */
			buf_adds(out, "| *");
			md_text(out, *r->scenario ? r->scenario : "(no scenario)");
			buf_adds(out, "* ");
			buf_adds(out, "| | | | | | | |\n");
			scenario = r->scenario;
		}
		md_row(out, r);
	}
	for (size_t i = 0; i < t->ngeo; i++) {
		const struct cmp_geomean *g = &t->geo[i];

		buf_reset(&b);
		buf_addf(&b, "geomean %s (%zu rows)", g->quantity, g->nrows);
		md_cell(out, buf_str(&b));
		md_cell(out, unit_format_res(g->base, g->unit, g->base_res, c[0], CELL));
		md_cell(out, unit_format_res(g->cand, g->unit, g->cand_res, c[1], CELL));
		md_cell(out, cmp_text_pct_res(g->delta_pct, g->delta_res, c[2], CELL));
		buf_adds(out, "| | | ");
		md_cell(out, cmp_text_gain(g, c[2], CELL));
		buf_adds(out, "|\n");
	}
	buf_addc(out, '\n');
	cmp_text_counts(t, ", ", out);
	buf_adds(out, "\n\n");
	buf_release(&b);
}

void cmp_markdown_legend(const struct cmp_table *t, struct buf *out)
{
	const struct cmp_opts *o = &t->opts;

	buf_addf(out, "<sub>benchdelta: \xce\xb1 = %g, noise threshold %g%%%s \xc2\xb7 \xc2\xb1 standard "
		      "deviation \xc2\xb7 %g%% CI of the difference of the means (Welch) \xc2\xb7 ~ no change "
		      "beyond the noise \xc2\xb7 ? untested \xc2\xb7 need \xe2\x89\xa5N: too few values for a test"
		      "</sub>\n",
		 o->alpha, o->threshold, o->holm ? ", Holm-adjusted" : "", (1 - o->alpha) * 100);
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].flags & CMP_F_ONE_RUN) {
			buf_adds(out, "<sub>one-run-a-side: each side one invocation, tested over its inner runs, "
				      "which share the machine's state and order</sub>\n");
			break;
		}
}
