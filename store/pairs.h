/*
 * pairs.h - the build factors of an experiment's variants (their names
 * read with parsers/factors.h, then the user's tags over them) and the
 * pairs of variants that differ in one factor alone: "BOLT optimized
 * against none, PGO optimized on both sides". A factor without such a
 * pair gets the pairs that came closest, with what else differs.
 *
 * Only the variants' keys and texts and the model's tags are read, so an
 * experiment of the store's index (no runs loaded) will do; the effects
 * of a pair are effect.h's.
 */
#ifndef BD_STORE_PAIRS_H
#define BD_STORE_PAIRS_H

#include <stddef.h>

#include "store/model.h"
#include "util/arena.h"
#include "util/buf.h"

struct fx_effect; /* effect.h */

/*
 * The name of the pseudo-factor a pair differs in when its variants'
 * other words differ; a tag of it sets a variant's other words (read as
 * a name is: "words=quilkin"; "words=": none).
 */
#define PAIRS_WORDS "words"

/* One variant's factors: a level per factor of the experiment. */
struct fx_variant {
	const char *key, *text;
	/* per factor of fx_exp.factors: "" at its base (or unstated), else the level */
	const char **level;
	unsigned char *tagged; /* per factor: 1 when a tag set it */
	const char *words;     /* its name's other words, sorted ("quilkin"), or "" */
	int named;             /* its name or a tag stated a factor or a base ("Release") */
	int instrumented;      /* some factor at level "instrumented" */
};

/* A factor that differs between some of the experiment's variants. */
struct fx_factor {
	const char *name;  /* "pgo", or a tag's own factor ("dataset") */
	int id;            /* enum factor_id, or -1 for a tag's own */
	size_t col;        /* its index into fx_exp.all and each variant's `level` */
	const char *base;  /* the base level's name ("none"), or "" when it has none */
	size_t first, n;   /* its clean pairs: pairs[first .. first + n) */
	size_t near_first, nnear; /* when n is 0: the closest pairs, near[...] */
};

/* A difference between two variants: factor (or PAIRS_WORDS), and each side's level. */
struct fx_diff {
	const char *factor;
	const char *from, *to; /* as shown: the base's name for "" ("none", "(unstated)") */
};

struct fx_pair {
	size_t factor;   /* index into fx_exp.factors */
	size_t base, cand; /* indexes into fx_exp.variants: base at the lower level */
	const char *from, *to; /* the factor's levels, as shown */
	int instrumented;  /* a side is an instrumented build: its cost is the instrumentation's */
	/* near pairs: what else differs (clean pairs: none) */
	struct fx_diff *others;
	size_t nothers;
	/* clean pairs, after fx_measure() (effect.h): one per fx_families[], else NULL */
	struct fx_effect *effects;
};

struct fx_exp {
	struct arena arena; /* owns everything below but the model's strings */
	const char *experiment;
	const char *baseline; /* the experiment's baseline key */
	struct fx_variant *variants;
	size_t nvariants;
	struct fx_factor *factors; /* those that differ, table order, then tags' own by name */
	size_t nfactors;
	size_t nall;               /* the factors each variant's `level` has (nfactors <= nall) */
	const char **all;          /* their names */
	struct fx_pair *pairs;     /* clean pairs, factor by factor */
	size_t npairs;
	struct fx_pair *near;      /* closest pairs of factors without a clean one */
	size_t nnear;
};

/*
 * Read the factors of experiment `e`'s variants (e's keys and texts, and
 * m's tags for e: those of e->name and of every experiment, later ones
 * winning) and find the pairs. `x` is filled anew (release it with
 * fx_release()); it points into `e` and `m`, which must outlive it. Pairs
 * come factor by factor, each factor's in the order of their variants in
 * the experiment. The base of a pair is the side at the factor's lower
 * level (the base level first, then the table's order: instrumented
 * before optimized); for levels the table does not order, the
 * experiment's baseline, else the variant seen first.
 */
void fx_read(const struct model *m, const struct experiment *e, struct fx_exp *x);
void fx_release(struct fx_exp *x);

/*
 * The level variant v has of factor column `col` (an index into x->all),
 * as shown: its level, else the base's name ("none"), else "(unstated)".
 */
const char *fx_level_shown(const struct fx_exp *x, size_t v, size_t col);
/*
 * Append variant v's factors to *out: its levels that are not the base,
 * "pgo=optimized bolt=instrumented" (a level a tag set marked with a
 * '*' when `mark_tags`); "" when it has none.
 */
void fx_variant_factors(const struct fx_exp *x, size_t v, int mark_tags, struct buf *out);
/* Append what pair p holds fixed, the other factors' levels off their base ("pgo=optimized"), or nothing. */
void fx_pair_context(const struct fx_exp *x, const struct fx_pair *p, struct buf *out);
/* Index of the factor called `name` (canonical: "pgo"), or -1 when it does not differ in `x`. */
long fx_factor_index(const struct fx_exp *x, const char *name);

#endif
