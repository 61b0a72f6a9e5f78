/*
 * list.c - `benchdelta list [experiments|variants|runs|imports] [-e EXP]`: what the
 * store holds, as aligned tables.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/table.h"
#include "parsers/names.h"

static const char usage[] =
	"usage: benchdelta list [experiments|variants|runs|imports] [-e EXP]\n"
	"\n"
	"  experiments   one line per experiment (the default)\n"
	"  variants      the variants of each experiment; * marks the baseline\n"
	"  runs          every run: id, variant, scenario, format, where it came from\n"
	"  imports       every import: the id 'rm --import' and 'move' take, its experiment\n"
	"  -e, --experiment EXP  only this experiment\n";

static void list_experiments(const struct model *m, const struct experiment *only)
{
	struct table t;

	table_init(&t, 6, "llrrrl");
	table_add(&t, "EXPERIMENT");
	table_add(&t, "IMPORTED");
	table_add(&t, "VARIANTS");
	table_add(&t, "RUNS");
	table_add(&t, "MEASUREMENTS");
	table_add(&t, "TOOLS");
	for (size_t e = 0; e < m->nexps; e++) {
		const struct experiment *x = &m->exps[e];
		struct buf tools = BUF_INIT;

		if (only && only != x)
			continue;
		fmt_tools(&tools, x->fmts);
		table_add(&t, x->name);
		table_addf(&t, "%.10s", x->imported);
		table_addf(&t, "%zu", x->nvariants);
		table_addf(&t, "%zu", x->nruns);
		table_addf(&t, "%zu", x->nmeas);
		table_add(&t, buf_str(&tools));
		buf_release(&tools);
	}
	table_print(&t, stdout);
	table_release(&t);
}

static void list_variants(const struct model *m, const struct experiment *only)
{
	struct table t;

	table_init(&t, 4, "llrl");
	table_add(&t, "EXPERIMENT");
	table_add(&t, "VARIANT");
	table_add(&t, "RUNS");
	table_add(&t, "BASELINE");
	for (size_t e = 0; e < m->nexps; e++) {
		const struct experiment *x = &m->exps[e];

		if (only && only != x)
			continue;
		for (size_t v = 0; v < x->nvariants; v++) {
			table_add(&t, x->name);
			table_add(&t, x->variants[v].text);
			table_addf(&t, "%zu", x->variants[v].nruns);
			table_add(&t, !strcmp(x->variants[v].key, x->baseline) ? "*" : "");
		}
	}
	table_print(&t, stdout);
	table_release(&t);
}

static void list_runs(const struct model *m, const struct experiment *only)
{
	size_t *nmeas = model_meas_per_run(m);
	struct table t;

	table_init(&t, 8, "llllllrl");
	table_add(&t, "RUN");
	table_add(&t, "EXPERIMENT");
	table_add(&t, "VARIANT");
	table_add(&t, "SCENARIO");
	table_add(&t, "FORMAT");
	table_add(&t, "SOURCE");
	table_add(&t, "MEASUREMENTS");
	table_add(&t, "FLAGS");
	for (size_t e = 0; e < m->nexps; e++) {
		const struct experiment *x = &m->exps[e];

		if (only && only != x)
			continue;
		for (size_t k = 0; k < x->nruns; k++) {
			const struct run *r = &m->rs.runs[x->runs[k]];

			table_add(&t, r->id);
			table_add(&t, x->name);
			table_add(&t, r->eff_variant.text);
			table_add(&t, r->eff_scenario);
			table_add(&t, fmt_name(r->fmt));
			table_addf(&t, "%s:%u-%u", m->sources[r->source].name, (unsigned)r->first_line,
				   (unsigned)r->last_line);
			table_addf(&t, "%zu", nmeas[x->runs[k]]);
			{
				struct buf fl = BUF_INIT;

				run_flags_words(&fl, r->flags, " ");
				table_add(&t, fl.s ? fl.s : "");
				buf_release(&fl);
			}
		}
	}
	table_print(&t, stdout);
	table_release(&t);
	free(nmeas);
}

static void list_imports(const struct model *m, const struct experiment *only)
{
	size_t *nruns = xcalloc(m->nsources ? m->nsources : 1, sizeof(*nruns));
	const char **exp = xcalloc(m->nsources ? m->nsources : 1, sizeof(*exp));
	struct table t;

	for (size_t r = 0; r < m->rs.nruns; r++) {
		nruns[m->rs.runs[r].source]++;
		exp[m->rs.runs[r].source] = m->rs.runs[r].eff_experiment;
	}
	table_init(&t, 5, "llrll");
	table_add(&t, "IMPORT");
	table_add(&t, "IMPORTED");
	table_add(&t, "RUNS");
	table_add(&t, "EXPERIMENT");
	table_add(&t, "SOURCE");
	for (size_t s = 0; s < m->nsources; s++) {
		if (only && (!exp[s] || strcmp(exp[s], only->name)))
			continue;
		table_addf(&t, "%.12s", m->sources[s].hash);
		table_addf(&t, "%.10s", m->sources[s].imported);
		table_addf(&t, "%zu", nruns[s]);
		table_add(&t, exp[s] ? exp[s] : "-");
		table_add(&t, m->sources[s].name);
	}
	table_print(&t, stdout);
	table_release(&t);
	free(nruns);
	free(exp);
}

int cmd_list(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *what = "experiments", *exp = NULL;
	const struct experiment *only;
	struct model m;
	int opt, rc;

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
			return cli_usage_error(c, "list", "unknown option");
		}
	}
	if (optind < argc)
		what = argv[optind++];
	if (optind < argc)
		return cli_usage_error(c, "list", "too many arguments");
	if (strcmp(what, "experiments") && strcmp(what, "variants") && strcmp(what, "runs") &&
	    strcmp(what, "imports"))
		return cli_usage_error(c, "list", "list experiments, variants, runs or imports, not '%s'",
				       what);

	model_init(&m);
	/* experiments and their variants: the store's index has them; only `list runs` shows figures */
	if (!strcmp(what, "runs"))
		c->need = NEED_RECORDS;
	else if (!strcmp(what, "imports"))
		c->need = NEED_RUNS;
	rc = cli_load_experiment(c, &m, exp, &only);
	if (rc == BD_EXIT_OK)
		cli_advise_reparse(c, &m);
	if (rc == BD_EXIT_OK) {
		if (!m.nexps)
			fprintf(stderr, "benchdelta: the store is empty; add logs with 'benchdelta import FILE'\n");
		else if (!strcmp(what, "experiments"))
			list_experiments(&m, only);
		else if (!strcmp(what, "imports"))
			list_imports(&m, only);
		else if (!strcmp(what, "variants"))
			list_variants(&m, only);
		else
			list_runs(&m, only);
	}
	model_release(&m);
	return rc;
}
