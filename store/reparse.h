/*
 * reparse.h - read every stored text again with the current parsers.
 * The texts are the truth: runs, measurements, notes and facts are
 * derived from them, in import order (so a block a later text repeats is
 * still a duplicate), with each import's flags (-e, -V), time, instance
 * and experiment kept. User edits are not touched: they live in the
 * journal, keyed by text and line (a variant set on a block) or by name,
 * so they apply to the new reading as they did to the old one.
 */
#ifndef BD_STORE_REPARSE_H
#define BD_STORE_REPARSE_H

#include "store/csvstore.h"
#include "store/model.h"

/* What changed in one experiment. */
struct reparse_exp {
	const char *name;
	size_t imports;  /* imports of it read again */
	size_t added;    /* runs the new reading has and the old had not */
	size_t removed;  /* runs the old reading had and the new has not */
	size_t renamed;  /* runs whose variant or scenario is named otherwise now */
	size_t changed;  /* runs whose values changed */
};

struct reparse_report {
	struct reparse_exp *v; /* in the order met */
	size_t n, cap;
	size_t texts;          /* texts read again */
	size_t missing;        /* stored imports whose text is missing: left as they are */
	size_t warnings;       /* warnings the parsers gave on the texts */
	size_t written;        /* imports rewritten (0 on a dry run) */
	struct arena arena;    /* the names */
};

/*
 * Read every source of `old` (loaded from `st`, with the lock held when
 * not `dry`) again into a new reading, compare, and unless `dry` replace
 * each import's data atomically (store_replace_source) and set VERSION's
 * parsers generation. Returns 0, or -1 (the reason in *d; what was
 * replaced before the error stays replaced, each import whole).
 */
int reparse_store(struct store *st, struct model *old, int dry, struct reparse_report *r,
		  struct diag *d);
void reparse_report_release(struct reparse_report *r);

/*
 * Read one stored text alone (its data lost or damaged: fsck --repair):
 * `text` (adopted), named and flagged as `meta` says, into `m`, skipping
 * blocks `m` already holds and those `stored` (or NULL) says other texts
 * hold (model.h: struct stored_lookup). Returns the source's index in `m`
 * (with no runs when nothing in it reads), or -1.
 */
long reparse_one(struct model *m, const struct stored_lookup *stored, const struct source *meta,
		 const char *experiment, char *text, size_t len, struct diag *d);

#endif
