/*
 * benchstat_v1.c - benchstat v1 (golang.org/x/perf/benchstat, 2017-2022,
 * and rsc.io/benchstat before it) tables → one run per benchmark row and
 * column: NAME.QUANTITY.mean (the mean v1 prints, outliers removed) and
 * NAME.QUANTITY.rel_dev (its "± 3%": the largest distance of a sample
 * from the mean, in % of it), with the sample counts of "n=9+10".
 * Sections: time/op → time_per_op (s), alloc/op → bytes_per_op (B,
 * "1.60kB" is 1600), allocs/op → allocs_per_op ("13.0M"), speed →
 * throughput (B/s); another metric ("user-time/op", "quick-bytes") is a
 * custom quantity under its own name. NAME less the GOMAXPROCS suffix
 * every row has, as gotest.c does.
 *
 *   name               old time/op    new time/op    delta
 *   Do-8                 7.79µs ± 3%    4.75µs ± 7%  -39.01%  (p=0.000 n=9+10)
 *   DoSuccess-8          0.00B          0.00B          ~     (all equal)
 *
 * Two files print as "old" and "new": the files the benchstat command
 * above the table names them when there is one (comparer.h). One file
 * prints "name  time/op" (its column is named by the text around it);
 * three or more "name \ time/op  a.txt  b.txt ...", each a variant, and
 * "pkg:... goos:..." lines naming the group of rows below (their
 * scenario). benchstat's deltas, p-values, "~" and "[Geo mean]" rows are
 * notes beside the runs, never figures.
 */
#include "parsers/bench.h"
#include "parsers/comparer.h"
#include "parsers/units.h"
#include "util/text.h"
#include "util/util.h"

#define PM "\xc2\xb1" /* ± */
#define MAX_COLS 16
#define MAX_TOKS 128

/* What a line of benchstat v1 output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER,  /* "name  old time/op  new time/op  delta", "name  time/op", "name \ time/op  a  b" */
	K_ROW,     /* a benchmark's cells, garbled or not */
	K_GROUP,   /* "pkg:encoding/gob", "pkg:hash/crc32 goos:darwin goarch:amd64" */
	K_GEOMEAN, /* "[Geo mean]  345ns  238ns  -30.99%": benchstat's own, never figures */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "row", "group", "geomean" };

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The metrics v1 names its sections by, and a custom unit's name ("user-time/op", "a-bytes"). */
static int metric_word(const char *w, size_t n)
{
	return (n == 5 && !memcmp(w, "speed", 5)) || (n > 3 && !memcmp(w + n - 3, "/op", 3)) ||
	       (n > 3 && !memcmp(w + n - 3, "/GC", 3)) || (n > 6 && !memcmp(w + n - 6, "-bytes", 6));
}

/* "name" and the header's words after it: two files ("old M  new M  delta"), one ("M"), or more ("\ M"). */
static int is_header(const struct line *l)
{
	struct cmp_tok t[6];
	size_t nt;

	if (!line_starts(l, "name") || l->len - l->indent < 6 || !is_blank(l->s[l->indent + 4]))
		return 0;
	nt = comparer_tokens(l, l->indent, t, countof(t));
	if (nt >= 2 && t[1].n == 1 && t[1].s[0] == '\\') /* (its -csv form is benchstat_csv.c's) */
		return nt >= 3 && !text_find(l->s + l->indent, l->len - l->indent, "),");
	if (nt == 2)
		return metric_word(t[1].s, t[1].n);
	return nt == 6 && t[1].n == 3 && !memcmp(t[1].s, "old", 3) && t[3].n == 3 && !memcmp(t[3].s, "new", 3) &&
	       t[5].n == 5 && !memcmp(t[5].s, "delta", 5);
}

/*
 * The one classifier the claim and the parse share. A row is a name and
 * cells: a "±", or a delta ("-39.01%", "(p=0.000 n=9+10)", "(all
 * equal)") at its end, or a figure right after the name; a digit garbled
 * anywhere leaves it a row, reported, never read in part.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent, k = 0;

	if (!n)
		return K_NONE;
	if (*s == 'n' && is_header(l))
		return K_HEADER;
	if (*s == '[' && line_starts(l, "[Geo mean]"))
		return K_GEOMEAN;
	if (comparer_group_line(l))
		return K_GROUP;
	while (k < n && !is_blank(s[k]))
		k++;
	if (k == n)
		return K_NONE;
	if (text_contains(s, n, PM) || s[n - 1] == '%' || s[n - 1] == ')')
		return K_ROW;
	while (k < n && is_blank(s[k]))
		k++;
	return k < n && char_is_digit(s[k]) ? K_ROW : K_NONE;
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

/* A column of a section: where it starts and ends on the line, and its variant. */
struct column {
	uint32_t from, to; /* display columns: the header word's start, the cell's last end */
	const char *variant;
	uint32_t last_run; /* for the geomean's note; UINT32_MAX */
};

struct parse {
	struct sink *s;
	char suffix[16];    /* the block's GOMAXPROCS suffix */
	/* the section */
	struct column col[MAX_COLS];
	uint32_t ncols;
	int compared;       /* two files: a delta column */
	uint32_t name_line; /* the line that named the columns */
	const char *scenario;
	const char *group;  /* the "pkg:..." line over the rows, or NULL */
	const char *metric; /* as printed: "time/op" */
	size_t metric_len;
	const char *quantity;
	int kind;           /* how its figures read: 't'ime, 'b'ytes, 'c'ount, 's'peed, 'x' custom */
	/* the old and new names of two-file sections, found once a block */
	const char *old_new[2];
	uint32_t old_new_line;
	const char *old_new_scenario;
};

static void on_header(struct parse *ps, const struct line *l)
{
	static const struct {
		const char *metric, *quantity;
		int kind;
	} known[] = {
		{ "time/op", "time_per_op", 't' },
		{ "alloc/op", "bytes_per_op", 'b' },
		{ "allocs/op", "allocs_per_op", 'c' },
		{ "speed", "throughput", 's' },
	};
	struct cmp_tok t[MAX_COLS + 3];
	size_t nt = comparer_tokens(l, l->indent, t, countof(t));
	const struct cmp_tok *m;

	ps->ncols = 0;
	ps->group = NULL;
	ps->compared = 0;
	ps->scenario = "";
	ps->name_line = l->no;
	if (nt > countof(t))
		nt = countof(t);
	if (t[1].n == 1 && t[1].s[0] == '\\') {
		/* three files or more: their names over their columns */
		const char *names[MAX_COLS];
		size_t lens[MAX_COLS];

		m = &t[2];
		for (size_t i = 3; i < nt && ps->ncols < MAX_COLS; i++, ps->ncols++) {
			names[ps->ncols] = t[i].s;
			lens[ps->ncols] = t[i].n;
			ps->col[ps->ncols].from = t[i].col;
		}
		comparer_names(ps->s, names, lens, ps->ncols, names, &ps->scenario);
		for (uint32_t i = 0; i < ps->ncols; i++)
			ps->col[i].variant = names[i];
	} else if (nt == 2) {
		m = &t[1];
		ps->ncols = 1;
		ps->col[0].from = t[1].col;
		ps->col[0].variant = ""; /* named by the text around it */
	} else {
		m = &t[2];
		ps->ncols = 2;
		ps->compared = 1;
		ps->col[0].from = t[1].col;
		ps->col[1].from = t[3].col;
		if (!ps->old_new[0])
			comparer_old_new(ps->s, "benchstat", ps->old_new, &ps->old_new_line, &ps->old_new_scenario);
		ps->col[0].variant = ps->old_new[0];
		ps->col[1].variant = ps->old_new[1];
		ps->scenario = ps->old_new_scenario;
		if (ps->old_new_line)
			ps->name_line = ps->old_new_line;
	}
	/* a cell ends where the next column's word starts, less the two blanks between */
	for (uint32_t i = 0; i < ps->ncols; i++) {
		ps->col[i].to = i + 1 < ps->ncols ? ps->col[i + 1].from - 1 : UINT32_MAX;
		ps->col[i].last_run = UINT32_MAX;
	}
	ps->metric = m->s;
	ps->metric_len = m->n;
	ps->quantity = sink_strndup(ps->s, m->s, m->n);
	ps->kind = 'x';
	for (size_t i = 0; i < countof(known); i++)
		if (strlen(known[i].metric) == m->n && !memcmp(known[i].metric, m->s, m->n))
			ps->quantity = known[i].quantity, ps->kind = known[i].kind;
}

/* A cell as read: its figure (the digits, for the span) and spread. */
struct cell {
	int present;
	double v, pct;
	enum unit unit;
	const char *num, *pnum;
	size_t num_len, pnum_len;
};

/* The figure v[0..n) of the section's metric: "7.79µs", "1.60kB", "13.0M", "56.4MB/s". */
static int read_value(const struct parse *ps, const char *v, size_t n, struct cell *c)
{
	size_t k = comparer_number_len(v, n);

	if (!k || memchr(v, ',', k))
		return -1;
	c->num = v;
	c->num_len = k;
	switch (ps->kind) {
	case 't': case 'b': case 's':
		if (unit_value(v, k, v + k, n - k, &c->unit, &c->v) < 0)
			return -1;
		/* the unit must be the section's: a time is no size */
		if ((ps->kind == 't') != (c->unit == UNIT_SECOND) || (ps->kind == 'b') != (c->unit == UNIT_BYTE) ||
		    (ps->kind == 's') != (c->unit == UNIT_BYTE_PER_S))
			return -1;
		return 0;
	case 'c':
		c->unit = UNIT_COUNT;
		return num_scale(v, k, v + k, n - k, &c->v);
	default:
		/* a custom metric: a unit when it has a known one ("14400s", "13.6B"), else a prefix */
		if (n > k && unit_value(v, k, v + k, n - k, &c->unit, &c->v) == 0)
			return 0;
		c->unit = UNIT_NONE;
		return num_scale(v, k, v + k, n - k, &c->v);
	}
}

/* Is a token a delta of benchstat's: "-39.01%", "+0.00%", "0.00%", "~"? */
static int is_delta(const struct cmp_tok *t)
{
	return (t->n == 1 && t->s[0] == '~') || t->s[t->n - 1] == '%';
}

/* The column whose cell ends at display column `end`. */
static int column_of(const struct parse *ps, uint32_t end)
{
	for (uint32_t i = 0; i < ps->ncols; i++)
		if (end > ps->col[i].from && end <= ps->col[i].to)
			return (int)i;
	return -1;
}

static void on_row(struct parse *ps, const struct line *l)
{
	struct cmp_tok t[MAX_TOKS];
	struct cell cells[MAX_COLS];
	size_t nt = comparer_tokens(l, l->indent, t, MAX_TOKS), i = 1, name_len;
	const char *delta = NULL, *paren = NULL;
	size_t delta_len = 0, paren_len = 0;
	uint32_t n[2] = { 0, 0 };
	int last = -1, ncells = 0;

	if (!ps->ncols) {
		sink_warn(ps->s, l, "benchstat row without its table's header; skipped");
		return;
	}
	memset(cells, 0, sizeof(cells));
	if (nt > MAX_TOKS)
		goto garbled;
	while (i < nt) {
		struct cell c;
		uint32_t end;
		int col;

		memset(&c, 0, sizeof(c));
		if (ps->compared && is_delta(&t[i]))
			break;
		if (read_value(ps, t[i].s, t[i].n, &c) < 0)
			goto garbled;
		end = t[i].endcol;
		i++;
		if (i < nt && t[i].n >= 2 && !memcmp(t[i].s, PM, 2)) {
			const char *p = t[i].s + 2;
			size_t pn = t[i].n - 2;

			end = t[i].endcol;
			if (!pn && ++i < nt)
				p = t[i].s, pn = t[i].n, end = t[i].endcol;
			if (pn < 2 || p[pn - 1] != '%' || num_parse(p, pn - 1, &c.pct) < 0)
				goto garbled;
			c.pnum = p;
			c.pnum_len = pn - 1;
			i++;
		}
		c.present = 1;
		ncells++;
		/* its column by where it ends (cells are right-aligned); in order when the spacing was lost */
		col = column_of(ps, end);
		if (col <= last)
			col = last + 1;
		if (col >= (int)ps->ncols)
			goto garbled;
		cells[col] = c;
		last = col;
	}
	if (i < nt) {
		delta = t[i].s;
		delta_len = t[i].n;
		if (++i < nt) {
			paren = t[i].s;
			paren_len = (size_t)(t[nt - 1].s + t[nt - 1].n - paren);
			if (paren[0] != '(' || paren[paren_len - 1] != ')' ||
			    comparer_counts(paren, paren_len, &n[0], &n[1]) < 0)
				goto garbled;
		}
	}
	if (!ncells)
		goto garbled;
	name_len = bench_procs_strip(t[0].s, t[0].n, ps->suffix);
	for (uint32_t k = 0; k < ps->ncols; k++) {
		const struct cell *c = &cells[k];
		struct sink_txn txn;
		uint32_t run, cn = ps->compared ? n[k] : 0;

		if (!c->present)
			continue;
		run = comparer_run(ps->s, &txn, l, t[0].s, name_len, ps->col[k].variant, ps->name_line,
				   ps->group ? ps->group : ps->scenario);
		sink_measure(ps->s, run, ps->quantity, STAT_MEAN, c->unit, c->v, cn, l, c->num, c->num_len);
		if (c->pnum)
			sink_measure(ps->s, run, ps->quantity, STAT_REL_DEV, UNIT_PERCENT, c->pct, cn, l, c->pnum,
				     c->pnum_len);
		if (k == 1 && delta)
			sink_note(ps->s, run, NOTE_VERDICT, l, "benchstat vs %s: %.*s%s%.*s", ps->col[0].variant,
				  (int)delta_len, delta, paren ? " " : "", (int)paren_len, paren ? paren : "");
		bench_procs_note(ps->s, run, l, ps->suffix);
		sink_txn_finish(ps->s, &txn, l, NULL);
		ps->col[k].last_run = run;
	}
	return;
garbled:
	bench_lost(ps->s, l, "garbled benchstat row");
}

/* "[Geo mean]": a note on each column's last run, never a figure. */
static void on_geomean(struct parse *ps, const struct line *l)
{
	struct cmp_tok t[MAX_COLS + 4];
	size_t nt = comparer_tokens(l, l->indent, t, countof(t));

	if (nt > countof(t))
		nt = countof(t);
	for (size_t i = 2, k = 0; i < nt && k < ps->ncols; i++, k++) {
		if (ps->col[k].last_run == UINT32_MAX)
			continue;
		if (ps->compared && k == 1 && i + 1 < nt)
			sink_note(ps->s, ps->col[k].last_run, NOTE_SUMMARY, l, "benchstat geomean of %.*s: %.*s (%.*s)",
				  (int)ps->metric_len, ps->metric, (int)t[i].n, t[i].s, (int)t[i + 1].n, t[i + 1].s);
		else
			sink_note(ps->s, ps->col[k].last_run, NOTE_SUMMARY, l, "benchstat geomean of %.*s: %.*s",
				  (int)ps->metric_len, ps->metric, (int)t[i].n, t[i].s);
	}
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	bench_block_procs(s, b, classify_hook, K_ROW, ps.suffix, sizeof(ps.suffix));
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_HEADER:
			on_header(&ps, l);
			break;
		case K_ROW:
			on_row(&ps, l);
			break;
		case K_GROUP:
			ps.group = sink_strndup(s, l->s + l->indent, line_end(l) - l->indent);
			break;
		case K_GEOMEAN:
			on_geomean(&ps, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser benchstat_v1_parser = {
	.fmt = FMT_BENCHSTAT_V1,
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
