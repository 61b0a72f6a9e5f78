/*
 * history.c - `benchdelta history METRIC`: a metric's figures across every
 * import and experiment, oldest import first, per scenario and variant,
 * with a sparkline of them over time: browsing past runs (last month's CI
 * logs beside today's). The TUI's H shows the same runs (store/trace.c).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/table.h"
#include "parsers/names.h"
#include "parsers/units.h"
#include "store/trace.h"
#include "util/plot.h"
#include "util/strmap.h"

static const char usage[] =
	"usage: benchdelta history [-V VARIANT]... [-s SCENARIO] [--ascii] METRIC\n"
	"\n"
	"A metric's figures in every experiment, oldest import first: per scenario\n"
	"and variant, each run's figure, n, spread, experiment and source lines,\n"
	"under a sparkline of the figures over time. METRIC is a name as compare\n"
	"prints it (sender.bitrate, time, read.ops_per_sec).\n"
	"\n"
	"  -V, --variant VARIANT    only this variant (again for more; default: every one)\n"
	"  -s, --scenario SCENARIO  only this scenario (default: every one)\n"
	"  --ascii                  draw the sparkline with ASCII characters (the default\n"
	"                           when the locale is not UTF-8)\n";

#define SPARK_MAX 40

/* One (subject, quantity) a metric name stands for. */
struct series_key {
	const char *subject, *quantity;
};

/* Add (r's subject, quantity) to k[0..*n) when its metric name is `metric` and it is new there. */
static void add_key(struct series_key **k, size_t *n, size_t *cap, struct buf *name, const char *metric,
		    const struct run *r, const char *quantity)
{
	buf_reset(name);
	metric_name(name, r->subject, quantity, STAT_VALUE);
	if (strcmp(buf_str(name), metric))
		return;
	for (size_t j = 0; j < *n; j++)
		if (!strcmp((*k)[j].subject, r->subject) && !strcmp((*k)[j].quantity, quantity))
			return;
	ALLOC_GROW(*k, *n + 1, *cap);
	(*k)[*n].subject = r->subject;
	(*k)[(*n)++].quantity = quantity;
}

/*
 * The (subject, quantity) pairs whose metric name is `metric`, in the
 * order their first measurement was stored (or, in a snapshot of the
 * metric, their first run). Heap; *n set.
 */
static struct series_key *resolve(const struct model *m, const char *metric, size_t *n)
{
	struct series_key *k = NULL;
	struct buf name = BUF_INIT;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; m->figs && i < m->rs.nruns; i++)
		if (m->fig_quantity[i] && m->figs[i].measured)
			add_key(&k, n, &cap, &name, metric, &m->rs.runs[i], m->fig_quantity[i]);
	for (size_t i = 0; i < m->rs.nmeas; i++)
		add_key(&k, n, &cap, &name, metric, &m->rs.runs[m->rs.meas[i].run], m->rs.meas[i].quantity);
	buf_release(&name);
	return k;
}

/* Whether `s` is among list[0..n) (n == 0: any). */
static int wanted(const char *s, char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return 1;
	return n == 0;
}

/* One variant's runs in one scenario: its line with the sparkline, then a table of the runs. */
static void print_variant(struct model *m, const uint32_t *runs, size_t n, const char *quantity,
			  int utf8, FILE *fp)
{
	double *v = xcalloc(n, sizeof(*v));
	struct buf b = BUF_INIT;
	struct table t;
	double lo = INFINITY, hi = -INFINITY;
	enum unit unit = UNIT_NONE;
	char a[48], z[48];

	table_init(&t, 7, "lrrllll");
	table_add(&t, "  IMPORTED");
	table_add(&t, "VALUE");
	table_add(&t, "N");
	table_add(&t, "SPREAD");
	table_add(&t, "RUN");
	table_add(&t, "SOURCE");
	table_add(&t, "EXPERIMENT");
	for (size_t i = 0; i < n; i++) {
		const struct run *r = &m->rs.runs[runs[i]];
		const struct source *s = &m->sources[r->source];
		struct run_figure f;
		char when[32], val[48];

		trace_run_figure(m, runs[i], quantity, &f);
		v[i] = f.present ? f.center : NAN;
		if (f.present)
			unit = f.unit;
		if (isfinite(v[i]) && v[i] < lo)
			lo = v[i];
		if (isfinite(v[i]) && v[i] > hi)
			hi = v[i];
		table_addf(&t, "  %s", trace_text_when(s->imported, when, sizeof(when)));
		table_add(&t, isfinite(v[i]) ? unit_format(v[i], f.unit, val, sizeof(val)) : "-");
		if (f.n)
			table_addf(&t, "%u", (unsigned)f.n);
		else if (f.nsamples)
			table_addf(&t, "%zu", f.nsamples);
		else
			table_add(&t, "");
		buf_reset(&b);
		trace_text_spread(&f, &b);
		table_add(&t, buf_str(&b));
		table_add(&t, r->id);
		table_addf(&t, "%s:%u-%u", s->name, (unsigned)r->first_line, (unsigned)r->last_line);
		table_add(&t, r->eff_experiment); /* the experiment it is listed in */
	}
	buf_reset(&b);
	trace_text_variant(m, runs[n - 1], &b); /* the name as its latest run spells it */
	fprintf(fp, "%s: %zu run%s", buf_str(&b), n, n == 1 ? "" : "s");
	if (isfinite(lo)) {
		buf_reset(&b);
		plot_sparkline(&b, v, n, n < SPARK_MAX ? (int)n : SPARK_MAX, utf8);
		fprintf(fp, ", %s [%s] %s", unit_format(lo, unit, a, sizeof(a)), buf_str(&b),
			unit_format(hi, unit, z, sizeof(z)));
	}
	fputc('\n', fp);
	table_print(&t, fp);
	table_release(&t);
	buf_release(&b);
	free(v);
}

/*
 * Every scenario of one (subject, quantity), in the order of the oldest
 * import that has it, and in each every variant wanted, in the order of
 * its oldest run: a heading per scenario, then each variant's runs.
 * *printed counts the scenarios printed so far (a blank line between).
 */
static void print_series(struct model *m, const char *metric, const struct series_key *k,
			 char **variants, size_t nvariants, const char *scenario, int utf8,
			 size_t *printed)
{
	struct strmap scenarios = STRMAP_INIT;
	uint32_t *all, dummy;
	size_t nall = trace_history(m, NULL, scenario, k->subject, k->quantity, &all);
	uint32_t *runs = xmalloc((nall ? nall : 1) * sizeof(*runs));

	for (size_t i = 0; i < nall; i++) {
		const char *scen = m->rs.runs[all[i]].eff_scenario;
		struct strmap shown = STRMAP_INIT;
		int heading = 0;

		if (strmap_get(&scenarios, scen, &dummy))
			continue;
		strmap_put(&scenarios, scen, 1);
		for (size_t j = i; j < nall; j++) {
			const struct run *r = &m->rs.runs[all[j]];
			size_t n = 0;

			if (strcmp(r->eff_scenario, scen) || !wanted(r->eff_variant.key, variants, nvariants) ||
			    strmap_get(&shown, r->eff_variant.key, &dummy))
				continue;
			strmap_put(&shown, r->eff_variant.key, 1);
			/* its history (trace_history() of this variant and scenario): those runs of `all` */
			for (size_t q = j; q < nall; q++) {
				const struct run *x = &m->rs.runs[all[q]];

				if (!strcmp(x->eff_scenario, scen) && !strcmp(x->eff_variant.key, r->eff_variant.key))
					runs[n++] = all[q];
			}
			if (!heading) {
				printf("%s%s%s%s\n", (*printed)++ ? "\n" : "", metric, *scen ? " \xc2\xb7 " : "", scen);
				heading = 1;
			}
			print_variant(m, runs, n, k->quantity, utf8, stdout);
		}
		strmap_release(&shown);
	}
	strmap_release(&scenarios);
	free(runs);
	free(all);
}

int cmd_history(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "variant", required_argument, NULL, 'V' },
		{ "scenario", required_argument, NULL, 's' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char **variants = NULL;
	size_t nvariants = 0, cap = 0, nkeys;
	const char *scenario = NULL;
	struct series_key *keys;
	struct store_select sel = { 0 };
	struct model m;
	int opt, utf8 = plot_utf8(), rc;
	size_t printed = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "V:s:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'V':
			ALLOC_GROW(variants, nvariants + 1, cap);
			variants[nvariants++] = optarg;
			break;
		case 's':
			scenario = optarg;
			break;
		case 'a':
			utf8 = 0;
			break;
		case 'h':
			fputs(usage, stdout);
			free(variants);
			return BD_EXIT_OK;
		default:
			free(variants);
			return cli_usage_error(c, "history", "unknown option");
		}
	}
	if (argc - optind != 1) {
		free(variants);
		return cli_usage_error(c, "history", "which metric? (as compare names it)");
	}
	model_init(&m);
	sel.metric = argv[optind];
	rc = cli_load_select(c, &sel, &m);
	if (rc != BD_EXIT_OK)
		goto out;
	/* variants are named as imported: compare by key, as everywhere */
	for (size_t i = 0; i < nvariants; i++)
		variants[i] = (char *)model_variant_key(&m, variants[i]);
	keys = resolve(&m, argv[optind], &nkeys);
	for (size_t i = 0; i < nkeys; i++)
		print_series(&m, argv[optind], &keys[i], variants, nvariants, scenario, utf8, &printed);
	if (!nkeys) {
		fprintf(stderr, "benchdelta: no metric \"%s\" in the store (compare and export name them)\n",
			argv[optind]);
		rc = BD_EXIT_USAGE;
	} else if (!printed) {
		fprintf(stderr, "benchdelta: no run of %s%s%s\n", nvariants ? "those variants" : "any variant",
			scenario ? " in that scenario" : "", " has that metric");
		rc = BD_EXIT_USAGE;
	}
	free(keys);
out:
	model_release(&m);
	free(variants);
	return rc;
}
