/*
 * tui.c - curses setup and teardown, the event loop, screen switching and
 * the status line. The only file that calls initscr/newterm, endwin,
 * refresh and get_wch.
 */
#define NCURSES_WIDECHAR 1
#include "tui/tui.h"

#include <curses.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include "store/flows.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/global.h"
#include "tui/loader.h"
#include "tui/prompt.h"
#include "tui/screen_paste.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "tui/watch.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/util.h"

#define MIN_COLS 40
#define MIN_LINES 10
/*
 * How often, while no key comes, the TUI looks whether another process
 * wrote the store: three stat()s, so often enough that an import in
 * another terminal shows within a few tenths of a second.
 */
#define WATCH_MS 200
/*
 * Keys that come closer together than this are one burst: no one types
 * two keys within 3 ms (a held key repeats every 30 ms or more), but a
 * terminal that pastes without brackets (GNU screen, some ssh clients,
 * tmux's paste-buffer without -p) sends the text at once.
 */
#define BURST_MS 3
/* An unbracketed paste ends when no key came for this long. */
#define PASTE_END_MS 150
/* A burst of this many keys (or of several lines) is a paste, not keys to run. */
#define PASTE_KEYS 10
#define QUEUE_MAX 256

static const struct screen *const screens[SCREEN__COUNT] = {
	[SCREEN_EXPERIMENTS] = &screen_experiments,
	[SCREEN_MATRIX] = &screen_matrix,
	[SCREEN_COMPARE] = &screen_compare,
	[SCREEN_CPU] = &screen_cpu,
	[SCREEN_SIZES] = &screen_sizes,
	[SCREEN_SCORE] = &screen_score,
	[SCREEN_FACTORS] = &screen_factors,
	[SCREEN_HELP] = &screen_help,
	[SCREEN_WARNINGS] = &screen_warnings,
	[SCREEN_RUNS] = &screen_runs,
	[SCREEN_SOURCE] = &screen_source,
	[SCREEN_PASTE] = &screen_paste,
};

static int curses_on;
static SCREEN *term_screen;
static FILE *tty_in;

static void leave_curses(void)
{
	if (!curses_on)
		return;
	curses_on = 0;
	explore_terminal(0);
	paste_enable(0);
	endwin();
}

/*
 * ACT_OPEN: open the screen `a` asks for. H first reads the metric's runs
 * in the other experiments (when the TUI holds one experiment alone); a
 * view on a listed experiment reads that experiment (its baseline and
 * candidate the defaults); then the screen makes its state (open()).
 * When any of these cannot, the screen shown stays (the reason is in the
 * status line).
 */
static void open_screen(struct tui *t, const struct screen_ask *a)
{
	const struct screen *s = screens[a->screen];

	if (a->history && t->index && explore_load_metric(t, a->metric) < 0)
		return;
	if (s->per_exp && a->exp != SIZE_MAX) {
		long v;

		if (a->exp >= tui_list(t)->nexps)
			return;
		t->exps.cursor = a->exp;
		if ((v = explore_load_listed(t)) < 0)
			return;
		tui_set_experiment(t, (size_t)v);
	}
	if (s->open && s->open(t, a) < 0)
		return;
	if (t->cur != a->screen) {
		t->prev = t->cur;
		t->cur = a->screen;
	}
}

/*
 * ACT_RELOAD: read the store again as `a` asks (tui/reload.c), then put
 * the list's cursor on the experiment it names. After Esc the watcher
 * reads what an edit changed at the next pause. 0, or -1 (the reason in
 * the status line).
 */
static int reload(struct tui *t, const struct screen_ask *a)
{
	const struct model *list;
	int rc = 0;

	switch (a->reload) {
	case RELOAD_WHOLE:
		rc = explore_reload(t);
		break;
	case RELOAD_FRESH:
		rc = explore_refresh(t);
		break;
	case RELOAD_RECORDS:
		if (t->m->summary || t->index)
			rc = explore_reload(t);
		break;
	}
	if (rc == LOADER_CANCELLED && a->reload != RELOAD_RECORDS)
		memset(&t->watch, 0, sizeof(t->watch)); /* the store changed: read at the next pause */
	list = tui_list(t);
	for (size_t e = 0; rc == 0 && a->select && e < list->nexps; e++)
		if (!strcmp(list->exps[e].name, a->select))
			t->exps.cursor = e;
	edit_read(t, rc); /* an edit by key followed now, on the store as read */
	return rc < 0 ? -1 : 0;
}

/*
 * Do what a key's handlers asked (`res` and t->ask.bits): read the store
 * again, open a screen, or go back to one. A request to go back is moot once the screen that
 * asked is no longer shown (a read of the store asks to leave Runs and
 * Source when their runs went, and then a key opened another screen).
 * What is asked while a screen opens (such a read) is carried out after.
 */
static void carry_out(struct tui *t, int res)
{
	struct screen_ask a = t->ask;

	res |= (int)a.bits;
	memset(&t->ask, 0, sizeof(t->ask)); /* moved to `a`: asks made while opening go here */
	t->ask.run = -1;
	if ((res & ACT_RELOAD) && reload(t, &a) < 0)
		res &= ~ACT_OPEN; /* said why; what it opens would show the old model */
	if (res & ACT_OPEN)
		open_screen(t, &a);
	else if ((res & ACT_SHOW) && a.from == t->cur)
		t->cur = a.screen;
	screen_ask_release(&a);
	if (t->ask.bits)
		carry_out(t, 0);
}

static void switch_to(struct tui *t, enum screen_id s)
{
	if (screens[s]->per_exp) {
		long v = explore_load_listed(t); /* says why when there is none */

		if (v < 0)
			return;
		if (t->view_exp != (size_t)v)
			tui_set_experiment(t, (size_t)v);
	}
	if (s == t->cur)
		return;
	t->prev = t->cur;
	t->cur = s;
}

/*
 * "benchdelta · Compare · EXPERIMENT 3/12 · STORE": the experiment a view
 * shows, with its place in the list; the store goes first when room is
 * short, then the experiment's name is cut (with an ellipsis).
 */
static void draw_title(struct tui *t)
{
	char left[128], pos[48];
	int x, room, wname, wstore;
	const char *name = "", *title = t->title;

	draw_fill(0, ROLE_HEADER);
	snprintf(left, sizeof(left), "benchdelta \xc2\xb7 %s", screens[t->cur]->name);
	x = 1 + draw_text(0, 1, COLS - 2, left, ROLE_HEADER);
	pos[0] = '\0';
	if (screens[t->cur]->per_exp && t->view_exp < t->m->nexps) {
		name = t->m->exps[t->view_exp].name;
		/* its place in the list: the cursor is on it while a view shows it */
		snprintf(pos, sizeof(pos), " (%zu/%zu)", (t->index ? t->exps.cursor : t->view_exp) + 1,
			 tui_list(t)->nexps);
	}
	room = COLS - 1 - x;
	wstore = *t->title ? text_width(t->title, strlen(t->title)) + 3 : 0;
	if (*name) {
		wname = text_width(name, strlen(name)) + 3 + text_width(pos, strlen(pos));
		if (wname + wstore > room) {
			/* the store's path may go; that nothing is stored may not (the name is cut instead) */
			title = !t->store && *t->title ? "not stored" : "";
			wstore = *title ? text_width(title, strlen(title)) + 3 : 0;
			if (room - wstore - 3 - text_width(pos, strlen(pos)) < 10)
				wstore = 0; /* too narrow for both: the name first */
		}
		x += draw_text(0, x, room - wstore - text_width(pos, strlen(pos)), " \xc2\xb7 ", ROLE_HEADER);
		/* cut in the middle: "Evaluate … BOLT" and "Evaluate … BOLT (2)" read apart */
		x += draw_text_mid(0, x, COLS - 1 - x - wstore - text_width(pos, strlen(pos)), name,
				   ROLE_HEADER);
		x += draw_text(0, x, COLS - 1 - x, pos, ROLE_HEADER);
	}
	if (wstore && (!*name || wstore <= COLS - 1 - x)) {
		x += draw_text(0, x, COLS - 1 - x, " \xc2\xb7 ", ROLE_HEADER);
		draw_text(0, x, COLS - 1 - x, title, ROLE_HEADER);
	}
}

/*
 * The status line's label of screen `s`: its first key, and its name
 * unless `terse`; `brief` 1: the short name where a screen has one
 * ("6 Score"); 2: that, and Help's key alone.
 */
static void status_label(const struct screen *s, int terse, int brief, char *out, size_t size)
{
	/* the first of its keys: "? F1" opens Help, the line says "? Help" */
	int k = (int)strcspn(keys_names(s->opener), " ");
	const char *name = brief && s == &screen_score ? "Score" : s->name;

	if (terse || (brief > 1 && s == &screen_help))
		snprintf(out, size, "%.*s", k, keys_names(s->opener));
	else
		snprintf(out, size, "%.*s %s", k, keys_names(s->opener), name);
}

/*
 * "1 Experiments  2 Matrix ... q Quit   W 2 warnings": every screen's key,
 * named in full when the line has the room; then with one blank between,
 * then "6 Score" and "? q" for "? Help q Quit" (every screen named at 80
 * columns), then without Factors (named on its own screen), and at last
 * keys alone with the current screen named. The cursor's place
 * ("row 3 of 16", else "3/16") and the warnings' count take the right end;
 * a message (what a key just did) takes it over, or the whole line.
 */
static void draw_status(struct tui *t)
{
	static const enum screen_id all[] = { SCREEN_EXPERIMENTS, SCREEN_MATRIX, SCREEN_COMPARE,
					      SCREEN_CPU,         SCREEN_SIZES,  SCREEN_SCORE,
					      SCREEN_FACTORS,     SCREEN_HELP };
	enum screen_id order[sizeof(all) / sizeof(all[0])];
	size_t n = 0;
	int y = LINES - 1, x = 1, terse = 0, brief = 0, gap = 2, end = COLS - 1;
	char w[64], label[64];

	w[0] = '\0';
	if (t->warnings->n)
		snprintf(w, sizeof(w), "W %zu warning%s", t->warnings->n, t->warnings->n == 1 ? "" : "s");
	for (int fit = 0; fit < 6; fit++) {
		int factors = fit != 4 || t->cur == SCREEN_FACTORS, total;

		terse = fit == 5;
		brief = fit >= 3 ? 2 : fit == 2;
		gap = fit == 0 ? 2 : 1;
		total = 1 + draw_width(brief > 1 ? "q" : "q Quit") + (*w ? 2 + draw_width(w) : 0) +
			(*t->pos_brief ? 2 + draw_width(t->pos_brief) : 0);
		n = 0;
		for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
			if (all[i] != SCREEN_FACTORS || factors)
				order[n++] = all[i];
		for (size_t i = 0; i < n; i++) {
			status_label(screens[order[i]], terse && order[i] != t->cur, brief, label, sizeof(label));
			total += draw_width(label) + gap;
		}
		if (total <= COLS - 1)
			break;
	}
	draw_fill(y, ROLE_STATUS);
	for (size_t i = 0; i < n && x < COLS; i++) {
		enum color_role r = order[i] == t->cur ? ROLE_STATUS_KEY : ROLE_STATUS;

		status_label(screens[order[i]], terse && order[i] != t->cur, brief, label, sizeof(label));
		x += draw_text(y, x, COLS - x, label, r) + gap;
	}
	x += draw_text(y, x, COLS - x, terse || brief > 1 ? "q" : "q Quit", ROLE_STATUS) + gap;
	if (*t->pos && !t->message[0]) {
		const char *p = draw_width(t->pos) + (*w ? 2 + draw_width(w) : 0) <= COLS - x - 1 ? t->pos
												     : t->pos_brief;

		if (draw_width(p) <= COLS - x - 1) {
			draw_right(y, x, COLS - x - 1, p, ROLE_STATUS);
			end -= draw_width(p) + 2;
		}
	}
	if (*w && !t->message[0] && x < end - 3)
		draw_right(y, x, end - x, w, t->cur == SCREEN_WARNINGS ? ROLE_STATUS_KEY : ROLE_STATUS);
	if (t->message[0] && draw_width(t->message) <= COLS - x - 1) {
		draw_right(y, x, COLS - x - 1, t->message, ROLE_STATUS);
	} else if (t->message[0]) {
		/* a message says what a key just did: it goes before the list of screens, cut
		   in the middle so that its end (a name, what undoes it) shows too */
		draw_fill(y, ROLE_STATUS);
		draw_text_mid(y, 1, COLS - 2, t->message, ROLE_STATUS);
	}
}

static void draw_all(struct tui *t)
{
	erase();
	if (COLS < MIN_COLS || LINES < MIN_LINES) {
		char msg[96];

		snprintf(msg, sizeof(msg), "terminal too small (%dx%d); benchdelta needs %dx%d", COLS,
			 LINES, MIN_COLS, MIN_LINES);
		draw_text(0, 0, COLS, msg, ROLE_NORMAL);
	} else {
		draw_title(t);
		t->list_y = -1;
		t->pos[0] = t->pos_brief[0] = '\0';
		screens[t->cur]->draw(t, 1, LINES - 2);
		draw_status(t);
		explore_draw(t);
	}
	refresh();
}

static int start_curses(void)
{
	if (isatty(STDIN_FILENO)) {
		if (!isatty(STDOUT_FILENO)) {
			fprintf(stderr, "benchdelta: the terminal UI needs a terminal on standard output\n");
			return -1;
		}
		if (!initscr())
			return -1;
	} else {
		/* the logs came through a pipe: read the keys from the terminal itself */
		tty_in = fopen("/dev/tty", "r");
		if (!tty_in) {
			fprintf(stderr, "benchdelta: no terminal to run the UI on "
					"(use 'benchdelta import' or 'export' in scripts)\n");
			return -1;
		}
		term_screen = newterm(NULL, stdout, tty_in);
		if (!term_screen) {
			fclose(tty_in);
			tty_in = NULL;
			fprintf(stderr, "benchdelta: cannot start the terminal UI (TERM=%s)\n",
				getenv("TERM") ? getenv("TERM") : "");
			return -1;
		}
		set_term(term_screen);
	}
	curses_on = 1;
	die_set_hook(leave_curses);
	atexit(leave_curses);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	color_init();
	draw_init();
	paste_enable(1);
	explore_terminal(1);
	return 0;
}

void tui_print_keys(void)
{
	keys_print(stdout);
}

/*
 * Help is a page over the screen it was opened from: its scrolling keys
 * scroll it, ?, F1, Esc and q close it, and any other key closes it and
 * then does what it does there. Returns the action left to do, or ACT_NONE.
 */
static enum action leave_help(struct tui *t, enum action a)
{
	t->cur = t->prev == SCREEN_HELP ? SCREEN_EXPERIMENTS : t->prev;
	switch (a) {
	case ACT_HELP:
	case ACT_BACK:
	case ACT_QUIT:
	case ACT_NONE:
		return ACT_NONE;
	default:
		return a;
	}
}

/*
 * What the model in hand can serve. The store's index (m->summary) serves
 * the Experiments list (and Help and Warnings over it) for the keys that
 * only read the list: moving, find, the filter, copying; an Enter or a
 * view's key there reads that experiment alone (explore_load_listed()).
 * That experiment alone (t->index set) serves its views too, and H, which
 * reads the metric's other runs itself (their figures, from the catalog:
 * explore_load_metric()). What edits the store (e, R, m) reads the whole
 * store first; B, t and u in a view of that experiment need only it (the
 * index kept fresh: store_edit_fresh()). d and r on the list read the
 * experiment they remove or rename alone, as `rm` and `rename-experiment`
 * do, and u there reads the index again (store_undo_fresh(),
 * explore_refresh()). 1
 * when the key needs nothing more.
 */
static int model_will_do(const struct tui *t, wint_t ch, int fn)
{
	int on_list = t->cur == SCREEN_EXPERIMENTS || t->cur == SCREEN_HELP || t->cur == SCREEN_WARNINGS;

	if (prompt_active(t) || (paste_collecting(t)))
		return 1; /* typed into a prompt, or pasted: Paste reads the store itself */
	switch (keys_action(ch, fn)) {
	case ACT_UNDO:
		if (paste_has_import(t))
			return 0; /* it may take back a paste's import, planned on the whole store */
		if (on_list)
			return 1; /* explore_refresh(): the index again, else the whole store */
		/* fall through */
	case ACT_SAVE_BASELINE:
	case ACT_TAG:
		/* the experiment a view shows is all they read (store_edit_fresh(), store_undo_fresh()) */
		return t->index && !on_list;
	case ACT_DELETE:
	case ACT_RENAME:
		/* they read that experiment alone (edit_listed() in screen_experiments.c) */
		return t->cur == SCREEN_EXPERIMENTS;
	case ACT_SET_VARIANT:
	case ACT_RENAME_VARIANT:
	case ACT_MERGE_VARIANTS:
	case ACT_CROSS:
		return 0;
	case ACT_ENTER:
	case ACT_SCREEN_MATRIX:
	case ACT_SCREEN_COMPARE:
	case ACT_SCREEN_CPU:
	case ACT_SCREEN_SIZES:
	case ACT_SCREEN_SCORE:
	case ACT_SCREEN_FACTORS:
	case ACT_NONE:
	case ACT_UP:
	case ACT_DOWN:
	case ACT_PAGE_UP:
	case ACT_PAGE_DOWN:
	case ACT_HOME:
	case ACT_END:
	case ACT_BACK:
	case ACT_REDRAW:
	case ACT_QUIT:
	case ACT_HELP:
	case ACT_WARNINGS:
	case ACT_SCREEN_EXPERIMENTS:
	case ACT_FIND:
	case ACT_FIND_NEXT:
	case ACT_FIND_PREV:
	case ACT_FILTER:
	case ACT_COPY:
	case ACT_COPY_FILE:
	case ACT_IMPORT:
	case ACT_HISTORY: /* H reads the metric's runs itself (explore_load_metric()) */
		return on_list || t->index;
	default:
		return t->index && !on_list;
	}
}

/* Keys read ahead of the loop: a burst, handed out one at a time when it was typed after all. */
struct key_queue {
	struct {
		wint_t ch;
		int code;
	} k[QUEUE_MAX];
	size_t n, head;
};

/* The keys that open a prompt whose text a burst may fill harmlessly: find, filter, import's path. */
static int opens_text_prompt(wint_t ch)
{
	return ch == '/' || ch == 'f' || ch == 'i';
}

/*
 * Whether the burst q->k[0..n) is a paste: text no one typed, not keys
 * that piled up while the TUI was busy. A paste is long and reads as text:
 * several lines, or words (a blank) where no prompt takes them: a prompt
 * open, or opened by the burst's first key for a pattern, a filter or a
 * path, takes one line of text and its Enter. Keys that are no characters
 * (arrows, the mouse: a terminal's own sequences) never come from a paste.
 */
static int is_paste(const struct tui *t, const struct key_queue *q)
{
	int lines = 0, blanks = 0, prompt = prompt_active(t) || opens_text_prompt(q->k[0].ch);

	if (q->n < PASTE_KEYS)
		return 0;
	for (size_t i = 0; i < q->n; i++) {
		if (q->k[i].code)
			return 0;
		if ((q->k[i].ch == '\r' || q->k[i].ch == '\n') && i + 1 < q->n)
			lines++;
		blanks += q->k[i].ch == ' ' || q->k[i].ch == '\t';
	}
	return lines >= 2 || (blanks && !prompt);
}

/* Restore the wait for a key: forever, or a look at the store every WATCH_MS. */
static void wait_mode(const struct tui *t)
{
	timeout(paste_busy(t) ? 100 : t->store ? WATCH_MS : -1); /* `i` fetching: its progress */
}

/*
 * The next key (get_wch's result: OK, KEY_CODE_YES or ERR on a timeout).
 * A character that comes with others at once (a burst) is read with them:
 * when the burst is a paste it is collected as a bracketed paste would be,
 * to its end, and Paste plans it; no key of it runs (the result is then
 * ERR, with *pasted set). Otherwise its keys are handed out one by one.
 */
static int next_key(struct tui *t, struct key_queue *q, wint_t *ch, int *pasted)
{
	int r;
	wint_t c;

	*pasted = 0;
	if (q->head < q->n) {
		*ch = q->k[q->head].ch;
		return q->k[q->head++].code ? KEY_CODE_YES : OK;
	}
	q->n = q->head = 0;
	r = get_wch(ch);
	if (r != OK || (paste_collecting(t)))
		return r; /* a key code, a timeout, or a bracketed paste arriving */
	q->k[q->n].ch = *ch;
	q->k[q->n++].code = 0;
	timeout(BURST_MS);
	while (q->n < QUEUE_MAX && (r = get_wch(&c)) != ERR) {
		q->k[q->n].ch = c;
		q->k[q->n++].code = r == KEY_CODE_YES;
	}
	if (!is_paste(t, q)) {
		wait_mode(t);
		q->head = 1;
		return OK; /* the first key, *ch */
	}
	paste_begin(t, 0);
	for (size_t i = 0; i < q->n; i++)
		paste_key(t, q->k[i].ch, q->k[i].code);
	q->n = q->head = 0;
	timeout(PASTE_END_MS);
	while ((r = get_wch(&c)) != ERR)
		paste_key(t, c, r == KEY_CODE_YES);
	wait_mode(t);
	paste_end(t);
	*pasted = 1;
	return ERR;
}

/* The snapshot shown last back into `m`, the caller's (every screen let go of it; else it is released). */
static void give_back(struct tui *t, struct model *m)
{
	if (snapshot_holders(t->snap) == 1)
		snapshot_unmake(t->snap, m);
	else
		snapshot_release(t->snap);
	t->snap = NULL;
	t->m = NULL;
}

int tui_run(struct model *m, const struct tui_opts *o)
{
	struct key_queue *q = xcalloc(1, sizeof(*q));
	static const struct diag none = DIAG_INIT;
	struct tui t;

	memset(&t, 0, sizeof(t));
	t.screens = screens;
	tui_snapshot_put(&t, m); /* the first snapshot: `m` is the TUI's until it ends */
	t.store = o->store;
	t.quick = o->store ? NULL : o->quick;
	t.title = o->title ? o->title : "";
	t.base = t.cand = "";
	t.view_exp = SIZE_MAX;
	t.warnings = o->warnings ? o->warnings : &none;
	t.exps.count = t.m->nexps;
	t.cur = SCREEN_EXPERIMENTS;
	t.ask.run = -1;
	if (t.m->nexps == 1) /* one experiment: straight to its matrix */
		carry_out(&t, screen_ask_open(&t, SCREEN_MATRIX, 0));
	t.prev = SCREEN_EXPERIMENTS;

	paste_set_fetcher(o->fetcher);
	watch_take(t.store, &t.watch);
	if (start_curses() < 0) {
		give_back(&t, m);
		return -1;
	}
	wait_mode(&t); /* while no key comes, look whether another process wrote the store */
	for (int dirty = 1;;) {
		wint_t ch;
		int r, res, pasted;
		enum action a;

		dirty |= paste_poll(&t); /* `i` fetching: how far, or its plan */
		carry_out(&t, 0);        /* ... which may ask for Paste */
		if (dirty)
			draw_all(&t);
		dirty = 0;
		wait_mode(&t);
		r = next_key(&t, q, &ch, &pasted);
		if (r == ERR)
			memset(&t.key_at, 0, sizeof(t.key_at));
		else
			clock_gettime(CLOCK_MONOTONIC, &t.key_at);
		if (pasted) {
			carry_out(&t, ACT_DONE); /* Paste shows the plan */
			dirty = 1;
			continue;
		}
		if (r == ERR) {
			dirty = watch_poll(&t);
			continue;
		}
		if (r == KEY_CODE_YES && ch == KEY_RESIZE) {
			dirty = 1; /* layout comes from LINES and COLS at each draw */
			continue;
		}
		t.message[0] = '\0';
		if ((t.m->summary || t.index) && !model_will_do(&t, ch, r == KEY_CODE_YES) &&
		    explore_reload(&t) == LOADER_CANCELLED) { /* the whole store, from here on */
			dirty = 1; /* Esc: the key is not done */
			continue;
		}
		res = paste_key(&t, ch, r == KEY_CODE_YES); /* a paste's text, its markers */
		if (res || (res = explore_key(&t, ch, r == KEY_CODE_YES))) {
			dirty = res == 1; /* 2: a paste is arriving, draw when it is in */
			carry_out(&t, 0); /* a prompt's Enter, a double click, a paste's start */
			continue;
		}
		a = keys_action(ch, r == KEY_CODE_YES);
		dirty = 1;
		res = a == ACT_NONE ? ACT_IGNORED : screens[t.cur]->act(&t, a, LINES - 2);
		if (res & ACT_DONE) {
			carry_out(&t, res);
			continue;
		}
		if (t.cur == SCREEN_HELP && (a = leave_help(&t, a)) != ACT_NONE)
			res = screens[t.cur]->act(&t, a, LINES - 2);
		if (res & ACT_DONE) {
			carry_out(&t, res);
			continue;
		}
		if (a == ACT_NONE && r != KEY_CODE_YES && iswgraph(ch)) {
			/* a key that does nothing here says so, never silence */
			char mb[MB_LEN_MAX + 1] = "";
			mbstate_t st;
			size_t n;

			memset(&st, 0, sizeof(st));
			n = wcrtomb(mb, (wchar_t)ch, &st);
			mb[n == (size_t)-1 ? 0 : n] = '\0';
			tui_message(&t, "no key %s here, ? for help", mb);
			continue;
		}
		switch (a) {
		case ACT_QUIT:
			goto out;
		case ACT_HELP:
			switch_to(&t, SCREEN_HELP);
			break;
		case ACT_SCREEN_EXPERIMENTS:
			switch_to(&t, SCREEN_EXPERIMENTS);
			break;
		case ACT_SCREEN_MATRIX:
			switch_to(&t, SCREEN_MATRIX);
			break;
		case ACT_SCREEN_COMPARE:
			switch_to(&t, SCREEN_COMPARE);
			break;
		case ACT_SCREEN_CPU:
			switch_to(&t, SCREEN_CPU);
			break;
		case ACT_SCREEN_SIZES:
			switch_to(&t, SCREEN_SIZES);
			break;
		case ACT_SCREEN_SCORE:
			switch_to(&t, SCREEN_SCORE);
			break;
		case ACT_SCREEN_FACTORS:
			switch_to(&t, SCREEN_FACTORS);
			break;
		case ACT_WARNINGS:
			switch_to(&t, SCREEN_WARNINGS);
			break;
		case ACT_BACK:
			switch_to(&t, t.cur == SCREEN_EXPERIMENTS ? SCREEN_EXPERIMENTS : t.prev == t.cur ? SCREEN_EXPERIMENTS : t.prev);
			break;
		case ACT_REDRAW:
			clearok(curscr, TRUE);
			break;
		default:
			carry_out(&t, global_action(&t, a));
			break;
		}
	}
out:
	leave_curses();
	die_set_hook(NULL);
	if (term_screen) {
		delscreen(term_screen);
		term_screen = NULL;
	}
	if (tty_in) {
		fclose(tty_in);
		tty_in = NULL;
	}
	free(q);
	screen_ask_release(&t.ask);
	for (size_t s = 0; s < SCREEN__COUNT; s++) {
		if (screens[s]->release)
			screens[s]->release(&t);
		else
			free(t.own[s]);
	}
	views_release(&t);
	explore_release(&t);
	find_release(&t);
	edit_release(&t);
	snapshot_release(t.index); /* ours: the caller releases `m`, which holds the experiment opened last */
	give_back(&t, m);
	return 0;
}
