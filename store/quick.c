/*
 * quick.c - a quick comparison kept in memory and read as a store is
 * (quick.h).
 */
#include "store/quick.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/mapped.h"
#include "util/util.h"

/* One import: its texts (owned) and its options (strings in the arena). */
struct quick_import {
	struct import_input *in;
	size_t n;
	struct import_opts o;
};

/*
 * The imports read (every text parsed, with the journal in effect then),
 * shared by the generations derived from it (model_derive()) and by the
 * quick comparison while its imports stay these: freed by the last.
 */
struct quick_base {
	struct model_shared sh; /* first: what a generation holds is this */
	struct model m;
	size_t overrides_from; /* m.overrides from here on came with the imports (--set-variant) */
};

struct quick {
	struct arena arena; /* every string kept but the texts */
	struct quick_base *base; /* the imports as read (one reference), or NULL until read again */
	struct quick_import *imports;
	size_t nimports, imports_cap;
	struct edit_row *edits; /* the journal, `undone` marked */
	size_t nedits, edits_cap;
	uint32_t max_id;
	unsigned long gen; /* quick_generation() less 1 */
};

struct quick *quick_new(void)
{
	return xcalloc(1, sizeof(struct quick));
}

static void base_free(struct model_shared *sh)
{
	struct quick_base *b = (struct quick_base *)sh;

	model_release(&b->m);
	free(b);
}

/* The imports changed: the next snapshot reads them again. */
static void let_base_go(struct quick *q)
{
	if (q->base && !--q->base->sh.refs)
		base_free(&q->base->sh);
	q->base = NULL;
}

static void import_release(struct quick_import *x)
{
	for (size_t i = 0; i < x->n; i++)
		mapped_free(x->in[i].text);
	free(x->in);
}

void quick_free(struct quick *q)
{
	if (!q)
		return;
	let_base_go(q);
	for (size_t i = 0; i < q->nimports; i++)
		import_release(&q->imports[i]);
	free(q->imports);
	free(q->edits);
	arena_release(&q->arena);
	free(q);
}

static const char *keep(struct quick *q, const char *s)
{
	return s ? arena_strdup(&q->arena, s) : NULL;
}

static const struct import_origin *keep_origin(struct quick *q, const struct import_origin *o)
{
	struct import_origin *c;

	if (!o)
		return NULL;
	c = arena_alloc(&q->arena, sizeof(*c));
	c->title = keep(q, o->title);
	c->author = keep(q, o->author);
	c->posted = keep(q, o->posted);
	c->address = keep(q, o->address);
	c->thread = keep(q, o->thread);
	c->unnamed = keep(q, o->unnamed);
	return c;
}

void quick_add(struct quick *q, struct import_input *in, size_t n, const struct import_opts *o)
{
	struct quick_import *x;
	struct set_variant *set = NULL;
	char now[32];

	ALLOC_GROW(q->imports, q->nimports + 1, q->imports_cap);
	x = &q->imports[q->nimports++];
	x->n = n;
	x->in = xcalloc(n ? n : 1, sizeof(*x->in));
	for (size_t i = 0; i < n; i++) {
		x->in[i] = in[i]; /* the text adopted */
		x->in[i].name = keep(q, in[i].name);
		x->in[i].origin = keep_origin(q, in[i].origin);
		in[i].text = NULL;
	}
	x->o = *o;
	x->o.experiment = keep(q, o->experiment);
	x->o.variant = keep(q, o->variant);
	if (o->nset) {
		set = arena_alloc(&q->arena, o->nset * sizeof(*set));
		for (size_t i = 0; i < o->nset; i++) {
			set[i] = o->set[i];
			set[i].name = keep(q, o->set[i].name);
		}
	}
	x->o.set = set;
	model_now_iso(now);
	x->o.imported = keep(q, o->imported ? o->imported : now);
	let_base_go(q);
	q->gen++;
}

int quick_holds(const struct quick *q, const char *text, size_t len)
{
	for (size_t k = 0; k < q->nimports; k++)
		for (size_t i = 0; i < q->imports[k].n; i++)
			if (q->imports[k].in[i].len == len && !memcmp(q->imports[k].in[i].text, text, len))
				return 1;
	return 0;
}

int quick_drop_last(struct quick *q)
{
	if (q->nimports < 2)
		return -1;
	let_base_go(q);
	import_release(&q->imports[--q->nimports]);
	q->gen++;
	return 0;
}

size_t quick_imports(const struct quick *q)
{
	return q->nimports;
}

unsigned long quick_generation(const struct quick *q)
{
	return q->gen + 1;
}

/* Append row `r` to the journal with id `id`, its strings kept. */
static void add_row(struct quick *q, const struct edit_row *r, uint32_t id, const char *now, const char *command,
		    const char *what)
{
	struct edit_row *k;

	ALLOC_GROW(q->edits, q->nedits + 1, q->edits_cap);
	k = &q->edits[q->nedits++];
	memset(k, 0, sizeof(*k));
	k->id = id;
	k->op = r->op;
	k->created = keep(q, now);
	k->command = keep(q, command ? command : "");
	k->what = keep(q, what ? what : "");
	k->experiment = keep(q, r->experiment ? r->experiment : "");
	k->target = keep(q, r->target ? r->target : "");
	k->value = keep(q, r->value ? r->value : "");
}

long quick_edit(struct quick *q, const struct store_edit_op *op)
{
	size_t first = q->nedits;
	char now[32];

	model_now_iso(now);
	for (size_t i = 0; i < op->n; i++) {
		struct edit_row r = op->rows[i];

		r.experiment = r.experiment ? r.experiment : "";
		r.target = r.target ? r.target : "";
		r.value = r.value ? r.value : "";
		if (!journal_repeats(q->edits, q->nedits, &r))
			add_row(q, &r, q->max_id + 1, now, op->command, op->what);
	}
	if (q->nedits == first)
		return 0;
	q->gen++;
	return ++q->max_id;
}

int quick_undo(struct quick *q, struct undo_info *out, struct diag *d)
{
	const struct edit_row *t = NULL;
	struct edit_row u = { 0 };
	char now[32], target[16], what[300];

	memset(out, 0, sizeof(*out));
	for (size_t i = q->nedits; i-- > 0 && !t;)
		if (q->edits[i].op != EDIT_UNDO && !q->edits[i].undone)
			t = &q->edits[i];
	if (!t)
		return diag_error(d, NULL, 0, "nothing to undo");
	out->undone = t->id;
	snprintf(out->what, sizeof(out->what), "%s", t->what);
	snprintf(target, sizeof(target), "%u", (unsigned)t->id);
	model_now_iso(now);
	u.op = EDIT_UNDO;
	u.target = target;
	u.experiment = u.value = "";
	out->id = ++q->max_id;
	snprintf(what, sizeof(what), "undo edit %u: %s", (unsigned)out->undone, out->what);
	add_row(q, &u, out->id, now, "undo", what); /* (t moves with it: read before) */
	journal_mark_undone(q->edits, q->nedits);
	q->gen++;
	return 0;
}

/* The journal's rows into empty model `m`, those in effect applied (overrides, aliases, tags). */
static void add_journal(const struct quick *q, struct model *m)
{
	for (size_t i = 0; i < q->nedits; i++)
		journal_add_row(m, &q->edits[i]);
	journal_apply(m);
}

/*
 * q->base: every import read again, in order, the journal applied first
 * (as a store's load reads its journal before its data: each import
 * resolves with it, and a paste joins the experiment the edits made).
 * Each text is read where the quick comparison holds it (mapped_hold():
 * one more owner, no copy).
 */
static void read_base(struct quick *q, struct diag *d)
{
	struct quick_base *b = xcalloc(1, sizeof(*b));
	struct diag scratch = DIAG_INIT;

	b->sh.refs = 1; /* the quick comparison's */
	b->sh.free = base_free;
	model_init(&b->m);
	add_journal(q, &b->m);
	b->overrides_from = b->m.noverrides;
	for (size_t k = 0; k < q->nimports; k++) {
		const struct quick_import *x = &q->imports[k];
		struct import_input *in = xcalloc(x->n ? x->n : 1, sizeof(*in));
		struct import_result res;

		for (size_t i = 0; i < x->n; i++) {
			in[i] = x->in[i];
			in[i].text = mapped_hold(x->in[i].text, x->in[i].len); /* the import's owner, adopted */
		}
		import_texts(&b->m, in, x->n, &x->o, &res, d ? d : &scratch);
		import_result_release(&res);
		free(in);
	}
	diag_release(&scratch);
	q->base = b;
}

int quick_reads_texts(const struct quick *q)
{
	return !q->base;
}

void quick_snapshot(struct quick *q, struct model *m, struct diag *d)
{
	const struct model *from;

	if (!q->base)
		read_base(q, d);
	from = &q->base->m;
	/* the records as read; the journal as it is now; the imports' own fixes after it, as they came */
	model_derive(m, from, &q->base->sh);
	add_journal(q, m);
	for (size_t k = q->base->overrides_from; k < from->noverrides; k++)
		model_add_override(m, from->overrides[k].kind, from->overrides[k].target, from->overrides[k].value,
				   from->overrides[k].created);
	model_resolve(m);
}
