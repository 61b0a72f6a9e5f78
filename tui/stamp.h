/*
 * stamp.h - a stamp of the store's files that every writer changes (the
 * edit journal, the index, the list of imports in data/): what tells the
 * TUI that another process wrote the store (tui/watch.c). A store
 * generation number would replace it.
 */
#ifndef BD_TUI_STAMP_H
#define BD_TUI_STAMP_H

struct store;

/* What stat() said of each watched file: absent files are all zero. */
struct store_watch {
	struct {
		unsigned long long dev, ino, size;
		long long sec, nsec;
	} f[3];
};

/* The stamp of the store now. */
void watch_take(const struct store *st, struct store_watch *out);
/*
 * The stamp to keep after a load that began at `before`: the store's now,
 * since a load may write the index itself, unless the journal or data/
 * changed meanwhile (another writer: `before` is kept, so the next look
 * reads the store again).
 */
void watch_after_load(const struct store *st, const struct store_watch *before,
		      struct store_watch *out);
/* 1 when two stamps describe the same files. */
int watch_same(const struct store_watch *a, const struct store_watch *b);

#endif
