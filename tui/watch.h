/*
 * watch.h - noticing that another process wrote the store: a stamp of the
 * files every writer changes (the edit journal, the index, the list of
 * imports in data/), taken after each load and compared while the TUI
 * waits for a key. A store generation number would replace it.
 */
#ifndef BD_TUI_WATCH_H
#define BD_TUI_WATCH_H

struct store;
struct tui;

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
/*
 * Called while the TUI waits for a key: when the store's stamp is not the
 * one of the last load, read the store again and show it as it is now
 * (explore_reload(), or the index alone while the list is all that is
 * shown), saying so on the status line. Nothing happens while a prompt is
 * open or a paste arrives (what they will act on stays put). Returns 1
 * when the views were reloaded (redraw).
 */
int watch_poll(struct tui *t);

#endif
