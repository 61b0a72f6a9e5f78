/*
 * benchmarkjs.c - benchmark.js result lines ("name x 14.27 ops/sec ±0.24%
 * (38 runs sampled)", as its suites print them with String(bench)) →
 * NAME.ops_per_sec over NAME.runs samples, one run per line. The ± figure
 * is benchmark.js's relative margin of error (the 95% confidence
 * half-width over the mean), not a deviation: it is kept as a note, as is
 * "Fastest is NAME", a verdict and not a measurement.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_RESULT,
	RX_FASTEST,
};

#define PM "(?:\xc2\xb1|\\+/-|\\+-)"

static struct rx patterns[] = {
	[RX_RESULT] = { "benchmark.js result",
			"^\\s*(?:>\\s+)?(?<name>.+?)\\s+x\\s+(?<ops>[0-9][0-9,]*(?:\\.[0-9]+)?)\\s+ops/sec\\s+"
			PM "\\s*(?<rme>[0-9]+(?:\\.[0-9]+)?)%\\s+\\((?<runs>[0-9]+)\\s+runs?\\s+sampled\\)\\s*$",
			0 },
	[RX_FASTEST] = { "benchmark.js fastest",
			 "^\\s*(?:>\\s+)?(?<what>Fastest|Slowest)\\s+is\\s+(?<names>.+?)\\s*$", 0 },
};

/* What a line of benchmark.js output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_RESULT,  /* "name x N ops/sec ±R% (K runs sampled)", garbled or not */
	K_CUT,     /* "name x N ops/s..." cut short: the words up to a figure */
	K_FASTEST, /* "Fastest is name" / "Slowest is name" */
	K__COUNT
};

static const char *const kinds[] = { "none", "result", "cut result", "fastest" };

/* The text of `l` after its indentation and a quote marker ("> ") a paste left. */
static const char *body(const struct line *l, size_t *n)
{
	const char *s = l->s + l->indent, *e = l->s + line_end(l);

	if (e - s >= 2 && s[0] == '>' && (s[1] == ' ' || s[1] == '\t'))
		for (s++; s < e && (*s == ' ' || *s == '\t'); s++)
			;
	*n = (size_t)(e - s);
	return s;
}

/* Does `s[0..n)` hold " x " followed by a digit (a figure where the rate begins)? */
static int has_times_digit(const char *s, size_t n)
{
	for (size_t i = 1; i + 3 < n; i++)
		if (s[i] == 'x' && s[i - 1] == ' ' && s[i + 1] == ' ' && char_is_digit(s[i + 2]))
			return 1;
	return 0;
}

/*
 * The one classifier the claim and the parse share. A result line ends in
 * "sampled)" and holds "ops/sec": a digit garbled anywhere leaves it a
 * result, reported as garbled. A line holding " x <digit>" and "ops/s" but
 * not its end is one cut short.
 */
static enum kind classify(const struct line *l)
{
	size_t n;
	const char *s;

	if (l->len == l->indent)
		return K_NONE;
	s = body(l, &n);
	if (n >= 8 && !memcmp(s + n - 8, "sampled)", 8))
		return text_contains(s, n, " ops/sec") ? K_RESULT : K_NONE;
	/* a sentence ends in a full stop; benchmark.js prints the names alone */
	if (n > 11 && (!memcmp(s, "Fastest is ", 11) || !memcmp(s, "Slowest is ", 11)) && s[n - 1] != '.')
		return K_FASTEST;
	if (text_contains(s, n, " ops/s") && has_times_digit(s, n))
		return K_CUT;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	/* outside a block only a whole result line starts one: its last word first */
	if (!in_block && !line_ends(l, "sampled)"))
		return CLAIM_NONE;
	k = classify(l);
	if (k == K_RESULT && !in_block)
		return CLAIM_START; /* a suite's lines stay one block, for the verdict below them */
	return in_block && k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

static void on_result(struct sink *s, const struct line *l)
{
	struct rx *p = &patterns[RX_RESULT];
	const char *name, *ops, *rme, *runs;
	size_t nn, on, rn, un;
	double rate, moe, count;
	uint32_t run;

	if (!rx_match(s->rx, p, l->s, l->len) || !rx_named(s->rx, p, "name", &name, &nn) ||
	    !rx_named(s->rx, p, "ops", &ops, &on) || !rx_named(s->rx, p, "rme", &rme, &rn) ||
	    !rx_named(s->rx, p, "runs", &runs, &un) || num_parse_grouped(ops, on, ',', &rate) < 0 ||
	    num_parse(rme, rn, &moe) < 0 || num_parse(runs, un, &count) < 0 || count < 1 ||
	    count > UINT32_MAX) {
		bench_lost(s, l, "garbled benchmark.js result line");
		return;
	}
	run = bench_run(s, l, name, nn);
	sink_measure(s, run, "ops_per_sec", STAT_VALUE, UNIT_PER_S, rate, (uint32_t)count, l, ops, on);
	sink_measure(s, run, "runs", STAT_VALUE, UNIT_COUNT, count, (uint32_t)count, l, runs, un);
	sink_note(s, run, NOTE_INFO, l, "relative margin of error \xc2\xb1%.*s%% (benchmark.js: 95%% confidence)",
		  (int)rn, rme);
}

/* "Fastest is a,b": a verdict on the runs of this block it names. */
static void on_fastest(struct sink *s, const struct line *l, uint32_t first_run)
{
	struct rx *p = &patterns[RX_FASTEST];
	const char *what, *names;
	size_t wn, nn;

	if (!rx_match(s->rx, p, l->s, l->len) || !rx_named(s->rx, p, "what", &what, &wn) ||
	    !rx_named(s->rx, p, "names", &names, &nn))
		return;
	for (uint32_t i = first_run; i < s->rs->nruns; i++) {
		const char *subject = s->rs->runs[i].subject;
		size_t k = strlen(subject);

		/* "Fastest is a,b" names several when they tie */
		for (const char *t = names, *end = names + nn; t < end;) {
			const char *c = memchr(t, ',', (size_t)(end - t));
			const char *e = c ? c : end;

			while (t < e && *t == ' ')
				t++;
			if ((size_t)(e - t) == k && !memcmp(t, subject, k))
				sink_note(s, i, NOTE_VERDICT, l, "%.*s (benchmark.js's verdict)", (int)(l->len - l->indent),
					  l->s + l->indent);
			t = c ? c + 1 : end;
		}
	}
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		switch (classify(l)) {
		case K_RESULT:
			on_result(s, l);
			break;
		case K_CUT:
			bench_lost(s, l, i + 1 == b->n && !b->ended ? "benchmark.js result line cut short"
								   : "garbled benchmark.js result line");
			break;
		case K_FASTEST:
			on_fastest(s, l, first_run);
			break;
		case K_NONE:
		case K__COUNT:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser benchmarkjs_parser = {
	.fmt = FMT_BENCHMARKJS,
	/* names begin with any byte: the claim looks at the line's end */
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
