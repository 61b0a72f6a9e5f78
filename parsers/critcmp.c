/*
 * critcmp.c - critcmp (the comparer of Criterion.rs baselines) tables →
 * one run per benchmark row and baseline column: NAME.time_per_op.mean
 * and NAME.time_per_op.stddev (Criterion's mean and standard deviation,
 * "12.3±0.45µs"), NAME.throughput.mean when the benchmark set one
 * ("80.2 MB/sec": critcmp's K, M and G are powers of 1024; "MElem/sec"
 * is elements per second). NAME is critcmp's benchmark id as printed,
 * blanks and all.
 *
 *   group                base                      new
 *   -----                ----                      ---
 *   regex/dna/find_all   1.00     12.3±0.45µs  80.2 MB/sec    1.05  ...
 *
 * Each column is a baseline, a variant named by the header (comparer.h);
 * the divider under it marks where each column starts, and a row missing
 * a baseline keeps the others in theirs. critcmp's ratio to the fastest
 * ("1.05") is a note, never a figure. A table pasted inside <pre> with
 * its colours (<font>, <b>) is read with the tags as blanks.
 */
#include "parsers/bench.h"
#include "parsers/comparer.h"
#include "parsers/units.h"
#include "util/text.h"
#include "util/util.h"

#define PM "\xc2\xb1" /* ± */
#define MAX_COLS 32
#define MAX_TOKS 256

/* What a line of critcmp output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER,  /* "group  base  new" */
	K_DIVIDER, /* "-----  ----  ---" */
	K_ROW,     /* a benchmark's cells: "±" and "/sec" in them, garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "divider", "row" };

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* "group", or "<pre>group" (a table pasted inside <pre>), then blanks and the baselines. */
static int is_header(const struct line *l)
{
	struct cmp_tok t[2];
	size_t nt = comparer_tokens_html(l, l->indent, t, countof(t));

	return nt >= 2 && t[0].n == 5 && !memcmp(t[0].s, "group", 5) && t[1].col >= t[0].endcol + 2;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	if ((line_starts(l, "group") || line_starts(l, "<pre>group")) && is_header(l))
		return K_HEADER;
	if (line_starts(l, "-----")) {
		for (size_t i = 0; i < n; i++)
			if (s[i] != '-' && !is_blank(s[i]))
				return K_NONE;
		return K_DIVIDER;
	}
	if (text_contains(s, n, PM) || text_contains(s, n, "/sec"))
		return K_ROW;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* Claim state: the lines of the block so far (the divider must come right after the header). */
struct claim_state {
	uint32_t lines;
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *cs = state;
	enum kind k;

	if (!in_block) {
		if (!(line_starts(l, "group") || line_starts(l, "<pre>group")) || classify(l) != K_HEADER)
			return CLAIM_NONE;
		cs->lines = 1;
		return CLAIM_START;
	}
	k = classify(l);
	if (cs->lines++ == 1)
		return k == K_DIVIDER ? CLAIM_BODY : CLAIM_NONE;
	return k == K_ROW ? CLAIM_BODY : CLAIM_NONE;
}

struct column {
	uint32_t from; /* display column where the divider's dashes start */
	const char *variant;
};

struct parse {
	struct sink *s;
	struct column col[MAX_COLS];
	uint32_t ncols, name_line;
	const char *scenario;
	const char *names[MAX_COLS]; /* as printed, for the notes */
	size_t lens[MAX_COLS];
};

/* The columns: where the divider's runs of dashes start, and the header's names over them. */
static void on_divider(struct parse *ps, const struct line *hdr, const struct line *l)
{
	struct cmp_tok d[MAX_COLS + 1], h[MAX_COLS + 1];
	size_t nd = comparer_tokens(l, l->indent, d, countof(d));
	size_t nh = comparer_tokens_html(hdr, hdr->indent, h, countof(h));
	const char *shaped[MAX_COLS];

	ps->ncols = 0;
	if (nd > countof(d) || nd < 2 || nh != nd)
		return;
	for (size_t i = 1; i < nd; i++) {
		ps->col[ps->ncols].from = d[i].col;
		ps->names[ps->ncols] = h[i].s;
		ps->lens[ps->ncols++] = h[i].n;
	}
	comparer_names(ps->s, ps->names, ps->lens, ps->ncols, shaped, &ps->scenario);
	for (uint32_t i = 0; i < ps->ncols; i++)
		ps->col[i].variant = shaped[i];
	ps->name_line = hdr->no;
}

/* A cell as read. */
struct cell {
	int present;
	const struct cmp_tok *rank;
	const char *mean, *sd, *thr;
	size_t mean_len, sd_len, thr_len;
	double vm, vs, vt;
	enum unit ut;
};

/* "12.3±0.45µs" (or "12.3µs"): the mean and the deviation in the unit after them. */
static int read_time(const struct cmp_tok *t, struct cell *c)
{
	size_t k = comparer_number_len(t->s, t->n), j;
	const char *u;
	enum unit un;

	if (!k)
		return -1;
	c->mean = t->s;
	c->mean_len = k;
	if (t->n >= k + 2 && !memcmp(t->s + k, PM, 2)) {
		c->sd = t->s + k + 2;
		c->sd_len = comparer_number_len(c->sd, t->n - k - 2);
		if (!c->sd_len)
			return -1;
		u = c->sd + c->sd_len;
	} else {
		u = t->s + k;
	}
	j = (size_t)(t->s + t->n - u);
	if (unit_value(c->mean, c->mean_len, u, j, &un, &c->vm) < 0 || un != UNIT_SECOND)
		return -1;
	if (c->sd && (unit_value(c->sd, c->sd_len, u, j, &un, &c->vs) < 0 || un != UNIT_SECOND))
		return -1;
	return 0;
}

/* "80.2" "MB/sec" (K, M, G: powers of 1024), "5.1" "MElem/sec"; "?" "?/sec" is none. */
static int read_throughput(const struct cmp_tok *num, const struct cmp_tok *u, struct cell *c)
{
	static const char *const iec[] = { ['K'] = "Ki", ['M'] = "Mi", ['G'] = "Gi" };
	const char *p = u->s, *prefix = "";
	size_t n = u->n;

	if (num->n == 1 && num->s[0] == '?')
		return n == 5 && (!memcmp(p, "?/sec", 5) || !memcmp(p, "B/sec", 5)) ? 0 : -1;
	if (n > 4 && (p[0] == 'K' || p[0] == 'M' || p[0] == 'G'))
		prefix = iec[(unsigned char)p[0]], p++, n--;
	if (n == 5 && !memcmp(p, "B/sec", 5))
		c->ut = UNIT_BYTE_PER_S;
	else if (n == 8 && !memcmp(p, "Elem/sec", 8))
		c->ut = UNIT_PER_S;
	else
		return -1;
	if (num_scale(num->s, num->n, prefix, strlen(prefix), &c->vt) < 0)
		return -1;
	c->thr = num->s;
	c->thr_len = num->n;
	return 0;
}

/* The column whose divider run holds display column `col`, or -1. */
static int column_at(const struct parse *ps, uint32_t col)
{
	int at = -1;

	for (uint32_t i = 0; i < ps->ncols; i++)
		if (col + 2 >= ps->col[i].from) /* (a rank may stand a blank or two before its dashes) */
			at = (int)i;
	return at;
}

static void on_row(struct parse *ps, const struct line *l)
{
	struct cmp_tok t[MAX_TOKS];
	struct cell cells[MAX_COLS];
	size_t nt = comparer_tokens_html(l, l->indent, t, MAX_TOKS), first = 0, name_len;
	int last = -1;

	if (!ps->ncols) {
		sink_warn(ps->s, l, "critcmp row without its table's header; skipped");
		return;
	}
	memset(cells, 0, sizeof(cells));
	/* the first cell's time is the first word with a unit of time after a number and a "±" */
	while (first + 1 < nt && first + 1 < MAX_TOKS && !text_contains(t[first + 1].s, t[first + 1].n, PM))
		first++;
	if (nt > MAX_TOKS || first == 0 || first + 1 >= nt)
		goto garbled;
	for (size_t i = first; i < nt;) {
		struct cell c;
		double rank;
		int col;

		memset(&c, 0, sizeof(c));
		if (i + 3 >= nt || num_parse(t[i].s, t[i].n, &rank) < 0 || read_time(&t[i + 1], &c) < 0 ||
		    read_throughput(&t[i + 2], &t[i + 3], &c) < 0)
			goto garbled;
		c.rank = &t[i];
		c.present = 1;
		col = column_at(ps, t[i].col);
		if (col <= last)
			col = last + 1;
		if (col >= (int)ps->ncols)
			goto garbled;
		cells[col] = c;
		last = col;
		i += 4;
	}
	name_len = (size_t)(t[first - 1].s + t[first - 1].n - t[0].s);
	for (uint32_t k = 0; k < ps->ncols; k++) {
		const struct cell *c = &cells[k];
		struct sink_txn txn;
		uint32_t run;

		if (!c->present)
			continue;
		run = comparer_run(ps->s, &txn, l, t[0].s, name_len, ps->col[k].variant, ps->name_line, ps->scenario);
		sink_measure(ps->s, run, "time_per_op", STAT_MEAN, UNIT_SECOND, c->vm, 0, l, c->mean, c->mean_len);
		if (c->sd)
			sink_measure(ps->s, run, "time_per_op", STAT_SD, UNIT_SECOND, c->vs, 0, l, c->sd, c->sd_len);
		if (c->thr)
			sink_measure(ps->s, run, "throughput", STAT_MEAN, c->ut, c->vt, 0, l, c->thr, c->thr_len);
		sink_note(ps->s, run, NOTE_VERDICT, l, "critcmp: %.*s times the fastest of the row",
			  (int)c->rank->n, c->rank->s);
		sink_txn_finish(ps->s, &txn, l, NULL);
	}
	return;
garbled:
	bench_lost(ps->s, l, "garbled critcmp row");
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	const struct line *hdr = NULL;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_HEADER:
			hdr = l;
			ps.ncols = 0;
			break;
		case K_DIVIDER:
			if (hdr)
				on_divider(&ps, hdr, l);
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

const struct parser critcmp_parser = {
	.fmt = FMT_CRITCMP,
	.starts = "g<",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
