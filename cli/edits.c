/*
 * edits.c - `benchdelta edits` (the edit journal, oldest first) and
 * `benchdelta undo [-n] [ID]`.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/table.h"
#include "store/flows.h"

static const char edits_usage[] =
	"usage: benchdelta edits\n"
	"\n"
	"Every edit made to the store (variants set, renamed or merged, baselines,\n"
	"experiments renamed, imports moved or removed, undos), oldest first, with\n"
	"the number 'benchdelta undo' takes.\n";

static const char undo_usage[] =
	"usage: benchdelta undo [-n] [ID]\n"
	"\n"
	"Undo edit ID (see 'benchdelta edits'), by default the latest edit in effect.\n"
	"The undo is an edit too: undoing it redoes the edit.\n"
	"  -n, --dry-run   say what would be undone; change nothing\n";

int cmd_edits(struct cli *c, int argc, char **argv)
{
	struct model m;
	struct table t;
	int rc = cli_edit_options(c, argc, argv, "edits", edits_usage, NULL, NULL);

	if (rc >= 0)
		return rc;
	if (optind < argc)
		return cli_usage_error(c, "edits", "unexpected argument '%s'", argv[optind]);
	model_init(&m);
	rc = cli_load(c, NULL, &m);
	if (!m.nedits) {
		if (rc == BD_EXIT_OK)
			puts("no edits");
		model_release(&m);
		return rc;
	}
	table_init(&t, 4, "rlll");
	table_add(&t, "EDIT");
	table_add(&t, "WHEN");
	table_add(&t, "COMMAND");
	table_add(&t, "WHAT");
	for (size_t i = 0; i < m.nedits; i++) {
		const struct edit_row *r = &m.edits[i];

		if (i && m.edits[i - 1].id == r->id)
			continue; /* one line per edit */
		table_addf(&t, "%u", (unsigned)r->id);
		table_add(&t, r->created);
		table_add(&t, r->command);
		if (r->undone)
			table_addf(&t, "%s (undone by %u)", r->what, (unsigned)r->undone_by);
		else
			table_add(&t, r->what);
	}
	table_print(&t, stdout);
	table_release(&t);
	model_release(&m);
	return rc;
}

/*
 * Undo edit `id` (0: the latest); undone for real, it keeps the store's
 * index fresh where it can (store_undo_id_fresh()).
 */
static int undo(struct store *st, uint32_t id, int dry, struct undo_info *u, struct diag *d)
{
	return dry ? store_undo(st, id, dry, u, d) : store_undo_id_fresh(st, id, u, d);
}

int cmd_undo(struct cli *c, int argc, char **argv)
{
	struct diag d = DIAG_INIT;
	struct undo_info u;
	struct store st;
	char *dir, *end;
	unsigned long id = 0;
	int dry = 0, rc = cli_edit_options(c, argc, argv, "undo", undo_usage, &dry, NULL);

	if (rc >= 0)
		return rc;
	if (argc - optind > 1)
		return cli_usage_error(c, "undo", "name at most one edit");
	if (optind < argc) {
		id = strtoul(argv[optind], &end, 10);
		if (*end || !id || id > UINT32_MAX)
			return cli_usage_error(c, "undo", "'%s' is not an edit number (see 'benchdelta edits')",
					       argv[optind]);
	}
	dir = store_default_dir_dup(c->store);
	rc = BD_EXIT_OK;
	if (store_open(&st, dir, 0, &d) < 0 || undo(&st, (uint32_t)id, dry, &u, &d) < 0) {
		diag_print(&d, 0, stderr);
		fputs("benchdelta: undo: nothing changed\n", stderr);
		rc = BD_EXIT_INPUT;
	} else {
		diag_print(&d, 0, stderr);
		printf("%s edit %u: %s\n",
		       dry ? (u.redo ? "would redo (undo of an undo)" : "would undo")
			   : (u.redo ? "redid (undid the undo)" : "undid"),
		       (unsigned)u.undone, u.what);
		if (!dry)
			printf("recorded as edit %u (undo it with 'benchdelta undo %u')\n", (unsigned)u.id,
			       (unsigned)u.id);
	}
	store_close(&st);
	diag_release(&d);
	free(dir);
	return rc;
}
