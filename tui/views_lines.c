/*
 * views_lines.c - what find (/ n N), the mouse and copy (y Y) read on the
 * CPU and Sizes screens: their lines as text, and their rows as one
 * Markdown table through compare --matrix's writer (store/matrix_md.c),
 * restricted to the matrix rows the screen lists, in its order; and their
 * H (the history of the selected figure's metric) and ] [ (the next and
 * previous significant figure). The lines are the ones the screen made
 * when it drew (views.h); the cursor over them is each screen's own
 * (views_list()).
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

/* CPU's and Sizes' own state (t->own[SCREEN_CPU], t->own[SCREEN_SIZES]): the cursor over their lines. */
struct vlist_state {
	struct list pos;
	unsigned epoch; /* the views' epoch the cursor belongs to */
};

struct list *views_list(struct tui *t, enum screen_id s, const struct views *v)
{
	struct vlist_state *st = tui_own(t, s, sizeof(*st));

	if (st->epoch != v->epoch) {
		memset(&st->pos, 0, sizeof(st->pos)); /* another experiment: the cursor starts over */
		st->epoch = v->epoch;
	}
	return &st->pos;
}

/*
 * The list and lines of the CPU or Sizes screen shown now: NULL on another
 * screen or without an experiment; *n is 0 until the screen made its lines.
 */
static struct list *shown(struct tui *t, struct views **v, const struct vline **lines, size_t *n)
{
	struct tui_snapshot snap = tui_snapshot(t);

	*v = t->view_exp < snap.m->nexps ? views_get(t) : NULL;
	*lines = NULL;
	*n = 0;
	if (!*v)
		return NULL;
	if (t->cur == SCREEN_CPU) {
		if ((*v)->cpu_made) {
			*lines = (*v)->cpu_lines;
			*n = (*v)->ncpu;
		}
		return views_list(t, SCREEN_CPU, *v);
	}
	if (t->cur == SCREEN_SIZES) {
		if ((*v)->size_made) {
			*lines = (*v)->size_lines;
			*n = (*v)->nsize;
		}
		return views_list(t, SCREEN_SIZES, *v);
	}
	return NULL;
}

struct list *views_lines(struct tui *t)
{
	const struct vline *lines;
	struct views *v;
	size_t n;
	struct list *l = shown(t, &v, &lines, &n);

	if (l)
		l->count = n;
	return l;
}

void views_line_text(struct tui *t, size_t i, struct buf *out)
{
	const struct vline *lines;
	struct views *v;
	size_t n;

	if (shown(t, &v, &lines, &n) && i < n)
		vline_text(v, &lines[i], t->cur == SCREEN_SIZES, out);
}

void views_markdown(struct tui *t, struct buf *out)
{
	const struct vline *lines;
	struct views *v;
	size_t n;

	if (shown(t, &v, &lines, &n))
		rows_shown(v, lines, n, out);
}

/* The list and lines of the CPU or Sizes screen shown now, once it made them, or NULL. */
static struct list *shown_list(struct tui *t, struct views **v, const struct vline **lines, size_t *n)
{
	struct list *l = shown(t, v, lines, n);

	if (!l || !(t->cur == SCREEN_CPU ? (*v)->cpu_made : (*v)->size_made))
		return NULL;
	return l;
}

/* A figure line's change against the baseline, when significant (a derived IPC has none). */
static int significant(const struct views *v, const struct vline *l)
{
	const struct cmp_row *r;

	if (l->kind != VL_FIGURE || l->ipc || !l->col)
		return 0;
	r = v->mx.rows[l->row].cell[l->col - 1];
	return r && r->significant;
}

int views_jump(struct tui *t, int dir)
{
	const struct vline *lines;
	struct views *v;
	size_t n;
	struct list *l = shown_list(t, &v, &lines, &n);

	if (!l)
		return ACT_IGNORED;
	for (size_t k = 1; k <= n; k++) {
		size_t i;

		if (dir > 0 ? l->cursor + k >= n : k > l->cursor)
			break;
		i = dir > 0 ? l->cursor + k : l->cursor - k;
		if (significant(v, &lines[i])) {
			l->cursor = i;
			return ACT_DONE;
		}
	}
	tui_message(t, "no significant change %s", dir > 0 ? "below" : "above");
	return ACT_DONE;
}

int views_history(struct tui *t)
{
	const struct vline *lines, *sel;
	struct views *v;
	size_t n;
	struct list *l = shown_list(t, &v, &lines, &n);
	const struct cmp_mrow *r;
	const char *keys[2];

	if (!l)
		return ACT_IGNORED;
	sel = l->cursor < n ? &lines[l->cursor] : NULL;
	if (!sel || (sel->kind != VL_FIGURE && sel->kind != VL_METRIC) || sel->ipc) {
		tui_message(t, "H: on a figure (a derived IPC has no history of its own)");
		return ACT_DONE;
	}
	r = &v->mx.rows[sel->row];
	keys[0] = v->mx.keys[0];
	keys[1] = sel->kind == VL_FIGURE && sel->col ? v->mx.keys[sel->col] : "";
	return screen_ask_history(t, keys, *keys[1] ? 2 : 1, r->scenario, r->subject, r->quantity);
}

int views_line_is_row(const void *lines, size_t i)
{
	const struct vline *l = (const struct vline *)lines + i;

	return l->kind == VL_FIGURE;
}
