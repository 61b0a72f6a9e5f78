/*
 * loadgen.h - what the readers of HTTP load generators share (wrk, ab,
 * hey and oha, vegeta, k6, h2load, bombardier): one line's figures read all or none,
 * the names of latency percentiles, the request count that a run's latency
 * figures summarize, and the command or target that names a run.
 *
 * Every load generator's figures go under one vocabulary (metrics.h):
 * requests per second are `qps`, requests made `calls`, the test's length
 * `wall_time`, latency `latency` (mean, stddev, min, max, median: the
 * figures hyperfine prints for `time`), its percentiles `latency.pNN`,
 * bytes per second `throughput`, failures `errors` and `errors.KIND`,
 * responses per status `code.NNN`.
 */
#ifndef BD_PARSERS_LOADGEN_H
#define BD_PARSERS_LOADGEN_H

#include "parsers/parser.h"

#define LG_MAX_FIGS 24

/* A figure read from a line, kept until the whole line has read. */
struct lg_fig {
	const char *quantity; /* a literal or in the sink's arena */
	enum stat_kind stat;
	enum unit unit;
	double v;
	const char *num; /* the printed number, inside the line */
	size_t len;
	uint32_t n; /* how many samples the figure summarizes (0: unknown); lg_value() sets 0 */
};

/* The figures of one line: added by lg_emit() only when every one of them read. */
struct lg_line {
	const struct line *l;
	struct lg_fig f[LG_MAX_FIGS];
	size_t n;
	int bad; /* a figure did not read (or there were too many): the line is damaged */
};

void lg_line_init(struct lg_line *ll, const struct line *l);
/*
 * A number `num` in the unit spelt `unit` (units.c), or a plain number in
 * unit `plain` when `unit` is NULL. Marks the line bad when it does not read.
 */
void lg_fig(struct lg_line *ll, const char *quantity, enum stat_kind stat, const char *num, size_t num_len,
	    const char *unit, size_t unit_len, enum unit plain);
/* A count: digits only ("1,234" with `sep` ',' when it is not 0). */
void lg_count(struct lg_line *ll, const char *quantity, const char *num, size_t num_len, char sep);
/* A figure its reader converted itself (`ok` 0 marks the line bad). */
void lg_value(struct lg_line *ll, const char *quantity, enum stat_kind stat, enum unit unit, double v,
	      const char *num, size_t num_len, int ok);
/*
 * Add every figure of the line to `run`; when one did not read, add none,
 * and report the line damaged (`what`, "garbled wrk Latency line").
 * Returns 0, or -1 when the line was damaged.
 */
int lg_emit(struct sink *s, uint32_t run, struct lg_line *ll, const char *what);

/* "latency.p50", "latency.p99.9" for the percentile printed as `p` ("99.90"); NULL when it is no number. */
const char *lg_percentile(struct sink *s, const char *p, size_t n);

/*
 * The run's latency figures (latency, latency.pNN, from the transaction's
 * start) that have no count yet summarize `requests` requests.
 */
void lg_set_counts(struct sink *s, const struct sink_txn *t, double requests);

/*
 * The command that ran the test: the command line above the block when it
 * runs `tool` (its program's name), else `target` (the URL the output
 * printed, or NULL). Sets run->command (copied), so that commands that
 * differ (a binary, a port) name their runs in the naming pass.
 */
void lg_command(struct sink *s, uint32_t run, const char *tool, const char *target, size_t target_len);

/*
 * The end of a block's parse for a reader of one transaction at a time:
 * finishes the open run, if any (its latency figures summarize `calls`
 * requests; `empty` is the warning for a run without a figure), then
 * gives each run of the block, from index `from`, the command that ran
 * `tool` (lg_command()). Returns how many runs the block gave.
 */
int lg_end_block(struct sink *s, struct sink_txn *t, double calls, const struct line *last, const char *empty,
		 uint32_t from, const char *tool);

/* The length of the number ("635.91") that token t[0..n) begins with: where its unit begins. */
size_t lg_num_len(const char *t, size_t n);
/*
 * A time printed with its unit glued on, as wrk and bombardier print it:
 * "635.91us", "3.67ms", "1.20s", "1.00m" (minutes), "2.00h". Sets *nl to
 * the number's length and *v to seconds; 0, or -1 when it does not read.
 */
int lg_time_suffix(const char *t, size_t n, size_t *nl, double *v);
/*
 * A size in 1024-based units glued on, as wrk and bombardier print it:
 * "0.00B", "26.16KB" (KiB), "17.76GB" (GiB). As lg_time_suffix(), in bytes.
 */
int lg_bytes_1024(const char *t, size_t n, size_t *nl, double *v);

/*
 * Does `s[0..n)` start with `prefix`? Inline, the first byte tested
 * before the prefix is measured: the claims ask it of most lines.
 */
static inline int lg_prefix(const char *s, size_t n, const char *prefix)
{
	size_t k;

	if (prefix[0] && (!n || s[0] != prefix[0]))
		return 0;
	k = strlen(prefix);
	return n >= k && !memcmp(s, prefix, k);
}

#endif
