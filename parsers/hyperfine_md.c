/*
 * hyperfine_md.c - hyperfine --export-markdown tables: one run per row →
 * time.mean, time.stddev, time.min, time.max (and user.mean, system.mean
 * where a version prints them), in the unit the header names; the
 * Relative column is a note (the compare engine computes its own ratios).
 * Columns are found by their header cells, so the old "Min…Max" layout
 * (hyperfine ≤ 1.5) reads too. Variants come from the commands.
 */
#include "parsers/bench.h"
#include "parsers/cmdsplit.h"
#include "parsers/units.h"

#define NUM "[0-9]+(?:\\.[0-9]+)?"
#define PM "(?:\xc2\xb1|\\+-|\\+/-)"           /* ± */
#define ELLIPSIS "(?:\xe2\x80\xa6|\\.\\.\\.)" /* … */
#define MAX_CELLS 16

enum {
	RX_HEAD,
	RX_VALUE,
	RX_RANGE,
};

static struct rx patterns[] = {
	[RX_HEAD] = { "hyperfine markdown header cell",
		      "^(?<name>Command|Benchmark|Mean|Min\\.?|Max\\.?|User|System|Relative|Min" ELLIPSIS "Max)"
		      "(?:\\s*\\[(?<unit>[^\\]]+)\\])?$",
		      0 },
	[RX_VALUE] = { "hyperfine markdown value", "^(?<v>" NUM ")(?:\\s*" PM "\\s*(?<sd>" NUM "))?$", 0 },
	[RX_RANGE] = { "hyperfine markdown range", "^(?<a>" NUM ")\\s*" ELLIPSIS "\\s*(?<b>" NUM ")$", 0 },
};

enum column {
	COL_OTHER,
	COL_COMMAND,
	COL_MEAN,
	COL_MIN,
	COL_MAX,
	COL_USER,
	COL_SYSTEM,
	COL_RELATIVE,
	COL_RANGE,
};

struct cell {
	const char *s;
	size_t n;
};

/* Split a table row at its unescaped '|' into trimmed cells; the number of cells, or -1. */
static int split_row(const struct line *l, struct cell *cells)
{
	const char *p = l->s + l->indent, *end = l->s + l->len;
	int n = 0;

	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (p == end || *p != '|' || end[-1] != '|' || end - p < 2)
		return -1;
	for (p++; p < end;) {
		const char *start = p, *stop;

		while (p < end && !(*p == '|' && p[-1] != '\\'))
			p++;
		if (p == end)
			return -1;
		for (stop = p; start < stop && (*start == ' ' || *start == '\t'); start++)
			;
		while (stop > start && (stop[-1] == ' ' || stop[-1] == '\t'))
			stop--;
		if (n == MAX_CELLS)
			return -1;
		cells[n].s = start;
		cells[n++].n = (size_t)(stop - start);
		p++;
	}
	return n;
}

/* "|:---|---:|" */
static int is_divider(const struct cell *cells, int n)
{
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < cells[i].n; k++)
			if (cells[i].s[k] != '-' && cells[i].s[k] != ':')
				return 0;
	return n > 0;
}

/* What a line of a hyperfine markdown table is, by its header's words and its cells. */
enum kind {
	K_NONE,
	K_HEADER,  /* "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |" */
	K_DIVIDER, /* "|:---|---:|---:|---:|---:|" */
	K_ROW,     /* any other "|" line: a row, garbled or cut included */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "divider", "row" };

/* The one classifier the claim and the parse share. */
static enum kind classify(const struct line *l)
{
	struct cell cells[MAX_CELLS];
	int n;

	if (!line_starts(l, "|"))
		return K_NONE;
	if (line_starts(l, "| Command | Mean [") || line_starts(l, "| Benchmark | Mean ["))
		return K_HEADER;
	n = split_row(l, cells);
	return n > 0 && is_divider(cells, n) ? K_DIVIDER : K_ROW;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	uint32_t last; /* the block's last line so far */
};

/* hyperfine prints its table whole: a row after a blank line is another table's. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	enum claim c;

	if (k == K_HEADER)
		c = CLAIM_START;
	else
		c = in_block && k != K_NONE && !line_after_gap(l, st->last) ? CLAIM_BODY : CLAIM_NONE;
	if (c != CLAIM_NONE)
		st->last = l->no;
	return c;
}

struct table {
	enum column kind[MAX_CELLS];
	struct cell unit[MAX_CELLS];
	int n;
};

static int read_header(struct rx_thread *rx, const struct line *l, struct table *t)
{
	struct cell cells[MAX_CELLS];
	struct rx *p = &patterns[RX_HEAD];

	t->n = split_row(l, cells);
	if (t->n < 2)
		return -1;
	for (int i = 0; i < t->n; i++) {
		const char *name, *unit;
		size_t nn, un;

		t->kind[i] = COL_OTHER;
		t->unit[i].n = 0;
		if (!rx_match(rx, p, cells[i].s, cells[i].n) || !rx_named(rx, p, "name", &name, &nn))
			continue;
		if (rx_named(rx, p, "unit", &unit, &un)) {
			t->unit[i].s = unit;
			t->unit[i].n = un;
		}
		if (!memcmp(name, "Command", 7) || !memcmp(name, "Benchmark", 9))
			t->kind[i] = COL_COMMAND;
		else if (!memcmp(name, "Mean", 4))
			t->kind[i] = COL_MEAN;
		else if (nn > 3 && !memcmp(name, "Min", 3) && name[3] != '.')
			t->kind[i] = COL_RANGE; /* "Min…Max" */
		else if (!memcmp(name, "Min", 3))
			t->kind[i] = COL_MIN;
		else if (!memcmp(name, "Max", 3))
			t->kind[i] = COL_MAX;
		else if (!memcmp(name, "User", 4))
			t->kind[i] = COL_USER;
		else if (!memcmp(name, "System", 6))
			t->kind[i] = COL_SYSTEM;
		else if (!memcmp(name, "Relative", 8))
			t->kind[i] = COL_RELATIVE;
	}
	return 0;
}

static int has_group(const struct rx_thread *rx, const struct rx *p, const char *name)
{
	const char *s;
	size_t n;

	return rx_named(rx, p, name, &s, &n);
}

/* A figure of a matched value or range cell, in column `col`'s unit; -1 when it does not convert. */
static int figure(struct sink *s, uint32_t run, const struct line *l, const struct table *t, int col,
		  const struct rx *p, const char *group, const char *quantity, enum stat_kind stat,
		  int dry)
{
	const char *num;
	size_t n;
	enum unit u;
	double v;

	if (!rx_named(s->rx, p, group, &num, &n))
		return 0; /* an optional part that is absent (no ± for a single run) */
	if (unit_value(num, n, t->unit[col].s, t->unit[col].n, &u, &v) < 0 || u != UNIT_SECOND)
		return -1;
	if (!dry)
		sink_measure(s, run, quantity, stat, UNIT_SECOND, v, 0,
			     l, num, n);
	return 0;
}

/*
 * The figures of a row's cells. With `dry` set, only checks that every
 * one converts (a row is read whole or not at all); returns -1 if not.
 */
static int row_figures(struct sink *s, uint32_t run, const struct line *l, const struct table *t,
		       const struct cell *cells, int dry)
{
	static const struct {
		enum column kind;
		const char *quantity;
	} simple[] = { { COL_MIN, "time" }, { COL_MAX, "time" }, { COL_USER, "user" }, { COL_SYSTEM, "system" } };

	for (int i = 0; i < t->n; i++) {
		struct rx *v = &patterns[RX_VALUE], *r = &patterns[RX_RANGE];
		int rc = 0;

		switch (t->kind[i]) {
		case COL_MEAN:
			if (!rx_match(s->rx, v, cells[i].s, cells[i].n))
				return -1;
			rc = figure(s, run, l, t, i, v, "v", "time", STAT_MEAN, dry);
			if (rc == 0)
				rc = figure(s, run, l, t, i, v, "sd", "time", STAT_SD, dry);
			break;
		case COL_MIN:
		case COL_MAX:
		case COL_USER:
		case COL_SYSTEM:
			if (!rx_match(s->rx, v, cells[i].s, cells[i].n) || has_group(s->rx, v, "sd"))
				return -1;
			for (size_t k = 0; k < countof(simple); k++)
				if (simple[k].kind == t->kind[i])
					rc = figure(s, run, l, t, i, v, "v", simple[k].quantity,
						    t->kind[i] == COL_MIN   ? STAT_MIN
						    : t->kind[i] == COL_MAX ? STAT_MAX
									    : STAT_MEAN,
						    dry);
			break;
		case COL_RANGE:
			if (!rx_match(s->rx, r, cells[i].s, cells[i].n))
				return -1;
			rc = figure(s, run, l, t, i, r, "a", "time", STAT_MIN, dry);
			if (rc == 0)
				rc = figure(s, run, l, t, i, r, "b", "time", STAT_MAX, dry);
			break;
		case COL_RELATIVE:
			if (!dry)
				sink_note(s, run, NOTE_SUMMARY, l, "relative to the fastest: %.*s",
					  (int)cells[i].n, cells[i].s);
			break;
		default:
			break;
		}
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The command of a row: without its backticks, "\|" as '|'. */
static const char *command_of(struct sink *s, const struct cell *c)
{
	const char *p = c->s;
	size_t n = c->n;
	char *out, *o;

	if (n >= 2 && p[0] == '`' && p[n - 1] == '`')
		p++, n -= 2;
	o = out = arena_strndup(s->arena, p, n);
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\\' && i + 1 < n && p[i + 1] == '|')
			continue;
		*o++ = p[i];
	}
	*o = '\0';
	return out;
}

static int parse(const struct block *b, struct sink *s)
{
	struct table t;
	uint32_t first_run = (uint32_t)s->rs->nruns;
	int cmd = -1;

	if (read_header(s->rx, &b->lines[0], &t) < 0) {
		sink_warn(s, &b->lines[0], "hyperfine markdown header cannot be read; table skipped");
		return 0;
	}
	for (int i = 0; i < t.n; i++)
		if (t.kind[i] == COL_COMMAND && cmd < 0)
			cmd = i;
	for (uint32_t i = 1; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct cell cells[MAX_CELLS];
		int n;
		uint32_t run;

		if (l->indent == l->len || classify(l) == K_DIVIDER)
			continue;
		n = split_row(l, cells);
		if (n != t.n || cmd < 0 || cells[cmd].n == 0 ||
		    row_figures(s, 0, l, &t, cells, 1) < 0) {
			bench_lost(s, l, "garbled hyperfine markdown row");
			continue;
		}
		run = sink_run(s, l);
		s->rs->runs[run].command = command_of(s, &cells[cmd]);
		row_figures(s, run, l, &t, cells, 0);
	}
	cmd_propose(s->rs, first_run, s->arena);
	return (int)(s->rs->nruns - first_run);
}

const struct parser hyperfine_md_parser = {
	.fmt = FMT_HYPERFINE_MD,
	.starts = "|",
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
