/*
 * memtier.c - memtier_benchmark's totals table ("ALL STATS", "BEST RUN
 * RESULTS"... then "Type  Ops/sec  Hits/sec  Misses/sec  Avg. Latency
 * p50 Latency ... KB/sec" and a row per command type) → one run per row
 * with requests issued, named by its type as printed ("Sets", "Gets",
 * "Totals"): qps (Ops/sec), hits./misses./moved./ask.ops_per_sec,
 * latency (its mean, "Latency" or "Avg. Latency", msec), latency.pNN and
 * throughput (KB/sec: memtier's KB are 1024 bytes). A row that issued
 * nothing (Ops/sec 0.00, its latencies "---" or 0) is no run; the title
 * of a run-count table ("BEST RUN RESULTS") is the runs' scenario.
 */
#include <stdio.h>

#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of the table is, by its fixed words. */
enum kind {
	K_NONE,
	K_TITLE, /* "ALL STATS", "BEST RUN RESULTS", "WORST RUN RESULTS", "AGGREGATED AVERAGE RESULTS (3 runs)" */
	K_RULE,  /* "=====...", "-----..." */
	K_HEAD,  /* "Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency ... KB/sec" */
	K_ROW,   /* "Sets        43740.12          ---          ---         0.52517 ...", in a table */
	K__COUNT
};

static const char *const kinds[] = { "none", "title", "rule", "head", "row" };

/* A row's value word by its shape: "---", or digits and a point with one other byte at most (garbled). */
static int value_shaped(const char *t, size_t n)
{
	size_t odd = 0;

	if (n == 3 && !memcmp(t, "---", 3))
		return 1;
	for (size_t i = 0; i < n; i++)
		odd += !(char_is_digit(t[i]) || t[i] == '.');
	return n && odd <= 1 && odd < n;
}

/* A table's title or its column names, the lines that begin one: K_TITLE, K_HEAD, or K_NONE. */
static enum kind opening(const char *s, size_t n)
{
	switch (n >= 5 ? s[0] : 0) {
	case 'A':
		if ((n == 9 && text_starts(s, n, "ALL STATS")) || text_starts(s, n, "AGGREGATED AVERAGE RESULTS"))
			return K_TITLE;
		break;
	case 'B':
		if (n == 16 && text_starts(s, n, "BEST RUN RESULTS"))
			return K_TITLE;
		break;
	case 'W':
		if (n == 17 && text_starts(s, n, "WORST RUN RESULTS"))
			return K_TITLE;
		break;
	case 'T':
		if (text_starts(s, n, "Type ") && text_contains(s, n, " Ops/sec"))
			return K_HEAD;
		break;
	default:
		break;
	}
	return K_NONE;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent, i, w;
	enum kind k = opening(s, n);

	if (n < 5 || k != K_NONE)
		return k;
	switch (s[0]) {
	case '=':
	case '-':
		for (i = 0; i < n && s[i] == s[0]; i++)
			;
		return i == n && n >= 20 ? K_RULE : K_NONE;
	default:
		break;
	}
	/* a type's name (one word), then value words only */
	if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
		return K_NONE;
	for (w = 0; w < n && s[w] != ' '; w++)
		;
	for (i = w; i < n;) {
		size_t b;

		while (i < n && s[i] == ' ')
			i++;
		for (b = i; i < n && s[i] != ' '; i++)
			;
		if (i > b && !value_shaped(s + b, i - b))
			return K_NONE;
	}
	return w < n ? K_ROW : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* A table starts at its title or its column names; its rules and rows continue it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	/* outside a table only its title or column names begin one: never the rows' test */
	k = in_block ? classify(l) : opening(l->s + l->indent, line_end(l) - l->indent);
	if (k == K_TITLE)
		return CLAIM_START;
	if (k == K_HEAD)
		return in_block ? CLAIM_BODY : CLAIM_START;
	return in_block && k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

#define MAXCOL 16

/* The columns a header names: its words, "Avg." and "pNN" joined to the "Latency" after them. */
struct columns {
	size_t n;
	const char *quantity[MAXCOL]; /* NULL: a column not read */
	enum stat_kind stat[MAXCOL];
	int unit[MAXCOL];             /* 0 per second, 1 msec, 2 KiB/s */
};

static void read_head(struct sink *s, const struct line *l, struct columns *c)
{
	const char *t = l->s + l->indent;
	size_t n = line_end(l) - l->indent, i = 0;

	c->n = 0;
	while (i < n && c->n < MAXCOL) {
		size_t b, e;
		const char *q = NULL;
		enum stat_kind st = STAT_VALUE;
		int u = 0;

		while (i < n && t[i] == ' ')
			i++;
		for (b = i; i < n && t[i] != ' '; i++)
			;
		e = i;
		if (e == b)
			break;
		if ((t[b] == 'p' || (e - b == 4 && !memcmp(t + b, "Avg.", 4))) && n - i > 8 &&
		    !memcmp(t + i, " Latency", 8) && (n - i == 8 || t[i + 8] == ' '))
			i = e = i + 8;
#define IS(w) (e - b == sizeof(w) - 1 && !memcmp(t + b, w, sizeof(w) - 1))
		if (IS("Ops/sec"))
			q = "qps";
		else if (IS("Hits/sec"))
			q = "hits.ops_per_sec";
		else if (IS("Misses/sec"))
			q = "misses.ops_per_sec";
		else if (IS("MOVED/sec"))
			q = "moved.ops_per_sec";
		else if (IS("ASK/sec"))
			q = "ask.ops_per_sec";
		else if (IS("Latency") || IS("Avg. Latency"))
			q = "latency", st = STAT_MEAN, u = 1;
		else if (IS("KB/sec"))
			q = "throughput", u = 2;
		else if (e - b > 9 && t[b] == 'p' && !memcmp(t + e - 8, " Latency", 8)) {
			/* "p99.990 Latency" is latency.p99.99 */
			char buf[32];
			double p;

			if (e - b - 9 < 12 && num_parse(t + b + 1, e - b - 9, &p) == 0) {
				snprintf(buf, sizeof(buf), "latency.p%g", p);
				q = sink_strndup(s, buf, strlen(buf)), u = 1;
			}
		}
#undef IS
		c->quantity[c->n] = q;
		c->stat[c->n] = st;
		c->unit[c->n++] = u;
	}
}

struct parse {
	struct sink *s;
	struct columns cols;
	const char *scenario;
	int have_cols;
};

static void on_row(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *t[MAXCOL + 1];
	size_t n = line_end(l) - l->indent, tn[MAXCOL + 1], k = 0, i = 0;
	double v[MAXCOL + 1], ops = -1;
	struct sink_txn txn = { 0 };
	uint32_t run;

	while (i < n && k <= MAXCOL) {
		size_t b;

		while (i < n && s[i] == ' ')
			i++;
		for (b = i; i < n && s[i] != ' '; i++)
			;
		if (i > b) {
			t[k] = s + b;
			tn[k++] = i - b;
		}
	}
	if (k != ps->cols.n) {
		sink_lost(ps->s, l, "garbled memtier_benchmark row (its columns are not the header's)");
		return;
	}
	for (size_t c = 1; c < k; c++) {
		v[c] = -1;
		if (tn[c] == 3 && !memcmp(t[c], "---", 3))
			continue;
		if (num_parse(t[c], tn[c], &v[c]) < 0) {
			sink_lost(ps->s, l, "garbled memtier_benchmark row");
			return;
		}
		if (ps->cols.quantity[c] && !strcmp(ps->cols.quantity[c], "qps"))
			ops = v[c];
	}
	if (ops == 0)
		return; /* nothing of this type was issued: its zeros measure nothing */
	run = bench_begin(ps->s, &txn, l, t[0], tn[0]);
	if (ps->scenario)
		ps->s->rs->runs[run].scenario = ps->scenario;
	for (size_t c = 1; c < k; c++) {
		enum unit u = UNIT_PER_S;
		double x = v[c];

		if (!ps->cols.quantity[c] || v[c] < 0)
			continue;
		if (ps->cols.unit[c] == 1 && unit_value(t[c], tn[c], "ms", 2, &u, &x) < 0)
			continue;
		if (ps->cols.unit[c] == 2 && unit_value(t[c], tn[c], "KiB/s", 5, &u, &x) < 0)
			continue;
		sink_measure(ps->s, run, ps->cols.quantity[c], ps->cols.stat[c], u, x, 0, l, t[c], tn[c]);
	}
	sink_txn_finish(ps->s, &txn, l, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first = (uint32_t)s->rs->nruns;
	struct parse ps;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		switch (classify(l)) {
		case K_TITLE: {
			const char *t = l->s + l->indent;
			size_t n = line_end(l) - l->indent;

			ps.have_cols = 0;
			ps.scenario = n == 9 && !memcmp(t, "ALL STATS", 9) ? NULL : sink_strndup(s, t, n);
			break;
		}
		case K_HEAD:
			read_head(s, l, &ps.cols);
			ps.have_cols = ps.cols.n > 1;
			break;
		case K_ROW:
			if (ps.have_cols)
				on_row(&ps, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - first);
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = {
	"ALL STATS", "AGGREGATED AVERAGE RESULTS", "BEST RUN RESULTS", "WORST RUN RESULTS", "Type ",
	NULL
};

const struct parser memtier_parser = {
	.fmt = FMT_MEMTIER,
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
