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
#include "store/flows.h"
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
	"      --no-follow              do not fetch the gists and raw files a thread links to\n"
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
	out->run = 0; /* the whole block: the command line names blocks */
	out->input = 0; /* of each text */
	return 0;
}

/* What the command says as the import goes (store/flows.h: store_import_opts.told). */
struct telling {
	struct cli *c;
	size_t said;  /* the messages printed so far */
	long unsaid;  /* the --set-variant edit, left for the summary to say */
	struct plan_job *plan; /* the plan begun as the runs were resolved, or NULL */
	int resolving;         /* STORE_IMPORT_RESOLVED was told (the plan begun then, if at all) */
};

/* Does every input repeat a text stored before (so that an edit renames, and adds nothing)? */
static int all_same_text(const struct import_result *res)
{
	size_t n = 0;

	for (size_t i = 0; i < res->ninputs; i++) {
		if (res->inputs[i].status == IMPORT_EMPTY)
			continue;
		if (res->inputs[i].status != IMPORT_SAME_TEXT)
			return 0;
		n++;
	}
	return n > 0;
}

static void say(struct telling *t, const struct diag *d)
{
	diag_print(d, t->said, stderr);
	t->said = d->n;
}

static void told(void *ctx, int event, const struct store_import_plan *p, struct diag *d)
{
	struct telling *t = ctx;

	switch (event) {
	case STORE_IMPORT_READ: /* damage found in the store is reported, not fatal */
		t->c->damaged |= p->m.damaged;
		say(t, d);
		break;
	case STORE_IMPORT_RESOLVED: /* the runs' lines written while the rest is resolved */
		if (!t->resolving) {
			t->resolving = 1;
			say(t, d); /* (the parse's warnings first, as ever) */
			t->plan = plan_begin(&p->m, &p->res, stdout);
		}
		if (t->plan)
			plan_resolved(t->plan, p->resolved);
		break;
	case STORE_IMPORT_PLANNED:
		say(t, d);
		if (t->plan)
			plan_end(t->plan);
		else
			plan_print(&p->m, &p->res, stdout);
		t->plan = NULL;
		break;
	case STORE_IMPORT_EDIT:
		say(t, d);
		if (p->edit < 0)
			fputs("benchdelta: import: nothing stored\n", stderr);
		else if (p->edit > 0 && all_same_text(&p->res))
			t->unsaid = p->edit; /* one line: "already imported ... renamed by edit N" */
		else if (p->edit > 0)
			printf("recorded edit %ld: --set-variant (undo: 'benchdelta undo %ld')\n", p->edit, p->edit);
		break;
	case STORE_IMPORT_INPUT:
		say(t, d);
		break;
	}
}

int cmd_import(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "variant", required_argument, NULL, 'V' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "set-variant", required_argument, NULL, 's' },
		{ "no-token", no_argument, NULL, 'T' },
		{ "no-follow", no_argument, NULL, 'F' },
		{ "no-hand-written", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct store_import_opts so = { .io = { .last_import = 1 } }; /* (this command imports once) */
	struct import_opts *io = &so.io;
	struct set_variant *sets = NULL;
	size_t nsets = 0, sets_cap = 0;
	struct diag d = DIAG_INIT;
	struct cli_inputs in;
	struct cli_threads th = { NULL, 0 };
	struct store_import_plan p;
	struct telling tl = { c, 0, 0, NULL, 0 };
	char *dir;
	int dry = 0, opt, rc = BD_EXIT_OK;
	int no_token = 0, follow = 1;
	size_t found = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:V:s:nh", opts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			if (!*optarg)
				return cli_usage_error(c, "import", "-e needs a non-empty experiment name");
			io->experiment = cli_clean_arg(optarg);
			break;
		case 'V':
			if (!*optarg)
				return cli_usage_error(c, "import", "-V needs a non-empty variant name");
			io->variant = cli_clean_arg(optarg);
			break;
		case 'n':
			dry = 1;
			break;
		case 'T':
			no_token = 1;
			break;
		case 'F':
			follow = 0;
			break;
		case 'H':
			io->no_hand = 1;
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
	io->set = sets;
	io->nset = nsets;

	/* threads first: a thread that cannot be fetched whole stops everything */
	rc = cli_read_inputs_and_threads(argv + optind, argc - optind, no_token, follow, &in, &th, &d);
	if (rc != BD_EXIT_OK) {
		cli_inputs_release(&in);
		free(sets);
		return rc;
	}
	diag_print(&d, 0, stderr);
	diag_release(&d);

	dir = store_default_dir_dup(c->store);
	so.dry = dry;
	so.told = told;
	so.ctx = &tl;
	if (store_import(dir, in.v, in.n, &so, &p, &d) < 0)
		rc = BD_EXIT_INPUT;
	c->damaged |= p.m.damaged;
	say(&tl, &d);
	diag_release(&d);
	if (!p.read) {
		store_import_release(&p);
		free(dir);
		free(sets);
		cli_inputs_release(&in);
		cli_threads_release(&th);
		return BD_EXIT_INPUT;
	}
	for (size_t i = 0; i < p.res.ninputs; i++)
		if (p.res.inputs[i].status != IMPORT_EMPTY)
			found++;
	if (p.edit >= 0) {
		plan_summary(&p.m, &p.res, in.v, dry, p.edit, tl.unsaid > 0, stdout);
		cli_threads_summary(&th, &p.res, dry, stdout);
	}

	if (in.unreadable)
		rc = BD_EXIT_INPUT;
	else if (rc == BD_EXIT_OK && !found)
		rc = BD_EXIT_EMPTY;
	store_import_release(&p);
	cli_inputs_release(&in);
	cli_threads_release(&th);
	free(dir);
	free(sets);
	return rc;
}
