/*
 * parsers.c - the registry of parsers: one per format, patterns compiled once.
 */
#include "parsers/label.h"
#include "parsers/parser.h"
#include "parsers/prose.h"

extern const struct parser hyperfine_parser;
extern const struct parser json_parser;
extern const struct parser iperf3_parser;
extern const struct parser hyperfine_csv_parser;
extern const struct parser hyperfine_md_parser;
extern const struct parser criterion_parser;
extern const struct parser libtest_parser;
extern const struct parser gotest_parser;
extern const struct parser bolt_parser;
extern const struct parser size_parser;
extern const struct parser size_sysv_parser;
extern const struct parser sizelist_parser;
extern const struct parser time_parser;
extern const struct parser perf_parser;
extern const struct parser perf_csv_parser;
extern const struct parser fortio_parser;

/* Criterion comes last: its START lines can begin with any byte, so it is asked after the others. */
static const struct parser *const all[] = {
	&hyperfine_parser,
	&json_parser,
	&iperf3_parser,
	&hyperfine_csv_parser,
	&hyperfine_md_parser,
	&libtest_parser,
	&gotest_parser,
	&bolt_parser,
	&criterion_parser,
	&size_parser,
	&size_sysv_parser,
	&sizelist_parser,
	&time_parser,
	&perf_parser,
	&perf_csv_parser,
	&fortio_parser,
};

static int initialized;

/* Pattern tables of the segmenter's prose readers, beside the parsers' own. */
static struct {
	struct rx *rx;
	const size_t *n;
} prose_tables[] = {
	{ label_rx, &label_nrx },
	{ prose_rx, &prose_nrx },
};

int parsers_init(struct diag *d)
{
	if (initialized)
		return 0;
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

const struct parser *parser_for(enum fmt f)
{
	ensure_init();
	for (size_t i = 0; i < countof(all); i++)
		if (all[i]->fmt == f)
			return all[i];
	return NULL;
}

const struct parser *const *parsers_all(size_t *n)
{
	ensure_init();
	*n = countof(all);
	return all;
}
