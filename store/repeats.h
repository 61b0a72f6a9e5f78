/*
 * repeats.h - a table typed by hand that repeats what a tool printed in
 * the same text (a summary of the hyperfine means above or below it).
 * Its figures are no measurements of their own: counted once, as the
 * tool's, the table adds no runs (store/import.c drops them and the plan
 * says why).
 *
 * The import records each text's tool figures as their blocks are read
 * (repeats_tool()), before the spool takes them out of memory, and once
 * the text is read asks of each table whether it repeats them
 * (repeats_table()).
 */
#ifndef BD_STORE_REPEATS_H
#define BD_STORE_REPEATS_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/recset.h"
#include "store/model.h"
#include "store/naming.h"

/*
 * The tool figures of one text recorded for the question: at most
 * REPEATS_MAX (a thread's comment holds far fewer; a log of millions is
 * no summary's source), so that a large import pays nothing past them.
 */
#define REPEATS_MAX 65536

struct repeats {
	struct repeats_fig {
		double value;  /* SI */
		uint32_t run;
		uint32_t unit; /* enum unit */
	} *figs; /* room for REPEATS_MAX, or NULL: none recorded yet */
	size_t n;
};

/* Forget the figures of the text before (a new text starts). */
void repeats_reset(struct repeats *rp);
void repeats_release(struct repeats *rp);

/* Record the measurements rs->meas[from, to) of a tool's block (not a table's). */
void repeats_tool(struct repeats *rp, const struct recset *rs, size_t from, size_t to);

/*
 * Does the table whose runs are [from, to) of m (its measurements still
 * in memory, from index `meas_from` of m->rs.meas on) only repeat the tool
 * figures recorded? It does when it has two figures or more, each the
 * value of a distinct tool figure at the table's printed resolution (two
 * significant digits at least), in the same unit, and its builds match
 * the tool's one to one: all the figures of one build of the table (its
 * header or row name) come from runs of one build of the tool's (the
 * name the tool's data gives, else the label over its block), the one of
 * the same name when there is one. `nm` gives those labels. Returns the tool's format, and sets *where to -1 when
 * every figure it repeats was printed above the table, 1 below, 0 both;
 * FMT_NONE when it does not repeat them.
 */
enum fmt repeats_table(const struct repeats *rp, struct model *m, const struct naming *nm, uint32_t from,
		       uint32_t to, size_t meas_from, int *where);

#endif
