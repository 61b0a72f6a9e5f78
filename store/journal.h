/*
 * journal.h - the edit journal: every user edit (a variant set on a block,
 * a baseline, a rename or merge of variants, a moved, renamed or removed
 * experiment or import) is one numbered entry of edits.csv, applied on
 * load and undoable. What the parsers read is never rewritten by an edit.
 *
 * An edit is one id and one or more rows; an undo is an edit too (op
 * "undo", target the id it undoes), so an undo can itself be undone (a
 * redo). An edit is in effect unless an undo in effect targets it.
 *
 * edits.csv is rewritten whole and atomically under the store's lock and
 * ends with a checksum row; a file that does not verify is an error, and
 * nothing is written over it (`benchdelta fsck --repair` mends it).
 *
 * The journal is the one statement of intent of an edit that takes
 * several steps: where a removed import's files belong follows from it
 * alone (in removed/ID/ while the removal is in effect, in data/ and
 * sources/ otherwise). An rm writes the journal and then moves; an undo
 * moves back and then writes the journal. A kill between the steps leaves
 * files where the journal does not want them, and every writer, under the
 * lock and before anything else, moves them where it does
 * (journal_settle()): an rm is finished, an undo taken back. fsck reports
 * such files, --repair settles them, and never deletes a text that a row
 * of the journal names.
 * Stores from before the journal keep their overrides.csv and aliases.csv:
 * they are read as edits 1..N, and folded into edits.csv by the first edit.
 */
#ifndef BD_STORE_JOURNAL_H
#define BD_STORE_JOURNAL_H

#include <stdint.h>

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"

/* The row kinds (column "op"): one table, names as stored. */
#define EDIT_OPS(X)                                                                                \
	X(EDIT_VARIANT, "variant")       /* HASH:LINE[.K]: that block (run) is `value` */ \
	X(EDIT_BASELINE, "baseline")     /* experiment's baseline is variant key `value` */          \
	X(EDIT_ALIAS, "alias")           /* in experiment ("" all) variant key `target` is `value` */ \
	X(EDIT_EXPERIMENT, "experiment") /* the runs of import `target` (a hash) go to `value` */     \
	X(EDIT_REMOVE, "remove")         /* import `target` removed; `value` its instance */         \
	X(EDIT_TAG, "tag")               /* in experiment ("" all) variant key `target` has `value`, \
					    "FACTOR=LEVEL" ("FACTOR=": states no such factor) */    \
	X(EDIT_UNDO, "undo")             /* edit number `target` is undone */

enum edit_op {
#define X(e, s) e,
	EDIT_OPS(X)
#undef X
};

/* Name of an op, and back (-1 when unknown). */
const char *edit_op_name(enum edit_op op);
int edit_op_from_name(const char *s);

/* One row of the journal. Strings are arena-owned when in a model. */
struct edit_row {
	uint32_t id;
	const char *created; /* ISO 8601 UTC */
	const char *command; /* what the user ran: "rename-variant", "rm", "undo", ... */
	const char *what;    /* one line for people, as it was when the edit was made */
	enum edit_op op;
	const char *experiment;
	const char *target;
	const char *value;
	int undone;          /* derived on load: 1 when an undo in effect targets this id */
	uint32_t undone_by;  /* that undo's id */
};

/*
 * Read the journal of `st` into m->edits (edits.csv, else the legacy
 * overrides.csv and aliases.csv), mark what is undone, and add the rows in
 * effect to the model's overrides and aliases. Called by store_load()
 * before the data is read. A journal that does not verify is an error
 * naming the file (its readable rows are still applied); returns 0 or -1.
 */
int journal_load(const struct store *st, struct model *m, struct diag *d);

/*
 * Append a copy of `r` to m->edits, its strings copied into m's arena
 * (not applied). Returns the copy: valid until the next row is added.
 */
struct edit_row *journal_add_row(struct model *m, const struct edit_row *r);

/*
 * Add the rows of m->edits in effect (`undone` marked) to the model's
 * overrides, aliases, tags and removals, as journal_load() does after
 * reading them (model_resolve() after). A quick comparison's journal in
 * memory (quick.h) is applied the same way.
 */
void journal_apply(struct model *m);

/*
 * 1 when row `r` changes nothing: rows[0..n) (`undone` marked) have the
 * same value in effect for its key (what journal_record() drops).
 */
int journal_repeats(const struct edit_row *rows, size_t n, const struct edit_row *r);

/*
 * Mark which of rows[0..n) an undo in effect takes back (`undone`,
 * `undone_by`), as journal_load() marks them: a caller that adds an undo
 * row to a copy of a journal's rows learns what that undo would change.
 */
void journal_mark_undone(struct edit_row *rows, size_t n);

/*
 * The instance of import `hash` that an edit in effect removed, or NULL
 * when it is not removed. The loader skips a data directory whose instance
 * matches (a later re-import of the same text has another instance).
 */
const char *journal_removed(const struct model *m, const char *hash);

/*
 * Record one edit of `n` rows (op, experiment, target, value are read from
 * `rows`; id, created, command and what are filled here). Takes the lock
 * when not held, re-reads edits.csv from disk, drops rows that repeat a
 * row in effect (a command run twice records nothing new), appends, writes
 * atomically, then moves removed imports into removed/ID/. The model, when
 * given, gets the rows too (call model_resolve() after; a removed import's
 * records stay in it until the model is loaded again).
 * Returns the new id, 0 when every row was a repeat, or -1 (nothing
 * recorded, the reason in *d).
 */
long journal_record(struct store *st, struct model *m, const char *command, const char *what,
		    const struct edit_row *rows, size_t n, struct diag *d);

/* What an undo did (or, dry, would do). */
struct undo_info {
	uint32_t undone;  /* the edit undone */
	uint32_t id;      /* the new undo edit; 0 on a dry run */
	char what[256];   /* the undone edit's `what` */
	int redo;         /* 1 when the edit undone was itself an undo */
};

/*
 * Undo edit `id`, or with id 0 the latest edit in effect that is not an
 * undo. Restores exactly the state before that edit (for an older edit:
 * the later edits replayed without it); a removed import's files come back
 * from removed/ID/. Takes the lock when not held. With `dry`, checks and
 * fills *out but changes nothing.
 *
 * This is the call behind the TUI's undo key: on success the store on
 * disk has changed and any model loaded before is stale; load it again
 * (model_release, model_init, store_load), since pointers into the old
 * one (experiments, runs) are not updated.
 *
 * Returns 0, or -1 with the reason in *d: nothing to undo, no such edit,
 * already undone, the journal does not verify, a removed import's files
 * are gone or the same text was imported again since.
 */
int journal_undo(struct store *st, uint32_t id, int dry, struct undo_info *out, struct diag *d);

/*
 * Complete the file moves of removals in effect that an interrupted rm or
 * undo left undone (an undo's moves back are so taken back). Every writer
 * calls it with the lock held (store_lock), before it reads the store;
 * journal_record() and journal_undo() do. A journal that does not verify
 * moves nothing (its load reports it). The fold of a schema 1 store's
 * files into edits.csv, interrupted, is finished too. Returns 0, or -1
 * when a move failed.
 */
int journal_settle(struct store *st, struct diag *d);

/*
 * journal_settle() for fsck: every removal in effect whose files are not
 * yet all in removed/ID/ is told to `fn` (its edit id, import hash, and
 * whether its move failed), and with `finish` (lock held) moved. Returns how many there were, or -1
 * when the journal does not verify or a move failed (then in *d).
 */
long journal_moves(struct store *st, int finish, void (*fn)(void *ctx, uint32_t id, const char *hash, int failed),
		   void *ctx, struct diag *d);

/*
 * The imports the journal's rows name (a removal, a move, a variant set
 * on one of their blocks; in effect or not): each hash, copied into `a`,
 * put into `named` with the id of the latest edit naming it. fsck never
 * deletes a text named here. Returns 0, or -1 when the journal does not
 * verify (what it read is in `named` still).
 */
int journal_named(const struct store *st, struct arena *a, struct strmap *named);

/* A fresh instance tag for an import being stored (heap, caller frees). */
char *journal_instance_dup(const char *hash);

/*
 * fsck: check edits.csv (0: it verifies or there is none; -1 with errors
 * in *d), and rewrite a damaged one with the rows that still read and a
 * fresh checksum (lock held; returns the rows kept, or -1).
 */
int journal_check(const struct store *st, struct diag *d);
long journal_repair(struct store *st, struct diag *d);

#endif
