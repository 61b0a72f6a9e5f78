/*
 * catalog.h - what the store knows without loading its data: per import
 * its text's hash and what source.csv says of it (name, date, flags,
 * place), its runs (id, lines, block, experiment, variant, scenario,
 * subject, format) and, per quantity, each run's figure of it (struct
 * run_figure: the number a comparison uses, its n, spread and printed
 * resolution); from those, per experiment × variant × scenario × metric,
 * a summary (catalog_summaries()).
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
 * cannot be written.
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

#endif
