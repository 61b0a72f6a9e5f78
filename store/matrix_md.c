/*
 * matrix_md.c - a comparison matrix as GitHub Markdown; see matrix_md.h.
 */
#include "store/matrix_md.h"

#include <string.h>

#include "parsers/units.h"
#include "store/compare_text.h"

enum { CELL = 64 };

void cmp_matrix_legend(const struct cmp_matrix *x, const char *before, const char *after,
		       struct buf *out)
{
	const struct cmp_opts *o = &x->t[0].opts;
	int approx = 0; /* a change shown with "≈" (cmp_text_pct_res()) */

	for (size_t i = 0; i < x->nrows && !approx; i++)
		for (size_t k = 0; k + 1 < x->ncols && !approx; k++)
			approx = x->rows[i].cell[k] && x->rows[i].cell[k]->has_delta &&
				 cmp_delta_res(x->rows[i].cell[k]) > 1;
	buf_addf(out, "%s%s%s; changes against %s (the first column); \xce\xb1 = %g, noise threshold %g%%%s;"
		      " \xc2\xb1 after a figure: its standard deviation%s\n",
		 before, CMP_MARKS_LEGEND, approx ? " \xc2\xb7 " CMP_APPROX_LEGEND : "",
		 cmp_matrix_name(x, 0), o->alpha, o->threshold, o->holm ? ", p Holm-adjusted per candidate" : "", after);
	if (cmp_matrix_one_run(x))
		buf_addf(out, "%s%s%s\n", before, CMP_ONE_RUN_LEGEND, after);
}

static void figure(struct buf *out, const char *quantity, const struct cmp_side *s, enum unit unit)
{
	char fig[CELL], spread[CELL];

	cmp_text_value(quantity, s, unit, fig, sizeof(fig));
	cmp_text_spread(s, spread, sizeof(spread));
	buf_adds(out, fig);
	if (*spread)
		buf_addf(out, " %s", spread);
}

static void row(struct buf *out, const struct cmp_matrix *x, const struct cmp_mrow *r)
{
	char c[CELL];

	buf_adds(out, "| ");
	md_text(out, r->metric);
	buf_adds(out, " | ");
	figure(out, r->quantity, r->base, r->unit);
	buf_adds(out, " |");
	for (size_t k = 1; k < x->ncols; k++) {
		const struct cmp_row *cr = r->cell[k - 1];

		buf_addc(out, ' ');
		if (!cr || !cr->cand.present) {
			buf_adds(out, "- |");
			continue;
		}
		figure(out, r->quantity, &cr->cand, r->unit);
		if (cr->has_delta) {
			/* only a significant change is bold */
			buf_addf(out, cr->significant ? " **%s %s**" : " %s %s", cmp_text_delta(cr, c, CELL),
				 cmp_text_mark(cr));
		}
		buf_adds(out, " |");
	}
	buf_addc(out, '\n');
}

static void geomean(struct buf *out, const struct cmp_matrix *x, const struct cmp_mgeo *g)
{
	const struct cmp_geomean *first = NULL;
	char c[2][CELL];

	for (size_t k = 0; k + 1 < x->ncols && !first; k++)
		first = g->geo[k];
	buf_adds(out, "| geomean ");
	md_text(out, g->quantity);
	buf_addf(out, " | %s |", first ? unit_format_res(first->base, first->unit, first->base_res, c[0], CELL) : "");
	for (size_t k = 1; k < x->ncols; k++) {
		const struct cmp_geomean *ge = g->geo[k - 1];

		if (!ge) {
			buf_adds(out, " - |");
			continue;
		}
		buf_addf(out, " %s %s %s |", unit_format_res(ge->cand, ge->unit, ge->cand_res, c[0], CELL),
			 cmp_text_pct_res(ge->delta_pct, ge->delta_res, c[1], CELL),
			 ge->verdict == CMP_BETTER ? "\xe2\x9c\x93?" : ge->verdict == CMP_WORSE ? "\xe2\x9c\x97?" : "~");
	}
	buf_addc(out, '\n');
}

void cmp_matrix_markdown(const struct cmp_matrix *x, const size_t *rows, size_t nrows, int geo,
			 struct buf *out)
{
	const char *scenario = NULL;
	size_t n = rows ? nrows : x->nrows;
	int headings = 0;

	for (size_t i = 0; i < n && !headings; i++)
		headings = *x->rows[rows ? rows[i] : i].scenario != '\0';
	buf_adds(out, "**");
	md_text(out, x->e->name);
	buf_adds(out, "**\n\n| metric |");
	for (size_t k = 0; k < x->ncols; k++) {
		buf_addc(out, ' ');
		md_text(out, cmp_matrix_name(x, k));
		buf_adds(out, k ? " |" : " (baseline) |");
	}
	buf_adds(out, "\n|:--|");
	for (size_t k = 0; k < x->ncols; k++)
		buf_adds(out, "--:|");
	buf_addc(out, '\n');
	for (size_t i = 0; i < n; i++) {
		const struct cmp_mrow *r = &x->rows[rows ? rows[i] : i];

		if (headings && (!scenario || strcmp(scenario, r->scenario))) {
			buf_adds(out, "| *");
			md_text(out, *r->scenario ? r->scenario : "(no scenario)");
			buf_adds(out, "* |");
			for (size_t k = 0; k < x->ncols; k++)
				buf_adds(out, " |");
			buf_addc(out, '\n');
			scenario = r->scenario;
		}
		row(out, x, r);
	}
	for (size_t i = 0; geo && i < x->ngeo; i++)
		geomean(out, x, &x->geo[i]);
	buf_addc(out, '\n');
	cmp_matrix_legend(x, "<sub>benchdelta: ", "</sub>", out);
}
