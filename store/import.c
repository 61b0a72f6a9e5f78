/*
 * import.c - texts → segmenter → parsers → model; see import.h.
 *
 * Naming, weakest evidence first: a parser may propose variants from the
 * data (hyperfine commands that differ, size rows' file names); a label
 * above the block names all its runs unless the parser found several
 * variants inside it; what is still unnamed takes the input's file name.
 * Scenarios come from what the variants' commands share.
 */
#include "store/import.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/names.h"
#include "parsers/parser.h"
#include "parsers/segment.h"
#include "util/buf.h"
#include "util/fsutil.h"
#include "util/hash.h"

struct ctx {
	struct model *m;
	struct import_result *res;
	struct diag *d;
	uint32_t input, source;
	const char *name;         /* the input's name for messages */
	const char *input_variant; /* the input's file name, for unlabelled runs */
	struct strmap seen;       /* block content hash → occurrences in this text */
	struct arena scratch;
};

static const char *display_name(const char *name)
{
	return strcmp(name, "-") ? name : "<stdin>";
}

/* The key of a block: its format and cleaned lines, and which occurrence of that content it is. */
static const char *block_key(struct ctx *c, const struct block *b)
{
	struct buf text = BUF_INIT;
	char hex[HASH_HEX_LEN + 1];
	uint32_t seen = 0;
	const char *k;

	buf_adds(&text, fmt_name(b->fmt));
	for (uint32_t i = 0; i < b->n; i++) {
		buf_addc(&text, '\n');
		buf_add(&text, b->lines[i].s, b->lines[i].len);
	}
	hash_hex(text.s, text.len, hex);
	hex[20] = '\0';
	strmap_get(&c->seen, hex, &seen);
	seen++;
	strmap_put(&c->seen, arena_strdup(&c->scratch, hex), seen);
	k = arena_printf(&c->m->arena, "%s.%u", hex, (unsigned)seen);
	buf_release(&text);
	return k;
}

/* Name the runs of one block: the parser's own variants, else the label, else the input. */
static void name_block_runs(struct ctx *c, const struct block *b, uint32_t from, uint32_t to)
{
	struct run *runs = c->m->rs.runs;
	size_t distinct = 0;

	for (uint32_t i = from; i < to; i++) {
		int seen = 0;

		if (!*runs[i].variant.text)
			continue;
		for (uint32_t j = from; j < i; j++)
			if (!strcmp(runs[j].variant.text, runs[i].variant.text))
				seen = 1;
		distinct += !seen;
	}
	for (uint32_t i = from; i < to; i++) {
		struct run *r = &runs[i];

		if (distinct >= 2)
			continue;
		if (b->label) {
			r->variant.text = b->label;
			r->variant.origin = VO_LABEL;
		} else if (!*r->variant.text) {
			r->variant.text = c->input_variant;
			r->variant.origin = VO_INPUT;
		}
	}
}

static int on_block(const struct block *b, void *arg)
{
	struct ctx *c = arg;
	struct model *m = c->m;
	const struct parser *p = parser_for(b->fmt);
	const char *key = block_key(c, b);
	struct import_item *it;
	struct sink s;
	uint32_t from = (uint32_t)m->rs.nruns;

	ALLOC_GROW(c->res->items, c->res->nitems + 1, c->res->items_cap);
	it = &c->res->items[c->res->nitems++];
	memset(it, 0, sizeof(*it));
	it->input = c->input;
	it->first_line = b->lines[0].no;
	it->last_line = b->lines[b->n - 1].no;
	it->fmt = b->fmt;
	it->run_from = it->run_to = from;
	if (strmap_get(&m->blocks, key, NULL)) {
		it->duplicate = 1;
		c->res->inputs[c->input].ndup++;
		return 0;
	}
	if (!p)
		return 0;

	memset(&s, 0, sizeof(s));
	s.rs = &m->rs;
	s.arena = &m->arena;
	s.diag = c->d;
	s.name = c->name;
	s.source = c->source;
	s.block = b;
	p->parse(b, &s);
	it->run_to = (uint32_t)m->rs.nruns;
	if (it->run_to > from)
		strmap_put(&m->blocks, key, 1);
	for (uint32_t i = from, k = 1; i < it->run_to; i++, k++) {
		struct run *r = &m->rs.runs[i];

		r->block = key;
		r->id = arena_printf(&m->arena, "%.12s:%u.%u", m->sources[c->source].hash,
				     (unsigned)r->first_line, (unsigned)k);
	}
	name_block_runs(c, b, from, it->run_to);
	return 0;
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
	name = arena_strndup(&m->arena, buf_str(&b), b.len);
	buf_release(&b);
	return name;
}

/*
 * Runs named by a label or an input whose scenario is still their whole
 * command: when each variant ran the same commands in the same order with
 * one part changed ("./app_release x.js", "./app_pgo x.js"), the shared
 * part is the scenario, so that the variants' rows meet in a comparison.
 */
static void align_scenarios(struct model *m, uint32_t from, enum fmt fmt)
{
	struct strmap vindex = STRMAP_INIT;
	const char ***cmds = NULL; /* per variant: its distinct commands in order */
	size_t *ncmds = NULL, nvar = 0, cap = 0, k;
	struct run *runs = m->rs.runs;

	for (uint32_t i = from; i < m->rs.nruns; i++) {
		struct run *r = &runs[i];
		uint32_t v;
		int dup = 0;

		if (r->fmt != fmt || !*r->command || r->variant.origin == VO_COMMAND ||
		    strcmp(r->scenario, r->command))
			continue;
		if (!strmap_get(&vindex, r->variant.text, &v)) {
			v = (uint32_t)nvar++;
			strmap_put(&vindex, r->variant.text, v);
			if (nvar > cap) {
				cap = cap ? cap * 2 : 8;
				cmds = xrealloc(cmds, cap * sizeof(*cmds));
				ncmds = xrealloc(ncmds, cap * sizeof(*ncmds));
			}
			cmds[v] = NULL;
			ncmds[v] = 0;
		}
		for (size_t j = 0; j < ncmds[v]; j++)
			if (!strcmp(cmds[v][j], r->command))
				dup = 1;
		if (!dup) {
			cmds[v] = xrealloc(cmds[v], (ncmds[v] + 1) * sizeof(**cmds));
			cmds[v][ncmds[v]++] = r->command;
		}
	}
	k = nvar ? ncmds[0] : 0;
	for (size_t v = 1; v < nvar; v++)
		if (ncmds[v] != k)
			k = 0;
	if (nvar >= 2) {
		const char **col = xcalloc(nvar, sizeof(*col));
		const char **variants = xcalloc(nvar, sizeof(*variants));

		for (size_t j = 0; j < k; j++) {
			const char *scenario;

			for (size_t v = 0; v < nvar; v++)
				col[v] = cmds[v][j];
			if (cmd_split(col, nvar, &m->arena, variants, &scenario) < 0)
				continue;
			for (uint32_t i = from; i < m->rs.nruns; i++) {
				uint32_t v;

				if (runs[i].fmt == fmt && runs[i].variant.origin != VO_COMMAND &&
				    strmap_get(&vindex, runs[i].variant.text, &v) &&
				    !strcmp(runs[i].command, col[v]) &&
				    !strcmp(runs[i].scenario, runs[i].command))
					runs[i].scenario = scenario;
			}
		}
		free(col);
		free(variants);
	}
	for (size_t v = 0; v < nvar; v++)
		free(cmds[v]);
	free(cmds);
	free(ncmds);
	strmap_release(&vindex);
}

void import_texts(struct model *m, struct import_input *in, size_t n,
		  const struct import_opts *o, struct import_result *res, struct diag *d)
{
	uint32_t first_run = (uint32_t)m->rs.nruns;
	const char *now = model_now(m);
	const char *group;

	memset(res, 0, sizeof(*res));
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
		hash_hex(in[i].text ? in[i].text : "", in[i].len, hash);
		if (model_find_source(m, hash) >= 0) {
			ir->status = IMPORT_SAME_TEXT;
			ir->source = model_find_source(m, hash);
			free(in[i].text);
			in[i].text = NULL;
			continue;
		}
		memset(&c, 0, sizeof(c));
		c.m = m;
		c.res = res;
		c.d = d;
		c.input = (uint32_t)i;
		c.name = display_name(in[i].name);
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

		seg_split(c.name, s->text ? s->text : "", s->len, &m->arena, on_block, &c, &sr, d);
		s = &m->sources[c.source];
		s->title = sr.title ? sr.title : "";
		s->nlines = sr.nlines;
		strmap_release(&c.seen);
		arena_release(&c.scratch);

		ir->nruns = m->rs.nruns - mark.runs;
		ir->nmeas = m->rs.nmeas - mark.meas;
		if (ir->nruns) {
			ir->status = IMPORT_NEW;
		} else if (ir->ndup) {
			ir->status = IMPORT_ALL_DUP;
		} else {
			/* nothing of it is kept: forget the source again */
			recset_rollback(&m->rs, &mark);
			free(m->sources[c.source].text);
			m->nsources--;
			ir->status = IMPORT_EMPTY;
			continue;
		}
		ir->source = c.source;
	}

	group = group_name(m, in, n, res);
	for (uint32_t i = first_run; i < m->rs.nruns; i++) {
		struct run *r = &m->rs.runs[i];
		const struct source *s = &m->sources[r->source];

		r->experiment = *s->title ? s->title : group;
	}
	for (int f = 1; f < FMT__COUNT; f++)
		align_scenarios(m, first_run, (enum fmt)f);
	for (uint32_t i = first_run; i < m->rs.nruns; i++) {
		struct run *r = &m->rs.runs[i];

		r->variant.key = model_variant_key(m, r->variant.text);
	}
	model_resolve(m);
}

void import_result_release(struct import_result *res)
{
	free(res->items);
	free(res->inputs);
	memset(res, 0, sizeof(*res));
}
