/*
 * screen_score.c - Scorecard: the whole trade-off in one glance, one line
 * per variant against the baseline: the geometric mean of the changes of
 * its time metrics, throughput, total size (else the binaries' file size),
 * .text size, CPU and peak memory
 * (store/compare_matrix.c's summaries), each with its mark. A summary is
 * never tested itself: it is ✓/✗ only when every row behind it is a
 * significant change that way, else ✓?/✗?; the line at the bottom says
 * how many rows each rests on.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parsers/metrics.h"
#include "store/compare_text.h"
#include "store/matrix_md.h"
#include "tui/draw.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "util/buf.h"

static int pick_family(const struct cmp_mrow *r, void *arg)
{
	return r->family == *(enum metric_family *)arg;
}

static int pick_quantities(const struct cmp_mrow *r, void *arg)
{
	for (const char *const *q = arg; *q; q++)
		if (!strcmp(r->quantity, *q))
			return 1;
	return 0;
}

static enum metric_family f_time = MF_TIME, f_put = MF_THROUGHPUT, f_cpu = MF_CPU;
static const char *const q_total[] = { "dec", "total", NULL };
static const char *const q_text[] = { "text", "section.text", NULL };
static const char *const q_mem[] = { "max_rss", NULL };
static const char *const q_file[] = { "file_size", NULL };

/* The scorecard's columns: a heading, the rows a summary takes. */
static const struct column {
	const char *head, *words;
	int (*pick)(const struct cmp_mrow *r, void *arg);
	void *arg;
} columns[] = {
	{ "TIME", "time", pick_family, &f_time },
	{ "THROUGHPUT", "throughput", pick_family, &f_put },
	{ "SIZE", "size", pick_quantities, (void *)q_total },
	{ ".TEXT", ".text", pick_quantities, (void *)q_text },
	{ "CPU", "CPU", pick_family, &f_cpu },
	{ "PEAK MEM", "peak memory", pick_quantities, (void *)q_mem },
};

#define NCOL (sizeof(columns) / sizeof(columns[0]))
#define W_CELL 11

/*
 * The size a summary takes: the total (size's dec, size -A's total), or,
 * in an experiment with neither, the binaries' sizes as written
 * ("Release: 1.3 MiB"); the column then says FILE SIZE.
 */
static const char *const *size_rows(const struct views *v)
{
	for (size_t i = 0; i < v->mx.nrows; i++)
		if (pick_quantities(&v->mx.rows[i], (void *)q_total))
			return q_total;
	return q_file;
}

/* The summary of column k for variant c (the size column as size_rows() says). */
static void column_summary(const struct views *v, size_t c, size_t k, struct cmp_summary *s)
{
	void *arg = columns[k].arg == (void *)q_total ? (void *)size_rows(v) : columns[k].arg;

	cmp_matrix_summary(&v->mx, c, columns[k].pick, arg, s);
}

static const char *column_head(const struct views *v, size_t k)
{
	return columns[k].arg == (void *)q_total && size_rows(v) == q_file ? "FILE SIZE" : columns[k].head;
}

static const char *column_words(const struct views *v, size_t k)
{
	return columns[k].arg == (void *)q_total && size_rows(v) == q_file ? "file size" : columns[k].words;
}

/*
 * A summary's mark: ✓/✗ when every row behind it is significant that way
 * (✓¹/✗¹ when some of them only within one run a side), ✓?/✗? otherwise.
 */
static const char *mark(const struct cmp_summary *s)
{
	int sure = s->significant == s->nrows;

	switch (s->verdict) {
	case CMP_BETTER:
		return !sure ? "\xe2\x9c\x93?" : s->one_run ? "\xe2\x9c\x93\xc2\xb9" : "\xe2\x9c\x93";
	case CMP_WORSE:
		return !sure ? "\xe2\x9c\x97?" : s->one_run ? "\xe2\x9c\x97\xc2\xb9" : "\xe2\x9c\x97";
	case CMP_SAME:
		return "~";
	default:
		return "";
	}
}

static int name_width(const struct views *v, const int *shown)
{
	int cells = 0;

	for (size_t k = 0; k < NCOL; k++)
		cells += shown[k] ? W_CELL + 1 : 0;
	return views_label_width(v, COLS - 2 - cells);
}

/* Which columns any variant has rows for: an empty column is not shown. */
static void present(const struct views *v, int *shown)
{
	for (size_t k = 0; k < NCOL; k++) {
		shown[k] = 0;
		for (size_t c = 1; c < v->mx.ncols && !shown[k]; c++) {
			struct cmp_summary s;

			column_summary(v, c, k, &s);
			shown[k] = s.nrows > 0;
		}
	}
}

static void draw_row(const struct views *v, size_t c, int y, int namew, const int *shown, int sel)
{
	enum color_role plain = sel ? ROLE_SELECTED : ROLE_NORMAL;
	char name[256];
	int x = 1;

	if (sel)
		draw_fill(y, ROLE_SELECTED);
	draw_text(y, x, namew, views_row_label(v, c, namew, name, sizeof(name)), plain);
	x += namew + 1;
	for (size_t k = 0; k < NCOL; k++) {
		struct cmp_summary s;
		char cell[48], pct[24];

		if (!shown[k])
			continue;
		if (!c) {
			draw_right(y, x, W_CELL, "-", ROLE_DIM);
			x += W_CELL + 1;
			continue;
		}
		column_summary(v, c, k, &s);
		if (!s.nrows)
			snprintf(cell, sizeof(cell), "-");
		else
			snprintf(cell, sizeof(cell), "%s %-2s", cmp_text_pct_res(s.delta_pct, s.delta_res, pct, sizeof(pct)), mark(&s));
		draw_right(y, x, W_CELL, cell,
			   sel ? ROLE_SELECTED
			       : views_role(s.verdict, !s.nrows || s.significant != s.nrows ? 0 : s.one_run ? 2 : 1));
		x += W_CELL + 1;
	}
}

/* "PGO+BOLT: time -27.1% ✓? (6 rows, untested), size +1.2% ✗? (1 row, untested)" */
static void draw_sentence(const struct views *v, size_t c, int y, int lines)
{
	struct buf b = BUF_INIT;

	if (c < 1 || c >= v->mx.ncols) {
		draw_text(y, 1, COLS - 2, "The baseline: every other line is against it.", ROLE_DIM);
		return;
	}
	buf_addf(&b, "%s against %s:", cmp_matrix_name(&v->mx, c), cmp_matrix_name(&v->mx, 0));
	for (size_t k = 0, first = 1; k < NCOL; k++) {
		struct cmp_summary s;
		char pct[24];

		column_summary(v, c, k, &s);
		if (!s.nrows)
			continue;
		buf_addf(&b, "%s %s %s %s (%zu row%s", first ? "" : ",", column_words(v, k),
			 cmp_text_pct_res(s.delta_pct, s.delta_res, pct, sizeof(pct)), mark(&s), s.nrows, s.nrows == 1 ? "" : "s");
		if (s.untested == s.nrows)
			buf_adds(&b, ", untested");
		else if (s.significant)
			buf_addf(&b, ", %zu significant", s.significant);
		if (s.one_run) /* counted apart: tests over one invocation a side */
			buf_addf(&b, ", %zu of them within one run a side", s.one_run);
		buf_addc(&b, ')');
		first = 0;
	}
	/* wrap over the lines there are, at spaces */
	{
		const char *s = buf_str(&b);

		for (int i = 0; i < lines && *s; i++) {
			size_t n = strlen(s), cut = n;
			char line[1024];

			if (draw_width(s) > COLS - 2) {
				cut = 0;
				for (size_t k = 0; k < n && k < sizeof(line) - 1; k++) {
					if (s[k] == ' ') {
						snprintf(line, sizeof(line), "%.*s", (int)k, s);
						if (draw_width(line) > COLS - 2)
							break;
						cut = k;
					}
				}
				if (!cut || i == lines - 1)
					cut = n;
			}
			snprintf(line, sizeof(line), "%.*s", (int)cut, s);
			/* the last line drops whole families rather than cut a figure */
			draw_fields_sep(y + i, 1, COLS - 2, line, ", ", ROLE_NORMAL);
			s += cut;
			while (*s == ' ')
				s++;
		}
	}
	buf_release(&b);
}

/* Scorecard's own state (t->own[SCREEN_SCORE]): the cursor over the variants. */
struct score_state {
	struct list pos;
	unsigned epoch; /* the views' epoch the cursor belongs to */
};

/*
 * The cursor for `v` (views_get()'s, built): on the first candidate when
 * `v` was built for another experiment since; its count v's variants.
 */
static struct list *cursor(struct tui *t, const struct views *v)
{
	struct score_state *s = tui_own(t, SCREEN_SCORE, sizeof(*s));

	if (s->epoch != v->epoch) {
		memset(&s->pos, 0, sizeof(s->pos));
		s->pos.cursor = v->mx.ncols > 1 ? 1 : 0;
		s->epoch = v->epoch;
	}
	s->pos.count = v->mx.ncols;
	return &s->pos;
}

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;
	struct list *pos;
	int shown[NCOL], namew, x, any = 0;

	if (t->view_exp >= snap.m->nexps) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	v = views_get(t);
	pos = cursor(t, v);
	list_clamp(pos, height - 6);
	tui_position_list(t, "variant", pos, NULL, NULL);
	t->list_y = top + 2;
	present(v, shown);
	namew = name_width(v, shown);
	draw_text(top, 1, COLS - 2, "Each variant against the baseline: the geometric mean of each family's changes",
		  ROLE_DIM);
	draw_text(top + 1, 1, namew, "VARIANT", ROLE_HEADER);
	x = 1 + namew + 1;
	for (size_t k = 0; k < NCOL; k++) {
		if (!shown[k])
			continue;
		draw_right(top + 1, x, W_CELL, column_head(v, k), ROLE_HEADER);
		x += W_CELL + 1;
		any = 1;
	}
	for (size_t i = 0; i < (size_t)(height - 6) && pos->top + i < v->mx.ncols; i++) {
		size_t c = pos->top + i;

		draw_row(v, c, top + 2 + (int)i, namew, shown, c == pos->cursor);
	}
	if (!any)
		draw_text(top + 3 + (int)v->mx.ncols, 2, COLS - 4,
			  "No time, throughput, size, CPU or memory figures with a direction here.", ROLE_DIM);
	draw_fields(top + height - 4, 1, COLS - 2,
		    cmp_matrix_one_run(&v->mx)
			    ? "\xe2\x9c\x93 \xe2\x9c\x97 all rows significant \xc2\xb7 \xc2\xb9 some within one run a side "
			      "\xc2\xb7 \xe2\x9c\x93? \xe2\x9c\x97? not all significant \xc2\xb7 ~ within the noise"
			    : "\xe2\x9c\x93 \xe2\x9c\x97 all rows significant \xc2\xb7 \xe2\x9c\x93? \xe2\x9c\x97? not all significant "
			      "\xc2\xb7 ~ within the noise",
		    ROLE_DIM);
	draw_sentence(v, pos->cursor, top + height - 3, 3);
}

static int act(struct tui *t, enum action a, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;

	if (t->view_exp >= snap.m->nexps)
		return ACT_IGNORED;
	v = views_get(t);
	return list_act(cursor(t, v), a, height - 6) ? ACT_DONE : ACT_IGNORED;
}

/* For find (/ n N) and the mouse: a line per variant, by its name. */
static struct list *lines(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;

	if (t->view_exp >= snap.m->nexps)
		return NULL;
	v = views_get(t);
	return cursor(t, v);
}

static void line_text(struct tui *t, size_t i, struct buf *out)
{
	struct views *v = views_get(t);

	if (i < v->mx.ncols)
		buf_addf(out, "%s%s", cmp_matrix_name(&v->mx, i), i ? "" : " (baseline)");
}

/* y Y: the scorecard as a GitHub table, a row per candidate, each summary with its rows. */
static void markdown(struct tui *t, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v;
	int shown[NCOL];

	if (t->view_exp >= snap.m->nexps)
		return;
	v = views_get(t);
	if (v->mx.ncols < 2)
		return;
	present(v, shown);
	buf_adds(out, "**");
	md_text(out, snap.m->exps[t->view_exp].name);
	buf_adds(out, "**: each variant against ");
	md_text(out, cmp_matrix_name(&v->mx, 0));
	buf_adds(out, " (the geometric mean of each family's changes)\n\n| variant |");
	for (size_t k = 0; k < NCOL; k++)
		if (shown[k])
			buf_addf(out, " %s |", column_words(v, k));
	buf_adds(out, "\n|:--|");
	for (size_t k = 0; k < NCOL; k++)
		if (shown[k])
			buf_adds(out, "--:|");
	buf_addc(out, '\n');
	for (size_t c = 1; c < v->mx.ncols; c++) {
		buf_adds(out, "| ");
		md_text(out, cmp_matrix_name(&v->mx, c));
		buf_adds(out, " |");
		for (size_t k = 0; k < NCOL; k++) {
			struct cmp_summary s;
			char pct[24];

			if (!shown[k])
				continue;
			column_summary(v, c, k, &s);
			if (!s.nrows)
				buf_adds(out, " - |");
			else
				buf_addf(out, " %s %s (%zu row%s) |",
					 cmp_text_pct_res(s.delta_pct, s.delta_res, pct, sizeof(pct)),
					 mark(&s), s.nrows, s.nrows == 1 ? "" : "s");
		}
		buf_addc(out, '\n');
	}
	buf_adds(out, "\n<sub>benchdelta: \xe2\x9c\x93 \xe2\x9c\x97 all rows significant; "
		      "\xe2\x9c\x93? \xe2\x9c\x97? not all significant; ~ within the noise; "
		      "a summary is never tested itself</sub>\n");
}

const struct screen screen_score = {
	.name = "Scorecard",
	.opener = ACT_SCREEN_SCORE,
	.per_exp = 1,
	.draw = draw,
	.act = act,
	.lines = lines,
	.line_text = line_text,
	.markdown = markdown,
	.swapped = views_swapped,
};
