/*
 * compare.c - baseline against candidate, row by row; see compare.h.
 * A side's figure is the mean of the variant's measurements of that metric
 * (one per run); the verdict follows the metric's direction.
 */
#include "store/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "util/buf.h"

static void add_value(struct cmp_side *s, double v, uint32_t n)
{
	if (!s->present) {
		s->present = 1;
		s->min = s->max = v;
		s->mean = 0;
	}
	s->mean += v; /* a sum until finish() */
	s->nvalues++;
	s->n = s->nvalues == 1 ? n : (uint32_t)s->nvalues;
	if (v < s->min)
		s->min = v;
	if (v > s->max)
		s->max = v;
}

static void finish(struct cmp_row *r)
{
	if (r->base.present)
		r->base.mean /= (double)r->base.nvalues;
	if (r->cand.present)
		r->cand.mean /= (double)r->cand.nvalues;
	if (!r->base.present || !r->cand.present || r->base.mean == 0)
		return;
	r->has_delta = 1;
	r->delta_pct = (r->cand.mean - r->base.mean) / fabs(r->base.mean) * 100.0;
	if (r->dir == DIR_NONE)
		r->verdict = CMP_UNKNOWN;
	else if (r->delta_pct == 0)
		r->verdict = CMP_SAME;
	else if ((r->delta_pct < 0) == (r->dir == DIR_LOWER))
		r->verdict = CMP_BETTER;
	else
		r->verdict = CMP_WORSE;
}

void cmp_build(const struct model *m, const struct experiment *e, const char *base,
	       const char *cand, struct cmp_table *t)
{
	struct strmap index = STRMAP_INIT;
	struct buf key = BUF_INIT, metric = BUF_INIT;

	memset(t, 0, sizeof(*t));
	t->base = arena_strdup(&t->arena, base);
	t->cand = arena_strdup(&t->arena, cand);
	for (size_t i = 0; i < m->rs.nmeas; i++) {
		const struct measurement *me = &m->rs.meas[i];
		const struct run *r = &m->rs.runs[me->run];
		int is_base = !strcmp(r->eff_variant.key, base);
		int is_cand = !strcmp(r->eff_variant.key, cand);
		struct cmp_row *row;
		uint32_t at;

		if ((!is_base && !is_cand) || strcmp(r->eff_experiment, e->name))
			continue;
		buf_reset(&metric);
		metric_name(&metric, r->subject, me->quantity, me->stat);
		buf_reset(&key);
		buf_addf(&key, "%s\x1f%s", r->eff_scenario, metric.s);
		if (!strmap_get(&index, key.s, &at)) {
			ALLOC_GROW(t->rows, t->nrows + 1, t->rows_cap);
			at = (uint32_t)t->nrows++;
			row = &t->rows[at];
			memset(row, 0, sizeof(*row));
			row->scenario = arena_strdup(&t->arena, r->eff_scenario);
			row->metric = arena_strdup(&t->arena, metric.s);
			row->unit = me->unit;
			row->dir = me->dir;
			strmap_put(&index, arena_strdup(&t->arena, key.s), at);
		}
		row = &t->rows[at];
		if (is_base)
			add_value(&row->base, me->value, me->n);
		if (is_cand && !is_base)
			add_value(&row->cand, me->value, me->n);
	}
	for (size_t i = 0; i < t->nrows; i++)
		finish(&t->rows[i]);
	strmap_release(&index);
	buf_release(&key);
	buf_release(&metric);
}

void cmp_release(struct cmp_table *t)
{
	free(t->rows);
	arena_release(&t->arena);
	memset(t, 0, sizeof(*t));
}
