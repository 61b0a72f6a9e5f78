/*
 * screen_cpu.c - CPU: per scenario, each CPU figure the experiment holds
 * (user and system time, CPU %, task-clock, cycles, instructions, the IPC
 * derived from them, context switches, iperf3's cpu.local/cpu.remote, and
 * the peak memory beside them), one line per variant with its change
 * against the baseline and a bar. A metric that is zero in every variant
 * (GNU time -v prints many) is left out.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/metrics.h"
#include "parsers/units.h"
#include "store/compare_text.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "util/buf.h"

/* The figure of column c for matrix row r, or NULL. */
static const struct cmp_side *side(const struct views *v, size_t r, size_t c)
{
	const struct cmp_mrow *mr = &v->mx.rows[r];
	const struct cmp_side *s = c ? (mr->cell[c - 1] ? &mr->cell[c - 1]->cand : NULL) : mr->base;

	return s && s->present && isfinite(s->center) ? s : NULL;
}

static int is_cpu(const struct cmp_mrow *r)
{
	return r->family == MF_CPU || !strcmp(r->quantity, "max_rss");
}

/* 1 when some variant has a figure other than zero. */
static int nonzero(const struct views *v, size_t r)
{
	for (size_t c = 0; c < v->mx.ncols; c++) {
		const struct cmp_side *s = side(v, r, c);

		if (s && s->center != 0)
			return 1;
	}
	return 0;
}

/* The row of `quantity` with the same scenario and subject as row r, or SIZE_MAX. */
static size_t sibling(const struct views *v, size_t r, const char *quantity)
{
	const struct cmp_mrow *a = &v->mx.rows[r];

	for (size_t i = 0; i < v->mx.nrows; i++) {
		const struct cmp_mrow *b = &v->mx.rows[i];

		if (!strcmp(b->quantity, quantity) && !strcmp(b->scenario, a->scenario) &&
		    !strcmp(b->subject, a->subject))
			return i;
	}
	return SIZE_MAX;
}

static void add(struct views *v, size_t *cap, enum vline_kind kind, size_t row, size_t row2,
		size_t col, int ipc, const char *text)
{
	struct vline *l;

	ALLOC_GROW(v->cpu_lines, v->ncpu + 1, *cap);
	l = &v->cpu_lines[v->ncpu++];
	l->kind = kind;
	l->row = row;
	l->row2 = row2;
	l->col = col;
	l->ipc = ipc;
	l->text = text;
}

static void make_lines(struct views *v, struct list *pos)
{
	const char *scenario = NULL;
	size_t cap = 0;
	int several = 0;

	/* the Matrix's rule: a heading per scenario, none for a lone unnamed one */
	for (size_t i = 1; i < v->mx.nrows; i++)
		if (strcmp(v->mx.rows[i].scenario, v->mx.rows[0].scenario))
			several = 1;
	for (size_t pass = 0; pass < 2; pass++) {
		/* the CPU figures first, then the peak memory, scenario by scenario */
		for (size_t i = 0; i < v->mx.nrows; i++) {
			const struct cmp_mrow *r = &v->mx.rows[i];
			int mem = !strcmp(r->quantity, "max_rss");

			if (!is_cpu(r) || mem != (int)pass || !nonzero(v, i))
				continue;
			/* the memory pass repeats a heading only after another scenario's */
			if ((several || *r->scenario) && (!scenario || strcmp(scenario, r->scenario))) {
				add(v, &cap, VL_HEADING, 0, 0, 0, 0, *r->scenario ? r->scenario : "(no scenario)");
				scenario = r->scenario;
			}
			add(v, &cap, VL_METRIC, i, 0, 0, 0, r->metric);
			for (size_t c = 0; c < v->mx.ncols; c++)
				add(v, &cap, VL_FIGURE, i, 0, c, 0, "");
			/*
			 * IPC from cycles and instructions, when the tool did not print it;
			 * counted with the same modifiers (instructions_u over cycles_u)
			 */
			if (!strncmp(r->quantity, "instructions", 12) && metric_lookup(r->quantity) &&
			    metric_lookup(r->quantity)->id == METRIC_INSTRUCTIONS &&
			    sibling(v, i, "insn_per_cycle") == SIZE_MAX) {
				char cycles[64];
				size_t cy;

				snprintf(cycles, sizeof(cycles), "cycles%s", r->quantity + 12);
				cy = sibling(v, i, cycles);

				if (cy != SIZE_MAX) {
					add(v, &cap, VL_IPC, cy, i, 0, 1, "IPC (instructions / cycles, derived)");
					for (size_t c = 0; c < v->mx.ncols; c++)
						add(v, &cap, VL_FIGURE, cy, i, c, 1, "");
				}
			}
		}
	}
	pos->count = v->ncpu;
	list_on_row(pos, views_line_is_row, v->cpu_lines);
	v->cpu_made = 1;
}

/* Instructions per cycle of column c, or NAN. */
static double ipc(const struct views *v, const struct vline *l, size_t c)
{
	const struct cmp_side *cy = side(v, l->row, c), *in = side(v, l->row2, c);

	return cy && in && cy->center > 0 ? in->center / cy->center : NAN;
}

/* How far the printed counts let ipc(c) be off, relative to it (0: exact). */
static double ipc_rel_res(const struct views *v, const struct vline *l, size_t c)
{
	const struct cmp_side *cy = side(v, l->row, c), *in = side(v, l->row2, c);

	if (!cy || !in || !(cy->center > 0) || !(in->center > 0))
		return 0;
	return cmp_side_res(in, UNIT_COUNT) / in->center + cmp_side_res(cy, UNIT_COUNT) / cy->center;
}

/* The figure of a VL_FIGURE line (NAN when the variant has none). */
static double value(const struct views *v, const struct vline *l, size_t c)
{
	const struct cmp_side *s;

	if (l->ipc)
		return ipc(v, l, c);
	s = side(v, l->row, c);
	return s ? s->center : NAN;
}

/* The largest figure of the metric line `l` belongs to, for the bars. */
static double largest(const struct views *v, const struct vline *l)
{
	double m = 0;

	for (size_t c = 0; c < v->mx.ncols; c++) {
		double x = value(v, l, c);

		if (x > m)
			m = x;
	}
	return m;
}

static int name_width(const struct views *v)
{
	return views_label_width(v, COLS / 3);
}

static void draw_figure(const struct views *v, const struct vline *l, int y, int namew, int sel)
{
	enum color_role plain = sel ? ROLE_SELECTED : ROLE_NORMAL, role = plain;
	const struct cmp_mrow *r = &v->mx.rows[l->row];
	char val[48], delta[24], name[256];
	const char *mark = "";
	double x = value(v, l, l->col), m = largest(v, l);
	int cx = 5 + namew + 1;

	draw_text(y, 5, namew, views_row_label(v, l->col, namew, name, sizeof(name)), plain);
	delta[0] = '\0';
	if (isnan(x)) {
		snprintf(val, sizeof(val), "-");
	} else if (l->ipc) {
		double b = ipc(v, l, 0), rel = ipc_rel_res(v, l, l->col);

		/* a ratio: three digits even when whole ("2.00", not the count form "2") */
		unit_format_delta_res(x, UNIT_COUNT, x * rel, val, sizeof(val));
		if (l->col && b > 0) {
			double pct = (x / b - 1) * 100;

			cmp_text_pct_res(pct, x / b * (rel + ipc_rel_res(v, l, 0)) * 100, delta, sizeof(delta));
			/* derived, never tested; more instructions per cycle is better */
			mark = !(fabs(pct) > v->mx.t[0].opts.threshold) ? "~" : pct > 0 ? "\xe2\x9c\x93?" : "\xe2\x9c\x97?";
			if (!sel)
				role = views_role(!strcmp(mark, "~") ? CMP_SAME : pct > 0 ? CMP_BETTER : CMP_WORSE, 0);
		}
	} else {
		const struct cmp_row *cr = l->col ? r->cell[l->col - 1] : NULL;

		cmp_text_figure(side(v, l->row, l->col), r->unit, val, sizeof(val));
		if (cr) {
			cmp_text_delta(cr, delta, sizeof(delta));
			mark = cmp_text_mark(cr);
			if (!sel)
				role = views_role(cr->verdict, views_tested(cr));
		}
	}
	draw_right(y, cx, 12, val, plain);
	cx += 13;
	draw_right(y, cx, 8, delta, role);
	cx += 9;
	draw_text(y, cx, 2, mark, role);
	cx += 3;
	if (m > 0 && x >= 0)
		draw_bar(y, cx, COLS - 2 - cx < 40 ? COLS - 2 - cx : 40, x / m, sel ? ROLE_SELECTED : l->col ? role == ROLE_NORMAL ? ROLE_DIM : role : ROLE_HIGHLIGHT);
}

static void draw_line(const struct views *v, const struct vline *l, int y, int namew, int sel)
{
	if (sel)
		draw_fill(y, ROLE_SELECTED);
	switch (l->kind) {
	case VL_HEADING:
		draw_text(y, 1, COLS - 2, l->text, sel ? ROLE_SELECTED : ROLE_HEADER);
		break;
	case VL_METRIC:
	case VL_IPC: {
		const struct metric_def *d = l->kind == VL_METRIC ? metric_lookup(v->mx.rows[l->row].quantity) : NULL;
		int x = 3 + draw_text(y, 3, COLS - 4, l->text, sel ? ROLE_SELECTED : ROLE_HIGHLIGHT);

		if (d)
			draw_text(y, x + 2, COLS - 3 - x, d->description, sel ? ROLE_SELECTED : ROLE_DIM);
		break;
	}
	case VL_FIGURE:
		draw_figure(v, l, y, namew, sel);
		break;
	default:
		break;
	}
}

static void draw_detail(const struct views *v, const struct list *pos, int y)
{
	const struct vline *l = pos->cursor < v->ncpu ? &v->cpu_lines[pos->cursor] : NULL;
	struct buf b = BUF_INIT;
	char p[32], n[32];

	if (l && l->kind == VL_FIGURE && l->ipc) {
		buf_adds(&b, "IPC: instructions over cycles of each variant's figures; derived, never tested");
	} else if (l && l->kind == VL_FIGURE && l->col) {
		const struct cmp_row *r = v->mx.rows[l->row].cell[l->col - 1];

		if (r) {
			buf_addf(&b, "%s \xc2\xb7 %s: %s", cmp_matrix_name(&v->mx, l->col), r->metric,
				 cmp_text_method(r->method));
			if (*cmp_text_p(r, p, sizeof(p)))
				buf_addf(&b, " \xc2\xb7 p %s", p);
			if (*cmp_text_n(r, n, sizeof(n)))
				buf_addf(&b, " \xc2\xb7 n %s", n);
		}
	} else if (l && l->kind == VL_FIGURE) {
		buf_addf(&b, "%s (baseline)", cmp_matrix_name(&v->mx, 0));
	}
	draw_fields(y, 1, COLS - 2, buf_str(&b), ROLE_DIM);
	buf_release(&b);
}

static int table_height(int height)
{
	return height - 1 - (height >= 12 ? 2 : 0);
}

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;
	struct list *pos;
	int rows = table_height(height), namew;
	char info[256];

	if (t->view_exp >= snap.m->nexps) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	v = views_get(t);
	pos = views_list(t, SCREEN_CPU, v);
	if (!v->cpu_made)
		make_lines(v, pos);
	if (!v->ncpu) { /* no header, no legend about figures there are none of */
		draw_text(top + 1, 2, COLS - 4,
			  "No CPU figures: hyperfine, GNU time, perf stat and iperf3 -V print them.",
			  ROLE_DIM);
		return;
	}
	namew = name_width(v);
	snprintf(info, sizeof(info), "CPU figures of %zu variant%s against %s \xc2\xb7 all-zero metrics hidden",
		 v->mx.ncols, v->mx.ncols == 1 ? "" : "s", cmp_matrix_name(&v->mx, 0));
	if (draw_width(info) > COLS - 2) /* the what before the how: the note goes whole */
		snprintf(info, sizeof(info), "CPU figures of %zu variant%s against %s", v->mx.ncols,
			 v->mx.ncols == 1 ? "" : "s", cmp_matrix_name(&v->mx, 0));
	draw_fields(top, 1, COLS - 2, info, ROLE_DIM);
	list_clamp(pos, rows);
	tui_position_list(t, "row", pos, views_line_is_row, v->cpu_lines);
	t->list_y = top + 1;

	for (int i = 0; i < rows && pos->top + (size_t)i < v->ncpu; i++) {
		size_t k = pos->top + (size_t)i;

		draw_line(v, &v->cpu_lines[k], top + 1 + i, namew, k == pos->cursor);
	}
	if (height >= 12) {
		views_legend(top + height - 2, "bars: each figure against the largest");
		draw_detail(v, pos, top + height - 1);
	}
}

static int act(struct tui *t, enum action a, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;
	struct list *pos;

	if (t->view_exp >= snap.m->nexps)
		return ACT_IGNORED;
	v = views_get(t);
	pos = views_list(t, SCREEN_CPU, v);
	if (!v->cpu_made)
		make_lines(v, pos);
	if (a == ACT_HISTORY)
		return views_history(t);
	return list_act_rows(pos, a, table_height(height), views_line_is_row, v->cpu_lines) ? ACT_DONE : ACT_IGNORED;
}

const struct screen screen_cpu = {
	.name = "CPU",
	.opener = ACT_SCREEN_CPU,
	.per_exp = 1,
	.draw = draw,
	.act = act,
	.lines = views_lines,
	.line_text = views_line_text,
	.markdown = views_markdown,
	.swapped = views_swapped,
};
