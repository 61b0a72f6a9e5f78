/*
 * write.h - an import's files written (csvstore.h's layout): its text to
 * sources/<hash> and a new data/<hash>/ directory, atomically, with the
 * lock held; and its measurements spooled into them while it is read.
 */
#ifndef BD_STORE_WRITE_H
#define BD_STORE_WRITE_H

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"

/*
 * Write source `src` of `m` with all its records: the text to
 * sources/<hash> and a new data/<hash>/, atomically. Call with the lock
 * held. Returns 0, or -1 (nothing half-written is left behind).
 */
int store_add_source(struct store *st, struct model *m, uint32_t src, struct diag *d);

/*
 * Replace the stored data of source `src` (same hash) with what `m` holds
 * now, by one atomic exchange of directories (a reparse, a repair); a
 * source not stored yet is added. Lock held. Returns 0, or -1.
 */
int store_replace_source(struct store *st, struct model *m, uint32_t src, struct diag *d);

/*
 * An import's measurements and series points written as it reads them
 * (model.h: struct record_spool): each new text's measurements.csv and
 * series.csv are made, block by block, in the temporary directory its
 * store_add_source() then fills and moves into place (synced and closed
 * once the text is read), so a large import never holds them. Begin with
 * the store locked: it returns the hook the import hands its records to
 * (an import's batch owns it: batch.h), or NULL with the reason in *d. A
 * write that failed is reported by store_add_source() of that text, which
 * then stores nothing. store_spool_end() joins the text writers it started
 * and removes what no store_add_source() took; the hook is gone with it.
 */
const struct record_spool *store_spool_begin(struct store *st, struct diag *d);
void store_spool_end(struct store *st);

#endif
