/*
 * import.c - texts → segmenter → parsers → model; see import.h.
 *
 * Names are decided by store/naming.c in one pass, once every text is
 * read: the import hands it each block's runs and each text's legends.
 */
#include "store/import.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/names.h"
#include "parsers/parser.h"
#include "parsers/segpipe.h"
#include "store/clean.h"
#include "store/expname.h"
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
	size_t meas_out;     /* measurements of this text handed to m->spool */
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

static const char *display_name(const char *name)
{
	return strcmp(name, "-") ? name : "<stdin>";
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
	for (uint32_t i = 0; i < b->n; i++) {
		buf_addc(text, '\n');
		buf_add(text, b->lines[i].s, b->lines[i].len);
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

	if (m->spool->take && (rs->nmeas > from->meas || rs->nseries > from->series))
		m->spool->take(m->spool->ctx, m, c->source, from);
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
	    (m->stored && m->stored->block(m->stored->ctx, key, NULL, NULL, NULL))) {
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
		sink_parse(p, b, &m->rs, &m->arena, c->no_hand ? &parse_d : c->d, c->name, c->source);
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
	if (m->spool)
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
	if (m->spool && c->ntables)
		spool_block(m, c, mark);
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

/* The stored run of the block with this key, or -1. */
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
static const char *set_target(struct model *m, const struct import_result *res, size_t i,
			      uint32_t line, uint32_t run_k)
{
	const struct import_input_result *ir = &res->inputs[i];

	if (run_k) {
		/* one run alone: the one whose id is HASH:LINE.k */
		for (size_t r = 0; ir->source >= 0 && r < m->rs.nruns; r++) {
			const struct run *run = &m->rs.runs[r];
			const char *dot = strrchr(run->id, '.');

			if (run->source == (uint32_t)ir->source && run->first_line == line && dot &&
			    strtoul(dot + 1, NULL, 10) == run_k)
				return arena_printf(&m->arena, "%s:%u.%u", m->sources[ir->source].hash,
						    (unsigned)line, (unsigned)run_k);
		}
		return NULL;
	}
	if (ir->status == IMPORT_NEW || ir->status == IMPORT_SAME_TEXT) {
		for (size_t r = 0; r < m->rs.nruns; r++) {
			const struct run *run = &m->rs.runs[r];

			if (run->source == (uint32_t)ir->source && line >= run->first_line &&
			    line <= run->last_line)
				return arena_printf(&m->arena, "%s:%u", m->sources[ir->source].hash,
						    (unsigned)line);
		}
	}
	for (size_t k = 0; k < res->nitems; k++) {
		const struct import_item *it = &res->items[k];
		long r;

		if (it->input != i || !it->duplicate || line < it->first_line || line > it->last_line)
			continue;
		if ((r = run_of_block(m, it->block)) < 0) {
			const char *hash;
			uint32_t at;

			/* stored, not loaded: the index knows where */
			if (m->stored && m->stored->block(m->stored->ctx, it->block, NULL, &hash, &at))
				return arena_printf(&m->arena, "%s:%u", hash, (unsigned)at);
			continue;
		}
		/* the stored block it repeats, wherever that text had it */
		return arena_printf(&m->arena, "%s:%u", m->sources[m->rs.runs[r].source].hash,
				    (unsigned)m->rs.runs[r].first_line);
	}
	return NULL;
}

/* --set-variant LINE=NAME: an override for the block at LINE of each text. */
static void set_variants(struct model *m, struct import_result *res, const struct import_opts *o,
			 const char *now, struct diag *d)
{
	res->overrides_from = m->noverrides;
	for (size_t k = 0; k < o->nset; k++) {
		int used = 0;

		for (size_t i = 0; i < res->ninputs; i++) {
			const char *target;

			if (o->set[k].input && o->set[k].input != i + 1)
				continue;
			target = set_target(m, res, i, o->set[k].line, o->set[k].run);

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

void import_texts(struct model *m, struct import_input *in, size_t n,
		  const struct import_opts *o, struct import_result *res, struct diag *d)
{
	uint32_t first_run = (uint32_t)m->rs.nruns;
	struct recset_mark first_mark = recset_mark(&m->rs);
	const char *now = model_now(m);
	const char *group;
	struct naming nm;
	struct repeats rp = { 0 };

	memset(res, 0, sizeof(*res));
	naming_init(&nm, first_run);
	res->inputs = xcalloc(n ? n : 1, sizeof(*res->inputs));
	res->ninputs = n;
	for (size_t i = 0; i < n; i++) {
		struct import_input_result *ir = &res->inputs[i];
		struct seg_result sr;
		struct recset_mark mark = recset_mark(&m->rs);
		struct ctx c;
		char hash[HASH_HEX_LEN + 1];
		struct source *s;
		char *stem;

		ir->source = -1;
		if (in[i].hash[0]) {
			memcpy(hash, in[i].hash, sizeof(hash));
		} else {
			hash_hex(in[i].text ? in[i].text : "", in[i].len, hash);
			mapped_drop(in[i].text, in[i].len);
		}
		if (model_find_source(m, hash) >= 0 ||
		    (m->stored && m->stored->source(m->stored->ctx, m, hash, &c.source))) {
			ir->status = IMPORT_SAME_TEXT;
			ir->source = model_find_source(m, hash);
			mapped_free(in[i].text);
			in[i].text = NULL;
			continue;
		}
		memset(&c, 0, sizeof(c));
		c.m = m;
		c.res = res;
		c.d = d;
		c.input = (uint32_t)i;
		c.naming = &nm;
		c.blocks_before = m->blocks.n > 0;
		c.keep_blocks = !o->last_import || i + 1 < n;
		c.no_hand = o->no_hand;
		c.name = display_name(in[i].name);
		if (in[i].origin && in[i].origin->unnamed)
			stem = xstrdup(in[i].origin->unnamed);
		else
			stem = strcmp(in[i].name, "-") ? path_stem_dup(in[i].name) : xstrdup("stdin");
		c.input_variant = arena_strdup(&m->arena, stem);
		free(stem);
		c.source = model_add_source(m, hash, in[i].text, in[i].len);
		in[i].text = NULL;
		s = &m->sources[c.source];
		s->name = arena_strdup(&m->arena, c.name);
		s->imported = now;
		s->flag_experiment = o->experiment ? arena_strdup(&m->arena, o->experiment) : "";
		s->flag_variant = o->variant ? arena_strdup(&m->arena, o->variant) : "";
		s->flag_no_hand = o->no_hand;
		source_origin(m, s, in[i].origin);

		repeats_reset(&rp);
		c.rp = &rp;
		seg_split_piped(c.name, s->text ? s->text : "", s->len, c.source, &m->arena, on_block, &c,
				&sr, d);
		end_tables(&c, &mark);
		free(c.tables);
		if (m->spool && m->spool->end_text)
			m->spool->end_text(m->spool->ctx, m, c.source);
		s = &m->sources[c.source];
		if (!*s->title)
			s->title = sr.title ? sr.title : "";
		clean_sources(m, c.source); /* its name and title are names from now on */
		s->nlines = sr.nlines;
		for (size_t k = 0; k < sr.nfacts; k++) {
			struct fact *f = recset_add_fact(&m->rs);

			f->source = c.source;
			f->key = sr.facts[k].key;
			f->value = sr.facts[k].value;
			f->line = sr.facts[k].line;
		}
		strmap_release(&c.seen);
		free(c.occ);
		buf_release(&c.key_text);

		ir->nruns = m->rs.nruns - mark.runs;
		ir->nmeas = m->rs.nmeas - mark.meas + c.meas_out;
		if (ir->nruns) {
			ir->status = IMPORT_NEW;
		} else if (ir->ndup) {
			ir->status = IMPORT_ALL_DUP;
		} else {
			/* nothing of it is kept: forget the source again */
			recset_rollback(&m->rs, &mark);
			naming_truncate(&nm, (uint32_t)mark.runs);
			mapped_free(m->sources[c.source].text);
			m->nsources--;
			ir->status = IMPORT_EMPTY;
			seg_result_release(&sr);
			continue;
		}
		ir->source = c.source;
		if (m->spool && m->spool->keep_text)
			m->spool->keep_text(m->spool->ctx, m, c.source);
		naming_legends(&nm, c.source, sr.legends, sr.nlegends);
		seg_result_release(&sr);
	}

	repeats_release(&rp);
	group = group_name(m, in, n, res);
	expname_assign(m, in, n, res, o, first_run, group);
	naming_finish(&nm, m, d);
	naming_release(&nm);
	clean_records(m, &first_mark);
	set_variants(m, res, o, now, d);
	model_resolve(m);
}

void import_result_release(struct import_result *res)
{
	free(res->items);
	free(res->inputs);
	memset(res, 0, sizeof(*res));
}
