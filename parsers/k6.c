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
 * value, min and max. Custom metrics and sub-metrics ("{ expected_response:
 * true }") are kept in the block, not read.
 */
#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_METRIC, /* "name....: figures" with a built-in metric's name */
	K_OTHER,  /* another metric, a sub-metric, a section title, a check's line: kept, not read */
	K__COUNT
};

static const char *const kinds[] = { "none", "metric", "other" };

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
	return dotted(s, n) > 0;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent, k;

	if (!n)
		return K_NONE;
	/* a built-in metric's name first (a byte compare for most lines), then its dots */
	for (size_t i = 0; i < countof(metrics); i++) {
		k = strlen(metrics[i].name);
		if (lg_prefix(s, n, metrics[i].name) && k + 2 < n && s[k] == '.' && dotted(s, n) == k)
			return K_METRIC;
	}
	return is_other(s, n) ? K_OTHER : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* A summary begins at a built-in metric's line; any metric line or section word continues it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (!in_block)
		return k == K_METRIC ? CLAIM_START : CLAIM_NONE;
	return k == K_NONE ? CLAIM_NONE : CLAIM_BODY;
}

/* "1.52ms", "0s", "1m0s", "957.23µs" */
static void duration(struct lg_line *ll, const char *q, enum stat_kind st, const char *v, size_t n)
{
	double x;

	lg_value(ll, q, st, UNIT_SECOND, x, v, n, unit_duration(v, n, &x) == 0);
}

static void trend(struct sink *s, struct lg_line *ll, const char *name, size_t nn, const char **tok, const size_t *len,
		  size_t nt)
{
	int lat = nn == 17 && !memcmp(name, "http_req_duration", 17);
	const char *q = lat ? "latency" : sink_strndup(s, name, nn);

	for (size_t i = 0; i < nt && !ll->bad; i++) {
		const char *t = tok[i], *eq = memchr(t, '=', len[i]);
		size_t kn = eq ? (size_t)(eq - t) : 0, vn = eq ? len[i] - kn - 1 : 0;

		if (!eq) {
			ll->bad = 1;
		} else if (kn == 3 && !memcmp(t, "avg", 3)) {
			duration(ll, q, STAT_MEAN, eq + 1, vn);
		} else if (kn == 3 && !memcmp(t, "min", 3)) {
			duration(ll, q, STAT_MIN, eq + 1, vn);
		} else if (kn == 3 && !memcmp(t, "med", 3)) {
			duration(ll, q, STAT_MEDIAN, eq + 1, vn);
		} else if (kn == 3 && !memcmp(t, "max", 3)) {
			duration(ll, q, STAT_MAX, eq + 1, vn);
		} else if (kn > 3 && !memcmp(t, "p(", 2) && t[kn - 1] == ')') {
			const char *pq = lg_percentile(s, t + 2, kn - 3);
			char buf[96];

			if (pq && !lat) {
				/* "http_req_waiting.p90" */
				snprintf(buf, sizeof(buf), "%.*s.%s", (int)nn, name, pq + 8);
				pq = sink_strndup(s, buf, strlen(buf));
			}
			duration(ll, pq, STAT_VALUE, eq + 1, vn);
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

static void on_metric(struct sink *s, uint32_t run, const struct line *l, double *calls)
{
	const char *str = l->s + l->indent, *tok[16];
	size_t n = line_end(l) - l->indent, nn = dotted(str, n), len[16], nt, colon = nn;
	const struct metric *m = metric_of(str, nn);
	struct lg_line ll;

	while (str[colon] != ':')
		colon++;
	nt = text_split_words(str + colon + 1, n - colon - 1, 0, tok, len, 16);
	lg_line_init(&ll, l);
	switch (m->kind) {
	case M_TREND:
		trend(s, &ll, str, nn, tok, len, nt);
		break;
	case M_REQS:
	case M_ITERS:
		/* "17433  578.878085/s" */
		if (nt != 2 || len[1] < 3 || memcmp(tok[1] + len[1] - 2, "/s", 2)) {
			ll.bad = 1;
			break;
		}
		lg_count(&ll, m->kind == M_REQS ? "calls" : "iterations", tok[0], len[0], 0);
		if (m->kind == M_REQS)
			lg_fig(&ll, "qps", STAT_VALUE, tok[1], len[1] - 2, NULL, 0, UNIT_PER_S);
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
			lg_fig(&ll, "checks", STAT_VALUE, tok[0], len[0] - 1, NULL, 0, UNIT_PERCENT);
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
		on_metric(s, run, l, &calls);
	}
	if (t.open) {
		lg_set_counts(s, &t, calls);
		sink_txn_finish(s, &t, &b->lines[b->n - 1], "k6 summary without a readable figure");
	}
	for (uint32_t r = from; r < s->rs->nruns; r++)
		lg_command(s, r, "k6", NULL, 0);
	return (int)(s->rs->nruns - from);
}

const struct parser k6_parser = {
	.fmt = FMT_K6,
	.starts = "hdicv",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
