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
#include "store/stats.h"

/* A row a geometric mean can use: judged by a direction, positive figures on both sides. */
static int usable(const struct cmp_row *r)
{
	return r && r->dir != DIR_NONE && r->base.present && r->cand.present &&
	       r->base.center > 0 && r->cand.center > 0 && isfinite(r->base.center) &&
	       isfinite(r->cand.center);
}

static const struct cmp_row *same_row(const struct cmp_table *t, const struct cmp_row *r)
{
	for (size_t i = 0; i < t->nrows; i++) {
		const struct cmp_row *o = &t->rows[i];

		if (o->unit == r->unit && !strcmp(o->quantity, r->quantity) &&
		    !strcmp(o->subject, r->subject) && !strcmp(o->scenario, r->scenario))
			return o;
	}
	return NULL;
}

/* Add the geometric mean of quantity rows `rows[0..k)` of table 0 to table `t`. */
static void add_geomean(struct cmp_table *t, const struct cmp_table *t0, const size_t *rows,
			size_t k)
{
	double *b = xmalloc(k * sizeof(*b)), *c = xmalloc(k * sizeof(*c));
	const struct cmp_row *first = &t0->rows[rows[0]];
	struct cmp_geomean *g;

	for (size_t i = 0; i < k; i++) {
		const struct cmp_row *r = same_row(t, &t0->rows[rows[i]]);

		b[i] = r->base.center;
		c[i] = r->cand.center;
	}
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
	for (size_t i = 0; i < t0->nrows; i++) {
		keep[i] = usable(&t0->rows[i]);
		for (size_t k = 1; k < n && keep[i]; k++)
			keep[i] = usable(same_row(&t[k], &t0->rows[i]));
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
			add_geomean(&t[k], t0, rows, nr);
	}
	free(keep);
	free(done);
	free(rows);
}
