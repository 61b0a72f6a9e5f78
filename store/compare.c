/*
 * compare.c - gathering a comparison: the figures, raw samples and notes
 * of the baseline's and the candidate's runs, grouped into rows by
 * (scenario, subject, quantity); compare_judge.c then judges each row and
 * the table. See compare.h for the rules.
 */
#include "store/compare.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/metrics.h"
#include "parsers/names.h"
#include "parsers/resolution.h"
#include "store/compare_judge.h"
#include "util/buf.h"

struct gather {
	const struct model *m;
	struct cmp_table *t;
	struct strmap index; /* "scenario \x1f subject \x1f quantity" → row */
	struct buf key;
	struct cmp_fig *figs;
	size_t nfigs, figs_cap;
};

static size_t row_for(struct gather *g, const struct run *r, const char *quantity, enum unit unit)
{
	struct cmp_table *t = g->t;
	struct cmp_row *row;
	struct buf metric = BUF_INIT;
	uint32_t at;

	buf_reset(&g->key);
	buf_addf(&g->key, "%s\x1f%s\x1f%s", r->eff_scenario, r->subject, quantity);
	if (strmap_get(&g->index, g->key.s, &at))
		return at;
	ALLOC_GROW(t->rows, t->nrows + 1, t->rows_cap);
	at = (uint32_t)t->nrows++;
	row = &t->rows[at];
	memset(row, 0, sizeof(*row));
	row->scenario = arena_strdup(&t->arena, r->eff_scenario);
	row->subject = arena_strdup(&t->arena, r->subject);
	row->quantity = arena_strdup(&t->arena, quantity);
	metric_name(&metric, r->subject, quantity, STAT_VALUE);
	row->metric = arena_strdup(&t->arena, buf_str(&metric));
	row->unit = unit;
	row->dir = metric_direction(quantity, STAT_VALUE);
	strmap_put(&g->index, arena_strdup(&t->arena, g->key.s), at);
	buf_release(&metric);
	return at;
}

/* The figures of run `run` for row `row`; the run's are figs[first..nfigs). */
static struct cmp_fig *fig_for(struct gather *g, size_t first, size_t row, uint32_t run, int cand,
			       unsigned flags)
{
	struct cmp_fig *f;

	for (size_t i = first; i < g->nfigs; i++)
		if (g->figs[i].row == row)
			return &g->figs[i];
	ALLOC_GROW(g->figs, g->nfigs + 1, g->figs_cap);
	f = &g->figs[g->nfigs++];
	memset(f, 0, sizeof(*f));
	f->row = row;
	f->cand = cand;
	f->run = run;
	f->scenario = g->m->rs.runs[run].eff_scenario;
	f->flags = flags;
	for (int s = 0; s < STAT__COUNT; s++)
		f->v[s] = f->res[s] = NAN;
	return f;
}

/* The data-quality flags a run brings to every row it is in. */
static unsigned run_flags(const struct model *m, uint32_t ri, const struct byrun *bn)
{
	const struct run *r = &m->rs.runs[ri];
	unsigned f = 0;

	if (r->flags & RUN_FAILED)
		f |= CMP_F_FAILED;
	if (r->flags & RUN_INCOMPLETE)
		f |= CMP_F_INCOMPLETE;
	for (uint32_t k = bn->start[ri]; k < bn->start[ri + 1]; k++) {
		switch (m->rs.notes[bn->order[k]].kind) {
		case NOTE_OUTLIERS:
			f |= CMP_F_OUTLIERS;
			break;
		case NOTE_WARNING:
			f |= CMP_F_WARNINGS;
			break;
		case NOTE_ERROR:
			f |= CMP_F_FAILED;
			break;
		case NOTE_DAMAGE:
			f |= CMP_F_INCOMPLETE;
			break;
		default:
			break;
		}
	}
	return f;
}

/*
 * How finely `me` was printed, from its bytes in its source; NaN when it
 * was not printed (JSON) or its source is not at hand. The model's source
 * texts are read on first use: that cache is the only thing changed.
 */
static double resolution_of(struct gather *g, const struct run *r, const struct measurement *me)
{
	const char *text;
	size_t len;

	if (!me->length)
		return NAN;
	text = model_source_text((struct model *)g->m, r->source, &len);
	return printed_resolution(text, len, me->offset, me->length, me->value);
}

static void gather_run(struct gather *g, uint32_t ri, int cand, const struct byrun *bm,
		       const struct byrun *bs, const struct byrun *bn)
{
	const struct model *m = g->m;
	const struct run *r = &m->rs.runs[ri];
	size_t first = g->nfigs;
	unsigned flags = run_flags(m, ri, bn);

	for (uint32_t k = bm->start[ri]; k < bm->start[ri + 1]; k++) {
		const struct measurement *me = &m->rs.meas[bm->order[k]];
		size_t row = row_for(g, r, me->quantity, me->unit);
		struct cmp_fig *f = fig_for(g, first, row, ri, cand, flags);

		if (isnan(f->v[me->stat])) {
			f->v[me->stat] = me->value;
			f->res[me->stat] = resolution_of(g, r, me);
		}
		if (me->n > f->n)
			f->n = me->n;
		/*
		 * The METRICS table decides a known quantity's direction, even in a
		 * store written before a row changed; the stored one stands only for a
		 * quantity no row names (a spread has none, the figure has).
		 */
		if (!metric_lookup(me->quantity) && me->dir != DIR_NONE)
			g->t->rows[row].dir = me->dir;
	}
	for (uint32_t k = bs->start[ri]; k < bs->start[ri + 1]; k++) {
		const struct sample *sm = &m->rs.samples[bs->order[k]];
		size_t row = row_for(g, r, sm->quantity, sm->unit);
		struct cmp_fig *f = fig_for(g, first, row, ri, cand, flags);

		if (!isfinite(sm->value))
			continue;
		ALLOC_GROW(f->samples, f->nsamples + 1, f->samples_cap);
		f->samples[f->nsamples++] = sm->value;
	}
}

/*
 * When the baseline measured a (subject, quantity) in one scenario only and
 * the candidate in another one only, they meet in one row flagged as mixed
 * (two quick-comparison files whose commands differ in more than the
 * variant) rather than in two half-empty rows.
 */
static void merge_scenarios(struct gather *g)
{
	struct cmp_table *t = g->t;
	size_t n = t->nrows, kept = 0;
	unsigned *sides = xcalloc(n ? n : 1, sizeof(*sides)); /* bit 0: base figures, bit 1: cand */
	size_t *to = xcalloc(n ? n : 1, sizeof(*to));
	/* rows of one (subject, quantity), in row order: first[group], then next[row] (n: end) */
	size_t *group = xcalloc(n ? n : 1, sizeof(*group)), *next = xcalloc(n ? n : 1, sizeof(*next));
	size_t *first = xcalloc(n ? n : 1, sizeof(*first)), *last = xcalloc(n ? n : 1, sizeof(*last));
	struct strmap groups = STRMAP_INIT;
	struct arena keys = ARENA_INIT;
	struct buf key = BUF_INIT;
	size_t ngroups = 0;

	for (size_t i = 0; i < g->nfigs; i++)
		sides[g->figs[i].row] |= g->figs[i].cand ? 2u : 1u;
	for (size_t i = 0; i < n; i++) {
		uint32_t at;

		to[i] = i;
		next[i] = n;
		buf_reset(&key);
		buf_addf(&key, "%s\x1f%s", t->rows[i].subject, t->rows[i].quantity);
		if (strmap_get(&groups, key.s, &at)) {
			next[last[at]] = i;
		} else {
			at = (uint32_t)ngroups++;
			strmap_put(&groups, arena_strndup(&keys, key.s, key.len), at);
			first[at] = i;
		}
		last[at] = i;
		group[i] = at;
	}
	for (size_t i = 0; i < n; i++) {
		size_t base_row = n, cand_row = n, others = 0;

		if (to[i] != i)
			continue;
		for (size_t j = first[group[i]]; j < n; j = next[j]) {
			if (sides[j] == 1 && base_row == n)
				base_row = j;
			else if (sides[j] == 2 && cand_row == n)
				cand_row = j;
			else
				others++;
		}
		if (base_row < n && cand_row < n && !others && t->rows[base_row].unit == t->rows[cand_row].unit)
			to[cand_row] = base_row;
	}
	for (size_t i = 0; i < g->nfigs; i++)
		g->figs[i].row = to[g->figs[i].row];
	/* drop the emptied rows, keeping the order; a row only ever merges within its group */
	for (size_t i = 0; i < n; i++) {
		if (to[i] != i)
			continue;
		if (t->rows[i].dir == DIR_NONE)
			for (size_t j = first[group[i]]; j < n; j = next[j])
				if (to[j] == i && t->rows[j].dir != DIR_NONE)
					t->rows[i].dir = t->rows[j].dir;
		t->rows[kept] = t->rows[i];
		to[i] = kept++;
	}
	for (size_t i = 0; i < g->nfigs; i++)
		g->figs[i].row = to[g->figs[i].row];
	t->nrows = kept;
	strmap_release(&groups);
	arena_release(&keys);
	buf_release(&key);
	free(sides);
	free(to);
	free(group);
	free(next);
	free(first);
	free(last);
}

/* Judge every row from its figures: baseline's first, then the candidate's, in run order. */
static void judge(struct gather *g)
{
	struct cmp_table *t = g->t;
	size_t *start = xcalloc(t->nrows + 1, sizeof(*start)), *fill;
	const struct cmp_fig **by_row = xmalloc((g->nfigs ? g->nfigs : 1) * sizeof(*by_row));

	for (size_t i = 0; i < g->nfigs; i++)
		start[g->figs[i].row + 1]++;
	for (size_t r = 0; r < t->nrows; r++)
		start[r + 1] += start[r];
	fill = xcalloc(t->nrows ? t->nrows : 1, sizeof(*fill));
	for (int cand = 0; cand <= 1; cand++)
		for (size_t i = 0; i < g->nfigs; i++)
			if (g->figs[i].cand == cand)
				by_row[start[g->figs[i].row] + fill[g->figs[i].row]++] = &g->figs[i];
	for (size_t r = 0; r < t->nrows; r++) {
		const struct cmp_fig *const *f = by_row + start[r];
		size_t n = start[r + 1] - start[r], nb = 0;

		while (nb < n && !f[nb]->cand)
			nb++;
		cmp_judge_row(&t->rows[r], f, nb, f + nb, n - nb, &t->opts);
	}
	cmp_judge_table(t);
	free(start);
	free(fill);
	free(by_row);
}

void cmp_build(const struct model *m, const struct experiment *e, const char *base,
	       const char *cand, const struct cmp_opts *o, struct cmp_table *t)
{
	static const struct cmp_opts defaults = CMP_OPTS_INIT;
	struct gather g = { m, t, STRMAP_INIT, BUF_INIT, NULL, 0, 0 };
	struct byrun bm, bs, bn;
	int same = !strcmp(base, cand);
	/* the model's indexes, unless records were added since it was resolved */
	int fresh = model_indexes_fresh(m);
	const struct variant_info *vb = model_variant(e, base), *vc = same ? NULL : model_variant(e, cand);
	size_t ib = 0, ic = 0, nb = vb ? vb->nruns : 0, nc = vc ? vc->nruns : 0;

	memset(t, 0, sizeof(*t));
	t->opts = o ? *o : defaults;
	t->base = arena_strdup(&t->arena, base);
	t->cand = arena_strdup(&t->arena, cand);
	if (fresh) {
		bm = m->meas_by_run;
		bs = m->samples_by_run;
		bn = m->notes_by_run;
	} else {
		byrun_build(&bm, m->rs.meas, m->rs.nmeas, sizeof(*m->rs.meas),
			    offsetof(struct measurement, run), m->rs.nruns);
		byrun_build(&bs, m->rs.samples, m->rs.nsamples, sizeof(*m->rs.samples),
			    offsetof(struct sample, run), m->rs.nruns);
		byrun_build(&bn, m->rs.notes, m->rs.nnotes, sizeof(*m->rs.notes),
			    offsetof(struct note, run), m->rs.nruns);
	}
	/* the two variants' runs in the experiment's order (both lists ascend) */
	while (ib < nb || ic < nc) {
		if (ic == nc || (ib < nb && vb->runs[ib] < vc->runs[ic]))
			gather_run(&g, vb->runs[ib++], 0, &bm, &bs, &bn);
		else
			gather_run(&g, vc->runs[ic++], 1, &bm, &bs, &bn);
	}
	if (!same)
		merge_scenarios(&g);
	judge(&g);
	for (size_t i = 0; i < g.nfigs; i++)
		free(g.figs[i].samples);
	free(g.figs);
	strmap_release(&g.index);
	buf_release(&g.key);
	if (!fresh) {
		byrun_release(&bm);
		byrun_release(&bs);
		byrun_release(&bn);
	}
}

void cmp_release(struct cmp_table *t)
{
	free(t->rows);
	free(t->geo);
	arena_release(&t->arena);
	memset(t, 0, sizeof(*t));
}

const char *cmp_method_name(enum cmp_method m)
{
#define NAME_(e, name) name,
	static const char *const names[] = { CMP_METHODS(NAME_) };
#undef NAME_
	return (unsigned)m < countof(names) ? names[m] : "";
}

const char *cmp_flag_name(unsigned flag)
{
#define NAME_(e, name) name,
	static const char *const names[] = { CMP_FLAGS(NAME_) };
#undef NAME_
	for (unsigned b = 0; b < countof(names); b++)
		if (flag == 1u << b)
			return names[b];
	return "";
}

const char *cmp_verdict_name(enum cmp_verdict v)
{
	static const char *const names[] = { "unknown", "better", "worse", "same" };

	return (unsigned)v < countof(names) ? names[v] : "";
}
