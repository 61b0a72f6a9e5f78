/*
 * views_lines.c - what find (/ n N), the mouse and copy (y Y) read on the
 * CPU and Sizes screens: their lines as text, and their rows as one
 * Markdown table through compare --matrix's writer (store/matrix_md.c),
 * restricted to the matrix rows the screen lists, in its order. The lines
 * are the ones the screen made when it drew (views.h).
 */
#include <stdlib.h>
#include <string.h>

#include "store/matrix_md.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/views.h"

/* The text of a CPU or Sizes line: a heading, a metric, or "metric · variant" for a figure. */
static void vline_text(const struct views *v, const struct vline *l, int sizes, struct buf *out)
{
	switch (l->kind) {
	case VL_HEADING:
		if (sizes)
			buf_addf(out, "%s against %s", cmp_matrix_name(&v->mx, l->col), cmp_matrix_name(&v->mx, 0));
		else
			buf_adds(out, l->text);
		break;
	case VL_METRIC:
	case VL_IPC:
		buf_adds(out, l->text);
		break;
	case VL_FIGURE:
		buf_addf(out, "%s \xc2\xb7 %s", l->ipc ? "IPC" : v->mx.rows[l->row].metric,
			 cmp_matrix_name(&v->mx, l->col));
		break;
	default:
		break;
	}
}

/* The matrix rows a screen's lines show, each once, in the order they first appear. */
static void rows_shown(const struct views *v, const struct vline *lines, size_t n, struct buf *out)
{
	size_t *rows = xmalloc((n ? n : 1) * sizeof(*rows)), nrows = 0;
	unsigned char *seen = xcalloc(v->mx.nrows ? v->mx.nrows : 1, 1);

	for (size_t i = 0; i < n; i++) {
		const struct vline *l = &lines[i];

		if (l->kind != VL_FIGURE || l->ipc || seen[l->row])
			continue; /* a derived IPC is no row of the matrix: not copied */
		seen[l->row] = 1;
		rows[nrows++] = l->row;
	}
	if (nrows)
		cmp_matrix_markdown(&v->mx, rows, nrows, 0, out);
	free(rows);
	free(seen);
}

static struct views *shown_views(struct tui *t)
{
	return t->view_exp < t->m->nexps ? views_get(t) : NULL;
}

struct list *cpu_lines(struct tui *t)
{
	struct views *v = shown_views(t);

	if (!v)
		return NULL;
	v->cpu.count = v->cpu_made ? v->ncpu : 0;
	return &v->cpu;
}

void cpu_line_text(struct tui *t, size_t i, struct buf *out)
{
	struct views *v = shown_views(t);

	if (v && v->cpu_made && i < v->ncpu)
		vline_text(v, &v->cpu_lines[i], 0, out);
}

void cpu_markdown(struct tui *t, struct buf *out)
{
	struct views *v = shown_views(t);

	if (v && v->cpu_made)
		rows_shown(v, v->cpu_lines, v->ncpu, out);
}

struct list *sizes_lines(struct tui *t)
{
	struct views *v = shown_views(t);

	if (!v)
		return NULL;
	v->sizes.count = v->size_made ? v->nsize : 0;
	return &v->sizes;
}

void sizes_line_text(struct tui *t, size_t i, struct buf *out)
{
	struct views *v = shown_views(t);

	if (v && v->size_made && i < v->nsize)
		vline_text(v, &v->size_lines[i], 1, out);
}

void sizes_markdown(struct tui *t, struct buf *out)
{
	struct views *v = shown_views(t);

	if (v && v->size_made)
		rows_shown(v, v->size_lines, v->nsize, out);
}
