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

/* Clean the strings of sources [from, m->nsources) and of the user's edits. */
void clean_sources(struct model *m, size_t from);

#endif
