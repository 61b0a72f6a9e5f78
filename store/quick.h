/*
 * quick.h - a quick comparison (`benchdelta FILE...`) as a store kept in
 * memory: the texts it was given and those pasted since, each import with
 * its options, and a journal of the edits made since, none of it written
 * anywhere. A snapshot of it is read as a stored one is (flows.h): into a
 * new model, the texts imported again in their order with the time they
 * came, the journal's rows in effect applied (journal_apply()), resolved.
 * So an edit or an undo of a quick comparison is a row of its journal and
 * a new snapshot, as in a store, and a snapshot is never changed once
 * made: one path for stored and unstored edits.
 *
 * What it costs: each snapshot parses every text again (an edit of a
 * quick comparison of a 100 MB log waits as long as its first screen).
 * A copy of the model would not parse, but would have to follow every
 * field of every record by hand (model.h holds some forty strings) and
 * would give the quick comparison no undo.
 *
 * Who owns what: the quick comparison owns the texts it adopted and
 * copies of everything else it is handed; a snapshot owns copies of the
 * texts (model_release() frees them). One thread at a time.
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

/*
 * Fill empty model `m` (model_init()'s): every import again, in order,
 * with the journal's rows in effect. The texts' warnings go to *d (NULL:
 * dropped), as each import said them. The caller owns `m`.
 */
void quick_snapshot(const struct quick *q, struct model *m, struct diag *d);

#endif
