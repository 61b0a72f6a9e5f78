/*
 * common.c - store loading and argument helpers shared by subcommands.
 */
#include "cli/common.h"

#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/parser.h"
#include "store/compare.h"
#include "store/csvstore.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/text.h"

int cli_usage_error(struct cli *c, const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", c->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cmd)
		fprintf(stderr, "Try '%s %s --help'.\n", c->prog, cmd);
	else
		fprintf(stderr, "Try '%s --help'.\n", c->prog);
	return BD_EXIT_USAGE;
}

int cli_load(struct cli *c, const char *exp, struct model *m)
{
	struct store_select sel = { .experiment = exp, .fuzzy = 1 };

	return cli_load_select(c, &sel, m);
}

int cli_load_select(struct cli *c, const struct store_select *sel, struct model *m)
{
	struct diag d = DIAG_INIT;
	struct store st;
	char *dir = store_default_dir_dup(c->store);
	int rc = BD_EXIT_OK;

	if (store_open(&st, dir, 0, &d) < 0 || store_snapshot(&st, sel, c->need, m, &d) < 0)
		rc = BD_EXIT_INPUT;
	c->damaged |= m->damaged;
	diag_print(&d, 0, stderr);
	diag_release(&d);
	store_close(&st);
	free(dir);
	return rc;
}

const struct experiment *cli_match_experiment(const struct model *m, const char *name, size_t *hits)
{
	return model_match_experiment(m, name, hits);
}

const struct experiment *cli_find_experiment(const struct model *m, const char *name)
{
	size_t hits;
	const struct experiment *found = model_match_experiment(m, name, &hits);

	if (found)
		return found;
	if (hits == 0)
		fprintf(stderr, "benchdelta: no experiment named \"%s\" (see 'benchdelta list')\n", name);
	else
		fprintf(stderr, "benchdelta: \"%s\" matches %zu experiments; name one exactly\n", name, hits);
	return NULL;
}

int cli_load_experiment(struct cli *c, struct model *m, const char *exp,
			const struct experiment **only)
{
	int rc = cli_load(c, exp, m);

	*only = NULL;
	if (rc == BD_EXIT_OK && exp && !(*only = cli_find_experiment(m, exp)))
		rc = BD_EXIT_USAGE;
	return rc;
}

int cli_edit_options(struct cli *c, int argc, char **argv, const char *cmd, const char *usage,
		     int *dry, const char **import)
{
	static const struct option opts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "import", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, dry ? "nh" : "h", opts, NULL)) != -1) {
		if (opt == 'n' && dry) {
			*dry = 1;
		} else if (opt == 'i' && import) {
			*import = optarg;
		} else if (opt == 'h') {
			fputs(usage, stdout);
			return BD_EXIT_OK;
		} else {
			return cli_usage_error(c, cmd, "unknown option");
		}
	}
	return -1;
}

char *cli_clean_arg(char *s)
{
	struct buf b = BUF_INIT;
	size_t n = strlen(s);

	if (text_has_control(s, n)) {
		text_clean(&b, s, n); /* one byte for each character it replaces: never longer */
		memcpy(s, b.s, b.len + 1);
		buf_release(&b);
	}
	return s;
}

void cli_advise_reparse(struct cli *c, const struct model *m)
{
	char *dir = store_default_dir_dup(c->store);
	struct store st = { dir, -1 };
	int gen;

	if ((m->nsources || (m->summary && m->nexps)) && (gen = store_parsers(&st)) < PARSERS_GENERATION)
		fprintf(stderr,
			"benchdelta: note: the stored imports were read by older parsers (generation %d, "
			"now %d): 'benchdelta reparse' reads them again\n",
			gen, PARSERS_GENERATION);
	free(dir);
}

int cli_parse_number(const char *s, double *out)
{
	char *end;

	*out = strtod(s, &end);
	if (end != s && *end == '%')
		end++;
	return end != s && !*end && isfinite(*out) ? 0 : -1;
}

int cli_judge_option(struct cli *c, const char *cmd, int opt, const char *arg, struct cmp_opts *o)
{
	if (opt == 'A' && (cli_parse_number(arg, &o->alpha) < 0 || !(o->alpha > 0 && o->alpha < 1)))
		return cli_usage_error(c, cmd, "--alpha needs a level between 0 and 1, not '%s'", arg);
	if (opt == 'T' && (cli_parse_number(arg, &o->threshold) < 0 || o->threshold < 0))
		return cli_usage_error(c, cmd, "--threshold needs a percentage >= 0, not '%s'", arg);
	return BD_EXIT_OK;
}
