/*
 * vegeta.c - `vegeta report` text output → one run per report. Each line
 * names its fields in brackets ("Latencies [min, mean, 50, 90, 95, 99,
 * max]"), and the fields are read by those names, so every version's
 * shape reads the same way: Requests total, rate, throughput as calls,
 * send_rate and qps; Duration total, attack, wait as wall_time,
 * attack_time, wait_time; Latencies as latency (min, mean, max) and
 * latency.pNN; Bytes In and Bytes Out as bytes_received, bytes_sent and
 * response_size, request_size (mean); Success as success_rate; Status
 * Codes as code.NNN. Durations are Go's ("59.99s", "650.501µs",
 * "21m47.9s"); the Error Set's lines are notes.
 */
#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_ROW,    /* "Requests      [total, rate, throughput]  100, 50.57, 24.76" and the other rows */
	K_ERRSET, /* "Error Set:" */
	K__COUNT
};

static const char *const kinds[] = { "none", "row", "error set" };

static const char *const rows[] = { "Requests", "Duration", "Latencies", "Bytes In", "Bytes Out", "Success",
				    "Status Codes" };

/* A row's label, blanks, then its bracketed field names: the row it is, or -1. */
static int row_of(const char *s, size_t n)
{
	for (size_t i = 0; i < countof(rows); i++) {
		size_t k;

		if (!lg_prefix(s, n, rows[i]))
			continue;
		k = strlen(rows[i]);
		if (k < n && (s[k] == ' ' || s[k] == '\t')) {
			while (k < n && (s[k] == ' ' || s[k] == '\t'))
				k++;
			return k < n && s[k] == '[' ? (int)i : -1;
		}
	}
	return -1;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n || (s[0] != 'R' && s[0] != 'D' && s[0] != 'L' && s[0] != 'B' && s[0] != 'S' && s[0] != 'E'))
		return K_NONE;
	if (n == 10 && !memcmp(s, "Error Set:", 10))
		return K_ERRSET;
	/* a row's figures follow its bracketed names: a line without '[' is none (most prose) */
	return memchr(s, '[', n) && row_of(s, n) >= 0 ? K_ROW : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	unsigned rows;  /* 1 << row of the rows claimed */
	int errors;     /* after "Error Set:" */
};

/* An error of the set: an HTTP status and its text ("403 Forbidden"), or a Go error ("Get \"http://...\": ..."). */
static int is_error(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	return n > 4 && ((char_is_digit(s[0]) && char_is_digit(s[1]) && char_is_digit(s[2]) && s[3] == ' ') ||
			 lg_prefix(s, n, "Get ") || lg_prefix(s, n, "Post ") || lg_prefix(s, n, "Put ") ||
			 lg_prefix(s, n, "Delete ") || lg_prefix(s, n, "Patch ") || lg_prefix(s, n, "Head ") ||
			 lg_prefix(s, n, "dial ") || lg_prefix(s, n, "read ") || lg_prefix(s, n, "net/http:"));
}

/* A report begins at its Requests row (or its first row pasted); a row it has already had begins the next. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	int row;

	if (k == K_NONE)
		return in_block && st->errors && is_error(l) ? CLAIM_BODY : CLAIM_NONE;
	if (k == K_ERRSET) {
		if (!in_block)
			return CLAIM_NONE;
		st->errors = 1;
		return CLAIM_BODY;
	}
	row = row_of(l->s + l->indent, line_end(l) - l->indent);
	if (!in_block || (st->rows & (1u << row)) || st->errors) {
		st->rows = 1u << row;
		st->errors = 0;
		return CLAIM_START;
	}
	st->rows |= 1u << row;
	return CLAIM_BODY;
}

/* s[0..n) split at ", " (or ",") into at most `max` trimmed items. */
static size_t items(const char *s, size_t n, const char **it, size_t *len, size_t max)
{
	size_t k = 0;
	const char *end = s + n;

	while (s < end && k < max) {
		const char *c = memchr(s, ',', (size_t)(end - s)), *e = c ? c : end;

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		it[k] = s;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		len[k++] = (size_t)(e - s);
		s = c ? c + 1 : end;
	}
	return k;
}

static int is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(s, w, n);
}

/* One field by its row and name into the line's figures. */
static void field(struct sink *s, struct lg_line *ll, int row, const char *name, size_t nn, const char *v, size_t vn)
{
	double x = 0;
	int ok;

	switch (row) {
	case 0: /* Requests */
		if (is(name, nn, "total"))
			lg_count(ll, "calls", v, vn, 0);
		else
			lg_fig(ll, is(name, nn, "rate") ? "send_rate" : is(name, nn, "throughput") ? "qps" : NULL,
			       STAT_VALUE, v, vn, NULL, 0, UNIT_PER_S);
		return;
	case 1: /* Duration */
		ok = unit_duration(v, vn, &x) == 0;
		lg_value(ll, is(name, nn, "total") ? "wall_time" : is(name, nn, "attack") ? "attack_time" : is(name, nn, "wait") ? "wait_time" : NULL,
			 STAT_VALUE, UNIT_SECOND, x, v, vn, ok);
		return;
	case 2: /* Latencies */
		ok = unit_duration(v, vn, &x) == 0;
		if (is(name, nn, "min") || is(name, nn, "mean") || is(name, nn, "max"))
			lg_value(ll, "latency", name[1] == 'i' ? STAT_MIN : name[1] == 'e' ? STAT_MEAN : STAT_MAX,
				 UNIT_SECOND, x, v, vn, ok);
		else
			lg_value(ll, lg_percentile(s, name, nn), STAT_VALUE, UNIT_SECOND, x, v, vn, ok);
		return;
	case 3: /* Bytes In */
	case 4: /* Bytes Out */
		if (is(name, nn, "total"))
			lg_count(ll, row == 3 ? "bytes_received" : "bytes_sent", v, vn, 0);
		else
			lg_fig(ll, !is(name, nn, "mean") ? NULL : row == 3 ? "response_size" : "request_size", STAT_MEAN,
			       v, vn, "B", 1, UNIT_BYTE);
		if (ll->n && ll->f[ll->n - 1].stat == STAT_VALUE)
			ll->f[ll->n - 1].unit = UNIT_BYTE;
		return;
	case 5: /* Success [ratio] 93.50% */
		ok = is(name, nn, "ratio") && vn > 1 && v[vn - 1] == '%';
		if (ok)
			lg_fig(ll, "success_rate", STAT_VALUE, v, vn - 1, NULL, 0, UNIT_PERCENT);
		else
			ll->bad = 1;
		return;
	default:
		ll->bad = 1;
	}
}

/* "Status Codes  [code:count]  200:95  404:5" */
static void codes(struct sink *s, struct lg_line *ll, const char *v, size_t vn)
{
	const char *p = v, *end = v + vn;

	while (p < end) {
		const char *w = p, *c;
		char q[40];

		while (p < end && *p != ' ' && *p != '\t')
			p++;
		c = memchr(w, ':', (size_t)(p - w));
		if (!c || c == w || c - w > 8) {
			ll->bad = 1;
			return;
		}
		snprintf(q, sizeof(q), "code.%.*s", (int)(c - w), w);
		for (const char *d = w; d < c; d++)
			if (!char_is_digit(*d))
				ll->bad = 1;
		lg_count(ll, sink_strndup(s, q, strlen(q)), c + 1, (size_t)(p - c - 1), 0);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
	}
}

static void on_row(struct sink *s, uint32_t run, const struct line *l, double *calls)
{
	const char *str = l->s + l->indent, *end = l->s + line_end(l);
	int row = row_of(str, (size_t)(end - str));
	const char *open = memchr(str, '[', (size_t)(end - str)), *close, *names[12], *vals[12];
	size_t nlen[12], vlen[12], nn, nv;
	struct lg_line ll;

	lg_line_init(&ll, l);
	close = open ? memchr(open, ']', (size_t)(end - open)) : NULL;
	if (!close) {
		lg_emit(s, run, &(struct lg_line){ .l = l, .bad = 1 }, "garbled vegeta report line");
		return;
	}
	if (row == 6) {
		/* the blanks after the bracket, up to the line's end: trailing ones lie beyond it */
		const char *v = close + 1;

		while (v < end && (*v == ' ' || *v == '\t'))
			v++;
		if (v == end)
			ll.bad = 1; /* no code at all: the counts were cut or wrapped away */
		else
			codes(s, &ll, v, (size_t)(end - v));
	} else {
		nn = items(open + 1, (size_t)(close - open - 1), names, nlen, 12);
		nv = items(close + 1, (size_t)(end - close - 1), vals, vlen, 12);
		if (nn != nv || !nv)
			ll.bad = 1;
		for (size_t i = 0; i < nn && !ll.bad; i++)
			field(s, &ll, row, names[i], nlen[i], vals[i], vlen[i]);
	}
	if (lg_emit(s, run, &ll, "garbled vegeta report line") == 0 && row == 0 && ll.n &&
	    !strcmp(ll.f[0].quantity, "calls"))
		*calls = ll.f[0].v;
}

static int parse(const struct block *b, struct sink *s)
{
	struct sink_txn t = { 0 };
	uint32_t from = (uint32_t)s->rs->nruns, run = 0;
	unsigned seen = 0;
	int errors = 0;
	double calls = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);
		int row = k == K_ROW ? row_of(l->s + l->indent, line_end(l) - l->indent) : -1;

		if (k == K_NONE && !(errors && t.open && is_error(l)))
			continue;
		if (!t.open || (row >= 0 && ((seen & (1u << row)) || errors))) {
			if (t.open) {
				lg_set_counts(s, &t, calls);
				sink_txn_finish(s, &t, l, "vegeta report without a readable figure");
			}
			run = sink_txn_begin(s, &t, l);
			seen = 0, errors = 0, calls = 0;
		}
		if (k == K_ERRSET) {
			errors = 1;
			sink_run_end(s, run, l);
		} else if (k == K_NONE) {
			sink_note(s, run, NOTE_ERROR, l, "%.*s", (int)(line_end(l) - l->indent), l->s + l->indent);
			sink_run_end(s, run, l);
		} else if (i == b->n - 1 && !b->ended && row != 1 && row != 2 && char_is_digit(l->s[line_end(l) - 1])) {
			/* its last figure may have been cut short */
			seen |= 1u << row;
			sink_damage(s, run, l, "possibly cut vegeta report line");
		} else {
			seen |= 1u << row;
			on_row(s, run, l, &calls);
		}
	}
	return lg_end_block(s, &t, calls, &b->lines[b->n - 1], "vegeta report without a readable figure", from, "vegeta");
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = {
	"Requests", "Duration", "Latencies", "Bytes In", "Bytes Out", "Success", "Status Codes", NULL
};

const struct parser vegeta_parser = {
	.fmt = FMT_VEGETA,
	.words = start_words,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
