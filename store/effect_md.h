/*
 * effect_md.h - the factors of an experiment, and their pairs' effects,
 * as a GitHub Markdown table to paste into an issue: `factors -f
 * markdown` and what the TUI's Factors view copies with y.
 */
#ifndef BD_STORE_EFFECT_MD_H
#define BD_STORE_EFFECT_MD_H

#include "store/compare.h"
#include "store/pairs.h"
#include "util/buf.h"

/*
 * Append experiment x's pairs (measured: fx_measure()) as one table, a row
 * per pair and family (factor, change, what is held fixed, baseline,
 * candidate, family, effect, interval, verdict), the factors without a
 * pair after it with the pairs that came closest, and a legend line.
 */
void fx_markdown(const struct fx_exp *x, const struct cmp_opts *o, struct buf *out);
/*
 * Append factor x's effects across experiments (fx_across()) as a table
 * to paste into an issue: a row per experiment and family (project,
 * thread, family, effect, interval, verdict, link to the thread), the
 * pooled rows after them, and a legend line.
 */
struct fx_across;
void fx_across_markdown(const struct fx_across *x, const struct cmp_opts *o, struct buf *out);
/* Append an effect's verdict as a Markdown cell: a tested or exact one bold. */
struct fx_effect;
void fx_md_verdict(struct buf *out, const struct fx_effect *f);

#endif
