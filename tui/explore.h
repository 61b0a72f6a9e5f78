/*
 * explore.h - the state of the exploring keys that work across screens
 * (find, the edits' targets, the rows' order) and of Paste: one struct
 * off struct tui (t->ex); and the exploring functions the screens and
 * tui.c share. The screens' own state is theirs (t->own[], tui/screen.h).
 */
#ifndef BD_TUI_EXPLORE_H
#define BD_TUI_EXPLORE_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "store/flows.h"
#include "store/import.h"
#include "store/trace.h"
#include "parsers/rx.h"
#include "tui/fetchjob.h"
#include "tui/list.h"
#include "tui/order.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "util/arena.h"





struct find_state {
	struct rx rx;           /* the pattern, compiled; rx.code NULL when none */
	char pattern[256];
};

/* A line of the Paste screen's plan. */
enum paste_line_kind { PL_BLOCK, PL_RUN, PL_WARNING, PL_TEXT };
struct paste_line {
	enum paste_line_kind kind;
	size_t index; /* import item, plan run, warning, or input (a text's heading) */
};

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
	uint64_t imported_gen;     /* store_generation() after it */
	char imported_what[300];   /* "bazelbuild/bazel#22197 (2 texts, 4 runs)" */
	uint32_t pending_input;    /* 1 + the text of the block `e` asked about */
	uint32_t pending_line;     /* the block (or run) `e` asked about */
	uint32_t pending_run;      /* 0: the whole block at pending_line; k: its run LINE.k alone */
	enum screen_id from;
};

struct explore {
	struct find_state find;
	struct paste_state paste;
	long edit_run;          /* e: the run whose block (or itself, edit_one) gets a variant */
	int edit_one;
	char edit_exp[512];     /* R, m: the experiment and variant key renamed or merged */
	char edit_key[512];
	struct row_order order; /* Compare's and the Matrix's (tui/order.h) */
};

/*
 * Keys before the key table: the open prompt takes them all. Returns 1
 * when the key was taken (tui.c then redraws and waits for the next).
 */
int explore_key(struct tui *t, wint_t ch, int is_code); /* 2: taken, more to come: no redraw */
/* Draw over the finished screen: the prompt on the status line. */
void explore_draw(struct tui *t);

/*
 * Put `fresh` in place of the TUI's model (moved: `fresh` is left empty)
 * and carry every view's state over by name: the experiment, its baseline
 * and candidate, the run whose source is shown (tui/reload.c).
 */
void explore_adopt(struct tui *t, struct model *fresh);
/*
 * Load the store again and adopt it: after an import or an undo. 0, or -1
 * with a message, or LOADER_CANCELLED (tui/loader.h: Esc during a long
 * read; nothing shown changed).
 */
int explore_reload(struct tui *t);
/*
 * After an edit, an undo or another process's write: the store read
 * again as cheaply as it shows it. On the index with one experiment open,
 * the index (when fresh) and that experiment alone; else (or when that
 * does not read) explore_reload(). Returns as explore_reload() does.
 */
int explore_refresh(struct tui *t);
/*
 * The index in t->m of the experiment under the Experiments cursor, read
 * first when t->m does not hold it: its imports alone when the TUI runs
 * on the store's index (t->index is then set, and what the views showed
 * of the model before is dropped), else (or when that read fails) the
 * whole store. -1 when there is none (or Esc cancelled the read), with a
 * message.
 */
long explore_load_listed(struct tui *t);
/*
 * Before H: when the TUI holds one experiment alone (t->index set), read
 * that experiment again with every other run's figure of `metric` (the
 * store's catalog) and adopt it, the views' state carried over as
 * explore_adopt() carries it, the index kept as the list; else, or when
 * that read fails, the whole store (explore_reload()). 0, or -1 with a
 * message, or LOADER_CANCELLED (nothing shown changed).
 */
int explore_load_metric(struct tui *t, const char *metric);

/* Bracketed paste and the mouse, on or off (at the start and end of curses). */
void explore_terminal(int on);
/* Paste (tui/screen_paste.c): bracketed paste on or off. */
void paste_enable(int on);
/* `i` (Paste's open()): a prompt for a path, over an empty plan. */
void paste_open(struct tui *t);
/*
 * A paste begins (its text then comes through paste_key()) and ends (the
 * plan is made): what the bracketed-paste markers do, and what tui.c does
 * for a burst of keys faster than typing (`bracketed` 0).
 */
void paste_begin(struct tui *t, int bracketed);
void paste_end(struct tui *t);
/* Keys while a paste arrives: 0 not taken, 1 taken (redraw), 2 taken (more to come, no redraw). */
int paste_key(struct tui *t, wint_t ch, int is_code);
void paste_release(struct paste_state *p);
/*
 * `u` right after an import from Paste, with the store as the import left
 * it: the import's texts removed as one edit (`rm --import`, which `u`
 * takes back in turn). 1 when it did (or said why not), 0 when `u` is the
 * journal's undo.
 */
int paste_undo_import(struct tui *t);
/* `i`'s fetch or read: look how far it is (tui.c, between keys); 1 when the screen should be drawn again. */
int paste_poll(struct tui *t);
/* 1 while `i` fetches or reads (tui.c then looks again soon rather than waiting for a key). */
int paste_busy(const struct tui *t);
/* The command line's fetch of a thread, for `i` (tui_opts.fetcher; NULL: paths only). */
void paste_set_fetcher(const struct tui_fetcher *f);

/* The Experiments list's, likewise (tui/experiments_lines.c). */
struct list *experiments_lines(struct tui *t);
void experiments_line_text(struct tui *t, size_t i, struct buf *out);
void experiments_markdown(struct tui *t, struct buf *out);
/* The Experiments screen's own state (its filter), freed (the screen's release()). */
void experiments_release(struct tui *t);
/* f: the filter prompt; whether experiment i passes the filter. */
int experiments_filter_open(struct tui *t);
int experiments_shown(struct tui *t, size_t i);
/* The experiments to draw in `height` rows (indexes into rows[], which holds height), filtered and scrolled. */
size_t experiments_rows(struct tui *t, int height, size_t *rows);
/* Cursor movement over the shown experiments while a filter is set; 1 when done. */
int experiments_filter_act(struct tui *t, enum action a, int height);
/* The EXPERIMENT column's header, naming the filter. */
const char *experiments_header(struct tui *t, char *out, size_t size);

/* The explore state of t, created on first use; freed by explore_release(). */
struct explore *explore_of(struct tui *t);
void explore_release(struct tui *t);


#endif
