/*
 * sysbench.c - sysbench 1.0 and 1.1 results → one run per test run: OLTP's
 * qps (transactions per second) with calls (transactions),
 * queries.ops_per_sec and queries.ops, errors; cpu's events.ops_per_sec;
 * memory's operations.ops_per_sec, memory.transfer and throughput;
 * fileio's reads/writes/fsyncs.ops_per_sec and read.bw / write.bw; and
 * for all, wall_time ("total time:", 1.1's "time elapsed:"), events.ops
 * and the "Latency (ms):" block: latency (its mean, min and max, over
 * the events counted) and latency.pNN ("95th percentile:"). A remark an
 * author appended after a figure, in parentheses, is left alone; the
 * per-thread fairness lines and the query counts by kind are not read.
 */
#include <stdio.h>

#include "parsers/bench.h"
#include "parsers/figs.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of sysbench output is, by its fixed words (never by its digits). */
enum kind {
	K_NONE,
	K_BANNER,  /* "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)", "Running the test with following options:" */
	K_SECTION, /* "SQL statistics:", "CPU speed:", "General statistics:", "Latency (ms):", "Throughput:" ... */
	K_VALUE,   /* "    events per second:  4128.44", "         min:   0.96", "transactions:  10000 (521.22 per sec.)" */
	K_MEMORY,  /* "Total operations: N (X per second)", "N MiB transferred (X MiB/sec)" */
	K_SETUP,   /* "Number of threads: 4", "Initializing worker threads...", "Threads started!" ... */
	K__COUNT
};

static const char *const kinds[] = { "none", "banner", "section", "value", "memory", "setup" };

static const char *const sections[] = {
	"SQL statistics:", "CPU speed:", "General statistics:", "Latency (ms):", "Threads fairness:", "Throughput:",
	"File operations:", "queries performed:",
};

enum sec { S_NONE, S_SQL, S_CPU, S_GENERAL, S_LATENCY, S_FAIRNESS, S_THROUGHPUT, S_FILE, S_QUERIES };

/* The keys of value lines; `sec` 0 is any section. */
static const struct key {
	const char *key;
	enum sec sec;
	const char *quantity, *rate; /* the figure's and its "(N per sec.)" rate's quantities, NULL: not read */
	enum stat_kind stat;
	int unit; /* 0 a plain count, 1 per second, 2 ms, 3 seconds ("10.0010s"), 4 MiB/s */
} keys[] = {
	{ "events per second:", 0, "events.ops_per_sec", NULL, STAT_VALUE, 1 },
	{ "events/s (eps):", 0, "eps", NULL, STAT_VALUE, 1 },
	{ "total time:", 0, "wall_time", NULL, STAT_VALUE, 3 },
	{ "time elapsed:", 0, "wall_time", NULL, STAT_VALUE, 3 },
	{ "total number of events:", 0, "events.ops", NULL, STAT_VALUE, 0 },
	{ "min:", S_LATENCY, "latency", NULL, STAT_MIN, 2 },
	{ "avg:", S_LATENCY, "latency", NULL, STAT_MEAN, 2 },
	{ "max:", S_LATENCY, "latency", NULL, STAT_MAX, 2 },
	{ "sum:", S_LATENCY, NULL, NULL, STAT_VALUE, 2 },
	{ "transactions:", 0, "calls", "qps", STAT_VALUE, 0 },
	{ "queries:", 0, "queries.ops", "queries.ops_per_sec", STAT_VALUE, 0 },
	{ "ignored errors:", 0, "errors", NULL, STAT_VALUE, 0 },
	{ "reconnects:", 0, NULL, NULL, STAT_VALUE, 0 },
	{ "reads/s:", 0, "reads.ops_per_sec", NULL, STAT_VALUE, 1 },
	{ "writes/s:", 0, "writes.ops_per_sec", NULL, STAT_VALUE, 1 },
	{ "fsyncs/s:", 0, "fsyncs.ops_per_sec", NULL, STAT_VALUE, 1 },
	{ "read, MiB/s:", 0, "read.bw", NULL, STAT_VALUE, 4 },
	{ "written, MiB/s:", 0, "write.bw", NULL, STAT_VALUE, 4 },
	{ "read:", S_QUERIES, NULL, NULL, STAT_VALUE, 0 },
	{ "write:", S_QUERIES, NULL, NULL, STAT_VALUE, 0 },
	{ "other:", S_QUERIES, NULL, NULL, STAT_VALUE, 0 },
	{ "total:", S_QUERIES, NULL, NULL, STAT_VALUE, 0 },
	{ "events (avg/stddev):", S_FAIRNESS, NULL, NULL, STAT_VALUE, 0 },
	{ "execution time (avg/stddev):", S_FAIRNESS, NULL, NULL, STAT_VALUE, 0 },
};

static const char *const setups[] = {
	"Number of threads: ", "Initializing ", "Threads started!", "Prime numbers limit: ", "Report intermediate ",
	"Running memory speed test", "Extra file open flags: ", "Block size ", "Periodic FSYNC ", "Calling fsync()",
	"Using synchronous I/O mode", "Doing random ", "Doing sequential ", "Read/Write ratio ", "Number of IO requests: ",
	"total size: ", "operation: ", "scope: ", "block size: ", "128 files, ", "Random number generator seed is ",
	"Initializing random number generator",
};

/* A value line's key ("95th percentile:" is one too), or NULL. */
static const struct key *key_of(const char *s, size_t n, int *pct)
{
	*pct = 0;
	for (size_t i = 0; i < countof(keys); i++)
		if (text_starts(s, n, keys[i].key))
			return &keys[i];
	/* "95th percentile:", "99th percentile:" */
	if (n > 16 && char_is_digit(s[0])) {
		const char *t = text_find(s, n < 24 ? n : 24, "th percentile:");

		if (t) {
			*pct = 1;
			return &keys[0];
		}
	}
	return NULL;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	int pct;

	if (n < 4)
		return K_NONE;
	if (text_starts(s, n, "sysbench ") && text_contains(s, n, " (using "))
		return K_BANNER;
	if (text_starts(s, n, "Running the test with following options:"))
		return K_BANNER;
	if (s[n - 1] == ':')
		for (size_t i = 0; i < countof(sections); i++)
			if (n == strlen(sections[i]) && text_starts(s, n, sections[i]))
				return K_SECTION;
	if (key_of(s, n, &pct))
		return K_VALUE;
	if (text_starts(s, n, "Total operations: ") || text_contains(s, n, " transferred ("))
		return K_MEMORY;
	for (size_t i = 0; i < countof(setups); i++)
		if (text_starts(s, n, setups[i]))
			return K_SETUP;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	unsigned seen; /* bits of the sections the open block has had */
	int results;   /* it has had a result line */
};

/*
 * A block starts at the banner or at a section head (a pasted result
 * without its banner); a section head the open block has had already, or
 * a banner after results, starts the next run's block. Value lines
 * continue a block only: "min:" and "total:" are any table's words.
 */
/* Outside a block only a banner, a section head or the memory test's total starts one: those tests alone. */
static enum kind start_kind(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n < 4)
		return K_NONE;
	/* the first byte before each word is measured: most lines asked are prose ending in ':' */
	if (s[n - 1] == ':') {
		for (size_t i = 0; i < countof(sections); i++)
			if (sections[i][0] == s[0] && n == strlen(sections[i]) && !memcmp(s, sections[i], n))
				return K_SECTION;
		return s[0] == 'R' && text_starts(s, n, "Running the test with following options:") ? K_BANNER : K_NONE;
	}
	if (s[0] == 's')
		return text_starts(s, n, "sysbench ") && text_contains(s, n, " (using ") ? K_BANNER : K_NONE;
	return s[0] == 'T' && text_starts(s, n, "Total operations: ") ? K_MEMORY : K_NONE;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = in_block ? classify(l) : start_kind(l);
	unsigned bit = 0;

	if (k == K_NONE)
		return CLAIM_NONE;
	if (k == K_SECTION) {
		const char *s = l->s + l->indent;

		for (size_t i = 0; i < countof(sections); i++)
			if (text_starts(s, line_end(l) - l->indent, sections[i]))
				bit = 1u << i;
	}
	if (!in_block) {
		if (k != K_BANNER && k != K_SECTION && k != K_MEMORY)
			return CLAIM_NONE;
		st->seen = bit;
		st->results = k == K_MEMORY;
		return CLAIM_START;
	}
	if ((k == K_BANNER && st->results) || (bit && (st->seen & bit))) {
		st->seen = bit;
		st->results = 0;
		return CLAIM_START;
	}
	st->seen |= bit;
	st->results |= k == K_VALUE || k == K_MEMORY;
	return CLAIM_BODY;
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	enum sec sec;
	uint32_t events; /* the events the latency figures summarize */
	const struct line *latency[8];
	size_t nlatency;
	const struct line *eps; /* 1.1's "events/s (eps):", read when no "events per second:" is */
	int has_eps;
	int results; /* a result line was seen */
};

/*
 * Read a value line: the figure (its unit from the key), then maybe
 * "(N per sec.)", then maybe an author's remark in parentheses.
 */
static void value(struct parse *ps, const struct line *l, const struct key *k, int pct, uint32_t count)
{
	const char *s = l->s + l->indent, *colon, *w, *r = NULL;
	size_t n = line_end(l) - l->indent, i, wn, rn = 0;
	struct figs fs;
	char q[32];
	const char *quantity = k->quantity;

	figs_init(&fs);
	colon = memchr(s, ':', n);
	i = (size_t)(colon - s) + 1;
	w = figs_word(s, n, &i, &wn);
	if (pct) {
		snprintf(q, sizeof(q), "latency.p%.*s", (int)(strspn(s, "0123456789.")), s);
		quantity = sink_strndup(ps->s, q, strlen(q));
	}
	/* "(521.22 per sec.)" */
	while (i < n && s[i] == ' ')
		i++;
	if (i < n && s[i] == '(' && text_contains(s + i, n - i, " per sec")) {
		r = s + i + 1;
		rn = strcspn(r, " ");
	}
	if (!w) {
		fs.bad = 1;
	} else if (pct || k->unit == 2) {
		figs_unit(&fs, quantity, k->stat, w, wn, "ms", 2);
	} else if (k->unit == 3) {
		figs_unit(&fs, quantity, k->stat, w, wn && w[wn - 1] == 's' ? wn - 1 : wn, "s", 1);
	} else if (k->unit == 4) {
		figs_unit(&fs, quantity, k->stat, w, wn, "MiB/s", 5);
	} else {
		figs_plain(&fs, quantity, k->stat, w, wn, k->unit == 1 ? UNIT_PER_S : UNIT_COUNT, 1);
	}
	if (k->rate && r)
		figs_plain(&fs, k->rate, STAT_VALUE, r, rn, UNIT_PER_S, 1);
	if (figs_commit(&fs, ps->s, ps->run, l, count) < 0)
		sink_damage(ps->s, ps->run, l, "garbled sysbench line");
}

/* "Total operations: 104857600 (10232832.45 per second)", "102400.00 MiB transferred (9993.00 MiB/sec)" */
static void memory(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *w, *u, *r, *ru;
	size_t n = line_end(l) - l->indent, i = 0, wn, un, rn, run_;
	struct figs fs;

	figs_init(&fs);
	if (text_starts(s, n, "Total operations: ")) {
		i = 17;
		w = figs_word(s, n, &i, &wn);
		r = figs_word(s, n, &i, &rn);
		if (w && r && rn > 1 && r[0] == '(') {
			figs_plain(&fs, "operations.ops", STAT_VALUE, w, wn, UNIT_COUNT, 1);
			figs_plain(&fs, "operations.ops_per_sec", STAT_VALUE, r + 1, rn - 1, UNIT_PER_S, 1);
		} else {
			fs.bad = 1;
		}
	} else {
		w = figs_word(s, n, &i, &wn);
		u = figs_word(s, n, &i, &un);
		figs_word(s, n, &i, &rn); /* "transferred" */
		r = figs_word(s, n, &i, &rn);
		ru = figs_word(s, n, &i, &run_);
		if (w && u && r && ru && rn > 1 && r[0] == '(' && run_ > 5 && !memcmp(ru + run_ - 5, "/sec)", 5)) {
			char unit[16];

			figs_unit(&fs, "memory.transfer", STAT_VALUE, w, wn, u, un);
			snprintf(unit, sizeof(unit), "%.*s/s", (int)(run_ - 5 < 8 ? run_ - 5 : 8), ru);
			figs_unit(&fs, "throughput", STAT_VALUE, r + 1, rn - 1, unit, strlen(unit));
		} else {
			fs.bad = 1;
		}
	}
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled sysbench memory line");
}

static void finish(struct parse *ps, const struct line *last)
{
	int pct;

	if (!ps->t.open)
		return;
	/* the latency block summarizes the events counted, printed above or below it */
	for (size_t i = 0; i < ps->nlatency; i++) {
		const struct line *l = ps->latency[i];
		const char *s = l->s + l->indent;
		const struct key *k = key_of(s, line_end(l) - l->indent, &pct);

		value(ps, l, k, pct, ps->events);
	}
	if (ps->eps && !ps->has_eps) {
		static const struct key eps = { "events/s (eps):", 0, "events.ops_per_sec", NULL, STAT_VALUE, 1 };

		value(ps, ps->eps, &eps, 0, 0);
	}
	/* a banner and its settings alone (the results pasted apart, or not at all) are no damage */
	sink_txn_finish(ps->s, &ps->t, last, ps->results ? "sysbench output has no results (cut off?)" : NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first = (uint32_t)s->rs->nruns;
	unsigned seen = 0;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *str = l->s + l->indent;
		size_t n = line_end(l) - l->indent;
		enum kind k = classify(l);
		const struct key *key;
		int pct;

		if (k == K_NONE)
			continue;
		if (k == K_SECTION) {
			unsigned bit = 0;

			for (size_t j = 0; j < countof(sections); j++)
				if (text_starts(str, n, sections[j]))
					ps.sec = (enum sec)(j + 1), bit = 1u << j;
			if (seen & bit) { /* the next run's results */
				finish(&ps, l);
				seen = 0;
			}
			seen |= bit;
		} else if (k == K_BANNER && ps.t.open && sink_txn_nmeas(s, &ps.t)) {
			finish(&ps, l);
			seen = 0;
		}
		if (!ps.t.open) {
			ps.run = bench_begin(s, &ps.t, l, "", 0);
			ps.events = 0;
			ps.nlatency = 0;
			ps.eps = NULL;
			ps.has_eps = 0;
			ps.results = 0;
		}
		sink_run_end(s, ps.run, l);
		ps.results |= k == K_VALUE || k == K_MEMORY;
		if (k == K_MEMORY) {
			memory(&ps, l);
			continue;
		}
		if (k != K_VALUE || !(key = key_of(str, n, &pct)) || (key->sec && key->sec != ps.sec))
			continue;
		if (!pct && !key->quantity)
			continue; /* a figure not read */
		if (pct || ps.sec == S_LATENCY) {
			if (ps.nlatency < countof(ps.latency))
				ps.latency[ps.nlatency++] = l;
			continue;
		}
		if (key->quantity[0] == 'e' && !strcmp(key->quantity, "eps")) {
			ps.eps = l;
			continue;
		}
		if (!strcmp(key->quantity, "events.ops_per_sec"))
			ps.has_eps = 1;
		value(&ps, l, key, 0, 0);
		if (!strcmp(key->quantity, "events.ops") && sink_txn_nmeas(s, &ps.t)) {
			const struct measurement *m = &s->rs->meas[s->rs->nmeas - 1];

			if (!strcmp(m->quantity, "events.ops"))
				ps.events = num_count(m->value);
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - first);
}

const struct parser sysbench_parser = {
	.fmt = FMT_SYSBENCH,
	.starts = "sRSCGLTFq",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
