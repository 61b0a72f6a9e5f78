/*
 * import.c - `benchdelta import [-e EXP] [-V VARIANT] [-n] FILE...|-`:
 * read the files, import them into the store (or only show the plan with
 * --dry-run), one line per run found, warnings on stderr.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/common.h"
#include "cli/github.h"
#include "cli/input.h"
#include "cli/plan.h"
#include "store/csvstore.h"
#include "store/import.h"
#include "store/import_edits.h"
#include "store/journal.h"
#include "store/storeindex.h"
#include "util/buf.h"

static const char usage[] =
	"usage: benchdelta import [-e EXP] [-V VARIANT] [--set-variant LINE=NAME]... [-n] FILE...|-|URL...\n"
	"\n"
	"  URL is an issue or pull request: https://github.com/OWNER/REPO/issues/N,\n"
	"  .../pull/N, or OWNER/REPO#N. Its description and every comment are fetched\n"
	"  (GITHUB_TOKEN, GH_TOKEN or 'gh auth token'; GITHUB_API_URL; BENCHDELTA_TIMEOUT)\n"
	"  and each is imported as a text of its own, with its author, date and address.\n"
	"  A token goes only to api.github.com, or to GITHUB_API_URL's host, by https.\n"
	"\n"
	"  -e, --experiment EXP         put everything imported into experiment EXP\n"
	"  -V, --variant NAME           the variant of every run imported\n"
	"  -s, --set-variant LINE=NAME  the block at LINE (see the plan's line spans) is NAME\n"
	"  -n, --dry-run                show what would be imported; store nothing\n"
	"      --no-token               fetch without any token (a thread on another host)\n"
	"      --no-hand-written        leave out the figures people typed (tool output only)\n";

/* "12=Release + LTO" → line 12, name "Release + LTO"; -1 when it is not of that shape. */
static int parse_set_variant(const char *arg, struct set_variant *out)
{
	const char *eq = strchr(arg, '=');
	char *end;
	unsigned long line;

	if (!eq || eq == arg || !eq[1])
		return -1;
	line = strtoul(arg, &end, 10);
	if (end != eq || line == 0 || line > UINT32_MAX)
		return -1;
	out->line = (uint32_t)line;
	out->name = cli_clean_arg((char *)eq + 1);
	return 0;
}

/* A dry run's measurements: counted per run, not kept (model.h: struct record_spool). */
static const struct record_spool count_only = { NULL, NULL, NULL, NULL };

/* Is an input's text stored (new runs, or all its blocks stored before: the text is kept)? */
static int to_store(const struct import_input_result *ir)
{
	return (ir->status == IMPORT_NEW || ir->status == IMPORT_ALL_DUP) && ir->source >= 0;
}

int cmd_import(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "variant", required_argument, NULL, 'V' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "set-variant", required_argument, NULL, 's' },
		{ "no-token", no_argument, NULL, 'T' },
		{ "no-hand-written", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct import_opts io = { .last_import = 1 }; /* (this command imports once) */
	struct set_variant *sets = NULL;
	size_t nsets = 0, sets_cap = 0;
	struct diag d = DIAG_INIT;
	struct cli_inputs in;
	struct cli_threads th = { NULL, 0 };
	struct import_result res;
	struct model m;
	struct store st;
	struct storeindex_import *ix = NULL;
	struct storeindex_render *render = NULL;
	char *dir;
	int dry = 0, stop = 0, opt, rc = BD_EXIT_OK, store_ok, clean_load, all_stored = 1, stored_any = 0;
	int no_token = 0;
	size_t found = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:V:s:nh", opts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			if (!*optarg)
				return cli_usage_error(c, "import", "-e needs a non-empty experiment name");
			io.experiment = cli_clean_arg(optarg);
			break;
		case 'V':
			if (!*optarg)
				return cli_usage_error(c, "import", "-V needs a non-empty variant name");
			io.variant = cli_clean_arg(optarg);
			break;
		case 'n':
			dry = 1;
			break;
		case 'T':
			no_token = 1;
			break;
		case 'H':
			io.no_hand = 1;
			break;
		case 's':
			ALLOC_GROW(sets, nsets + 1, sets_cap);
			if (parse_set_variant(optarg, &sets[nsets]) < 0) {
				free(sets);
				return cli_usage_error(c, "import", "--set-variant wants LINE=NAME, not '%s'",
						       optarg);
			}
			nsets++;
			break;
		case 'h':
			free(sets);
			fputs(usage, stdout);
			return BD_EXIT_OK;
		default:
			free(sets);
			return cli_usage_error(c, "import", "unknown option");
		}
	}
	if (optind >= argc) {
		free(sets);
		return cli_usage_error(c, "import", "name the files to import (or - for standard input)");
	}
	io.set = sets;
	io.nset = nsets;

	/* threads first: a thread that cannot be fetched whole stops everything */
	rc = cli_read_inputs_and_threads(argv + optind, argc - optind, no_token, &in, &th, &d);
	if (rc != BD_EXIT_OK) {
		cli_inputs_release(&in);
		free(sets);
		return rc;
	}
	diag_print(&d, 0, stderr);
	diag_release(&d);

	model_init(&m);
	dir = store_default_dir_dup(c->store);
	store_ok = store_open(&st, dir, !dry && in.n > 0, &d) == 0;
	if (store_ok && !dry && in.n > 0)
		store_ok = store_lock(&st, &d) == 0 && journal_settle(&st, &d) == 0;
	/*
	 * an import only adds: the stored figures are not read. Dedup and
	 * naming ask the store's index when it is fresh, else read the runs.
	 * (--set-variant may target stored blocks: it reads the runs.)
	 */
	if (store_ok && !dry && !nsets && in.n > 0)
		ix = storeindex_import_begin(&st, &m);
	if (store_ok && !ix)
		store_ok = store_load_runs(&st, &m, &d) == 0;
	c->damaged |= m.damaged;
	/* the index is written from this model at the end only when the store read clean */
	clean_load = store_ok && !m.damaged && d.n == 0;
	if (!store_ok) {
		diag_print(&d, 0, stderr);
		diag_release(&d);
		store_close(&st);
		free(dir);
		free(sets);
		cli_inputs_release(&in);
		cli_threads_release(&th);
		model_release(&m);
		storeindex_import_release(ix);
		return BD_EXIT_INPUT;
	}
	diag_print(&d, 0, stderr); /* damage found in the store is reported, not fatal */
	diag_release(&d);

	/*
	 * The measurements read leave memory block by block: written into the
	 * new texts' measurements.csv as they come, or (a dry run) counted
	 * only. --set-variant keeps the ordinary path.
	 */
	if (dry)
		m.spool = &count_only;
	else if (!nsets && in.n > 0 && store_spool_begin(&st, &m, &d) < 0)
		diag_print(&d, 0, stderr), diag_release(&d); /* then they are kept, as before */
	import_texts(&m, in.v, in.n, &io, &res, &d);
	diag_print(&d, 0, stderr);
	diag_release(&d);

	plan_print(&m, &res, stdout);
	/*
	 * --set-variant fixes are user edits, kept apart from what was parsed.
	 * The edit is recorded before the data: until the data is stored it
	 * targets nothing, so a crash between the two shows either nothing or
	 * both, and running the command again records nothing twice.
	 */
	if (!dry && m.noverrides > res.overrides_from) {
		long id = import_record_sets(&st, &m, &res, &d);

		diag_print(&d, 0, stderr);
		diag_release(&d);
		if (id < 0) {
			fputs("benchdelta: import: nothing stored\n", stderr);
			stop = 1; /* neither the edit nor the data */
			rc = BD_EXIT_INPUT;
		} else if (id > 0) {
			printf("recorded edit %ld: --set-variant (undo: 'benchdelta undo %ld')\n", id, id);
		}
	}
	/* the index's part of what is stored is rendered beside the storing */
	if (!dry && !stop && clean_load) {
		unsigned char *will = xcalloc(m.nsources ? m.nsources : 1, 1);
		int any = 0;

		for (size_t i = 0; i < res.ninputs; i++)
			if (to_store(&res.inputs[i]))
				any = will[res.inputs[i].source] = 1;
		if (any)
			render = storeindex_render_begin(&m, ix, will);
		free(will);
	}
	for (size_t i = 0; i < res.ninputs; i++) {
		const struct import_input_result *ir = &res.inputs[i];
		const char *name = strcmp(in.v[i].name, "-") ? in.v[i].name : "<stdin>";

		if (ir->status != IMPORT_EMPTY)
			found++;
		if (ir->status == IMPORT_EMPTY && !in.v[i].origin) { /* a thread's line counts those */
			diag_warn(&d, name, 0, "no measurements found"); /* printed clean */
			diag_print(&d, 0, stderr);
			diag_release(&d);
		}
		if (dry || stop || !to_store(ir))
			continue;
		if (store_add_source(&st, &m, (uint32_t)ir->source, &d) < 0) {
			res.inputs[i].not_stored = 1; /* the summary does not say "imported" */
			all_stored = 0;
			diag_error(&d, name, 0, "not stored");
			diag_print(&d, 0, stderr);
			diag_release(&d);
			rc = BD_EXIT_INPUT;
			continue;
		}
		stored_any = 1;
	}
	/* the store's index follows what was added (lock held: nothing else changed it) */
	if (!dry && !stop && all_stored && clean_load && stored_any) {
		if (ix)
			storeindex_import_end(ix, &st, &m, &render);
		else
			storeindex_refresh(&st, &m, &render);
	}
	storeindex_render_release(render);
	if (!stop) {
		plan_summary(&m, &res, in.v, dry, stdout);
		cli_threads_summary(&th, &res, dry, stdout);
	}
	store_spool_end(&st, &m);
	store_close(&st);

	if (in.unreadable)
		rc = BD_EXIT_INPUT;
	else if (rc == BD_EXIT_OK && !found)
		rc = BD_EXIT_EMPTY;
	import_result_release(&res);
	cli_inputs_release(&in);
	cli_threads_release(&th);
	model_release(&m);
	storeindex_import_release(ix);
	free(dir);
	free(sets);
	return rc;
}
