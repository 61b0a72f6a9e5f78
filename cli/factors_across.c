/*
 * factors_across.c - `benchdelta factors --across FACTOR[=LEVEL]`: the
 * factor's pairs in every experiment (store/across.h), a forest plot per
 * family of metrics with the pooled line below it, the experiments'
 * pairs and threads; or the same as Markdown for an issue, or JSON.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/factors.h"
#include "parsers/factors.h"
#include "store/across.h"
#include "store/compare_text.h"
#include "store/effect_md.h"
#include "util/plot.h"
#include "util/text.h"

#define LABEL_WIDTH 30
#define PLOT_WIDTH 24

/* s cut to `width` display columns (an ellipsis when cut), padded to it, into out. */
static void fit(const char *s, int width, struct buf *out)
{
	int w = text_width(s, strlen(s));

	if (w <= width) {
		buf_adds(out, s);
		for (; w < width; w++)
			buf_addc(out, ' ');
		return;
	}
	/* cut by display width, then the ellipsis */
	for (size_t i = 0, used = 0; s[i];) {
		size_t len = 1;
		int cw;

		while (s[i + len] && ((unsigned char)s[i + len] & 0xc0) == 0x80)
			len++;
		cw = text_width(s + i, len);
		if ((int)used + cw > width - 1)
			break;
		buf_add(out, s + i, len);
		used += (size_t)cw;
		i += len;
		w = (int)used;
	}
	buf_adds(out, "\xe2\x80\xa6");
	for (w++; w < width; w++)
		buf_addc(out, ' ');
}

/* "−20%", the pooled spread "×/÷ 1.08" */
static void pooled_cells(const struct fx_pooled *p, char *effect, size_t esize, char *spread, size_t ssize)
{
	cmp_text_pct_res(fx_pct(p->ratio), p->ratio * p->res * 100, effect, esize);
	if (isfinite(p->gsd))
		snprintf(spread, ssize, "\xc3\x97/\xc3\xb7 %.3g", p->gsd);
	else
		snprintf(spread, ssize, "%s", "");
}

static void line(struct buf *b, const char *label, double x, double lo, double hi, const char *effect,
		 const char *interval, const char *verdict, double alo, double ahi, int pooled, int utf8)
{
	buf_adds(b, "  ");
	fit(label, LABEL_WIDTH, b);
	buf_adds(b, "  ");
	plot_interval(b, log(x), isfinite(lo) ? log(lo) : NAN, isfinite(hi) ? log(hi) : NAN, 0, alo, ahi,
		      PLOT_WIDTH, pooled, utf8);
	buf_addf(b, "  %8s  %-18s %s\n", effect, interval, verdict);
}

static void print_text(const struct fx_across *x, const struct cmp_opts *o, FILE *fp)
{
	struct buf b = BUF_INIT;
	int utf8 = plot_utf8();
	size_t left = 0;

	for (size_t e = 0; e < x->nexps; e++)
		left += x->exps[e].left_out;
	fprintf(fp, "%s across the store: %zu of %zu experiments with a pair %s%s\n", x->factor, x->nexps,
		x->nscanned, *x->level ? "into " : "from its base", x->level);
	if (left)
		fprintf(fp, "(%zu pair%s with an instrumented build left out: --instrumented keeps them)\n", left,
			left == 1 ? "" : "s");
	if (x->nnear)
		fprintf(fp, "(%zu experiment%s where %s varies in no pair alone: see 'benchdelta factors -e EXP')\n",
			x->nnear, x->nnear == 1 ? "" : "s", x->factor);
	if (!x->nexps) {
		fprintf(fp, "\nNo experiment has two variants that differ in %s alone.\n", x->factor);
		buf_release(&b);
		return;
	}
	for (size_t k = 0; k < fx_nfamilies; k++) {
		const struct fx_pooled *p = &x->pooled[k];
		double alo, ahi;
		char eff[32], iv[64], lo[32], hi[32];

		if (!fx_across_axis(x, k, &alo, &ahi))
			continue;
		buf_reset(&b);
		buf_addf(&b, "\n%s (%s is better)", metric_family_name(p->family),
			 p->dir == DIR_LOWER ? "lower" : "higher");
		/* the axis' ends under the plot's */
		fputs(b.s, fp);
		buf_reset(&b);
		buf_adds(&b, "\n  ");
		fit("", LABEL_WIDTH, &b);
		buf_adds(&b, "  ");
		cmp_text_pct(fx_pct(exp(alo)), lo, sizeof(lo));
		cmp_text_pct(fx_pct(exp(ahi)), hi, sizeof(hi));
		buf_addf(&b, "%-*s%*s  %8s  %-18s %s\n", PLOT_WIDTH / 2, lo, PLOT_WIDTH - PLOT_WIDTH / 2, hi,
			 "effect", "interval", "verdict");
		fputs(b.s, fp);
		for (size_t e = 0; e < x->nexps; e++) {
			const struct fx_across_exp *ae = &x->exps[e];
			const struct fx_effect *f = &ae->effects[k];
			char label[256];

			if (!f->nrows)
				continue;
			snprintf(label, sizeof(label), "%s%s", fx_across_label(ae),
				 ae->npairs > 1 ? " (pairs pooled)" : "");
			buf_reset(&b);
			line(&b, label, f->ratio, f->lo, f->hi, fx_text_pct(f, eff, sizeof(eff)),
			     fx_text_interval(f, iv, sizeof(iv)), fx_text_verdict(f), alo, ahi, 0, utf8);
			fputs(b.s, fp);
		}
		{
			char label[64], verdict[64], spread[32];

			snprintf(label, sizeof(label), "pooled, %zu experiment%s", p->nexps, p->nexps == 1 ? "" : "s");
			snprintf(verdict, sizeof(verdict), "%zu better, %zu worse, %zu ~", p->better, p->worse, p->same);
			pooled_cells(p, eff, sizeof(eff), spread, sizeof(spread));
			buf_reset(&b);
			line(&b, label, p->ratio, isfinite(p->gsd) ? p->ratio / p->gsd : NAN,
			     isfinite(p->gsd) ? p->ratio * p->gsd : NAN, eff, spread, verdict, alo, ahi, 1, utf8);
			fputs(b.s, fp);
		}
	}
	fputs("\nexperiments:\n", fp);
	for (size_t e = 0; e < x->nexps; e++) {
		const struct fx_across_exp *ae = &x->exps[e];

		fprintf(fp, "  %s", ae->experiment);
		if (*ae->thread)
			fprintf(fp, "  <%s>", ae->thread);
		fputc('\n', fp);
		for (size_t i = 0; i < ae->npairs; i++) {
			const struct fx_across_pair *ap = &ae->pairs[i];

			fprintf(fp, "    %s \xe2\x86\x92 %s%s%s: %s \xe2\x86\x92 %s\n", ap->from, ap->to,
				*ap->with ? ", with " : "", ap->with, ap->base, ap->cand);
		}
	}
	fprintf(fp,
		"\neffect: each experiment's geometric mean of candidate / baseline over the\n"
		"family's rows (of its pairs, when several); interval at %g%% (none: a side\n"
		"without a spread); pooled: the geometric mean across experiments, ×/÷ the\n"
		"geometric standard deviation between them (the plot's bar): how far they\n"
		"agree, not a test. better? worse?: untested; ~ no change beyond the noise (%g%%).\n",
		(1 - o->alpha) * 100, o->threshold);
	buf_release(&b);
}

static int print_json(const struct fx_across *x, FILE *fp)
{
	json_t *doc = json_object(), *exps = json_array(), *pooled = json_array();
	int rc;

	json_object_set_new(doc, "factor", json_string(x->factor));
	json_object_set_new(doc, "level", json_string(x->level));
	json_object_set_new(doc, "experiments_scanned", json_integer((json_int_t)x->nscanned));
	/* where the pairs' effects came from: kept by the catalog, or judged on their data now */
	json_object_set_new(doc, "pairs_from_catalog", json_integer((json_int_t)x->kept));
	json_object_set_new(doc, "pairs_judged", json_integer((json_int_t)x->judged));
	for (size_t e = 0; e < x->nexps; e++) {
		const struct fx_across_exp *ae = &x->exps[e];
		json_t *o = json_object(), *pairs = json_array();

		json_object_set_new(o, "experiment", json_string(ae->experiment));
		json_object_set_new(o, "project", json_string(ae->project));
		json_object_set_new(o, "thread", json_string(ae->thread));
		json_object_set_new(o, "instrumented_left_out", json_integer((json_int_t)ae->left_out));
		for (size_t i = 0; i < ae->npairs; i++) {
			const struct fx_across_pair *ap = &ae->pairs[i];
			json_t *po = json_object();

			json_object_set_new(po, "baseline", json_string(ap->base));
			json_object_set_new(po, "candidate", json_string(ap->cand));
			json_object_set_new(po, "from", json_string(ap->from));
			json_object_set_new(po, "to", json_string(ap->to));
			json_object_set_new(po, "with", json_string(ap->with));
			json_object_set_new(po, "effects", factors_effects_json(ap->effects));
			json_array_append_new(pairs, po);
		}
		json_object_set_new(o, "pairs", pairs);
		json_object_set_new(o, "effects", factors_effects_json(ae->effects));
		json_array_append_new(exps, o);
	}
	json_object_set_new(doc, "experiments", exps);
	for (size_t k = 0; k < fx_nfamilies; k++) {
		const struct fx_pooled *p = &x->pooled[k];
		json_t *o;

		if (!p->nexps)
			continue;
		o = json_object();
		json_object_set_new(o, "family", json_string(metric_family_name(p->family)));
		json_object_set_new(o, "experiments", json_integer((json_int_t)p->nexps));
		json_object_set_new(o, "ratio", factors_json_num(p->ratio));
		json_object_set_new(o, "geometric_sd", factors_json_num(p->gsd));
		json_object_set_new(o, "min", factors_json_num(p->min));
		json_object_set_new(o, "max", factors_json_num(p->max));
		json_object_set_new(o, "better", json_integer((json_int_t)p->better));
		json_object_set_new(o, "worse", json_integer((json_int_t)p->worse));
		json_object_set_new(o, "same", json_integer((json_int_t)p->same));
		json_array_append_new(pooled, o);
	}
	json_object_set_new(doc, "pooled", pooled);
	rc = factors_json_write(doc, fp);
	return rc;
}

int factors_across(struct cli *c, const struct factors_args *a)
{
	struct diag d = DIAG_INIT;
	struct store st;
	struct fx_across x;
	char *dir = store_default_dir_dup(c->store), name[64], level[FACTOR_LEVEL_MAX];
	const char *eq = strchr(a->across, '=');
	int f, rc = BD_EXIT_OK;

	snprintf(name, sizeof(name), "%.*s", (int)(eq ? (size_t)(eq - a->across) : strlen(a->across)),
		 a->across);
	for (char *s = name; *s; s++)
		*s = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
	f = factor_lookup(name);
	level[0] = '\0';
	if (eq && eq[1])
		factor_normalize_level(f, eq + 1, level, sizeof(level));
	if (!*name) {
		free(dir);
		return cli_usage_error(c, "factors", "--across needs a factor (pgo, lto, bolt, ...)");
	}
	if (store_open(&st, dir, 0, &d) < 0) {
		diag_print(&d, 0, stderr);
		diag_release(&d);
		free(dir);
		return BD_EXIT_INPUT;
	}
	if (fx_across(&st, f >= 0 ? factor_name((enum factor_id)f) : name, level, a->instrumented, &a->opts,
		      &x, &d) < 0)
		rc = BD_EXIT_INPUT;
	diag_print(&d, 0, stderr);
	if (rc == BD_EXIT_OK) {
		if (!strcmp(a->fmt, "markdown")) {
			struct buf b = BUF_INIT;

			fx_across_markdown(&x, &a->opts, &b);
			fputs(buf_str(&b), stdout);
			buf_release(&b);
		} else if (!strcmp(a->fmt, "json")) {
			rc = print_json(&x, stdout) < 0 ? BD_EXIT_INPUT : BD_EXIT_OK;
		} else {
			print_text(&x, &a->opts, stdout);
		}
	}
	fx_across_release(&x);
	store_close(&st);
	diag_release(&d);
	free(dir);
	return rc;
}
