/*
 * size.c - GNU size's Berkeley table ("text data bss dec hex filename")
 * → text, data, bss and dec in bytes, one run per file row. Every radix
 * size prints (-d, -x with 0x, -o with its "oct" column), archive members
 * ("buf.o (ex libutil.a)"), rows of a diff ("-" / "+" before the row),
 * the -t (TOTALS) row (a derived sum: a note,
 * not a run), and tables copied from a rendered page (spaces for tabs).
 * Each row proposes its file name as its variant (sizefile.c); in a diff
 * whose rows carry both markers, "-" is the old build and "+" the new one,
 * and the file is the scenario.
 */
#include <stdlib.h>
#include <string.h>

#include "parsers/parser.h"
#include "parsers/scan.h"
#include "parsers/sizefile.h"

#define NUM "(?:0x[0-9a-fA-F]+|[0-9]+)"

enum {
	RX_ROW,
};

static struct rx patterns[] = {
	[RX_ROW] = { "size row",
		     "^\\s*(?:(?<mark>[-+])\\s+)?(?<text>" NUM ")\\s+(?<data>" NUM ")\\s+(?<bss>" NUM ")\\s+"
		     "(?<dec>[0-9]+)\\s+(?<hex>[0-9a-fA-F]+)\\s+"
		     "(?<file>\\S.*?)(?:\\s+\\(ex\\s+(?<archive>.+)\\))?\\s*$",
		     0 },
};

/* Bytes of the first blank-separated word of `l` from `at`, 0 when there is none. */
static size_t word_len(const struct line *l, size_t at)
{
	size_t i = at;

	while (i < l->len && l->s[i] != ' ' && l->s[i] != '\t')
		i++;
	return i - at;
}

/*
 * The header's words, "text data bss dec hex filename" (size -o prints
 * "oct" for "dec"), blanks between them: 1 when `l` is it, and *octal
 * says which.
 */
static int is_header(const struct line *l, int *octal)
{
	const char *p = l->s + l->indent, *e = l->s + line_end(l);

	if (!SCAN_LIT(&p, e, "text") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "data") || !scan_blanks(&p, e) ||
	    !SCAN_LIT(&p, e, "bss") || !scan_blanks(&p, e))
		return 0;
	*octal = SCAN_LIT(&p, e, "oct");
	if ((!*octal && !SCAN_LIT(&p, e, "dec")) || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "hex") ||
	    !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "filename"))
		return 0;
	return p == e;
}

/*
 * A row, or what is left of one (garbled or cut): size separates its
 * columns with tabs. A table copied from a rendered page has spaces: there
 * a row starts with a number followed by another one (or nothing), or
 * three of its first five words are numbers. "2 builds were faster than 3"
 * is prose.
 */
static int looks_like_row(const struct line *l)
{
	size_t i = l->indent, end = line_end(l), tabs = 0, words = 0, numbers = 0;
	int first_digit = char_is_digit(l->s[l->indent]);
	size_t enough = first_digit ? 1 : 4; /* the tabs that make a row: one after a first number */

	/* the tabs by memchr (vector code): most lines asked have none */
	for (const char *p = l->s, *e = l->s + l->len; tabs < enough && (p = memchr(p, '\t', (size_t)(e - p))); p++)
		tabs++;
	if (tabs >= 4 || (first_digit && tabs))
		return 1;
	while (i < end && words < 5) {
		while (i < end && (l->s[i] == ' ' || l->s[i] == '\t'))
			i++;
		if (i >= end)
			break;
		numbers += char_is_digit(l->s[i]);
		if (++words == 2 && first_digit && char_is_digit(l->s[i]))
			return 1;
		i += word_len(l, i);
	}
	return (first_digit && words == 1) || numbers >= 3;
}

/* What a line of a size table is, by the header's words and the rows' columns. */
enum kind {
	K_NONE,
	K_HEADER, /* "text data bss dec hex filename" (or "oct" for "dec") */
	K_ROW,    /* a file's row, garbled or cut included */
	K_TOTALS, /* the -t row "... (TOTALS)": a derived sum that ends the table */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "row", "totals" };

/*
 * The one classifier the claim and the parse share. A row is one by its
 * columns (tabs, or numbers in most of its first words), so a garbled
 * figure leaves it a row, reported; rows count only below a header.
 */
static enum kind classify(const struct line *l)
{
	int octal;

	if (line_starts(l, "text"))
		return is_header(l, &octal) ? K_HEADER : K_NONE;
	if (!looks_like_row(l))
		return K_NONE;
	return line_ends(l, "(TOTALS)") ? K_TOTALS : K_ROW;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	int done; /* the (TOTALS) row ends a table */
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = claim_said(state, classify(l));

	if (k == K_HEADER)
		return CLAIM_START;
	if (!in_block || st->done || k == K_NONE)
		return CLAIM_NONE;
	if (k == K_TOTALS)
		st->done = 1;
	return CLAIM_BODY;
}

struct table {
	struct sink *s;
	int octal;          /* size -o: text, data, bss and the fourth column in octal */
	uint32_t first_run; /* runs of this block are [first_run, nruns) */
	struct size_names names;
	char *marks;        /* per run of the block: its diff marker, or 0 (few_marks, else on the heap) */
	size_t nmarks, marks_cap;
	char few_marks[64]; /* a table of a few dozen rows allocates nothing */
};

/* RX_ROW's groups, by number (tests/unit/test_scan.c holds them to the names). */
enum { G_MARK = 1, G_TEXT, G_DATA, G_BSS, G_DEC, G_HEX, G_FILE, G_ARCHIVE };

/* Number group `g` of the last row match, in the radix of its column. */
static int column(const struct rx_thread *rx, unsigned g, int radix, double *v, const char **at, size_t *len)
{
	return rx_group(rx, &patterns[RX_ROW], g, at, len) ? size_number(*at, *len, radix, v) : -1;
}

/*
 * RX_ROW by hand (see scan.h): "   1234\t    56\t     8\t   1298\t    512\tapp.o",
 * decimal columns and a file name of printable ASCII. A diff's marker, 0x
 * figures, an archive member ("(ex"), any other byte are the pattern's.
 */
int size_scan_row(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *f[12], *file, *file_end;
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	for (int i = 0; i < 4; i++) {
		f[2 * i] = p;
		if (!scan_digits(&p, e))
			return 0;
		f[2 * i + 1] = p;
		if (!scan_blanks(&p, e))
			return 0;
	}
	f[8] = p;
	while (p < e && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F')))
		p++;
	f[9] = p;
	if (p == f[8] || !scan_blanks(&p, e) || p == e)
		return 0;
	file = file_end = p;
	for (; p < e; p++) {
		if (scan_is_odd(*p))
			return 0;
		if (*p == '(' && e - p >= 3 && p[1] == 'e' && p[2] == 'x')
			return 0;
		if (!scan_is_blank(*p))
			file_end = p + 1;
	}
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, G_TEXT, s, f[0], f[1]);
	scan_set(ov, G_DATA, s, f[2], f[3]);
	scan_set(ov, G_BSS, s, f[4], f[5]);
	scan_set(ov, G_DEC, s, f[6], f[7]);
	scan_set(ov, G_HEX, s, f[8], f[9]);
	scan_set(ov, G_FILE, s, file, file_end);
	return 1;
}

/* Skip a row that cannot be trusted: a warning naming it, and no run. */
static void skip_row(struct table *t, const struct line *l, const char *what)
{
	sink_lost(t->s, l, what);
}

static void on_row(struct table *t, const struct line *l)
{
	static const char *const names[] = { "text", "data", "bss", "dec" }; /* the quantities */
	static const unsigned columns[] = { G_TEXT, G_DATA, G_BSS, G_DEC };   /* their groups */
	int radix = t->octal ? 8 : 10;
	double v[4], hex;
	const char *at[4], *p, *file, *archive;
	size_t len[4], n, file_len, archive_len;
	uint32_t run;
	char mark;

	if (!size_scan_row(t->s->rx, &patterns[RX_ROW], l->s, l->len) && !rx_match(t->s->rx, &patterns[RX_ROW], l->s, l->len)) {
		skip_row(t, l, "garbled size row");
		return;
	}
	for (int i = 0; i < 4; i++) {
		if (column(t->s->rx, columns[i], radix, &v[i], &at[i], &len[i]) < 0) {
			skip_row(t, l, "garbled size row");
			return;
		}
	}
	/* dec (or oct) and hex are the same sum printed twice: a digit changed in transit shows */
	if (column(t->s->rx, G_HEX, 16, &hex, &p, &n) < 0 || hex != v[3]) {
		skip_row(t, l, "garbled size row (its hex column is not its total)");
		return;
	}
	if (v[0] + v[1] + v[2] != v[3]) {
		skip_row(t, l, "garbled size row (text + data + bss is not its total)");
		return;
	}
	if (!rx_group(t->s->rx, &patterns[RX_ROW], G_FILE, &file, &file_len)) {
		skip_row(t, l, "size row without its file name");
		return;
	}
	if (file_len == 8 && !memcmp(file, "(TOTALS)", 8)) {
		/* a derived sum: kept beside the table's first run, never compared */
		if (t->s->rs->nruns > t->first_run)
			sink_note(t->s, t->first_run, NOTE_SUMMARY, l,
				  "size (TOTALS): text %.*s, data %.*s, bss %.*s, %s %.*s", (int)len[0],
				  at[0], (int)len[1], at[1], (int)len[2], at[2], t->octal ? "oct" : "dec",
				  (int)len[3], at[3]);
		return;
	}
	/* the optional groups by number too, as the others (absent: NULL and 0) */
	if (!rx_group(t->s->rx, &patterns[RX_ROW], G_ARCHIVE, &archive, &archive_len))
		archive = NULL;
	mark = rx_group(t->s->rx, &patterns[RX_ROW], G_MARK, &p, &n) ? *p : 0;
	run = sink_run(t->s, l);
	size_name_run(t->s, &t->names, run, file, file_len, archive, archive_len);
	ALLOC_GROW_FEW(t->marks, (size_t)(run - t->first_run) + 1, t->marks_cap, t->few_marks, sizeof(t->few_marks));
	while (t->nmarks <= (size_t)(run - t->first_run))
		t->marks[t->nmarks++] = 0;
	t->marks[run - t->first_run] = mark;
	for (int i = 0; i < 4; i++)
		sink_measure(t->s, run, names[i], STAT_VALUE, UNIT_BYTE, v[i], 0, l, at[i],
			     len[i]);
}

/*
 * Rows of a diff ("-   1797 ... clk-devres.o", "+   1499 ... clk-devres.o"):
 * when the table has both markers, the marker is the build, "-" the old
 * one and "+" the new one (a label written in the data), and the file
 * the row measures is the scenario.
 */
static void name_diff(struct table *t)
{
	int minus = 0, plus = 0;
	size_t n = t->s->rs->nruns - t->first_run;

	if (n > t->nmarks)
		n = t->nmarks;
	for (size_t i = 0; i < n; i++) {
		minus |= t->marks[i] == '-';
		plus |= t->marks[i] == '+';
	}
	if (!minus || !plus)
		return;
	for (size_t i = 0; i < n; i++) {
		struct run *r = &t->s->rs->runs[t->first_run + i];

		if (!t->marks[i])
			continue;
		if (!*r->scenario)
			r->scenario = r->variant.text;
		r->variant.text = t->marks[i] == '-' ? "old" : "new";
		r->variant.origin = VO_LABEL;
	}
}

static int parse(const struct block *b, struct sink *s)
{
	struct table t;

	memset(&t, 0, sizeof(t));
	t.s = s;
	t.first_run = (uint32_t)s->rs->nruns;
	t.names.first_run = t.first_run;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		int octal;
		enum kind k;

		/* the kind the claim told (LINE_KIND()), else classify(), which reads a header's words: its radix kept */
		if (l->kind && l->kind - 1u != K_HEADER)
			k = (enum kind)(l->kind - 1u);
		else
			k = line_starts(l, "text") ? (is_header(l, &octal) ? K_HEADER : K_NONE) : classify(l);

		if (k == K_HEADER)
			t.octal = octal;
		else if (k == K_ROW || k == K_TOTALS)
			on_row(&t, l);
	}
	size_names_finish(s, &t.names);
	name_diff(&t);
	if (t.marks != t.few_marks)
		free(t.marks);
	return (int)(s->rs->nruns - t.first_run);
}

const struct parser size_parser = {
	.fmt = FMT_SIZE,
	.starts = "t",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
