/*
 * json_span.h - where each value of a JSON text is: jansson reads values
 * but gives no positions, so this walks the text itself (strings and their
 * escapes, nesting) and reports every value with its path ("results[1].mean")
 * and its byte span. The JSON parsers keep the span of each figure they
 * read; the views show a figure's path from its span.
 */
#ifndef BD_PARSERS_JSON_SPAN_H
#define BD_PARSERS_JSON_SPAN_H

#include <stddef.h>

#define JSON_SPAN_DEPTH 64
#define JSON_SPAN_KEY 128

/* One step of a path: an object's member (key, decoded, cut at JSON_SPAN_KEY - 1 bytes) or an array's element. */
struct json_step {
	int array;
	size_t index;
	char key[JSON_SPAN_KEY];
};

/*
 * Called for every value of the text: a scalar (string with its quotes,
 * number, true, false, null) with its byte span text[off, off + len), a
 * container ({ or [) at its first byte with len 0, before its members.
 * path[0..depth) leads to it from the top. Return nonzero to stop.
 */
typedef int (*json_visit_fn)(const struct json_step *path, int depth, size_t off, size_t len,
			     int container, void *arg);

/*
 * Walk the JSON text[0..len) (one document, or a document cut short:
 * what is there is walked) and call fn for each value in text order.
 * Containers deeper than JSON_SPAN_DEPTH are skipped. Returns 1 when fn
 * stopped the walk, 0 at the end, -1 at bytes that are not JSON (the
 * values before them were visited).
 */
int json_walk(const char *text, size_t len, json_visit_fn fn, void *arg);

/* Append path[0..depth) as text: "results[1].mean"; a key holding '.', '[' or ']' is quoted ("a[\"x.y\"]"). */
void json_path_format(const struct json_step *path, int depth, char *out, size_t size);

/* The span of the scalar at `path` ("end.sum_sent.bytes", "results[0].times[3]"): 1 with *off, *len; else 0. */
int json_span_of(const char *text, size_t len, const char *path, size_t *off, size_t *n);

/* The path of the scalar whose span begins at byte `offset`: 1 with out filled, else 0. */
int json_path_at(const char *text, size_t len, size_t offset, char *out, size_t size);

#endif
