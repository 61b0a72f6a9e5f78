/*
 * hey.c - hey's text summary (heysum.c reads it): a summary begins at its
 * "Summary:" line, or, pasted without it, at its "Total: ... secs" line;
 * every line of the summary continues it but oha's "Success rate:", where
 * oha's own summary begins (oha.c).
 */
#include <string.h>

#include "parsers/heysum.h"
#include "parsers/loadgen.h"
#include "util/text.h"

static enum heysum_kind classify(const struct line *l)
{
	return heysum_classify(l);
}
PARSER_CLASSIFIER(classify, heysum_kinds, HS__COUNT);

struct claim_state {
	int results;
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	enum heysum_kind k;

	/* outside a summary only its two first lines begin one: their words before the classifier */
	if (!in_block && !lg_prefix(s, n, "Summary:") && !lg_prefix(s, n, "Total:"))
		return CLAIM_NONE;
	k = heysum_classify(l);
	if (!in_block || (k == HS_SUMMARY && st->results)) {
		st->results = 0;
		if (k == HS_SUMMARY)
			return CLAIM_START;
		if (k == HS_FIGURE && lg_prefix(s, n, "Total:") && text_contains(s, n, " secs")) {
			st->results = 1;
			return CLAIM_START;
		}
		return CLAIM_NONE;
	}
	if (k == HS_NONE || k == HS_SUCCESS)
		return CLAIM_NONE;
	st->results |= k != HS_SUMMARY;
	return CLAIM_BODY;
}

static int parse(const struct block *b, struct sink *s)
{
	return heysum_parse(b, s, FMT_HEY, "hey");
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "Summary:", "Total:", NULL };

const struct parser hey_parser = {
	.fmt = FMT_HEY,
	.words = start_words,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = heysum_kinds,
	.nkinds = HS__COUNT,
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
