/*
 * catalog.h - what the store knows without loading its data: per import
 * its text's hash and what source.csv says of it (name, date, flags,
 * place), its runs (id, lines, block, experiment, variant, scenario,
 * subject, format) and, per quantity, each run's figure of it (struct
 * run_figure: the number a comparison uses, its n, spread and printed
 * resolution); from those, per experiment × variant × scenario × metric,
 * a summary (catalog_summaries()); and the effects of pairs of variants
 * that a question across experiments judged (catalog_fx_*(), below).
 *
 * It is derived from the imports' files (load.h), which stay the store's
 * truth, one import at a time, and is independent of the journal: an
 * edit changes nothing in it, and a reader applies the journal to what it
 * reads (store_snapshot(), flows.h). It is kept current by identity
 * (store_import_identity()): an import adds what it stored (a small one
 * at once, a large one is left to the next reader), and catalog_sync()
 * reads again every import added, changed or repaired since and forgets
 * those gone (removed, moved back by an undo). Deleting it loses nothing:
 * the next reader builds it again (fsck --repair does so).
 *
 * Imports are named by their text's hash, and what is read is copied into
 * the caller's model: nothing here assumes a local file, so a shared
 * server store can answer the same calls. This one keeps it in SQLite
 * (catalog.c: catalog.db in the store's directory).
 */
#ifndef BD_STORE_CATALOG_H
#define BD_STORE_CATALOG_H

#include <stddef.h>
#include <stdint.h>

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"

struct catalog;

/*
 * Open the catalog of store `st` (made when missing). NULL when there is
 * none to be had (no store yet, it cannot be written or read): the caller
 * reads the data instead. A catalog that does not read as one is made
 * anew.
 */
struct catalog *catalog_open(struct store *st);
void catalog_close(struct catalog *c);
/* Delete the catalog of `st` (it is made again by the next reader). */
void catalog_remove(const struct store *st);

/*
 * Bring the catalog up to date with the store's imports: each import
 * whose files are new or changed since is read (whole, checked against
 * its manifest), each one gone is forgotten. Returns how many imports do
 * not verify or read (they are in the catalog as such: a reader asked
 * about them reads the data, which says why), or -1 when the catalog
 * cannot be written, or when the reader stopped it (progress.h: what was
 * read by then is kept, and the next sync goes on from there).
 */
long catalog_sync(struct catalog *c);

/*
 * Read stored import `hash` (its files as they are now) into the catalog,
 * in place of what it had of it: what an import does with what it stored.
 * Returns 0, or -1.
 */
int catalog_add(struct catalog *c, const char *hash);

/*
 * The imports whose text's hash starts with `prefix` (the first part of
 * a run id: "a48434c7cf46"), each told to `fn` (the hash valid during the
 * call). Returns how many, or -1.
 */
long catalog_imports_like(struct catalog *c, const char *prefix,
			  void (*fn)(void *ctx, const char *hash), void *ctx);

/*
 * Fill model `m` with what metric `metric` (as compare names it: "time",
 * "sender.bitrate", "BenchmarkX.time_per_op") needs: every import that
 * has a figure of it (as source.csv says), the runs of every block
 * holding one, each such run's figure (m->figs, m->fig_quantity), and the
 * journal, resolved; no records. A model that holds imports already (read
 * whole, with the journal) keeps them and gets the others added. Call
 * after catalog_sync(). Returns 0; 1 when an import it needs did not
 * verify (`m` emptied: read the data); -1 on error (`m` emptied).
 */
int catalog_metric(struct catalog *c, struct store *st, const char *metric, struct model *m,
		   struct diag *d);

/* One experiment × variant × scenario × metric: what its runs' figures say. */
struct catalog_summary {
	const char *experiment;
	const char *variant;     /* as its first run spells it */
	const char *variant_key;
	const char *scenario;
	const char *metric;      /* as compare names it */
	enum unit unit;
	enum direction dir;
	size_t n;                /* runs with a figure of it */
	double mean;             /* of their figures (the figure itself when n is 1) */
	double spread;           /* standard deviation of the figures (n > 1), else the one run's own; NaN when none */
};

/*
 * Every summary of the store, with the journal's edits in effect (as
 * store_snapshot() reads it), each told to `fn` (its strings valid during
 * the call); in no set order. Call after catalog_sync(). Returns how many,
 * or -1.
 */
long catalog_summaries(struct catalog *c, struct store *st,
		       void (*fn)(void *ctx, const struct catalog_summary *s), void *ctx,
		       struct diag *d);

/*
 * The effects of pairs of variants (store/effect.h), kept so that a
 * question over every experiment (factors --across) reads no import:
 * per experiment, baseline and candidate variant keys, one effect per
 * fx_families[], with the stamp of what they were measured from
 * (catalog_fx_stamp()). Unlike the rest of the catalog they depend on the
 * journal; the stamp holds what of it they depend on, so a kept effect
 * whose stamp is not the experiment's now is never used, whoever changed
 * the store. An edit, import or removal through store/flows.h forgets the
 * effects of the experiments it touched (catalog_fx_forget()).
 */
struct fx_effect;
struct cmp_opts;

/*
 * The stamp of experiment `e` of model `m` (its sources named, the journal
 * loaded: the store's index will do) for effects judged by `o`: a hash of
 * the program's version, `o`, the experiment's name, each of its imports'
 * hash and files' identity (as the catalog read them; call after
 * catalog_sync()), and the journal's variant names and block and import
 * edits that reach it. 0, or -1 when an import is not in the catalog.
 */
int catalog_fx_stamp(struct catalog *c, const struct model *m, const struct experiment *e,
		     const struct cmp_opts *o, char out[33]);
/* The effects kept of pair `base` → `cand` of `experiment` with stamp `stamp` into out[fx_nfamilies]: 1, else 0. */
int catalog_fx_get(struct catalog *c, const char *experiment, const char *base, const char *cand,
		   const char *stamp, struct fx_effect *out);
/* Keep in[fx_nfamilies] as that pair's effects with stamp `stamp`. 0, or -1. */
int catalog_fx_put(struct catalog *c, const char *experiment, const char *base, const char *cand,
		   const char *stamp, const struct fx_effect *in);
/* Forget the kept effects of `experiment` (NULL: of every experiment). 0, or -1. */
int catalog_fx_forget(struct catalog *c, const char *experiment);
/* A transaction around many puts (one write of the file): begin, then end (commit). 0, or -1. */
int catalog_fx_begin(struct catalog *c);
int catalog_fx_end(struct catalog *c);

#endif
