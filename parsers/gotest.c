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

/* Lines of a package's output around its results. */
static const char *const around[] = {
	"goarch:", "pkg:", "cpu:", "PASS", "FAIL", "ok ", "ok\t", "--- BENCH:", "--- FAIL:", "--- SKIP:",
	"exit status ", "testing: ",
};

/* What a line of `go test -bench` output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_GOOS,      /* "goos: linux": a package's output begins */
	K_RESULT,    /* "BenchmarkX-2 <n> <v> ns/op ...", garbled or not */
	K_LONE_NAME, /* -v prints a benchmark's name alone before its result */
	K_AROUND,    /* the other header lines, PASS/ok, --- BENCH: reports */
	K_LOG,       /* b.Log lines: "    bench_test.go:61: text" */
	K__COUNT
};

static const char *const kinds[] = { "none", "goos", "result", "lone name", "around", "log" };

/*
 * The number of blank-separated words of `l` (counting stops at 4), and
 * whether the second one begins with a digit.
 */
static int words(const struct line *l, int *second_digit)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;
	int n = 0;

	*second_digit = 0;
	while (s < end && n < 4) {
		while (s < end && is_blank(*s))
			s++;
		if (s == end)
			break;
		if (++n == 2)
			*second_digit = char_is_digit(*s);
		while (s < end && !is_blank(*s))
			s++;
	}
	return n;
}

/*
 * The one classifier the claim and the parse share. A result line is
 * "Benchmark" + name, then an iteration count (a line cut short), or at
 * least three more words with a "/op" or "/s" unit among them: a digit
 * garbled anywhere leaves it a result line, reported as garbled, never
 * skipped unseen.
 */
static enum kind classify(const struct line *l)
{
	if (line_starts(l, "goos:"))
		return K_GOOS;
	if (line_starts(l, "Benchmark")) {
		int digit, n = words(l, &digit);

		if (n == 1)
			return K_LONE_NAME;
		if (digit || (n >= 4 && (text_contains(l->s, l->len, "/op") || text_contains(l->s, l->len, "/s"))))
			return K_RESULT;
		return K_NONE;
	}
	for (size_t i = 0; i < countof(around); i++)
		if (line_starts(l, around[i]))
			return K_AROUND;
	return l->indent > 0 && text_contains(l->s, l->len, ".go:") ? K_LOG : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block) {
		/*
		 * Only "goos:" and a result line with its time start a block: a
		 * "Benchmark" line without "ns/op" (hyperfine's, Criterion's)
		 * needs no word count.
		 */
		if (line_starts(l, "goos:"))
			return CLAIM_START;
		if (!line_starts(l, "Benchmark") || !text_contains(l->s, l->len, "ns/op"))
			return CLAIM_NONE;
	}
	k = classify(l);
	if (k == K_GOOS)
		return CLAIM_START;
	if (k == K_RESULT && !in_block) /* prose may name a benchmark; output has its time */
		return text_contains(l->s, l->len, "ns/op") ? CLAIM_START : CLAIM_NONE;
	return in_block && k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/* `n` less the block's common suffix when the name ends with it. */
static size_t without_suffix(const char *name, size_t n, const char *suffix)
{
	return bench_procs_strip(name, n, suffix);
}

/*
 * The figures of a result line after its iteration count: the pattern made
 * `rest` pairs of "<blanks><value><blanks><unit>". -1 when one does not
 * read (the caller drops them all).
 */
static int figures(struct sink *s, uint32_t run, const struct line *l, const char *rest, size_t rn)
{
	for (const char *end = rest + rn; rest < end;) {
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
			if (bench_figure(s, run, builtin[k].quantity, STAT_VALUE, l, num, num_len, 0,
					 builtin[k].spelling, strlen(builtin[k].spelling)) < 0)
				return -1;
		} else if (num_parse(num, num_len, &v) < 0) {
			return -1;
		} else if (k < countof(builtin)) {
			sink_measure(s, run, builtin[k].quantity, STAT_VALUE, UNIT_COUNT, v, 0, l, num, num_len);
		} else {
			/* a custom unit: its meaning (and better way) is the author's */
			sink_measure(s, run, sink_strndup(s, unit, unit_len), STAT_VALUE, UNIT_NONE, v, 0, l,
				     num, num_len);
		}
	}
	return 0;
}

/* A result line: one run, all of its figures or none (a warning names the line). */
static void on_result(struct sink *s, const struct line *l, const char *suffix)
{
	struct rx *p = &patterns[RX_RESULT];
	const char *name, *iters, *rest;
	size_t nn, in, rn;
	struct sink_txn t;
	uint32_t run;
	double v;

	if (!rx_match(s->rx, p, l->s, l->len) || !rx_named(s->rx, p, "name", &name, &nn) ||
	    !rx_named(s->rx, p, "n", &iters, &in) || !rx_named(s->rx, p, "rest", &rest, &rn) ||
	    num_parse(iters, in, &v) < 0) {
		bench_lost(s, l, "garbled Go benchmark line");
		return;
	}
	run = bench_begin(s, &t, l, name, without_suffix(name, nn, suffix));
	sink_measure(s, run, "iterations", STAT_VALUE, UNIT_COUNT, v, 0, l, iters, in);
	if (figures(s, run, l, rest, rn) < 0) {
		sink_txn_rollback(s, &t);
		bench_lost(s, l, "garbled Go benchmark line");
		return;
	}
	sink_txn_finish(s, &t, l, NULL);
	bench_procs_note(s, run, l, suffix);
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

	/* the suffix every result line of the block ends its name with ("-8"), or "" */
	bench_block_procs(s, b, classify_hook, K_RESULT, suffix, sizeof(suffix));

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *k, *v;
		size_t kn, vn;

		if (l->indent == l->len)
			continue;
		if (classify(l) == K_RESULT) {
			on_result(s, l, suffix);
			log_run = -1;
		} else if (rx_match(s->rx, &patterns[RX_HEADER], l->s, l->len)) {
			if (rx_named(s->rx, &patterns[RX_HEADER], "key", &k, &kn) &&
			    rx_named(s->rx, &patterns[RX_HEADER], "value", &v, &vn))
				sink_fact(s, l, sink_strndup(s, k, kn), sink_strndup(s, v, vn));
		} else if (rx_match(s->rx, &patterns[RX_REPORT], l->s, l->len)) {
			if (!rx_named(s->rx, &patterns[RX_REPORT], "what", &k, &kn) ||
			    !rx_named(s->rx, &patterns[RX_REPORT], "name", &v, &vn))
				continue;
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

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "goos:", "Benchmark", NULL };

const struct parser gotest_parser = {
	.fmt = FMT_GOTEST,
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
