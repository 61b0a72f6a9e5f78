/*
 * embench.c - the report of emscripten's benchmark suite (test_benchmark.py),
 * one line per benchmarker under each test:
 *
 *   test_havlak (test_benchmark.benchmark) ...
 *        dlmalloc: mean: 1.911 (+-0.009) secs  median: 1.905  range: 1.899-1.922  (noise: 0.492%)  (3 runs)
 *           size:    81799, compressed:    29554
 *   ok
 *
 * A result line is one run: the benchmarker (a compiler, a JS engine, a
 * build named with EMBENCH_NAME) is the variant the suite compares,
 * proposed as a command's name is (the label above a block still names
 * the build when each block holds one benchmarker, or the same ones
 * again); the test ("test_havlak", as printed) is its subject. It gives
 * time as mean, its deviation ("+-"), median, min and max, each over the
 * runs counted, and the count itself (runs). The size line below it, the
 * output files' bytes and their zlib-compressed bytes, is the same run's
 * (file_size, compressed_size). Never stored: "noise" (the deviation over
 * the mean, in %) and "Relative: 1.38 X slower" or the older "JS is 2.10 X
 * slower" (a ratio of two runs' means), both derived. Older reports
 * padded the name to 20 columns and printed no count of runs on the
 * native line; both read. The suite's other lines (the test runner's
 * "ok", "Running benchmarker: ...", "<building ... into cache>") are
 * claimed and read as nothing.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_RESULT,
	RX_SIZE,
	RX_TEST,
};

static struct rx patterns[] = {
	[RX_RESULT] = { "emscripten benchmark result",
			"^\\s*(?<name>\\S(?:[^:]*\\S)?)\\s*: mean: (?<mean>[0-9.]+) \\(\\+-(?<sd>[0-9.]+)\\) secs"
			"\\s+median: (?<median>[0-9.]+)\\s+range: (?<min>[0-9.]+)-(?<max>[0-9.]+)"
			"\\s+\\(noise: [0-9.]+%\\)(?:\\s+\\((?<runs>[0-9]+) runs\\))?"
			"(?:\\s+(?:Relative: .*|JS is [0-9.]+ X slower))?\\s*$",
			0 },
	[RX_SIZE] = { "emscripten benchmark size",
		      "^\\s*size:\\s+(?<size>[0-9]+), compressed:\\s+(?<gz>[0-9]+)(?:\\s+\\(.*\\))?\\s*$", 0 },
	[RX_TEST] = { "emscripten benchmark test",
		      "^\\s*(?:\\[[0-9]+/[0-9]+\\]\\s+)?(?<test>test_\\S+)\\s+\\(test_benchmark\\.[^\\s)]+\\)\\s+\\.\\.\\.",
		      0 },
};

/* What a line of the suite's report is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_SUITE,  /* "Running Emscripten benchmarks... [ ... ]", "Running test_benchmark: (5 tests)" */
	K_TEST,   /* "test_havlak (test_benchmark.benchmark) ...", "[1/2] test_x (test_benchmark...) ..." */
	K_RESULT, /* "NAME: mean: M (+-S) secs  median: ...  range: ...", garbled or not */
	K_SIZE,   /* "size: N, compressed: N" */
	K_OTHER,  /* "ok", "Running benchmarker: ...", "<building and saving ... into cache>" */
	K__COUNT
};

static const char *const kinds[] = { "none", "suite", "test", "result", "size", "other" };

/* Does `s[0..n)` hold a colon followed by " mean: " (a result line's fixed words after the name)? */
static const char *mean_at(const char *s, size_t n)
{
	static const char words[] = ": mean: ";

	for (const char *p = s, *end = s + n; (p = memchr(p, ':', (size_t)(end - p))) != NULL; p++)
		if ((size_t)(end - p) >= sizeof(words) - 1 && !memcmp(p, words, sizeof(words) - 1))
			return p;
	return NULL;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *at;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	if (line_starts(l, "Running Emscripten benchmarks...") || line_starts(l, "Running test_benchmark:"))
		return K_SUITE;
	if ((*s == 't' || *s == '[') && text_contains(s, n, " (test_benchmark.") && line_ends(l, "..."))
		return K_TEST;
	if (line_starts(l, "size: ") && text_contains(s, n, ", compressed: "))
		return K_SIZE;
	if ((at = mean_at(s, n)) != NULL && at > s) {
		/* the words that follow the mean, in order: a digit garbled anywhere keeps the kind */
		const char *sec = text_find(at, (size_t)(s + n - at), " secs  median: ");

		return sec && text_contains(sec, (size_t)(s + n - sec), "  range: ") ? K_RESULT : K_NONE;
	}
	if ((n == 2 && !memcmp(s, "ok", 2)) || line_starts(l, "Running benchmarker: ") ||
	    (*s == '<' && s[n - 1] == '>' && (text_contains(s, n, " into cache") || text_contains(s, n, " from cache"))))
		return K_OTHER;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * Outside a block a test's line, the suite's, or a result line (a paste of
 * a few) begins one; inside it the report's every line continues it, and
 * the suite's line begins the next.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (k == K_SUITE)
		return CLAIM_START;
	if (!in_block)
		return k == K_TEST || k == K_RESULT ? CLAIM_START : CLAIM_NONE;
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

struct parse {
	struct sink *s;
	struct sink_txn txn;      /* the open run: its result line read, its size line maybe to come */
	const char *test;         /* the test the lines belong to ("" before any) */
	size_t test_n;
	const struct line *last;  /* the open run's last line */
};

/* Close the open run, if any. */
static void finish(struct parse *p)
{
	if (p->txn.open)
		sink_txn_finish(p->s, &p->txn, p->last, "emscripten benchmark result without a figure");
}

/* A named group `name` of the last match as a number; -1 when it does not read. */
static int group_num(struct parse *p, struct rx *rx, const char *name, const char **at, size_t *n, double *v)
{
	return rx_named(p->s->rx, rx, name, at, n) && num_parse(*at, *n, v) == 0 ? 0 : -1;
}

static void on_result(struct parse *p, const struct line *l)
{
	static const struct {
		const char *group;
		enum stat_kind stat;
	} times[] = {
		{ "mean", STAT_MEAN }, { "sd", STAT_SD }, { "median", STAT_MEDIAN }, { "min", STAT_MIN }, { "max", STAT_MAX },
	};
	struct rx *rx = &patterns[RX_RESULT];
	const char *name, *at[countof(times)], *runs = NULL;
	size_t nn, an[countof(times)], rn = 0;
	double v[countof(times)], count = 0;
	uint32_t run, n = 0;
	struct run *r;

	finish(p);
	if (!rx_match(p->s->rx, rx, l->s, l->len) || !rx_named(p->s->rx, rx, "name", &name, &nn)) {
		bench_lost(p->s, l, "garbled emscripten benchmark result line");
		return;
	}
	for (size_t i = 0; i < countof(times); i++)
		if (group_num(p, rx, times[i].group, &at[i], &an[i], &v[i]) < 0) {
			bench_lost(p->s, l, "garbled emscripten benchmark result line");
			return;
		}
	if (rx_named(p->s->rx, rx, "runs", &runs, &rn) && rn) {
		if (num_parse(runs, rn, &count) < 0 || count < 1 || count > UINT32_MAX) {
			bench_lost(p->s, l, "garbled emscripten benchmark result line");
			return;
		}
		n = (uint32_t)count;
	}
	run = bench_begin(p->s, &p->txn, l, p->test, p->test_n);
	r = &p->s->rs->runs[run];
	r->variant.text = sink_strndup(p->s, name, nn);
	r->variant.origin = VO_COMMAND;
	for (size_t i = 0; i < countof(times); i++)
		sink_measure(p->s, run, "time", times[i].stat, UNIT_SECOND, v[i], n, l, at[i], an[i]);
	if (n)
		sink_measure(p->s, run, "runs", STAT_VALUE, UNIT_COUNT, count, n, l, runs, rn);
	p->last = l;
}

/* The size line: the open run's, when the line right before it was that run's result. */
static void on_size(struct parse *p, const struct line *l, const struct line *prev)
{
	struct rx *rx = &patterns[RX_SIZE];
	const char *size, *gz;
	size_t sn, gn;
	double sv, gv;

	if (!p->txn.open || prev != p->last) {
		sink_warn(p->s, l, "emscripten benchmark size line without its result line above; skipped");
		return;
	}
	p->last = l;
	sink_run_end(p->s, p->txn.run, l);
	if (!rx_match(p->s->rx, rx, l->s, l->len) || !rx_named(p->s->rx, rx, "size", &size, &sn) ||
	    !rx_named(p->s->rx, rx, "gz", &gz, &gn) || num_parse(size, sn, &sv) < 0 || num_parse(gz, gn, &gv) < 0) {
		sink_damage(p->s, p->txn.run, l, "garbled emscripten benchmark size line");
		return;
	}
	sink_measure(p->s, p->txn.run, "file_size", STAT_VALUE, UNIT_BYTE, sv, 0, l, size, sn);
	sink_measure(p->s, p->txn.run, "compressed_size", STAT_VALUE, UNIT_BYTE, gv, 0, l, gz, gn);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct parse p = { .s = s, .test = "" };
	const struct line *prev = NULL;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct rx *rx = &patterns[RX_TEST];

		switch (classify(l)) {
		case K_TEST:
			finish(&p);
			if (rx_match(s->rx, rx, l->s, l->len) && rx_named(s->rx, rx, "test", &p.test, &p.test_n))
				p.test = sink_strndup(s, p.test, p.test_n);
			else
				p.test = "", p.test_n = 0;
			break;
		case K_RESULT:
			on_result(&p, l);
			break;
		case K_SIZE:
			on_size(&p, l, prev);
			break;
		default:
			break;
		}
		if (l->len > l->indent)
			prev = l;
	}
	finish(&p);
	return (int)(s->rs->nruns - first_run);
}

const struct parser embench_parser = {
	.fmt = FMT_EMBENCH,
	.starts = PARSER_STARTS_PRINTABLE PARSER_STARTS_UTF8_LEAD,
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
