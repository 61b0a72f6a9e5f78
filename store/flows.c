/*
 * flows.c - the protocols over the store: an import, an edit, an undo and
 * a reader's snapshot, each written once; see flows.h.
 */
#include "store/flows.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/label.h"
#include "store/batch.h"
#include "store/catalog.h"
#include "store/import_edits.h"
#include "store/load.h"
#include "store/loadexp.h"
#include "store/manage.h"
#include "store/storeindex.h"
#include "store/stored.h"
#include "store/write.h"
#include "util/buf.h"
#include "util/hash.h"
#include "util/mapped.h"
#include "util/strmap.h"
#include "util/util.h"

/* ---- snapshots ---- */

/* The generation stamp `s` says (store_generation()). */
static uint64_t generation_of(const struct storeindex_stamp *s)
{
	uint64_t h[2];

	hash_128(s, sizeof(*s), h);
	return h[0] ^ h[1];
}

uint64_t store_generation(const struct store *st)
{
	struct storeindex_stamp s;

	if (storeindex_stamp(st, &s) < 0)
		return 0;
	return generation_of(&s);
}

/*
 * store_load() (or with `runs_only` store_load_runs()), and the index
 * (storeindex.h) written when it is stale and nothing changed under the
 * load, nothing was damaged, nothing warned: the next reader finds it.
 */
static int load_indexed(struct store *st, struct model *m, int runs_only, struct diag *d)
{
	struct storeindex_stamp before, after;
	int stamped = storeindex_stamp(st, &before) == 0;
	size_t said = d->n;
	int rc = runs_only ? store_load_runs(st, m, d) : store_load(st, m, d);

	if (rc == 0 && stamped && !m->damaged && d->n == said && storeindex_stamp(st, &after) == 0 &&
	    storeindex_stamp_equal(&before, &after) && !storeindex_fresh(st, &after)) {
		storeindex_mark_shared(m); /* what an rm of an import brought back needs */
		storeindex_write(st, m, &after);
	}
	return rc;
}

/*
 * The experiment `sel` names, read alone into empty `m` from the imports
 * the index names for it. 1 when `m` holds it so; 0 when the index is
 * stale, names none or several, or they do not read clean (`m` left
 * empty). The index is judged against stamp `now` (NULL: one is taken).
 */
static int load_alone(struct store *st, const struct store_select *sel, const struct storeindex_stamp *now,
		      struct model *m)
{
	struct model own;
	const struct model *sum = sel->summary;
	const struct experiment *e;
	size_t hits;
	int ok = 0;

	model_init(&own);
	if (!sum && storeindex_load_at(st, now, &own, NULL) == 1)
		sum = &own;
	if (sum) {
		e = sel->fuzzy ? model_match_experiment(sum, sel->experiment, &hits)
			       : model_experiment(sum, sel->experiment);
		ok = e && store_load_experiment(st, sum, e, m);
	}
	model_release(&own);
	return ok;
}

/*
 * The catalog of `st`, up to date, or NULL when it cannot answer (none to
 * be had, or an import does not verify: the data is read, and says why).
 */
static struct catalog *catalog_now(struct store *st)
{
	struct catalog *c = catalog_open(st);

	if (c && catalog_sync(c) != 0) {
		catalog_close(c);
		c = NULL;
	}
	return c;
}

/* Hashes gathered once each: the strings in `a`. */
struct hashes {
	struct strmap seen;
	struct arena a;
	const char **v;
	size_t n, cap;
};

static void add_hash(void *ctx, const char *hash)
{
	struct hashes *h = ctx;
	const char *copy;

	if (strmap_get(&h->seen, hash, NULL))
		return;
	copy = arena_strdup(&h->a, hash);
	strmap_put(&h->seen, copy, 1);
	ALLOC_GROW(h->v, h->n + 1, h->cap);
	h->v[h->n++] = copy;
}

/* The imports of the runs `sel` names, alone, into empty `m` (m->partial). 1 when so, else 0. */
static int load_runs_imports(struct store *st, const struct store_select *sel, struct model *m,
			     struct diag *d)
{
	struct catalog *c = catalog_now(st);
	struct hashes h = { STRMAP_INIT, { 0 }, NULL, 0, 0 };
	int ok = c != NULL;

	for (size_t i = 0; ok && i < sel->nruns; i++) {
		char prefix[HASH_HEX_LEN + 1];
		size_t len = strcspn(sel->runs[i], ":");

		snprintf(prefix, sizeof(prefix), "%.*s", (int)(len < HASH_HEX_LEN ? len : HASH_HEX_LEN),
			 sel->runs[i]);
		ok = catalog_imports_like(c, prefix, add_hash, &h) >= 0;
	}
	catalog_close(c);
	if (ok && store_load_imports(st, m, h.v, h.n, d) == 0)
		m->partial = 1;
	free(h.v);
	strmap_release(&h.seen);
	arena_release(&h.a);
	return m->partial;
}

/* The selected metric's figures from the catalog into empty `m`. 1 when so, else 0 (`m` empty). */
static int load_figures(struct store *st, const struct store_select *sel, struct model *m,
			struct diag *d)
{
	struct catalog *c = catalog_now(st);
	int rc = c ? catalog_metric(c, st, sel->metric, m, d) : 1;

	catalog_close(c);
	if (rc < 0)
		catalog_remove(st); /* it does not read: the next reader makes it anew */
	return rc == 0;
}

static const char *keep(struct model *m, const char *s)
{
	return arena_strdup(&m->arena, s);
}

/*
 * Experiment `sel->experiment` whole (load_alone()) and, from the
 * catalog, every other run with a figure of `sel->metric`: what a view
 * of that experiment needs to show the metric's history. 1 when so, else
 * 0 (`m` empty).
 */
static int load_alone_and_figures(struct store *st, const struct store_select *sel,
				  const struct storeindex_stamp *now, struct model *m, struct diag *d)
{
	/* the other imports' runs join the model the experiment was read into (catalog_metric()) */
	if (!load_alone(st, sel, now, m))
		return 0;
	if (load_figures(st, sel, m, d))
		return 1;
	model_release(m);
	model_init(m);
	return 0;
}

/*
 * The TUI's first screen from the index: the experiments without their
 * runs, and the last import's warnings. 0 (`m` empty, nothing added) when
 * the index is not fresh or lists one experiment only (opened at once:
 * it is read whole).
 */
static int browse_index(struct store *st, const struct storeindex_stamp *now, struct model *m,
			struct diag *last_warnings)
{
	struct diag warned = DIAG_INIT;

	if (storeindex_load_at(st, now, m, &warned) != 1)
		return 0;
	if (m->nexps <= 1) {
		model_release(m);
		model_init(m);
		diag_release(&warned);
		return 0;
	}
	if (last_warnings)
		diag_take(last_warnings, &warned);
	diag_release(&warned);
	return 1;
}

int store_snapshot(struct store *st, const struct store_select *sel, enum store_need need,
		   struct model *m, struct diag *d)
{
	static const struct store_select all = { 0 };
	struct storeindex_stamp stamp, *now = NULL;
	int rc = 0;

	if (!sel)
		sel = &all;
	if (sel->generation) {
		/* before the read: a writer meanwhile shows as a change; the index is judged by the same stamp */
		m->generation = 0;
		if (storeindex_stamp(st, &stamp) == 0)
			m->generation = generation_of(now = &stamp);
	}
	switch (need) {
	case NEED_NONE:
		break;
	case NEED_SUMMARY:
		if (storeindex_load_at(st, now, m, NULL) != 1) /* fresh: no import's files are read */
			rc = load_indexed(st, m, 1, d);
		break;
	case NEED_RUNS:
		rc = load_indexed(st, m, 1, d);
		break;
	case NEED_RECORDS:
		if (sel->experiment && load_alone(st, sel, now, m))
			m->partial = 1, m->selected = keep(m, sel->experiment);
		else if (!(sel->nruns && load_runs_imports(st, sel, m, d)))
			rc = load_indexed(st, m, 0, d);
		break;
	case NEED_FIGURES:
		if (sel->metric && sel->experiment && load_alone_and_figures(st, sel, now, m, d))
			m->partial = 1, m->selected = keep(m, sel->experiment);
		else if (!(sel->metric && !sel->experiment && load_figures(st, sel, m, d)))
			rc = load_indexed(st, m, 0, d);
		break;
	case NEED_BROWSE:
		if (!browse_index(st, now, m, sel->last_warnings))
			rc = load_indexed(st, m, 0, d);
		break;
	}
	return rc;
}

/* ---- imports ---- */

/* Does the writer write input `ir`'s text (batch.h: b->writes)? */
static int to_store(const struct batch *b, const struct import_input_result *ir)
{
	return ir->source >= 0 && b->writes[ir->source];
}

static void tell(const struct store_import_opts *o, int event, const struct store_import_plan *p,
		 struct diag *d)
{
	if (o->told)
		o->told(o->ctx, event, p, d);
}

/* What batch.resolved tells with: the import's options, plan and warnings. */
struct resolving {
	const struct store_import_opts *o;
	struct store_import_plan *p;
	struct diag *d;
};

/* batch.resolved: runs [0, upto) of the plan's model are final (STORE_IMPORT_RESOLVED). */
static void told_resolved(void *ctx, size_t upto)
{
	struct resolving *r = ctx;

	r->p->resolved = upto;
	tell(r->o, STORE_IMPORT_RESOLVED, r->p, r->d);
}

/* The name an input is reported by. */
static const char *input_name(const struct import_input *in)
{
	return strcmp(in->name, "-") ? in->name : "<stdin>";
}

/*
 * What the store knows, for an import, beside its batch (whose model
 * never holds a stored run): with the lock held and the index fresh, the
 * index answers (*ix set), and so it does for a dry run (no lock) when
 * its full stamp holds. Else the stored runs are read into p->known;
 * when they read clean a stale index is written from them (load_indexed())
 * and then the index answers, else they do (stored.h), the journal read
 * into the batch's model for its new runs. Returns 0, or -1
 * when the store cannot be read.
 */
static int read_store(struct store *st, const struct store_import_opts *o, size_t n,
		      struct store_import_plan *p, struct storeindex_import **ix, struct diag *d)
{
	size_t said = d->n;
	int locked = !o->dry && n > 0;
	struct diag jd = DIAG_INIT;

	p->clean = 1;
	if (locked && (*ix = storeindex_import_begin(st, &p->m)))
		return 0;
	if (o->dry && n > 0 && (*ix = storeindex_import_peek(st, &p->m)))
		return 0; /* a dry run asks a fresh index too, without the lock */
	p->known = xcalloc(1, sizeof(*p->known));
	stored_runs_init(p->known);
	if (load_indexed(st, &p->known->m, 1, d) < 0) {
		stored_runs_release(p->known);
		free(p->known);
		p->known = NULL;
		return -1;
	}
	/* the index follows the import only when the store read clean */
	p->clean = !p->known->m.damaged && d->n == said;
	p->m.damaged = p->known->m.damaged;
	if (locked && p->clean && (*ix = storeindex_import_begin(st, &p->m))) {
		stored_runs_release(p->known);
		free(p->known);
		p->known = NULL;
		return 0;
	}
	p->m.store_dir = arena_strdup(&p->m.arena, st->dir);
	journal_load(st, &p->m, &jd); /* what it says, the load said */
	diag_release(&jd);
	model_resolve(&p->m);
	return 0;
}

/*
 * The catalog (catalog.h) gets what the import stored when it is small
 * enough to read back at once (its files are in the page cache); a larger
 * one is read by the next reader that asks the catalog.
 */
#define CATALOG_AT_IMPORT 100000 /* measurements */

static void catalog_stored(struct store *st, const struct batch *b, struct store_import_plan *p)
{
	struct catalog *c = NULL;

	for (size_t i = 0; i < p->res.ninputs; i++) {
		const struct import_input_result *ir = &p->res.inputs[i];

		if (!to_store(b, ir) || ir->not_stored || ir->nmeas > CATALOG_AT_IMPORT)
			continue;
		if (!c && !(c = catalog_open(st)))
			return;
		catalog_add(c, p->m.sources[ir->source].hash);
	}
	catalog_close(c);
}

/*
 * The index after an import that recorded a --set-variant edit, when it
 * answered the import (fresh, the lock held since): the edit may name
 * stored imports, whose rows the index holds as they were, so what was
 * stored is appended with the stamps of before the edit, and then the
 * imports the edit names are read alone (the edit in effect) and their
 * rows written again (storeindex_import_end_edited()). Anything that does
 * not hold leaves the index stale: the next reader reads the data.
 */
static void index_after_edit(struct store *st, struct storeindex_import *ix, const struct store_import_plan *p,
			     const uint64_t root_before[2])
{
	size_t n = p->m.noverrides - p->res.overrides_from, k = 0;
	char **hashes = xcalloc(n ? n : 1, sizeof(*hashes));
	struct model touched;
	struct diag quiet = DIAG_INIT;

	for (size_t i = p->res.overrides_from; i < p->m.noverrides; i++) {
		const char *t = p->m.overrides[i].target, *colon = strrchr(t, ':');

		hashes[k++] = colon ? xstrndup(t, (size_t)(colon - t)) : xstrdup(t);
	}
	model_init(&touched);
	if (store_load_imports(st, &touched, (const char *const *)hashes, k, &quiet) == 0 && !touched.damaged &&
	    !quiet.n)
		storeindex_import_end_edited(ix, st, p->stored ? &p->m : NULL, root_before, &touched);
	model_release(&touched);
	diag_release(&quiet);
	for (size_t i = 0; i < k; i++)
		free(hashes[i]);
	free(hashes);
}

/* Store each text the plan keeps; tell of each input. */
static void write_texts(struct store *st, const struct batch *b, const struct import_input *in,
			size_t n, const struct store_import_opts *o, struct store_import_plan *p,
			int stop, struct diag *d)
{
	for (size_t i = 0; i < p->res.ninputs && i < n; i++) {
		struct import_input_result *ir = &p->res.inputs[i];

		p->at = i;
		if (ir->status == IMPORT_EMPTY && !in[i].origin) /* a thread's line counts those */
			diag_warn(d, input_name(&in[i]), 0, "no measurements found");
		if (!o->dry && !stop && to_store(b, ir)) {
			if (store_add_source(st, &p->m, (uint32_t)ir->source, d) < 0) {
				ir->not_stored = 1; /* the summary does not say "imported" */
				p->failed++;
				diag_error(d, input_name(&in[i]), 0, "not stored");
			} else {
				p->stored++;
			}
		}
		tell(o, STORE_IMPORT_INPUT, p, d);
	}
}

int store_import(const char *dir, struct import_input *in, size_t n,
		 const struct store_import_opts *o, struct store_import_plan *p, struct diag *d)
{
	struct store st;
	struct storeindex_import *ix = NULL;
	struct batch b;
	int write = dir && !o->dry && n > 0, stop = 0, whole, edit_fresh = 0;
	uint64_t root_before[2];
	struct resolving rv = { o, p, d };

	memset(p, 0, sizeof(*p));
	model_init(&p->m);
	if (!dir) { /* no store: the plan alone, against the runs held when there are */
		p->read = 1;
		batch_init(&b, &p->m, &p->res, &o->io, d);
		if (o->held) {
			p->known = xcalloc(1, sizeof(*p->known));
			stored_runs_init(p->known);
			p->known->m = *o->held; /* (the model init left there holds nothing) */
			model_init(o->held);
			for (size_t i = 0; i < p->known->m.nedits; i++)
				journal_add_row(&p->m, &p->known->m.edits[i]);
			journal_apply(&p->m);
			b.stored = stored_runs_lookup(p->known, NULL);
		}
		if (!o->keep)
			batch_count_only(&b);
		if (o->told)
			b.resolved = told_resolved, b.resolved_ctx = &rv;
		batch_run(&b, in, n);
		batch_release(&b);
		tell(o, STORE_IMPORT_PLANNED, p, d);
		return 0;
	}
	if (store_open(&st, dir, write, d) < 0 ||
	    (write && (store_lock(&st, d) < 0 || journal_settle(&st, d) < 0)) ||
	    read_store(&st, o, n, p, &ix, d) < 0) {
		store_close(&st);
		storeindex_import_release(ix);
		p->ix = NULL;
		for (size_t i = 0; i < n; i++)
			mapped_free(in[i].text), in[i].text = NULL;
		return -1;
	}
	p->read = 1;
	p->said_read = d->n;
	p->ix = ix;
	tell(o, STORE_IMPORT_READ, p, d);

	/*
	 * The batch: the inputs through read → segment → parse → name →
	 * experiment (batch.h). The measurements read leave memory block by
	 * block: written into the new texts' measurements.csv as they come,
	 * or (a dry run) counted only. --set-variant keeps them in memory.
	 */
	batch_init(&b, &p->m, &p->res, &o->io, d);
	b.stored = ix ? storeindex_import_lookup(ix) : stored_runs_lookup(p->known, &st);
	if (o->dry && !o->keep)
		batch_count_only(&b);
	else if (write && !o->io.nset && batch_spool(&b, &st, d) < 0)
		tell(o, STORE_IMPORT_READ, p, d); /* then they are kept, as before */
	if (o->told)
		b.resolved = told_resolved, b.resolved_ctx = &rv;
	batch_run(&b, in, n);
	tell(o, STORE_IMPORT_PLANNED, p, d);

	/*
	 * --set-variant fixes are user edits, kept apart from what was parsed.
	 * The edit is recorded before the data: until the data is stored it
	 * targets nothing, so a crash between the two shows either nothing or
	 * both, and running the command again records nothing twice.
	 */
	if (!o->dry && p->m.noverrides > p->res.overrides_from) {
		edit_fresh = ix && storeindex_root(&st, root_before) == 0;
		p->edit = import_record_sets(&st, &p->m, &p->res, d);
		stop = p->edit < 0; /* neither the edit nor the data */
		tell(o, STORE_IMPORT_EDIT, p, d);
	}
	/*
	 * The index's part of what is stored is rendered beside the storing:
	 * appended to the index that answered, or, into a store that held no
	 * import, the whole index (the batch's model is all of it).
	 */
	whole = !ix && p->known && !p->known->m.nsources && write;
	if (((ix && p->edit <= 0) || whole) && !stop && p->clean)
		batch_render_begin(&b, ix);
	write_texts(&st, &b, in, n, o, p, stop, d);
	/*
	 * The store's index follows what was added (lock held: nothing else
	 * changed it); without one that answered (a store that does not read
	 * clean, an index that could not be written), it stays stale (its
	 * stamps say so) and the next reader writes it.
	 */
	if (!stop && !p->failed && p->clean && (p->stored || p->edit > 0)) {
		if (whole && p->stored)
			storeindex_refresh(&st, &p->m, &b.render);
		else if (ix && p->edit <= 0)
			storeindex_import_end(ix, &st, &p->m, &b.render);
		else if (ix && p->edit > 0 && edit_fresh)
			index_after_edit(&st, ix, p, root_before);
	}
	if (p->stored)
		catalog_stored(&st, &b, p);
	batch_release(&b); /* its threads joined, its spool's leftovers removed */
	store_close(&st);
	return stop || p->failed ? -1 : 0;
}

void store_import_release(struct store_import_plan *p)
{
	import_result_release(&p->res);
	model_release(&p->m);
	storeindex_import_release(p->ix); /* after the model, whose strings point into it */
	if (p->known) {
		stored_runs_release(p->known);
		free(p->known);
	}
	memset(p, 0, sizeof(*p));
}

/* ---- edits ---- */

long store_edit(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d)
{
	return journal_record(st, m, op->command, op->what, op->rows, op->n, d);
}

/* 1 when every row of `op` moves whole imports, or sets what follows an experiment's name. */
static int moves_only(const struct store_edit_op *op)
{
	for (size_t i = 0; i < op->n; i++) {
		const struct edit_row *r = &op->rows[i];

		if (r->op == EDIT_EXPERIMENT || r->op == EDIT_TAG || r->op == EDIT_BASELINE ||
		    (r->op == EDIT_ALIAS && r->experiment && *r->experiment))
			continue;
		return 0;
	}
	return op->n > 0;
}

/* 1 when every row of `rows[0..n)` removes an import (an rm). */
static int removes_only(const struct edit_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].op != EDIT_REMOVE || !rows[i].target || !*rows[i].target)
			return 0;
	return n > 0;
}

/*
 * What storeindex_removed() needs to drop imports `gone[0..n)` from the
 * fresh index whose summary is `sum` (its journal), taken before they go
 * (storeindex_gone_begin()), or NULL when it cannot follow their removal.
 * Two imports may hold one block when the journal holds a removal that an
 * undo took back: one brought back, the other imported while it was
 * away. So an import never removed can share a block only with imports
 * brought back: those still here are read into `heirs` (empty; left so
 * when the journal has no such removal), and storeindex_removed() gives
 * the index's entry of a block a removed import held to the first of
 * them that holds it, in the order a load reads them (none of `gone`
 * among them). One of `gone` that was itself brought back may go so only
 * when the index says which other imports held its blocks when it came
 * back: none (its source's `alone`), or those of its `shares`, which
 * join the heirs. The index keeps the saying true (storeindex_restored()
 * adds an import brought back since to the rows of those holding its
 * blocks, storeindex_removed() drops one removed; an import since stored
 * none of them: they were here), as a rebuild says it
 * (storeindex_mark_shared()). NULL when one of `gone` was brought back
 * without it (an index written before the row, or a text imported anew
 * after an undone rm of it, which the index cannot tell apart: its
 * partner could be any import), or the heirs do not read clean.
 */
static struct storeindex_gone *gone_fresh(struct store *st, const struct model *sum, const char *const *gone,
					  size_t n, struct model *heirs)
{
	struct strmap restored = STRMAP_INIT, going = STRMAP_INIT, heir = STRMAP_INIT;
	struct arena a = ARENA_INIT;
	const char **back = NULL;
	struct diag quiet = DIAG_INIT;
	size_t nback = 0, cap = 0;
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		strmap_put(&going, gone[i], 1);
	for (size_t i = 0; i < sum->nedits; i++) {
		const struct edit_row *r = &sum->edits[i];

		if (r->op == EDIT_REMOVE && r->undone && r->target && strmap_put_new(&restored, r->target, 1, NULL) &&
		    !journal_removed(sum, r->target) && !strmap_get(&going, r->target, NULL) &&
		    strmap_put_new(&heir, r->target, 1, NULL)) {
			ALLOC_GROW(back, nback + 1, cap);
			back[nback++] = r->target;
		}
	}
	for (size_t i = 0; i < n && ok; i++) {
		long s = strmap_get(&restored, gone[i], NULL) ? model_find_source(sum, gone[i]) : -1;
		const char *w;

		ok = !strmap_get(&restored, gone[i], NULL) || (s >= 0 && (sum->sources[s].alone || sum->sources[s].shares));
		/* the imports the index says hold its blocks too, still here and staying */
		for (w = s >= 0 ? sum->sources[s].shares : NULL; ok && w && *w; w += w[HASH_HEX_LEN] ? HASH_HEX_LEN + 1 : HASH_HEX_LEN) {
			const char *h = arena_strndup(&a, w, HASH_HEX_LEN);

			if (model_find_source(sum, h) < 0 || strmap_get(&going, h, NULL) || !strmap_put_new(&heir, h, 1, NULL))
				continue;
			ALLOC_GROW(back, nback + 1, cap);
			back[nback++] = h;
		}
	}
	if (ok && nback)
		ok = store_load_imports_runs(st, heirs, back, nback, &quiet) == 0 && !heirs->damaged && !quiet.n;
	strmap_release(&restored);
	strmap_release(&going);
	strmap_release(&heir);
	arena_release(&a);
	diag_release(&quiet);
	free(back);
	return ok ? storeindex_gone_begin(st, gone, n) : NULL;
}

/*
 * Under the lock (taken when not held, settled), whether the index is
 * fresh, with the root stamp before the change: 1 when so (*sum then
 * holds it), 0 when not, -1 when the lock or the settling fails.
 */
static int fresh_locked(struct store *st, int held, struct model *sum, uint64_t root[2], struct diag *d)
{
	if (!held && store_lock(st, d) < 0)
		return -1;
	if (journal_settle(st, d) < 0) {
		if (!held)
			store_unlock(st);
		return -1;
	}
	return storeindex_load(st, sum, NULL) == 1 && storeindex_root(st, root) == 0;
}

/*
 * An rm (every row removes an import): recorded under the lock; when the
 * index was fresh before, it is written again without the removed imports
 * (gone_fresh(), storeindex_removed()), else it is left stale as before.
 */
static long remove_fresh(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d)
{
	struct model sum, heirs;
	struct storeindex_gone *g = NULL;
	uint64_t root[2];
	int held = st->lock_fd >= 0, fresh;
	long rc = -1;

	model_init(&sum);
	model_init(&heirs);
	fresh = fresh_locked(st, held, &sum, root, d);
	if (fresh < 0)
		goto out;
	if (fresh) {
		const char **hashes = xmalloc(op->n * sizeof(*hashes));

		for (size_t i = 0; i < op->n; i++)
			hashes[i] = op->rows[i].target;
		g = gone_fresh(st, &sum, hashes, op->n, &heirs);
		free(hashes);
	}
	rc = journal_record(st, m, op->command, op->what, op->rows, op->n, d);
	if (rc > 0 && g)
		storeindex_removed(st, g, &heirs, root); /* else left stale: the next reader reads the data */
	storeindex_gone_release(g);
	if (!held)
		store_unlock(st);
out:
	model_release(&heirs);
	model_release(&sum);
	return rc;
}

/* 1 when a row of `op` removes an import, or undoes an edit (data/ or what follows changes). */
static int removes_any(const struct store_edit_op *op)
{
	for (size_t i = 0; i < op->n; i++)
		if (op->rows[i].op == EDIT_REMOVE || op->rows[i].op == EDIT_UNDO)
			return 1;
	return 0;
}

/*
 * `op` recorded into `m`, which holds (read under the lock) every import
 * the edit touches; with `refresh`, the index written again from `m` with
 * the edit in effect (storeindex_moved(): the index of the store before
 * the edit, and nothing else changed since, or it is left stale).
 */
static long record_rendered(struct store *st, struct model *m, const struct store_edit_op *op, int refresh,
			    struct diag *d)
{
	uint64_t root[2];
	long id;

	refresh = refresh && storeindex_root(st, root) == 0;
	id = journal_record(st, m, op->command, op->what, op->rows, op->n, d);
	if (id > 0 && refresh) {
		model_resolve(m); /* the edit in effect */
		storeindex_moved(st, m, root);
	}
	return id;
}

long store_edit_touched(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d)
{
	if (removes_only(op->rows, op->n))
		return remove_fresh(st, m, op, d);
	return record_rendered(st, m, op, moves_only(op), d);
}

int store_undo(struct store *st, uint32_t id, int dry, struct undo_info *out, struct diag *d)
{
	return journal_undo(st, id, dry, out, d);
}

/*
 * The one experiment every row of an edit touches, or NULL: rows whose
 * effect on the index stays inside that experiment (its baseline, a
 * variant's tags or alias in it).
 */
static const char *one_experiment(const struct edit_row *rows, size_t n)
{
	const char *e = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct edit_row *r = &rows[i];

		if ((r->op != EDIT_BASELINE && r->op != EDIT_TAG && r->op != EDIT_ALIAS) || !r->experiment ||
		    !*r->experiment || (e && strcmp(e, r->experiment)))
			return NULL;
		e = r->experiment;
	}
	return e;
}

/*
 * Edit `op` (recorded into `m`, when given), which touches experiment
 * `exp` alone, under the lock; when the index was fresh before, write it
 * again with that experiment's imports read after the edit
 * (storeindex_moved()), so that the next reader finds it fresh instead of
 * reading every import. The edit's id, 0, or -1 (as store_edit()).
 */
static long change_in(struct store *st, const char *exp, struct model *m, const struct store_edit_op *op,
		      struct diag *d)
{
	struct model sum, one;
	uint64_t root[2];
	const struct experiment *e;
	int held = st->lock_fd >= 0, fresh;
	long rc = -1;

	model_init(&sum);
	model_init(&one);
	fresh = fresh_locked(st, held, &sum, root, d);
	if (fresh < 0)
		goto out;
	rc = journal_record(st, m, op->command, op->what, op->rows, op->n, d);
	if (rc >= 0 && fresh && (e = model_experiment(&sum, exp)) && store_load_experiment(st, &sum, e, &one))
		storeindex_moved(st, &one, root); /* else left stale: the next reader reads the data */
	if (!held)
		store_unlock(st);
out:
	model_release(&one);
	model_release(&sum);
	return rc;
}

long store_edit_loaded(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d)
{
	const char *exp = one_experiment(op->rows, op->n);

	if (exp && st->lock_fd >= 0) /* that experiment read again alone: less to render than `m` */
		return change_in(st, exp, m, op, d);
	return record_rendered(st, m, op, st->lock_fd >= 0 && !m->damaged && !removes_any(op), d);
}

/* Add `hash` to `v[0..*n)` unless it is there already. */
static void add_once(const char ***v, size_t *n, size_t *cap, const char *hash)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*v)[i], hash))
			return;
	ALLOC_GROW(*v, *n + 1, *cap);
	(*v)[(*n)++] = hash;
}

/*
 * Into empty `m`, under the lock, what a moves-only edit `op` touches, as
 * `move` loads it (load_touched() in cli/manage.c): the imports its rows
 * move, and those of each experiment they go into that exists (index
 * summary `sum`), each read whole. 1 when `m` holds them read clean; 0
 * when not (`m` then to release).
 */
static int load_moved(struct store *st, const struct model *sum, const struct store_edit_op *op,
		      struct model *m)
{
	struct diag quiet = DIAG_INIT;
	const char **hashes = NULL;
	size_t n = 0, cap = 0;
	int ok;

	for (size_t i = 0; i < op->n; i++) {
		const struct edit_row *r = &op->rows[i];
		const struct experiment *e;

		if (r->op != EDIT_EXPERIMENT || !r->target || !*r->target)
			continue;
		add_once(&hashes, &n, &cap, r->target);
		if (r->value && (e = model_experiment(sum, r->value)))
			for (size_t k = 0; k < e->nsources; k++)
				add_once(&hashes, &n, &cap, sum->sources[e->sources[k]].hash);
	}
	ok = n && store_load_imports(st, m, hashes, n, &quiet) == 0 && !m->damaged && !quiet.n;
	free(hashes);
	diag_release(&quiet);
	return ok;
}

/*
 * A rename (`op`, planned on its experiment read alone) checked again
 * under the lock: -1 (why in *d) when its new name is an experiment's now
 * (another process made it since the plan: the rename would merge the
 * two), asked of the fresh index's summary `sum` or, stale (`fresh` 0),
 * of the stored runs read whole; 0 when it is free, or `op` is no rename.
 */
static int new_name_free(struct store *st, const struct model *sum, int fresh, const struct store_edit_op *op,
			 struct diag *d)
{
	const char *to = NULL;
	struct model all;
	int taken;

	if (strcmp(op->command, "rename-experiment"))
		return 0;
	for (size_t i = 0; i < op->n && !to; i++)
		if (op->rows[i].op == EDIT_EXPERIMENT)
			to = op->rows[i].value;
	if (!to)
		return 0;
	if (fresh)
		return model_experiment(sum, to) ? diag_error(d, NULL, 0, MANAGE_RENAME_TAKEN, to) : 0;
	model_init(&all);
	taken = store_load_runs(st, &all, d);
	if (taken == 0 && model_experiment(&all, to))
		taken = diag_error(d, NULL, 0, MANAGE_RENAME_TAKEN, to);
	model_release(&all);
	return taken < 0 ? -1 : 0;
}

/*
 * An edit that moves whole imports between experiments (a rename): under
 * the lock, its new name checked again (new_name_free()); when the index
 * is fresh, the imports it touches read alone (load_moved()) and the edit
 * recorded by store_edit_touched(), which writes the index again with it;
 * else store_edit() (the index stale).
 */
static long move_fresh(struct store *st, const struct store_edit_op *op, struct diag *d)
{
	struct model sum, touched;
	uint64_t root[2];
	int held = st->lock_fd >= 0, fresh;
	long rc = -1;

	model_init(&sum);
	model_init(&touched);
	fresh = fresh_locked(st, held, &sum, root, d);
	if (fresh < 0)
		goto out;
	if (new_name_free(st, &sum, fresh, op, d) < 0)
		rc = -1;
	else if (fresh && load_moved(st, &sum, op, &touched))
		rc = store_edit_touched(st, &touched, op, d);
	else
		rc = store_edit(st, NULL, op, d);
	if (!held)
		store_unlock(st);
out:
	model_release(&touched);
	model_release(&sum);
	return rc;
}

/* 1 when a row of `op` moves an import to another experiment. */
static int moves_imports(const struct store_edit_op *op)
{
	for (size_t i = 0; i < op->n; i++)
		if (op->rows[i].op == EDIT_EXPERIMENT)
			return 1;
	return 0;
}

/* The import a row of kind EDIT_VARIANT names (its target HASH:LINE[.K]): the hash's length, or 0. */
static size_t variant_import(const struct edit_row *r)
{
	size_t len = r->target ? strcspn(r->target, ":") : 0;

	return r->op == EDIT_VARIANT && len == HASH_HEX_LEN && r->target[len] == ':' ? len : 0;
}

/* 1 when every row of `op` sets the variant of a block (or run) of an import it names. */
static int variants_only(const struct store_edit_op *op)
{
	for (size_t i = 0; i < op->n; i++)
		if (!variant_import(&op->rows[i]))
			return 0;
	return op->n > 0;
}

/*
 * Edit `op`, whose rows set blocks' variants (variants_only(): the TUI's
 * e), under the lock; when the index was fresh before, the imports they
 * name read after the edit and the index written again with them
 * (storeindex_moved()), as change_in() does for an experiment: a block's
 * variant changes only its import's rows. The edit's id, 0, or -1.
 */
static long variants_in(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d)
{
	struct model sum, named;
	struct diag quiet = DIAG_INIT;
	struct arena ar = ARENA_INIT;
	const char **hashes = NULL;
	size_t nh = 0, cap = 0;
	uint64_t root[2];
	int held = st->lock_fd >= 0, fresh;
	long rc = -1;

	model_init(&sum);
	model_init(&named);
	fresh = fresh_locked(st, held, &sum, root, d);
	if (fresh < 0)
		goto out;
	rc = journal_record(st, m, op->command, op->what, op->rows, op->n, d);
	for (size_t i = 0; i < op->n; i++)
		add_once(&hashes, &nh, &cap, arena_strndup(&ar, op->rows[i].target, variant_import(&op->rows[i])));
	if (rc > 0 && fresh && store_load_imports_runs(st, &named, hashes, nh, &quiet) == 0 && !named.damaged &&
	    !quiet.n)
		storeindex_moved(st, &named, root); /* else left stale: the next reader reads the data */
	if (!held)
		store_unlock(st);
out:
	model_release(&named);
	model_release(&sum);
	diag_release(&quiet);
	arena_release(&ar);
	free(hashes);
	return rc;
}

long store_edit_fresh(struct store *st, struct model *m, const struct store_edit_op *op, struct diag *d)
{
	const char *exp = one_experiment(op->rows, op->n);

	if (removes_only(op->rows, op->n))
		return remove_fresh(st, m, op, d);
	if (!m && moves_only(op) && moves_imports(op))
		return move_fresh(st, op, d);
	if (variants_only(op))
		return variants_in(st, m, op, d);
	return exp ? change_in(st, exp, m, op, d) : store_edit(st, m, op, d);
}

/*
 * 1 when row `r` moves an import to a named experiment, sets what a named
 * experiment shows, names a variant in every experiment (an alias, a tag)
 * or a block's variant in one import (shifted() follows each).
 */
static int shifts_row(const struct edit_row *r)
{
	if (r->op == EDIT_EXPERIMENT)
		return r->target && *r->target && r->value && *r->value;
	if (r->op == EDIT_VARIANT)
		return variant_import(r) > 0;
	return (r->op == EDIT_BASELINE || r->op == EDIT_TAG || r->op == EDIT_ALIAS) && r->experiment &&
	       (*r->experiment || r->op != EDIT_BASELINE);
}

/* What an undo changes of what is in effect (undo_effect()). */
enum undo_kind {
	UNDO_OTHER,    /* anything else, or nothing: the index is left stale */
	UNDO_RESTORES, /* removals taken back: their imports come back */
	UNDO_REMOVES,  /* removals in effect again (a redo of an rm) */
	UNDO_SHIFTS,   /* moves of whole imports, settings of named experiments */
};

/*
 * The rows of journal `j` (a summary's edits, marked as loaded) that an
 * undo of edit `undone` takes out of effect or puts back: the undo row
 * added to a copy and the copy marked again, as the journal marks it (so
 * a redo, or the undo of a redo, finds the rows of the edit at the bottom
 * of the chain). *rows (heap, the caller frees; pointers into `j`) gets
 * them, *n how many; returns what they do.
 */
static enum undo_kind undo_effect(const struct model *j, uint32_t undone, const struct edit_row ***rows,
				  size_t *n)
{
	struct edit_row *w = xcalloc(j->nedits + 1, sizeof(*w));
	char target[16];
	uint32_t top = 0;
	size_t back = 0, again = 0, shifts = 0;

	for (size_t i = 0; i < j->nedits; i++) {
		w[i] = j->edits[i];
		top = w[i].id > top ? w[i].id : top;
	}
	snprintf(target, sizeof(target), "%u", (unsigned)undone);
	w[j->nedits].id = top + 1;
	w[j->nedits].op = EDIT_UNDO;
	w[j->nedits].target = target;
	journal_mark_undone(w, j->nedits + 1);
	*rows = xmalloc((j->nedits ? j->nedits : 1) * sizeof(**rows));
	*n = 0;
	for (size_t i = 0; i < j->nedits; i++) {
		const struct edit_row *r = &j->edits[i];

		if (r->op == EDIT_UNDO || !w[i].undone == !r->undone)
			continue;
		(*rows)[(*n)++] = r;
		if (r->op == EDIT_REMOVE && r->target && *r->target)
			*(w[i].undone ? &back : &again) += 1;
		else if (shifts_row(r))
			shifts++;
	}
	free(w);
	if (!*n)
		return UNDO_OTHER;
	return back == *n ? UNDO_RESTORES : again == *n ? UNDO_REMOVES : shifts == *n ? UNDO_SHIFTS : UNDO_OTHER;
}

/*
 * Into `exps`, each experiment of summary `sum` holding a variant that
 * alias row `a` (set in every experiment) may have taken, or may take,
 * its runs from or to: its key, its new name's, and every name the
 * journal's aliases take those to (of any experiment, in effect or not:
 * more experiments read than the alias touches, never fewer). Names are
 * kept in `ar`.
 */
static void alias_holders(const struct model *sum, const struct edit_row *a, struct strmap *exps,
			  struct arena *ar)
{
	struct strmap keys = STRMAP_INIT;
	struct buf k = BUF_INIT;
	int grew = 1;

	strmap_put(&keys, a->target, 1);
	variant_key(a->value, strlen(a->value), &k);
	strmap_put(&keys, arena_strndup(ar, buf_str(&k), k.len), 1);
	while (grew) { /* the aliases, in any order, until they take the keys nowhere new */
		grew = 0;
		for (size_t i = 0; i < sum->nedits; i++) {
			const struct edit_row *r = &sum->edits[i];

			if (r->op != EDIT_ALIAS || !r->target || !r->value || !strmap_get(&keys, r->target, NULL))
				continue;
			buf_reset(&k);
			variant_key(r->value, strlen(r->value), &k);
			if (!strmap_get(&keys, buf_str(&k), NULL)) {
				strmap_put(&keys, arena_strndup(ar, buf_str(&k), k.len), 1);
				grew = 1;
			}
		}
	}
	for (size_t e = 0; e < sum->nexps; e++)
		for (size_t v = 0; v < sum->exps[e].nvariants; v++)
			if (strmap_get(&keys, sum->exps[e].variants[v].key, NULL)) {
				strmap_put(exps, sum->exps[e].name, 1);
				break;
			}
	strmap_release(&keys);
	buf_release(&k);
}

/*
 * After an undo whose rows[0..n) move whole imports, set what named
 * experiments show or name variants (UNDO_SHIFTS), with the lock held
 * since the index was found fresh (summary `sum`, root stamp `root`
 * before): every import of every experiment whose imports or settings the
 * rows change (those they name, those the moved imports were in, `sum`,
 * and are in now, those imports read again; for an alias in every
 * experiment, those holding the variants it may rename: alias_holders()),
 * and each import a block's variant names, read after the undo, and the
 * index written again with them (storeindex_moved()), as a move writes
 * it. A tag in every experiment changes no row: the index is stamped
 * again. 0, or -1 when they do not read clean or the index cannot follow
 * (it is left stale).
 */
static int shifted(struct store *st, const struct model *sum, const uint64_t root[2],
		   const struct edit_row *const *rows, size_t n)
{
	struct strmap exps = STRMAP_INIT, moved = STRMAP_INIT;
	struct model now, touched;
	struct diag quiet = DIAG_INIT;
	struct arena ar = ARENA_INIT;
	const char **hashes = NULL, **named = NULL;
	size_t nh = 0, cap = 0, nn = 0, ncap = 0, len;
	int ok = 1;

	model_init(&now);
	model_init(&touched);
	for (size_t i = 0; i < n; i++) {
		if ((len = variant_import(rows[i]))) { /* that import's runs alone change */
			add_once(&named, &nn, &ncap, arena_strndup(&ar, rows[i]->target, len));
			continue;
		}
		if (rows[i]->op == EDIT_ALIAS && !*rows[i]->experiment) {
			alias_holders(sum, rows[i], &exps, &ar);
			continue;
		}
		if (rows[i]->op != EDIT_EXPERIMENT) {
			strmap_put(&exps, rows[i]->experiment, 1);
			continue;
		}
		strmap_put(&exps, rows[i]->value, 1);
		if (strmap_put_new(&moved, rows[i]->target, 1, NULL))
			add_once(&hashes, &nh, &cap, rows[i]->target);
	}
	if (nh) /* where the moved imports are now */
		ok = store_load_imports_runs(st, &now, hashes, nh, &quiet) == 0 && !now.damaged && !quiet.n;
	for (size_t i = 0; ok && i < now.rs.nruns; i++)
		strmap_put(&exps, now.rs.runs[i].eff_experiment, 1);
	/* every import of those experiments, and of those the moved imports were in */
	for (size_t e = 0; ok && e < sum->nexps; e++) {
		const struct experiment *x = &sum->exps[e];
		int hit = strmap_get(&exps, x->name, NULL);

		for (size_t k = 0; !hit && k < x->nsources; k++)
			hit = strmap_get(&moved, sum->sources[x->sources[k]].hash, NULL);
		for (size_t k = 0; hit && k < x->nsources; k++)
			add_once(&hashes, &nh, &cap, sum->sources[x->sources[k]].hash);
	}
	for (size_t i = 0; i < nn; i++)
		add_once(&hashes, &nh, &cap, named[i]);
	if (ok && nh)
		ok = store_load_imports_runs(st, &touched, hashes, nh, &quiet) == 0 && !touched.damaged && !quiet.n;
	ok = ok && storeindex_moved(st, &touched, root) == 0;
	strmap_release(&exps);
	strmap_release(&moved);
	model_release(&touched);
	model_release(&now);
	diag_release(&quiet);
	arena_release(&ar);
	free(hashes);
	free(named);
	return ok ? 0 : -1;
}

/* The imports rows[0..n) name (their targets), heap (the caller frees). */
static const char **row_targets(const struct edit_row *const *rows, size_t n)
{
	const char **hashes = xmalloc((n ? n : 1) * sizeof(*hashes));

	for (size_t i = 0; i < n; i++)
		hashes[i] = rows[i]->target;
	return hashes;
}

int store_undo_id_fresh(struct store *st, uint32_t id, struct undo_info *out, struct diag *d)
{
	struct model sum, back;
	struct undo_info probe;
	struct diag quiet = DIAG_INIT;
	const struct edit_row **rows = NULL;
	const char **hashes = NULL;
	struct storeindex_gone *g = NULL;
	enum undo_kind kind = UNDO_OTHER;
	uint64_t root[2];
	size_t n = 0;
	int held = st->lock_fd >= 0, fresh, rc = -1;

	/* nothing to undo (no journal: no lock file made), no such edit: said as the undo says it */
	if (journal_undo(st, id, 1, &probe, &quiet) < 0) {
		diag_release(&quiet);
		return journal_undo(st, id, 0, out, d);
	}
	model_init(&sum);
	model_init(&back);
	fresh = fresh_locked(st, held, &sum, root, d);
	if (fresh < 0)
		goto out;
	/* what the undo changes, asked again under the lock (it is what the undo will do) */
	if (fresh && journal_undo(st, id, 1, &probe, &quiet) == 0)
		kind = undo_effect(&sum, probe.undone, &rows, &n);
	hashes = row_targets(rows, n);
	if (kind == UNDO_REMOVES)
		g = gone_fresh(st, &sum, hashes, n, &back);
	rc = journal_undo(st, id, 0, out, d);
	/* else left stale: the next reader reads the data */
	if (rc == 0 && kind == UNDO_RESTORES && store_load_imports(st, &back, hashes, n, &quiet) == 0 &&
	    !back.damaged && !quiet.n)
		storeindex_restored(st, &back, root);
	else if (rc == 0 && g)
		storeindex_removed(st, g, &back, root);
	else if (rc == 0 && kind == UNDO_SHIFTS)
		shifted(st, &sum, root, rows, n);
	if (!held)
		store_unlock(st);
out:
	storeindex_gone_release(g);
	diag_release(&quiet);
	model_release(&back);
	model_release(&sum);
	free(rows);
	free(hashes);
	return rc;
}

int store_undo_fresh(struct store *st, struct undo_info *out, struct diag *d)
{
	return store_undo_id_fresh(st, 0, out, d);
}

int store_add_override(struct store *st, const char *kind, const char *target, const char *value,
		       const char *created, struct diag *d)
{
	struct edit_row r = { 0 };
	struct store_edit_op op = { NULL, NULL, &r, 1 };
	struct buf what = BUF_INIT;
	const char *command;
	long rc;

	(void)created; /* the journal stamps its own time */
	r.value = value;
	if (!strcmp(kind, "baseline")) {
		r.op = EDIT_BASELINE;
		r.experiment = target;
		command = "baseline";
		buf_addf(&what, "baseline of \"%s\" is \"%s\"", target, value);
	} else if (!strcmp(kind, "experiment")) {
		r.op = EDIT_EXPERIMENT;
		r.target = target;
		command = "move";
		buf_addf(&what, "import %.12s moved to \"%s\"", target, value);
	} else {
		r.op = EDIT_VARIANT;
		r.target = target;
		command = "import --set-variant";
		buf_addf(&what, "block at %s is variant \"%s\"", target, value);
	}
	op.command = command;
	op.what = what.s;
	rc = store_edit(st, NULL, &op, d);
	buf_release(&what);
	return rc < 0 ? -1 : 0;
}

int store_add_alias(struct store *st, const char *experiment, const char *from, const char *to,
		    const char *created, struct diag *d)
{
	struct edit_row r = { 0 };
	struct store_edit_op op = { NULL, NULL, &r, 1 };
	struct buf what = BUF_INIT;
	long rc;

	(void)created;
	r.op = EDIT_ALIAS;
	r.experiment = experiment;
	r.target = from;
	r.value = to;
	buf_addf(&what, "variant \"%s\" shown as \"%s\"%s%s%s", from, to, *experiment ? " in \"" : "",
		 experiment, *experiment ? "\"" : "");
	op.command = "rename-variant";
	op.what = what.s;
	rc = store_edit(st, NULL, &op, d);
	buf_release(&what);
	return rc < 0 ? -1 : 0;
}
