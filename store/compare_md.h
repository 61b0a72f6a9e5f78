/*
 * compare_md.h - a comparison as a GitHub Markdown table, to paste back
 * into the issue: the `compare -f markdown` output and what the TUI's `y`
 * copies. Cells come from compare_text.h, as every other view's do.
 */
#ifndef BD_STORE_COMPARE_MD_H
#define BD_STORE_COMPARE_MD_H

#include <stddef.h>

#include "store/compare.h"
#include "util/buf.h"

/*
 * Append table `t` (`base` and `cand` are the variants' display names):
 * a title line, the rows (scenario headings when some row has a
 * scenario), the geometric means and the counts. `order` lists the rows
 * to show, in that order (NULL: every row, in the table's order).
 */
void cmp_markdown(const struct cmp_table *t, const char *base, const char *cand,
		  const size_t *order, size_t norder, struct buf *out);
/* The line that says what the marks and columns mean, after the tables. */
void cmp_markdown_legend(const struct cmp_table *t, struct buf *out);
/*
 * Append `s` with every character Markdown would read as markup escaped
 * (\ ` * _ < > [ ] | # ~ !), so that a name such as "rel_*base*" or
 * "a <b>" reads as typed, in a GitHub table cell too. The one escaper of
 * every Markdown benchdelta writes.
 */
void md_text(struct buf *out, const char *s);
/* Append `s` as a Markdown table cell ("| s "), escaped by md_text(). */
void md_cell(struct buf *out, const char *s);

#endif
