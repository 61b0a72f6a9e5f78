/*
 * table.c - aligned text tables; see table.h.
 */
#include "cli/table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"

void table_init(struct table *t, size_t ncols, const char *align)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->align = align;
}

/* Cells are shown on a terminal: what it would obey is made visible (text_clean). */
static char *cell_dup(const char *s, size_t n)
{
	struct buf b = BUF_INIT;

	if (!text_has_control(s, n))
		return xstrndup(s, n);
	text_clean(&b, s, n);
	return buf_detach(&b, NULL);
}

void table_add(struct table *t, const char *text)
{
	ALLOC_GROW(t->cells, t->ncells + 1, t->cap);
	t->cells[t->ncells++] = cell_dup(text ? text : "", text ? strlen(text) : 0);
}

void table_addf(struct table *t, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	ALLOC_GROW(t->cells, t->ncells + 1, t->cap);
	t->cells[t->ncells++] = cell_dup(buf_str(&b), b.len);
	buf_release(&b);
}

/* Is the row starting at cell i a heading: text in its first cell, none in the others? */
static int heading(const struct table *t, size_t i)
{
	if (!*t->cells[i])
		return 0;
	for (size_t c = 1; c < t->ncols; c++)
		if (i + c < t->ncells && *t->cells[i + c])
			return 0;
	return 1;
}

/* The display width of each column, into a heap array the caller frees. */
static int *widths(const struct table *t)
{
	int *width = xcalloc(t->ncols ? t->ncols : 1, sizeof(*width));

	for (size_t i = 0; i < t->ncells; i++) {
		int w = text_width(t->cells[i], strlen(t->cells[i]));

		if (t->span_headings && i % t->ncols == 0 && heading(t, i))
			continue;
		if (w > width[i % t->ncols])
			width[i % t->ncols] = w;
	}
	return width;
}

void table_print(const struct table *t, FILE *fp)
{
	int *width = widths(t);
	struct buf line = BUF_INIT;

	for (size_t i = 0; i < t->ncells; i++) {
		size_t c = i % t->ncols;
		int pad = width[c] - text_width(t->cells[i], strlen(t->cells[i]));

		if (pad < 0)
			pad = 0; /* a heading (span_headings) runs on into the empty cells */
		int right = t->align && t->align[c] == 'r';

		if (t->skip_empty && c && !width[c])
			goto next;
		if (c)
			buf_adds(&line, "  ");
		if (right)
			buf_addf(&line, "%*s", pad, "");
		buf_adds(&line, t->cells[i]);
		if (!right)
			buf_addf(&line, "%*s", pad, "");
next:
		if (c + 1 == t->ncols || i + 1 == t->ncells) {
			while (line.len && line.s[line.len - 1] == ' ')
				line.s[--line.len] = '\0';
			fprintf(fp, "%s\n", buf_str(&line));
			buf_reset(&line);
		}
	}
	buf_release(&line);
	free(width);
}

int table_width(const struct table *t)
{
	int *width = widths(t), total = 0;

	for (size_t c = 0; c < t->ncols; c++)
		if (!c || width[c] || !t->skip_empty)
			total += width[c] + (c ? 2 : 0);
	free(width);
	return total;
}

void table_release(struct table *t)
{
	for (size_t i = 0; i < t->ncells; i++)
		free(t->cells[i]);
	free(t->cells);
	memset(t, 0, sizeof(*t));
}
