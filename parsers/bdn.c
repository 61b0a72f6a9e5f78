/*
 * bdn.c - BenchmarkDotNet's summary: the environment header
 * ("BenchmarkDotNet v0.14.0, ...", the CPU, "[Host] : .NET 9.0.1 (...)",
 * "Job-ABCDEF : .NET 8.0.8 ...") as facts, and the summary table, in
 * Markdown ("| Method | ... |") or the console's text ("Method | ... |"
 * over "-------- |---:|"), one run per row → SUBJECT.time_per_op (Mean:
 * mean; Error: err999, half the 99.9% interval; StdDev: sd; StdErr: sem,
 * the standard error of the mean; Median, Min, Max; P95: time_per_op.p95),
 * ops_per_sec (Op/s), gc.gen0..2 (per 1000 operations), bytes_per_op
 * (Allocated), code_size; a N column after the figures is the count behind
 * the times (a N before them is a parameter). Ratio, RatioSD, Alloc Ratio,
 * Rank and a test's verdict ("MannWhitney(5%)": Faster, Same, Slower) are
 * BenchmarkDotNet's own comparisons: notes, never measurements. The
 * decimal mark is the table's own ("16,47 ns" under a comma locale),
 * decided by the evidence of its cells (decimal_mark()). SUBJECT is the Method cell (after the Type cell when there
 * is one) with the parameter columns: "Parse(N: 100)". "NA", "?" and "-"
 * cells are not figures.
 *
 * The variant comes from the data, strongest first: a Job column whose
 * names differ and are the author's (not BenchmarkDotNet's "Job-ABCDEF"),
 * a Branch-like column (Branch, Version, Build, Commit, Variant, Config),
 * Runtime, Toolchain (paths: the part that differs), EnvironmentVariables,
 * another job characteristic, the generated Job ids; with none of these,
 * a Method cell renamed by its author ("Parse (PR)" beside "Parse
 * (main)"), or Method cells that are all builds' names ("Before" and
 * "After": one benchmark, its subject the parameters alone). A job column
 * that tells apart rows of one build (a Toolchain beside a Branch) is part
 * of the subject. Cells are read as Markdown shows them: a link is its
 * text, a code span its code. A column that names every row alike names nothing: the label
 * above the table does (the naming pass).
 */
#include "parsers/bench.h"
#include "parsers/label.h"
#include "parsers/units.h"
#include "util/text.h"

#define MAX_CELLS 40

struct cell {
	const char *s;
	size_t n;
};

/*
 * A line's cells between '|' (a Markdown row or the console's), trimmed;
 * "**" and a code span's backticks taken off, a link reduced to its text
 * ("[master](https://...)" is "master"). -1 if none.
 */
static int split_cells(const char *p, const char *end, struct cell *c)
{
	int n = 0;

	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || !memchr(p, '|', (size_t)(end - p)))
		return -1;
	if (*p == '|')
		p++;
	if (end > p && end[-1] == '|')
		end--;
	for (;;) {
		const char *q = p, *e;

		while (q < end && *q != '|')
			q++;
		e = q;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (e - p >= 4 && p[0] == '*' && p[1] == '*' && e[-1] == '*' && e[-2] == '*')
			p += 2, e -= 2;
		if (e - p >= 3 && p[0] == '`' && e[-1] == '`' && !memchr(p + 1, '`', (size_t)(e - p - 2)))
			p++, e--;
		if (e - p >= 4 && p[0] == '[' && e[-1] == ')') {
			const char *m = memchr(p, ']', (size_t)(e - p));

			if (m && m > p + 1 && m + 1 < e && m[1] == '(')
				e = m, p++;
		}
		if (n == MAX_CELLS)
			return -1;
		c[n].s = p;
		c[n++].n = (size_t)(e - p);
		if (q == end)
			break;
		p = q + 1;
	}
	return n;
}

static int cell_is(const struct cell *c, const char *w)
{
	return c->n == strlen(w) && !memcmp(c->s, w, c->n);
}

static int cell_is_rule(const struct cell *c)
{
	if (!c->n)
		return 0;
	for (size_t k = 0; k < c->n; k++)
		if (c->s[k] != '-' && c->s[k] != ':')
			return 0;
	return 1;
}

/* What a column is. */
enum col {
	C_OTHER,   /* a column after the figures we do not read */
	C_METHOD,
	C_TYPE,
	C_JOB,
	C_CHAR,    /* a job characteristic: Runtime, Toolchain, ... */
	C_BRANCH,  /* an author's column naming builds: Branch, Version, ... */
	C_PARAM,   /* a benchmark parameter (a column before the figures) */
	C_MEAN,
	C_ERROR,
	C_SD,
	C_SEM,     /* StdErr: the standard error of the mean */
	C_MEDIAN,
	C_MIN,
	C_MAX,
	C_PCT,     /* P95, Q1, Q3 */
	C_OPS,
	C_GEN,
	C_ALLOC,
	C_CODE,
	C_NOTE,    /* Ratio, RatioSD, Alloc Ratio, Rank, a test's verdict: facts beside the figures */
	C_COUNT,   /* N after the figures: the count of measurements behind the row's times */
	C_SKIP,    /* columns that are neither (Categories, Baseline, LogicalGroup) */
};

/* The job characteristics BenchmarkDotNet prints as columns. */
static const char *const characteristics[] = {
	"Runtime", "Toolchain", "EnvironmentVariables", "Platform", "Jit", "Server", "Concurrent",
	"Force", "Affinity", "BuildConfiguration", "Arguments", "NuGetReferences", "PowerPlanMode",
	"CpuGroups", "HeapAffinitizeMask", "HeapCount", "NoAffinitize", "RetainVm",
	"LargeAddressAware", "Clock", "EngineFactory", "InvocationCount", "IterationCount",
	"IterationTime", "LaunchCount", "MaxIterationCount", "MaxWarmupIterationCount",
	"MemoryRandomization", "MinInvokeCount", "MinIterationCount", "MinIterationTime",
	"MinWarmupIterationCount", "RunStrategy", "UnrollFactor", "WarmupCount", "TargetCount",
	"EvaluateOverhead", "MaxAbsoluteError", "MaxRelativeError", "OutlierMode",
	"AnalyzeLaunchVariance", "Id",
};

static const char *const branch_like[] = { "branch", "version", "build", "commit", "variant",
					   "config", "configuration" };

/* The figures' columns: their header word, kind and (for Gen and P) quantity. */
static const struct {
	const char *name;
	enum col col;
	const char *quantity;
} figure_cols[] = {
	{ "Mean", C_MEAN, "time_per_op" },   { "Error", C_ERROR, "time_per_op" },
	{ "StdDev", C_SD, "time_per_op" },   { "Median", C_MEDIAN, "time_per_op" },
	{ "Min", C_MIN, "time_per_op" },     { "Max", C_MAX, "time_per_op" },
	{ "Q1", C_PCT, "time_per_op.p25" },  { "Q3", C_PCT, "time_per_op.p75" },
	{ "P0", C_MIN, "time_per_op" },      { "P25", C_PCT, "time_per_op.p25" },
	{ "P50", C_MEDIAN, "time_per_op" },  { "P67", C_PCT, "time_per_op.p67" },
	{ "P80", C_PCT, "time_per_op.p80" }, { "P85", C_PCT, "time_per_op.p85" },
	{ "P90", C_PCT, "time_per_op.p90" }, { "P95", C_PCT, "time_per_op.p95" },
	{ "P100", C_MAX, "time_per_op" },    { "Op/s", C_OPS, "ops_per_sec" },
	{ "Gen0", C_GEN, "gc.gen0" },        { "Gen 0", C_GEN, "gc.gen0" },
	{ "Gen1", C_GEN, "gc.gen1" },        { "Gen 1", C_GEN, "gc.gen1" },
	{ "Gen2", C_GEN, "gc.gen2" },        { "Gen 2", C_GEN, "gc.gen2" },
	{ "Allocated", C_ALLOC, "bytes_per_op" }, { "Code Size", C_CODE, "code_size" },
	{ "Ratio", C_NOTE, NULL },           { "RatioSD", C_NOTE, NULL },
	{ "Alloc Ratio", C_NOTE, NULL },     { "Rank", C_NOTE, NULL },
	{ "StdErr", C_SEM, "time_per_op" }, { "StdError", C_SEM, "time_per_op" },          { "Baseline", C_SKIP, NULL },
	{ "LogicalGroup", C_SKIP, NULL },    { "N", C_COUNT, NULL },
	{ "Iterations", C_SKIP, NULL },      { "Skewness", C_SKIP, NULL },
	{ "Kurtosis", C_SKIP, NULL },        { "MValue", C_SKIP, NULL },
};

/* The figure column named `c` (its index in figure_cols), or -1. */
static int figure_col(const struct cell *c)
{
	for (size_t i = 0; i < countof(figure_cols); i++)
		if (cell_is(c, figure_cols[i].name))
			return (int)i;
	return -1;
}

/* What a line of BenchmarkDotNet's output is, by its fixed words alone. */
enum kind {
	K_NONE,
	K_VERSION,  /* "BenchmarkDotNet v0.14.0, ..." or "BenchmarkDotNet=v0.10.11, OS=..." */
	K_SUMMARY,  /* "// * Summary *" */
	K_ENV,      /* the CPU, "Frequency=", ".NET SDK", "[Host] : ...", "Job-ABCDEF : ..." */
	K_SETTINGS, /* "Job=ShortRun  IterationCount=3  LaunchCount=1" */
	K_HEADER,   /* "| Method | Job | ... | Mean | Error |" */
	K_RULE,     /* "|------- |-----:|" */
	K_ROW,      /* any other line with a '|' in a table: a row, blank, garbled or cut */
	K__COUNT
};

static const char *const kinds[] = { "none", "version", "summary", "env", "settings", "header",
				     "rule", "row" };

/* A header: a cell "Method" and a cell among the figures' own words. */
static int is_header(const struct line *l)
{
	struct cell c[MAX_CELLS];
	int n, method = 0, figure = 0;

	if (!text_contains(l->s, l->len, "Method") || !memchr(l->s, '|', l->len))
		return 0;
	n = split_cells(l->s + l->indent, l->s + l->len, c);
	for (int i = 0; i < n; i++) {
		int k = cell_is(&c[i], "Method") ? -1 : figure_col(&c[i]);

		method |= k == -1 && cell_is(&c[i], "Method");
		figure |= k >= 0 && figure_cols[k].col < C_NOTE;
	}
	return method && figure;
}

/* "  [Host]     : .NET 9.0.1 (...)", "  Job-ABCDEF : ...", "  DefaultJob : ...": an indented id, then " : ". */
static int is_job_line(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len, *p = s;

	if (!l->indent && *s != '[')
		return 0;
	while (p < end && *p != ' ' && *p != ':')
		p++;
	if (p == s)
		return 0;
	while (p < end && *p == ' ')
		p++;
	return end - p >= 2 && p[0] == ':' && p[1] == ' ';
}

/* "Job=ShortRun  IterationCount=3": a characteristic's name, '=', a value, no '|'. */
static int is_settings(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len, *p = s;

	while (p < end && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
		p++;
	return p > s && p < end && *p == '=' && *s >= 'A' && *s <= 'Z' && !memchr(s, '|', (size_t)(end - s));
}

static enum kind classify(const struct line *l)
{
	struct cell c[MAX_CELLS];
	int n;

	if (line_starts(l, "BenchmarkDotNet v") || line_starts(l, "BenchmarkDotNet=v"))
		return K_VERSION;
	if (line_starts(l, "// * Summary *"))
		return K_SUMMARY;
	if (memchr(l->s, '|', l->len)) {
		if (is_header(l))
			return K_HEADER;
		n = split_cells(l->s + l->indent, l->s + l->len, c);
		if (n > 0 && cell_is_rule(&c[0]))
			return K_RULE;
		return n > 0 ? K_ROW : K_NONE;
	}
	if (line_starts(l, "Frequency=") || line_starts(l, ".NET SDK") || line_starts(l, ".NET Core SDK") ||
	    line_starts(l, "[Host]") || is_job_line(l) ||
	    (text_contains(l->s, l->len, " CPU") && text_contains(l->s, l->len, "cores")) ||
	    line_starts(l, "Processor="))
		return K_ENV;
	return is_settings(l) ? K_SETTINGS : K_NONE;
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

/*
 * The summary's table goes on without a blank line: a row after one is
 * another table's (a person's under the summary); a header after one (under
 * the environment lines) is the summary's own.
 */
static enum claim claim_line(const struct line *l, int in_block, struct claim_state *st)
{
	enum kind k;

	if (!in_block) {
		/* the fixed words first: a header's "Method", the version's, the summary's */
		const char *s = l->s + l->indent;

		if (l->len == l->indent)
			return CLAIM_NONE;
		if (*s == 'B' ? !line_starts(l, "BenchmarkDotNet")
		    : *s == '/' ? !line_starts(l, "// * Summary *")
				: !text_contains(l->s, l->len, "Method"))
			return CLAIM_NONE;
	}
	k = classify(l);
	if (k == K_VERSION || k == K_SUMMARY)
		return in_block && k == K_VERSION ? CLAIM_BODY : CLAIM_START;
	if (k == K_HEADER)
		return in_block ? CLAIM_BODY : CLAIM_START;
	if ((k == K_ROW || k == K_RULE) && line_after_gap(l, st->last))
		return CLAIM_NONE;
	return in_block && k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/* ---- the table ---- */

struct table {
	int n;
	enum col col[MAX_CELLS];
	int fig[MAX_CELLS];           /* figure_cols index of a figure column */
	struct cell name[MAX_CELLS];  /* header words */
	struct cell unit[MAX_CELLS];  /* "Mean [us]": the unit of the column's bare numbers */
	uint32_t header_line;
};

static int is_characteristic(const struct cell *c)
{
	for (size_t i = 0; i < countof(characteristics); i++)
		if (cell_is(c, characteristics[i]))
			return 1;
	return 0;
}

static int is_branch_like(const struct cell *c)
{
	for (size_t i = 0; i < countof(branch_like); i++)
		if (c->n == strlen(branch_like[i]) && !strncasecmp(c->s, branch_like[i], c->n))
			return 1;
	return 0;
}

/*
 * A statistical test's column: "MannWhitney(5%)", "WelchTTest(...)",
 * "Welch(1us)/p-values": BenchmarkDotNet's verdict against the baseline.
 */
static int is_test_column(const struct cell *c)
{
	static const char *const tests[] = { "MannWhitney(", "Welch" };

	for (size_t i = 0; i < countof(tests); i++)
		if (c->n > strlen(tests[i]) && !memcmp(c->s, tests[i], strlen(tests[i])))
			return 1;
	return 0;
}

/*
 * A N column after the figures is the count of measurements (a N before
 * them is a benchmark's parameter); "Mean [us]" keeps its unit apart.
 */
static int read_header(const struct line *l, struct table *t)
{
	struct cell c[MAX_CELLS];
	int figures = 0;

	t->n = split_cells(l->s + l->indent, l->s + l->len, c);
	if (t->n < 2)
		return -1;
	t->header_line = l->no;
	for (int i = 0; i < t->n; i++) {
		struct cell w = c[i];
		const char *br = memchr(w.s, '[', w.n);
		int k;

		t->unit[i].n = 0;
		if (br && w.s[w.n - 1] == ']') { /* "Mean [us]" */
			t->unit[i].s = br + 1;
			t->unit[i].n = (size_t)(w.s + w.n - 1 - (br + 1));
			w.n = (size_t)(br - w.s);
			while (w.n && w.s[w.n - 1] == ' ')
				w.n--;
		}
		t->name[i] = w;
		k = figure_col(&w);
		t->fig[i] = k;
		if (k >= 0 && figures + (figure_cols[k].col < C_COUNT) > 0) {
			t->col[i] = figure_cols[k].col;
			figures += figure_cols[k].col < C_COUNT;
			continue;
		}
		t->fig[i] = -1;
		if (figures && is_test_column(&w))
			t->col[i] = C_NOTE;
		else if (figures)
			t->col[i] = C_OTHER;
		else if (cell_is(&w, "Method"))
			t->col[i] = C_METHOD;
		else if (cell_is(&w, "Type"))
			t->col[i] = C_TYPE;
		else if (cell_is(&w, "Job"))
			t->col[i] = C_JOB;
		else if (is_characteristic(&w))
			t->col[i] = C_CHAR;
		else if (is_branch_like(&w))
			t->col[i] = C_BRANCH;
		else if (cell_is(&w, "Categories"))
			t->col[i] = C_SKIP;
		else
			t->col[i] = C_PARAM;
	}
	return figures ? 0 : -1;
}

/* A row's cells are all empty: BenchmarkDotNet's separator between groups. */
static int is_blank_row(const struct cell *c, int n)
{
	for (int i = 0; i < n; i++)
		if (c[i].n)
			return 0;
	return 1;
}

/* "NA", "?", "-", "": a cell that holds no figure (a failed benchmark, a zero BDN leaves out). */
static int no_figure(const struct cell *c)
{
	return !c->n || cell_is(c, "NA") || cell_is(c, "?") || cell_is(c, "-") || cell_is(c, "N/A");
}

/*
 * A figure cell: "1,234.5 ns", "8.57μs", "456 B", "1.2 KB", "0.3700", or a
 * bare number under a "[unit]" header; in a table whose decimal mark is
 * ',' (decimal_mark()) "1.234,5 ns". BenchmarkDotNet's sizes are
 * 1024-based whatever they are called. 0 with the value, or -1; *num is
 * the number as printed.
 */
static int cell_value(const struct cell *c, const struct cell *unit, enum col col, char decimal, enum unit *u,
		      double *v, const char **num, size_t *num_len)
{
	const char *p = c->s, *end = c->s + c->n, *e = p;
	double factor = 1;
	const char *us, *digits;
	size_t un;
	char swapped[64];

	while (e < end && (char_is_digit(*e) || *e == '.' || *e == ',' || *e == '-' || *e == '+' || *e == 'E' ||
			   *e == 'e'))
		e++;
	*num = p;
	*num_len = (size_t)(e - p);
	digits = p;
	if (decimal == ',') { /* "1.234,5": read as "1,234.5" */
		if (*num_len >= sizeof(swapped))
			return -1;
		for (size_t k = 0; k < *num_len; k++)
			swapped[k] = p[k] == '.' ? ',' : p[k] == ',' ? '.' : p[k];
		digits = swapped;
	}
	while (e < end && (*e == ' ' || (unsigned char)*e == 0xc2)) /* a blank or a no-break space */
		e += (unsigned char)*e == 0xc2 && e + 1 < end && (unsigned char)e[1] == 0xa0 ? 2 : 1;
	us = e;
	un = (size_t)(end - e);
	if (!un && unit->n)
		us = unit->s, un = unit->n;
	if (col == C_GEN) {
		*u = UNIT_NONE;
		return un ? -1 : num_parse_grouped(digits, *num_len, ',', v);
	}
	if (col == C_OPS) {
		*u = UNIT_PER_S;
		return un ? -1 : num_parse_grouped(digits, *num_len, ',', v);
	}
	if ((col == C_ALLOC || col == C_CODE) && un >= 2 && us[un - 1] == 'B' && strchr("KMGT", us[0]) &&
	    un == 2) {
		factor = us[0] == 'K' ? 1024.0 : us[0] == 'M' ? 1048576.0 : us[0] == 'G' ? 1073741824.0
											: 1099511627776.0;
		us = "B", un = 1;
	}
	if (!un || unit_value_grouped(digits, *num_len, ',', us, un, u, v) < 0)
		return -1;
	if ((col == C_ALLOC || col == C_CODE) ? *u != UNIT_BYTE : *u != UNIT_SECOND)
		return -1;
	*v *= factor;
	return 0;
}

/*
 * What one printed number says of the decimal mark: '.' ("1,234.5",
 * "0.0193", "16.47", "1,234,567"), ',' ("1.234,5", "0,0193", "16,47",
 * "1.234.567"), or 0 when it says nothing ("1,234" and "1.234" read
 * either way; "12").
 */
static char number_mark(const char *s, size_t n)
{
	const char *dot = NULL, *comma = NULL;
	int dots = 0, commas = 0;
	size_t after;

	for (size_t k = 0; k < n; k++) {
		if (s[k] == '.')
			dots++, dot = s + k;
		else if (s[k] == ',')
			commas++, comma = s + k;
		else if (!char_is_digit(s[k]) && s[k] != '-' && s[k] != '+')
			return 0; /* an exponent, or no number */
	}
	if (dots && commas)
		return dot > comma ? '.' : ',';
	if (dots + commas > 1)
		return dots ? ',' : '.'; /* a mark twice groups digits */
	if (!dots && !commas)
		return 0;
	after = (size_t)(s + n - (dots ? dot : comma) - 1);
	if (after != 3 || (s[0] == '0' && (dots ? dot : comma) == s + 1))
		return dots ? '.' : ',';
	return 0;
}

/*
 * The decimal mark of the table whose rows begin at line `from`, by the
 * evidence of its own figure cells: BenchmarkDotNet prints under the
 * culture it was given ("16,47 ns" under ru-RU, "1,234.5 ns" under the
 * invariant culture). With no evidence either way the invariant '.' is
 * taken, and when a cell could read both ways ("1,234 ns") the import
 * says so; with evidence both ways the figures are not read.
 */
static char decimal_mark(struct sink *s, const struct block *b, uint32_t from, const struct table *t)
{
	struct cell c[MAX_CELLS];
	int dot = 0, comma = 0, unsure = 0;
	const struct line *unsure_line = NULL, *comma_line = NULL, *dot_line = NULL;

	for (uint32_t k = from; k < b->n; k++) {
		const struct line *l = &b->lines[k];
		int n = split_cells(l->s + l->indent, l->s + l->len, c);

		if (n < t->n)
			break;
		for (int i = 0; i < t->n && i < n; i++) {
			size_t e = 0;
			char m;

			if (t->col[i] < C_MEAN || t->col[i] >= C_NOTE)
				continue;
			while (e < c[i].n && (char_is_digit(c[i].s[e]) || c[i].s[e] == '.' || c[i].s[e] == ','))
				e++;
			m = number_mark(c[i].s, e);
			if (m == '.')
				dot++, dot_line = dot_line ? dot_line : l;
			else if (m == ',')
				comma++, comma_line = comma_line ? comma_line : l;
			else if (memchr(c[i].s, ',', e))
				unsure++, unsure_line = unsure_line ? unsure_line : l;
		}
	}
	if (dot && comma) {
		sink_warn(s, comma_line, "BenchmarkDotNet table prints decimals with ',' here and with '.' on line %u;"
			  " its figures are not read", (unsigned)dot_line->no);
		return 0;
	}
	if (comma)
		return ',';
	if (unsure && !dot)
		sink_warn(s, unsure_line, "BenchmarkDotNet table: no figure shows its decimal mark; numbers"
			  " like \"1,234\" are read with ',' grouping thousands");
	return '.';
}

/* ---- naming from the data ---- */

struct namer {
	int col;        /* the column that names the rows, or -1 */
	int path;       /* its values are paths: name by the part that differs */
	int method_tag; /* names come from "Method (tag)" cells */
	int method_all; /* the Method cells are builds' names ("Before", "After"), not the subject's */
	unsigned char split[MAX_CELLS]; /* a job column that tells apart rows of one build: in the subject */
};

/*
 * The next row of the block from line *k on (a row of ncells cells or
 * more, not a blank separator): its cells in c, its count returned, *k
 * past it; 0 at the block's end.
 */
static int next_row(const struct block *b, uint32_t *k, int ncells, struct cell *c)
{
	while (*k < b->n) {
		const struct line *l = &b->lines[(*k)++];
		int n;

		if (classify(l) != K_ROW)
			continue;
		n = split_cells(l->s + l->indent, l->s + l->len, c);
		if (n >= ncells && !is_blank_row(c, n))
			return n;
	}
	return 0;
}

/* The cells of column i of every row of the block, compared: do two rows differ? */
static int column_differs(const struct block *b, uint32_t from, int i, int ncells)
{
	struct cell first = { NULL, 0 }, c[MAX_CELLS];
	int seen = 0;

	for (uint32_t k = from; next_row(b, &k, ncells, c);) {
		if (!c[i].n)
			continue;
		if (!seen)
			first = c[i], seen = 1;
		else if (first.n != c[i].n || memcmp(first.s, c[i].s, c[i].n))
			return 1;
	}
	return 0;
}

static int is_generated_job(const struct cell *c)
{
	return (c->n == 10 && !memcmp(c->s, "Job-", 4)) || cell_is(c, "DefaultJob");
}

/* Do the Job cells of the block look like BenchmarkDotNet's generated ids? */
static int jobs_generated(const struct block *b, uint32_t from, int i, int ncells)
{
	struct cell c[MAX_CELLS];

	for (uint32_t k = from; next_row(b, &k, ncells, c);)
		if (c[i].n && !is_generated_job(&c[i]))
			return 0;
	return 1;
}

/* "Parse (PR)": the tag in brackets at the end of a Method cell; 0 when none. */
static size_t method_tag(const struct cell *c, size_t *base)
{
	const char *s = c->s;
	size_t n = c->n, k;
	char close;

	if (n < 4 || (s[n - 1] != ')' && s[n - 1] != ']'))
		return 0;
	close = s[n - 1];
	for (k = n - 1; k > 0 && s[k - 1] != (close == ')' ? '(' : '['); k--)
		;
	if (k < 2 || s[k - 2] != ' ')
		return 0;
	*base = k - 2;
	return n - k - 1;
}

/*
 * "Before" and "After", "Baseline" and "Patched": is every Method cell of
 * the table (column i) one word that names a build, two of them or more?
 * Then the author named the builds there, and the rows are one benchmark.
 */
static int methods_are_builds(const struct block *b, uint32_t from, const struct table *t, int i)
{
	struct cell first = { NULL, 0 }, c[MAX_CELLS];
	int differ = 0;

	for (uint32_t k = from; next_row(b, &k, t->n, c);) {
		if (!label_build_word(c[i].s, c[i].n))
			return 0;
		if (!first.s)
			first = c[i];
		else if (first.n != c[i].n || memcmp(first.s, c[i].s, c[i].n))
			differ = 1;
	}
	return differ;
}

/*
 * Does column j take two values in rows that column `by` gives one value
 * (a Toolchain net472 and netcoreapp3.1 beside the Branch master)? Then
 * it tells apart the benchmarks of one build, not the builds.
 */
static int varies_within(const struct block *b, uint32_t from, int ncells, int by, int j)
{
	struct cell key[64], val[64], c[MAX_CELLS];
	int n = 0;

	for (uint32_t k = from; n < (int)countof(key) && next_row(b, &k, ncells, c);) {
		for (int x = 0; x < n; x++)
			if (key[x].n == c[by].n && !memcmp(key[x].s, c[by].s, c[by].n) &&
			    (val[x].n != c[j].n || memcmp(val[x].s, c[j].s, c[j].n)))
				return 1;
		key[n] = c[by], val[n++] = c[j];
	}
	return 0;
}

/* The job columns that tell apart rows of one build (once the namer is chosen): nm->split. */
static void choose_splitters(const struct block *b, uint32_t from, const struct table *t, struct namer *nm)
{
	memset(nm->split, 0, sizeof(nm->split));
	if (nm->col < 0 || nm->method_tag || nm->method_all)
		return;
	for (int j = 0; j < t->n; j++)
		if ((t->col[j] == C_CHAR || t->col[j] == C_JOB) && j != nm->col && column_differs(b, from, j, t->n))
			nm->split[j] = (unsigned char)varies_within(b, from, t->n, nm->col, j);
}

/* Which column names the rows of the table whose header is line `from - 1`. */
static void choose_namer(const struct block *b, uint32_t from, const struct table *t, struct namer *nm)
{
	static const char *const order[] = { "Runtime", "Toolchain", "EnvironmentVariables" };
	int job = -1;

	nm->col = -1;
	nm->path = 0;
	nm->method_tag = 0;
	nm->method_all = 0;
	for (int i = 0; i < t->n; i++)
		if (t->col[i] == C_JOB && column_differs(b, from, i, t->n))
			job = i;
	if (job >= 0 && !jobs_generated(b, from, job, t->n)) {
		nm->col = job;
		return;
	}
	for (int i = 0; i < t->n; i++)
		if (t->col[i] == C_BRANCH && column_differs(b, from, i, t->n)) {
			nm->col = i;
			return;
		}
	for (size_t o = 0; o < countof(order); o++)
		for (int i = 0; i < t->n; i++)
			if (t->col[i] == C_CHAR && cell_is(&t->name[i], order[o]) &&
			    column_differs(b, from, i, t->n)) {
				nm->col = i;
				nm->path = o == 1;
				return;
			}
	for (int i = 0; i < t->n; i++)
		if (t->col[i] == C_CHAR && column_differs(b, from, i, t->n)) {
			nm->col = i;
			return;
		}
	if (job >= 0) {
		nm->col = job;
		return;
	}
	for (int i = 0; i < t->n; i++)
		if (t->col[i] == C_METHOD) {
			/* "Parse (PR)" beside "Parse (main)": the author named builds in the method cell */
			struct cell first = { NULL, 0 }, c[MAX_CELLS];

			for (uint32_t k = from; next_row(b, &k, t->n, c);) {
				size_t base, tn;

				if (!(tn = method_tag(&c[i], &base)))
					continue;
				if (!first.s) {
					first.s = c[i].s + base + 2, first.n = tn;
				} else if (first.n != tn || memcmp(first.s, c[i].s + base + 2, tn)) {
					nm->col = i;
					nm->method_tag = 1;
					return;
				}
			}
			if (methods_are_builds(b, from, t, i)) {
				nm->col = i;
				nm->method_all = 1;
				return;
			}
		}
}

/* The part of a path that differs from the other rows' ("\runtime2\...\CoreRun.exe" → "runtime2"). */
static const char *path_part(struct sink *s, const struct block *b, uint32_t from, int col, int ncells,
			     const struct cell *v)
{
	size_t pre = v->n, suf = v->n;

	struct cell c[MAX_CELLS];

	for (uint32_t k = from; next_row(b, &k, ncells, c);) {
		size_t m = 0;

		if (!c[col].n || (c[col].n == v->n && !memcmp(c[col].s, v->s, v->n)))
			continue;
		while (m < pre && m < c[col].n && c[col].s[m] == v->s[m])
			m++;
		pre = m;
		m = 0;
		while (m < suf && m < c[col].n && c[col].s[c[col].n - 1 - m] == v->s[v->n - 1 - m])
			m++;
		suf = m;
	}
	/* whole path components: back to a separator on either side */
	while (pre > 0 && v->s[pre - 1] != '/' && v->s[pre - 1] != '\\')
		pre--;
	while (suf > 0 && v->s[v->n - suf] != '/' && v->s[v->n - suf] != '\\')
		suf--;
	if (pre + suf >= v->n)
		return sink_strndup(s, v->s, v->n);
	return sink_strndup(s, v->s + pre, v->n - pre - suf);
}

/* ---- parse ---- */

struct bdn {
	struct sink *s;
	const struct block *b;
	struct table t;
	int have_table;
	struct namer nm;
	uint32_t from; /* first line index after the header */
	char decimal;  /* the table's decimal mark, '.' or ',' (decimal_mark()) */
};

/*
 * "Method(N: 100, Size: 10)", after "Type." when there is a Type column;
 * a job column that tells apart rows of one build joins the parameters
 * ("RunOnMethodBegin(Toolchain: net472)").
 */
static const char *subject_of(struct bdn *p, const struct cell *c, size_t *len)
{
	struct buf_ { char s[512]; size_t n; } out = { .n = 0 };
	const struct table *t = &p->t;
	int params = 0;

#define ADD(ptr, k)                                                                                \
	do {                                                                                       \
		size_t k_ = (k);                                                                   \
		if (out.n + k_ < sizeof(out.s)) {                                                  \
			memcpy(out.s + out.n, (ptr), k_);                                          \
			out.n += k_;                                                               \
		}                                                                                  \
	} while (0)
	for (int i = 0; i < t->n; i++)
		if (t->col[i] == C_TYPE && c[i].n) {
			ADD(c[i].s, c[i].n);
			ADD(".", 1);
		}
	for (int i = 0; i < t->n; i++)
		if (t->col[i] == C_METHOD) {
			size_t base, n = c[i].n;

			if (p->nm.method_tag && method_tag(&c[i], &base))
				n = base;
			if (!p->nm.method_all)
				ADD(c[i].s, n);
		}
	for (int i = 0; i < t->n; i++) {
		if ((t->col[i] != C_PARAM && !p->nm.split[i]) || !c[i].n)
			continue; /* (an empty cell: a parameter this benchmark does not take) */
		ADD(params++ ? ", " : "(", params ? 2 : 1);
		ADD(t->name[i].s, t->name[i].n);
		ADD(": ", 2);
		ADD(c[i].s, c[i].n);
	}
	if (params)
		ADD(")", 1);
#undef ADD
	*len = out.n;
	return sink_strndup(p->s, out.s, out.n);
}

/*
 * The row's count of measurements from its N column (after the figures):
 * 0 when the table has none or the cell holds none, -1 when it is garbled.
 */
static long row_count(const struct table *t, const struct cell *c)
{
	double v;
	long n;

	for (int i = 0; i < t->n; i++) {
		if (t->col[i] != C_COUNT || no_figure(&c[i]))
			continue;
		if (num_parse_grouped(c[i].s, c[i].n, ',', &v) < 0 || (n = num_whole(v)) < 0)
			return -1;
		return n;
	}
	return 0;
}

/* Every figure of a row, or with `dry` only whether every one reads: -1 when one does not. */
static int row_figures(struct bdn *p, uint32_t run, const struct line *l, const struct cell *c, int dry)
{
	static const enum stat_kind stat_of[] = {
		[C_MEAN] = STAT_MEAN, [C_ERROR] = STAT_ERR999, [C_SD] = STAT_SD, [C_SEM] = STAT_SEM, [C_MEDIAN] = STAT_MEDIAN,
		[C_MIN] = STAT_MIN,   [C_MAX] = STAT_MAX,       [C_PCT] = STAT_VALUE, [C_OPS] = STAT_VALUE,
		[C_GEN] = STAT_VALUE, [C_ALLOC] = STAT_VALUE,   [C_CODE] = STAT_VALUE,
	};
	const struct table *t = &p->t;
	long count = row_count(t, c);

	if (count < 0)
		return -1;
	for (int i = 0; i < t->n; i++) {
		enum col col = t->col[i];
		const char *num;
		size_t nl;
		enum unit u;
		double v;

		if (col == C_NOTE) {
			if (!dry && c[i].n && !cell_is(&c[i], "-"))
				sink_note(p->s, run, NOTE_SUMMARY, l, "BenchmarkDotNet %.*s: %.*s", (int)t->name[i].n,
					  t->name[i].s, (int)c[i].n, c[i].s);
			continue;
		}
		if (col < C_MEAN || col >= C_COUNT || no_figure(&c[i]))
			continue;
		if (cell_value(&c[i], &t->unit[i], col, p->decimal, &u, &v, &num, &nl) < 0)
			return -1;
		if (!dry)
			sink_measure(p->s, run, figure_cols[t->fig[i]].quantity, stat_of[col], u, v,
				     col <= C_PCT ? (uint32_t)count : 0, l, num, nl);
	}
	return 0;
}

static void on_row(struct bdn *p, const struct line *l)
{
	struct cell c[MAX_CELLS];
	const struct table *t = &p->t;
	struct sink_txn txn;
	const char *subject;
	size_t sn;
	uint32_t run;
	int n = split_cells(l->s + l->indent, l->s + l->len, c);

	if (n > t->n && n == t->n + 1 && (cell_is(&c[n - 1], "^") || !c[n - 1].n))
		n--; /* the console's mark after a row's last '|' */
	if (n > 0 && is_blank_row(c, n))
		return;
	if (n != t->n || row_figures(p, 0, l, c, 1) < 0) {
		bench_lost(p->s, l, "garbled BenchmarkDotNet row");
		return;
	}
	subject = subject_of(p, c, &sn);
	run = bench_begin(p->s, &txn, l, subject, sn);
	if (p->nm.col >= 0 && c[p->nm.col].n) {
		struct run *r = &p->s->rs->runs[run];
		const struct cell *v = &c[p->nm.col];
		size_t base;

		if (p->nm.method_tag && method_tag(v, &base))
			r->variant.text = sink_strndup(p->s, v->s + base + 2, v->n - base - 3);
		else if (p->nm.path)
			r->variant.text = path_part(p->s, p->b, p->from, p->nm.col, t->n, v);
		else
			r->variant.text = sink_strndup(p->s, v->s, v->n);
		r->variant.origin = VO_LABEL;
	}
	for (int i = 0; i < t->n; i++)
		if ((t->col[i] == C_JOB || t->col[i] == C_CHAR) && i != p->nm.col && c[i].n)
			sink_note(p->s, run, NOTE_INFO, l, "%.*s=%.*s", (int)t->name[i].n, t->name[i].s,
				  (int)c[i].n, c[i].s);
	row_figures(p, run, l, c, 0);
	sink_txn_finish(p->s, &txn, l, "BenchmarkDotNet row without a figure (NA)");
}

/* "  [Host]     : .NET 9.0.1 (9.0.124.61010), X64 RyuJIT AVX2": the job's runtime, a fact. */
static void on_env(struct bdn *p, const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l), *colon;
	char key[80];

	if (is_job_line(l) && (colon = memchr(s, ':', (size_t)(end - s)))) {
		const char *k = s, *ke = colon;

		while (ke > k && ke[-1] == ' ')
			ke--;
		snprintf(key, sizeof(key), "bdn.job.%.*s", (int)(ke - k), k);
		for (colon++; colon < end && *colon == ' '; colon++)
			;
		sink_fact(p->s, l, key, sink_strndup(p->s, colon, (size_t)(end - colon)));
	} else if (text_contains(s, (size_t)(end - s), " CPU") || line_starts(l, "Processor=")) {
		sink_fact(p->s, l, "cpu", sink_strndup(p->s, s, (size_t)(end - s)));
	} else if (line_starts(l, ".NET")) {
		sink_fact(p->s, l, "dotnet.sdk", sink_strndup(p->s, s, (size_t)(end - s)));
	}
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct bdn p = { .s = s, .b = b };

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *v = l->s + l->indent;

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_VERSION:
			sink_fact(s, l, "benchmarkdotnet", sink_strndup(s, v, line_end(l) - l->indent));
			break;
		case K_ENV:
			on_env(&p, l);
			break;
		case K_SETTINGS:
			sink_fact(s, l, "bdn.settings", sink_strndup(s, v, line_end(l) - l->indent));
			break;
		case K_HEADER:
			p.have_table = read_header(l, &p.t) == 0;
			if (!p.have_table) {
				sink_warn(s, l, "BenchmarkDotNet table header cannot be read; table skipped");
				break;
			}
			p.from = i + 1;
			p.decimal = decimal_mark(s, b, i + 1, &p.t);
			if (!p.decimal) {
				p.have_table = 0;
				break;
			}
			choose_namer(b, i + 1, &p.t, &p.nm);
			choose_splitters(b, i + 1, &p.t, &p.nm);
			break;
		case K_ROW:
			if (p.have_table)
				on_row(&p, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "|", "BenchmarkDotNet", "// * Summary *", "M", "T", NULL };

const struct parser bdn_parser = {
	.fmt = FMT_BDN,
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
