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
 * else nanoseconds, the library's default (a note says so). A compare.py
 * session (RUNNING: lines, both console tables, the comparison) is one
 * block: its first table is A's, its second B's.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_ROW,
	RX_CMP_ROW,
	RX_COMPARING,
};

#define NUM "[0-9]+(?:\\.[0-9]+)?(?:e[+-]?[0-9]+)?"

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
			    (same_word(cw[2], cn[2], "to", 2) || (cn[2] > 5 && !memcmp(cw[2], "(from", 5))))
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
	if (!in_block && !line_starts(l, "R") && !line_starts(l, "Benchmark") && !line_starts(l, "Comparing "))
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
	uint32_t table_first_run; /* the runs of the console table being read begin here */
	int table;                /* console tables seen in the block, less one */
	const char *name[2];      /* compare.py's A and B, or NULL */
	int compare;              /* the block holds a "Comparing" line */
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

/* The name of a console row (its first word), for comparing neighbours. */
static int row_name(const struct line *l, const char **name, size_t *n)
{
	const char *w[1];
	size_t wn[1];

	if (classify(l) != K_ROW || words(l, w, wn, 1) < 1)
		return 0;
	*name = w[0], *n = wn[0];
	return 1;
}

/* Is the plain row i one of several of its name (repetitions), next to each other? */
static int repeated(const struct block *b, uint32_t i, const char *name, size_t n)
{
	const char *o;
	size_t on, base;

	for (int d = -1; d <= 1; d += 2) {
		long k = (long)i + d;

		if (k < 0 || k >= (long)b->n || !row_name(&b->lines[k], &o, &on))
			continue;
		if (same_word(o, on, name, n))
			return 1;
		if (d == 1 && aggregate_of(o, on, &base) && same_word(o, base, name, n))
			return 1;
	}
	return 0;
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

	if (!rx_match(r, l->s + l->indent, l->len - l->indent) || !rx_named(r, "name", &name, &nn) ||
	    !rx_named(r, "t", &t, &tn) || !rx_named(r, "tu", &tu, &tun) || !rx_named(r, "c", &c, &cn) ||
	    !rx_named(r, "cu", &cu, &cun)) {
		bench_lost(p->s, l, "garbled Google Benchmark row");
		return;
	}
	if (rx_named(r, "it", &it, &itn) && num_parse(it, itn, &iv) < 0)
		it = NULL, itn = 0;
	if (!rx_named(r, "rest", &rest, &rn))
		rest = "", rn = 0;
	agg = aggregate_of(name, nn, &base);
	if ((agg != 6 && (unit_value(t, tn, tu, tun, &u, &tv) < 0 || unit_value(c, cn, cu, cun, &u, &cv) < 0)) ||
	    (agg == 6 && (num_parse(t, tn, &tv) < 0 || num_parse(c, cn, &cv) < 0)) || !it ||
	    counters(p, 0, l, rest, rn, 1) < 0) {
		bench_lost(p->s, l, "garbled Google Benchmark row");
		return;
	}
	rep = !agg && repeated(p->b, i, name, nn);
	run = table_run(p, name, agg ? base : nn);
	if (run < 0 || (!agg && !rep)) {
		run = bench_run(p->s, l, name, agg ? base : nn);
		if (p->compare && p->table < 2) {
			struct run *rr = &p->s->rs->runs[run];

			rr->variant.text = p->name[p->table];
			rr->variant.origin = VO_LABEL;
		}
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
		size_t k = 0;

		for (size_t m = 0; m < p->s->rs->nsamples; m++)
			if (p->s->rs->samples[m].run == (uint32_t)run && !strcmp(p->s->rs->samples[m].quantity, "time_per_op"))
				k++;
		sink_sample(p->s, (uint32_t)run, "time_per_op", UNIT_SECOND, (uint32_t)k, tv);
		sink_sample(p->s, (uint32_t)run, "cpu_time_per_op", UNIT_SECOND, (uint32_t)k, cv);
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

static void on_cmp_row(struct gb *p, const struct line *l)
{
	struct rx *r = &patterns[RX_CMP_ROW];
	const char *name, *dt, *dc, *f[4];
	size_t nn, dtn, dcn, fn[4];
	static const char *const g[4] = { "to", "tn", "co", "cn" };
	double v[4], d;
	const char *unit;
	int found;

	if (text_contains(l->s, l->len, "U Test, Repetitions:") || line_starts(l, "OVERALL_GEOMEAN")) {
		/* compare.py's own tests and summaries: what it concluded, not a build's figures */
		if (p->s->rs->nruns > p->first_run)
			sink_note(p->s, (uint32_t)p->s->rs->nruns - 1, NOTE_SUMMARY, l, "compare.py: %.*s",
				  (int)(line_end(l) - l->indent), l->s + l->indent);
		return;
	}
	if (!rx_match(r, l->s + l->indent, l->len - l->indent) || !rx_named(r, "name", &name, &nn) ||
	    !rx_named(r, "dt", &dt, &dtn) || !rx_named(r, "dc", &dc, &dcn)) {
		bench_lost(p->s, l, "garbled compare.py row");
		return;
	}
	for (int k = 0; k < 4; k++)
		if (!rx_named(r, g[k], &f[k], &fn[k]) || num_parse(f[k], fn[k], &v[k]) < 0) {
			bench_lost(p->s, l, "garbled compare.py row");
			return;
		}
	if (num_parse(dt + 1, dtn - 1, &d) < 0 || num_parse(dc + 1, dcn - 1, &d) < 0) {
		bench_lost(p->s, l, "garbled compare.py row");
		return;
	}
	unit = unit_in_block(p, name, nn, &found);
	for (int side = 0; side < 2; side++) {
		uint32_t run = bench_run(p->s, l, name, nn);
		struct run *rr = &p->s->rs->runs[run];
		enum unit u;
		double t, c;

		rr->variant.text = p->name[side];
		rr->variant.origin = VO_LABEL;
		unit_value(f[side], fn[side], unit, strlen(unit), &u, &t);
		unit_value(f[2 + side], fn[2 + side], unit, strlen(unit), &u, &c);
		sink_measure(p->s, run, "time_per_op", STAT_VALUE, UNIT_SECOND, t, 0, l, f[side], fn[side]);
		sink_measure(p->s, run, "cpu_time_per_op", STAT_VALUE, UNIT_SECOND, c, 0, l, f[2 + side],
			     fn[2 + side]);
		if (!found)
			sink_note(p->s, run, NOTE_INFO, l,
				  "compare.py prints times in the benchmark's own unit: read as nanoseconds, the default");
		if (side)
			sink_note(p->s, run, NOTE_SUMMARY, l, "compare.py: time %.*s, CPU %.*s ((new - old) / |old|)",
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
	if (!rx_match(r, l->s + l->indent, line_end(l) - l->indent) || !rx_named(r, "a", &a, &an) ||
	    !rx_named(r, "b", &b, &bn) || same_word(a, an, b, bn))
		return;
	p->name[0] = sink_strndup(p->s, a, an);
	p->name[1] = sink_strndup(p->s, b, bn);
}

static int parse(const struct block *b, struct sink *s)
{
	struct gb p = { .s = s, .b = b, .first_run = (uint32_t)s->rs->nruns, .table = -1 };

	/* a compare.py session names its tables by its Comparing line, wherever it is in the block */
	for (uint32_t i = 0; i < b->n; i++)
		if (classify(&b->lines[i]) == K_COMPARING) {
			on_comparing(&p, &b->lines[i]);
			p.compare = 1;
			break;
		}
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
			break;
		case K_ROW:
			if (p.table < 0)
				p.table = 0, p.table_first_run = (uint32_t)s->rs->nruns;
			if (!p.in_cmp)
				on_row(&p, i, l);
			break;
		case K_COMPARING:
			on_comparing(&p, l);
			break;
		case K_CMP_HEADER:
			p.in_cmp = 1;
			if (!p.name[0])
				p.name[0] = "old", p.name[1] = "new";
			break;
		case K_CMP_ROW:
			if (p.in_cmp)
				on_cmp_row(&p, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - p.first_run);
}

const struct parser gbench_parser = {
	.fmt = FMT_GBENCH,
	.starts = "RBC",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
