/*
 * jmh.c - JMH's output: the summary table ("Benchmark (param) Mode Cnt
 * Score Error Units", rows "Bench.x 1000 thrpt 20 33.423 ± 7.678 ops/ms")
 * and the log before it ("# JMH version", "# Benchmark: ...", "Iteration
 * 1: 328515.504 ops/s", the "Result" blocks). One run per benchmark and
 * parameter set, its subject the name with the parameters
 * ("MethodHandleStress.work(classes: 1000, instances: 100)") →
 * SUBJECT.ops_per_sec (thrpt) or time_per_op (avgt, sample, ss): the Score
 * is a mean of Cnt iterations, its Error half the 99.9% interval (err999);
 * the log's measurement iterations are samples, its Result block gives the
 * min, max and stdev. Secondary rows ("Bench.x:·gc.alloc.rate") belong to
 * their benchmark's run: alloc_rate (JMH's "MB/sec" are MiB), bytes_per_op
 * (gc.alloc.rate.norm), gc.count, gc.time, gc.churn.*; the sample mode's
 * p0.00, p0.50 and p1.00 are the min, median and max, the others
 * time_per_op.p90 and so on. A score JMH prints as "≈ 0" is no figure.
 * A summary row of a benchmark whose log is in the same block adds nothing.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

#define PM "\xc2\xb1"          /* ± */
#define APPROX "\xe2\x89\x88" /* ≈ */

enum {
	RX_ROW,
	RX_ITER,
	RX_RESULT_MEAN,
	RX_RESULT_RANGE,
	RX_QUOTED,
};

static struct rx patterns[] = {
	[RX_ROW] = { "jmh row",
		     "^(?<name>[^\\s]+)(?<params>(?:\\s+[^\\s]+)*?)\\s+(?<mode>thrpt|avgt|sample|ss)"
		     "(?:\\s+(?<cnt>[0-9]+))?\\s+(?:(?<score>[^\\s" APPROX "]+)|" APPROX "\\s*(?<approx>[^\\s]+))"
		     "(?:\\s+" PM "\\s+(?<err>[^\\s]+))?\\s+(?<unit>[^\\s]+)\\s*$",
		     0 },
	[RX_ITER] = { "jmh iteration", "^Iteration\\s+(?<i>[0-9]+):\\s+(?<v>[^\\s]+)\\s+(?<unit>[^\\s]+)\\s*$", 0 },
	[RX_RESULT_MEAN] = { "jmh result mean",
			     "^\\s*(?<v>[^\\s]+)\\s+" PM "\\(99\\.9%\\)\\s+(?<err>[^\\s]+)\\s+(?<unit>[^\\s]+)"
			     "\\s+\\[[A-Za-z ]+\\]\\s*$",
			     0 },
	[RX_RESULT_RANGE] = { "jmh result range",
			      "^\\s*\\(min, avg, max\\) = \\((?<min>[^\\s,]+(?:,[0-9]+)?), (?<avg>[^\\s,]+(?:,[0-9]+)?), "
			      "(?<max>[^\\s,)]+(?:,[0-9]+)?)\\), stdev = (?<sd>[^\\s]+)\\s*$",
			      0 },
	[RX_QUOTED] = { "jmh quoted name", "\"(?<name>[^\"]+)\"", 0 },
};

/* What a line of JMH's output is, by its fixed words alone. */
enum kind {
	K_NONE,
	K_HEADER,    /* "Benchmark  (p)  Mode  Cnt  Score  Error  Units" */
	K_ROW,       /* a summary row: a mode word between the name and the score */
	K_JMH,       /* "# JMH version: 1.32": a benchmark's log begins */
	K_BENCHMARK, /* "# Benchmark: org.example.Bench.x" */
	K_PARAMS,    /* "# Parameters: (size = 10)" */
	K_HASH,      /* the other "# ..." lines of the log, warmup iterations among them */
	K_ITER,      /* "Iteration   1: 328515.504 ops/s" */
	K_RESULT,    /* "Result \"org.example.Bench.x\":" or "Secondary result \"...\":" */
	K_DETAIL,    /* an indented line under an iteration or a result */
	K_REMEMBER,  /* "REMEMBER: The numbers below are just data." and its paragraph */
	K_SEPARATOR, /* "--": grep's line between the groups of lines it printed */
	K__COUNT
};

static const char *const kinds[] = { "none",   "header", "row",    "jmh",    "benchmark", "params",
				     "hash",   "iter",   "result", "detail", "remember",
				     "separator" };

static const char *const hash_words[] = {
	"# VM version:", "# VM invoker:", "# VM options:", "# Blackhole mode:", "# Warmup:",
	"# Measurement:", "# Timeout:", "# Threads:", "# Benchmark mode:", "# Run progress:",
	"# Fork:", "# Warmup Iteration", "# Run complete.", "# Detecting actual CPU count",
	"# Compiler hints:", "# JMH blackhole", "# Warmup Fork:", "# Processing profiler",
};

/* " thrpt ", " avgt ", " sample ", " ss ": a mode word between blanks. */
static int has_mode(const char *s, size_t n)
{
	static const char *const modes[] = { "thrpt", "avgt", "sample", "ss" };

	for (size_t m = 0; m < countof(modes); m++) {
		size_t k = strlen(modes[m]);

		for (const char *p = s, *end = s + n; (p = text_find(p, (size_t)(end - p), modes[m])); p += k)
			if (p > s && (p[-1] == ' ' || p[-1] == '\t') && p + k < end && (p[k] == ' ' || p[k] == '\t'))
				return 1;
	}
	return 0;
}

/*
 * "# Benchmark: org.example.Bench.x": JMH names the benchmark by its
 * class and method, one word with a dot. A Markdown heading "# Benchmark:"
 * or "# Benchmark: results" is an author's, not JMH's.
 */
static int benchmark_line(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len, *w;
	static const char head[] = "# Benchmark:";

	if (!line_starts(l, head))
		return 0;
	for (s += sizeof(head) - 1; s < end && (*s == ' ' || *s == '\t'); s++)
		;
	for (w = s; s < end && *s != ' ' && *s != '\t'; s++)
		;
	if (s == w || !memchr(w, '.', (size_t)(s - w)))
		return 0;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return s == end;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (!n)
		return K_NONE;
	if (*s == '#') {
		if (line_starts(l, "# JMH version:"))
			return K_JMH;
		if (benchmark_line(l))
			return K_BENCHMARK;
		if (line_starts(l, "# Parameters:"))
			return K_PARAMS;
		for (size_t i = 0; i < countof(hash_words); i++)
			if (line_starts(l, hash_words[i]))
				return K_HASH;
		return K_NONE;
	}
	if (line_starts(l, "Benchmark") && text_contains(s, n, " Mode") && text_contains(s, n, "Score"))
		return K_HEADER;
	if (line_starts(l, "Iteration "))
		return K_ITER;
	if (line_starts(l, "Result \"") || line_starts(l, "Secondary result \""))
		return K_RESULT;
	if (line_starts(l, "REMEMBER:"))
		return K_REMEMBER;
	if (n == 2 && s[0] == '-' && s[1] == '-')
		return K_SEPARATOR;
	if (l->indent && (text_contains(s, n, PM "(99.9%)") || line_starts(l, "(min, avg, max)") ||
			  line_starts(l, "CI (99.9%)") || memchr(s, ':', n) || memchr(s, '=', n)))
		return K_DETAIL;
	/* a mode word between blanks, and JMH's "±" or one of its units */
	return has_mode(s, n) && (text_contains(s, n, PM) || text_contains(s, n, "/op") ||
				  text_contains(s, n, "ops/") || text_contains(s, n, "/sec") ||
				  line_ends(l, "counts") || line_ends(l, " ms"))
		       ? K_ROW
		       : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	uint8_t remember; /* lines of the REMEMBER paragraph claimed so far (0: not in it) */
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;

	if (!in_block) {
		const char *s = l->s + l->indent;
		size_t n = l->len - l->indent;

		/*
		 * a log's first line, a header, or a row with its "±"; of the
		 * lines that begin "Benchmark", Criterion's and ab's "Benchmarking
		 * NAME" are neither, and "Benchmark " is a header only with its
		 * " Mode" (hyperfine's "Benchmark 1: ..." has none)
		 */
		if (n < 4 || (*s == '#' ? !line_starts(l, "# JMH version") && !benchmark_line(l)
			      : *s == 'B' ? !line_starts(l, "Benchmark") || line_starts(l, "Benchmarking ") ||
						    (line_starts(l, "Benchmark ") && !text_contains(s, n, " Mode"))
					  : !memchr(s, 0xc2, n) || !text_contains(s, n, PM)))
			return CLAIM_NONE;
	}
	k = classify(l);
	if (in_block && st->remember && k != K_HEADER) {
		/* JMH's reminder is a paragraph of prose between the log and the summary */
		if (st->remember++ < 8)
			return CLAIM_BODY;
		st->remember = 0;
	}
	if (k == K_REMEMBER && in_block)
		st->remember = 1;
	if (!in_block)
		return k == K_JMH || k == K_BENCHMARK || k == K_HEADER || k == K_ROW ? CLAIM_START : CLAIM_NONE;
	if (k == K_HEADER)
		st->remember = 0;
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/* ---- figures ---- */

/* A JMH number: "33.423", "100632,205" (a comma-decimal locale). 0, or -1. */
static int jmh_num(const char *s, size_t n, double *v)
{
	char buf[64];
	int k = num_unlocalize(s, n, 1, buf, sizeof(buf));

	return k < 0 ? -1 : num_parse(buf, (size_t)k, v);
}

/*
 * What a printed unit makes of a figure: its quantity (NULL to take the
 * caller's), its SI unit and factor. "ops/ms" is a rate, "us/op" a time
 * per op; JMH's "MB/sec" are MiB (its GC profiler divides by 2^20).
 */
static int jmh_unit(const char *u, size_t un, const char **quantity, enum unit *unit, double *factor)
{
	if (un > 3 && !memcmp(u + un - 3, "/op", 3) && unit_lookup(u, un - 3, unit, factor) == 0 &&
	    *unit == UNIT_SECOND) {
		*quantity = "time_per_op";
		return 0;
	}
	if (un == 4 && !memcmp(u, "B/op", 4)) {
		*quantity = NULL, *unit = UNIT_BYTE, *factor = 1;
		return 0;
	}
	if (un > 4 && !memcmp(u, "ops/", 4)) {
		static const struct {
			const char *per;
			double f;
		} per[] = { { "s", 1 }, { "ms", 1e3 }, { "us", 1e6 }, { "ns", 1e9 }, { "min", 1.0 / 60 },
			    { "hr", 1.0 / 3600 } };

		for (size_t i = 0; i < countof(per); i++)
			if (un - 4 == strlen(per[i].per) && !memcmp(u + 4, per[i].per, un - 4)) {
				*quantity = "ops_per_sec", *unit = UNIT_PER_S, *factor = per[i].f;
				return 0;
			}
		return -1;
	}
	if (un == 6 && !memcmp(u, "MB/sec", 6)) {
		*quantity = NULL, *unit = UNIT_BYTE_PER_S, *factor = 1048576.0;
		return 0;
	}
	if (un == 6 && !memcmp(u, "counts", 6)) {
		*quantity = NULL, *unit = UNIT_COUNT, *factor = 1;
		return 0;
	}
	if (unit_lookup(u, un, unit, factor) == 0) {
		*quantity = NULL;
		return 0;
	}
	return -1;
}

/*
 * The quantity and stat of a secondary result's label ("gc.alloc.rate",
 * "·gc.alloc.rate.norm", "measureSample·p0.50", "p0.99"), copied into the
 * arena when it is a name of its own; NULL when the label is not one we
 * know (its figure then keeps the label's name, without a unit).
 */
static const char *secondary_quantity(struct sink *s, const char *lab, size_t n, enum stat_kind *stat,
				      int *known)
{
	const char *dot = NULL;
	char q[80];

	for (size_t i = 0; i + 1 < n; i++) /* after the last '·' */
		if ((unsigned char)lab[i] == 0xc2 && (unsigned char)lab[i + 1] == 0xb7)
			dot = lab + i + 2;
	if (dot)
		n -= (size_t)(dot - lab), lab = dot;
	*stat = STAT_VALUE;
	*known = 1;
#define IS(w) (n == strlen(w) && !memcmp(lab, w, n))
	if (IS("gc.alloc.rate"))
		return "alloc_rate";
	if (IS("gc.alloc.rate.norm"))
		return "bytes_per_op";
	if (IS("gc.count"))
		return "gc.count";
	if (IS("gc.time"))
		return "gc.time";
	if (IS("p0.00"))
		return *stat = STAT_MIN, "time_per_op";
	if (IS("p0.50"))
		return *stat = STAT_MEDIAN, "time_per_op";
	if (IS("p1.00"))
		return *stat = STAT_MAX, "time_per_op";
#undef IS
	if (n > 9 && !memcmp(lab, "gc.churn.", 9))
		return sink_strndup(s, lab, n);
	if (n >= 5 && !memcmp(lab, "p0.", 3) && n < 20) {
		/* p0.999 → time_per_op.p99.9, p0.90 → time_per_op.p90 */
		size_t d = n - 3, f = d > 2 ? d - 2 : 0, o = (size_t)snprintf(q, sizeof(q), "time_per_op.p");

		while (f > 0 && lab[5 + f - 1] == '0')
			f--;
		memcpy(q + o, lab + 3, d < 2 ? d : 2);
		o += d < 2 ? d : 2;
		if (f) {
			q[o++] = '.';
			memcpy(q + o, lab + 5, f);
			o += f;
		}
		return sink_strndup(s, q, o);
	}
	*known = 0;
	return sink_strndup(s, lab, n);
}

/* ---- parse ---- */

struct jmh {
	struct sink *s;
	const struct block *b;
	uint32_t first_run;
	/* the summary's header: the parameters' names */
	struct {
		const char *s;
		size_t n;
	} param[16];
	int nparams;
	/* the log */
	struct sink_txn txn;
	long log_run;       /* the run of the benchmark whose log is being read, or -1 */
	uint32_t iters;     /* its measurement iterations so far */
	long result_run;    /* the run a "Result" block fills, or -1 */
	const char *result_quantity; /* NULL: the primary result */
	enum stat_kind result_stat;
	int result_known;
	long last_row_run;  /* the summary row the secondary rows below belong to */
	const char *last_row_key;
	int last_row_skipped;
	char bench[256];    /* the log's benchmark and parameters */
};

/*
 * "Class.method(params)" of a subject: the log names a benchmark with its
 * package, the summary may shorten it ("o.r.actors.JmhAkkaUct.run").
 */
static const char *short_name(const char *s)
{
	const char *paren = strchr(s, '('), *end = paren ? paren : s + strlen(s), *p = end;
	int dots = 0;

	while (p > s && !(p[-1] == '.' && ++dots == 2))
		p--;
	return p;
}

/* The run of this block named `subject`, or -1. */
static long run_named(struct jmh *p, const char *subject)
{
	const char *a = short_name(subject);

	for (size_t i = p->s->rs->nruns; i-- > p->first_run;)
		if (!strcmp(short_name(p->s->rs->runs[i].subject), a))
			return (long)i;
	return -1;
}

/* "(classes = 1000, instances = 100)" → "(classes: 1000, instances: 100)" appended to p->bench. */
static void log_params(struct jmh *p, const struct line *l)
{
	const char *s = l->s + l->indent + 13, *end = l->s + line_end(l);
	size_t o = strlen(p->bench);

	while (s < end && *s == ' ')
		s++;
	for (; s < end && o + 2 < sizeof(p->bench); s++) {
		if (*s == ' ' && s + 2 < end && s[1] == '=' && s[2] == ' ') {
			p->bench[o++] = ':';
			s += 1;
			continue;
		}
		p->bench[o++] = *s;
	}
	p->bench[o] = '\0';
}

static void log_close(struct jmh *p, const struct line *l)
{
	if (p->txn.open)
		sink_txn_finish(p->s, &p->txn, l, "JMH benchmark without a result");
	p->log_run = -1;
	p->result_run = -1;
}

static void on_iteration(struct jmh *p, const struct line *l)
{
	struct rx *r = &patterns[RX_ITER];
	const char *v, *u, *q;
	size_t vn, un;
	enum unit unit;
	double x, f;

	if (p->log_run < 0)
		return;
	if (!rx_match(p->s->rx, r, l->s + l->indent, l->len - l->indent) || !rx_named(p->s->rx, r, "v", &v, &vn) ||
	    !rx_named(p->s->rx, r, "unit", &u, &un) || jmh_num(v, vn, &x) < 0 || jmh_unit(u, un, &q, &unit, &f) < 0 || !q) {
		sink_damage(p->s, (uint32_t)p->log_run, l, "garbled JMH iteration line");
		p->iters++; /* it counts in the result's n all the same */
		return;
	}
	sink_sample(p->s, (uint32_t)p->log_run, q, unit, p->iters++, x * f);
	sink_run_end(p->s, (uint32_t)p->log_run, l);
}

/* "Result \"x\":" or "Secondary result \"x:·gc.alloc.rate\":": what the lines below it are. */
static void on_result(struct jmh *p, const struct line *l)
{
	struct rx *r = &patterns[RX_QUOTED];
	const char *name, *colon;
	size_t nn;

	p->result_run = -1;
	if (p->log_run < 0 || !rx_match(p->s->rx, r, l->s, l->len) || !rx_named(p->s->rx, r, "name", &name, &nn))
		return;
	p->result_run = p->log_run;
	p->result_quantity = NULL;
	p->result_stat = STAT_MEAN;
	p->result_known = 1;
	colon = memchr(name, ':', nn);
	if (line_starts(l, "Secondary") && colon) {
		p->result_quantity = secondary_quantity(p->s, colon + 1, nn - (size_t)(colon + 1 - name),
							&p->result_stat, &p->result_known);
		if (p->result_stat == STAT_VALUE)
			p->result_stat = STAT_MEAN;
	}
	sink_run_end(p->s, (uint32_t)p->log_run, l);
}

static int figure(struct jmh *p, uint32_t run, const struct line *l, const char *quantity, int known,
		  enum stat_kind stat, const char *num, size_t nn, const char *u, size_t un, uint32_t n, int dry)
{
	const char *q;
	enum unit unit;
	double v, f;

	if (jmh_num(num, nn, &v) < 0)
		return -1;
	if (!known) {
		if (!dry)
			sink_measure(p->s, run, quantity, stat, UNIT_NONE, v, n, l, num, nn);
		return 0;
	}
	if (jmh_unit(u, un, &q, &unit, &f) < 0)
		return -1;
	if (!quantity && !q)
		return -1;
	if (unit == UNIT_SECOND) {
		/* through units.c, which converts powers of ten exactly ("173.000 ms") */
		char buf[64];
		int k = num_unlocalize(num, nn, 1, buf, sizeof(buf));
		size_t ul = un > 3 && !memcmp(u + un - 3, "/op", 3) ? un - 3 : un;

		if (k < 0 || unit_value(buf, (size_t)k, u, ul, &unit, &v) < 0)
			return -1;
	} else {
		v *= f;
	}
	if (!dry)
		sink_measure(p->s, run, quantity ? quantity : q, stat, unit, v, n, l, num, nn);
	return 0;
}

/* A line under a "Result": the mean and error, or the min, max and stdev. */
static void on_detail(struct jmh *p, const struct line *l)
{
	struct rx *m = &patterns[RX_RESULT_MEAN], *r = &patterns[RX_RESULT_RANGE];
	const char *v, *e, *u, *mn, *mx, *sd;
	size_t vn, en, un, mnn, mxn, sdn;
	uint32_t run;

	if (p->result_run < 0)
		return;
	run = (uint32_t)p->result_run;
	if (text_contains(l->s, l->len, PM "(99.9%)")) {
		if (!rx_match(p->s->rx, m, l->s, l->len) || !rx_named(p->s->rx, m, "v", &v, &vn) || !rx_named(p->s->rx, m, "err", &e, &en) ||
		    !rx_named(p->s->rx, m, "unit", &u, &un) ||
		    figure(p, run, l, p->result_quantity, p->result_known, p->result_stat, v, vn, u, un, p->iters, 1) <
			    0 ||
		    (jmh_num(e, en, &(double){ 0 }) < 0 && !(en == 3 && !memcmp(e, "NaN", 3)))) {
			sink_damage(p->s, run, l, "garbled JMH result line");
			return;
		}
		figure(p, run, l, p->result_quantity, p->result_known, p->result_stat, v, vn, u, un, p->iters, 0);
		if (!(en == 3 && !memcmp(e, "NaN", 3)))
			figure(p, run, l, p->result_quantity, p->result_known, STAT_ERR999, e, en, u, un, p->iters, 0);
	} else if (line_starts(l, "(min, avg, max)")) {
		/* the unit is the mean's, on the line above */
		const struct line *above = l - 1;

		if (!rx_match(p->s->rx, m, above->s, above->len) || !rx_named(p->s->rx, m, "unit", &u, &un))
			return;
		if (!rx_match(p->s->rx, r, l->s, l->len) || !rx_named(p->s->rx, r, "min", &mn, &mnn) || !rx_named(p->s->rx, r, "max", &mx, &mxn) ||
		    !rx_named(p->s->rx, r, "sd", &sd, &sdn) ||
		    figure(p, run, l, p->result_quantity, p->result_known, STAT_MIN, mn, mnn, u, un, p->iters, 1) < 0 ||
		    figure(p, run, l, p->result_quantity, p->result_known, STAT_MAX, mx, mxn, u, un, p->iters, 1) < 0 ||
		    figure(p, run, l, p->result_quantity, p->result_known, STAT_SD, sd, sdn, u, un, p->iters, 1) < 0) {
			sink_damage(p->s, run, l, "garbled JMH result line");
			return;
		}
		figure(p, run, l, p->result_quantity, p->result_known, STAT_MIN, mn, mnn, u, un, p->iters, 0);
		figure(p, run, l, p->result_quantity, p->result_known, STAT_MAX, mx, mxn, u, un, p->iters, 0);
		figure(p, run, l, p->result_quantity, p->result_known, STAT_SD, sd, sdn, u, un, p->iters, 0);
	} else {
		return;
	}
	sink_run_end(p->s, run, l);
}

/* A row's subject: the name before any ':' with the parameters' values after it. */
static const char *row_subject(struct jmh *p, const char *name, size_t nn, const char *params, size_t pn)
{
	char out[512];
	size_t o = 0;
	int k = 0;

	o = (size_t)snprintf(out, sizeof(out), "%.*s", (int)nn, name);
	for (const char *s = params, *end = params + pn; s < end && o < sizeof(out);) {
		const char *w;

		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		for (w = s; s < end && *s != ' ' && *s != '\t'; s++)
			;
		if (s == w)
			break;
		if (k < p->nparams)
			o += (size_t)snprintf(out + o, sizeof(out) - o, "%s%.*s: %.*s", k ? ", " : "(",
					      (int)p->param[k].n, p->param[k].s, (int)(s - w), w);
		else
			o += (size_t)snprintf(out + o, sizeof(out) - o, "%s%.*s", k ? ", " : "(", (int)(s - w), w);
		k++;
	}
	if (k && o + 1 < sizeof(out))
		out[o++] = ')';
	if (o >= sizeof(out))
		o = sizeof(out) - 1;
	return sink_strndup(p->s, out, o);
}

static void on_header(struct jmh *p, const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l);

	p->nparams = 0;
	while (s < end) {
		const char *w;

		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		for (w = s; s < end && *s != ' ' && *s != '\t'; s++)
			;
		if (s - w > 2 && *w == '(' && s[-1] == ')' && p->nparams < (int)countof(p->param)) {
			p->param[p->nparams].s = w + 1;
			p->param[p->nparams++].n = (size_t)(s - w - 2);
		}
	}
}

static void on_row(struct jmh *p, const struct line *l)
{
	struct rx *r = &patterns[RX_ROW];
	const char *name, *params = "", *cnt, *score, *err, *unit, *colon, *subject, *quantity = NULL;
	size_t nn, pn = 0, cn, sn, en, un;
	uint32_t n = 0, run;
	enum stat_kind stat = STAT_MEAN;
	int known = 1, has_err, approx = 0;
	double v;

	if (!rx_match(p->s->rx, r, l->s + l->indent, l->len - l->indent) || !rx_named(p->s->rx, r, "name", &name, &nn) ||
	    !rx_named(p->s->rx, r, "unit", &unit, &un)) {
		bench_lost(p->s, l, "garbled JMH row");
		return;
	}
	if (!rx_named(p->s->rx, r, "params", &params, &pn))
		params = "", pn = 0;
	if (rx_named(p->s->rx, r, "cnt", &cnt, &cn) && num_parse(cnt, cn, &v) == 0)
		n = num_count(v);
	if (!rx_named(p->s->rx, r, "score", &score, &sn)) {
		approx = rx_named(p->s->rx, r, "approx", &score, &sn);
		if (!approx) {
			bench_lost(p->s, l, "garbled JMH row");
			return;
		}
	}
	has_err = rx_named(p->s->rx, r, "err", &err, &en);
	colon = memchr(name, ':', nn);
	subject = row_subject(p, name, colon ? (size_t)(colon - name) : nn, params, pn);
	if (colon) {
		quantity = secondary_quantity(p->s, colon + 1, nn - (size_t)(colon + 1 - name), &stat, &known);
		if (stat == STAT_VALUE && has_err)
			stat = STAT_MEAN;
	}
	if (!approx && (figure(p, 0, l, quantity, known, stat, score, sn, unit, un, n, 1) < 0 ||
			(has_err && figure(p, 0, l, quantity, known, STAT_ERR999, err, en, unit, un, n, 1) < 0) ||
			(!colon && jmh_unit(unit, un, &(const char *){ NULL }, &(enum unit){ 0 }, &v) < 0))) {
		bench_lost(p->s, l, "garbled JMH row");
		return;
	}
	if (!colon) {
		long prev = run_named(p, subject);

		/* the log above gave this benchmark's figures already */
		p->last_row_skipped = prev >= 0;
		if (prev >= 0) {
			p->last_row_run = prev;
			sink_run_end(p->s, (uint32_t)prev, l);
			return;
		}
		run = bench_run(p->s, l, subject, strlen(subject));
		p->last_row_run = run;
	} else {
		long prev = run_named(p, subject);

		if (prev < 0) {
			/* a secondary row without its primary (a cut table): a run of its own */
			run = bench_run(p->s, l, subject, strlen(subject));
			p->last_row_skipped = 0;
		} else {
			run = (uint32_t)prev;
			if (p->last_row_skipped && (long)run == p->last_row_run) {
				sink_run_end(p->s, run, l);
				return;
			}
		}
	}
	if (approx) {
		sink_note(p->s, run, NOTE_INFO, l, "%.*s: " APPROX " %.*s %.*s (below what JMH prints)",
			  (int)nn, name, (int)sn, score, (int)un, unit);
		sink_run_end(p->s, run, l);
		return;
	}
	figure(p, run, l, quantity, known, stat, score, sn, unit, un, n, 0);
	if (has_err)
		figure(p, run, l, quantity, known, STAT_ERR999, err, en, unit, un, n, 0);
	sink_run_end(p->s, run, l);
}

static int parse(const struct block *b, struct sink *s)
{
	struct jmh p = { .s = s, .b = b, .first_run = (uint32_t)s->rs->nruns, .log_run = -1, .result_run = -1,
			 .last_row_run = -1 };

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *v = l->s + l->indent;
		size_t vn = line_end(l) - l->indent;

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_JMH:
			log_close(&p, l);
			sink_fact(s, l, "jmh", sink_strndup(s, v + 14, vn > 14 ? vn - 14 : 0));
			break;
		case K_HASH:
			if (line_starts(l, "# VM version:"))
				sink_fact(s, l, "jvm", sink_strndup(s, v + 14, vn > 14 ? vn - 14 : 0));
			else if (line_starts(l, "# Run complete."))
				log_close(&p, l);
			break;
		case K_BENCHMARK:
			log_close(&p, l);
			snprintf(p.bench, sizeof(p.bench), "%.*s", (int)(vn > 13 ? vn - 13 : 0), v + 13);
			/* the run begins at its parameters when they follow */
			if (i + 1 < b->n && classify(&b->lines[i + 1]) == K_PARAMS)
				break;
			p.log_run = bench_begin(s, &p.txn, l, p.bench, strlen(p.bench));
			p.iters = 0;
			break;
		case K_PARAMS:
			if (p.txn.open || !*p.bench)
				break;
			log_params(&p, l);
			p.log_run = bench_begin(s, &p.txn, l, p.bench, strlen(p.bench));
			p.iters = 0;
			break;
		case K_ITER:
			p.result_run = -1;
			on_iteration(&p, l);
			break;
		case K_RESULT:
			on_result(&p, l);
			break;
		case K_DETAIL:
			on_detail(&p, l);
			break;
		case K_HEADER:
			log_close(&p, l);
			on_header(&p, l);
			break;
		case K_ROW:
			log_close(&p, l);
			on_row(&p, l);
			break;
		default:
			break;
		}
	}
	if (p.txn.open)
		sink_txn_finish(s, &p.txn, &b->lines[b->n - 1], "JMH benchmark without a result");
	return (int)(s->rs->nruns - p.first_run);
}

const struct parser jmh_parser = {
	.fmt = FMT_JMH,
	.starts = "#B"
		  "abcdefghijklmnopqrstuvwxyzACDEFGHIJKLMNOPQRSTUVWXYZ_$",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
