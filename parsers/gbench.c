/*
 * gbench.c - Google Benchmark's console output and tools/compare.py's.
 *
 * The console table ("Benchmark  Time  CPU  Iterations", rows
 * "BM_Foo/8  12.3 ns  12.3 ns  5600000 items_per_second=81.3M/s") gives
 * one run per benchmark name → SUBJECT.time_per_op and cpu_time_per_op
 * (a value; with --benchmark_repetitions the rows of one name are samples
 * and the _mean, _median and _stddev rows the mean, median and sd, their
 * Iterations cell the count), iterations, and the counters: throughput
 * (bytes_per_second, or an old "211.669MB/s" cell, 1024-based as the
 * library printed it), items_per_sec, others under their own names. The
 * context above it ("Run on (8 X 2400 MHz CPU s)", "CPU Caches:", "Load
 * Average:") is facts.
 *
 * compare.py's table ("Comparing A to B"; "Benchmark  Time  CPU  Time Old
 * Time New  CPU Old  CPU New") gives two runs a row, A's and B's, named
 * by the Comparing line's files (or filters), "old" and "new" when both
 * are one file. Its Time and CPU columns are ratios it derived: notes.
 * The old and new figures are in the benchmarks' time unit, which it does
 * not print: that of the same benchmark in a console table of the block,
 * else nanoseconds, the library's default (a note says so). Its _mean,
 * _median and _stddev rows are those statistics of the benchmark, rows of
 * one name next to each other its repetitions (samples).
 *
 * A compare.py session (RUNNING: lines, both console tables, the
 * comparison) is one block: its first table is A's, its second B's (a
 * lone table is B's when A is a JSON file, which compare.py does not run).
 * A comparison row whose figures a console run of its side printed
 * already (the same to the digits the comparison keeps) adds nothing but
 * its name: the console run keeps the figures, which have more digits,
 * the iterations and the counters, and takes the row's name as its
 * subject ("[BM_memcpy vs. BM_copy]/8" for the filter modes' BM_memcpy/8
 * and BM_copy/8), so that the pair compares; a figure the console run
 * lacks (an aggregate it did not show) is added to it.
 */
#include <math.h>

#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_ROW,
	RX_CMP_ROW,
	RX_COMPARING,
};

static struct rx patterns[] = {
	[RX_ROW] = { "gbench row",
		     "^(?<name>[^\\s]+)\\s+(?<t>[^\\s]+)\\s+(?<tu>ns|us|ms|s|%)\\s+(?<c>[^\\s]+)\\s+(?<cu>ns|us|ms|s|%)"
		     "(?:\\s+(?<it>[^\\s]+))?(?<rest>(?:\\s+[^\\s]+)*)\\s*$",
		     0 },
	[RX_CMP_ROW] = { "compare.py row",
			 "^(?<name>.+?)\\s+(?<dt>[^\\s]+)\\s+(?<dc>[^\\s]+)\\s+(?<to>[^\\s]+)\\s+(?<tn>[^\\s]+)"
			 "\\s+(?<co>[^\\s]+)\\s+(?<cn>[^\\s]+)\\s*$",
			 0 },
	[RX_COMPARING] = { "compare.py comparing",
			   "^Comparing (?<a>.+?)(?: \\(from (?<fa>[^)]*)\\))? to (?<b>.+?)(?: \\(from (?<fb>[^)]*)\\))?\\s*$",
			   0 },
};

/* What a line of Google Benchmark's or compare.py's output is, by its fixed words alone. */
enum kind {
	K_NONE,
	K_RUNNING,    /* "RUNNING: ./a.out --benchmark_out=/tmp/x" (compare.py) */
	K_CONTEXT,    /* "Run on (8 X 4000 MHz CPU s)", "CPU Caches:", "  L1 Data 32 KiB (x2)", the date... */
	K_HEADER,     /* "Benchmark  Time  CPU  Iterations" */
	K_RULE,       /* "-----------" */
	K_ROW,        /* "BM_memcpy/8  36 ns  36 ns  19101577 ...": a time unit after the second word */
	K_COMPARING,  /* "Comparing ./a.out to ./a.out" */
	K_CMP_HEADER, /* "Benchmark  Time  CPU  Time Old  Time New  CPU Old  CPU New" */
	K_CMP_ROW,    /* "BM_memcpy/8  +0.0020  +0.0020  36  36  36  36" */
	K__COUNT
};

static const char *const kinds[] = { "none", "running", "context", "header", "rule", "row", "comparing",
				     "cmp header", "cmp row" };

static int is_time_unit(const char *s, size_t n)
{
	return (n == 2 && (!memcmp(s, "ns", 2) || !memcmp(s, "us", 2) || !memcmp(s, "ms", 2))) ||
	       (n == 1 && (*s == 's' || *s == '%'));
}

/* The words of `l` (at most max), as spans. */
static int words(const struct line *l, const char **w, size_t *wn, int max)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;
	int n = 0;

	while (s < end && n < max) {
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s == end)
			break;
		w[n] = s;
		while (s < end && *s != ' ' && *s != '\t')
			s++;
		wn[n] = (size_t)(s - w[n]);
		n++;
	}
	return n;
}

static int same_word(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && !memcmp(a, b, an);
}

/* A compare.py row: its second and third words are signed ratios ("+0.0020", "-0.0468"). */
static int is_cmp_row(const struct line *l)
{
	const char *w[8];
	size_t wn[8];
	int n = words(l, w, wn, 8);

	for (int i = 1; i + 5 <= n; i++)
		if ((w[i][0] == '+' || w[i][0] == '-') && (w[i + 1][0] == '+' || w[i + 1][0] == '-') &&
		    wn[i] > 1 && char_is_digit(w[i][1]))
			return 1;
	return 0;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *w[5];
	size_t n = l->len - l->indent, wn[5];
	int nw;

	if (!n)
		return K_NONE;
	switch (*s) {
	case 'R':
		if (line_starts(l, "RUNNING: "))
			return K_RUNNING;
		if (line_starts(l, "Run on (") || line_starts(l, "Running "))
			return K_CONTEXT;
		break;
	case 'C':
		if (line_starts(l, "CPU Caches:"))
			return K_CONTEXT;
		if (line_starts(l, "Comparing ")) {
			/* "Comparing A to B", "Comparing A (from X) to B": one word, then "to" or "(from" */
			const char *cw[3];
			size_t cn[3];

			if (words(l, cw, cn, 3) == 3 &&
			    (same_word(cw[2], cn[2], "to", 2) || (cn[2] >= 5 && !memcmp(cw[2], "(from", 5))))
				return K_COMPARING;
		}
		break;
	case 'L':
		if (line_starts(l, "Load Average:") || (l->indent && (line_starts(l, "L1 ") || line_starts(l, "L2 ") ||
								      line_starts(l, "L3 ") || line_starts(l, "L4 "))))
			return K_CONTEXT;
		break;
	case '*':
		if (line_starts(l, "***WARNING***"))
			return K_CONTEXT;
		break;
	case '-':
		if (n >= 10 && s[1] == '-' && s[n - 1] == '-')
			return K_RULE;
		break;
	case 'B':
		if (line_starts(l, "Benchmark") && text_contains(s, n, " CPU")) {
			if (text_contains(s, n, "Time Old"))
				return K_CMP_HEADER;
			if (text_contains(s, n, "Iterations"))
				return K_HEADER;
		}
		break;
	default:
		break;
	}
	/* "2017-11-07 21:16:44", "2021-04-18T09:16:01-07:00": the date the library prints first */
	if (char_is_digit(*s) && n >= 16 && n <= 32 && s[4] == '-' && s[7] == '-' && s[13] == ':')
		return K_CONTEXT;
	nw = words(l, w, wn, 5);
	if (nw >= 5 && is_time_unit(w[2], wn[2]) && is_time_unit(w[4], wn[4]))
		return K_ROW;
	if (nw >= 3 && (memchr(s, '+', n) || memchr(s, '-', n)) && is_cmp_row(l))
		return K_CMP_ROW;
	if (text_contains(s, n, "U Test, Repetitions:"))
		return K_CMP_ROW;
	/* a row cut short or garbled: a name, then a figure and a time unit */
	if (nw >= 3 && is_time_unit(w[2], wn[2]) && !l->indent)
		return K_ROW;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	/* outside a block, the words of a line that begins one before the classifier */
	if (!in_block && !line_starts(l, "RUNNING: ") && !line_starts(l, "Run on (") && !line_starts(l, "Comparing ") &&
	    !(line_starts(l, "Benchmark") && text_contains(l->s + l->indent, l->len - l->indent, " CPU")))
		return CLAIM_NONE;
	k = classify(l);
	if (!in_block)
		return k == K_RUNNING || k == K_HEADER || k == K_CMP_HEADER || k == K_COMPARING ||
				       (k == K_CONTEXT && line_starts(l, "Run on ("))
			       ? CLAIM_START
			       : CLAIM_NONE;
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/* ---- parse ---- */

struct gb {
	struct sink *s;
	const struct block *b;
	uint32_t first_run;
	size_t first_meas;
	uint32_t table_first_run;      /* the runs of the console table being read begin here */
	int table;                     /* console tables seen in the block, less one */
	uint32_t tab_lo[2], tab_hi[2]; /* the runs of the first two console tables */
	int side_of[2];                /* the side of the comparison each of them is: 0 (A), 1 (B), -1 neither */
	uint32_t cmp_first_run;        /* the runs the comparison table made itself begin here */
	const char *name[2];           /* compare.py's A and B, or NULL */
	int compare;                   /* the block holds a "Comparing" line or compare.py's header */
	int in_cmp;
};

/* "BM_x/8_mean" → 3 (mean), _median 4, _stddev 5, _cv 6; 0 for a plain row. Sets the base's length. */
static int aggregate_of(const char *name, size_t n, size_t *base)
{
	static const char *const sfx[] = { "_mean", "_median", "_stddev", "_cv" };

	*base = n;
	for (size_t i = 0; i < countof(sfx); i++) {
		size_t k = strlen(sfx[i]);

		if (n > k && !memcmp(name + n - k, sfx[i], k)) {
			*base = n - k;
			return 3 + (int)i;
		}
	}
	return 0;
}

/*
 * The name of a row of kind `k` (K_ROW: its first word; K_CMP_ROW: what
 * stands before its ratios, which may hold blanks), for comparing
 * neighbours. Matches the line: earlier matches' groups are gone.
 */
static int row_name(struct rx_thread *rx, const struct line *l, enum kind k, const char **name, size_t *n)
{
	const char *w[1];
	size_t wn[1];
	struct rx *r = &patterns[RX_CMP_ROW];

	if (classify(l) != k)
		return 0;
	if (k == K_CMP_ROW)
		return rx_match(rx, r, l->s + l->indent, l->len - l->indent) && rx_named(rx, r, "name", name, n);
	if (words(l, w, wn, 1) < 1)
		return 0;
	*name = w[0], *n = wn[0];
	return 1;
}

/* Is the plain row i (of kind k) one of several of its name (repetitions), next to each other? */
static int repeated(struct rx_thread *rx, const struct block *b, uint32_t i, enum kind kind, const char *name,
		    size_t n)
{
	const char *o;
	size_t on, base;

	for (int d = -1; d <= 1; d += 2) {
		long k = (long)i + d;

		if (k < 0 || k >= (long)b->n || !row_name(rx, &b->lines[k], kind, &o, &on))
			continue;
		if (same_word(o, on, name, n))
			return 1;
		/* the first aggregate, or compare.py's U test row, follows the last repetition */
		if (d == 1 && (aggregate_of(o, on, &base) || (on > 7 && !memcmp(o + on - 7, "_pvalue", 7) &&
								(base = on - 7))) &&
		    same_word(o, base, name, n))
			return 1;
	}
	return 0;
}

/* The index the next sample of `run` takes: the time samples it has. */
static uint32_t next_sample(const struct gb *p, uint32_t run)
{
	uint32_t k = 0;

	for (size_t m = 0; m < p->s->rs->nsamples; m++)
		if (p->s->rs->samples[m].run == run && !strcmp(p->s->rs->samples[m].quantity, "time_per_op"))
			k++;
	return k;
}

/* The run of the current console table named `name`, or -1. */
static long table_run(struct gb *p, const char *name, size_t n)
{
	for (size_t i = p->s->rs->nruns; i-- > p->table_first_run;) {
		const char *subj = p->s->rs->runs[i].subject;

		if (strlen(subj) == n && !memcmp(subj, name, n))
			return (long)i;
	}
	return -1;
}

/* "81.3M", "11.5877Gi", "1.2k": a counter's number with its SI or binary prefix. 0, or -1. */
static int counter_value(const char *s, size_t n, double *v, int *per_s)
{
	const char *e = s + n;
	double f = 1;

	*per_s = 0;
	if (n > 2 && e[-2] == '/' && e[-1] == 's')
		e -= 2, *per_s = 1;
	if (e > s && e[-1] == 'i' && e - 1 > s && strchr("kKMGTP", e[-2]))
		f = e[-2] == 'M' ? 1048576.0 : e[-2] == 'G' ? 1073741824.0 : e[-2] == 'T' ? 1099511627776.0
		    : e[-2] == 'P' ? 1125899906842624.0 : 1024.0, e -= 2;
	else if (e > s && strchr("kKMGTP", e[-1]))
		f = e[-1] == 'M' ? 1e6 : e[-1] == 'G' ? 1e9 : e[-1] == 'T' ? 1e12 : e[-1] == 'P' ? 1e15 : 1e3, e--;
	if (num_parse(s, (size_t)(e - s), v) < 0)
		return -1;
	*v *= f;
	return 0;
}

/*
 * The cells after the iteration count: "name=value" counters, an old
 * "211.669MB/s" bytes rate, an old "81.3M items/s". With `dry`, only
 * whether each reads.
 */
static int counters(struct gb *p, uint32_t run, const struct line *l, const char *rest, size_t rn, int dry)
{
	for (const char *s = rest, *end = rest + rn; s < end;) {
		const char *w, *eq;
		size_t wn;
		double v;
		int per_s;

		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		for (w = s; s < end && *s != ' ' && *s != '\t'; s++)
			;
		if (!(wn = (size_t)(s - w)))
			break;
		if ((eq = memchr(w, '=', wn))) {
			size_t kn = (size_t)(eq - w), vn = wn - kn - 1;
			const char *q;
			enum unit u = UNIT_NONE;

			if (counter_value(eq + 1, vn, &v, &per_s) < 0)
				return -1;
			if (same_word(w, kn, "bytes_per_second", 16))
				q = "throughput", u = UNIT_BYTE_PER_S;
			else if (same_word(w, kn, "items_per_second", 16))
				q = "items_per_sec", u = UNIT_PER_S;
			else
				q = dry ? "" : sink_strndup(p->s, w, kn);
			if (!dry)
				sink_measure(p->s, run, q, STAT_VALUE, u, v, 0, l, eq + 1, vn);
		} else if (wn > 3 && !memcmp(w + wn - 3, "B/s", 3)) {
			/* the library's own bytes rate before counters: 1024-based prefixes */
			const char *e = w + wn - 3;
			double f = 1;

			if (e > w && strchr("kKMGT", e[-1]))
				f = e[-1] == 'M' ? 1048576.0 : e[-1] == 'G' ? 1073741824.0 : e[-1] == 'T' ? 1099511627776.0
													 : 1024.0, e--;
			if (num_parse(w, (size_t)(e - w), &v) < 0)
				return -1;
			if (!dry)
				sink_measure(p->s, run, "throughput", STAT_VALUE, UNIT_BYTE_PER_S, v * f, 0, l, w,
					     (size_t)(e - w));
		} else if (s + 8 <= end && !memcmp(s, " items/s", 8)) {
			if (counter_value(w, wn, &v, &per_s) < 0)
				return -1;
			if (!dry)
				sink_measure(p->s, run, "items_per_sec", STAT_VALUE, UNIT_PER_S, v, 0, l, w, wn);
			s += 8;
		} else {
			return -1; /* a label (SetLabel) or a word we do not know: the row is not read in part */
		}
	}
	return 0;
}

static void on_row(struct gb *p, uint32_t i, const struct line *l)
{
	struct rx *r = &patterns[RX_ROW];
	const char *name, *t, *tu, *c, *cu, *it = NULL, *rest = "";
	size_t nn, tn, tun, cn, cun, itn = 0, rn = 0, base;
	double tv, cv, iv = 0;
	enum unit u;
	int agg, rep;
	long run;
	static const enum stat_kind stat_of[] = { [3] = STAT_MEAN, [4] = STAT_MEDIAN, [5] = STAT_SD };

	if (!rx_match(p->s->rx, r, l->s + l->indent, l->len - l->indent) || !rx_named(p->s->rx, r, "name", &name, &nn) ||
	    !rx_named(p->s->rx, r, "t", &t, &tn) || !rx_named(p->s->rx, r, "tu", &tu, &tun) || !rx_named(p->s->rx, r, "c", &c, &cn) ||
	    !rx_named(p->s->rx, r, "cu", &cu, &cun)) {
		bench_lost(p->s, l, "garbled Google Benchmark row");
		return;
	}
	if (rx_named(p->s->rx, r, "it", &it, &itn) && num_parse(it, itn, &iv) < 0)
		it = NULL, itn = 0;
	if (!rx_named(p->s->rx, r, "rest", &rest, &rn))
		rest = "", rn = 0;
	agg = aggregate_of(name, nn, &base);
	if ((agg != 6 && (unit_value(t, tn, tu, tun, &u, &tv) < 0 || unit_value(c, cn, cu, cun, &u, &cv) < 0)) ||
	    (agg == 6 && (num_parse(t, tn, &tv) < 0 || num_parse(c, cn, &cv) < 0)) || !it ||
	    counters(p, 0, l, rest, rn, 1) < 0) {
		bench_lost(p->s, l, "garbled Google Benchmark row");
		return;
	}
	rep = !agg && repeated(p->s->rx, p->b, i, K_ROW, name, nn);
	run = table_run(p, name, agg ? base : nn);
	if (run < 0 || (!agg && !rep)) {
		run = bench_run(p->s, l, name, agg ? base : nn);
		if (p->compare && p->table < 2 && p->side_of[p->table] >= 0) {
			struct run *rr = &p->s->rs->runs[run];

			rr->variant.text = p->name[p->side_of[p->table]];
			rr->variant.origin = VO_LABEL;
		}
		if (p->table < 2)
			p->tab_hi[p->table] = (uint32_t)run + 1;
	}
	sink_run_end(p->s, (uint32_t)run, l);
	if (agg == 6) {
		sink_note(p->s, (uint32_t)run, NOTE_SUMMARY, l, "coefficient of variation: time %.*s%%, CPU %.*s%%",
			  (int)tn, t, (int)cn, c);
		return;
	}
	if (agg) {
		uint32_t n = num_count(iv);

		sink_measure(p->s, (uint32_t)run, "time_per_op", stat_of[agg], UNIT_SECOND, tv, n, l, t, tn);
		sink_measure(p->s, (uint32_t)run, "cpu_time_per_op", stat_of[agg], UNIT_SECOND, cv, n, l, c, cn);
		return;
	}
	if (rep) {
		uint32_t k = next_sample(p, (uint32_t)run);

		sink_sample(p->s, (uint32_t)run, "time_per_op", UNIT_SECOND, k, tv);
		sink_sample(p->s, (uint32_t)run, "cpu_time_per_op", UNIT_SECOND, k, cv);
		return;
	}
	sink_measure(p->s, (uint32_t)run, "time_per_op", STAT_VALUE, UNIT_SECOND, tv, 0, l, t, tn);
	sink_measure(p->s, (uint32_t)run, "cpu_time_per_op", STAT_VALUE, UNIT_SECOND, cv, 0, l, c, cn);
	sink_measure(p->s, (uint32_t)run, "iterations", STAT_VALUE, UNIT_COUNT, iv, 0, l, it, itn);
	counters(p, (uint32_t)run, l, rest, rn, 0);
}

/* The time unit of benchmark `name` in a console table of this block; "ns" when none has it. */
static const char *unit_in_block(struct gb *p, const char *name, size_t n, int *found)
{
	for (uint32_t i = 0; i < p->b->n; i++) {
		const struct line *l = &p->b->lines[i];
		const char *w[3];
		size_t wn[3];

		if (classify(l) == K_ROW && words(l, w, wn, 3) == 3 && same_word(w[0], wn[0], name, n)) {
			*found = 1;
			return w[2][0] == 'n' ? "ns" : w[2][0] == 'u' ? "us" : w[2][0] == 'm' ? "ms" : "s";
		}
	}
	*found = 0;
	return "ns";
}

/*
 * The name a comparison row's benchmark has in side `side`'s console
 * table: the filter modes print "[BM_memcpy vs. BM_copy]/8" for side A's
 * "BM_memcpy/8". Written into out (cap bytes); returns its length.
 */
static size_t side_name(const struct gb *p, int side, const char *name, size_t n, char *out, size_t cap)
{
	char mark[160];
	int mn = snprintf(mark, sizeof(mark), "[%s vs. %s]", p->name[0], p->name[1]);
	const char *at = mn > 0 && (size_t)mn < sizeof(mark) && (size_t)mn <= n ? text_find(name, n, mark) : NULL;
	int k;

	if (at && (size_t)(at - name) + (size_t)mn > n)
		at = NULL;
	if (!at)
		k = snprintf(out, cap, "%.*s", (int)n, name);
	else
		k = snprintf(out, cap, "%.*s%s%.*s", (int)(at - name), name, p->name[side],
			     (int)(n - (size_t)(at - name) - (size_t)mn), at + mn);
	return k < 0 ? 0 : (size_t)k >= cap ? cap - 1 : (size_t)k;
}

/* The run of side `side`'s console table named `a` (or, once renamed, `b`), or -1. */
static long console_run(const struct gb *p, int side, const char *a, size_t an, const char *b, size_t bn)
{
	for (int t = 0; t < 2 && t <= p->table; t++) {
		if (p->side_of[t] != side)
			continue;
		for (uint32_t i = p->tab_lo[t]; i < p->tab_hi[t]; i++) {
			const char *subj = p->s->rs->runs[i].subject;
			size_t sn = strlen(subj);

			if ((sn == an && !memcmp(subj, a, an)) || (sn == bn && !memcmp(subj, b, bn)))
				return (long)i;
		}
	}
	return -1;
}

/* The run this comparison made for side `side`'s benchmark `subject` (its aggregates, its repetitions), or -1. */
static long cmp_run(const struct gb *p, int side, const char *subject, size_t n)
{
	for (size_t i = p->s->rs->nruns; i-- > p->cmp_first_run;) {
		const struct run *r = &p->s->rs->runs[i];

		if (r->variant.text == p->name[side] && strlen(r->subject) == n && !memcmp(r->subject, subject, n))
			return (long)i;
	}
	return -1;
}

/* The run of side `side` for the comparison's benchmark `name`: its console run, else the comparison's; or -1. */
static long side_run(const struct gb *p, int side, const char *name, size_t n)
{
	char own[512];
	size_t on = side_name(p, side, name, n, own, sizeof(own));
	long run = console_run(p, side, own, on, name, n);

	return run >= 0 ? run : cmp_run(p, side, name, n);
}

/* The time unit the console row of `run` printed ("ns"...), or NULL. */
static const char *unit_of_run(const struct gb *p, uint32_t run)
{
	uint32_t no = p->s->rs->runs[run].first_line;

	for (uint32_t i = 0; i < p->b->n; i++) {
		const struct line *l = &p->b->lines[i];
		const char *w[3];
		size_t wn[3];

		if (l->no == no && classify(l) == K_ROW && words(l, w, wn, 3) == 3 && is_time_unit(w[2], wn[2]))
			return w[2][0] == 'n' ? "ns" : w[2][0] == 'u' ? "us" : w[2][0] == 'm' ? "ms" : "s";
	}
	return NULL;
}

/*
 * Does the console run `run` hold the figure a comparison row prints as
 * `printed` (in `unit`, rounded to a whole unit) for quantity q and stat?
 * 1 when it holds the same figure, 0 a different one, -1 none.
 */
static int console_has(const struct gb *p, uint32_t run, const char *q, enum stat_kind stat, double printed,
		       const char *unit)
{
	enum unit u;
	double one;

	if (unit_value("1", 1, unit, strlen(unit), &u, &one) < 0)
		return 0;
	for (size_t m = p->first_meas; m < p->s->rs->nmeas; m++) {
		const struct measurement *x = &p->s->rs->meas[m];

		if (x->run == run && x->stat == stat && !strcmp(x->quantity, q))
			return fabs(x->value - printed * one) <= one * (1 + 1e-9);
	}
	return -1;
}

static void on_cmp_row(struct gb *p, uint32_t i, const struct line *l)
{
	struct rx *r = &patterns[RX_CMP_ROW];
	const char *name, *dt, *dc, *f[4];
	size_t nn, dtn, dcn, fn[4], base;
	static const char *const g[4] = { "to", "tn", "co", "cn" };
	static const enum stat_kind stat_of[] = { [0] = STAT_VALUE, [3] = STAT_MEAN, [4] = STAT_MEDIAN, [5] = STAT_SD };
	double v[4], d;
	int agg, rep;

	if (text_contains(l->s, l->len, "U Test, Repetitions:") || line_starts(l, "OVERALL_GEOMEAN")) {
		/* compare.py's own tests and summaries: what it concluded, not a build's figures (on B's run) */
		const char *pv = text_find(l->s + l->indent, l->len - l->indent, "_pvalue ");
		long run = pv ? side_run(p, 1, l->s + l->indent, (size_t)(pv - l->s - l->indent)) : -1;

		if (run < 0 && p->s->rs->nruns > p->first_run)
			run = (long)p->s->rs->nruns - 1;
		if (run >= 0)
			sink_note(p->s, (uint32_t)run, NOTE_SUMMARY, l, "compare.py: %.*s",
				  (int)(line_end(l) - l->indent), l->s + l->indent);
		return;
	}
	if (!rx_match(p->s->rx, r, l->s + l->indent, l->len - l->indent) || !rx_named(p->s->rx, r, "name", &name, &nn) ||
	    !rx_named(p->s->rx, r, "dt", &dt, &dtn) || !rx_named(p->s->rx, r, "dc", &dc, &dcn)) {
		bench_lost(p->s, l, "garbled compare.py row");
		return;
	}
	for (int k = 0; k < 4; k++)
		if (!rx_named(p->s->rx, r, g[k], &f[k], &fn[k]) || num_parse(f[k], fn[k], &v[k]) < 0) {
			bench_lost(p->s, l, "garbled compare.py row");
			return;
		}
	if (num_parse(dt + 1, dtn - 1, &d) < 0 || num_parse(dc + 1, dcn - 1, &d) < 0) {
		bench_lost(p->s, l, "garbled compare.py row");
		return;
	}
	agg = aggregate_of(name, nn, &base);
	rep = !agg && repeated(p->s->rx, p->b, i, K_CMP_ROW, name, nn); /* (the match of this row is gone) */
	for (int side = 0; side < 2; side++) {
		char own[512];
		size_t on = side_name(p, side, name, base, own, sizeof(own));
		long run = console_run(p, side, own, on, name, base);
		const char *unit = run >= 0 ? unit_of_run(p, (uint32_t)run) : NULL;
		int found = unit != NULL, had[2] = { -1, -1 };
		enum unit u;
		double t, c;

		if (!unit)
			unit = unit_in_block(p, own, on, &found);
		if (run >= 0 && agg != 6) {
			had[0] = rep ? 1 : console_has(p, (uint32_t)run, "time_per_op", stat_of[agg], v[side], unit);
			had[1] = rep ? 1 : console_has(p, (uint32_t)run, "cpu_time_per_op", stat_of[agg], v[2 + side], unit);
			if (!had[0] || !had[1]) {
				/* other figures than the console's: not the same run */
				run = -1;
				had[0] = had[1] = -1;
			}
		}
		if (run >= 0) {
			/* the console run is this row's, for this side: it takes the comparison's name */
			struct run *rr = &p->s->rs->runs[run];

			if (strlen(rr->subject) != base || memcmp(rr->subject, name, base))
				rr->subject = sink_strndup(p->s, name, base);
			sink_run_end(p->s, (uint32_t)run, l);
		} else {
			run = cmp_run(p, side, name, base);
			if (run < 0 || (!agg && !rep)) {
				run = bench_run(p->s, l, name, base);
				p->s->rs->runs[run].variant.text = p->name[side];
				p->s->rs->runs[run].variant.origin = VO_LABEL;
			}
			sink_run_end(p->s, (uint32_t)run, l);
		}
		unit_value(f[side], fn[side], unit, strlen(unit), &u, &t);
		unit_value(f[2 + side], fn[2 + side], unit, strlen(unit), &u, &c);
		if (agg == 6) {
			/* compare.py prints the coefficients of variation in the time unit, rounded: nothing to read */
		} else if (rep && had[0] < 0) {
			uint32_t k = next_sample(p, (uint32_t)run);

			sink_sample(p->s, (uint32_t)run, "time_per_op", UNIT_SECOND, k, t);
			sink_sample(p->s, (uint32_t)run, "cpu_time_per_op", UNIT_SECOND, k, c);
		} else {
			if (had[0] < 0)
				sink_measure(p->s, (uint32_t)run, "time_per_op", stat_of[agg], UNIT_SECOND, t, 0, l,
					     f[side], fn[side]);
			if (had[1] < 0)
				sink_measure(p->s, (uint32_t)run, "cpu_time_per_op", stat_of[agg], UNIT_SECOND, c, 0,
					     l, f[2 + side], fn[2 + side]);
			if (!found && (had[0] < 0 || had[1] < 0))
				sink_note(p->s, (uint32_t)run, NOTE_INFO, l,
					  "compare.py prints times in the benchmark's own unit: read as nanoseconds, the default");
		}
		if (side)
			sink_note(p->s, (uint32_t)run, NOTE_SUMMARY, l, "compare.py%s%.*s: time %.*s, CPU %.*s ((new - old) / |old|)",
				  agg ? " " : "", agg ? (int)(nn - base - 1) : 0, name + base + 1,
				  (int)dtn, dt, (int)dcn, dc);
	}
}

/* "Comparing A to B", "Comparing BM_a (from ./x) to BM_b (from ./y)": the names of the two sides. */
static void on_comparing(struct gb *p, const struct line *l)
{
	struct rx *r = &patterns[RX_COMPARING];
	const char *a, *b;
	size_t an, bn;

	p->name[0] = "old";
	p->name[1] = "new";
	if (!rx_match(p->s->rx, r, l->s + l->indent, line_end(l) - l->indent) || !rx_named(p->s->rx, r, "a", &a, &an) ||
	    !rx_named(p->s->rx, r, "b", &b, &bn) || same_word(a, an, b, bn))
		return;
	p->name[0] = sink_strndup(p->s, a, an);
	p->name[1] = sink_strndup(p->s, b, bn);
}

/* Does `s` name a JSON file (".json")? */
static int is_json_name(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	return n > 5 && !strcmp(s + n - 5, ".json");
}

static int parse(const struct block *b, struct sink *s)
{
	struct gb p = { .s = s, .b = b, .first_run = (uint32_t)s->rs->nruns, .first_meas = s->rs->nmeas,
			.table = -1, .side_of = { 0, 1 } };
	int tables = 0, rows = 0;

	/* a compare.py session names its tables by its Comparing line, wherever it is in the block */
	for (uint32_t i = 0; i < b->n; i++) {
		enum kind k = classify(&b->lines[i]);

		if (k == K_COMPARING && !p.compare) {
			on_comparing(&p, &b->lines[i]);
			p.compare = 1;
		} else if (k == K_CMP_HEADER && !p.compare) {
			p.name[0] = "old", p.name[1] = "new";
			p.compare = 1;
		} else if (k == K_HEADER) {
			tables++;
		} else if (k == K_ROW) {
			rows = 1;
		}
	}
	/* compare.py runs a binary, not a JSON file: a lone table is the side that ran, or neither's */
	if (p.compare && is_json_name(p.name[0]) && is_json_name(p.name[1]))
		p.side_of[0] = p.side_of[1] = -1;
	else if (p.compare && tables + (!tables && rows) == 1 && is_json_name(p.name[0]))
		p.side_of[0] = 1;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *v = l->s + l->indent;
		size_t vn = line_end(l) - l->indent;

		switch (classify(l)) {
		case K_CONTEXT:
			if (line_starts(l, "Run on ("))
				sink_fact(s, l, "cpu", sink_strndup(s, v + 7, vn - 7));
			else if (line_starts(l, "Load Average:"))
				sink_fact(s, l, "load_average", sink_strndup(s, v + 14, vn > 14 ? vn - 14 : 0));
			else if (l->indent && line_starts(l, "L"))
				sink_fact(s, l, "cpu_cache", sink_strndup(s, v, vn));
			else if (line_starts(l, "***WARNING***"))
				sink_fact(s, l, "warning", sink_strndup(s, v, vn));
			break;
		case K_HEADER:
			p.table++;
			p.in_cmp = 0;
			p.table_first_run = (uint32_t)s->rs->nruns;
			if (p.table < 2)
				p.tab_lo[p.table] = p.tab_hi[p.table] = p.table_first_run;
			break;
		case K_ROW:
			if (p.table < 0)
				p.table = 0, p.table_first_run = p.tab_lo[0] = p.tab_hi[0] = (uint32_t)s->rs->nruns;
			if (!p.in_cmp)
				on_row(&p, i, l);
			break;
		case K_COMPARING:
			on_comparing(&p, l);
			break;
		case K_CMP_HEADER:
			p.in_cmp = 1;
			p.cmp_first_run = (uint32_t)s->rs->nruns;
			break;
		case K_CMP_ROW:
			if (p.in_cmp)
				on_cmp_row(&p, i, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - p.first_run);
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "RUNNING: ", "Run on (", "Comparing ", "Benchmark", NULL };

const struct parser gbench_parser = {
	.fmt = FMT_GBENCH,
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
