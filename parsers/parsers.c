/*
 * parsers.c - the registry of parsers, made from the FORMATS table:
 * patterns compiled once, the segmenter's limits checked.
 */
#include "parsers/dispatch.h"
#include "parsers/label.h"
#include "parsers/names.h"
#include "parsers/parser.h"
#include "parsers/prose.h"

#include <string.h>

/* The parsers, from the FORMATS table's parser rows (record.h). */
#define PARSER_DECL_parser(sym) extern const struct parser sym##_parser;
#define PARSER_DECL_json(sym)
#define PARSER_DECL_(e, name, desc, reader, sym) PARSER_DECL_##reader(sym)
FORMATS(PARSER_DECL_)
#define PARSER_REF_parser(sym) &sym##_parser,
#define PARSER_REF_json(sym)
#define PARSER_REF_(e, name, desc, reader, sym) PARSER_REF_##reader(sym)

static const struct parser *const table[] = { FORMATS(PARSER_REF_) };
_Static_assert(countof(table) == PARSERS_COUNT, "PARSERS_COUNT counts the FORMATS table's parsers");

/*
 * The order the segmenter asks them in: the table's, except that a parser
 * whose START lines can begin with almost any byte (Criterion's ids), or
 * a generic reader of what people type (tables), is asked after the
 * others.
 */
#define CATCH_ALL_STARTS 64
static const struct parser *all[countof(table)];
/* Each format's parser, for parser_for(): asked of every block */
static const struct parser *by_fmt[FMT__COUNT];

static int initialized;
static int prepared; /* for a second thread: parsers_prepare_second_thread() */

/* Pattern tables of the segmenter's prose readers, beside the parsers' own. */
static struct {
	struct rx *rx;
	const size_t *n;
} prose_tables[] = {
	{ label_rx, &label_nrx },
	{ prose_rx, &prose_nrx },
};

/*
 * The segmenter's limits are asserted when the program is compiled
 * (parser.h): a first byte's row holds every parser, and PARSER_STATE()
 * refuses a claim state too large. A parser that gives its state size
 * without PARSER_STATE() is checked here, a programming error reported.
 */
static int check_limits(struct diag *d)
{
	size_t words = 0;

	for (size_t i = 0; i < countof(all); i++) {
		if (all[i]->state_size > PARSER_STATE_MAX)
			return diag_error(d, NULL, 0, "parser %s needs %zu bytes of claim state (at most %d)",
					  fmt_name(all[i]->fmt), all[i]->state_size, PARSER_STATE_MAX);
		/* first words in place of first bytes, never both; no generic reader's */
		if (!all[i]->words == !all[i]->starts || (all[i]->words && all[i]->generic))
			return diag_error(d, NULL, 0, "parser %s needs first bytes or first words (one of them)",
					  fmt_name(all[i]->fmt));
		for (const char *const *w = all[i]->words; w && *w; w++, words++)
			if (!**w)
				return diag_error(d, NULL, 0, "parser %s names an empty first word", fmt_name(all[i]->fmt));
	}
	if (words > DISPATCH_WORDS)
		return diag_error(d, NULL, 0, "the parsers name %zu first words (at most %d)", words, DISPATCH_WORDS);
	return 0;
}

static void order(void)
{
	size_t k = 0;

	for (int late = 0; late < 2; late++)
		for (size_t i = 0; i < countof(table); i++)
			if (((table[i]->starts && strlen(table[i]->starts) >= CATCH_ALL_STARTS) || table[i]->generic) == late)
				all[k++] = table[i];
	for (size_t i = countof(table); i-- > 0;)
		by_fmt[table[i]->fmt] = table[i]; /* the first of a format wins, as a walk of the table finds */
}

int parsers_init(struct diag *d)
{
	if (initialized)
		return 0;
	order();
	if (check_limits(d) < 0)
		return -1;
	for (size_t i = 0; i < countof(all); i++)
		if (all[i]->nrx && rx_compile(all[i]->rx, all[i]->nrx, d) < 0)
			return -1;
	for (size_t i = 0; i < countof(prose_tables); i++)
		if (rx_compile(prose_tables[i].rx, *prose_tables[i].n, d) < 0)
			return -1;
	initialized = 1;
	return 0;
}

void parsers_fini(void)
{
	for (size_t i = 0; i < countof(all); i++)
		if (all[i]->nrx)
			rx_free(all[i]->rx, all[i]->nrx);
	for (size_t i = 0; i < countof(prose_tables); i++)
		rx_free(prose_tables[i].rx, *prose_tables[i].n);
	initialized = 0;
	prepared = 0;
}

/* Patterns are compiled on first use; a pattern that does not compile is a bug. */
static void ensure_init(void)
{
	struct diag d = DIAG_INIT;

	if (initialized)
		return;
	if (parsers_init(&d) < 0)
		die("%s", d.n ? d.v[0].text : "cannot compile the parsers' patterns");
	diag_release(&d);
}

int parsers_prepare_second_thread(void)
{
	if (prepared)
		return 0;
	ensure_init();
	for (size_t i = 0; i < countof(all); i++)
		if (all[i]->nrx && rx_prepare_lane(all[i]->rx, all[i]->nrx, 1) < 0)
			return -1;
	for (size_t i = 0; i < countof(prose_tables); i++)
		if (rx_prepare_lane(prose_tables[i].rx, *prose_tables[i].n, 1) < 0)
			return -1;
	prepared = 1;
	return 0;
}

const struct parser *parser_for(enum fmt f)
{
	ensure_init();
	return f > FMT_NONE && f < FMT__COUNT ? by_fmt[f] : NULL;
}

const struct parser *const *parsers_all(size_t *n)
{
	ensure_init();
	*n = countof(all);
	return all;
}
