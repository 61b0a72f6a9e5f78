/*
 * format_text.c - `compare -f text` (aligned columns through cli/table.c,
 * one table per candidate, like benchstat) and `-f markdown` (one narrow
 * GitHub table per candidate, ready to paste back into the issue). Cells
 * come from store/compare_text.c, as the TUI's do.
 */
#include <math.h>
#include <string.h>

#include "cli/format.h"
#include "cli/table.h"
#include "parsers/units.h"
#include "store/compare_md.h"
#include "store/compare_text.h"

enum { CELL = 64 };

const char *format_variant(const struct experiment *e, const char *key)
{
	const struct variant_info *v = model_variant(e, key);

	return v ? v->text : key;
}

/* Scenario headings are shown when some row has a scenario. */
static int has_scenarios(const struct cmp_table *t)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (*t->rows[i].scenario)
			return 1;
	return 0;
}

static void counts(const struct cmp_table *t, struct buf *b)
{
	cmp_text_counts(t, ", ", b);
}

/* What the marks and columns mean, after the tables. */
static void legend(const struct cmp_table *t, FILE *fp)
{
	const struct cmp_opts *o = &t->opts;

	fprintf(fp, "\xce\xb1 = %g, noise threshold %g%%%s; %g%% CI: of the difference of the means\n"
		    "(Welch), in %% of the baseline; \xc2\xb1 after a figure: its standard deviation\n"
		    "(Criterion: half its interval).\n",
		o->alpha, o->threshold, o->holm ? ", p Holm-adjusted per candidate" : "",
		(1 - o->alpha) * 100);
	fputs("~ no change beyond the noise (not significant, or not past the threshold\n"
	      "by what the printed digits allow);\n"
	      "better? worse?: beyond the threshold, untested;\n"
	      "need \xe2\x89\xa5N: too few values a side for any test to reach \xce\xb1.\n"
	      "u-test: Mann-Whitney U on the samples (a variant's runs are its samples when it\n"
	      "has several); welch: Welch's t-test on mean, sd, n; overlap: the tool's intervals;\n"
	      "delta: one figure a side, no test.\n", fp);
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].has_delta && cmp_delta_res(&t->rows[i]) > 1) { /* cmp_text_pct_res()'s "≈" */
			fputs("\xe2\x89\x88: a change rounded to the digit its figures' printed digits allow.\n", fp);
			break;
		}
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].method == CMP_EXACT) {
			fputs("exact: byte counts a tool printed whole: a change is a fact, no test needed.\n", fp);
			break;
		}
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].flags & CMP_F_ONE_RUN) {
			fputs("one-run-a-side: each side is one invocation and the test is over its inner\n"
			      "runs, which share the machine's state and order: weaker than runs repeated.\n", fp);
			break;
		}
}

/* The same in one line under a Markdown table. */

/* ---- text ---- */

static void text_row(struct table *tb, const struct cmp_row *r, const char *indent)
{
	char c[8][CELL];
	struct buf notes = BUF_INIT;

	cmp_text_flags(r->flags & ~(unsigned)CMP_F_FEW, ",", &notes); /* "need ≥N" says it */
	table_addf(tb, "%s%s", indent, r->metric);
	table_add(tb, cmp_text_value(r->quantity, &r->base, r->unit, c[0], CELL));
	table_add(tb, cmp_text_spread(&r->base, c[1], CELL));
	table_add(tb, cmp_text_value(r->quantity, &r->cand, r->unit, c[2], CELL));
	table_add(tb, cmp_text_spread(&r->cand, c[3], CELL));
	table_add(tb, cmp_text_delta(r, c[4], CELL));
	table_add(tb, cmp_text_ci(r, c[5], CELL));
	table_add(tb, cmp_text_p(r, c[6], CELL));
	table_add(tb, cmp_text_n(r, c[7], CELL));
	table_add(tb, r->method == CMP_NONE ? "" : cmp_method_name(r->method));
	table_add(tb, cmp_text_verdict(r));
	table_add(tb, buf_str(&notes));
	buf_release(&notes);
}

static void text_heading(struct table *tb, const char *text)
{
	table_add(tb, text);
	for (int i = 1; i < 12; i++)
		table_add(tb, "");
}

static void text_geomean(struct table *tb, const struct cmp_geomean *g)
{
	char c[4][CELL];

	table_addf(tb, "  %s", g->quantity);
	table_add(tb, unit_format_res(g->base, g->unit, g->base_res, c[0], CELL));
	table_add(tb, "");
	table_add(tb, unit_format_res(g->cand, g->unit, g->cand_res, c[1], CELL));
	table_add(tb, "");
	table_add(tb, cmp_text_pct_res(g->delta_pct, g->delta_res, c[2], CELL));
	for (int i = 0; i < 4; i++)
		table_add(tb, "");
	table_add(tb, cmp_text_gain(g, c[3], CELL));
	table_addf(tb, "over %zu rows", g->nrows);
}

static void text_table(const struct cmp_report *rep, const struct cmp_table *t, FILE *fp)
{
	const char *base = format_variant(rep->e, t->base), *cand = format_variant(rep->e, t->cand);
	int headings = has_scenarios(t);
	const char *scenario = NULL;
	struct table tb;
	struct buf b = BUF_INIT;

	fprintf(fp, "%s against %s (baseline)\n", cand, base);
	table_init(&tb, 12, "lrlrlrlrrlll");
	table_add(&tb, "");
	table_add(&tb, base);
	table_add(&tb, "");
	table_add(&tb, cand);
	table_add(&tb, "");
	table_add(&tb, "delta");
	table_addf(&tb, "%g%% CI", (1 - t->opts.alpha) * 100);
	table_add(&tb, "p");
	table_add(&tb, "n");
	table_add(&tb, "test");
	table_add(&tb, "");
	table_add(&tb, "");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct cmp_row *r = &t->rows[i];

		if (headings && (!scenario || strcmp(scenario, r->scenario))) {
			text_heading(&tb, *r->scenario ? r->scenario : "(no scenario)");
			scenario = r->scenario;
		}
		text_row(&tb, r, headings ? "  " : "");
	}
	if (t->ngeo)
		text_heading(&tb, "geomean");
	for (size_t i = 0; i < t->ngeo; i++)
		text_geomean(&tb, &t->geo[i]);
	table_print(&tb, fp);
	table_release(&tb);
	counts(t, &b);
	fprintf(fp, "%s: %s\n", cand, buf_str(&b));
	buf_release(&b);
}

void format_text(const struct cmp_report *r, FILE *fp)
{
	fprintf(fp, "experiment: %s\n\n", r->e->name);
	for (size_t k = 0; k < r->n; k++) {
		text_table(r, &r->t[k], fp);
		fputc('\n', fp);
	}
	if (r->n)
		legend(&r->t[0], fp);
}

/* ---- markdown ---- */

void format_markdown(const struct cmp_report *r, FILE *fp)
{
	struct buf b = BUF_INIT;

	for (size_t k = 0; k < r->n; k++)
		cmp_markdown(&r->t[k], format_variant(r->e, r->t[k].base),
			     format_variant(r->e, r->t[k].cand), NULL, 0, &b);
	if (r->n)
		cmp_markdown_legend(&r->t[0], &b);
	fputs(buf_str(&b), fp);
	buf_release(&b);
}
