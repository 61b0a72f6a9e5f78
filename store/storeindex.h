/*
 * storeindex.h - the store's index (index.csv): what `list` shows of every
 * experiment, kept so that listing a store does not read every import's
 * runs. It is a cache derived from data/ and the edit journal, never a
 * source of truth: it carries a stamp of the state it was made from (each
 * import directory's and file's identity, size and time, the journal's,
 * VERSION's), and a reader that finds another stamp, a torn file or none
 * at all reads the data instead (and writes a fresh index when nothing
 * changed under it). A crash at any point, or a hand edit of a data file,
 * can only make it stale, never wrong.
 *
 * Rows (every field quoted, as the store's other files):
 *   "benchdelta-index","2",STAMP
 *   "S",HASH,IMPORTED,NAME             one per loaded import, oldest first
 *   "F",KEY,VALUE,LINE                 its facts (the environment it states)
 *   "G",EXPERIMENT,RUNS,MEASUREMENTS,FORMATS
 *                                      the runs that import gave an experiment
 *   "V",KEY,TEXT,RUNS                  their variants, in order of appearance
 *   "end",ROWS,CHECKSUM                XXH3 of every byte before this row
 * Everything is as resolved with the journal's edits in effect.
 */
#ifndef BD_STORE_STOREINDEX_H
#define BD_STORE_STOREINDEX_H

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"
#include "util/hash.h"

#define STOREINDEX_FILE "index.csv"

/*
 * The stamp of the store's state as the index sees it, into `out`
 * (HASH_HEX_LEN hex digits). It changes when an import directory comes,
 * goes or is replaced, when any of its files or its text changes size or
 * time, and when edits.csv (or a legacy edit file) or VERSION changes.
 * Returns 0, or -1 when data/ cannot be read (no index then).
 */
int storeindex_stamp(const struct store *st, char out[HASH_HEX_LEN + 1]);

/*
 * Write the index of resolved model `m` (every stored import's runs
 * loaded, by store_load() or store_load_runs(), plus anything imported
 * and stored since, resolved) with `stamp`, atomically (a temporary file
 * renamed into place; not fsync'ed: a torn index only reads as stale).
 * Sources of `m` that are not stored are left out. Failing to write is not
 * an error: the index is only a cache. Returns 0 or -1.
 */
int storeindex_write(const struct store *st, const struct model *m, const char *stamp);

/*
 * storeindex_write() with the store's stamp as it is now: for a writer
 * holding the lock whose model holds every stored import as it is on disk
 * (an import that loaded the store's runs and stored what it added).
 */
int storeindex_refresh(const struct store *st, const struct model *m);

/* 1 when index.csv exists and carries `stamp`. */
int storeindex_fresh(const struct store *st, const char *stamp);

/*
 * Fill empty model `m` with the experiments of a fresh index, without any
 * run: m->exps (names, dates, formats, counts, variants, baselines and
 * sources, but no runs), the sources (hash, date and name only), their
 * facts, and the journal's edits; m->summary is set.
 * Returns 1 when loaded; 0 when the index is missing, stale or does not
 * read, or the journal does not verify (the model is left empty: load the
 * store instead, which says what is wrong).
 */
int storeindex_load(struct store *st, struct model *m);

#endif
