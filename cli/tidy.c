/*
 * tidy.c - `rename-variant` and `merge-variants`: tidy up the variant
 * names a thread used. Each command is one edit of the journal (one alias
 * row per variant renamed), never a rewrite of what was parsed, so a later
 * reparse keeps it and 'benchdelta undo' takes it back whole.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "store/flows.h"
#include "util/buf.h"

static const char rename_usage[] =
	"usage: benchdelta rename-variant [-e EXP] OLD NEW\n"
	"\n"
	"Show variant OLD as NEW (in experiment EXP, else wherever OLD appears).\n"
	"OLD matches however it was written (case, spaces and '-' do not matter).\n"
	"\n"
	"  -e, --experiment EXP  only in this experiment\n";

static const char merge_usage[] =
	"usage: benchdelta merge-variants [-e EXP] INTO FROM...\n"
	"\n"
	"Make the variants FROM... one with INTO (in experiment EXP, else wherever they appear).\n"
	"\n"
	"  -e, --experiment EXP  only in this experiment\n";

/* The experiments (of `only`, or all) that hold a variant with this key; how many. */
static size_t holders(const struct model *m, const struct experiment *only, const char *key,
		      const struct experiment **last)
{
	size_t n = 0;

	for (size_t e = 0; e < m->nexps; e++) {
		if (only && only != &m->exps[e])
			continue;
		if (model_variant(&m->exps[e], key)) {
			n++;
			*last = &m->exps[e];
		}
	}
	return n;
}

/*
 * Record aliases FROM... → INTO under the store's lock, each checked
 * against the store as it is now. `merge`: INTO should already exist.
 */
static int record(struct cli *c, const char *cmd, const char *exp_name, char **from, int nfrom,
		  const char *into, int merge)
{
	struct diag d = DIAG_INIT;
	struct store st;
	struct model m;
	const struct experiment *only = NULL, *e = NULL;
	char *dir = store_default_dir_dup(c->store);
	struct edit_row *rows = xcalloc((size_t)nfrom + 1, sizeof(*rows));
	struct buf what = BUF_INIT, said = BUF_INIT;
	size_t nrows = 0;
	int rc = BD_EXIT_OK, clean;

	model_init(&m);
	if (store_open(&st, dir, 0, &d) < 0 || store_lock(&st, &d) < 0 ||
	    store_snapshot(&st, NULL, NEED_RUNS, &m, &d) < 0) {
		diag_print(&d, 0, stderr);
		rc = BD_EXIT_INPUT;
		goto out;
	}
	clean = !d.n && !m.damaged;
	diag_print(&d, 0, stderr);
	diag_release(&d);
	c->damaged |= m.damaged;
	if (exp_name && !(only = cli_find_experiment(&m, exp_name))) {
		rc = BD_EXIT_USAGE;
		goto out;
	}
	if (merge) {
		const char *key = model_variant_key(&m, into);

		if (!holders(&m, only, key, &e)) {
			fprintf(stderr, "benchdelta: %s: no variant \"%s\"%s%s\n", cmd, into,
				only ? " in " : "", only ? only->name : "");
			rc = BD_EXIT_USAGE;
			goto out;
		}
		into = model_variant(e, key)->text; /* as the thread wrote it */
	}
	for (int i = 0; i < nfrom; i++) {
		const char *key = model_variant_key(&m, from[i]);
		size_t n = holders(&m, only, key, &e);

		if (!n) {
			fprintf(stderr, "benchdelta: %s: no variant \"%s\"%s%s (see 'benchdelta list variants')\n",
				cmd, from[i], only ? " in " : "", only ? only->name : "");
			rc = BD_EXIT_USAGE;
			continue;
		}
		if (!strcmp(key, model_variant_key(&m, into))) {
			fprintf(stderr, "benchdelta: %s: \"%s\" and \"%s\" are one variant already\n", cmd,
				from[i], into);
			continue;
		}
		rows[nrows].op = EDIT_ALIAS;
		rows[nrows].experiment = only ? only->name : "";
		rows[nrows].target = key;
		rows[nrows].value = into;
		nrows++;
		if (what.len)
			buf_adds(&what, "; ");
		if (only || n == 1) {
			buf_addf(&said, "%s \"%s\" %s \"%s\" in experiment \"%s\"\n",
				 merge ? "merged" : "renamed", from[i], merge ? "into" : "to", into,
				 (only ? only : e)->name);
			buf_addf(&what, "variant \"%s\" %s \"%s\" in \"%s\"", from[i],
				 merge ? "merged into" : "renamed to", into, (only ? only : e)->name);
		} else {
			buf_addf(&said, "%s \"%s\" %s \"%s\" in %zu experiments\n", merge ? "merged" : "renamed",
				 from[i], merge ? "into" : "to", into, n);
			buf_addf(&what, "variant \"%s\" %s \"%s\" everywhere", from[i],
				 merge ? "merged into" : "renamed to", into);
		}
	}
	if (nrows) {
		struct store_edit_op op = { cmd, what.s, rows, nrows };
		/* every import read under the lock: the index written again with the edit */
		long id = clean ? store_edit_loaded(&st, &m, &op, &d) : store_edit(&st, &m, &op, &d);

		diag_print(&d, 0, stderr);
		if (id < 0) {
			fprintf(stderr, "benchdelta: %s: nothing recorded\n", cmd);
			rc = BD_EXIT_INPUT;
		} else {
			fputs(buf_str(&said), stdout);
			if (id > 0)
				printf("recorded edit %ld (undo it with 'benchdelta undo %ld')\n", id, id);
		}
	}
out:
	free(rows);
	buf_release(&what);
	buf_release(&said);
	store_close(&st);
	diag_release(&d);
	model_release(&m);
	free(dir);
	return rc;
}

static int run(struct cli *c, int argc, char **argv, const char *cmd, const char *usage, int merge)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *exp = NULL;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			exp = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return BD_EXIT_OK;
		default:
			return cli_usage_error(c, cmd, "unknown option");
		}
	}
	if (merge) {
		if (argc - optind < 2)
			return cli_usage_error(c, cmd, "name the variant to keep and those to merge into it");
		return record(c, cmd, exp, argv + optind + 1, argc - optind - 1, argv[optind], 1);
	}
	if (argc - optind != 2)
		return cli_usage_error(c, cmd, "name the variant and its new name");
	if (!*argv[optind + 1])
		return cli_usage_error(c, cmd, "the new name is empty");
	return record(c, cmd, exp, argv + optind, 1, argv[optind + 1], 0);
}

int cmd_rename_variant(struct cli *c, int argc, char **argv)
{
	return run(c, argc, argv, "rename-variant", rename_usage, 0);
}

int cmd_merge_variants(struct cli *c, int argc, char **argv)
{
	return run(c, argc, argv, "merge-variants", merge_usage, 1);
}
