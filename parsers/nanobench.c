/*
 * nanobench.c - the Markdown tables of nanobench (ankerl::nanobench, the
 * C++ micro-benchmark library behind Bitcoin Core's bench_bitcoin):
 *
 *   |               ns/op |                op/s |    err% |     total | benchmark
 *   |--------------------:|--------------------:|--------:|----------:|:----------
 *   |          109,863.95 |            9,102.12 |    0.4% |      0.01 | `CCoinsCaching`
 *
 * One run per row, the benchmark's name (in backticks, in the column the
 * table's title heads: "benchmark" by default) its subject; what names
 * the build stands above the table (a label, a command). The figures are
 * the medians of nanobench's epochs. The time per unit of work is read
 * from the "ns/op" column (its time unit and the
 * batch's unit as printed: "ms/op", "ns/byte", "ns/uint64_t":
 * time_per_op, or time_per_byte...), and with performance counters the
 * instructions, cycles and branches per unit (ins/op, cyc/op, bra/op).
 * Never stored: op/s (the reciprocal of the time), IPC and miss% (ratios
 * of the counters), the relative and 95% CI columns (ratios to the first
 * row), total (how long the measuring took). err% (nanobench's median
 * absolute percentage error of its epochs) is kept as a note, and so are
 * its marks of an unstable (":wavy_dash:") or failed (":boom:") row. A
 * column of the user's own ("threads") becomes the row's scenario.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

#define MAX_COLS 24

enum kind {
	K_NONE,
	K_HEADER,  /* "| ns/op | op/s | err% | ... | total | benchmark" */
	K_RULE,    /* "|----:|----:|:----" */
	K_ROW,     /* "| 7.52 | ... | `name`", ":wavy_dash: `name` (...)", ":boom: `name` (...)" */
	K_WARNING, /* "Warning, results might be unstable:", printed above the table */
	K_ADVICE,  /* "Recommendations", and the "* ..." items under either */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "rule", "row", "warning", "advice" };

/* The cells of a row: spans between the bars, trimmed; the last runs to the line's end. At most MAX_COLS. */
struct cells {
	const char *s[MAX_COLS];
	size_t n[MAX_COLS];
	int count;
};

static void split(const struct line *l, struct cells *c)
{
	const char *p = l->s + l->indent, *end = l->s + line_end(l);

	c->count = 0;
	if (p < end && *p == '|')
		p++;
	while (p <= end && c->count < MAX_COLS) {
		const char *bar = memchr(p, '|', (size_t)(end - p)), *e = bar ? bar : end;
		const char *a = p;

		/* a name's backticks may hold a bar: the last cell runs to the end */
		if (bar && memchr(p, '`', (size_t)(bar - p)))
			e = end, bar = NULL;
		while (a < e && (*a == ' ' || *a == '\t'))
			a++;
		while (e > a && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		c->s[c->count] = a;
		c->n[c->count++] = (size_t)(e - a);
		if (!bar)
			break;
		p = bar + 1;
	}
}

static int cell_is(const struct cells *c, int i, const char *w)
{
	size_t n = strlen(w);

	return c->n[i] == n && !memcmp(c->s[i], w, n);
}

/* A time unit nanobench prints before the batch's unit: its metric prefix for num_scale(), or NULL. */
static const char *time_prefix(const char *s, size_t n)
{
	static const struct {
		const char *unit, *prefix;
	} units[] = { { "ns", "n" }, { "\xc2\xb5s", "\xc2\xb5" }, { "\xce\xbcs", "\xc2\xb5" }, { "us", "\xc2\xb5" },
		      { "ms", "m" }, { "s", "" } };

	for (size_t k = 0; k < countof(units); k++)
		if (strlen(units[k].unit) == n && !memcmp(units[k].unit, s, n))
			return units[k].prefix;
	return NULL;
}

/* "ns/op": the slash's place when the part before it is a time unit, else 0. */
static size_t time_per_unit(const char *s, size_t n)
{
	const char *slash = memchr(s, '/', n);

	return slash && slash > s && (size_t)(slash - s) + 1 < n && time_prefix(s, (size_t)(slash - s)) ? (size_t)(slash - s)
													      : 0;
}

/*
 * By nanobench's fixed words: a header has "err%" and, before it, a time
 * per unit ("ns/op") and its rate ("op/s"); the last cell is the title.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	struct cells c;

	if (line_starts(l, "Warning, results might be unstable:"))
		return K_WARNING;
	if (line_starts(l, "Recommendations") || (n > 2 && s[0] == '*' && s[1] == ' '))
		return n == 15 || s[0] == '*' ? K_ADVICE : K_NONE;
	if (n < 3 || *s != '|')
		return K_NONE;
	if (text_contains(s, n, "| `") || text_contains(s, n, "| :wavy_dash: `") || text_contains(s, n, "| :boom: `"))
		return K_ROW;
	if (strspn(s, "|-: ") == n)
		return memchr(s + 1, '-', n - 1) ? K_RULE : K_NONE;
	if (!text_contains(s, n, "err%"))
		return K_NONE;
	split(l, &c);
	for (int i = 0; i + 2 < c.count; i++)
		if (time_per_unit(c.s[i], c.n[i]) && c.n[i + 1] > 2 && !memcmp(c.s[i + 1] + c.n[i + 1] - 2, "/s", 2) &&
		    cell_is(&c, i + 2, "err%"))
			return K_HEADER;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	uint8_t table; /* the block has its header: another one begins the next */
};

/*
 * A table begins at its header, or at nanobench's warning above it
 * ("Warning, results might be unstable:", its items, "Recommendations"
 * and theirs: the tool's lines, never the author's label); its rule and
 * rows continue it.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;

	if (!in_block) {
		k = l->len > l->indent && (l->s[l->indent] == '|' || l->s[l->indent] == 'W') ? classify(l) : K_NONE;
		st->table = k == K_HEADER;
		return k == K_HEADER || k == K_WARNING ? CLAIM_START : CLAIM_NONE;
	}
	k = classify(l);
	if (k == K_HEADER) {
		if (st->table)
			return CLAIM_START;
		st->table = 1;
		return CLAIM_BODY;
	}
	if (k == K_ADVICE || k == K_WARNING)
		return st->table ? CLAIM_NONE : CLAIM_BODY;
	return k == K_RULE || k == K_ROW ? CLAIM_BODY : CLAIM_NONE;
}

/* What each column of the header is. */
enum col {
	COL_SKIP,   /* a ratio, a rate, the time spent measuring */
	COL_TIME,   /* "ns/op" */
	COL_COUNT,  /* "ins/op", "cyc/op", "bra/op" */
	COL_ERR,    /* "err%" */
	COL_CONTEXT, /* a column of the user's own ("threads") */
	COL_NAME,   /* the last: the title's, holding the benchmark's name */
};

struct table {
	enum col col[MAX_COLS];
	const char *quantity[MAX_COLS]; /* COL_TIME, COL_COUNT: as stored */
	const char *prefix[MAX_COLS];   /* COL_TIME: num_scale()'s prefix; COL_COUNT: "" */
	const char *context[MAX_COLS];  /* COL_CONTEXT: the header's words */
	int ncols;
};

static const char *per_unit(struct sink *s, const char *what, const char *unit, size_t un)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "%s_per_%.*s", what, (int)(un > 64 ? 64 : un), unit);
	return sink_strndup(s, buf, strlen(buf));
}

static void read_header(struct sink *s, const struct line *l, struct table *t)
{
	static const struct {
		const char *head, *what;
	} counters[] = { { "ins/", "instructions" }, { "cyc/", "cycles" }, { "bra/", "branches" } };
	struct cells c;

	split(l, &c);
	t->ncols = c.count;
	for (int i = 0; i < c.count; i++) {
		size_t slash = time_per_unit(c.s[i], c.n[i]);

		t->col[i] = COL_SKIP;
		if (i == c.count - 1) {
			t->col[i] = COL_NAME;
		} else if (slash) {
			t->col[i] = COL_TIME;
			t->prefix[i] = time_prefix(c.s[i], slash);
			t->quantity[i] = c.n[i] - slash - 1 == 2 && !memcmp(c.s[i] + slash + 1, "op", 2)
						 ? "time_per_op"
						 : per_unit(s, "time", c.s[i] + slash + 1, c.n[i] - slash - 1);
		} else if (cell_is(&c, i, "err%")) {
			t->col[i] = COL_ERR;
		} else if (cell_is(&c, i, "relative") || cell_is(&c, i, "95% CI") || cell_is(&c, i, "IPC") ||
			   cell_is(&c, i, "miss%") || cell_is(&c, i, "total") ||
			   (c.n[i] > 2 && !memcmp(c.s[i] + c.n[i] - 2, "/s", 2))) {
			t->col[i] = COL_SKIP;
		} else {
			t->col[i] = COL_CONTEXT;
			t->context[i] = sink_strndup(s, c.s[i], c.n[i]);
			for (size_t k = 0; k < countof(counters); k++)
				if (c.n[i] > 4 && !memcmp(c.s[i], counters[k].head, 4)) {
					t->col[i] = COL_COUNT;
					t->prefix[i] = ""; /* a count as printed */
					t->quantity[i] = c.n[i] == 6 && !memcmp(c.s[i] + 4, "op", 2)
								 ? (k == 0 ? "instructions_per_op" : k == 1 ? "cycles_per_op" : "branches_per_op")
								 : per_unit(s, counters[k].what, c.s[i] + 4, c.n[i] - 4);
				}
		}
	}
}

/* A cell as nanobench prints a figure: "-", or digits grouped by ',' with a fraction, maybe a '%' ("1,767.4%"). */
static int figure_cell(const char *s, size_t n)
{
	double v;

	if (n == 1 && *s == '-')
		return 1;
	if (n && s[n - 1] == '%')
		n--;
	return n && num_parse_grouped(s, n, ',', &v) == 0;
}

static void read_row(struct sink *s, const struct line *l, const struct table *t)
{
	struct cells c;
	const char *name = NULL, *tick, *close, *mark = NULL;
	size_t nn = 0;
	struct sink_txn txn = { 0 };
	struct buf scenario = BUF_INIT;
	uint32_t run;

	split(l, &c);
	if (c.count != t->ncols) {
		sink_lost(s, l, "nanobench row with another number of cells than its header");
		return;
	}
	/* the name: in backticks, after nanobench's mark of an unstable or failed row */
	tick = memchr(c.s[c.count - 1], '`', c.n[c.count - 1]);
	close = tick ? memchr(tick + 1, '`', (size_t)(c.s[c.count - 1] + c.n[c.count - 1] - tick - 1)) : NULL;
	if (!close) {
		sink_lost(s, l, "nanobench row without its benchmark's name");
		return;
	}
	name = tick + 1, nn = (size_t)(close - tick - 1);
	if (tick > c.s[c.count - 1])
		mark = c.s[c.count - 1];
	/* a row is one run: a figure garbled anywhere on it, and nothing of it is read */
	for (int i = 0; i < c.count; i++)
		if (t->col[i] != COL_NAME && t->col[i] != COL_CONTEXT && !figure_cell(c.s[i], c.n[i])) {
			sink_lost(s, l, "garbled nanobench row");
			return;
		}
	for (int i = 0; i < c.count; i++)
		if (t->col[i] == COL_CONTEXT && c.n[i])
			buf_addf(&scenario, "%s%s %.*s", scenario.len ? ", " : "", t->context[i], (int)c.n[i], c.s[i]);
	run = bench_begin(s, &txn, l, name, nn);
	if (scenario.len)
		s->rs->runs[run].scenario = sink_strndup(s, scenario.s, scenario.len);
	buf_release(&scenario);
	for (int i = 0; i < c.count; i++) {
		double v;

		if (!c.n[i] || (c.n[i] == 1 && c.s[i][0] == '-'))
			continue; /* "-": no figure (a failed row) */
		switch (t->col[i]) {
		case COL_TIME:
		case COL_COUNT: {
			char digits[64];
			size_t k = 0, j;

			/* the digits without nanobench's ',' between groups (figure_cell() checked the grouping) */
			for (j = 0; j < c.n[i] && k + 1 < sizeof(digits); j++)
				if (c.s[i][j] != ',')
					digits[k++] = c.s[i][j];
			if (j < c.n[i] || num_scale(digits, k, t->prefix[i], strlen(t->prefix[i]), &v) < 0) {
				sink_damage(s, run, l, "garbled nanobench row");
				continue;
			}
			sink_measure(s, run, t->quantity[i], STAT_MEDIAN, t->col[i] == COL_TIME ? UNIT_SECOND : UNIT_COUNT, v, 0,
				     l, c.s[i], c.n[i]);
			break;
		}
		case COL_ERR:
			sink_note(s, run, NOTE_INFO, l, "err%% %.*s (nanobench: the median absolute percentage error of its epochs)",
				  (int)c.n[i], c.s[i]);
			break;
		default:
			break;
		}
	}
	if (mark)
		sink_note(s, run, NOTE_WARNING, l, "nanobench: %.*s", (int)(c.s[c.count - 1] + c.n[c.count - 1] - mark),
			  mark);
	sink_txn_finish(s, &txn, l, "nanobench row without a figure");
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct table t = { .ncols = 0 };

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		switch (classify(l)) {
		case K_HEADER:
			read_header(s, l, &t);
			break;
		case K_ROW:
			if (t.ncols)
				read_row(s, l, &t);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser nanobench_parser = {
	.fmt = FMT_NANOBENCH,
	.starts = "|W",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
