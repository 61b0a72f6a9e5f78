/*
 * fetchjob.h - the slow part of `i` on a thread of its own: an issue's
 * thread fetched (by the command line's own code, handed to the TUI as a
 * struct tui_fetcher) or standard input read to its end, while the screen
 * keeps drawing how far it is and Esc cancels it. The TUI asks the job
 * (fetchjob_poll()) between keys; nothing here draws.
 */
#ifndef BD_TUI_FETCHJOB_H
#define BD_TUI_FETCHJOB_H

#include <stddef.h>

#include "store/import.h"
#include "util/buf.h"
#include "util/diag.h"

/* One text `i` brought in: what the paste plan imports, under its heading. */
struct fetched_text {
	char *name;                         /* heap: its address, "<stdin>", a path */
	char *text;                         /* heap, NUL-terminated */
	size_t len;
	const struct import_origin *origin; /* into the owner of its struct fetched, or NULL */
	char *heading;                      /* heap: "comment 3 by alice, 2024-04-28", or NULL */
};

/* The texts of one `i` (or one paste), in order. */
struct fetched {
	struct fetched_text *v;
	size_t n, cap;
	char *name;             /* heap: "OWNER/REPO#N", "<stdin>", a path, "paste" */
	struct diag warnings;   /* what the fetch warned of (a link not read) */
	struct diag images;     /* texts that show an image: said when the plan finds no tool output */
	void *owner;            /* what the origins point into, released by release_owner */
	void (*release_owner)(void *owner);
};

/* Append a text (its strings copied; `text` adopted: heap). */
void fetched_add(struct fetched *f, const char *name, char *text, size_t len,
		 const struct import_origin *origin, const char *heading);
void fetched_release(struct fetched *f);

typedef void (*fetch_progress_fn)(void *ctx, const char *what, size_t done, size_t total);

/*
 * How the TUI fetches a thread: the command line's code (cli/tui.c),
 * handed in through tui_opts, since tui/ does not include cli/.
 */
struct tui_fetcher {
	/* 1 when `arg` names an issue or pull request (and no file of that name exists) */
	int (*is_address)(const char *arg);
	/*
	 * On the job's thread: fetch the thread `arg` names into *out (empty
	 * before) as `benchdelta import ARG` would, links followed. Tells
	 * `progress` how far it is; stops when *cancel is set. Returns 0, or
	 * -1 with the one line the command line prints in *msg (no program
	 * name).
	 */
	int (*fetch)(const char *arg, fetch_progress_fn progress, void *ctx, const _Atomic int *cancel,
		     struct fetched *out, struct buf *msg);
};

struct fetchjob;

/*
 * Start fetching `arg` with `f` on a thread of its own, or, for "-",
 * reading standard input to its end. NULL when no thread can be made
 * (why in *msg).
 */
struct fetchjob *fetchjob_start(const struct tui_fetcher *f, const char *arg, struct buf *msg);
/* How far it is, into out ("comments 40 of 112"); 1 when it has finished. */
int fetchjob_poll(struct fetchjob *j, char *out, size_t size);
/*
 * A finished job's result, and the job freed: 0 with the texts moved into
 * *out, or -1 with why in *msg.
 */
int fetchjob_finish(struct fetchjob *j, struct fetched *out, struct buf *msg);
/*
 * Give a job up (Esc): it is told to stop and frees itself when its
 * thread ends; the caller forgets it at once, without waiting.
 */
void fetchjob_cancel(struct fetchjob *j);

#endif
