/*
 * k6.c - k6's end-of-test summary (every version's: the flat list of
 * older k6 and the sections of k6 1.x) → one run per summary. Each line is
 * a metric, dots, a colon and its figures:
 *   http_req_duration..: avg=1.52ms min=957.23µs med=1.41ms max=145.69ms p(90)=1.66ms p(95)=1.76ms
 * http_req_duration is latency (mean, min, median, max; latency.pNN); the
 * other built-in trends (http_req_waiting, iteration_duration...) keep
 * their names, their percentiles as NAME.pNN; http_reqs is calls and qps;
 * iterations a count; data_received and data_sent bytes_received (with
 * throughput) and bytes_sent; checks (or checks_succeeded) the share that
 * passed; http_req_failed's failing count is errors; vus and vus_max a
 * value, min and max; iterations' rate iteration_rate; checks (and a
 * rate's) share counts the values it summarizes (✓ + ✗, or "out of N").
 * A threshold's mark before a metric ("✓ http_req_failed...") is skipped.
 * Custom metrics keep their names (quantities no METRICS row names, so no
 * direction): a trend ("avg=… min=… med=… max=… p(90)=…") as NAME with its
 * stats and NAME.pNN, in seconds when k6 printed durations; a counter
 * ("N  X/s") as NAME and NAME.rate; a rate ("99.5% ✓ 199 ✗ 1") as NAME in
 * % over its count; a gauge ("V min=… max=…") as NAME's value, min and
 * max. A custom name that a METRICS row claims for another unit is
 * stored as k6.NAME. Sub-metrics ("{ expected_response:true }") are kept
 * in the block, not read.
 */
#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/metrics.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_METRIC, /* "name....: figures" with a built-in metric's name */
	K_CUSTOM, /* "name....: figures" with another name: a custom metric */
	K_OTHER,  /* a sub-metric, a section title, a check's line: kept, not read */
	K__COUNT
};

static const char *const kinds[] = { "none", "metric", "custom metric", "other" };

enum mk { M_TREND, M_REQS, M_ITERS, M_DATA_IN, M_DATA_OUT, M_CHECKS, M_FAILED, M_VUS, M_SKIP };

static const struct metric {
	const char *name;
	enum mk kind;
} metrics[] = {
	{ "http_req_duration", M_TREND },  { "http_req_blocked", M_TREND },	  { "http_req_connecting", M_TREND },
	{ "http_req_tls_handshaking", M_TREND }, { "http_req_sending", M_TREND }, { "http_req_waiting", M_TREND },
	{ "http_req_receiving", M_TREND }, { "iteration_duration", M_TREND }, { "http_reqs", M_REQS },
	{ "iterations", M_ITERS },	     { "data_received", M_DATA_IN },	  { "data_sent", M_DATA_OUT },
	{ "checks", M_CHECKS },		     { "checks_succeeded", M_CHECKS },	  { "http_req_failed", M_FAILED },
	{ "vus", M_VUS },		     { "vus_max", M_VUS },		  { "checks_total", M_SKIP },
	{ "checks_failed", M_SKIP },	     { "group_duration", M_SKIP },
};

/* "name.....: " (a custom metric's name may hold blanks): the name's length when the line has that shape, else 0. */
static size_t dotted(const char *s, size_t n)
{
	const char *d = n > 3 ? text_find(s, n, "..") : NULL;
	size_t i, dots;

	if (!d || d == s || d[-1] == ' ')
		return 0;
	i = (size_t)(d - s);
	for (dots = i; dots < n && s[dots] == '.'; dots++)
		;
	return dots < n && s[dots] == ':' ? i : 0;
}

static const struct metric *metric_of(const char *s, size_t n)
{
	for (size_t i = 0; i < countof(metrics); i++)
		if (strlen(metrics[i].name) == n && !memcmp(metrics[i].name, s, n))
			return &metrics[i];
	return NULL;
}

static int is_other(const char *s, size_t n)
{
	static const char *const words[] = { "{ ", "HTTP", "EXECUTION", "NETWORK", "\xe2\x96\x88 ", /* █ */
					     "\xe2\x9c\x93 ", "\xe2\x9c\x97 ", "\xe2\x86\xb3 " /* ✓ ✗ ↳ */ };

	for (size_t i = 0; i < countof(words); i++)
		if (lg_prefix(s, n, words[i]))
			return 1;
	return 0;
}

/* The bytes of a threshold's mark before a metric's name ("✓ ", "✗ "), or 0. */
static size_t mark_len(const char *s, size_t n)
{
	return n > 4 && (!memcmp(s, "\xe2\x9c\x93 ", 4) || !memcmp(s, "\xe2\x9c\x97 ", 4)) ? 4 : 0;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent, k, mark;

	if (!n)
		return K_NONE;
	mark = mark_len(s, n);
	s += mark, n -= mark;
	/* a built-in metric's name first (a byte compare for most lines), then its dots */
	for (size_t i = 0; i < countof(metrics); i++) {
		if (!lg_prefix(s, n, metrics[i].name))
			continue;
		k = strlen(metrics[i].name);
		if (k + 2 < n && s[k] == '.' && dotted(s, n) == k)
			return K_METRIC;
	}
	if (!mark && is_other(s, n))
		return K_OTHER;
	return dotted(s, n) ? K_CUSTOM : mark ? K_OTHER : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * A summary begins at a built-in metric's line; any metric line or
 * section word continues it. A custom metric's line cannot begin one:
 * its name could start with any letter, and asking every such line would
 * cost every import (so a custom metric that k6 sorts before the first
 * built-in one, "api_latency" before "checks", stays outside).
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (!in_block)
		return k == K_METRIC ? CLAIM_START : CLAIM_NONE;
	return k == K_NONE ? CLAIM_NONE : CLAIM_BODY;
}

/* "1.52ms", "0s", "1m0s", "957.23µs"; a custom trend's plain number ("23275") when `plain` */
static void duration(struct lg_line *ll, const char *q, enum stat_kind st, const char *v, size_t n, int plain)
{
	double x = 0;
	int ok;

	if (plain) {
		lg_fig(ll, q, st, v, n, NULL, 0, UNIT_NONE);
		return;
	}
	/* read before x is passed: the order a call's arguments are evaluated in is unspecified */
	ok = unit_duration(v, n, &x) == 0;
	lg_value(ll, q, st, UNIT_SECOND, x, v, n, ok);
}

/*
 * The quantity a custom metric `name` is stored as, for figures in `unit`:
 * its name, or "k6.NAME" when a METRICS row claims the name for another
 * unit (a custom rate called "errors" is no count of errors). In the
 * sink's arena.
 */
static const char *custom_quantity(struct sink *s, const char *name, size_t nn, enum unit unit)
{
	char buf[160];
	const struct metric_def *row;
	int k;

	k = snprintf(buf, sizeof(buf), "%.*s", (int)nn, name);
	if ((row = metric_lookup(buf)) && row->unit != UNIT_ANY && row->unit != unit)
		k = snprintf(buf, sizeof(buf), "k6.%.*s", (int)nn, name);
	return sink_strndup(s, buf, k < 0 ? 0 : (size_t)k < sizeof(buf) ? (size_t)k : sizeof(buf) - 1);
}

static void trend(struct sink *s, struct lg_line *ll, const char *name, size_t nn, const char **tok, const size_t *len,
		  size_t nt, int custom)
{
	int lat = nn == 17 && !memcmp(name, "http_req_duration", 17);
	/* a custom trend of plain numbers (not durations): its last figure ends in a digit */
	int plain = custom && nt && char_is_digit(tok[nt - 1][len[nt - 1] - 1]);
	const char *q = lat ? "latency" : custom ? custom_quantity(s, name, nn, plain ? UNIT_NONE : UNIT_SECOND)
					     : sink_strndup(s, name, nn);
	size_t qn = strlen(q);

	for (size_t i = 0; i < nt && !ll->bad; i++) {
		const char *t = tok[i], *eq = memchr(t, '=', len[i]);
		size_t kn = eq ? (size_t)(eq - t) : 0, vn = eq ? len[i] - kn - 1 : 0;

		if (!eq) {
			ll->bad = 1;
		} else if (kn == 3 && !memcmp(t, "avg", 3)) {
			duration(ll, q, STAT_MEAN, eq + 1, vn, plain);
		} else if (kn == 3 && !memcmp(t, "min", 3)) {
			duration(ll, q, STAT_MIN, eq + 1, vn, plain);
		} else if (kn == 3 && !memcmp(t, "med", 3)) {
			duration(ll, q, STAT_MEDIAN, eq + 1, vn, plain);
		} else if (kn == 3 && !memcmp(t, "max", 3)) {
			duration(ll, q, STAT_MAX, eq + 1, vn, plain);
		} else if (kn > 3 && !memcmp(t, "p(", 2) && t[kn - 1] == ')') {
			const char *pq = lg_percentile(s, t + 2, kn - 3);
			char buf[192];

			if (pq && !lat) {
				/* "http_req_waiting.p90" */
				snprintf(buf, sizeof(buf), "%.*s.%s", (int)qn, q, pq + 8);
				pq = sink_strndup(s, buf, strlen(buf));
			}
			duration(ll, pq, STAT_VALUE, eq + 1, vn, plain);
		} else {
			ll->bad = 1;
		}
	}
}

/* "92 kB   2.4 kB/s" */
static void data(struct lg_line *ll, int in, const char **tok, const size_t *len, size_t nt)
{
	if (nt != 4 && nt != 2) {
		ll->bad = 1;
		return;
	}
	lg_fig(ll, in ? "bytes_received" : "bytes_sent", STAT_VALUE, tok[0], len[0], tok[1], len[1], UNIT_BYTE);
	if (nt == 4 && in)
		lg_fig(ll, "throughput", STAT_VALUE, tok[2], len[2], tok[3], len[3], UNIT_BYTE_PER_S);
	for (size_t i = 0; i < ll->n; i++)
		if (ll->f[i].unit != (i ? UNIT_BYTE_PER_S : UNIT_BYTE))
			ll->bad = 1;
}

/*
 * "100.00% ✓ 117 ✗ 0" (before k6 1.0), "89.62% 16043 out of 17901": the
 * count the share is of in *n (0 when k6 counted no value). Returns 0, or
 * -1 when the words after the share have neither shape.
 */
static int share_count(const char **tok, const size_t *len, size_t nt, uint32_t *n)
{
	double a, b;

	*n = 0;
	if (nt == 5 && len[1] == 3 && !memcmp(tok[1], "\xe2\x9c\x93", 3) && len[3] == 3 &&
	    !memcmp(tok[3], "\xe2\x9c\x97", 3) && num_parse(tok[2], len[2], &a) == 0 && num_parse(tok[4], len[4], &b) == 0) {
		*n = num_count(a + b);
		return 0;
	}
	if (nt == 5 && len[2] == 3 && !memcmp(tok[2], "out", 3) && num_parse(tok[4], len[4], &b) == 0) {
		*n = num_count(b);
		return 0;
	}
	return -1;
}

/* A custom metric's line: a trend, a counter, a rate or a gauge, told by its figures' shape. */
static void on_custom(struct sink *s, struct lg_line *ll, const char *name, size_t nn, const char **tok,
		      const size_t *len, size_t nt)
{
	char buf[192];
	const char *q;
	uint32_t count;

	if (nt && memchr(tok[0], '=', len[0])) {
		trend(s, ll, name, nn, tok, len, nt, 1);
	} else if ((nt == 2 || nt == 4) && len[nt - 1] > 2 && !memcmp(tok[nt - 1] + len[nt - 1] - 2, "/s", 2)) {
		/* a counter "42  1.4/s", or of data "92 kB  2.4 kB/s" */
		enum unit u = nt == 2 ? UNIT_COUNT : UNIT_BYTE;

		q = custom_quantity(s, name, nn, u);
		snprintf(buf, sizeof(buf), "%s.rate", q);
		if (nt == 2) {
			lg_fig(ll, q, STAT_VALUE, tok[0], len[0], NULL, 0, UNIT_COUNT);
			lg_fig(ll, sink_strndup(s, buf, strlen(buf)), STAT_VALUE, tok[1], len[1] - 2, NULL, 0, UNIT_PER_S);
		} else {
			lg_fig(ll, q, STAT_VALUE, tok[0], len[0], tok[1], len[1], UNIT_BYTE);
			lg_fig(ll, sink_strndup(s, buf, strlen(buf)), STAT_VALUE, tok[2], len[2], tok[3], len[3], UNIT_BYTE_PER_S);
			if (ll->n == 2 && (ll->f[0].unit != UNIT_BYTE || ll->f[1].unit != UNIT_BYTE_PER_S))
				ll->bad = 1;
		}
	} else if (nt && len[0] > 1 && tok[0][len[0] - 1] == '%' && (nt == 1 || share_count(tok, len, nt, &count) == 0)) {
		lg_fig(ll, custom_quantity(s, name, nn, UNIT_PERCENT), STAT_VALUE, tok[0], len[0] - 1, NULL, 0, UNIT_PERCENT);
		if (ll->n && nt > 1)
			ll->f[0].n = count;
	} else if (nt == 3 && lg_prefix(tok[1], len[1], "min=") && lg_prefix(tok[2], len[2], "max=")) {
		q = custom_quantity(s, name, nn, UNIT_NONE);
		lg_fig(ll, q, STAT_VALUE, tok[0], len[0], NULL, 0, UNIT_NONE);
		lg_fig(ll, q, STAT_MIN, tok[1] + 4, len[1] - 4, NULL, 0, UNIT_NONE);
		lg_fig(ll, q, STAT_MAX, tok[2] + 4, len[2] - 4, NULL, 0, UNIT_NONE);
	} else {
		ll->bad = 1;
	}
}

static void on_metric(struct sink *s, uint32_t run, const struct line *l, enum kind k, double *calls)
{
	const char *str = l->s + l->indent, *tok[16];
	size_t n = line_end(l) - l->indent, nn, len[16], nt, colon, mark = mark_len(str, n);
	const struct metric *m;
	struct lg_line ll;

	str += mark, n -= mark;
	nn = colon = dotted(str, n);
	m = metric_of(str, nn);
	while (str[colon] != ':')
		colon++;
	nt = text_split_words(str + colon + 1, n - colon - 1, 0, tok, len, 16);
	lg_line_init(&ll, l);
	if (k == K_CUSTOM || !m) {
		on_custom(s, &ll, str, nn, tok, len, nt);
		lg_emit(s, run, &ll, "garbled k6 summary line");
		return;
	}
	switch (m->kind) {
	case M_TREND:
		trend(s, &ll, str, nn, tok, len, nt, 0);
		break;
	case M_REQS:
	case M_ITERS:
		/* "17433  578.878085/s" */
		if (nt != 2 || len[1] < 3 || memcmp(tok[1] + len[1] - 2, "/s", 2)) {
			ll.bad = 1;
			break;
		}
		lg_count(&ll, m->kind == M_REQS ? "calls" : "iterations", tok[0], len[0], 0);
		lg_fig(&ll, m->kind == M_REQS ? "qps" : "iteration_rate", STAT_VALUE, tok[1], len[1] - 2, NULL, 0, UNIT_PER_S);
		break;
	case M_DATA_IN:
	case M_DATA_OUT:
		data(&ll, m->kind == M_DATA_IN, tok, len, nt);
		break;
	case M_CHECKS:
	case M_FAILED:
		/* "100.00% ✓ 117 ✗ 0" (before k6 1.0), "89.62% 16043 out of 17901" */
		if (nt < 1 || len[0] < 2 || tok[0][len[0] - 1] != '%') {
			ll.bad = 1;
			break;
		}
		if (m->kind == M_CHECKS) {
			uint32_t count;

			lg_fig(&ll, "checks", STAT_VALUE, tok[0], len[0] - 1, NULL, 0, UNIT_PERCENT);
			if (ll.n && share_count(tok, len, nt, &count) == 0)
				ll.f[0].n = count;
		} else if (nt == 5 && !memcmp(tok[1], "\xe2\x9c\x93", 3)) {
			lg_count(&ll, "errors", tok[2], len[2], 0);
		} else if (nt == 5 && len[2] == 3 && !memcmp(tok[2], "out", 3)) {
			lg_count(&ll, "errors", tok[1], len[1], 0);
		} else {
			ll.bad = 1;
		}
		break;
	case M_VUS: {
		/* "1      min=1 max=1" */
		const char *q = nn == 3 ? "vus" : "vus_max";

		if (nt != 3 || !lg_prefix(tok[1], len[1], "min=") || !lg_prefix(tok[2], len[2], "max=")) {
			ll.bad = 1;
			break;
		}
		lg_count(&ll, q, tok[0], len[0], 0);
		lg_count(&ll, q, tok[1] + 4, len[1] - 4, 0);
		lg_count(&ll, q, tok[2] + 4, len[2] - 4, 0);
		ll.f[1].stat = STAT_MIN;
		ll.f[2].stat = STAT_MAX;
		break;
	}
	case M_SKIP:
		sink_run_end(s, run, l);
		return;
	}
	if (lg_emit(s, run, &ll, "garbled k6 summary line") == 0 && m->kind == M_REQS)
		*calls = ll.f[0].v;
}

static int parse(const struct block *b, struct sink *s)
{
	struct sink_txn t = { 0 };
	uint32_t from = (uint32_t)s->rs->nruns, run = 0;
	double calls = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE)
			continue;
		if (!t.open)
			run = sink_txn_begin(s, &t, l);
		if (k == K_OTHER) {
			sink_run_end(s, run, l);
			continue;
		}
		/* the text may have cut the last line short: "p(95)=1.7" of 1.76ms reads as no duration, "17433  578.8" of 578.878085/s as no rate; a count alone is not to be trusted */
		on_metric(s, run, l, k, &calls);
	}
	return lg_end_block(s, &t, calls, &b->lines[b->n - 1], "k6 summary without a readable figure", from, "k6");
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "http_req", "iteration", "data_", "checks", "vus", NULL };

const struct parser k6_parser = {
	.fmt = FMT_K6,
	.words = start_words,
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
