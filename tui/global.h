/*
 * global.h - the actions no screen took (tui/global.c).
 */
#ifndef BD_TUI_GLOBAL_H
#define BD_TUI_GLOBAL_H

#include "tui/screen.h"

/* Find, sort, copy, edits, filter, import, B: act_result bits (ACT_IGNORED: not one of these). */
int global_action(struct tui *t, enum action a);

#endif
