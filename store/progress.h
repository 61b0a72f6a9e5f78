/*
 * progress.h - how far a long read of the store is, and a way to stop it:
 * a reader on another thread (the TUI's loader, tui/loader.h) hangs a
 * `struct store_progress` on the store handle; the loops that read every
 * import (load.c, catalog.c, across.c) report each step through
 * store_progress() and stop when it says so. With no progress hung on the
 * handle (every CLI command) a report costs one test of a pointer.
 */
#ifndef BD_STORE_PROGRESS_H
#define BD_STORE_PROGRESS_H

#include <stdatomic.h>
#include <stddef.h>

struct store;

/* What a long read is doing, for the line that shows it. */
enum store_phase {
	STORE_PHASE_NONE,
	STORE_PHASE_CHECKING, /* each import's files checked against its manifest */
	STORE_PHASE_READING,  /* each import's tables read */
	STORE_PHASE_CATALOG,  /* each import read into the catalog */
	STORE_PHASE_JUDGING,  /* each experiment's pairs judged (factors across the store) */
};

/*
 * Shared by the reading thread (writes phase, done, total; reads cancel)
 * and the one that shows it (reads those; sets cancel). `delay_ms` (set
 * before the read starts, never during) makes each step wait that long:
 * the tests' way to see a load in progress, never set otherwise.
 */
struct store_progress {
	atomic_int phase;
	atomic_size_t done, total;
	atomic_int cancel;
	unsigned delay_ms;
};

/* The name of a phase, for people ("reading import"). */
const char *store_phase_name(int phase);

/*
 * Step `done` (counted from 0) of `total` of `phase` begins. Returns 1
 * when the reader was asked to stop (the caller then stops, says
 * store_cancelled_diag(), and leaves what it made unfinished to its
 * caller to release), else 0. Nothing when `st` has no progress hung on it.
 */
int store_progress(const struct store *st, int phase, size_t done, size_t total);

/* 1 when the read of `st` was asked to stop. */
int store_cancelled(const struct store *st);

#endif
