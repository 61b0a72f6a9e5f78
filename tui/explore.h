/*
 * explore.h - the exploring functions the screens and tui.c share: the
 * prompt's and the mouse's keys, the store read again (tui/reload.c), the
 * Experiments list's lines. The screens' own state is theirs (t->own[],
 * tui/screen.h); what several share is in struct tui: the rows' order
 * (t->order), find's pattern (t->find, tui/find.c), the edits' target
 * (t->edit, tui/edit.c).
 */
#ifndef BD_TUI_EXPLORE_H
#define BD_TUI_EXPLORE_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "store/flows.h"
#include "store/import.h"
#include "store/trace.h"
#include "tui/list.h"
#include "tui/order.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "util/arena.h"

/*
 * Keys before the key table (after a paste's, tui/screen_paste.h): the
 * open prompt takes them all, and the mouse. Returns 1 when the key was
 * taken (tui.c then redraws and waits for the next).
 */
int explore_key(struct tui *t, wint_t ch, int is_code); /* 2: taken, more to come: no redraw */
/* Draw over the finished screen: the prompt on the status line. */
void explore_draw(struct tui *t);

/*
 * Put `fresh` in place of the TUI's model (moved: `fresh` is left empty)
 * and carry every view's state over by name: the experiment, its baseline
 * and candidate, the run whose source is shown (tui/reload.c).
 */
void explore_adopt(struct tui *t, struct model *fresh);
/*
 * Load the store again and adopt it: after an import or an undo. 0, or -1
 * with a message, or LOADER_CANCELLED (tui/loader.h: Esc during a long
 * read; nothing shown changed).
 */
int explore_reload(struct tui *t);
/*
 * After an edit, an undo or another process's write: the store read
 * again as cheaply as it shows it. On the index with the list alone
 * shown, or the whole store with the Experiments list on screen, the
 * index again (when fresh); with one experiment open, the index
 * (when fresh) and that experiment alone; else (or when that does not
 * read) explore_reload(). Returns as explore_reload() does.
 */
int explore_refresh(struct tui *t);
/*
 * The index in t->m of the experiment under the Experiments cursor, read
 * first when t->m does not hold it: its imports alone when the TUI runs
 * on the store's index (t->index is then set, and what the views showed
 * of the model before is dropped), else (or when that read fails) the
 * whole store. -1 when there is none (or Esc cancelled the read), with a
 * message.
 */
long explore_load_listed(struct tui *t);
/*
 * Before H: when the TUI holds one experiment alone (t->index set), read
 * that experiment again with every other run's figure of `metric` (the
 * store's catalog) and adopt it, the views' state carried over as
 * explore_adopt() carries it, the index kept as the list; else, or when
 * that read fails, the whole store (explore_reload()). 0, or -1 with a
 * message, or LOADER_CANCELLED (nothing shown changed).
 */
int explore_load_metric(struct tui *t, const char *metric);

/* The mouse, on or off (at the start and end of curses). */
void explore_terminal(int on);
/* The Experiments list's, likewise (tui/experiments_lines.c). */
struct list *experiments_lines(struct tui *t);
void experiments_line_text(struct tui *t, size_t i, struct buf *out);
void experiments_markdown(struct tui *t, struct buf *out);
/* The Experiments screen's own state (its filter), freed (the screen's release()). */
void experiments_release(struct tui *t);
/* f: the filter prompt; whether experiment i passes the filter. */
int experiments_filter_open(struct tui *t);
int experiments_shown(struct tui *t, size_t i);
/* The experiments to draw in `height` rows (indexes into rows[], which holds height), filtered and scrolled. */
size_t experiments_rows(struct tui *t, int height, size_t *rows);
/* Cursor movement over the shown experiments while a filter is set; 1 when done. */
int experiments_filter_act(struct tui *t, enum action a, int height);
/* The EXPERIMENT column's header, naming the filter. */
const char *experiments_header(struct tui *t, char *out, size_t size);

/* The prompt's state, freed (at the end). */
void explore_release(struct tui *t);


#endif
