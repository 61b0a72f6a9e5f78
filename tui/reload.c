/*
 * reload.c - the TUI's snapshot replaced: after an import, an edit or an
 * undo changed the store (or a quick comparison's texts and journal in
 * memory, store/quick.h), by a new snapshot of the store as it is now
 * (tui_snapshot_put(): a new generation; the old one goes whole once the
 * state it held is carried over), with every view's state carried over by
 * name (the experiment, its baseline and candidate, the run whose source
 * is shown), never by a pointer into the old model; and, on a store
 * opened from its index, by the one experiment the list opens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/flows.h"
#include "store/storeindex.h"
#include "tui/explore.h"
#include "tui/loader.h"
#include "tui/views.h"
#include "tui/watch.h"
#include "util/util.h"

/*
 * Runs and Source show runs of the model just replaced, which they cannot
 * show now: ask tui.c for the Experiments list (carried out after the key,
 * or before the next draw), unless a screen was asked for already.
 */
static void leave_runs(struct tui *t)
{
	if ((t->cur == SCREEN_RUNS || t->cur == SCREEN_SOURCE) && !(t->ask.bits & (ACT_OPEN | ACT_SHOW)))
		screen_ask_show(t, SCREEN_EXPERIMENTS);
}

/* The index of the experiment named `name` in m, or -1. */
static long exp_at(const struct model *m, const char *name)
{
	const struct experiment *e = model_experiment(m, name);

	return e ? (long)(e - m->exps) : -1;
}

/* The index of the experiment named `name`, or `fallback`. */
static size_t exp_index(const struct model *m, const char *name, size_t fallback)
{
	long e = exp_at(m, name);

	return e >= 0 ? (size_t)e : fallback < m->nexps ? fallback : 0;
}

/* The key of `e` equal to `key`, as the new model holds it, or NULL. */
static const char *same_key(const struct experiment *e, const char *key)
{
	for (size_t v = 0; v < e->nvariants; v++)
		if (!strcmp(e->variants[v].key, key))
			return e->variants[v].key;
	return NULL;
}

/* The id of a run of variant `key` in `e` (heap), or NULL: what finds it again after a rename. */
static char *run_of(const struct model *m, const struct experiment *e, const char *key)
{
	for (size_t i = 0; i < e->nruns; i++) {
		const struct run *r = &m->rs.runs[e->runs[i]];

		if (!strcmp(r->eff_variant.key, key))
			return xstrdup(r->id);
	}
	return NULL;
}

/*
 * The key of `e` that variant `key` is shown as now: itself, else the
 * variant its run `run` (run_of() before the reload) belongs to now (a
 * rename, a merge or their undo, perhaps by another process), or NULL.
 */
static const char *now_key(struct model *m, const struct experiment *e, const char *key, const char *run)
{
	const char *k = same_key(e, key);
	long r;

	if (!k && run && (r = trace_find_run(m, run)) >= 0 && !strcmp(m->rs.runs[r].eff_experiment, e->name))
		k = same_key(e, m->rs.runs[r].eff_variant.key);
	return k;
}

/* The whole store is in t->m now: the list reads it again. */
static void drop_index(struct tui *t)
{
	snapshot_release(t->index); /* (NULL: none) */
	t->index = NULL;
}

/* explore_adopt(), keeping the store's index as the list when `keep_index` (t->m is not the whole store). */
static void adopt(struct tui *t, struct model *fresh, int keep_index)
{
	char *exp = NULL, *base = NULL, *cand = NULL, *view_name = NULL;
	char *base_run = NULL, *cand_run = NULL;
	/* a summary (the index's list) holds no runs: no view's state to carry over */
	int had_view = t->view_exp < t->m->nexps && !t->m->summary;
	int same_view = 0; /* the views show the experiment under the cursor */
	int followed = 0;  /* the view's baseline was the experiment's: it follows the store's */
	unsigned shown = t->shown;
	struct snapshot *old;
	size_t e;

	if (t->exps.cursor < tui_list(t)->nexps)
		exp = xstrdup(tui_list(t)->exps[t->exps.cursor].name);
	if (had_view) {
		view_name = xstrdup(t->m->exps[t->view_exp].name);
		same_view = exp && !strcmp(t->m->exps[t->view_exp].name, exp);
		base = xstrdup(t->base);
		cand = xstrdup(t->cand);
		followed = !strcmp(t->base, t->m->exps[t->view_exp].baseline);
		base_run = run_of(t->m, &t->m->exps[t->view_exp], t->base);
		cand_run = run_of(t->m, &t->m->exps[t->view_exp], t->cand);
	}
	old = tui_snapshot_put(t, fresh); /* a new generation; the old one held here alone */
	if (!keep_index)
		drop_index(t);

	t->exps.count = tui_list(t)->nexps;
	t->view_exp = SIZE_MAX;
	t->base = t->cand = "";
	if (t->m->nexps) {
		/* with the index kept, the experiment the views showed (t->m holds it whole) */
		const char *want = keep_index && view_name ? view_name : exp;

		e = exp_index(t->m, want ? want : "", keep_index ? 0 : t->exps.cursor);
		tui_set_experiment(t, e);
		if (same_view) {
			/* the same experiment, perhaps at another index: each view keeps its place */
			views_follow(t, e);
			t->shown = shown; /* the same experiment: Compare keeps its cursor */
		} else {
			views_forget(t); /* nothing built from the old model is kept */
		}
		if (same_view) {
			const struct experiment *x2 = &t->m->exps[e];
			const char *b = followed ? NULL : now_key(t->m, x2, base, base_run);
			const char *c = now_key(t->m, x2, cand, cand_run);

			if (b)
				t->base = b;
			if (c && strcmp(t->base, c))
				t->cand = c;
		}
	}
	if (!t->m->nexps)
		leave_runs(t);
	free(exp);
	free(base);
	free(cand);
	free(base_run);
	free(cand_run);
	free(view_name);
	snapshot_release(old); /* nothing else holds it: freed whole */
}

void explore_adopt(struct tui *t, struct model *fresh)
{
	adopt(t, fresh, 0);
}

int explore_load_metric(struct tui *t, const char *metric)
{
	struct store_select sel = { 0 };
	struct model fresh;
	struct diag d = DIAG_INIT;
	int ok, rc;

	if (!t->store || !t->index || !t->m->selected)
		return t->store && (t->index || t->m->summary) ? explore_reload(t) : 0;
	sel.experiment = t->m->selected;
	sel.metric = metric;
	sel.summary = tui_list(t);
	sel.generation = 1;
	model_init(&fresh);
	rc = loader_snapshot(t, &sel, NEED_FIGURES, &fresh, &d);
	ok = rc == 0 && fresh.partial;
	diag_release(&d);
	if (ok)
		adopt(t, &fresh, 1);
	model_release(&fresh);
	if (rc == LOADER_CANCELLED)
		return rc; /* nothing shown changes */
	return ok ? 0 : explore_reload(t); /* the whole store says why */
}

int explore_reload(struct tui *t)
{
	static const struct store_select whole = { .generation = 1 };
	struct model fresh;
	struct diag d = DIAG_INIT;
	struct store_watch before;
	int rc;

	if (!t->store && !t->quick)
		return 0;
	model_init(&fresh);
	if (!t->store) {
		/* a quick comparison: its texts and journal read again (store/quick.h), on the loader's thread */
		loader_quick(t, &fresh);
		explore_adopt(t, &fresh);
		model_release(&fresh);
		return 0;
	}
	watch_take(t->store, &before);
	if ((rc = loader_snapshot(t, &whole, NEED_RECORDS, &fresh, &d)) < 0) {
		if (rc != LOADER_CANCELLED) /* else the loader said so */
			tui_message(t, "could not read the store again: %s", d.n ? d.v[0].text : "error");
		diag_release(&d);
		model_release(&fresh);
		return rc;
	}
	diag_release(&d);
	watch_after_load(t->store, &before, &t->watch);
	explore_adopt(t, &fresh);
	model_release(&fresh);
	return 0;
}

/*
 * The store read again as the TUI on the index reads it: the index (fresh:
 * every writer keeps it so where it can, store_edit_fresh()) as the list,
 * and the experiment the views show alone (when it does not read alone,
 * the whole store, which store_snapshot() then reads); when that one is
 * gone from the index, the list alone. 1 when adopted, 0
 * when the index is stale or the read failed (nothing changed),
 * LOADER_CANCELLED.
 */
static int reload_indexed(struct tui *t)
{
	struct store_select sel = { 0 };
	struct model sum, fresh;
	struct diag d = DIAG_INIT;
	struct store_watch before;
	char *name;
	int rc = 0;

	if (!t->index || !t->m->selected || (t->m->figs && (t->cur == SCREEN_RUNS || t->cur == SCREEN_SOURCE)))
		return 0; /* (H's figures of other experiments go, unless a screen shows them) */
	model_init(&sum);
	model_init(&fresh);
	watch_take(t->store, &before);
	if (storeindex_load(t->store, &sum, NULL) != 1) {
		model_release(&sum);
		return 0;
	}
	if (!model_experiment(&sum, t->m->selected)) {
		/* the experiment open is gone (d, another process's rm): the list alone, as at the start */
		watch_after_load(t->store, &before, &t->watch);
		t->view_exp = SIZE_MAX; /* nothing the views built is carried over */
		leave_runs(t);
		adopt(t, &sum, 0);
		model_release(&sum);
		return 1;
	}
	name = xstrdup(t->m->selected);
	sel.experiment = name;
	sel.summary = &sum;
	sel.generation = 1;
	rc = loader_snapshot(t, &sel, NEED_RECORDS, &fresh, &d);
	if (rc == 0 && fresh.partial) {
		watch_after_load(t->store, &before, &t->watch);
		snapshot_release(t->index);
		t->index = snapshot_make(&sum); /* the list as the store is now: a new one, the old let go whole */
		adopt(t, &fresh, 1);
		rc = 1;
	} else if (rc == 0) {
		/* it did not read alone: the whole store was read instead (explore_reload()'s) */
		watch_after_load(t->store, &before, &t->watch);
		explore_adopt(t, &fresh);
		rc = 1;
	} else if (rc != LOADER_CANCELLED) {
		rc = 0;
	}
	free(name);
	diag_release(&d);
	model_release(&fresh);
	model_release(&sum);
	return rc;
}

/*
 * The list alone read again from the index when only the list is shown
 * (t->m the index's summary, nothing open; or the whole store with the
 * Experiments list on screen, which the index's summary serves as at the
 * start): 1 when adopted, 0 when the index is stale (nothing changed).
 */
static int reload_list(struct tui *t)
{
	struct model fresh;
	struct diag w = DIAG_INIT;
	struct store_watch before;
	int rc = 0;

	if (t->index || (!t->m->summary && t->cur != SCREEN_EXPERIMENTS))
		return 0;
	model_init(&fresh);
	watch_take(t->store, &before);
	if (storeindex_load(t->store, &fresh, &w) == 1) {
		watch_after_load(t->store, &before, &t->watch);
		t->view_exp = SIZE_MAX; /* a summary holds no runs: nothing of a view is carried over */
		explore_adopt(t, &fresh);
		rc = 1;
	}
	model_release(&fresh);
	diag_release(&w);
	return rc;
}

int explore_refresh(struct tui *t)
{
	int rc;

	if (!t->store)
		return explore_reload(t); /* a quick comparison: nothing cheaper */
	if (reload_list(t))
		return 0;
	rc = reload_indexed(t);
	if (rc == LOADER_CANCELLED)
		return rc;
	return rc == 1 ? 0 : explore_reload(t);
}

/*
 * Put `fresh` (one experiment's imports) in place of the snapshot shown,
 * keeping the store's index as the list (the summary shown until now
 * becomes it); what pointed into the old snapshot goes: the views' sides
 * and tables, Runs' lines and the text Source showed.
 */
static void adopt_alone(struct tui *t, struct model *fresh)
{
	struct snapshot *old = tui_snapshot_put(t, fresh);

	if (!t->index) {
		t->index = old; /* the summary the list showed: now the list's snapshot, held here */
		old = NULL;
	}
	t->view_exp = SIZE_MAX;
	t->base = t->cand = ""; /* (they pointed into the old one) */
	snapshot_release(old);
	views_forget(t);
	leave_runs(t);
}

long explore_load_listed(struct tui *t)
{
	const struct model *list = tui_list(t);
	struct model fresh;
	struct diag d = DIAG_INIT;
	struct store_select sel = { 0 };
	char *name;
	long k;
	int rc;

	if (t->exps.cursor >= list->nexps) {
		tui_message(t, "nothing to compare yet: the store is empty");
		return -1;
	}
	if (!t->index && !t->m->summary)
		return (long)t->exps.cursor; /* the whole store is here */
	name = xstrdup(list->exps[t->exps.cursor].name);
	if (t->index && (k = exp_at(t->m, name)) >= 0 && model_experiment_whole(t->m, &t->m->exps[k]))
		goto out; /* open already */
	model_init(&fresh);
	sel.experiment = name;
	sel.summary = list;
	sel.generation = 1;
	if (!t->store) {
		k = exp_at(t->m, name);
	} else if ((rc = loader_snapshot(t, &sel, NEED_RECORDS, &fresh, &d)) < 0) {
		/* the index named what does not read alone, nor does the whole store (or Esc) */
		if (rc != LOADER_CANCELLED)
			tui_message(t, "could not read the store again: %s", d.n ? d.v[0].text : "error");
		k = -1;
	} else if (fresh.partial) {
		adopt_alone(t, &fresh); /* it holds the experiment: store_snapshot() checked */
		k = exp_at(t->m, name);
	} else {
		explore_adopt(t, &fresh); /* the whole store, from here on */
		if ((k = exp_at(t->m, name)) >= 0)
			t->exps.cursor = (size_t)k;
		else
			tui_message(t, "that experiment is no longer in the store");
	}
	diag_release(&d);
	model_release(&fresh);
out:
	free(name);
	return k;
}
