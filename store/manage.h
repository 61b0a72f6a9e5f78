/*
 * manage.h - what the user does to experiments and imports as a whole:
 * remove, rename, move. Each is planned against a loaded model (what
 * would change, in words, as journal rows) and then committed as one edit
 * of the journal (journal.h), so `edits` lists it and `undo` takes it back.
 * The CLI (`rm`, `rename-experiment`, `move`) and the TUI's experiment
 * list (d, r) share these.
 */
#ifndef BD_STORE_MANAGE_H
#define BD_STORE_MANAGE_H

#include "store/journal.h"
#include "util/buf.h"

struct edit_plan {
	const char *command;  /* "rm", "rename-experiment", "move" */
	struct buf what;      /* the edit in words, one line */
	struct edit_row *rows;
	size_t n, cap;
	size_t nremoved;      /* imports it removes */
	size_t nruns;         /* runs it touches */
};

void edit_plan_init(struct edit_plan *p);
void edit_plan_release(struct edit_plan *p);

/*
 * Plan the removal of experiment `e` (every import whose runs are in it)
 * or of import `src`. Returns 0, or -1 with the reason in *d (an import
 * that also holds runs of another experiment is not removed whole).
 * Strings in the rows point into `m`: commit before releasing it.
 */
int manage_plan_rm_experiment(const struct model *m, const struct experiment *e,
			      struct edit_plan *p, struct diag *d);
int manage_plan_rm_import(const struct model *m, uint32_t src, struct edit_plan *p, struct diag *d);

/* Why a rename to `to` (the %s) is refused when an experiment has that name. */
#define MANAGE_RENAME_TAKEN "experiment \"%s\" exists; to put imports into it use 'benchdelta move'"

/*
 * Plan renaming experiment `e` to `to`: its imports go to `to`, and its
 * baseline and the variant renames made in it follow. `to` must be new
 * (-1 otherwise: putting imports into an existing experiment is a move).
 */
int manage_plan_rename(const struct model *m, const struct experiment *e, const char *to,
		       struct edit_plan *p, struct diag *d);

/* Plan moving import `src` into experiment `to` (existing or new). */
int manage_plan_move(const struct model *m, uint32_t src, const char *to, struct edit_plan *p,
		     struct diag *d);

/* Record the plan as one edit (journal_record). Returns its id, 0 (nothing to do) or -1. */
long manage_commit(struct store *st, struct edit_plan *p, struct diag *d);

/*
 * The import whose hash starts with `prefix` (at least 4 hex digits), or
 * -1 after saying why in *d (none, or several).
 */
long manage_find_import(const struct model *m, const char *prefix, struct diag *d);

/* The experiment of import `src` (its runs'), or NULL when it has none. */
const char *manage_import_experiment(const struct model *m, uint32_t src);

#endif
