/*
 * abbrev.h - short column headers that still tell names apart: the names
 * without what they all share (a prefix or suffix ending at a word
 * boundary), or letters A, B, C... for a legend to expand.
 */
#ifndef BD_UTIL_ABBREV_H
#define BD_UTIL_ABBREV_H

#include <stddef.h>

/*
 * Write into out[i] (heap, the caller frees each) name i without the
 * longest prefix and suffix that every name shares, cut at word boundaries
 * (space, '_', '-', '+', '.', '/', ':', ',', parentheses) and trimmed of
 * the separators left at its ends. Returns 1 when that dropped something
 * besides separators and the results are non-empty and still tell the names apart; 0 when
 * not (out[i] is then a copy of name i).
 */
int abbrev_trim(const char *const *names, size_t n, char **out);
/* The letter name of column i: "A".."Z", then "AA", "AB"...; `out` holds 8 bytes. */
const char *abbrev_letter(size_t i, char out[8]);

#endif
