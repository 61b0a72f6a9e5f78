/*
 * factors_view.h - the state of the Factors screen (tui/screen_factors.c):
 * the shown experiment's factors and pairs, one factor across the store,
 * a variant picked for a comparison across experiments. One struct hangs
 * off struct tui.
 */
#ifndef BD_TUI_FACTORS_VIEW_H
#define BD_TUI_FACTORS_VIEW_H

#include "tui/screen.h"

/* Free t->fx (NULL after). */
void factors_view_release(struct tui *t);

#endif
