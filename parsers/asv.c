/*
 * asv.c - airspeed velocity's comparisons → NAME.time_per_op, one run per
 * benchmark and build: `asv compare` / `asv continuous` tables in their
 * three shapes,
 *
 *          before           after         ratio
 *        [3bfda9c6]       [bf719488]
 *        <v0.1>           <v0.2>
 *   -       816±0μs         293±20μs     0.36  module.bench(100)
 *
 * the Markdown one ("| Change | Before [22b920c6] <v0.1> | After [...] |
 * Ratio | Benchmark (Parameter) |") and the first asv's ("BENCHMARK
 * BEFORE AFTER FACTOR"). The <branch> row, else the [hash] row, names
 * the two builds (origin label, the line that named them); the first asv
 * named them only before and after. A figure is asv's value (the median
 * of its samples since asv 0.3); the ± beside it is half the
 * interquartile range, not a deviation, and is kept as a note with the
 * mark (+ worse, - better, ! failed, x not comparable, ~ or ' ' not
 * significant) and the ratio: asv's verdicts, never measurements. Only
 * time units are read ("40.4m" may be minutes or bytes); failed and n/a
 * cells are no figures.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of asv's comparison is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER,  /* "before after ratio" */
	K_HEADER1, /* the first asv's "BENCHMARK BEFORE AFTER FACTOR" */
	K_MDHEAD,  /* "| Change | Before [hash] ... | After ... |" */
	K_HASHES,  /* "[3bfda9c6] [bf719488]" */
	K_NAMES,   /* "<v0.1> <v0.2>" */
	K_TITLE,   /* "All benchmarks:", "Benchmarks that have improved:" */
	K_SUMMARY, /* "SOME BENCHMARKS HAVE CHANGED SIGNIFICANTLY." */
	K_DIVIDER, /* "|----|----|" */
	K_MDROW,   /* any other "|" line */
	K_ROW,     /* any other line of the table: a row, garbled or cut included */
	K_RUNLINE, /* asv run's "[ 50.00%] ··· name   33.2±2ms", "[  0.00%] · For x commit ..." */
	K_CHATTER, /* asv run's "· Discovering benchmarks", "·· Installing ..." */
	K_ELIDED,  /* "[...]": an author cut lines out of the log */
	K__COUNT
};

static const char *const kinds[] = { "none",    "header", "first header", "md header", "hashes",
				     "names",   "title",  "summary",      "divider",   "md row",
				     "row",     "run line", "run chatter", "elided" };


static const char *const summaries[] = {
	"BENCHMARKS NOT SIGNIFICANTLY CHANGED.", "SOME BENCHMARKS HAVE CHANGED SIGNIFICANTLY.",
	"PERFORMANCE INCREASED.", "PERFORMANCE DECREASED.",
};

#define MAX_WORDS 8

struct word {
	const char *s;
	size_t n;
};

/* The first `max` blank-separated words of s[0..n); the last one runs to the end. Their count. */
static int split(const char *s, size_t n, struct word *w, int max)
{
	const char *e = s + n;
	int k = 0;

	while (k < max) {
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (s == e)
			break;
		w[k].s = s;
		if (k == max - 1) {
			const char *t = e;

			while (t > s && (t[-1] == ' ' || t[-1] == '\t'))
				t--;
			w[k++].n = (size_t)(t - s);
			break;
		}
		while (s < e && *s != ' ' && *s != '\t')
			s++;
		w[k].n = (size_t)(s - w[k].s);
		k++;
	}
	return k;
}

static int word_is(const struct word *w, const char *text)
{
	return w->n == strlen(text) && !memcmp(w->s, text, w->n);
}

static int is_header(const char *s, size_t n, const char *a, const char *b, const char *c, const char *d)
{
	struct word w[5];
	int k = split(s, n, w, 5);

	if (d)
		return k == 4 && word_is(&w[0], a) && word_is(&w[1], b) && word_is(&w[2], c) && word_is(&w[3], d);
	return k == 3 && word_is(&w[0], a) && word_is(&w[1], b) && word_is(&w[2], c);
}

/* Is every word of s[0..n) enclosed in `open`...`close` ("[3bfda9c6] [bf719488]")? */
static int all_enclosed(const char *s, size_t n, char open, char close)
{
	int words = 0;

	for (size_t i = 0; i < n;) {
		while (i < n && s[i] == ' ')
			i++;
		if (i == n)
			break;
		if (s[i] != open)
			return 0;
		while (i < n && s[i] != close)
			i++;
		if (i == n)
			return 0;
		i++;
		words++;
	}
	return words == 2;
}

/* Does word `w` begin a figure or stand for a missing one ("failed", "n/a")? */
static int figure_word(const struct word *w)
{
	return w->n && (char_is_digit(w->s[0]) || word_is(w, "failed") || word_is(w, "n/a"));
}

/*
 * A row of a text table: after an optional mark, figures first ("816±0μs
 * 293±20μs 0.36 name"), or the first asv's name then figures; by where its
 * figures begin, so a digit garbled inside one leaves it a row.
 */
static int is_row(const char *s, size_t n)
{
	struct word w[3];

	if (n > 2 && strchr("+-!x*~", s[0]) && (s[1] == ' ' || s[1] == '\t'))
		s++, n--;
	if (split(s, n, w, 3) < 3)
		return 0;
	return figure_word(&w[0]) || figure_word(&w[1]);
}

#define MIDDOT "\xc2\xb7" /* asv run's level marks, "·", "··", "···" */

/* "[ 50.00%] " and a level mark: a line of asv run's progress. */
static int is_runline(const char *s, size_t n)
{
	size_t i = 1;

	while (i < n && s[i] == ' ')
		i++;
	if (i == n || !char_is_digit(s[i]))
		return 0;
	while (i < n && (char_is_digit(s[i]) || s[i] == '.'))
		i++;
	if (i + 4 > n || s[i] != '%' || s[i + 1] != ']')
		return 0;
	for (i += 2; i < n && s[i] == ' ';)
		i++;
	return i + 2 <= n && !memcmp(s + i, MIDDOT, 2);
}

/* The one classifier the claim and the parse share. */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n == 0)
		return K_NONE;
	switch (s[0]) {
	case 'b':
		if (is_header(s, n, "before", "after", "ratio", NULL))
			return K_HEADER;
		break;
	case 'B':
		if (is_header(s, n, "BENCHMARK", "BEFORE", "AFTER", "FACTOR"))
			return K_HEADER1;
		if (line_starts(l, "Benchmarks that "))
			return K_TITLE;
		if (line_starts(l, "BENCHMARKS NOT"))
			return K_SUMMARY;
		break;
	case 'A':
		if (line_starts(l, "All benchmarks:"))
			return K_TITLE;
		break;
	case 'S':
	case 'P':
		for (size_t i = 0; i < countof(summaries); i++)
			if (line_starts(l, summaries[i]))
				return K_SUMMARY;
		break;
	case '[':
		if (is_runline(s, n))
			return K_RUNLINE;
		if (n == 5 && !memcmp(s, "[...]", 5))
			return K_ELIDED;
		if (all_enclosed(s, n, '[', ']'))
			return K_HASHES;
		break;
	case '<':
		if (all_enclosed(s, n, '<', '>'))
			return K_NAMES;
		break;
	case '|': {
		const char *p = s + 1;

		while (p < s + n && *p == ' ')
			p++;
		if ((size_t)(s + n - p) > 8 && !memcmp(p, "Change ", 7) && text_contains(s, n, "| Before"))
			return K_MDHEAD;
		for (p = s; p < s + n; p++)
			if (!strchr("|-: ", *p))
				return K_MDROW;
		return K_DIVIDER;
	}
	case '\xc2':
		if (n > 3 && !memcmp(s, MIDDOT, 2))
			return K_CHATTER;
		break;
	default:
		break;
	}
	return is_row(s, n) ? K_ROW : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	uint32_t last; /* the block's last line so far */
};

static enum claim claim_line(const struct line *l, int in_block, struct claim_state *st);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum claim c = claim_line(l, in_block, st);

	if (c != CLAIM_NONE)
		st->last = l->no;
	return c;
}

/* A Markdown row after a blank line is another table's (a person's under asv's). */
static enum claim claim_line(const struct line *l, int in_block, struct claim_state *st)
{
	enum kind k;

	/*
	 * outside a block only a header, a title or asv run's lines start one:
	 * their first words before the classifier
	 */
	if (!in_block) {
		const char *s = l->s + l->indent, *p;
		size_t n = line_end(l) - l->indent;

		switch (n ? s[0] : 0) {
		case 'b':
			if (!text_starts(s, n, "before"))
				return CLAIM_NONE;
			break;
		case 'B':
			if (!text_starts(s, n, "BENCHMARK") && !text_starts(s, n, "Benchmarks that "))
				return CLAIM_NONE;
			break;
		case 'A':
			if (!text_starts(s, n, "All benchmarks:"))
				return CLAIM_NONE;
			break;
		case '|':
			for (p = s + 1; p < s + n && *p == ' '; p++)
				;
			if (!text_starts(p, (size_t)(s + n - p), "Change "))
				return CLAIM_NONE;
			break;
		case '[':
			if (!is_runline(s, n))
				return CLAIM_NONE;
			break;
		case '\xc2':
			break;
		default:
			return CLAIM_NONE;
		}
	}
	k = classify(l);
	switch (k) {
	case K_HEADER:
	case K_HEADER1:
	case K_MDHEAD:
	case K_TITLE:
		return CLAIM_START;
	case K_RUNLINE:
	case K_CHATTER:
		/* a log of asv run stays one block: its commit lines name the results below them */
		return in_block ? CLAIM_BODY : CLAIM_START;
	case K_ELIDED:
	case K_ROW:
	case K_MDROW:
	case K_HASHES:
	case K_NAMES:
	case K_SUMMARY:
	case K_DIVIDER:
		if ((k == K_MDROW || k == K_DIVIDER) && line_after_gap(l, st->last))
			return CLAIM_NONE;
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	case K_NONE:
	case K__COUNT:
		break;
	}
	return CLAIM_NONE;
}

struct parse {
	struct sink *s;
	uint32_t first_run;
	struct word name[2]; /* the two builds */
	uint32_t name_line;
	int first_asv;       /* "BENCHMARK BEFORE AFTER FACTOR": the name first */
	int md;              /* the Markdown table */
	int have_header;
	struct word commit;  /* asv run: the commit whose results follow ("<branch>", else the hash) */
	uint32_t commit_line;
};

/* "[3bfda9c6]", "<v0.1>", "[912854  ]": the text inside, blanks trimmed. */
static struct word inside(const struct word *w)
{
	struct word r = { w->s + 1, w->n >= 2 ? w->n - 2 : 0 };

	while (r.n && r.s[r.n - 1] == ' ')
		r.n--;
	return r;
}

/* The [hash] and <name> words of a line, trimmed: two of them, or none. */
static int enclosed_words(const struct line *l, char close, struct word *out)
{
	const char *s = l->s + l->indent, *e = l->s + line_end(l);
	int k = 0;

	while (s < e && k < 2) {
		const char *o, *c;

		while (s < e && *s == ' ')
			s++;
		o = s;
		c = memchr(o, close, (size_t)(e - o));
		if (!c)
			return 0;
		out[k].s = o, out[k].n = (size_t)(c - o + 1);
		out[k] = inside(&out[k]);
		k++;
		s = c + 1;
	}
	return k == 2;
}

/*
 * A cell: "816±0μs", "11.5±0.08μs", "62910ms", "failed", "n/a". Returns 1
 * and the figure (number and unit, the ± part in *pm) when it is a time; 0
 * for a cell that is no figure (failed, n/a, a unit we do not read); -1
 * when it does not read.
 */
static int cell(const struct word *w, const char **num, size_t *nn, struct word *pm, const char **unit,
		size_t *un)
{
	const char *s = w->s, *e = w->s + w->n, *p = s;
	enum unit u;
	double v;

	pm->s = NULL, pm->n = 0;
	if (word_is(w, "failed") || word_is(w, "n/a") || word_is(w, "skipped"))
		return 0;
	while (p < e && (char_is_digit(*p) || *p == '.'))
		p++;
	*num = s, *nn = (size_t)(p - s);
	if (p + 2 <= e && (unsigned char)p[0] == 0xc2 && (unsigned char)p[1] == 0xb1) {
		const char *q = p + 2;

		while (q < e && (char_is_digit(*q) || *q == '.'))
			q++;
		pm->s = p + 2, pm->n = (size_t)(q - p - 2);
		if (!pm->n)
			return -1;
		p = q;
	}
	*unit = p, *un = (size_t)(e - p);
	if (!*nn || num_parse(*num, *nn, &v) < 0 || (pm->n && num_parse(pm->s, pm->n, &v) < 0))
		return -1;
	if (!*un)
		return 0; /* a track_ benchmark's plain number: no unit, no quantity of ours */
	if (unit_lookup(*unit, *un, &u, &v) < 0)
		return *un <= 2 && strchr("mhdwykMGT", **unit) ? 0 : -1;
	if (u != UNIT_SECOND || (*un == 1 && **unit == 'm'))
		return 0;
	return 1;
}

/* One build's figure of a row: a run of `name`, named by build `k`. -1: the cell did not read. */
static int side(struct parse *ps, const struct line *l, const struct word *c, int k, const struct word *name,
		long *run)
{
	const char *num, *unit;
	size_t nn, un;
	struct word pm;
	int rc = cell(c, &num, &nn, &pm, &unit, &un);
	uint32_t r;

	*run = -1;
	if (rc <= 0)
		return rc;
	r = bench_run(ps->s, l, name->s, name->n);
	if (bench_figure(ps->s, r, "time_per_op", STAT_VALUE, l, num, nn, 0, unit, un) < 0)
		return -1;
	if (ps->name[k].n) {
		struct run *rr = &ps->s->rs->runs[r];

		rr->variant.text = sink_strndup(ps->s, ps->name[k].s, ps->name[k].n);
		rr->variant.origin = VO_LABEL;
		rr->name_line = ps->name_line;
	}
	if (pm.n)
		sink_note(ps->s, r, NOTE_INFO, l, "asv: \xc2\xb1%.*s%.*s (half the interquartile range)",
			  (int)pm.n, pm.s, (int)un, unit);
	*run = r;
	return 0;
}

static const char *mark_meaning(char m)
{
	switch (m) {
	case '+':
		return "worse";
	case '-':
		return "better";
	case '!':
		return "failed";
	case 'x':
		return "not comparable";
	case '*':
		return "no ratio";
	default:
		return "not significant";
	}
}

/* A row: before, after, ratio and name, in the order of the table's shape. */
static void on_row(struct parse *ps, const struct line *l, const struct word *w, int nw, char mark)
{
	struct recset_mark m = recset_mark(ps->s->rs);
	const struct word *before, *after, *ratio, *name;
	long a, b;

	if (ps->first_asv) {
		if (nw < 4) {
			bench_lost(ps->s, l, "asv row cut short");
			return;
		}
		name = &w[0], before = &w[1], after = &w[2], ratio = &w[3];
	} else {
		if (nw < 4) {
			bench_lost(ps->s, l, "asv row cut short");
			return;
		}
		before = &w[0], after = &w[1], ratio = &w[2], name = &w[3];
	}
	if (side(ps, l, before, 0, name, &a) < 0 || side(ps, l, after, 1, name, &b) < 0) {
		recset_rollback(ps->s->rs, &m);
		bench_lost(ps->s, l, "garbled asv row");
		return;
	}
	if (b < 0)
		b = a;
	if (b >= 0)
		sink_note(ps->s, (uint32_t)b, NOTE_VERDICT, l, "asv: ratio %.*s%s%s", (int)ratio->n, ratio->s,
			  ps->first_asv ? "" : ", ", ps->first_asv ? "" : mark_meaning(mark));
}

static void on_text_row(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	struct word w[5];
	char mark = ' ';
	int nw;

	/* a mark stands alone before the figures: "-   816±0μs ..." */
	if (!ps->first_asv && n > 2 && strchr("+-!x*~", s[0]) && (s[1] == ' ' || s[1] == '\t')) {
		mark = s[0];
		s++, n--;
	}
	nw = split(s, n, w, 4);
	on_row(ps, l, w, nw, mark);
}

#define MAX_CELLS 8

static void on_md_head(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *e = l->s + line_end(l);
	int col = 0;

	ps->md = 1, ps->first_asv = 0, ps->have_header = 1;
	ps->name[0].n = ps->name[1].n = 0;
	ps->name_line = l->no;
	for (const char *p = s + 1; p < e && col < 3; col++) {
		const char *q = memchr(p, '|', (size_t)(e - p));
		const char *end = q ? q : e;
		const char *o = memchr(p, '<', (size_t)(end - p)), *b = memchr(p, '[', (size_t)(end - p));

		if (col >= 1) {
			const char *open = o ? o : b;
			const char *close = open ? memchr(open, o ? '>' : ']', (size_t)(end - open)) : NULL;

			if (close) {
				struct word w = { open, (size_t)(close - open + 1) };

				ps->name[col - 1] = inside(&w);
			}
		}
		if (!q)
			break;
		p = q + 1;
	}
}

static void on_md_row(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *e = l->s + line_end(l);
	struct word c[MAX_CELLS], w[4];
	int n = 0;

	for (const char *p = s + 1; p < e && n < MAX_CELLS;) {
		const char *q = memchr(p, '|', (size_t)(e - p));
		const char *end = q ? q : e;

		while (p < end && *p == ' ')
			p++;
		c[n].s = p;
		while (end > p && end[-1] == ' ')
			end--;
		c[n].n = (size_t)(end - p);
		n++;
		if (!q)
			break;
		p = q + 1;
	}
	if (n < 5 || (n == 6 && c[5].n)) {
		bench_lost(ps->s, l, "asv table row with a cell too many or too few");
		return;
	}
	w[0] = c[1], w[1] = c[2], w[2] = c[3], w[3] = c[4];
	on_row(ps, l, w, 4, c[0].n ? c[0].s[0] : ' ');
}

/*
 * A line of asv run's log: "· For NAME commit HASH <branch> ...:" names
 * the commit of the results below it; "··· name   33.2±2ms" is one result
 * (older asv: "··· Running name   33.2±2ms"). Parameterized results
 * ("··· name   ok" and a table) are not read.
 */
static void on_runline(struct parse *ps, const struct line *l)
{
	const char *s = memchr(l->s + l->indent, ']', line_end(l) - l->indent), *e = l->s + line_end(l);
	const char *num, *unit, *name, *val;
	size_t nn, un, namen;
	struct word pm, w;
	int level = 0, rc;
	uint32_t run;

	for (s++; s < e && *s == ' '; s++)
		;
	while (s + 2 <= e && !memcmp(s, MIDDOT, 2))
		s += 2, level++;
	while (s < e && *s == ' ')
		s++;
	if (level == 1 && e - s > 4 && !memcmp(s, "For ", 4)) {
		const char *c = text_find(s, (size_t)(e - s), " commit "), *o, *x;

		ps->commit.n = 0;
		if (!c)
			return;
		for (c += 8; c < e && *c == ' ';)
			c++;
		if (c >= e)
			return;
		o = memchr(c, '<', (size_t)(e - c));
		x = o ? memchr(o, '>', (size_t)(e - o)) : NULL;
		if (x) {
			ps->commit.s = o + 1, ps->commit.n = (size_t)(x - o - 1);
		} else {
			for (ps->commit.s = c; c < e && *c != ' ' && *c != ':'; c++)
				;
			ps->commit.n = (size_t)(c - ps->commit.s);
		}
		ps->commit_line = l->no;
		return;
	}
	if (level != 3 || s == e)
		return;
	/* the value is the last word; the name the word before it */
	for (val = e; val > s && val[-1] != ' '; val--)
		;
	for (name = val; name > s && name[-1] == ' '; name--)
		;
	namen = (size_t)(name - s);
	name = s;
	if (namen > 8 && !memcmp(name, "Running ", 8))
		name += 8, namen -= 8;
	if (!namen || memchr(name, ' ', namen) || name[namen - 1] == '.' || e[-1] == '.')
		return; /* "Running (strings.Cat.time_cat--)." and other chatter end in a full stop */
	w.s = val, w.n = (size_t)(e - val);
	/* "··· name   ok": a parameterized result's table follows; any other word is a figure */
	if (word_is(&w, "ok") || word_is(&w, "skipped") || word_is(&w, "timeout"))
		return;
	rc = cell(&w, &num, &nn, &pm, &unit, &un);
	if (rc < 0) {
		bench_lost(ps->s, l, "garbled asv result line");
		return;
	}
	if (rc == 0)
		return;
	run = bench_run(ps->s, l, name, namen);
	if (bench_figure(ps->s, run, "time_per_op", STAT_VALUE, l, num, nn, 0, unit, un) < 0)
		return;
	if (ps->commit.n) {
		struct run *r = &ps->s->rs->runs[run];

		r->variant.text = sink_strndup(ps->s, ps->commit.s, ps->commit.n);
		r->variant.origin = VO_LABEL;
		r->name_line = ps->commit_line;
	}
	if (pm.n)
		sink_note(ps->s, run, NOTE_INFO, l, "asv: \xc2\xb1%.*s%.*s (half the interquartile range)",
			  (int)pm.n, pm.s, (int)un, unit);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps = { .s = s, .first_run = (uint32_t)s->rs->nruns };

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct word w[2];

		if (l->len == l->indent)
			continue;
		switch (classify(l)) {
		case K_HEADER:
		case K_HEADER1:
			ps.have_header = 1, ps.md = 0;
			ps.first_asv = classify(l) == K_HEADER1;
			ps.name[0].s = "before", ps.name[0].n = 6;
			ps.name[1].s = "after", ps.name[1].n = 5;
			ps.name_line = l->no;
			break;
		case K_MDHEAD:
			on_md_head(&ps, l);
			break;
		case K_HASHES:
		case K_NAMES:
			/* the <branch> row names the builds better than the [hash] row above it */
			if (enclosed_words(l, classify(l) == K_HASHES ? ']' : '>', w))
				ps.name[0] = w[0], ps.name[1] = w[1], ps.name_line = l->no;
			break;
		case K_ROW:
			if (ps.have_header && !ps.md)
				on_text_row(&ps, l);
			break;
		case K_MDROW:
			if (ps.have_header && ps.md)
				on_md_row(&ps, l);
			break;
		case K_SUMMARY:
			for (uint32_t r = ps.first_run; r < s->rs->nruns; r++)
				sink_note(s, r, NOTE_SUMMARY, l, "asv: %.*s", (int)(line_end(l) - l->indent),
					  l->s + l->indent);
			break;
		case K_RUNLINE:
			on_runline(&ps, l);
			break;
		case K_ELIDED:
			ps.commit.n = 0; /* what was cut may have named another commit */
			break;
		case K_CHATTER:
		case K_TITLE:
		case K_DIVIDER:
		case K_NONE:
		case K__COUNT:
			break;
		}
	}
	return (int)(s->rs->nruns - ps.first_run);
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = {
	"before", "BENCHMARK", "Benchmarks that ", "All benchmarks:", "|", "[", "\xc2", NULL
};

const struct parser asv_parser = {
	.fmt = FMT_ASV,
	.words = start_words,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.claim_state_line = 1,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
