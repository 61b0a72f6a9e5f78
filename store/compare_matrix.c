/*
 * compare_matrix.c - every variant side by side; see compare_matrix.h.
 */
#include "store/compare_matrix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store/compare_text.h"
#include "store/stats.h"
#include "util/buf.h"
#include "util/strmap.h"

/* Add table k's rows to the matrix: a row already there gets its cell, a new one is appended. */
static void add_rows(struct cmp_matrix *x, size_t k, struct strmap *index, size_t *cap,
		     struct buf *key)
{
	struct cmp_table *t = &x->t[k];
	size_t ncand = x->ncols - 1;

	for (size_t i = 0; i < t->nrows; i++) {
		struct cmp_row *r = &t->rows[i];
		struct cmp_mrow *mr;
		uint32_t at;

		buf_reset(key);
		/* once per row and candidate: no printf */
		buf_adds(key, r->scenario);
		buf_addc(key, '\x1f');
		buf_adds(key, r->subject);
		buf_addc(key, '\x1f');
		buf_adds(key, r->quantity);
		buf_addc(key, '\x1f');
		buf_addc(key, (char)('A' + (int)r->unit));
		if (!strmap_get(index, key->s, &at)) {
			ALLOC_GROW(x->rows, x->nrows + 1, *cap);
			at = (uint32_t)x->nrows++;
			mr = &x->rows[at];
			memset(mr, 0, sizeof(*mr));
			mr->scenario = r->scenario;
			mr->subject = r->subject;
			mr->quantity = r->quantity;
			mr->metric = r->metric;
			mr->unit = r->unit;
			mr->dir = r->dir;
			mr->family = metric_family(r->quantity);
			mr->base = &x->none;
			mr->cell = xcalloc(ncand ? ncand : 1, sizeof(*mr->cell));
			strmap_put(index, arena_strdup(&t->arena, key->s), at);
		}
		mr = &x->rows[at];
		if (!mr->base->present && r->base.present)
			mr->base = &r->base;
		if (mr->dir == DIR_NONE)
			mr->dir = r->dir;
		if (ncand && k < ncand)
			mr->cell[k] = r;
	}
}

static void add_geo(struct cmp_matrix *x)
{
	size_t ncand = x->ncols - 1, cap = 0;

	for (size_t k = 0; k < ncand; k++) {
		for (size_t i = 0; i < x->t[k].ngeo; i++) {
			const struct cmp_geomean *g = &x->t[k].geo[i];
			size_t j = 0;

			while (j < x->ngeo && (strcmp(x->geo[j].quantity, g->quantity) || x->geo[j].unit != g->unit))
				j++;
			if (j == x->ngeo) {
				ALLOC_GROW(x->geo, x->ngeo + 1, cap);
				x->geo[j].quantity = g->quantity;
				x->geo[j].unit = g->unit;
				x->geo[j].geo = xcalloc(ncand, sizeof(*x->geo[j].geo));
				x->ngeo++;
			}
			x->geo[j].geo[k] = g;
		}
	}
}

void cmp_matrix_build(const struct model *m, const struct experiment *e, const char *base,
		      const struct cmp_opts *o, struct cmp_matrix *x)
{
	struct strmap index = STRMAP_INIT;
	struct buf key = BUF_INIT;
	size_t cap = 0, n = 0;

	memset(x, 0, sizeof(*x));
	x->e = e;
	if (!base || !model_variant(e, base))
		base = e->baseline;
	x->keys = xcalloc(e->nvariants + 1, sizeof(*x->keys));
	x->keys[n++] = base;
	for (size_t v = 0; v < e->nvariants; v++)
		if (strcmp(e->variants[v].key, base))
			x->keys[n++] = e->variants[v].key;
	x->ncols = n;
	x->ntables = n > 1 ? n - 1 : 1;
	x->t = xcalloc(x->ntables, sizeof(*x->t));
	if (n > 1) {
		struct cmp_base cb; /* the baseline is gathered once for all candidates */

		cmp_base_prepare(m, e, base, o, &cb);
		for (size_t k = 0; k < x->ntables; k++)
			cmp_build_against(&cb, x->keys[k + 1], &x->t[k]);
		cmp_base_release(&cb);
	} else {
		cmp_build(m, e, base, base, o, &x->t[0]);
	}
	if (n > 1)
		cmp_geomeans(x->t, x->ntables);
	for (size_t k = 0; k < x->ntables; k++)
		add_rows(x, k, &index, &cap, &key);
	if (n > 1)
		add_geo(x);
	strmap_release(&index);
	buf_release(&key);
}

void cmp_matrix_release(struct cmp_matrix *x)
{
	for (size_t i = 0; i < x->nrows; i++)
		free(x->rows[i].cell);
	for (size_t i = 0; i < x->ngeo; i++)
		free(x->geo[i].geo);
	for (size_t k = 0; k < x->ntables; k++)
		cmp_release(&x->t[k]);
	free(x->rows);
	free(x->geo);
	free(x->t);
	free(x->keys);
	memset(x, 0, sizeof(*x));
}

const char *cmp_matrix_name(const struct cmp_matrix *x, size_t col)
{
	const struct variant_info *v;

	if (col >= x->ncols)
		return "";
	v = model_variant(x->e, x->keys[col]);
	return v ? v->text : x->keys[col];
}

int cmp_matrix_one_run(const struct cmp_matrix *x)
{
	for (size_t i = 0; i < x->nrows; i++)
		for (size_t c = 1; c < x->ncols; c++) {
			const struct cmp_row *r = x->rows[i].cell[c - 1];

			if (r && r->significant && (r->flags & CMP_F_ONE_RUN))
				return 1;
		}
	return 0;
}

void cmp_matrix_summary(const struct cmp_matrix *x, size_t col,
			int (*pick)(const struct cmp_mrow *r, void *arg), void *arg,
			struct cmp_summary *s)
{
	double *ratios = xcalloc(x->nrows ? x->nrows : 1, sizeof(*ratios)), thr, rel = 0;
	enum direction dir = DIR_NONE;
	const struct cmp_row **used = xcalloc(x->nrows ? x->nrows : 1, sizeof(*used));

	memset(s, 0, sizeof(*s));
	s->delta_pct = NAN;
	s->verdict = CMP_UNKNOWN;
	if (col < 1 || col >= x->ncols) {
		free(ratios);
		free(used);
		return;
	}
	for (size_t i = 0; i < x->nrows; i++) {
		const struct cmp_mrow *mr = &x->rows[i];
		const struct cmp_row *r = mr->cell[col - 1];

		if (!r || r->dir == DIR_NONE || (pick && !pick(mr, arg)))
			continue;
		if (!r->base.present || !r->cand.present || !(r->base.center > 0) ||
		    !(r->cand.center > 0) || !isfinite(r->base.center) || !isfinite(r->cand.center))
			continue;
		if (dir == DIR_NONE)
			dir = r->dir;
		if (r->dir != dir)
			continue; /* one direction per summary: the first row's */
		used[s->nrows] = r;
		rel += cmp_side_res(&r->base, r->unit) / r->base.center + cmp_side_res(&r->cand, r->unit) / r->cand.center;
		ratios[s->nrows++] = r->cand.center / r->base.center;
	}
	if (s->nrows) {
		thr = x->t[col - 1].opts.threshold;
		s->delta_pct = (stats_geomean(ratios, s->nrows) - 1) * 100;
		/* the mean of the rows' relative roundings, shrunk by √n as in cmp_side_res() */
		s->delta_res = (s->delta_pct / 100 + 1) * rel / ((double)s->nrows * sqrt((double)s->nrows)) * 100;
		if (!(fabs(s->delta_pct) > thr))
			s->verdict = CMP_SAME;
		else if ((s->delta_pct < 0) == (dir == DIR_LOWER))
			s->verdict = CMP_BETTER;
		else
			s->verdict = CMP_WORSE;
		for (size_t i = 0; i < s->nrows; i++) {
			if (!used[i]->tested)
				s->untested++;
			else if (used[i]->significant && used[i]->verdict == s->verdict) {
				s->significant++;
				if (used[i]->flags & CMP_F_ONE_RUN)
					s->one_run++;
			}
		}
	}
	free(ratios);
	free(used);
}
