/*
 * iperf3_json.c - iperf3 -J: one run per document, the same metrics as
 * the text reader (end.sum_sent / sum_received, UDP jitter and loss, the
 * --bidir reverse sums, cpu_utilization_percent) and intervals[].sum as
 * the "bitrate" series. A document whose test failed ("error") is a
 * warning, not a run. A server in -J mode writes one document per test,
 * one after the other: each is a block of its own.
 */
#include <string.h>

#include "parsers/iperf3.h"
#include "parsers/json.h"
#include "parsers/units.h"

static int match(json_t *doc)
{
	json_t *start = json_object_get(doc, "start");
	const char *version = json_str(start, "version");

	/* "end" may be missing from a cut document: parse() says so */
	return json_is_object(start) &&
	       (json_object_get(start, "test_start") || (version && !strncmp(version, "iperf 3", 7)));
}

static void figure(struct sink *s, uint32_t run, json_t *obj, const char *key, const char *quantity,
		   enum unit unit, double scale)
{
	json_measure(s, run, obj, key, quantity, STAT_VALUE, unit, scale, 0);
}

/* One side's sum: transfer and bitrate always, retransmits on the sender, jitter and loss (UDP) on the receiver. */
static void sum(struct sink *s, uint32_t run, json_t *obj, int reverse, int receiver)
{
	if (!json_is_object(obj))
		return;
	figure(s, run, obj, "bytes", iperf3_quantity(reverse, receiver, IPERF3_TRANSFER), UNIT_BYTE, 1);
	figure(s, run, obj, "bits_per_second", iperf3_quantity(reverse, receiver, IPERF3_BITRATE),
	       UNIT_BIT_PER_S, 1);
	if (!receiver)
		figure(s, run, obj, "retransmits", iperf3_quantity(reverse, 0, IPERF3_RETRANSMITS),
		       UNIT_COUNT, 1);
	if (receiver) {
		figure(s, run, obj, "jitter_ms", iperf3_quantity(reverse, 1, IPERF3_JITTER), UNIT_SECOND,
		       1e-3);
		figure(s, run, obj, "lost_percent", iperf3_quantity(reverse, 1, IPERF3_LOST_PERCENT),
		       UNIT_PERCENT, 1);
	}
}

static void series(struct sink *s, uint32_t run, json_t *intervals, const char *key, const char *name)
{
	size_t i;
	json_t *iv;
	uint32_t k = 0;

	json_array_foreach(intervals, i, iv) {
		json_t *sm = json_object_get(iv, key);
		double x0, x1, y;

		if (json_is_true(json_object_get(sm, "omitted")))
			continue;
		if (json_number(sm, "start", &x0) == 0 && json_number(sm, "end", &x1) == 0 &&
		    json_number(sm, "bits_per_second", &y) == 0)
			sink_series(s, run, name, k++, x0, x1, y, UNIT_BIT_PER_S);
	}
}

static int parse(json_t *doc, const struct block *b, struct sink *s)
{
	json_t *start = json_object_get(doc, "start"), *end = json_object_get(doc, "end");
	json_t *ts = json_object_get(start, "test_start"), *cpu;
	const char *error = json_str(doc, "error"), *proto = json_str(ts, "protocol");
	struct sink_txn t;
	struct iperf3_shape shape;
	uint32_t run;
	double v;

	memset(&shape, 0, sizeof(shape));
	shape.udp = proto && !strcmp(proto, "UDP");
	shape.streams = json_number(ts, "num_streams", &v) == 0 && num_whole(v) >= 1 && v < 1e6 ? (int)v : 1;
	shape.reverse = json_number(ts, "reverse", &v) == 0 && v != 0;
	shape.bidir = json_object_get(end, "sum_sent_bidir_reverse") != NULL;
	shape.server = json_object_get(start, "accepted_connection") != NULL;

	run = sink_txn_begin_as(s, &t, &b->lines[0], FMT_IPERF3_JSON);
	sink_run_end(s, run, &b->lines[b->n - 1]);
	s->rs->runs[run].scenario = iperf3_scenario(s, &shape);
	/*
	 * A server's document has zeros for the role it did not play (the
	 * sender's sums when it received, the receiver's when it sent, -R and
	 * --bidir's reverse direction): placeholders, not measurements.
	 */
	if (json_object_get(end, "sum_sent")) {
		if (!shape.server || shape.reverse)
			sum(s, run, json_object_get(end, "sum_sent"), 0, 0);
		if (!shape.server || !shape.reverse)
			sum(s, run, json_object_get(end, "sum_received"), 0, 1);
		if (shape.udp && !json_object_get(json_object_get(end, "sum_received"), "jitter_ms"))
			sum(s, run, json_object_get(end, "sum"), 0, 1);
	} else {
		/* UDP before 3.11: one "sum", the sender's bytes and the receiver's jitter and loss */
		json_t *all = json_object_get(end, "sum");

		figure(s, run, all, "bytes", "sender.transfer", UNIT_BYTE, 1);
		figure(s, run, all, "bits_per_second", "sender.bitrate", UNIT_BIT_PER_S, 1);
		figure(s, run, all, "jitter_ms", "receiver.jitter", UNIT_SECOND, 1e-3);
		figure(s, run, all, "lost_percent", "receiver.lost_percent", UNIT_PERCENT, 1);
	}
	sum(s, run, json_object_get(end, "sum_sent_bidir_reverse"), 1, 0);
	if (!shape.server)
		sum(s, run, json_object_get(end, "sum_received_bidir_reverse"), 1, 1);
	cpu = json_object_get(end, "cpu_utilization_percent");
	figure(s, run, cpu, "host_total", "cpu.local", UNIT_PERCENT, 1);
	/* a server's document has the client's share as 0: it had not arrived */
	if (!shape.server)
		figure(s, run, cpu, "remote_total", "cpu.remote", UNIT_PERCENT, 1);
	series(s, run, json_object_get(doc, "intervals"), "sum", "bitrate");
	series(s, run, json_object_get(doc, "intervals"), "sum_bidir_reverse", "reverse.bitrate");

	if (error && !ts) {
		/* a server stopped between tests writes one more document, with no test in it */
		sink_warn(s, &b->lines[0], "iperf3 JSON: no test: %s", error);
	} else if (error) {
		sink_warn(s, &b->lines[0], "iperf3 JSON: the test failed: %s", error);
		sink_note(s, run, NOTE_ERROR, &b->lines[0], "%s", error);
		s->rs->runs[run].flags |= RUN_FAILED;
	}
	if (!sink_txn_nmeas(s, &t) && !error)
		sink_warn(s, &b->lines[b->n - 1], "iperf3 JSON document has no end sums (cut off?); skipped");
	if (!sink_txn_finish(s, &t, &b->lines[b->n - 1], NULL))
		return 0;
	return 1;
}

const struct json_kind iperf3_json_kind = {
	.fmt = FMT_IPERF3_JSON,
	.name = "iperf3 JSON",
	.signature = "\"test_start\"",
	.match = match,
	.parse = parse,
};
