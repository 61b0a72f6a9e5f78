/*
 * flows.h - the protocols over the store, written once. Every command and
 * screen goes through these instead of composing the store's calls itself:
 *
 *   store_import    an import, dry or stored: lock, settle, what the store
 *                   knows (its index, else its runs), the spool, parse and
 *                   name (import.h), the --set-variant edit, each text's
 *                   write, the index, unlock
 *   store_edit      one edit of the journal (journal.h), with the lock
 *   store_undo      one undo
 *   store_snapshot  what a reader needs (enum store_need) of what it
 *                   selects: the index when it can say, else the data
 *
 * A snapshot is a model (model.h) the caller owns and releases whole; once
 * readers share it, it is never changed (an edit is recorded in the
 * journal, and the next snapshot has it). A command reads one for its run; a reader that
 * keeps several, one replacing another (the TUI), makes each a struct
 * snapshot (snapshot.h), shared by its holders and freed by the last. Its
 * `generation`, when asked for, is store_generation() when it was read: a
 * reader that compares it with the store's now knows whether an edit or
 * an import came since (every writer changes it).
 */
#ifndef BD_STORE_FLOWS_H
#define BD_STORE_FLOWS_H

#include <stdint.h>

#include "store/csvstore.h"
#include "store/import.h"
#include "store/journal.h"
#include "util/diag.h"

/* What a command reads of the store (main.c's command table says it for each). */
enum store_need {
	NEED_NONE,    /* nothing: it reads or writes the store its own way (import, undo, fsck) */
	NEED_SUMMARY, /* the experiments, their variants and counts: the index, else every run */
	NEED_RUNS,    /* every run, note and fact, no figures (counts from the manifests) */
	NEED_RECORDS, /* everything: runs and their figures, samples, series */
	NEED_FIGURES, /* sel->metric's figure of each run that has one (the catalog), and with
	               * sel->experiment that experiment whole; else everything */
	NEED_BROWSE,  /* the TUI's first screen: the index when it lists several
	               * experiments, else everything */
};

/* What a snapshot is of. */
struct store_select {
	/*
	 * With NEED_RECORDS: one experiment, named exactly or (`fuzzy`) as
	 * model_match_experiment() matches. Read alone (the imports the index
	 * names for it) when the index is fresh and they read clean, else the
	 * whole store is read (which says what is wrong).
	 */
	const char *experiment;
	int fuzzy;
	/*
	 * With NEED_RECORDS: the imports of these runs (ids or their first
	 * digits, as `show` takes them), as the catalog names them; the whole
	 * store when it cannot say.
	 */
	const char *const *runs;
	size_t nruns;
	/* with NEED_FIGURES: the metric, as compare names it */
	const char *metric;
	/* the index already read (a NEED_SUMMARY snapshot), or NULL: it is read */
	const struct model *summary;
	/* with NEED_BROWSE: the warnings of the last import go here (as notes a load gives) */
	struct diag *last_warnings;
	/* set m->generation (store_generation(): a stat of every file) */
	int generation;
};

/*
 * Fill empty model `m` with what `need` asks of what `sel` selects (NULL:
 * the whole store). m->partial says that `m` holds the selected
 * experiment's or runs' imports alone; m->summary that it holds the
 * index's experiments without runs; m->figs that it holds the selected
 * metric's figures instead of records (catalog.h). Damage found is a warning in *d and sets
 * m->damaged; returns 0, or -1 when the store cannot be read at all.
 */
int store_snapshot(struct store *st, const struct store_select *sel, enum store_need need,
		   struct model *m, struct diag *d);

/*
 * The store's generation: a number that every import, edit, undo, removal
 * or repair changes (a sum over data/'s entries, their files' identities
 * and the journal, as the index's stamps; storeindex.h). 0 when the store
 * cannot be read (or is empty).
 */
uint64_t store_generation(const struct store *st);

struct store_import_plan;

/* An import's options. */
struct store_import_opts {
	struct import_opts io; /* -e, -V, --set-variant */
	int dry;               /* plan only: nothing is written, the store is not made */
	int keep;              /* a dry run keeps every figure in the plan's model (else counted) */
	/*
	 * Told what happened, at the moments a command says it (so its output
	 * keeps its order): with the store read (its damage in *d), with the
	 * plan made (the parse's warnings), with the --set-variant edit
	 * recorded or refused, and with each input stored or not. NULL: told
	 * nothing (everything said is in *d at the end).
	 */
	void (*told)(void *ctx, int event, const struct store_import_plan *p, struct diag *d);
	void *ctx;
	/*
	 * With no store (dir NULL), or NULL: the runs already held instead (a
	 * quick comparison's snapshot, quick.h), adopted (left empty,
	 * model_init()'s): the plan asks them as a store's stored runs
	 * (stored.h: a block they hold is a duplicate, a text they hold the
	 * same text, the experiment a block or place is in joined), and its
	 * new runs resolve with their journal, as read_store() plans against
	 * a store.
	 */
	struct model *held;
};

/*
 * The events of store_import_opts.told (`p->at` is the input of
 * STORE_IMPORT_INPUT). STORE_IMPORT_RESOLVED comes, before PLANNED, as
 * the plan's model is resolved: runs [0, p->resolved) of p->m are final
 * (model.h: model_resolve_told(), with what else may be read meanwhile:
 * those runs, the sources, p->res, which is final too), so that a plan's
 * lines may be made on another thread while the rest is; *d holds every
 * warning of the parse already. Until PLANNED nothing else of p->m may
 * be read, and a thread that reads it must be done by the end of the
 * PLANNED event.
 */
enum { STORE_IMPORT_READ, STORE_IMPORT_RESOLVED, STORE_IMPORT_PLANNED, STORE_IMPORT_EDIT, STORE_IMPORT_INPUT };

/* An import: its plan (the model and what each input gave) and what was stored. */
struct store_import_plan {
	struct model m;          /* the import's working set (batch.h): its texts, and those the store has */
	struct import_result res;
	int read;                /* the store was read (0: it cannot be; nothing was planned) */
	size_t said_read;        /* *d's entries once it was read (its damage; the parse's follow) */
	int clean;               /* it read without a warning: the index follows the import */
	long edit;               /* the --set-variant edit: its id, 0 none, -1 refused (nothing stored) */
	size_t at;               /* the input told of last (STORE_IMPORT_INPUT) */
	size_t resolved;         /* the runs of m final so far (STORE_IMPORT_RESOLVED) */
	size_t stored;           /* texts stored */
	size_t failed;           /* texts that could not be stored (each says why in *d) */
	/* the index the import asked (strings of the plan point into it), until released */
	struct storeindex_import *ix;
	/*
	 * or, when it could not answer, the stored runs read (stored.h: strings
	 * of the plan point into them), until released; the model `m` never
	 * holds them
	 */
	struct stored_runs *known;
};

/*
 * Import `n` inputs (adopted, as import_texts() adopts them) into the store
 * at `dir` (made when missing, unless dry), or plan them with o->dry (dir
 * NULL: against no store, or the runs o->held holds).
 * `p` is filled (release it with store_import_release()). Returns 0 when
 * everything planned was stored (or, dry, planned), -1 otherwise (the
 * store could not be read: p->read is 0; the edit was refused; a text was
 * not stored), the reasons in *d.
 */
int store_import(const char *dir, struct import_input *in, size_t n,
		 const struct store_import_opts *o, struct store_import_plan *p, struct diag *d);
void store_import_release(struct store_import_plan *p);

/* One edit: the journal's rows of one user action. */
struct store_edit_op {
	const char *command; /* what the user ran: "rename-variant", "rm", ... */
	const char *what;    /* one line for people */
	const struct edit_row *rows;
	size_t n;
};

/*
 * Record `op` as one edit of the journal (journal_record(): the lock taken
 * when not held, the journal read again, rows that repeat a row in effect
 * dropped). `m`, when given, gets the rows too (model_resolve() after).
 * Returns the edit's id, 0 when every row was a repeat, or -1 (why in *d).
 */
long store_edit(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d);

/*
 * store_edit() under the lock taken before `m` was loaded with every
 * import the edit touches (each import of each experiment it names, from
 * a fresh index: storeindex_load()). When the edit only moves whole
 * imports (move, rename-experiment), the index is written again with the
 * edit in effect (storeindex_moved()), so that the next command finds it
 * fresh; `m` is then resolved with the edit. An rm keeps it fresh as
 * store_edit_fresh() does.
 */
long store_edit_touched(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d);

/*
 * store_edit() by a command that holds the lock since it read `m` with
 * every stored import's runs, clean (store_load_runs(), store_snapshot()
 * of NEED_RUNS; the CLI's tag, rename-variant and merge-variants): the
 * edit may touch any experiment (an alias or tags in every experiment
 * holding a variant), and `m` holds them all, so when the index was fresh
 * before it is written again from `m` with the edit in effect
 * (storeindex_moved(), every import rendered anew); `m` is then resolved.
 * A damaged `m`, the lock not held, or rows that remove or undo: as
 * store_edit() (the index stale). Returns as store_edit().
 */
long store_edit_loaded(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d);

/* Undo edit `id` (0: the latest in effect), or with `dry` only say what it would undo (journal_undo()). */
int store_undo(struct store *st, uint32_t id, int dry, struct undo_info *out, struct diag *d);

/*
 * store_edit() and store_undo() of the latest edit that keep the index
 * fresh where the edit touches one experiment alone (its baseline, a
 * variant's tags or alias in it): under the lock, when the index was
 * fresh before, that experiment's imports are read after the change and
 * the index written again with them (storeindex_moved()), so that the
 * next reader reads the index and that experiment instead of every
 * import. An rm the same way: the removed imports' rows and entries go
 * from the index (storeindex_removed(); a block one shared with an
 * import brought back by an undo goes to that one). An edit that moves
 * whole imports (a renamed experiment), given no `m`: its new name asked
 * again under the lock (taken since: refused), the imports it moves and
 * those of the experiments they go into read under the lock, and
 * recorded as store_edit_touched() records it (the index written again
 * with it). An edit that sets blocks' variants (the TUI's e): the imports
 * it names read after it, the index written again with them. Any other
 * edit, or an index stale before: as store_edit() (the index goes
 * stale). The undo: store_undo_id_fresh().
 * Returns as they do.
 */
long store_edit_fresh(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d);
int store_undo_fresh(struct store *st, struct undo_info *out, struct diag *d);
/*
 * store_undo_fresh() of edit `id` (0: the latest in effect): an older
 * edit, or an undo (a redo), the same way. What it changes is the rows
 * whose effect it turns off or on again (a redo: those of the edit its
 * undo took back), found under the lock: when they all move whole
 * imports or set what named experiments show (a move, a rename, a
 * baseline, tags, an alias in one experiment), every import of every
 * experiment they name, or that the moved imports leave or join, is read
 * after the undo and the index written again with them
 * (storeindex_moved()); so for an alias in every experiment (the
 * experiments holding the variants it may rename), a block's variant
 * (its import) and a tag in every experiment (no import: the index
 * stamped again). When they are removals taken back, the imports that
 * came back are added (storeindex_restored()); removals put in effect
 * again (the redo of an rm) as an rm, when the index says which imports
 * share the blocks of those brought back. Anything else, or a stale
 * index: left stale.
 */
int store_undo_id_fresh(struct store *st, uint32_t id, struct undo_info *out, struct diag *d);

/*
 * Record one user edit of one row in the journal (store_edit()): kind
 * "baseline" (target an experiment), "variant" (target HASH:LINE) or
 * "experiment" (target an import's hash); an alias is a variant key
 * `from` shown as `to`. `created` is ignored: the journal
 * stamps its own time. Returns 0, or -1.
 */
int store_add_override(struct store *st, const char *kind, const char *target, const char *value,
		       const char *created, struct diag *d);
int store_add_alias(struct store *st, const char *experiment, const char *from, const char *to,
		    const char *created, struct diag *d);

#endif
