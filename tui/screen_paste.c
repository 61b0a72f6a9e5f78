/*
 * screen_paste.c - Paste: import a thread from inside the TUI. A
 * bracketed paste (on any screen) or a path typed after `i` is read, and
 * the dry run's plan is shown: each block with its lines and format, each
 * run's variant and where that name came from, its scenario and how many
 * figures, blocks stored before, and the warnings. `e` corrects a
 * variant, as `import --set-variant` does: on a block's line the whole
 * block's, on a run's line that run's alone; `u` takes the last fix back.
 * Enter imports (stored, with the fixes as one edit), Esc cancels.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "store/flows.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/prompt.h"
#include "util/fsutil.h"
#include "util/text.h"

/* ncurses reports the bracketed-paste markers as these keys (define_key). */
#define KEY_PASTE_BEGIN (KEY_MAX + 1)
#define KEY_PASTE_END (KEY_MAX + 2)

void paste_enable(int on)
{
	if (on) {
		define_key("\033[200~", KEY_PASTE_BEGIN);
		define_key("\033[201~", KEY_PASTE_END);
	}
	/* the terminal brackets what is pasted only when asked to */
	fputs(on ? "\033[?2004h" : "\033[?2004l", stdout);
	fflush(stdout);
}

static struct list *lines(struct tui *t)
{
	return &explore_of(t)->paste.list;
}

static void clear_plan(struct paste_state *p)
{
	if (p->planned)
		store_import_release(&p->dry);
	diag_release(&p->diag);
	free(p->lines);
	p->lines = NULL;
	p->nlines = p->lines_cap = 0;
	p->planned = 0;
}

void paste_release(struct paste_state *p)
{
	clear_plan(p);
	buf_release(&p->text);
	for (size_t i = 0; i < p->nsets; i++)
		free((char *)p->sets[i].name);
	free(p->sets);
	for (size_t i = 0; i < p->nundo; i++)
		free(p->undo[i].before);
	free(p->undo);
	memset(p, 0, sizeof(*p));
}

static void add_line(struct paste_state *p, enum paste_line_kind kind, size_t index)
{
	ALLOC_GROW(p->lines, p->nlines + 1, p->lines_cap);
	p->lines[p->nlines].kind = kind;
	p->lines[p->nlines++].index = index;
}

/*
 * The dry run: the text imported into a model of the store as it is now
 * (so blocks stored before show as such), or into an empty one for a
 * quick comparison. Nothing is stored.
 */
static void plan(struct tui *t)
{
	struct paste_state *p = &explore_of(t)->paste;
	struct import_input in;
	struct store_import_opts so = { .io = { NULL, NULL, p->sets, p->nsets, 0 }, .dry = 1, .keep = 1 };
	size_t said;

	clear_plan(p);
	memset(&in, 0, sizeof(in));
	in.name = p->name;
	in.text = xstrndup(p->text.s ? p->text.s : "", p->text.len);
	in.len = p->text.len;
	if (store_import(t->store ? t->store->dir : NULL, &in, 1, &so, &p->dry, &p->diag) < 0 &&
	    !p->dry.read) {
		store_import_release(&p->dry);
		diag_release(&p->diag);
		tui_message(t, "could not read the store");
		return;
	}
	/* the store's own damage is not this paste's: the parse's warnings alone */
	said = p->dry.said_read;
	if (said) {
		struct diag own = DIAG_INIT;

		for (size_t i = said; i < p->diag.n; i++)
			diag_add(&own, p->diag.v[i].level, p->diag.v[i].file, p->diag.v[i].line, "%s",
				 p->diag.v[i].text);
		diag_release(&p->diag);
		p->diag = own;
	}
	p->planned = 1;
	for (size_t i = 0; i < p->dry.res.nitems; i++) {
		const struct import_item *it = &p->dry.res.items[i];

		add_line(p, PL_BLOCK, i);
		for (uint32_t r = it->run_from; r < it->run_to; r++)
			add_line(p, PL_RUN, r);
	}
	for (size_t i = 0; i < p->diag.n; i++)
		add_line(p, PL_WARNING, i);
	p->list.count = p->nlines;
	p->list.cursor = p->list.top = 0;
}

static void start(struct tui *t, const char *name)
{
	struct paste_state *p = &explore_of(t)->paste;

	if (t->cur != SCREEN_PASTE) {
		p->from = t->cur;
		screen_ask_show(t, SCREEN_PASTE);
	}
	snprintf(p->name, sizeof(p->name), "%s", name);
	clear_plan(p);
	for (size_t i = 0; i < p->nsets; i++)
		free((char *)p->sets[i].name);
	p->nsets = 0;
	for (size_t i = 0; i < p->nundo; i++)
		free(p->undo[i].before);
	p->nundo = 0;
}

/* The path typed after `i`: read it and plan. */
static void path_typed(struct tui *t, const char *path)
{
	struct paste_state *p = &explore_of(t)->paste;
	struct diag d = DIAG_INIT;

	if (!*path)
		return;
	start(t, path);
	buf_reset(&p->text);
	if (file_read(path, &p->text, &d) < 0) {
		tui_message(t, "%s: %s", path, d.n ? d.v[0].text : "cannot be read");
		diag_release(&d);
		return;
	}
	diag_release(&d);
	plan(t);
}

void paste_open(struct tui *t)
{
	struct paste_state *p = &explore_of(t)->paste;

	if (t->cur != SCREEN_PASTE)
		p->from = t->cur; /* tui.c shows Paste after (its open()) */
	clear_plan(p);
	buf_reset(&p->text);
	prompt_open(t, "paste a thread, or a file to import: ", NULL, path_typed, NULL);
}

void paste_begin(struct tui *t, int bracketed)
{
	struct paste_state *p = &explore_of(t)->paste;

	prompt_close(t); /* a paste wins over a half-typed path */
	start(t, "paste");
	buf_reset(&p->text);
	p->collecting = 1;
	p->unbracketed = !bracketed;
}

void paste_end(struct tui *t)
{
	struct paste_state *p = &explore_of(t)->paste;

	p->collecting = 0;
	plan(t);
	if (p->unbracketed)
		tui_message(t, "read as a paste (the keys came faster than typing): none of them was run");
}

int paste_key(struct tui *t, wint_t ch, int is_code)
{
	struct paste_state *p = &explore_of(t)->paste;
	char mb[8];
	mbstate_t st;
	size_t n;

	if (is_code && ch == KEY_PASTE_BEGIN) {
		paste_begin(t, 1);
		return 2;
	}
	if (!p->collecting)
		return 0;
	if (is_code && ch == KEY_PASTE_END) {
		paste_end(t);
		return 1;
	}
	if (is_code)
		return 2; /* a key code inside a paste: an escape sequence ncurses decoded; dropped */
	if (ch == '\r') {
		ch = '\n'; /* terminals send a pasted newline as CR */
	} else if (ch == '\n' && p->text.len && p->text.s[p->text.len - 1] == '\n' && p->cr_seen) {
		p->cr_seen = 0; /* CR LF was one newline */
		return 2;
	}
	p->cr_seen = ch == '\n';
	memset(&st, 0, sizeof(st));
	n = wcrtomb(mb, (wchar_t)ch, &st);
	if (n != (size_t)-1)
		buf_add(&p->text, mb, n);
	return 2;
}

/* Store the plan's text for good: the --set-variant fixes as one edit, then the data (store_import()). */
static int import_stored(struct tui *t)
{
	struct paste_state *p = &t->ex->paste;
	struct diag d = DIAG_INIT;
	struct store_import_plan done;
	struct import_input in;
	struct store_import_opts so = { .io = { NULL, NULL, p->sets, p->nsets, 1 } };
	int rc = -1;

	memset(&in, 0, sizeof(in));
	in.name = p->name;
	in.text = xstrndup(p->text.s ? p->text.s : "", p->text.len);
	in.len = p->text.len;
	if (store_import(t->store->dir, &in, 1, &so, &done, &d) < 0) {
		if (!done.read)
			tui_message(t, "not imported: %s", d.n ? d.v[d.n - 1].text : "the store cannot be written");
		else if (done.edit < 0)
			tui_message(t, "not imported: %s", d.n ? d.v[d.n - 1].text : "the edit was not recorded");
		else
			tui_message(t, "not stored: %s", d.n ? d.v[d.n - 1].text : "error");
	} else if (done.res.inputs[0].status == IMPORT_EMPTY) {
		tui_message(t, "no measurements found: nothing imported");
	} else {
		const struct import_input_result *ir = &done.res.inputs[0];
		char hash[16];

		snprintf(hash, sizeof(hash), "%.12s", ir->source >= 0 ? done.m.sources[ir->source].hash : "");
		rc = 0;
		if (explore_reload(t) == 0) {
			if ((ir->status == IMPORT_SAME_TEXT || !ir->nruns) && done.edit > 0)
				tui_message(t, "already imported: no runs added, its variants renamed by edit %ld "
					    "\xc2\xb7 u undoes it", done.edit);
			else if (ir->status == IMPORT_SAME_TEXT || !ir->nruns)
				tui_message(t, "already imported: nothing added");
			else
				tui_message(t, "imported %zu run%s, %zu figure%s%s; undo: benchdelta rm --import %s",
					    ir->nruns, ir->nruns == 1 ? "" : "s", ir->nmeas, ir->nmeas == 1 ? "" : "s",
					    done.edit > 0 ? ", 1 edit" : "", hash);
		}
	}
	store_import_release(&done);
	diag_release(&d);
	return rc;
}

/* A quick comparison has no store: the text joins the model in memory. */
static int import_quick(struct tui *t)
{
	struct paste_state *p = &t->ex->paste;
	struct import_input in;
	struct import_opts io = { NULL, NULL, p->sets, p->nsets };
	struct import_result res;
	struct diag d = DIAG_INIT;
	size_t nruns;

	memset(&in, 0, sizeof(in));
	in.name = p->name;
	in.text = xstrndup(p->text.s ? p->text.s : "", p->text.len);
	in.len = p->text.len;
	import_texts(t->m, &in, 1, &io, &res, &d);
	nruns = res.inputs[0].nruns;
	import_result_release(&res);
	diag_release(&d);
	t->exps.count = t->m->nexps;
	tui_changed(t);
	tui_message(t, "added %zu runs (not stored)", nruns);
	return 0;
}

/* The dry run again after a fix, the cursor where it was. */
static void replan(struct tui *t)
{
	struct paste_state *p = &t->ex->paste;
	struct list keep = p->list;

	plan(t);
	if (keep.cursor < p->nlines) {
		p->list.cursor = keep.cursor;
		p->list.top = keep.top;
	}
}

/* The fix for (line, run) among the plan's, or -1. */
static long set_at(const struct paste_state *p, uint32_t line, uint32_t run)
{
	for (size_t i = 0; i < p->nsets; i++)
		if (p->sets[i].line == line && p->sets[i].run == run)
			return (long)i;
	return -1;
}

/*
 * Give (line, run) the variant `name`, or take its fix away (NULL); the
 * name it had before goes on the undo stack when `keep`.
 */
static void set_fix(struct paste_state *p, uint32_t line, uint32_t run, const char *name, int keep)
{
	long i = set_at(p, line, run);

	if (keep) {
		ALLOC_GROW(p->undo, p->nundo + 1, p->undo_cap);
		p->undo[p->nundo].line = line;
		p->undo[p->nundo].run = run;
		p->undo[p->nundo++].before = i >= 0 ? xstrdup(p->sets[i].name) : NULL;
	}
	if (i >= 0) {
		free((char *)p->sets[i].name);
		if (name) {
			p->sets[i].name = xstrdup(name);
		} else {
			p->sets[i] = p->sets[--p->nsets];
		}
		return;
	}
	if (!name)
		return;
	ALLOC_GROW(p->sets, p->nsets + 1, p->sets_cap);
	p->sets[p->nsets].line = line;
	p->sets[p->nsets].run = run;
	p->sets[p->nsets++].name = xstrdup(name);
}

/* `e` in the plan: the variant of the block at this line, or of its run alone, as --set-variant LINE=NAME. */
static void set_typed(struct tui *t, const char *name)
{
	struct paste_state *p = &t->ex->paste;

	if (!*name || !p->pending_line)
		return;
	set_fix(p, p->pending_line, p->pending_run, name, 1);
	replan(t);
	if (p->pending_run)
		tui_message(t, "the run at line %u is \"%s\" (u: back)", (unsigned)p->pending_line, name);
	else
		tui_message(t, "the block at line %u is \"%s\" (u: back)", (unsigned)p->pending_line, name);
}

/* `u` in the plan: the last fix taken back. */
static void undo_fix(struct tui *t)
{
	struct paste_state *p = &t->ex->paste;
	struct paste_undo *u;

	if (!p->nundo) {
		tui_message(t, "nothing to take back: no variant fixed in this plan");
		return;
	}
	u = &p->undo[--p->nundo];
	set_fix(p, u->line, u->run, u->before, 0);
	replan(t);
	tui_message(t, "%s at line %u: %s%s%s", u->run ? "run" : "block", (unsigned)u->line,
		    u->before ? "back to \"" : "its fix taken back", u->before ? u->before : "",
		    u->before ? "\"" : "");
	free(u->before);
}

/* The block (import item) a plan line belongs to, or NULL. */
static const struct import_item *item_of(const struct paste_state *p, size_t line)
{
	for (size_t k = line + 1; k-- > 0;)
		if (p->lines[k].kind == PL_BLOCK)
			return &p->dry.res.items[p->lines[k].index];
	return NULL;
}

/* The scenario every run of a block shares, or NULL (none, or they differ). */
static const char *block_scenario(const struct paste_state *p, const struct import_item *it)
{
	const char *s = NULL;

	for (uint32_t r = it->run_from; r < it->run_to; r++) {
		const char *x = p->dry.m.rs.runs[r].eff_scenario;

		if (s && strcmp(s, x))
			return NULL;
		s = x;
	}
	return s && *s ? s : NULL;
}

static int list_rows(int height)
{
	return height - 4;
}

static void draw_line(struct tui *t, size_t k, int y, int selected)
{
	struct paste_state *p = &t->ex->paste;
	const struct paste_line *l = &p->lines[k];
	enum color_role role = selected ? ROLE_SELECTED : ROLE_NORMAL;
	struct buf b = BUF_INIT;

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	switch (l->kind) {
	case PL_BLOCK: {
		const struct import_item *it = &p->dry.res.items[l->index];

		buf_addf(&b, "lines %u-%u  %s", (unsigned)it->first_line, (unsigned)it->last_line,
			 fmt_name(it->fmt));
		if (it->duplicate)
			buf_adds(&b, "  stored before: skipped");
		else if (it->repeat_of)
			buf_addf(&b, "  repeats the block at line %u: skipped", (unsigned)it->repeat_of);
		else if (it->run_to == it->run_from)
			buf_adds(&b, "  no figures in it: nothing to import");
		else
			buf_addf(&b, "  %u run%s", (unsigned)(it->run_to - it->run_from),
				 it->run_to - it->run_from == 1 ? "" : "s");
		if (block_scenario(p, it))
			buf_addf(&b, "  scenario \"%s\"", block_scenario(p, it));
		draw_text(y, 1, COLS - 2, b.s, selected ? role : ROLE_HEADER);
		break;
	}
	case PL_RUN: {
		const struct run *r = &p->dry.m.rs.runs[l->index];
		size_t nmeas = 0;

		for (size_t i = 0; i < p->dry.m.rs.nmeas; i++)
			nmeas += p->dry.m.rs.meas[i].run == l->index;
		buf_addf(&b, "%u-%u  %zu figure%s%s  variant \"%s\" ", (unsigned)r->first_line,
			 (unsigned)r->last_line, nmeas, nmeas == 1 ? "" : "s", r->flags & RUN_INCOMPLETE ? " (incomplete)" : "",
			 r->eff_variant.text);
		trace_text_origin(&p->dry.m, (uint32_t)l->index, &b);
		if (*r->eff_scenario && !block_scenario(p, item_of(p, k)))
			buf_addf(&b, "  scenario \"%s\"", r->eff_scenario);
		draw_text(y, 3, COLS - 4, b.s, role);
		break;
	}
	case PL_WARNING: {
		const struct diag_entry *w = &p->diag.v[l->index];

		if (w->line)
			buf_addf(&b, "line %u: ", (unsigned)w->line);
		buf_adds(&b, w->text);
		draw_text(y, 1, COLS - 2, b.s, selected ? role : ROLE_WORSE);
		break;
	}
	}
	buf_release(&b);
}

static void draw(struct tui *t, int top, int height)
{
	struct paste_state *p = &explore_of(t)->paste;
	int rows = list_rows(height);
	struct buf b = BUF_INIT;

	if (p->collecting) {
		buf_addf(&b, "reading the paste: %zu bytes so far...", p->text.len);
		draw_text(top + 1, 2, COLS - 4, b.s, ROLE_HIGHLIGHT);
		buf_release(&b);
		return;
	}
	if (!p->planned) {
		draw_text(top + 1, 2, COLS - 4, "Paste a thread here (your terminal's paste: Ctrl-Shift-V,",
			  ROLE_NORMAL);
		draw_text(top + 2, 2, COLS - 4, "a middle click, or tmux's prefix ]), or type the path of a",
			  ROLE_NORMAL);
		draw_text(top + 3, 2, COLS - 4, "file and press Enter. You see what would be imported first.",
			  ROLE_NORMAL);
		draw_text(top + 5, 2, COLS - 4, "Esc: back", ROLE_DIM);
		return;
	}
	{
		const struct import_input_result *ir = &p->dry.res.inputs[0];
		size_t lines = 0;

		for (size_t i = 0; i < p->text.len; i++)
			lines += p->text.s[i] == '\n';
		buf_addf(&b, "%s: %zu lines \xc2\xb7 ", p->name, lines + (p->text.len && p->text.s[p->text.len - 1] != '\n'));
		switch (ir->status) {
		case IMPORT_NEW:
			buf_addf(&b, "would import %zu run%s, %zu figure%s", ir->nruns, ir->nruns == 1 ? "" : "s",
				 ir->nmeas, ir->nmeas == 1 ? "" : "s");
			break;
		case IMPORT_SAME_TEXT:
			buf_adds(&b, "this exact text is stored already: nothing to import");
			break;
		case IMPORT_ALL_DUP:
			buf_adds(&b, "every block is stored already: nothing to import");
			break;
		case IMPORT_EMPTY:
			buf_adds(&b, "no measurements found");
			break;
		}
		if (ir->ndup)
			buf_addf(&b, " (%zu blocks stored before)", ir->ndup);
		draw_text(top, 1, COLS - 2, b.s, ROLE_HIGHLIGHT);
	}
	for (size_t i = 0; i < p->dry.res.nitems; i++) {
		const struct import_item *it = &p->dry.res.items[i];

		if (it->run_from < it->run_to) {
			buf_reset(&b);
			buf_addf(&b, "into experiment \"%s\"", p->dry.m.rs.runs[it->run_from].eff_experiment);
			draw_text(top + 1, 1, COLS - 2, b.s, ROLE_DIM);
			break;
		}
	}
	list_clamp(&p->list, rows);
	t->list_y = top + 2;
	for (int i = 0; i < rows && p->list.top + (size_t)i < p->nlines; i++) {
		size_t k = p->list.top + (size_t)i;

		draw_line(t, k, top + 2 + i, k == p->list.cursor);
	}
	{
		/* what the keys do here: no Enter when nothing would be imported; e says what it edits */
		const struct paste_line *l = p->list.cursor < p->nlines ? &p->lines[p->list.cursor] : NULL;
		int any = p->dry.res.inputs[0].status == IMPORT_NEW;

		buf_reset(&b);
		if (any)
			buf_adds(&b, "Enter: import  ");
		if (any && l && l->kind == PL_RUN)
			buf_adds(&b, "e: this run's variant  ");
		else if (any && l && l->kind == PL_BLOCK)
			buf_adds(&b, "e: this block's variant  ");
		if (p->nundo)
			buf_adds(&b, "u: undo the fix  ");
		buf_adds(&b, any ? "Esc: cancel" : "Esc: back (nothing to import)");
		draw_text(top + height - 1, 1, COLS - 2, b.s, ROLE_DIM);
	}
	buf_release(&b);
}

static int act(struct tui *t, enum action a, int height)
{
	struct paste_state *p = &explore_of(t)->paste;

	if (p->planned && list_act(&p->list, a, list_rows(height)))
		return ACT_DONE;
	switch (a) {
	case ACT_ENTER:
		if (!p->planned) {
			paste_open(t);
			return ACT_DONE;
		}
		if (p->dry.res.inputs[0].status != IMPORT_NEW) {
			tui_message(t, "nothing to import");
			return ACT_DONE;
		}
		if (!(t->store ? import_stored(t) : import_quick(t))) {
			clear_plan(p);
			buf_reset(&p->text);
			return screen_ask_show(t, SCREEN_EXPERIMENTS);
		}
		return ACT_DONE;
	case ACT_SET_VARIANT: {
		const struct paste_line *l = p->planned && p->list.cursor < p->nlines ? &p->lines[p->list.cursor] : NULL;
		const struct import_item *it = l ? item_of(p, p->list.cursor) : NULL;
		char label[128];

		if (!it || it->duplicate || it->repeat_of || it->run_to == it->run_from || l->kind == PL_WARNING) {
			tui_message(t, "select a block or a run that would be imported");
			return ACT_DONE;
		}
		if (l->kind == PL_RUN) {
			/* the run alone: its id ends in FIRST_LINE.k */
			const struct run *r = &p->dry.m.rs.runs[l->index];
			const char *dot = strrchr(r->id, '.');

			p->pending_line = r->first_line;
			p->pending_run = dot ? (uint32_t)strtoul(dot + 1, NULL, 10) : 0;
			snprintf(label, sizeof(label), "variant of the run at line %u (this run alone): ",
				 (unsigned)r->first_line);
			prompt_open(t, label, r->eff_variant.text, set_typed, NULL);
		} else {
			/* a line of its first run: the block's own first line may be a header no run holds */
			p->pending_line = p->dry.m.rs.runs[it->run_from].first_line;
			p->pending_run = 0;
			snprintf(label, sizeof(label), "variant of the block at line %u (its %u runs): ",
				 (unsigned)p->pending_line, (unsigned)(it->run_to - it->run_from));
			prompt_open(t, label, NULL, set_typed, NULL);
		}
		return ACT_DONE;
	}
	case ACT_UNDO:
		if (!p->planned)
			return ACT_IGNORED;
		undo_fix(t);
		return ACT_DONE;
	case ACT_BACK:
		clear_plan(p);
		buf_reset(&p->text);
		tui_message(t, "nothing imported");
		return screen_ask_show(t, p->from == SCREEN_PASTE ? SCREEN_EXPERIMENTS : p->from);
	default:
		return ACT_IGNORED;
	}
}

/* i: the prompt for a path, over an empty plan. */
static int open(struct tui *t, const struct screen_ask *a)
{
	(void)a;
	paste_open(t);
	return 0;
}

const struct screen screen_paste = {
	.name = "Paste",
	.opener = ACT_IMPORT,
	.draw = draw,
	.act = act,
	.open = open,
	.lines = lines,
};
