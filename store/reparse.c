/*
 * reparse.c - every stored text read again with the current parsers; see
 * reparse.h.
 */
#include "store/reparse.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "parsers/parser.h"
#include "store/batch.h"
#include "store/import.h"
#include "util/mapped.h"
#include "store/write.h"
#include "util/buf.h"

/* "OWNER/REPO#N" of a GitHub thread address: what a fetched text's unnamed runs are called. */
static const char *thread_short(struct arena *a, const char *thread)
{
	const char *p = strstr(thread, "github.com/"), *kind;
	int owner_len, n;

	if (!p)
		return NULL;
	p += strlen("github.com/");
	kind = strstr(p, "/issues/");
	if (!kind)
		kind = strstr(p, "/pull/");
	if (!kind)
		return NULL;
	owner_len = (int)(kind - p);
	n = atoi(strchr(kind + 1, '/') + 1);
	return n > 0 ? arena_printf(a, "%.*s#%d", owner_len, p, n) : NULL;
}

long reparse_one(struct model *m, const struct stored_lookup *stored, const struct source *meta,
		 const char *experiment, char *text, size_t len, struct diag *d)
{
	struct import_origin o = { 0 };
	struct import_input in = { 0 };
	struct import_opts io = { 0 };
	struct import_result res;
	struct batch b;
	uint32_t first = (uint32_t)m->rs.nruns;
	struct source *s;
	long src;

	in.name = !strcmp(meta->name, "<stdin>") ? "-" : meta->name;
	in.text = text;
	in.len = len;
	if (*meta->thread || *meta->address) {
		o.title = meta->title;
		o.author = meta->author;
		o.posted = meta->posted;
		o.address = meta->address;
		o.thread = meta->thread;
		o.unnamed = thread_short(&m->arena, meta->thread);
		in.origin = &o;
	}
	io.experiment = *meta->flag_experiment ? meta->flag_experiment : NULL;
	io.variant = *meta->flag_variant ? meta->flag_variant : NULL;
	io.no_hand = meta->flag_no_hand;
	batch_init(&b, m, &res, &io, d);
	b.stored = stored;
	batch_run(&b, &in, 1);
	batch_release(&b);
	src = res.inputs[0].source;
	if (res.inputs[0].status == IMPORT_EMPTY || src < 0) {
		/* nothing reads in it now: kept as an import without runs */
		src = model_add_source(m, meta->hash, NULL, 0);
		s = &m->sources[src];
		s->name = arena_strdup(&m->arena, meta->name);
		s->title = arena_strdup(&m->arena, meta->title);
		s->flag_experiment = arena_strdup(&m->arena, meta->flag_experiment);
		s->flag_variant = arena_strdup(&m->arena, meta->flag_variant);
		s->flag_no_hand = meta->flag_no_hand;
		s->author = arena_strdup(&m->arena, meta->author);
		s->posted = arena_strdup(&m->arena, meta->posted);
		s->address = arena_strdup(&m->arena, meta->address);
		s->thread = arena_strdup(&m->arena, meta->thread);
		s->nlines = meta->nlines;
		s->len = len; /* the text is stored already; its size is what the manifest says */
	}
	s = &m->sources[src];
	s->imported = arena_strdup(&m->arena, meta->imported);
	s->instance = arena_strdup(&m->arena, meta->instance);
	if (experiment && *experiment)
		for (uint32_t r = first; r < m->rs.nruns; r++)
			if (m->rs.runs[r].source == (uint32_t)src)
				m->rs.runs[r].experiment = arena_strdup(&m->arena, experiment);
	import_result_release(&res);
	model_resolve(m);
	return src;
}

/* The report's line for experiment `name`. */
static struct reparse_exp *exp_of(struct reparse_report *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->v[i].name, name))
			return &r->v[i];
	ALLOC_GROW(r->v, r->n + 1, r->cap);
	memset(&r->v[r->n], 0, sizeof(r->v[r->n]));
	r->v[r->n].name = arena_strdup(&r->arena, name);
	return &r->v[r->n++];
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The values of run `run`, one sorted line each: what "values changed" compares. */
static void values_of(const struct model *m, const struct byrun *by, uint32_t run, struct buf *out)
{
	size_t n = by->start[run + 1] - by->start[run];
	char **lines = xcalloc(n ? n : 1, sizeof(*lines));

	for (size_t k = 0; k < n; k++) {
		const struct measurement *me = &m->rs.meas[by->order[by->start[run] + k]];
		struct buf b = BUF_INIT;

		buf_addf(&b, "%s %s %s %.17g", me->quantity, stat_name(me->stat), unit_name(me->unit),
			 me->value);
		lines[k] = buf_detach(&b, NULL);
	}
	qsort(lines, n, sizeof(*lines), cmp_str);
	for (size_t k = 0; k < n; k++) {
		buf_adds(out, lines[k]);
		buf_addc(out, '\n');
		free(lines[k]);
	}
	free(lines);
}

/*
 * Compare the runs of old source `os` with those of source `ns` of the new
 * reading: the old source's runs alone (its by-source index), and every
 * run of `fresh`, which holds that one text.
 */
static void compare_source(const struct model *old, const struct byrun *ob, uint32_t os,
			   const struct model *fresh, const struct byrun *fb, long ns,
			   struct reparse_report *r)
{
	struct strmap ids = STRMAP_INIT;
	struct buf a = BUF_INIT, b = BUF_INIT;
	unsigned char *seen = xcalloc(fresh->rs.nruns + 1, 1);
	const uint32_t *own = old->runs_by_source.order + old->runs_by_source.start[os];
	size_t nown = old->runs_by_source.start[os + 1] - old->runs_by_source.start[os];
	const char *exp = NULL;

	for (uint32_t i = 0; i < fresh->rs.nruns; i++)
		if ((long)fresh->rs.runs[i].source == ns)
			strmap_put(&ids, fresh->rs.runs[i].id, i);
	for (size_t j = 0; j < nown; j++) {
		uint32_t i = own[j];
		const struct run *o = &old->rs.runs[i];
		uint32_t k;

		if (!exp)
			exp = o->eff_experiment;
		if (!strmap_get(&ids, o->id, &k)) {
			exp_of(r, o->eff_experiment)->removed++;
			continue;
		}
		seen[k] = 1;
		if (strcmp(o->eff_variant.text, fresh->rs.runs[k].eff_variant.text) ||
		    strcmp(o->eff_scenario, fresh->rs.runs[k].eff_scenario))
			exp_of(r, fresh->rs.runs[k].eff_experiment)->renamed++;
		buf_reset(&a);
		buf_reset(&b);
		values_of(old, ob, i, &a);
		values_of(fresh, fb, k, &b);
		if (strcmp(buf_str(&a), buf_str(&b)))
			exp_of(r, fresh->rs.runs[k].eff_experiment)->changed++;
	}
	for (uint32_t i = 0; i < fresh->rs.nruns; i++) {
		if ((long)fresh->rs.runs[i].source != ns || seen[i])
			continue;
		if (!exp)
			exp = fresh->rs.runs[i].eff_experiment;
		exp_of(r, fresh->rs.runs[i].eff_experiment)->added++;
	}
	if (exp)
		exp_of(r, exp)->imports++;
	free(seen);
	buf_release(&a);
	buf_release(&b);
	strmap_release(&ids);
}

/*
 * Who reads a block again, so that a run's id depends on its own text and
 * place and never on which import is read first: a block the old reading
 * had goes to the text that had it (a re-paste that repeats an earlier
 * thread's blocks leaves them to that thread, whichever is read first);
 * a block no text had before goes to the first text read that has it.
 */
struct owners {
	const struct model *old;
	struct strmap owner;  /* block key → 1 + the old run that had it first */
	struct strmap taken;  /* keys of new blocks some text read already → their slot in `got` */
	struct taken_block {
		const char *experiment, *hash; /* (in `keys`) */
		uint32_t line;
	} *got;
	size_t ngot, got_cap;
	struct arena keys;
	uint32_t reading;     /* the old source being read again */
	const struct stored_lookup *lookup; /* these answers, as the texts' batches ask them */
};

/*
 * stored_lookup.block: 1 when the block is another text's (a duplicate
 * for this one), with the experiment, text and line of its first run (as
 * an index answers, for the naming of the text's experiment).
 */
static int block_elsewhere(void *ctx, const char *key, const char **experiment, const char **hash,
			   uint32_t *line)
{
	struct owners *o = ctx;
	const struct taken_block *t;
	uint32_t at;

	if (strmap_get(&o->owner, key, &at)) {
		const struct run *r = &o->old->rs.runs[at - 1];

		if (r->source == o->reading)
			return 0;
		if (experiment)
			*experiment = r->experiment;
		if (hash)
			*hash = o->old->sources[r->source].hash;
		if (line)
			*line = r->first_line;
		return 1;
	}
	if (!strmap_get(&o->taken, key, &at))
		return 0;
	t = &o->got[at];
	if (experiment)
		*experiment = t->experiment;
	if (hash)
		*hash = t->hash;
	if (line)
		*line = t->line;
	return 1;
}

static int no_source(void *ctx, struct model *m, const char *hash, uint32_t *source)
{
	(void)ctx, (void)m, (void)hash, (void)source;
	return 0;
}

static const char *no_place(void *ctx, const char *place)
{
	(void)ctx, (void)place;
	return NULL;
}

static int not_taken(void *ctx, const char *name)
{
	(void)ctx, (void)name;
	return 0;
}

/* The first experiment of old source `s`'s runs (as parsed, before any edit), or NULL. */
static const char *first_experiment(const struct model *old, uint32_t s)
{
	const struct byrun *by = &old->runs_by_source;

	return by->start[s + 1] > by->start[s] ? old->rs.runs[by->order[by->start[s]]].experiment : NULL;
}

/*
 * Text `s` of `old` read again into empty model `fresh`, with the user's
 * edits; its new blocks marked taken. The new source's index, or -1 when
 * its text is missing (counted in the report).
 */
static long read_again(struct model *old, uint32_t s, struct owners *o, struct model *fresh,
		       struct reparse_report *r, struct diag *d)
{
	struct diag local = DIAG_INIT;
	size_t len;
	const char *text = model_source_text(old, s, &len);
	char *copy;
	long src;

	if (!text) {
		diag_warn(d, NULL, 0, "import %.12s (%s): its text is missing; left as it is",
			  old->sources[s].hash, old->sources[s].name);
		r->missing++;
		return -1;
	}
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	mapped_free(old->sources[s].text); /* read once: the old reading keeps no text it is done with */
	old->sources[s].text = NULL;
	o->reading = s;
	src = reparse_one(fresh, o->lookup, &old->sources[s], first_experiment(old, s), copy, len, &local);
	r->warnings += local.n;
	r->texts++;
	diag_release(&local);
	for (uint32_t i = 0; i < fresh->rs.nruns; i++) {
		const struct run *x = &fresh->rs.runs[i];

		if (strmap_get(&o->owner, x->block, NULL) || strmap_get(&o->taken, x->block, NULL))
			continue;
		ALLOC_GROW(o->got, o->ngot + 1, o->got_cap);
		o->got[o->ngot].experiment = arena_strdup(&o->keys, x->experiment);
		o->got[o->ngot].hash = arena_strdup(&o->keys, fresh->sources[x->source].hash);
		o->got[o->ngot].line = x->first_line;
		strmap_put(&o->taken, arena_strdup(&o->keys, x->block), (uint32_t)o->ngot++);
	}
	/* the user's edits, as they apply to the old reading */
	for (size_t k = 0; k < old->noverrides; k++)
		model_add_override(fresh, old->overrides[k].kind, old->overrides[k].target,
				   old->overrides[k].value, old->overrides[k].created);
	for (size_t k = 0; k < old->naliases; k++)
		model_add_alias(fresh, old->aliases[k].experiment, old->aliases[k].from,
				old->aliases[k].to, old->aliases[k].created);
	for (size_t k = 0; k < old->ntags; k++)
		model_add_tag(fresh, old->tags[k].experiment, old->tags[k].variant, old->tags[k].factor,
			      old->tags[k].level, old->tags[k].created);
	model_resolve(fresh);
	return src;
}

int reparse_store(struct store *st, struct model *old, int dry, struct reparse_report *r,
		  struct diag *d)
{
	struct owners o = { .old = old };
	struct stored_lookup lookup = { &o, no_source, block_elsewhere, no_place, not_taken, NULL };
	struct byrun ob;
	int rc = 0;

	o.lookup = &lookup;
	memset(r, 0, sizeof(*r));
	if (!model_indexes_fresh(old))
		model_resolve(old);
	for (uint32_t i = 0; i < old->rs.nruns; i++)
		strmap_put_new(&o.owner, old->rs.runs[i].block, i + 1, NULL);
	byrun_build(&ob, old->rs.meas, old->rs.nmeas, sizeof(*old->rs.meas),
		    offsetof(struct measurement, run), old->rs.nruns);
	/*
	 * One text at a time, each into a model of its own: what it reads is
	 * its alone (the lookup above says which blocks are other texts'),
	 * compared with its old reading and written, then let go. The time is
	 * the texts' sizes summed, not their number squared.
	 */
	for (uint32_t s = 0; rc == 0 && s < old->nsources; s++) {
		struct model fresh;
		struct byrun fb;
		long src;

		model_init(&fresh);
		fresh.store_dir = arena_strdup(&fresh.arena, st->dir);
		src = read_again(old, s, &o, &fresh, r, d);
		if (src >= 0) {
			byrun_build(&fb, fresh.rs.meas, fresh.rs.nmeas, sizeof(*fresh.rs.meas),
				    offsetof(struct measurement, run), fresh.rs.nruns);
			compare_source(old, &ob, s, &fresh, &fb, src, r);
			byrun_release(&fb);
			if (!dry && store_replace_source(st, &fresh, (uint32_t)src, d) < 0)
				rc = -1;
			else if (!dry)
				r->written++;
		}
		model_release(&fresh);
	}
	byrun_release(&ob);
	strmap_release(&o.owner);
	strmap_release(&o.taken);
	free(o.got);
	arena_release(&o.keys);
	if (!dry && rc == 0 && !r->missing)
		rc = store_set_parsers(st, PARSERS_GENERATION, d);
	return rc;
}

void reparse_report_release(struct reparse_report *r)
{
	free(r->v);
	arena_release(&r->arena);
	memset(r, 0, sizeof(*r));
}
