/*
 * csvstore.h - the durable store: a directory of CSV files (see
 * benchdelta-store(5)).
 *
 *   VERSION                      "benchdelta-store 1"
 *   sources/<hash>               every imported text, byte for byte
 *   data/<hash>/source.csv       what was imported, when, with which flags
 *   data/<hash>/runs.csv         runs parsed from that text
 *   data/<hash>/measurements.csv
 *   data/<hash>/samples.csv, series.csv, notes.csv, facts.csv
 *   data/<hash>/manifest.csv     each file's size, rows and checksum (manifest.h)
 *   edits.csv                    the edit journal (journal.h), applied on load
 *   removed/<id>/                what edit <id> (an rm) took away, for its undo
 *   index.csv                    a cache of the experiments, for `list` (storeindex.h)
 *
 * An import only adds sources/<hash> and a new data/<hash>/ directory,
 * written into a temporary directory, fsync'ed and renamed into place under
 * an exclusive flock on .lock: a crash or a concurrent import never leaves
 * half a directory, and nothing already stored is rewritten.
 */
#ifndef BD_STORE_CSVSTORE_H
#define BD_STORE_CSVSTORE_H

#include "store/model.h"
#include "util/diag.h"

/* 2: the edit journal (edits.csv) replaced overrides.csv and aliases.csv, which 1 had */
#define STORE_SCHEMA 2

struct store_spool;

struct store {
	char *dir;
	int lock_fd;               /* -1 when not locked */
	struct store_spool *spool; /* store_spool_begin(); or NULL */
	int swept;                 /* data/'s temporary directories removed under this lock */
};

/*
 * The store directory to use: `flag` (--store) if given, else
 * $BENCHDELTA_STORE, else $XDG_DATA_HOME/benchdelta, else
 * ~/.local/share/benchdelta. Heap string the caller frees.
 */
char *store_default_dir_dup(const char *flag);

/*
 * Open (and with `create`, create) the store at `dir`. A directory that
 * holds other things than a store, or a store of a newer schema, is an
 * error. Returns 0, or -1 with the reason in *d.
 */
int store_open(struct store *st, const char *dir, int create, struct diag *d);
void store_close(struct store *st);

/*
 * Take the exclusive writer lock (waits for other writers), and remove the
 * temporary files interrupted writers left in the store's root. Those in
 * data/ go at the first look there under the lock (store_scan_data(), or
 * an import's first write).
 */
int store_lock(struct store *st, struct diag *d);
void store_unlock(struct store *st);

/*
 * One read of data/: `fn` is called with the name of every entry but the
 * dot-names (temporary directories, which an import, a load and the
 * stamps all skip). With the lock held, the temporary directories of
 * interrupted imports are removed on the way, once per lock; when there
 * was one, the *.tmp.* files in sources/ go too (older versions wrote a
 * text's temporary file there). Returns 0, or -1 when data/ cannot be read.
 */
int store_scan_data(struct store *st, void (*fn)(void *ctx, const char *name), void *ctx);

/*
 * Load everything into `m` (which must be empty) and resolve it. Damaged
 * rows or files are warnings naming the file and row; whatever can be read
 * is loaded. Returns 0, or -1 when the store cannot be read at all.
 */
int store_load(struct store *st, struct model *m, struct diag *d);
/*
 * store_load() without the measurements, samples and series (for `list`,
 * and for an import, which only adds): sources, runs, notes, facts and
 * edits, with each source's measurement count from its manifest, so the
 * experiments' counts are right. Files not read are checked by their
 * size. The model has runs_only set; never store or compare from it.
 */
int store_load_runs(struct store *st, struct model *m, struct diag *d);

/*
 * store_load() of the imports `hashes[0..n)` alone (hashes not stored, or
 * removed, are none), resolved on their own: what an experiment whose
 * imports are known (storeindex.h) needs, without the rest of the store.
 */
int store_load_imports(struct store *st, struct model *m, const char *const *hashes, size_t n,
		       struct diag *d);

/*
 * Add stored import `hash` to `m` as a source without runs: what its
 * source.csv says (name, title, flags, origin). Returns its index, or -1
 * when an edit in effect removed it.
 */
long store_load_source_meta(struct store *st, struct model *m, const char *hash, struct diag *d);

/*
 * Check the files of stored import `hash` against its manifest
 * (manifest.h): 0 when they match, 1 when it has no manifest (stored
 * before manifests), -1 after errors naming each file that does not.
 */
int store_verify_import(const struct store *st, const char *hash, struct diag *d);

/* A count as the store's files write it (decimal digits, nothing else): 0, or -1. */
int store_parse_u64(const char *s, uint64_t *out);

/* 1 when data for this source hash is stored already. */
int store_has_source(const struct store *st, const char *hash);

/*
 * Write source `src` of `m` with all its records: the text to
 * sources/<hash> and a new data/<hash>/, atomically. Call with the lock
 * held. Returns 0, or -1 (nothing half-written is left behind).
 */
int store_add_source(struct store *st, struct model *m, uint32_t src, struct diag *d);

/*
 * Record one user edit of one row in the journal (journal_record(), which
 * see): kind "baseline" (target an experiment), "variant" (target
 * HASH:LINE) or "experiment" (target an import's hash); an alias is a
 * variant key `from` shown as `to`. `created` is ignored: the journal
 * stamps its own time. Returns 0, or -1.
 */
int store_add_override(struct store *st, const char *kind, const char *target, const char *value,
		       const char *created, struct diag *d);
int store_add_alias(struct store *st, const char *experiment, const char *from, const char *to,
		    const char *created, struct diag *d);

/*
 * Replace the stored data of source `src` (same hash) with what `m` holds
 * now, by one atomic exchange of directories (a reparse, a repair); a
 * source not stored yet is added. Lock held. Returns 0, or -1.
 */
int store_replace_source(struct store *st, struct model *m, uint32_t src, struct diag *d);

/*
 * The generation of the parsers that read the store's oldest import
 * (VERSION's "parsers N" line; 1 when it has none), and setting it (a
 * reparse read everything again). See PARSERS_GENERATION.
 */
int store_parsers(const struct store *st);
int store_set_parsers(struct store *st, int generation, struct diag *d);

/* Rewrite VERSION's schema number to STORE_SCHEMA when it is older (lock held). */
int store_upgrade_schema(struct store *st, struct diag *d);

/*
 * An import's measurements and series points written as it reads them
 * (model.h: struct record_spool): each new text's measurements.csv and
 * series.csv are made, block by block, in the temporary directory its
 * store_add_source() then fills and moves into place (synced and closed
 * once the text is read), so a large import never holds them. Begin with
 * the store locked: it sets m->spool. A write that failed is reported by
 * store_add_source() of that text, which then stores nothing.
 * store_spool_end() removes what no store_add_source() took, and unsets
 * m->spool. Returns 0, or -1 with the reason in *d (nothing set).
 */
int store_spool_begin(struct store *st, struct model *m, struct diag *d);
void store_spool_end(struct store *st, struct model *m);

#endif
