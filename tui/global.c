/*
 * global.c - the actions no screen took, sent to the file that does each:
 * find, the order and its filter, copy, the edits, the Experiments
 * filter, import, saving the baseline; H where no screen has a figure's
 * history. tui.c calls it after the screen's act().
 */
#include "tui/global.h"

#include "tui/explore.h"
#include "tui/find.h"

int global_action(struct tui *t, enum action a)
{
	switch (a) {
	case ACT_FIND:
	case ACT_FIND_NEXT:
	case ACT_FIND_PREV:
		return find_action(t, a);
	case ACT_SORT:
	case ACT_HIDE_SAME:
	case ACT_NEXT_SIG:
	case ACT_PREV_SIG:
		return sort_action(t, a);
	case ACT_COPY:
	case ACT_COPY_FILE:
		return copy_action(t, a);
	case ACT_SET_VARIANT:
	case ACT_RENAME_VARIANT:
	case ACT_MERGE_VARIANTS:
	case ACT_UNDO:
		return edit_action(t, a);
	case ACT_FILTER:
		return experiments_filter_open(t);
	case ACT_HISTORY: /* each screen with figures takes H itself */
		tui_message(t, "%s", HISTORY_WHERE);
		return ACT_DONE;
	case ACT_IMPORT:
		return screen_ask_open(t, SCREEN_PASTE, 0);
	case ACT_SAVE_BASELINE:
		tui_save_baseline(t);
		return ACT_DONE;
	default:
		return ACT_IGNORED;
	}
}
