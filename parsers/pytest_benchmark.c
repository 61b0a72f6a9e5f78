/*
 * pytest_benchmark.c - pytest-benchmark's table ("Name (time in ms)  Min
 * Max  Mean  StdDev  Median  IQR  Outliers  OPS  Rounds  Iterations", any
 * subset of the columns) → NAME.time_per_op.{min,max,mean,stddev,median}
 * over NAME.runs rounds, NAME.ops_per_sec and NAME.iterations; one run per
 * row. The unit is the header's ("time in us"; OPS may be "Kops/s").
 * Rows of `--benchmark-compare` and `pytest-benchmark compare` end their
 * name with the run they come from, "(NOW)" or "(0001_main)": that names
 * the run's variant (origin label). The "(1.0)" factors beside each cell
 * are the table's own ratios, and IQR and Outliers have no stat of ours:
 * notes, never measurements.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of the table is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_TITLE,  /* "---- benchmark: 4 tests ----", "---- benchmark 'group': 2 tests ----" */
	K_HEADER, /* "Name (time in ms)  Min  Max ..." */
	K_RULE,   /* "--------" */
	K_LEGEND, /* "Legend:" and its lines */
	K_ROW,    /* any other line holding a digit: a row, garbled or cut included */
	K__COUNT
};

static const char *const kinds[] = { "none", "title", "header", "rule", "legend", "row" };

/* The text of `l` after its indentation, trailing blanks aside. */
static const char *body(const struct line *l, size_t *n)
{
	*n = line_end(l) - l->indent;
	return l->s + l->indent;
}

static int starts(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && !memcmp(s, w, k);
}

/* The one classifier the claim and the parse share. */
static enum kind classify(const struct line *l)
{
	size_t n;
	const char *s;

	if (l->len == l->indent)
		return K_NONE;
	s = body(l, &n);
	if (n == 0)
		return K_NONE;
	if (s[0] == '-') {
		size_t i = 0;

		while (i < n && s[i] == '-')
			i++;
		if (i == n)
			return n >= 10 ? K_RULE : K_NONE;
		return i >= 3 && starts(s + i, n - i, " benchmark") && text_contains(s, n, " tests -") ? K_TITLE
														: K_NONE;
	}
	if (starts(s, n, "Name (time in "))
		return K_HEADER;
	if (starts(s, n, "Legend:") || starts(s, n, "Outliers: ") || starts(s, n, "OPS: "))
		return K_LEGEND;
	for (size_t i = 0; i < n; i++)
		if (char_is_digit(s[i]))
			return K_ROW;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* Where a block is: its header read, and the rules since (the second one closes the rows). */
struct claim_state {
	uint8_t header;
	uint8_t rules;
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;

	/* outside a block only the title rule or the header starts one */
	if (!in_block && l->len > l->indent && l->s[l->indent] != '-' && l->s[l->indent] != 'N')
		return CLAIM_NONE;
	k = classify(l);
	switch (k) {
	case K_TITLE:
		st->header = 0, st->rules = 0;
		return CLAIM_START;
	case K_HEADER:
		st->header = 1, st->rules = 0;
		return CLAIM_START;
	case K_RULE:
		if (!in_block)
			return CLAIM_NONE;
		if (st->header && st->rules < 2)
			st->rules++;
		return CLAIM_BODY;
	case K_ROW:
		/* rows stand between the header's rule and the closing one */
		return in_block && (!st->header || st->rules < 2) ? CLAIM_BODY : CLAIM_NONE;
	case K_LEGEND:
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	case K_NONE:
	case K__COUNT:
		break;
	}
	return CLAIM_NONE;
}

enum col { C_MIN, C_MAX, C_MEAN, C_SD, C_MEDIAN, C_IQR, C_OUTLIERS, C_OPS, C_ROUNDS, C_ITERS, C__N };

static const char *const col_names[C__N] = { "Min", "Max", "Mean", "StdDev", "Median", "IQR", "Outliers", "OPS",
					       "Rounds", "Iterations" };

#define MAX_COLS 12

struct table {
	enum col col[MAX_COLS];
	int n;
	char unit[8];      /* "ms" */
	double ops_factor; /* 1, 1e3 (Kops/s), 1e6 (Mops/s) */
};

/* Read the header's columns; -1 when a word is none of pytest-benchmark's. */
static int read_header(const struct line *l, struct table *t)
{
	size_t n;
	const char *s = body(l, &n), *e = s + n, *p = s + 14, *u = p;

	t->n = 0;
	t->ops_factor = 1;
	while (p < e && *p != ')')
		p++;
	if (p == e || p - u >= (long)sizeof(t->unit) || p == u)
		return -1;
	memcpy(t->unit, u, (size_t)(p - u));
	t->unit[p - u] = '\0';
	for (p++; p < e;) {
		const char *w;
		size_t wn;
		int c;

		while (p < e && *p == ' ')
			p++;
		if (p == e)
			break;
		for (w = p; p < e && *p != ' ' && *p != '('; p++)
			;
		wn = (size_t)(p - w);
		for (c = 0; c < C__N; c++)
			if (strlen(col_names[c]) == wn && !memcmp(col_names[c], w, wn))
				break;
		if (c == C__N || t->n == MAX_COLS)
			return -1;
		t->col[t->n++] = (enum col)c;
		if (p < e && *p == '(') { /* "Outliers(*)", "OPS (Kops/s)" */
			const char *q = memchr(p, ')', (size_t)(e - p));

			if (!q)
				return -1;
			if (c == C_OPS && p[1] == 'K')
				t->ops_factor = 1e3;
			else if (c == C_OPS && p[1] == 'M')
				t->ops_factor = 1e6;
			p = q + 1;
		} else if (c == C_OPS && p + 1 < e && p[1] == '(') {
			const char *q = memchr(p, ')', (size_t)(e - p));

			if (!q)
				return -1;
			if (p[2] == 'K')
				t->ops_factor = 1e3;
			else if (p[2] == 'M')
				t->ops_factor = 1e6;
			p = q + 1;
		}
	}
	return t->n ? 0 : -1;
}

struct tok {
	const char *s;
	size_t n;
};

static int is_factor(const struct tok *t)
{
	return t->n >= 3 && t->s[0] == '(' && t->s[t->n - 1] == ')' &&
	       (char_is_digit(t->s[1]) || t->s[1] == '>' || t->s[1] == '<');
}

static void on_row(struct sink *s, const struct line *l, const struct table *t)
{
	size_t n;
	const char *b = body(l, &n), *e = b + n, *p = e, *name_end;
	struct tok val[MAX_COLS], fac[MAX_COLS];
	const char *subject = b, *variant = NULL;
	size_t sn, vn = 0;
	double rounds = 0, v;
	struct sink_txn txn;
	uint32_t run;

	/* the cells from the right: a value, then (for most columns) its factor */
	for (int c = t->n - 1; c >= 0; c--) {
		struct tok tk;

		for (int k = 0; k < 2; k++) {
			while (p > b && p[-1] == ' ')
				p--;
			tk.n = 0;
			while (p > b && p[-1] != ' ')
				p--, tk.n++;
			tk.s = p;
			if (!tk.n) {
				bench_lost(s, l, "pytest-benchmark row with too few cells");
				return;
			}
			if (k == 0 && is_factor(&tk)) {
				fac[c] = tk;
				continue;
			}
			if (k == 0)
				fac[c].n = 0;
			val[c] = tk;
			break;
		}
	}
	name_end = p;
	while (name_end > b && name_end[-1] == ' ')
		name_end--;
	sn = (size_t)(name_end - b);
	if (!sn) {
		bench_lost(s, l, "pytest-benchmark row without its name");
		return;
	}
	/* "test_fig (NOW)", "test_x (0001_main-ad)": the run the row comes from */
	if (subject[sn - 1] == ')') {
		const char *o = name_end - 1;

		while (o > b && *o != '(')
			o--;
		if (*o == '(' && o > b && o[-1] == ' ' && o + 1 < name_end - 1) {
			variant = o + 1, vn = (size_t)(name_end - 1 - o - 1);
			sn = (size_t)(o - b);
			while (sn && b[sn - 1] == ' ')
				sn--;
		}
	}
	for (int c = 0; c < t->n; c++)
		if (t->col[c] == C_ROUNDS &&
		    (num_parse_grouped(val[c].s, val[c].n, ',', &rounds) < 0 || rounds < 0 || rounds > UINT32_MAX)) {
			bench_lost(s, l, "garbled pytest-benchmark row");
			return;
		}
	run = bench_begin(s, &txn, l, subject, sn);
	for (int c = 0; c < t->n; c++) {
		static const enum stat_kind stat[] = { [C_MIN] = STAT_MIN, [C_MAX] = STAT_MAX, [C_MEAN] = STAT_MEAN,
						       [C_SD] = STAT_SD, [C_MEDIAN] = STAT_MEDIAN };
		const struct tok *tk = &val[c];
		int bad = 0;

		switch (t->col[c]) {
		case C_MIN:
		case C_MAX:
		case C_MEAN:
		case C_SD:
		case C_MEDIAN: {
			enum unit u;

			bad = unit_value_grouped(tk->s, tk->n, ',', t->unit, strlen(t->unit), &u, &v) < 0 ||
			      u != UNIT_SECOND;
			if (!bad)
				sink_measure(s, run, "time_per_op", stat[t->col[c]], u, v, (uint32_t)rounds, l, tk->s,
					     tk->n);
			break;
		}
		case C_OPS:
			bad = num_parse_grouped(tk->s, tk->n, ',', &v) < 0;
			if (!bad)
				sink_measure(s, run, "ops_per_sec", STAT_VALUE, UNIT_PER_S, v * t->ops_factor,
					     (uint32_t)rounds, l, tk->s, tk->n);
			break;
		case C_ROUNDS:
			sink_measure(s, run, "runs", STAT_VALUE, UNIT_COUNT, rounds, (uint32_t)rounds, l, tk->s, tk->n);
			break;
		case C_ITERS:
			bad = num_parse_grouped(tk->s, tk->n, ',', &v) < 0;
			if (!bad)
				sink_measure(s, run, "iterations", STAT_VALUE, UNIT_COUNT, v, 0, l, tk->s, tk->n);
			break;
		case C_IQR:
			bad = num_parse_grouped(tk->s, tk->n, ',', &v) < 0;
			if (!bad)
				sink_note(s, run, NOTE_INFO, l, "pytest-benchmark: IQR %.*s %s", (int)tk->n, tk->s,
					  t->unit);
			break;
		case C_OUTLIERS: {
			const char *semi = memchr(tk->s, ';', tk->n);

			bad = !semi || num_parse(tk->s, (size_t)(semi - tk->s), &v) < 0 ||
			      num_parse(semi + 1, tk->n - (size_t)(semi + 1 - tk->s), &v) < 0;
			if (!bad)
				sink_note(s, run, NOTE_OUTLIERS, l,
					  "pytest-benchmark: outliers %.*s (beyond 1 standard deviation; beyond 1.5 IQR)",
					  (int)tk->n, tk->s);
			break;
		}
		case C__N:
			break;
		}
		if (bad) {
			sink_txn_rollback(s, &txn);
			bench_lost(s, l, "garbled pytest-benchmark row");
			return;
		}
		if (fac[c].n)
			sink_note(s, run, NOTE_INFO, l, "pytest-benchmark: %s %.*s relative to the best",
				  col_names[t->col[c]], (int)fac[c].n, fac[c].s);
	}
	if (variant) {
		struct run *r = &s->rs->runs[run];

		r->variant.text = sink_strndup(s, variant, vn);
		r->variant.origin = VO_LABEL;
	}
	sink_txn_finish(s, &txn, l, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first_run = (uint32_t)s->rs->nruns;
	struct table t = { .n = 0 };
	const char *group = NULL;
	int rules = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		size_t n;
		const char *q, *body_s;

		switch (classify(l)) {
		case K_TITLE:
			/* "benchmark 'group': 2 tests": the group is the scenario of its rows */
			body_s = body(l, &n);
			q = memchr(body_s, '\'', n);
			group = NULL;
			if (q) {
				const char *q2 = memchr(q + 1, '\'', n - (size_t)(q + 1 - body_s));

				if (q2)
					group = sink_strndup(s, q + 1, (size_t)(q2 - q - 1));
			}
			break;
		case K_HEADER:
			rules = 0;
			if (read_header(l, &t) < 0) {
				sink_warn(s, l, "pytest-benchmark header with an unknown column; its table skipped");
				t.n = 0;
			}
			break;
		case K_ROW:
			if (t.n && rules < 2) {
				uint32_t before = (uint32_t)s->rs->nruns;

				on_row(s, l, &t);
				if (group && s->rs->nruns > before)
					s->rs->runs[before].scenario = group;
			}
			break;
		case K_RULE:
			rules++;
			break;
		case K_LEGEND:
		case K_NONE:
		case K__COUNT:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser pytest_benchmark_parser = {
	.fmt = FMT_PYTEST_BENCHMARK,
	.starts = "-N",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
