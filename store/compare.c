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
	/* per row, grown with the rows */
	unsigned char *unnamed; /* 1 when no METRICS row names its quantity */
	uint32_t *first_run;    /* the run whose figure made the row */
	long *dir_run;          /* the last run that set the row's direction from a stored one; -1 none */
	unsigned char *cached;  /* 1: judged already (a baseline row no candidate figure touches) */
	size_t meta_cap;
	/*
	 * The rows of each (scenario, subject), so that a run's figures find
	 * theirs with one lookup a run and a few strcmp, not a hash of the
	 * whole key a figure: "scenario \x1f subject" → a group of rows.
	 */
	struct strmap groups;
	struct row_group {
		size_t *rows, n, cap;
	} *grp;
	size_t ngrp, grp_cap;
	const struct run *grp_run; /* the run whose group is grp_at */
	size_t grp_at;
	struct arena stats; /* the figures' `more` (compare_judge.h) */
};

#define GATHER_INIT(m, t)                                                                          \
	{ (m), (t), STRMAP_INIT, BUF_INIT, NULL, 0, 0, NULL, NULL, NULL, NULL, 0, STRMAP_INIT, NULL, 0, 0, NULL, 0, \
	  ARENA_INIT }

static void gather_release(struct gather *g, int own_samples)
{
	for (size_t i = 0; own_samples && i < g->nfigs; i++)
		free(g->figs[i].samples);
	free(g->figs);
	free(g->unnamed);
	free(g->first_run);
	free(g->dir_run);
	free(g->cached);
	strmap_release(&g->index);
	buf_release(&g->key);
	for (size_t i = 0; i < g->ngrp; i++)
		free(g->grp[i].rows);
	free(g->grp);
	strmap_release(&g->groups);
	arena_release(&g->stats);
}

/* Room for the per-row metadata of rows [0, n). */
static void gather_meta(struct gather *g, size_t n)
{
	size_t cap = g->meta_cap;

	if (n <= cap)
		return;
	cap = cap ? cap : 16;
	while (cap < n)
		cap *= 2;
	g->unnamed = xrealloc(g->unnamed, cap);
	g->first_run = xrealloc(g->first_run, cap * sizeof(*g->first_run));
	g->dir_run = xrealloc(g->dir_run, cap * sizeof(*g->dir_run));
	g->cached = xrealloc(g->cached, cap);
	g->meta_cap = cap;
}

/* The group of run r's (scenario, subject): found once a run, made when new. */
static struct row_group *group_of(struct gather *g, const struct run *r)
{
	uint32_t at;

	if (g->grp_run == r)
		return &g->grp[g->grp_at];
	buf_reset(&g->key);
	buf_adds(&g->key, r->eff_scenario);
	buf_addc(&g->key, '\x1f');
	buf_adds(&g->key, r->subject);
	if (!strmap_get(&g->groups, g->key.s, &at)) {
		ALLOC_GROW(g->grp, g->ngrp + 1, g->grp_cap);
		memset(&g->grp[g->ngrp], 0, sizeof(*g->grp));
		at = (uint32_t)g->ngrp++;
		strmap_put(&g->groups, arena_strdup(&g->t->arena, g->key.s), at);
	}
	g->grp_run = r;
	g->grp_at = at;
	return &g->grp[at];
}

static size_t row_for(struct gather *g, const struct run *r, const char *quantity, enum unit unit)
{
	struct cmp_table *t = g->t;
	struct cmp_row *row;
	struct buf metric = BUF_INIT;
	struct row_group *grp = group_of(g, r);
	uint32_t at;

	/* the group's rows are those of this scenario and subject: the quantity tells them apart */
	for (size_t i = 0; i < grp->n; i++)
		if (!strcmp(t->rows[grp->rows[i]].quantity, quantity))
			return grp->rows[i];
	/* a new row: the whole key, for the index others look rows up in */
	buf_reset(&g->key);
	buf_adds(&g->key, r->eff_scenario);
	buf_addc(&g->key, '\x1f');
	buf_adds(&g->key, r->subject);
	buf_addc(&g->key, '\x1f');
	buf_adds(&g->key, quantity);
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
	gather_meta(g, t->nrows);
	g->unnamed[at] = !metric_lookup(quantity);
	g->first_run[at] = (uint32_t)(r - g->m->rs.runs);
	g->dir_run[at] = -1;
	g->cached[at] = 0;
	strmap_put(&g->index, arena_strdup(&t->arena, g->key.s), at);
	ALLOC_GROW(grp->rows, grp->n + 1, grp->cap);
	grp->rows[grp->n++] = at;
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
	f->row = (uint32_t)row;
	f->cand = (uint8_t)cand;
	f->run = run;
	f->scenario = g->m->rs.runs[run].eff_scenario;
	f->flags = flags;
	return f;
}

/* Give figure f stat k's figure and resolution (in place while it is its only stat). */
static void fig_set(struct gather *g, struct cmp_fig *f, unsigned k, struct cmp_stat st)
{
	if (!f->more && (!f->have || f->first_stat == k)) {
		f->first = st;
		f->first_stat = (uint8_t)k;
	} else {
		if (!f->more) {
			f->more = arena_alloc(&g->stats, STAT__COUNT * sizeof(*f->more));
			for (int s = 0; s < STAT__COUNT; s++)
				f->more[s] = (struct cmp_stat){ NAN, NAN };
			f->more[f->first_stat] = f->first;
		}
		f->more[k] = st;
	}
	f->have |= (uint16_t)(1u << k);
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
	if (r->flags & RUN_HAND)
		f |= CMP_F_HAND;
	if (r->flags & RUN_APPROX)
		f |= CMP_F_APPROX;
	if (r->flags & RUN_UPPER)
		f |= CMP_F_UPPER;
	if (r->flags & RUN_LOWER)
		f |= CMP_F_LOWER;
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
 * was not printed, or written by a JSON writer (the shortest text of the
 * double itself: exact, not rounded for print), or its source is not at
 * hand. The model's source texts are read on first use: that cache is the
 * only thing changed.
 */
static double resolution_of(struct gather *g, const struct run *r, const struct measurement *me)
{
	const char *text;
	size_t len;

	if (!me->length || fmt_is_json(r->fmt))
		return NAN;
	/*
	 * a count printed as zero ("0" retransmits) is exact: the unit word a
	 * zero would borrow its scale from belongs to a figure beside it
	 * ("6.29 Gbits/sec    0" is not zero Gbit)
	 */
	if (me->unit == UNIT_COUNT && me->value == 0)
		return 0;
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
		unsigned stat = me->stat;

		if (stat >= STAT__COUNT)
			continue; /* (no store holds one: a bound the compiler can see) */
		if (isnan(cmp_fig_v(f, (enum stat_kind)stat))) {
			struct cmp_stat st = { me->value, NAN };

			if (cmp_takes_res((enum stat_kind)stat)) /* (the only resolutions a judgement takes) */
				st.res = resolution_of(g, r, me);
			fig_set(g, f, stat, st);
		}
		if (me->n > f->n)
			f->n = me->n;
		/*
		 * The METRICS table decides a known quantity's direction, even in a
		 * store written before a row changed; the stored one stands only for a
		 * quantity no row names (a spread has none, the figure has).
		 */
		if (me->dir != DIR_NONE && g->unnamed[row]) {
			g->t->rows[row].dir = me->dir;
			g->dir_run[row] = (long)ri;
		}
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

/* Room in g's figures for every figure of variant v's runs at most: one allocation, no copies. */
static void gather_reserve(struct gather *g, const struct variant_info *v, const struct byrun *bm,
			   const struct byrun *bs)
{
	size_t n = 0;

	for (size_t i = 0; v && i < v->nruns; i++) {
		uint32_t ri = v->runs[i];

		n += (bm->start[ri + 1] - bm->start[ri]) + (bs->start[ri + 1] - bs->start[ri]);
	}
	ALLOC_GROW(g->figs, g->nfigs + n, g->figs_cap);
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
		g->cached[kept] = g->cached[i];
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
		if (!g->cached[r])
			cmp_judge_row(&t->rows[r], f, nb, f + nb, n - nb, &t->opts);
	}
	cmp_judge_table(t);
	free(start);
	free(fill);
	free(by_row);
}

/* The model's by-run indexes, or built here when records were added since it was resolved. */
static int byrun_get(const struct model *m, struct byrun *bm, struct byrun *bs, struct byrun *bn)
{
	if (model_indexes_fresh(m)) {
		*bm = m->meas_by_run;
		*bs = m->samples_by_run;
		*bn = m->notes_by_run;
		return 0;
	}
	byrun_build(bm, m->rs.meas, m->rs.nmeas, sizeof(*m->rs.meas), offsetof(struct measurement, run),
		    m->rs.nruns);
	byrun_build(bs, m->rs.samples, m->rs.nsamples, sizeof(*m->rs.samples),
		    offsetof(struct sample, run), m->rs.nruns);
	byrun_build(bn, m->rs.notes, m->rs.nnotes, sizeof(*m->rs.notes), offsetof(struct note, run),
		    m->rs.nruns);
	return 1;
}

static void table_init(struct cmp_table *t, const char *base, const char *cand,
		       const struct cmp_opts *o)
{
	static const struct cmp_opts defaults = CMP_OPTS_INIT;

	memset(t, 0, sizeof(*t));
	t->opts = o ? *o : defaults;
	t->base = arena_strdup(&t->arena, base);
	t->cand = arena_strdup(&t->arena, cand);
}

void cmp_base_prepare(const struct model *m, const struct experiment *e, const char *base,
		      const struct cmp_opts *o, struct cmp_base *b)
{
	const struct variant_info *vb = model_variant(e, base);
	struct gather *g;
	size_t *fill;

	memset(b, 0, sizeof(*b));
	b->m = m;
	b->e = e;
	b->own_byrun = byrun_get(m, &b->bm, &b->bs, &b->bn);
	table_init(&b->t, base, base, o);
	g = xcalloc(1, sizeof(*g));
	*g = (struct gather)GATHER_INIT(m, &b->t);
	gather_reserve(g, vb, &b->bm, &b->bs);
	for (size_t i = 0; vb && i < vb->nruns; i++)
		gather_run(g, vb->runs[i], 0, &b->bm, &b->bs, &b->bn);
	b->g = g;
	/* each row's figures, in run order, and the row judged with the baseline alone */
	b->fig_start = xcalloc(b->t.nrows + 1, sizeof(*b->fig_start));
	b->fig_order = xcalloc(g->nfigs ? g->nfigs : 1, sizeof(*b->fig_order));
	for (size_t i = 0; i < g->nfigs; i++)
		b->fig_start[g->figs[i].row + 1]++;
	for (size_t r = 0; r < b->t.nrows; r++)
		b->fig_start[r + 1] += b->fig_start[r];
	fill = xcalloc(b->t.nrows ? b->t.nrows : 1, sizeof(*fill));
	for (size_t i = 0; i < g->nfigs; i++)
		b->fig_order[b->fig_start[g->figs[i].row] + fill[g->figs[i].row]++] = i;
	free(fill);
	b->alone = xcalloc(b->t.nrows ? b->t.nrows : 1, sizeof(*b->alone));
	for (size_t r = 0; r < b->t.nrows; r++) {
		size_t n = b->fig_start[r + 1] - b->fig_start[r];
		const struct cmp_fig **f = xcalloc(n ? n : 1, sizeof(*f));

		for (size_t k = 0; k < n; k++)
			f[k] = &g->figs[b->fig_order[b->fig_start[r] + k]];
		b->alone[r] = b->t.rows[r];
		cmp_judge_row(&b->alone[r], f, n, f + n, 0, &b->t.opts);
		free(f);
	}
}

void cmp_base_release(struct cmp_base *b)
{
	if (b->g) {
		gather_release(b->g, 1);
		free(b->g);
	}
	free(b->fig_start);
	free(b->fig_order);
	free(b->alone);
	cmp_release(&b->t);
	if (b->own_byrun) {
		byrun_release(&b->bm);
		byrun_release(&b->bs);
		byrun_release(&b->bn);
	}
	memset(b, 0, sizeof(*b));
}

/* A row of the table being built: which side's gathered row it starts as, and where it goes. */
struct place {
	uint32_t first_run; /* the run that made it, the earlier one when both sides have it */
	size_t seq;         /* its position among the rows of the side that made it first */
	int side;           /* 0: the baseline's row `idx`; 1: the candidate's */
	size_t idx;
	long other;         /* the same row of the other side, or -1 */
};

static int cmp_place(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->first_run != y->first_run)
		return x->first_run < y->first_run ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static const char *group_key(struct buf *b, const struct cmp_row *r)
{
	buf_reset(b);
	buf_adds(b, r->subject);
	buf_addc(b, '\x1f');
	buf_adds(b, r->quantity);
	return b->s;
}

/*
 * The table of the baseline against `cand`: the same as gathering both
 * variants' runs together, in the experiment's order. The candidate's runs
 * are gathered here; the baseline's rows keep their prepared figures, and
 * those of a (subject, quantity) the candidate has no figure of keep their
 * prepared judgement (nothing a candidate brings can change them).
 */
void cmp_build_against(const struct cmp_base *b, const char *cand, struct cmp_table *t)
{
	const struct model *m = b->m;
	const struct variant_info *vc = model_variant(b->e, cand);
	const struct gather *gb = b->g;
	struct cmp_table tc;
	struct gather gc = GATHER_INIT(m, &tc), g = GATHER_INIT(m, t);
	struct strmap touched = STRMAP_INIT;
	struct arena keys = ARENA_INIT;
	struct buf key = BUF_INIT;
	struct place *pl;
	size_t npl = 0, *at_b, *at_c, ncand;

	table_init(&tc, b->t.base, cand, &b->t.opts);
	gather_reserve(&gc, vc, &b->bm, &b->bs);
	for (size_t i = 0; vc && i < vc->nruns; i++)
		gather_run(&gc, vc->runs[i], 1, &b->bm, &b->bs, &b->bn);
	for (size_t j = 0; j < tc.nrows; j++)
		if (!strmap_get(&touched, group_key(&key, &tc.rows[j]), NULL))
			strmap_put(&touched, arena_strdup(&keys, key.s), 1);

	/* the rows in the order gathering both sides together would make them */
	pl = xcalloc(b->t.nrows + tc.nrows + 1, sizeof(*pl));
	for (size_t i = 0; i < b->t.nrows; i++)
		pl[npl++] = (struct place){ gb->first_run[i], i, 0, i, -1 };
	for (size_t j = 0; j < tc.nrows; j++) {
		uint32_t i;

		/* the candidate's row keys are in gc.index, the baseline's in gb->index */
		buf_reset(&key);
		buf_adds(&key, tc.rows[j].scenario);
		buf_addc(&key, '\x1f');
		buf_adds(&key, tc.rows[j].subject);
		buf_addc(&key, '\x1f');
		buf_adds(&key, tc.rows[j].quantity);
		if (strmap_get(&gb->index, key.s, &i)) {
			pl[i].other = (long)j;
			if (gc.first_run[j] < pl[i].first_run) {
				pl[i].first_run = gc.first_run[j];
				pl[i].seq = j;
			}
			continue;
		}
		pl[npl++] = (struct place){ gc.first_run[j], j, 1, j, -1 };
	}
	qsort(pl, npl, sizeof(*pl), cmp_place);

	table_init(t, b->t.base, cand, &b->t.opts);
	t->rows = xcalloc(npl ? npl : 1, sizeof(*t->rows));
	t->rows_cap = npl ? npl : 1;
	t->nrows = npl;
	gather_meta(&g, npl ? npl : 1);
	at_b = xcalloc(b->t.nrows + 1, sizeof(*at_b));
	at_c = xcalloc(tc.nrows + 1, sizeof(*at_c));
	for (size_t k = 0; k < npl; k++) {
		const struct place *p = &pl[k];
		/* the row as the side that made it first made it */
		int from_c = p->side == 1 || (p->other >= 0 && gc.first_run[p->other] < gb->first_run[p->idx]);
		const struct cmp_row *src = from_c ? &tc.rows[p->side ? p->idx : (size_t)p->other]
						   : &b->t.rows[p->idx];
		struct cmp_row *row = &t->rows[k];
		int alone = p->side == 0 && p->other < 0 &&
			    !strmap_get(&touched, group_key(&key, &b->t.rows[p->idx]), NULL);

		*row = alone ? b->alone[p->idx] : *src;
		row->scenario = arena_strdup(&t->arena, src->scenario);
		row->subject = arena_strdup(&t->arena, src->subject);
		row->quantity = arena_strdup(&t->arena, src->quantity);
		row->metric = arena_strdup(&t->arena, src->metric);
		g.cached[k] = (unsigned char)alone;
		if (p->side == 0) {
			at_b[p->idx] = k;
			if (p->other >= 0) {
				long rb = gb->dir_run[p->idx], rc = gc.dir_run[p->other];

				at_c[p->other] = k;
				/* the direction the later of the two sides' stored ones set */
				if (rb >= 0 || rc >= 0)
					row->dir = rc > rb ? tc.rows[p->other].dir : b->t.rows[p->idx].dir;
			}
		} else {
			at_c[p->idx] = k;
		}
	}
	/*
	 * the figures: the candidate's, in run order, in their own array grown
	 * once (not copied: for a variant of 100 k runs a copy was the most of
	 * the memory a comparison touched), then the baseline's of rows judged
	 * here, in run order. judge() takes each side's in array order. The
	 * candidate's own rows and their index are done with: they go first.
	 */
	g.figs = gc.figs;
	g.nfigs = ncand = gc.nfigs;
	gc.figs = NULL;
	gc.nfigs = gc.figs_cap = 0;
	arena_take(&g.stats, &gc.stats); /* (the baseline's stay gb's, as long as b) */
	gather_release(&gc, 1);
	cmp_release(&tc);
	strmap_release(&touched);
	arena_release(&keys);
	free(pl);
	pl = NULL;
	g.figs_cap = ncand + gb->nfigs + 1;
	g.figs = xrealloc(g.figs, g.figs_cap * sizeof(*g.figs));
	for (size_t i = 0; i < g.nfigs; i++)
		g.figs[i].row = at_c[g.figs[i].row];
	for (size_t i = 0; i < gb->nfigs; i++) {
		const struct cmp_fig *f = &gb->figs[i];

		if (g.cached[at_b[f->row]])
			continue;
		g.figs[g.nfigs] = *f;
		g.figs[g.nfigs++].row = at_b[f->row];
	}
	merge_scenarios(&g);
	judge(&g);
	/* the candidate's samples are g's now; the baseline's stay gb's */
	for (size_t i = 0; i < ncand; i++)
		free(g.figs[i].samples);
	gather_release(&g, 0);
	buf_release(&key);
	free(at_b);
	free(at_c);
}

void cmp_build(const struct model *m, const struct experiment *e, const char *base,
	       const char *cand, const struct cmp_opts *o, struct cmp_table *t)
{
	struct gather g = GATHER_INIT(m, t);
	const struct variant_info *vb;
	struct byrun bm, bs, bn;
	int own;

	if (strcmp(base, cand)) {
		struct cmp_base b;

		cmp_base_prepare(m, e, base, o, &b);
		cmp_build_against(&b, cand, t);
		cmp_base_release(&b);
		return;
	}
	/* the baseline alone */
	table_init(t, base, cand, o);
	own = byrun_get(m, &bm, &bs, &bn);
	vb = model_variant(e, base);
	for (size_t i = 0; vb && i < vb->nruns; i++)
		gather_run(&g, vb->runs[i], 0, &bm, &bs, &bn);
	judge(&g);
	gather_release(&g, 1);
	if (own) {
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
