/*
 * across.c - one factor's pairs and effects in every experiment of the
 * store, and the pooled effect; see across.h.
 */
#include "store/across.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/factors.h"
#include "store/catalog.h"
#include "store/flows.h"
#include "store/load.h"
#include "store/loadexp.h"
#include "store/progress.h"
#include "store/pairs.h"
#include "store/stats.h"
#include "store/storeindex.h"
#include "util/buf.h"
#include "util/util.h"

int fx_thread_of(const char *name, char *project, size_t psize, char *thread, size_t tsize)
{
	const char *p = name, *owner, *repo, *kind, *num, *end;

	if (!strncmp(p, "https://", 8))
		p += 8;
	else if (!strncmp(p, "http://", 7))
		p += 7;
	else
		return 0;
	/* HOST/OWNER/REPO/(issues|pull)/N */
	if (!(owner = strchr(p, '/')) || !(repo = strchr(++owner, '/')) || !(kind = strchr(++repo, '/')))
		return 0;
	kind++;
	if (strncmp(kind, "issues/", 7) && strncmp(kind, "pull/", 5))
		return 0;
	num = strchr(kind, '/') + 1;
	for (end = num; *end >= '0' && *end <= '9'; end++)
		;
	if (end == num || repo - owner < 2 || kind - repo < 2)
		return 0;
	snprintf(project, psize, "%.*s", (int)(kind - 1 - owner), owner);
	snprintf(thread, tsize, "%.*s", (int)(end - name), name);
	return 1;
}

/*
 * Does pair p of x belong to the question? Into `level` from any level
 * when one is asked ("opt=O3": O0, O1, O2 to O3); else from the factor's
 * base (every pair, for a factor without one).
 */
static int wanted(const struct fx_exp *x, const struct fx_pair *p, const char *level, int instrumented)
{
	const struct fx_factor *f = &x->factors[p->factor];

	if (p->instrumented && !instrumented)
		return 0;
	if (*level)
		return !strcasecmp(p->to, level);
	return !*f->base || !strcmp(p->from, f->base);
}

/* The project and thread of experiment e: those of the first of its imports read from a thread. */
static void thread_of(struct fx_across *out, struct fx_across_exp *ae, const struct model *m,
		      const struct experiment *e)
{
	char project[256], thread[512];

	ae->project = ae->thread = ae->file = "";
	for (size_t k = 0; k < e->nsources; k++) {
		const struct source *s = &m->sources[e->sources[k]];

		if (fx_thread_of(s->name, project, sizeof(project), thread, sizeof(thread)) ||
		    (s->thread && fx_thread_of(s->thread, project, sizeof(project), thread, sizeof(thread)))) {
			ae->project = arena_strdup(&out->arena, project);
			ae->thread = arena_strdup(&out->arena, thread);
			return;
		}
	}
	/* else the name of its first import's file, without its folder and extension */
	if (e->nsources) {
		const char *name = m->sources[e->sources[0]].name, *base = name ? strrchr(name, '/') : NULL;
		size_t n;

		base = base ? base + 1 : name ? name : "";
		n = strcspn(base, ".");
		if (n && strcmp(base, "-") && strncmp(base, "stdin", 5))
			ae->file = arena_strndup(&out->arena, base, n);
	}
}

/*
 * The name each line goes by (fx_across_label()): its project; else its
 * file's name when no other line without a project has that name (a file
 * "results.txt" of every experiment names none of them); else its
 * experiment's name.
 */
static void label_lines(struct fx_across *out)
{
	for (size_t i = 0; i < out->nexps; i++) {
		struct fx_across_exp *ae = &out->exps[i];
		int unique = *ae->file != '\0';

		for (size_t j = 0; unique && j < out->nexps; j++)
			unique = j == i || *out->exps[j].project || strcmp(out->exps[j].file, ae->file);
		ae->label = *ae->project ? ae->project : unique ? ae->file : ae->experiment;
	}
}

/*
 * Experiment e of `m` (runs loaded): its wanted pairs measured into a new
 * line of `out` (none added when it has none). *near counts an experiment
 * where the factor varies in no pair alone.
 */
/*
 * Where measure() gets a pair's effects: kept in the catalog under the
 * experiment's stamp, else judged on the experiment read alone (once, when
 * the first pair is not kept) and kept. NULL: judged on the model given.
 */
struct kept {
	struct store *st;
	struct catalog *c;    /* or NULL: nothing kept, nothing asked */
	const struct model *index;
	char stamp[33];
	int stamped;
	struct model one;     /* the experiment, read alone when needed */
	const struct experiment *e1;
	int tried;
	size_t hits, misses;
};

/* The effects of pair base → cand of experiment e into out[]; 0, or -1 when it cannot be read. */
static int pair_effects(struct kept *k, const struct model *m, const struct experiment *e,
			const char *base, const char *cand, const struct cmp_opts *o, struct fx_effect *out)
{
	if (!k) {
		fx_pair_effects(m, e, base, cand, o, out);
		return 0;
	}
	if (k->c && k->stamped && catalog_fx_get(k->c, e->name, base, cand, k->stamp, out)) {
		k->hits++;
		return 0;
	}
	if (!k->tried) {
		k->tried = 1;
		if (store_load_experiment(k->st, k->index, e, &k->one))
			k->e1 = model_experiment(&k->one, e->name);
	}
	if (!k->e1)
		return -1;
	fx_pair_effects(&k->one, k->e1, base, cand, o, out);
	k->misses++;
	if (k->c && k->stamped)
		catalog_fx_put(k->c, e->name, base, cand, k->stamp, out);
	return 0;
}

static void measure(struct fx_across *out, const struct model *m, const struct experiment *e,
		    const char *factor, const char *level, int instrumented, const struct cmp_opts *o,
		    size_t *cap, struct kept *kept)
{
	struct fx_exp x;
	struct fx_across_exp *ae;
	long f;
	size_t n = 0, left = 0;

	fx_read(m, e, &x);
	if ((f = fx_factor_index(&x, factor)) < 0) {
		fx_release(&x);
		return;
	}
	if (!x.factors[f].n)
		out->nnear++;
	for (size_t k = x.factors[f].first; k < x.factors[f].first + x.factors[f].n; k++) {
		if (wanted(&x, &x.pairs[k], level, 1) && !wanted(&x, &x.pairs[k], level, instrumented))
			left++;
		n += wanted(&x, &x.pairs[k], level, instrumented);
	}
	if (!n) {
		fx_release(&x);
		return;
	}
	ALLOC_GROW(out->exps, out->nexps + 1, *cap);
	ae = &out->exps[out->nexps++];
	memset(ae, 0, sizeof(*ae));
	ae->experiment = arena_strdup(&out->arena, e->name);
	ae->left_out = left;
	thread_of(out, ae, m, e);
	ae->pairs = arena_alloc(&out->arena, n * sizeof(*ae->pairs));
	for (size_t k = x.factors[f].first; k < x.factors[f].first + x.factors[f].n; k++) {
		const struct fx_pair *p = &x.pairs[k];
		struct fx_across_pair *ap;
		struct buf with = BUF_INIT;

		if (!wanted(&x, p, level, instrumented))
			continue;
		ap = &ae->pairs[ae->npairs++];
		ap->base = arena_strdup(&out->arena, x.variants[p->base].text);
		ap->cand = arena_strdup(&out->arena, x.variants[p->cand].text);
		ap->from = arena_strdup(&out->arena, p->from);
		ap->to = arena_strdup(&out->arena, p->to);
		fx_pair_context(&x, p, &with);
		ap->with = arena_strdup(&out->arena, buf_str(&with));
		buf_release(&with);
		ap->effects = arena_alloc(&out->arena, fx_nfamilies * sizeof(*ap->effects));
		if (pair_effects(kept, m, e, x.variants[p->base].key, x.variants[p->cand].key, o, ap->effects) < 0) {
			/* the experiment does not read alone: its line is left out, as fx_across() says */
			out->nexps--;
			fx_release(&x);
			kept->misses = SIZE_MAX;
			return;
		}
	}
	ae->effects = arena_alloc(&out->arena, fx_nfamilies * sizeof(*ae->effects));
	for (size_t k = 0; k < fx_nfamilies; k++) {
		struct fx_effect *each = xmalloc(ae->npairs * sizeof(*each));

		for (size_t i = 0; i < ae->npairs; i++)
			each[i] = ae->pairs[i].effects[k];
		fx_effect_combine(each, ae->npairs, o, &ae->effects[k]);
		free(each);
	}
	fx_release(&x);
}

/* Does experiment e of index model m have a wanted pair (no runs read)? */
static int has_pair(const struct model *m, const struct experiment *e, const char *factor,
		    const char *level, int instrumented, size_t *near)
{
	struct fx_exp x;
	long f;
	int any = 0;

	fx_read(m, e, &x);
	if ((f = fx_factor_index(&x, factor)) >= 0) {
		for (size_t k = x.factors[f].first; k < x.factors[f].first + x.factors[f].n && !any; k++)
			any = wanted(&x, &x.pairs[k], level, instrumented);
		if (!x.factors[f].n)
			(*near)++;
	}
	fx_release(&x);
	return any;
}

static int by_name(const void *a, const void *b)
{
	const struct fx_across_exp *x = a, *y = b;

	return strcmp(x->experiment, y->experiment);
}

static void pool(struct fx_across *out)
{
	double *r = xmalloc((out->nexps + 1) * sizeof(*r));

	out->pooled = arena_alloc(&out->arena, fx_nfamilies * sizeof(*out->pooled));
	for (size_t k = 0; k < fx_nfamilies; k++) {
		struct fx_pooled *p = &out->pooled[k];
		size_t n = 0, lower = 0;

		memset(p, 0, sizeof(*p));
		p->family = fx_families[k];
		p->ratio = p->gsd = p->min = p->max = NAN;
		for (size_t e = 0; e < out->nexps; e++) {
			const struct fx_effect *f = &out->exps[e].effects[k];

			if (!f->nrows)
				continue;
			r[n++] = f->ratio;
			p->res += f->res;
			lower += f->dir == DIR_LOWER;
			if (!(f->ratio >= p->min))
				p->min = f->ratio;
			if (!(f->ratio <= p->max))
				p->max = f->ratio;
			p->better += f->verdict == CMP_BETTER;
			p->worse += f->verdict == CMP_WORSE;
			p->same += f->verdict == CMP_SAME;
		}
		p->nexps = n;
		if (!n)
			continue;
		p->res /= (double)n;
		p->dir = lower * 2 >= n ? DIR_LOWER : DIR_HIGHER;
		p->ratio = stats_geomean(r, n);
		p->gsd = stats_geosd(r, n);
	}
	free(r);
}

/* Every experiment of model m (runs loaded) into out. */
static void over_model(struct fx_across *out, const struct model *m, int instrumented,
		       const struct cmp_opts *o, size_t *cap)
{
	out->nscanned = m->nexps;
	for (size_t e = 0; e < m->nexps; e++)
		measure(out, m, &m->exps[e], out->factor, out->level, instrumented, o, cap, NULL);
}

static void finish(struct fx_across *out)
{
	if (out->nexps)
		qsort(out->exps, out->nexps, sizeof(*out->exps), by_name);
	label_lines(out);
	pool(out);
}

int fx_across(struct store *st, const char *factor, const char *level, int instrumented,
	      const struct cmp_opts *o, struct fx_across *out, struct diag *d)
{
	const struct cmp_opts defaults = CMP_OPTS_INIT;
	struct model index;
	size_t cap = 0, near_index = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->factor = arena_strdup(&out->arena, factor);
	out->level = arena_strdup(&out->arena, level ? level : "");
	if (!o)
		o = &defaults;
	model_init(&index);
	if (store_snapshot(st, NULL, NEED_SUMMARY, &index, d) == 0) {
		/*
		 * the index names each experiment's variants: the pairs' effects are
		 * the catalog's when it keeps them, else the experiment is read alone
		 */
		struct catalog *c = catalog_open(st);

		if (c && catalog_sync(c) != 0) {
			catalog_close(c);
			c = NULL; /* an import does not verify: every experiment is read */
		}
		if (c && catalog_fx_begin(c) < 0) {
			catalog_close(c);
			c = NULL;
		}
		out->nscanned = index.nexps;
		for (size_t e = 0; e < index.nexps; e++) {
			struct kept k = { .st = st, .c = c, .index = &index };

			if (store_progress(st, STORE_PHASE_JUDGING, e, index.nexps)) {
				rc = diag_error(d, st->dir, 0, "reading the store cancelled");
				break; /* what was judged by then is kept */
			}
			if (!has_pair(&index, &index.exps[e], out->factor, out->level, instrumented, &near_index))
				continue;
			model_init(&k.one);
			k.stamped = c && catalog_fx_stamp(c, &index, &index.exps[e], o, k.stamp) == 0;
			measure(out, &index, &index.exps[e], out->factor, out->level, instrumented, o, &cap, &k);
			if (k.misses == SIZE_MAX)
				diag_warn(d, NULL, 0, "experiment \"%s\" could not be read alone: left out (see "
						      "'benchdelta fsck')",
					  index.exps[e].name);
			out->kept += k.hits;
			out->judged += k.misses == SIZE_MAX ? 0 : k.misses;
			model_release(&k.one);
		}
		if (c)
			catalog_fx_end(c);
		catalog_close(c);
		out->nnear = near_index;
	} else {
		rc = -1;
	}
	model_release(&index);
	finish(out);
	return rc;
}

int fx_across_model(const struct model *m, const char *factor, const char *level, int instrumented,
		    const struct cmp_opts *o, struct fx_across *out)
{
	const struct cmp_opts defaults = CMP_OPTS_INIT;
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	out->factor = arena_strdup(&out->arena, factor);
	out->level = arena_strdup(&out->arena, level ? level : "");
	over_model(out, m, instrumented, o ? o : &defaults, &cap);
	finish(out);
	return 0;
}

void fx_across_release(struct fx_across *x)
{
	free(x->exps);
	arena_release(&x->arena);
	memset(x, 0, sizeof(*x));
}

const struct fx_pooled *fx_across_pooled(const struct fx_across *x, enum metric_family family)
{
	for (size_t k = 0; x->pooled && k < fx_nfamilies; k++)
		if (fx_families[k] == family)
			return &x->pooled[k];
	return NULL;
}

const struct fx_effect *fx_across_effect(const struct fx_across_exp *e, enum metric_family family)
{
	for (size_t k = 0; e->effects && k < fx_nfamilies; k++)
		if (fx_families[k] == family)
			return &e->effects[k];
	return NULL;
}

static void widen(double v, double *lo, double *hi)
{
	if (!(v > 0) || !isfinite(v))
		return;
	v = log(v);
	if (v < *lo)
		*lo = v;
	if (v > *hi)
		*hi = v;
}

int fx_across_axis(const struct fx_across *x, size_t k, double *lo, double *hi)
{
	const struct fx_pooled *p = &x->pooled[k];
	double pad;

	*lo = *hi = 0;
	if (!p->nexps)
		return 0;
	for (size_t e = 0; e < x->nexps; e++) {
		const struct fx_effect *f = &x->exps[e].effects[k];

		if (!f->nrows)
			continue;
		widen(f->ratio, lo, hi);
		widen(f->lo, lo, hi);
		widen(f->hi, lo, hi);
	}
	if (isfinite(p->gsd)) {
		widen(p->ratio / p->gsd, lo, hi);
		widen(p->ratio * p->gsd, lo, hi);
	}
	pad = (*hi - *lo) / 10;
	if (!(pad > 0))
		pad = 0.01;
	*lo -= pad;
	*hi += pad;
	return 1;
}

const char *fx_across_label(const struct fx_across_exp *e)
{
	return e->label ? e->label : *e->project ? e->project : e->experiment;
}
