/*
 * across.h - one build factor across every experiment of the store: in
 * each experiment the pairs of variants that differ in it alone (from its
 * base level; to one level when asked), their effect per family of
 * metrics (effect.h), and per family the pooled effect across the
 * experiments: the geometric mean of their effects and the spread between
 * them, never a p-value (the projects are not samples of one population).
 *
 * fx_across() is the one question the CLI and the TUI ask. What it reads:
 *   1. every experiment's variants, the imports it came from (their hash
 *      and name: a thread's address names the project) and the journal's
 *      tags: the store's index (store_snapshot(), NEED_SUMMARY; the runs
 *      when the index is stale, which writes it again);
 *   2. for each pair wanted, its effects: the catalog's kept ones
 *      (catalog_fx_get()) when their stamp is the experiment's now; else
 *      the experiment is read alone (store_load_experiment()), cmp_build()
 *      judges the pair, and the catalog keeps the effects for the next
 *      question. No import is read when every pair is kept.
 */
#ifndef BD_STORE_ACROSS_H
#define BD_STORE_ACROSS_H

#include <stddef.h>

#include "store/compare.h"
#include "store/csvstore.h"
#include "store/effect.h"
#include "util/arena.h"
#include "util/diag.h"

struct fx_across_pair {
	const char *base, *cand; /* the variants' texts */
	const char *from, *to;   /* the factor's levels */
	const char *with;        /* what the pair holds fixed ("lto=on"), or "" */
	struct fx_effect *effects; /* one per fx_families[] */
};

struct fx_across_exp {
	const char *experiment;
	const char *project;  /* "owner/repo" of its thread, or "" when not imported from one */
	const char *thread;   /* the thread's web address, or "" */
	const char *file;     /* else its first import's file name, without folder and extension; or "" */
	const char *label;    /* what its line is called (fx_across_label()) */
	struct fx_across_pair *pairs;
	size_t npairs;
	size_t left_out;      /* pairs with an instrumented build, left out */
	/* per fx_families[]: its pairs' effects as one (fx_effect_combine()), its line in a plot */
	struct fx_effect *effects;
};

/* One family's effect across the experiments. */
struct fx_pooled {
	enum metric_family family;
	size_t nexps;       /* experiments with an effect on it */
	double ratio;       /* geometric mean of their ratios; NaN when none */
	double gsd;         /* geometric standard deviation between them; NaN with fewer than 2 */
	double min, max;    /* the smallest and largest of their ratios */
	double res;         /* the printed digits' part of the ratio, relative: the mean of theirs */
	size_t better, worse, same; /* experiments by their verdicts (tested or not) */
	enum direction dir; /* of its rows (most experiments') */
};

struct fx_across {
	struct arena arena;       /* owns everything below */
	const char *factor;       /* the factor's name ("pgo") */
	const char *level;        /* the level asked for ("" any but the base) */
	struct fx_across_exp *exps; /* experiments with a pair, by name */
	size_t nexps;
	size_t nscanned;          /* experiments of the store */
	size_t nnear;             /* experiments where the factor varies, but in no pair alone */
	struct fx_pooled *pooled; /* one per fx_families[] */
	size_t kept, judged;      /* pairs whose effects the catalog kept; pairs judged on their data */
};

/*
 * Answer for factor `factor` (a name of the factor table or of a tag;
 * the caller resolves spellings with factor_lookup()) over every
 * experiment of store `st`: the pairs from the factor's base level (into
 * `level` from any level when it is not "": "opt=O3" is O0, O1 and O2
 * to O3; for a factor without a base, every pair), leaving out pairs
 * with an instrumented build unless `instrumented`, judged by `o` (NULL: the defaults). `out` is filled
 * anew; release it with fx_across_release(). Nothing is written to the
 * store. Returns 0, or -1 when the store cannot be read (the reason in
 * *d; warnings of a load go there too).
 */
int fx_across(struct store *st, const char *factor, const char *level, int instrumented,
	      const struct cmp_opts *o, struct fx_across *out, struct diag *d);
/* fx_across() over the experiments of model `m` (runs loaded: a quick comparison). Returns 0. */
int fx_across_model(const struct model *m, const char *factor, const char *level, int instrumented,
		    const struct cmp_opts *o, struct fx_across *out);
void fx_across_release(struct fx_across *x);

/* The pooled effect of family `family`, or NULL. */
const struct fx_pooled *fx_across_pooled(const struct fx_across *x, enum metric_family family);
/* The effect of experiment line `e` on family `family`, or NULL. */
const struct fx_effect *fx_across_effect(const struct fx_across_exp *e, enum metric_family family);

/*
 * The axis of a forest plot of family fx_families[k]: [*lo, *hi] on the
 * log scale, holding no change (0), every line's ratio and interval and
 * the pooled spread, a tenth wider on each side. 0 when the family has no
 * line.
 */
int fx_across_axis(const struct fx_across *x, size_t k, double *lo, double *hi);
/*
 * The name a line of experiment e goes by: its project, else its first
 * import's file name when no other line has it, else its experiment's name.
 */
const char *fx_across_label(const struct fx_across_exp *e);

/*
 * "owner/repo" and the thread's address from an import's name when it is
 * a GitHub issue's or pull request's address ("https://github.com/o/r/
 * issues/7#issuecomment-1"), into the buffers; 0 when it is not one.
 */
int fx_thread_of(const char *name, char *project, size_t psize, char *thread, size_t tsize);

#endif
