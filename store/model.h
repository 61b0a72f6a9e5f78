/*
 * model.h - everything benchdelta knows, in memory: the imported sources,
 * their records, the user's recorded edits, and the experiments derived
 * from them. Filled by the store loader (csvstore.c) or by an import
 * without a store (a quick comparison); read by compare and the views.
 *
 * Ownership: the model owns one arena for every string and record it
 * holds, and each source's text. model_release() frees it all at once.
 * Edits are never applied to the parsed records: model_resolve() computes
 * each run's effective experiment, variant and scenario from parser output,
 * then import flags, then overrides, then aliases.
 */
#ifndef BD_STORE_MODEL_H
#define BD_STORE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/recset.h"
#include "util/arena.h"
#include "util/hash.h"
#include "util/strmap.h"

struct source {
	char hash[HASH_HEX_LEN + 1];
	const char *name;            /* as given: a path, "<stdin>", "<paste>" */
	const char *imported;        /* ISO 8601 UTC time of the import */
	const char *title;           /* the text's own title (an issue's), or "" */
	const char *flag_experiment; /* `import -e`, or "" */
	const char *flag_variant;    /* `import -V`, or "" */
	int flag_no_hand;            /* `import --no-hand-written`: a reparse leaves hand-typed runs out too */
	/* a text fetched from an issue thread (else ""): who wrote it, when, where */
	const char *author;          /* the comment's author */
	const char *posted;          /* ISO 8601 UTC */
	const char *address;         /* the comment's web address */
	const char *thread;          /* the web address of the issue or pull request */
	const char *instance;        /* tag of this stored copy (journal.h), or "" */
	uint32_t nlines;
	int stored;                  /* 1 when it is in the store */
	int figures_only;            /* its runs came with one metric's figures, no records (flows.h) */
	int alone;                   /* index: brought back by an undo when no other import held its blocks (storeindex.h) */
	const char *shares;          /* index: brought back, the imports holding its blocks too, ' '-separated, or NULL */
	size_t meas_unloaded;        /* its measurements left on disk by store_load_runs() */
	char *text;                  /* owned (heap or a mapping: util/mapped.h); NULL until model_source_text() */
	size_t len;
};

/* A recorded user edit. kind "variant": target "<source hash>:<line>", the block at that line. */
/* kind "baseline": target an experiment name, value a variant key. */
struct override {
	const char *kind;
	const char *target;
	const char *value;
	const char *created;
};

/* rename-variant / merge-variants: in `experiment` ("" = all), variant key `from` becomes `to`. */
struct alias {
	const char *experiment;
	const char *from;
	const char *to;
	const char *created;
};

/*
 * `benchdelta tag`: in `experiment` ("" = all), variant key `variant` has
 * factor `factor` at `level` ("": the variant states no such factor,
 * whatever its name says). Read by store/pairs.c; later tags win.
 */
struct vtag {
	const char *experiment;
	const char *variant;
	const char *factor;
	const char *level;
	const char *value; /* as the journal keeps it: "FACTOR=LEVEL" */
	const char *created;
};

struct variant_info {
	const char *key;
	const char *text;
	size_t nruns;
	uint32_t *runs; /* its runs: indexes into model.rs.runs, ascending */
};

/*
 * Records grouped by run: the records of run r are order[start[r] ..
 * start[r + 1]), in their original order. Build with byrun_build() over
 * any record array whose elements hold a uint32_t run index at
 * `run_offset`; free with byrun_release().
 */
struct byrun {
	uint32_t *start; /* nruns + 1 entries */
	uint32_t *order;
};
void byrun_build(struct byrun *b, const void *records, size_t n, size_t size, size_t run_offset,
		 size_t nruns);
void byrun_release(struct byrun *b);

/* Derived by model_resolve(); arrays live in the model's arena. */
struct experiment {
	const char *name;
	uint32_t *runs; /* indexes into model.rs.runs, in import order */
	size_t nruns;
	struct variant_info *variants; /* in order of first appearance */
	size_t nvariants;
	const char *baseline;          /* key of the baseline variant */
	const char *imported;          /* time of the latest import */
	unsigned long fmts;            /* bit (1 << fmt) per format present */
	size_t nmeas;
	uint32_t *sources;             /* the sources its runs came from, in import order */
	size_t nsources;
	uint32_t *vslots;              /* variant lookup by key: open addressing, 1 + index, 0 empty */
	size_t nvslots;                /* a power of two, or 0 */
};

/* What one run says about a quantity: the figure a comparison uses and what surrounds it (trace.h). */
struct run_figure {
	int present;          /* 0: the run has neither a measurement nor a sample of it */
	enum unit unit;
	enum direction dir;
	double center;        /* mean, else estimate, value or median, else the samples' mean */
	long center_meas;     /* the measurement printed as `center`, or -1 (the samples' mean) */
	double sd, lo, hi;    /* NaN when not given: standard deviation; the tool's bounds */
	double min, max;      /* NaN when not given */
	uint32_t n;           /* values the figure summarizes (the largest n given); 0 unknown */
	size_t nsamples;      /* raw samples of the quantity */
	int measured;         /* a measurement of it (not its samples alone) */
	/* how finely `center` was printed (trace_center_res()), when a catalog kept it; else -1 */
	double res;
};

struct edit_row; /* store/journal.h */
struct model;

/*
 * What an import needs to know of the stored imports, which its model
 * never holds: the callbacks answer from the store's index (storeindex.h)
 * or from a model of the stored runs (stored.h). An import's batch asks
 * them (batch.h: b->stored). Strings returned live as long as `ctx`.
 */
struct stored_lookup {
	void *ctx;
	/* 1 when the text `hash` is stored: its source (no runs) is added to m, *source set */
	int (*source)(void *ctx, struct model *m, const char *hash, uint32_t *source);
	/* 1 when a stored run has block `key`: the first one's experiment, text hash and line */
	int (*block)(void *ctx, const char *key, const char **experiment, const char **hash,
		     uint32_t *line);
	/* the experiment of the first stored run read from `place` (expname_place()), or NULL */
	const char *(*place)(void *ctx, const char *place);
	/* 1 when a stored experiment is called `name` */
	int (*taken)(void *ctx, const char *name);
	/*
	 * 1 when stored text `hash` has a run at `line` (model_run_at()):
	 * what --set-variant asks of a text imported again
	 */
	int (*line)(void *ctx, const char *hash, uint32_t line, uint32_t run_k);
};

/*
 * An import's measurements and series points leave memory block by block
 * (a large log holds millions): with a spool (its batch's: batch.h), the
 * import hands each parsed block's, those of the record set from `from`
 * on (its runs' ids set), to `take` (NULL: they are only counted, as for a dry run),
 * then counts the measurements in their runs' nmeas_out and drops both
 * from the record set. `take` reads them and changes nothing; a write
 * that fails is its to remember and report (write.h: store_spool_begin()).
 * `end_text` (or NULL) is told when a text's last block was read, and
 * `keep_text` (or NULL) when the import keeps the text after that (it
 * holds runs, new or already stored): the text stays in memory, unchanged,
 * until the model is released.
 */
struct record_spool {
	void *ctx;
	void (*take)(void *ctx, struct model *m, uint32_t source, const struct recset_mark *from);
	void (*end_text)(void *ctx, struct model *m, uint32_t source);
	void (*keep_text)(void *ctx, struct model *m, uint32_t source);
};

/*
 * What models share and none changes: the parsed records of a quick
 * comparison, read by each of its generations (store/quick.h). Its maker
 * sets `refs` to the references it hands out and `free` to what frees
 * it; model_release() of a model holding it lets go of one, the last
 * calls `free`.
 */
struct model_shared {
	unsigned long refs;
	void (*free)(struct model_shared *s);
};

struct model {
	struct arena arena;
	struct source *sources;
	size_t nsources, sources_cap;
	struct recset rs;
	struct override *overrides;
	size_t noverrides, overrides_cap;
	struct alias *aliases;
	size_t naliases, aliases_cap;
	struct vtag *tags;
	size_t ntags, tags_cap;
	struct strmap blocks; /* block key → 1, for dedup */
	struct edit_row *edits; /* the edit journal, in order (journal.h) */
	size_t nedits, edits_cap;
	struct strmap removed;  /* import hash → its row in edits, for removals in effect */
	int damaged;            /* store_load() found a file that does not verify */
	int runs_only;          /* store_load_runs(): no measurements, samples, series */
	int summary;            /* storeindex_load(): experiments only, no sources or runs */
	int partial;            /* store_snapshot(): the imports of one experiment alone */
	const char *selected;   /* store_snapshot(): that experiment's name (arena), or NULL */
	uint64_t generation;    /* store_snapshot(): the store's generation when read (flows.h) */
	unsigned long serial;   /* model_init()'s: no two models share one (0: not initialized) */
	const char *store_dir; /* where source texts can be read from; NULL when none */
	/*
	 * A snapshot of one metric (flows.h) holds each run's figure of it
	 * instead of records: figs[r] of quantity fig_quantity[r] (NULL: run r
	 * has none). Heap arrays of rs.nruns, or NULL; trace_run_figure() reads them.
	 */
	struct run_figure *figs;
	const char **fig_quantity;
	/*
	 * NULL, or what this model reads without owning it (model_derive()):
	 * its records but the runs (rs.meas, samples, series, notes, facts),
	 * the strings of its records and sources, and its sources' texts.
	 */
	struct model_shared *shared;
	/* derived */
	struct experiment *exps;
	size_t nexps;
	/* measurements, samples and notes by run, as of the last model_resolve() (nruns, nmeas, ...) */
	struct byrun meas_by_run, samples_by_run, notes_by_run, series_by_run;
	struct byrun runs_by_source; /* "run" = source here: the runs of source s, ascending */
	size_t byrun_nruns, byrun_nmeas, byrun_nsamples, byrun_nnotes, byrun_nseries, byrun_nsources;
};

void model_init(struct model *m);
void model_release(struct model *m);

/*
 * Fill empty model `m` (model_init()'s) with the records of `from`, which
 * `sh` keeps alive (one reference taken: m->shared): its runs and sources
 * are copied, their strings, its other records and its sources' texts
 * read where they are, none of them copied. Nothing else comes over (no
 * edits, no overrides, no experiments): the caller adds the edits and
 * calls model_resolve(), which writes only m's own runs. Neither m nor
 * `from` may add records afterwards (both read the same arrays).
 */
void model_derive(struct model *m, const struct model *from, struct model_shared *sh);

/* Add a source (zeroed, strings ""), return its index. `text` (heap, or NULL) is adopted. */
uint32_t model_add_source(struct model *m, const char *hash, char *text, size_t len);
/* Index of the source with this hash, or -1. */
long model_find_source(const struct model *m, const char *hash);
/*
 * The text of a source, reading sources/<hash> from the store the first
 * time. NULL (with *len = 0) when it cannot be read.
 */
const char *model_source_text(struct model *m, uint32_t source, size_t *len);

void model_add_override(struct model *m, const char *kind, const char *target, const char *value,
			const char *created);
void model_add_alias(struct model *m, const char *experiment, const char *from, const char *to,
		     const char *created);
void model_add_tag(struct model *m, const char *experiment, const char *variant, const char *factor,
		   const char *level, const char *created);

/* Compute effective fields and the experiment list. Call after any change. */
void model_resolve(struct model *m);
/*
 * model_resolve(), telling `done` (when not NULL) as it goes, on the
 * calling thread: done(ctx, upto) once runs [0, upto) have their
 * effective fields for good, at least every thousand runs and last with
 * every run. From then on nothing in the call writes those runs, the
 * sources or the records, so another thread may read them while the
 * call goes on; the experiments and the by-run indexes (model_indexes_fresh())
 * are being made until it returns, and nothing else may be read of `m`.
 */
void model_resolve_told(struct model *m, void (*done)(void *ctx, size_t upto), void *ctx);
/*
 * The experiments' variant lookup tables and default baselines, then their
 * order (latest import first): the end of model_resolve(), for a model
 * whose m->exps were filled another way (storeindex_load()).
 */
void model_finish_experiments(struct model *m);
/*
 * 1 when the model's by-run and by-source indexes describe its records as
 * they are now (no record was added since the last model_resolve()).
 */
int model_indexes_fresh(const struct model *m);
/*
 * The first run of source `source` that covers `line` (with run_k > 0:
 * the one starting at `line` whose id ends ".run_k", the k-th run of its
 * block), or -1.
 */
long model_run_at(const struct model *m, uint32_t source, uint32_t line, uint32_t run_k);
/* split[s] = 1 when the runs of source s belong to more than one experiment (nsources bytes). */
void model_split_sources(const struct model *m, unsigned char *split);
/* The experiment of that name, or NULL. */
const struct experiment *model_experiment(const struct model *m, const char *name);
/* 1 when every source of `e` has its records in `m` (none came with figures alone). */
int model_experiment_whole(const struct model *m, const struct experiment *e);
/*
 * The experiment `name` picks: the one of that name, else the only one
 * whose name contains it, case-insensitively; NULL when none or several
 * do (*hits says how many).
 */
const struct experiment *model_match_experiment(const struct model *m, const char *name,
						size_t *hits);
/* 1 when fact `f` belongs to experiment `e` (its text gave runs to it). */
int model_fact_in(const struct experiment *e, const struct fact *f);
/* The variant of `e` with this key, or NULL. */
const struct variant_info *model_variant(const struct experiment *e, const char *key);

/*
 * How many measurements each run has, by run index: those in the record
 * set and those an import wrote out as it read them (run->nmeas_out).
 * Heap array of m->rs.nruns counts (at least one), the caller frees it.
 */
size_t *model_meas_per_run(const struct model *m);
/*
 * Run r's count of the same, from the run index: only while
 * model_indexes_fresh() (a pass that reads each run anyway needs no array).
 */
static inline size_t model_meas_of_run(const struct model *m, size_t r)
{
	return m->meas_by_run.start[r + 1] - m->meas_by_run.start[r] + m->rs.runs[r].nmeas_out;
}

/*
 * An experiment of two variants of two experiments of `m` (a rerun a
 * month later; the same project in two threads), for the compare engine:
 * variant `akey` of `a` and `bkey` of `b`, with their texts and runs; when
 * the texts have one key, b's gets " (2)" so that the two keys differ.
 * It is named "A | B", its baseline a's variant. Everything is in m's
 * arena (valid while m is; not one of m->exps, and a model_resolve()
 * leaves it stale). Returns 0, or -1 when a variant is not its
 * experiment's.
 */
int model_pair_experiment(struct model *m, const struct experiment *a, const char *akey,
			  const struct experiment *b, const char *bkey, struct experiment *out);

/* The arena-owned key of a variant text (the same copy again for a text asked for lately: never written to). */
const char *model_variant_key(struct model *m, const char *text);
/*
 * model_variant_key(), and *clean set to 1 when neither `text` nor its key
 * holds a control character (text_has_control()), else 0: known without
 * a look at either for a text asked for lately.
 */
const char *model_variant_key_clean(struct model *m, const char *text, int *clean);


/* The current time as ISO 8601 UTC, arena-owned (SOURCE_DATE_EPOCH honoured, for tests). */
const char *model_now(struct model *m);
/* The same into `out`. */
void model_now_iso(char out[32]);

#endif
