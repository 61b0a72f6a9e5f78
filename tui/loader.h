/*
 * loader.h - a read of the store that may be long, run on a thread of its
 * own while the screen stays live. A read that answers within 40 ms is
 * waited for and shows nothing (no flicker); a longer one shows its
 * progress on the status line ("reading import 412 of 1,000 · Esc:
 * cancel") from real counts (store/progress.h), over the screen as it was.
 * Meanwhile Esc cancels (q cancels and then quits), and any other key
 * says that it waits: it is kept, and acts once the read is in (a
 * cancel drops it). A cancelled read is released whole: the caller shows
 * what it showed before, nothing half read.
 *
 * BENCHDELTA_TEST_LOAD_DELAY_MS (read here, only here) makes each step of
 * a read wait that long: how a test sees the progress line and cancels.
 */
#ifndef BD_TUI_LOADER_H
#define BD_TUI_LOADER_H

#include "store/flows.h"

struct tui;

/* What loader_run() returns when the user cancelled (whatever `fn` returned). */
#define LOADER_CANCELLED (-2)

/*
 * Run `fn(ctx)`, a read of t->store (it touches nothing the screen
 * draws from, nor the curses screen), on a thread of its own, as above.
 * Returns fn's value, or LOADER_CANCELLED: then what `fn` made is the
 * caller's to release, unshown, and t->message says it was cancelled.
 * Without a store, `fn` runs here.
 */
int loader_run(struct tui *t, int (*fn)(void *ctx), void *ctx);

/*
 * store_edit_fresh() and store_undo_fresh() (flows.h: they write the
 * journal and the index again) on the loader's thread, their line shown
 * after 40 ms as a read's is; Esc and q do not stop a write half way
 * (the line says it is a moment). Return as those do. In a quick
 * comparison (no t->store), quick_edit() and quick_undo() of its journal
 * in memory (store/quick.h) instead, at once. The snapshot shown is not
 * changed: the caller asks for a new one (screen_ask_reload()).
 */
long loader_edit(struct tui *t, const struct store_edit_op *op, struct diag *d);
int loader_undo(struct tui *t, struct undo_info *out, struct diag *d);

/*
 * A quick comparison's snapshot (quick_snapshot() of t->quick into empty
 * model `m`) on the loader's thread, as a read of the store is, its line
 * shown after 40 ms ("reading the texts again with the edits" when its
 * imports changed, else "applying the edits"); Esc and q do not stop it
 * (its edit is in its journal already, and no watcher would read it
 * later): they wait. The test hook makes a read of the texts one step.
 */
void loader_quick(struct tui *t, struct model *m);

/* store_snapshot() through loader_run(): its value, or LOADER_CANCELLED (`m` then to release). */
int loader_snapshot(struct tui *t, const struct store_select *sel, enum store_need need,
		    struct model *m, struct diag *d);

#endif
