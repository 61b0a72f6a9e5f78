/*
 * factors.c - `benchdelta factors [-e EXP] [-f text|markdown|json]`: the
 * build factors of an experiment's variants, every pair that differs in
 * one factor alone and its effect on each family of metrics; with
 * `--across FACTOR`, that factor's pairs in every experiment of the
 * store, a forest plot and the pooled effect (cli/factors_across.c).
 */
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/factors.h"
#include "parsers/factors.h"
#include "store/effect.h"
#include "store/effect_md.h"
#include "store/pairs.h"
#include "util/text.h"

static const char usage[] =
	"usage: benchdelta factors [-e EXP] [-f text|markdown|json] [--alpha A] [--threshold PCT]\n"
	"       benchdelta factors --across FACTOR[=LEVEL] [-f text|markdown|json] [--instrumented]\n"
	"\n"
	"The build factors of each variant (read from its name, see FACTORS in\n"
	"benchdelta(1), and set with 'benchdelta tag'), every pair of variants that\n"
	"differ in one factor alone, and its effect on time, throughput, latency, CPU,\n"
	"memory and size: the geometric mean of candidate / baseline over the family's\n"
	"rows, with its interval and verdict by the rules of 'compare'.\n"
	"\n"
	"  -e, --experiment EXP  the experiment (needed when the store holds several)\n"
	"  -a, --across FACTOR[=LEVEL]\n"
	"                        the factor's pairs in every experiment of the store, from\n"
	"                        its base level (into LEVEL from any, when given), a forest\n"
	"                        plot per family and the pooled effect across experiments\n"
	"  --instrumented        with --across: keep pairs with an instrumented build\n"
	"  -f, --format FMT      text (default), markdown (a table for an issue) or json\n"
	"  --alpha A             significance level, 0 < A < 1 (default 0.05)\n"
	"  --threshold PCT       changes smaller than PCT % are noise (default 1)\n";

enum { OPT_ALPHA = 256, OPT_THRESHOLD, OPT_INSTRUMENTED };

static int parse_args(struct cli *c, int argc, char **argv, struct factors_args *a)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "across", required_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "threshold", required_argument, NULL, OPT_THRESHOLD },
		{ "instrumented", no_argument, NULL, OPT_INSTRUMENTED },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:a:f:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			a->exp = optarg;
			break;
		case 'a':
			a->across = optarg;
			break;
		case 'f':
			a->fmt = optarg;
			break;
		case OPT_ALPHA:
		case OPT_THRESHOLD:
			if (cli_judge_option(c, "factors", opt == OPT_ALPHA ? 'A' : 'T', optarg, &a->opts))
				return BD_EXIT_USAGE;
			break;
		case OPT_INSTRUMENTED:
			a->instrumented = 1;
			break;
		case 'h':
			fputs(usage, stdout);
			return -1;
		default:
			return cli_usage_error(c, "factors", "unknown option");
		}
	}
	if (strcmp(a->fmt, "text") && strcmp(a->fmt, "markdown") && strcmp(a->fmt, "json"))
		return cli_usage_error(c, "factors", "unknown format '%s' (text, markdown or json)", a->fmt);
	if (optind < argc)
		return cli_usage_error(c, "factors", "unexpected '%s' (name an experiment with -e)", argv[optind]);
	if (a->across && a->exp)
		return cli_usage_error(c, "factors", "--across reads every experiment: leave out -e");
	if (!a->across && a->instrumented)
		return cli_usage_error(c, "factors", "--instrumented goes with --across");
	return BD_EXIT_OK;
}

/* ---- text ---- */

/* "the base", "no factor in its name", or its factors; then its other words and whether it is instrumented. */
static void variant_line(const struct fx_exp *x, size_t v, struct buf *out)
{
	const struct fx_variant *fv = &x->variants[v];
	size_t at = out->len;

	fx_variant_factors(x, v, 1, out);
	if (out->len == at)
		buf_adds(out, fv->named ? "the base" : "no factor in its name");
	if (*fv->words)
		buf_addf(out, "  (other words: %s)", fv->words);
	if (fv->instrumented)
		buf_adds(out, "  [instrumented]");
}

/* "none → optimized, with pgo=optimized: A → B" */
static void pair_title(const struct fx_exp *x, const struct fx_pair *p, struct buf *out)
{
	struct buf ctx = BUF_INIT;

	fx_pair_context(x, p, &ctx);
	buf_addf(out, "%s \xe2\x86\x92 %s%s%s: %s \xe2\x86\x92 %s", p->from, p->to, ctx.len ? ", with " : "",
		 buf_str(&ctx), x->variants[p->base].text, x->variants[p->cand].text);
	buf_release(&ctx);
}

static void effect_lines(const struct fx_pair *p, FILE *fp)
{
	int any = 0;

	for (size_t k = 0; k < fx_nfamilies; k++) {
		const struct fx_effect *f = &p->effects[k];
		char pct[32], iv[64];

		if (!f->nrows)
			continue;
		any = 1;
		fx_text_pct(f, pct, sizeof(pct));
		/* right-aligned by what it shows: "≈+14%" is five columns, seven bytes */
		fprintf(fp, "    %-11s %*s%s  %-18s %-8s %zu row%s, %s\n", metric_family_name(f->family),
			8 - text_width(pct, strlen(pct)) > 0 ? 8 - text_width(pct, strlen(pct)) : 0, "", pct,
			fx_text_interval(f, iv, sizeof(iv)), fx_text_verdict(f), f->nrows, f->nrows == 1 ? "" : "s",
			fx_basis_words(f->basis));
	}
	if (!any)
		fputs("    (no metric both sides have a figure of)\n", fp);
}

static void print_text(const struct fx_exp *x, const struct cmp_opts *o, FILE *fp)
{
	struct buf b = BUF_INIT;
	size_t w = 7;

	fprintf(fp, "experiment: %s\n\n", x->experiment);
	for (size_t v = 0; v < x->nvariants; v++)
		if (strlen(x->variants[v].text) > w)
			w = strlen(x->variants[v].text);
	fprintf(fp, "%-*s  FACTORS\n", (int)w, "VARIANT");
	for (size_t v = 0; v < x->nvariants; v++) {
		buf_reset(&b);
		variant_line(x, v, &b);
		fprintf(fp, "%-*s  %s\n", (int)w, x->variants[v].text, b.s);
	}
	if (!x->nfactors)
		fputs("\nNo factor differs between the variants: there is no pair to compare.\n", fp);
	for (size_t f = 0; f < x->nfactors; f++) {
		const struct fx_factor *fa = &x->factors[f];

		fprintf(fp, "\n%s", fa->name);
		if (fa->id >= 0)
			fprintf(fp, " (%s)", factor_description((enum factor_id)fa->id));
		if (fa->n) {
			fprintf(fp, ": %zu pair%s\n", fa->n, fa->n == 1 ? "" : "s");
		} else {
			fprintf(fp, ": no two variants differ in %s alone; the closest:\n", fa->name);
			for (size_t k = fa->near_first; k < fa->near_first + fa->nnear; k++) {
				const struct fx_pair *p = &x->near[k];

				buf_reset(&b);
				pair_title(x, p, &b);
				fprintf(fp, "  %s\n    also differ:", b.s);
				for (size_t d = 0; d < p->nothers; d++)
					fprintf(fp, "%s %s %s \xe2\x86\x92 %s", d ? ";" : "", p->others[d].factor,
						p->others[d].from, p->others[d].to);
				fputc('\n', fp);
			}
			continue;
		}
		for (size_t k = fa->first; k < fa->first + fa->n; k++) {
			const struct fx_pair *p = &x->pairs[k];

			buf_reset(&b);
			pair_title(x, p, &b);
			fprintf(fp, "  %s\n", b.s);
			if (p->instrumented)
				fputs("    (an instrumented build: its cost is the instrumentation's, not the "
				      "optimisation's)\n",
				      fp);
			effect_lines(p, fp);
		}
	}
	if (x->npairs)
		fprintf(fp,
			"\neffect: the geometric mean of candidate / baseline over the family's rows;\n"
			"interval: at %g%%, from the rows' spreads; better? worse?: untested (a side\n"
			"without a spread); ~ no change beyond the noise (%g%%); * set by 'benchdelta tag'.\n",
			(1 - o->alpha) * 100, o->threshold);
	buf_release(&b);
}

/* ---- JSON ---- */

int factors_json_write(json_t *doc, FILE *fp)
{
	int rc = json_dumpf(doc, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));

	fputc('\n', fp);
	json_decref(doc);
	return rc;
}

json_t *factors_json_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

json_t *factors_effect_json(const struct fx_effect *f)
{
	json_t *o = json_object();

	json_object_set_new(o, "family", json_string(metric_family_name(f->family)));
	json_object_set_new(o, "rows", json_integer((json_int_t)f->nrows));
	json_object_set_new(o, "ratio", factors_json_num(f->ratio));
	json_object_set_new(o, "lo", factors_json_num(f->lo));
	json_object_set_new(o, "hi", factors_json_num(f->hi));
	json_object_set_new(o, "resolution", factors_json_num(f->res));
	json_object_set_new(o, "basis", json_string(fx_basis_name(f->basis)));
	json_object_set_new(o, "verdict", json_string(cmp_verdict_name(f->verdict)));
	json_object_set_new(o, "tested", json_boolean(f->tested));
	return o;
}

json_t *factors_effects_json(const struct fx_effect *effects)
{
	json_t *a = json_array();

	for (size_t k = 0; k < fx_nfamilies; k++)
		if (effects[k].nrows)
			json_array_append_new(a, factors_effect_json(&effects[k]));
	return a;
}

static json_t *pair_json(const struct fx_exp *x, const struct fx_pair *p)
{
	json_t *o = json_object();
	struct buf ctx = BUF_INIT;

	json_object_set_new(o, "factor", json_string(x->factors[p->factor].name));
	json_object_set_new(o, "from", json_string(p->from));
	json_object_set_new(o, "to", json_string(p->to));
	json_object_set_new(o, "baseline", json_string(x->variants[p->base].text));
	json_object_set_new(o, "candidate", json_string(x->variants[p->cand].text));
	fx_pair_context(x, p, &ctx);
	json_object_set_new(o, "with", json_string(buf_str(&ctx)));
	json_object_set_new(o, "instrumented", json_boolean(p->instrumented));
	if (p->effects) {
		json_object_set_new(o, "effects", factors_effects_json(p->effects));
	} else {
		json_t *a = json_array();

		for (size_t d = 0; d < p->nothers; d++) {
			json_t *od = json_object();

			json_object_set_new(od, "factor", json_string(p->others[d].factor));
			json_object_set_new(od, "from", json_string(p->others[d].from));
			json_object_set_new(od, "to", json_string(p->others[d].to));
			json_array_append_new(a, od);
		}
		json_object_set_new(o, "also_differ", a);
	}
	buf_release(&ctx);
	return o;
}

static int print_json(const struct fx_exp *x, FILE *fp)
{
	json_t *doc = json_object(), *vars = json_array(), *facs = json_array();
	int rc;

	json_object_set_new(doc, "experiment", json_string(x->experiment));
	for (size_t v = 0; v < x->nvariants; v++) {
		const struct fx_variant *fv = &x->variants[v];
		json_t *o = json_object(), *lv = json_object();

		json_object_set_new(o, "variant", json_string(fv->text));
		for (size_t c = 0; c < x->nall; c++)
			if (*fv->level[c])
				json_object_set_new(lv, x->all[c], json_string(fv->level[c]));
		json_object_set_new(o, "factors", lv);
		json_object_set_new(o, "words", json_string(fv->words));
		json_object_set_new(o, "named", json_boolean(fv->named));
		json_object_set_new(o, "instrumented", json_boolean(fv->instrumented));
		json_array_append_new(vars, o);
	}
	json_object_set_new(doc, "variants", vars);
	for (size_t f = 0; f < x->nfactors; f++) {
		const struct fx_factor *fa = &x->factors[f];
		json_t *o = json_object(), *pa = json_array(), *ne = json_array();

		json_object_set_new(o, "factor", json_string(fa->name));
		json_object_set_new(o, "base", json_string(fa->base));
		for (size_t k = fa->first; k < fa->first + fa->n; k++)
			json_array_append_new(pa, pair_json(x, &x->pairs[k]));
		for (size_t k = fa->near_first; k < fa->near_first + fa->nnear; k++)
			json_array_append_new(ne, pair_json(x, &x->near[k]));
		json_object_set_new(o, "pairs", pa);
		json_object_set_new(o, "closest", ne);
		json_array_append_new(facs, o);
	}
	json_object_set_new(doc, "factors", facs);
	rc = factors_json_write(doc, fp);
	return rc;
}

/* The experiment: -e's, else the only one. NULL after saying why (*rc set). */
static const struct experiment *pick(struct cli *c, const struct model *m, const char *name, int *rc)
{
	if (!m->nexps) {
		fprintf(stderr, "benchdelta: the store is empty; add logs with 'benchdelta import FILE'\n");
		*rc = BD_EXIT_EMPTY;
		return NULL;
	}
	if (name) {
		const struct experiment *e = cli_find_experiment(m, name);

		if (!e)
			*rc = BD_EXIT_USAGE;
		return e;
	}
	if (m->nexps == 1)
		return &m->exps[0];
	*rc = cli_usage_error(c, "factors",
			      "the store holds %zu experiments; choose one with -e, or use --across FACTOR",
			      m->nexps);
	return NULL;
}

int cmd_factors(struct cli *c, int argc, char **argv)
{
	struct factors_args a = { NULL, NULL, "text", CMP_OPTS_INIT, 0 };
	const struct experiment *e;
	struct model m;
	int rc = parse_args(c, argc, argv, &a);

	if (rc < 0)
		return BD_EXIT_OK; /* --help */
	if (rc != BD_EXIT_OK)
		return rc;
	if (a.across)
		return factors_across(c, &a);
	model_init(&m);
	rc = cli_load(c, a.exp, &m);
	if (rc == BD_EXIT_OK && (e = pick(c, &m, a.exp, &rc))) {
		struct fx_exp x;

		fx_read(&m, e, &x);
		fx_measure(&m, e, &a.opts, &x);
		if (!strcmp(a.fmt, "markdown")) {
			struct buf b = BUF_INIT;

			fx_markdown(&x, &a.opts, &b);
			fputs(buf_str(&b), stdout);
			buf_release(&b);
		} else if (!strcmp(a.fmt, "json")) {
			rc = print_json(&x, stdout) < 0 ? BD_EXIT_INPUT : BD_EXIT_OK;
		} else {
			print_text(&x, &a.opts, stdout);
		}
		fx_release(&x);
	}
	model_release(&m);
	return rc;
}
