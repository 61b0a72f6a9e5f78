/*
 * matrix_md.h - every variant of an experiment as one GitHub Markdown
 * table (compare_matrix.h), to paste back into the issue: what
 * `compare --matrix -f markdown` prints and what the TUI's Matrix, CPU and
 * Sizes screens copy with `y`. Cells come from compare_text.h.
 */
#ifndef BD_STORE_MATRIX_MD_H
#define BD_STORE_MATRIX_MD_H

#include <stddef.h>

#include "store/compare_matrix.h"
#include "store/compare_md.h" /* md_text(), the one Markdown escaper */
#include "util/buf.h"

/*
 * Append matrix `x` as Markdown: the experiment in bold, one table (a
 * column per variant, the baseline first; scenario headings when some row
 * has a scenario; the geometric means when `geo`), then the legend.
 * `rows` lists the rows to show, in that order (NULL: every row in the
 * matrix's order; with `geo` 1 that is exactly the command's output).
 */
void cmp_matrix_markdown(const struct cmp_matrix *x, const size_t *rows, size_t nrows, int geo,
			 struct buf *out);
/*
 * Append the legend under a matrix: what the marks mean, the test's level
 * and threshold, between `before` and `after` (and a newline).
 */
void cmp_matrix_legend(const struct cmp_matrix *x, const char *before, const char *after,
		       struct buf *out);

#endif
