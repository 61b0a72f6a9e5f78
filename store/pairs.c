/*
 * pairs.c - the factors of an experiment's variants and the pairs that
 * differ in one of them alone; see pairs.h.
 */
#include "store/pairs.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/factors.h"
#include "parsers/label.h"
#include "util/util.h"

/* How many near pairs a factor without a clean one shows at most. */
#define NEAR_MAX 3

static const char *unstated = "(unstated)";

/* The column of factor `name`, added to x->all when new. */
static size_t column(struct fx_exp *x, const char *name, size_t *cap)
{
	for (size_t c = 0; c < x->nall; c++)
		if (!strcmp(x->all[c], name))
			return c;
	ALLOC_GROW(x->all, x->nall + 1, *cap);
	x->all[x->nall] = arena_strdup(&x->arena, name);
	return x->nall++;
}

/*
 * Does tag t reach variant `key` of experiment e? The tag names a variant
 * key as it was when tagged; the renames of that experiment (aliases, in
 * the order they were made, as a run's name follows them) carry it along,
 * so that a variant renamed after it was tagged keeps its levels.
 */
static int tag_applies(const struct model *m, const struct vtag *t, const struct experiment *e,
		       const char *key)
{
	struct buf now = BUF_INIT;
	int hit;

	if (*t->experiment && strcmp(t->experiment, e->name))
		return 0;
	buf_adds(&now, t->variant);
	for (size_t k = 0; k < m->naliases; k++) {
		const struct alias *a = &m->aliases[k];

		if ((!*a->experiment || !strcmp(a->experiment, e->name)) && !strcmp(a->from, buf_str(&now))) {
			buf_reset(&now);
			variant_key(a->to, strlen(a->to), &now);
		}
	}
	hit = !strcmp(buf_str(&now), key);
	buf_release(&now);
	return hit;
}

/* A level as kept: "" for a table factor's base level, else the level. */
static const char *kept(struct fx_exp *x, int id, const char *level)
{
	if (id >= 0 && factor_level_rank((enum factor_id)id, level) == 0)
		return "";
	return arena_strdup(&x->arena, level);
}

static void read_variants(const struct model *m, const struct experiment *e, struct fx_exp *x)
{
	size_t cap = 0;

	/* the table's factors, then the tags' own, so that every column exists before the levels */
	for (int f = 0; f < FACTOR__COUNT; f++)
		column(x, factor_name((enum factor_id)f), &cap);
	for (size_t k = 0; k < m->ntags; k++)
		if ((!*m->tags[k].experiment || !strcmp(m->tags[k].experiment, e->name)) &&
		    strcmp(m->tags[k].factor, PAIRS_WORDS))
			column(x, m->tags[k].factor, &cap);
	x->nvariants = e->nvariants;
	x->variants = arena_alloc(&x->arena, (e->nvariants + 1) * sizeof(*x->variants));
	for (size_t v = 0; v < e->nvariants; v++) {
		struct fx_variant *fv = &x->variants[v];
		struct factor_reading r;

		memset(fv, 0, sizeof(*fv));
		fv->key = e->variants[v].key;
		fv->text = e->variants[v].text;
		fv->level = arena_alloc(&x->arena, (x->nall + 1) * sizeof(*fv->level));
		fv->tagged = arena_alloc(&x->arena, x->nall + 1);
		memset(fv->tagged, 0, x->nall + 1);
		factor_read(fv->text, strlen(fv->text), &r);
		for (size_t c = 0; c < x->nall; c++)
			fv->level[c] = c < FACTOR__COUNT ? kept(x, (int)c, r.level[c]) : "";
		fv->words = arena_strdup(&x->arena, r.words);
		fv->named = r.nread > 0;
		for (size_t k = 0; k < m->ntags; k++) {
			const struct vtag *t = &m->tags[k];
			char norm[FACTOR_LEVEL_MAX];
			size_t c;

			if (!tag_applies(m, t, e, fv->key))
				continue;
			if (!strcmp(t->factor, PAIRS_WORDS)) {
				struct factor_reading w;

				/* the other words the user says the name has: read as a name is */
				factor_read(t->level, strlen(t->level), &w);
				fv->words = arena_strdup(&x->arena, w.words);
				continue;
			}
			c = column(x, t->factor, &cap);
			factor_normalize_level(c < FACTOR__COUNT ? (int)c : -1, t->level, norm, sizeof(norm));
			fv->level[c] = kept(x, c < FACTOR__COUNT ? (int)c : -1, norm);
			fv->tagged[c] = 1;
			fv->named |= *t->level != '\0';
		}
		for (size_t c = 0; c < x->nall; c++)
			fv->instrumented |= !strcmp(fv->level[c], "instrumented");
	}
}

const char *fx_level_shown(const struct fx_exp *x, size_t v, size_t col)
{
	const char *l = x->variants[v].level[col];

	if (*l)
		return l;
	if (col < FACTOR__COUNT && *factor_levels((enum factor_id)col)) {
		static char base[FACTOR__COUNT][FACTOR_LEVEL_MAX];

		/* the table's, so it outlives every call */
		return factor_base((enum factor_id)col, base[col], sizeof(base[col]));
	}
	return unstated;
}

/* The rank of a level for ordering a pair: the table's place, "" first; -1 when unknown. */
static int rank(size_t col, const char *level)
{
	if (!*level)
		return 0;
	return col < FACTOR__COUNT ? factor_level_rank((enum factor_id)col, level) : -1;
}

/* 1 when variant j, not i, is the base of a pair in column col. */
static int flip(const struct fx_exp *x, size_t col, size_t i, size_t j)
{
	int ri = rank(col, x->variants[i].level[col]), rj = rank(col, x->variants[j].level[col]);

	if (ri >= 0 && rj >= 0 && ri != rj)
		return rj < ri;
	if ((ri >= 0) != (rj >= 0))
		return rj >= 0; /* a known level before one the table does not know */
	if (!strcmp(x->variants[j].key, x->baseline))
		return 1;
	return 0;
}

/* The columns variants i and j differ in (into diff[], at most x->nall), words aside; how many. */
static size_t differences(const struct fx_exp *x, size_t i, size_t j, size_t *diff)
{
	size_t n = 0;

	for (size_t c = 0; c < x->nall; c++)
		if (strcmp(x->variants[i].level[c], x->variants[j].level[c]))
			diff[n++] = c;
	return n;
}

static void set_pair(struct fx_exp *x, struct fx_pair *p, size_t factor, size_t i, size_t j)
{
	size_t col = x->factors[factor].col;

	memset(p, 0, sizeof(*p));
	p->factor = factor;
	if (flip(x, col, i, j)) {
		size_t s = i;

		i = j;
		j = s;
	}
	p->base = i;
	p->cand = j;
	p->from = fx_level_shown(x, i, col);
	p->to = fx_level_shown(x, j, col);
	p->instrumented = x->variants[i].instrumented || x->variants[j].instrumented;
}

/* The factors that differ between some two variants, table order first. */
static void find_factors(struct fx_exp *x)
{
	x->factors = arena_alloc(&x->arena, (x->nall + 1) * sizeof(*x->factors));
	for (size_t c = 0; c < x->nall; c++) {
		struct fx_factor *f;
		size_t v = 1;

		if (!x->nvariants)
			return;
		while (v < x->nvariants && !strcmp(x->variants[v].level[c], x->variants[0].level[c]))
			v++;
		if (v >= x->nvariants)
			continue;
		f = &x->factors[x->nfactors++];
		memset(f, 0, sizeof(*f));
		f->name = x->all[c];
		f->id = c < FACTOR__COUNT ? (int)c : -1;
		f->col = c;
		f->base = "";
		if (c < FACTOR__COUNT && *factor_levels((enum factor_id)c)) {
			char base[FACTOR_LEVEL_MAX];

			f->base = arena_strdup(&x->arena, factor_base((enum factor_id)c, base, sizeof(base)));
		}
	}
}

static void pairs(struct fx_exp *x)
{
	size_t nv = x->nvariants, *diff = xmalloc((x->nall + 1) * sizeof(*diff));
	size_t pcap = 0, ncap = 0;

	for (size_t f = 0; f < x->nfactors; f++) {
		struct fx_factor *fa = &x->factors[f];
		size_t best = SIZE_MAX;

		fa->first = x->npairs;
		for (size_t i = 0; i < nv; i++)
			for (size_t j = i + 1; j < nv; j++) {
				if (differences(x, i, j, diff) != 1 || diff[0] != fa->col ||
				    strcmp(x->variants[i].words, x->variants[j].words))
					continue;
				ALLOC_GROW(x->pairs, x->npairs + 1, pcap);
				set_pair(x, &x->pairs[x->npairs++], f, i, j);
			}
		fa->n = x->npairs - fa->first;
		fa->near_first = x->nnear;
		if (fa->n)
			continue;
		/* no clean pair: those differing in the fewest other ways */
		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; i < nv; i++)
				for (size_t j = i + 1; j < nv; j++) {
					size_t nd, k = 0;
					int words = strcmp(x->variants[i].words, x->variants[j].words) != 0;
					struct fx_pair *p;

					if (strcmp(x->variants[i].level[fa->col], x->variants[j].level[fa->col]))
						nd = differences(x, i, j, diff) + (size_t)words;
					else
						continue;
					if (pass == 0) {
						if (nd < best)
							best = nd;
						continue;
					}
					if (nd != best || fa->nnear >= NEAR_MAX)
						continue;
					ALLOC_GROW(x->near, x->nnear + 1, ncap);
					p = &x->near[x->nnear++];
					fa->nnear++;
					set_pair(x, p, f, i, j);
					p->others = arena_alloc(&x->arena, nd * sizeof(*p->others));
					for (size_t d = 0; d < nd - (size_t)words; d++) {
						if (diff[d] == fa->col)
							continue;
						p->others[k].factor = x->all[diff[d]];
						p->others[k].from = fx_level_shown(x, p->base, diff[d]);
						p->others[k].to = fx_level_shown(x, p->cand, diff[d]);
						k++;
					}
					if (words) {
						const char *wb = x->variants[p->base].words;
						const char *wc = x->variants[p->cand].words;

						p->others[k].factor = PAIRS_WORDS;
						p->others[k].from = *wb ? wb : "(none)";
						p->others[k].to = *wc ? wc : "(none)";
						k++;
					}
					p->nothers = k;
				}
	}
	free(diff);
}

void fx_read(const struct model *m, const struct experiment *e, struct fx_exp *x)
{
	memset(x, 0, sizeof(*x));
	x->experiment = e->name;
	x->baseline = e->baseline ? e->baseline : "";
	read_variants(m, e, x);
	find_factors(x);
	pairs(x);
}

void fx_release(struct fx_exp *x)
{
	free(x->all);
	free(x->pairs);
	free(x->near);
	arena_release(&x->arena);
	memset(x, 0, sizeof(*x));
}

long fx_factor_index(const struct fx_exp *x, const char *name)
{
	for (size_t f = 0; f < x->nfactors; f++)
		if (!strcasecmp(x->factors[f].name, name))
			return (long)f;
	return -1;
}

void fx_variant_factors(const struct fx_exp *x, size_t v, int mark_tags, struct buf *out)
{
	const struct fx_variant *fv = &x->variants[v];
	int first = 1;

	for (size_t c = 0; c < x->nall; c++) {
		/* a tag that set the base shows: it says something the name did not */
		if (!*fv->level[c] && !(mark_tags && fv->tagged[c]))
			continue;
		buf_addf(out, "%s%s=%s%s", first ? "" : " ", x->all[c], fx_level_shown(x, v, c),
			 mark_tags && fv->tagged[c] ? "*" : "");
		first = 0;
	}
}

void fx_pair_context(const struct fx_exp *x, const struct fx_pair *p, struct buf *out)
{
	const struct fx_variant *fv = &x->variants[p->base];
	int first = 1;

	/* what both sides share off its base (a near pair's other differences are not held fixed) */
	for (size_t c = 0; c < x->nall; c++) {
		if (c == x->factors[p->factor].col || !*fv->level[c] ||
		    strcmp(fv->level[c], x->variants[p->cand].level[c]))
			continue;
		buf_addf(out, "%s%s=%s", first ? "" : " ", x->all[c], fv->level[c]);
		first = 0;
	}
}
