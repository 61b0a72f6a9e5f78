/*
 * experiments_lines.c - the Experiments list as text, for find (/ n N)
 * and copy (y Y): name, variants, runs, tools and import date.
 */
#include "parsers/names.h"
#include "store/compare_md.h"
#include "tui/explore.h"

struct list *experiments_lines(struct tui *t)
{
	t->exps.count = t->m->nexps;
	return &t->exps;
}

void experiments_line_text(struct tui *t, size_t i, struct buf *out)
{
	const struct experiment *e;

	if (i >= t->m->nexps)
		return;
	e = &t->m->exps[i];
	buf_addf(out, "%s %zu %zu ", e->name, e->nvariants, e->nruns);
	fmt_tools(out, e->fmts);
	buf_addf(out, " %.10s", e->imported);
}

void experiments_markdown(struct tui *t, struct buf *out)
{
	md_cell(out, "experiment");
	md_cell(out, "variants");
	md_cell(out, "runs");
	md_cell(out, "tools");
	md_cell(out, "imported");
	buf_adds(out, "|\n|:--|--:|--:|:--|:--|\n");
	for (size_t i = 0; i < t->m->nexps; i++) {
		const struct experiment *e = &t->m->exps[i];
		struct buf cell = BUF_INIT;

		md_cell(out, e->name);
		buf_addf(&cell, "%zu", e->nvariants);
		md_cell(out, cell.s);
		buf_reset(&cell);
		buf_addf(&cell, "%zu", e->nruns);
		md_cell(out, cell.s);
		buf_reset(&cell);
		fmt_tools(&cell, e->fmts);
		md_cell(out, buf_str(&cell));
		buf_reset(&cell);
		buf_addf(&cell, "%.10s", e->imported);
		md_cell(out, cell.s);
		buf_adds(out, "|\n");
		buf_release(&cell);
	}
}
