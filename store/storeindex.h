/*
 * storeindex.h - the store's index: what `list`, the TUI's first screen
 * and an import need to know of every stored import, kept so that none of
 * them reads every import's runs. Two files, written together:
 *
 *   index.csv  per import: its name, date and facts, the experiments it
 *              gave runs to with their counts, formats and variants
 *   index.bin  sorted tables an import searches by pread() (indexbin.h):
 *              every stored block's key with the experiment, text and line
 *              of its first run, the experiment names, the places (file or
 *              thread) with the experiment of their first run, the texts
 *
 * Everything is as resolved with the journal's edits in effect. It is a
 * cache derived from data/ and the journal, never a source of truth:
 * index.csv's first row carries stamps of the store it describes, each a
 * sum over data/'s entries (so an import adds its own entry's part):
 *   full   each import directory's identity, every file's and its text's
 *          size and times (a reader's check: a cut or changed file shows)
 *   quick  the entries' names (an import's check: no stat; a copy of
 *          the store keeps it)
 *   root   the contents of VERSION and the journal
 * and a token index.bin repeats. A writer that replaces an import
 * directory in place (reparse, fsck --repair) removes the index first.
 * A reader that finds other stamps, a torn file or none reads the data
 * instead, and writes a fresh index when nothing changed under its load.
 * An edit that moves whole imports writes it again (storeindex_moved()),
 * and so do rm and its undo (storeindex_removed(), storeindex_restored()).
 * A crash can only leave it stale.
 *
 * Both files are written whole (a base) by a reader, by an import that
 * read the runs, and now and then by an import that used them; otherwise
 * an import appends what it adds to both, in place (index.bin first, then
 * index.csv, whose segment commits it): what it writes is proportional to
 * what it adds, not to the store. Files are only ever appended to or
 * replaced by a rename, never cut, so a reader's mapping stays whole.
 *
 * index.csv rows (every field quoted, as the store's other files):
 *   "benchdelta-index",FORMAT,FULL,QUICK,ROOT,TOKEN
 *                                      FORMAT "5.STAMP": the layout and
 *                                      names_stamp() in 8 hex digits (the
 *                                      formats are bits of record.h's enum)
 *   "S",HASH,IMPORTED,NAME             one per import (in any order)
 *   "F",KEY,VALUE,LINE                 its facts (the environment it states)
 *   "W",KIND,LINE,TEXT                 its warnings (notes of kind damage,
 *                                      warning, error), in order
 *   "G",EXPERIMENT,RUNS,MEASUREMENTS,FORMATS
 *                                      the runs it gave an experiment
 *   "V",KEY,TEXT,RUNS                  their variants, in order of appearance
 *   "L","alone"                        after its "S" row: brought back by an
 *                                      undo, no other import holds its blocks
 *   "L","with",HASHES                  ... or these imports (' '-separated)
 *                                      hold some of them too
 *   "end",ROWS,CHECKSUM                XXH3 of every byte before this row
 * then a segment per import appended since:
 *   "A",FULL,QUICK,ROOT,BINLEN         the stamps with it, and the length of
 *                                      index.bin that holds its segment
 *   rows as above
 *   "end",ROWS,CHECKSUM,START          XXH3 of the segment's bytes before this
 *                                      row; START, the offset of its "A" row
 * The last segment's stamps are the index's. An earlier version reads a
 * file with segments as stale (their end rows do not sum what it sums).
 */
#ifndef BD_STORE_STOREINDEX_H
#define BD_STORE_STOREINDEX_H

#include <stdint.h>

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"

#define STOREINDEX_FILE "index.csv"
#define STOREINDEX_BIN "index.bin"

/* The state of a store as the index sees it (see above). */
struct storeindex_stamp {
	uint64_t full[2], quick[2], root[2];
};

/* The stamp of the store now. Returns 0, or -1 when data/ cannot be read (no index then). */
int storeindex_stamp(const struct store *st, struct storeindex_stamp *out);
int storeindex_stamp_equal(const struct storeindex_stamp *a, const struct storeindex_stamp *b);

/*
 * Write both files for resolved model `m` (every stored import's runs
 * loaded, by store_load() or store_load_runs(), plus anything imported and
 * stored since, resolved) with stamp `s`, atomically (temporary files
 * renamed into place, index.bin first; not fsync'ed: a torn index only
 * reads as stale). Sources of `m` not stored are left out. Failing to
 * write is not an error: the index is a cache. Returns 0 or -1.
 */
int storeindex_write(const struct store *st, const struct model *m,
		     const struct storeindex_stamp *s);
/*
 * Before storeindex_write() of `m` (every stored import's runs and the
 * journal loaded): each import the journal's undone removals brought back
 * (the instance one removed: a text imported anew after it is not) gets
 * what its "L" row says, `alone` (no other import of `m` holds one of
 * its blocks) or `shares` (those that do, in m's arena; sharers.h gives
 * their order). A block's holders are at most one import never brought
 * back and any brought back (an import stores no block of one present),
 * so an rm of one brought back (gone_fresh() in flows.c) asks those its
 * row names and those brought back which now holds a block it held. The
 * rows stay as a rebuild writes them: an undo that brings back another
 * holder, and an rm of one, write them again (storeindex_restored(),
 * storeindex_removed()).
 */
void storeindex_mark_shared(struct model *m);
/*
 * storeindex_write() with the stamp of the store now (a writer holding the
 * lock). With *begun (storeindex_render_begin() with no import handle),
 * what it rendered is used when it rendered what is stored now (and
 * *begun is set to NULL, released here); else it is rendered again.
 */
struct storeindex_render;
int storeindex_refresh(const struct store *st, const struct model *m,
		       struct storeindex_render **begun);

/* 1 when index.csv exists whole and carries stamp `s` (its full and root parts). */
int storeindex_fresh(const struct store *st, const struct storeindex_stamp *s);
/* Remove both files: a writer about to change stored imports in place (lock held). */
void storeindex_remove(const struct store *st);

/*
 * Fill empty model `m` with the experiments of a fresh index, without any
 * run: m->exps (names, dates, formats, counts, variants, baselines and
 * sources, but no runs), the sources (hash, date and name only), their
 * facts, and the journal's edits; m->summary is set. With
 * `last_warnings`, the warnings of the last import (of every import of the
 * latest date), as notes of a load would give them, are added to it.
 * Returns 1 when loaded; 0 when the index is missing, stale or does not
 * read, or the journal does not verify (the model is left empty, nothing
 * added: load the store instead, which says what is wrong).
 */
int storeindex_load(struct store *st, struct model *m, struct diag *last_warnings);
/*
 * The same, the index's freshness judged against stamp `now`, which the
 * caller took right before (a snapshot's generation is of the same stamp:
 * one stat of every import's files, not two); NULL: it is taken here.
 */
int storeindex_load_at(struct store *st, const struct storeindex_stamp *now, struct model *m,
		       struct diag *last_warnings);

/* The root stamp of the store now (VERSION and the journal), taken before an edit. 0, or -1. */
int storeindex_root(const struct store *st, uint64_t root[2]);
/*
 * After an edit that moved whole imports between experiments (the lock
 * held since `root_before` was taken): when the index was fresh before it
 * and nothing but the journal changed since, write it again with the
 * stamp of the store now, the rows and entries of the imports of `m`
 * rendered from it (every import the edit touched, each import of every
 * experiment it touched, resolved with the edit in effect) and the rest
 * kept. Temporary files renamed into place, index.bin first: a crash
 * before leaves the old stamp (stale), never a wrong fresh index. -1 when
 * given up (the index stale, read again by the next command), else 0.
 */
int storeindex_moved(struct store *st, const struct model *m, const uint64_t root_before[2]);

/*
 * rm and its undo, the same way. Before imports are removed (the lock
 * held), storeindex_gone_begin() takes what the index will need of them:
 * their parts of the stamps and the places they come from (NULL when one
 * cannot be read: the index is left stale). Once the journal holds the
 * removal, storeindex_removed() writes the index again without their rows
 * and entries; a place one of them came from goes to the next other
 * import from it (other imports' source.csv asked), or goes; a block one
 * of them held goes to the first of `heirs` (imports brought back by an
 * undo, read whole, or NULL: none) that holds it too, in the order a load
 * reads them, or goes; an "L","with" row of an import staying names the
 * removed no more ("alone" when it named only those). After an undo that
 * brought imports back, storeindex_restored() adds their rows and
 * entries, rendered from `m` (those imports alone, read after the undo),
 * as storeindex_moved() does. The other holders of their blocks are read
 * (their runs): the imports the index gives those blocks to, every import
 * with an "L" row and those the rows name. A block goes to its first
 * holder in the order a load reads them; each import of `m`, and each
 * with an "L" row, gets the "L" row a rebuild gives it
 * (storeindex_mark_shared()): "alone", or "with" the others holding its
 * blocks. Every rewrite keeps
 * the row, also one that renders the import again from `m` (a move, an
 * alias, a variant: they store or remove no block), unless `m` says
 * otherwise of it; a rebuild says it again (storeindex_mark_shared()).
 * gone_fresh() (flows.c) lets an rm, or the redo of one, remove such an
 * import with the index kept. Both check the stamps as
 * storeindex_moved() does, with the parts of what went or came back; -1
 * when given up (stale), else 0.
 */
struct storeindex_gone;
struct storeindex_gone *storeindex_gone_begin(struct store *st, const char *const *hashes, size_t n);
int storeindex_removed(struct store *st, const struct storeindex_gone *g, const struct model *heirs,
		       const uint64_t root_before[2]);
void storeindex_gone_release(struct storeindex_gone *g);
int storeindex_restored(struct store *st, const struct model *m, const uint64_t root_before[2]);

/*
 * An import against the index instead of the stored runs. With the lock
 * held, storeindex_import_begin() checks the quick and root stamps and
 * opens index.bin; when they hold it loads the journal into empty model
 * `m`, resolves it and returns the handle, whose lookups in the index
 * (storeindex_import_lookup()) the import asks instead of stored runs (the
 * model then holds only what the import adds); else NULL with `m`
 * untouched (load the store's runs instead).
 * storeindex_import_end() adds what `m` added and stored to both files
 * (a segment appended to each, the stamps advanced by the new entries; a
 * new base when the segments grow too large, or cannot be appended); call
 * it only when every new text was stored and no edit was recorded. storeindex_import_release() frees the
 * handle; its lookups must not be asked after it.
 */
struct storeindex_import;
struct storeindex_import *storeindex_import_begin(struct store *st, struct model *m);
/*
 * The same for a dry run, without the lock: the full and root stamps
 * checked (as a reader checks), index.csv opened read-only. Its handle
 * answers lookups; storeindex_import_end() must not be called with it.
 */
struct storeindex_import *storeindex_import_peek(struct store *st, struct model *m);
/* `begun`: as storeindex_refresh()'s, from storeindex_render_begin() with this `x` (or NULL). */
int storeindex_import_end(struct storeindex_import *x, const struct store *st,
			  const struct model *m, struct storeindex_render **begun);
/*
 * The same for an import that recorded an edit (--set-variant) once the
 * lock was held and the index found fresh: `root_before`, the root stamp
 * before the edit was recorded. What `m` (or NULL: nothing stored) added
 * is appended with the stamps of the store before the edit, then the
 * index is written again as storeindex_moved() writes it, the rows and
 * entries of the imports of `touched` (every import the edit names, read
 * after the texts were stored) rendered from it. A crash between the two
 * leaves the old root stamp: stale, never a wrong fresh index. 0, or -1
 * (stale).
 */
int storeindex_import_end_edited(struct storeindex_import *x, struct store *st, const struct model *m,
				 const uint64_t root_before[2], const struct model *touched);
const struct stored_lookup *storeindex_import_lookup(struct storeindex_import *x);
void storeindex_import_release(struct storeindex_import *x);

/*
 * The index's rows and index.bin entries of what an import is about to
 * store, rendered on a thread of their own while it stores: begun once
 * `m` is final, with the sources it will store (`will_store`, one flag a
 * source; with `x`, its import handle, whose index.bin the thread reads
 * until the end); used by storeindex_refresh() or storeindex_import_end().
 * Until then the model may change only in what storing a source sets (its
 * `stored` and `instance`), and nothing else may use `x`'s lookups. NULL
 * for a small model, on a single CPU or when no thread starts (the index
 * is rendered when written). storeindex_render_release() waits for the
 * thread and frees it: before `m` or `x` go.
 */
struct storeindex_render *storeindex_render_begin(const struct model *m,
						  struct storeindex_import *x,
						  const unsigned char *will_store);
void storeindex_render_release(struct storeindex_render *r);

#endif
