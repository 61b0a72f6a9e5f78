/*
 * xmalloc.c - the result line of xmalloc-test, the producer/consumer
 * allocator benchmark of mimalloc-bench (after Lever and Boreham's
 * xmalloc): "rtime: 15.258, free/sec: 6.554 M" → free_per_sec, in frees
 * per second (the printed figure is in millions). rtime is no figure of
 * its own: the test prints 100 divided by the millions of frees per
 * second, a relative time with no unit, so it is never stored. One run
 * per line: the line is the whole of the test's output (its -v output,
 * "Total N freed in S seconds. F M free/second", is prose). The command
 * or prompt above names the allocator (SYSMALLOC=1, LD_PRELOAD=..., a
 * binary's name), through the naming pass.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_RESULT,
};

static struct rx patterns[] = {
	[RX_RESULT] = { "xmalloc-test result line",
			"^\\s*rtime: (?<rtime>[^\\s,]+), free/sec: (?<rate>[^\\s]+) M\\s*$", 0 },
};

enum kind {
	K_NONE,
	K_RESULT, /* "rtime: N, free/sec: N M", garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "result" };

/*
 * By the fixed words alone: "rtime: " first, ", free/sec: " after it. A
 * digit garbled anywhere leaves the line a result line, reported and
 * never read in part.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (!line_starts(l, "rtime: "))
		return K_NONE;
	return text_contains(s + 7, n - 7, ", free/sec: ") ? K_RESULT : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* Each result line is an invocation of its own: it starts a block, so the prompt above it names it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)in_block;
	(void)state;
	return classify(l) == K_RESULT ? CLAIM_START : CLAIM_NONE;
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct rx *p = &patterns[RX_RESULT];

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct sink_txn t = { 0 };
		const char *rtime, *rate;
		size_t tn, rn;
		double rt, v;
		uint32_t run;

		if (classify(l) != K_RESULT)
			continue;
		run = bench_begin(s, &t, l, "", 0);
		if (!rx_match(s->rx, p, l->s, l->len) || !rx_named(s->rx, p, "rtime", &rtime, &tn) ||
		    !rx_named(s->rx, p, "rate", &rate, &rn) || num_parse(rtime, tn, &rt) < 0 ||
		    num_scale(rate, rn, "M", 1, &v) < 0) {
			sink_damage(s, run, l, "garbled xmalloc-test result line");
		} else {
			sink_measure(s, run, "free_per_sec", STAT_VALUE, UNIT_PER_S, v, 0, l, rate, rn);
		}
		sink_txn_finish(s, &t, l, NULL);
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser xmalloc_parser = {
	.fmt = FMT_XMALLOC,
	.starts = "r",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
