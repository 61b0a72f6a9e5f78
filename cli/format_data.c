/*
 * format_data.c - `compare -f csv` and `-f json`: every figure of every
 * row for scripts, in SI units printed so that they read back to the same
 * double; unknown figures are empty (CSV) or null (JSON). CSV rows go
 * through store/csvio.c (libcsv), as the store's own files do.
 */
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "cli/format.h"
#include "parsers/names.h"
#include "parsers/units.h"
#include "store/compare_text.h"
#include "util/csvio.h"

/* ---- csv ---- */

static const char *const columns[] = {
	"experiment", "baseline", "candidate", "row", "scenario", "subject", "quantity", "unit",
	"direction", "method",
	"base_runs", "base_n", "base_center", "base_mean", "base_median", "base_sd", "base_min",
	"base_max", "base_lo", "base_hi",
	"cand_runs", "cand_n", "cand_center", "cand_mean", "cand_median", "cand_sd", "cand_min",
	"cand_max", "cand_lo", "cand_hi",
	"delta_pct", "ratio", "ci_lo_pct", "ci_hi_pct", "p", "p_adjusted", "need", "significant",
	"verdict", "flags",
};

enum { NCOLS = sizeof(columns) / sizeof(columns[0]), FIELD = 32 };

struct csv_row {
	const char *f[NCOLS];
	char num[NCOLS][FIELD];
	size_t n;
};

/* Every put_* checks the room first: a miscounted row is a bug, never an overflow. */
static int full(const struct csv_row *c)
{
	if (c->n < NCOLS)
		return 0;
	die("compare CSV: more than %d fields in a row", (int)NCOLS);
}

static void emit(struct buf *out, const struct csv_row *c)
{
	if (c->n != NCOLS)
		die("compare CSV: %zu fields in a row of %d", c->n, (int)NCOLS);
	csvio_row(out, c->f, c->n);
}

static void put(struct csv_row *c, const char *s)
{
	if (!full(c))
		c->f[c->n++] = s;
}

static void put_num(struct csv_row *c, double v)
{
	if (full(c))
		return;
	if (isnan(v))
		c->num[c->n][0] = '\0';
	else
		num_exact(v, c->num[c->n]);
	c->f[c->n] = c->num[c->n];
	c->n++;
}

static void put_count(struct csv_row *c, size_t v)
{
	if (full(c))
		return;
	snprintf(c->num[c->n], FIELD, "%zu", v);
	c->f[c->n] = c->num[c->n];
	c->n++;
}

static void put_side(struct csv_row *c, const struct cmp_side *s)
{
	if (!s->present) {
		for (int i = 0; i < 10; i++)
			put(c, "");
		return;
	}
	put_count(c, s->nruns);
	if (s->n)
		put_count(c, s->n);
	else
		put(c, "");
	put_num(c, s->center);
	put_num(c, s->mean);
	put_num(c, s->median);
	put_num(c, s->sd);
	put_num(c, s->min);
	put_num(c, s->max);
	put_num(c, s->lo);
	put_num(c, s->hi);
}

void format_csv(const struct cmp_report *r, FILE *fp)
{
	struct buf out = BUF_INIT, flags = BUF_INIT;

	csvio_row(&out, columns, NCOLS);
	for (size_t k = 0; k < r->n; k++) {
		const struct cmp_table *t = &r->t[k];
		const char *base = format_variant(r->e, t->base), *cand = format_variant(r->e, t->cand);

		for (size_t i = 0; i < t->nrows; i++) {
			const struct cmp_row *row = &t->rows[i];
			struct csv_row c = { .n = 0 };

			buf_reset(&flags);
			cmp_text_flags(row->flags, " ", &flags);
			put(&c, r->e->name);
			put(&c, base);
			put(&c, cand);
			put(&c, "compare");
			put(&c, row->scenario);
			put(&c, row->subject);
			put(&c, row->quantity);
			put(&c, unit_name(row->unit));
			put(&c, dir_name(row->dir));
			put(&c, cmp_method_name(row->method));
			put_side(&c, &row->base);
			put_side(&c, &row->cand);
			put_num(&c, row->has_delta ? row->delta_pct : NAN);
			put_num(&c, row->has_delta ? row->ratio : NAN);
			put_num(&c, row->ci_lo);
			put_num(&c, row->ci_hi);
			put_num(&c, row->p);
			put_num(&c, row->p_adj);
			if (row->need)
				put_count(&c, row->need);
			else
				put(&c, "");
			put(&c, row->significant ? "1" : "0");
			put(&c, cmp_verdict_name(row->verdict));
			put(&c, buf_str(&flags));
			emit(&out, &c);
		}
		for (size_t i = 0; i < t->ngeo; i++) {
			const struct cmp_geomean *g = &t->geo[i];
			struct csv_row c = { .n = 0 };

			put(&c, r->e->name);
			put(&c, base);
			put(&c, cand);
			put(&c, "geomean");
			put(&c, "");
			put(&c, "");
			put(&c, g->quantity);
			put(&c, unit_name(g->unit));
			put(&c, dir_name(g->dir));
			put(&c, "geomean");
			put(&c, "");
			put_count(&c, g->nrows);
			put_num(&c, g->base);
			for (int j = 0; j < 7; j++)
				put(&c, "");
			put(&c, "");
			put_count(&c, g->nrows);
			put_num(&c, g->cand);
			for (int j = 0; j < 7; j++)
				put(&c, "");
			put_num(&c, g->delta_pct);
			put_num(&c, g->ratio);
			for (int j = 0; j < 5; j++)
				put(&c, "");
			put(&c, "0");
			put(&c, cmp_verdict_name(g->verdict));
			put(&c, "");
			emit(&out, &c);
		}
	}
	fwrite(buf_str(&out), 1, out.len, fp);
	buf_release(&out);
	buf_release(&flags);
}

/* ---- json ---- */

static json_t *num(double v)
{
	return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

static json_t *flags_json(unsigned flags)
{
	json_t *a = json_array();

	for (unsigned b = 0; b < CMP__FLAGS; b++)
		if (flags & (1u << b))
			json_array_append_new(a, json_string(cmp_flag_name(1u << b)));
	return a;
}

static json_t *side_json(const struct cmp_side *s)
{
	json_t *o;

	if (!s->present)
		return json_null();
	o = json_object();
	json_object_set_new(o, "scenario", json_string(s->scenario));
	json_object_set_new(o, "runs", json_integer((json_int_t)s->nruns));
	json_object_set_new(o, "n", s->n ? json_integer(s->n) : json_null());
	json_object_set_new(o, "center", num(s->center));
	json_object_set_new(o, "mean", num(s->mean));
	json_object_set_new(o, "median", num(s->median));
	json_object_set_new(o, "sd", num(s->sd));
	json_object_set_new(o, "min", num(s->min));
	json_object_set_new(o, "max", num(s->max));
	json_object_set_new(o, "lo", num(s->lo));
	json_object_set_new(o, "hi", num(s->hi));
	json_object_set_new(o, "flags", flags_json(s->flags));
	return o;
}

static json_t *row_json(const struct cmp_row *r)
{
	json_t *o = json_object();

	json_object_set_new(o, "scenario", json_string(r->scenario));
	json_object_set_new(o, "subject", json_string(r->subject));
	json_object_set_new(o, "quantity", json_string(r->quantity));
	json_object_set_new(o, "metric", json_string(r->metric));
	json_object_set_new(o, "unit", json_string(unit_name(r->unit)));
	json_object_set_new(o, "direction", json_string(dir_name(r->dir)));
	json_object_set_new(o, "method", json_string(cmp_method_name(r->method)));
	json_object_set_new(o, "baseline", side_json(&r->base));
	json_object_set_new(o, "candidate", side_json(&r->cand));
	json_object_set_new(o, "delta_pct", r->has_delta ? num(r->delta_pct) : json_null());
	json_object_set_new(o, "ratio", r->has_delta ? num(r->ratio) : json_null());
	json_object_set_new(o, "ci_pct", isnan(r->ci_lo) ? json_null() : json_pack("[oo]", num(r->ci_lo), num(r->ci_hi)));
	json_object_set_new(o, "p", num(r->p));
	json_object_set_new(o, "p_adjusted", num(r->p_adj));
	json_object_set_new(o, "need", r->need ? json_integer(r->need) : json_null());
	json_object_set_new(o, "tested", json_boolean(r->tested));
	json_object_set_new(o, "significant", json_boolean(r->significant));
	json_object_set_new(o, "verdict", json_string(cmp_verdict_name(r->verdict)));
	json_object_set_new(o, "flags", flags_json(r->flags));
	return o;
}

static json_t *geo_json(const struct cmp_geomean *g)
{
	json_t *o = json_object();

	json_object_set_new(o, "quantity", json_string(g->quantity));
	json_object_set_new(o, "unit", json_string(unit_name(g->unit)));
	json_object_set_new(o, "direction", json_string(dir_name(g->dir)));
	json_object_set_new(o, "rows", json_integer((json_int_t)g->nrows));
	json_object_set_new(o, "baseline", num(g->base));
	json_object_set_new(o, "candidate", num(g->cand));
	json_object_set_new(o, "ratio", num(g->ratio));
	json_object_set_new(o, "delta_pct", num(g->delta_pct));
	json_object_set_new(o, "gain", num(g->gain));
	json_object_set_new(o, "verdict", json_string(cmp_verdict_name(g->verdict)));
	return o;
}

int format_json(const struct cmp_report *r, FILE *fp)
{
	json_t *root = json_object(), *cmps = json_array();
	const struct cmp_opts *o = r->n ? &r->t[0].opts : NULL;
	int rc;

	json_object_set_new(root, "schema", json_integer(1));
	json_object_set_new(root, "experiment", json_string(r->e->name));
	json_object_set_new(root, "baseline", json_string(r->n ? format_variant(r->e, r->t[0].base) : ""));
	if (o) {
		json_object_set_new(root, "alpha", json_real(o->alpha));
		json_object_set_new(root, "threshold_pct", json_real(o->threshold));
		json_object_set_new(root, "correction", json_string(o->holm ? "holm" : "none"));
		json_object_set_new(root, "ci_level", json_real(1 - o->alpha));
	}
	for (size_t k = 0; k < r->n; k++) {
		const struct cmp_table *t = &r->t[k];
		json_t *c = json_object(), *rows = json_array(), *geo = json_array();

		json_object_set_new(c, "candidate", json_string(format_variant(r->e, t->cand)));
		for (size_t i = 0; i < t->nrows; i++)
			json_array_append_new(rows, row_json(&t->rows[i]));
		for (size_t i = 0; i < t->ngeo; i++)
			json_array_append_new(geo, geo_json(&t->geo[i]));
		json_object_set_new(c, "rows", rows);
		json_object_set_new(c, "geomeans", geo);
		json_object_set_new(c, "counts", json_pack("{sIsIsIsIsI}", "improved", (json_int_t)t->improved,
							   "regressed", (json_int_t)t->regressed,
							   "unchanged", (json_int_t)t->unchanged,
							   "untested", (json_int_t)t->untested,
							   "one_run", (json_int_t)t->one_run));
		json_array_append_new(cmps, c);
	}
	json_object_set_new(root, "comparisons", cmps);
	rc = json_dumpf(root, fp, JSON_INDENT(2) | JSON_REAL_PRECISION(17)) == 0 ? 0 : -1;
	fputc('\n', fp);
	json_decref(root);
	return rc;
}
