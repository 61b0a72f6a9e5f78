/*
 * reparse.c - `benchdelta reparse [-n]`: read every stored text again with
 * the current parsers, keeping the user's edits, and say per experiment
 * what changed (store/reparse.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/common.h"
#include "cli/table.h"
#include "store/journal.h"
#include "store/load.h"
#include "parsers/parser.h"
#include "store/reparse.h"
#include "util/fsutil.h"

static const char usage[] =
	"usage: benchdelta reparse [-n]\n"
	"\n"
	"Read every stored text again with this version's parsers, keeping each\n"
	"import's flags and experiment and every edit, and say per experiment what\n"
	"changed: runs added, removed, renamed, values changed.\n"
	"  -n, --dry-run   say what would change; write nothing\n";

int cmd_reparse(struct cli *c, int argc, char **argv)
{
	struct diag d = DIAG_INIT;
	struct reparse_report r;
	struct store st;
	struct model m;
	struct table t;
	struct buf v = BUF_INIT;
	char *dir;
	int dry = 0, rc = cli_edit_options(c, argc, argv, "reparse", usage, &dry, NULL);

	if (rc >= 0)
		return rc;
	if (optind < argc)
		return cli_usage_error(c, "reparse", "unexpected argument '%s'", argv[optind]);
	model_init(&m);
	dir = store_default_dir_dup(c->store);
	buf_addf(&v, "%s/VERSION", dir);
	rc = BD_EXIT_OK;
	if (store_open(&st, dir, 0, &d) < 0 ||
	    (!dry && path_exists(v.s) && (store_lock(&st, &d) < 0 || journal_settle(&st, &d) < 0)) ||
	    store_load(&st, &m, &d) < 0)
		rc = BD_EXIT_INPUT;
	diag_print(&d, 0, stderr);
	diag_release(&d);
	if (rc == BD_EXIT_OK && m.damaged) {
		fputs("benchdelta: reparse: the store does not verify; run 'benchdelta fsck --repair' "
		      "first\n", stderr);
		rc = BD_EXIT_INPUT;
	}
	if (rc == BD_EXIT_OK && !m.nsources) {
		puts("nothing stored: nothing to read again");
	} else if (rc == BD_EXIT_OK) {
		if (reparse_store(&st, &m, dry, &r, &d) < 0)
			rc = BD_EXIT_INPUT;
		diag_print(&d, 0, stderr);
		table_init(&t, 6, "lrrrrr");
		table_add(&t, "EXPERIMENT");
		table_add(&t, "IMPORTS");
		table_add(&t, "ADDED");
		table_add(&t, "REMOVED");
		table_add(&t, "RENAMED");
		table_add(&t, "CHANGED");
		for (size_t i = 0; i < r.n; i++) {
			table_add(&t, r.v[i].name);
			table_addf(&t, "%zu", r.v[i].imports);
			table_addf(&t, "%zu", r.v[i].added);
			table_addf(&t, "%zu", r.v[i].removed);
			table_addf(&t, "%zu", r.v[i].renamed);
			table_addf(&t, "%zu", r.v[i].changed);
		}
		table_print(&t, stdout);
		table_release(&t);
		printf("%s %zu text%s with the parsers of generation %d", dry ? "would read" : "read",
		       r.texts, r.texts == 1 ? "" : "s", PARSERS_GENERATION);
		if (r.warnings)
			printf(" (%zu warning%s: 'benchdelta import -n FILE' shows a text's)", r.warnings,
			       r.warnings == 1 ? "" : "s");
		if (r.missing)
			printf("; %zu import%s without a text left as %s", r.missing,
			       r.missing == 1 ? "" : "s", r.missing == 1 ? "it is" : "they are");
		if (dry)
			puts("\ndry run: nothing written");
		else
			printf("; %zu import%s rewritten\n", r.written, r.written == 1 ? "" : "s");
		reparse_report_release(&r);
	}
	store_close(&st);
	diag_release(&d);
	model_release(&m);
	buf_release(&v);
	free(dir);
	return rc;
}
