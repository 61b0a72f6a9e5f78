/*
 * libtest.c - Rust libtest #[bench] lines (and Criterion's bencher format)
 * → NAME.time_per_op (the median), NAME.time_per_op.dev (the "+/-", which
 * is max - min of the samples: a range, not a standard deviation; from
 * Criterion's bencher format it is one: NAME.time_per_op.stddev) and
 * NAME.throughput (the "= N MB/s" of benches that set b.bytes); one run
 * per bench line. Every Rust's shapes: integers with ',' groups (< 1.80),
 * two decimals (≥ 1.80), and other time units for hand-edited logs.
 */
#include "parsers/bench.h"
#include "util/text.h"

#define GNUM "(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\\.[0-9]+)?"
#define TIME_UNIT "(?:ps|ns|\xc2\xb5s|\xce\xbcs|us|ms|s)"

enum {
	RX_BENCH,
};

static struct rx patterns[] = {
	[RX_BENCH] = { "libtest bench",
		       "^\\s*test\\s+(?<name>[^\\s].*?)\\s+\\.\\.\\.\\s+bench:\\s+(?<v>" GNUM ")\\s*"
		       "(?<u>" TIME_UNIT ")/iter\\s+\\(\\+/-\\s*(?<dev>" GNUM ")\\)"
		       "(?:\\s*=\\s*(?<mbs>" GNUM ")\\s*MB/s)?\\s*$",
		       0 },
};

/* What a line of libtest output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_BENCH, /* "test NAME ... bench: <v> <unit>/iter (+/- <dev>)", garbled or not */
	K_TEST,  /* another "test " line: ignored tests, failures, "test result:" */
	K__COUNT
};

static const char *const kinds[] = { "none", "bench", "test" };

/*
 * The one classifier the claim and the parse share: "test ", then
 * "... bench:" and a digit (a line cut short) or "/iter" further on is a
 * bench line, whatever its digits say (one garbled or cut is reported,
 * never skipped unseen); "test the build ... bench: fine" is prose.
 */
static enum kind classify(const struct line *l)
{
	const char *end = l->s + l->len, *p;

	if (!line_starts(l, "test "))
		return K_NONE;
	if (!(p = text_find(l->s, l->len, "... bench:")))
		return K_TEST;
	if (text_contains(p, (size_t)(end - p), "/iter"))
		return K_BENCH;
	for (p += 10; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	return p < end && char_is_digit(*p) ? K_BENCH : K_TEST;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (k == K_BENCH)
		return in_block ? CLAIM_BODY : CLAIM_START;
	/* the ignored tests and the "test result:" line between and after the benches */
	return in_block && k == K_TEST ? CLAIM_BODY : CLAIM_NONE;
}

/*
 * Criterion's --output-format bencher prints the same lines, but its
 * "+/-" is a standard deviation. Its ids may hold blanks or '/' (libtest
 * names are Rust paths), and it prints no "running N tests" header and no
 * "test result:" line. A block that is libtest's by neither sign and has
 * such an id is Criterion's.
 */
static int is_criterion_bencher(struct rx_thread *rx, const struct block *b)
{
	struct rx *p = &patterns[RX_BENCH];
	int criterion_id = 0;

	if (b->above && !strncmp(b->above, "running ", 8))
		return 0;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *name;
		size_t n;

		if (line_starts(l, "test result:"))
			return 0;
		if (classify(l) == K_BENCH && rx_match(rx, p, l->s, l->len) && rx_named(rx, p, "name", &name, &n) &&
		    (memchr(name, ' ', n) || memchr(name, '/', n)))
			criterion_id = 1;
	}
	return criterion_id;
}

static void on_bench(struct sink *s, const struct line *l, int bencher)
{
	struct rx *p = &patterns[RX_BENCH];
	const char *name, *v, *u, *dev, *mbs;
	size_t nn, vn, un, dn, mn;
	struct sink_txn t;
	uint32_t run;

	if (!rx_match(s->rx, p, l->s, l->len) || !rx_named(s->rx, p, "name", &name, &nn) ||
	    !rx_named(s->rx, p, "v", &v, &vn) || !rx_named(s->rx, p, "u", &u, &un) || !rx_named(s->rx, p, "dev", &dev, &dn)) {
		bench_lost(s, l, "garbled libtest bench line");
		return;
	}
	run = bench_begin(s, &t, l, name, nn);
	/* every figure of the line, or none */
	if (bench_figure(s, run, "time_per_op", STAT_VALUE, l, v, vn, ',', u, un) < 0 ||
	    bench_figure(s, run, "time_per_op", bencher ? STAT_SD : STAT_RANGE, l, dev, dn, ',', u, un) < 0 ||
	    (rx_named(s->rx, p, "mbs", &mbs, &mn) &&
	     bench_figure(s, run, "throughput", STAT_VALUE, l, mbs, mn, ',', "MB/s", 4) < 0)) {
		sink_txn_rollback(s, &t);
		bench_lost(s, l, "garbled libtest bench line");
		return;
	}
	sink_txn_finish(s, &t, l, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	int bencher = is_criterion_bencher(s->rx, b);

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		enum kind k = classify(l);

		if (k == K_BENCH)
			on_bench(s, l, bencher);
		else if (k == K_TEST && line_ends(l, "FAILED"))
			sink_warn(s, l, "libtest reports a failure: %.*s", (int)(l->len - l->indent),
				  l->s + l->indent);
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser libtest_parser = {
	.fmt = FMT_LIBTEST,
	.starts = "t",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
