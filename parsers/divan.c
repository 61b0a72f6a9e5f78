/*
 * divan.c - the tree of results divan (the Rust benchmark harness) prints:
 *
 *   Timer precision: 20 ns
 *   parse               fastest       │ slowest       │ median        │ mean          │ samples │ iters
 *   ├─ json_large       1.208 ms      │ 1.911 ms      │ 1.263 ms      │ 1.291 ms      │ 100     │ 100
 *   ╰─ lagrange                       │               │               │               │         │
 *      ├─ 1             211.4 µs      │ 947.7 µs      │ 244.5 µs      │ 288.1 µs      │ 100     │ 100
 *
 * One run per row with figures, its subject the path of the tree down to
 * it ("lagrange/1"; the first line's root, the benchmark file, left out);
 * time_per_op as min (fastest), max (slowest), median and mean, over the
 * samples (n). A row without figures is a group. The rows of counters
 * under a benchmark ("1.435 Mitem/s", "alloc:" and its counts) and the
 * iterations are not stored. "Timer precision: 20 ns" is the harness's,
 * read as nothing (no figure of the program): claimed with the table, so
 * that no reader of labelled numbers takes it.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

#define BAR "\xe2\x94\x82"    /* │ */
#define TEE "\xe2\x94\x9c\xe2\x94\x80 " /* ├─ */
#define ELBOW "\xe2\x95\xb0\xe2\x94\x80 " /* ╰─ */
#define MAX_DEPTH 16

enum kind {
	K_NONE,
	K_PRECISION, /* "Timer precision: 20 ns" */
	K_HEADER,    /* "ROOT  fastest │ slowest │ median │ mean │ samples │ iters" */
	K_ROW,       /* "├─ name  A │ B │ C │ D │ S │ I", a group's too; garbled or not */
	K_COUNTER,   /* a row of counters under a benchmark: "│   1.435 Mitem/s │ ...", "alloc:" */
	K__COUNT
};

static const char *const kinds[] = { "none", "precision", "header", "row", "counter" };

/*
 * The tree's prefix at s: units of three columns ("├─ ", "╰─ ", "│  ",
 * "   "), the last a branch for a row. Its bytes, *depth the units, and
 * *branch whether the last one is "├─ " or "╰─ ".
 */
static size_t tree_prefix(const char *s, size_t n, int *depth, int *branch)
{
	size_t i = 0;

	*depth = 0, *branch = 0;
	while (i < n && !*branch) {
		if (n - i >= 7 && (!memcmp(s + i, TEE, 7) || !memcmp(s + i, ELBOW, 7))) {
			i += 7, *branch = 1;
		} else if (n - i >= 5 && !memcmp(s + i, BAR "  ", 5)) {
			i += 5;
		} else if (n - i >= 3 && !memcmp(s + i, "   ", 3) && *depth) {
			i += 3;
		} else {
			break;
		}
		++*depth;
	}
	return i;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	int depth, branch;

	if (n < 10)
		return K_NONE;
	if (line_starts(l, "Timer precision: "))
		return K_PRECISION;
	if (!memchr(s, 0xe2, n))
		return K_NONE; /* (every kind below holds a box-drawing byte: most lines none) */
	if (text_contains(s, n, " fastest ") && text_contains(s, n, BAR " slowest ") && text_contains(s, n, BAR " samples "))
		return K_HEADER;
	if (!text_contains(s, n, BAR))
		return K_NONE;
	tree_prefix(s, n, &depth, &branch);
	/* (the last benchmark's counters stand under it without the tree's bar: blanks, then cells) */
	return depth && branch ? K_ROW : K_COUNTER;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	uint8_t table; /* the header came */
};

/* A table begins at its header, or at the timer's precision above it; its rows continue it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);

	if (!in_block) {
		st->table = k == K_HEADER;
		return k == K_HEADER || k == K_PRECISION ? CLAIM_START : CLAIM_NONE;
	}
	if (k == K_HEADER) {
		if (st->table)
			return CLAIM_START;
		st->table = 1;
		return CLAIM_BODY;
	}
	if (k == K_PRECISION)
		return CLAIM_START;
	return (k == K_ROW || k == K_COUNTER) && st->table ? CLAIM_BODY : CLAIM_NONE;
}

/* The cells of a row after its name: spans between the bars, trimmed. */
struct cells {
	const char *s[8];
	size_t n[8];
	int count;
};

static void split_cells(const char *p, const char *end, struct cells *c)
{
	c->count = 0;
	while (p < end && c->count < 8) {
		const char *bar = text_find(p, (size_t)(end - p), BAR), *e = bar ? bar : end, *a = p;

		while (a < e && *a == ' ')
			a++;
		while (e > a && e[-1] == ' ')
			e--;
		c->s[c->count] = a;
		c->n[c->count++] = (size_t)(e - a);
		if (!bar)
			break;
		p = bar + 3;
	}
}

/* "1.208 ms": a figure and its unit in seconds. 0, or -1. */
static int time_cell(const char *s, size_t n, double *v, size_t *num_len)
{
	const char *sp = memchr(s, ' ', n);
	enum unit u;

	if (!sp)
		return -1;
	*num_len = (size_t)(sp - s);
	return unit_value(s, *num_len, sp + 1, (size_t)(s + n - sp - 1), &u, v) == 0 && u == UNIT_SECOND ? 0 : -1;
}

struct parse {
	struct sink *s;
	uint32_t base;              /* the header's indentation: a row's blanks past it are the tree's units */
	struct buf path[MAX_DEPTH]; /* the names down the tree, by depth */
};

static void on_row(struct parse *p, const struct line *l)
{
	static const enum stat_kind stats[] = { STAT_MIN, STAT_MAX, STAT_MEDIAN, STAT_MEAN };
	const char *s = l->s + l->indent, *end = l->s + line_end(l), *name, *name_end, *first_bar, *gap;
	size_t pre;
	int depth, branch;
	struct cells c;
	double v[4], samples = 0;
	size_t numl[4];
	struct buf subject = BUF_INIT;
	struct sink_txn txn = { 0 };
	uint32_t run;

	pre = tree_prefix(s, (size_t)(end - s), &depth, &branch);
	if (l->indent > p->base)
		depth += (int)((l->indent - p->base) / 3); /* "   ├─ 1": under the last branch of the root */
	if (depth > MAX_DEPTH)
		return;
	first_bar = text_find(s + pre, (size_t)(end - s - pre), BAR);
	if (!first_bar)
		return;
	/* the name, then two blanks or more and the fastest figure: none in a group's row */
	name = s + pre;
	name_end = first_bar;
	while (name_end > name && name_end[-1] == ' ')
		name_end--;
	gap = text_find(name, (size_t)(name_end - name), "  ");
	buf_reset(&p->path[depth - 1]);
	buf_add(&p->path[depth - 1], name, (size_t)((gap ? gap : name_end) - name));
	if (!gap)
		return; /* a group: its name heads the rows under it */
	while (*gap == ' ')
		gap++;
	split_cells(gap, end, &c); /* fastest, slowest, median, mean, samples, iters */
	if (c.count < 5) {
		bench_lost(p->s, l, "divan row cut short");
		return;
	}
	for (int i = 0; i < 4; i++)
		if (time_cell(c.s[i], c.n[i], &v[i], &numl[i]) < 0) {
			bench_lost(p->s, l, "garbled divan row");
			return;
		}
	if (num_parse_digits(c.s[4], c.n[4], &samples) < 0) {
		bench_lost(p->s, l, "garbled divan row");
		return;
	}
	for (int d = 0; d < depth; d++)
		buf_addf(&subject, "%s%s", d ? "/" : "", buf_str(&p->path[d]));
	run = bench_begin(p->s, &txn, l, subject.s, subject.len);
	buf_release(&subject);
	for (int i = 0; i < 4; i++)
		sink_measure(p->s, run, "time_per_op", stats[i], UNIT_SECOND, v[i], num_count(samples), l, c.s[i], numl[i]);
	sink_txn_finish(p->s, &txn, l, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct parse p = { .s = s };

	for (int d = 0; d < MAX_DEPTH; d++)
		p.path[d] = (struct buf)BUF_INIT;
	for (uint32_t i = 0; i < b->n; i++) {
		enum kind k = classify(&b->lines[i]);

		if (k == K_HEADER)
			p.base = b->lines[i].indent;
		else if (k == K_ROW)
			on_row(&p, &b->lines[i]);
	}
	for (int d = 0; d < MAX_DEPTH; d++)
		buf_release(&p.path[d]);
	return (int)(s->rs->nruns - first_run);
}

const struct parser divan_parser = {
	.fmt = FMT_DIVAN,
	/* the header begins with the benchmark file's name: any byte; the claim wants box drawing first */
	.starts = PARSER_STARTS_PRINTABLE PARSER_STARTS_UTF8_LEAD,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
