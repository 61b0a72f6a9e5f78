/*
 * sink.c - how parsers add records; see parser.h.
 */
#include "parsers/parser.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "parsers/clean.h"
#include "parsers/metrics.h"
#include "parsers/names.h"
#include "parsers/parse_ctx.h"
#include "util/buf.h"
#include "util/fmt.h"
#include "util/text.h"

uint32_t sink_run_as(struct sink *s, const struct line *first, enum fmt fmt)
{
	uint32_t i = recset_add_run(s->rs);
	struct run *r = &s->rs->runs[i];

	r->source = s->source;
	r->fmt = fmt;
	r->first_line = r->last_line = first->no;
	return i;
}

uint32_t sink_run(struct sink *s, const struct line *first)
{
	return sink_run_as(s, first, s->block->fmt);
}

void sink_run_end(struct sink *s, uint32_t run, const struct line *last)
{
	struct run *r = &s->rs->runs[run];

	if (last->no > r->last_line)
		r->last_line = last->no;
}

/*
 * A value no tool prints: not finite, or negative in a unit that cannot be
 * (a time, a size, a rate, a count). Percentages (a change) and unitless
 * custom metrics may be negative.
 */
static int impossible(enum unit unit, double v)
{
	return !isfinite(v) || (v < 0 && unit != UNIT_PERCENT && unit != UNIT_NONE);
}

/* Where a dropped value is reported: its line, else the block's first. */
static const struct line *where(const struct sink *s, const struct line *l)
{
	return l ? l : s->block && s->block->n ? &s->block->lines[0] : NULL;
}

/* A value no tool prints, reported and not kept: out of sink_measure()'s line, its frame and calls rare. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static void measure_dropped(struct sink *s, uint32_t run, const char *quantity, enum stat_kind stat,
			    enum unit unit, double value, const struct line *l)
{
	sink_warn(s, where(s, l), "%s %s of %g%s%s: no tool prints that; dropped", quantity,
		  stat_name(stat), value, *unit_name(unit) ? " " : "", unit_name(unit));
	sink_note(s, run, NOTE_DAMAGE, where(s, l), "%s %s dropped: %g is not a value a tool prints",
		  quantity, stat_name(stat), value);
}

/*
 * The METRICS row of `quantity`, from the sink's slots by its address (see
 * struct sink_metric), else from the thread's memo, then kept in its slot.
 */
static const struct metric_def *metric_of(struct sink *s, const char *quantity)
{
	struct sink_metric *slot =
		&s->metrics[((uint64_t)(uintptr_t)quantity * 0x9e3779b97f4a7c15ull) >> 60 & (SINK_METRIC_SLOTS - 1)];

	if (slot->at != quantity || !quantity) {
		slot->def = metric_lookup_in(s->ctx ? &s->ctx->metrics : NULL, quantity);
		slot->at = quantity;
	}
	return slot->def;
}

void sink_measure(struct sink *s, uint32_t run, const char *quantity, enum stat_kind stat,
		  enum unit unit, double value, uint32_t n,
		  const struct line *l, const char *num, size_t num_len)
{
	struct recset *rs = s->rs;
	struct measurement *m;

	if (impossible(unit, value)) {
		measure_dropped(s, run, quantity, stat, unit, value, l);
		return;
	}
	if (rs->nmeas < rs->meas_cap)
		m = &rs->meas[rs->nmeas++];
	else
		m = recset_add_meas(rs);
	/* every field, the others zeroed: what recset_add_meas() gives, filled */
	*m = (struct measurement){
		.quantity = quantity,
		.value = value,
		.run = run,
		.stat = stat,
		.unit = unit,
		.dir = metric_stat_is_spread(stat) ? DIR_NONE : metric_def_direction(metric_of(s, quantity), stat),
		.n = n,
	};
	if (l && num && num_len && num >= l->s && num + num_len <= l->s + l->len) {
		uint64_t a, b;

		if (l->s - l->cut == l->raw || l->contiguous) {
			/* clean_source_offset()'s two first cases inline (most lines): a shift */
			a = l->off + (uint64_t)(l->s - l->cut - l->raw) + (size_t)(num - l->s) + l->cut;
			b = a + num_len;
		} else {
			a = clean_source_offset(l, (size_t)(num - l->s));
			/* numbers end in a plain ASCII byte: one past it is the end */
			b = clean_source_offset(l, (size_t)(num - l->s) + num_len - 1) + 1;
		}

		m->offset = a;
		m->length = (uint32_t)(b - a);
	}
	if (l)
		sink_run_end(s, run, l);
}

void sink_sample(struct sink *s, uint32_t run, const char *quantity, enum unit unit,
		 uint32_t index, double value)
{
	struct sample *sm;

	if (impossible(unit, value)) {
		sink_warn(s, where(s, NULL), "%s sample %u of %g%s%s: no tool prints that; dropped",
			  quantity, (unsigned)index + 1, value, *unit_name(unit) ? " " : "", unit_name(unit));
		return;
	}
	sm = recset_add_sample(s->rs);

	sm->run = run;
	/* consecutive samples share their quantity's name: copy it once */
	if (s->rs->nsamples > 1 && !strcmp(sm[-1].quantity, quantity))
		sm->quantity = sm[-1].quantity;
	else
		sm->quantity = arena_strdup(s->arena, quantity);
	sm->unit = unit;
	sm->index = index;
	sm->value = value;
}

void sink_series(struct sink *s, uint32_t run, const char *name, uint32_t index, double x0,
		 double x1, double y, enum unit unit)
{
	struct series_point *p = recset_add_series(s->rs);

	p->run = run;
	if (s->rs->nseries > 1 && !strcmp(p[-1].name, name))
		p->name = p[-1].name;
	else
		p->name = arena_strdup(s->arena, name);
	p->index = index;
	p->x0 = x0;
	p->x1 = x1;
	p->y = y;
	p->unit = unit;
}

void sink_fact(struct sink *s, const struct line *l, const char *key, const char *value)
{
	struct fact *f = recset_add_fact(s->rs);

	f->source = s->source;
	f->key = arena_strdup(s->arena, key);
	f->value = arena_strdup(s->arena, value);
	f->line = l ? l->no : 0;
}

void sink_note(struct sink *s, uint32_t run, enum note_kind kind, const struct line *l,
	       const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	struct note *nt;
	char tmp[256]; /* most notes: formatted here, with no allocation of their own */
	const char *text = tmp;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_simple(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0) {
		va_start(ap, fmt);
		buf_vaddf(&b, fmt, ap);
		va_end(ap);
		text = buf_str(&b);
		n = (int)b.len;
	}
	nt = recset_add_note(s->rs);
	nt->run = run;
	nt->kind = kind;
	nt->line = l ? l->no : 0;
	nt->text = arena_strndup(s->arena, text, (size_t)n);
	buf_release(&b);
}

void sink_warn(struct sink *s, const struct line *l, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	diag_warn(s->diag, s->name, l ? l->no : 0, "%s", buf_str(&b));
	buf_release(&b);
}

void sink_damage(struct sink *s, uint32_t run, const struct line *l, const char *what)
{
	struct buf ex = BUF_INIT;

	text_excerpt(&ex, l->s + l->indent, l->len - l->indent, 60);
	sink_warn(s, l, "%s skipped: \"%s\"", what, buf_str(&ex));
	buf_release(&ex);
	sink_note(s, run, NOTE_DAMAGE, l, "%s skipped", what);
	s->rs->runs[run].flags |= RUN_INCOMPLETE;
	sink_run_end(s, run, l);
}

uint32_t sink_txn_begin_as(struct sink *s, struct sink_txn *t, const struct line *first, enum fmt fmt)
{
	t->mark = recset_mark(s->rs);
	t->run = sink_run_as(s, first, fmt);
	t->open = 1;
	return t->run;
}

uint32_t sink_txn_begin(struct sink *s, struct sink_txn *t, const struct line *first)
{
	return sink_txn_begin_as(s, t, first, s->block->fmt);
}

void sink_txn_rollback(struct sink *s, struct sink_txn *t)
{
	if (t->open)
		recset_rollback(s->rs, &t->mark);
	t->open = 0;
}

void sink_lost(struct sink *s, const struct line *l, const char *what)
{
	struct sink_txn t;

	/* sink_damage warns about a run's line; the run itself is not kept */
	sink_damage(s, sink_txn_begin(s, &t, l), l, what);
	sink_txn_rollback(s, &t);
}

size_t sink_txn_nmeas(const struct sink *s, const struct sink_txn *t)
{
	return t->open ? s->rs->nmeas - t->mark.meas : 0;
}

int sink_txn_finish(struct sink *s, struct sink_txn *t, const struct line *last, const char *empty)
{
	if (!t->open)
		return 0;
	t->open = 0;
	if (s->rs->nmeas > t->mark.meas)
		return 1;
	if (empty && !(s->rs->runs[t->run].flags & RUN_INCOMPLETE))
		sink_warn(s, last, "%s; skipped", empty);
	recset_rollback(s->rs, &t->mark);
	return 0;
}

void sink_report_rx_failures(struct sink *s)
{
	const struct block *b = s->block;
	const struct line *at = NULL;
	struct rx_failure f;

	if (!rx_take_failure(s->rx, &f))
		return;
	for (uint32_t i = 0; b && i < b->n && !at; i++)
		if (f.subject >= b->lines[i].s && f.subject <= b->lines[i].s + b->lines[i].len)
			at = &b->lines[i];
	sink_warn(s, at, "pattern \"%s\" could not be matched (%s): the line was not read%s", f.pattern,
		  f.message, f.count > 1 ? ", nor others of the block" : "");
}

void sink_parse(const struct parser *p, const struct block *b, struct recset *rs,
		struct arena *arena, struct diag *d, const char *name, uint32_t source,
		struct parse_ctx *pc)
{
	struct sink s;
	struct rx_thread own; /* without a context: lane 0, the failures reported below */

	memset(&s, 0, sizeof(s));
	if (!pc)
		memset(&own, 0, sizeof(own));
	s.rs = rs;
	s.arena = arena;
	s.diag = d;
	s.name = name;
	s.source = source;
	s.block = b;
	s.ctx = pc;
	s.rx = pc ? &pc->rx : &own;
	p->parse(b, &s);
	sink_report_rx_failures(&s);
}

const char *sink_strndup(struct sink *s, const char *p, size_t n)
{
	return arena_strndup(s->arena, p, n);
}
