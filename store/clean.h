/*
 * clean.h - names read from input made safe to print: the control
 * characters (and invalid bytes) a log, a JSON string or a file name may
 * hold become visible '?' (text_clean) in every string of the records, so
 * that no output (plan, list, compare, export, the TUI) hands a terminal an
 * escape sequence from someone else's text. The stored texts themselves
 * stay byte for byte.
 */
#ifndef BD_STORE_CLEAN_H
#define BD_STORE_CLEAN_H

#include "store/model.h"

/* A clean copy of `s` in the arena, or `s` itself when it is clean already. */
const char *clean_str(struct arena *a, const char *s);

/* Clean every string of the records added since `from` (zeroed: all of them). */
void clean_records(struct model *m, const struct recset_mark *from);

/*
 * What an import cleaned of its runs while the walk went on, from its
 * first run on (zeroed: nothing): the strings fixed once a block is
 * recorded. Owned by the caller; the strings it points at are the model's.
 */
struct clean_ahead {
	size_t to;          /* runs [from, to) had clean_run_ahead(): set by the caller */
	int commands_dirty; /* one of their commands holds a control character */
	const char *last_command; /* the command looked at last (a block's runs share it) */
};

/*
 * Run `r` (its block recorded: store/naming.h, naming_block()) cleaned
 * ahead: its subject, which nothing reads before the names are decided,
 * cleaned in place; its command only looked at (the naming pass reads it
 * as printed), the answer in a->commands_dirty.
 */
void clean_run_ahead(struct model *m, struct clean_ahead *a, size_t r);

/*
 * clean_records(), but what `a` says was done ahead of runs [from->runs,
 * a->to) is not done again: their subjects, their commands when none was
 * dirty. The result is clean_records()'s.
 */
void clean_records_after(struct model *m, const struct recset_mark *from, const struct clean_ahead *a);

/*
 * clean_records_after() a run at a time, for a pass that has each run in
 * hand anyway (store/naming.h: naming_finish()'s `then`): begin, then
 * clean_run() of runs from->runs, from->runs + 1, ... in order (each once
 * nothing will change it again), then clean_runs_end() for the runs not
 * given and the other records. The result is clean_records_after()'s.
 * `a` (NULL: none) must outlive the pass. clean_run()'s `name_clean`:
 * the pass knows the run's variant text and key hold no control
 * character (store/naming.h: naming_then_fn), and neither is read.
 */
#define CLEAN_SEEN_SLOTS 64
struct clean_runs {
	struct model *m;
	const struct clean_ahead *a;
	size_t ahead; /* runs before it had clean_run_ahead() */
	size_t next;  /* the run clean_run() takes next */
	/* clean_str() of the strings seen last, by address: records share a few (quantity names, labels) */
	const char *in[CLEAN_SEEN_SLOTS], *out[CLEAN_SEEN_SLOTS];
};
void clean_runs_begin(struct clean_runs *c, struct model *m, const struct recset_mark *from,
		      const struct clean_ahead *a);
void clean_run(struct clean_runs *c, size_t r, int name_clean);
void clean_runs_end(struct clean_runs *c, const struct recset_mark *from);
/*
 * clean_runs_end() in two parts, for a caller that has the second done
 * beside the pass: clean_runs_rest() the runs not given, and
 * clean_other_records() the records from `from` on that are not runs
 * (measurements' and samples' quantities, series' names, notes, facts),
 * their clean copies in arena `a` (the caller's: the model's arena, or
 * one of a second thread's own, moved into it after with arena_take()).
 * clean_other_records() reads and writes those records alone: a second
 * thread may run it while nothing else reads or writes them. Both done,
 * the result is clean_runs_end()'s.
 */
void clean_runs_rest(struct clean_runs *c);
void clean_other_records(struct recset *rs, const struct recset_mark *from, struct arena *a);

/* Clean the strings of sources [from, m->nsources) and of the user's edits. */
void clean_sources(struct model *m, size_t from);

#endif
