/*
 * oha.c - oha's text summary (--no-tui, or what its TUI leaves; heysum.c
 * reads it). The summary is hey's with a "Success rate:" line first, and
 * that line is where the claim begins it: the "Summary:" line above is
 * hey's claim (a block of that line alone gives nothing), so the two
 * tools' summaries are told apart where they differ.
 */
#include "parsers/heysum.h"
#include "parsers/loadgen.h"

static enum heysum_kind classify(const struct line *l)
{
	return heysum_classify(l);
}
PARSER_CLASSIFIER(classify, heysum_kinds, HS__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum heysum_kind k;

	(void)state;
	/* outside a summary only "Success rate:" begins one: its words before the classifier */
	if (!in_block && !lg_prefix(l->s + l->indent, line_end(l) - l->indent, "Success rate:"))
		return CLAIM_NONE;
	k = heysum_classify(l);
	if (k == HS_SUCCESS)
		return CLAIM_START;
	if (!in_block || k == HS_NONE || k == HS_SUMMARY)
		return CLAIM_NONE;
	return CLAIM_BODY;
}

static int parse(const struct block *b, struct sink *s)
{
	return heysum_parse(b, s, FMT_OHA, "oha");
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "Success rate:", NULL };

const struct parser oha_parser = {
	.fmt = FMT_OHA,
	.words = start_words,
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = heysum_kinds,
	.nkinds = HS__COUNT,
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
