/*
 * batch.c - an import's pipeline, read → segment → parse → name →
 * experiment, over a batch that owns what it runs with; see batch.h.
 * The segment and parse stages of one text are store/import.c's.
 */
#include "store/batch.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/parse_ctx.h"
#include "parsers/segment.h"
#include "store/clean.h"
#include "store/expname.h"
#include "store/storeindex.h"
#include "store/write.h"
#include "util/buf.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/mapped.h"
#include "util/spread.h"

static const char *display_name(const char *name)
{
	return strcmp(name, "-") ? name : "<stdin>";
}

/* The experiment name of untitled inputs imported together: "a", "a vs b", "a vs b +3 more". */
static const char *group_name(struct model *m, struct import_input *in, size_t n,
			      const struct import_result *res)
{
	struct buf b = BUF_INIT;
	size_t shown = 0, total = 0;
	const char *name;

	for (size_t i = 0; i < n; i++) {
		const struct source *s;

		if (res->inputs[i].source < 0)
			continue;
		s = &m->sources[res->inputs[i].source];
		if (*s->title)
			continue;
		total++;
		if (shown < 3) {
			char *stem = strcmp(in[i].name, "-") ? path_stem_dup(in[i].name) : xstrdup("stdin");

			if (shown)
				buf_adds(&b, " vs ");
			buf_adds(&b, stem);
			free(stem);
			shown++;
		}
	}
	if (total > shown)
		buf_addf(&b, " +%zu more", total - shown);
	name = clean_str(&m->arena, arena_strndup(&m->arena, buf_str(&b), b.len));
	buf_release(&b);
	return name;
}

/* A fetched text's provenance onto its source (arena copies). */
static void source_origin(struct model *m, struct source *s, const struct import_origin *o)
{
	if (!o)
		return;
	s->title = o->title ? arena_strdup(&m->arena, o->title) : "";
	s->author = o->author ? arena_strdup(&m->arena, o->author) : "";
	s->posted = o->posted ? arena_strdup(&m->arena, o->posted) : "";
	s->address = o->address ? arena_strdup(&m->arena, o->address) : "";
	s->thread = o->thread ? arena_strdup(&m->arena, o->thread) : "";
}

/* The model's first run of the block with this key (a stored one, when the model holds them), or -1. */
static long run_of_block(const struct model *m, const char *key)
{
	for (size_t r = 0; r < m->rs.nruns; r++)
		if (!strcmp(m->rs.runs[r].block, key))
			return (long)r;
	return -1;
}

/*
 * The target ("HASH:LINE") of --set-variant at `line` of input `i`: a block
 * of a new text or of the stored same text, or the stored block that a
 * duplicate block of it repeats; with `run_k`, the run "HASH:LINE.run_k"
 * of this text alone. NULL when no tool output is at that line.
 */
static const char *set_target(struct model *m, const struct stored_lookup *stored,
			      const struct import_result *res, size_t i, uint32_t line, uint32_t run_k)
{
	const struct import_input_result *ir = &res->inputs[i];
	const char *hash = ir->source >= 0 ? m->sources[ir->source].hash : NULL;

	/* a run of this text: read now, or stored (the store says) when the text was */
	if (hash && (run_k || ir->status == IMPORT_NEW || ir->status == IMPORT_SAME_TEXT) &&
	    (model_run_at(m, (uint32_t)ir->source, line, run_k) >= 0 ||
	     (ir->status == IMPORT_SAME_TEXT && stored && stored->line &&
	      stored->line(stored->ctx, hash, line, run_k)))) {
		if (run_k) /* one run alone: the one whose id is HASH:LINE.k */
			return arena_printf(&m->arena, "%s:%u.%u", hash, (unsigned)line, (unsigned)run_k);
		return arena_printf(&m->arena, "%s:%u", hash, (unsigned)line);
	}
	if (run_k)
		return NULL;
	for (size_t k = 0; k < res->nitems; k++) {
		const struct import_item *it = &res->items[k];
		long r;

		if (it->input != i || !it->duplicate || line < it->first_line || line > it->last_line)
			continue;
		if ((r = run_of_block(m, it->block)) < 0) {
			const char *at_hash;
			uint32_t at;

			/*
			 * stored, not in the model: the store knows where, and the
			 * text joins the model's sources (no runs) for the edit to
			 * name it
			 */
			if (stored && stored->block(stored->ctx, it->block, NULL, &at_hash, &at)) {
				uint32_t s;

				if (model_find_source(m, at_hash) < 0)
					stored->source(stored->ctx, m, at_hash, &s);
				return arena_printf(&m->arena, "%s:%u", at_hash, (unsigned)at);
			}
			continue;
		}
		/* the stored block it repeats, wherever that text had it */
		return arena_printf(&m->arena, "%s:%u", m->sources[m->rs.runs[r].source].hash,
				    (unsigned)m->rs.runs[r].first_line);
	}
	return NULL;
}

/* --set-variant LINE=NAME: an override for the block at LINE of each text. */
static void set_variants(struct model *m, const struct stored_lookup *stored,
			 struct import_result *res, const struct import_opts *o,
			 const char *now, struct diag *d)
{
	res->overrides_from = m->noverrides;
	for (size_t k = 0; k < o->nset; k++) {
		int used = 0;

		for (size_t i = 0; i < res->ninputs; i++) {
			const char *target;

			if (o->set[k].input && o->set[k].input != i + 1)
				continue;
			target = set_target(m, stored, res, i, o->set[k].line, o->set[k].run);

			if (target) {
				model_add_override(m, "variant", target, o->set[k].name, now);
				used = 1;
			}
		}
		if (!used)
			diag_warn(d, NULL, 0, "--set-variant %u=%s: no tool output at line %u; ignored",
				  (unsigned)o->set[k].line, o->set[k].name, (unsigned)o->set[k].line);
	}
}

/* ---- the batch ---- */

void batch_init(struct batch *b, struct model *m, struct import_result *res,
		const struct import_opts *o, struct diag *d)
{
	memset(b, 0, sizeof(*b));
	memset(res, 0, sizeof(*res));
	b->m = m;
	b->res = res;
	b->o = o;
	b->d = d;
	b->first_run = (uint32_t)m->rs.nruns;
	b->first_mark = recset_mark(&m->rs);
	b->now = o->imported ? arena_strdup(&m->arena, o->imported) : model_now(m);
	naming_init(&b->naming, b->first_run);
}

/* A dry run's measurements: counted per run, not kept (model.h: struct record_spool). */
static const struct record_spool count_only = { NULL, NULL, NULL, NULL };

void batch_count_only(struct batch *b)
{
	b->spool = &count_only;
}

int batch_spool(struct batch *b, struct store *st, struct diag *d)
{
	if (!(b->spool = store_spool_begin(st, d)))
		return -1;
	b->spool_st = st;
	return 0;
}

/* Is an input's text stored (new runs, or all its blocks stored before: the text is kept)? */
static int to_store(const struct import_input_result *ir)
{
	return (ir->status == IMPORT_NEW || ir->status == IMPORT_ALL_DUP) && ir->source >= 0;
}

/* b->writes: what the writer writes, once the pipeline is done. */
static void settle_writes(struct batch *b)
{
	const struct import_result *res = b->res;

	free(b->writes);
	b->writes = xcalloc(b->m->nsources ? b->m->nsources : 1, 1);
	b->nwrites = 0;
	for (size_t i = 0; i < res->ninputs; i++)
		if (to_store(&res->inputs[i]) && !b->writes[res->inputs[i].source]) {
			b->writes[res->inputs[i].source] = 1;
			b->nwrites++;
		}
}

void batch_render_begin(struct batch *b, struct storeindex_import *ix)
{
	if (b->nwrites)
		b->render = storeindex_render_begin(b->m, ix, b->writes);
}

void batch_release(struct batch *b)
{
	storeindex_render_release(b->render); /* joined, when no writer of the index took it */
	if (b->spool_st)
		store_spool_end(b->spool_st); /* joins its text writers, removes what none took */
	b->spool = NULL;
	repeats_release(&b->rp);
	naming_release(&b->naming);
	free(b->writes);
	b->writes = NULL;
	b->nwrites = 0;
	b->render = NULL;
	b->spool_st = NULL;
}

/* ---- the pipeline's stages ---- */

/*
 * read: input `i`'s hash; a text the model or the store has already is
 * not read again (IMPORT_SAME_TEXT, its text let go: 0). Else its source
 * is added, the text adopted (1, *source set).
 */
static int read_text(struct batch *b, struct import_input *in, size_t i, uint32_t *source)
{
	struct model *m = b->m;
	const struct import_opts *o = b->o;
	struct import_input_result *ir = &b->res->inputs[i];
	char hash[HASH_HEX_LEN + 1];
	struct source *s;

	if (in->hash[0]) {
		memcpy(hash, in->hash, sizeof(hash));
	} else {
		hash_hex(in->text ? in->text : "", in->len, hash);
		mapped_drop(in->text, in->len);
	}
	if (model_find_source(m, hash) >= 0 ||
	    (b->stored && b->stored->source(b->stored->ctx, m, hash, source))) {
		ir->status = IMPORT_SAME_TEXT;
		ir->source = model_find_source(m, hash);
		mapped_free(in->text);
		in->text = NULL;
		return 0;
	}
	*source = model_add_source(m, hash, in->text, in->len);
	in->text = NULL;
	s = &m->sources[*source];
	s->name = arena_strdup(&m->arena, display_name(in->name));
	s->imported = b->now;
	s->flag_experiment = o->experiment ? arena_strdup(&m->arena, o->experiment) : "";
	s->flag_variant = o->variant ? arena_strdup(&m->arena, o->variant) : "";
	s->flag_no_hand = o->no_hand;
	source_origin(m, s, in->origin);
	return 1;
}

/* The variant of a text's runs that nothing in it names: its file's stem, "stdin", or the origin's (arena). */
static const char *unnamed_variant(struct model *m, const struct import_input *in)
{
	char *stem;
	const char *v;

	if (in->origin && in->origin->unnamed)
		stem = xstrdup(in->origin->unnamed);
	else
		stem = strcmp(in->name, "-") ? path_stem_dup(in->name) : xstrdup("stdin");
	v = arena_strdup(&m->arena, stem);
	free(stem);
	return v;
}

/*
 * The text of source `source` is read: what the segmenter found besides
 * blocks (title, line count, facts), the input's status, and its legends
 * to the naming evidence; a text that gave nothing is forgotten again.
 */
static void end_text(struct batch *b, size_t i, uint32_t source, const struct recset_mark *mark,
		     size_t meas_out, struct seg_result *sr)
{
	struct model *m = b->m;
	struct import_input_result *ir = &b->res->inputs[i];
	struct source *s = &m->sources[source];

	if (b->spool && b->spool->end_text)
		b->spool->end_text(b->spool->ctx, m, source);
	if (!*s->title)
		s->title = sr->title ? sr->title : "";
	clean_sources(m, source); /* its name and title are names from now on */
	s->nlines = sr->nlines;
	for (size_t k = 0; k < sr->nfacts; k++) {
		struct fact *f = recset_add_fact(&m->rs);

		f->source = source;
		f->key = sr->facts[k].key;
		f->value = sr->facts[k].value;
		f->line = sr->facts[k].line;
	}
	ir->nruns = m->rs.nruns - mark->runs;
	ir->nmeas = m->rs.nmeas - mark->meas + meas_out;
	if (ir->nruns) {
		ir->status = IMPORT_NEW;
	} else if (ir->ndup) {
		ir->status = IMPORT_ALL_DUP;
	} else {
		/* nothing of it is kept: forget the source again */
		recset_rollback(&m->rs, mark);
		naming_truncate(&b->naming, (uint32_t)mark->runs);
		mapped_free(m->sources[source].text);
		m->nsources--;
		ir->status = IMPORT_EMPTY;
		return;
	}
	ir->source = source;
	if (b->spool && b->spool->keep_text)
		b->spool->keep_text(b->spool->ctx, m, source);
	/* its legends, for the naming pass (legends_to_naming()): the array taken over */
	ALLOC_GROW(b->legends, b->nlegends + 1, b->legends_cap);
	b->legends[b->nlegends].source = source;
	b->legends[b->nlegends].v = sr->legends;
	b->legends[b->nlegends++].n = sr->nlegends;
	sr->legends = NULL;
	sr->nlegends = sr->legends_cap = 0;
}

/* The kept texts' legends to the naming evidence, in the texts' order. */
static void legends_to_naming(struct batch *b)
{
	for (size_t k = 0; k < b->nlegends; k++)
		naming_legends(&b->naming, b->legends[k].source, b->legends[k].v, b->legends[k].n);
	for (size_t k = 0; k < b->nlegends; k++)
		free(b->legends[k].v);
	free(b->legends);
	b->legends = NULL;
	b->nlegends = b->legends_cap = 0;
}

/* The naming evidence that needs no experiment (naming_gather()): a thread's body, arg is the batch. */
static void *gather_naming(void *arg)
{
	struct batch *b = arg;

	naming_gather(&b->naming, b->m);
	return NULL;
}

/* A run's share of the bytes that make a second thread worth it for that evidence (util/spread.h). */
#define RUN_BYTES 64

/*
 * The experiments' names (expname.c) and the legends to the naming
 * evidence, and beside them on a second thread when the runs are many,
 * the naming evidence that needs every run but no experiment: neither
 * side writes what the other reads (naming.h: naming_gather()).
 */
static void name_experiments(struct batch *b, struct import_input *in, size_t n)
{
	struct model *m = b->m;
	pthread_t th;
	int beside;

	beside = spread_worth(b->naming.n * RUN_BYTES) && !pthread_create(&th, NULL, gather_naming, b);
	/* experiment: what each text joins (stored runs resolved: what a new text may join) */
	expname_assign(m, b->stored, in, n, b->res, b->o, b->first_run, group_name(m, in, n, b->res));
	legends_to_naming(b);
	if (beside)
		pthread_join(th, NULL);
}

#define AHEAD_STEP 64 /* runs done ahead in one step: the next batch is not kept waiting long */

/*
 * seg_idle_fn: the per-run work of the later stages for the next runs
 * recorded (naming_block() done), while the importing thread waits for
 * the walk; 1 when it did some.
 */
static int batch_ahead(void *arg)
{
	struct batch *b = arg;
	struct naming *nm = &b->naming;
	uint32_t k = nm->ahead, end = (uint32_t)(nm->n - k > AHEAD_STEP ? k + AHEAD_STEP : nm->n);

	if (k >= end)
		return 0;
	for (; k < end; k++) {
		naming_run_ahead(nm, b->m, k);
		clean_run_ahead(b->m, &b->clean, nm->first + k);
	}
	nm->ahead = end;
	return 1;
}

/* The records but runs an import added, cleaned on a second thread (clean_other_records()). */
struct others_job {
	struct recset *rs;
	const struct recset_mark *from;
	struct arena arena; /* the clean copies, the model's once the thread is joined */
};

static void *clean_others_job(void *arg)
{
	struct others_job *j = arg;

	clean_other_records(j->rs, j->from, &j->arena);
	return NULL;
}

/* A record's share of the bytes that make that thread worth it (util/spread.h). */
#define RECORD_BYTES 16

/* The records but runs added since `from` (what clean_other_records() reads). */
static size_t other_records(const struct recset *rs, const struct recset_mark *from)
{
	return (rs->nmeas - from->meas) + (rs->nsamples - from->samples) + (rs->nseries - from->series) +
	       (rs->nnotes - from->notes) + (rs->nfacts - from->facts);
}

/* naming_then_fn: run r is named; cleaned now (clean_run()), in order. */
static void clean_named(void *ctx, size_t r, int name_clean)
{
	clean_run(ctx, r, name_clean);
}

void batch_run(struct batch *b, struct import_input *in, size_t n)
{
	struct model *m = b->m;
	struct import_result *res = b->res;
	struct clean_runs cr;
	struct others_job others = { &m->rs, &b->first_mark, ARENA_INIT };
	pthread_t th;
	int beside;
	/* what this thread's parse keeps between blocks and texts (the walker makes its own) */
	struct parse_ctx *pc = parse_ctx_new(0);

	parse_ctx_hold(pc);
	res->inputs = xcalloc(n ? n : 1, sizeof(*res->inputs));
	res->ninputs = n;
	for (size_t i = 0; i < n; i++) {
		struct recset_mark mark = recset_mark(&m->rs);
		struct seg_result sr;
		struct import_text t = { 0 };

		res->inputs[i].source = -1;
		/* read */
		if (!read_text(b, &in[i], i, &t.source))
			continue;
		/* segment → parse, each block's naming evidence on the way (import.c) */
		t.m = m;
		t.res = res;
		t.naming = &b->naming;
		t.rp = &b->rp;
		t.o = b->o;
		t.spool = b->spool;
		t.stored = b->stored;
		t.input = (uint32_t)i;
		t.name = display_name(in[i].name);
		t.input_variant = unnamed_variant(m, &in[i]);
		t.keep_blocks = !b->o->last_import || i + 1 < n;
		t.pc = pc;
		t.idle = batch_ahead;
		t.idle_arg = b;
		repeats_reset(&b->rp);
		import_text(&t, &mark, &sr, b->d);
		end_text(b, i, t.source, &mark, t.meas_out, &sr);
		seg_result_release(&sr);
	}
	repeats_release(&b->rp);
	parse_ctx_let_go(pc);
	parse_ctx_free(pc);
	name_experiments(b, in, n);
	/*
	 * name: decided once over the batch, its evidence gathered per block
	 * above; each run cleaned as soon as it is named (clean.h), the rest
	 * after, and beside the pass when they are many, the records but
	 * runs, which the pass neither reads nor writes
	 */
	b->clean.to = b->first_mark.runs + b->naming.ahead; /* (runs removed since moved it down) */
	clean_runs_begin(&cr, m, &b->first_mark, &b->clean);
	beside = spread_worth(other_records(&m->rs, &b->first_mark) * RECORD_BYTES) &&
		 !pthread_create(&th, NULL, clean_others_job, &others);
	naming_finish(&b->naming, m, b->d, clean_named, &cr);
	if (beside) {
		pthread_join(th, NULL);
		arena_take(&m->arena, &others.arena);
		clean_runs_rest(&cr);
	} else {
		clean_runs_end(&cr, &b->first_mark);
	}
	naming_release(&b->naming); /* spent: not held while the texts are written */
	set_variants(m, b->stored, res, b->o, b->now, b->d);
	model_resolve_told(m, b->resolved, b->resolved_ctx);
	settle_writes(b);
}

void import_texts(struct model *m, struct import_input *in, size_t n,
		  const struct import_opts *o, struct import_result *res, struct diag *d)
{
	struct batch b;

	batch_init(&b, m, res, o, d);
	batch_run(&b, in, n);
	batch_release(&b);
}
