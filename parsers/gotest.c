/*
 * gotest.c - `go test -bench` output → NAME.time_per_op, NAME.throughput
 * (MB/s), NAME.bytes_per_op, NAME.allocs_per_op, NAME.iterations, and
 * custom b.ReportMetric units under their own names; one run per result
 * line, so `-count N` gives N runs of one benchmark. NAME is as printed
 * less the "-N" GOMAXPROCS suffix when every result of the block ends in
 * the same one (trap 26), so that logs of an 8-core and a 16-core machine
 * pair; N is then a fact ("gomaxprocs") and a note on each run. The goos,
 * goarch, pkg and cpu header lines are facts; b.Log lines are notes.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_RESULT,
	RX_HEADER,
	RX_REPORT,
};

static struct rx patterns[] = {
	[RX_RESULT] = { "go benchmark",
			"^\\s*(?<name>Benchmark[^\\s]*)\\s+(?<n>[0-9]+)"
			"(?<rest>(?:\\s+-?[0-9]+(?:\\.[0-9]+)?\\s+[^\\s]+)+)\\s*$",
			0 },
	[RX_HEADER] = { "go header", "^\\s*(?<key>goos|goarch|pkg|cpu):\\s*(?<value>.*?)\\s*$", 0 },
	/* "--- BENCH: BenchmarkX-2" opens the b.Log lines of a benchmark, "--- FAIL:" a failure's */
	[RX_REPORT] = { "go report", "^\\s*---\\s+(?<what>BENCH|FAIL|SKIP):\\s+(?<name>[^\\s]+)\\s*$", 0 },
};

/* The units Go itself reports; any other unit is a b.ReportMetric one. */
static const struct {
	const char *printed;
	const char *quantity;
	const char *spelling; /* for units.c; NULL for a plain count */
} builtin[] = {
	{ "ns/op", "time_per_op", "ns" },
	{ "MB/s", "throughput", "MB/s" },
	{ "B/op", "bytes_per_op", "B" },
	{ "allocs/op", "allocs_per_op", NULL },
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * "BenchmarkX-2 <blanks> 1234 <blanks>...": a result line, or one that
 * started as one (a garbled result is the parser's to report).
 */
static int starts_result(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;

	if (!line_starts(l, "Benchmark"))
		return 0;
	while (s < end && !is_blank(*s))
		s++;
	if (s == end)
		return 0;
	while (s < end && is_blank(*s))
		s++;
	return s < end && *s >= '0' && *s <= '9';
}

/* The -v form prints a benchmark's name alone on a line before its result. */
static int is_lone_name(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;

	if (!line_starts(l, "Benchmark"))
		return 0;
	while (s < end && !is_blank(*s))
		s++;
	while (s < end && is_blank(*s))
		s++;
	return s == end;
}

/* Lines of a package's output around its results. */
static const char *const around[] = {
	"goarch:", "pkg:", "cpu:", "PASS", "FAIL", "ok ", "ok\t", "--- BENCH:", "--- FAIL:", "--- SKIP:",
	"exit status ", "testing: ",
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	if (line_starts(l, "goos:"))
		return CLAIM_START;
	if (starts_result(l)) {
		if (in_block)
			return CLAIM_BODY;
		return text_contains(l->s, l->len, "ns/op") ? CLAIM_START : CLAIM_NONE;
	}
	if (!in_block)
		return CLAIM_NONE;
	for (size_t i = 0; i < countof(around); i++)
		if (line_starts(l, around[i]))
			return CLAIM_BODY;
	/* b.Log lines: "    bench_test.go:61: text" */
	if (is_lone_name(l) || (l->indent > 0 && text_contains(l->s, l->len, ".go:")))
		return CLAIM_BODY;
	return CLAIM_NONE;
}

/* The "-N" GOMAXPROCS suffix of a name ("-8"), N >= 2 without a leading 0; 0 when none. */
static size_t procs_suffix(const char *name, size_t n)
{
	size_t k = n;

	while (k > 0 && char_is_digit(name[k - 1]))
		k--;
	if (k == n || k < 2 || name[k - 1] != '-' || name[k] == '0' || (n - k == 1 && name[k] == '1'))
		return 0;
	return n - k + 1;
}

/*
 * The suffix every result line of the block ends its name with ("-8"), or
 * "" when one has none or another: with -cpu 1,2 the names differ by it,
 * and a name alone cannot tell "size-64" at GOMAXPROCS 1 from "size" at 64.
 */
static void common_suffix(const struct block *b, char *out, size_t size)
{
	int seen = 0;

	out[0] = '\0';
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *name = l->s + l->indent, *e = name;
		size_t k;

		if (!starts_result(l))
			continue;
		while (e < l->s + l->len && !is_blank(*e))
			e++;
		k = procs_suffix(name, (size_t)(e - name));
		if (!k || k >= size || (seen && (strlen(out) != k || memcmp(out, e - k, k)))) {
			out[0] = '\0';
			return;
		}
		if (!seen)
			memcpy(out, e - k, k), out[k] = '\0';
		seen = 1;
	}
}

/* `n` less the block's common suffix when the name ends with it. */
static size_t without_suffix(const char *name, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return k && n > k && !memcmp(name + n - k, suffix, k) ? n - k : n;
}

static void on_result(struct sink *s, const struct line *l, const char *suffix)
{
	struct rx *p = &patterns[RX_RESULT];
	const char *name, *iters, *rest, *end;
	size_t nn, in, rn;
	uint32_t run;

	if (!rx_match(p, l->s, l->len) || !rx_named(p, "name", &name, &nn) ||
	    !rx_named(p, "n", &iters, &in) || !rx_named(p, "rest", &rest, &rn)) {
		bench_lost(s, l, "garbled Go benchmark line");
		return;
	}
	run = bench_run(s, l, name, without_suffix(name, nn, suffix));
	if (*suffix)
		sink_note(s, run, NOTE_INFO, l, "GOMAXPROCS %s (the %s of its printed name)", suffix + 1,
			  suffix);
	{
		double v;

		if (num_parse(iters, in, &v) == 0)
			sink_measure(s, run, "iterations", STAT_VALUE, UNIT_COUNT, v, 0, l, iters,
				     in);
	}
	/* the pattern made `rest` pairs of "<blanks><value><blanks><unit>" */
	for (end = rest + rn; rest < end;) {
		const char *num, *unit;
		size_t num_len, unit_len, k;
		double v;

		while (rest < end && is_blank(*rest))
			rest++;
		for (num = rest; rest < end && !is_blank(*rest); rest++)
			;
		num_len = (size_t)(rest - num);
		while (rest < end && is_blank(*rest))
			rest++;
		for (unit = rest; rest < end && !is_blank(*rest); rest++)
			;
		unit_len = (size_t)(rest - unit);
		for (k = 0; k < countof(builtin); k++)
			if (strlen(builtin[k].printed) == unit_len && !memcmp(builtin[k].printed, unit, unit_len))
				break;
		if (k < countof(builtin) && builtin[k].spelling) {
			bench_figure(s, run, builtin[k].quantity, STAT_VALUE, l, num, num_len, 0,
				     builtin[k].spelling, strlen(builtin[k].spelling));
		} else if (num_parse(num, num_len, &v) == 0) {
			/* a count, or a custom unit: its meaning (and better way) is the author's */
			if (k < countof(builtin))
				sink_measure(s, run, builtin[k].quantity, STAT_VALUE, UNIT_COUNT,
					     v, 0, l, num, num_len);
			else
				sink_measure(s, run, sink_strndup(s, unit, unit_len), STAT_VALUE, UNIT_NONE,
					     v, 0, l, num, num_len);
		}
	}
}

/* The last run of this block whose benchmark is `name`, or -1. */
static long run_named(struct sink *s, uint32_t first_run, const char *name, size_t n)
{
	for (size_t i = s->rs->nruns; i-- > first_run;) {
		const char *subject = s->rs->runs[i].subject;

		if (strlen(subject) == n && !memcmp(subject, name, n))
			return (long)i;
	}
	return -1;
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	long log_run = -1; /* the run whose b.Log lines follow */
	char suffix[16];

	common_suffix(b, suffix, sizeof(suffix));
	if (*suffix)
		sink_fact(s, &b->lines[0], "gomaxprocs", suffix + 1);

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *k, *v;
		size_t kn, vn;

		if (l->indent == l->len)
			continue;
		if (starts_result(l)) {
			on_result(s, l, suffix);
			log_run = -1;
		} else if (rx_match(&patterns[RX_HEADER], l->s, l->len)) {
			rx_named(&patterns[RX_HEADER], "key", &k, &kn);
			rx_named(&patterns[RX_HEADER], "value", &v, &vn);
			sink_fact(s, l, sink_strndup(s, k, kn), sink_strndup(s, v, vn));
		} else if (rx_match(&patterns[RX_REPORT], l->s, l->len)) {
			rx_named(&patterns[RX_REPORT], "what", &k, &kn);
			rx_named(&patterns[RX_REPORT], "name", &v, &vn);
			log_run = *k == 'B' ? run_named(s, first_run, v, without_suffix(v, vn, suffix)) : -1;
			if (*k == 'F')
				sink_warn(s, l, "Go benchmark %.*s failed", (int)vn, v);
		} else if (log_run >= 0 && l->indent > 0) {
			sink_note(s, (uint32_t)log_run, NOTE_INFO, l, "%.*s", (int)(l->len - l->indent),
				  l->s + l->indent);
			sink_run_end(s, (uint32_t)log_run, l);
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser gotest_parser = {
	.fmt = FMT_GOTEST,
	.starts = "gB",
	.claim = claim,
	.state_size = 0,
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
