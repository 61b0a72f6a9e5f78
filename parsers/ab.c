/*
 * ab.c - ApacheBench (ab) text output → one run per test: wall_time (Time
 * taken for tests), calls (Complete requests), errors and errors.connect,
 * .receive, .length, .exceptions (Failed requests and its breakdown),
 * errors.write, errors.status (Non-2xx responses), bytes_received,
 * body_bytes_received (HTML transferred), bytes_sent (Total body sent),
 * qps (Requests per second), request_time (the first Time per request:
 * concurrency x elapsed / requests), time_per_op (the second: elapsed /
 * requests), throughput (Transfer rate, ab's Kbytes being KiB; when
 * posting, the kb/s sent and in total as throughput.sent and
 * throughput.total), calls.keepalive (Keep-Alive requests), the
 * Connection Times table (Connect, Processing, Waiting: connect_time,
 * processing_time, waiting_time; Total: latency; min, mean, stddev,
 * median, max in ms) and the percentage table as latency.pNN. A report
 * pasted in part (its last lines only) is read as far as it goes.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_BANNER,   /* "This is ApacheBench, Version 2.3 <$Revision: 1843412 $>" */
	K_START,    /* "Benchmarking HOST (be patient)", "Server Software:" ...: where a pasted report may begin */
	K_INFO,     /* "Server Port:", "Document Length:", "Completed 200 requests"...: kept, not read */
	K_FIGURE,   /* "Complete requests:      2000" and the other one-figure lines */
	K_FAILED,   /* "   (Connect: 0, Receive: 0, Length: 12, Exceptions: 0)" under Failed requests */
	K_CT,       /* "Connection Times (ms)" */
	K_CT_COLS,  /* "min  mean[+/-sd] median   max" */
	K_CT_ROW,   /* "Connect:  0  0  0.2  0  1" and Processing, Waiting, Total */
	K_PCT_HEAD, /* "Percentage of the requests served within a certain time (ms)" */
	K_PCT,      /* "  50%    622", " 100%   9355 (longest request)" */
	K_KBS,      /* under Transfer rate when posting: "214.72 kb/s sent", "1097.44 kb/s total" */
	K__COUNT
};

static const char *const kinds[] = { "none", "banner", "start", "info", "figure", "failed", "connection times",
				     "columns", "times row", "percentage header", "percentage", "kb/s" };

/* The one-figure lines: label, quantity, the unit after the figure ("" none, "=X" read as X). */
static const struct label {
	const char *label;
	const char *quantity;
	const char *unit;  /* the unit printed after the number, or NULL for a count */
	const char *as;    /* its spelling for units.c */
	int start;         /* a pasted report may begin here */
} labels[] = {
	{ "Time taken for tests:", "wall_time", "seconds", "s", 1 },
	{ "Complete requests:", "calls", NULL, NULL, 1 },
	{ "Keep-Alive requests:", "calls.keepalive", NULL, NULL, 0 },
	{ "Failed requests:", "errors", NULL, NULL, 0 },
	{ "Write errors:", "errors.write", NULL, NULL, 0 },
	{ "Non-2xx responses:", "errors.status", NULL, NULL, 0 },
	{ "Total transferred:", "bytes_received", "bytes", "B", 0 },
	{ "Total body sent:", "bytes_sent", NULL, NULL, 0 },
	{ "HTML transferred:", "body_bytes_received", "bytes", "B", 0 },
	{ "Requests per second:", "qps", "[#/sec] (mean)", "/s", 1 },
	{ "Transfer rate:", "throughput", "[Kbytes/sec] received", "KiB/s", 1 },
};

static const char *const starts[] = { "Benchmarking ", "Server Software:", "Server Hostname:", "Document Path:",
				       "Concurrency Level:" };
static const char *const infos[] = { "Copyright ", "Licensed to The Apache", "Completed ", "Finished ",
				     "Server Port:", "SSL/TLS Protocol:", "Server Temp Key:", "TLS Server Name:",
				     "Document Length:", "WARNING: The median and mean",
				     "These results are probably", "apr_" };

static const char *const rows[] = { "Connect:", "Processing:", "Waiting:", "Total:" };

static int is_pct(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && char_is_digit(s[i]))
		i++;
	return i > 0 && i + 1 < n && s[i] == '%' && (s[i + 1] == ' ' || s[i + 1] == '\t');
}

/* A times row: its label, then five columns (the figures may be garbled, not their count). */
static int is_ct_row(const char *s, size_t n)
{
	size_t i, cols = 0;

	for (i = 0; i < countof(rows); i++)
		if (lg_prefix(s, n, rows[i]))
			break;
	if (i == countof(rows))
		return 0;
	for (i = strlen(rows[i]); i < n;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i < n)
			cols++;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
	}
	return cols == 5;
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *sp;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	if (lg_prefix(s, n, "This is ApacheBench,"))
		return K_BANNER;
	for (size_t i = 0; i < countof(labels); i++)
		if (lg_prefix(s, n, labels[i].label))
			return K_FIGURE;
	if (lg_prefix(s, n, "Time per request:"))
		return K_FIGURE;
	for (size_t i = 0; i < countof(starts); i++)
		if (lg_prefix(s, n, starts[i]))
			return K_START;
	if (lg_prefix(s, n, "Connection Times (ms)"))
		return K_CT;
	if (lg_prefix(s, n, "min") && text_contains(s, n, "mean[+/-sd]"))
		return K_CT_COLS;
	if (lg_prefix(s, n, "Percentage of the requests served"))
		return K_PCT_HEAD;
	if (lg_prefix(s, n, "(Connect: "))
		return K_FAILED;
	if (is_ct_row(s, n))
		return K_CT_ROW;
	if (is_pct(s, n))
		return K_PCT;
	/* one word (the figure, which may be garbled), then the fixed words */
	if ((sp = memchr(s, ' ', n)) && sp > s &&
	    (lg_prefix(sp, (size_t)(s + n - sp), " kb/s sent") || lg_prefix(sp, (size_t)(s + n - sp), " kb/s total")))
		return K_KBS;
	for (size_t i = 0; i < countof(infos); i++)
		if (lg_prefix(s, n, infos[i]))
			return K_INFO;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	int results; /* a figure of the report was claimed */
	int table;   /* 1 in the Connection Times table, 2 in the percentage table */
};

/* Where the report's own words begin: its banner, a "Benchmarking" line, the server's or the test's first lines, or a result line pasted alone. */
static int can_start(const struct line *l, enum kind k)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	/* the Connection Times table pasted from its columns line ("min  mean[+/-sd] median   max") */
	if (k == K_BANNER || k == K_CT || k == K_PCT_HEAD || k == K_CT_COLS)
		return 1;
	if (k == K_START)
		return !lg_prefix(s, n, "Benchmarking ") || text_contains(s, n, "(be patient)");
	if (k == K_FIGURE) {
		for (size_t i = 0; i < countof(labels); i++)
			if (lg_prefix(s, n, labels[i].label))
				return labels[i].start;
		return 1; /* Time per request */
	}
	return 0;
}

/*
 * Outside a report, can `l` begin one at all, by its first words? The
 * lines can_start() takes, tested by their first byte before the whole
 * classifier: most lines asked are another tool's or prose.
 */
static int start_word(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	switch (n ? s[0] : 0) {
	case 'T':
		return lg_prefix(s, n, "This is ApacheBench,") || lg_prefix(s, n, "Time ") ||
		       lg_prefix(s, n, "Transfer rate:");
	case 'B':
		/* Criterion's lines begin so too */
		return lg_prefix(s, n, "Benchmarking ") && text_contains(s, n, "(be patient)");
	case 'S':
		return lg_prefix(s, n, "Server ");
	case 'D':
		return lg_prefix(s, n, "Document Path:");
	case 'C':
		return lg_prefix(s, n, "Complete requests:") || lg_prefix(s, n, "Concurrency Level:") ||
		       lg_prefix(s, n, "Connection Times (ms)");
	case 'R':
		return lg_prefix(s, n, "Requests per second:");
	case 'P':
		return lg_prefix(s, n, "Percentage of the requests");
	case 'm':
		return lg_prefix(s, n, "min");
	default:
		return 0;
	}
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;

	if (!in_block && !start_word(l))
		return CLAIM_NONE;
	k = classify(l);

	if (!in_block || ((k == K_BANNER || (k == K_START && lg_prefix(l->s + l->indent, l->len - l->indent, "Benchmarking "))) &&
			  st->results)) {
		if (!can_start(l, k))
			return CLAIM_NONE;
		st->results = k == K_FIGURE;
		st->table = k == K_CT || k == K_CT_COLS ? 1 : k == K_PCT_HEAD ? 2 : 0;
		return CLAIM_START;
	}
	switch (k) {
	case K_NONE:
		return CLAIM_NONE;
	case K_CT:
		st->table = 1;
		return CLAIM_BODY;
	case K_PCT_HEAD:
		st->table = 2;
		return CLAIM_BODY;
	case K_CT_ROW:
	case K_CT_COLS:
		return st->table == 1 ? CLAIM_BODY : CLAIM_NONE;
	case K_PCT:
		return st->table == 2 ? CLAIM_BODY : CLAIM_NONE;
	default:
		st->results |= k == K_FIGURE;
		return CLAIM_BODY;
	}
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	double requests;
	int rps; /* the run has had its results (a second banner begins another) */
	int error;            /* ab printed an apr_ error ("apr_pollset_poll: The timeout specified has expired") */
	char target[256];
	const char *host, *port, *path;
	size_t host_len, port_len, path_len;
};

/* The value after a label's colon, blanks trimmed. */
static const char *value_of(const struct line *l, size_t label_len, size_t *n)
{
	const char *s = l->s + l->indent + label_len, *end = l->s + line_end(l);

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	*n = (size_t)(end - s);
	return s;
}

static void on_figure(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *v, *sp;
	size_t n = line_end(l) - l->indent, vn, num;
	struct lg_line ll;
	const struct label *lab = NULL;
	const char *q;

	lg_line_init(&ll, l);
	for (size_t i = 0; i < countof(labels) && !lab; i++)
		if (lg_prefix(s, n, labels[i].label))
			lab = &labels[i];
	if (!lab) {
		/* "Time per request:  369.252 [ms] (mean)", "... [ms] (mean, across all concurrent requests)" */
		v = value_of(l, strlen("Time per request:"), &vn);
		q = text_contains(v, vn, "across all concurrent") ? "time_per_op" : "request_time";
		sp = memchr(v, ' ', vn);
		num = sp ? (size_t)(sp - v) : vn;
		if (!sp || !lg_prefix(sp + 1, (size_t)(v + vn - sp - 1), "[ms] (mean"))
			ll.bad = 1;
		else
			lg_fig(&ll, q, STAT_VALUE, v, num, "ms", 2, UNIT_SECOND);
		lg_emit(ps->s, ps->run, &ll, "garbled ab Time per request line");
		return;
	}
	v = value_of(l, strlen(lab->label), &vn);
	sp = memchr(v, ' ', vn);
	num = sp ? (size_t)(sp - v) : vn;
	if (lab->unit) {
		const char *rest = sp;

		while (rest && rest < v + vn && *rest == ' ')
			rest++;
		/* "Total transferred: 2246000 bytes", "Transfer rate: 102.79 [Kbytes/sec] received" (and sent, total when posting) */
		if (!sp || !lg_prefix(rest, (size_t)(v + vn - rest), lab->unit))
			ll.bad = 1;
		else
			lg_fig(&ll, lab->quantity, STAT_VALUE, v, num, lab->as, strlen(lab->as), UNIT_NONE);
	} else if (sp && strcmp(lab->quantity, "bytes_sent")) {
		ll.bad = 1;
	} else {
		lg_count(&ll, lab->quantity, v, num, 0);
		/* "Total body sent: 6750": bytes, printed without the word */
		if (!ll.bad && !strcmp(lab->quantity, "bytes_sent"))
			ll.f[0].unit = UNIT_BYTE;
	}
	if (lg_emit(ps->s, ps->run, &ll, "garbled ab line") == 0 && !strcmp(lab->quantity, "calls"))
		ps->requests = ll.f[0].v;
	if (!strcmp(lab->quantity, "qps"))
		ps->rps = 1;
}

/* "   (Connect: 0, Receive: 0, Length: 12, Exceptions: 0)" */
static void on_failed(struct parse *ps, const struct line *l)
{
	static const char *const parts[][2] = { { "Connect:", "errors.connect" },
						 { "Receive:", "errors.receive" },
						 { "Length:", "errors.length" },
						 { "Exceptions:", "errors.exceptions" } };
	const char *s = l->s + l->indent + 1, *end = l->s + line_end(l) - 1;
	struct lg_line ll;

	lg_line_init(&ll, l);
	if (end <= s || *end != ')')
		ll.bad = 1;
	for (size_t i = 0; i < countof(parts) && !ll.bad; i++) {
		const char *v, *c;
		size_t pn = strlen(parts[i][0]);

		while (s < end && (*s == ' ' || *s == ','))
			s++;
		if (!lg_prefix(s, (size_t)(end - s), parts[i][0])) {
			ll.bad = 1;
			break;
		}
		for (v = s + pn; v < end && *v == ' '; v++)
			;
		for (c = v; c < end && *c != ','; c++)
			;
		lg_count(&ll, parts[i][1], v, (size_t)(c - v), 0);
		s = c;
	}
	lg_emit(ps->s, ps->run, &ll, "garbled ab failed requests line");
}

static void on_ct_row(struct parse *ps, const struct line *l)
{
	static const char *const q[] = { "connect_time", "processing_time", "waiting_time", "latency" };
	static const enum stat_kind stats[] = { STAT_MIN, STAT_MEAN, STAT_SD, STAT_MEDIAN, STAT_MAX };
	const char *tok[7];
	size_t len[7], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 7), row;
	struct lg_line ll;

	for (row = 0; row < countof(rows) && !lg_prefix(tok[0], len[0], rows[row]); row++)
		;
	lg_line_init(&ll, l);
	ll.bad = nt != 6 || row == countof(rows);
	for (size_t i = 0; i < 5 && !ll.bad; i++)
		lg_fig(&ll, q[row], stats[i], tok[1 + i], len[1 + i], "ms", 2, UNIT_SECOND);
	lg_emit(ps->s, ps->run, &ll, "garbled ab Connection Times row");
}

static void on_pct(struct parse *ps, const struct line *l)
{
	const char *tok[5];
	size_t len[5], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 5);
	struct lg_line ll;
	/* " 100%   9355 (longest request)" */
	int ok = nt == 2 || (nt == 4 && len[2] == 8 && !memcmp(tok[2], "(longest", 8));

	lg_line_init(&ll, l);
	if (!ok)
		ll.bad = 1;
	else
		lg_fig(&ll, lg_percentile(ps->s, tok[0], len[0] - 1), STAT_VALUE, tok[1], len[1], "ms", 2,
		       UNIT_SECOND);
	lg_emit(ps->s, ps->run, &ll, "garbled ab percentage line");
}

/* "   214.72 kb/s sent", "   1097.44 kb/s total": ab's kb are KiB, as its Kbytes */
static void on_kbs(struct parse *ps, const struct line *l)
{
	const char *tok[4];
	size_t len[4], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 4);
	struct lg_line ll;
	int sent = nt == 3 && len[2] == 4 && !memcmp(tok[2], "sent", 4);
	int total = nt == 3 && len[2] == 5 && !memcmp(tok[2], "total", 5);

	lg_line_init(&ll, l);
	if ((!sent && !total) || len[1] != 4 || memcmp(tok[1], "kb/s", 4))
		ll.bad = 1;
	else
		lg_fig(&ll, sent ? "throughput.sent" : "throughput.total", STAT_VALUE, tok[0], len[0], "KiB/s", 5,
		       UNIT_NONE);
	lg_emit(ps->s, ps->run, &ll, "garbled ab Transfer rate line");
}

/* "Server Hostname:", "Server Port:", "Document Path:": the target, for the command that names the run */
static void on_info(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (lg_prefix(s, n, "apr_"))
		ps->error = 1;
	else if (lg_prefix(s, n, "Server Hostname:"))
		ps->host = value_of(l, 16, &ps->host_len);
	else if (lg_prefix(s, n, "Server Port:"))
		ps->port = value_of(l, 12, &ps->port_len);
	else if (lg_prefix(s, n, "Document Path:"))
		ps->path = value_of(l, 14, &ps->path_len);
	sink_run_end(ps->s, ps->run, l);
}

static void finish(struct parse *ps, const struct line *last)
{
	size_t tn = 0;

	if (!ps->t.open)
		return;
	if (ps->requests > 0)
		lg_set_counts(ps->s, &ps->t, ps->requests);
	if (!sink_txn_finish(ps->s, &ps->t, last,
			     ps->error ? "ab stopped before its results (an apr_ error)" : "ab output without a figure (cut off?)"))
		return;
	if (ps->host) {
		int k = snprintf(ps->target, sizeof(ps->target), "%.*s%s%.*s%.*s", (int)ps->host_len, ps->host,
				 ps->port ? ":" : "", (int)ps->port_len, ps->port ? ps->port : "",
				 (int)ps->path_len, ps->path ? ps->path : "");

		tn = k < 0 ? 0 : (size_t)k < sizeof(ps->target) ? (size_t)k : sizeof(ps->target) - 1;
	}
	lg_command(ps->s, ps->run, "ab", tn ? ps->target : NULL, tn);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t from = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE)
			continue;
		if (!ps.t.open || (ps.rps && (k == K_BANNER || (k == K_START && lg_prefix(l->s + l->indent, l->len - l->indent, "Benchmarking "))))) {
			finish(&ps, l);
			memset(&ps.requests, 0, sizeof(ps) - offsetof(struct parse, requests));
			ps.run = sink_txn_begin(s, &ps.t, l);
		}
		/* a percentage or the last figure of a block the text cut may have lost digits */
		if (i == b->n - 1 && !b->ended && (k == K_PCT || k == K_FIGURE || k == K_FAILED) &&
		    char_is_digit(l->s[line_end(l) - 1])) {
			sink_damage(s, ps.run, l, "possibly cut ab line");
			continue;
		}
		switch (k) {
		case K_FIGURE: on_figure(&ps, l); break;
		case K_FAILED: on_failed(&ps, l); break;
		case K_CT_ROW: on_ct_row(&ps, l); break;
		case K_PCT: on_pct(&ps, l); break;
		case K_KBS: on_kbs(&ps, l); break;
		default: on_info(&ps, l); break;
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - from);
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = {
	"This is ApacheBench,", "Time ", "Transfer rate:", "Benchmarking ", "Server ", "Document Path:",
	"Complete requests:", "Concurrency Level:", "Connection Times (ms)", "Requests per second:",
	"Percentage of the requests", "min", NULL
};

const struct parser ab_parser = {
	.fmt = FMT_AB,
	.words = start_words,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
