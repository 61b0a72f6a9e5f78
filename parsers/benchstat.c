/*
 * benchstat.c - benchstat (v2, golang.org/x/perf/cmd/benchstat since
 * 2023) text tables → one run per benchmark row and column:
 * NAME.QUANTITY.median (the center benchstat prints) and
 * NAME.QUANTITY.rel_ci (its "± 1%", half the confidence interval of the
 * median in % of it), both with the sample count the comparison's "n="
 * gives. Units: sec/op → time_per_op (s), B/op → bytes_per_op (B, binary
 * prefixes), allocs/op → allocs_per_op, B/s → throughput; any other unit
 * is a custom quantity under its own name, as go test's are. NAME is the
 * row as printed, less the GOMAXPROCS suffix every row of the block has
 * (as gotest.c does).
 *
 *                       │   old.txt   │               new.txt               │
 *                       │   sec/op    │   sec/op     vs base                │
 *   Encode/format=json-48   1.718µ ± 1%   1.423µ ± 1%  -17.20% (p=0.000 n=10)
 *   geomean                 2.295µ        2.090µ        -8.94%
 *   ¹ need >= 6 samples for confidence interval at level 0.95
 *
 * Each column of the header (a file, or a value of the -col key) is a
 * variant, named by the header (comparer.h). Columns are found by the
 * header's "│" rules and each cell by its display column, so that a row
 * missing a column keeps the others in theirs; a table whose spacing was
 * lost is read left to right. benchstat's own deltas, p-values, "~",
 * geomean rows and footnotes are notes beside the runs, never figures.
 * The "goos:", "pkg:" (any "key: value") lines are facts.
 */
#include <stdio.h>
#include <stdlib.h>

#include "parsers/bench.h"
#include "parsers/comparer.h"
#include "parsers/units.h"
#include "util/text.h"
#include "util/util.h"

#define BAR "\xe2\x94\x82" /* │ U+2502 */
#define PM "\xc2\xb1"      /* ± */
#define MAX_COLS 32
#define MAX_TOKS 256

/* What a line of benchstat v2 output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER,   /* "│ old.txt │ new.txt │" and "│ sec/op │ sec/op vs base │" */
	K_ROW,      /* a benchmark's cells: "Name-8  1.718µ ± 1%  ...", garbled or not */
	K_GEOMEAN,  /* benchstat's geomean row: its own, never figures */
	K_FOOTNOTE, /* "¹ need >= 6 samples ..." */
	K_CONFIG,   /* "goos: linux", "pkg: ...", any "key: value" of the inputs */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "row", "geomean", "footnote", "config" };

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The length of a "key" of a "key: value" configuration line (a lowercase word), or 0. */
static size_t config_key(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l);
	size_t k = 0;

	if (s == end || *s < 'a' || *s > 'z')
		return 0;
	while (s + k < end && ((s[k] >= 'a' && s[k] <= 'z') || char_is_digit(s[k]) || s[k] == '_' ||
			       s[k] == '-' || s[k] == '.'))
		k++;
	/* "key: value", not "Before:" over a block or a sentence ending in a colon */
	if (s + k + 2 >= end || s[k] != ':' || s[k + 1] != ' ' || end[-1] == ':')
		return 0;
	return k;
}

/*
 * A row cut short before its first " ± ": a name and a figure, and at
 * most a "±" after it ("Put-8   1.45", "Put-8   1.452µ ±").
 */
static int cut_row(const char *s, size_t n)
{
	size_t k = 0, words = 1;
	int digit;

	while (k < n && !is_blank(s[k]))
		k++;
	while (k < n && is_blank(s[k]))
		k++;
	digit = k < n && char_is_digit(s[k]);
	for (; k < n; k++)
		words += is_blank(s[k]) && k + 1 < n && !is_blank(s[k + 1]);
	return digit && words <= 3;
}

/*
 * The one classifier the claim and the parse share. A row is told by the
 * " ± " every cell prints between its center and its spread; a digit
 * garbled anywhere leaves it a row, reported, never read in part.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;
	unsigned num;

	if (!n)
		return K_NONE;
	if (line_starts(l, BAR))
		return K_HEADER;
	if (line_starts(l, "geomean") && (n == 7 || is_blank(s[7])))
		return K_GEOMEAN;
	if (((unsigned char)*s == 0xc2 || (unsigned char)*s == 0xe2)) {
		const char *w = s;

		while (w < s + n && !is_blank(*w))
			w++;
		if (comparer_footnote(s, (size_t)(w - s), &num) && w < s + n)
			return K_FOOTNOTE;
	}
	if (text_contains(s, n, " " PM " "))
		return K_ROW;
	if (config_key(l))
		return K_CONFIG;
	return cut_row(s, n) ? K_ROW : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * A header row as benchstat prints it: after the label column's blanks,
 * "│", a blank, and "│" at its end (the unit row under it too). Box-drawn
 * tables of other tools start at their border, without blanks.
 */
static int header_shape(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	return l->indent > 0 && line_ends(l, BAR) && n > 6 && s[3] == ' ';
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block)
		return line_starts(l, BAR) && header_shape(l) ? CLAIM_START : CLAIM_NONE;
	k = classify(l);
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/* A column of a table: the display columns between two rules, its name and its variant. */
struct column {
	uint32_t from, to; /* [from, to): from the rule before it to the rule after it */
	const char *name;  /* as printed (arena) */
	size_t len;
	const char *variant;
	uint32_t last_run; /* its last run in this table, for the geomean's note; UINT32_MAX */
};

/* A footnote marker a cell carried, waiting for its footnote line. */
struct marker {
	unsigned num;
	uint32_t run;
};

struct table {
	struct column col[MAX_COLS];
	uint32_t ncols;
	uint32_t name_line;   /* the header line that named the columns */
	const char *scenario; /* what the column names shared (comparer_names) */
	/* the unit row */
	int have_unit;
	const char *quantity;
	const char *unit_printed; /* "sec/op" */
	enum unit unit;       /* SI unit of the quantity's values, UNIT_NONE for a custom one */
	struct marker *markers;
	size_t nmarkers, markers_cap;
};

struct parse {
	struct sink *s;
	const struct block *b;
	struct table t;
	char suffix[16]; /* the block's GOMAXPROCS suffix */
};

/* The rules of a header row: their display columns, and the text between them. */
static uint32_t rules(const struct line *l, uint32_t *at, const char **text, size_t *len, uint32_t max)
{
	const char *s = l->s + l->indent, *end = l->s + l->len, *p = s;
	uint32_t n = 0;

	while (p < end && n < max) {
		const char *r = text_find(p, (size_t)(end - p), BAR);

		if (!r)
			break;
		at[n] = comparer_col(l, r);
		if (n) {
			const char *a = p, *z = r;

			while (a < z && is_blank(*a))
				a++;
			while (z > a && is_blank(z[-1]))
				z--;
			text[n - 1] = a;
			len[n - 1] = (size_t)(z - a);
		}
		n++;
		p = r + 3;
	}
	return n;
}

/* A row of column names: the table's columns (under the names of a row above them, if any). */
static void on_names(struct parse *ps, const struct line *l, const struct table *upper)
{
	struct table *t = &ps->t;
	uint32_t at[MAX_COLS + 1];
	const char *text[MAX_COLS], *names[MAX_COLS];
	size_t len[MAX_COLS], nl[MAX_COLS];
	uint32_t n = rules(l, at, text, len, MAX_COLS + 1);

	free(t->markers);
	memset(t, 0, sizeof(*t));
	if (n < 2)
		return;
	t->ncols = n - 1;
	t->name_line = l->no;
	for (uint32_t i = 0; i < t->ncols; i++) {
		struct column *c = &t->col[i];

		c->from = at[i];
		c->to = at[i + 1];
		c->last_run = UINT32_MAX;
		c->name = text[i];
		c->len = len[i];
		/* a nested header: the name of the column above this one goes first */
		for (uint32_t k = 0; upper && k < upper->ncols; k++) {
			if (upper->col[k].from <= c->from && c->to <= upper->col[k].to && upper->col[k].len) {
				c->name = arena_printf(ps->s->arena, "%.*s %.*s", (int)upper->col[k].len,
						       upper->col[k].name, (int)c->len, c->name);
				c->len = strlen(c->name);
			}
		}
		names[i] = c->name;
		nl[i] = c->len;
	}
	comparer_names(ps->s, names, nl, t->ncols, names, &t->scenario);
	for (uint32_t i = 0; i < t->ncols; i++)
		t->col[i].variant = names[i];
}

/* The unit row: the quantity of the table's figures. */
static void on_unit(struct parse *ps, const struct line *l)
{
	static const struct {
		const char *printed, *quantity;
		enum unit unit;
	} known[] = {
		{ "sec/op", "time_per_op", UNIT_SECOND },
		{ "B/op", "bytes_per_op", UNIT_BYTE },
		{ "allocs/op", "allocs_per_op", UNIT_COUNT },
		{ "B/s", "throughput", UNIT_BYTE_PER_S },
	};
	struct table *t = &ps->t;
	uint32_t at[MAX_COLS + 1];
	const char *text[MAX_COLS];
	size_t len[MAX_COLS], un;
	const char *u;

	if (rules(l, at, text, len, MAX_COLS + 1) < 2 || !len[0]) {
		sink_warn(ps->s, l, "benchstat header without a unit; its table skipped");
		t->ncols = 0;
		return;
	}
	/* the unit is the first word over the first column ("sec/op", then "vs base" in the others) */
	u = text[0];
	for (un = 0; un < len[0] && !is_blank(u[un]); un++)
		;
	t->have_unit = 1;
	t->unit = UNIT_NONE;
	t->quantity = t->unit_printed = sink_strndup(ps->s, u, un);
	for (size_t i = 0; i < countof(known); i++) {
		if (strlen(known[i].printed) == un && !memcmp(known[i].printed, u, un)) {
			t->quantity = known[i].quantity;
			t->unit = known[i].unit;
		}
	}
}

/* One column's cell of a row, as read. */
struct cell {
	int present;
	const char *num;       /* the center's digits */
	size_t num_len;
	double v;
	const char *pct;       /* the spread's digits ("1" of "1%"), NULL for "∞" and "?" */
	size_t pct_len;
	double p;
	const char *delta;     /* "-17.20%", "~", "?": benchstat's verdict, or NULL */
	size_t delta_len;
	const char *paren;     /* "(p=0.000 n=10)", or NULL */
	size_t paren_len;
	uint32_t n_base, n;    /* sample counts the comparison gives; 0 unknown */
	unsigned marks[4];
	size_t nmarks;
};

static int is_pm(const struct cmp_tok *t)
{
	return t->n >= 2 && !memcmp(t->s, PM, 2);
}

/* Is token i a cell's center: followed by "±" ("1.718µ ± 1%"), or glued to it? */
static int is_center(const struct cmp_tok *t, size_t nt, size_t i)
{
	return i + 1 < nt && is_pm(&t[i + 1]);
}

/* The column whose rules hold display column `col`, or -1. */
static int column_at(const struct table *t, uint32_t col)
{
	for (uint32_t i = 0; i < t->ncols; i++)
		if (col > t->col[i].from && col < t->col[i].to)
			return (int)i;
	return -1;
}

/* The center and spread of a cell; -1 when one is garbled. */
static int read_center(const struct cmp_tok *v, const struct cmp_tok *pm, const struct cmp_tok *r,
		       struct cell *c)
{
	const char *rs = r ? r->s : NULL;
	size_t rn = r ? r->n : 0;

	if (num_parse_prefixed(v->s, v->n, &c->v, &c->num_len) < 0)
		return -1;
	c->num = v->s;
	if (pm->n > 2) { /* "±3%" */
		rs = pm->s + 2;
		rn = pm->n - 2;
	}
	if (!rs)
		return -1;
	if ((rn == 3 && !memcmp(rs, "\xe2\x88\x9e", 3)) || (rn == 1 && rs[0] == '?'))
		return 0; /* no interval: "∞" (too few samples), "?" (bounds of another sign) */
	if (rn < 2 || rs[rn - 1] != '%' || num_parse(rs, rn - 1, &c->p) < 0)
		return -1;
	c->pct = rs;
	c->pct_len = rn - 1;
	return 0;
}

/*
 * The cells of a row's tokens t[from..nt): each a center, "±" and its
 * spread, footnote markers, and (in a column compared with the first)
 * benchstat's delta and "(p=… n=…)". Returns the column of each cell in
 * cells[], or -1 when a figure does not read.
 */
static int read_cells(const struct table *tab, const struct cmp_tok *t, size_t nt, size_t from,
		      struct cell *cells)
{
	int col = -1, seq = 0, last = -1;

	for (size_t i = from; i < nt;) {
		struct cell c;
		const struct cmp_tok *v = &t[i], *pm = &t[i + 1];

		memset(&c, 0, sizeof(c));
		if (!is_center(t, nt, i))
			return -1;
		i += 2;
		if (pm->n == 2) {
			if (i >= nt || read_center(v, pm, &t[i], &c) < 0)
				return -1;
			i++;
		} else if (read_center(v, pm, NULL, &c) < 0) {
			return -1;
		}
		while (i < nt && c.nmarks < countof(c.marks) && comparer_footnote(t[i].s, t[i].n, &c.marks[c.nmarks]))
			c.nmarks++, i++;
		if (i < nt && !is_center(t, nt, i)) {
			/* benchstat's verdict: "-17.20%", "~", "?" (anything else is a cell cut short) */
			if (!(t[i].s[t[i].n - 1] == '%' || (t[i].n == 1 && (t[i].s[0] == '~' || t[i].s[0] == '?'))))
				return -1;
			c.delta = t[i].s;
			c.delta_len = t[i].n;
			i++;
			if (i < nt && t[i].s[0] == '(') {
				const char *a = t[i].s;

				while (i < nt && t[i].s[t[i].n - 1] != ')')
					i++;
				if (i == nt)
					return -1;
				c.paren = a;
				c.paren_len = (size_t)(t[i].s + t[i].n - a);
				i++;
				if (comparer_counts(c.paren, c.paren_len, &c.n_base, &c.n) < 0)
					return -1;
			}
			while (i < nt && c.nmarks < countof(c.marks) &&
			       comparer_footnote(t[i].s, t[i].n, &c.marks[c.nmarks]))
				c.nmarks++, i++;
			if (i < nt && !is_center(t, nt, i))
				return -1;
		}
		c.present = 1;
		/* the column its center stands in; in order when the spacing was lost */
		col = column_at(tab, v->col);
		if (col <= last || seq)
			seq = 1, col = last + 1;
		if (col < 0 || (uint32_t)col >= tab->ncols)
			return -1;
		cells[col] = c;
		last = col;
	}
	return last;
}

static void add_marks(struct parse *ps, const struct cell *c, uint32_t run)
{
	struct table *t = &ps->t;

	for (size_t k = 0; k < c->nmarks; k++) {
		ALLOC_GROW(t->markers, t->nmarkers + 1, t->markers_cap);
		t->markers[t->nmarkers].num = c->marks[k];
		t->markers[t->nmarkers++].run = run;
	}
}

/* A benchmark's row: one run per column it has a cell in, or nothing and a warning. */
static void on_row(struct parse *ps, const struct line *l)
{
	struct table *t = &ps->t;
	struct cmp_tok tok[MAX_TOKS];
	struct cell cells[MAX_COLS];
	size_t nt = comparer_tokens(l, l->indent, tok, MAX_TOKS), first = 0, name_len;
	uint32_t n_base = 0;
	const char *name;

	if (!t->ncols || !t->have_unit) {
		sink_warn(ps->s, l, "benchstat row without its table's header; skipped");
		return;
	}
	memset(cells, 0, sizeof(cells));
	while (first < nt && first < MAX_TOKS && !is_center(tok, nt, first))
		first++;
	if (nt > MAX_TOKS || first == 0 || first >= nt || read_cells(t, tok, nt, first, cells) < 0) {
		bench_lost(ps->s, l, "garbled benchstat row");
		return;
	}
	name = tok[0].s;
	name_len = (size_t)(tok[first - 1].s + tok[first - 1].n - name);
	name_len = bench_procs_strip(name, name_len, ps->suffix);
	for (uint32_t i = 1; i < t->ncols && !n_base; i++)
		n_base = cells[i].n_base;
	for (uint32_t i = 0; i < t->ncols; i++) {
		const struct cell *c = &cells[i];
		struct sink_txn txn;
		uint32_t run, n = i ? c->n : n_base;

		if (!c->present)
			continue;
		run = comparer_run(ps->s, &txn, l, name, name_len, t->col[i].variant, t->name_line, t->scenario);
		sink_measure(ps->s, run, t->quantity, STAT_MEDIAN, t->unit, c->v, n, l, c->num, c->num_len);
		if (c->pct)
			sink_measure(ps->s, run, t->quantity, STAT_REL_CI, UNIT_PERCENT, c->p, n, l, c->pct,
				     c->pct_len);
		if (c->delta)
			sink_note(ps->s, run, NOTE_VERDICT, l, "benchstat vs %.*s: %.*s%s%.*s",
				  (int)t->col[0].len, t->col[0].name, (int)c->delta_len, c->delta,
				  c->paren ? " " : "", (int)c->paren_len, c->paren ? c->paren : "");
		bench_procs_note(ps->s, run, l, ps->suffix);
		sink_txn_finish(ps->s, &txn, l, NULL);
		add_marks(ps, c, run);
		t->col[i].last_run = run;
	}
}

/* benchstat's geomean row: a note on each column's last run ("2.090µ -8.94%"), never a figure. */
static void on_geomean(struct parse *ps, const struct line *l)
{
	struct table *t = &ps->t;
	struct cmp_tok tok[MAX_TOKS];
	size_t nt = comparer_tokens(l, l->indent, tok, MAX_TOKS);
	const char *from[MAX_COLS] = { NULL }, *to[MAX_COLS] = { NULL };

	if (nt > MAX_TOKS)
		nt = MAX_TOKS;
	for (size_t i = 1; i < nt; i++) {
		int c = column_at(t, tok[i].col);
		unsigned num;

		if (c < 0 || comparer_footnote(tok[i].s, tok[i].n, &num))
			continue;
		if (!from[c])
			from[c] = tok[i].s;
		to[c] = tok[i].s + tok[i].n;
	}
	for (uint32_t c = 0; c < t->ncols; c++)
		if (from[c] && t->col[c].last_run != UINT32_MAX)
			sink_note(ps->s, t->col[c].last_run, NOTE_SUMMARY, l, "benchstat geomean of %s: %.*s",
				  t->unit_printed, (int)(to[c] - from[c]), from[c]);
}

/* A footnote: a warning note on each run whose cell carried its marker. */
static void on_footnote(struct parse *ps, const struct line *l)
{
	struct table *t = &ps->t;
	const char *s = l->s + l->indent, *w = s, *end = l->s + line_end(l);
	unsigned num;

	while (w < end && !is_blank(*w))
		w++;
	if (!comparer_footnote(s, (size_t)(w - s), &num))
		return;
	while (w < end && is_blank(*w))
		w++;
	for (size_t i = 0; i < t->nmarkers; i++)
		if (t->markers[i].num == num)
			sink_note(ps->s, t->markers[i].run, NOTE_WARNING, l, "benchstat: %.*s",
				  (int)(end - w), w);
}

static void on_config(struct parse *ps, const struct line *l)
{
	size_t k = config_key(l);
	const char *v = l->s + l->indent + k + 1, *end = l->s + line_end(l);
	char *key, *value;

	while (v < end && is_blank(*v))
		v++;
	key = xstrndup(l->s + l->indent, k);
	value = xstrndup(v, (size_t)(end - v));
	sink_fact(ps->s, l, key, value);
	free(key);
	free(value);
}

/* The GOMAXPROCS suffix every row's name of the block ends with, or "". */
static void common_suffix(const struct block *b, char *out, size_t size)
{
	struct bench_procs procs;
	struct cmp_tok tok[MAX_TOKS];

	memset(&procs, 0, sizeof(procs));
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		size_t nt, first = 0;

		if (classify(l) != K_ROW)
			continue;
		nt = comparer_tokens(l, l->indent, tok, MAX_TOKS);
		while (first < nt && first < MAX_TOKS && !is_center(tok, nt, first))
			first++;
		if (first == 0 || first >= nt || first >= MAX_TOKS)
			continue;
		bench_procs_add(&procs, tok[0].s, (size_t)(tok[first - 1].s + tok[first - 1].n - tok[0].s));
	}
	snprintf(out, size, "%s", bench_procs_common(&procs));
}

/* The number of rules "│" of a header row. */
static uint32_t nrules(const struct line *l)
{
	uint32_t at[MAX_COLS + 1];
	const char *text[MAX_COLS];
	size_t len[MAX_COLS];

	return rules(l, at, text, len, MAX_COLS + 1);
}

/* Is the header line after line i of the block another header row (the names' unit row under it)? */
static int header_follows(const struct block *b, uint32_t i)
{
	for (uint32_t k = i + 1; k < b->n; k++)
		if (b->lines[k].indent < b->lines[k].len)
			return classify(&b->lines[k]) == K_HEADER;
	return 0;
}

/*
 * A header row (line i): the names over a new table's columns; the row of
 * names under those when -col had two keys (a header row follows it, and
 * in a table of two columns or more it lacks the unit row's "vs base");
 * or the unit row under the names.
 */
static void on_header(struct parse *ps, const struct block *b, uint32_t i, struct table *upper)
{
	const struct line *l = &b->lines[i];
	uint32_t n = nrules(l);

	if (ps->t.ncols && !ps->t.have_unit) {
		int names = header_follows(b, i) &&
			    (ps->t.ncols == 1 || !text_contains(l->s, l->len, "vs base") || n != ps->t.ncols + 1);

		if (!names) {
			on_unit(ps, l);
			return;
		}
		/* names under the names above: those were over these */
		*upper = ps->t;
		ps->t.markers = NULL;
		on_names(ps, l, upper);
		memset(upper, 0, sizeof(*upper));
		return;
	}
	on_names(ps, l, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	struct table upper;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	memset(&upper, 0, sizeof(upper));
	ps.s = s;
	ps.b = b;
	common_suffix(b, ps.suffix, sizeof(ps.suffix));
	bench_procs_fact(s, b, ps.suffix);
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_HEADER:
			on_header(&ps, b, i, &upper);
			break;
		case K_ROW:
			on_row(&ps, l);
			break;
		case K_GEOMEAN:
			on_geomean(&ps, l);
			break;
		case K_FOOTNOTE:
			on_footnote(&ps, l);
			break;
		case K_CONFIG:
			on_config(&ps, l);
			break;
		default:
			break;
		}
	}
	free(ps.t.markers);
	return (int)(s->rs->nruns - first_run);
}

const struct parser benchstat_parser = {
	.fmt = FMT_BENCHSTAT,
	.starts = "\xe2",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
