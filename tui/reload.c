/*
 * reload.c - after an import or an undo changed the store, the TUI's model
 * is replaced by the store as it is now, and every view's state is carried
 * over by name (the experiment, its baseline and candidate, the run whose
 * source is shown), never by a pointer into the old model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/explore.h"

/* The index of the experiment named `name`, or `fallback`. */
static size_t exp_index(const struct model *m, const char *name, size_t fallback)
{
	for (size_t e = 0; e < m->nexps; e++)
		if (!strcmp(m->exps[e].name, name))
			return e;
	return fallback < m->nexps ? fallback : 0;
}

/* The key of `e` equal to `key`, as the new model holds it, or NULL. */
static const char *same_key(const struct experiment *e, const char *key)
{
	for (size_t v = 0; v < e->nvariants; v++)
		if (!strcmp(e->variants[v].key, key))
			return e->variants[v].key;
	return NULL;
}

void explore_adopt(struct tui *t, struct model *fresh)
{
	struct explore *x = explore_of(t);
	char *exp = NULL, *base = NULL, *cand = NULL, *run = NULL, *cursor_run = NULL;
	int had_view = t->view_exp < t->m->nexps;
	size_t e;

	if (t->exps.cursor < t->m->nexps)
		exp = xstrdup(t->m->exps[t->exps.cursor].name);
	if (had_view) {
		base = xstrdup(t->base);
		cand = xstrdup(t->cand);
	}
	if (x->src.run >= 0 && (size_t)x->src.run < t->m->rs.nruns)
		run = xstrdup(t->m->rs.runs[x->src.run].id);
	if (x->runs.valid && x->runs.list.cursor < x->runs.nlines && x->runs.lines[x->runs.list.cursor].run >= 0)
		cursor_run = xstrdup(t->m->rs.runs[x->runs.lines[x->runs.list.cursor].run].id);
	model_release(t->m);
	*t->m = *fresh;
	memset(fresh, 0, sizeof(*fresh));
	model_init(fresh);

	t->exps.count = t->m->nexps;
	t->view_exp = SIZE_MAX;
	t->cmp_valid = 0;
	t->base = t->cand = "";
	if (t->m->nexps) {
		e = exp_index(t->m, exp ? exp : "", t->exps.cursor);
		tui_set_experiment(t, e);
		if (had_view) {
			const struct experiment *x2 = &t->m->exps[e];
			const char *b = same_key(x2, base), *c = same_key(x2, cand);

			if (b)
				t->base = b;
			if (c && (!b || strcmp(b, c)))
				t->cand = c;
		}
	}
	x->runs.valid = 0;
	x->runs.want_run = cursor_run ? trace_find_run(t->m, cursor_run) : -1;
	if (run) {
		long r = trace_find_run(t->m, run);

		trace_index_release(&x->src.ix);
		trace_records_release(&x->src.rec);
		x->src.text = NULL;
		x->src.run = -1;
		if (r >= 0) {
			enum screen_id cur = t->cur, prev = t->prev, from = x->src.from;
			struct list keep = x->src.list;

			tui_open_source(t, r); /* reads the text and spans again */
			t->cur = cur;
			t->prev = prev;
			x->src.from = from;
			x->src.list = keep;
			x->src.placed = 1;
		}
	}
	if ((t->cur == SCREEN_RUNS || t->cur == SCREEN_SOURCE) && !t->m->nexps)
		t->cur = SCREEN_EXPERIMENTS;
	free(exp);
	free(base);
	free(cand);
	free(run);
	free(cursor_run);
}

int explore_reload(struct tui *t)
{
	struct model fresh;
	struct diag d = DIAG_INIT;

	if (!t->store)
		return 0;
	model_init(&fresh);
	if (store_load(t->store, &fresh, &d) < 0) {
		tui_message(t, "could not read the store again: %s", d.n ? d.v[0].text : "error");
		diag_release(&d);
		model_release(&fresh);
		return -1;
	}
	diag_release(&d);
	explore_adopt(t, &fresh);
	model_release(&fresh);
	return 0;
}
