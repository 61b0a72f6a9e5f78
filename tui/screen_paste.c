/*
 * screen_paste.c - Paste: import a thread from inside the TUI. A
 * bracketed paste (on any screen), or what is typed after `i` (a path,
 * Tab completing it; `-` for standard input; an issue's or pull request's
 * address, or OWNER/REPO#N, fetched as `import` fetches it, on a thread
 * of its own with its progress shown and Esc to cancel: fetchjob.h) is
 * read, and the dry run's plan is shown: every text (a thread's each under
 * its heading: the description, comment 3 by alice, a linked gist), each
 * block with its lines and format, each run's variant and where that name
 * came from, its scenario and how many figures, blocks stored before, and
 * the warnings. `e` corrects a variant, as `import --set-variant` does: on
 * a block's line the whole block's, on a run's line that run's alone; `u`
 * takes the last fix back. Enter imports every text (one store_import(),
 * the fixes as one edit), Esc cancels.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parsers/names.h"
#include "store/flows.h"
#include "store/manage.h"
#include "store/quick.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/fetchjob.h"
#include "tui/loader.h"
#include "tui/pathcomp.h"
#include "tui/prompt.h"
#include "tui/screen_paste.h"
#include "util/fsutil.h"
#include "util/github.h"
#include "util/text.h"

/* A line of the Paste screen's plan. */
enum paste_line_kind { PL_BLOCK, PL_RUN, PL_WARNING, PL_TEXT };
struct paste_line {
	enum paste_line_kind kind;
	size_t index; /* import item, plan run, warning, or input (a text's heading) */
};

/* Paste's own state (t->own[SCREEN_PASTE]): only this file reads it. */
struct paste_state {
	int collecting;            /* inside a paste */
	int unbracketed;           /* ... that came without brackets, told by its speed */
	int cr_seen;               /* the last byte came from a CR */
	int into_prompt;           /* a paste into the prompt of `i`: a line of it, when it is one */
	struct buf text;           /* a paste as it arrives */
	/* the texts planned: one for a paste, a file or standard input; a thread's, each under its heading */
	struct fetched got;
	struct fetchjob *job;      /* `i` fetching a thread or reading standard input, or NULL */
	char progress[160];        /* how far the job is */
	char failed[1024];         /* why the last `i` brought nothing (shown until the next) */
	struct prompt_history hist; /* what was typed after `i` before (Up, Down) */
	char **cands;              /* Tab: the paths that fit, when more than one (heap) */
	size_t ncands;
	char name[256];            /* "paste", the path typed, "OWNER/REPO#N" */
	int planned;               /* dry and lines hold a dry run of text */
	struct store_import_plan dry; /* the text imported against the store, not saved */
	struct diag diag;          /* the dry run's warnings */
	struct paste_line *lines;
	size_t nlines, lines_cap;
	struct list list;
	struct set_variant *sets;  /* fixes typed in the plan (names heap) */
	size_t nsets, sets_cap;
	/* `u` in the plan: each fix's target and the name it had before (heap; NULL none) */
	struct paste_undo {
		uint32_t input, line, run;
		char *before;
	} *undo;
	size_t nundo, undo_cap;
	/* the last import from here, which `u` takes back while the store is as it left it */
	char **imported;           /* its texts' hashes (heap) */
	size_t nimported, imported_cap;
	uint64_t imported_gen;     /* store_generation() after it (a quick comparison's: quick_generation()) */
	char imported_what[300];   /* "bazelbuild/bazel#22197 (2 texts, 4 runs)" */
	uint32_t pending_input;    /* 1 + the text of the block `e` asked about */
	uint32_t pending_line;     /* the block (or run) `e` asked about */
	uint32_t pending_run;      /* 0: the whole block at pending_line; k: its run LINE.k alone */
	enum screen_id from;
};

/* Paste's state, made on first use. */
static struct paste_state *paste_of(struct tui *t)
{
	return tui_own(t, SCREEN_PASTE, sizeof(struct paste_state));
}

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
	return &paste_of(t)->list;
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

static const struct tui_fetcher *fetcher;

void paste_set_fetcher(const struct tui_fetcher *f)
{
	fetcher = f;
}

static void clear_cands(struct paste_state *p)
{
	for (size_t i = 0; i < p->ncands; i++)
		free(p->cands[i]);
	free(p->cands);
	p->cands = NULL;
	p->ncands = 0;
}

/* Forget the texts (and the plan of them). */
static void clear_texts(struct paste_state *p)
{
	clear_plan(p);
	fetched_release(&p->got);
	buf_reset(&p->text);
}

static void forget_import(struct paste_state *p)
{
	for (size_t i = 0; i < p->nimported; i++)
		free(p->imported[i]);
	free(p->imported);
	p->imported = NULL;
	p->nimported = p->imported_cap = 0;
}

/* Paste's state freed, a fetch under way cancelled (the screen's release()). */
static void release(struct tui *t)
{
	struct paste_state *p = t->own[SCREEN_PASTE];

	if (!p)
		return;
	if (p->job)
		fetchjob_cancel(p->job);
	clear_cands(p);
	forget_import(p);
	prompt_history_release(&p->hist);
	fetched_release(&p->got);
	clear_plan(p);
	buf_release(&p->text);
	for (size_t i = 0; i < p->nsets; i++)
		free((char *)p->sets[i].name);
	free(p->sets);
	for (size_t i = 0; i < p->nundo; i++)
		free(p->undo[i].before);
	free(p->undo);
	free(p);
	t->own[SCREEN_PASTE] = NULL;
}

static void add_line(struct paste_state *p, enum paste_line_kind kind, size_t index)
{
	ALLOC_GROW(p->lines, p->nlines + 1, p->lines_cap);
	p->lines[p->nlines].kind = kind;
	p->lines[p->nlines++].index = index;
}

/*
 * Where what the plan skips is held, a store or a quick comparison: as
 * "is ... already" says it (`before` 0), or as "... before" does (1).
 */
static const char *held_where(const struct tui *t, int before)
{
	if (t->store)
		return before ? "stored before" : "stored";
	return before ? "already in this comparison" : "in this comparison";
}

/* The texts planned as import inputs (copies: store_import() adopts them); `in` holds got.n. */
static void make_inputs(const struct paste_state *p, struct import_input *in)
{
	memset(in, 0, p->got.n * sizeof(*in));
	for (size_t i = 0; i < p->got.n; i++) {
		in[i].name = p->got.v[i].name;
		in[i].text = xstrndup(p->got.v[i].text, p->got.v[i].len);
		in[i].len = p->got.v[i].len;
		in[i].origin = p->got.v[i].origin;
	}
}

/*
 * The dry run: the texts imported into a model of the store as it is now
 * (so blocks stored before show as such), or into an empty one for a
 * quick comparison. Nothing is stored.
 */
static void plan(struct tui *t)
{
	struct paste_state *p = paste_of(t);
	struct import_input *in = xcalloc(p->got.n ? p->got.n : 1, sizeof(*in));
	struct store_import_opts so = { .io = { NULL, NULL, p->sets, p->nsets, 0, 0 }, .dry = 1, .keep = 1 };
	struct model held;
	size_t said, last = SIZE_MAX;

	clear_plan(p);
	make_inputs(p, in);
	if (!t->store && t->quick) {
		/* a quick comparison: planned against the runs it holds, as against a store's (flows.h) */
		model_init(&held);
		quick_snapshot(t->quick, &held, NULL);
		so.held = &held;
	}
	if (store_import(t->store ? t->store->dir : NULL, in, p->got.n, &so, &p->dry, &p->diag) < 0 &&
	    !p->dry.read) {
		free(in);
		store_import_release(&p->dry);
		diag_release(&p->diag);
		tui_message(t, "could not read the store");
		return;
	}
	free(in);
	if (so.held)
		model_release(&held); /* (adopted by the plan: nothing left) */
	/* the store's own damage is not this paste's: the fetch's warnings and the parse's alone */
	said = p->dry.said_read;
	{
		struct diag own = DIAG_INIT;

		for (size_t i = 0; i < p->got.warnings.n; i++)
			diag_add(&own, p->got.warnings.v[i].level, p->got.warnings.v[i].file,
				 p->got.warnings.v[i].line, "%s", p->got.warnings.v[i].text);
		for (size_t i = said; i < p->diag.n; i++)
			diag_add(&own, p->diag.v[i].level, p->diag.v[i].file, p->diag.v[i].line, "%s",
				 p->diag.v[i].text);
		for (size_t i = 0; !p->dry.res.nitems && i < p->got.images.n; i++)
			diag_add(&own, p->got.images.v[i].level, NULL, 0, "%s", p->got.images.v[i].text);
		diag_release(&p->diag);
		p->diag = own;
	}
	p->planned = 1;
	for (size_t i = 0; i < p->dry.res.nitems; i++) {
		const struct import_item *it = &p->dry.res.items[i];

		/* a thread's texts each under its heading */
		if (p->got.n > 1 && it->input != last)
			add_line(p, PL_TEXT, it->input);
		last = it->input;
		add_line(p, PL_BLOCK, i);
		for (uint32_t r = it->run_from; r < it->run_to; r++)
			add_line(p, PL_RUN, r);
	}
	for (size_t i = 0; i < p->diag.n; i++)
		add_line(p, PL_WARNING, i);
	p->list.count = p->nlines;
	p->list.cursor = p->list.top = 0;
	if (p->nlines > 1 && p->lines[0].kind == PL_TEXT)
		p->list.cursor = 1; /* on the first block, under its heading */
}

/* What the inputs of the plan add up to. */
struct plan_sum {
	size_t nruns, nmeas, ndup;
	size_t fresh, same, alldup, empty; /* texts by status */
};

static void plan_sum(const struct import_result *res, struct plan_sum *s)
{
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < res->ninputs; i++) {
		const struct import_input_result *ir = &res->inputs[i];

		s->ndup += ir->ndup;
		switch (ir->status) {
		case IMPORT_NEW:
			s->fresh++;
			s->nruns += ir->nruns;
			s->nmeas += ir->nmeas;
			break;
		case IMPORT_SAME_TEXT:
			s->same++;
			break;
		case IMPORT_ALL_DUP:
			s->alldup++;
			break;
		case IMPORT_EMPTY:
			s->empty++;
			break;
		}
	}
}

/* Whether the plan would import anything. */
static int plan_any(const struct paste_state *p)
{
	for (size_t i = 0; i < p->dry.res.ninputs; i++)
		if (p->dry.res.inputs[i].status == IMPORT_NEW)
			return 1;
	return 0;
}

static void start(struct tui *t, const char *name)
{
	struct paste_state *p = paste_of(t);

	if (t->cur != SCREEN_PASTE) {
		p->from = t->cur;
		screen_ask_show(t, SCREEN_PASTE);
	}
	snprintf(p->name, sizeof(p->name), "%s", name);
	clear_plan(p);
	clear_cands(p);
	p->failed[0] = '\0';
	for (size_t i = 0; i < p->nsets; i++)
		free((char *)p->sets[i].name);
	p->nsets = 0;
	for (size_t i = 0; i < p->nundo; i++)
		free(p->undo[i].before);
	p->nundo = 0;
}

/* The text collected in p->text as the one text to plan, named `name`. */
static void one_text(struct paste_state *p, const char *name)
{
	size_t len;
	char *text;

	fetched_release(&p->got);
	text = buf_detach(&p->text, &len);
	p->got.name = xstrdup(name);
	fetched_add(&p->got, name, text, len, NULL, NULL);
}

/* Why `i` brought nothing: on the screen, until the next `i` or paste. */
static void failed(struct tui *t, const char *fmt, ...) BD_PRINTF(2, 3);
static void failed(struct tui *t, const char *fmt, ...)
{
	struct paste_state *p = paste_of(t);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->failed, sizeof(p->failed), fmt, ap);
	va_end(ap);
	tui_message(t, "nothing imported");
}

/* `i` with `-` or an address: the read or fetch on its own thread; paste_poll() takes it up. */
static void start_job(struct tui *t, const char *arg)
{
	struct paste_state *p = paste_of(t);
	struct buf msg = BUF_INIT;
	struct gh_address a;
	char name[420];

	/* named as the thread will be: OWNER/REPO#N */
	if (!strcmp(arg, "-"))
		snprintf(name, sizeof(name), "<stdin>");
	else if (gh_parse_address(arg, &a) == 0)
		gh_short_name(&a, name, sizeof(name));
	else
		snprintf(name, sizeof(name), "%s", arg);
	start(t, name);
	clear_texts(p);
	if (!(p->job = fetchjob_start(fetcher, arg, &msg)))
		failed(t, "%s: %s", arg, buf_str(&msg));
	else
		snprintf(p->progress, sizeof(p->progress), "%s", strcmp(arg, "-") ? "starting" : "reading");
	buf_release(&msg);
}

/* A GitHub discussion's address: not read (the REST API that reads threads has none). */
static int is_discussion(const char *s)
{
	return strstr(s, "github.com/") && strstr(s, "/discussions/");
}

/* What was typed after `i`: a path, `-`, or an issue's address; read (or fetched) and planned. */
static void path_typed(struct tui *t, const char *typed)
{
	struct paste_state *p = paste_of(t);
	struct diag d = DIAG_INIT;
	char path[4096];

	while (*typed == ' ')
		typed++;
	snprintf(path, sizeof(path), "%s", typed);
	for (size_t n = strlen(path); n && path[n - 1] == ' '; n--)
		path[n - 1] = '\0';
	if (!*path)
		return;
	if (!strcmp(path, "-")) {
		if (isatty(STDIN_FILENO)) {
			start(t, "<stdin>");
			clear_texts(p);
			failed(t, "-: standard input is this terminal, which the keys come from: start "
			       "benchdelta with a file piped in (benchdelta < FILE, or cmd | benchdelta) "
			       "to read it here, or type the file's path");
			return;
		}
		start_job(t, "-");
		return;
	}
	if (fetcher && fetcher->is_address(path)) {
		start_job(t, path);
		return;
	}
	if (is_discussion(path)) {
		start(t, path);
		clear_texts(p);
		failed(t, "%s: a discussion, which is not read (only issues and pull requests are): "
		       "copy its text and paste it here", path);
		return;
	}
	pathcomp_expand(path, path, sizeof(path));
	start(t, path);
	clear_texts(p);
	if (file_read(path, &p->text, &d) < 0) {
		tui_message(t, "%s: %s", path, d.n ? d.v[0].text : "cannot be read");
		diag_release(&d);
		return;
	}
	diag_release(&d);
	one_text(p, path);
	plan(t);
}

/* Tab in the prompt of `i`: the path completed as far as it is one; the candidates shown when not. */
static void path_tab(struct tui *t, const char *typed)
{
	struct paste_state *p = paste_of(t);
	struct buf out = BUF_INIT;
	size_t n;

	clear_cands(p);
	n = pathcomp_complete(typed, &out, &p->cands, &p->ncands);
	if (!n)
		tui_message(t, "no file or folder begins so");
	else if (n > 1)
		tui_message(t, "%zu paths fit: type more, then Tab", n);
	prompt_set_text(t, buf_str(&out));
	buf_release(&out);
}

#define PROMPT_LABEL "file, -, or issue address: "

/* `i` (Paste's open()): a prompt for a path, over an empty plan. */
static void paste_open(struct tui *t)
{
	struct paste_state *p = paste_of(t);

	if (p->job)
		return; /* one at a time: the fetch is shown, Esc cancels it */
	if (t->cur != SCREEN_PASTE)
		p->from = t->cur; /* tui.c shows Paste after (its open()) */
	clear_texts(p);
	clear_cands(p);
	prompt_open(t, PROMPT_LABEL, NULL, path_typed, path_tab);
	prompt_use_history(t, &p->hist);
}

void paste_begin(struct tui *t, int bracketed)
{
	struct paste_state *p = paste_of(t);

	if (prompt_active(t) && t->prompt->done == path_typed && !p->job) {
		/* into the prompt of `i`, when it is one line (an address copied from a browser) */
		p->into_prompt = 1;
		buf_reset(&p->text);
		p->collecting = 1;
		p->unbracketed = !bracketed;
		return;
	}
	prompt_close(t); /* a paste wins over a half-typed path */
	if (p->job) {
		fetchjob_cancel(p->job); /* ... and over a fetch */
		p->job = NULL;
	}
	start(t, "paste");
	clear_texts(p);
	p->collecting = 1;
	p->unbracketed = !bracketed;
}

/* The paste's one line (its blanks and line end trimmed) into out, or 0 when it holds more lines. */
static int one_line(const struct buf *b, char *out, size_t size)
{
	const char *s = buf_str(b), *end = s + b->len;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (end > s && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (memchr(s, '\n', (size_t)(end - s)) || (size_t)(end - s) >= size)
		return 0;
	snprintf(out, size, "%.*s", (int)(end - s), s);
	return 1;
}

void paste_end(struct tui *t)
{
	struct paste_state *p = paste_of(t);
	char line[1024];

	p->collecting = 0;
	if (p->into_prompt) {
		p->into_prompt = 0;
		if (one_line(&p->text, line, sizeof(line))) {
			if (t->prompt)
				buf_adds(&t->prompt->text, line); /* typed, as it were: Enter reads it */
			buf_reset(&p->text);
			return;
		}
		prompt_close(t); /* lines: a paste to plan, not a path */
		start(t, "paste");
	}
	if (fetcher && one_line(&p->text, line, sizeof(line)) && fetcher->is_address(line)) {
		/* an issue's address pasted: its thread */
		start_job(t, line);
		return;
	}
	one_text(p, "paste");
	plan(t);
	if (p->unbracketed)
		tui_message(t, "read as a paste (the keys came faster than typing): none of them was run");
}

int paste_busy(const struct tui *t)
{
	const struct paste_state *p = t->own[SCREEN_PASTE];

	return p && p->job;
}

int paste_collecting(const struct tui *t)
{
	const struct paste_state *p = t->own[SCREEN_PASTE];

	return p && p->collecting;
}

int paste_has_import(const struct tui *t)
{
	const struct paste_state *p = t->own[SCREEN_PASTE];

	return p && p->nimported;
}

int paste_poll(struct tui *t)
{
	struct paste_state *p;
	struct buf msg = BUF_INIT;
	char now[sizeof(p->progress)];

	if (!paste_busy(t))
		return 0;
	p = paste_of(t);
	if (!fetchjob_poll(p->job, now, sizeof(now))) {
		if (!strcmp(now, p->progress))
			return 0;
		snprintf(p->progress, sizeof(p->progress), "%s", now);
		return 1;
	}
	clear_texts(p);
	if (fetchjob_finish(p->job, &p->got, &msg) < 0) {
		p->job = NULL;
		failed(t, "%s", buf_str(&msg));
		buf_release(&msg);
		return 1;
	}
	p->job = NULL;
	buf_release(&msg);
	snprintf(p->name, sizeof(p->name), "%s", p->got.name ? p->got.name : "");
	if (t->cur == SCREEN_PASTE) {
		plan(t);
	} else {
		fetched_release(&p->got); /* (the screen was left: nothing to show it on) */
	}
	return 1;
}

int paste_key(struct tui *t, wint_t ch, int is_code)
{
	struct paste_state *p = paste_of(t);
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

/* Remember what `u` takes back: the texts an import stored. */
static void remember_import(struct tui *t, const struct store_import_plan *done, const struct plan_sum *sum)
{
	struct paste_state *p = paste_of(t);

	forget_import(p);
	for (size_t i = 0; i < done->res.ninputs; i++) {
		const struct import_input_result *ir = &done->res.inputs[i];

		if (ir->status != IMPORT_NEW || ir->source < 0)
			continue;
		ALLOC_GROW(p->imported, p->nimported + 1, p->imported_cap);
		p->imported[p->nimported++] = xstrdup(done->m.sources[ir->source].hash);
	}
	p->imported_gen = store_generation(t->store);
	if (sum->fresh > 1)
		snprintf(p->imported_what, sizeof(p->imported_what), "%s (%zu texts)", p->name, sum->fresh);
	else
		snprintf(p->imported_what, sizeof(p->imported_what), "%s", p->name);
}

/*
 * `u` right after an import from Paste, with the store as the import left
 * it: the import's texts removed as one edit (`rm --import`, which `u`
 * takes back in turn). 1 when it did (or said why not), 0 when `u` is the
 * journal's undo (the screen's undo()).
 */
static int paste_undo_import(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct paste_state *p = paste_of(t);
	struct edit_plan plan;
	struct diag d = DIAG_INIT;
	char what[400];
	long id = -1;
	int ok = 1;

	if (!p->nimported)
		return 0;
	if (!t->store) {
		/* a quick comparison's paste: its texts dropped, while nothing came after them */
		int dropped = quick_generation(t->quick) == p->imported_gen && quick_drop_last(t->quick) == 0;

		if (dropped) {
			tui_message(t, "import of %s taken back (not stored)", p->imported_what);
			screen_ask_reload(t, RELOAD_WHOLE, NULL); /* a new snapshot without them */
		}
		forget_import(p);
		return dropped;
	}
	if (store_generation(t->store) != p->imported_gen) {
		forget_import(p); /* the store changed since: `u` is the journal's */
		return 0;
	}
	edit_plan_init(&plan);
	for (size_t i = 0; ok && i < p->nimported; i++) {
		long src = manage_find_import(snap.m, p->imported[i], &d);

		ok = src >= 0 && manage_plan_rm_import(snap.m, (uint32_t)src, &plan, &d) == 0;
	}
	snprintf(what, sizeof(what), "import of %s taken back", p->imported_what);
	if (ok) {
		buf_reset(&plan.what);
		buf_adds(&plan.what, what);
		id = manage_commit(t->store, &plan, &d);
	}
	edit_plan_release(&plan);
	forget_import(p);
	if (id <= 0) {
		tui_message(t, "the import was not taken back: %s", d.n ? d.v[d.n - 1].text : "nothing to remove");
	} else {
		tui_said_edit(t, id, what);
		screen_ask_reload(t, RELOAD_WHOLE, NULL); /* tui.c reads the store again */
	}
	diag_release(&d);
	return 1;
}

/* Store the plan's texts for good: the --set-variant fixes as one edit, then the data (store_import()). */
static int import_stored(struct tui *t)
{
	struct paste_state *p = paste_of(t);
	struct diag d = DIAG_INIT;
	struct store_import_plan done;
	struct import_input *in = xcalloc(p->got.n ? p->got.n : 1, sizeof(*in));
	struct store_import_opts so = { .io = { NULL, NULL, p->sets, p->nsets, 1, 0 } };
	struct plan_sum sum;
	int rc = -1;

	make_inputs(p, in);
	if (store_import(t->store->dir, in, p->got.n, &so, &done, &d) < 0) {
		if (!done.read)
			tui_message(t, "not imported: %s", d.n ? d.v[d.n - 1].text : "the store cannot be written");
		else if (done.edit < 0)
			tui_message(t, "not imported: %s", d.n ? d.v[d.n - 1].text : "the edit was not recorded");
		else
			tui_message(t, "not stored: %s", d.n ? d.v[d.n - 1].text : "error");
	} else if (plan_sum(&done.res, &sum), sum.empty == done.res.ninputs) {
		tui_message(t, "no measurements found: nothing imported");
	} else {
		rc = 0;
		if (sum.nruns)
			remember_import(t, &done, &sum);
		/* tui.c reads the store again (what it says when it cannot stands instead) */
		screen_ask_reload(t, RELOAD_WHOLE, NULL);
		{
			if (!sum.nruns && done.edit > 0)
				tui_message(t, "already imported: no runs added, its variants renamed by edit %ld "
					    "\xc2\xb7 u undoes it", done.edit);
			else if (!sum.nruns)
				tui_message(t, "already imported: nothing added");
			else if (p->got.n == 1)
				tui_message(t, "imported %zu run%s, %zu figure%s%s \xc2\xb7 u takes it back",
					    sum.nruns, sum.nruns == 1 ? "" : "s", sum.nmeas, sum.nmeas == 1 ? "" : "s",
					    done.edit > 0 ? ", 1 edit" : "");
			else
				tui_message(t, "imported %zu run%s, %zu figure%s from %zu text%s%s \xc2\xb7 u takes it back",
					    sum.nruns, sum.nruns == 1 ? "" : "s", sum.nmeas, sum.nmeas == 1 ? "" : "s",
					    sum.fresh, sum.fresh == 1 ? "" : "s", done.edit > 0 ? ", 1 edit" : "");
		}
	}
	free(in);
	store_import_release(&done);
	diag_release(&d);
	return rc;
}

/*
 * A quick comparison has no store: the texts join its imports in memory
 * (store/quick.h) and tui.c reads a new snapshot with them; `u` right
 * after takes them back.
 */
static int import_quick(struct tui *t)
{
	struct paste_state *p = paste_of(t);
	struct import_input *in = xcalloc(p->got.n ? p->got.n : 1, sizeof(*in));
	struct import_opts io = { NULL, NULL, p->sets, p->nsets, 0, 0 };
	struct plan_sum sum;
	size_t fresh = 0;

	for (size_t i = 0; i < p->got.n; i++)
		fresh += !quick_holds(t->quick, p->got.v[i].text, p->got.v[i].len);
	if (!fresh) { /* (the plan, made against no texts, could not say so) */
		free(in);
		tui_message(t, "already in this comparison: nothing added");
		return 0;
	}
	make_inputs(p, in);
	quick_add(t->quick, in, p->got.n, &io);
	free(in);
	plan_sum(&p->dry.res, &sum); /* the plan shown: planned against no store, as read now */
	forget_import(p);
	ALLOC_GROW(p->imported, p->nimported + 1, p->imported_cap);
	p->imported[p->nimported++] = xstrdup(p->name);
	p->imported_gen = quick_generation(t->quick);
	snprintf(p->imported_what, sizeof(p->imported_what), "%s", p->name);
	screen_ask_reload(t, RELOAD_WHOLE, NULL);
	tui_message(t, "added %zu runs (not stored) \xc2\xb7 u takes them back", sum.nruns);
	return 0;
}

/* The dry run again after a fix, the cursor where it was. */
static void replan(struct tui *t)
{
	struct paste_state *p = paste_of(t);
	struct list keep = p->list;

	plan(t);
	if (keep.cursor < p->nlines) {
		p->list.cursor = keep.cursor;
		p->list.top = keep.top;
	}
}

/* The fix for (input, line, run) among the plan's, or -1. */
static long set_at(const struct paste_state *p, uint32_t input, uint32_t line, uint32_t run)
{
	for (size_t i = 0; i < p->nsets; i++)
		if (p->sets[i].input == input && p->sets[i].line == line && p->sets[i].run == run)
			return (long)i;
	return -1;
}

/*
 * Give (input, line, run) the variant `name`, or take its fix away
 * (NULL); the name it had before goes on the undo stack when `keep`.
 */
static void set_fix(struct paste_state *p, uint32_t input, uint32_t line, uint32_t run, const char *name,
		    int keep)
{
	long i = set_at(p, input, line, run);

	if (keep) {
		ALLOC_GROW(p->undo, p->nundo + 1, p->undo_cap);
		p->undo[p->nundo].input = input;
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
	p->sets[p->nsets].input = input;
	p->sets[p->nsets].line = line;
	p->sets[p->nsets].run = run;
	p->sets[p->nsets++].name = xstrdup(name);
}

/* `e` in the plan: the variant of the block at this line, or of its run alone, as --set-variant LINE=NAME. */
static void set_typed(struct tui *t, const char *name)
{
	struct paste_state *p = paste_of(t);

	if (!*name || !p->pending_line)
		return;
	set_fix(p, p->pending_input, p->pending_line, p->pending_run, name, 1);
	replan(t);
	if (p->pending_run)
		tui_message(t, "the run at line %u is \"%s\" (u: back)", (unsigned)p->pending_line, name);
	else
		tui_message(t, "the block at line %u is \"%s\" (u: back)", (unsigned)p->pending_line, name);
}

/* `u` in the plan: the last fix taken back. */
static void undo_fix(struct tui *t)
{
	struct paste_state *p = paste_of(t);
	struct paste_undo *u;

	if (!p->nundo) {
		tui_message(t, "nothing to take back: no variant fixed in this plan");
		return;
	}
	u = &p->undo[--p->nundo];
	set_fix(p, u->input, u->line, u->run, u->before, 0);
	replan(t);
	tui_message(t, "%s at line %u: %s%s%s", u->run ? "run" : "block", (unsigned)u->line,
		    u->before ? "back to \"" : "its fix taken back", u->before ? u->before : "",
		    u->before ? "\"" : "");
	free(u->before);
}

/* The block (import item) a plan line belongs to, or NULL. */
static const struct import_item *item_of(const struct paste_state *p, size_t line)
{
	if (line < p->nlines && p->lines[line].kind == PL_TEXT)
		return NULL;
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
	struct paste_state *p = paste_of(t);
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
			buf_addf(&b, "  %s: skipped", held_where(t, 1));
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
	case PL_TEXT: {
		const struct fetched_text *x = &p->got.v[l->index];

		/* cut in the middle: a link's address and what it was linked from both show */
		buf_addf(&b, "%s", x->heading ? x->heading : x->name);
		draw_text_mid(y, 0, COLS - 1, b.s, selected ? role : ROLE_HIGHLIGHT);
		break;
	}
	case PL_WARNING: {
		const struct diag_entry *w = &p->diag.v[l->index];

		if (w->line)
			buf_addf(&b, "line %u: ", (unsigned)w->line);
		buf_adds(&b, w->text);
		/* cut in the middle: what it is and where (a line, an address's end) both show */
		draw_text_mid(y, 1, COLS - 2, b.s, selected ? role : ROLE_WORSE);
		break;
	}
	}
	buf_release(&b);
}

static void draw(struct tui *t, int top, int height)
{
	struct paste_state *p = paste_of(t);
	int rows = list_rows(height);
	struct buf b = BUF_INIT;

	if (p->collecting) {
		buf_addf(&b, "reading the paste: %zu bytes so far...", p->text.len);
		draw_text(top + 1, 2, COLS - 4, b.s, ROLE_HIGHLIGHT);
		buf_release(&b);
		return;
	}
	if (p->job) {
		/* `i` fetching: how far, and how to stop it; the keys stay live */
		if (!strcmp(p->name, "<stdin>"))
			buf_adds(&b, "reading standard input to its end\xe2\x80\xa6");
		else
			buf_addf(&b, "fetching %s \xc2\xb7 %s\xe2\x80\xa6", p->name, p->progress);
		draw_text(top + 1, 2, COLS - 4, b.s, ROLE_HIGHLIGHT);
		draw_text(top + 3, 2, COLS - 4, "Esc: cancel (nothing is imported until you see the plan and press Enter)",
			  ROLE_DIM);
		buf_release(&b);
		return;
	}
	if (!p->planned) {
		int y = top + 1;

		if (p->failed[0]) {
			y += draw_wrapped(y, 2, COLS - 4, 4, p->failed, ROLE_WORSE) + 1;
		} else if (p->ncands) {
			/* Tab: what fits, in columns */
			int w = 0, cols, x;

			for (size_t i = 0; i < p->ncands; i++)
				if (draw_width(p->cands[i]) > w)
					w = draw_width(p->cands[i]);
			w += 2;
			cols = (COLS - 4) / (w ? w : 1);
			if (cols < 1)
				cols = 1;
			for (size_t i = 0; i < p->ncands && y < top + height - 2; i++) {
				x = 2 + (int)(i % (size_t)cols) * w;
				draw_text(y, x, w, p->cands[i], ROLE_NORMAL);
				if (i % (size_t)cols == (size_t)cols - 1 || i + 1 == p->ncands)
					y++;
			}
			y++;
		}
		if (y > top + height - 7)
			return;
		draw_text(y, 2, COLS - 4, "Paste a thread here (your terminal's paste: Ctrl-Shift-V,", ROLE_NORMAL);
		draw_text(y + 1, 2, COLS - 4, "a middle click, or tmux's prefix ]), or type below and press Enter:",
			  ROLE_NORMAL);
		draw_text(y + 2, 4, COLS - 6, "a file's path (Tab completes it), - for standard input,", ROLE_NORMAL);
		draw_text(y + 3, 4, COLS - 6, "or an issue or pull request: its https address, or OWNER/REPO#N.",
			  ROLE_NORMAL);
		draw_text(y + 4, 2, COLS - 4, "You see what would be imported first.", ROLE_NORMAL);
		draw_text(y + 6, 2, COLS - 4, "Esc: back", ROLE_DIM);
		return;
	}
	{
		struct plan_sum sum;

		plan_sum(&p->dry.res, &sum);
		if (p->got.n == 1) {
			const struct fetched_text *x = &p->got.v[0];
			size_t lines = 0;

			for (size_t i = 0; i < x->len; i++)
				lines += x->text[i] == '\n';
			buf_addf(&b, "%s: %zu lines \xc2\xb7 ", p->name, lines + (x->len && x->text[x->len - 1] != '\n'));
		} else {
			buf_addf(&b, "%s: ", p->name);
		}
		if (sum.fresh)
			buf_addf(&b, "would import %zu run%s, %zu figure%s", sum.nruns, sum.nruns == 1 ? "" : "s",
				 sum.nmeas, sum.nmeas == 1 ? "" : "s");
		else if (sum.same && p->got.n == 1)
			buf_addf(&b, "this exact text is %s already: nothing to import", held_where(t, 0));
		else if (sum.same && !sum.alldup)
			buf_addf(&b, "these texts are %s already: nothing to import", held_where(t, 0));
		else if (sum.same || sum.alldup)
			buf_addf(&b, "every block is %s already: nothing to import", held_where(t, 0));
		else
			buf_adds(&b, "no measurements found");
		if (p->got.n > 1)
			buf_addf(&b, " from %zu of %zu texts", p->got.n - sum.empty, p->got.n);
		if (sum.ndup)
			buf_addf(&b, " (%zu block%s %s)", sum.ndup, sum.ndup == 1 ? "" : "s", held_where(t, 1));
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
	tui_position_list(t, "line", &p->list, NULL, NULL);
	t->list_y = top + 2;
	for (int i = 0; i < rows && p->list.top + (size_t)i < p->nlines; i++) {
		size_t k = p->list.top + (size_t)i;

		draw_line(t, k, top + 2 + i, k == p->list.cursor);
	}
	{
		/* what the keys do here: no Enter when nothing would be imported; e says what it edits */
		const struct paste_line *l = p->list.cursor < p->nlines ? &p->lines[p->list.cursor] : NULL;
		int any = plan_any(p);

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
	struct paste_state *p = paste_of(t);

	if (p->job) {
		/* fetching: Esc gives it up; q still quits; the rest waits for the plan */
		if (a == ACT_BACK) {
			fetchjob_cancel(p->job);
			p->job = NULL;
			clear_texts(p);
			tui_message(t, "cancelled: %s not fetched, nothing imported", p->name);
			return screen_ask_show(t, p->from == SCREEN_PASTE ? SCREEN_EXPERIMENTS : p->from);
		}
		if (a == ACT_QUIT || a == ACT_REDRAW)
			return ACT_IGNORED;
		tui_message(t, "fetching %s: Esc cancels", p->name);
		return ACT_DONE;
	}
	if (p->planned && list_act(&p->list, a, list_rows(height)))
		return ACT_DONE;
	switch (a) {
	case ACT_ENTER:
		if (!p->planned) {
			paste_open(t);
			return ACT_DONE;
		}
		if (!plan_any(p)) {
			tui_message(t, "nothing to import");
			return ACT_DONE;
		}
		if (!(t->store ? import_stored(t) : import_quick(t))) {
			clear_texts(p);
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

			p->pending_input = it->input + 1;
			p->pending_line = r->first_line;
			p->pending_run = dot ? (uint32_t)strtoul(dot + 1, NULL, 10) : 0;
			snprintf(label, sizeof(label), "variant of the run at line %u (this run alone): ",
				 (unsigned)r->first_line);
			prompt_open(t, label, r->eff_variant.text, set_typed, NULL);
		} else {
			/* a line of its first run: the block's own first line may be a header no run holds */
			p->pending_input = it->input + 1;
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
		clear_texts(p);
		clear_cands(p);
		p->failed[0] = '\0';
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
	.click_selects = 1,
	.draw = draw,
	.act = act,
	.open = open,
	.lines = lines,
	.undo = paste_undo_import,
	.release = release,
};
