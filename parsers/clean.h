/*
 * clean.h - what a raw line of a log or a pasted thread looks like once the
 * noise around its text is gone: terminal overwrites (CR), NUL padding, ANSI escapes,
 * Markdown quote markers, HTML entities, the timestamp a CI runner puts
 * before every line, and the scroll position a terminal copy leaves at its
 * end ("[136/4790]"), the "//" of output kept in a code comment, and a
 * progress line a terminal overwrote but the copy kept in front of the line.
 * Cleaning only removes or replaces bytes, so every
 * cleaned byte maps back to the raw byte that produced it.
 */
#ifndef BD_PARSERS_CLEAN_H
#define BD_PARSERS_CLEAN_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/parser.h"
#include "util/buf.h"

/*
 * The bytes that need cleaning wherever they stand in a line: CR, ESC, '&'
 * and NUL. A caller walking a whole text looks for them by itself.
 */
#define CLEAN_ANYWHERE_BYTES { '\r', 0x1b, '&', '\0' }

/*
 * Does raw[0..n) need cleaning for its shape (a quote marker, a comment's
 * "//", a CI timestamp, a terminal copy's "[136/4790]")? A line needs
 * cleaning when it does, or when it holds one of CLEAN_ANYWHERE_BYTES.
 * Most lines of most logs need neither.
 */
int clean_needed_shape(const char *raw, size_t n);

/*
 * Append the cleaned text of raw[0..n) to *out; *quoted is set to 1 when a
 * quote marker was removed (quoted may be NULL). Returns the cleaned length.
 */
size_t clean_line(const char *raw, size_t n, struct buf *out, int *quoted);

/*
 * Does cleaning raw[0..n) only drop bytes before and after the text it
 * keeps (no escape, entity or NUL inside it)? Then 1, and the cleaned text
 * is raw[*from..*to), byte for byte what clean_line() appends; 0 when it
 * is not. *quoted is set as clean_line() sets it (quoted may be NULL).
 */
int clean_span(const char *raw, size_t n, size_t *from, size_t *to, int *quoted);
/* The same for a line known to hold none of CLEAN_ANYWHERE_BYTES, which is always a span. */
void clean_trim(const char *raw, size_t n, size_t *from, size_t *to, int *quoted);

/*
 * The byte offset in the source of the byte that produced byte `clean_off`
 * of l->s (cleaning removes bytes, and escapes before it are skipped).
 */
uint64_t clean_source_offset(const struct line *l, size_t clean_off);

/*
 * Length of the CI runner's prefix at the start of raw[0..n): a GitHub
 * Actions or GitLab ISO timestamp ("2024-04-04T02:16:17.8298213Z ", GitLab's
 * "00O " stream tag after it), a "[12:01:02] " clock, and Actions' "##[group]"
 * style commands after them. 0 when there is none.
 */
size_t clean_ci_prefix(const char *raw, size_t n);

/*
 * Length of a container log's prefix at the start of raw[0..n): docker
 * compose's service name, padded with blanks, and a bar ("web_1  | ",
 * "load-test  | ", "wrk6sync      |" on an empty line). A shape only: a
 * Markdown table row can look the same, so the caller strips it only
 * where the next line or the line before carries the same prefix (and a
 * table row, which ends with '|', never). 0 when there is none.
 */
size_t clean_container_prefix(const char *raw, size_t n);

#endif
