/*
 * redisbench.c - redis-benchmark output → one run per test, named by the
 * test as printed ("SET", "LRANGE_100 (first 100 elements)"): qps (the
 * requests per second), calls and wall_time ("100000 requests completed
 * in 1.23 seconds"), latency (its mean, min and max), and latency.pNN
 * from the "latency summary (msec)" table of redis ≥ 6.2, or the p50 of a
 * -q line. Every shape: the full report ("====== SET ======", its
 * settings, the percentile and cumulative distributions kept as the
 * "latency" series, the Summary), the -q lines ("SET: 15659.25 requests
 * per second, p50=2.551 msec"), the old report's "N requests per second"
 * and "99.99% <= 1 milliseconds" lines, and --csv ("test","rps",...).
 */
#include <stdio.h>

#include "parsers/bench.h"
#include "parsers/figs.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_BANNER,
	RX_COMPLETED,
	RX_QUIET,
	RX_RPS,
	RX_DIST,
};

static struct rx patterns[] = {
	[RX_BANNER] = { "redis-benchmark banner", "^\\s*====== (?<name>.+?) ======\\s*$", 0 },
	[RX_COMPLETED] = { "redis-benchmark completed",
			   "^\\s*(?<n>[^\\s]+) requests completed in (?<t>[^\\s]+) seconds\\s*$", 0 },
	/*
	 * "SET: 15659.25 requests per second, p50=2.551 msec", "SET: 15659.25
	 * requests per second"; redis-benchmark blanks its progress line with
	 * one blank too few, so a terminal (and the cleaner's carriage
	 * returns) may keep the progress line's last byte far to the right
	 */
	[RX_QUIET] = { "redis-benchmark quiet line",
		       "^\\s*(?<name>[^\\s].*?): (?<rps>[^\\s]+) requests per second"
		       "(?<rest>(?:, p[0-9.]+=[^\\s]+ msec)*)(?:\\s{8,}\\)?)?\\s*$",
		       0 },
	[RX_RPS] = { "redis-benchmark rps", "^\\s*(?:throughput summary: )?(?<rps>[^\\s]+) requests per second\\s*$",
		     0 },
	[RX_DIST] = { "redis-benchmark distribution row",
		      "^\\s*(?<pct>[^\\s]+)% <= (?<v>[^\\s]+) milliseconds(?: \\(cumulative count (?<n>[^\\s]+)\\))?\\s*$",
		      0 },
};

/* What a line of redis-benchmark output is, by its fixed words (never by its digits). */
enum kind {
	K_NONE,
	K_BANNER,    /* "====== SET ======" */
	K_COMPLETED, /* "100000 requests completed in 1.23 seconds" */
	K_SETTING,   /* "50 parallel clients", "keep alive: 1", "host configuration ...", "multi-thread: no" */
	K_DIST_HEAD, /* "Latency by percentile distribution:", "Cumulative distribution of latencies:" */
	K_DIST,      /* "50.000% <= 1.191 milliseconds (cumulative count 5050768)", "99.99% <= 1 milliseconds" */
	K_SUMMARY,   /* "Summary:" */
	K_RPS,       /* "throughput summary: 119047.62 requests per second", "119047.62 requests per second" */
	K_LAT_HEAD,  /* "latency summary (msec):" */
	K_LAT_COLS,  /* "avg       min       p50       p95       p99       max" */
	K_LAT_VALUES, /* the numbers under them */
	K_QUIET,     /* "SET: 15659.25 requests per second, p50=2.551 msec" */
	K_CSV_HEAD,  /* "test","rps","avg_latency_ms",... */
	K_CSV_ROW,   /* "SET","64391.50","0.418",... */
	K_WARNING,   /* "WARNING: Could not fetch server CONFIG" */
	K__COUNT
};

static const char *const kinds[] = { "none",    "banner",    "completed", "setting",    "dist head",
				     "dist",    "summary",   "rps",       "lat head",   "lat cols",
				     "lat values", "quiet",  "csv head",  "csv row",    "warning" };

/*
 * The fields of a --csv line, each in double quotes, split by commas:
 * their count (at most `max`), or -1 when the line is not all such fields.
 */
static int csv_fields(const char *s, size_t n, const char **f, size_t *fn, int max)
{
	size_t i = 0;
	int k = 0;

	while (i < n) {
		const char *q;

		if (s[i] != '"' || k == max)
			return -1;
		q = memchr(s + i + 1, '"', n - i - 1);
		if (!q)
			return -1;
		f[k] = s + i + 1;
		fn[k] = (size_t)(q - f[k]);
		k++;
		i = (size_t)(q - s) + 1;
		if (i < n && s[i++] != ',')
			return -1;
	}
	return k;
}

/* "avg min p50 p95 p99 max": words of letters and digits, the first "avg" */
static int is_lat_cols(const char *s, size_t n)
{
	return text_starts(s, n, "avg ") && text_contains(s, n, " max") && text_contains(s, n, " p50");
}

/* Numbers (or what is left of them) only: five words or more, no lowercase word. */
static int is_values(const char *s, size_t n)
{
	if (!n || !(char_is_digit(s[0]) || s[0] == 'O' || s[0] == '.'))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z' && s[i] != 'e')
			return 0; /* a word: prose, not the table's row (a garbled digit is a capital 'O') */
	return text_words(s, n, 6) >= 5;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n < 4)
		return K_NONE;
	switch (s[0]) {
	case '=':
		/*
		 * redis-benchmark prints six on each side, "====== SET ======";
		 * "=== LTO ===" is a script's banner and "========" a setext
		 * heading's rule, both labels of what follows
		 */
		return n > 14 && text_starts(s, n, "====== ") && s[7] != '=' && !memcmp(s + n - 7, " ======", 7) &&
				       s[n - 8] != '='
			       ? K_BANNER
			       : K_NONE;
	case '"':
		if (text_starts(s, n, "\"test\",\"rps\""))
			return K_CSV_HEAD;
		return text_contains(s, n, "\",\"") && s[n - 1] == '"' ? K_CSV_ROW : K_NONE;
	case 'L':
		if (text_starts(s, n, "Latency by percentile distribution:"))
			return K_DIST_HEAD;
		break;
	case 'C':
		if (text_starts(s, n, "Cumulative distribution of latencies:"))
			return K_DIST_HEAD;
		break;
	case 'S':
		if (n == 8 && text_starts(s, n, "Summary:"))
			return K_SUMMARY;
		break;
	case 't':
		if (text_starts(s, n, "throughput summary: "))
			return K_RPS;
		break;
	case 'l':
		if (text_starts(s, n, "latency summary (msec):"))
			return K_LAT_HEAD;
		break;
	case 'a':
		if (is_lat_cols(s, n))
			return K_LAT_COLS;
		break;
	case 'k':
		if (text_starts(s, n, "keep alive: "))
			return K_SETTING;
		break;
	case 'h':
		if (text_starts(s, n, "host configuration \""))
			return K_SETTING;
		break;
	case 'm':
		if (text_starts(s, n, "multi-thread: "))
			return K_SETTING;
		break;
	case 'W':
		if (text_starts(s, n, "WARNING: "))
			return K_WARNING;
		break;
	default:
		break;
	}
	/*
	 * the lines that begin with a figure, by their words (a garbled first
	 * digit keeps its kind); they end in "seconds", "milliseconds",
	 * "clients", "payload", "second", "(cumulative count N)" or a figure
	 * (a values row, a line cut short; a garbled last digit is some
	 * other byte, never a small letter or a sentence's mark): a line
	 * ending otherwise is none of them, and most lines fail that test
	 */
	if ((char_is_digit(s[0]) || !(s[0] >= 'a' && s[0] <= 'z')) &&
	    (s[n - 1] == 's' || s[n - 1] == 'd' || s[n - 1] == ')' ||
	     !((s[n - 1] >= 'a' && s[n - 1] <= 'z') || strchr(".:,;!?`*_", s[n - 1])))) {
		if (text_contains(s, n, " requests completed in "))
			return K_COMPLETED;
		if (text_contains(s, n, "% <= ") && text_contains(s, n, " milliseconds"))
			return K_DIST;
		if (line_ends(l, " requests per second") && !memchr(s, ':', n))
			return K_RPS;
		if (line_ends(l, " parallel clients") || line_ends(l, " bytes payload"))
			return K_SETTING;
		if (is_values(s, n))
			return K_LAT_VALUES;
	}
	if (text_starts(s, n, "threads: "))
		return K_SETTING;
	/* "NAME: N requests per second[, p50=X msec]", by its end first (most lines fail there) */
	if ((s[n - 1] == 'c' || s[n - 1] == 'd' || s[n - 1] == ')') && text_contains(s, n, " requests per second") &&
	    text_contains(s, n, ": "))
		return K_QUIET;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	int csv; /* the block is a --csv table */
};

/*
 * A block starts at a banner, a -q line, a CSV header or row; a report's
 * other lines continue one. Outside a block a -q line needs its whole
 * shape (a sentence may say "SET: about 1000 requests per second").
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	enum kind k;

	/* outside a block, a banner, a CSV line or a -q line's end before the classifier */
	if (!in_block && (n < 4 || (s[0] != '=' && s[0] != '"' &&
				    !((s[n - 1] == 'c' || s[n - 1] == 'd' || s[n - 1] == ')') &&
				      text_contains(s, n, " requests per second")))))
		return CLAIM_NONE;
	k = classify(l);
	switch (k) {
	case K_NONE:
		return CLAIM_NONE;
	case K_BANNER:
		st->csv = 0;
		return CLAIM_START;
	case K_CSV_HEAD:
		st->csv = 1;
		return CLAIM_START;
	case K_CSV_ROW:
		if (in_block)
			return CLAIM_BODY;
		/* an old --csv row: "PING_INLINE","64808.82" */
		{
			const char *f[2];
			size_t fn[2];

			if (csv_fields(s, n, f, fn, 2) != 2)
				return CLAIM_NONE;
		}
		st->csv = 1;
		return CLAIM_START;
	case K_QUIET:
		if (in_block && !st->csv)
			return CLAIM_BODY;
		st->csv = 0;
		return rx_match(claim_rx(state), &patterns[RX_QUIET], s, n) ? CLAIM_START : CLAIM_NONE;
	case K_WARNING:
		return CLAIM_BODY;
	default:
		return in_block && !st->csv ? CLAIM_BODY : CLAIM_NONE;
	}
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	uint32_t requests; /* of the open run, 0 until its "requests completed" line */
	uint32_t series;   /* points of its latency series */
	const struct line *cols; /* the latency summary's column names */
	int cumulative;            /* below "Cumulative distribution of latencies:" (a histogram, not read) */
};

static void finish(struct parse *ps, const struct line *last)
{
	if (ps->t.open)
		sink_txn_finish(ps->s, &ps->t, last, "redis-benchmark test has no results (cut off?)");
}

static void begin(struct parse *ps, const struct line *l, const char *name, size_t n)
{
	finish(ps, l);
	ps->run = bench_begin(ps->s, &ps->t, l, name, n);
	ps->requests = 0;
	ps->series = 0;
	ps->cols = NULL;
	ps->cumulative = 0;
}

static void damage(struct parse *ps, const struct line *l, const char *what)
{
	if (ps->t.open)
		sink_damage(ps->s, ps->run, l, what);
	else
		sink_lost(ps->s, l, what);
}

/* The quantity of a latency summary or CSV column: "avg", "p50", "max_latency_ms"... */
static int column(struct sink *s, const char *w, size_t n, const char **q, enum stat_kind *st)
{
	char buf[48];

	*st = STAT_VALUE;
	if (n >= 11 && !memcmp(w + n - 11, "_latency_ms", 11))
		n -= 11;
	if (n == 3 && !memcmp(w, "avg", 3))
		return *q = "latency", *st = STAT_MEAN, 0;
	if (n == 3 && !memcmp(w, "min", 3))
		return *q = "latency", *st = STAT_MIN, 0;
	if (n == 3 && !memcmp(w, "max", 3))
		return *q = "latency", *st = STAT_MAX, 0;
	if (n >= 2 && n < 12 && w[0] == 'p' && char_is_digit(w[1])) {
		snprintf(buf, sizeof(buf), "latency.%.*s", (int)n, w);
		*q = sink_strndup(s, buf, strlen(buf));
		return 0;
	}
	return -1;
}

static void on_quiet(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_QUIET];
	const char *name, *rps, *rest;
	size_t nn, rn, restn = 0;
	struct figs fs;

	figs_init(&fs);
	if (!rx_match(ps->s->rx, p, l->s, l->len) || !rx_named(ps->s->rx, p, "name", &name, &nn) || !rx_named(ps->s->rx, p, "rps", &rps, &rn)) {
		damage(ps, l, "garbled redis-benchmark line");
		return;
	}
	figs_plain(&fs, "qps", STAT_VALUE, rps, rn, UNIT_PER_S, 1);
	if (rx_named(ps->s->rx, p, "rest", &rest, &restn)) {
		/* ", p50=2.551 msec, p99=..." */
		for (const char *c = rest, *end = rest + restn; c < end;) {
			const char *pc = c + 3, *eq = memchr(pc, '=', (size_t)(end - pc)), *v, *sp;
			const char *q;
			enum stat_kind st;

			if (!eq || column(ps->s, pc - 1, (size_t)(eq - pc + 1), &q, &st) < 0)
				break;
			v = eq + 1;
			sp = memchr(v, ' ', (size_t)(end - v));
			if (!sp)
				break;
			figs_unit(&fs, q, st, v, (size_t)(sp - v), "msec", 4);
			c = sp + 5;
		}
	}
	finish(ps, l);
	if (fs.bad) {
		sink_lost(ps->s, l, "garbled redis-benchmark line");
		return;
	}
	ps->run = bench_begin(ps->s, &ps->t, l, name, nn);
	figs_commit(&fs, ps->s, ps->run, l, 0);
	finish(ps, l);
}

static void on_completed(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_COMPLETED];
	const char *n, *t;
	size_t nn, tn;
	struct figs fs;
	double v;

	figs_init(&fs);
	if (!ps->t.open)
		begin(ps, l, "", 0);
	if (rx_match(ps->s->rx, p, l->s, l->len) && rx_named(ps->s->rx, p, "n", &n, &nn) && rx_named(ps->s->rx, p, "t", &t, &tn)) {
		figs_plain(&fs, "calls", STAT_VALUE, n, nn, UNIT_COUNT, 1);
		figs_unit(&fs, "wall_time", STAT_VALUE, t, tn, "seconds", 7);
		if (!fs.bad && num_parse(n, nn, &v) == 0)
			ps->requests = num_count(v);
	} else {
		fs.bad = 1;
	}
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled redis-benchmark requests completed line");
}

static void on_rps(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_RPS];
	const char *v;
	size_t vn;
	struct figs fs;

	figs_init(&fs);
	if (!ps->t.open)
		begin(ps, l, "", 0);
	if (rx_match(ps->s->rx, p, l->s, l->len) && rx_named(ps->s->rx, p, "rps", &v, &vn))
		figs_plain(&fs, "qps", STAT_VALUE, v, vn, UNIT_PER_S, 1);
	else
		fs.bad = 1;
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled redis-benchmark requests per second line");
}

static void on_dist(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_DIST];
	const char *pc, *v;
	size_t pn, vn;
	double x, y;
	enum unit u;

	if (!ps->t.open || ps->cumulative)
		return; /* a distribution without its test, or the histogram of the cumulative one */
	if (!rx_match(ps->s->rx, p, l->s, l->len) || !rx_named(ps->s->rx, p, "pct", &pc, &pn) || !rx_named(ps->s->rx, p, "v", &v, &vn) ||
	    num_parse(pc, pn, &x) < 0 || unit_value(v, vn, "ms", 2, &u, &y) < 0) {
		sink_damage(ps->s, ps->run, l, "garbled redis-benchmark distribution line");
		return;
	}
	/* the latency under which x percent of the requests completed */
	sink_series(ps->s, ps->run, "latency", ps->series++, x, x, y, UNIT_SECOND);
}

static void on_values(struct parse *ps, const struct line *l)
{
	const struct line *c = ps->cols;
	size_t ci = c ? c->indent : 0, vi = l->indent, cn, vn;
	const char *cw, *vw;
	struct figs fs;

	figs_init(&fs);
	if (!ps->t.open || !c)
		return;
	while ((cw = figs_word(c->s, line_end(c), &ci, &cn))) {
		const char *q;
		enum stat_kind st;

		vw = figs_word(l->s, line_end(l), &vi, &vn);
		if (!vw || column(ps->s, cw, cn, &q, &st) < 0) {
			fs.bad = 1;
			break;
		}
		figs_unit(&fs, q, st, vw, vn, "msec", 4);
	}
	if (figs_word(l->s, line_end(l), &vi, &vn))
		fs.bad = 1;
	if (figs_commit(&fs, ps->s, ps->run, l, ps->requests) < 0)
		sink_damage(ps->s, ps->run, l, "garbled redis-benchmark latency summary line");
	ps->cols = NULL;
}

/* --csv: the header names the columns; a row without one is the old "test","rps" pair. */
static void on_csv(struct parse *ps, const struct line *l, const struct line *head)
{
	const char *hf[16], *rf[16];
	size_t hn[16], rn[16];
	int nh = 0, nr;
	struct figs fs;

	figs_init(&fs);
	nr = csv_fields(l->s + l->indent, line_end(l) - l->indent, rf, rn, 16);
	if (head)
		nh = csv_fields(head->s + head->indent, line_end(head) - head->indent, hf, hn, 16);
	finish(ps, l);
	if (nr < 2 || (head && nr != nh)) {
		sink_lost(ps->s, l, "garbled redis-benchmark CSV row");
		return;
	}
	for (int i = 1; i < nr; i++) {
		const char *q = "qps";
		enum stat_kind st = STAT_VALUE;

		if (head && !(hn[i] == 3 && !memcmp(hf[i], "rps", 3))) {
			if (column(ps->s, hf[i], hn[i], &q, &st) < 0)
				continue; /* a column we do not know */
			figs_unit(&fs, q, st, rf[i], rn[i], "ms", 2);
		} else {
			figs_plain(&fs, q, st, rf[i], rn[i], UNIT_PER_S, 1);
		}
	}
	if (fs.bad) {
		sink_lost(ps->s, l, "garbled redis-benchmark CSV row");
		return;
	}
	ps->run = bench_begin(ps->s, &ps->t, l, rf[0], rn[0]);
	figs_commit(&fs, ps->s, ps->run, l, 0);
	finish(ps, l);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first = (uint32_t)s->rs->nruns;
	const struct line *head = NULL;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		struct rx *p = &patterns[RX_BANNER];
		const char *name;
		size_t nn;

		switch (classify(l)) {
		case K_BANNER:
			if (rx_match(s->rx, p, l->s, l->len) && rx_named(s->rx, p, "name", &name, &nn))
				begin(&ps, l, name, nn);
			else
				damage(&ps, l, "garbled redis-benchmark banner");
			break;
		case K_COMPLETED: on_completed(&ps, l); break;
		case K_DIST_HEAD:
			ps.cumulative = line_starts(l, "Cumulative");
			sink_run_end(s, ps.run, l);
			break;
		case K_DIST: on_dist(&ps, l); break;
		case K_RPS:
			ps.cumulative = 0;
			on_rps(&ps, l);
			break;
		case K_LAT_COLS: ps.cols = l; break;
		case K_LAT_VALUES: on_values(&ps, l); break;
		case K_QUIET: on_quiet(&ps, l); break;
		case K_CSV_HEAD: head = l; break;
		case K_CSV_ROW: on_csv(&ps, l, head); break;
		default:
			if (ps.t.open && classify(l) != K_NONE)
				sink_run_end(s, ps.run, l);
			break;
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - first);
}

const struct parser redisbench_parser = {
	.fmt = FMT_REDIS_BENCHMARK,
	/* banners, CSV, and the test names of -q lines (capitals, digits) */
	.starts = "=\"ABCDEFGHIJKLMNOPQRSTUVWXYZ_",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
