/*
 * stamp.c - the store's files, stat()ed: see stamp.h.
 */
#include "tui/stamp.h"

#include <string.h>
#include <sys/stat.h>

#include "store/csvstore.h"
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
