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
	/*
	 * known(known_ctx, r): run r's variant text and key were found clean
	 * during the walk (store/naming.h: naming_name_known()); NULL: none.
	 */
	int (*known)(const void *known_ctx, size_t r);
	const void *known_ctx;
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
 * dirty, their variant texts and keys a->known() knows. The result is
 * clean_records()'s.
 */
void clean_records_after(struct model *m, const struct recset_mark *from, const struct clean_ahead *a);

/* Clean the strings of sources [from, m->nsources) and of the user's edits. */
void clean_sources(struct model *m, size_t from);

#endif
