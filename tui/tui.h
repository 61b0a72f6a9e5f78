/*
 * tui.h - the terminal UI over a model: Experiments and Compare screens,
 * help, a status line. Starts curses, runs the event loop, restores the
 * terminal on every way out (quit, die(), exit).
 */
#ifndef BD_TUI_TUI_H
#define BD_TUI_TUI_H

#include "store/csvstore.h"
#include "store/model.h"
#include "store/quick.h"
#include "util/diag.h"

struct tui_fetcher;

struct tui_opts {
	struct store *store; /* where edits (the baseline) are recorded; NULL: not saved */
	const char *title;   /* shown in the title bar: the store, or "quick comparison" */
	const struct diag *warnings; /* the last import's, listed by W; NULL: none */
	/* `i` with an issue's address fetches it with this (tui/fetchjob.h); NULL: paths only */
	const struct tui_fetcher *fetcher;
	/*
	 * A quick comparison (store NULL): what `m` was read from, read again
	 * after each edit (store/quick.h; the caller's, kept until it ends)
	 */
	struct quick *quick;
};

/*
 * Run the TUI until the user quits. When standard input is not a terminal
 * (the logs came through a pipe) the keyboard is read from /dev/tty.
 * `m` is moved into the TUI's first snapshot (store/snapshot.h) and, at
 * the end, holds the snapshot shown last (the caller releases it).
 * Returns 0, or -1 with a message on stderr when no terminal can be used.
 */
int tui_run(struct model *m, const struct tui_opts *o);
/* The key table, one "KEYS<TAB>WHAT" line per action (the man page's KEYS are tested against it). */
void tui_print_keys(void);

#endif
