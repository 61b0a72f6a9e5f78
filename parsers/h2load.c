/*
 * h2load.c - h2load (nghttp2) text output → one run per test: "finished
 * in 10.00s, 1234.50 req/s, 12.3MB/s" as wall_time, qps and throughput;
 * "requests: N total, N started, N done, N succeeded, N failed, N
 * errored, N timeout" as calls, calls.started, calls.done,
 * calls.succeeded, errors, errors.errored, errors.timeout (versions before
 * 1.0 print no timeout count); "status codes:" as code.2xx ... code.5xx;
 * "traffic:" as bytes_received, header_bytes_received and
 * body_bytes_received (the exact counts in brackets, or the bare byte
 * counts of older versions); the table's rows (min, max, mean, sd) as
 * latency (time for request), connect_time, first_byte_time and
 * client_qps (req/s); "+/- sd" is a note. h2load's KB, MB, GB are
 * 1024-based. Progress and protocol lines are kept in the block, not read.
 */
#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_START,    /* "starting benchmark..." */
	K_FINISHED, /* "finished in 4.56s, 87.70 req/s, 191.41KB/s" */
	K_REQUESTS, /* "requests: 400 total, 400 started, ..." */
	K_CODES,    /* "status codes: 400 2xx, 0 3xx, 0 4xx, 0 5xx" */
	K_TRAFFIC,  /* "traffic: 873.05KB (894000) total, ..." */
	K_COLS,     /* "min  max  mean  sd  +/- sd" */
	K_ROW,      /* "time for request:  20.09ms  49.35ms  45.58ms  3.27ms  96.00%" and the others */
	K_OTHER,    /* progress, threads, protocol lines: kept, not read */
	K__COUNT
};

static const char *const kinds[] = { "none", "start", "finished", "requests", "status codes", "traffic",
				     "columns", "row", "other" };

static const struct row {
	const char *label;
	const char *quantity;
	enum unit plain; /* the unit of a figure printed without one */
} rows[] = {
	{ "time for request:", "latency", UNIT_SECOND },
	{ "time for connect:", "connect_time", UNIT_SECOND },
	{ "time to 1st byte:", "first_byte_time", UNIT_SECOND },
	{ "req/s", "client_qps", UNIT_PER_S },
};

static const char *const others[] = { "spawning thread #", "Application protocol:", "Protocol:", "progress: ", "TLS Protocol:",
				       "Cipher:", "Server Temp Key:", "Warm-up ", "Main benchmark duration",
				       "Stopped all clients", "UDP datagram:", "No protocol negotiated" };

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	if (lg_prefix(s, n, "starting benchmark..."))
		return K_START;
	if (lg_prefix(s, n, "finished in "))
		return K_FINISHED;
	if (lg_prefix(s, n, "requests: "))
		return K_REQUESTS;
	if (lg_prefix(s, n, "status codes: "))
		return K_CODES;
	if (lg_prefix(s, n, "traffic: "))
		return K_TRAFFIC;
	if (lg_prefix(s, n, "min ") && text_contains(s, n, "+/- sd"))
		return K_COLS;
	for (size_t i = 0; i < countof(rows); i++)
		if (lg_prefix(s, n, rows[i].label) && (i < 3 || text_contains(s, n, ":")))
			return K_ROW;
	for (size_t i = 0; i < countof(others); i++)
		if (lg_prefix(s, n, others[i]))
			return K_OTHER;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	int results;
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!in_block || ((k == K_START || k == K_FINISHED) && st->results)) {
		st->results = k == K_FINISHED;
		if (k == K_START || (k == K_FINISHED && text_contains(s, n, " req/s")) || k == K_COLS)
			return CLAIM_START;
		return CLAIM_NONE;
	}
	if (k == K_NONE)
		return CLAIM_NONE;
	st->results |= k == K_FINISHED;
	return CLAIM_BODY;
}

static int word(const char *t, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(t, w, n);
}

/* "20.09ms", "239us", "1.27s", "21.94" */
static void figure(struct lg_line *ll, const char *q, enum stat_kind st, const char *t, size_t n, enum unit plain)
{
	size_t k = 0;

	while (k < n && (char_is_digit(t[k]) || t[k] == '.'))
		k++;
	if (plain == UNIT_SECOND && k < n)
		lg_fig(ll, q, st, t, k, t + k, n - k, plain);
	else if (plain == UNIT_SECOND)
		ll->bad = 1;
	else
		lg_fig(ll, q, st, t, n, NULL, 0, plain);
}

/* h2load's sizes: "191.41KB", "12.3MB", "561B": 1024-based */
static void size(struct lg_line *ll, const char *q, const char *t, size_t n, enum unit u)
{
	static const char *const spell[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	static const char prefix[] = "KMGT";
	size_t k = 0;
	const char *p;
	enum unit got;
	double v = 0;
	int ok;

	while (k < n && (char_is_digit(t[k]) || t[k] == '.'))
		k++;
	if (n - k == 1 && t[k] == 'B')
		ok = unit_value(t, k, "B", 1, &got, &v) == 0;
	else if (n - k == 2 && t[k + 1] == 'B' && (p = memchr(prefix, t[k], 4)))
		ok = unit_value(t, k, spell[p - prefix + 1], 3, &got, &v) == 0;
	else
		ok = 0;
	lg_value(ll, q, STAT_VALUE, u, v, t, k, ok && k);
}

static void on_line(struct sink *s, uint32_t run, const struct line *l, enum kind k, double *calls)
{
	const char *str = l->s + l->indent, *tok[24];
	size_t n = line_end(l) - l->indent, len[24], nt = text_split_words(str, n, ',', tok, len, 24);
	struct lg_line ll;

	lg_line_init(&ll, l);
	switch (k) {
	case K_FINISHED:
		/* finished in 4.56s, 87.70 req/s, 191.41KB/s */
		if (nt != 6 || !word(tok[4], len[4], "req/s") || len[5] < 3 || memcmp(tok[5] + len[5] - 2, "/s", 2)) {
			ll.bad = 1;
			break;
		}
		figure(&ll, "wall_time", STAT_VALUE, tok[2], len[2], UNIT_SECOND);
		lg_fig(&ll, "qps", STAT_VALUE, tok[3], len[3], NULL, 0, UNIT_PER_S);
		size(&ll, "throughput", tok[5], len[5] - 2, UNIT_BYTE_PER_S);
		break;
	case K_REQUESTS: {
		/* requests: 400 total, 400 started, 400 done, 400 succeeded, 0 failed, 0 errored, 0 timeout
		   (before nghttp2 1.0: no timeout count) */
		static const char *const w[] = { "total", "started", "done", "succeeded", "failed", "errored", "timeout" };
		static const char *const q[] = { "calls", "calls.started", "calls.done", "calls.succeeded",
						 "errors", "errors.errored", "errors.timeout" };

		if (nt != 15 && nt != 13) {
			ll.bad = 1;
			break;
		}
		for (size_t i = 0; i < (nt - 1) / 2 && !ll.bad; i++) {
			if (!word(tok[2 + 2 * i], len[2 + 2 * i], w[i]))
				ll.bad = 1;
			else if (q[i])
				lg_count(&ll, q[i], tok[1 + 2 * i], len[1 + 2 * i], 0);
		}
		break;
	}
	case K_CODES: {
		/* status codes: 400 2xx, 0 3xx, 0 4xx, 0 5xx */
		static const char *const q[] = { "code.2xx", "code.3xx", "code.4xx", "code.5xx" };

		if (nt != 10) {
			ll.bad = 1;
			break;
		}
		for (size_t i = 0; i < 4 && !ll.bad; i++) {
			if (len[3 + 2 * i] != 3 || tok[3 + 2 * i][0] != (char)('2' + i))
				ll.bad = 1;
			else
				lg_count(&ll, q[i], tok[2 + 2 * i], len[2 + 2 * i], 0);
		}
		break;
	}
	case K_TRAFFIC: {
		/* traffic: 873.05KB (894000) total, 57.81KB (59200) headers (space savings 0.00%), 800.00KB (819200) data */
		static const char *const q[] = { "bytes_received", "header_bytes_received", "body_bytes_received" };
		static const char *const w[] = { "total", "headers", "data" };
		size_t at = 1;

		/* before nghttp2 1.5: "traffic: 78325475 bytes total, 5716475 bytes headers, 71700000 bytes data" */
		if (nt == 10 && word(tok[2], len[2], "bytes")) {
			for (size_t i = 0; i < 3 && !ll.bad; i++) {
				if (!word(tok[2 + 3 * i], len[2 + 3 * i], "bytes") || !word(tok[3 + 3 * i], len[3 + 3 * i], w[i]))
					ll.bad = 1;
				else
					lg_count(&ll, q[i], tok[1 + 3 * i], len[1 + 3 * i], 0);
				if (!ll.bad)
					ll.f[ll.n - 1].unit = UNIT_BYTE;
			}
			break;
		}
		for (size_t i = 0; i < 3 && !ll.bad; i++) {
			if (at + 2 >= nt || len[at + 1] < 3 || tok[at + 1][0] != '(' || tok[at + 1][len[at + 1] - 1] != ')' ||
			    !word(tok[at + 2], len[at + 2], w[i])) {
				ll.bad = 1;
				break;
			}
			lg_count(&ll, q[i], tok[at + 1] + 1, len[at + 1] - 2, 0);
			if (!ll.bad)
				ll.f[ll.n - 1].unit = UNIT_BYTE;
			at += 3;
			/* "(space savings 0.00%)" */
			if (i == 1 && at + 2 < nt && lg_prefix(tok[at], len[at], "(space"))
				at += 3;
		}
		break;
	}
	case K_ROW: {
		static const enum stat_kind stats[] = { STAT_MIN, STAT_MAX, STAT_MEAN, STAT_SD };
		const struct row *r = NULL;
		const char *v = NULL;
		size_t vn = 0;

		for (size_t i = 0; i < countof(rows) && !r; i++)
			if (lg_prefix(str, n, rows[i].label))
				r = &rows[i];
		v = memchr(str, ':', n);
		if (v) {
			v++;
			vn = (size_t)(str + n - v);
		}
		nt = v ? text_split_words(v, vn, ',', tok, len, 8) : 0;
		if (nt != 5 || tok[4][len[4] - 1] != '%') {
			ll.bad = 1;
			break;
		}
		for (size_t i = 0; i < 4; i++)
			figure(&ll, r->quantity, stats[i], tok[i], len[i], r->plain);
		if (lg_emit(s, run, &ll, "garbled h2load table row") == 0)
			sink_note(s, run, NOTE_INFO, l, "%s %.*s within one standard deviation", r->quantity,
				  (int)len[4], tok[4]);
		return;
	}
	default:
		sink_run_end(s, run, l);
		return;
	}
	if (lg_emit(s, run, &ll, k == K_FINISHED ? "garbled h2load finished line" : k == K_REQUESTS ? "garbled h2load requests line" : k == K_CODES ? "garbled h2load status codes line" : "garbled h2load traffic line") == 0 &&
	    k == K_REQUESTS)
		*calls = ll.f[0].v;
}

static int parse(const struct block *b, struct sink *s)
{
	struct sink_txn t = { 0 };
	uint32_t from = (uint32_t)s->rs->nruns, run = 0;
	double calls = 0;
	int results = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE)
			continue;
		if (!t.open || ((k == K_START || k == K_FINISHED) && results)) {
			if (t.open) {
				lg_set_counts(s, &t, calls);
				sink_txn_finish(s, &t, l, "h2load output without a readable figure");
			}
			run = sink_txn_begin(s, &t, l);
			results = 0, calls = 0;
		}
		results |= k == K_FINISHED;
		/* the last table row may have been cut short: its "+/- sd" figure ends it */
		if (i == b->n - 1 && !b->ended && k == K_ROW && l->s[line_end(l) - 1] != '%') {
			sink_damage(s, run, l, "cut h2load table row");
			continue;
		}
		on_line(s, run, l, k, &calls);
	}
	return lg_end_block(s, &t, calls, &b->lines[b->n - 1], "h2load output without a readable figure", from, "h2load");
}

const struct parser h2load_parser = {
	.fmt = FMT_H2LOAD,
	.starts = "sfm",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
