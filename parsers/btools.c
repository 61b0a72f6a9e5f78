/*
 * btools.c - Julia's BenchmarkTools: what @benchmark shows of a trial,
 * and @btime's and @time's lines.
 *
 *   BenchmarkTools.Trial: 10000 samples with 10 evaluations.
 *    Range (min … max):  1.204 μs …  4.358 μs  ┊ GC (min … max): 0.00% … 0.00%
 *    Time  (median):     1.221 μs              ┊ GC (median):    0.00%
 *    Time  (mean ± σ):   1.243 μs ± 98.615 ns  ┊ GC (mean ± σ):  0.00% ± 0.00%
 *   (a histogram of the samples)
 *    Memory estimate: 0 bytes, allocs estimate: 0.
 *
 * A trial is one run: time_per_op (the time of one evaluation of the
 * expression) as min, max, median, mean and stddev over the samples, the
 * bytes and allocations of one evaluation (bytes_per_op, allocs_per_op),
 * and the samples as n. The display before BenchmarkTools 1.0 ("minimum
 * time:     1.204 μs (0.00% GC)" and so on, "samples:", "memory
 * estimate:") reads the same. @btime's line, "611.243 ns (0 allocations: 0
 * bytes)", is a run of its own: the minimum time_per_op, and the same
 * memory figures; @time's, "0.000004 seconds (1 allocation: 16 bytes)",
 * the time of one call (time) and its memory (its allocations scaled as
 * printed: "3.38 k allocations"). A comment an author wrote after such a
 * line ("... compilation time) # v1.8") names the build it ran on. Each run is named by what stands above it:
 * the REPL's prompt with the expression ("julia> @benchmark sum($x)"), a
 * label. The GC percentages are not stored (a share of the time, not a
 * figure of the program's own), nor the histogram.
 */
#include <math.h>

#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

#define GC_BAR "\xe2\x94\x8a" /* ┊ */
#define ELLIPSIS "\xe2\x80\xa6" /* … */
#define PM "\xc2\xb1"          /* ± */

/* A figure and its unit ("1.204 μs", "98.615 ns", "0 bytes", "80.05 KiB"). */
#define FIG(n) "(?<" n ">[0-9]+(?:\\.[0-9]+)?)\\s*(?<" n "u>[^\\s,.)]+)"

enum {
	RX_TRIAL,
	RX_RANGE,
	RX_MEDIAN,
	RX_MEAN,
	RX_MEMORY,
	RX_OLD_TIME,
	RX_OLD_COUNT,
	RX_OLD_MEMORY,
	RX_BTIME,
};

static struct rx patterns[] = {
	[RX_TRIAL] = { "BenchmarkTools trial",
		       "^\\s*BenchmarkTools\\.Trial:\\s*(?:(?<n>[0-9]+) samples? with (?<evals>[0-9]+) evaluations?.*)?$",
		       0 },
	[RX_RANGE] = { "BenchmarkTools range", "^\\s*Range \\(min " ELLIPSIS " max\\):\\s*" FIG("min") "\\s*" ELLIPSIS
		       "\\s*" FIG("max") "\\s*" GC_BAR, 0 },
	[RX_MEDIAN] = { "BenchmarkTools median",
			"^\\s*Time\\s+\\(median\\):\\s*" FIG("median") "\\s*(?:\\([^)]*\\)\\s*)?" GC_BAR, 0 },
	[RX_MEAN] = { "BenchmarkTools mean", "^\\s*Time\\s+\\(mean " PM " \xcf\x83\\):\\s*" FIG("mean") "\\s*" PM "\\s*" FIG("sd")
		      "\\s*(?:\\([^)]*\\)\\s*)?" GC_BAR, 0 },
	[RX_MEMORY] = { "BenchmarkTools memory",
			"^\\s*[Mm]emory estimate:\\s*" FIG("mem") ",\\s*allocs estimate:\\s*(?<allocs>[0-9]+)\\.?\\s*$", 0 },
	[RX_OLD_TIME] = { "BenchmarkTools old time",
			  "^\\s*(?<stat>minimum|median|mean|maximum) time:\\s*" FIG("t") "\\s*\\([0-9.]+% GC\\)\\s*$", 0 },
	[RX_OLD_COUNT] = { "BenchmarkTools old count",
			   "^\\s*(?<what>samples|evals/sample|allocs estimate):\\s*(?<v>[0-9]+)\\s*$", 0 },
	[RX_OLD_MEMORY] = { "BenchmarkTools old memory", "^\\s*memory estimate:\\s*" FIG("mem") "\\s*$", 0 },
	[RX_BTIME] = { "@btime line", "^\\s*" FIG("t") "\\s+\\((?<allocs>[0-9]+(?:\\.[0-9]+)?)(?: (?<ak>[kMGT]))? allocations?:\\s*"
		       FIG("mem") "(?<rest>[^)]*)\\)\\s*(?:#\\s*(?<note>\\S.*?))?\\s*$", 0 },
};

/* What a line of BenchmarkTools' display is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_TRIAL,  /* "BenchmarkTools.Trial: N samples with K evaluations." (or the old "BenchmarkTools.Trial: ") */
	K_RANGE,  /* "Range (min … max):  A …  B  ┊ GC ..." */
	K_MEDIAN, /* "Time  (median):  M  ┊ GC ..." */
	K_MEAN,   /* "Time  (mean ± σ):  M ± S  ┊ GC ..." */
	K_MEMORY, /* "Memory estimate: 0 bytes, allocs estimate: 0." */
	K_OLD,    /* the old display's "minimum time:", "samples:", "memory estimate:"... lines */
	K_BTIME,  /* "611.243 ns (0 allocations: 0 bytes)", "0.000004 seconds (1 allocation: 16 bytes)" */
	K_OTHER,  /* the histogram, its axis, the old display's rules */
	K__COUNT
};

static const char *const kinds[] = { "none", "trial", "range", "median", "mean", "memory", "old", "btime", "other" };

static const char *const old_words[] = { "memory estimate:", "allocs estimate:", "minimum time:", "median time:",
					 "mean time:",       "maximum time:",    "samples:",      "evals/sample:" };

/* A line of the histogram's bars (U+2581..U+2588), blanks, "┊" and an arrow. */
static int histogram_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ') {
			i++;
		} else if (c == 0xe2 && i + 2 < n && (unsigned char)s[i + 1] == 0x96 && (unsigned char)s[i + 2] >= 0x81 &&
			   (unsigned char)s[i + 2] <= 0x88) {
			i += 3;
		} else if (i + 3 <= n && (!memcmp(s + i, GC_BAR, 3) || !memcmp(s + i, "\xe2\x86\x93", 3))) {
			i += 3; /* ┊, ↓ */
		} else {
			return 0;
		}
	}
	return 1; /* a line of bars, or of the arrow alone */
}

/*
 * @btime's or @time's line: a figure and its unit (two words), " (", a
 * count (maybe "3.38 k"), " allocation", and the rest to a closing
 * parenthesis at the end. By its words and their places, not its digits.
 */
static int btime_line(const char *s, size_t n)
{
	const char *end = s + n, *p = s, *open, *hash;
	int words = 1;

	/* a comment after it ("... 99.72% compilation time) # v1.8"): the line ends at its parenthesis */
	if (n > 3 && (hash = memchr(s, '#', n)) != NULL && hash > s + 1 && hash[-1] == ' ') {
		for (end = hash; end > s && end[-1] == ' ';)
			end--;
		n = (size_t)(end - s);
	}
	if (n < 20 || !char_is_digit(*s) || s[n - 1] != ')' || !(open = text_find(s, n, " (")))
		return 0;
	for (; p < open; p++)
		if (*p == ' ' && p[1] != ' ')
			words++;
	if (words != 2)
		return 0;
	p = open + 2;
	while (p < end && *p != ' ' && *p != ')')
		p++;
	if (end - p > 2 && p[0] == ' ' && p[2] == ' ' && strchr("kMGT", p[1]))
		p += 2; /* "3.38 k allocations" */
	return end - p > 11 && !memcmp(p, " allocation", 11);
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	switch (*s) {
	case 'B':
		return line_starts(l, "BenchmarkTools.Trial:") ? K_TRIAL : K_NONE;
	case 'R':
		return line_starts(l, "Range (min " ELLIPSIS " max):") && text_contains(s, n, GC_BAR) ? K_RANGE : K_NONE;
	case 'T':
		if (!line_starts(l, "Time ") || !text_contains(s, n, GC_BAR " GC ("))
			return K_NONE;
		return text_contains(s, n, "(median):") ? K_MEDIAN : text_contains(s, n, "(mean " PM) ? K_MEAN : K_NONE;
	case 'M':
		return line_starts(l, "Memory estimate:") && text_contains(s, n, "allocs estimate:") ? K_MEMORY : K_NONE;
	default:
		break;
	}
	for (size_t k = 0; k < countof(old_words); k++)
		if (line_starts(l, old_words[k]))
			return k == 0 && text_contains(s, n, "allocs estimate:") ? K_MEMORY : K_OLD;
	if (btime_line(s, n))
		return K_BTIME;
	if (text_contains(s, n, "Histogram: "))
		return K_OTHER; /* the histogram's axis */
	if ((unsigned char)*s == 0xe2)
		return histogram_line(s, n) ? K_OTHER : K_NONE;
	if (n >= 4 && s[0] == '-' && strspn(s, "-") == n)
		return K_OTHER; /* the old display's rules */
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * A trial's first line begins a block, and so do the lines of a trial
 * pasted without it (its Range, Time and Memory lines); each @btime or
 * @time line is a block of its own, so that the prompt above names it.
 * Inside a trial every line of its display continues it; the next trial
 * begins another.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (k == K_TRIAL || k == K_BTIME)
		return CLAIM_START;
	if (!in_block)
		return k == K_RANGE || k == K_MEDIAN || k == K_MEAN ? CLAIM_START : CLAIM_NONE;
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

struct parse {
	struct sink *s;
	struct sink_txn txn;
	uint32_t n; /* the open trial's samples (0: not said) */
	const struct line *last;
};

static void finish(struct parse *p)
{
	if (p->txn.open)
		sink_txn_finish(p->s, &p->txn, p->last, "BenchmarkTools trial without a figure");
	p->n = 0;
}

/* The open trial's run, begun at `l` when none is open. */
static uint32_t trial_run(struct parse *p, const struct line *l)
{
	if (!p->txn.open)
		bench_begin(p->s, &p->txn, l, "", 0);
	p->last = l;
	sink_run_end(p->s, p->txn.run, l);
	return p->txn.run;
}

/*
 * Figure `name` of the last match of `rx`, its unit in group `uname` (both
 * string literals: rx_named() caches by address), as `quantity` `stat` of
 * `run`, the unit one of `want` (seconds or bytes): 0, or -1 (nothing
 * added).
 */
static int figure(struct parse *p, struct rx *rx, uint32_t run, const char *name, const char *uname,
		  const char *quantity, enum stat_kind stat, enum unit want, const struct line *l)
{
	const char *num, *u;
	size_t nn, un;
	enum unit unit;
	double v;

	if (!rx_named(p->s->rx, rx, name, &num, &nn) || !rx_named(p->s->rx, rx, uname, &u, &un) ||
	    unit_value(num, nn, u, un, &unit, &v) < 0 || unit != want)
		return -1;
	sink_measure(p->s, run, quantity, stat, unit, v, p->n, l, num, nn);
	return 0;
}

/* A count group `name` of the last match as `quantity` of `run`. */
static int count(struct parse *p, struct rx *rx, uint32_t run, const char *name, const char *quantity,
		 const struct line *l)
{
	const char *num;
	size_t nn;
	double v;

	if (!rx_named(p->s->rx, rx, name, &num, &nn) || num_parse_digits(num, nn, &v) < 0)
		return -1;
	sink_measure(p->s, run, quantity, STAT_VALUE, UNIT_COUNT, v, p->n, l, num, nn);
	return 0;
}

/* The allocations of @btime's or @time's line: a count, scaled by @time's prefix ("3.38 k allocations"). */
static int allocations(struct parse *p, struct rx *rx, uint32_t run, const char *quantity, const struct line *l)
{
	const char *num, *k;
	size_t nn, kn;
	double v;

	if (!rx_named(p->s->rx, rx, "allocs", &num, &nn))
		return -1;
	if (!rx_named(p->s->rx, rx, "ak", &k, &kn))
		k = "", kn = 0;
	if (num_scale(num, nn, k, kn, &v) < 0 || v != floor(v))
		return -1;
	sink_measure(p->s, run, quantity, STAT_VALUE, UNIT_COUNT, v, 0, l, num, nn);
	return 0;
}

static void on_trial(struct parse *p, const struct line *l)
{
	struct rx *rx = &patterns[RX_TRIAL];
	const char *num;
	size_t nn;
	double v;

	finish(p);
	bench_begin(p->s, &p->txn, l, "", 0);
	p->last = l;
	if (rx_match(p->s->rx, rx, l->s, l->len) && rx_named(p->s->rx, rx, "n", &num, &nn) && nn &&
	    num_parse_digits(num, nn, &v) == 0)
		p->n = num_count(v);
}

/* One of the new display's figure lines. */
static void on_figures(struct parse *p, const struct line *l, enum kind k)
{
	uint32_t run = trial_run(p, l);
	int bad = 0;

	switch (k) {
	case K_RANGE:
		bad = !rx_match(p->s->rx, &patterns[RX_RANGE], l->s, l->len) ||
		      figure(p, &patterns[RX_RANGE], run, "min", "minu", "time_per_op", STAT_MIN, UNIT_SECOND, l) < 0 ||
		      figure(p, &patterns[RX_RANGE], run, "max", "maxu", "time_per_op", STAT_MAX, UNIT_SECOND, l) < 0;
		break;
	case K_MEDIAN:
		bad = !rx_match(p->s->rx, &patterns[RX_MEDIAN], l->s, l->len) ||
		      figure(p, &patterns[RX_MEDIAN], run, "median", "medianu", "time_per_op", STAT_MEDIAN, UNIT_SECOND, l) < 0;
		break;
	case K_MEAN:
		bad = !rx_match(p->s->rx, &patterns[RX_MEAN], l->s, l->len) ||
		      figure(p, &patterns[RX_MEAN], run, "mean", "meanu", "time_per_op", STAT_MEAN, UNIT_SECOND, l) < 0 ||
		      figure(p, &patterns[RX_MEAN], run, "sd", "sdu", "time_per_op", STAT_SD, UNIT_SECOND, l) < 0;
		break;
	case K_MEMORY:
		bad = !rx_match(p->s->rx, &patterns[RX_MEMORY], l->s, l->len) ||
		      figure(p, &patterns[RX_MEMORY], run, "mem", "memu", "bytes_per_op", STAT_VALUE, UNIT_BYTE, l) < 0 ||
		      count(p, &patterns[RX_MEMORY], run, "allocs", "allocs_per_op", l) < 0;
		break;
	default:
		break;
	}
	if (bad)
		sink_damage(p->s, run, l, "garbled BenchmarkTools line");
}

/* A line of the display before 1.0: "minimum time: 1.204 μs (0.00% GC)", "samples: 10000"... */
static void on_old(struct parse *p, const struct line *l)
{
	static const struct {
		const char *word;
		enum stat_kind stat;
	} times[] = { { "minimum", STAT_MIN }, { "median", STAT_MEDIAN }, { "mean", STAT_MEAN }, { "maximum", STAT_MAX } };
	uint32_t run = trial_run(p, l);
	struct rx *rx;
	const char *w, *num;
	size_t wn, nn;
	double v;

	if (rx_match(p->s->rx, rx = &patterns[RX_OLD_TIME], l->s, l->len) && rx_named(p->s->rx, rx, "stat", &w, &wn)) {
		for (size_t i = 0; i < countof(times); i++)
			if (strlen(times[i].word) == wn && !memcmp(times[i].word, w, wn) &&
			    figure(p, rx, run, "t", "tu", "time_per_op", times[i].stat, UNIT_SECOND, l) == 0)
				return;
	} else if (rx_match(p->s->rx, rx = &patterns[RX_OLD_COUNT], l->s, l->len) &&
		   rx_named(p->s->rx, rx, "what", &w, &wn) && rx_named(p->s->rx, rx, "v", &num, &nn) &&
		   num_parse_digits(num, nn, &v) == 0) {
		if (wn == 7 && !memcmp(w, "samples", 7)) {
			/* said below the figures: they take it as their count now */
			p->n = num_count(v);
			for (size_t i = p->txn.mark.meas; i < p->s->rs->nmeas; i++)
				if (p->s->rs->meas[i].run == run)
					p->s->rs->meas[i].n = p->n;
		} else if (wn == 15 && !memcmp(w, "allocs estimate", 15)) {
			sink_measure(p->s, run, "allocs_per_op", STAT_VALUE, UNIT_COUNT, v, p->n, l, num, nn);
		}
		return; /* (evals/sample: how the samples were taken, no figure) */
	} else if (rx_match(p->s->rx, rx = &patterns[RX_OLD_MEMORY], l->s, l->len) &&
		   figure(p, rx, run, "mem", "memu", "bytes_per_op", STAT_VALUE, UNIT_BYTE, l) == 0) {
		return;
	}
	sink_damage(p->s, run, l, "garbled BenchmarkTools line");
}

/* @btime's or @time's line: a run of its own. */
static void on_btime(struct parse *p, const struct line *l)
{
	struct rx *rx = &patterns[RX_BTIME];
	const char *u;
	size_t un;
	uint32_t run;
	int at_time;

	finish(p);
	/* (begun first: beginning a run matches patterns of its own, and the groups are read after) */
	run = bench_begin(p->s, &p->txn, l, "", 0);
	p->last = l;
	if (!rx_match(p->s->rx, rx, l->s, l->len) || !rx_named(p->s->rx, rx, "tu", &u, &un)) {
		sink_txn_rollback(p->s, &p->txn);
		bench_lost(p->s, l, "garbled @btime line");
		return;
	}
	at_time = un == 7 && !memcmp(u, "seconds", 7);
	{
		/* a comment after the line names what ran it ("# v1.8"): the author's name for the build */
		const char *note;
		size_t nn;

		if (rx_named(p->s->rx, rx, "note", &note, &nn) && nn) {
			struct run *r = &p->s->rs->runs[run];

			r->variant.text = sink_strndup(p->s, note, nn);
			r->variant.origin = VO_LABEL;
		}
	}
	if (figure(p, rx, run, "t", "tu", at_time ? "time" : "time_per_op", at_time ? STAT_VALUE : STAT_MIN, UNIT_SECOND, l) < 0 ||
	    figure(p, rx, run, "mem", "memu", "bytes_per_op", STAT_VALUE, UNIT_BYTE, l) < 0 ||
	    allocations(p, rx, run, "allocs_per_op", l) < 0) {
		sink_txn_rollback(p->s, &p->txn);
		bench_lost(p->s, l, "garbled @btime line");
		return;
	}
	finish(p);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct parse p = { .s = s };

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		switch (k) {
		case K_TRIAL:
			on_trial(&p, l);
			break;
		case K_RANGE:
		case K_MEDIAN:
		case K_MEAN:
		case K_MEMORY:
			on_figures(&p, l, k);
			break;
		case K_OLD:
			on_old(&p, l);
			break;
		case K_BTIME:
			on_btime(&p, l);
			break;
		default:
			break;
		}
	}
	finish(&p);
	return (int)(s->rs->nruns - first_run);
}

const struct parser btools_parser = {
	.fmt = FMT_BTOOLS,
	.starts = "BRT0123456789",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
