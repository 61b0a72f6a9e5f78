/*
 * trace_json.c - where a figure sits in a JSON document: the JSON parsers
 * keep each figure's byte span (parsers/json_span.h), and its path
 * ("results[1].mean") is found from it. A store written before they did
 * has no span: there, the number tokens of the run's block that read back
 * as exactly the stored value, each with its path. See trace.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/json_span.h"
#include "parsers/names.h"
#include "parsers/units.h"
#include "store/trace.h"

#define DEPTH 32

struct level {
	int array;      /* 1: an array (index counts), 0: an object (key names) */
	long index;
	char key[64];
};

static void path_of(const struct level *st, int depth, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (int i = 0; i < depth && n < size; i++) {
		int w = st[i].array ? snprintf(out + n, size - n, "[%ld]", st[i].index)
				    : snprintf(out + n, size - n, "%s%s", n ? "." : "", st[i].key);

		if (w < 0)
			break;
		n += (size_t)w;
	}
}

size_t trace_json_find(const char *text, size_t from, size_t to, double value, long element,
		       struct json_hit *hits, size_t max)
{
	struct level st[DEPTH];
	int depth = 0, want_key = 0;
	size_t n = 0;

	for (size_t i = from; i < to && n < max;) {
		char c = text[i];

		if (c == '"') {
			size_t j = i + 1;

			while (j < to && text[j] != '"')
				j += text[j] == '\\' ? 2 : 1;
			if (want_key && depth > 0 && !st[depth - 1].array) {
				size_t k = j - i - 1 < sizeof(st[0].key) - 1 ? j - i - 1 : sizeof(st[0].key) - 1;

				memcpy(st[depth - 1].key, text + i + 1, k);
				st[depth - 1].key[k] = '\0';
				want_key = 0;
			}
			i = j + 1;
		} else if (c == '{' || c == '[') {
			if (depth < DEPTH) {
				st[depth].array = c == '[';
				st[depth].index = 0;
				st[depth].key[0] = '\0';
			}
			depth++;
			want_key = c == '{';
			i++;
		} else if (c == '}' || c == ']') {
			if (depth)
				depth--;
			i++;
		} else if (c == ',') {
			if (depth && depth <= DEPTH && st[depth - 1].array)
				st[depth - 1].index++;
			else
				want_key = 1;
			i++;
		} else if (c == '-' || (c >= '0' && c <= '9')) {
			size_t j = i;
			double v;

			while (j < to && strchr("+-0123456789.eE", text[j]))
				j++;
			if (depth <= DEPTH && num_parse(text + i, j - i, &v) == 0 && v == value &&
			    (element < 0 || (depth > 1 && st[0].array == 0 && st[1].array && st[1].index == element) ||
			     (depth > 0 && st[0].array && st[0].index == element))) {
				hits[n].offset = i;
				hits[n].length = j - i;
				path_of(st, depth, hits[n].path, sizeof(hits[n].path));
				n++;
			}
			i = j;
		} else {
			i++;
		}
	}
	return n;
}

/* The text of run `run`'s block: its source's text (model-owned) and the block's bytes [*from, *to). */
static const char *block_text(struct model *m, const struct run *r, size_t *from, size_t *to)
{
	struct line_index ix;
	const char *text;
	size_t len;

	text = model_source_text(m, r->source, &len);
	if (!text)
		return NULL;
	trace_index_lines(&ix, text, len);
	if (!r->first_line || r->first_line > ix.nlines) {
		trace_index_release(&ix);
		return NULL;
	}
	*from = ix.start[r->first_line - 1];
	*to = r->last_line < ix.nlines ? ix.start[r->last_line] : len;
	if (*to > len)
		*to = len;
	trace_index_release(&ix);
	return text;
}

int trace_json_span(struct model *m, uint32_t run, const struct measurement *me,
		    struct json_hit *hit)
{
	const struct run *r = &m->rs.runs[run];
	const char *text, *dot;
	struct json_hit hits[2];
	size_t from, to, n;
	long element = -1;

	if (me->length || !fmt_is_json(r->fmt))
		return 0;
	text = block_text(m, r, &from, &to);
	if (!text)
		return 0;
	/* a document of several records (hyperfine's results[]): run k of the block is record k-1 */
	dot = strrchr(r->id, '.');
	if (r->fmt == FMT_HYPERFINE_JSON && dot)
		element = strtol(dot + 1, NULL, 10) - 1;
	n = trace_json_find(text, from, to, me->value, element, hits, 2);
	if (n != 1)
		return 0;
	*hit = hits[0];
	return 1;
}

struct figure_span *trace_spans(struct model *m, uint32_t run, const struct run_records *rec)
{
	struct figure_span *sp = xcalloc(rec->nmeas ? rec->nmeas : 1, sizeof(*sp));
	const struct run *r = &m->rs.runs[run];
	size_t from = 0, to = 0;
	const char *doc = fmt_is_json(r->fmt) ? block_text(m, r, &from, &to) : NULL;

	for (size_t i = 0; i < rec->nmeas; i++) {
		const struct measurement *me = &m->rs.meas[rec->meas[i]];
		struct json_hit hit;

		if (me->length) {
			/* the parser kept the span; in JSON its path is found from it */
			sp[i].offset = me->offset;
			sp[i].length = me->length;
			if (doc && me->offset >= from && me->offset < to)
				json_path_at(doc + from, to - from, me->offset - from, sp[i].path,
					     sizeof(sp[i].path));
		} else if (trace_json_span(m, run, me, &hit)) {
			/* a store written before JSON spans were kept: where the value is, when in one place */
			sp[i].offset = hit.offset;
			sp[i].length = hit.length;
			snprintf(sp[i].path, sizeof(sp[i].path), "%s", hit.path);
		}
	}
	return sp;
}
