/*
 * csvstore.h - the durable store: a directory of CSV files (see
 * benchdelta-store(5)), and its handle: where it is, its VERSION, its
 * lock, data/'s listing. load.h reads the imports' files into a model,
 * write.h writes them; journal.h keeps the edits, storeindex.h the index.
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

#include <stdint.h>

#include "util/diag.h"

/* 2: the edit journal (edits.csv) replaced overrides.csv and aliases.csv, which 1 had */
#define STORE_SCHEMA 2

struct store_spool;
struct store_progress;

struct store {
	char *dir;
	int lock_fd;               /* -1 when not locked */
	struct store_spool *spool; /* store_spool_begin(); or NULL */
	int swept;                 /* data/'s temporary directories removed under this lock */
	struct store_progress *progress; /* a long read's steps and stop (progress.h), or NULL */
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

/* "DIR/" then `fmt` with `arg` (one %s): a path in the store. Heap string the caller frees. */
char *store_path_dup(const struct store *st, const char *fmt, const char *arg);

/* A count as the store's files write it (decimal digits, nothing else): 0, or -1. */
int store_parse_u64(const char *s, uint64_t *out);

/* 1 when data for this source hash is stored already. */
int store_has_source(const struct store *st, const char *hash);

/*
 * The identity of stored import `hash` as its files are now: a sum of its
 * directory's, every file's and its text's inode, size and times (as the
 * index's stamps take them). A file rewritten, cut or replaced, or the
 * directory swapped for another, changes it. Returns 0, or -1 when the
 * import is not there.
 */
int store_import_identity(const struct store *st, const char *hash, uint64_t out[2]);

/*
 * The generation of the parsers that read the store's oldest import
 * (VERSION's "parsers N" line; 1 when it has none), and setting it (a
 * reparse read everything again). See PARSERS_GENERATION.
 */
int store_parsers(const struct store *st);
int store_set_parsers(struct store *st, int generation, struct diag *d);

/* Rewrite VERSION's schema number to STORE_SCHEMA when it is older (lock held). */
int store_upgrade_schema(struct store *st, struct diag *d);

#endif
