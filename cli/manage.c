/*
 * manage.c - `rm EXP`, `rm --import ID`, `rename-experiment OLD NEW` and
 * `move IMPORT EXP`: planned against the store as it is under the lock,
 * shown with -n, else recorded as one undoable edit (store/manage.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "store/csvstore.h"
#include "store/flows.h"
#include "store/load.h"
#include "store/manage.h"
#include "store/storeindex.h"
#include "util/fsutil.h"

static const char rm_usage[] =
	"usage: benchdelta rm [-n] EXP\n"
	"       benchdelta rm [-n] --import ID\n"
	"\n"
	"Remove experiment EXP (every import in it), or one import (its id from\n"
	"'benchdelta list imports'). Texts nothing else refers to go too. Recorded\n"
	"as an edit: 'benchdelta undo' brings everything back.\n"
	"  -n, --dry-run   say what would be removed; change nothing\n";

static const char rename_usage[] =
	"usage: benchdelta rename-experiment [-n] OLD NEW\n"
	"\n"
	"Call experiment OLD NEW from now on; its baseline and variant renames follow.\n"
	"Recorded as an edit ('benchdelta undo' takes it back).\n"
	"  -n, --dry-run   say what would change; change nothing\n";

static const char move_usage[] =
	"usage: benchdelta move [-n] IMPORT EXP\n"
	"\n"
	"Put import IMPORT (its id from 'benchdelta list imports') into experiment\n"
	"EXP, an existing one or a new one. Recorded as an edit ('benchdelta undo').\n"
	"  -n, --dry-run   say what would change; change nothing\n";

struct session {
	struct store st;
	struct model m;
	struct diag d;
	char *dir;
	int touched; /* m holds the imports the edit touches, found by a fresh index, under the lock */
};

/* What an edit names: an experiment, an import (an id's first digits), an experiment it puts imports into. */
struct edit_names {
	const char *exp, *import, *to;
};

/* The hashes of the imports of experiment `e` of summary model `sum`, added to *hashes. */
static void add_imports(const struct model *sum, const struct experiment *e, const char ***hashes,
			size_t *n, size_t *cap)
{
	for (size_t k = 0; k < e->nsources; k++) {
		ALLOC_GROW(*hashes, *n + 1, *cap);
		(*hashes)[(*n)++] = sum->sources[e->sources[k]].hash;
	}
}

/*
 * Load into empty `m` what the edit touches, from a fresh index: the
 * imports of the experiment and of the import it names, and of the
 * experiment it puts them into (so that the plan knows whether that one
 * exists), each read whole and checked in full against its manifest, and
 * nothing else; the plan is then made on them as on the whole store. 1
 * when `m` holds them; 0 when the index is stale or names none of them
 * (`m` left empty: the caller reads the whole store, whose load and plan
 * say what is wrong).
 */
static int load_touched(struct store *st, const struct edit_names *w, struct model *m)
{
	struct model sum;
	struct diag d = DIAG_INIT;
	const struct experiment *e = NULL;
	const char **hashes = NULL;
	size_t n = 0, cap = 0;
	int ok = 0;

	model_init(&sum);
	if (storeindex_load(st, &sum, NULL) != 1)
		goto out;
	if (w->exp) {
		size_t hits;

		if (!(e = cli_match_experiment(&sum, w->exp, &hits)))
			goto out;
		add_imports(&sum, e, &hashes, &n, &cap);
	}
	if (w->import) {
		long src = manage_find_import(&sum, w->import, &d);

		if (src < 0)
			goto out;
		ALLOC_GROW(hashes, n + 1, cap);
		hashes[n++] = sum.sources[src].hash;
	}
	if (w->to && (e = model_experiment(&sum, w->to)))
		add_imports(&sum, e, &hashes, &n, &cap);
	ok = store_load_imports(st, m, hashes, n, &d) == 0 && !m->damaged && !d.n;
	if (!ok) {
		model_release(m);
		model_init(m);
	}
out:
	free(hashes);
	diag_release(&d);
	model_release(&sum);
	return ok;
}

/*
 * Open the store and load what the edit named in `w` touches (the whole
 * store's runs when the index cannot say); for a real change under the
 * lock. BD_EXIT_OK or BD_EXIT_INPUT.
 */
static int begin(struct cli *c, struct session *s, int dry, const struct edit_names *w)
{
	struct buf v = BUF_INIT;
	int rc = BD_EXIT_OK;

	memset(s, 0, sizeof(*s));
	model_init(&s->m);
	s->dir = store_default_dir_dup(c->store);
	buf_addf(&v, "%s/VERSION", s->dir);
	if (store_open(&s->st, s->dir, 0, &s->d) < 0)
		rc = BD_EXIT_INPUT;
	else if (!dry && path_exists(v.s) &&
		 (store_lock(&s->st, &s->d) < 0 || journal_settle(&s->st, &s->d) < 0))
		rc = BD_EXIT_INPUT;
	else if (!(s->touched = load_touched(&s->st, w, &s->m)) &&
		 store_load_runs(&s->st, &s->m, &s->d) < 0)
		rc = BD_EXIT_INPUT; /* (a plan needs the runs, never the measurements) */
	s->touched &= !dry && path_exists(v.s); /* the lock held since the index was read */
	c->damaged |= s->m.damaged;
	diag_print(&s->d, 0, stderr);
	diag_release(&s->d);
	buf_release(&v);
	return rc;
}

static void end(struct session *s)
{
	store_close(&s->st);
	diag_release(&s->d);
	model_release(&s->m);
	free(s->dir);
}

/* Show or record the plan. */
static int finish(struct session *s, struct edit_plan *p, const char *cmd, int dry)
{
	long id;

	if (dry) {
		printf("would record: %s\n", buf_str(&p->what));
		puts("dry run: nothing changed");
		return BD_EXIT_OK;
	}
	if (s->touched) {
		struct store_edit_op op = { p->command, buf_str(&p->what), p->rows, p->n };

		id = store_edit_touched(&s->st, &s->m, &op, &s->d);
	} else {
		id = manage_commit(&s->st, p, &s->d);
	}
	diag_print(&s->d, 0, stderr);
	if (id < 0) {
		fprintf(stderr, "benchdelta: %s: nothing changed\n", cmd);
		return BD_EXIT_INPUT;
	}
	printf("%s\n", buf_str(&p->what));
	if (id > 0)
		printf("recorded edit %ld (undo it with 'benchdelta undo %ld')\n", id, id);
	return BD_EXIT_OK;
}

/* A failed plan: print why; BD_EXIT_USAGE (the command named something wrong). */
static int refused(struct session *s, const char *cmd)
{
	for (size_t i = 0; i < s->d.n; i++)
		fprintf(stderr, "benchdelta: %s: %s\n", cmd, s->d.v[i].text);
	diag_release(&s->d);
	return BD_EXIT_USAGE;
}

int cmd_rm(struct cli *c, int argc, char **argv)
{
	const char *import = NULL;
	struct edit_names names = { NULL, NULL, NULL };
	struct edit_plan p;
	struct session s;
	int dry = 0, rc = cli_edit_options(c, argc, argv, "rm", rm_usage, &dry, &import);

	if (rc >= 0)
		return rc;
	if (argc - optind != (import ? 0 : 1))
		return cli_usage_error(c, "rm", import ? "--import takes the one import to remove"
						       : "name one experiment to remove");
	edit_plan_init(&p);
	names.exp = import ? NULL : argv[optind];
	names.import = import;
	if ((rc = begin(c, &s, dry, &names)) == BD_EXIT_OK) {
		if (import) {
			long src = manage_find_import(&s.m, import, &s.d);

			if (src < 0 || manage_plan_rm_import(&s.m, (uint32_t)src, &p, &s.d) < 0)
				rc = refused(&s, "rm");
		} else {
			const struct experiment *e = cli_find_experiment(&s.m, argv[optind]);

			if (!e)
				rc = BD_EXIT_USAGE;
			else if (manage_plan_rm_experiment(&s.m, e, &p, &s.d) < 0)
				rc = refused(&s, "rm");
		}
		if (rc == BD_EXIT_OK)
			rc = finish(&s, &p, "rm", dry);
	}
	edit_plan_release(&p);
	end(&s);
	return rc;
}

int cmd_rename_experiment(struct cli *c, int argc, char **argv)
{
	const struct experiment *e;
	struct edit_names names = { NULL, NULL, NULL };
	struct edit_plan p;
	struct session s;
	int dry = 0, rc = cli_edit_options(c, argc, argv, "rename-experiment", rename_usage, &dry, NULL);

	if (rc >= 0)
		return rc;
	if (argc - optind != 2)
		return cli_usage_error(c, "rename-experiment", "name the experiment and its new name");
	edit_plan_init(&p);
	names.exp = argv[optind];
	names.to = argv[optind + 1];
	if ((rc = begin(c, &s, dry, &names)) == BD_EXIT_OK) {
		if (!(e = cli_find_experiment(&s.m, argv[optind])))
			rc = BD_EXIT_USAGE;
		else if (manage_plan_rename(&s.m, e, argv[optind + 1], &p, &s.d) < 0)
			rc = refused(&s, "rename-experiment");
		else
			rc = finish(&s, &p, "rename-experiment", dry);
	}
	edit_plan_release(&p);
	end(&s);
	return rc;
}

int cmd_move(struct cli *c, int argc, char **argv)
{
	struct edit_names names = { NULL, NULL, NULL };
	struct edit_plan p;
	struct session s;
	long src;
	int dry = 0, rc = cli_edit_options(c, argc, argv, "move", move_usage, &dry, NULL);

	if (rc >= 0)
		return rc;
	if (argc - optind != 2)
		return cli_usage_error(c, "move", "name the import and the experiment to put it in");
	edit_plan_init(&p);
	names.import = argv[optind];
	names.to = argv[optind + 1];
	if ((rc = begin(c, &s, dry, &names)) == BD_EXIT_OK) {
		if ((src = manage_find_import(&s.m, argv[optind], &s.d)) < 0 ||
		    manage_plan_move(&s.m, (uint32_t)src, argv[optind + 1], &p, &s.d) < 0)
			rc = refused(&s, "move");
		else
			rc = finish(&s, &p, "move", dry);
	}
	edit_plan_release(&p);
	end(&s);
	return rc;
}
