/*
 * fortio_json.c - fortio load -json: one run per document, the metrics of
 * the text reader from the document's keys (ActualQPS; DurationHistogram's
 * Avg, Percentiles and Count; ErrorsDurationHistogram.Count, or the calls
 * whose RetCodes are failures before fortio 1.30; RetCodes as code.NNN)
 * and DurationHistogram.Data as the "latency" series. RetCodes keys are
 * strings ("200", "-1", "OK"); every value of a histogram is in seconds.
 */
#include <string.h>

#include "parsers/fortio.h"
#include "parsers/json.h"
#include "parsers/units.h"

static int match(json_t *doc)
{
	/* a cut document may have lost its histograms: parse() says so */
	return json_is_string(json_object_get(doc, "RunType")) &&
	       (json_object_get(doc, "DurationHistogram") || json_object_get(doc, "RequestedQPS"));
}

static void figure(struct sink *s, uint32_t run, json_t *obj, const char *key, const char *quantity,
		   enum unit unit, uint32_t n)
{
	json_measure(s, run, obj, key, quantity, STAT_VALUE, unit, 1, n);
}

static void percentiles(struct sink *s, uint32_t run, json_t *list, uint32_t n)
{
	size_t i;
	json_t *p;
	double pc;

	json_array_foreach(list, i, p)
		if (json_number(p, "Percentile", &pc) == 0)
			json_measure(s, run, p, "Value", fortio_percentile_quantity(s, pc), STAT_VALUE,
				     UNIT_SECOND, 1, n);
}

static void series(struct sink *s, uint32_t run, json_t *data)
{
	size_t i;
	json_t *d;
	double x0, x1, y;
	uint32_t k = 0;

	json_array_foreach(data, i, d)
		if (json_number(d, "Start", &x0) == 0 && json_number(d, "End", &x1) == 0 &&
		    json_number(d, "Count", &y) == 0)
			sink_series(s, run, "latency", k++, x0, x1, y, UNIT_COUNT);
}

/*
 * The calls whose return code is not a success in *failed; with `store`,
 * code.NNN for each code and the error texts (TCP/UDP echo failures) as
 * notes. Returns -1 when there are no codes at all.
 */
static int codes(struct sink *s, uint32_t run, json_t *obj, const struct line *at, int store,
		 double *failed)
{
	const char *key;
	json_t *v;
	int any = 0;

	*failed = 0;
	json_object_foreach(obj, key, v) {
		const char *q = store ? fortio_code_quantity(s, key, strlen(key)) : NULL;
		double n;

		if (!json_is_number(v))
			continue;
		n = json_number_value(v);
		any = 1;
		if (store && q)
			json_measure(s, run, obj, key, q, STAT_VALUE, UNIT_COUNT, 1, 0);
		else if (store)
			sink_note(s, run, NOTE_WARNING, at, "%s: %.0f calls", key, n);
		if (!fortio_code_ok(key, strlen(key)))
			*failed += n;
	}
	return any ? 0 : -1;
}

static const char *scenario(struct sink *s, json_t *doc, const struct block *b)
{
	struct fortio_shape sh;
	const char *v;
	double x;

	fortio_shape_init(&sh);
	/* HTTP runs keep their URL, TCP, UDP and gRPC ones a Destination */
	if ((v = json_str(doc, "URL")) || (v = json_str(doc, "Destination")))
		sh.target = v, sh.target_len = strlen(v);
	if (json_number(doc, "NumThreads", &x) == 0)
		sh.threads = num_whole(x);
	if ((v = json_str(doc, "RequestedQPS")))
		sh.qps = v, sh.qps_len = strlen(v);
	if (json_number(doc, "Exactly", &x) == 0 && x > 0)
		sh.calls = num_whole(x);
	/* "5s"; not "exactly 100 calls" or "until stop" */
	if ((v = json_str(doc, "RequestedDuration")) && !strchr(v, ' '))
		sh.duration = v, sh.duration_len = strlen(v);
	fortio_shape_from_command(&sh, b->context);
	return fortio_scenario(s, &sh);
}

static int parse(json_t *doc, const struct block *b, struct sink *s)
{
	json_t *h = json_object_get(doc, "DurationHistogram");
	json_t *eh = json_object_get(doc, "ErrorsDurationHistogram");
	const struct line *first = &b->lines[0];
	struct sink_txn t;
	const char *version = json_str(doc, "Version"), *labels = json_str(doc, "Labels");
	uint32_t run, count = 0;
	double v, failed;
	int has_codes;

	run = sink_txn_begin_as(s, &t, first, FMT_FORTIO_JSON);
	sink_run_end(s, run, &b->lines[b->n - 1]);
	if (json_number(h, "Count", &v) == 0)
		count = num_count(v);
	figure(s, run, doc, "ActualQPS", "qps", UNIT_PER_S, 0);
	figure(s, run, h, "Avg", "latency.avg", UNIT_SECOND, count);
	percentiles(s, run, json_object_get(h, "Percentiles"), count);
	figure(s, run, h, "Count", "calls", UNIT_COUNT, 0);
	has_codes = codes(s, run, json_object_get(doc, "RetCodes"), first, 0, &failed) == 0;
	if (json_is_object(eh)) /* fortio >= 1.30 */
		figure(s, run, eh, "Count", "errors", UNIT_COUNT, 0);
	else if (has_codes)
		sink_measure(s, run, "errors", STAT_VALUE, UNIT_COUNT, failed, 0, NULL, NULL, 0);
	codes(s, run, json_object_get(doc, "RetCodes"), first, 1, &failed);
	if (!sink_txn_finish(s, &t, &b->lines[b->n - 1], "fortio JSON document has no results (cut off?)"))
		return 0;
	series(s, run, json_object_get(h, "Data"));
	s->rs->runs[run].scenario = scenario(s, doc, b);
	if (version && *version)
		fortio_version(s, first, version, strlen(version));
	if (labels && *labels)
		sink_note(s, run, NOTE_INFO, first, "labels: %s", labels);
	return 1;
}

const struct json_kind fortio_json_kind = {
	.fmt = FMT_FORTIO_JSON,
	.name = "fortio JSON",
	.signature = "\"RunType\"",
	.match = match,
	.parse = parse,
};
