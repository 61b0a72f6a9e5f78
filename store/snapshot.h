/*
 * snapshot.h - a snapshot as readers share it: what store_snapshot()
 * read (one experiment or more, the journal applied), or a quick
 * comparison's model, made one object with a generation and holders.
 *
 * Who owns it: every holder holds one reference (snapshot_make() gives the
 * first, snapshot_hold() another); the last snapshot_release() frees the
 * model whole. What invalidates a pointer into it: nothing while the
 * holder holds it. The model is read only once made: an edit, an import
 * or another read makes a new snapshot (a new generation) that replaces
 * it for readers to come, and the old one goes when its last holder lets
 * it go. A quick comparison's too: it is read again from its texts and
 * its journal in memory (quick.h), never changed in place.
 *
 * A holder is one thread at a time: references are counted without locks
 * (the TUI makes, holds and releases them on its own thread; the loader's
 * thread fills a plain model, adopted here after it is joined).
 */
#ifndef BD_STORE_SNAPSHOT_H
#define BD_STORE_SNAPSHOT_H

#include "store/model.h"

struct snapshot;

/*
 * A new snapshot holding what `m` held (m is left empty, model_init()'s),
 * with a generation no other snapshot of this process has. One reference:
 * the caller's.
 */
struct snapshot *snapshot_make(struct model *m);
/* Another reference to `s` (returned). */
struct snapshot *snapshot_hold(struct snapshot *s);
/* Let go of one reference; the last frees the model and the snapshot. NULL: nothing. */
void snapshot_release(struct snapshot *s);
/* How many hold `s` now. */
unsigned snapshot_holders(const struct snapshot *s);
/* Its generation: different in every snapshot this process made. */
unsigned snapshot_generation(const struct snapshot *s);
/*
 * What it holds, to read. The pointer is `struct model *` because the
 * model's readers fill caches (a source's text read on first use); they
 * change nothing a reader sees. Valid while the caller holds `s`.
 */
struct model *snapshot_model(struct snapshot *s);
/*
 * The sole holder takes the model back out (into `out`, which it then
 * owns); `s` is freed. Asked while another holds it: a programming error,
 * the program stops with a message.
 */
void snapshot_unmake(struct snapshot *s, struct model *out);

#endif
