/*
 * arena.h - a bump allocator for things that all die together.
 * The model and the parsers' sink allocate runs' strings from one arena and
 * never free them one by one; arena_release() ends them all at once.
 * Pointers handed out stay valid until arena_release(): chunks never move.
 */
#ifndef BD_UTIL_ARENA_H
#define BD_UTIL_ARENA_H

#include <stdarg.h>
#include <stddef.h>

#include "util/util.h"

struct arena_chunk;

struct arena {
	struct arena_chunk *head; /* newest chunk first */
	size_t used;              /* bytes handed out, for make bench */
};

#define ARENA_INIT { NULL, 0 }

/* Memory aligned for any type; never NULL. */
void *arena_alloc(struct arena *a, size_t n);
/* Copies, NUL-terminated, at any address (not aligned); a NULL `s` gives NULL. */
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...) BD_PRINTF(2, 3);
/*
 * Move every chunk of `src` into `dst`: what `src` handed out lives as long
 * as `dst` from now on (pointers stay valid), and `src` is left empty.
 */
void arena_take(struct arena *dst, struct arena *src);
/* Free every chunk; the arena is left empty and reusable. */
void arena_release(struct arena *a);

#endif
