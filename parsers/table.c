/*
 * table.c - tables people and bots type: GitHub pipe tables (with or
 * without the outer pipes), ASCII grids (+---+), box drawing (│ ─ ┼),
 * grids of dashed rules, raw HTML <table>, any of them inside a diff fence
 * (+/- in column 1). One run per figure a cell gives (with the spread
 * beside it, a ± column or "x ± y"), flagged hand-written; approximate
 * and bound figures flagged so.
 *
 * Which way a table reads: columns whose headers name no quantity are the
 * builds (`| Project | Release | PGO |`: rows are subjects), columns that
 * name one are quantities and the first column names the build, unless
 * the first header names subjects (benchmark, test, stage...: then the
 * label above names the build); "run 1 | run 2" columns repeat a run.
 * Derived columns (Δ, %, diff, speedup, p-value) are never read; when
 * they can be recomputed from two builds' figures and disagree beyond the
 * printed digits, a warning says so. What cannot be decided (no unit and
 * no word for one, a decimal mark the text leaves open) reads nothing,
 * with one warning. The FORMATS row is asked after every specific format
 * (`generic`), so a tool whose output is a table keeps it. A report of
 * keys and figures aligned with blanks, with no header ("Total requests
 * 24" of a load tester no parser knows), is read as one run of a tool's
 * figures (read_key_figures()).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/handmetric.h"
#include "parsers/handnum.h"
#include "parsers/label.h"
#include "parsers/metrics.h"
#include "parsers/names.h"
#include "parsers/parser.h"
#include "parsers/resolution.h"
#include "parsers/tablews.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/util.h"

#define MAX_COLS 64

enum kind {
	K_NONE,
	K_ROW,      /* "| a | b |", "+| a |" in a diff, "│ a │ b │" */
	K_DIVIDER,  /* "|---|:--:|", "--- | ---" */
	K_BORDER,   /* "+----+====+", "┏━━┳━━┓", "├──┼──┤" */
	K_RULE,     /* "-------": a grid's rule, only inside a table */
	K_HTML,     /* "<table>", "<tr>", "<td>...</td>" */
	K_ALIGNED,  /* "   32    1.1µs    1.5µs": cells apart by two blanks or more (tablews.h) */
	K__COUNT
};

static const char *const kinds[] = { "none", "row", "divider", "border", "rule", "html", "aligned" };

/* Box drawing (U+2500..U+257F) starts with E2 94 or E2 95. */
static int is_box(const char *s, const char *end)
{
	return end - s >= 3 && (unsigned char)s[0] == 0xe2 && ((unsigned char)s[1] == 0x94 || (unsigned char)s[1] == 0x95);
}

/* A vertical box line: │ ┃ ║. */
static int box_bar(const char *s, const char *end)
{
	return end - s >= 3 && (!memcmp(s, "\xe2\x94\x82", 3) || !memcmp(s, "\xe2\x94\x83", 3) ||
				!memcmp(s, "\xe2\x95\x91", 3));
}

static int only_of(const char *s, const char *end, const char *set)
{
	for (; s < end; s++)
		if (!strchr(set, *s))
			return 0;
	return 1;
}

static int html_tag(const char *s, size_t n)
{
	static const char *const tags[] = { "<table", "</table", "<tr", "</tr", "<td", "</td", "<th", "</th",
					    "<tbody", "</tbody", "<thead", "</thead" };

	for (size_t k = 0; k < countof(tags); k++) {
		size_t t = strlen(tags[k]);

		if (n > t && !strncasecmp(s, tags[k], t) && (s[t] == '>' || s[t] == ' '))
			return 1;
	}
	return 0;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l);
	size_t n = (size_t)(end - s);

	if (!n)
		return K_NONE;
	switch (*s) {
	case '|':
		return only_of(s, end, "|-:+= ") && memchr(s, '-', n) ? K_DIVIDER : K_ROW;
	case '+':
	case '-':
		if ((n >= 2 && s[1] == '|') || (n >= 3 && s[1] == ' ' && s[2] == '|'))
			return K_ROW; /* a diff's row: "+| a |", "- | a |" */
		if (*s == '+' && n >= 3 && (s[1] == '-' || s[1] == '=' || s[1] == '+') && only_of(s, end, "+-=: "))
			return K_BORDER;
		if (*s == '-' && n >= 3 && only_of(s, end, "-:| ") && memchr(s, '|', n))
			return K_DIVIDER; /* "--- | ---" under a header without outer pipes */
		if (*s == '-' && n >= 5 && only_of(s, end, "- "))
			return K_RULE;
		return K_NONE;
	case ':':
		return n >= 3 && only_of(s, end, "-:| ") && memchr(s, '|', n) && memchr(s, '-', n) ? K_DIVIDER : K_NONE;
	case '<':
		return html_tag(s, n) ? K_HTML : K_NONE;
	default:
		if (is_box(s, end))
			return box_bar(s, end) ? K_ROW : K_BORDER;
		return ws_aligned(s, n) ? K_ALIGNED : K_NONE;
	}
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * Tools whose table is as plain as a typed one: X(format, the word its
 * header's first cell holds, a pattern one of its rows matches: the marks
 * of the tool's cells, which a person's table has not). A block of ours
 * with both is the tool's (tool_table(), asked by the segmenter): its
 * parser reads it whole, never as figures typed by hand. A table with the
 * header alone (`| Benchmark | Release | PGO |`) is read here.
 */
#define TOOL_TABLES(X)                                                                             \
	/* pyperf compare_to --table, grid or Markdown: "2.09 us: 1.02x faster", "2.09 us: no  \
	   change", a "Geometric mean" row over "(ref)"; pyperformance's older grid:          \
	   "Significant (t=4.57)", "Not significant". By the words, never the digits: a     \
	   figure garbled in the cell keeps the table pyperf's, which reports it. */          \
	X(FMT_PYPERF, "Benchmark",                                                                 \
	  "\\|[^|]*[^\\s|]:\\s+(?:[^\\s|]+x\\s+(?:faster|slower)(?:\\s+\\([^|()]*%\\))?|no\\s+change)\\s*(?:\\||$)" \
	  "|\\|\\s*(?:Significant\\s+\\(t=[^|]*|Not\\s+significant!?)\\s*(?:\\||$)"                    \
	  "|^\\s*\\|\\s*Geometric\\s+mean\\s*\\|\\s*\\(ref\\)\\s*\\|")

#define TOOL_FMT_(f, head, rx) f,
static const enum fmt tool_fmts[] = { TOOL_TABLES(TOOL_FMT_) };
#undef TOOL_FMT_
#define TOOL_HEAD_(f, head, rx) head,
static const char *const tool_heads[] = { TOOL_TABLES(TOOL_HEAD_) };
#undef TOOL_HEAD_
#define TOOL_RX_(f, head, rx) { "table of " #f, rx, 0 },
static struct rx tool_marks[] = { TOOL_TABLES(TOOL_RX_) };
#undef TOOL_RX_

/* Does header row `l` begin with the cell `head` ("| Benchmark |")? */
static int first_head_is(const struct line *l, const char *head)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l);
	size_t n = strlen(head);

	if (s < end && *s == '|')
		s++;
	else if (box_bar(s, end))
		s += 3;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if ((size_t)(end - s) <= n || memcmp(s, head, n))
		return 0;
	for (s += n; s < end && (*s == ' ' || *s == '\t'); s++)
		;
	return s < end && (*s == '|' || box_bar(s, end));
}

/* struct parser's tool_table: the tool of TOOL_TABLES whose header and marks the block has, or FMT_NONE. */
static enum fmt tool_table(struct rx_thread *rx, const struct line *lines, size_t n)
{
	size_t h = 0;

	while (h < n && classify(&lines[h]) != K_ROW)
		h++;
	for (size_t k = 0; h < n && k < countof(tool_fmts); k++) {
		if (!first_head_is(&lines[h], tool_heads[k]))
			continue;
		for (size_t i = h + 1; i < n; i++)
			if (classify(&lines[i]) == K_ROW && rx_match(rx, &tool_marks[k], lines[i].s, lines[i].len))
				return tool_fmts[k];
	}
	return FMT_NONE;
}

struct claim_state {
	uint8_t bare;  /* a table without outer pipes: rows are any line with a '|' */
	uint8_t html;  /* inside <table> */
	uint8_t ws;    /* aligned with blanks: rows line up under the header's columns (1), keys and figures (2) */
	uint8_t ncols;
	uint32_t last; /* the block's last line so far: a blank line after it ends the table */
	struct ws_span cols[WS_MAX_COLS];
};

static enum claim claim_line(const struct line *l, int in_block, struct claim_state *st);

/*
 * A blank line ends a table typed in Markdown (GitHub's renderer ends it
 * there): a row after one starts a table of its own, so that two tables
 * under one another are not read as one. An HTML table runs to its
 * </table>, blank lines and all.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum claim c;

	if (in_block && !st->html && l->no > st->last + 1) {
		struct claim_state fresh;

		memset(&fresh, 0, sizeof(fresh));
		c = claim_line(l, 0, &fresh);
		if (c == CLAIM_START)
			return CLAIM_START;
		return CLAIM_NONE;
	}
	c = claim_line(l, in_block, st);
	if (c != CLAIM_NONE)
		st->last = l->no;
	return c;
}

static enum claim claim_line(const struct line *l, int in_block, struct claim_state *st)
{
	const char *s = l->s + l->indent;
	enum kind k;

	/*
	 * Most lines asked outside a table are prose no other parser took: a
	 * sentence's end (". : , ;") is no table's first line, told before
	 * the line is read through for the gaps of an aligned header.
	 */
	if (!in_block && l->len > l->indent) {
		size_t e = line_end(l);
		char last = l->s[e - 1];

		if ((last == '.' || last == ':' || last == ',' || last == ';') && !strchr("|+-<", *s) && !is_box(s, l->s + e))
			return CLAIM_NONE;
	}
	k = classify(l);

	if (!in_block) {
		switch (k) {
		case K_ROW:
		case K_BORDER:
			return CLAIM_START;
		case K_DIVIDER:
			if (*s != '|')
				st->bare = 1;
			return CLAIM_START;
		case K_HTML:
			if (l->len - l->indent >= 6 && !strncasecmp(s, "<table", 6)) {
				st->html = 1;
				return CLAIM_START;
			}
			return CLAIM_NONE;
		case K_ALIGNED: {
			int n;

			if (!ws_header(l->s, line_end(l), 0, st->cols, &n)) {
				struct ws_span key, fig;

				/* "Total requests    24": a report's keys and figures, no header */
				if (!ws_key_figure(l->s, line_end(l), 0, &key, &fig))
					return CLAIM_NONE;
				st->ws = 2;
				return CLAIM_START;
			}
			st->ws = 1;
			st->ncols = (uint8_t)n;
			return CLAIM_START;
		}
		default:
			return CLAIM_NONE;
		}
	}
	if (st->ws == 2) {
		struct ws_span key, fig;

		return ws_key_figure(l->s, line_end(l), 1, &key, &fig) ? CLAIM_BODY : CLAIM_NONE;
	}
	if (st->ws)
		return k == K_ALIGNED && ws_row_fits(l->s, line_end(l), st->cols, st->ncols) ? CLAIM_BODY : CLAIM_NONE;
	if (st->html)
		return k == K_HTML ? CLAIM_BODY : CLAIM_NONE;
	if (k == K_HTML || k == K_ALIGNED)
		k = K_NONE; /* an aligned line is no row of a table of pipes */
	if (k == K_HTML)
		return CLAIM_NONE;
	if (k != K_NONE)
		return CLAIM_BODY;
	if (st->bare && memchr(l->s, '|', l->len))
		return CLAIM_BODY;
	return CLAIM_NONE;
}

/* One cell: its text in a line, and where it stands (display columns). */
struct cell {
	const struct line *l; /* NULL: text not in one line (an HTML cell split by tags) */
	const char *s;
	size_t n;
	int x0, x1;
};

struct row {
	const struct line *l;
	struct cell *c;
	int n;
	char mark;    /* a diff's '+' or '-', else 0 */
	int divider;
};

struct grid {
	struct row *rows;
	size_t n, cap;
	int nheader;          /* rows of header at the top */
	uint32_t header_line; /* the line of the (last) header row */
	struct buf above;     /* a header without outer pipes, from the prose line above */
	struct line above_l;
};

static int display_col(const char *from, const char *p)
{
	int c = 0;

	for (; from < p; from++)
		if (((unsigned char)*from & 0xc0) != 0x80)
			c++;
	return c;
}

static void add_cell(struct row *r, const struct line *l, const char *a, const char *b, const char *origin)
{
	struct cell *c;
	int x0 = display_col(origin, a), x1 = display_col(origin, b);

	while (a < b && (*a == ' ' || *a == '\t'))
		a++;
	while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	r->c = realloc(r->c, (size_t)(r->n + 1) * sizeof(*r->c));
	if (!r->c)
		die("out of memory");
	c = &r->c[r->n++];
	c->l = l;
	c->s = a;
	c->n = (size_t)(b - a);
	c->x0 = x0; /* where the cell stands between its separators, blanks included */
	c->x1 = x1;
}

/* The length of a cell separator at p ('|' unescaped, or a box bar), 0 when none. */
static size_t sep_at(const char *p, const char *start, const char *end, int in_code)
{
	if (in_code)
		return 0;
	if (*p == '|' && !(p > start && p[-1] == '\\'))
		return 1;
	return box_bar(p, end) ? 3 : 0;
}

/* Split a row into cells; `outer`: the row has outer separators. */
static void split_row(struct row *r, const struct line *l, const char *s, const char *end, int outer)
{
	const char *origin = s, *cell = s;
	int in_code = 0, any = 0;
	size_t k;

	if (outer) {
		k = sep_at(s, s, end, 0);
		s += k;
		cell = s;
	}
	for (const char *p = s; p < end;) {
		if (*p == '`')
			in_code = !in_code;
		k = sep_at(p, origin, end, in_code);
		if (!k) {
			p++;
			continue;
		}
		/* "||": a double rule, no cell between */
		if (!(p == cell && any))
			add_cell(r, l, cell, p, origin);
		any = 1;
		p += k;
		cell = p;
	}
	if (cell < end) {
		const char *t = cell;

		while (t < end && (*t == ' ' || *t == '\t'))
			t++;
		if (t < end || !outer)
			add_cell(r, l, cell, end, origin);
	}
}

static struct row *new_row(struct grid *g, const struct line *l)
{
	struct row *r;

	ALLOC_GROW(g->rows, g->n + 1, g->cap);
	r = &g->rows[g->n++];
	memset(r, 0, sizeof(*r));
	r->l = l;
	return r;
}

static void grid_release(struct grid *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->rows[i].c);
	free(g->rows);
	buf_release(&g->above);
}

/* HTML: rows from <tr>, cells from <td>/<th>; a cell's text is its one stretch outside tags. */
static void read_html(const struct block *b, struct grid *g)
{
	struct row *r = NULL;
	int in_cell = 0;
	struct cell cur = { 0 };
	int pieces = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *p = l->s, *end = l->s + l->len;

		while (p < end) {
			const char *lt = memchr(p, '<', (size_t)(end - p));
			const char *text_end = lt ? lt : end;

			if (in_cell) {
				const char *a = p, *e = text_end;

				while (a < e && (*a == ' ' || *a == '\t'))
					a++;
				while (e > a && (e[-1] == ' ' || e[-1] == '\t'))
					e--;
				if (e > a) {
					pieces++;
					cur.l = l;
					cur.s = a;
					cur.n = (size_t)(e - a);
				}
			}
			if (!lt)
				break;
			{
				const char *gt = memchr(lt, '>', (size_t)(end - lt));
				size_t tn = gt ? (size_t)(gt - lt) + 1 : (size_t)(end - lt);

				if (tn >= 3 && !strncasecmp(lt, "<tr", 3) && (lt[3] == '>' || lt[3] == ' ')) {
					r = NULL;
				} else if (tn >= 3 && (!strncasecmp(lt, "<td", 3) || !strncasecmp(lt, "<th", 3)) &&
					   (lt[3] == '>' || lt[3] == ' ')) {
					if (!r)
						r = new_row(g, l);
					in_cell = 1;
					pieces = 0;
					memset(&cur, 0, sizeof(cur));
				} else if (tn >= 4 && (!strncasecmp(lt, "</td", 4) || !strncasecmp(lt, "</th", 4))) {
					struct cell *c;

					if (in_cell && r) {
						r->c = realloc(r->c, (size_t)(r->n + 1) * sizeof(*r->c));
						if (!r->c)
							die("out of memory");
						c = &r->c[r->n++];
						*c = cur;
						if (!c->s)
							c->s = ""; /* an empty cell (<td></td>): its text is empty, never NULL */
						if (pieces > 1)
							c->l = NULL; /* split by tags: not one printed stretch */
						c->x0 = c->x1 = r->n - 1;
					}
					in_cell = 0;
				} else if (tn >= 4 && !strncasecmp(lt, "</tr", 4)) {
					r = NULL;
				}
				p = lt + tn;
			}
		}
	}
	/* rows without cells (an empty <tr>) go */
	for (size_t i = 0; i < g->n;) {
		if (!g->rows[i].n) {
			free(g->rows[i].c);
			memmove(&g->rows[i], &g->rows[i + 1], (g->n - i - 1) * sizeof(g->rows[0]));
			g->n--;
		} else {
			i++;
		}
	}
	if (g->n) {
		g->nheader = 1;
		g->header_line = g->rows[0].l->no;
	}
}

/*
 * A cell of an aligned row: span c of line l (NULL: an empty cell), its
 * places made the line's own again (the block cut l->cut of its blanks).
 */
static void aligned_cell(struct row *r, const struct line *l, const struct ws_span *c)
{
	struct cell *x;

	r->c = realloc(r->c, (size_t)(r->n + 1) * sizeof(*r->c));
	if (!r->c)
		die("out of memory");
	x = &r->c[r->n++];
	x->l = l;
	x->s = c ? l->s + c->off : l->s;
	x->n = c ? c->n : 0;
	x->x0 = c ? (int)(c->a + l->cut) : 0;
	x->x1 = c ? (int)(c->b + l->cut) : 0;
}

/* The span c of line l in the line's own places. */
static struct ws_span uncut(struct ws_span c, const struct line *l)
{
	c.a = (uint16_t)(c.a + l->cut);
	c.b = (uint16_t)(c.b + l->cut);
	return c;
}

/*
 * A table aligned with blanks: the header's heads are the columns (a
 * blank one first when the rows' names stand left of every head); each
 * row's cells go under the column they overlap, empty where none does.
 */
static void read_aligned(const struct block *b, struct grid *g)
{
	struct ws_span head[WS_MAX_COLS], cols[WS_MAX_COLS + 1], cell[WS_MAX_COLS + 1];
	int nhead, ncols = 0, blank_first = 0;
	const struct line *h = &b->lines[0];
	struct row *r;

	if (!ws_header(h->s, line_end(h), h->cut, head, &nhead))
		return;
	/* the rows' names left of the first head: a column of its own, its head blank */
	for (uint32_t i = 1; i < b->n && !blank_first; i++) {
		const struct line *l = &b->lines[i];

		blank_first = ws_cells(l->s, line_end(l), cell, WS_MAX_COLS + 1) > 0 &&
			      cell[0].b + l->cut <= head[0].a + h->cut;
	}
	r = new_row(g, h);
	if (blank_first) {
		cols[ncols].a = 0;
		cols[ncols++].b = (uint16_t)(head[0].a + h->cut > 0 ? head[0].a + h->cut - 1 : 0);
		aligned_cell(r, h, NULL);
	}
	for (int k = 0; k < nhead; k++) {
		cols[ncols++] = uncut(head[k], h);
		aligned_cell(r, h, &head[k]);
	}
	g->nheader = 1;
	g->header_line = h->no;
	for (uint32_t i = 1; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		int n = ws_cells(l->s, line_end(l), cell, WS_MAX_COLS + 1), at = 0;
		struct row *row;

		if (!n)
			continue;
		row = new_row(g, l);
		for (int c = 0; c < n; c++) {
			struct ws_span abs = uncut(cell[c], l);
			int col = c == 0 ? 0 : ws_column_of(&abs, cols, ncols);

			if (col < at)
				continue; /* two cells under one head: the row's claim let none through */
			while (at < col)
				aligned_cell(row, l, NULL), at++;
			aligned_cell(row, l, &cell[c]);
			at++;
		}
	}
}

/* Pipe tables, grids and boxes: rows, dividers, the header above the first divider. */
static void read_lines(const struct block *b, struct grid *g)
{
	int content = 0, bare = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *s = l->s + l->indent, *end = l->s + line_end(l);
		enum kind k = classify(l);
		struct row *r;

		if (s == end)
			continue;
		if (k == K_DIVIDER && i == 0 && *s != '|')
			bare = 1;
		if (k == K_DIVIDER || k == K_BORDER || k == K_RULE) {
			if (content && !g->nheader) {
				g->nheader = (int)g->n;
				g->header_line = g->rows[g->n - 1].l->no;
			}
			continue;
		}
		r = new_row(g, l);
		if ((*s == '+' || *s == '-') && end - s > 1 && (s[1] == '|' || (s[1] == ' ' && end - s > 2 && s[2] == '|'))) {
			r->mark = *s++;
			while (*s == ' ')
				s++;
		}
		split_row(r, l, s, end, !bare && (*s == '|' || box_bar(s, end)));
		content = 1;
	}
	if (bare && b->above) {
		/* the header is the prose line above the divider */
		struct row *r;

		buf_adds(&g->above, b->above);
		memset(&g->above_l, 0, sizeof(g->above_l));
		g->above_l.s = g->above.s;
		g->above_l.len = (uint32_t)g->above.len;
		g->above_l.no = b->above_line;
		ALLOC_GROW(g->rows, g->n + 1, g->cap);
		memmove(&g->rows[1], &g->rows[0], g->n * sizeof(g->rows[0]));
		g->n++;
		r = &g->rows[0];
		memset(r, 0, sizeof(*r));
		r->l = NULL;
		split_row(r, NULL, g->above.s, g->above.s + g->above.len, 0);
		g->nheader = 1;
		g->header_line = b->above_line;
	}
}

/* What a column holds. */
enum col_kind {
	C_NAME,    /* the row's name (the first column) */
	C_VALUE,   /* figures */
	C_SPREAD,  /* the spread of the value column `of` */
	C_DERIVED, /* Δ, %, speedup, p-value: never read */
	C_TEXT,    /* words only (notes) */
};

struct column {
	enum col_kind kind;
	struct buf head;     /* its header, group and sub-header joined by " " */
	const char *sub;     /* the sub-header alone (under a group), else the header */
	size_t sub_n;
	const char *group;   /* the group header over it, or NULL */
	size_t group_n;
	int of;              /* C_SPREAD: the column it spreads */
	int names_quantity;  /* its own header names a quantity (or a unit) */
	int unit_only;       /* its header is words that name no quantity, and a unit ("main (s)") */
	int group_quantity;  /* the group over it does */
	int repeat;          /* "run 2" */
	int ratio;           /* C_DERIVED: "before/after", the ratio of two value columns */
	int figures;         /* cells that read as figures */
};

/* Strip **bold**, `code`, _emphasis_ and a trailing footnote mark around a cell's text. */
static void unwrap(const char **s, size_t *n)
{
	int again = 1;

	while (again && *n >= 2) {
		const char *p = *s;
		size_t k = *n;

		again = 0;
		if (k >= 4 && p[0] == '*' && p[1] == '*' && p[k - 1] == '*' && p[k - 2] == '*')
			*s += 2, *n -= 4, again = 1;
		else if ((p[0] == '`' && p[k - 1] == '`') || (p[0] == '_' && p[k - 1] == '_') ||
			 (p[0] == '*' && p[k - 1] == '*'))
			*s += 1, *n -= 2, again = 1;
		while (*n && (**s == ' ')) (*s)++, (*n)--;
		while (*n && (*s)[*n - 1] == ' ') (*n)--;
	}
}

/* An empty cell: "", "-", "—", "–", "n/a", "N/A", "?", "x" marks nothing was measured. */
static int empty_cell(const char *s, size_t n)
{
	static const char *const words[] = { "-", "\xe2\x80\x94", "\xe2\x80\x93", "n/a", "N/A", "NA", "?", "--",
					     "none", "N.A." };

	if (!n)
		return 1;
	for (size_t k = 0; k < countof(words); k++)
		if (strlen(words[k]) == n && !memcmp(words[k], s, n))
			return 1;
	return 0;
}

/*
 * Bots whose tables say less than they mean: X(words their line above
 * the table starts with, quantity, unit of a figure printed bare). Their
 * columns are read as any table's; this gives the bare figures a unit.
 */
#define BOT_SHAPES(X)                                                                              \
	/* apache/gluten's GlutenPerfBot: TPC-H query times in seconds, per build's CSV file */      \
	X("===== Performance report for TPCH", "time", "s")

struct bot_shape {
	const char *above, *quantity, *unit;
};

#define BOT_ROW_(a, q, u) { a, q, u },
static const struct bot_shape bot_shapes[] = { BOT_SHAPES(BOT_ROW_) };
#undef BOT_ROW_

/*
 * Tools whose tables print KB, MB and GB for 1024, 1024² and 1024³ bytes:
 * X(the first header's cell, the last header's cell). GNU ld's
 * --print-memory-usage prints a size in KB only when it is a multiple of
 * 1024 ("Memory region  Used Size  Region Size  %age Used").
 */
#define BINARY_KB_TABLES(X) X("Memory region", "%age Used")

struct binary_kb_table {
	const char *first, *last;
};

#define BINARY_KB_ROW_(f, l) { f, l },
static const struct binary_kb_table binary_kb_tables[] = { BINARY_KB_TABLES(BINARY_KB_ROW_) };
#undef BINARY_KB_ROW_

struct tctx {
	const struct block *b;
	struct sink *s;
	struct grid g;
	struct column col[MAX_COLS];
	int ncols;
	int rows_are_builds;  /* the first column names the build */
	int build_col;        /* a later column of words under a kind of build ("| node | allocator |"), or 0 */
	int cols_are_builds;  /* value columns name builds */
	int rows_say_metric;  /* the first header says its rows name a metric after a comma */
	int corner;           /* the first header is empty: a grid of two kinds of build, maybe */
	enum num_mark mark;
	const struct bot_shape *bot; /* the bot that posted it, or NULL */
	int binary_kb;               /* a tool's table whose KB is 1024 bytes (BINARY_KB_TABLES) */
};

/* Header text of column c from the header rows (a group spans the columns under it). */
static void column_heads(struct tctx *t)
{
	struct grid *g = &t->g;

	for (int c = 0; c < t->ncols; c++) {
		struct column *cl = &t->col[c];
		const struct row *last = g->nheader ? &g->rows[g->nheader - 1] : NULL;

		memset(cl, 0, sizeof(*cl));
		cl->of = -1;
		if (!last)
			continue;
		if (g->nheader >= 2 && last->n == t->ncols) {
			/* a group header above: the cell whose columns hold this one's */
			const struct row *top = &g->rows[g->nheader - 2];
			const struct cell *sub = &last->c[c];

			for (int k = 0; k < top->n; k++)
				if (top->c[k].x0 <= sub->x1 && top->c[k].x1 >= sub->x0 && top->c[k].n) {
					cl->group = top->c[k].s;
					cl->group_n = top->c[k].n;
					break;
				}
		}
		if (c < last->n) {
			cl->sub = last->c[c].s;
			cl->sub_n = last->c[c].n;
			unwrap(&cl->sub, &cl->sub_n);
		}
		if (cl->group) {
			buf_add(&cl->head, cl->group, cl->group_n);
			buf_addc(&cl->head, ' ');
		}
		buf_add(&cl->head, cl->sub ? cl->sub : "", cl->sub ? cl->sub_n : 0);
	}
}

/* Is the table one of BINARY_KB_TABLES, by its header's first and last cells? */
static int binary_kb_table(const struct tctx *t)
{
	const struct column *first = &t->col[0], *last = &t->col[t->ncols - 1];

	for (size_t k = 0; k < countof(binary_kb_tables); k++)
		if (first->sub && last->sub && first->sub_n == strlen(binary_kb_tables[k].first) &&
		    last->sub_n == strlen(binary_kb_tables[k].last) &&
		    !memcmp(first->sub, binary_kb_tables[k].first, first->sub_n) &&
		    !memcmp(last->sub, binary_kb_tables[k].last, last->sub_n))
			return 1;
	return 0;
}

/*
 * A size read from a cell ending at `end` in "KB", "MB" or "GB" (powers
 * of 1000 to units.c) made powers of 1024, for a tool that means them so.
 */
static void binary_kb(struct handnum *h, const char *end)
{
	static const char prefix[] = "KMG";
	const char *p = h->num + h->num_len, *k;

	while (p < end && *p == ' ')
		p++;
	if (h->unit != UNIT_BYTE || end - p < 2 || p[1] != 'B' || !(k = memchr(prefix, p[0], 3)))
		return;
	for (const char *q = prefix; q <= k; q++)
		h->value = h->value / 1000 * 1024; /* (exact for the whole numbers such tools print) */
}

/* The figure of row r, column c; 0, or HANDNUM_* (and nothing set) otherwise. */
static int cell_figure(struct tctx *t, const struct row *r, int c, const char *unit, size_t unit_len, int size,
		       struct handnum *h)
{
	struct handnum_ctx ctx = { t->mark, unit, unit_len, size };
	const char *s;
	size_t n;

	if (c >= r->n)
		return HANDNUM_NONE;
	s = r->c[c].s;
	n = r->c[c].n;
	unwrap(&s, &n);
	if (empty_cell(s, n))
		return 1;
	return handnum_read(s, n, &ctx, h);
}

/*
 * Why cell s[0..n), which has digits, gives no figure, in words for the
 * user, written to out[0..size): two figures joined by '/' ("53129.6250/
 * 620.02" under "avg/stddev"), a number and a word that is no unit we
 * know ("12 furlongs"), or digits that are not one number ("1.2.3",
 * "0.00O281").
 */
static void cell_trouble(const char *s, size_t n, char *out, size_t size)
{
	const char *e = s + n, *p, *slash;

	while (s < e && (*s == ' ' || *s == '*' || *s == '`' || *s == '~'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '*' || e[-1] == '`'))
		e--;
	slash = memchr(s, '/', (size_t)(e - s));
	if (slash && slash > s && slash + 1 < e && char_is_digit(slash[-1]) && char_is_digit(slash[1]) &&
	    char_is_digit(*s)) {
		snprintf(out, size, "holds two figures joined by '/'; a cell is read as one figure");
		return;
	}
	for (p = s; p < e && (char_is_digit(*p) || *p == '.' || *p == ',' || *p == '+' || *p == '-'); p++)
		;
	if (p > s && p < e && *p == ' ') {
		const char *w = p + 1, *we = w;

		while (we < e && *we != ' ')
			we++;
		if (we > w && ((*w | 0x20) >= 'a' && (*w | 0x20) <= 'z')) {
			snprintf(out, size, "is in \"%.*s\", a unit benchdelta does not know", (int)(we - w), w);
			return;
		}
	}
	snprintf(out, size, "does not read as one number (a mistyped digit?)");
}

/* The unit a column's header gives (its own words, else its group's), or 0. */
static int column_unit(const struct column *cl, const char **u, size_t *un)
{
	if (cl->sub && handnum_header_unit(cl->sub, cl->sub_n, u, un))
		return 1;
	return cl->group && handnum_header_unit(cl->group, cl->group_n, u, un);
}

/* Does the column's header name a quantity (a phrase of handmetric.c, a unit, a derived or repeat word)? */
static void classify_columns(struct tctx *t)
{
	for (int c = 0; c < t->ncols; c++) {
		struct column *cl = &t->col[c];
		const char *q, *u;
		size_t un;
		enum stat_kind st;
		struct buf own = BUF_INIT;

		cl->kind = c == 0 ? C_NAME : C_VALUE;
		if (c == 0)
			continue;
		if ((cl->sub && hand_derived(cl->sub, cl->sub_n)) || (!cl->sub_n && cl->group && hand_derived(cl->group, cl->group_n))) {
			cl->kind = C_DERIVED;
			continue;
		}
		if (cl->sub && hand_repeat(cl->sub, cl->sub_n)) {
			cl->repeat = 1;
			continue;
		}
		if (cl->sub && hand_quantity(cl->sub, cl->sub_n, &q, &st, &own))
			cl->names_quantity = 1;
		if (!cl->names_quantity && cl->sub && own.len) {
			/* "Start RSS", "Wheel Size": a quantity's word last, and no build before it ("Old Size" is a build's) */
			const char *sp = strrchr(own.s, '_');
			const char *q2;
			enum stat_kind s2;

			if (sp && hand_quantity(sp + 1, strlen(sp + 1), &q2, &s2, NULL) &&
			    !label_names_build(own.s, (size_t)(sp - own.s)))
				cl->names_quantity = 1;
		}
		if (!cl->names_quantity && cl->sub && handnum_header_unit(cl->sub, cl->sub_n, &u, &un)) {
			/*
			 * A unit and words that name no quantity: "(ms)" and "Parse (ms)"
			 * name one, "main (s)" is a build's figures in seconds; so are
			 * "PR (s)" and the like when every value column is of that kind
			 * (read_table()).
			 */
			if (!own.len || !label_names_build(own.s, own.len))
				cl->names_quantity = 1;
			cl->unit_only = own.len > 0;
		}
		if (cl->sub && (st == STAT_SD || (st != STAT_MEAN && st != STAT_MEDIAN && text_find(cl->sub, cl->sub_n, "\xc2\xb1")))) {
			/* "±σ (ms)": the spread of the column before it that shares its words */
			for (int k = c - 1; k > 0; k--)
				if (t->col[k].kind == C_VALUE) {
					cl->kind = C_SPREAD;
					cl->of = k;
					break;
				}
		}
		if (cl->group && (hand_quantity(cl->group, cl->group_n, &q, &st, NULL) ||
				  handnum_header_unit(cl->group, cl->group_n, &u, &un)))
			cl->group_quantity = 1;
		buf_release(&own);
	}
}

/*
 * A figure printed without a unit: what its quantity's METRICS row says
 * it is in (metric_bare_unit()), or a count for a whole number of a quantity
 * no row names. 0 when that cannot be told (a time or a resident size
 * without its unit).
 */
static int metric_unit_fixed(const char *quantity, struct handnum *h)
{
	const struct metric_def *m = metric_lookup(quantity);
	int whole = h->value == floor(h->value);

	if (metric_bare_unit(m) != UNIT_NONE) {
		/* a rate's row ("qps", "ops_per_sec") is per second by its name */
		h->unit = metric_bare_unit(m);
		return 1;
	}
	if (!m && whole && h->unit == UNIT_NONE) {
		h->unit = UNIT_COUNT;
		return 1;
	}
	return h->unit == UNIT_COUNT;
}

/*
 * The quantity and statistic of a value: its column's words, else the
 * row's, else its unit (the spelling it was written in, the figure's own
 * after its digits or else the header's `hu`: Hz is a frequency). `end`
 * ends the cell h was read from.
 */
static const char *quantity_of(struct tctx *t, const char *words, size_t n, const struct handnum *h,
			       const char *end, const char *hu, size_t hun, enum stat_kind *st, struct buf *own)
{
	enum unit u = h->unit;
	const char *q = NULL, *p = h->num ? h->num + h->num_len : NULL;

	*st = STAT_VALUE;
	if (words && n && hand_quantity(words, n, &q, st, own))
		return q;
	if (own->len) {
		/* a name of its own: "wasm_size", "start_rss", "benchmark_time" */
		return sink_strndup(t->s, own->s, own->len);
	}
	if (t->bot)
		return t->bot->quantity;
	if (p && end && (q = hand_quantity_after(p, end)) != NULL)
		return q;
	if (hu && (q = hand_quantity_of_spelling(hu, hun)) != NULL)
		return q;
	return hand_quantity_of_unit(u);
}

/*
 * "Old Size", "PGO time": a build's column that also names its quantity.
 * The build is the words before it; *quantity becomes the last word's
 * when it names one and none was named otherwise.
 */
static const char *build_of(struct tctx *t, const char *v, const char **quantity, enum stat_kind *st, enum unit u)
{
	const char *sp = v ? strrchr(v, ' ') : NULL, *q, *open = v ? strrchr(v, '(') : NULL;
	enum stat_kind s2;
	size_t n = v ? strlen(v) : 0;

	if (open && open > v && n && v[n - 1] == ')') {
		/* "ReleaseFast Time (mean ± σ)": statistics' words in brackets say no build */
		struct buf own = BUF_INIT;

		if (!hand_quantity(open + 1, (size_t)(v + n - 1 - open - 1), &q, &s2, &own) && !own.len && s2 != STAT_VALUE) {
			while (open > v && open[-1] == ' ')
				open--;
			v = sink_strndup(t->s, v, (size_t)(open - v));
			sp = strrchr(v, ' ');
		}
		buf_release(&own);
	}
	if (!sp || sp == v)
		return v;
	if (!hand_quantity(sp + 1, strlen(sp + 1), &q, &s2, NULL))
		return v;
	if (metric_lookup(q) && metric_lookup(q)->unit != UNIT_ANY && metric_lookup(q)->unit != u)
		return v;
	if (*quantity && !strcmp(*quantity, hand_quantity_of_unit(u) ? hand_quantity_of_unit(u) : ""))
		*quantity = q, *st = s2;
	return sink_strndup(t->s, v, (size_t)(sp - v));
}

/* A build's name as the author wrote it, without emphasis or code marks. */
static const char *name_text(struct tctx *t, const char *s, size_t n)
{
	char *out, *o;

	unwrap(&s, &n);
	out = (char *)sink_strndup(t->s, s, n);
	o = out;
	for (const char *p = out; *p; p++)
		if (*p != '`' && !(*p == '\\' && p[1] == '|'))
			*o++ = *p;
	*o = '\0';
	return out;
}

static int is_size_quantity(const char *q)
{
	size_t n = q ? strlen(q) : 0;

	return n >= 4 && (!strcmp(q, "file_size") || strstr(q, "size") || !strcmp(q, "max_rss") ||
			  !strcmp(q, "avg_rss") || (n >= 3 && !strcmp(q + n - 3, "rss")));
}

/*
 * Emit one figure: a run of its own (its spread beside it), named by
 * `variant` (from the header when `from_header`), about `subject`.
 */
static void emit(struct tctx *t, const struct row *r, int c, const struct handnum *h, const char *quantity,
		 enum stat_kind st, const char *variant, int from_header, const char *subject, const struct handnum *sp)
{
	struct sink_txn txn = { 0 };
	const struct cell *cl = &r->c[c];
	/* an HTML cell on a line of its own is its run's line; the row's name is on another */
	const struct line *at = cl->l && cl->l->no > r->l->no ? cl->l : r->l;
	uint32_t run = sink_txn_begin(t->s, &txn, at);
	struct run *rr = &t->s->rs->runs[run];
	enum unit u = h->unit == UNIT_NONE ? UNIT_COUNT : h->unit;

	if (variant && *variant) {
		uint32_t named = from_header ? t->g.header_line : r->c[0].l ? r->c[0].l->no : r->l->no;
		size_t vn = strlen(variant), stem = label_repetition_stem(variant, vn);

		if (stem < vn) /* "glibc run 2": a repetition of build "glibc" */
			variant = sink_strndup(t->s, variant, stem);

		rr->variant.text = variant;
		rr->variant.origin = VO_LABEL;
		if (named && named != at->no)
			rr->name_line = named;
	}
	rr->subject = subject ? subject : "";
	rr->flags |= RUN_HAND;
	if (h->flags & HN_APPROX)
		rr->flags |= RUN_APPROX;
	if (h->flags & HN_UPPER)
		rr->flags |= RUN_UPPER;
	if (h->flags & HN_LOWER)
		rr->flags |= RUN_LOWER;
	if (cl->l)
		sink_run_end(t->s, run, cl->l);
	sink_measure(t->s, run, quantity, st, u, h->value, 0, cl->l, cl->l ? h->num : NULL, cl->l ? h->num_len : 0);
	if (h->has_spread)
		sink_measure(t->s, run, quantity, STAT_SD, u, h->spread, 0, cl->l, cl->l ? h->spread_num : NULL,
			     cl->l ? h->spread_len : 0);
	else if (sp && sp->unit == h->unit)
		sink_measure(t->s, run, quantity, STAT_SD, u, sp->value, 0, sp->num ? r->l : NULL, sp->num,
			     sp->num_len);
	else if (sp && sp->unit == UNIT_PERCENT) /* "stddev (%)": the spread relative to the figure */
		sink_measure(t->s, run, quantity, STAT_REL_SD, UNIT_PERCENT, sp->value, 0, sp->num ? r->l : NULL,
			     sp->num, sp->num_len);
	if (h->flags & (HN_UPPER | HN_LOWER))
		sink_note(t->s, run, NOTE_INFO, r->l, "%s bound written by hand in a table, not a tool's output",
			  h->flags & HN_UPPER ? "an upper" : "a lower");
	else
		sink_note(t->s, run, NOTE_INFO, r->l, "%s written by hand in a table, not a tool's output",
			  h->flags & HN_APPROX ? "an approximate figure" : "a figure");
	sink_txn_finish(t->s, &txn, r->l, NULL);
}

/*
 * The number a figure was printed as, before its unit ("2.26" of 2.26 ms
 * under "Avg Latency (ms)"); NAN when its digits hold a comma.
 */
static double shown_value(const struct handnum *h)
{
	char b[64];
	size_t k = 0;

	if (!h->num || memchr(h->num, ',', h->num_len))
		return NAN;
	for (size_t i = 0; i < h->num_len && k + 1 < sizeof(b); i++)
		if (h->num[i] != '_' && h->num[i] != ' ')
			b[k++] = h->num[i];
	b[k] = '\0';
	return k ? strtod(b, NULL) : NAN;
}

/*
 * A derived column that two builds' figures recompute, checked against
 * what it prints; `shown` holds the figures as printed (a bare difference
 * is in the unit the figures were printed in).
 */
static void check_derived(struct tctx *t, const struct row *r, int c, const double *v, const double *shown,
			  const double *res, int nv)
{
	struct handnum h;
	struct handnum_ctx ctx = { t->mark, NULL, 0, 0 };
	const char *s;
	size_t n;
	double a, b, p, tol, cand[6];
	int ncand = 0, ok = 0;

	if (nv != 2 || c >= r->n || !(v[0] > 0) || !(v[1] > 0))
		return;
	s = r->c[c].s;
	n = r->c[c].n;
	unwrap(&s, &n);
	if (empty_cell(s, n) || handnum_read(s, n, &ctx, &h) < 0)
		return;
	if (t->col[c].ratio && h.unit == UNIT_NONE)
		h.flags |= HN_RATIO; /* "1.05" under "before/after" */
	a = v[0], b = v[1];
	p = h.value;
	/* half a unit of the last printed digit */
	{
		const char *dot = memchr(h.num, '.', h.num_len);
		size_t dec = dot ? h.num_len - (size_t)(dot - h.num) - 1 : 0;

		tol = 0.5 * pow(10, -(double)dec);
	}
	if (h.unit == UNIT_PERCENT) {
		cand[ncand++] = (b - a) / a * 100;
		cand[ncand++] = (a - b) / a * 100;
		cand[ncand++] = b / a * 100;
		tol += 100 * (res[0] / a + res[1] / b) * (b / a + 1);
	} else if (h.flags & HN_RATIO) {
		cand[ncand++] = a / b;
		cand[ncand++] = b / a;
		tol += (a / b) * (res[0] / a + res[1] / b) * 2;
	} else if (h.unit == UNIT_NONE || h.unit == UNIT_COUNT) {
		cand[ncand++] = b - a;
		cand[ncand++] = a - b;
		if (h.unit == UNIT_NONE && isfinite(shown[0]) && isfinite(shown[1]) && shown[0] > 0 &&
		    fabs(shown[0] - a) > 1e-12 * a) {
			/* "2.26 | 2.36 | -0.10" under "(ms)": the difference in the printed unit */
			cand[ncand++] = shown[1] - shown[0];
			cand[ncand++] = shown[0] - shown[1];
			tol += (res[0] + res[1]) * shown[0] / a;
		}
		tol += res[0] + res[1];
	} else {
		return;
	}
	for (int k = 0; k < ncand; k++) {
		ok |= fabs(cand[k] - p) <= tol * 1.0001 + 1e-12;
		if (fabs(cand[k] - p) < fabs(cand[0] - p))
			cand[0] = cand[k]; /* the reading nearest what is printed, to show */
	}
	if (!ok)
		sink_warn(t->s, r->l, "derived column \"%.*s\" disagrees with the figures beside it: %.*s printed, "
			  "%.4g%s recomputed", (int)t->col[c].head.len, t->col[c].head.s, (int)n, s, cand[0],
			  h.unit == UNIT_PERCENT ? "%" : h.flags & HN_RATIO ? "x" : "");
}

/* Half a unit of the last printed digit of the figure h read from cell cl, in SI (resolution.h); 0 unknown. */
static double resolution_of(const struct cell *cl, const struct handnum *h)
{
	double r;

	if (!cl->l || !h->num || h->num < cl->l->s || h->num >= cl->l->s + cl->l->len)
		return 0;
	r = printed_resolution(cl->l->s, cl->l->len, (uint64_t)(h->num - cl->l->s), (uint32_t)h->num_len, h->value);
	return isnan(r) ? 0 : r;
}

/* Is every value column's header words and one unit, the same ("main (s)", "PR (s)")? */
static int same_unit_builds(const struct tctx *t)
{
	const char *u0 = NULL, *u;
	size_t n0 = 0, un;

	for (int c = 1; c < t->ncols; c++) {
		const struct column *cl = &t->col[c];

		if (cl->kind != C_VALUE)
			continue;
		if (!cl->unit_only || !handnum_header_unit(cl->sub, cl->sub_n, &u, &un))
			return 0;
		if (u0 && (un != n0 || memcmp(u, u0, un)))
			return 0;
		u0 = u, n0 = un;
	}
	return u0 != NULL;
}

/* The length of header s[0..n) without a unit in brackets at its end ("main (s)" is "main"). */
static size_t without_unit(const char *s, size_t n)
{
	const char *u;
	size_t un, k;

	if (!handnum_header_unit(s, n, &u, &un) || u == s)
		return n;
	for (k = (size_t)(u - s); k > 0 && s[k - 1] != '(' && s[k - 1] != '['; k--)
		;
	if (!k)
		return n;
	for (k--; k > 0 && s[k - 1] == ' '; k--)
		;
	return k ? k : n;
}

/*
 * "before/after" over a column of ratios (yjit-bench's): the names of two
 * value columns ("before (ms)", "after (ms)") joined by '/' head a
 * derived column, never figures.
 */
static void ratio_columns(struct tctx *t)
{
	for (int c = 1; c < t->ncols; c++) {
		struct column *cl = &t->col[c];
		const char *sl = cl->sub ? memchr(cl->sub, '/', cl->sub_n) : NULL;
		size_t an, bn;
		int a = 0, b = 0;

		if (cl->kind != C_VALUE || !sl)
			continue;
		an = (size_t)(sl - cl->sub);
		bn = cl->sub_n - an - 1;
		for (int k = 1; an && bn && k < t->ncols; k++) {
			const struct column *o = &t->col[k];
			size_t on;

			if (k == c || o->kind != C_VALUE || !o->sub)
				continue;
			on = without_unit(o->sub, o->sub_n);
			a |= on == an && !strncasecmp(o->sub, cl->sub, an);
			b |= on == bn && !strncasecmp(o->sub, sl + 1, bn);
		}
		if (a && b)
			cl->kind = C_DERIVED, cl->ratio = 1;
	}
}

/* Do the words s[0..n) name a quantity of handmetric.c's phrases ("Binary Size"; "b" is no such)? */
static int names_phrase(const char *s, size_t n)
{
	const char *q;
	enum stat_kind st;

	return hand_quantity(s, n, &q, &st, NULL);
}

/* Do the words s[0..n) name a quantity (a phrase of handmetric.c) or a unit ("iterations/s")? */
static int names_quantity(const char *s, size_t n)
{
	const char *q, *u;
	size_t un;
	enum stat_kind st;

	return hand_quantity(s, n, &q, &st, NULL) || handnum_header_unit(s, n, &u, &un);
}

/* The name of a row (its first cell, emphasis and code marks aside), compared. */
static int same_name(const struct row *a, const struct row *b)
{
	const char *x, *y;
	size_t m, n;

	if (!a->n || !b->n)
		return 0;
	x = a->c[0].s, m = a->c[0].n, y = b->c[0].s, n = b->c[0].n;
	unwrap(&x, &m);
	unwrap(&y, &n);
	return m == n && m && !memcmp(x, y, m);
}

/*
 * Is row i of a diff fence marked '-' or '+', with a row of the same name
 * marked the other way (its old and new figures)? Rows marked alone (a
 * comparison script colouring its changes) are not.
 */
static int diff_paired(const struct grid *g, size_t i, int first_data)
{
	const struct row *r = &g->rows[i];

	if (r->mark != '-' && r->mark != '+')
		return 0;
	for (size_t k = (size_t)first_data; k < g->n; k++)
		if (k != i && g->rows[k].mark && g->rows[k].mark != r->mark && same_name(r, &g->rows[k]))
			return 1;
	return 0;
}

/* Does a figure in unit u fit quantity q's METRICS row (a row of any unit, or none, takes any)? */
static int unit_fits(const char *q, enum unit u)
{
	const struct metric_def *m = metric_lookup(q);

	return !m || m->unit == UNIT_ANY || u == UNIT_NONE || m->unit == u;
}

/* A figure a row's cell gave, emitted once the whole row read. */
struct pending {
	int c;
	struct handnum h, sp;
	int has_sp;
	const char *quantity, *variant;
	const char *subject; /* a build's row: what its column's words say it was measured on, or NULL */
	enum stat_kind st;
};

static int has_digit(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (char_is_digit(s[i]))
			return 1;
	return 0;
}

/*
 * In a table of builds as rows, a head whose words before its last name
 * a build ("Release Build" in a row of "GCC"): when the last word names a
 * quantity whose unit the figure has, that is the quantity and the words
 * before it what the row's build was measured on (pd->subject: "Release"
 * and build_time). Returns the quantity to use (`own` when not: "Start
 * RSS" and "wasm size" stay quantities of their own).
 */
static const char *head_subject(struct tctx *t, const struct column *cl, const char *own, struct pending *pd)
{
	const char *h = cl->head.s, *sp, *q;
	size_t n = without_unit(h, cl->head.len);
	enum stat_kind st;

	while (n && h[n - 1] == ' ')
		n--;
	for (sp = h + n; sp > h && sp[-1] != ' '; sp--)
		;
	/* the words before name a build ("Start RSS", "wasm size" are quantities of their own) */
	if (sp == h || !label_names_build(h, (size_t)(sp - h)) ||
	    !hand_quantity(sp, (size_t)(h + n - sp), &q, &st, NULL) || st != STAT_VALUE || !metric_lookup(q) ||
	    metric_lookup(q)->unit != pd->h.unit)
		return own;
	pd->subject = name_text(t, h, (size_t)(sp - 1 - h));
	return q;
}

static int read_table(struct tctx *t)
{
	struct grid *g = &t->g;
	int first_data = g->nheader, emitted = 0, undecided = 0, ambiguous = 0;
	struct buf own = BUF_INIT, why = BUF_INIT;
	const struct line *where = t->b->n ? &t->b->lines[0] : NULL;
	struct pending pend[MAX_COLS];
	int npend;
	const struct cell *garbled;

	t->ncols = 0;
	for (size_t i = (size_t)first_data; i < g->n; i++)
		if (g->rows[i].n > t->ncols)
			t->ncols = g->rows[i].n;
	if (t->ncols > MAX_COLS)
		t->ncols = MAX_COLS;
	if (t->ncols < 2 || (size_t)first_data >= g->n)
		return 0;
	column_heads(t);
	t->binary_kb = binary_kb_table(t);
	classify_columns(t);
	ratio_columns(t);
	{
		int values = 0, named = 0, repeats = 0, heads_build = 0;
		const char *first_head = t->col[0].sub_n ? t->col[0].sub : t->col[0].group;
		size_t first_n = t->col[0].sub_n ? t->col[0].sub_n : t->col[0].group_n;

		if (!first_n && g->nheader >= 2 && g->rows[0].n) {
			first_head = g->rows[0].c[0].s;
			first_n = g->rows[0].c[0].n;
		}

		for (int c = 1; c < t->ncols; c++) {
			if (t->col[c].kind != C_VALUE)
				continue;
			values++;
			named += t->col[c].names_quantity;
			repeats += t->col[c].repeat;
			heads_build += t->col[c].sub && label_names_build(t->col[c].sub, t->col[c].sub_n);
		}
		if (values >= 2 && same_unit_builds(t))
			named = 0; /* "main (s) | PR (s)": builds, in one unit */
		if (!values) {
			buf_release(&own);
			return 0;
		}
		/* "Workload / metric": a row's name is "workload, metric" */
		t->rows_say_metric = first_head && text_contains_nocase(first_head, first_n, "metric");
		t->corner = !first_n;
		if (repeats)
			t->cols_are_builds = 0, t->rows_are_builds = 0;
		else if (first_head && (hand_build_header(first_head, first_n) || hand_named_build_header(first_head, first_n)) &&
			 (hand_build_kind_header(first_head, first_n) || !(heads_build == values && !named)))
			/*
			 * "| Build | Startup |": the rows are the builds, unless the heads
			 * name builds; a kind of build ("| Compiler | Release Build |")
			 * makes the rows builds and the heads what each was measured on
			 */
			t->rows_are_builds = 1;
		else if (!named)
			t->cols_are_builds = 1;
		else
			t->rows_are_builds = !(first_head && hand_subject_header(first_head, first_n));
	}
	/* columns of words alone (notes) are no figures */
	for (int c = 1; c < t->ncols; c++) {
		struct column *cl = &t->col[c];

		if (cl->kind != C_VALUE && cl->kind != C_SPREAD)
			continue;
		for (size_t i = (size_t)first_data; i < g->n; i++) {
			struct handnum h;
			const char *u = NULL;
			size_t un = 0;
			int rc;

			column_unit(cl, &u, &un);
			rc = cell_figure(t, &g->rows[i], c, u, un, 1, &h);
			if (rc == 0)
				cl->figures++;
			else if (rc == HANDNUM_AMBIGUOUS)
				ambiguous++;
		}
		if (!cl->figures && !ambiguous)
			cl->kind = C_TEXT;
	}
	/*
	 * "| node | allocator | RSS |": a column of words under a kind of build
	 * names each row's build; the first column then names the benchmark
	 * when its header says so, and is left out when not (a host, a replica)
	 */
	t->build_col = 0;
	for (int c = 1; c < t->ncols && !t->build_col; c++)
		if (t->col[c].kind == C_TEXT && t->col[c].sub && t->col[0].sub &&
		    hand_build_kind_header(t->col[c].sub, t->col[c].sub_n) &&
		    !hand_build_header(t->col[0].sub, t->col[0].sub_n))
			t->build_col = c;
	if (t->build_col)
		t->rows_are_builds = 1, t->cols_are_builds = 0;
	if (ambiguous) {
		sink_warn(t->s, where, "table: %d figure%s read%s one way with a decimal comma and another with a "
			  "decimal point, and the text does not say which it uses (%s); nothing read",
			  ambiguous, ambiguous == 1 ? "" : "s", ambiguous == 1 ? "s" : "", num_mark_name(t->mark));
		buf_release(&own);
		return 0;
	}
	for (size_t i = (size_t)first_data; i < g->n; i++) {
		const struct row *r = &g->rows[i];
		double vals[2], shown[2], res[2];
		int nv = 0;
		const char *rowname = r->n ? name_text(t, r->c[0].s, r->c[0].n) : "";
		const char *row_unit = NULL, *subject = NULL, *metric_words = NULL, *row_build = NULL;
		size_t row_unit_n = 0, metric_n = 0;

		if (!r->n || r->divider)
			continue;
		/* "simbench, iterations/s", "binary size (bytes)": a row's metric and unit */
		if (t->cols_are_builds) {
			const char *comma = strchr(rowname, ',');

			handnum_header_unit(rowname, strlen(rowname), &row_unit, &row_unit_n);
			if (comma && !t->rows_say_metric && !names_quantity(comma + 1, strlen(comma + 1)))
				comma = NULL; /* "Cold file cache, HDD": one name */
			if (comma) {
				subject = sink_strndup(t->s, rowname, (size_t)(comma - rowname));
				metric_words = comma + 1;
				metric_n = strlen(metric_words);
			} else if (names_phrase(rowname, strlen(rowname)) || t->rows_say_metric) {
				/* "Binary Size", "Build time (s)": the row names a quantity, not a benchmark;
				 * so does any row under a first header "Metric" ("Total Events") */
				metric_words = rowname;
				metric_n = strlen(rowname);
			} else if (t->corner && label_names_build(rowname, strlen(rowname))) {
				/* "| | no PGO | PGO |" over "| thin LTO |": each cell is a build of both */
				row_build = rowname;
			} else {
				subject = rowname;
			}
		}
		npend = 0;
		garbled = NULL;
		for (int c = 1; c < t->ncols && !garbled; c++) {
			struct column *cl = &t->col[c];
			struct pending *pd = &pend[npend];
			const char *u = NULL, *quantity;
			size_t un = 0;
			enum stat_kind st;
			int rc, size;

			if (cl->kind != C_VALUE)
				continue;
			memset(pd, 0, sizeof(*pd));
			if (!column_unit(cl, &u, &un) && row_unit)
				u = row_unit, un = row_unit_n;
			if (!u && t->bot)
				u = t->bot->unit, un = strlen(t->bot->unit);
			/* the words that name the quantity: the column's in a table of quantities, the row's or the group's otherwise */
			{
				const char *w = NULL;
				size_t wn = 0;

				if (t->cols_are_builds) {
					w = metric_words ? metric_words : cl->group;
					wn = metric_words ? metric_n : cl->group_n;
				} else if (!cl->repeat) {
					w = cl->head.s;
					wn = cl->head.len;
				}
				/* a size's "51M" is MiB: ask the words first */
				{
					enum stat_kind s0;
					const char *q0 = NULL;
					struct buf tmp = BUF_INIT;

					if (w && wn)
						hand_quantity(w, wn, &q0, &s0, &tmp);
					size = is_size_quantity(q0) || (tmp.len >= 4 && strstr(tmp.s, "size"));
					buf_release(&tmp);
				}
				rc = cell_figure(t, r, c, u, un, size, &pd->h);
				if (rc == 0 && t->binary_kb)
					binary_kb(&pd->h, r->c[c].s + r->c[c].n);
				if (rc == 1)
					continue;
				if (rc < 0) {
					/* digits that read as no figure: the row is damaged; words are a note */
					if (c < r->n && has_digit(r->c[c].s, r->c[c].n))
						garbled = &r->c[c];
					continue;
				}
				if (pd->h.flags & HN_RATIO)
					continue;
				/* "Bytes/Sec | 7.7 MB": a size per second is a throughput */
				if (pd->h.unit == UNIT_BYTE && w && wn && hand_per_second(w, wn))
					pd->h.unit = UNIT_BYTE_PER_S;
				quantity = quantity_of(t, w, wn, &pd->h, r->c[c].s + r->c[c].n, u, un, &st, &own);
				if (pd->h.unit == UNIT_BYTE_PER_S && is_size_quantity(quantity))
					quantity = "throughput";
			}
			if (!quantity || (pd->h.unit == UNIT_NONE && !metric_unit_fixed(quantity, &pd->h))) {
				if (!undecided++)
					buf_addf(&why, "%.*s", (int)cl->head.len, cl->head.s);
				continue;
			}
			if (!unit_fits(quantity, pd->h.unit)) {
				/* "Size" over "< 1 ms": the cell is not what its column says; guessed neither way */
				sink_warn(t->s, c < r->n && r->c[c].l ? r->c[c].l : r->l,
					  "table cell \"%.*s\" is in %s, not what its column \"%.*s\" holds; not read",
					  (int)(c < r->n ? r->c[c].n : 0), c < r->n ? r->c[c].s : "", unit_name(pd->h.unit),
					  (int)cl->head.len, cl->head.s);
				continue;
			}
			pd->c = c;
			pd->st = st;
			if (t->rows_are_builds && own.len && quantity && cl->head.len)
				quantity = head_subject(t, cl, quantity, pd);
			if (t->cols_are_builds) {
				pd->variant = cl->sub ? name_text(t, cl->sub, without_unit(cl->sub, cl->sub_n)) : NULL;
				pd->variant = build_of(t, pd->variant, &quantity, &pd->st, pd->h.unit);
				if (row_build && pd->variant) {
					struct buf both = BUF_INIT;

					buf_addf(&both, "%s, %s", row_build, pd->variant);
					pd->variant = sink_strndup(t->s, both.s, both.len);
					buf_release(&both);
				}
			} else if (t->build_col && t->build_col < r->n && r->c[t->build_col].n) {
				const char *bs = r->c[t->build_col].s;
				size_t bn = r->c[t->build_col].n;

				unwrap(&bs, &bn);
				pd->variant = name_text(t, bs, bn);
				if (hand_subject_header(t->col[0].sub, t->col[0].sub_n))
					pd->subject = rowname;
			} else if (t->rows_are_builds) {
				pd->variant = rowname;
			}
			pd->quantity = quantity;
			for (int k = c + 1; k < t->ncols; k++)
				if (t->col[k].kind == C_SPREAD && t->col[k].of == c) {
					const char *su = NULL;
					size_t sun = 0;

					column_unit(&t->col[k], &su, &sun);
					rc = cell_figure(t, r, k, su, sun, size, &pd->sp);
					/* a spread under "stddev (%)" is in percent of the figure */
					if (rc == 0 && pd->sp.unit == UNIT_NONE && memchr(t->col[k].head.s, '%', t->col[k].head.len))
						pd->sp.unit = UNIT_PERCENT;
					if (rc == 0)
						pd->has_sp = 1;
					else if (rc < 0 && k < r->n && has_digit(r->c[k].s, r->c[k].n))
						garbled = &r->c[k];
				}
			npend++;
		}
		if (garbled) {
			char why_not[96];

			cell_trouble(garbled->s, garbled->n, why_not, sizeof(why_not));
			sink_warn(t->s, garbled->l ? garbled->l : r->l, "table row \"%.*s\" not read: its cell \"%.*s\" %s",
				  r->n ? (int)r->c[0].n : 0, r->n ? r->c[0].s : "", (int)garbled->n, garbled->s, why_not);
			continue;
		}
		for (int k = 0; k < npend; k++) {
			struct pending *pd = &pend[k];

			if (!t->cols_are_builds && diff_paired(g, i, first_data)) {
				/* "- | insert | 10.4 |" over "+ | insert | 8.9 |": the old build and the new */
				emit(t, r, pd->c, &pd->h, pd->quantity, pd->st, r->mark == '-' ? "old" : "new", 0, rowname,
				     pd->has_sp ? &pd->sp : NULL);
				emitted++;
				nv = 3;
				continue;
			}
			emit(t, r, pd->c, &pd->h, pd->quantity, pd->st, pd->variant, t->cols_are_builds,
			     t->rows_are_builds ? pd->subject : (t->cols_are_builds ? subject : rowname),
			     pd->has_sp ? &pd->sp : NULL);
			emitted++;
			if (t->cols_are_builds && nv < 2) {
				vals[nv] = pd->h.value;
				shown[nv] = shown_value(&pd->h);
				res[nv++] = resolution_of(&r->c[pd->c], &pd->h);
			} else {
				nv = 3;
			}
		}
		if (t->cols_are_builds)
			for (int c = 1; c < t->ncols; c++)
				if (t->col[c].kind == C_DERIVED)
					check_derived(t, r, c, vals, shown, res, nv);
	}
	if (undecided)
		sink_warn(t->s, where, "table: no unit and no word for one in %d cell%s (column \"%s\"); not read",
			  undecided, undecided == 1 ? "" : "s", why.s ? why.s : "");
	buf_release(&own);
	buf_release(&why);
	return emitted;
}

/*
 * A report of keys and figures, one a line, of a tool no parser knows
 * ("Total requests    24", "Requests per second   56.52 [#/sec]",
 * "99.0'th percentile   65ms"): one run, each figure under the quantity
 * its key names (handmetric.c); a standard deviation's key is the spread
 * of the quantity of the line before it ("Average time per request" then
 * "Sample standard deviation": latency's). A key that names no quantity
 * over a bare figure is not read, nor a ratio or a change; fewer than
 * three figures read nothing (two such lines are as likely prose's).
 * Returns the runs made.
 */
#define KEYFIG_MAX 64

static int read_key_figures(struct tctx *t)
{
	const struct block *b = t->b;
	struct sink_txn txn = { 0 };
	struct {
		const struct line *l;
		struct handnum h;
		const char *q;
		enum stat_kind st;
	} got[KEYFIG_MAX];
	int n = 0;
	const char *prev = NULL;
	struct buf own = BUF_INIT;
	uint32_t run;

	for (uint32_t i = 0; i < b->n && n < KEYFIG_MAX; i++) {
		const struct line *l = &b->lines[i];
		struct ws_span key, fig;
		struct handnum_ctx ctx = { t->mark, NULL, 0, 0 };
		const char *f, *kw, *q = NULL;
		size_t fn, kn;
		enum stat_kind st = STAT_VALUE;

		if (!ws_key_figure(l->s, line_end(l), i > 0, &key, &fig))
			continue;
		f = l->s + fig.off, fn = fig.n;
		kw = l->s + key.off, kn = key.n;
		/* a unit's note in brackets after the figure: "56.52 [#/sec]" */
		if (fn && f[fn - 1] == ']')
			for (size_t k = fn - 1; k > 0; k--)
				if (f[k - 1] == '[') {
					for (fn = k - 1; fn && f[fn - 1] == ' '; fn--)
						;
					break;
				}
		if (handnum_read(f, fn, &ctx, &got[n].h) != 0 || (got[n].h.flags & (HN_RATIO | HN_SIGNED)))
			continue;
		if (text_contains_nocase(kw, kn, "deviation")) {
			/* the spread of the quantity before it: latency.avg's is latency's */
			const char *dot = prev ? strchr(prev, '.') : NULL;

			if (!prev)
				continue;
			q = dot ? sink_strndup(t->s, prev, (size_t)(dot - prev)) : prev;
			st = STAT_SD;
		} else if (!hand_quantity(kw, kn, &q, &st, &own)) {
			if (!own.len || got[n].h.unit == UNIT_NONE)
				continue;
			q = sink_strndup(t->s, own.s, own.len);
		}
		if ((got[n].h.unit == UNIT_NONE && !metric_unit_fixed(q, &got[n].h)) || !unit_fits(q, got[n].h.unit))
			continue;
		got[n].l = l;
		got[n].q = q;
		got[n].st = st;
		prev = st == STAT_SD ? prev : q;
		n++;
	}
	buf_release(&own);
	if (n < 3)
		return 0;
	run = sink_txn_begin(t->s, &txn, got[0].l);
	sink_run_end(t->s, run, got[n - 1].l);
	for (int k = 0; k < n; k++)
		sink_measure(t->s, run, got[k].q, got[k].st, got[k].h.unit, got[k].h.value, 0, got[k].l, got[k].h.num,
			     got[k].h.num_len);
	sink_note(t->s, run, NOTE_INFO, got[0].l, "read as the keys and figures of a report no parser knows");
	sink_txn_finish(t->s, &txn, got[0].l, NULL);
	return 1;
}

static int parse(const struct block *b, struct sink *s)
{
	struct tctx t;
	uint32_t first = (uint32_t)s->rs->nruns;

	memset(&t, 0, sizeof(t));
	t.b = b;
	t.s = s;
	t.mark = (enum num_mark)b->num_mark;
	for (size_t k = 0; b->above && k < countof(bot_shapes); k++)
		if (!strncmp(b->above, bot_shapes[k].above, strlen(bot_shapes[k].above)))
			t.bot = &bot_shapes[k];
	switch (classify(&b->lines[0])) {
	case K_HTML:
		read_html(b, &t.g);
		break;
	case K_ALIGNED: {
		struct ws_span head[WS_MAX_COLS], key, fig;
		int nhead;
		const struct line *h = &b->lines[0];

		if (!ws_header(h->s, line_end(h), h->cut, head, &nhead) && ws_key_figure(h->s, line_end(h), 0, &key, &fig))
			read_key_figures(&t);
		else
			read_aligned(b, &t.g);
		break;
	}
	default:
		read_lines(b, &t.g);
	}
	if (t.g.nheader > 0)
		read_table(&t);
	for (int c = 0; c < MAX_COLS; c++)
		buf_release(&t.col[c].head);
	grid_release(&t.g);
	return (int)(s->rs->nruns - first);
}

const struct parser table_parser = {
	.fmt = FMT_TABLE,
	/* the fixed marks of pipes, rules, boxes and HTML; an aligned table's header is words */
	.starts = "|+-:<\xe2" "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_(",
	.generic = 1,
	.tool_table = tool_table,
	.hand = 1,
	.claim = claim,
	.claim_reads_values = 1, /* its keys and figures ("Status Codes  [code:count]  200:95") read values */
	.state_size = PARSER_STATE(struct claim_state),
	.claim_state_line = 1,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = tool_marks,
	.nrx = countof(tool_marks),
};
