/*
 * json.c - JSON documents as blocks, dispatched to the kind that wrote
 * them; see json.h.
 */
#include "parsers/json.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/json_span.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

/* The kinds, from the FORMATS table's json rows, asked in its order. */
#define KIND_DECL_parser(sym)
#define KIND_DECL_json(sym) extern const struct json_kind sym##_kind;
#define KIND_DECL_(e, name, desc, reader, sym) KIND_DECL_##reader(sym)
FORMATS(KIND_DECL_)
#define KIND_REF_parser(sym)
#define KIND_REF_json(sym) &sym##_kind,
#define KIND_REF_(e, name, desc, reader, sym) KIND_REF_##reader(sym)

static const struct json_kind *const kinds[] = { FORMATS(KIND_REF_) };

struct json_state {
	int depth, in_string, escape;
};

/* Track bracket depth over a line, outside strings. */
static void scan(struct json_state *st, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (st->in_string) {
			if (st->escape)
				st->escape = 0;
			else if (c == '\\')
				st->escape = 1;
			else if (c == '"')
				st->in_string = 0;
		} else if (c == '"') {
			st->in_string = 1;
		} else if (c == '{' || c == '[') {
			st->depth++;
		} else if (c == '}' || c == ']') {
			st->depth--;
		}
	}
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct json_state *st = state;

	if (!in_block) {
		/* {"ts":...}: a line of fortio's JSON log (fortio.c's), not a document */
		if (l->s[l->indent] != '{' ||
		    (l->len - l->indent >= 6 && !memcmp(l->s + l->indent, "{\"ts\":", 6)))
			return CLAIM_NONE;
		memset(st, 0, sizeof(*st));
		scan(st, l->s + l->indent, l->len - l->indent);
		return CLAIM_START;
	}
	if (st->depth <= 0)
		return CLAIM_NONE; /* the document is complete */
	scan(st, l->s, l->len);
	return CLAIM_BODY;
}

/*
 * Where the numbers and strings of the document being parsed are: each
 * such node with its byte span in the text, sorted by node for bsearch.
 * jansson gives no positions; the text is walked beside the tree
 * (json_span.h).
 */
struct number_span {
	const json_t *node;
	size_t off, len;
};

struct doc_spans {
	const struct block *b;
	const char *text;
	size_t len;
	size_t *line_start;  /* where block line i starts in text (b->n entries) */
	struct number_span *v;
	size_t n, cap;
	json_t *nodes[JSON_SPAN_DEPTH]; /* while walking: the container at each depth */
};


static int add_span(const struct json_step *path, int depth, size_t off, size_t len, int container,
		    void *arg)
{
	struct doc_spans *d = arg;
	json_t *node, *parent;

	if (!depth) {
		node = d->nodes[0];
	} else {
		parent = d->nodes[depth - 1];
		node = path[depth - 1].array ? json_array_get(parent, path[depth - 1].index)
					     : json_object_get(parent, path[depth - 1].key);
	}
	if (container) {
		d->nodes[depth] = node;
	} else if (json_is_number(node) || json_is_string(node)) {
		ALLOC_GROW(d->v, d->n + 1, d->cap);
		d->v[d->n].node = node;
		d->v[d->n].off = off;
		d->v[d->n++].len = len;
	}
	return 0;
}

static int by_node(const void *a, const void *b)
{
	const json_t *x = ((const struct number_span *)a)->node, *y = ((const struct number_span *)b)->node;

	return x < y ? -1 : x > y;
}

static void spans_build(struct doc_spans *d, const struct block *b, const struct buf *text, json_t *doc)
{
	size_t at = 0;

	memset(d, 0, sizeof(*d));
	d->b = b;
	d->text = text->s;
	d->len = text->len;
	d->line_start = xcalloc(b->n ? b->n : 1, sizeof(*d->line_start));
	for (uint32_t i = 0; i < b->n; i++) {
		d->line_start[i] = at;
		at += b->lines[i].len + 1;
	}
	d->nodes[0] = doc;
	json_walk(text->s, text->len, add_span, d);
	if (d->n) /* a document without numbers has no array to sort */
		qsort(d->v, d->n, sizeof(*d->v), by_node);
}

static void spans_release(struct doc_spans *d)
{
	free(d->line_start);
	free(d->v);
}

/*
 * The span of scalar `v` of the document being parsed (s->json: set around
 * a kind's parse() only), or NULL; with *line its block line (index).
 */
static const struct number_span *span_of(const struct sink *s, const json_t *v, uint32_t *line)
{
	const struct doc_spans *current = s->json;
	struct number_span want = { v, 0, 0 };
	const struct number_span *sp;
	uint32_t lo = 0, hi;

	if (!v || !current || !current->n ||
	    !(sp = bsearch(&want, current->v, current->n, sizeof(*sp), by_node)))
		return NULL;
	/* the block line holding it: the last that starts at or before it */
	hi = current->b->n;
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (current->line_start[mid] <= sp->off)
			lo = mid;
		else
			hi = mid;
	}
	*line = lo;
	return sp;
}

const struct line *json_line(const struct sink *s, const json_t *v)
{
	uint32_t i;

	return span_of(s, v, &i) ? &s->json->b->lines[i] : NULL;
}

/* The text scalar `v` was read from, inside its line (*l), or NULL when it is not on one line. */
static const char *text_of(const struct sink *s, const json_t *v, const struct line **l, size_t *len)
{
	const struct doc_spans *current = s->json;
	const struct number_span *sp;
	uint32_t i;

	if (!(sp = span_of(s, v, &i)))
		return NULL;
	*l = &current->b->lines[i];
	if (sp->off + sp->len > current->line_start[i] + (*l)->len)
		return NULL;
	*len = sp->len;
	return (*l)->s + (sp->off - current->line_start[i]);
}

const char *json_text(const struct sink *s, const json_t *v, size_t *len)
{
	const struct line *l;

	return json_is_number(v) ? text_of(s, v, &l, len) : NULL;
}

int json_measure(struct sink *s, uint32_t run, json_t *obj, const char *key, const char *quantity,
		 enum stat_kind stat, enum unit unit, double scale, uint32_t n)
{
	json_t *v = json_object_get(obj, key);
	const struct line *l = NULL;
	const char *num;
	size_t num_len = 0;

	if (!json_is_number(v))
		return -1;
	num = text_of(s, v, &l, &num_len);
	sink_measure(s, run, quantity, stat, unit, json_number_value(v) * scale, n, num ? l : NULL, num,
		     num_len);
	return 0;
}

int json_measure_in(struct sink *s, uint32_t run, json_t *obj, const char *key, const char *quantity,
		    enum stat_kind stat, const char *unit_word, uint32_t n)
{
	json_t *v = json_object_get(obj, key);
	const struct line *l = NULL;
	const char *num;
	size_t num_len = 0, un = strlen(unit_word);
	enum unit unit;
	double x, one;

	if (!json_is_number(v) || unit_value("1", 1, unit_word, un, &unit, &one) < 0)
		return -1;
	num = text_of(s, v, &l, &num_len);
	if (!num || unit_value(num, num_len, unit_word, un, &unit, &x) < 0)
		x = json_number_value(v) * one;
	sink_measure(s, run, quantity, stat, unit, x, n, num ? l : NULL, num, num_len);
	return 0;
}

int json_number(json_t *obj, const char *key, double *out)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_number(v))
		return -1;
	*out = json_number_value(v);
	return 0;
}

const char *json_str(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

/*
 * A document cut off mid-way: keep it up to the end of its last complete
 * entry inside a container and close what is still open. Returns 1 when
 * `text` was changed.
 */
static int repair(struct buf *text)
{
	char stack[256];
	int depth = 0, in_string = 0, escape = 0, cut_depth = -1;
	size_t cut = 0;
	char saved[256];

	for (size_t i = 0; i < text->len; i++) {
		char c = text->s[i];

		if (in_string) {
			if (escape)
				escape = 0;
			else if (c == '\\')
				escape = 1;
			else if (c == '"')
				in_string = 0;
			continue;
		}
		if (c == '"') {
			in_string = 1;
		} else if (c == '{' || c == '[') {
			if (depth >= (int)sizeof(stack))
				return 0;
			stack[depth++] = c;
		} else if (c == '}' || c == ']') {
			if (--depth < 0)
				return 0;
			if (depth >= 1) { /* an entry of an enclosing container ends here */
				cut = i + 1;
				cut_depth = depth;
				memcpy(saved, stack, (size_t)depth);
			}
		}
	}
	if (depth <= 0 || cut_depth < 1)
		return 0;
	text->len = cut;
	text->s[cut] = '\0';
	for (int d = cut_depth - 1; d >= 0; d--)
		buf_addc(text, saved[d] == '{' ? '}' : ']');
	return 1;
}

static const struct json_kind *kind_of(json_t *doc)
{
	for (size_t k = 0; k < countof(kinds); k++)
		if (kinds[k]->match(doc))
			return kinds[k];
	return NULL;
}

static const struct json_kind *kind_by_signature(const struct buf *text)
{
	for (size_t k = 0; k < countof(kinds); k++)
		if (text_contains(text->s, text->len, kinds[k]->signature))
			return kinds[k];
	return NULL;
}

static int parse(const struct block *b, struct sink *s)
{
	struct buf text = BUF_INIT;
	json_error_t err;
	json_t *doc;
	const struct json_kind *kind;
	uint32_t from = (uint32_t)s->rs->nruns;
	int repaired = 0, n = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		buf_add(&text, b->lines[i].s, b->lines[i].len);
		buf_addc(&text, '\n');
	}
	doc = json_loadb(text.s, text.len, JSON_DECODE_ANY, &err);
	if (!doc || !json_is_object(doc)) {
		const struct json_kind *k = kind_by_signature(&text);
		uint32_t at = err.line > 0 && (uint32_t)err.line <= b->n ? (uint32_t)err.line - 1 : b->n - 1;

		json_decref(doc);
		doc = NULL;
		if (!k) /* JSON from something else (a config, an API reply): not ours */
			goto out;
		if (repair(&text))
			doc = json_loadb(text.s, text.len, 0, NULL);
		sink_warn(s, &b->lines[at], "%s %s: %s", k->name,
			  doc ? "cut off or damaged; its complete entries are kept" : "cannot be read",
			  err.text);
		if (!doc)
			goto out;
		repaired = 1;
	}
	kind = kind_of(doc);
	if (kind) {
		struct doc_spans spans;

		spans_build(&spans, b, &text, doc);
		s->json = &spans;
		n = kind->parse(doc, b, s);
		s->json = NULL;
		spans_release(&spans);
	}
	if (repaired) {
		for (uint32_t i = from; i < s->rs->nruns; i++) {
			s->rs->runs[i].flags |= RUN_INCOMPLETE;
			sink_note(s, i, NOTE_DAMAGE, &b->lines[b->n - 1], "JSON document cut off");
		}
	}
out:
	json_decref(doc);
	buf_release(&text);
	return n;
}

const struct parser json_parser = {
	.fmt = FMT_JSON,
	.starts = "{",
	.claim = claim,
	.state_size = PARSER_STATE(struct json_state),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
