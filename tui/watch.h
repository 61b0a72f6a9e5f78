/*
 * watch.h - noticing that another process wrote the store: the store's
 * stamp (tui/stamp.h), taken after each load, compared while the TUI waits
 * for a key, and the store read again when it moved.
 */
#ifndef BD_TUI_WATCH_H
#define BD_TUI_WATCH_H

#include "tui/stamp.h"

struct tui;

/*
 * Called while the TUI waits for a key: when the store's stamp is not the
 * one of the last load, read the store again and show it as it is now
 * (explore_reload(), or the index alone while the list is all that is
 * shown), saying so on the status line. Nothing happens while a prompt is
 * open or a paste arrives (what they will act on stays put). Returns 1
 * when the views were reloaded (redraw).
 */
int watch_poll(struct tui *t);

#endif
