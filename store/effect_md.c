/*
 * effect_md.c - an experiment's factors and their effects as Markdown;
 * see effect_md.h.
 */
#include "store/effect_md.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "store/across.h"
#include "store/compare_md.h"
#include "store/compare_text.h"
#include "store/effect.h"

void fx_md_verdict(struct buf *out, const struct fx_effect *f)
{
	const char *v = fx_text_verdict(f);

	buf_adds(out, "| ");
	if ((f->tested || f->basis == FX_EXACT) && (f->verdict == CMP_BETTER || f->verdict == CMP_WORSE))
		buf_addf(out, "**%s**", v);
	else
		buf_adds(out, v); /* ours: nothing to escape */
	buf_addc(out, ' ');
}

void fx_markdown(const struct fx_exp *x, const struct cmp_opts *o, struct buf *out)
{
	struct buf b = BUF_INIT;
	int any = 0;

	buf_adds(out, "**Factors** of ");
	md_text(out, x->experiment);
	buf_adds(out, "\n\n");
	if (x->npairs)
		buf_adds(out, "| factor | change | with | baseline | candidate | family | effect | interval | verdict |\n"
			      "|---|---|---|---|---|---|---:|---|---|\n");
	for (size_t p = 0; p < x->npairs; p++) {
		const struct fx_pair *pa = &x->pairs[p];
		int first = 1;

		for (size_t k = 0; k < fx_nfamilies; k++) {
			const struct fx_effect *f = pa->effects ? &pa->effects[k] : NULL;
			char c[64];

			if (!f || !f->nrows)
				continue;
			buf_reset(&b);
			if (first) {
				md_cell(out, x->factors[pa->factor].name);
				buf_addf(&b, "%s \xe2\x86\x92 %s%s", pa->from, pa->to,
					 pa->instrumented ? " (instrumented)" : "");
				md_cell(out, b.s);
				buf_reset(&b);
				fx_pair_context(x, pa, &b);
				md_cell(out, buf_str(&b));
				md_cell(out, x->variants[pa->base].text);
				md_cell(out, x->variants[pa->cand].text);
			} else {
				buf_adds(out, "| | | | | ");
			}
			first = 0;
			md_cell(out, metric_family_name(f->family));
			md_cell(out, fx_text_pct(f, c, sizeof(c)));
			md_cell(out, fx_text_interval(f, c, sizeof(c)));
			fx_md_verdict(out, f);
			buf_adds(out, "|\n");
			any = 1;
		}
	}
	for (size_t f = 0; f < x->nfactors; f++) {
		const struct fx_factor *fa = &x->factors[f];

		if (fa->n)
			continue;
		buf_adds(out, any ? "\n" : "");
		any = 1;
		buf_adds(out, "**");
		md_text(out, fa->name);
		buf_adds(out, "**: no two variants differ in it alone");
		for (size_t k = fa->near_first; k < fa->near_first + fa->nnear; k++) {
			const struct fx_pair *p = &x->near[k];

			buf_adds(out, k == fa->near_first ? "; the closest: " : "; ");
			md_text(out, x->variants[p->base].text);
			buf_adds(out, " \xe2\x86\x92 ");
			md_text(out, x->variants[p->cand].text);
			buf_adds(out, " (also ");
			for (size_t d = 0; d < p->nothers; d++) {
				buf_reset(&b);
				buf_addf(&b, "%s%s %s \xe2\x86\x92 %s", d ? ", " : "", p->others[d].factor,
					 p->others[d].from, p->others[d].to);
				md_text(out, b.s);
			}
			buf_addc(out, ')');
		}
		buf_adds(out, "\n");
	}
	if (!x->nfactors)
		buf_adds(out, "No factor differs between the variants.\n");
	else
		buf_addf(out,
			 "\n<sub>effect: geometric mean of candidate / baseline over the family's rows; "
			 "interval at %g%%; better? worse?: untested (a side without a spread); ~ no change beyond "
			 "the noise (%g%%). Made with benchdelta.</sub>\n",
			 (1 - o->alpha) * 100, o->threshold);
	buf_release(&b);
}

void fx_across_markdown(const struct fx_across *x, const struct cmp_opts *o, struct buf *out)
{
	char c[64];

	buf_adds(out, "**");
	md_text(out, x->factor);
	if (*x->level) {
		buf_adds(out, " \xe2\x86\x92 ");
		md_text(out, x->level);
	}
	buf_addf(out, "** across %zu experiment%s", x->nexps, x->nexps == 1 ? "" : "s");
	buf_adds(out, "\n\n");
	if (!x->nexps) {
		buf_adds(out, "No experiment has two variants that differ in it alone.\n");
		return;
	}
	buf_adds(out, "| project | thread | family | effect | interval | verdict | link |\n"
		      "|---|---|---|---:|---|---|---|\n");
	for (size_t k = 0; k < fx_nfamilies; k++) {
		const struct fx_pooled *p = &x->pooled[k];

		if (!p->nexps)
			continue;
		for (size_t e = 0; e < x->nexps; e++) {
			const struct fx_across_exp *ae = &x->exps[e];
			const struct fx_effect *f = &ae->effects[k];

			if (!f->nrows)
				continue;
			md_cell(out, *ae->project ? ae->project : "\xe2\x80\x93");
			md_cell(out, ae->experiment);
			md_cell(out, metric_family_name(f->family));
			md_cell(out, fx_text_pct(f, c, sizeof(c)));
			md_cell(out, fx_text_interval(f, c, sizeof(c)));
			fx_md_verdict(out, f);
			buf_adds(out, "| ");
			if (*ae->thread) {
				/* an address we read from the import: no markup in it to escape but ')' and ' ' */
				buf_adds(out, "[thread](");
				for (const char *s = ae->thread; *s; s++)
					buf_adds(out, *s == ')' ? "%29" : *s == ' ' ? "%20" : (char[]){ *s, 0 });
				buf_adds(out, ")");
			}
			buf_adds(out, " |\n");
		}
		buf_addf(out, "| **pooled** | %zu experiment%s ", p->nexps, p->nexps == 1 ? "" : "s");
		md_cell(out, metric_family_name(p->family));
		md_cell(out, cmp_text_pct_res(fx_pct(p->ratio), p->ratio * p->res * 100, c, sizeof(c)));
		if (isfinite(p->gsd))
			snprintf(c, sizeof(c), "\xc3\x97/\xc3\xb7 %.3g between them", p->gsd);
		else
			snprintf(c, sizeof(c), "one experiment");
		md_cell(out, c);
		buf_addf(out, "| %zu better, %zu worse, %zu ~ | |\n", p->better, p->worse, p->same);
	}
	buf_addf(out,
		 "\n<sub>effect: geometric mean of candidate / baseline over the family's rows; "
		 "interval at %g%% (none: a side without a spread); pooled: geometric mean across "
		 "experiments, \xc3\x97/\xc3\xb7 their geometric standard deviation (not a test); "
		 "better? worse?: untested; ~ no change beyond the noise (%g%%). Made with benchdelta.</sub>\n",
		 (1 - o->alpha) * 100, o->threshold);
}
