/*
 * tablews.h - tables whose columns are aligned with blanks, under a row
 * of column heads and no rule ("    n   faer   ndarray" over "   32
 * 1.1µs   1.5µs"): where a line's cells stand, whether a line is such a
 * header, and whether a row lines up under it. The table reader
 * (table.c) claims and reads these blocks with them.
 *
 * Cells are separated by two blanks or more (a tab counts as two);
 * places are display columns (UTF-8 characters from the line's start).
 */
#ifndef BD_PARSERS_TABLEWS_H
#define BD_PARSERS_TABLEWS_H

#include <stddef.h>
#include <stdint.h>

/* The most columns a whitespace table's header may have. */
#define WS_MAX_COLS 24

struct ws_span {
	uint16_t a, b;   /* display columns [a, b) */
	uint16_t off, n; /* bytes [off, off + n) of the line */
};

/* Do two blanks or more (or a tab) stand between two cells of s[0..n)? A quick test, before the others. */
int ws_aligned(const char *s, size_t n);

/*
 * The cells of s[0..n): at most `max` spans into out. Returns how many,
 * or 0 when the line has more than `max` or is longer than a table's
 * (2,000 bytes). Reads the line once; allocates nothing.
 */
int ws_cells(const char *s, size_t n, struct ws_span *out, int max);

/*
 * Is s[0..n) the header of a whitespace table: three cells or more (the
 * first may be blank, over the rows' names), each a few words, none a
 * figure, nothing of a sentence (no ':' or '.' at its end, no '#', '-',
 * '*' or '>' before it)? `cut`: blanks of the line cut before s (a
 * block's indentation). Fills cols (WS_MAX_COLS, places from s) and
 * *ncols when it is.
 */
int ws_header(const char *s, size_t n, unsigned cut, struct ws_span *cols, int *ncols);

/*
 * The header column cell `c` stands under: the one it overlaps most, or
 * -1 when it overlaps none.
 */
int ws_column_of(const struct ws_span *c, const struct ws_span *cols, int ncols);

/*
 * Does s[0..n) line up under the header as a row: a name, then cells
 * holding a digit, each under its own header column, left to right?
 */
int ws_row_fits(const char *s, size_t n, const struct ws_span *cols, int ncols);

/*
 * A line of a tool's report as key and figure ("Total requests    24",
 * "Requests per second   56.52 [#/sec]"): words that begin with a
 * letter (two to six, no ':' at their end), then a cell that begins
 * with a digit. The key is found by two blanks or more, or, `loose`
 * (inside such a block), by the first word that begins with a digit
 * ("Sample standard deviation 24ms"). Sets both spans (bytes of s) and
 * returns 1 when it is one.
 */
int ws_key_figure(const char *s, size_t n, int loose, struct ws_span *key, struct ws_span *fig);

#endif
