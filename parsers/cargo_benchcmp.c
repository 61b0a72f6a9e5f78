/*
 * cargo_benchcmp.c - cargo benchcmp (the comparer of two runs of Rust's
 * libtest #[bench]) tables → one run per benchmark row and column:
 * NAME.time_per_op (ns/iter, digits grouped by commas),
 * NAME.time_per_op.dev (--variance's "(+/- 2265)", libtest's max - min)
 * and NAME.throughput ("(28248 MB/s)", 10^6 bytes per second), the
 * names libtest.c gives the same figures, so that the two meet.
 *
 *    name          control ns/iter   variable ns/iter   diff ns/iter   diff %  speedup
 *    ac_one_byte   354 (28248 MB/s)  349 (28653 MB/s)             -5   -1.41%   x 1.01
 *
 * The two columns are named by the header (the result files or the
 * module prefixes compared, "old" and "new" when none was given; see
 * comparer.h); "n/a" is a benchmark one side lacks. cargo benchcmp's
 * diff, diff % and speedup are notes on the second run, never figures.
 */
#include "parsers/bench.h"
#include "parsers/comparer.h"
#include "parsers/units.h"
#include "util/text.h"
#include "util/util.h"

#define MAX_TOKS 24

/* What a line of cargo benchcmp output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER, /* "name  A ns/iter  B ns/iter  diff ns/iter  diff %  speedup" */
	K_ROW,    /* "name  354 (28248 MB/s)  349 (28653 MB/s)  -5  -1.41%  x 1.01", garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "row" };

static int word_is(const struct cmp_tok *t, const char *w)
{
	return t->n == strlen(w) && !memcmp(t->s, w, t->n);
}

static int is_header(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	return n > 5 && (s[4] == ' ' || s[4] == '\t') && text_contains(s, n, " ns/iter") &&
	       text_contains(s, n, "diff ns/iter");
}

/*
 * The one classifier the claim and the parse share: a row is a name and
 * at least four more words ending in the diff % ("-1.41%"), the speedup
 * ("x 1.01") or "n/a", or a name and a figure (a row cut short); a digit
 * garbled anywhere leaves it a row.
 */
static enum kind classify(const struct line *l)
{
	struct cmp_tok t[MAX_TOKS];
	size_t nt;

	if (line_starts(l, "name") && is_header(l))
		return K_HEADER;
	nt = comparer_tokens(l, l->indent, t, MAX_TOKS);
	if (nt < 2 || nt > MAX_TOKS)
		return K_NONE;
	/* a row cut short still has a figure (or "n/a") after its name */
	if (nt < 5)
		return char_is_digit(t[1].s[0]) || word_is(&t[1], "n/a") ? K_ROW : K_NONE;
	if (t[nt - 1].s[t[nt - 1].n - 1] == '%' || word_is(&t[nt - 2], "x") || word_is(&t[nt - 1], "n/a"))
		return K_ROW;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block)
		return line_starts(l, "name") && is_header(l) ? CLAIM_START : CLAIM_NONE;
	k = classify(l);
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

struct parse {
	struct sink *s;
	const char *names[2], *variants[2];
	size_t lens[2];
	uint32_t name_line;
	const char *scenario;
};

/*
 * The header's two names: what stands before each of the first two
 * "ns/iter". -1 when it has not two: then no header is in effect (the
 * rows below warn), not one name of it with the variants of none.
 */
static int on_header(struct parse *ps, const struct line *l)
{
	struct cmp_tok t[MAX_TOKS];
	size_t nt = comparer_tokens(l, l->indent, t, MAX_TOKS), from = 1, k = 0;

	for (size_t i = 1; i < nt && i < MAX_TOKS && k < 2; i++) {
		if (!word_is(&t[i], "ns/iter"))
			continue;
		if (i == from)
			break;
		ps->names[k] = t[from].s;
		ps->lens[k++] = (size_t)(t[i - 1].s + t[i - 1].n - t[from].s);
		from = i + 1;
	}
	if (k < 2) {
		ps->names[0] = ps->names[1] = NULL;
		return -1;
	}
	comparer_names(ps->s, ps->names, ps->lens, 2, ps->variants, &ps->scenario);
	ps->name_line = l->no;
	return 0;
}

/* A cell as read: "n/a", or the time, then "(+/- dev)" and "(N MB/s)" when printed. */
struct cell {
	int present;
	const struct cmp_tok *time, *dev, *mbs;
	double vt, vd, vm;
};

/* The cell at t[*i]; -1 when a figure does not read. */
static int read_cell(const struct cmp_tok *t, size_t nt, size_t *i, struct cell *c)
{
	enum unit u;

	memset(c, 0, sizeof(*c));
	if (*i >= nt)
		return -1;
	if (word_is(&t[*i], "n/a")) {
		(*i)++;
		return 0;
	}
	c->time = &t[(*i)++];
	if (unit_value_grouped(c->time->s, c->time->n, ',', "ns", 2, &u, &c->vt) < 0)
		return -1;
	if (*i + 1 < nt && word_is(&t[*i], "(+/-")) {
		const struct cmp_tok *d = &t[*i + 1];

		if (d->n < 2 || d->s[d->n - 1] != ')')
			return -1;
		c->dev = d;
		if (unit_value_grouped(d->s, d->n - 1, ',', "ns", 2, &u, &c->vd) < 0)
			return -1;
		*i += 2;
	}
	if (*i + 1 < nt && t[*i].s[0] == '(' && word_is(&t[*i + 1], "MB/s)")) {
		const struct cmp_tok *m = &t[*i];

		c->mbs = m;
		if (unit_value_grouped(m->s + 1, m->n - 1, ',', "MB/s", 4, &u, &c->vm) < 0)
			return -1;
		*i += 2;
	}
	c->present = 1;
	return 0;
}

static void on_row(struct parse *ps, const struct line *l)
{
	struct cmp_tok t[MAX_TOKS];
	struct cell cells[2];
	size_t nt = comparer_tokens(l, l->indent, t, MAX_TOKS), i = 1;
	const char *tail;
	size_t tail_len;

	if (!ps->names[0]) {
		sink_warn(ps->s, l, "cargo benchcmp row without its table's header; skipped");
		return;
	}
	if (nt > MAX_TOKS || read_cell(t, nt, &i, &cells[0]) < 0 || read_cell(t, nt, &i, &cells[1]) < 0 ||
	    i >= nt) {
		bench_lost(ps->s, l, "garbled cargo benchcmp row");
		return;
	}
	/* what is left is cargo benchcmp's own: diff, diff %, speedup */
	tail = t[i].s;
	tail_len = (size_t)(t[nt - 1].s + t[nt - 1].n - tail);
	for (int k = 0; k < 2; k++) {
		const struct cell *c = &cells[k];
		struct sink_txn txn;
		uint32_t run;

		if (!c->present)
			continue;
		run = comparer_run(ps->s, &txn, l, t[0].s, t[0].n, ps->variants[k], ps->name_line, ps->scenario);
		sink_measure(ps->s, run, "time_per_op", STAT_VALUE, UNIT_SECOND, c->vt, 0, l, c->time->s, c->time->n);
		if (c->dev)
			sink_measure(ps->s, run, "time_per_op", STAT_RANGE, UNIT_SECOND, c->vd, 0, l, c->dev->s,
				     c->dev->n - 1);
		if (c->mbs)
			sink_measure(ps->s, run, "throughput", STAT_VALUE, UNIT_BYTE_PER_S, c->vm, 0, l, c->mbs->s + 1,
				     c->mbs->n - 1);
		if (k == 1)
			sink_note(ps->s, run, NOTE_VERDICT, l, "cargo benchcmp vs %.*s: %.*s", (int)ps->lens[0],
				  ps->names[0], (int)tail_len, tail);
		sink_txn_finish(ps->s, &txn, l, NULL);
	}
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_HEADER:
			if (on_header(&ps, l) < 0)
				sink_warn(s, l, "cargo benchcmp header without two names; its rows skipped");
			break;
		case K_ROW:
			on_row(&ps, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser cargo_benchcmp_parser = {
	.fmt = FMT_CARGO_BENCHCMP,
	.starts = "n",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
