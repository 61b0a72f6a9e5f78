/*
 * quick.h - a quick comparison (`benchdelta FILE...`) as a store kept in
 * memory: the texts it was given and those pasted since, each import with
 * its options, and a journal of the edits made since, none of it written
 * anywhere. A snapshot of it is read as a stored one is (flows.h): a new
 * model, the journal's rows in effect applied (journal_apply()) over the
 * records the texts gave, resolved. So an edit or an undo of a quick
 * comparison is a row of its journal and a new snapshot, as in a store,
 * and a snapshot is never changed once made: one path for stored and
 * unstored edits.
 *
 * What it costs: the texts are parsed when the imports change (the first
 * snapshot, and the first after a paste or its drop): every import again,
 * in order, with the time it came and the journal in effect then, as a
 * store's load reads them. Those records (model_derive()) are shared by
 * every snapshot read until the imports change again: an edit or an undo
 * copies the runs alone (their effective names are its own) and resolves
 * them with the journal as it is now, so it costs a resolve, not a parse.
 * As a store keeps its runs' experiments as imported, a paste keeps the
 * experiment it joined when it came through later edits (until the texts
 * are read again).
 *
 * Who owns what: the quick comparison owns the texts it adopted and
 * copies of everything else it is handed. The records read from the texts
 * are held by reference, by the quick comparison while its imports stay
 * the same and by each snapshot read from them (model.h: m->shared); the
 * texts by whoever reads them too (util/mapped.h: mapped_hold()): each is
 * held once in memory, freed when the last holder lets go, in any order.
 * One thread at a time.
 */
#ifndef BD_STORE_QUICK_H
#define BD_STORE_QUICK_H

#include "store/flows.h"

struct quick;

struct quick *quick_new(void);
void quick_free(struct quick *q);

/*
 * Keep `n` inputs as one more import with options `o` (copied; o->imported
 * set to now, unless given). The texts are adopted, as import_texts()
 * adopts them (every in[i].text is the quick comparison's from now on);
 * names, origins and --set-variant fixes are copied.
 */
void quick_add(struct quick *q, struct import_input *in, size_t n, const struct import_opts *o);
/* 1 when one of its imports holds exactly text[0..len) (a paste of it adds nothing). */
int quick_holds(const struct quick *q, const char *text, size_t len);
/* Take back the latest import (a paste): 0, or -1 when there is only the first. */
int quick_drop_last(struct quick *q);
/* How many imports it holds (the first, then one per paste kept). */
size_t quick_imports(const struct quick *q);
/* A number that every add, drop, edit and undo changes (never 0): store_generation()'s counterpart. */
unsigned long quick_generation(const struct quick *q);

/*
 * Record `op` as one edit of its journal, as journal_record() does (rows
 * that repeat a row in effect dropped; id, time, command and what filled).
 * Returns the edit's id, or 0 when every row was a repeat.
 */
long quick_edit(struct quick *q, const struct store_edit_op *op);
/*
 * Undo the latest edit in effect that is not an undo, as journal_undo()
 * does (an undo row added). Returns 0 with *out filled, or -1 with
 * "nothing to undo" in *d.
 */
int quick_undo(struct quick *q, struct undo_info *out, struct diag *d);

/* 1 when the next quick_snapshot() parses the texts (the imports changed since the last), 0 when it shares them. */
int quick_reads_texts(const struct quick *q);

/*
 * Fill empty model `m` (model_init()'s): the records of every import, the
 * journal's rows in effect applied, resolved. The texts are parsed when
 * the imports changed since the last snapshot (else their records are
 * shared, above); their warnings go to *d then (NULL: dropped), as each
 * import said them. The caller owns `m` (model_release() lets go of what
 * it shares).
 */
void quick_snapshot(struct quick *q, struct model *m, struct diag *d);

#endif
