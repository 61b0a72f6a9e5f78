/*
 * watch.c - the store written by another process, seen; see watch.h.
 */
#include "tui/watch.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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
	rc = explore_refresh(t); /* the list alone: from the index, as at the start */
	if (rc == 0)
		tui_message(t, "the store changed (written by another benchdelta): shown as it is now");
	return 1;
}
