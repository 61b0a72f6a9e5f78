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

/* What a line of perf stat -x, is, by its columns (never by its digits). */
enum kind {
	K_NONE,
	K_COUNTER, /* value,unit,event, then at least runtime, share, metric value and unit */
	K_METRIC,  /* ",,,,,,0.84,insn per cycle": a further metric of the line above */
	K_PARTIAL, /* two commas or more, not a counter's columns: garbled or cut */
	K__COUNT
};

static const char *const kinds[] = { "none", "counter", "metric", "partial" };

static int is_letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/*
 * The one classifier the claim and the parse share. perf -x lines start at
 * the margin; a counter's columns are a value, a unit of letters (or
 * none), an event name that begins with a letter, and four or more
 * further fields, whatever its digits say.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s, *end = l->s + l->len, *c1, *c2;
	size_t commas = 1;

	if (l->indent || !l->len)
		return K_NONE;
	if (*s == ',')
		return K_METRIC;
	if (!(c1 = memchr(s, ',', l->len)))
		return K_NONE;
	for (const char *p = c1 + 1; p < end && (p = memchr(p, ',', (size_t)(end - p))); p++)
		commas++;
	if (commas < 2)
		return K_NONE;
	c2 = memchr(c1 + 1, ',', (size_t)(end - c1 - 1));
	for (const char *p = c1 + 1; p < c2; p++)
		if (!is_letter(*p))
			return K_PARTIAL;
	if (commas < 6 || c2 + 1 >= end || !(is_letter(c2[1]) || c2[1] == '_'))
		return K_PARTIAL;
	return K_COUNTER;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* Does the value column hold a number's first digit, or perf's "<not supported>"/"<not counted>"? */
static int value_starts(const struct line *l)
{
	const char *c = memchr(l->s, ',', l->len);
	size_t n = (size_t)(c - l->s);

	return char_is_digit(l->s[0]) || (n == 15 && !memcmp(l->s, "<not supported>", n)) ||
	       (n == 13 && !memcmp(l->s, "<not counted>", n));
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (k == K_NONE)
		return CLAIM_NONE;
	if (in_block)
		return CLAIM_BODY; /* a further metric of the line above, or a damaged line */
	/* the output has no header: a counter line whose value column is a value starts it */
	return k == K_COUNTER && value_starts(l) ? CLAIM_START : CLAIM_NONE;
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
		enum kind k = classify(l);

		if (k == K_METRIC || k == K_NONE)
			continue; /* ",,,,,,0.84,insn per cycle": a metric of the counter above */
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
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
};
