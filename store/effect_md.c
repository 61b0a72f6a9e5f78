/*
 * effect_md.c - an experiment's factors and their effects as Markdown;
 * see effect_md.h.
 */
#include "store/effect_md.h"

#include <stdio.h>
#include <string.h>

#include "store/compare_md.h"
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
			 "interval at %g%%; better? worse?: untested, one figure a side; ~ no change beyond "
			 "the noise (%g%%). Made with benchdelta.</sub>\n",
			 (1 - o->alpha) * 100, o->threshold);
	buf_release(&b);
}
