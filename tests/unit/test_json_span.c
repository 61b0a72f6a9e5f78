/*
 * test_json_span.c - the JSON span locator: every value's path and exact
 * bytes on hand-written documents (escapes in strings and keys, nesting,
 * brackets inside strings, a document cut short, nesting deeper than it
 * names), both directions (path to span, span to path), and the spans the
 * JSON parsers keep for each figure.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "parsers/json_span.h"
#include "util/buf.h"

/* The text of the scalar at `path` ("" when not found), into out. */
static const char *at(const char *doc, const char *path, char *out, size_t size)
{
	size_t off, n;

	if (!json_span_of(doc, strlen(doc), path, &off, &n) || n >= size)
		return "";
	memcpy(out, doc + off, n);
	out[n] = '\0';
	return out;
}

static void test_paths(void **state)
{
	static const char doc[] =
		"{\n"
		"  \"results\": [\n"
		"    {\"command\": \"a \\\"b\\\" [c] {d}\", \"mean\": 0.0048, \"times\": [1, 2e-3, -3.5]},\n"
		"    {\"command\": \"x\", \"mean\": 1.5E+2, \"ok\": true, \"none\": null}\n"
		"  ],\n"
		"  \"with\\\"quote\": 7, \"dot.key\": {\"v\": 8}, \"empty\": {}, \"list\": []\n"
		"}\n";
	char b[64];

	(void)state;
	assert_string_equal(at(doc, "results[0].mean", b, sizeof(b)), "0.0048");
	assert_string_equal(at(doc, "results[0].command", b, sizeof(b)), "\"a \\\"b\\\" [c] {d}\"");
	assert_string_equal(at(doc, "results[0].times[1]", b, sizeof(b)), "2e-3");
	assert_string_equal(at(doc, "results[0].times[2]", b, sizeof(b)), "-3.5");
	assert_string_equal(at(doc, "results[1].mean", b, sizeof(b)), "1.5E+2");
	assert_string_equal(at(doc, "results[1].ok", b, sizeof(b)), "true");
	assert_string_equal(at(doc, "results[1].none", b, sizeof(b)), "null");
	/* keys are compared decoded; a key holding '.' is quoted in a path */
	assert_string_equal(at(doc, "with\"quote", b, sizeof(b)), "7");
	assert_string_equal(at(doc, "[\"dot.key\"].v", b, sizeof(b)), "8");
	assert_string_equal(at(doc, "results[2].mean", b, sizeof(b)), "");
	assert_string_equal(at(doc, "results[0].times[3]", b, sizeof(b)), "");
	assert_string_equal(at(doc, "mean", b, sizeof(b)), "");
}

static void test_path_at(void **state)
{
	static const char doc[] = "{\"end\": {\"sum_sent\": {\"bytes\": 6134038528, \"bits_per_second\": 2.45e10}}}";
	const char *p = strstr(doc, "2.45e10");
	char path[128];

	(void)state;
	assert_int_equal(json_path_at(doc, strlen(doc), (size_t)(p - doc), path, sizeof(path)), 1);
	assert_string_equal(path, "end.sum_sent.bits_per_second");
	p = strstr(doc, "6134038528");
	assert_int_equal(json_path_at(doc, strlen(doc), (size_t)(p - doc), path, sizeof(path)), 1);
	assert_string_equal(path, "end.sum_sent.bytes");
	/* inside a number, or at a key: no value starts there */
	assert_int_equal(json_path_at(doc, strlen(doc), (size_t)(p - doc) + 1, path, sizeof(path)), 0);
	assert_int_equal(json_path_at(doc, strlen(doc), 1, path, sizeof(path)), 0);
}

/* A cut document: the values before the cut are found; the walk says it ended early. */
static void test_cut(void **state)
{
	static const char doc[] = "{\"a\": [1, 2, {\"b\": 3, \"c\": \"unterminated";
	char b[16];
	size_t off, n;

	(void)state;
	assert_string_equal(at(doc, "a[2].b", b, sizeof(b)), "3");
	assert_int_equal(json_span_of(doc, strlen(doc), "a[2].c", &off, &n), 0);
	assert_int_equal(json_span_of("{\"a\" 1}", 7, "a", &off, &n), 0); /* no colon: not JSON */
}

static int count(const struct json_step *path, int depth, size_t off, size_t len, int container,
		 void *arg)
{
	(void)path, (void)depth, (void)off, (void)len, (void)container;
	(*(int *)arg)++;
	return 0;
}

/* Deeper than it names: walked over without visits, and without recursion. */
static void test_deep(void **state)
{
	struct buf doc = BUF_INIT;
	char b[16];
	int visits = 0;

	(void)state;
	buf_adds(&doc, "{\"x\": 1, \"deep\": ");
	for (int i = 0; i < 100000; i++)
		buf_addc(&doc, '[');
	for (int i = 0; i < 100000; i++)
		buf_addc(&doc, ']');
	buf_adds(&doc, ", \"y\": 2}");
	assert_string_equal(at(doc.s, "y", b, sizeof(b)), "2");
	assert_int_equal(json_walk(doc.s, doc.len, count, &visits), 0);
	/* the top object, x, JSON_SPAN_DEPTH - 1 arrays that can be named, y */
	assert_int_equal(visits, 1 + 1 + (JSON_SPAN_DEPTH - 1) + 1);
	buf_release(&doc);
}

/*
 * Every figure of every JSON run in `m` was read from the bytes of its
 * span (the number there is its value, or its value in ms for iperf3's
 * jitter); only the figures no document prints (hyperfine's runs, the
 * count of times[]; fortio's errors, summed from RetCodes) have none.
 * Returns how many figures had a span.
 */
static size_t check_spans(struct model *m)
{
	size_t spans = 0;

	for (size_t i = 0; i < m->rs.nmeas; i++) {
		const struct measurement *me = &m->rs.meas[i];
		const struct run *r = &m->rs.runs[me->run];
		const char *text;
		size_t len;
		double x;

		if (!fmt_is_json(r->fmt))
			continue;
		if (!me->length) {
			if (strcmp(me->quantity, "runs") && strcmp(me->quantity, "errors"))
				fail_msg("%s %s of run %s has no span", me->quantity, stat_name(me->stat), r->id);
			continue;
		}
		text = model_source_text(m, r->source, &len);
		assert_non_null(text);
		assert_true(me->offset + me->length <= len);
		assert_int_equal(num_parse(text + me->offset, me->length, &x), 0);
		if (x != me->value && x * 1e-3 != me->value)
			fail_msg("%s of run %s: \"%.*s\" at %llu is not %g", me->quantity, r->id, (int)me->length,
				 text + me->offset, (unsigned long long)me->offset, me->value);
		spans++;
	}
	return spans;
}

static void test_parser_spans(void **state)
{
	static const char *const samples[] = {
		"samples/hyperfine/export.json",     "samples/hyperfine/export-scan.json",
		"samples/hyperfine/export-cut.json", "samples/iperf3/json.json",
		"samples/iperf3/json-udp.json",      "samples/iperf3/json-cut.json",
		"samples/iperf3/server-json.json",   "samples/fortio/hand-json-http.json",
		"samples/fortio/hand-json-tcp.json", "samples/fortio/hand-json-udp.json",
		"samples/fortio/hand-json-cut.json",
	};
	struct model_fixture *f = *state;

	for (size_t i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
		import_sample(&f->m, samples[i], &f->d);
	assert_int_equal(check_spans(&f->m), 98); /* every figure these documents print */
}

/* A document quoted in a reply, with CRLF line ends: the spans are the source's bytes. */
static void test_quoted_spans(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "reply.md",
		      "Results:\r\n\r\n"
		      "> {\r\n"
		      ">   \"results\": [{\"command\": \"./a\", \"mean\": 0.0015, \"stddev\": 0.0001,\r\n"
		      ">     \"median\": 0.0015, \"user\": 0.0014, \"system\": 0.0001,\r\n"
		      ">     \"min\": 0.0014, \"max\": 0.0016, \"times\": [0.0014, 0.0015, 0.0016]}]\r\n"
		      "> }\r\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(check_spans(&f->m), 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_parser_spans, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_quoted_spans, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_path_at),
		cmocka_unit_test(test_cut),
		cmocka_unit_test(test_deep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
