/*
 * compare.c - `benchdelta compare [-e EXP] [BASE [CAND...]] [-f FMT] ...`:
 * the compare engine's tables for a baseline and its candidates, as text,
 * Markdown, CSV or JSON (cli/format*.c), and exit status 4 for CI when
 * --fail-on-regression finds a significant regression beyond its limit.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/format.h"
#include "store/compare_text.h"

static const char usage[] =
	"usage: benchdelta compare [-e EXP] [--matrix] [BASE [CAND...]] [-f text|markdown|csv|json]\n"
	"                          [--alpha A] [--threshold PCT] [--correct holm]\n"
	"                          [--fail-on-regression PCT]\n"
	"       benchdelta compare -e EXP BASE -E EXP2 CAND [-f ...] [--alpha A] ...\n"
	"\n"
	"  BASE                 the baseline variant (default: the experiment's, see 'list variants')\n"
	"  CAND...              the candidates (default: every other variant)\n"
	"  -e, --experiment EXP the experiment (needed when the store holds several)\n"
	"  -E, --candidate-experiment EXP2\n"
	"                       the candidate is a variant of another experiment (a rerun,\n"
	"                       another thread): BASE of EXP against CAND of EXP2, with a\n"
	"                       warning that they come from different sources\n"
	"  -f, --format FMT     text (default), markdown (a table for an issue), csv or json\n"
	"  -m, --matrix         every variant in one table, the baseline first (as the UI's Matrix)\n"
	"  --alpha A            significance level, 0 < A < 1 (default 0.05)\n"
	"  --threshold PCT      changes smaller than PCT % of the baseline are noise (default 1)\n"
	"  --correct holm       Holm-adjust the p-values of each candidate's table\n"
	"  --fail-on-regression PCT\n"
	"                       exit with status 4 when a change is a significant regression\n"
	"                       larger than PCT % of the baseline\n";

enum { OPT_ALPHA = 256, OPT_THRESHOLD, OPT_CORRECT, OPT_FAIL };

/* The key of the variant of `e` the user named (its text or key, any case), or NULL after saying why. */
static const char *find_variant(struct model *m, const struct experiment *e, const char *name)
{
	const struct variant_info *v = model_variant(e, model_variant_key(m, name));

	for (size_t i = 0; !v && i < e->nvariants; i++)
		if (!strcmp(e->variants[i].text, name))
			v = &e->variants[i];
	if (v)
		return v->key;
	fprintf(stderr, "benchdelta: experiment \"%s\" has no variant \"%s\"; its variants:", e->name, name);
	for (size_t i = 0; i < e->nvariants; i++)
		fprintf(stderr, "%s %s", i ? "," : "", e->variants[i].text);
	fputc('\n', stderr);
	return NULL;
}

/* The experiment to compare: -e's, else the only one. NULL after saying why (*rc set). */
static const struct experiment *pick_experiment(struct cli *c, const struct model *m,
						const char *name, int *rc)
{
	const struct experiment *e;

	if (!m->nexps) {
		fprintf(stderr, "benchdelta: the store is empty; add logs with 'benchdelta import FILE'\n");
		*rc = BD_EXIT_EMPTY;
		return NULL;
	}
	if (name) {
		if (!(e = cli_find_experiment(m, name)))
			*rc = BD_EXIT_USAGE;
		return e;
	}
	if (m->nexps == 1)
		return &m->exps[0];
	*rc = cli_usage_error(c, "compare", "the store holds %zu experiments; choose one with -e (see 'benchdelta list')",
			      m->nexps);
	return NULL;
}

/* The worst significant regression beyond `limit` %, or NULL. */
static const struct cmp_row *regression(const struct cmp_table *t, double limit)
{
	const struct cmp_row *worst = NULL;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct cmp_row *r = &t->rows[i];

		if (!r->significant || r->verdict != CMP_WORSE)
			continue;
		if (r->has_delta && !(fabs(r->delta_pct) > limit))
			continue;
		if (!worst || (r->has_delta && fabs(r->delta_pct) > fabs(worst->delta_pct)))
			worst = r;
	}
	return worst;
}

struct args {
	const char *exp, *fmt;
	const char *cand_exp; /* -E: the candidate's experiment, or NULL */
	struct cmp_opts opts;
	double fail; /* NAN: no --fail-on-regression */
	int matrix;  /* --matrix */
	char **names;
	int nnames;
};

static int parse_args(struct cli *c, int argc, char **argv, struct args *a)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "candidate-experiment", required_argument, NULL, 'E' },
		{ "format", required_argument, NULL, 'f' },
		{ "matrix", no_argument, NULL, 'm' },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "threshold", required_argument, NULL, OPT_THRESHOLD },
		{ "correct", required_argument, NULL, OPT_CORRECT },
		{ "fail-on-regression", required_argument, NULL, OPT_FAIL },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:E:f:mh", opts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			a->exp = optarg;
			break;
		case 'E':
			a->cand_exp = optarg;
			break;
		case 'f':
			a->fmt = optarg;
			break;
		case 'm':
			a->matrix = 1;
			break;
		case OPT_ALPHA:
		case OPT_THRESHOLD:
			if (cli_judge_option(c, "compare", opt == OPT_ALPHA ? 'A' : 'T', optarg, &a->opts))
				return BD_EXIT_USAGE;
			break;
		case OPT_CORRECT:
			if (strcmp(optarg, "holm") && strcmp(optarg, "none"))
				return cli_usage_error(c, "compare", "--correct knows holm (or none), not '%s'", optarg);
			a->opts.holm = !strcmp(optarg, "holm");
			break;
		case OPT_FAIL:
			if (cli_parse_number(optarg, &a->fail) < 0 || a->fail < 0)
				return cli_usage_error(c, "compare", "--fail-on-regression needs a percentage >= 0, not '%s'", optarg);
			break;
		case 'h':
			fputs(usage, stdout);
			return -1;
		default:
			return cli_usage_error(c, "compare", "unknown option");
		}
	}
	if (strcmp(a->fmt, "text") && strcmp(a->fmt, "markdown") && strcmp(a->fmt, "csv") &&
	    strcmp(a->fmt, "json"))
		return cli_usage_error(c, "compare", "unknown format '%s' (text, markdown, csv or json)", a->fmt);
	a->names = argv + optind;
	a->nnames = argc - optind;
	if (a->matrix && a->nnames > 1)
		return cli_usage_error(c, "compare", "--matrix shows every variant: name the baseline only");
	if (a->cand_exp && (a->matrix || a->nnames != 2 || !a->exp))
		return cli_usage_error(c, "compare", "-E compares one variant of each experiment: "
						     "-e EXP BASE -E EXP2 CAND");
	return BD_EXIT_OK;
}

/* The exit status of --fail-on-regression over tables t[0..n) against candidates cands[]. */
static int check_regressions(const struct experiment *e, const struct cmp_table *t, size_t n,
			     const char *const *cands, const char *base, double fail)
{
	int rc = BD_EXIT_OK;

	for (size_t k = 0; !isnan(fail) && k < n; k++) {
		const struct cmp_row *r = regression(&t[k], fail);
		char d[32], p[32];

		if (!r)
			continue;
		fprintf(stderr, "benchdelta: %s regressed against %s: %s%s%s %s (p %s, %s)\n",
			format_variant(e, cands[k]), format_variant(e, base), r->scenario,
			*r->scenario ? " " : "", r->metric, cmp_text_delta(r, d, sizeof(d)),
			*cmp_text_p(r, p, sizeof(p)) ? p : "-", cmp_method_name(r->method));
		rc = BD_EXIT_REGRESSION;
	}
	return rc;
}

/* `--matrix`: every variant in one table; the exit status. */
static int run_matrix(struct model *m, const struct experiment *e, const struct args *a)
{
	const char *base = a->nnames ? find_variant(m, e, a->names[0]) : e->baseline;
	struct cmp_matrix x;
	int rc = BD_EXIT_OK;

	if (!base)
		return BD_EXIT_USAGE;
	cmp_matrix_build(m, e, base, &a->opts, &x);
	if (!strcmp(a->fmt, "markdown"))
		format_matrix_markdown(&x, stdout);
	else if (!strcmp(a->fmt, "csv"))
		format_matrix_csv(&x, stdout);
	else if (!strcmp(a->fmt, "json"))
		rc = format_matrix_json(&x, stdout) < 0 ? BD_EXIT_INPUT : BD_EXIT_OK;
	else
		format_matrix_text(&x, stdout);
	fflush(stdout);
	if (rc == BD_EXIT_OK && x.ncols > 1)
		rc = check_regressions(e, x.t, x.ntables, x.keys + 1, base, a->fail);
	cmp_matrix_release(&x);
	return rc;
}

/* Build one table per candidate and print them; the exit status. */
static int run(struct model *m, const struct experiment *e, const struct args *a)
{
	const char *base = a->nnames ? find_variant(m, e, a->names[0]) : e->baseline;
	const char **cands = xcalloc(e->nvariants + (size_t)a->nnames + 1, sizeof(*cands));
	struct cmp_table *t;
	struct cmp_report rep = { e, NULL, 0 };
	size_t n = 0;
	int rc = BD_EXIT_OK;

	if (!base) {
		free(cands);
		return BD_EXIT_USAGE;
	}
	for (int i = 1; i < a->nnames; i++) {
		const char *k = find_variant(m, e, a->names[i]);

		if (!k) {
			free(cands);
			return BD_EXIT_USAGE;
		}
		if (!strcmp(k, base)) {
			fprintf(stderr, "benchdelta: \"%s\" is the baseline; name other variants as candidates\n", a->names[i]);
			free(cands);
			return BD_EXIT_USAGE;
		}
		cands[n++] = k;
	}
	if (a->nnames <= 1)
		for (size_t v = 0; v < e->nvariants; v++)
			if (strcmp(e->variants[v].key, base))
				cands[n++] = e->variants[v].key;
	if (!n) {
		fprintf(stderr, "benchdelta: experiment \"%s\" has one variant (%s): nothing to compare it with\n",
			e->name, format_variant(e, base));
		free(cands);
		return BD_EXIT_USAGE;
	}
	t = xcalloc(n, sizeof(*t));
	{
		struct cmp_base cb; /* the baseline is gathered once for all candidates */

		cmp_base_prepare(m, e, base, &a->opts, &cb);
		for (size_t k = 0; k < n; k++)
			cmp_build_against(&cb, cands[k], &t[k]);
		cmp_base_release(&cb);
	}
	cmp_geomeans(t, n);
	rep.t = t;
	rep.n = n;
	if (!strcmp(a->fmt, "markdown"))
		format_markdown(&rep, stdout);
	else if (!strcmp(a->fmt, "csv"))
		format_csv(&rep, stdout);
	else if (!strcmp(a->fmt, "json"))
		rc = format_json(&rep, stdout) < 0 ? BD_EXIT_INPUT : BD_EXIT_OK;
	else
		format_text(&rep, stdout);
	fflush(stdout);
	if (rc == BD_EXIT_OK)
		rc = check_regressions(e, t, n, cands, base, a->fail);
	for (size_t k = 0; k < n; k++)
		cmp_release(&t[k]);
	free(t);
	free(cands);
	return rc;
}

/*
 * `-E`: BASE of experiment e against CAND of experiment e2, as one
 * experiment of the two (model_pair_experiment()); the exit status.
 */
static int run_two(struct model *m, const struct experiment *e, const struct experiment *e2,
		   const struct args *a)
{
	const char *base = find_variant(m, e, a->names[0]), *cand;
	struct experiment pair;
	struct args one = *a;
	char *names[2];

	if (!base || !(cand = find_variant(m, e2, a->names[1])))
		return BD_EXIT_USAGE;
	if (e == e2) {
		fprintf(stderr, "benchdelta: -E names the same experiment as -e: compare without it\n");
		return BD_EXIT_USAGE;
	}
	model_pair_experiment(m, e, base, e2, cand, &pair);
	fprintf(stderr,
		"benchdelta: \"%s\" of \"%s\" against \"%s\" of \"%s\": they come from different sources "
		"(texts, and maybe machines, dates, setups); a difference may not be the builds'\n",
		format_variant(e2, cand), e2->name, format_variant(e, base), e->name);
	names[0] = (char *)pair.variants[0].text;
	names[1] = (char *)pair.variants[1].text;
	one.names = names;
	one.nnames = 2;
	return run(m, &pair, &one);
}

int cmd_compare(struct cli *c, int argc, char **argv)
{
	struct args a = { NULL, "text", NULL, CMP_OPTS_INIT, NAN, 0, NULL, 0 };
	const struct experiment *e;
	struct model m;
	int rc = parse_args(c, argc, argv, &a);

	if (rc < 0)
		return BD_EXIT_OK; /* --help */
	if (rc != BD_EXIT_OK)
		return rc;
	model_init(&m);
	rc = cli_load(c, a.cand_exp ? NULL : a.exp, &m);
	if (rc == BD_EXIT_OK && (e = pick_experiment(c, &m, a.exp, &rc))) {
		const struct experiment *e2 = NULL;

		if (a.cand_exp && !(e2 = cli_find_experiment(&m, a.cand_exp)))
			rc = BD_EXIT_USAGE;
		else if (e2)
			rc = run_two(&m, e, e2, &a);
		else
			rc = a.matrix ? run_matrix(&m, e, &a) : run(&m, e, &a);
	}
	model_release(&m);
	return rc;
}
