/*
 * fsck.c - `benchdelta fsck [--repair]`: every problem of the store, one
 * line each naming its file; with --repair, what was mended (store/fsck.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "store/catalog.h"
#include "store/fsck.h"
#include "util/fsutil.h"

static const char usage[] =
	"usage: benchdelta fsck [--repair]\n"
	"\n"
	"Check every file of the store: each CSV file against its import's manifest\n"
	"(size, rows, checksum) and its columns, each text against its name, the edit\n"
	"journal's checksum, and leftovers of interrupted writes. Each problem is one\n"
	"line naming its file; the exit status is 2 when there is one.\n"
	"  --repair   remove leftovers, rebuild damaged imports from their texts (the\n"
	"             texts are the truth), keep the journal rows that still read, and\n"
	"             drop the catalog (the next reader makes it anew from the data)\n";

int cmd_fsck(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "repair", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fsck_result res;
	struct diag d = DIAG_INIT;
	struct buf v = BUF_INIT;
	struct store st;
	char *dir;
	int repair = 0, opt, rc = BD_EXIT_OK;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (opt == 'r') {
			repair = 1;
		} else if (opt == 'h') {
			fputs(usage, stdout);
			return BD_EXIT_OK;
		} else {
			return cli_usage_error(c, "fsck", "unknown option");
		}
	}
	if (optind < argc)
		return cli_usage_error(c, "fsck", "unexpected argument '%s'", argv[optind]);
	dir = store_default_dir_dup(c->store);
	buf_addf(&v, "%s/VERSION", dir);
	if (!path_exists(dir)) {
		printf("%s: no store here: nothing to check\n", dir);
	} else if (store_open(&st, dir, 0, &d) < 0 ||
		   (repair && path_exists(v.s) && store_lock(&st, &d) < 0) ||
		   store_fsck(&st, repair, &res, &d) < 0) {
		diag_print(&d, 0, stderr);
		rc = BD_EXIT_INPUT;
		store_close(&st);
	} else {
		if (repair)
			catalog_remove(&st); /* the next reader makes it anew from what is there now */
		diag_print(&d, 0, stdout);
		if (!res.problems)
			printf("%s: no problems\n", dir);
		else if (repair)
			printf("%zu problem%s, %zu repaired\n", res.problems, res.problems == 1 ? "" : "s",
			       res.repaired);
		else
			printf("%zu problem%s ('benchdelta fsck --repair' mends what it can)\n",
			       res.problems, res.problems == 1 ? "" : "s");
		if (res.problems > res.repaired)
			rc = BD_EXIT_INPUT;
		store_close(&st);
	}
	diag_release(&d);
	buf_release(&v);
	free(dir);
	return rc;
}
