/*
 * json_span.c - a walk over JSON text that reports each value's path and
 * byte span; see json_span.h. It checks only what it needs to find its
 * way (quotes and escapes, brackets, separators): validating is
 * jansson's job.
 */
#include "parsers/json_span.h"

#include <stdio.h>
#include <string.h>

struct walker {
	const char *s;
	size_t len, i;
	struct json_step path[JSON_SPAN_DEPTH];
	json_visit_fn fn;
	void *arg;
};

static void skip_ws(struct walker *w)
{
	while (w->i < w->len && strchr(" \t\r\n", w->s[w->i]) && w->s[w->i])
		w->i++;
}

/* Past a string starting at its opening quote; its content decoded into key (may be NULL). -1 when cut. */
static int string(struct walker *w, char *key, size_t size)
{
	size_t k = 0;

	w->i++; /* the opening quote */
	while (w->i < w->len && w->s[w->i] != '"') {
		char c = w->s[w->i];

		if (c == '\\' && w->i + 1 < w->len) {
			static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
			const char *e = strchr(from, w->s[w->i + 1]);

			c = e && *e ? to[e - from] : w->s[w->i + 1]; /* \uXXXX: kept as 'u' and digits */
			w->i += 2;
		} else {
			w->i++;
		}
		if (key && k + 1 < size)
			key[k++] = c;
	}
	if (key)
		key[k] = '\0';
	if (w->i >= w->len)
		return -1;
	w->i++; /* the closing quote */
	return 0;
}

/*
 * Past a value too deep to name, without visits and without recursion (a
 * text of a million '[' must not exhaust the stack): 0, or -1 when cut.
 */
static int skip(struct walker *w)
{
	size_t open = 0;

	skip_ws(w);
	do {
		char c;

		if (w->i >= w->len)
			return -1;
		c = w->s[w->i];
		if (c == '"') {
			if (string(w, NULL, 0) < 0)
				return -1;
			continue;
		}
		if (c == '{' || c == '[')
			open++;
		else if ((c == '}' || c == ']') && open)
			open--;
		else if (!open && strchr(",]}", c))
			return 0; /* the end of a scalar */
		w->i++;
	} while (open);
	return 0;
}

/*
 * A value at w->i, at `depth` < JSON_SPAN_DEPTH (path[0..depth) leads to
 * it): 1 stopped, 0 done, -1 not JSON.
 */
static int value(struct walker *w, int depth)
{
	size_t start;
	char c;

	skip_ws(w);
	if (w->i >= w->len)
		return -1;
	start = w->i;
	c = w->s[w->i];
	if (c == '{' || c == '[') {
		int array = c == '[';
		char close = array ? ']' : '}';
		size_t index = 0;

		if (w->fn(w->path, depth, start, 0, 1, w->arg))
			return 1;
		w->i++;
		for (;;) {
			int r;

			skip_ws(w);
			if (w->i >= w->len)
				return -1;
			if (w->s[w->i] == close) {
				w->i++;
				return 0;
			}
			if (index && w->s[w->i] == ',') {
				w->i++;
				skip_ws(w);
			}
			w->path[depth].array = array;
			w->path[depth].index = index;
			w->path[depth].key[0] = '\0';
			if (!array) {
				if (w->i >= w->len || w->s[w->i] != '"')
					return -1;
				if (string(w, w->path[depth].key, JSON_SPAN_KEY) < 0)
					return -1;
				skip_ws(w);
				if (w->i >= w->len || w->s[w->i] != ':')
					return -1;
				w->i++;
			}
			r = depth + 1 < JSON_SPAN_DEPTH ? value(w, depth + 1) : skip(w);
			if (r)
				return r;
			index++;
		}
	}
	if (c == '"') {
		if (string(w, NULL, 0) < 0)
			return -1;
	} else {
		while (w->i < w->len && !strchr(",]} \t\r\n", w->s[w->i]) && w->s[w->i])
			w->i++;
		if (w->i == start)
			return -1;
	}
	return w->fn(w->path, depth, start, w->i - start, 0, w->arg) ? 1 : 0;
}

int json_walk(const char *text, size_t len, json_visit_fn fn, void *arg)
{
	struct walker w;

	memset(&w, 0, sizeof(w));
	w.s = text;
	w.len = len;
	w.fn = fn;
	w.arg = arg;
	return value(&w, 0);
}

void json_path_format(const struct json_step *path, int depth, char *out, size_t size)
{
	size_t n = 0;

	if (!size)
		return;
	out[0] = '\0';
	for (int d = 0; d < depth && n < size; d++) {
		int r;

		if (path[d].array)
			r = snprintf(out + n, size - n, "[%zu]", path[d].index);
		else if (strpbrk(path[d].key, ".[]"))
			r = snprintf(out + n, size - n, "[\"%s\"]", path[d].key);
		else
			r = snprintf(out + n, size - n, "%s%s", n ? "." : "", path[d].key);
		if (r < 0)
			break;
		n += (size_t)r;
	}
}

struct find {
	const char *want;
	size_t offset;
	char path[512];
	size_t off, len;
	int found;
};

static int by_path(const struct json_step *path, int depth, size_t off, size_t len, int container,
		   void *arg)
{
	struct find *f = arg;

	if (container)
		return 0;
	json_path_format(path, depth, f->path, sizeof(f->path));
	if (strcmp(f->path, f->want))
		return 0;
	f->off = off;
	f->len = len;
	f->found = 1;
	return 1;
}

int json_span_of(const char *text, size_t len, const char *path, size_t *off, size_t *n)
{
	struct find f;

	memset(&f, 0, sizeof(f));
	f.want = path;
	if (json_walk(text, len, by_path, &f) != 1)
		return 0;
	*off = f.off;
	*n = f.len;
	return 1;
}

static int by_offset(const struct json_step *path, int depth, size_t off, size_t len, int container,
		     void *arg)
{
	struct find *f = arg;

	(void)len;
	if (container || off != f->offset)
		return off > f->offset; /* past it: it is not a value's start */
	json_path_format(path, depth, f->path, sizeof(f->path));
	f->found = 1;
	return 1;
}

int json_path_at(const char *text, size_t len, size_t offset, char *out, size_t size)
{
	struct find f;

	memset(&f, 0, sizeof(f));
	f.offset = offset;
	json_walk(text, len, by_offset, &f);
	if (!f.found)
		return 0;
	snprintf(out, size, "%s", f.path);
	return 1;
}
