/*
 * screen_paste.h - what the event loop asks of Paste beside the screen
 * table: the terminal's bracketed paste, a paste arriving as keys, and
 * `i`'s fetch between keys. Paste's state is its own (t->own[SCREEN_PASTE],
 * private to screen_paste.c, freed by the screen's release()).
 */
#ifndef BD_TUI_SCREEN_PASTE_H
#define BD_TUI_SCREEN_PASTE_H

#include <wchar.h>

#include "tui/screen.h"

struct tui_fetcher;

/* Bracketed paste on or off (at the start and end of curses). */
void paste_enable(int on);
/*
 * A paste begins (its text then comes through paste_key()) and ends (the
 * plan is made): what the bracketed-paste markers do, and what tui.c does
 * for a burst of keys faster than typing (`bracketed` 0).
 */
void paste_begin(struct tui *t, int bracketed);
void paste_end(struct tui *t);
/*
 * Keys while a paste arrives, and the bracketed-paste markers, before any
 * other handler: 0 not taken, 1 taken (redraw), 2 taken (more to come, no
 * redraw).
 */
int paste_key(struct tui *t, wint_t ch, int is_code);
/* 1 inside a paste (its keys are text: no key runs, the store is not looked at). */
int paste_collecting(const struct tui *t);
/*
 * 1 while `u` may take back the last import from Paste (which needs the
 * whole store in hand: it was planned on it).
 */
int paste_has_import(const struct tui *t);
/* `i`'s fetch or read: look how far it is (tui.c, between keys); 1 when the screen should be drawn again. */
int paste_poll(struct tui *t);
/* 1 while `i` fetches or reads (tui.c then looks again soon rather than waiting for a key). */
int paste_busy(const struct tui *t);
/* The command line's fetch of a thread, for `i` (tui_opts.fetcher; NULL: paths only). */
void paste_set_fetcher(const struct tui_fetcher *f);

#endif
