/*
 * perf_csv.c - perf stat -x, ("3.52,msec,task-clock,3519289,100.00,0.055,
 * CPUs utilized") → the same figures as the table (perf_counter.c), each
 * line read by libcsv (util/csvio.h). With -r a variance column follows the
 * event ("3.30%": .rel_sd). The output has no header: a block is a run of
 * such lines, and an event met twice starts the next run.
 */
#include <string.h>

#include "parsers/parser.h"
#include "parsers/perf_counter.h"
#include "util/csvio.h"

enum {
	RX_LINE,
};

static struct rx patterns[] = {
	/* value (maybe garbled), unit, event, then at least runtime, share, metric value and unit */
	[RX_LINE] = { "perf stat -x, line",
		      "^(?:[0-9][^,]*|<not supported>|<not counted>),[A-Za-z]*,[A-Za-z_][^,]*(?:,[^,]*){4,}$",
		      0 },
};

/* Commas in a line: a damaged or cut -x, line still has some of its fields. */
static size_t commas(const struct line *l)
{
	size_t n = 0;

	for (uint32_t i = 0; i < l->len; i++)
		n += l->s[i] == ',';
	return n;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	char c = l->s[l->indent];

	(void)state;
	if (l->indent)
		return CLAIM_NONE; /* perf -x lines start at the margin */
	if (in_block && (c == ',' || commas(l) >= 2))
		return CLAIM_BODY; /* a further metric of the line above, or a damaged line */
	if (!char_is_digit(c) && c != '<')
		return CLAIM_NONE;
	if (c != '<' && !memchr(l->s, ',', l->len < 32 ? l->len : 32))
		return CLAIM_NONE; /* a value ("3.52", "75") ends at a comma */
	return rx_match(&patterns[RX_LINE], l->s, l->len) ? CLAIM_START : CLAIM_NONE;
}

/* One line's fields, copied out of libcsv's callback. */
struct row {
	struct sink *s;
	char **fields;
	size_t n;
};

static int on_fields(char **fields, size_t n, size_t rowno, void *ctx)
{
	struct row *r = ctx;

	(void)rowno;
	if (r->fields)
		return 1; /* one line is one row: a second means a newline inside quotes */
	r->fields = arena_alloc(r->s->arena, (n ? n : 1) * sizeof(*r->fields));
	for (size_t i = 0; i < n; i++)
		r->fields[i] = (char *)sink_strndup(r->s, fields[i], strlen(fields[i]));
	r->n = n;
	return 0;
}

struct parse {
	struct sink *s;
	struct sink_txn t;   /* the current run */
	uint32_t run;        /* its index */
	const char **events; /* of the current run, to see one come again */
	size_t nevents, events_cap;
};

static void finish(struct parse *ps, const struct line *last)
{
	sink_txn_finish(ps->s, &ps->t, last, "perf stat -x output without a single figure");
}

static void begin(struct parse *ps, const struct line *l)
{
	finish(ps, l);
	ps->run = sink_txn_begin(ps->s, &ps->t, l);
	ps->nevents = 0;
}

/*
 * Field `i` as a span of the line itself, so that the measurement's
 * offsets point at the printed number: perf never quotes, so the fields
 * sit one after the other with a comma between. A quoted line (not perf's)
 * gets the copy libcsv made, and no offsets.
 */
static struct perf_span field_span(const struct line *l, const struct row *row, size_t i)
{
	struct perf_span sp = { row->fields[i], strlen(row->fields[i]) };
	size_t at = 0;

	if (memchr(l->s, '"', l->len))
		return sp;
	for (size_t j = 0; j < i; j++)
		at += strlen(row->fields[j]) + 1;
	if (at + sp.n <= l->len && !memcmp(l->s + at, sp.s, sp.n))
		sp.s = l->s + at;
	return sp;
}

static void on_line(struct parse *ps, struct diag *scratch, const struct line *l)
{
	struct row row = { ps->s, NULL, 0 };
	struct perf_counter c;
	size_t at;
	int variance;

	csvio_parse(ps->s->name, l->s, l->len, on_fields, &row, scratch);
	if (row.n && !*row.fields[0])
		return; /* ",,,,,,0.84,insn per cycle": a metric of the counter above */
	if (!ps->t.open)
		begin(ps, l);
	/* with -r a variance ("3.30%") follows the event */
	variance = row.n >= 4 && strlen(row.fields[3]) > 1 &&
		   row.fields[3][strlen(row.fields[3]) - 1] == '%';
	if (row.n < (variance ? 8u : 7u) || !*row.fields[2] || scratch->n) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat -x line");
		return;
	}
	for (size_t i = 0; i < ps->nevents; i++) {
		if (!strcmp(ps->events[i], row.fields[2])) {
			begin(ps, l); /* the next invocation's counters */
			break;
		}
	}
	ALLOC_GROW(ps->events, ps->nevents + 1, ps->events_cap);
	ps->events[ps->nevents++] = row.fields[2];

	memset(&c, 0, sizeof(c));
	c.value = field_span(l, &row, 0);
	c.unit = field_span(l, &row, 1);
	c.event = field_span(l, &row, 2);
	at = 3;
	if (variance) {
		c.noise = field_span(l, &row, 3);
		c.noise.n--; /* without its '%' */
		at++;
	}
	/* the counter's run time (ns) is not kept, but a garbled one is a garbled line */
	if (strspn(row.fields[at], "0123456789") != strlen(row.fields[at])) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat -x line");
		return;
	}
	c.share = field_span(l, &row, at + 1);
	if (*row.fields[at + 2] && *row.fields[at + 3]) {
		c.mval = field_span(l, &row, at + 2);
		c.munit = field_span(l, &row, at + 3);
	}
	/* -x, output is C-locale: no grouping (a decimal comma would have split the fields) */
	c.localized = 0;
	if (perf_add_counter(ps->s, ps->run, l, &c, variance ? 0 : 1) < 0)
		sink_damage(ps->s, ps->run, l, "garbled perf stat -x line");
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct diag scratch = DIAG_INIT;

		if (l->indent == l->len)
			continue;
		/* libcsv's own complaints name no line: the damage warning does */
		on_line(&ps, &scratch, l);
		diag_release(&scratch);
	}
	finish(&ps, &b->lines[b->n - 1]);
	free(ps.events);
	return (int)(s->rs->nruns - first_run);
}

const struct parser perf_csv_parser = {
	.fmt = FMT_PERF_CSV,
	.starts = "0123456789<",
	.claim = claim,
	.state_size = 0,
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
