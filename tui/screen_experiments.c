/*
 * screen_experiments.c - Experiments: every experiment with its variants,
 * runs, tools and import date; Enter opens it in Compare, d removes it and
 * r renames it (edits of the store's journal, through store/manage.h).
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "store/manage.h"
#include "store/trace.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/loader.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "util/buf.h"
#include "util/text.h"

/* Columns right of the name: variants, runs, tools, imported date. */
#define W_VARIANTS 8
#define W_RUNS 6
#define W_TOOLS 12
/*
 * The import's date and time (UTC): whole at 110 columns and wider (the
 * name keeps 57), else as ls -l does, "12-06 14:03" within six months
 * and "2025-03-02" before.
 */
#define W_DATE (COLS >= 110 ? 20 : 11)

/* Rows under the list that show the selected experiment's variants and environment. */
static int detail_rows(int height)
{
	return height >= 14 ? 5 : 0;
}

/* "Fedora 38 · AMD Ryzen 9 5900x · rustc 1.72.0": the facts people compare machines by. */
static void environment(const struct model *m, const struct experiment *e, struct buf *b)
{
	static const char *const keys[] = { "os", "cpu", "compiler", "kernel" };

	for (size_t k = 0; k < countof(keys); k++) {
		for (size_t i = 0; i < m->rs.nfacts; i++) {
			const struct fact *f = &m->rs.facts[i];

			if (strcmp(f->key, keys[k]) || !model_fact_in(e, f))
				continue;
			if (b->len)
				buf_adds(b, " \xc2\xb7 ");
			buf_adds(b, f->value);
			break;
		}
	}
}

/* Where a text came from, as people name it: its thread's address (not a comment's), or its file. */
static void place_of(const struct source *s, struct buf *b)
{
	const char *p = *s->thread ? s->thread : s->name;
	size_t n = strlen(p);

	if (!*s->thread && !strncmp(p, "http", 4) && strchr(p, '#'))
		n = (size_t)(strchr(p, '#') - p); /* a comment's address (an index names it so) */
	buf_add(b, p, n);
}

/* "From: https://github.com/o/r/issues/5", or "a.txt and 2 more": where the experiment's runs came from. */
static void origin(const struct model *m, const struct experiment *e, struct buf *b)
{
	struct buf first = BUF_INIT, p = BUF_INIT;
	size_t others = 0;

	for (size_t i = 0; i < e->nsources; i++) {
		buf_reset(&p);
		place_of(&m->sources[e->sources[i]], &p);
		if (!first.len)
			buf_add(&first, p.s, p.len);
		else if (strcmp(first.s, p.s))
			others++; /* the comments of one thread are one place */
	}
	if (first.len)
		buf_add(b, first.s, first.len);
	if (others)
		buf_addf(b, " and %zu more", others);
	buf_release(&first);
	buf_release(&p);
}

/* The import time `iso` (2026-12-06T14:03:07Z) in 11 columns, as of `now` (the same form). */
static void when_brief(const char *iso, const char *now, char *out, size_t size)
{
	int y, m, ny, nm, months;

	if (strlen(iso) < 16 || iso[10] != 'T' || sscanf(iso, "%4d-%2d", &y, &m) != 2 ||
	    sscanf(now, "%4d-%2d", &ny, &nm) != 2) {
		snprintf(out, size, "%.10s", iso);
		return;
	}
	months = (ny * 12 + nm) - (y * 12 + m);
	if (months >= 0 && months < 6)
		snprintf(out, size, "%.5s %.5s", iso + 5, iso + 11);
	else
		snprintf(out, size, "%.10s", iso);
}

static void draw_row(int y, const struct experiment *e, int selected, const char *now)
{
	enum color_role r = selected ? ROLE_SELECTED : ROLE_NORMAL;
	int wide = COLS >= 70;
	int name_w = COLS - 2 - (W_VARIANTS + W_RUNS + 3) - (wide ? W_TOOLS + W_DATE + 2 : 0);
	int x = 1;
	char num[32];
	struct buf tools = BUF_INIT;

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	/* cut in the middle: "Evaluate … BOLT" and "Evaluate … BOLT (2)" read apart */
	draw_text_mid(y, x, name_w, e->name, r);
	x += name_w + 1;
	snprintf(num, sizeof(num), "%zu", e->nvariants);
	draw_right(y, x, W_VARIANTS, num, r);
	x += W_VARIANTS + 1;
	snprintf(num, sizeof(num), "%zu", e->nruns);
	draw_right(y, x, W_RUNS, num, r);
	x += W_RUNS + 2;
	if (wide) {
		fmt_tools(&tools, e->fmts);
		draw_text(y, x, W_TOOLS, buf_str(&tools), r);
		x += W_TOOLS + 1;
		if (W_DATE > 11)
			trace_text_when(e->imported, num, sizeof(num));
		else
			when_brief(e->imported, now, num, sizeof(num));
		draw_text(y, x, W_DATE, num, r);
	}
	buf_release(&tools);
}

/* "experiment K of N" among those shown (the filter's), in out. */
static const char *position(struct tui *t, const struct model *m, char *out, size_t size)
{
	size_t k = 0, n = 0;

	for (size_t i = 0; i < m->nexps; i++)
		if (experiments_shown(t, i)) {
			n++;
			if (i <= t->exps.cursor)
				k = n;
		}
	snprintf(out, size, "experiment %zu of %zu", k, n);
	return out;
}

static void draw(struct tui *t, int top, int height)
{
	const struct model *m = tui_list(t);
	int list_h = height - 1 - detail_rows(height);
	int wide = COLS >= 70;
	int name_w = COLS - 2 - (W_VARIANTS + W_RUNS + 3) - (wide ? W_TOOLS + W_DATE + 2 : 0);
	char hdr[320], pos[48], now[32];
	size_t *rows, n;

	t->exps.count = m->nexps;
	list_clamp(&t->exps, list_h);
	if (!m->nexps) {
		draw_text(top + 1, 2, COLS - 4, "No experiments yet.", ROLE_NORMAL);
		draw_text(top + 3, 2, COLS - 4, "Paste a thread here, or press i to import a file, -, an issue's",
			  ROLE_NORMAL);
		draw_text(top + 4, 2, COLS - 4, "address or OWNER/REPO#N. You see what would be imported first.",
			  ROLE_NORMAL);
		draw_text(top + 6, 2, COLS - 4, "From a shell:  benchdelta import FILE...|URL", ROLE_DIM);
		draw_text(top + 7, 2, COLS - 4, "or compare files:  benchdelta a.txt b.txt", ROLE_DIM);
		return;
	}
	draw_text(top, 1, name_w, experiments_header(t, hdr, sizeof(hdr)), ROLE_HEADER);
	draw_right(top, 1 + name_w + 1, W_VARIANTS, "VARIANTS", ROLE_HEADER);
	draw_right(top, 1 + name_w + 1 + W_VARIANTS + 1, W_RUNS, "RUNS", ROLE_HEADER);
	if (wide) {
		int x = 1 + name_w + 1 + W_VARIANTS + 1 + W_RUNS + 2;

		draw_text(top, x, W_TOOLS, "TOOLS", ROLE_HEADER);
		draw_text(top, x + W_TOOLS + 1, W_DATE, t->store ? "IMPORTED" : "READ", ROLE_HEADER);
	}
	t->list_y = top + 1;
	rows = xmalloc((size_t)(list_h > 0 ? list_h : 1) * sizeof(*rows));
	n = experiments_rows(t, list_h, rows); /* filtered by f */
	model_now_iso(now);
	for (size_t i = 0; i < n; i++)
		draw_row(top + 1 + (int)i, &m->exps[rows[i]], rows[i] == t->exps.cursor, now);
	free(rows);
	if (detail_rows(height)) {
		const struct experiment *e = &m->exps[t->exps.cursor];
		int y = top + height - detail_rows(height) + 1;
		struct buf b = BUF_INIT;

		for (size_t v = 0; v < e->nvariants; v++) {
			if (v)
				buf_adds(&b, ", ");
			buf_adds(&b, e->variants[v].text);
			if (!strcmp(e->variants[v].key, e->baseline))
				buf_adds(&b, " (baseline)");
		}
		draw_text(y, 1, 13, "Variants:", ROLE_DIM);
		draw_text(y, 14, COLS - 15, buf_str(&b), ROLE_NORMAL);
		buf_reset(&b);
		environment(m, e, &b);
		if (b.len) {
			draw_text(++y, 1, 13, "Environment:", ROLE_DIM);
			draw_text(y, 14, COLS - 15, b.s, ROLE_NORMAL);
		}
		buf_reset(&b);
		origin(m, e, &b);
		if (b.len) {
			draw_text(++y, 1, 13, "From:", ROLE_DIM);
			draw_text_mid(y, 14, COLS - 15, b.s, ROLE_NORMAL);
		}
		draw_text(top + height - 1, 1, COLS - 2, "Enter: every variant side by side   \xe2\x86\x91/\xe2\x86\x93: select",
			  ROLE_DIM);
		draw_right(top + height - 1, COLS - 25, 24, position(t, m, pos, sizeof(pos)), ROLE_DIM);
		buf_release(&b);
	}
}

/*
 * d and r on a store: listed experiment `name`'s imports read alone (the
 * whole store when they do not read alone: store_snapshot()), the removal
 * (`to` NULL) or the rename to `to` planned on them as `rm` and
 * `rename-experiment` plan it, recorded keeping the index fresh
 * (store_edit_fresh(): an rm's imports leave it, a rename's imports are
 * read under the lock and written again), and the list read again from
 * the index (asked of tui.c: RELOAD_FRESH), its cursor on `to` when
 * renamed; `msg` said with the edit's number.
 */
static void edit_listed(struct tui *t, const char *name, const char *to, const char *msg)
{
	struct store_select sel = { 0 };
	struct model one;
	struct edit_plan p;
	struct diag d = DIAG_INIT;
	const struct experiment *e;
	long id = -1;
	int rc, planned = -1;

	model_init(&one);
	edit_plan_init(&p);
	sel.experiment = name;
	sel.summary = tui_list(t);
	sel.generation = 1;
	rc = loader_snapshot(t, &sel, NEED_RECORDS, &one, &d);
	if (rc == LOADER_CANCELLED)
		goto out; /* the loader said so: nothing changed */
	if (rc == 0 && (e = model_experiment(&one, name)))
		planned = to ? manage_plan_rename(&one, e, to, &p, &d) : manage_plan_rm_experiment(&one, e, &p, &d);
	if (planned == 0) {
		struct store_edit_op op = { p.command, buf_str(&p.what), p.rows, p.n };

		id = loader_edit(t, &op, &d);
	}
	if (id < 0) {
		tui_message(t, "not done: %s", d.n ? d.v[d.n - 1].text : "the experiment is gone");
		goto out;
	}
	tui_said_edit(t, id, msg);
	screen_ask_reload(t, RELOAD_FRESH, to); /* the list again, from the index */
out:
	edit_plan_release(&p);
	diag_release(&d);
	model_release(&one);
}

/* The answer to "Remove ...?": "yes" or the experiment's name removes it, anything else nothing. */
static void on_delete(struct tui *t, const char *answer)
{
	const struct model *list = tui_list(t);
	char msg[128];
	char *name;

	if (!t->store || t->exps.cursor >= list->nexps)
		return; /* manage() asked only on a store's list */
	if (strcmp(answer, "yes") && strcmp(answer, list->exps[t->exps.cursor].name)) {
		tui_message(t, "nothing removed: type yes or the experiment's name to remove it");
		return;
	}
	name = xstrdup(list->exps[t->exps.cursor].name);
	snprintf(msg, sizeof(msg), "removed \"%.80s\"", name);
	edit_listed(t, name, NULL, msg);
	free(name);
}

/* The answer to "Rename to:": the experiment renamed, unless the name is taken. */
static void on_rename(struct tui *t, const char *to)
{
	const struct model *list = tui_list(t);
	char *name;

	if (!t->store || t->exps.cursor >= list->nexps)
		return; /* manage() asked only on a store's list */
	if (!strcmp(to, list->exps[t->exps.cursor].name)) {
		tui_message(t, "name unchanged");
		return;
	}
	/* the list knows every name (the index, or the whole store): one experiment read alone does not */
	if (*to && model_experiment(list, to)) {
		tui_message(t, "not done: experiment \"%s\" exists; to put imports into it use 'benchdelta move'", to);
		return;
	}
	name = xstrdup(list->exps[t->exps.cursor].name);
	edit_listed(t, name, to, "renamed");
	free(name);
}

/* d and r: a prompt first (the confirmation, the new name), then the edit. */
static int manage(struct tui *t, enum action a)
{
	const struct experiment *e = &tui_list(t)->exps[t->exps.cursor];
	char label[320];

	if (!t->store) {
		tui_message(t, "a quick comparison is not stored: nothing to %s",
			    a == ACT_DELETE ? "remove" : "rename");
		return ACT_DONE;
	}
	if (a == ACT_DELETE) {
		char tail[64];
		struct buf name = BUF_INIT;
		int room;

		/*
		 * Never one key: the answer is typed (yes, or the name), so that no
		 * paste or slip removes anything. What to type always shows; a long
		 * name is cut in the middle, so that "X" and "X (2)" read apart.
		 */
		snprintf(tail, sizeof(tail), "\" (%zu run%s)? yes or its name: ", e->nruns, e->nruns == 1 ? "" : "s");
		room = COLS - 18 - (int)strlen("Remove \"") - text_width(tail, strlen(tail));
		if (room > 100)
			room = 100; /* the whole question fits the prompt's label */
		text_mid(&name, e->name, strlen(e->name), room > 8 ? room : 8, "\xe2\x80\xa6", 1);
		snprintf(label, sizeof(label), "Remove \"%s%s", buf_str(&name), tail);
		buf_release(&name);
		prompt_open(t, label, NULL, on_delete, NULL);
	} else {
		prompt_open(t, "Rename to: ", e->name, on_rename, NULL);
	}
	return ACT_DONE;
}

static int act(struct tui *t, enum action a, int height)
{
	int list_h = height - 1 - detail_rows(height);

	t->exps.count = tui_list(t)->nexps;
	if (experiments_filter_act(t, a, list_h) || list_act(&t->exps, a, list_h))
		return ACT_DONE;
	if (a == ACT_ENTER && tui_list(t)->nexps)
		return screen_ask_open(t, SCREEN_MATRIX, t->exps.cursor);
	if ((a == ACT_DELETE || a == ACT_RENAME) && tui_list(t)->nexps)
		return manage(t, a);
	return ACT_IGNORED;
}

const struct screen screen_experiments = {
	.name = "Experiments",
	.opener = ACT_SCREEN_EXPERIMENTS,
	.draw = draw,
	.act = act,
	.lines = experiments_lines,
	.line_text = experiments_line_text,
	.markdown = experiments_markdown,
	.release = experiments_release,
};
