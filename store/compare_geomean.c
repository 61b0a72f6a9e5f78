/*
 * compare_geomean.c - the summary rows of a comparison: per quantity, the
 * geometric means of each side over the rows every compared candidate
 * shares with the baseline, and their ratio oriented so that > 1 reads as
 * better. See cmp_geomeans() in compare.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store/compare.h"
#include "store/compare_text.h"
#include "store/stats.h"
#include "util/buf.h"
#include "util/strmap.h"

/* A row a geometric mean can use: judged by a direction, positive figures on both sides. */
static int usable(const struct cmp_row *r)
{
	return r && r->dir != DIR_NONE && r->base.present && r->cand.present &&
	       r->base.center > 0 && r->cand.center > 0 && isfinite(r->base.center) &&
	       isfinite(r->cand.center);
}

/* A row's identity across the tables: unit, quantity, subject, scenario. */
static char *row_key(const struct cmp_row *r)
{
	struct buf b = BUF_INIT;

	/* once per row and table: no printf */
	buf_addc(&b, (char)('A' + (int)r->unit));
	buf_addc(&b, '\x1f');
	buf_adds(&b, r->quantity);
	buf_addc(&b, '\x1f');
	buf_adds(&b, r->subject);
	buf_addc(&b, '\x1f');
	buf_adds(&b, r->scenario);
	return buf_detach(&b, NULL);
}

/*
 * For each row i of t[0], the same row of t[k]: match[k * t[0].nrows + i],
 * NULL when t[k] has none (the first such row when several). One hash
 * lookup a row, so that a matrix of many rows and variants stays linear.
 * Heap; the caller frees.
 */
static const struct cmp_row **match_rows(const struct cmp_table *t, size_t n)
{
	size_t n0 = t[0].nrows;
	const struct cmp_row **match = xcalloc(n * n0 + 1, sizeof(*match));
	char **keys0 = xcalloc(n0 + 1, sizeof(*keys0));

	for (size_t i = 0; i < n0; i++)
		keys0[i] = row_key(&t[0].rows[i]);
	for (size_t k = 0; k < n; k++) {
		struct strmap index = STRMAP_INIT;
		char **keys = xcalloc(t[k].nrows + 1, sizeof(*keys));
		uint32_t at;

		for (size_t j = 0; j < t[k].nrows; j++) {
			keys[j] = row_key(&t[k].rows[j]);
			if (!strmap_get(&index, keys[j], &at))
				strmap_put(&index, keys[j], (uint32_t)j);
		}
		for (size_t i = 0; i < n0; i++)
			if (strmap_get(&index, keys0[i], &at))
				match[k * n0 + i] = &t[k].rows[at];
		strmap_release(&index);
		for (size_t j = 0; j < t[k].nrows; j++)
			free(keys[j]);
		free(keys);
	}
	for (size_t i = 0; i < n0; i++)
		free(keys0[i]);
	free(keys0);
	return match;
}

/*
 * Add the geometric mean of quantity rows `rows[0..k)` of table 0 to table
 * `t`, whose rows are match[i] for row i of table 0.
 */
static void add_geomean(struct cmp_table *t, const struct cmp_table *t0, const size_t *rows,
			size_t k, const struct cmp_row *const *match)
{
	double *b = xmalloc(k * sizeof(*b)), *c = xmalloc(k * sizeof(*c)), rb = 0, rc = 0;
	const struct cmp_row *first = &t0->rows[rows[0]];
	struct cmp_geomean *g;

	for (size_t i = 0; i < k; i++) {
		const struct cmp_row *r = match[rows[i]];

		b[i] = r->base.center;
		c[i] = r->cand.center;
		/*
		 * the log of a geometric mean is the mean of the logs: the rows'
		 * relative roundings average, and as independent errors shrink by √k
		 * (as cmp_side_res() takes several runs' means)
		 */
		rb += cmp_side_res(&r->base, r->unit) / b[i];
		rc += cmp_side_res(&r->cand, r->unit) / c[i];
	}
	rb /= (double)k * sqrt((double)k);
	rc /= (double)k * sqrt((double)k);
	t->geo = xrealloc(t->geo, (t->ngeo + 1) * sizeof(*t->geo));
	g = &t->geo[t->ngeo++];
	g->quantity = first->quantity;
	g->unit = first->unit;
	g->dir = first->dir;
	g->nrows = k;
	g->base = stats_geomean(b, k);
	g->cand = stats_geomean(c, k);
	g->ratio = g->cand / g->base;
	g->delta_pct = (g->ratio - 1) * 100;
	g->base_res = g->base * rb;
	g->cand_res = g->cand * rc;
	g->delta_res = g->ratio * (rb + rc) * 100;
	g->gain = g->dir == DIR_LOWER ? 1 / g->ratio : g->ratio;
	if (!(fabs(g->delta_pct) > t->opts.threshold))
		g->verdict = CMP_SAME;
	else
		g->verdict = g->gain > 1 ? CMP_BETTER : CMP_WORSE;
	free(b);
	free(c);
}

void cmp_geomeans(struct cmp_table *t, size_t n)
{
	const struct cmp_table *t0 = &t[0];
	int *keep, *done;
	size_t *rows;
	const struct cmp_row **match;

	if (!n)
		return;
	for (size_t k = 0; k < n; k++) {
		free(t[k].geo);
		t[k].geo = NULL;
		t[k].ngeo = 0;
	}
	keep = xcalloc(t0->nrows + 1, sizeof(*keep));
	done = xcalloc(t0->nrows + 1, sizeof(*done));
	rows = xcalloc(t0->nrows + 1, sizeof(*rows));
	match = match_rows(t, n);
	for (size_t i = 0; i < t0->nrows; i++) {
		keep[i] = usable(&t0->rows[i]);
		for (size_t k = 1; k < n && keep[i]; k++)
			keep[i] = usable(match[k * t0->nrows + i]);
	}
	for (size_t i = 0; i < t0->nrows; i++) {
		const struct cmp_row *r = &t0->rows[i];
		size_t nr = 0;

		if (!keep[i] || done[i])
			continue;
		for (size_t j = i; j < t0->nrows; j++) {
			const struct cmp_row *o = &t0->rows[j];

			if (keep[j] && o->unit == r->unit && o->dir == r->dir &&
			    !strcmp(o->quantity, r->quantity)) {
				rows[nr++] = j;
				done[j] = 1;
			}
		}
		if (nr < 2)
			continue; /* over one row the mean is that row */
		for (size_t k = 0; k < n; k++)
			add_geomean(&t[k], t0, rows, nr, match + k * t0->nrows);
	}
	free(match);
	free(keep);
	free(done);
	free(rows);
}
