/*
 * bombardier.c - bombardier's plain-text report → one run per test: the
 * Statistics rows Reqs/sec (qps: mean, stddev, max) and Latency (latency:
 * mean, stddev, max), -l's Latency Distribution (latency.pNN; a
 * fork's "Latency Distribution (2xx)" is latency_2xx.pNN, one of other
 * responses is not read), the HTTP codes (code.1xx ... code.5xx, code.others)
 * and Throughput (throughput). bombardier's KB, MB, GB are 1024-based, a
 * throughput under 0.85 KiB/s is printed bare ("123.45/s": bytes), its
 * "m" is minutes. The "Bombarding ..." line, the progress bar, "Done!"
 * and the Errors section are kept in the block, not read (an error's
 * description is free text; the test's length is a setting).
 */
#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_BOMBARDING, /* "Bombarding http://... for 10s using 125 connection(s)" */
	K_PROGRESS,   /* "[=====...] 10s", "Done!", "[=====] 10s Done!", "400 / 400 [=====] 100.00% 1s" */
	K_HEADER,     /* "Statistics        Avg      Stdev        Max" */
	K_REQS,       /* "Reqs/sec      2195.55     302.63    2600.64" */
	K_LATENCY,    /* "Latency        3.67ms    30.53ms      1.02s" */
	K_NODATA,     /* "There wasn't enough data to compute statistics for requests." */
	K_DIST,       /* "Latency Distribution", "Latency Distribution (2xx)" */
	K_PCT,        /* "50%     2.90ms" */
	K_CODES_HEAD, /* "HTTP codes:" */
	K_CODES,      /* "1xx - 0, 2xx - 11, 3xx - 0, 4xx - 0, 5xx - 11009" */
	K_OTHERS,     /* "others - 0" */
	K_ERRORS,     /* "Errors:" (its lines, "<description> - N", follow) */
	K_THROUGHPUT, /* "Throughput:   513.10KB/s" */
	K__COUNT
};

static const char *const kinds[] = { "none",	     "bombarding", "progress", "header", "reqs/sec",
				     "latency",	     "no data",	   "distribution", "percentile", "http codes",
				     "codes",	     "others",	   "errors",	"throughput" };

/* "50%" then a blank (the figure may be garbled) */
static int is_pct(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && char_is_digit(s[i]))
		i++;
	return i > 0 && i + 1 < n && s[i] == '%' && s[i + 1] == ' ';
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	switch (s[0]) {
	case 'B':
		return lg_prefix(s, n, "Bombarding ") && text_contains(s, n, " using ") ? K_BOMBARDING : K_NONE;
	case '[':
		return memchr(s, ']', n) && text_contains(s, n, "==") ? K_PROGRESS : K_NONE;
	case 'D':
		return n == 5 && !memcmp(s, "Done!", 5) ? K_PROGRESS : K_NONE;
	case 'S':
		return lg_prefix(s, n, "Statistics ") && text_contains(s, n, " Avg ") && text_contains(s, n, " Stdev ") &&
				       text_contains(s, n, " Max")
			       ? K_HEADER
			       : K_NONE;
	case 'R':
		return lg_prefix(s, n, "Reqs/sec ") ? K_REQS : K_NONE;
	case 'L':
		if (lg_prefix(s, n, "Latency Distribution"))
			return K_DIST;
		return lg_prefix(s, n, "Latency ") ? K_LATENCY : K_NONE;
	case 'T':
		if (lg_prefix(s, n, "Throughput:"))
			return K_THROUGHPUT;
		return lg_prefix(s, n, "There wasn't enough data to compute statistics") ? K_NODATA : K_NONE;
	case 'H':
		return lg_prefix(s, n, "HTTP codes:") ? K_CODES_HEAD : K_NONE;
	case 'E':
		return n == 7 && !memcmp(s, "Errors:", 7) ? K_ERRORS : K_NONE;
	case 'o':
		return lg_prefix(s, n, "others - ") ? K_OTHERS : K_NONE;
	case '1':
		if (lg_prefix(s, n, "1xx - "))
			return K_CODES;
		/* fall through */
	default:
		if (!char_is_digit(s[0]))
			return K_NONE;
		if (is_pct(s, n))
			return K_PCT;
		/* a test of a count of requests: " 10000000 / 10000000 [=====] 100.00% 37s Done!" */
		return text_contains(s, n, " / ") && text_contains(s, n, " [=") && memchr(s, ']', n) ? K_PROGRESS : K_NONE;
	}
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* An Errors line: "dialing to the given TCP address timed out - 5" (a description, " - ", a count). */
static int is_error_line(const struct line *l)
{
	const char *s = l->s + l->indent, *e = l->s + line_end(l), *p = e;

	while (p > s && char_is_digit(p[-1]))
		p--;
	return p < e && p - s > 3 && !memcmp(p - 3, " - ", 3);
}

struct claim_state {
	unsigned seen;
	int errors; /* inside the Errors section */
};

#define SEEN(k) (1u << (k))

/*
 * A test begins at its "Bombarding" line or, pasted without it, at the
 * Statistics header; every other line of the report continues it, and a
 * second "Bombarding" line or header after results begins the next test.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	unsigned results = SEEN(K_REQS) | SEEN(K_LATENCY) | SEEN(K_CODES) | SEEN(K_THROUGHPUT) | SEEN(K_NODATA);

	if (!in_block) {
		if (k != K_BOMBARDING && k != K_HEADER)
			return CLAIM_NONE;
		st->seen = SEEN(k);
		st->errors = 0;
		return CLAIM_START;
	}
	if (k == K_NONE)
		return st->errors && is_error_line(l) ? CLAIM_BODY : CLAIM_NONE;
	if ((k == K_BOMBARDING && st->seen != SEEN(K_PROGRESS)) || (k == K_HEADER && (st->seen & (results | SEEN(k))))) {
		st->seen = SEEN(k);
		st->errors = 0;
		return CLAIM_START;
	}
	st->errors = k == K_ERRORS || (st->errors && k == K_NONE);
	st->seen |= SEEN(k);
	return CLAIM_BODY;
}

/* A plain number, bombardier's Reqs/sec ("2195.55", "268434"). */
static int plain(const char *t, size_t n, size_t *nl, double *v)
{
	*nl = n;
	return n && lg_num_len(t, n) == n ? num_parse(t, n, v) : -1;
}

/* "Reqs/sec  2195.55  302.63  2600.64", "Latency  3.67ms  30.53ms  1.02s": mean, stddev, max. */
static void on_stats(struct sink *s, uint32_t run, const struct line *l, enum kind k)
{
	static const enum stat_kind stats[] = { STAT_MEAN, STAT_SD, STAT_MAX };
	const char *tok[6];
	size_t len[6], nl;
	struct lg_line ll;
	double v = 0;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 6);

	lg_line_init(&ll, l);
	ll.bad = nt != 4;
	for (size_t i = 0; i < 3 && !ll.bad; i++) {
		int rc = k == K_LATENCY ? lg_time_suffix(tok[i + 1], len[i + 1], &nl, &v)
					: plain(tok[i + 1], len[i + 1], &nl, &v);

		lg_value(&ll, k == K_LATENCY ? "latency" : "qps", stats[i], k == K_LATENCY ? UNIT_SECOND : UNIT_PER_S, v,
			 tok[i + 1], nl, rc == 0);
	}
	lg_emit(s, run, &ll, k == K_LATENCY ? "garbled bombardier Latency line" : "garbled bombardier Reqs/sec line");
}

/*
 * "50%     2.90ms" under a distribution: latency.p50, or under "Latency
 * Distribution (2xx)" latency_2xx.p50 (`dist` the bracket's words, "Total"
 * none).
 */
static void on_pct(struct sink *s, uint32_t run, const struct line *l, int of_2xx)
{
	const char *tok[3], *q = NULL;
	size_t len[3], nl = 0;
	struct lg_line ll;
	double v = 0;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 3);
	int ok = nt == 2 && lg_time_suffix(tok[1], len[1], &nl, &v) == 0 && (q = lg_percentile(s, tok[0], len[0] - 1));

	if (ok && of_2xx) {
		char name[48];
		int w = snprintf(name, sizeof(name), "latency_2xx%s", q + strlen("latency"));

		q = w > 0 && (size_t)w < sizeof(name) ? sink_strndup(s, name, (size_t)w) : NULL;
		ok = q != NULL;
	}
	lg_line_init(&ll, l);
	lg_value(&ll, q, STAT_VALUE, UNIT_SECOND, v, tok[nt > 1], ok ? nl : 0, ok);
	lg_emit(s, run, &ll, "garbled bombardier percentile line");
}

/* "1xx - 0, 2xx - 11, 3xx - 0, 4xx - 0, 5xx - 11009" */
static void on_codes(struct sink *s, uint32_t run, const struct line *l)
{
	static const char *const q[] = { "code.1xx", "code.2xx", "code.3xx", "code.4xx", "code.5xx" };
	const char *tok[16];
	size_t len[16], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, ',', tok, len, 16);
	struct lg_line ll;

	lg_line_init(&ll, l);
	ll.bad = nt != 15;
	for (size_t i = 0; i < 5 && !ll.bad; i++) {
		if (len[3 * i] != 3 || tok[3 * i][0] != (char)('1' + i) || len[3 * i + 1] != 1 || tok[3 * i + 1][0] != '-')
			ll.bad = 1;
		else
			lg_count(&ll, q[i], tok[3 * i + 2], len[3 * i + 2], 0);
	}
	lg_emit(s, run, &ll, "garbled bombardier HTTP codes line");
}

/* "others - 0", "Throughput:   513.10KB/s" (bytes per second; "123.45/s" under 0.85 KiB/s) */
static void on_total(struct sink *s, uint32_t run, const struct line *l, enum kind k)
{
	const char *tok[4];
	size_t len[4], nl = 0, nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 4);
	struct lg_line ll;
	double v = 0;

	lg_line_init(&ll, l);
	if (k == K_OTHERS) {
		ll.bad = nt != 3 || len[1] != 1 || tok[1][0] != '-';
		if (!ll.bad)
			lg_count(&ll, "code.others", tok[2], len[2], 0);
		lg_emit(s, run, &ll, "garbled bombardier others line");
		return;
	}
	if (nt == 2 && len[1] > 2 && !memcmp(tok[1] + len[1] - 2, "/s", 2)) {
		size_t n = len[1] - 2;
		int ok = lg_num_len(tok[1], n) == n ? plain(tok[1], n, &nl, &v) == 0
						    : lg_bytes_1024(tok[1], n, &nl, &v) == 0;

		lg_value(&ll, "throughput", STAT_VALUE, UNIT_BYTE_PER_S, v, tok[1], nl, ok);
	} else {
		ll.bad = 1;
	}
	lg_emit(s, run, &ll, "garbled bombardier Throughput line");
}

/*
 * Which responses a "Latency Distribution" line's percentiles are of: all
 * (none, "(Total)": 0), the 2xx alone ("(2xx)": 1), or others that no
 * METRICS row names (-1: not read).
 */
static int dist_kind(const struct line *l)
{
	const char *s = l->s + l->indent, *e = l->s + line_end(l), *o = memchr(s, '(', (size_t)(e - s));

	if (!o)
		return 0;
	if (e - o == 7 && !memcmp(o, "(Total)", 7))
		return 0;
	return e - o == 5 && !memcmp(o, "(2xx)", 5) ? 1 : -1;
}

static int parse(const struct block *b, struct sink *s)
{
	struct sink_txn t = { 0 };
	uint32_t from = (uint32_t)s->rs->nruns, run = 0;
	unsigned seen = 0;
	int dist = 0; /* dist_kind() of the distribution the percentiles are under */

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE) {
			if (t.open)
				sink_run_end(s, run, l); /* an Errors line: kept, not read */
			continue;
		}
		/* the next output or the text may have cut the last line short */
		if (i == b->n - 1 && !b->ended && i > 0 && char_is_digit(l->s[line_end(l) - 1]) &&
		    (k == K_PCT || k == K_OTHERS || k == K_CODES)) {
			if (t.open)
				sink_damage(s, run, l, "possibly cut bombardier line");
			continue;
		}
		if (!t.open || (k == K_BOMBARDING && seen & ~SEEN(K_PROGRESS)) ||
		    (k == K_HEADER && (seen & (SEEN(K_HEADER) | SEEN(K_REQS) | SEEN(K_LATENCY))))) {
			if (t.open)
				sink_txn_finish(s, &t, l, "bombardier report without a readable figure");
			run = sink_txn_begin(s, &t, l);
			seen = 0;
			dist = 0;
		}
		seen |= SEEN(k);
		switch (k) {
		case K_REQS:
		case K_LATENCY: on_stats(s, run, l, k); break;
		case K_DIST:
			if ((dist = dist_kind(l)) < 0)
				sink_note(s, run, NOTE_INFO, l, "a latency distribution of responses of one kind: not read");
			sink_run_end(s, run, l);
			break;
		case K_PCT:
			if (dist >= 0)
				on_pct(s, run, l, dist);
			else
				sink_run_end(s, run, l);
			break;
		case K_CODES: on_codes(s, run, l); break;
		case K_OTHERS:
		case K_THROUGHPUT: on_total(s, run, l, k); break;
		case K_NODATA:
			sink_note(s, run, NOTE_WARNING, l, "bombardier had too few samples for some of its statistics");
			sink_run_end(s, run, l);
			break;
		default: sink_run_end(s, run, l); break;
		}
	}
	return lg_end_block(s, &t, 0, &b->lines[b->n - 1], "bombardier report without a readable figure", from,
			    "bombardier");
}

const struct parser bombardier_parser = {
	.fmt = FMT_BOMBARDIER,
	.starts = "BS",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
