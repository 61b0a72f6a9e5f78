/*
 * recset.h - growable arrays of records: runs, measurements, samples,
 * series points, notes and facts. The parsers append to one through their
 * sink; the model keeps all of its records in one.
 * Records refer to runs by index, so adding never invalidates a reference;
 * a pointer to an element is valid only until the next add of its kind.
 */
#ifndef BD_PARSERS_RECSET_H
#define BD_PARSERS_RECSET_H

#include <stddef.h>

#include "parsers/record.h"

struct recset {
	struct run *runs;
	size_t nruns, runs_cap;
	struct measurement *meas;
	size_t nmeas, meas_cap;
	struct sample *samples;
	size_t nsamples, samples_cap;
	struct series_point *series;
	size_t nseries, series_cap;
	struct note *notes;
	size_t nnotes, notes_cap;
	struct fact *facts;
	size_t nfacts, facts_cap;
};

/* Sizes at one moment, to roll back what a block added when it turns out to be a duplicate. */
struct recset_mark {
	size_t runs, meas, samples, series, notes, facts;
};

#define RECSET_INIT { 0 }

/* Append a zeroed element, strings set to ""; return its index. */
uint32_t recset_add_run(struct recset *rs);
struct measurement *recset_add_meas(struct recset *rs);
struct sample *recset_add_sample(struct recset *rs);
struct series_point *recset_add_series(struct recset *rs);
struct note *recset_add_note(struct recset *rs);
struct fact *recset_add_fact(struct recset *rs);

struct recset_mark recset_mark(const struct recset *rs);
void recset_rollback(struct recset *rs, const struct recset_mark *m);
/*
 * Append every record of `src` to `dst`, its runs numbered on from dst's
 * (a record's `run` moves with it). Strings are shared, not copied: they
 * stay in the arena they were made in. `src` is left as it was.
 */
void recset_append(struct recset *dst, const struct recset *src);
/*
 * The same for the records of `src` from mark `from` up to mark `to` (one
 * block's, in a record set that holds several): the runs from from->runs
 * on are numbered on from dst's.
 */
void recset_append_range(struct recset *dst, const struct recset *src, const struct recset_mark *from,
			 const struct recset_mark *to);
/*
 * Drop the facts from index `from` on that are marked `once` and that an
 * earlier fact of the same source already states (key and value): a tool's
 * version, printed again by each of its runs. The others keep their order.
 */
void recset_settle_once_facts(struct recset *rs, size_t from);
/*
 * Remove runs [a, b) and the records that belong to them; the runs after
 * them move down (b - a places) and every later record's `run` with them.
 * Only the records from mark `from` on are looked at: those before it
 * must belong to runs before `a`. Facts name sources, not runs, and stay.
 * Pointers to records and indexes of runs from `a` on are invalidated.
 */
void recset_remove_runs(struct recset *rs, uint32_t a, uint32_t b, const struct recset_mark *from);
/* Free the arrays (strings belong to an arena); the set is left empty. */
void recset_release(struct recset *rs);

#endif
