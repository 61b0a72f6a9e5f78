/*
 * watch.c - the store written by another process, seen; see watch.h.
 */
#include "tui/watch.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "store/storeindex.h"
#include "tui/explore.h"
#include "tui/prompt.h"
#include "tui/screen_paste.h"
#include "util/buf.h"

int watch_poll(struct tui *t)
{
	struct store_watch now;
	int rc;

	if (!t->store || prompt_active(t) || (paste_collecting(t)))
		return 0;
	watch_take(t->store, &now);
	if (watch_same(&now, &t->watch))
		return 0;
	t->watch = now; /* a store that does not read is not read again at every tick */
	if (t->m->summary && !t->index) {
		/* only the list is shown: the index serves it as it did at the start */
		struct model fresh;
		struct diag w = DIAG_INIT;

		model_init(&fresh);
		if (storeindex_load(t->store, &fresh, &w) == 1) {
			watch_after_load(t->store, &now, &t->watch);
			explore_adopt(t, &fresh);
			rc = 0;
		} else {
			rc = explore_reload(t);
		}
		model_release(&fresh);
		diag_release(&w);
	} else {
		rc = explore_refresh(t);
	}
	if (rc == 0)
		tui_message(t, "the store changed (written by another benchdelta): shown as it is now");
	return 1;
}
