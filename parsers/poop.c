/*
 * poop.c - the report of poop (Performance Optimizer Observation
 * Platform), which runs two or more commands and compares each with the
 * first:
 *
 *   Benchmark 1 (37 runs): /tmp/revo-old richards.rv
 *     measurement          mean ± σ            min … max           outliers         delta
 *     wall_time           811ms ± 6.44ms     801ms …  828ms          0 ( 0%)        0%
 *     peak_rss           25.1MB ± 2.96KB    25.1MB … 25.1MB          0 ( 0%)        0%
 *     cpu_cycles         3.87G  ± 21.2M     3.85G  … 3.93G           2 ( 5%)        0%
 *
 * One run per "Benchmark N (R runs): COMMAND", the command printed whole;
 * the commands of one report tell the runs apart as hyperfine's do
 * (cmd_propose()). Each measurement row gives its mean, deviation, min and
 * max over the R runs: wall_time (s), peak_rss as max_rss (B), cpu_cycles
 * as cycles, instructions, cache_references, cache_misses and
 * branch_misses (counts). Figures carry metric prefixes, powers of ten
 * ("25.1MB", "3.87G", "811ms", "ks" for 1000 s); before June 2023 poop
 * printed counts whole, bytes as "428M" and times as "4.924s", all read.
 * Never stored: the outliers (a count of samples, not a figure of the
 * program) and the delta column ("⚡-  3.2% ±  0.4%", a ratio to the first
 * command). A row whose columns ran into each other (the old format's
 * long counts: "24644932956 ± 40187532523641864552 … 25413638166") cannot
 * be split: it is reported as garbled and the run keeps its other rows.
 */
#include "parsers/bench.h"
#include "parsers/cmdsplit.h"
#include "parsers/units.h"
#include "util/text.h"

#define PM "\xc2\xb1"     /* ± */
#define ELLIPSIS "\xe2\x80\xa6" /* … */

enum {
	RX_BENCH,
	RX_ROW,
};

static struct rx patterns[] = {
	[RX_BENCH] = { "poop benchmark",
		       "^\\s*Benchmark (?<n>[0-9]+) \\((?<runs>[0-9]+) runs\\):\\s*(?<cmd>.*?)\\s*$", 0 },
	[RX_ROW] = { "poop measurement row",
		     "^\\s*(?<name>[a-z_]+)\\s+(?<mean>[^\\s" PM "]+)\\s*" PM "\\s*(?<sd>\\S+)\\s+(?<min>\\S+)\\s*"
		     ELLIPSIS "\\s*(?<max>\\S+)\\s+[0-9]+\\s*\\(\\s*[0-9]+%\\)(?:\\s.*)?$",
		     0 },
};

/* What a line of poop's report is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_BENCH,  /* "Benchmark N (R runs): COMMAND" */
	K_HEADER, /* "measurement  mean ± σ  min … max  outliers  delta" */
	K_ROW,    /* "NAME  M ± S  A … B  N ( P%)  [delta]", garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "benchmark", "header", "row" };

/* The quantities poop measures, as stored, with their unit. */
static const struct {
	const char *name, *quantity;
	enum unit unit;
} measures[] = {
	{ "wall_time", "wall_time", UNIT_SECOND },
	{ "peak_rss", "max_rss", UNIT_BYTE },
	{ "cpu_cycles", "cycles", UNIT_COUNT },
	{ "instructions", "instructions", UNIT_COUNT },
	{ "cache_references", "cache_references", UNIT_COUNT },
	{ "cache_misses", "cache_misses", UNIT_COUNT },
	{ "branch_misses", "branch_misses", UNIT_COUNT },
};

/* "Benchmark " and a digit, then " (" a few bytes on and "runs):". */
static int bench_line(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	return n > 18 && line_starts(l, "Benchmark ") && char_is_digit(s[10]) && text_contains(s, n, " runs):");
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n < 8)
		return K_NONE;
	if (*s == 'B')
		return bench_line(l) ? K_BENCH : K_NONE;
	if (line_starts(l, "measurement ") && text_contains(s, n, "mean " PM) && text_contains(s, n, ELLIPSIS))
		return K_HEADER;
	/* a measurement's name, then "±", "…" and the outliers' "%)" after it */
	if (*s >= 'a' && *s <= 'z' && text_contains(s, n, PM) && text_contains(s, n, ELLIPSIS) &&
	    text_contains(s, n, "%)"))
		return K_ROW;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* A report begins at its first "Benchmark N (R runs):"; the next ones and every header and row continue it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block)
		return bench_line(l) ? CLAIM_START : CLAIM_NONE;
	k = classify(l);
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/*
 * A figure as poop prints it, in the measurement's unit: digits, then a
 * metric prefix (and for bytes a 'B'; for times the unit: "ns", "us",
 * "ms", "s", "ks"). 0 with the value and the digits' length, or -1.
 */
static int figure(const char *s, size_t n, enum unit unit, double *v, size_t *num_len)
{
	/* poop's one-letter prefixes, as num_scale() spells them: times, then counts and bytes */
	static const char *const time_prefix[][2] = { { "n", "n" }, { "u", "\xc2\xb5" }, { "m", "m" }, { "k", "k" } };
	static const char *const count_prefix[][2] = { { "K", "k" }, { "M", "M" }, { "G", "G" }, { "T", "T" } };
	const char *const (*table)[2] = unit == UNIT_SECOND ? time_prefix : count_prefix;
	const char *prefix = NULL, *p = s;
	size_t k = 0, rest;

	while (k < n && (char_is_digit(s[k]) || s[k] == '.'))
		k++;
	if (!k)
		return -1;
	*num_len = k;
	p += k, rest = n - k;
	/* the unit's own letter after the prefix: a time's 's', bytes' 'B' (old releases printed none) */
	if (unit == UNIT_SECOND) {
		if (!rest || p[rest - 1] != 's')
			return -1;
		rest--;
	} else if (unit == UNIT_BYTE && rest && p[rest - 1] == 'B') {
		rest--;
	}
	if (!rest)
		prefix = "";
	for (size_t i = 0; rest == 1 && i < 4; i++)
		if (*p == table[i][0][0])
			prefix = table[i][1];
	return prefix ? num_scale(s, k, prefix, strlen(prefix), v) : -1;
}

struct parse {
	struct sink *s;
	struct sink_txn txn;
	uint32_t runs;       /* the open run's count of runs */
	const struct line *last;
	int rows;            /* measurement rows the open run read, garbled or not */
};

static void finish(struct parse *p)
{
	if (p->txn.open)
		sink_txn_finish(p->s, &p->txn, p->last, "poop benchmark without a measurement");
}

static void on_bench(struct parse *p, const struct line *l)
{
	struct rx *rx = &patterns[RX_BENCH];
	const char *runs, *cmd;
	size_t rn, cn;
	double count;
	uint32_t run;

	finish(p);
	if (!rx_match(p->s->rx, rx, l->s, l->len) || !rx_named(p->s->rx, rx, "runs", &runs, &rn) ||
	    !rx_named(p->s->rx, rx, "cmd", &cmd, &cn) || num_parse_digits(runs, rn, &count) < 0) {
		sink_warn(p->s, l, "garbled poop benchmark line; its measurements are skipped");
		return;
	}
	p->runs = num_count(count);
	run = bench_begin(p->s, &p->txn, l, "", 0);
	p->s->rs->runs[run].command = sink_strndup(p->s, cmd, cn);
	p->last = l;
	if (p->runs)
		sink_measure(p->s, run, "runs", STAT_VALUE, UNIT_COUNT, count, p->runs, l, runs, rn);
}

static void on_row(struct parse *p, const struct line *l)
{
	static const struct {
		const char *group;
		enum stat_kind stat;
	} stats[] = { { "mean", STAT_MEAN }, { "sd", STAT_SD }, { "min", STAT_MIN }, { "max", STAT_MAX } };
	struct rx *rx = &patterns[RX_ROW];
	const char *name, *at[countof(stats)];
	size_t nn, an[countof(stats)], numl[countof(stats)], m;
	double v[countof(stats)];

	if (!p->txn.open)
		return; /* (under a garbled benchmark line: warned there) */
	p->last = l;
	sink_run_end(p->s, p->txn.run, l);
	if (!rx_match(p->s->rx, rx, l->s, l->len) || !rx_named(p->s->rx, rx, "name", &name, &nn)) {
		sink_damage(p->s, p->txn.run, l, "garbled poop measurement row");
		return;
	}
	for (m = 0; m < countof(measures); m++)
		if (strlen(measures[m].name) == nn && !memcmp(measures[m].name, name, nn))
			break;
	if (m == countof(measures)) {
		sink_warn(p->s, l, "poop measurement '%.*s' not known; skipped", (int)nn, name);
		return;
	}
	for (size_t i = 0; i < countof(stats); i++)
		if (!rx_named(p->s->rx, rx, stats[i].group, &at[i], &an[i]) ||
		    figure(at[i], an[i], measures[m].unit, &v[i], &numl[i]) < 0) {
			sink_damage(p->s, p->txn.run, l, "garbled poop measurement row");
			return;
		}
	/* the columns in order: min <= mean <= max (a count run into the next column breaks it) */
	if (!(v[2] <= v[0] && v[0] <= v[3])) {
		sink_damage(p->s, p->txn.run, l, "garbled poop measurement row");
		return;
	}
	for (size_t i = 0; i < countof(stats); i++)
		sink_measure(p->s, p->txn.run, measures[m].quantity, stats[i].stat, measures[m].unit, v[i], p->runs, l,
			     at[i], numl[i]);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct parse p = { .s = s };

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		switch (classify(l)) {
		case K_BENCH:
			on_bench(&p, l);
			break;
		case K_ROW:
			on_row(&p, l);
			break;
		default:
			break;
		}
	}
	finish(&p);
	cmd_propose(s->rs, first_run, s->arena);
	return (int)(s->rs->nruns - first_run);
}

static const char *const start_words[] = { "Benchmark ", NULL };

const struct parser poop_parser = {
	.fmt = FMT_POOP,
	.words = start_words,
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
