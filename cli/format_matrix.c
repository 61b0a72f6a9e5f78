/*
 * format_matrix.c - `compare --matrix`: every variant of the experiment as
 * one table, the baseline first (store/compare_matrix.h), as the TUI's
 * Matrix shows it: aligned text, one GitHub Markdown table (store/matrix_md.c,
 * which the TUI copies with too), CSV (one line per metric and variant)
 * or JSON. Cells come from store/compare_text.c.
 */
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "cli/format.h"
#include "cli/table.h"
#include "parsers/names.h"
#include "parsers/units.h"
#include "store/compare_text.h"
#include "store/matrix_md.h"
#include "util/abbrev.h"
#include "util/csvio.h"
#include "util/text.h"

enum { CELL = 64 };

static int has_scenarios(const struct cmp_matrix *x)
{
	for (size_t i = 0; i < x->nrows; i++)
		if (*x->rows[i].scenario)
			return 1;
	return 0;
}

/* ---- text ---- */

/* The legend under a text matrix, each line wrapped after a "; " to stay within 80 columns. */
static void legend_text(const struct cmp_matrix *x, FILE *fp)
{
	struct buf b = BUF_INIT;
	const char *p;

	cmp_matrix_legend(x, "", ".", &b);
	p = buf_str(&b);
	while (*p) {
		size_t n = strcspn(p, "\n"), take = n;

		/* the longest part ending at a "; " that fits (a part that fits none goes whole) */
		if (text_width(p, n) > 80) {
			const char *semi = p;

			take = 0;
			while ((semi = strstr(semi, "; ")) && semi < p + n &&
			       (!take || text_width(p, (size_t)(semi + 1 - p)) <= 80)) {
				take = (size_t)(semi + 1 - p);
				semi += 2;
			}
			if (!take || text_width(p, n) <= 80)
				take = n;
		}
		fprintf(fp, "%.*s\n", (int)take, p);
		p += take;
		if (*p == ' ' || *p == '\n')
			p++;
	}
	buf_release(&b);
}

/* A text matrix wider than this names its variants by letters, with a legend (as the TUI's Matrix). */
enum { MATRIX_TEXT_COLS = 100 };

/* The text matrix into `tb`: its header names the columns, or letters them (`letters`). */
static void matrix_table(const struct cmp_matrix *x, int letters, const char *align, struct table *tb)
{
	size_t ncols = 1 + 2 + 4 * (x->ncols - 1);
	int headings = has_scenarios(x);
	const char *scenario = NULL;
	char c[4][CELL], letter[8];

	table_init(tb, ncols, align);
	tb->skip_empty = 1;    /* no spread column where no figure has a spread */
	tb->span_headings = 1; /* a scenario's heading does not widen the metrics' column */
	table_add(tb, "");
	table_add(tb, letters ? abbrev_letter(0, letter) : cmp_matrix_name(x, 0));
	table_add(tb, "");
	for (size_t k = 1; k < x->ncols; k++) {
		table_add(tb, letters ? abbrev_letter(k, letter) : cmp_matrix_name(x, k));
		for (int i = 0; i < 3; i++)
			table_add(tb, "");
	}
	for (size_t i = 0; i < x->nrows; i++) {
		const struct cmp_mrow *r = &x->rows[i];

		if (headings && (!scenario || strcmp(scenario, r->scenario))) {
			table_add(tb, *r->scenario ? r->scenario : "(no scenario)");
			for (size_t j = 1; j < ncols; j++)
				table_add(tb, "");
			scenario = r->scenario;
		}
		table_addf(tb, "%s%s", headings ? "  " : "", r->metric);
		table_add(tb, cmp_text_value(r->quantity, r->base, r->unit, c[0], CELL));
		table_add(tb, cmp_text_spread(r->base, c[1], CELL));
		for (size_t k = 1; k < x->ncols; k++) {
			const struct cmp_row *cr = r->cell[k - 1];

			if (!cr || !cr->cand.present) {
				table_add(tb, "-");
				for (int j = 0; j < 3; j++)
					table_add(tb, "");
				continue;
			}
			table_add(tb, cmp_text_value(r->quantity, &cr->cand, r->unit, c[0], CELL));
			table_add(tb, cmp_text_spread(&cr->cand, c[1], CELL));
			table_add(tb, cmp_text_delta(cr, c[2], CELL));
			table_add(tb, cmp_text_mark(cr));
		}
	}
	if (x->ngeo) {
		table_add(tb, "geomean");
		for (size_t j = 1; j < ncols; j++)
			table_add(tb, "");
	}
	for (size_t i = 0; i < x->ngeo; i++) {
		const struct cmp_mgeo *g = &x->geo[i];
		const struct cmp_geomean *first = NULL;

		for (size_t k = 0; k + 1 < x->ncols && !first; k++)
			first = g->geo[k];
		table_addf(tb, "  %s", g->quantity);
		table_add(tb, first ? unit_format_res(first->base, first->unit, first->base_res, c[0], CELL) : "");
		table_add(tb, "");
		for (size_t k = 1; k < x->ncols; k++) {
			const struct cmp_geomean *ge = g->geo[k - 1];

			table_add(tb, ge ? unit_format_res(ge->cand, ge->unit, ge->cand_res, c[0], CELL) : "-");
			table_add(tb, "");
			table_add(tb, ge ? cmp_text_pct_res(ge->delta_pct, ge->delta_res, c[1], CELL) : "");
			table_add(tb, !ge ? "" : ge->verdict == CMP_BETTER ? "\xe2\x9c\x93?" :
					  ge->verdict == CMP_WORSE ? "\xe2\x9c\x97?" : "~");
		}
	}
}

void format_matrix_text(const struct cmp_matrix *x, FILE *fp)
{
	size_t ncols = 1 + 2 + 4 * (x->ncols - 1);
	char *align = xcalloc(ncols + 1, 1), letter[8];
	struct table tb;

	align[0] = 'l';
	align[1] = 'r';
	align[2] = 'l';
	for (size_t k = 1; k < x->ncols; k++)
		memcpy(align + 3 + 4 * (k - 1), "rlrl", 4);
	fprintf(fp, "experiment: %s\n\n", x->e->name);
	matrix_table(x, 0, align, &tb);
	if (table_width(&tb) > MATRIX_TEXT_COLS && x->ncols > 1) {
		/* the names make it too wide: letters, each named in full above the table */
		table_release(&tb);
		matrix_table(x, 1, align, &tb);
		for (size_t k = 0; k < x->ncols; k++)
			fprintf(fp, "%-2s %s%s\n", abbrev_letter(k, letter), cmp_matrix_name(x, k),
				k ? "" : " (baseline)");
		fputc('\n', fp);
	}
	table_print(&tb, fp);
	table_release(&tb);
	free(align);
	fputc('\n', fp);
	legend_text(x, fp);
}

/* ---- markdown ---- */

void format_matrix_markdown(const struct cmp_matrix *x, FILE *fp)
{
	struct buf b = BUF_INIT;

	cmp_matrix_markdown(x, NULL, 0, 1, &b);
	fwrite(b.s, 1, b.len, fp);
	buf_release(&b);
}

/* ---- csv ---- */

static const char *const columns[] = {
	"experiment", "scenario", "subject", "quantity", "metric", "unit", "direction", "variant",
	"baseline", "runs", "n", "center", "sd", "delta_pct", "p", "method", "tested", "significant",
	"verdict", "flags",
};

enum { NCOLS = sizeof(columns) / sizeof(columns[0]) };

static const char *num(double v, char out[32])
{
	if (isnan(v) || isinf(v))
		out[0] = '\0';
	else
		num_exact(v, out);
	return out;
}

void format_matrix_csv(const struct cmp_matrix *x, FILE *fp)
{
	struct buf out = BUF_INIT, flags = BUF_INIT;

	csvio_row(&out, columns, NCOLS);
	for (size_t i = 0; i < x->nrows; i++) {
		const struct cmp_mrow *r = &x->rows[i];

		for (size_t k = 0; k < x->ncols; k++) {
			const struct cmp_row *cr = k ? r->cell[k - 1] : NULL;
			const struct cmp_side *s = k ? (cr ? &cr->cand : NULL) : r->base;
			char runs[32], n[32], center[32], sd[32], delta[32], p[32];
			const char *f[NCOLS];

			if (!s || !s->present)
				continue;
			buf_reset(&flags);
			cmp_text_flags(k && cr ? cr->flags : s->flags, " ", &flags);
			snprintf(runs, sizeof(runs), "%zu", s->nruns);
			if (s->n)
				snprintf(n, sizeof(n), "%u", (unsigned)s->n);
			else
				n[0] = '\0';
			f[0] = x->e->name;
			f[1] = r->scenario;
			f[2] = r->subject;
			f[3] = r->quantity;
			f[4] = r->metric;
			f[5] = unit_name(r->unit);
			f[6] = dir_name(r->dir);
			f[7] = cmp_matrix_name(x, k);
			f[8] = k ? "0" : "1";
			f[9] = runs;
			f[10] = n;
			f[11] = num(s->center, center);
			f[12] = num(s->sd, sd);
			f[13] = k && cr->has_delta ? num(cr->delta_pct, delta) : "";
			f[14] = k ? num(cr->p_adj, p) : "";
			f[15] = k ? cmp_method_name(cr->method) : "";
			f[16] = k ? (cr->tested ? "1" : "0") : "";
			f[17] = k ? (cr->significant ? "1" : "0") : "";
			f[18] = k ? cmp_verdict_name(cr->verdict) : "";
			f[19] = buf_str(&flags);
			csvio_row(&out, f, NCOLS);
		}
	}
	fwrite(buf_str(&out), 1, out.len, fp);
	buf_release(&out);
	buf_release(&flags);
}

/* ---- json ---- */

static json_t *jnum(double v)
{
	return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

static json_t *cell_json(const struct cmp_matrix *x, size_t k, const struct cmp_mrow *r)
{
	const struct cmp_row *cr = k ? r->cell[k - 1] : NULL;
	const struct cmp_side *s = k ? (cr ? &cr->cand : NULL) : r->base;
	json_t *o;

	if (!s || !s->present)
		return json_null();
	o = json_object();
	json_object_set_new(o, "variant", json_string(cmp_matrix_name(x, k)));
	json_object_set_new(o, "runs", json_integer((json_int_t)s->nruns));
	json_object_set_new(o, "n", s->n ? json_integer(s->n) : json_null());
	json_object_set_new(o, "center", jnum(s->center));
	json_object_set_new(o, "sd", jnum(s->sd));
	if (k) {
		json_object_set_new(o, "delta_pct", cr->has_delta ? jnum(cr->delta_pct) : json_null());
		json_object_set_new(o, "p", jnum(cr->p_adj));
		json_object_set_new(o, "method", json_string(cmp_method_name(cr->method)));
		json_object_set_new(o, "tested", json_boolean(cr->tested));
		json_object_set_new(o, "significant", json_boolean(cr->significant));
		json_object_set_new(o, "verdict", json_string(cmp_verdict_name(cr->verdict)));
	}
	return o;
}

int format_matrix_json(const struct cmp_matrix *x, FILE *fp)
{
	json_t *root = json_object(), *vars = json_array(), *rows = json_array(), *geo = json_array();
	const struct cmp_opts *o = &x->t[0].opts;
	int rc;

	json_object_set_new(root, "schema", json_integer(1));
	json_object_set_new(root, "experiment", json_string(x->e->name));
	json_object_set_new(root, "baseline", json_string(cmp_matrix_name(x, 0)));
	json_object_set_new(root, "alpha", json_real(o->alpha));
	json_object_set_new(root, "threshold_pct", json_real(o->threshold));
	json_object_set_new(root, "correction", json_string(o->holm ? "holm" : "none"));
	for (size_t k = 0; k < x->ncols; k++)
		json_array_append_new(vars, json_string(cmp_matrix_name(x, k)));
	for (size_t i = 0; i < x->nrows; i++) {
		const struct cmp_mrow *r = &x->rows[i];
		json_t *row = json_object(), *cells = json_array();

		json_object_set_new(row, "scenario", json_string(r->scenario));
		json_object_set_new(row, "subject", json_string(r->subject));
		json_object_set_new(row, "quantity", json_string(r->quantity));
		json_object_set_new(row, "metric", json_string(r->metric));
		json_object_set_new(row, "unit", json_string(unit_name(r->unit)));
		json_object_set_new(row, "direction", json_string(dir_name(r->dir)));
		for (size_t k = 0; k < x->ncols; k++)
			json_array_append_new(cells, cell_json(x, k, r));
		json_object_set_new(row, "cells", cells);
		json_array_append_new(rows, row);
	}
	for (size_t i = 0; i < x->ngeo; i++) {
		json_t *g = json_object(), *cells = json_array();

		json_object_set_new(g, "quantity", json_string(x->geo[i].quantity));
		json_object_set_new(g, "unit", json_string(unit_name(x->geo[i].unit)));
		for (size_t k = 1; k < x->ncols; k++) {
			const struct cmp_geomean *ge = x->geo[i].geo[k - 1];

			json_array_append_new(cells, !ge ? json_null() :
				json_pack("{sssososisoss}", "variant", cmp_matrix_name(x, k), "baseline", jnum(ge->base),
					  "value", jnum(ge->cand), "rows", (int)ge->nrows, "delta_pct", jnum(ge->delta_pct),
					  "verdict", cmp_verdict_name(ge->verdict)));
		}
		json_object_set_new(g, "candidates", cells);
		json_array_append_new(geo, g);
	}
	json_object_set_new(root, "variants", vars);
	json_object_set_new(root, "rows", rows);
	json_object_set_new(root, "geomeans", geo);
	rc = json_dumpf(root, fp, JSON_INDENT(2) | JSON_REAL_PRECISION(17)) == 0 ? 0 : -1;
	fputc('\n', fp);
	json_decref(root);
	return rc;
}
