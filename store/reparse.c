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
#include "store/import.h"
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

long reparse_one(struct model *m, const struct source *meta, const char *experiment, char *text,
		 size_t len, struct diag *d)
{
	struct import_origin o = { 0 };
	struct import_input in = { 0 };
	struct import_opts io = { 0 };
	struct import_result res;
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
	import_texts(m, &in, 1, &io, &res, d);
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

/* Compare the runs of old source `os` with those of new source `ns`. */
static void compare_source(const struct model *old, const struct byrun *ob, uint32_t os,
			   const struct model *fresh, const struct byrun *fb, long ns,
			   struct reparse_report *r)
{
	struct strmap ids = STRMAP_INIT;
	struct buf a = BUF_INIT, b = BUF_INIT;
	unsigned char *seen = xcalloc(fresh->rs.nruns + 1, 1);
	const char *exp = NULL;

	for (uint32_t i = 0; i < fresh->rs.nruns; i++)
		if ((long)fresh->rs.runs[i].source == ns)
			strmap_put(&ids, fresh->rs.runs[i].id, i);
	for (uint32_t i = 0; i < old->rs.nruns; i++) {
		const struct run *o = &old->rs.runs[i];
		uint32_t k;

		if (o->source != os)
			continue;
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

int reparse_store(struct store *st, struct model *old, int dry, struct reparse_report *r,
		  struct diag *d)
{
	struct model fresh;
	struct byrun ob, fb;
	long *map = xcalloc(old->nsources ? old->nsources : 1, sizeof(*map));
	int rc = 0;

	memset(r, 0, sizeof(*r));
	model_init(&fresh);
	fresh.store_dir = arena_strdup(&fresh.arena, st->dir);
	for (uint32_t s = 0; s < old->nsources; s++) {
		struct diag local = DIAG_INIT;
		const char *experiment = NULL;
		size_t len;
		const char *text = model_source_text(old, s, &len);
		char *copy;

		map[s] = -1;
		if (!text) {
			diag_warn(d, NULL, 0, "import %.12s (%s): its text is missing; left as it is",
				  old->sources[s].hash, old->sources[s].name);
			r->missing++;
			continue;
		}
		copy = xmalloc(len + 1);
		memcpy(copy, text, len);
		copy[len] = '\0';
		for (size_t i = 0; i < old->rs.nruns && !experiment; i++)
			if (old->rs.runs[i].source == s)
				experiment = old->rs.runs[i].experiment;
		map[s] = reparse_one(&fresh, &old->sources[s], experiment, copy, len, &local);
		r->warnings += local.n;
		r->texts++;
		diag_release(&local);
	}
	/* the user's edits, as they apply to the old reading */
	for (size_t k = 0; k < old->noverrides; k++)
		model_add_override(&fresh, old->overrides[k].kind, old->overrides[k].target,
				   old->overrides[k].value, old->overrides[k].created);
	for (size_t k = 0; k < old->naliases; k++)
		model_add_alias(&fresh, old->aliases[k].experiment, old->aliases[k].from,
				old->aliases[k].to, old->aliases[k].created);
	model_resolve(&fresh);

	byrun_build(&ob, old->rs.meas, old->rs.nmeas, sizeof(*old->rs.meas),
		    offsetof(struct measurement, run), old->rs.nruns);
	byrun_build(&fb, fresh.rs.meas, fresh.rs.nmeas, sizeof(*fresh.rs.meas),
		    offsetof(struct measurement, run), fresh.rs.nruns);
	for (uint32_t s = 0; s < old->nsources; s++)
		if (map[s] >= 0)
			compare_source(old, &ob, s, &fresh, &fb, map[s], r);
	byrun_release(&ob);
	byrun_release(&fb);

	for (uint32_t s = 0; !dry && s < old->nsources; s++) {
		if (map[s] < 0)
			continue;
		if (store_replace_source(st, &fresh, (uint32_t)map[s], d) < 0) {
			rc = -1;
			break;
		}
		r->written++;
	}
	if (!dry && rc == 0 && !r->missing)
		rc = store_set_parsers(st, PARSERS_GENERATION, d);
	free(map);
	model_release(&fresh);
	return rc;
}

void reparse_report_release(struct reparse_report *r)
{
	free(r->v);
	arena_release(&r->arena);
	memset(r, 0, sizeof(*r));
}
