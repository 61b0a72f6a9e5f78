/*
 * import.c - one text's segment and parse stages of an import (batch.h):
 * its blocks cut, keyed, checked against what the batch and the store
 * hold, parsed into the batch's model, their naming evidence recorded and
 * their measurements spooled; see import.h.
 *
 * Names are decided by store/naming.c in one pass, once every text is
 * read (store/batch.c): this hands it each block's runs.
 */
#include "store/import.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/names.h"
#include "parsers/parser.h"
#include "parsers/segpipe.h"
#include "store/clean.h"
#include "store/naming.h"
#include "store/repeats.h"
#include "util/buf.h"
#include "util/fmt.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/mapped.h"

struct ctx {
	struct model *m;
	struct import_result *res;
	struct diag *d;
	uint32_t input, source;
	const char *name;         /* the input's name for messages */
	const char *input_variant; /* the input's file name, for unlabelled runs */
	struct strmap seen;       /* block content hash → its slot in occ */
	struct occurrence {
		uint32_t first_line; /* where the content first appeared */
		uint32_t count;      /* how often so far */
	} *occ;
	size_t nocc, occ_cap;
	struct naming *naming;
	struct buf key_text; /* block_key()'s text, kept between blocks */
	const struct record_spool *spool; /* the batch's (model.h), or NULL */
	const struct stored_lookup *stored; /* the store's answers, or NULL */
	struct parse_ctx *pc; /* this thread's parse context (t->pc) */
	size_t meas_out;     /* measurements of this text handed to the spool */
	/*
	 * m->blocks held keys before this text: only then can a block key of
	 * this text (each one made once in it) be found there.
	 */
	int blocks_before;
	int no_hand; /* import_opts.no_hand */
	int keep_blocks; /* put this text's blocks in m->blocks: a later text or import may ask */
	/*
	 * The text's tool figures, and its tables (their items), whose
	 * measurements stay in memory until the text is read: a table that
	 * repeats the tool's figures adds no runs (repeats.h).
	 */
	struct repeats *rp;
	size_t *tables;
	size_t ntables, tables_cap;
};


/* Where block line `l`'s raw line ends in the source: right before its newline, when no CR ends it. */
static inline const char *line_raw_end(const struct line *l)
{
	return l->raw + l->raw_len;
}

/*
 * The key of a block: a hash of its format and cleaned lines. A block that
 * repeats one seen earlier in the same text gets its occurrence appended
 * ("<hash>.2"), and *first_line says where the first one was (0: first).
 */
static const char *block_key(struct ctx *c, const struct block *b, uint32_t *first_line)
{
	struct buf *text = &c->key_text;
	char hex[HASH_HEX_LEN + 1];
	uint32_t slot;
	const char *k;

	buf_reset(text);
	buf_adds(text, fmt_name(b->fmt));
	for (uint32_t i = 0, j; i < b->n; i = j) {
		const char *from = b->lines[i].s, *to = from + b->lines[i].len;

		/*
		 * the lines that follow it in the source, one newline apart, their
		 * text the whole of their raw lines (most of a block), are the
		 * source's bytes from its start to their end: one copy for them all
		 */
		for (j = i + 1; j < b->n && to == line_raw_end(&b->lines[j - 1]) && b->lines[j].s == b->lines[j].raw &&
				b->lines[j].raw == to + 1;
		     j++)
			to = b->lines[j].s + b->lines[j].len;
		buf_addc(text, '\n');
		buf_add(text, from, (size_t)(to - from));
	}
	hash_hex(text->s, text->len, hex);
	hex[20] = '\0';
	/* one copy, the key's: the model's arena outlives the map (a repeat's is not kept) */
	k = arena_strdup(&c->m->arena, hex);
	if (strmap_put_new(&c->seen, k, (uint32_t)c->nocc, &slot)) {
		ALLOC_GROW(c->occ, c->nocc + 1, c->occ_cap);
		c->occ[c->nocc].first_line = b->lines[0].no;
		c->occ[c->nocc].count = 1;
		c->nocc++;
		*first_line = 0;
		return k;
	}
	*first_line = c->occ[slot].first_line;
	k = arena_printf(&c->m->arena, "%s.%u", hex, (unsigned)++c->occ[slot].count);
	return k;
}

/* The block's measurements and series points from `from` on out of memory (model.h: struct record_spool). */
static void spool_block(struct model *m, struct ctx *c, const struct recset_mark *from)
{
	struct recset *rs = &m->rs;

	if (c->spool->take && (rs->nmeas > from->meas || rs->nseries > from->series))
		c->spool->take(c->spool->ctx, m, c->source, from);
	for (size_t i = from->meas; i < rs->nmeas; i++)
		rs->runs[rs->meas[i].run].nmeas_out++;
	c->meas_out += rs->nmeas - from->meas;
	rs->nmeas = from->meas;
	rs->nseries = from->series;
}

/*
 * --no-hand-written, after the parse of block `b` gave runs [from, nruns)
 * (records from `mark` on): the runs a person typed (RUN_HAND: a table's
 * figures, a size list's hand-written items) go, each stretch of them
 * with a warning naming its lines; a tool's runs of the same block (an
 * `ls -l` line of a size list) stay. The parse's warnings `pd` go to the
 * import's unless nothing of the block stays (the block's parser reads
 * what people type and every run it gave was typed): they are about
 * figures left out.
 */
static void leave_out_hand(struct ctx *c, const struct parser *p, const struct block *b, uint32_t from,
			   const struct recset_mark *mark, struct diag *pd)
{
	struct recset *rs = &c->m->rs;
	uint32_t hand = 0, n = (uint32_t)rs->nruns - from;

	for (uint32_t r = from; r < rs->nruns; r++)
		hand += (rs->runs[r].flags & RUN_HAND) != 0;
	if (hand == n && (n || p->hand)) {
		diag_release(pd);
		diag_warn(c->d, c->name, b->lines[0].no, "%s at lines %u-%u left out: typed by hand (--no-hand-written)",
			  fmt_name(b->fmt), (unsigned)b->lines[0].no, (unsigned)b->lines[b->n - 1].no);
		recset_remove_runs(rs, from, (uint32_t)rs->nruns, mark);
		return;
	}
	diag_take(c->d, pd);
	diag_release(pd);
	for (uint32_t end = (uint32_t)rs->nruns; end > from;) {
		uint32_t start = end;

		if (!(rs->runs[end - 1].flags & RUN_HAND)) {
			end--;
			continue;
		}
		while (start > from && (rs->runs[start - 1].flags & RUN_HAND))
			start--;
		diag_warn(c->d, c->name, rs->runs[start].first_line,
			  "%s at lines %u-%u left out: typed by hand (--no-hand-written)", fmt_name(b->fmt),
			  (unsigned)rs->runs[start].first_line, (unsigned)rs->runs[end - 1].last_line);
		recset_remove_runs(rs, start, end, mark);
		end = start;
	}
}

static int on_block(const struct block *b, void *arg)
{
	struct ctx *c = arg;
	struct model *m = c->m;
	const struct parser *p = parser_for(b->fmt);
	uint32_t repeat_of;
	const char *key = block_key(c, b, &repeat_of);
	struct import_item *it;
	uint32_t from = (uint32_t)m->rs.nruns;
	struct recset_mark mark = recset_mark(&m->rs);
	struct diag parse_d = DIAG_INIT; /* the parse's warnings under --no-hand-written */

	ALLOC_GROW(c->res->items, c->res->nitems + 1, c->res->items_cap);
	it = &c->res->items[c->res->nitems++];
	memset(it, 0, sizeof(*it));
	it->input = c->input;
	it->first_line = b->lines[0].no;
	it->last_line = b->lines[b->n - 1].no;
	it->fmt = b->fmt;
	it->run_from = it->run_to = from;
	it->block = key;
	/*
	 * The same output again in one text is a reply quoting it, not a new
	 * run — unless it is short, where two real runs may print the same.
	 */
	if (repeat_of && (b->quoted || b->n >= 5)) {
		it->repeat_of = repeat_of;
		return 0;
	}
	if ((c->blocks_before && strmap_get(&m->blocks, key, NULL)) ||
	    (c->stored && c->stored->block(c->stored->ctx, key, NULL, NULL, NULL))) {
		it->duplicate = 1;
		c->res->inputs[c->input].ndup++;
		return 0;
	}
	if (!p)
		return 0;

	if (b->parsed) {
		/* parsed on the walk's thread: the same records, numbered on */
		recset_append_range(&m->rs, b->parsed->rs, &b->parsed->from, &b->parsed->to);
		diag_take(c->no_hand ? &parse_d : c->d, &b->parsed->diag);
	} else {
		sink_parse(p, b, &m->rs, &m->arena, c->no_hand ? &parse_d : c->d, c->name, c->source,
			   c->pc);
	}
	if (c->no_hand)
		leave_out_hand(c, p, b, from, &mark, &parse_d);
	recset_settle_once_facts(&m->rs, mark.facts);
	it->run_to = (uint32_t)m->rs.nruns;
	if (it->run_to > from && c->keep_blocks)
		strmap_put(&m->blocks, key, 1);
	for (uint32_t i = from, k = 1; i < it->run_to; i++, k++) {
		struct run *r = &m->rs.runs[i];
		/* "%.12s:%u.%u" of the text's hash, the first line and k, by hand: one per run */
		char id[12 + 1 + FMT_DECIMAL_MAX + 1 + FMT_DECIMAL_MAX];
		size_t n = 12;

		memcpy(id, m->sources[c->source].hash, 12);
		id[n++] = ':';
		n += fmt_decimal(id + n, r->first_line);
		id[n++] = '.';
		n += fmt_decimal(id + n, k);
		r->block = key;
		r->id = arena_strndup(&m->arena, id, n);
	}
	naming_block(c->naming, m, b, from, it->run_to, c->input_variant);
	if (p->generic) {
		if (it->run_to > from) {
			ALLOC_GROW(c->tables, c->ntables + 1, c->tables_cap);
			c->tables[c->ntables++] = c->res->nitems - 1;
		}
		return 0; /* spooled with the text's other tables once it is read (end_tables()) */
	}
	repeats_tool(c->rp, &m->rs, mark.meas, m->rs.nmeas);
	if (c->spool)
		spool_block(m, c, &mark);
	return 0;
}

/* it->metrics of a table's item: each run's first figure's metric (not a spread), from meas[from] on. */
static void table_metrics(struct model *m, struct import_item *it, size_t from)
{
	struct buf b = BUF_INIT;
	uint32_t n = it->run_to - it->run_from;

	if (!n)
		return;
	it->metrics = arena_alloc(&m->arena, n * sizeof(*it->metrics));
	memset(it->metrics, 0, n * sizeof(*it->metrics));
	for (size_t i = from; i < m->rs.nmeas; i++) {
		const struct measurement *me = &m->rs.meas[i];

		if (me->run < it->run_from || me->run >= it->run_to || me->stat == STAT_SD ||
		    it->metrics[me->run - it->run_from])
			continue;
		buf_reset(&b);
		metric_name(&b, NULL, me->quantity, me->stat);
		it->metrics[me->run - it->run_from] = arena_strndup(&m->arena, b.s, b.len);
	}
	buf_release(&b);
}

/*
 * The text is read: its tables that repeat its tool figures go (their
 * runs, records and naming evidence; the item says why), and the
 * measurements of the others, held since their blocks were read, are
 * spooled. `mark` is where the text's records began.
 */
static void end_tables(struct ctx *c, const struct recset_mark *mark)
{
	struct model *m = c->m;

	for (size_t k = c->ntables; k-- > 0;) {
		struct import_item *it = &c->res->items[c->tables[k]];
		uint32_t from = it->run_from, to = it->run_to;
		int where;
		enum fmt f = repeats_table(c->rp, m, c->naming, from, to, mark->meas, &where);

		if (f == FMT_NONE)
			continue;
		recset_remove_runs(&m->rs, from, to, mark);
		naming_remove(c->naming, from, to);
		for (size_t i = c->tables[k] + 1; i < c->res->nitems; i++) {
			c->res->items[i].run_from -= to - from;
			c->res->items[i].run_to -= to - from;
		}
		it->run_to = from;
		it->repeats = f;
		it->repeats_where = where;
	}
	for (size_t k = 0; k < c->ntables; k++)
		table_metrics(m, &c->res->items[c->tables[k]], mark->meas);
	if (c->spool && c->ntables)
		spool_block(m, c, mark);
}


void import_text(struct import_text *t, const struct recset_mark *mark, struct seg_result *sr,
		 struct diag *d)
{
	struct model *m = t->m;
	const struct source *s = &m->sources[t->source];
	struct ctx c;

	memset(&c, 0, sizeof(c));
	c.m = m;
	c.res = t->res;
	c.d = d;
	c.input = t->input;
	c.source = t->source;
	c.name = t->name;
	c.input_variant = t->input_variant;
	c.naming = t->naming;
	c.blocks_before = m->blocks.n > 0;
	c.keep_blocks = t->keep_blocks;
	c.no_hand = t->o->no_hand;
	c.rp = t->rp;
	c.spool = t->spool;
	c.stored = t->stored;
	c.pc = t->pc;
	seg_split_piped(c.name, s->text ? s->text : "", s->len, c.source, &m->arena, on_block, &c, sr,
			d, c.pc, t->idle, t->idle_arg);
	end_tables(&c, mark);
	free(c.tables);
	strmap_release(&c.seen);
	free(c.occ);
	buf_release(&c.key_text);
	t->meas_out = c.meas_out;
}

void import_result_release(struct import_result *res)
{
	free(res->items);
	free(res->inputs);
	memset(res, 0, sizeof(*res));
}
