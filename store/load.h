/*
 * load.h - the imports' CSV files (csvstore.h's layout) read into a
 * model, with the journal's edits applied (journal.h). Each import is
 * checked against its manifest (manifest.h) and left out whole when it
 * does not verify. A reader asks store_snapshot() (flows.h), which also
 * keeps the index (storeindex.h) fresh; these read the files alone.
 */
#ifndef BD_STORE_LOAD_H
#define BD_STORE_LOAD_H

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"

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
 * One import named is looked up alone; several are met in a read of
 * data/'s list (every import's name).
 */
int store_load_imports(struct store *st, struct model *m, const char *const *hashes, size_t n,
		       struct diag *d);
/* store_load_imports() as store_load_runs() reads (runs_only): what the index renders of them. */
int store_load_imports_runs(struct store *st, struct model *m, const char *const *hashes, size_t n,
			    struct diag *d);

/*
 * store_load_imports() of import `hash` alone, as its files are: without
 * the journal (no edit applied, not left out when an edit removed it).
 * What the catalog (catalog.h) reads.
 */
int store_load_import_raw(struct store *st, struct model *m, const char *hash, struct diag *d);

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

#endif
