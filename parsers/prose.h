/*
 * prose.h - what the prose of an issue thread tells beyond labels: its
 * title, where one comment ends and the next begins, and the facts of a
 * "Test environment" section (OS, kernel, CPU, RAM, compiler, commit).
 * Used by the segmenter on lines no parser claimed; each function matches
 * with the walking thread's matcher `rx` (rx.h).
 */
#ifndef BD_PARSERS_PROSE_H
#define BD_PARSERS_PROSE_H

#include <stddef.h>

#include "parsers/rx.h"
#include "util/buf.h"

/*
 * Does a line start a new comment of a thread? ("[user]", "user commented
 * 3 days ago", "user opened this issue", `gh issue view`'s "author:" and
 * "--" lines.) Labels do not reach across comments.
 */
int prose_comment_header(struct rx_thread *rx, const char *s, size_t n);

/* Is the line a heading of an environment section ("Test environment", "Hardware:")? */
int prose_env_heading(struct rx_thread *rx, const char *s, size_t n);

/*
 * Read a line of an environment section: 1 with a key ("os", "kernel",
 * "cpu", "ram", "storage", "compiler", "commit", or "env" for the rest)
 * and its value (the line without its bullet, or the commit hash) appended
 * to the buffers; 0 for a line that holds nothing, and for a sentence of
 * prose that names none of those (no "env" fact of a paragraph).
 */
int prose_fact(struct rx_thread *rx, const char *s, size_t n, struct buf *key, struct buf *value);

/*
 * A title the line states outright: `gh issue view`'s "title:" line, or a
 * rendered issue page's "Title #123". 1 with the title appended to *out.
 */
int prose_title(struct rx_thread *rx, const char *s, size_t n, struct buf *out);

extern struct rx prose_rx[];
extern const size_t prose_nrx;

#endif
