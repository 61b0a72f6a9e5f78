/*
 * benchcmp.c - Go's benchcmp (golang.org/x/tools/cmd/benchcmp, before
 * benchstat) tables → one run per benchmark row and column:
 * NAME.time_per_op (ns/op), NAME.throughput (MB/s, 10^6 bytes per
 * second), NAME.allocs_per_op ("allocs"), NAME.bytes_per_op ("bytes"),
 * each the one figure go test printed (benchcmp compares single runs).
 * NAME is as printed ("BenchmarkConcat-8"), less the GOMAXPROCS suffix
 * every row of the block has, as gotest.c reads go test's own lines, so
 * that the two meet.
 *
 *   benchmark           old ns/op     new ns/op     delta
 *   BenchmarkConcat     523           68.6          -86.88%
 *
 *   benchmark           old MB/s     new MB/s     speedup
 *
 * The two columns are the files the benchcmp command above the table
 * names, else "old" and "new" (comparer.h). benchcmp's delta and speedup
 * are notes on the new run, never figures.
 */
#include "parsers/bench.h"
#include "parsers/comparer.h"
#include "parsers/units.h"
#include "util/util.h"

/* What a line of benchcmp output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER, /* "benchmark  old ns/op  new ns/op  delta" (MB/s, allocs, bytes; "speedup") */
	K_ROW,    /* "BenchmarkX  523  68.6  -86.88%", garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "row" };

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int word_is(const struct cmp_tok *t, const char *w)
{
	return t->n == strlen(w) && !memcmp(t->s, w, t->n);
}

/* The section a header's unit opens, or 0: 't'ime, 's'peed, 'a'llocs, 'b'ytes. */
static int section_of(const struct cmp_tok *u)
{
	return word_is(u, "ns/op") ? 't' : word_is(u, "MB/s") ? 's' : word_is(u, "allocs") ? 'a'
	       : word_is(u, "bytes") ? 'b' : 0;
}

static int header_section(const struct line *l)
{
	struct cmp_tok t[7];

	if (!line_starts(l, "benchmark") || l->len - l->indent < 10 || !is_blank(l->s[l->indent + 9]))
		return 0;
	if (comparer_tokens(l, l->indent, t, countof(t)) != 6 || !word_is(&t[1], "old") ||
	    !word_is(&t[3], "new") || !(word_is(&t[5], "delta") || word_is(&t[5], "speedup")))
		return 0;
	return section_of(&t[2]) == section_of(&t[4]) ? section_of(&t[2]) : 0;
}

/*
 * The one classifier the claim and the parse share: a row is a
 * "Benchmark" name and at least two more words (a digit garbled anywhere
 * leaves it a row, reported, never read in part).
 */
static enum kind classify(const struct line *l)
{
	struct cmp_tok t[3];

	if (line_starts(l, "benchmark"))
		return header_section(l) ? K_HEADER : K_NONE;
	if (line_starts(l, "Benchmark") && comparer_tokens(l, l->indent, t, countof(t)) >= 3)
		return K_ROW;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block)
		return line_starts(l, "benchmark") && header_section(l) ? CLAIM_START : CLAIM_NONE;
	k = classify(l);
	return k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

struct parse {
	struct sink *s;
	char suffix[16];
	int section;
	const char *names[2];
	uint32_t name_line, header_line;
	const char *scenario;
};

/* A figure of the section: ns/op and MB/s as printed ("99.9", "2452"), allocs and bytes whole counts. */
static int read_value(int section, const struct cmp_tok *t, enum unit *u, double *v)
{
	switch (section) {
	case 't':
		return unit_value(t->s, t->n, "ns", 2, u, v);
	case 's':
		return unit_value(t->s, t->n, "MB/s", 4, u, v);
	default:
		*u = section == 'b' ? UNIT_BYTE : UNIT_COUNT;
		return num_parse(t->s, t->n, v) < 0 || num_whole(*v) < 0 ? -1 : 0;
	}
}

static void on_row(struct parse *ps, const struct line *l)
{
	static const char *const quantity[] = { ['t'] = "time_per_op", ['s'] = "throughput",
						['a'] = "allocs_per_op", ['b'] = "bytes_per_op" };
	struct cmp_tok t[5];
	size_t nt = comparer_tokens(l, l->indent, t, countof(t)), name_len;
	enum unit u[2];
	double v[2];

	if (!ps->section) {
		sink_warn(ps->s, l, "benchcmp row without its table's header; skipped");
		return;
	}
	/* name, old, new, delta ("-86.88%") or speedup ("1.18x") */
	if (nt != 4 || read_value(ps->section, &t[1], &u[0], &v[0]) < 0 ||
	    read_value(ps->section, &t[2], &u[1], &v[1]) < 0 || (t[3].s[t[3].n - 1] != '%' && t[3].s[t[3].n - 1] != 'x')) {
		bench_lost(ps->s, l, "garbled benchcmp row");
		return;
	}
	/* benchcmp on a 32-bit machine printed a time past 2^31 ns as its int's limit: no figure */
	if ((t[1].n == 10 && !memcmp(t[1].s, "2147483647", 10)) || (t[2].n == 10 && !memcmp(t[2].s, "2147483647", 10))) {
		sink_warn(ps->s, l, "benchcmp row with 2147483647 (a 32-bit overflow, not a figure) skipped");
		return;
	}
	name_len = bench_procs_strip(t[0].s, t[0].n, ps->suffix);
	for (int k = 0; k < 2; k++) {
		struct sink_txn txn;
		uint32_t run = comparer_run(ps->s, &txn, l, t[0].s, name_len, ps->names[k],
					    ps->name_line ? ps->name_line : ps->header_line, ps->scenario);

		sink_measure(ps->s, run, quantity[ps->section], STAT_VALUE, u[k], v[k], 0, l, t[1 + k].s, t[1 + k].n);
		if (k == 1)
			sink_note(ps->s, run, NOTE_VERDICT, l, "benchcmp vs %s: %.*s", ps->names[0], (int)t[3].n, t[3].s);
		bench_procs_note(ps->s, run, l, ps->suffix);
		sink_txn_finish(ps->s, &txn, l, NULL);
	}
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	bench_block_procs(s, b, classify_hook, K_ROW, ps.suffix, sizeof(ps.suffix));
	comparer_old_new(s, "benchcmp", ps.names, &ps.name_line, &ps.scenario);
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_HEADER:
			ps.section = header_section(l);
			ps.header_line = l->no;
			break;
		case K_ROW:
			on_row(&ps, l);
			break;
		default:
			break;
		}
	}
	return (int)(s->rs->nruns - first_run);
}

const struct parser benchcmp_parser = {
	.fmt = FMT_BENCHCMP,
	.starts = "b",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
