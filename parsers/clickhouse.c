/*
 * clickhouse.c - clickhouse-client's summary of a query → one run per
 * query: "1 rows in set. Elapsed: 4.933 sec. Processed 100.00 billion
 * rows, 100.00 GB (20.27 billion rows/s., 20.27 GB/s.)" as wall_time,
 * rows_per_sec and throughput, and the next line's "Peak memory usage:
 * 9.52 KiB." (clients since 23.8) as peak_memory. The client prints the
 * rows read and their rates with the words thousand, million, billion,
 * trillion, quadrillion, the bytes read in decimal units (KB is 1000 B)
 * and the peak memory in binary ones (KiB). The rows and bytes the query
 * read are its work, the same for every build: not read, and so is a
 * "Peak memory: 3.38 GiB." inside the summary line, beside the "Peak
 * memory usage:" line under it. A summary without "Processed" (a query
 * that read nothing) gives its time alone.
 */
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_SUMMARY, /* "1 rows in set. Elapsed: 4.933 sec. Processed ..." */
	K_PEAK,    /* "Peak memory usage: 9.52 KiB." */
	K__COUNT
};

static const char *const kinds[] = { "none", "summary", "peak memory" };

/* The count then " row(s) in set." ("1 row in set.", "10 rows in set."): the count may be garbled. */
static int rows_in_set(const char *s, size_t n)
{
	size_t i = 0;
	int digit = 0;

	while (i < n && s[i] != ' ')
		digit |= char_is_digit(s[i++]);
	return digit && (lg_prefix(s + i, n - i, " rows in set.") || lg_prefix(s + i, n - i, " row in set."));
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	if (s[0] == 'P')
		return lg_prefix(s, n, "Peak memory usage: ") ? K_PEAK : K_NONE;
	return rows_in_set(s, n) && text_contains(s, n, " Elapsed: ") ? K_SUMMARY : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* A query's summary begins a block; its peak memory line, right under it, goes on with it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	return claim_from_kind(classify(l), K_SUMMARY, in_block);
}

/* "20.27 billion" (two words) or "17.97" (one) at tok[*i]: a count; *i moves past it. */
static int quantity(const char *const *tok, const size_t *len, size_t nt, size_t *i, double *v, size_t *nl)
{
	static const struct {
		const char *word;
		double scale;
	} words[] = { { "thousand", 1e3 }, { "million", 1e6 }, { "billion", 1e9 }, { "trillion", 1e12 },
		      { "quadrillion", 1e15 } };

	if (*i >= nt || lg_num_len(tok[*i], len[*i]) != len[*i] || num_parse(tok[*i], len[*i], v) < 0)
		return -1;
	*nl = len[*i];
	(*i)++;
	for (size_t w = 0; *i < nt && w < countof(words); w++)
		if (len[*i] == strlen(words[w].word) && !memcmp(tok[*i], words[w].word, len[*i])) {
			*v *= words[w].scale;
			(*i)++;
			break;
		}
	return 0;
}

/* "20.27 GB/s.)" → bytes per second (decimal units); "143.75 B/s.)" too. */
static int rate_bytes(const char *t, size_t n, const char *u, size_t un, double *v)
{
	enum unit got;

	while (un && (u[un - 1] == ')' || u[un - 1] == '.'))
		un--;
	if (un < 3 || memcmp(u + un - 2, "/s", 2))
		return -1;
	un -= 2;
	if (!un || u[un - 1] != 'B' || un > 2)
		return -1;
	return unit_value(t, n, u, un, &got, v) == 0 && got == UNIT_BYTE ? 0 : -1;
}

/*
 * "1 rows in set. Elapsed: 4.933 sec. Processed 100.00 billion rows,
 * 100.00 GB (20.27 billion rows/s., 20.27 GB/s.)"
 */
static void on_summary(struct sink *s, uint32_t run, const struct line *l)
{
	const char *str = l->s + l->indent, *tok[32];
	size_t n = line_end(l) - l->indent, len[32], nt = text_split_words(str, n, 0, tok, len, 32), i = 0, nl;
	struct lg_line ll;
	double v = 0;

	lg_line_init(&ll, l);
	while (i < nt && !(len[i] == 8 && !memcmp(tok[i], "Elapsed:", 8)))
		i++;
	if (i + 2 >= nt || len[i + 2] != 4 || memcmp(tok[i + 2], "sec.", 4)) {
		lg_emit(s, run, &(struct lg_line){ .l = l, .bad = 1 }, "garbled clickhouse-client summary line");
		return;
	}
	lg_fig(&ll, "wall_time", STAT_VALUE, tok[i + 1], len[i + 1], "s", 1, UNIT_SECOND);
	i += 3;
	/* "Peak memory: 3.38 GiB." before "Processed" (clients of 2024): beside the line's own
	   "Peak memory usage:" below, which of the two peaks it is the client does not say: not read */
	if (i + 3 < nt && len[i] == 4 && !memcmp(tok[i], "Peak", 4) && len[i + 1] == 7 && !memcmp(tok[i + 1], "memory:", 7))
		i += 4;
	if (i < nt) {
		/* "Processed" N [word] "rows," N UNIT "(" N [word] "rows/s.," N "UNIT/s.)" */
		double rows;

		if (len[i] != 9 || memcmp(tok[i], "Processed", 9)) {
			ll.bad = 1;
		} else {
			i++;
			if (quantity(tok, len, nt, &i, &rows, &nl) < 0 || i >= nt || len[i] != 5 || memcmp(tok[i], "rows,", 5))
				ll.bad = 1;
			i += 3; /* "rows," and the bytes read, in two words */
			if (!ll.bad && (i >= nt || tok[i][0] != '('))
				ll.bad = 1;
			if (!ll.bad) {
				size_t at;

				tok[i]++, len[i]--;
				at = i;
				if (quantity(tok, len, nt, &i, &v, &nl) < 0 || i >= nt || len[i] != 8 ||
				    memcmp(tok[i], "rows/s.,", 8))
					ll.bad = 1;
				else
					lg_value(&ll, "rows_per_sec", STAT_VALUE, UNIT_PER_S, v, tok[at], nl, 1);
				i++;
				if (!ll.bad && i + 2 == nt && lg_num_len(tok[i], len[i]) == len[i] &&
				    rate_bytes(tok[i], len[i], tok[i + 1], len[i + 1], &v) == 0)
					lg_value(&ll, "throughput", STAT_VALUE, UNIT_BYTE_PER_S, v, tok[i], len[i], 1);
				else
					ll.bad = 1;
			}
		}
	}
	lg_emit(s, run, &ll, "garbled clickhouse-client summary line");
}

/* "Peak memory usage: 9.52 KiB." */
static void on_peak(struct sink *s, uint32_t run, const struct line *l)
{
	const char *str = l->s + l->indent, *tok[6];
	size_t n = line_end(l) - l->indent, len[6], nt = text_split_words(str, n, 0, tok, len, 6);
	struct lg_line ll;
	double v = 0;
	enum unit got;
	int ok;

	lg_line_init(&ll, l);
	ok = nt == 5 && len[4] >= 2 && tok[4][len[4] - 1] == '.' && lg_num_len(tok[3], len[3]) == len[3] &&
	     unit_value(tok[3], len[3], tok[4], len[4] - 1, &got, &v) == 0 && got == UNIT_BYTE;
	lg_value(&ll, "peak_memory", STAT_VALUE, UNIT_BYTE, v, nt > 3 ? tok[3] : str, nt > 3 ? len[3] : 0, ok);
	lg_emit(s, run, &ll, "garbled clickhouse-client peak memory line");
}

static int parse(const struct block *b, struct sink *s)
{
	struct sink_txn t = { 0 };
	uint32_t from = (uint32_t)s->rs->nruns, run = 0;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE)
			continue;
		if (!t.open || k == K_SUMMARY) {
			if (t.open)
				sink_txn_finish(s, &t, l, "clickhouse-client summary without a readable figure");
			run = sink_txn_begin(s, &t, l);
		}
		if (k == K_SUMMARY)
			on_summary(s, run, l);
		else
			on_peak(s, run, l);
	}
	return lg_end_block(s, &t, 0, &b->lines[b->n - 1], "clickhouse-client summary without a readable figure",
			    from, "clickhouse-client");
}

const struct parser clickhouse_parser = {
	.fmt = FMT_CLICKHOUSE,
	.starts = "0123456789",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
