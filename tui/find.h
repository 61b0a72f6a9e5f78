/*
 * find.h - the exploring actions, one file each: find (/ n N) over the
 * lines of any screen that lists them; Compare's order, filter and jumps
 * (o ~ ] [); copy (y Y). Each returns ACT_DONE when it took the action.
 */
#ifndef BD_TUI_FIND_H
#define BD_TUI_FIND_H

#include "tui/screen.h"

int find_action(struct tui *t, enum action a);
int sort_action(struct tui *t, enum action a);
/* y: the screen's Markdown to the clipboard (OSC 52); Y: to a new file. */
int copy_action(struct tui *t, enum action a);
/* e R m: set a variant, rename or merge variants (recorded); u: undo the latest edit. */
int edit_action(struct tui *t, enum action a);
/* H: the selected metric's values for its variant(s) in every experiment, oldest first. */
int history_action(struct tui *t);

#endif
