/*
 * heysum.c - the summary of hey and oha; see heysum.h.
 */
#include "parsers/heysum.h"

#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

const char *const heysum_kinds[HS__COUNT] = { "none", "summary", "success rate", "figure", "histogram",
					      "bucket", "distribution", "percentile", "details", "detail",
					      "codes", "code", "errors", "error" };

static const struct figure {
	const char *label;
	const char *quantity;
	enum stat_kind stat;
	enum unit unit; /* of a number printed without one */
} figures[] = {
	{ "Total:", "wall_time", STAT_VALUE, UNIT_SECOND },
	{ "Slowest:", "latency", STAT_MAX, UNIT_SECOND },
	{ "Fastest:", "latency", STAT_MIN, UNIT_SECOND },
	{ "Average:", "latency", STAT_MEAN, UNIT_SECOND },
	{ "Requests/sec:", "qps", STAT_VALUE, UNIT_PER_S },
	{ "Total data:", "bytes_received", STAT_VALUE, UNIT_BYTE },
	{ "Size/request:", "response_size", STAT_MEAN, UNIT_BYTE },
	{ "Size/sec:", "throughput", STAT_VALUE, UNIT_BYTE },
	/* boom, hey's name before 2016, spelled these two out */
	{ "Total Data Received:", "bytes_received", STAT_VALUE, UNIT_BYTE },
	{ "Response Size per Request:", "response_size", STAT_MEAN, UNIT_BYTE },
};

static const struct detail {
	const char *label;
	const char *quantity;
} details[] = {
	{ "DNS+dialup:", "connect_time" },	  { "DNS-lookup:", "dns_time" },
	{ "req write:", "http_req_sending" }, { "resp wait:", "http_req_waiting" },
	{ "resp read:", "http_req_receiving" },
};

static int is_pct(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (char_is_digit(s[i]) || s[i] == '.'))
		i++;
	return i > 0 && lg_prefix(s + i, n - i, "% in ");
}

/* "[200]" at the start, then a blank */
static int is_bracketed(const char *s, size_t n)
{
	const char *c = n > 2 && s[0] == '[' ? memchr(s, ']', n) : NULL;

	return c && c + 1 < s + n && (c[1] == ' ' || c[1] == '\t');
}

enum heysum_kind heysum_classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return HS_NONE;
	if (char_is_digit(s[0])) {
		if (is_pct(s, n))
			return HS_PCT;
		/* "0.009 [1]	|■■": a mark, a count in brackets, a bar */
		return text_contains(s, n, " [") && text_contains(s, n, "|") ? HS_BUCKET : HS_NONE;
	}
	if (s[0] == '[')
		return !is_bracketed(s, n) ? HS_NONE : text_contains(s, n, " responses") ? HS_CODE : HS_ERROR;
	if (n == 8 && !memcmp(s, "Summary:", 8))
		return HS_SUMMARY;
	if (lg_prefix(s, n, "Success rate:"))
		return HS_SUCCESS;
	for (size_t i = 0; i < countof(figures); i++)
		if (lg_prefix(s, n, figures[i].label))
			return HS_FIGURE;
	for (size_t i = 0; i < countof(details); i++)
		if (lg_prefix(s, n, details[i].label))
			return HS_DETAIL;
	if (lg_prefix(s, n, "Response time histogram:"))
		return HS_HISTO;
	if (lg_prefix(s, n, "Latency distribution:") || lg_prefix(s, n, "Response time distribution:"))
		return HS_DIST;
	if (lg_prefix(s, n, "Details (average, fastest, slowest):"))
		return HS_DETAILS;
	if (lg_prefix(s, n, "Status code distribution:"))
		return HS_CODES;
	if (lg_prefix(s, n, "Error distribution:"))
		return HS_ERRORS;
	return HS_NONE;
}

/* The text after a label's colon. */
static const char *after_colon(const struct line *l, size_t *n)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l), *c = memchr(s, ':', (size_t)(end - s));

	c = c ? c + 1 : end;
	*n = (size_t)(end - c);
	return c;
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	enum fmt fmt;
	double calls;       /* the status codes' sum: the requests the latencies summarize */
	int codes_damaged;
	uint32_t bucket;
	double last_mark;
	int has_figure;
};

static void on_figure(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *v, *tok[3];
	size_t n = line_end(l) - l->indent, vn, len[3], nt;
	const struct figure *f = NULL;
	struct lg_line ll;

	for (size_t i = 0; i < countof(figures) && !f; i++)
		if (lg_prefix(s, n, figures[i].label))
			f = &figures[i];
	v = after_colon(l, &vn);
	nt = text_split_words(v, vn, 0, tok, len, 3);
	lg_line_init(&ll, l);
	if (nt == 2)
		lg_fig(&ll, f->quantity, f->stat, tok[0], len[0], tok[1], len[1], f->unit);
	else if (nt == 1 && f->unit == UNIT_PER_S)
		lg_fig(&ll, f->quantity, f->stat, tok[0], len[0], NULL, 0, f->unit);
	else
		ll.bad = 1;
	/* oha's "Size/sec: 36.99 KiB" is bytes per second */
	if (!ll.bad && ll.n && ll.f[0].unit == UNIT_BYTE && !strcmp(f->quantity, "throughput"))
		ll.f[0].unit = UNIT_BYTE_PER_S;
	if (!ll.bad && ll.n && ll.f[0].unit != (f->unit == UNIT_BYTE && !strcmp(f->quantity, "throughput") ? UNIT_BYTE_PER_S : f->unit))
		ll.bad = 1;
	lg_emit(ps->s, ps->run, &ll, "garbled summary line");
}

/* oha: "Success rate: 100.00%", and before 0.10 "1.0000" (a ratio) */
static void on_success(struct parse *ps, const struct line *l)
{
	const char *v, *tok[2];
	size_t vn, len[2];
	struct lg_line ll;
	double x = 0;
	int ok;

	v = after_colon(l, &vn);
	lg_line_init(&ll, l);
	if (text_split_words(v, vn, 0, tok, len, 2) != 1) {
		ll.bad = 1;
	} else if (tok[0][len[0] - 1] == '%') {
		lg_fig(&ll, "success_rate", STAT_VALUE, tok[0], len[0] - 1, NULL, 0, UNIT_PERCENT);
	} else {
		ok = num_parse(tok[0], len[0], &x) == 0 && x >= 0 && x <= 1;
		lg_value(&ll, "success_rate", STAT_VALUE, UNIT_PERCENT, x * 100, tok[0], len[0], ok);
	}
	lg_emit(ps->s, ps->run, &ll, "garbled oha Success rate line");
}

static void on_pct(struct parse *ps, const struct line *l)
{
	const char *tok[5];
	size_t len[5], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 5);
	struct lg_line ll;
	double p;

	lg_line_init(&ll, l);
	if (nt != 4 || len[0] < 2) {
		ll.bad = 1;
	} else if (num_parse(tok[0], len[0] - 1, &p) == 0 && p == 0) {
		/* hey fills the lines it has no percentile for with "0% in 0.0000 secs" */
		sink_run_end(ps->s, ps->run, l);
		return;
	} else {
		lg_fig(&ll, lg_percentile(ps->s, tok[0], len[0] - 1), STAT_VALUE, tok[2], len[2], tok[3], len[3],
		       UNIT_SECOND);
	}
	lg_emit(ps->s, ps->run, &ll, "garbled latency distribution line");
}

static void on_detail(struct parse *ps, const struct line *l)
{
	static const enum stat_kind stats[] = { STAT_MEAN, STAT_MIN, STAT_MAX };
	const char *s = l->s + l->indent, *v, *tok[7];
	size_t n = line_end(l) - l->indent, vn, len[7], nt;
	const struct detail *d = NULL;
	struct lg_line ll;

	for (size_t i = 0; i < countof(details) && !d; i++)
		if (lg_prefix(s, n, details[i].label))
			d = &details[i];
	v = s + strlen(d->label);
	vn = (size_t)(l->s + line_end(l) - v);
	nt = text_split_words(v, vn, 0, tok, len, 7);
	lg_line_init(&ll, l);
	ll.bad = nt != 6;
	for (size_t i = 0; i < 3 && !ll.bad; i++) {
		size_t un = len[2 * i + 1];

		if (i < 2 && un && tok[2 * i + 1][un - 1] == ',')
			un--;
		else if (i < 2)
			ll.bad = 1;
		lg_fig(&ll, d->quantity, stats[i], tok[2 * i], len[2 * i], tok[2 * i + 1], un, UNIT_SECOND);
	}
	lg_emit(ps->s, ps->run, &ll, "garbled summary details line");
}

static void on_code(struct parse *ps, const struct line *l)
{
	const char *tok[4];
	size_t len[4], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 4);
	struct lg_line ll;
	double code;
	char q[32];

	lg_line_init(&ll, l);
	if (nt != 3 || len[0] < 3 || len[0] > 12 || num_parse(tok[0] + 1, len[0] - 2, &code) < 0) {
		ll.bad = 1;
	} else {
		snprintf(q, sizeof(q), "code.%.*s", (int)(len[0] - 2), tok[0] + 1);
		lg_count(&ll, sink_strndup(ps->s, q, strlen(q)), tok[1], len[1], 0);
	}
	if (lg_emit(ps->s, ps->run, &ll, "garbled status code line") == 0)
		ps->calls += ll.f[0].v;
	else
		ps->codes_damaged = 1;
}

static void on_bucket(struct parse *ps, const struct line *l)
{
	const char *tok[3], *c;
	size_t len[3], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 3);
	double mark, count;

	/* a bucket's mark and count; the bar is drawn from them */
	if (nt < 2 || num_parse(tok[0], len[0], &mark) < 0 || len[1] < 3 || tok[1][0] != '[' ||
	    !(c = memchr(tok[1], ']', len[1])) || num_parse(tok[1] + 1, (size_t)(c - tok[1] - 1), &count) < 0) {
		sink_damage(ps->s, ps->run, l, "garbled response time histogram line");
		return;
	}
	sink_series(ps->s, ps->run, "latency", ps->bucket, ps->bucket ? ps->last_mark : mark, mark, count, UNIT_COUNT);
	ps->bucket++;
	ps->last_mark = mark;
	sink_run_end(ps->s, ps->run, l);
}

static void finish(struct parse *ps, const struct line *last)
{
	if (!ps->t.open)
		return;
	if (ps->calls > 0 && !ps->codes_damaged)
		lg_set_counts(ps->s, &ps->t, ps->calls);
	sink_txn_finish(ps->s, &ps->t, last, ps->has_figure ? "summary without a readable figure" : NULL);
}

static void begin(struct parse *ps, const struct line *l)
{
	finish(ps, l);
	ps->run = sink_txn_begin_as(ps->s, &ps->t, l, ps->fmt);
	ps->calls = 0;
	ps->codes_damaged = 0;
	ps->bucket = 0;
	ps->has_figure = 0;
}

int heysum_parse(const struct block *b, struct sink *s, enum fmt fmt, const char *tool)
{
	struct parse ps;
	uint32_t from = (uint32_t)s->rs->nruns;
	int started = 0; /* the open run has its first figure */

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.fmt = fmt;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum heysum_kind k = heysum_classify(l);

		if (k == HS_NONE)
			continue;
		if (!ps.t.open || (k == HS_SUMMARY && started)) {
			begin(&ps, l);
			started = 0;
		}
		started |= k != HS_SUMMARY;
		ps.has_figure |= k == HS_FIGURE || k == HS_SUCCESS || k == HS_PCT;
		/* a figure ends these lines: one the text cut short may have lost digits */
		if (i == b->n - 1 && !b->ended && (k == HS_CODE || k == HS_FIGURE) &&
		    char_is_digit(l->s[line_end(l) - 1])) {
			sink_damage(s, ps.run, l, "possibly cut summary line");
			continue;
		}
		switch (k) {
		case HS_FIGURE: on_figure(&ps, l); break;
		case HS_SUCCESS: on_success(&ps, l); break;
		case HS_PCT: on_pct(&ps, l); break;
		case HS_DETAIL: on_detail(&ps, l); break;
		case HS_CODE: on_code(&ps, l); break;
		case HS_BUCKET: on_bucket(&ps, l); break;
		case HS_ERROR:
			sink_note(s, ps.run, NOTE_ERROR, l, "%.*s", (int)(line_end(l) - l->indent), l->s + l->indent);
			sink_run_end(s, ps.run, l);
			break;
		default: sink_run_end(s, ps.run, l); break;
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	for (uint32_t r = from; r < s->rs->nruns; r++)
		lg_command(s, r, tool, NULL, 0);
	return (int)(s->rs->nruns - from);
}
