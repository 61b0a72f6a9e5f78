/*
 * tag.c - `benchdelta tag [-e EXP] VARIANT [FACTOR=LEVEL...]`: set a
 * variant's level of a build factor over what its name says (one edit of
 * the journal, a row per factor, undoable), or show its factors.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "parsers/factors.h"
#include "store/csvstore.h"
#include "store/flows.h"
#include "store/journal.h"
#include "store/load.h"
#include "store/pairs.h"
#include "util/buf.h"

static const char usage[] =
	"usage: benchdelta tag [-e EXP] VARIANT [FACTOR=LEVEL...]\n"
	"\n"
	"Set VARIANT's level of FACTOR over what its name says (FACTOR= : it has no\n"
	"such factor); without FACTOR=LEVEL, show its factors. FACTOR is one of the\n"
	"factor table's (pgo, lto, bolt, cgu, opt, alloc, target-cpu, ...; see FACTORS\n"
	"in benchdelta(1)) or a word of your own (dataset=large). words=TEXT sets the\n"
	"name's other words (words= : none), for names that differ in words that do\n"
	"not matter (\"rathole\" in one, not in the other). Recorded, undoable.\n"
	"\n"
	"  -e, --experiment EXP  only in this experiment (else wherever VARIANT appears)\n";

/* A factor name of the user's own: a letter, then letters, digits, '-' or '_'. */
static int own_name(const char *s)
{
	if (!(*s >= 'a' && *s <= 'z'))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

/*
 * FACTOR=LEVEL into the journal's form, "pgo=optimized", in arena `a`;
 * NULL after saying why.
 */
static const char *tag_value(struct cli *c, struct arena *a, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char name[48], level[FACTOR_LEVEL_MAX];
	size_t n;
	int f;

	if (!eq) {
		cli_usage_error(c, "tag", "'%s' is not FACTOR=LEVEL", arg);
		return NULL;
	}
	n = (size_t)(eq - arg);
	if (!n || n >= sizeof(name) || strlen(eq + 1) >= sizeof(level)) {
		cli_usage_error(c, "tag", "'%s': a factor of 1 to %zu characters and a level of at most %zu",
				arg, sizeof(name) - 1, sizeof(level) - 1);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		name[i] = (char)(arg[i] >= 'A' && arg[i] <= 'Z' ? arg[i] - 'A' + 'a' : arg[i]);
	name[n] = '\0';
	f = own_name(name) ? factor_lookup(name) : -1;
	if (!strcmp(name, PAIRS_WORDS)) /* the other words, as they are written */
		return arena_printf(a, "%s=%s", name, eq + 1);
	if (f < 0 && !own_name(name)) {
		cli_usage_error(c, "tag", "'%s' is no factor of the table (pgo, lto, bolt, ...) nor a name of "
					  "your own (a letter, then letters, digits, '-' or '_')",
				name);
		return NULL;
	}
	factor_normalize_level(f, eq + 1, level, sizeof(level));
	return arena_printf(a, "%s=%s", f >= 0 ? factor_name((enum factor_id)f) : name, level);
}

/* Print each experiment's line for variant `key`: its factors as they are now. */
static void show(const struct model *m, const struct experiment *only, const char *key)
{
	for (size_t e = 0; e < m->nexps; e++) {
		const struct experiment *x = &m->exps[e];
		const struct variant_info *v = model_variant(x, key);
		struct fx_exp fx;
		struct buf b = BUF_INIT;

		if ((only && only != x) || !v)
			continue;
		fx_read(m, x, &fx);
		fx_variant_factors(&fx, (size_t)(v - x->variants), 1, &b);
		printf("%s in \"%s\": %s", v->text, x->name,
		       b.len ? b.s : fx.variants[v - x->variants].named ? "the base" : "no factor in its name");
		if (*fx.variants[v - x->variants].words)
			printf("  (other words: %s)", fx.variants[v - x->variants].words);
		putchar('\n');
		buf_release(&b);
		fx_release(&fx);
	}
}

static int run(struct cli *c, const char *exp, const char *variant, char **specs, int nspecs)
{
	struct diag d = DIAG_INIT;
	struct store st;
	struct model m;
	const struct experiment *only = NULL, *last = NULL;
	char *dir = store_default_dir_dup(c->store);
	struct edit_row *rows = xcalloc((size_t)nspecs + 1, sizeof(*rows));
	struct buf what = BUF_INIT;
	const char *key, *only_name;
	size_t holders = 0;
	int rc = BD_EXIT_OK, clean;
	long id;

	model_init(&m);
	if (store_open(&st, dir, 0, &d) < 0 || (nspecs && (store_lock(&st, &d) < 0 || journal_settle(&st, &d) < 0)) ||
	    store_snapshot(&st, NULL, NEED_RUNS, &m, &d) < 0) {
		diag_print(&d, 0, stderr);
		rc = BD_EXIT_INPUT;
		goto out;
	}
	clean = !d.n && !m.damaged;
	diag_print(&d, 0, stderr);
	diag_release(&d);
	c->damaged |= m.damaged;
	if (exp && !(only = cli_find_experiment(&m, exp))) {
		rc = BD_EXIT_USAGE;
		goto out;
	}
	only_name = only ? only->name : NULL;
	key = model_variant_key(&m, variant);
	for (size_t e = 0; e < m.nexps; e++)
		if ((!only || only == &m.exps[e]) && model_variant(&m.exps[e], key))
			holders++, last = &m.exps[e];
	if (!holders) {
		fprintf(stderr, "benchdelta: tag: no variant \"%s\"%s%s (see 'benchdelta list variants')\n",
			variant, only ? " in " : "", only ? only->name : "");
		rc = BD_EXIT_USAGE;
		goto out;
	}
	if (!nspecs) {
		show(&m, only, key);
		goto out;
	}
	for (int i = 0; i < nspecs; i++) {
		const char *value = tag_value(c, &m.arena, specs[i]);

		if (!value) {
			rc = BD_EXIT_USAGE;
			goto out;
		}
		rows[i].op = EDIT_TAG;
		rows[i].experiment = only ? only->name : holders == 1 ? last->name : "";
		rows[i].target = key;
		rows[i].value = value;
		buf_addf(&what, "%s%s", i ? " " : "", value);
	}
	{
		struct buf line = BUF_INIT;
		struct store_edit_op op = { "tag", NULL, rows, (size_t)nspecs };

		buf_addf(&line, "variant \"%s\" tagged %s %s%s%s", model_variant(last, key)->text, what.s,
			 *rows[0].experiment ? "in \"" : "everywhere", rows[0].experiment,
			 *rows[0].experiment ? "\"" : "");
		op.what = line.s;
		/* every import read under the lock: the index written again with the edit (`m`
		 * resolved again: its experiments are new) */
		id = clean ? store_edit_loaded(&st, &m, &op, &d) : store_edit(&st, &m, &op, &d);
		buf_release(&line);
		if (only_name)
			only = model_experiment(&m, only_name);
	}
	diag_print(&d, 0, stderr);
	if (id < 0) {
		fprintf(stderr, "benchdelta: tag: nothing recorded\n");
		rc = BD_EXIT_INPUT;
		goto out;
	}
	show(&m, only, key);
	if (id > 0)
		printf("recorded edit %ld (undo it with 'benchdelta undo %ld')\n", id, id);
	else
		printf("already so: nothing recorded\n");
out:
	free(rows);
	buf_release(&what);
	store_close(&st);
	diag_release(&d);
	model_release(&m);
	free(dir);
	return rc;
}

int cmd_tag(struct cli *c, int argc, char **argv)
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
			return cli_usage_error(c, "tag", "unknown option");
		}
	}
	if (optind >= argc)
		return cli_usage_error(c, "tag", "name the variant, then FACTOR=LEVEL...");
	return run(c, exp, argv[optind], argv + optind + 1, argc - optind - 1);
}
