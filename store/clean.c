/*
 * clean.c - control characters out of every name; see clean.h.
 */
#include "store/clean.h"

#include <stdint.h>
#include <string.h>

#include "util/buf.h"
#include "util/text.h"

const char *clean_str(struct arena *a, const char *s)
{
	struct buf b = BUF_INIT;
	const char *c;

	if (!s || !text_has_control(s, strlen(s)))
		return s;
	text_clean(&b, s, strlen(s));
	c = arena_strndup(a, buf_str(&b), b.len);
	buf_release(&b);
	return c;
}

/*
 * clean_str() of the strings seen last, by their address: records share a
 * few strings (a parser's quantity names, a block's label), each looked at
 * once. Valid for one pass (struct clean_runs), while the strings live.
 */
static const char *clean_seen(struct arena *a, struct clean_runs *c, const char *s)
{
	size_t h = ((uintptr_t)s >> 3) % CLEAN_SEEN_SLOTS;

	if (!s)
		return s;
	if (c->in[h] != s) {
		c->in[h] = s;
		c->out[h] = clean_str(a, s);
	}
	return c->out[h];
}

#define CLEAN(field) ((field) = clean_str(&m->arena, (field)))
#define CLEAN_SEEN(field) ((field) = clean_seen(&m->arena, c, (field)))

void clean_run_ahead(struct model *m, struct clean_ahead *a, size_t r)
{
	struct run *run = &m->rs.runs[r];

	run->subject = clean_str(&m->arena, run->subject);
	if (run->command != a->last_command) {
		a->last_command = run->command;
		a->commands_dirty |= text_has_control(run->command, strlen(run->command));
	}
}

void clean_records(struct model *m, const struct recset_mark *from)
{
	clean_records_after(m, from, NULL);
}

void clean_runs_begin(struct clean_runs *c, struct model *m, const struct recset_mark *from,
		      const struct clean_ahead *a)
{
	memset(c, 0, sizeof(*c));
	c->m = m;
	c->a = a;
	c->ahead = a ? a->to : from->runs;
	c->next = from->runs;
}

void clean_run(struct clean_runs *c, size_t i, int name_clean)
{
	struct model *m = c->m;
	const struct clean_ahead *a = c->a;
	struct run *r = &m->rs.runs[i];
	const char *text = r->variant.text;

	c->next = i + 1;
	CLEAN_SEEN(r->experiment);
	if (!name_clean) {
		CLEAN_SEEN(r->variant.text);
		if (r->variant.text != text) /* the key of what is shown */
			r->variant.key = model_variant_key(m, r->variant.text);
		CLEAN_SEEN(r->variant.key);
	}
	CLEAN_SEEN(r->scenario);
	if (i < c->ahead && !a->commands_dirty)
		return; /* (subject and command looked at during the walk) */
	if (i >= c->ahead)
		CLEAN_SEEN(r->subject);
	CLEAN_SEEN(r->command);
}

void clean_runs_rest(struct clean_runs *c)
{
	for (size_t i = c->next; i < c->m->rs.nruns; i++)
		clean_run(c, i, 0);
}

/* The records but runs from `from` on, new copies in arena `a`, by the memory of c. */
static void clean_others(struct recset *rs, const struct recset_mark *from, struct arena *a,
			 struct clean_runs *c)
{
	for (size_t i = from->meas; i < rs->nmeas; i++)
		rs->meas[i].quantity = clean_seen(a, c, rs->meas[i].quantity);
	for (size_t i = from->samples; i < rs->nsamples; i++)
		rs->samples[i].quantity = clean_seen(a, c, rs->samples[i].quantity);
	for (size_t i = from->series; i < rs->nseries; i++)
		rs->series[i].name = clean_seen(a, c, rs->series[i].name);
	for (size_t i = from->notes; i < rs->nnotes; i++)
		rs->notes[i].text = clean_str(a, rs->notes[i].text);
	for (size_t i = from->facts; i < rs->nfacts; i++) {
		rs->facts[i].key = clean_str(a, rs->facts[i].key);
		rs->facts[i].value = clean_str(a, rs->facts[i].value);
	}
}

void clean_runs_end(struct clean_runs *c, const struct recset_mark *from)
{
	clean_runs_rest(c);
	clean_others(&c->m->rs, from, &c->m->arena, c);
}

void clean_other_records(struct recset *rs, const struct recset_mark *from, struct arena *a)
{
	struct clean_runs c;

	memset(&c, 0, sizeof(c)); /* (only its memory of strings seen is used) */
	clean_others(rs, from, a, &c);
}

void clean_records_after(struct model *m, const struct recset_mark *from, const struct clean_ahead *a)
{
	struct clean_runs c;

	clean_runs_begin(&c, m, from, a);
	clean_runs_end(&c, from);
}

void clean_sources(struct model *m, size_t from)
{
	for (size_t i = from; i < m->nsources; i++) {
		struct source *s = &m->sources[i];

		CLEAN(s->name);
		CLEAN(s->title);
		CLEAN(s->flag_experiment);
		CLEAN(s->flag_variant);
		CLEAN(s->author);
		CLEAN(s->address);
		CLEAN(s->thread);
	}
	for (size_t i = 0; i < m->noverrides; i++) {
		CLEAN(m->overrides[i].target);
		CLEAN(m->overrides[i].value);
	}
	for (size_t i = 0; i < m->naliases; i++) {
		CLEAN(m->aliases[i].experiment);
		CLEAN(m->aliases[i].from);
		CLEAN(m->aliases[i].to);
	}
	for (size_t i = 0; i < m->ntags; i++) {
		CLEAN(m->tags[i].experiment);
		CLEAN(m->tags[i].variant);
		CLEAN(m->tags[i].factor);
		CLEAN(m->tags[i].level);
		CLEAN(m->tags[i].value);
	}
}
