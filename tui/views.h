/*
 * views.h - the state of the screens that show every variant at once
 * (Matrix, CPU, Sizes, Scorecard): one comparison matrix of the shown
 * experiment (store/compare_matrix.h), built once per experiment and
 * baseline, and the cells' texts made once from it, so that a redraw after
 * a key only lays out and draws. One struct hangs off struct tui (t->vw):
 * the data the four screens share; each screen's cursor and scrolling are
 * its own (t->own[]).
 */
#ifndef BD_TUI_VIEWS_H
#define BD_TUI_VIEWS_H

#include <stddef.h>

#include "store/compare_matrix.h"
#include "tui/color.h"
#include "tui/list.h"
#include "tui/screen.h"

enum mline_kind { ML_HEADING, ML_ROW, ML_GEO };

struct mline {
	enum mline_kind kind;
	size_t index;     /* matrix row, or geomean line */
	const char *text; /* heading text; the metric for rows */
};

/* A cell's texts: the figure, its spread, the change and its mark ("" when none). */
struct mcell {
	char val[32], spr[16], delta[16];
	const char *mark;
	enum color_role role; /* of the change and mark */
};

struct views {
	size_t exp;           /* the experiment built for (SIZE_MAX: none) */
	const char *base;     /* the baseline built for */
	int valid;
	struct snapshot *held; /* the snapshot `mx` and the lines point into, held while built */
	/*
	 * Moves when the views were built for another experiment: each
	 * screen's cursor (its own state, t->own[]) starts over when it sees
	 * a value other than the one it kept.
	 */
	unsigned epoch;
	struct cmp_matrix mx;
	struct mline *lines;
	size_t nlines, lines_cap;
	struct mcell *cells;  /* nlines × mx.ncols */
	int *w_val, *w_spr, *w_delta, *w_mark; /* per column: the widest of each part */
	int metric_w;         /* the widest metric name with its indent */
	char **trim;          /* names without what they share (abbrev_trim), per column */
	int trimmed;          /* 1 when trim[] tells them apart and is shorter */
	/* CPU and Sizes: their lines, made on first use after a build (their cursors are their own) */
	struct vline *cpu_lines, *size_lines;
	size_t ncpu, nsize;
	int cpu_made, size_made;
};

/* A line of the CPU or Sizes screen. */
enum vline_kind {
	VL_HEADING, /* a scenario or a variant: `text` */
	VL_METRIC,  /* a metric's name: `text`, matrix row `row` */
	VL_FIGURE,  /* variant `col`'s figure of matrix row `row` (and `row2`: see VL_IPC) */
	VL_IPC,     /* instructions per cycle, derived: row `row` cycles, `row2` instructions */
	VL_BLANK,
};

struct vline {
	enum vline_kind kind;
	size_t row, row2, col;
	int ipc;           /* VL_FIGURE of a derived IPC */
	const char *text;
};

/* The views of t, built for the shown experiment and baseline (rebuilt when either changed). */
struct views *views_get(struct tui *t);
/* Mark them stale (after an edit rebuilt the model's experiments). */
void views_invalidate(struct tui *t);
/* Start over as on a new experiment (cursor, columns): t->m was replaced. */
void views_forget(struct tui *t);
/* The experiment shown is now index `e` of a reloaded t->m: keep cursor and columns, rebuild. */
void views_follow(struct tui *t, size_t e);
/* The snapshot moves: what was built goes with the old one (Matrix's, CPU's, Sizes' and Scorecard's swapped()). */
void views_swapped(struct tui *t);
void views_release(struct tui *t);
/* The name of column c as the views show it in a row: without what every name shares when that tells them apart. */
const char *views_name(const struct views *v, size_t c);
/*
 * The label of column c's row in a screen that lists variants as rows, in
 * `width` columns: its full name (" (baseline)" after the first) when every
 * name fits, else views_name when every one of those fits (the Matrix's
 * headers' rule), else its letter and the name cut, so that two
 * labels never read alike. Writes into out (size bytes); returns it.
 */
char *views_row_label(const struct views *v, size_t c, int width, char *out, size_t size);
/* The columns views_row_label's labels take, at most `max` (and at least 8). */
int views_label_width(const struct views *v, int max);
/* The cell of line l, column c. */
const struct mcell *views_cell(const struct views *v, size_t l, size_t c);
/*
 * The colour role of a row's verdict: bold when significant, dim when
 * untested, plain when tested within one run a side (`tested` 2:
 * views_tested()).
 */
enum color_role views_role(enum cmp_verdict v, int tested);
/*
 * 1 when the Matrix shows a change for row r (of `ncells` candidates):
 * not for a count without a direction (hyperfine's runs, Go's
 * iterations: how much was measured, not a result), nor for a row that
 * is zero in every variant (as CPU hides those): their figures stand
 * alone.
 */
int views_compared(const struct cmp_mrow *r, size_t ncells);
/* The same rule for one pair's row (Compare): 1 when it shows a change. */
int views_row_compared(const struct cmp_row *r);
/* What views_role() wants of a row: 0 untested, 1 tested, 2 tested within one run a side. */
int views_tested(const struct cmp_row *r);
/*
 * The tool's own ratio of candidate `cand` against baseline `base`
 * (variant keys of experiment `e`, in `scenario`, with `subject` and
 * `quantity`), from a Summary note relating the two commands (hyperfine's
 * "1.05 ± 0.04 times faster"), turned to read candidate against
 * baseline, appended to *out. Returns 1 when the tool said one.
 */
int views_tool_summary(const struct model *m, const struct experiment *e, const char *base, const char *cand,
		       const char *scenario, const char *subject, const char *quantity, struct buf *out);
/*
 * The marks' legend (CMP_MARKS_LEGEND) on row y, followed by " · extra"
 * when the line has the room: what the marks mean is never cut away.
 */
void views_legend(int y, const char *extra);
/* For list_act_rows: is line i of the vline array `lines` one a user selects (a figure)? */
int views_line_is_row(const void *lines, size_t i);

#endif
