/*
 * watch.c - the store written by another process, seen; see watch.h.
 */
#include "tui/watch.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "store/storeindex.h"
#include "tui/explore.h"
#include "util/buf.h"

void watch_take(const struct store *st, struct store_watch *out)
{
	static const char *const names[] = { "edits.csv", "index.csv", "data" };
	struct buf path = BUF_INIT;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; st && st->dir && i < sizeof(names) / sizeof(names[0]); i++) {
		struct stat sb;

		buf_reset(&path);
		buf_addf(&path, "%s/%s", st->dir, names[i]);
		if (stat(path.s, &sb) < 0)
			continue;
		out->f[i].dev = (unsigned long long)sb.st_dev;
		out->f[i].ino = (unsigned long long)sb.st_ino;
		out->f[i].size = (unsigned long long)sb.st_size;
		out->f[i].sec = (long long)sb.st_mtim.tv_sec;
		out->f[i].nsec = (long long)sb.st_mtim.tv_nsec;
	}
	buf_release(&path);
}

void watch_after_load(const struct store *st, const struct store_watch *before,
		      struct store_watch *out)
{
	struct store_watch now;

	watch_take(st, &now);
	/* f[0] the journal, f[2] data/: only another writer changes them during a load */
	if (memcmp(&now.f[0], &before->f[0], sizeof(now.f[0])) ||
	    memcmp(&now.f[2], &before->f[2], sizeof(now.f[2])))
		*out = *before;
	else
		*out = now;
}

int watch_same(const struct store_watch *a, const struct store_watch *b)
{
	return !memcmp(a, b, sizeof(*a));
}

int watch_poll(struct tui *t)
{
	struct store_watch now;
	int rc;

	if (!t->store || (t->ex && (t->ex->prompt.active || t->ex->paste.collecting)))
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
