/*
 * pyperf.c - pyperf and pyperformance text output → NAME.time_per_op
 * {mean, stddev} (or NAME.max_rss for --track-memory), one run per
 * benchmark and result file:
 *
 *   - a single result, "[NAME: ]Mean +- std dev: 4.19 us +- 0.05 us"
 *     (Median before pyperf 1.6), under pyperformance's "### NAME ###";
 *   - compare_to's lines, "[NAME: ]Mean +- std dev: [ref] A +- a ->
 *     [changed] B +- b: 1.11x faster", pyperformance compare's without the
 *     file names, and -G's "- NAME: A +- a -> B +- b: 1.17x slower" under
 *     "Slower (N):" / "Faster (N):";
 *   - compare_to --table as an ASCII grid or Markdown ("| Benchmark | ref |
 *     changed |", cells "2.09 us: 1.02x faster"), and the older grid with
 *     "Change" and "Significance" columns. Its header is any typed table's:
 *     the table reader opens such a block and hands it over by pyperf's
 *     marks in its cells (TOOL_TABLES in table.c); a table in a block of
 *     pyperf's own output is read here.
 *
 * A result file's name (a bracket, a column header) names its runs'
 * variant (origin label, the header's line); a pair printed without names
 * takes them from the compare_to command above the block, else
 * "reference" and "changed". The comparer's ratios, significance,
 * geometric mean and hidden benchmarks are notes, never measurements.
 */
#include <ctype.h>

#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

#define NUM "[0-9]+(?:\\.[0-9]+)?"

enum {
	RX_RESULT,
	RX_DASH,
	RX_TITLE,
	RX_CELL,
};

static struct rx patterns[] = {
	[RX_RESULT] = { "pyperf result",
			"^\\s*(?:(?<name>.+?):\\s+)?(?<stat>Mean|Median)\\s+\\+-\\s+std\\s+dev:\\s+"
			"(?:\\[(?<f1>[^\\]]*)\\]\\s+)?"
			"(?<m1>" NUM ")\\s*(?<u1>[a-zA-Z\xc2\xb5\xce\xbc]+)\\s+\\+-\\s+(?<s1>" NUM ")\\s*(?<v1>[a-zA-Z\xc2\xb5\xce\xbc]+)"
			"(?:\\s+->\\s+(?:\\[(?<f2>[^\\]]*)\\]\\s+)?"
			"(?<m2>" NUM ")\\s*(?<u2>[a-zA-Z\xc2\xb5\xce\xbc]+)\\s+\\+-\\s+(?<s2>" NUM ")\\s*(?<v2>[a-zA-Z\xc2\xb5\xce\xbc]+)"
			":\\s+(?<verdict>.+?))?\\s*$",
			0 },
	[RX_DASH] = { "pyperf -G line",
		      "^\\s*-\\s+(?<name>.+?):\\s+(?=[0-9])"
		      "(?<m1>" NUM ")\\s*(?<u1>[a-zA-Z\xc2\xb5\xce\xbc]+)\\s+\\+-\\s+(?<s1>" NUM ")\\s*(?<v1>[a-zA-Z\xc2\xb5\xce\xbc]+)"
		      "\\s+->\\s+"
		      "(?<m2>" NUM ")\\s*(?<u2>[a-zA-Z\xc2\xb5\xce\xbc]+)\\s+\\+-\\s+(?<s2>" NUM ")\\s*(?<v2>[a-zA-Z\xc2\xb5\xce\xbc]+)"
		      ":\\s+(?<verdict>.+?)\\s*$",
		      0 },
	[RX_TITLE] = { "pyperformance title", "^\\s*###\\s+(?<name>[^\\s]+)\\s+###\\s*$", 0 },
	/* a table cell: "2.09 us", "2.09 us: 1.02x faster (-2%)" */
	[RX_CELL] = { "pyperf cell",
		      "^(?<m>" NUM ")\\s*(?<u>[a-zA-Z\xc2\xb5\xce\xbc]+)(?::\\s+(?<verdict>.+?))?$", 0 },
};

/* Lines pyperf and pyperformance print around results: notes or facts, never figures. */
static const char *const around[] = {
	"Slower (", "Faster (", "Same speed (", "Benchmark hidden because not significant (",
	"Geometric mean", "Ignored benchmarks (", "Skipped ", "Significant (t=", "Not significant",
	"WARNING: ", "Try to rerun", "Run '", "Use pyperf ", "Use perf ", "Use --quiet",
	"Performance version:", "Report on ", "Number of logical CPUs:", "Start date:", "End date:",
};

/* What a line of pyperf output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_RESULT,   /* "... Mean +- std dev: ...", garbled or not */
	K_DASH,     /* "- name: A +- a -> B +- b: ..." under -G's sections */
	K_TITLE,    /* pyperformance's "### name ###" */
	K_AROUND,   /* section heads, verdicts, warnings, pyperformance's report header */
	K_PROGRESS, /* "....................." */
	K_HEADER,   /* "| Benchmark | ref | changed |" */
	K_RULE,     /* "+-----+=====+" or a Markdown divider "|---|:---:|" */
	K_ROW,      /* any other "|" line of a table */
	K__COUNT
};

static const char *const kinds[] = { "none",     "result", "-G line", "title", "around",
				     "progress", "header", "rule",    "row" };

/* Does `s[0..n)` hold "+- std dev:" after "Mean " or "Median "? */
static int has_std_dev(const char *s, size_t n)
{
	for (const char *p = s, *e = s + n; (p = memchr(p, '+', (size_t)(e - p))) != NULL; p++)
		if ((size_t)(e - p) >= 11 && !memcmp(p, "+- std dev:", 11) && p - s >= 5 &&
		    (!memcmp(p - 5, "Mean ", 5) || (p - s >= 7 && !memcmp(p - 7, "Median ", 7))))
			return 1;
	return 0;
}

/* "### name ###" with a benchmark's name (no blanks, no capitals: prose headings stay prose). */
static int is_title(const char *s, size_t n)
{
	if (n < 9 || memcmp(s, "### ", 4) || memcmp(s + n - 4, " ###", 4))
		return 0;
	for (size_t i = 4; i < n - 4; i++)
		if (isspace((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

static int only_of(const char *s, size_t n, const char *set)
{
	for (size_t i = 0; i < n; i++)
		if (!strchr(set, s[i]))
			return 0;
	return n > 0;
}

/* Is `s[0..n)` a table's header, "| Benchmark | ..."? */
static int is_header(const char *s, size_t n)
{
	const char *p = s + 1, *e = s + n;

	while (p < e && *p == ' ')
		p++;
	return (size_t)(e - p) > 10 && !memcmp(p, "Benchmark ", 10) && memchr(p, '|', (size_t)(e - p));
}

/*
 * The one classifier the claim and the parse share. A result line is known
 * by "Mean +- std dev:" (or Median), a -G line by "- " with " -> " and
 * "+-": a digit garbled anywhere leaves either one of them, reported as
 * garbled.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n == 0)
		return K_NONE;
	if (s[0] == '|')
		return is_header(s, n) ? K_HEADER : only_of(s, n, "|-: ") ? K_RULE : K_ROW;
	if (s[0] == '+')
		return only_of(s, n, "+-=") ? K_RULE : K_NONE;
	if (s[0] == '.')
		return n >= 4 && only_of(s, n, ".") ? K_PROGRESS : K_NONE;
	if (s[0] == '#')
		return is_title(s, n) ? K_TITLE : K_NONE;
	if (s[0] == '-' && n > 2 && s[1] == ' ')
		return text_contains(s, n, " -> ") && text_contains(s, n, "+-") ? K_DASH : K_NONE;
	if (has_std_dev(s, n))
		return K_RESULT;
	for (size_t i = 0; i < countof(around); i++)
		if (line_starts(l, around[i]))
			return K_AROUND;
	if (line_starts(l, "* the "))
		return K_AROUND; /* the items of a WARNING: only inside a block (claim) */
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	uint32_t last; /* the block's last line so far; 0 when a table reader handed the block over */
};

static enum claim claim_line(const struct line *l, int in_block, enum kind k);

/*
 * What claim_line() answers outside a block, without the whole classifier
 * (pyperf is asked of nearly every line a specific parser did not take):
 * the lines that begin pyperf's output by their first byte, else a result
 * line by its "+- std dev:".
 */
static enum claim claim_outside(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return CLAIM_NONE;
	switch (s[0]) {
	case '|':
	case '+':
		return CLAIM_NONE;
	case '.':
	case '#':
		return claim_line(l, 0, classify(l));
	case '-':
		if (n > 2 && s[1] == ' ')
			return claim_line(l, 0, classify(l));
		break;
	default:
		break;
	}
	if (has_std_dev(s, n))
		return CLAIM_START;
	if (strchr("SFBPG", s[0]) && (line_starts(l, "Slower (") || line_starts(l, "Faster (") ||
				      line_starts(l, "Benchmark hidden because") ||
				      line_starts(l, "Performance version:") || line_starts(l, "Geometric mean:")))
		return CLAIM_START;
	return CLAIM_NONE;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;
	enum claim c;

	if (!in_block) {
		c = claim_outside(l);
		if (c != CLAIM_NONE)
			st->last = l->no;
		return c;
	}
	k = classify(l);

	/*
	 * pyperf prints its table first and alone: a table after a blank line
	 * in a block of its output is another table, the table reader's to
	 * open (and to hand back when its cells carry pyperf's marks)
	 */
	if (in_block && line_after_gap(l, st->last) && (k == K_HEADER || k == K_RULE || k == K_ROW))
		return CLAIM_NONE;
	c = claim_line(l, in_block, k);
	if (c != CLAIM_NONE)
		st->last = l->no;
	return c;
}

static enum claim claim_line(const struct line *l, int in_block, enum kind k)
{
	if (in_block)
		return k != K_NONE ? CLAIM_BODY : CLAIM_NONE; /* a title belongs with the result below it */
	switch (k) {
	case K_RESULT:
	case K_DASH:
	case K_TITLE:
	case K_PROGRESS:
		return CLAIM_START;
	case K_AROUND:
		/* a section head or a verdict may open a pasted part; the rest only continues */
		if (line_starts(l, "Slower (") || line_starts(l, "Faster (") ||
		    line_starts(l, "Benchmark hidden because") || line_starts(l, "Performance version:") ||
		    line_starts(l, "Geometric mean:"))
			return CLAIM_START;
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	case K_HEADER:
	case K_RULE:
	case K_ROW:
		/*
		 * "| Benchmark | ... |" heads any table a person types: a table
		 * that begins with it is the table reader's, which hands it over
		 * when its cells carry pyperf's marks (TOOL_TABLES, table.c)
		 */
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	case K_NONE:
	case K__COUNT:
		break;
	}
	return CLAIM_NONE;
}

#define MAX_COLS 16

struct cell {
	const char *s;
	size_t n;
};

/* The cells of a "|" line, blanks trimmed; their count (at most MAX_COLS). */
static int split_row(const struct line *l, struct cell *c)
{
	const char *p = l->s + l->indent, *e = l->s + line_end(l);
	int n = 0;

	if (p < e && *p == '|')
		p++;
	if (e > p && e[-1] == '|')
		e--;
	while (p <= e && n < MAX_COLS) {
		const char *q = memchr(p, '|', (size_t)(e - p));
		const char *end = q ? q : e;
		const char *a = p, *b = end;

		while (a < b && (*a == ' ' || *a == '\t'))
			a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		c[n].s = a, c[n].n = (size_t)(b - a);
		n++;
		if (!q)
			break;
		p = q + 1;
	}
	return n;
}

enum col { COL_NAME, COL_FILE, COL_NOTE };

struct parse {
	struct sink *s;
	uint32_t first_run;
	char title[256];      /* pyperformance's "### name ###" above the line */
	long last_changed;    /* the changed run of the last pair, for the verdict below it */
	const char *names[2]; /* the files a pair without names compares */
	char name_text[2][128]; /* where names[] point */
	/* the table being read */
	int ncols;
	enum col col[MAX_COLS];
	struct cell head[MAX_COLS];
	uint32_t head_line;
	int old_table; /* the "Change" / "Significance" grid of pyperf < 2 */
};

/* The figure `num unit` into `run`: time per op, or peak memory (--track-memory). -1: not read. */
static int figure(struct parse *ps, uint32_t run, enum stat_kind stat, const struct line *l,
		  const char *num, size_t nn, const char *unit, size_t un)
{
	enum unit u;
	double v;

	/* pyperf writes "sec" and "us" */
	if (unit_value(num, nn, unit, un, &u, &v) < 0)
		return -1;
	if (u == UNIT_SECOND)
		sink_measure(ps->s, run, "time_per_op", stat, u, v, 0, l, num, nn);
	else if (u == UNIT_BYTE)
		sink_measure(ps->s, run, "max_rss", stat, u, v, 0, l, num, nn);
	else
		return -1;
	return 0;
}

static void name_run(struct parse *ps, uint32_t run, const char *name, size_t n, uint32_t line)
{
	struct run *r = &ps->s->rs->runs[run];

	if (!n)
		return;
	r->variant.text = sink_strndup(ps->s, name, n);
	r->variant.origin = VO_LABEL;
	r->name_line = line;
}

/*
 * One side of a result line: the figures of groups m<k>, u<k>, s<k>,
 * v<k> into a new run of `name`, named by `file`. Returns the run, or -1
 * (nothing kept) when a figure does not read.
 */
static long side(struct parse *ps, struct rx *p, char k, const struct line *l, const char *name,
		 size_t nn, const char *file, size_t fn, enum stat_kind stat)
{
	/* literals: rx_named() caches a group by its name's address */
	static const char *const g1[4] = { "m1", "u1", "s1", "v1" }, *const g2[4] = { "m2", "u2", "s2", "v2" };
	const char *const *g = k == '1' ? g1 : g2;
	const char *f[4];
	size_t n[4];
	struct sink_txn t;
	uint32_t run;

	for (int i = 0; i < 4; i++)
		if (!rx_named(ps->s->rx, p, g[i], &f[i], &n[i]))
			return -1;
	run = bench_begin(ps->s, &t, l, name, nn);
	if (figure(ps, run, stat, l, f[0], n[0], f[1], n[1]) < 0 ||
	    figure(ps, run, STAT_SD, l, f[2], n[2], f[3], n[3]) < 0) {
		sink_txn_rollback(ps->s, &t);
		return -1;
	}
	sink_txn_finish(ps->s, &t, l, NULL);
	name_run(ps, run, file, fn, l->no);
	return run;
}

/* The files a pair printed without names compares: the compare_to command's, else none. */
static void pair_names(struct parse *ps, const struct block *b)
{
	const char *cmd = b->context ? b->context : b->above;
	char (*words)[128] = ps->name_text;
	int k = 0, seen = 0;

	ps->names[0] = ps->names[1] = NULL;
	if (!cmd)
		return;
	for (const char *p = cmd; *p && k < 2;) {
		const char *w;
		size_t n;

		while (*p == ' ' || *p == '\t')
			p++;
		for (w = p; *p && *p != ' ' && *p != '\t'; p++)
			;
		n = (size_t)(p - w);
		if (!n)
			break;
		if (!seen) {
			seen = (n == 10 && !memcmp(w, "compare_to", 10)) || (n == 7 && !memcmp(w, "compare", 7));
			continue;
		}
		if (w[0] == '-' || n >= sizeof(ps->name_text[0]))
			continue;
		/* pyperf shows a file by its name less ".json": "./py38.json" is py38 */
		if (n > 2 && w[0] == '.' && (w[1] == '/' || w[1] == '\\'))
			w += 2, n -= 2;
		if (n > 8 && !memcmp(w + n - 8, ".json.gz", 8))
			n -= 8;
		else if (n > 5 && !memcmp(w + n - 5, ".json", 5))
			n -= 5;
		memcpy(words[k], w, n);
		words[k][n] = '\0';
		ps->names[k] = words[k];
		k++;
	}
	if (k < 2)
		ps->names[0] = ps->names[1] = NULL;
}

static void on_pair(struct parse *ps, const struct line *l, enum kind k)
{
	struct rx *p = &patterns[k == K_DASH ? RX_DASH : RX_RESULT];
	const char *name = ps->title, *f1 = NULL, *f2 = NULL, *verdict, *stat;
	size_t nn = strlen(ps->title), n1 = 0, n2 = 0, vn, sn;
	enum stat_kind st = STAT_MEAN;
	struct recset_mark mark;
	long a, b;

	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		bench_lost(ps->s, l, k == K_DASH ? "garbled pyperf comparison line" : "garbled pyperf result line");
		return;
	}
	if (rx_named(ps->s->rx, p, "name", &name, &nn) == 0)
		name = ps->title, nn = strlen(ps->title);
	if (k == K_RESULT && rx_named(ps->s->rx, p, "stat", &stat, &sn) && *stat == 'M' && stat[1] == 'e' && stat[2] == 'd')
		st = STAT_MEDIAN;
	if (k == K_RESULT && !rx_named(ps->s->rx, p, "m2", &verdict, &vn)) {
		/* a single result: one run, named by what surrounds it */
		if (side(ps, p, '1', l, name, nn, NULL, 0, st) < 0)
			bench_lost(ps->s, l, "garbled pyperf result line");
		return;
	}
	if (k == K_RESULT) {
		if (!rx_named(ps->s->rx, p, "f1", &f1, &n1))
			f1 = NULL, n1 = 0;
		if (!rx_named(ps->s->rx, p, "f2", &f2, &n2))
			f2 = NULL, n2 = 0;
	}
	if (!f1 && ps->names[0])
		f1 = ps->names[0], n1 = strlen(f1), f2 = ps->names[1], n2 = strlen(f2);
	if (!f1)
		f1 = "reference", n1 = 9, f2 = "changed", n2 = 7;
	mark = recset_mark(ps->s->rs);
	a = side(ps, p, '1', l, name, nn, f1, n1, st);
	b = a < 0 ? -1 : side(ps, p, '2', l, name, nn, f2, n2, st);
	if (a < 0 || b < 0) {
		recset_rollback(ps->s->rs, &mark);
		bench_lost(ps->s, l, "garbled pyperf comparison line");
		return;
	}
	ps->last_changed = b;
	if (rx_named(ps->s->rx, p, "verdict", &verdict, &vn))
		sink_note(ps->s, (uint32_t)b, NOTE_VERDICT, l, "pyperf: %.*s than %.*s", (int)vn, verdict,
			  (int)n1, f1);
}

static void on_header(struct parse *ps, const struct line *l)
{
	struct cell c[MAX_COLS];
	int n = split_row(l, c);

	ps->ncols = n;
	ps->head_line = l->no;
	ps->old_table = 0;
	for (int i = 0; i < n; i++) {
		ps->head[i] = c[i];
		if (i == 0)
			ps->col[i] = COL_NAME;
		else if ((c[i].n == 6 && !memcmp(c[i].s, "Change", 6)) ||
			 (c[i].n == 12 && !memcmp(c[i].s, "Significance", 12)))
			ps->col[i] = COL_NOTE, ps->old_table = 1;
		else
			ps->col[i] = COL_FILE;
	}
}

static void on_row(struct parse *ps, const struct line *l)
{
	struct cell c[MAX_COLS];
	struct recset_mark mark;
	struct rx *p = &patterns[RX_CELL];
	int n = split_row(l, c), ok = 1;
	long runs[MAX_COLS];
	struct buf notes = BUF_INIT;

	if (!ps->ncols)
		return;
	if (n != ps->ncols) {
		bench_lost(ps->s, l, "pyperf table row with a cell too many or too few");
		return;
	}
	if (c[0].n == 14 && !memcmp(c[0].s, "Geometric mean", 14)) {
		for (int i = 1; i < n; i++)
			if (ps->col[i] == COL_FILE && c[i].n && !(c[i].n == 5 && !memcmp(c[i].s, "(ref)", 5)))
				for (uint32_t r = ps->first_run; r < ps->s->rs->nruns; r++)
					if (ps->s->rs->runs[r].name_line == ps->head_line &&
					    !strncmp(ps->s->rs->runs[r].variant.text, ps->head[i].s, ps->head[i].n) &&
					    !ps->s->rs->runs[r].variant.text[ps->head[i].n])
						sink_note(ps->s, r, NOTE_SUMMARY, l, "pyperf geometric mean: %.*s",
							  (int)c[i].n, c[i].s);
		return;
	}
	mark = recset_mark(ps->s->rs);
	for (int i = 1; i < n && ok; i++) {
		const char *m, *u, *v;
		size_t mn, un, vn;
		struct sink_txn t;
		uint32_t run;

		runs[i] = -1;
		if (ps->col[i] == COL_NOTE) {
			if (c[i].n)
				buf_addf(&notes, "%s%.*s", notes.len ? ", " : "", (int)c[i].n, c[i].s);
			continue;
		}
		if (!c[i].n || (c[i].n == 15 && !memcmp(c[i].s, "not significant", 15)))
			continue; /* pyperf hides a value that differs not significantly */
		if (!rx_match(ps->s->rx, p, c[i].s, c[i].n) || !rx_named(ps->s->rx, p, "m", &m, &mn) || !rx_named(ps->s->rx, p, "u", &u, &un)) {
			ok = 0;
			break;
		}
		run = bench_begin(ps->s, &t, l, c[0].s, c[0].n);
		if (figure(ps, run, ps->old_table ? STAT_VALUE : STAT_MEAN, l, m, mn, u, un) < 0) {
			sink_txn_rollback(ps->s, &t);
			ok = 0;
			break;
		}
		sink_txn_finish(ps->s, &t, l, NULL);
		name_run(ps, run, ps->head[i].s, ps->head[i].n, ps->head_line);
		runs[i] = run;
		if (rx_named(ps->s->rx, p, "verdict", &v, &vn))
			sink_note(ps->s, run, NOTE_VERDICT, l, "pyperf: %.*s than %.*s", (int)vn, v,
				  (int)ps->head[1].n, ps->head[1].s);
	}
	if (!ok) {
		recset_rollback(ps->s->rs, &mark);
		bench_lost(ps->s, l, "garbled pyperf table row");
	} else if (notes.len) {
		for (int i = n - 1; i > 0; i--)
			if (ps->col[i] == COL_FILE && runs[i] >= 0) {
				sink_note(ps->s, (uint32_t)runs[i], NOTE_VERDICT, l, "pyperf: %s", notes.s);
				break;
			}
	}
	buf_release(&notes);
}

/* A note of the comparer's (a verdict, the geometric mean, hidden benchmarks) on the runs it is about. */
static void on_around(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent;
	int len = (int)(line_end(l) - l->indent);

	if (line_starts(l, "Significant (t=") || line_starts(l, "Not significant")) {
		if (ps->last_changed >= 0)
			sink_note(ps->s, (uint32_t)ps->last_changed, NOTE_VERDICT, l, "pyperf: %.*s", len, s);
		return;
	}
	if (line_starts(l, "Performance version:")) {
		int skip = 20 + (len > 20 && s[20] == ' ');

		/* the line is not NUL-terminated: the fact takes a copy of its rest */
		sink_fact(ps->s, l, "pyperformance", sink_strndup(ps->s, s + skip, (size_t)(len - skip)));
		return;
	}
	if (line_starts(l, "Geometric mean") || line_starts(l, "Benchmark hidden") ||
	    line_starts(l, "Ignored benchmarks") || line_starts(l, "WARNING: ")) {
		for (uint32_t r = ps->first_run; r < ps->s->rs->nruns; r++)
			sink_note(ps->s, r, line_starts(l, "WARNING: ") ? NOTE_WARNING : NOTE_SUMMARY, l,
				  "pyperf: %.*s", len, s);
	}
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps = { .s = s, .first_run = (uint32_t)s->rs->nruns, .last_changed = -1 };

	pair_names(&ps, b);
	if (b->above && is_title(b->above, strlen(b->above)))
		snprintf(ps.title, sizeof(ps.title), "%.*s", (int)(strlen(b->above) - 8), b->above + 4);
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct rx *p = &patterns[RX_TITLE];
		const char *t;
		size_t tn;

		switch (classify(l)) {
		case K_TITLE:
			if (rx_match(s->rx, p, l->s, l->len) && rx_named(s->rx, p, "name", &t, &tn) && tn < sizeof(ps.title))
				memcpy(ps.title, t, tn), ps.title[tn] = '\0';
			break;
		case K_RESULT:
		case K_DASH:
			on_pair(&ps, l, classify(l));
			break;
		case K_HEADER:
			on_header(&ps, l);
			break;
		case K_ROW:
			on_row(&ps, l);
			break;
		case K_AROUND:
			on_around(&ps, l);
			break;
		case K_RULE:
		case K_PROGRESS:
		case K_NONE:
		case K__COUNT:
			break;
		}
	}
	return (int)(s->rs->nruns - ps.first_run);
}

const struct parser pyperf_parser = {
	.fmt = FMT_PYPERF,
	/* names begin with any byte: the classifier looks for the fixed words */
	.starts = PARSER_STARTS_PRINTABLE,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.claim_state_line = 1,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
