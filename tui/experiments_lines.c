/*
 * experiments_lines.c - the Experiments list as text, for find (/ n N)
 * and copy (y Y): name, variants, runs, tools and import date; and `f`,
 * which shows only the experiments of some tools, imported in a date
 * range, or with words in their name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "store/compare_md.h"
#include "tui/explore.h"
#include "tui/prompt.h"
#include "util/text.h"

/* The Experiments screen's own state (t->own[SCREEN_EXPERIMENTS]): its filter and what it shows. */
struct exp_filter {
	char exp_filter[256];   /* f: the list's filter, "" for none */
	size_t *vis, nvis;      /* the experiments it shows */
	size_t vis_top;         /* the first shown, as a position among them */
	struct list shown;      /* find and the mouse move this cursor among them ... */
	size_t shown_was;       /* ... from here; sync_shown() takes a move back */
	int shown_valid;
};

static struct exp_filter *filter_of(struct tui *t)
{
	return tui_own(t, SCREEN_EXPERIMENTS, sizeof(struct exp_filter));
}

void experiments_release(struct tui *t)
{
	struct exp_filter *x = t->own[SCREEN_EXPERIMENTS];

	if (!x)
		return;
	free(x->vis);
	free(x);
	t->own[SCREEN_EXPERIMENTS] = NULL;
}

static void list_shown(struct tui *t);

/*
 * With a filter, find and the mouse move over the shown experiments: a
 * list of positions among them (x->shown), taken back into the
 * experiment cursor by sync_shown() before the list is used again.
 */
struct list *experiments_lines(struct tui *t)
{
	struct exp_filter *x = filter_of(t);

	t->exps.count = tui_list(t)->nexps;
	if (!*x->exp_filter)
		return &t->exps;
	list_shown(t);
	return &x->shown;
}

static void sync_shown(struct tui *t)
{
	struct exp_filter *x = filter_of(t);

	if (*x->exp_filter && x->shown_valid && x->shown.cursor < x->nvis &&
	    x->shown.cursor != x->shown_was)
		t->exps.cursor = x->vis[x->shown.cursor];
	x->shown_valid = 0;
}

void experiments_line_text(struct tui *t, size_t i, struct buf *out)
{
	const struct experiment *e;
	struct exp_filter *x = filter_of(t);

	if (*x->exp_filter)
		i = i < x->nvis ? x->vis[i] : tui_list(t)->nexps;
	if (i >= tui_list(t)->nexps)
		return;
	e = &tui_list(t)->exps[i];
	buf_addf(out, "%s %zu %zu ", e->name, e->nvariants, e->nruns);
	fmt_tools(out, e->fmts);
	buf_addf(out, " %.10s", e->imported);
}

void experiments_markdown(struct tui *t, struct buf *out)
{
	md_cell(out, "experiment");
	md_cell(out, "variants");
	md_cell(out, "runs");
	md_cell(out, "tools");
	md_cell(out, "imported");
	buf_adds(out, "|\n|:--|--:|--:|:--|:--|\n");
	for (size_t i = 0; i < tui_list(t)->nexps; i++) {
		const struct experiment *e = &tui_list(t)->exps[i];
		struct buf cell = BUF_INIT;

		md_cell(out, e->name);
		buf_addf(&cell, "%zu", e->nvariants);
		md_cell(out, cell.s);
		buf_reset(&cell);
		buf_addf(&cell, "%zu", e->nruns);
		md_cell(out, cell.s);
		buf_reset(&cell);
		fmt_tools(&cell, e->fmts);
		md_cell(out, buf_str(&cell));
		buf_reset(&cell);
		buf_addf(&cell, "%.10s", e->imported);
		md_cell(out, cell.s);
		buf_adds(out, "|\n");
		buf_release(&cell);
	}
}

/* ---- f: the list filtered by tool, import date and name ---- */

/* 1 when `word` (n bytes) is one of the comma-separated tools in `tools`. */
static int has_tool(const char *tools, const char *word, size_t n)
{
	for (const char *p = tools; *p;) {
		size_t k = strcspn(p, ",");

		if (k == n && !strncmp(p, word, n))
			return 1;
		p += k + (p[k] == ',');
	}
	return 0;
}

static int is_tool(const char *word, size_t n)
{
	for (int f = 1; f < FMT__COUNT; f++)
		if (fmt_tool_len((enum fmt)f) == n && !strncmp(fmt_name((enum fmt)f), word, n))
			return 1;
	return 0;
}

int experiments_shown(struct tui *t, size_t i)
{
	const struct exp_filter *x = t->own[SCREEN_EXPERIMENTS];
	const char *f = x ? x->exp_filter : "";
	const struct experiment *e = &tui_list(t)->exps[i];
	struct buf tools = BUF_INIT;
	int any_tool = 0, tool_ok = 0, ok = 1;

	if (!*f)
		return 1;
	fmt_tools(&tools, e->fmts);
	for (const char *p = f; *p && ok;) {
		size_t n;

		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (!n)
			break;
		if (*p == '>' || *p == '<') {
			/* >DATE, >=DATE: imported on or after; <DATE, <=DATE: on or before (as far as DATE goes) */
			const char *d = p + 1 + (p[1] == '=');
			size_t dn = n - (size_t)(d - p);
			int c = strncmp(e->imported, d, dn);

			ok = *p == '>' ? c >= 0 : c <= 0;
		} else if (*p >= '0' && *p <= '9') {
			ok = !strncmp(e->imported, p, n); /* 2026-11: imported that month */
		} else if (is_tool(p, n)) {
			any_tool = 1;
			tool_ok |= has_tool(buf_str(&tools), p, n);
		} else {
			char *w = xstrndup(p, n);

			ok = text_contains_nocase(e->name, strlen(e->name), w);
			free(w);
		}
		p += n;
	}
	buf_release(&tools);
	return ok && (!any_tool || tool_ok);
}

/* x->vis: the experiments the filter shows; x->shown: the cursor and top among them. */
static void list_shown(struct tui *t)
{
	struct exp_filter *x = filter_of(t);

	free(x->vis);
	x->vis = xmalloc((tui_list(t)->nexps ? tui_list(t)->nexps : 1) * sizeof(*x->vis));
	x->nvis = 0;
	memset(&x->shown, 0, sizeof(x->shown));
	for (size_t i = 0; i < tui_list(t)->nexps; i++) {
		if (!experiments_shown(t, i))
			continue;
		if (i == t->exps.cursor)
			x->shown.cursor = x->nvis;
		x->vis[x->nvis++] = i;
	}
	x->shown.count = x->nvis;
	x->shown.top = x->vis_top;
	x->shown_was = x->shown.cursor;
	x->shown_valid = 1;
}

size_t experiments_rows(struct tui *t, int height, size_t *rows)
{
	struct exp_filter *x = filter_of(t);
	size_t n = 0, pos = 0, h = height > 0 ? (size_t)height : 1;
	int seen = 0;

	if (!*x->exp_filter) {
		for (size_t i = 0; i < h && t->exps.top + i < tui_list(t)->nexps; i++)
			rows[n++] = t->exps.top + i;
		return n;
	}
	/* the cursor stays an experiment's index; scrolling counts shown rows */
	sync_shown(t);
	list_shown(t);
	x->shown_valid = 0;
	for (size_t i = 0; i < x->nvis; i++)
		if (x->vis[i] == t->exps.cursor) {
			pos = i;
			seen = 1;
		}
	if (!x->nvis)
		return 0;
	if (!seen) { /* the selected one is filtered out: select the first shown */
		t->exps.cursor = x->vis[0];
		pos = 0;
	}
	if (pos < x->vis_top)
		x->vis_top = pos;
	if (pos >= x->vis_top + h)
		x->vis_top = pos - h + 1;
	if (x->vis_top + h > x->nvis)
		x->vis_top = x->nvis > h ? x->nvis - h : 0;
	for (size_t i = x->vis_top; i < x->nvis && n < h; i++)
		rows[n++] = x->vis[i];
	return n;
}

int experiments_filter_act(struct tui *t, enum action a, int height)
{
	struct exp_filter *x = filter_of(t);
	struct list l;

	if (!*x->exp_filter)
		return 0;
	sync_shown(t); /* a click or a find moved the cursor among the shown ones */
	list_shown(t);
	x->shown_valid = 0;
	l = x->shown;
	if (!list_act(&l, a, height))
		return 0;
	if (x->nvis)
		t->exps.cursor = x->vis[l.cursor];
	x->vis_top = l.top;
	return 1;
}

const char *experiments_header(struct tui *t, char *out, size_t size)
{
	struct exp_filter *x = filter_of(t);
	size_t n = 0;

	if (!*x->exp_filter)
		return "EXPERIMENT";
	for (size_t i = 0; i < tui_list(t)->nexps; i++)
		n += experiments_shown(t, i);
	snprintf(out, size, "EXPERIMENT: %s (%zu of %zu; f to change)", x->exp_filter, n, tui_list(t)->nexps);
	return out;
}

static void filter_typed(struct tui *t, const char *text)
{
	struct exp_filter *x = filter_of(t);

	snprintf(x->exp_filter, sizeof(x->exp_filter), "%s", text + strspn(text, " "));
	x->vis_top = 0;
	if (!*x->exp_filter)
		tui_message(t, "every experiment shown");
}

int experiments_filter_open(struct tui *t)
{
	if (t->cur != SCREEN_EXPERIMENTS) {
		tui_message(t, "f filters the Experiments list (1)");
		return ACT_DONE;
	}
	prompt_open(t, "show (tools, 2026-11, >2026-11-15, <2026-12, words of the name): ",
		    filter_of(t)->exp_filter, filter_typed, NULL);
	return ACT_DONE;
}
