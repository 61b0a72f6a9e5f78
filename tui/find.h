/*
 * find.h - the exploring actions, one file each: find (/ n N) over the
 * lines of any screen that lists them; Compare's order, filter and jumps
 * (o ~ ] [); copy (y Y). Each returns ACT_DONE when it took the action.
 */
#ifndef BD_TUI_FIND_H
#define BD_TUI_FIND_H

#include "store/compare_matrix.h"
#include "tui/screen.h"

struct views;

int find_action(struct tui *t, enum action a);
/* Free find's pattern (t->find) and the edits' target (t->edit), at the end. */
void find_release(struct tui *t);
void edit_release(struct tui *t);
int sort_action(struct tui *t, enum action a);
/* y: the screen's Markdown to the clipboard (OSC 52); Y: to a new file. */
int copy_action(struct tui *t, enum action a);
/* e R m: set a variant, rename or merge variants (recorded); u: undo the latest edit. */
int edit_action(struct tui *t, enum action a);
/*
 * After tui.c read the store again (ACT_RELOAD; `rc` what explore_refresh()
 * or explore_reload() returned): an edit of e R m B u recorded before the
 * read is followed now (the views' sides, every screen's edited(), the
 * status line). Nothing when none waits.
 */
void edit_read(struct tui *t, int rc);
/* The Matrix's o ~ ] [ (tui/matrix_keys.c); ACT_DONE when taken. */
int matrix_sort_action(struct tui *t, enum action a);
/* The Matrix's H: the row's metric for the baseline and the selected column's variant. */
int matrix_history(struct tui *t);
/* The Matrix's y Y: its rows as shown, through compare --matrix's Markdown writer. */
void matrix_markdown(struct tui *t, struct buf *out);
/*
 * CPU and Sizes (the one of them shown): their lines for find and the
 * mouse, their rows for y Y (tui/views_lines.c).
 */
struct list *views_lines(struct tui *t);
/*
 * CPU's or Sizes' (`s`) own cursor over its lines, in t->own[s], made on
 * first use; it starts over when `v` (views_get()'s) was built for another
 * experiment since. Valid until the TUI ends.
 */
struct list *views_list(struct tui *t, enum screen_id s, const struct views *v);
void views_line_text(struct tui *t, size_t i, struct buf *out);
void views_markdown(struct tui *t, struct buf *out);
/* CPU and Sizes: ] [ to the next or previous significant figure; H the selected figure's history. */
int views_jump(struct tui *t, int dir);
int views_history(struct tui *t);
/* Remember the Matrix's row under the cursor in t->keep_row, for the next build or view. */
void matrix_remember_row(struct tui *t);

#endif
