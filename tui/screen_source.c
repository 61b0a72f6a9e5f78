/*
 * screen_source.c - Source: the text a run was read from, the whole of it,
 * opened at the run's block. The block's lines carry a `>` and are
 * highlighted, the lines that named the variant a `=`, and the bytes each
 * of the run's figures was read from are shown reversed (from the stored
 * byte spans). Up/Down/PgUp/PgDn/g/G move through the text, Left/Right
 * scroll long lines, Enter goes back to the block.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "util/text.h"

/* Source's own state (t->own[SCREEN_SOURCE]): the run shown, its text, the place in it. */
struct source_state {
	long run;                 /* the run whose bytes are marked; -1 none */
	char *run_id;             /* its id (heap): what finds it again in a model read anew */
	unsigned gen;             /* the snapshot's generation when read */
	uint32_t source;
	struct line_index ix;     /* of the source's text */
	const char *text;         /* the model's, in the snapshot held in `held` */
	struct snapshot *held;
	int again;                /* a text was shown when the snapshot moved: read its run again */
	size_t len;
	uint32_t named[8];        /* lines that named the variant */
	size_t nnamed;
	struct run_records rec;
	struct figure_span *spans; /* where each of rec's figures was read from (heap) */
	struct list list;         /* over the text's lines: cursor and top, 0-based */
	int left;                 /* columns scrolled to the right */
	int placed;               /* top was set for this run */
	enum screen_id from;
};

/* Drop the text shown (what pointed into the model). */
static void forget(struct source_state *ss)
{
	trace_index_release(&ss->ix);
	trace_records_release(&ss->rec);
	free(ss->spans);
	ss->spans = NULL;
	ss->text = NULL;
	ss->run = -1;
	tui_snapshot_let_go(&ss->held);
}

/* Read run `run` of the snapshot into ss. 0, or -1 (said in the status line). */
static int read_run(struct tui *t, struct source_state *ss, long run)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct run *r;

	if (run < 0 || (size_t)run >= snap.m->rs.nruns)
		return -1;
	r = &snap.m->rs.runs[run];
	forget(ss);
	ss->run = run;
	free(ss->run_id);
	ss->run_id = xstrdup(r->id);
	ss->gen = tui_snapshot(t).gen;
	ss->source = r->source;
	tui_snapshot_hold(t, &ss->held);
	ss->text = model_source_text(snap.m, r->source, &ss->len);
	if (!ss->text) {
		tui_message(t, "the text of %s is not in the store", snap.m->sources[r->source].name);
		return -1;
	}
	trace_index_lines(&ss->ix, ss->text, ss->len);
	trace_records(snap.m, (uint32_t)run, &ss->rec);
	free(ss->spans);
	ss->spans = trace_spans(snap.m, (uint32_t)run, &ss->rec);
	ss->nnamed = trace_variant_lines(snap.m, (uint32_t)run, ss->named, countof(ss->named));
	ss->left = 0;
	ss->placed = 0;
	return 0;
}

/*
 * Source's state, made on first use; when the model was edited or read
 * again since the text was read (a new snapshot generation), the same run is found by its id
 * and read again, the place in the text kept (nothing shown when it is
 * gone).
 */
static struct source_state *source_of(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct source_state *ss = t->own[SCREEN_SOURCE];

	if (!ss) {
		ss = t->own[SCREEN_SOURCE] = xcalloc(1, sizeof(*ss));
		ss->run = -1;
		ss->gen = snap.gen;
	}
	if (ss->gen != snap.gen) {
		struct list keep = ss->list;
		int had = ss->text != NULL || ss->again;

		ss->gen = snap.gen;
		ss->again = 0;
		forget(ss);
		if (had && ss->run_id && read_run(t, ss, trace_find_run(snap.m, ss->run_id)) == 0) {
			ss->list = keep;
			ss->placed = 1;
		}
	}
	return ss;
}

/* A new snapshot: the text goes with the old one; the run is read again by its id when shown. */
static void swapped(struct tui *t)
{
	struct source_state *ss = t->own[SCREEN_SOURCE];

	if (!ss)
		return;
	ss->again |= ss->text != NULL;
	forget(ss);
}

static void release(struct tui *t)
{
	struct source_state *ss = t->own[SCREEN_SOURCE];

	if (!ss)
		return;
	forget(ss);
	free(ss->run_id);
	free(ss);
	t->own[SCREEN_SOURCE] = NULL;
}

/* e: the run shown, and its variant. */
static int selected(struct tui *t, long *run, const char **key, const char **exp)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct source_state *ss = source_of(t);

	if (ss->run < 0 || !ss->text)
		return -1;
	*run = ss->run;
	*key = snap.m->rs.runs[ss->run].eff_variant.key;
	*exp = snap.m->rs.runs[ss->run].eff_experiment;
	return 0;
}

/*
 * The run to open a warning's text through: of the source named `file`,
 * the one whose block holds `line`, else the last before it, else the
 * first after it; -1 when no run was read from that text.
 */
static long run_at(const struct model *m, const char *file, uint32_t line)
{
	long before = -1, after = -1;

	for (size_t i = 0; i < m->rs.nruns; i++) {
		const struct run *r = &m->rs.runs[i];

		if (strcmp(m->sources[r->source].name, file))
			continue;
		if (line >= r->first_line && line <= r->last_line)
			return (long)i;
		if (r->first_line <= line && (before < 0 || r->first_line > m->rs.runs[before].first_line))
			before = (long)i;
		if (r->first_line > line && (after < 0 || r->first_line < m->rs.runs[after].first_line))
			after = (long)i;
	}
	return before >= 0 ? before : after;
}

/*
 * Open on run a->run, at its block or at text line a->line; or on the run
 * read from a->file at a->line (a warning's).
 */
static int open(struct tui *t, const struct screen_ask *a)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct source_state *ss = source_of(t);
	long run = a->file ? run_at(snap.m, a->file, a->line) : a->run;

	if (a->file && run < 0) {
		const char *slash = strrchr(a->file, '/');

		tui_message(t, "no run was read from %s: its text is not shown here", slash ? slash + 1 : a->file);
		return -1;
	}
	if (read_run(t, ss, run) < 0)
		return -1;
	ss->from = a->from;
	if (a->line) {
		ss->placed = 1;
		ss->list.count = ss->ix.nlines;
		ss->list.cursor = a->line - 1 < ss->ix.nlines ? a->line - 1 : 0;
		ss->list.top = ss->list.cursor > 4 ? ss->list.cursor - 4 : 0;
	}
	return 0;
}

static int text_rows(int height)
{
	return height - 2;
}

/* Put the run's block (and the label above it, when it fits) in view. */
static void place(struct source_state *ss, const struct run *r, int rows)
{
	uint32_t from = r->first_line, to = r->last_line;

	for (size_t i = 0; i < ss->nnamed; i++)
		if (ss->named[i] < from && r->first_line - ss->named[i] < (uint32_t)rows / 2)
			from = ss->named[i];
	from = from > 3 ? from - 3 : 1;
	if (to - from + 1 > (uint32_t)rows)
		to = from + (uint32_t)rows - 1;
	ss->list.count = ss->ix.nlines;
	ss->list.top = from - 1;
	ss->list.cursor = r->first_line ? r->first_line - 1 : 0;
	list_clamp(&ss->list, rows);
	ss->placed = 1;
}

static int is_named(const struct source_state *ss, uint32_t line)
{
	for (size_t i = 0; i < ss->nnamed; i++)
		if (ss->named[i] == line)
			return 1;
	return 0;
}

/* Is byte `at` of the text inside one of the run's figures? */
static int in_figure(const struct tui *t, const struct source_state *ss, size_t at)
{
	(void)t;
	for (size_t i = 0; i < ss->rec.nmeas; i++) {
		const struct figure_span *sp = &ss->spans[i];

		if (sp->length && at >= sp->offset && at < sp->offset + sp->length)
			return 1;
	}
	return 0;
}

/*
 * Draw one line of text from column `left` on, in runs of bytes that are
 * or are not a figure, each in its role. Returns nothing; clips at COLS.
 */
static void draw_text_line(struct tui *t, struct source_state *ss, int y, int x, uint32_t line,
			   enum color_role base)
{
	size_t n, i = 0, at;
	const char *s = trace_line(&ss->ix, ss->text, line, &n);
	int col = 0;

	if (!s)
		return;
	at = (size_t)(s - ss->text);
	while (i < n && x < COLS - 1) {
		int fig = in_figure(t, ss, at + i);
		size_t j = i;
		int w;

		while (j < n && in_figure(t, ss, at + j) == fig)
			j += text_char_len(s + j, n - j);
		/* skip what is scrolled off to the left, a character at a time */
		while (i < j && col < ss->left) {
			size_t c = text_char_len(s + i, n - i);
			int cw = text_width(s + i, c);

			col += cw > 0 ? cw : 1;
			i += c;
		}
		if (i < j) {
			struct buf b = BUF_INIT;

			buf_add(&b, s + i, j - i);
			w = draw_text(y, x, COLS - 1 - x, buf_str(&b), fig ? ROLE_SELECTED : base);
			x += w;
			col += w;
			buf_release(&b);
		}
		i = j;
	}
}

/* "results[1].mean: time mean" for each figure on the cursor's line found by its value; 1 when any. */
static int json_paths(struct tui *t, const struct source_state *ss, struct buf *b)
{
	struct tui_snapshot snap = tui_snapshot(t);
	size_t n, at;
	const char *s = trace_line(&ss->ix, ss->text, (uint32_t)ss->list.cursor + 1, &n);

	if (!s)
		return 0;
	at = (size_t)(s - ss->text);
	for (size_t i = 0; i < ss->rec.nmeas; i++) {
		const struct figure_span *sp = &ss->spans[i];
		const struct measurement *me = &snap.m->rs.meas[ss->rec.meas[i]];

		if (!*sp->path || sp->offset < at || sp->offset >= at + n)
			continue;
		buf_addf(b, "%s%s: %s %s", b->len ? "  " : "", sp->path, me->quantity, stat_name(me->stat));
	}
	return b->len > 0;
}

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct source_state *ss = source_of(t);
	const struct run *r;
	const struct source *src;
	int rows = text_rows(height), gutter;
	struct buf b = BUF_INIT;
	char num[16];

	if (ss->run < 0 || (size_t)ss->run >= snap.m->rs.nruns || !ss->text) {
		draw_text(top + 1, 2, COLS - 4, "No source to show.", ROLE_NORMAL);
		return;
	}
	r = &snap.m->rs.runs[ss->run];
	src = &snap.m->sources[ss->source];
	if (!ss->placed)
		place(ss, r, rows);
	ss->list.count = ss->ix.nlines;
	list_clamp(&ss->list, rows);
	/* a fetched comment: "alice, 2024-03-02, <its address>" first, where it is not cut off */
	if (trace_text_provenance(src, &b))
		buf_adds(&b, " \xc2\xb7 ");
	buf_addf(&b, "lines %zu-%zu of %u \xc2\xb7 run %s (%s, lines %u-%u)", ss->list.top + 1,
		 ss->list.top + (size_t)rows < ss->ix.nlines ? ss->list.top + (size_t)rows : (size_t)ss->ix.nlines,
		 (unsigned)ss->ix.nlines, r->id, fmt_name(r->fmt), (unsigned)r->first_line,
		 (unsigned)r->last_line);
	{
		int x = 1 + draw_text(top, 1, COLS - 2, b.s, ROLE_HIGHLIGHT);

		/* the file's name in what is left, cut in the middle: "run1.txt" and "run2.txt" stay apart */
		if (!*src->address && x < COLS - 8) {
			x += draw_text(top, x, COLS - 1 - x, " \xc2\xb7 ", ROLE_HIGHLIGHT);
			draw_text_mid(top, x, COLS - 1 - x, src->name, ROLE_HIGHLIGHT);
		}
	}
	gutter = snprintf(num, sizeof(num), "%u", (unsigned)ss->ix.nlines) + 1;
	t->list_y = top + 1;
	for (int i = 0; i < rows && ss->list.top + (size_t)i < ss->ix.nlines; i++) {
		uint32_t line = (uint32_t)(ss->list.top + (size_t)i + 1);
		int y = top + 1 + i;
		int block = line >= r->first_line && line <= r->last_line;
		enum color_role role = block ? ROLE_HIGHLIGHT : is_named(ss, line) ? ROLE_BETTER : ROLE_NORMAL;

		snprintf(num, sizeof(num), "%*u", gutter - 1, (unsigned)line);
		draw_text(y, 0, gutter, num, line - 1 == ss->list.cursor ? ROLE_SELECTED : ROLE_DIM);
		/* a line that named the variant says so even inside the block (a command, a file name) */
		draw_text(y, gutter, 2, is_named(ss, line) ? "=" : block ? ">" : " ", role);
		draw_text_line(t, ss, y, gutter + 2, line, role);
	}
	buf_reset(&b);
	if (json_paths(t, ss, &b))
		; /* the cursor's line holds figures found in a JSON document: their paths */
	else
		buf_adds(&b, "> block  = label  reversed: figures  \xe2\x86\x90\xe2\x86\x92 scroll  Enter: block  Esc: back");
	draw_text(top + height - 1, 1, COLS - 2, b.s, ROLE_DIM);
	buf_release(&b);
}

static int act(struct tui *t, enum action a, int height)
{
	struct source_state *ss = source_of(t);

	ss->list.count = ss->ix.nlines;
	if (list_act(&ss->list, a, text_rows(height)))
		return ACT_DONE;
	switch (a) {
	case ACT_NEXT:
		ss->left += 8;
		return ACT_DONE;
	case ACT_PREV:
		ss->left = ss->left > 8 ? ss->left - 8 : 0;
		return ACT_DONE;
	case ACT_ENTER:
		ss->placed = 0;
		ss->left = 0;
		return ACT_DONE;
	case ACT_BACK:
		return screen_ask_show(t, ss->from == SCREEN_SOURCE ? SCREEN_RUNS : ss->from);
	default:
		return ACT_IGNORED;
	}
}

static struct list *lines(struct tui *t)
{
	return &source_of(t)->list;
}

static void line_text(struct tui *t, size_t i, struct buf *out)
{
	struct source_state *ss = source_of(t);
	size_t n;
	const char *s = ss->text ? trace_line(&ss->ix, ss->text, (uint32_t)i + 1, &n) : NULL;

	if (s)
		buf_add(out, s, n);
}

/* The run's block, fenced, with where it came from: what y copies here. */
static void markdown(struct tui *t, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct source_state *ss = source_of(t);
	const struct run *r;

	if (ss->run < 0 || !ss->text)
		return;
	r = &snap.m->rs.runs[ss->run];
	buf_addf(out, "%s, lines %u-%u:\n\n```\n", snap.m->sources[ss->source].name,
		 (unsigned)r->first_line, (unsigned)r->last_line);
	for (uint32_t l = r->first_line; l <= r->last_line; l++) {
		line_text(t, l - 1, out);
		buf_addc(out, '\n');
	}
	buf_adds(out, "```\n");
}

const struct screen screen_source = {
	.name = "Source",
	.opener = ACT_ENTER,
	.draw = draw,
	.act = act,
	.open = open,
	.lines = lines,
	.line_text = line_text,
	.markdown = markdown,
	.release = release,
	.selected = selected,
	.swapped = swapped,
};
