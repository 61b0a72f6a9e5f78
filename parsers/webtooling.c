/*
 * webtooling.c - the Web Tooling Benchmark's report (v8's suite of
 * JavaScript tools, run by node or a JS shell): "Running Web Tooling
 * Benchmark v0.5.3…", a rule, one line a tool ("acorn: 14.11 runs/s",
 * "runs/sec" before 0.5, with benchmark.js's relative margin of error
 * "±6.67%" in the first versions) → NAME.ops_per_sec, one run per tool.
 * The margin is a note (a 95% confidence half-width over the mean, not a
 * deviation); "Geometric mean:" is derived from the tools' figures and
 * kept as a note; "Encountered error running benchmark NAME" is a
 * warning. A block begins only at the report's first line.
 */
#include <string.h>

#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_HEADER, /* "Running Web Tooling Benchmark v0.5.3…", "... 0.3.2..." */
	K_RULE,   /* "-------------------------------------" */
	K_RESULT, /* "         acorn: 14.11 runs/s", garbled or not */
	K_MEAN,   /* "Geometric mean: 12.45 runs/s" */
	K_ERROR,  /* "Encountered error running benchmark babel, aborting…" */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "rule", "result", "mean", "error" };

/* "name: N runs/s[ec][ ±R%]": the colon after a word, " runs/s" after it. */
static int is_result(const char *s, size_t n)
{
	const char *colon = memchr(s, ':', n);

	return colon && colon > s && colon[-1] != ' ' && text_contains(colon, (size_t)(s + n - colon), " runs/s");
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	switch (s[0]) {
	case 'R':
		return n > 30 && !memcmp(s, "Running Web Tooling Benchmark ", 30) ? K_HEADER : K_NONE;
	case '-': {
		size_t i = 0;

		while (i < n && s[i] == '-')
			i++;
		return i == n && n >= 10 ? K_RULE : K_NONE;
	}
	case 'G':
		if (n > 15 && !memcmp(s, "Geometric mean:", 15))
			return K_MEAN;
		break;
	case 'E':
		if (n > 36 && !memcmp(s, "Encountered error running benchmark ", 36))
			return K_ERROR;
		break;
	}
	return is_result(s, n) ? K_RESULT : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	return claim_from_kind(classify(l), K_HEADER, in_block);
}

/* "  babel:  7.42 runs/sec  ±6.67%" */
static void on_result(struct sink *s, const struct line *l)
{
	const char *str = l->s + l->indent, *colon = memchr(str, ':', line_end(l) - l->indent), *tok[4];
	size_t n = line_end(l) - l->indent, len[4], nt;
	uint32_t run;
	double hz;

	nt = text_split_words(colon + 1, (size_t)(str + n - colon - 1), 0, tok, len, 4);
	run = bench_run(s, l, str, (size_t)(colon - str));
	if ((nt != 2 && nt != 3) || !((len[1] == 6 && !memcmp(tok[1], "runs/s", 6)) ||
				       (len[1] == 8 && !memcmp(tok[1], "runs/sec", 8))) ||
	    (nt == 3 && (len[2] < 3 || memcmp(tok[2], "\xc2\xb1", 2) || tok[2][len[2] - 1] != '%')) ||
	    num_parse(tok[0], len[0], &hz) < 0) {
		sink_damage(s, run, l, "garbled Web Tooling Benchmark line");
		return;
	}
	sink_measure(s, run, "ops_per_sec", STAT_VALUE, UNIT_PER_S, hz, 0, l, tok[0], len[0]);
	if (nt == 3)
		sink_note(s, run, NOTE_INFO, l, "relative margin of error %.*s (benchmark.js: 95%% confidence)",
			  (int)len[2], tok[2]);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		switch (classify(l)) {
		case K_RESULT:
			/* the text may have cut the last line short */
			if (i + 1 == b->n && !b->ended && !line_ends(l, "s") && !line_ends(l, "%"))
				sink_warn(s, l, "Web Tooling Benchmark line cut short; not read");
			else
				on_result(s, l);
			break;
		case K_MEAN:
			for (uint32_t r = first_run; r < s->rs->nruns; r++)
				sink_note(s, r, NOTE_SUMMARY, l, "%.*s (derived from the tools' figures)",
					  (int)(l->len - l->indent), l->s + l->indent);
			break;
		case K_ERROR:
			sink_warn(s, l, "%.*s", (int)(line_end(l) - l->indent), l->s + l->indent);
			break;
		default:
			break;
		}
	}
	if (s->rs->nruns == first_run)
		sink_warn(s, &b->lines[0], "Web Tooling Benchmark report without a tool's figure");
	return (int)(s->rs->nruns - first_run);
}

const struct parser webtooling_parser = {
	.fmt = FMT_WEB_TOOLING,
	.starts = "R",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
