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
	buf_addf(b, "%zu improved, %zu regressed, %zu unchanged, %zu untested", t->improved,
		 t->regressed, t->unchanged, t->untested);
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
	fputs("~ no significant change; better? worse?: beyond the threshold, untested;\n"
	      "need \xe2\x89\xa5N: too few values a side for any test to reach \xce\xb1.\n"
	      "u-test: Mann-Whitney U on the samples (a variant's runs are its samples when it\n"
	      "has several); welch: Welch's t-test on mean, sd, n; overlap: the tool's intervals;\n"
	      "delta: one figure a side, no test.\n", fp);
}

/* The same in one line under a Markdown table. */
static void md_legend(const struct cmp_table *t, FILE *fp)
{
	const struct cmp_opts *o = &t->opts;

	fprintf(fp, "<sub>benchdelta: \xce\xb1 = %g, noise threshold %g%%%s \xc2\xb7 \xc2\xb1 standard "
		    "deviation \xc2\xb7 %g%% CI of the difference of the means (Welch) \xc2\xb7 ~ not "
		    "significant \xc2\xb7 ? untested \xc2\xb7 need \xe2\x89\xa5N: too few values for a test"
		    "</sub>\n",
		o->alpha, o->threshold, o->holm ? ", Holm-adjusted" : "", (1 - o->alpha) * 100);
}

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
	table_add(tb, unit_format(g->base, g->unit, c[0], CELL));
	table_add(tb, "");
	table_add(tb, unit_format(g->cand, g->unit, c[1], CELL));
	table_add(tb, "");
	table_add(tb, cmp_text_pct(g->delta_pct, c[2], CELL));
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

/* A table cell: '|' would end it, so it is escaped; newlines cannot occur in our strings. */
static void md_cell(FILE *fp, const char *s)
{
	fputs("| ", fp);
	for (; *s; s++) {
		if (*s == '|' || *s == '\\')
			fputc('\\', fp);
		fputc(*s, fp);
	}
	fputc(' ', fp);
}

static void md_figure(FILE *fp, const char *quantity, const struct cmp_side *s, enum unit unit)
{
	char fig[CELL], spread[CELL], cell[2 * CELL + 2];

	cmp_text_value(quantity, s, unit, fig, sizeof(fig));
	cmp_text_spread(s, spread, sizeof(spread));
	snprintf(cell, sizeof(cell), "%s%s%s", fig, *spread ? " " : "", spread);
	md_cell(fp, cell);
}

static void md_row(FILE *fp, const struct cmp_row *r)
{
	char c[4][CELL];
	const char *v = cmp_text_verdict(r);
	struct buf verdict = BUF_INIT;

	md_cell(fp, r->metric);
	md_figure(fp, r->quantity, &r->base, r->unit);
	md_figure(fp, r->quantity, &r->cand, r->unit);
	md_cell(fp, cmp_text_delta(r, c[0], CELL));
	md_cell(fp, cmp_text_ci(r, c[1], CELL));
	md_cell(fp, cmp_text_p(r, c[2], CELL));
	md_cell(fp, r->method == CMP_NONE ? "" : cmp_method_name(r->method));
	/* only a significant change is bold; the flags follow in words */
	if (r->significant)
		buf_addf(&verdict, "**%s**", v);
	else
		buf_adds(&verdict, v);
	if (r->flags & ~(unsigned)CMP_F_FEW) {
		buf_adds(&verdict, *v ? " (" : "(");
		cmp_text_flags(r->flags & ~(unsigned)CMP_F_FEW, ", ", &verdict);
		buf_addc(&verdict, ')');
	}
	fputs("| ", fp);
	fputs(buf_str(&verdict), fp); /* our own words: nothing to escape */
	fputs(" |\n", fp);
	buf_release(&verdict);
}

static void md_table(const struct cmp_report *rep, const struct cmp_table *t, FILE *fp)
{
	const char *base = format_variant(rep->e, t->base), *cand = format_variant(rep->e, t->cand);
	int headings = has_scenarios(t);
	const char *scenario = NULL;
	char c[3][CELL], ci[CELL];
	struct buf b = BUF_INIT;

	fprintf(fp, "**%s** against **%s** (baseline)\n\n", cand, base);
	snprintf(ci, sizeof(ci), "%g%% CI", (1 - t->opts.alpha) * 100);
	md_cell(fp, "");
	md_cell(fp, base);
	md_cell(fp, cand);
	md_cell(fp, "delta");
	md_cell(fp, ci);
	md_cell(fp, "p");
	md_cell(fp, "test");
	fputs("| |\n|:--|--:|--:|--:|--:|--:|:--|:--|\n", fp);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct cmp_row *r = &t->rows[i];

		if (headings && (!scenario || strcmp(scenario, r->scenario))) {
			buf_reset(&b);
			buf_addf(&b, "*%s*", *r->scenario ? r->scenario : "(no scenario)");
			md_cell(fp, buf_str(&b));
			fputs("| | | | | | | |\n", fp);
			scenario = r->scenario;
		}
		md_row(fp, r);
	}
	for (size_t i = 0; i < t->ngeo; i++) {
		const struct cmp_geomean *g = &t->geo[i];

		buf_reset(&b);
		buf_addf(&b, "geomean %s (%zu rows)", g->quantity, g->nrows);
		md_cell(fp, buf_str(&b));
		md_cell(fp, unit_format(g->base, g->unit, c[0], CELL));
		md_cell(fp, unit_format(g->cand, g->unit, c[1], CELL));
		md_cell(fp, cmp_text_pct(g->delta_pct, c[2], CELL));
		fputs("| | | ", fp);
		md_cell(fp, cmp_text_gain(g, c[2], CELL));
		fputs("|\n", fp);
	}
	buf_reset(&b);
	counts(t, &b);
	fprintf(fp, "\n%s\n\n", buf_str(&b));
	buf_release(&b);
}

void format_markdown(const struct cmp_report *r, FILE *fp)
{
	for (size_t k = 0; k < r->n; k++)
		md_table(r, &r->t[k], fp);
	if (r->n)
		md_legend(&r->t[0], fp);
}
