/*
 * bloaty.c - bloaty's tables ("    FILE SIZE        VM SIZE", a rule, rows
 * of "PCT SIZE PCT SIZE NAME", a TOTAL row) → one run per table, named by
 * the file the `bloaty` command above it reads (origin "filename"). Each
 * row is SOURCE.NAME in bytes for the file size and SOURCE.NAME.vm for the
 * VM size: SOURCE is the first `-d` data source (section by default, as
 * bloaty's: ".text" is section.text, as size -A's; compileunit, symbol,
 * segment, inputfile, armember); TOTAL is total and total.vm. A diff
 * (`bloaty NEW -- OLD`, or a table with signs and "[ = ]") prints changes,
 * bloaty's own derived figures: notes on the new file's run, never
 * measurements; only a "[NEW]" column prints a size, the new build's, and
 * a "[DEL]" one the base build's (a run of its own). The % columns are
 * bloaty's own shares and changes: notes too. The old layout
 * with the VM size first and the name between ("VM SIZE ... FILE SIZE"),
 * and one domain alone (--domain=file), are read too; rows nested under
 * another (-d a,b) are not.
 */
#include <stdio.h>

#include "parsers/cmdsplit.h"
#include "parsers/parser.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

/* What a line of a bloaty table is, by its fixed parts: the header's words, the rule, a row's '%'. */
enum kind {
	K_NONE,
	K_HEAD,   /* "    FILE SIZE        VM SIZE", "     VM SIZE                     FILE SIZE" */
	K_RULE,   /* " --------------  --------------" */
	K_ROW,    /* "  30.5%  6.22Mi  54.0%  6.22Mi    .text", "  [ = ]       0    .debug_loc" */
	K_TOTAL,  /* " 100.0%  20.4Mi 100.0%  11.5Mi    TOTAL" */
	K_FILTER, /* "Filtering enabled (source_filter); omitted file = 28.1Mi, vm = 6.42Mi of entries" */
	K__COUNT
};

static const char *const kinds[] = { "none", "head", "rule", "row", "total", "filter" };

#define MAXTOK 24

struct toks {
	size_t n;
	const char *t[MAXTOK];
	size_t len[MAXTOK];
};

/* Split s[0..n) at blanks; "[ = ]" and "[14 Others]" are one token each. */
static void tokenize(const char *s, size_t n, struct toks *tk)
{
	size_t i = 0;

	tk->n = 0;
	while (i < n && tk->n < MAXTOK) {
		size_t b;

		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= n)
			break;
		b = i;
		if (s[i] == '[') {
			const char *close = memchr(s + i, ']', n - i);

			i = close ? (size_t)(close - s) + 1 : n;
		} else {
			while (i < n && s[i] != ' ' && s[i] != '\t')
				i++;
		}
		tk->t[tk->n] = s + b;
		tk->len[tk->n++] = i - b;
	}
}

static int is_bracket(const char *t, size_t n)
{
	return n >= 3 && t[0] == '[' && t[n - 1] == ']';
}

/* A percent column's token by its fixed parts: '%' last, or bloaty's "[ = ]", "[NEW]", "[DEL]". */
static int pct_shaped(const char *t, size_t n)
{
	return (n >= 2 && t[n - 1] == '%') ||
	       (n == 5 && (!memcmp(t, "[ = ]", 5) || !memcmp(t, "[NEW]", 5) || !memcmp(t, "[DEL]", 5)));
}

/*
 * A size column's token by its shape: a sign, digits and a point, maybe
 * "Ki", "Mi", "Gi" or "Ti" after them; one other byte is a garbled digit
 * ("1O16Ki", "O" for "0"), two are a word ("of").
 */
static int size_shaped(const char *t, size_t n)
{
	size_t odd = 0;

	if (n > 2 && t[n - 1] == 'i' && strchr("KMGT", t[n - 2]) && t[n - 2])
		n -= 2;
	for (size_t i = 0; i < n; i++)
		odd += !(char_is_digit(t[i]) || t[i] == '.' || t[i] == '+' || t[i] == '-');
	return n && odd <= 1;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	struct toks tk;

	if (n < 3)
		return K_NONE;
	switch (s[0]) {
	case 'F':
		if (text_starts(s, n, "FILE SIZE"))
			return n == 9 || text_contains(s, n, " VM SIZE") ? K_HEAD : K_NONE;
		if (text_starts(s, n, "Filtering enabled ("))
			return K_FILTER;
		return K_NONE;
	case 'V':
		if (text_starts(s, n, "VM SIZE"))
			return n == 7 || text_contains(s, n, " FILE SIZE") ? K_HEAD : K_NONE;
		return K_NONE;
	case '-':
		if (n >= 14 && text_starts(s, n, "--------------")) {
			size_t i = 0;

			while (i < n && (s[i] == '-' || s[i] == ' '))
				i++;
			if (i == n)
				return K_RULE;
		}
		break;
	default:
		break;
	}
	if (!(char_is_digit(s[0]) || s[0] == '+' || s[0] == '-' || s[0] == '[' || s[0] == 'N' || s[0] == 'O' ||
	      s[0] == 'i'))
		return K_NONE;
	tokenize(s, n, &tk);
	if (tk.n < 3 || !pct_shaped(tk.t[0], tk.len[0]) || !size_shaped(tk.t[1], tk.len[1]))
		return K_NONE;
	return tk.len[tk.n - 1] == 5 && !memcmp(tk.t[tk.n - 1], "TOTAL", 5) ? K_TOTAL
		: (tk.n >= 5 && tk.len[2] == 5 && !memcmp(tk.t[2], "TOTAL", 5)) ? K_TOTAL
										  : K_ROW;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* A table starts at its header; its rule, rows and filter line continue it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	return claim_from_kind(classify(l), K_HEAD, in_block);
}

/* What the command says: the file (the new one of a diff), the old one, the data source. */
struct bloaty_cmd {
	const char *file, *base, *source; /* in the sink's arena; NULL when not said */
};

/* The word of `s` at *i (blanks skipped, quotes dropped), NULL at the end. */
static const char *word(const char *s, size_t *i, size_t *n)
{
	const char *w;

	while (s[*i] == ' ' || s[*i] == '\t')
		(*i)++;
	if (!s[*i])
		return NULL;
	w = s + *i;
	while (s[*i] && s[*i] != ' ' && s[*i] != '\t')
		(*i)++;
	*n = (size_t)(s + *i - w);
	if (*n >= 2 && (w[0] == '\'' || w[0] == '"') && w[*n - 1] == w[0])
		w++, *n -= 2;
	return w;
}

/*
 * Read a bloaty command line (the block's command, or a prompt above it
 * that `cmd_program` does not know: "~/src/dexed bloaty FILE"). Returns 0
 * with what it names, -1 when the line runs no bloaty.
 */
static int read_command(struct sink *s, const char *line, struct bloaty_cmd *c)
{
	const char *p = line ? strstr(line, "bloaty") : NULL, *w;
	size_t i, n;
	int after_dashes = 0;

	memset(c, 0, sizeof(*c));
	while (p && !((p == line || p[-1] == ' ' || p[-1] == '/') && (p[6] == ' ' || !p[6])))
		p = strstr(p + 6, "bloaty");
	if (!p)
		return -1;
	i = (size_t)(p - line) + 6;
	while ((w = word(line, &i, &n))) {
		if (w[0] == '#')
			break;
		if (n == 2 && !memcmp(w, "--", 2)) {
			after_dashes = 1;
		} else if (n >= 2 && w[0] == '-') {
			const char *v = NULL;
			size_t vn = 0;

			/* options with a value in the next word, or glued on ("-dsymbols") */
			if (n == 2 && strchr("dcCns", w[1]))
				v = word(line, &i, &vn);
			else if (n > 2 && w[1] == 'd')
				v = w + 2, vn = n - 2;
			if (w[1] == 'd' && v && !c->source)
				c->source = sink_strndup(s, v, strcspn(v, ",") < vn ? strcspn(v, ",") : vn);
		} else if (after_dashes) {
			if (!c->base)
				c->base = sink_strndup(s, w, n);
		} else if (!c->file) {
			c->file = sink_strndup(s, w, n);
		}
	}
	return 0;
}

/* The quantity prefix of a data source: bloaty's plural name in the singular, "section" by default. */
static const char *source_prefix(const char *src)
{
	static const struct {
		const char *src, *prefix;
	} map[] = {
		{ "sections", "section" },	   { "segments", "segment" },	  { "compileunits", "compileunit" },
		{ "symbols", "symbol" },	   { "rawsymbols", "symbol" },	  { "fullsymbols", "symbol" },
		{ "shortsymbols", "symbol" },	   { "inputfiles", "inputfile" }, { "armembers", "armember" },
	};

	if (!src)
		return "section";
	for (size_t i = 0; i < countof(map); i++)
		if (!strcmp(src, map[i].src))
			return map[i].prefix;
	return NULL;
}

/* A size as bloaty prints it ("6.96Mi", "655Ki", "0", "+18", "-2.01Mi"): bytes in *v. */
static int size_value(const char *t, size_t n, double *v)
{
	static const char *const spelled[] = { "KiB", "MiB", "GiB", "TiB" };
	size_t k = n;
	enum unit u;

	if (n > 2 && t[n - 1] == 'i') {
		const char *p = strchr("KMGT", t[n - 2]);

		if (!p || !t[n - 2])
			return -1;
		k = n - 2;
		if (k && t[0] == '+')
			return unit_value(t + 1, k - 1, spelled[p - "KMGT"], 3, &u, v);
		return unit_value(t, k, spelled[p - "KMGT"], 3, &u, v);
	}
	if (t[0] == '+')
		return num_parse(t + 1, n - 1, v);
	return num_parse(t, n, v);
}

/* A percent column reads: a number and '%' (bloaty prints "+28e3%", "NAN%", "-inf%"), or a bracket word. */
static int pct_reads(const char *t, size_t n)
{
	double v;

	if (is_bracket(t, n))
		return pct_shaped(t, n);
	if (n < 2 || t[n - 1] != '%')
		return 0;
	n--;
	if (t[0] == '+' || t[0] == '-')
		t++, n--;
	if ((n == 3 && (!memcmp(t, "NAN", 3) || !memcmp(t, "nan", 3) || !memcmp(t, "inf", 3))))
		return 1;
	return num_parse(t, n, &v) == 0;
}

struct table {
	struct sink *s;
	uint32_t run;
	int vm_first;     /* the old layout: VM SIZE, NAME, FILE SIZE */
	int columns;      /* 2 (file and VM) or 1 (--domain=...) */
	int one_is_vm;    /* the one column is the VM size */
	int diff;
	int pass_old;     /* a diff's second pass: the base build's sizes ([DEL] rows) */
	const char *prefix;
	size_t top_end;   /* where the first column of a top-level row ends; 0 until the first row */
	int nested_noted;
	struct buf q;
};

static const char *quantity(struct table *t, const char *name, size_t n, int vm, int total)
{
	buf_reset(&t->q);
	if (total) {
		buf_adds(&t->q, "total");
	} else {
		buf_addf(&t->q, "%s.", t->prefix);
		/* ".text" is section.text, as size -A's; "[14 Others]" is the rest: [Others] */
		if (n > 1 && name[0] == '.' && !strcmp(t->prefix, "section"))
			name++, n--;
		if (n > 3 && name[0] == '[' && char_is_digit(name[1]) && text_contains(name, n, " Others]"))
			name = "[Others]", n = 8;
		buf_add(&t->q, name, n);
	}
	if (vm)
		buf_adds(&t->q, ".vm");
	return sink_strndup(t->s, t->q.s, t->q.len);
}

/* Keep the size printed as token `tk` (its sign and "Ki" not part of the number's span). */
static void measure(struct table *t, const struct line *l, const char *q, double v, const char *tok, size_t n)
{
	size_t skip = tok[0] == '+' || tok[0] == '-';

	sink_measure(t->s, t->run, q, STAT_VALUE, UNIT_BYTE, v < 0 ? -v : v, 0, l, tok + skip,
		     n - skip - (n > 2 && tok[n - 1] == 'i' ? 2 : 0));
}

/*
 * One row. A table of one file: its sizes. A diff: a column marked [NEW]
 * is the new build's size (the base had none), [DEL] the base build's
 * (read in the second pass); any other is a change, bloaty's own derived
 * figure, kept as a note.
 */
static void on_row(struct table *t, const struct line *l, int total)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent, fi, vi, name_at, name_end, fp, vp, end0;
	struct toks tk;
	double fv = 0, vv = 0;
	int ok = 1, want_f, want_v;

	tokenize(s, n, &tk);
	end0 = l->cut + l->indent + (size_t)(tk.t[0] - s) + tk.len[0]; /* its column in the source line */
	if (!t->top_end)
		t->top_end = end0;
	if (end0 > t->top_end) {
		if (!t->nested_noted && !t->pass_old)
			sink_note(t->s, t->run, NOTE_INFO, l, "bloaty's nested rows (-d SOURCE,SOURCE) not read");
		t->nested_noted = 1;
		return;
	}
	/* where each column is: file size fi with its percent fp, VM size vi with vp, then the name */
	if (t->vm_first) {
		if (tk.n < 5)
			ok = 0;
		vp = 0, vi = 1, fi = tk.n - 2, fp = tk.n - 1, name_at = 2, name_end = tk.n - 2;
	} else if (t->columns == 2) {
		if (tk.n < 5)
			ok = 0;
		fp = 0, fi = 1, vp = 2, vi = 3, name_at = 4, name_end = tk.n;
	} else {
		fp = vp = 0, fi = vi = 1, name_at = 2, name_end = tk.n;
	}
	want_f = t->columns == 2 || !t->one_is_vm;
	want_v = t->columns == 2 || t->one_is_vm;
	if (ok && (!pct_reads(tk.t[fp], tk.len[fp]) || !pct_reads(tk.t[vp], tk.len[vp])))
		ok = 0;
	if (ok && want_f && size_value(tk.t[fi], tk.len[fi], &fv) < 0)
		ok = 0;
	if (ok && want_v && size_value(tk.t[vi], tk.len[vi], &vv) < 0)
		ok = 0;
	if (!ok || name_at >= name_end) {
		if (!t->pass_old)
			sink_damage(t->s, t->run, l, "garbled bloaty row");
		return;
	}
	{
		const char *name = tk.t[name_at];
		size_t nn = (size_t)(tk.t[name_end - 1] + tk.len[name_end - 1] - name);
		const char *mark = t->pass_old ? "[DEL]" : "[NEW]";

		if (t->diff) {
			want_f &= tk.len[fp] == 5 && !memcmp(tk.t[fp], mark, 5);
			want_v &= tk.len[vp] == 5 && !memcmp(tk.t[vp], mark, 5);
		}
		if (want_f)
			measure(t, l, quantity(t, name, nn, 0, total), fv, tk.t[fi], tk.len[fi]);
		if (want_v)
			measure(t, l, quantity(t, name, nn, 1, total), vv, tk.t[vi], tk.len[vi]);
		if (t->pass_old)
			return;
		if (t->columns == 2)
			sink_note(t->s, t->run, NOTE_INFO, l, "bloaty %s: %.*s: file %.*s %.*s, VM %.*s %.*s",
				  t->diff ? "change" : "share", (int)nn, name, (int)tk.len[fi], tk.t[fi], (int)tk.len[fp],
				  tk.t[fp], (int)tk.len[vi], tk.t[vi], (int)tk.len[vp], tk.t[vp]);
		else
			sink_note(t->s, t->run, NOTE_INFO, l, "bloaty %s: %.*s: %.*s %.*s", t->diff ? "change" : "share",
				  (int)nn, name, (int)tk.len[fi], tk.t[fi], (int)tk.len[fp], tk.t[fp]);
	}
}

/* Name a table's run after a file of the command (origin "filename"), or as a diff's side. */
static void name_run(struct sink *s, uint32_t run, const char *file, const char *side)
{
	struct run *r = &s->rs->runs[run];
	const char *slash = file ? strrchr(file, '/') : NULL;

	if (file) {
		r->variant.text = slash && slash[1] ? slash + 1 : file;
		r->variant.origin = VO_FILENAME;
	} else if (side) {
		r->variant.text = side;
		r->variant.origin = VO_LABEL;
	}
}

/* Read the block's tables, as the new build (or the only file), or as a diff's base (pass_old). */
static void read_tables(struct table *t, const struct block *b, const struct bloaty_cmd *c, int commanded)
{
	struct sink *s = t->s;
	struct sink_txn txn = { 0 };
	const char *empty = t->pass_old ? NULL
			    : t->diff   ? "bloaty diff of changes only (bloaty's own derived figures, no size of "
					  "either build)"
					: "bloaty table has no rows (cut off?)";

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *str = l->s + l->indent;
		size_t n = line_end(l) - l->indent;
		enum kind k = classify(l);

		if (k == K_HEAD) {
			sink_txn_finish(s, &txn, l, empty);
			t->run = sink_txn_begin(s, &txn, l);
			t->vm_first = str[0] == 'V' && text_contains(str, n, "FILE SIZE");
			t->columns = text_contains(str, n, "FILE SIZE") && text_contains(str, n, "VM SIZE") ? 2 : 1;
			t->one_is_vm = t->columns == 1 && str[0] == 'V';
			t->top_end = 0;
			t->nested_noted = 0;
			if (t->pass_old)
				name_run(s, t->run, commanded ? c->base : NULL, "old");
			else
				name_run(s, t->run, commanded ? c->file : NULL, t->diff ? "new" : NULL);
			if (t->diff && !t->pass_old && commanded && c->base)
				sink_note(s, t->run, NOTE_INFO, l, "bloaty diff: %s against %s", c->file, c->base);
			continue;
		}
		if (!txn.open || k == K_NONE)
			continue;
		sink_run_end(s, t->run, l);
		if (k == K_ROW || k == K_TOTAL)
			on_row(t, l, k == K_TOTAL);
	}
	sink_txn_finish(s, &txn, &b->lines[b->n - 1], empty);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first = (uint32_t)s->rs->nruns;
	struct table t;
	struct bloaty_cmd c;
	int commanded = read_command(s, b->context, &c) == 0 || read_command(s, b->above, &c) == 0;

	memset(&t, 0, sizeof(t));
	t.s = s;
	t.prefix = source_prefix(commanded ? c.source : NULL);
	if (!t.prefix) {
		sink_warn(s, &b->lines[0], "bloaty data source '%s' not read", c.source);
		return 0;
	}
	t.diff = commanded && c.base;
	/* a diff without its command shows by its signs: bloaty prints '+' and "[ = ]" in diffs only */
	for (uint32_t i = 0; i < b->n && !t.diff; i++) {
		const struct line *l = &b->lines[i];
		struct toks tk;

		if (classify(l) != K_ROW && classify(l) != K_TOTAL)
			continue;
		tokenize(l->s + l->indent, line_end(l) - l->indent, &tk);
		for (size_t j = 0; j < tk.n && j < 2 && !t.diff; j++)
			t.diff = tk.t[j][0] == '+' || is_bracket(tk.t[j], tk.len[j]);
	}
	read_tables(&t, b, &c, commanded);
	if (t.diff) {
		t.pass_old = 1;
		read_tables(&t, b, &c, commanded);
	}
	buf_release(&t.q);
	return (int)(s->rs->nruns - first);
}

const struct parser bloaty_parser = {
	.fmt = FMT_BLOATY,
	.starts = "FV",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
