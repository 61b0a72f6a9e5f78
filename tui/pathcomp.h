/*
 * pathcomp.h - the path typed after `i`: `~` expanded, and Tab completing
 * it as a shell does (the common beginning of the names that fit, a
 * folder's name ending in '/', the names listed when several fit).
 * Knows nothing of curses; reads the file system only.
 */
#ifndef BD_TUI_PATHCOMP_H
#define BD_TUI_PATHCOMP_H

#include <stddef.h>

#include "util/buf.h"

/* `in` with a leading "~" or "~/" as $HOME, into out (size bytes; in and out may be the same). */
void pathcomp_expand(const char *in, char *out, size_t size);

/*
 * Complete `typed` (relative to the working directory, or "~/..."):
 * *out gets the text to show in its place (as typed, "~" kept), extended
 * as far as every name that fits agrees; a folder that alone fits ends in
 * '/'. Hidden names fit only a beginning with '.'. Returns how many names
 * fit; when more than one, *cands (heap, each heap, sorted, folders with
 * their '/') lists them (at most 500), else it is left NULL.
 */
size_t pathcomp_complete(const char *typed, struct buf *out, char ***cands, size_t *ncands);

#endif
