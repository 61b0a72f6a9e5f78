/*
 * explore.h - the state of the screens that go from a number down to its
 * bytes: Runs (the runs behind a compare row or cell) and Source (the text
 * a run was read from). One struct hangs off struct tui; each screen keeps
 * its part here and rebuilds what it shows from the model on each draw.
 */
#ifndef BD_TUI_EXPLORE_H
#define BD_TUI_EXPLORE_H

#include <stddef.h>
#include <stdint.h>

#include "store/trace.h"
#include "tui/list.h"
#include "tui/screen.h"
#include "util/arena.h"

/* A line of the Runs screen: a variant's heading, or one of its runs. */
struct runs_line {
	int group;             /* index into runs_state.keys */
	long run;              /* model run index; -1 for the heading */
	struct run_figure fig; /* the run's figure for the quantity (runs only) */
	unsigned notes;        /* bit (1 << kind) per kind of note the run has */
};

struct runs_state {
	struct arena arena;       /* the strings below; reset on each open */
	const char *exp_name;     /* looked up again after an edit rebuilt the experiments */
	const char *subject, *quantity, *metric;
	const char **keys;        /* the variants shown, in order */
	const char **scenarios;   /* per variant: its runs' scenario, or NULL for any */
	size_t nkeys;
	struct runs_line *lines;
	size_t nlines, lines_cap;
	int valid;                /* lines match the model */
	struct list list;
	enum screen_id from;      /* where Esc goes */
};

struct source_state {
	long run;                 /* the run whose bytes are marked */
	uint32_t source;
	struct line_index ix;     /* of the source's text */
	const char *text;
	size_t len;
	uint32_t named[8];        /* lines that named the variant */
	size_t nnamed;
	struct run_records rec;
	size_t top;               /* first line shown, 0-based */
	int left;                 /* columns scrolled to the right */
	int placed;               /* top was set for this run */
	enum screen_id from;
};

struct explore {
	struct runs_state runs;
	struct source_state src;
};

/* The explore state of t, created on first use; freed by explore_release(). */
struct explore *explore_of(struct tui *t);
void explore_release(struct tui *t);

/*
 * Open Runs on experiment `exp`: the runs of variants keys[0..n) (copied)
 * with `subject` and `quantity`, each variant's in scenarios[i] (NULL:
 * any; the array itself may be NULL).
 */
void tui_open_runs(struct tui *t, size_t exp, const char *const *keys,
		   const char *const *scenarios, size_t n, const char *subject,
		   const char *quantity);
/* Open Source on run `run` (a model run index). */
void tui_open_source(struct tui *t, long run);

#endif
