/*
 * label.h - variant labels: which prose lines name a build variant, and the
 * normalized key under which two spellings of one variant meet.
 */
#ifndef BD_PARSERS_LABEL_H
#define BD_PARSERS_LABEL_H

#include <stddef.h>

#include "util/buf.h"

/*
 * If the prose line `s` reads as a label for the blocks below it (a
 * heading, a bold line, a short line ending with ':'), append its text
 * without the markup and the colon to *out and return 1; else return 0.
 */
int label_parse(const char *s, size_t n, struct buf *out);

/*
 * Append the key of a variant text to *out: lower case, runs of spaces,
 * '-', '_' and '.' folded to one space, other punctuation but '+' dropped,
 * so "Release + PGO-optimized" and "release + pgo optimized" meet.
 */
void variant_key(const char *s, size_t n, struct buf *out);

#endif
