/*
 * screen.h - what every screen is: a name, the action that opens it, and
 * draw/act/open functions over the shared TUI state. Screens draw the
 * whole body from state and model; they never read keys or refresh, and
 * never open another screen: they ask tui.c, the dispatcher, with an
 * act_result and t->ask (screen_ask_*() in tui/ask.c).
 */
#ifndef BD_TUI_SCREEN_H
#define BD_TUI_SCREEN_H

#include <time.h>

#include "store/compare.h"
#include "store/csvstore.h"
#include "store/model.h"
#include "store/snapshot.h"
#include "tui/keys.h"
#include "tui/list.h"
#include "tui/order.h"
#include "tui/stamp.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/diag.h"

struct prompt;
struct find_state;
struct edit_target;

enum screen_id {
	SCREEN_EXPERIMENTS,
	SCREEN_MATRIX,
	SCREEN_COMPARE,
	SCREEN_CPU,
	SCREEN_SIZES,
	SCREEN_SCORE,
	SCREEN_FACTORS,
	SCREEN_HELP,
	SCREEN_WARNINGS,
	SCREEN_RUNS,
	SCREEN_SOURCE,
	SCREEN_PASTE,
	SCREEN__COUNT
};

/*
 * What an act() did and what it asks of tui.c next: bits (htop's handler
 * results). The arguments of an ACT_OPEN or ACT_SHOW are in t->ask, which
 * the screen_ask_*() functions fill; what a prompt's callback or the mouse
 * asks waits in t->ask.bits for tui.c, which carries out both after each
 * key.
 */
enum act_result {
	ACT_IGNORED = 0,
	ACT_DONE = 1 << 0,   /* handled; redraw */
	ACT_OPEN = 1 << 1,   /* open t->ask.screen on t->ask's arguments (the screen's open()) */
	ACT_SHOW = 1 << 2,   /* go back to t->ask.screen as it was left */
	ACT_RELOAD = 1 << 3, /* read the store again first (t->ask.reload says how), then the rest */
};

/*
 * How an ACT_RELOAD reads the store again (tui.c carries it out through
 * reload.c, the one place that replaces the model; no screen calls it).
 */
enum reload_how {
	RELOAD_WHOLE = 1, /* the whole store (an import, an import taken back, a removal) */
	RELOAD_FRESH,     /* as cheaply as it is shown: the index again, the experiment open alone */
	RELOAD_RECORDS,   /* the whole store, only when the model in hand is the index or one experiment */
};

/*
 * A screen asked for, with what it opens on. The strings are copies in
 * `arena` (what the asker pointed into may go: H reads the store again
 * before Runs opens), released by tui.c once the request is carried out.
 */
struct screen_ask {
	unsigned bits;          /* act_result bits asked outside an act() (a prompt, the mouse) */
	enum screen_id screen;
	enum screen_id from;    /* where the screen's Esc goes; the current screen unless said */
	size_t exp;             /* a view: the listed experiment (tui_list(), SIZE_MAX: the shown one); Runs: t->m's */
	int history;            /* Runs: H, the variants' runs in every experiment */
	const char *metric;     /* H: the metric whose runs in other experiments are read first */
	const char **keys, **scenarios; /* Runs: variants, each in its scenario (NULL: any) */
	size_t n;
	const char *subject, *quantity;
	long run;               /* Source: the run (a model run index) */
	unsigned line;          /* Source: the text's line to put the cursor on; 0 the run's block */
	const char *file;       /* Source: the run read from this file at `line` (not `run`); NULL: `run` */
	/* ACT_RELOAD (kept by the screen_ask_*() calls that follow it): how, and the
	   experiment to put the list's cursor on after it (NULL: where it was) */
	enum reload_how reload;
	const char *select;
	struct arena arena;
};

/*
 * The snapshot the screens read (tui_snapshot()): store_snapshot()'s
 * result (one experiment or the whole store, the journal applied), or a
 * quick comparison's model, one object (store/snapshot.h) with its
 * generation. It is read only: a read of the store, an edit or an import
 * gives a new one, put in place by tui_snapshot_put() (reload.c alone),
 * and the old one goes as a unit once nothing holds it. A screen that
 * keeps pointers into the model (Compare's table, Factors' pairs,
 * Source's text, the views' matrix) holds the snapshot it built them from
 * (tui_snapshot_hold()) and lets go of both in its swapped(), which
 * tui_snapshot_put() calls before it lets the old one go: at most two
 * snapshots are alive, during a swap, and one after it. A screen that
 * keeps names (Runs: run ids, variant keys) builds again when the
 * generation moved. A quick comparison is read the same way, from its
 * texts and its journal in memory (store/quick.h).
 */
struct tui_snapshot {
	struct model *m;
	unsigned gen;
};

struct tui {
	/*
	 * The snapshot shown (held: tui.c's reference), and its model (`m`,
	 * snapshot_model(snap), see `index`), both set by tui_snapshot_put()
	 * alone: reload.c, edit.c and tui.c use `m`; the screens read
	 * tui_snapshot() instead.
	 */
	struct snapshot *snap;
	struct model *m;
	/*
	 * The store's index of every experiment while `m` holds one
	 * experiment's imports alone (an Enter on a store opened from its
	 * index reads that experiment, not the whole store); NULL when `m` is
	 * the whole store, or the index itself (m->summary). A snapshot as
	 * `snap` is (held: tui.c's reference), never changed: reload.c puts a
	 * new one in its place whole and lets the old go, so a screen that
	 * holds it (snapshot_hold()) may keep pointers into it. The
	 * Experiments list reads tui_list_snapshot(): exps.cursor indexes it,
	 * view_exp indexes `m`.
	 */
	struct snapshot *index;
	struct store *store;
	/*
	 * A quick comparison (no store): its texts and journal in memory
	 * (store/quick.h), read again into a new snapshot after each edit,
	 * undo or paste (reload.c); NULL with a store.
	 */
	struct quick *quick;
	struct store_watch watch; /* the store's files as the model was read (tui/stamp.h) */
	const char *title;
	enum screen_id cur, prev;
	const struct screen *const *screens; /* the screen table, by screen_id (tui.c's) */
	struct list exps;   /* Experiments: cursor = selected experiment */
	/*
	 * The experiment the views' state (base, cand, scroll) belongs to;
	 * SIZE_MAX before any. A view opened on another experiment than the
	 * cursor's resets that state first (tui_set_experiment(), called by
	 * tui.c when it opens a view), so a view never shows one experiment's
	 * variants against another's runs.
	 */
	size_t view_exp;
	const struct diag *warnings; /* the last import's, never NULL */
	/* the views' pair: variant keys of view_exp; cand "" when there is only one variant */
	const char *base, *cand;
	/*
	 * What a screen built from the shared state keeps is stale when these
	 * moved: `gen` when the model was edited or replaced or the rows'
	 * order or filter changed (tui_changed()), `shown` when another
	 * experiment was set (tui_set_experiment(): cursors start over).
	 */
	unsigned gen, shown;
	/* each screen's own state, by screen_id: only its files read it (NULL until used; release() frees it) */
	void *own[SCREEN__COUNT];
	char message[256]; /* shown in the status line until the next key */
	/*
	 * When the key being handled was read (CLOCK_MONOTONIC), set by tui.c's
	 * loop; zero while none is (a look at the store between keys). The
	 * loader's quiet spell counts from it (loader.c: quiet_ms()).
	 */
	struct timespec key_at;
	int list_y; /* the screen row of the first line of the list drawn, set by draw(); -1: none (no mouse) */
	/* the order of Compare's and the Matrix's rows (o ~), one for both: the pair view keeps it */
	struct row_order order;
	struct find_state *find;  /* / n N: the last pattern (tui/find.c's); NULL until first used */
	struct edit_target *edit; /* e R m: what their prompt edits (tui/edit.c's); NULL until first used */
	struct prompt *prompt; /* the status line's prompt (tui/prompt.h); NULL until first opened */
	struct views *vw;   /* Matrix, CPU, Sizes, Scorecard (tui/views.h); NULL until first used */
	/* a row to put the cursor on when a view opens: "scenario\x1fsubject\x1fquantity", or "" */
	char keep_row[512];
	/* the cursor's place in the list drawn, for the status line (tui_position()); "" none */
	char pos[80], pos_brief[48];
	struct screen_ask ask; /* what the last key asked of tui.c */
};

/* What an edit changed (tui/edit.c), for the screens that follow it by name. */
struct tui_edit {
	const char *from, *to; /* R, m: variant key `from` is shown as `to` now; NULL: not this */
	const char *moved;     /* e: the key of the variant the run moved to; NULL: not this */
	const char *run_id;    /* e: the run edited */
};

struct screen {
	const char *name;
	enum action opener; /* the action that switches to it */
	int per_exp;        /* it shows the experiment under the Experiments cursor */
	int click_selects;  /* a double click selects and does not Enter (Enter stores here) */
	/* Draw rows [top, top + height) of the screen. */
	void (*draw)(struct tui *t, int top, int height);
	/* React to an action; ACT_IGNORED lets the global keys have it. */
	int (*act)(struct tui *t, enum action a, int height);
	/*
	 * Optional: make the state it shows from `a` (tui.c then switches to
	 * it). 0, or -1 when there is nothing to show (the reason in the
	 * status line; the screen shown stays). Without it, a screen opens as
	 * it was left.
	 */
	int (*open)(struct tui *t, const struct screen_ask *a);
	/* Optional: find (/ n N) searches these lines and moves the list's cursor to a match. */
	struct list *(*lines)(struct tui *t);
	void (*line_text)(struct tui *t, size_t i, struct buf *out);
	/* Optional: what y and Y copy, as GitHub Markdown. */
	void (*markdown)(struct tui *t, struct buf *out);
	/* Optional: free its state in t->own[] (at the end; without it, free() does). */
	void (*release)(struct tui *t);
	/*
	 * Optional: what e, R and m edit here: the run under the cursor (a
	 * model run index, -1 on a heading), its variant's key and experiment.
	 * 0, or -1 when nothing is selected.
	 */
	int (*selected)(struct tui *t, long *run, const char **key, const char **exp);
	/* Optional: an edit was recorded and the store read again (told to every screen). */
	void (*edited)(struct tui *t, const struct tui_edit *e);
	/*
	 * Optional: the snapshot moves to a new generation (the store or a
	 * quick comparison read anew): let go of every pointer into
	 * the model and of the snapshot held with them (names may stay, to
	 * find things again). Told to every screen before the old one goes.
	 */
	void (*swapped)(struct tui *t);
	/*
	 * Optional: `u` before the journal's undo, asked of every screen (Paste
	 * takes back the import it just made). 1 when it took it (or said why
	 * not), 0 when `u` is the journal's.
	 */
	int (*undo)(struct tui *t);
};

/* The screen shown now. */
static inline const struct screen *tui_screen(const struct tui *t)
{
	return t->screens[t->cur];
}

extern const struct screen screen_experiments;
extern const struct screen screen_matrix;
extern const struct screen screen_compare;
extern const struct screen screen_cpu;
extern const struct screen screen_sizes;
extern const struct screen screen_score;
extern const struct screen screen_factors;
extern const struct screen screen_help;
extern const struct screen screen_warnings;
extern const struct screen screen_runs;
extern const struct screen screen_source;
extern const struct screen screen_paste;

/*
 * Ask tui.c for a screen (tui/ask.c). Each fills t->ask, copying what it
 * is given, adds its bits to t->ask.bits and returns ACT_DONE with them.
 */
/*
 * Open `s`: a view on listed experiment `exp` (an index into tui_list();
 * SIZE_MAX: the one shown), another screen on its defaults (Paste).
 */
int screen_ask_open(struct tui *t, enum screen_id s, size_t exp);
/* Go back to `s` as it was left. */
int screen_ask_show(struct tui *t, enum screen_id s);
/* Runs on experiment `exp` of t->m: variants keys[0..n), each in scenarios[i] (NULL: any). */
int screen_ask_runs(struct tui *t, size_t exp, const char *const *keys, const char *const *scenarios,
		    size_t n, const char *subject, const char *quantity);
/* H: Runs on keys[0..n) in `scenario` (NULL: any) in every experiment, oldest first. */
int screen_ask_history(struct tui *t, const char *const *keys, size_t n, const char *scenario,
		       const char *subject, const char *quantity);
/* Source on run `run` (a model run index), at text line `line` (0: the run's block). */
int screen_ask_source(struct tui *t, long run, unsigned line);
/* Source on the run read from `file` whose text holds `line` (the nearest run of that file). */
int screen_ask_source_at(struct tui *t, const char *file, unsigned line);
/*
 * Read the store again (`how`) before what else the key asks, then put
 * the list's cursor on experiment `select` (NULL: none). When the read
 * fails or Esc cancels it, nothing else asked is done (the reason is in
 * the status line). A message set before the request stays unless the
 * read has something to say.
 */
int screen_ask_reload(struct tui *t, enum reload_how how, const char *select);
/* Free what t->ask holds and clear it. */
void screen_ask_release(struct screen_ask *a);

/*
 * Screen s's own state, `size` bytes zeroed when first asked for; a
 * screen without release() has it freed whole at the end.
 */
void *tui_own(struct tui *t, enum screen_id s, size_t size);

/* What H says on a screen, or a line, that has no figure's history to show. */
#define HISTORY_WHERE "H: on a row of Matrix or Compare, a figure of CPU or Sizes, or a variant of Runs"

/* What the views built is stale: the model was edited or replaced, or the rows' order changed. */
static inline void tui_changed(struct tui *t)
{
	t->gen++;
}

/* The snapshot the screens show now, and its generation. */
static inline struct tui_snapshot tui_snapshot(const struct tui *t)
{
	struct tui_snapshot s = { t->m, snapshot_generation(t->snap) };

	return s;
}

/*
 * Hold the snapshot shown, for what a screen builds from it: `*held` (the
 * one it held before, or NULL) is let go and the current one held in its
 * place. Let go with tui_snapshot_let_go() in the screen's swapped() and
 * release().
 */
void tui_snapshot_hold(struct tui *t, struct snapshot **held);
void tui_snapshot_let_go(struct snapshot **held);
/*
 * Make `fresh` (emptied) the snapshot shown, a new generation; every
 * screen and the views are told first (swapped()), so that nothing but
 * the caller holds the old one (a screen that still holds it is a
 * programming error: the program stops), which is returned: the caller reads what
 * it carries over by name from it, then releases it
 * (snapshot_release()), or takes its model (snapshot_unmake()).
 */
struct snapshot *tui_snapshot_put(struct tui *t, struct model *fresh);

/*
 * The snapshot the Experiments list shows: the store's index (t->index)
 * while one experiment is open, else the one shown (t->snap). Valid
 * until the next read of the store, or while held (snapshot_hold()).
 */
struct snapshot *tui_list_snapshot(const struct tui *t);
/* Its model. */
const struct model *tui_list(const struct tui *t);
/*
 * Make experiment `e` of t->m the experiment of the views: baseline and
 * candidate its defaults, scrolling reset; the list's cursor goes to it.
 */
void tui_set_experiment(struct tui *t, size_t e);
/*
 * Compare the shown experiment against variant `key` in every view (b):
 * the view's choice, not recorded; it stays through edits and reloads
 * while the experiment has the variant. The candidate becomes the old
 * baseline when it was `key`. Returns 0, or -1 (a variant the experiment
 * does not have) with the reason in the status line.
 */
int tui_view_baseline(struct tui *t, const char *key);
/*
 * B: record the view's baseline as the experiment's (an edit of the
 * store's journal, or of the model in a quick comparison), then read
 * again (asked of tui.c: ACT_RELOAD).
 * Returns 0, or -1 with the reason in the status line and nothing changed.
 */
int tui_save_baseline(struct tui *t);
/*
 * After an edit or an undo: every view shows the store as it is now (read
 * again: asked of tui.c, ACT_RELOAD; in a quick comparison, the model
 * resolved again here), keeping the
 * experiment, its candidate and a baseline chosen in the view by name; a
 * view that followed the experiment's baseline follows it still.
 */
void tui_edited(struct tui *t);
/* The status line after an edit: "edit N: WHAT · u undoes it" (id 0: nothing recorded). */
void tui_said_edit(struct tui *t, long id, const char *what);
/*
 * Say where the cursor is in the list the screen draws, "row K of N" (or
 * "K/N" where the status line is short of room): called by a screen's
 * draw; `what` names what the list counts ("row", "warning", "line").
 * list_rank() counts a list's rows for it.
 */
void tui_position(struct tui *t, const char *what, size_t k, size_t n);
/* The same for `l` counted by list_rank(): only the lines `row` says are rows (all with NULL). */
void tui_position_list(struct tui *t, const char *what, const struct list *l,
		       int (*row)(const void *ctx, size_t i), const void *ctx);
/* Set the status-line message. */
void tui_message(struct tui *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
