/*
 * wrk.c - wrk and wrk2 text output → one run per test: latency (the Thread
 * Stats row: mean, stddev, max), thread_qps (the Req/Sec row), latency.pNN
 * (--latency's Latency Distribution, wrk2's HdrHistogram percentiles),
 * calls, wall_time and bytes_received ("N requests in 10.09s, 26.16KB
 * read"), errors.connect/read/write/timeout, errors.status (Non-2xx or
 * 3xx), qps (Requests/sec) and throughput (Transfer/sec). wrk's byte
 * units are 1024-based ("KB" is KiB), its "m" is minutes and its "k" a
 * thousand. The "+/- Stdev" column (the share of samples within one
 * standard deviation) is a note. wrk2's detailed percentile spectrum
 * (--u_latency) is the series latency.spectrum: one point per row, at its
 * Value (wrk2 prints milliseconds) and its Percentile (as %); its
 * "#[Mean = …, StdDeviation = …]" and "#[Max = …, Total count = …]" lines
 * are the latency's mean, stddev and max, only when the Thread Stats row
 * did not give them (a figure is never read twice); the total count is
 * the n of every latency figure (the requests line counts timeouts too). The calibration lines belong to the block, not read.
 */
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of wrk output is, by its fixed words (never by its figures). */
enum kind {
	K_NONE,
	K_RUNNING,  /* "Running 10s test @ http://..." */
	K_THREADS,  /* "12 threads and 400 connections" */
	K_HEADER,   /* "Thread Stats   Avg      Stdev     Max   +/- Stdev" */
	K_LATENCY,  /* "Latency   635.91us    0.89ms  12.92ms   93.69%" */
	K_REQSEC,   /* "Req/Sec    56.20k     8.07k   62.00k    86.54%" */
	K_DIST,     /* "Latency Distribution", wrk2's "... (HdrHistogram - Recorded Latency)" */
	K_PCT,      /* "50%  489.47ms", wrk2's "99.900%   10.74s" */
	K_REQUESTS, /* "22464657 requests in 30.00s, 17.76GB read" */
	K_SOCKET,   /* "Socket errors: connect 0, read 0, write 0, timeout 1" */
	K_NON2XX,   /* "Non-2xx or 3xx responses: 12" */
	K_RPS,      /* "Requests/sec: 748868.53" */
	K_TPS,      /* "Transfer/sec:    606.33MB" */
	K_OTHER,    /* wrk2's calibration lines, percentile spectrum, "#[Mean = ...]": kept, not read */
	K__COUNT
};

static const char *const kinds[] = { "none", "running", "threads", "header", "latency", "req/sec", "distribution",
				     "percentile", "requests", "socket errors", "non-2xx", "requests/sec",
				     "transfer/sec", "other" };

/* A count then `words` ("12 threads and "): the count may be garbled (a digit in it is enough), the words not. */
static int digits_then(const char *s, size_t n, const char *words)
{
	size_t i = 0;
	int digit = 0;

	while (i < n && s[i] != ' ')
		digit |= char_is_digit(s[i++]);
	return digit && lg_prefix(s + i, n - i, words);
}

/* "50%", "99.900%" then a blank: a percentile line (the figure may be garbled). */
static int is_pct(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (char_is_digit(s[i]) || s[i] == '.'))
		i++;
	return i > 0 && i + 1 < n && s[i] == '%' && (s[i + 1] == ' ' || s[i + 1] == '\t');
}

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	switch (s[0]) {
	case 'R':
		if (lg_prefix(s, n, "Running ") && text_contains(s, n, " test @ "))
			return K_RUNNING;
		if (lg_prefix(s, n, "Requests/sec:"))
			return K_RPS;
		if (lg_prefix(s, n, "Req/Sec "))
			return K_REQSEC;
		return K_NONE;
	case 'T':
		if (lg_prefix(s, n, "Thread Stats"))
			return K_HEADER;
		if (lg_prefix(s, n, "Transfer/sec:"))
			return K_TPS;
		if (lg_prefix(s, n, "Thread calibration:"))
			return K_OTHER;
		return K_NONE;
	case 'L':
		if (lg_prefix(s, n, "Latency Distribution"))
			return K_DIST;
		if (lg_prefix(s, n, "Latency ") || lg_prefix(s, n, "Latency\t"))
			return K_LATENCY;
		return K_NONE;
	case 'S':
		return lg_prefix(s, n, "Socket errors:") ? K_SOCKET : K_NONE;
	case 'N':
		return lg_prefix(s, n, "Non-2xx or 3xx responses:") ? K_NON2XX : K_NONE;
	case 'I':
		return lg_prefix(s, n, "Initialised ") && text_contains(s, n, " threads in ") ? K_OTHER : K_NONE;
	case 'D':
		return lg_prefix(s, n, "Detailed Percentile spectrum:") ? K_OTHER : K_NONE;
	case 'V':
		return lg_prefix(s, n, "Value ") && text_contains(s, n, "Percentile") ? K_OTHER : K_NONE;
	case '#':
		return lg_prefix(s, n, "#[Mean") || lg_prefix(s, n, "#[Max") || lg_prefix(s, n, "#[Buckets") ? K_OTHER
																      : K_NONE;
	default:
		if (digits_then(s, n, " threads and "))
			return K_THREADS;
		if (digits_then(s, n, " requests in "))
			return K_REQUESTS;
		return char_is_digit(s[0]) && is_pct(s, n) ? K_PCT : K_NONE;
	}
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* A row of wrk2's percentile spectrum: numbers only ("6164.479  0.400000  362114  1.67"), or its rule. */
static int is_spectrum_row(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	int digits = 0;

	if (n >= 10 && s[0] == '-' && s[n - 1] == '-')
		return !memchr(s, ' ', n);
	for (size_t i = 0; i < n; i++) {
		if (char_is_digit(s[i]))
			digits = 1;
		else if (s[i] != '.' && s[i] != ' ' && s[i] != '\t' && !(s[i] == 'i' && i + 2 < n && s[i + 1] == 'n' && s[i + 2] == 'f'))
			if (!(i >= 1 && s[i - 1] == 'i') && !(i >= 2 && s[i - 2] == 'i'))
				return 0;
	}
	return digits;
}

struct claim_state {
	unsigned seen; /* 1 << kind of the block's lines */
	int spectrum;  /* in wrk2's percentile spectrum: its rows are numbers only */
};

/* A spectrum row (or its rule), or one whose figures may be garbled: four words, the first with a digit. */
static int is_spectrum_like(const struct line *l)
{
	const char *tok[5];
	size_t len[5], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 5), digits = 0;

	if (is_spectrum_row(l))
		return 1;
	for (size_t i = 0; i < nt; i++)
		for (size_t k = 0; k < len[i]; k++)
			if (char_is_digit(tok[i][k])) {
				digits++;
				break;
			}
	return nt == 4 && digits >= 2;
}

#define SEEN(k) (1u << (k))

/*
 * A test begins at its "Running" line, or, pasted without it, at its
 * threads line or the Thread Stats header, or at wrk2's percentile
 * spectrum pasted alone ("Detailed Percentile spectrum:"). Every other line of the report
 * continues one; a second "Running" (or header after results) begins the
 * next test.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	unsigned results = SEEN(K_LATENCY) | SEEN(K_REQUESTS) | SEEN(K_RPS) | SEEN(K_TPS);

	if (!in_block) {
		int spectrum = k == K_OTHER && lg_prefix(l->s + l->indent, line_end(l) - l->indent, "Detailed Percentile");

		if (k != K_RUNNING && k != K_THREADS && k != K_HEADER && !spectrum)
			return CLAIM_NONE;
		st->seen = SEEN(k);
		st->spectrum = spectrum;
		return CLAIM_START;
	}
	if (k == K_NONE)
		return (st->seen & SEEN(K_OTHER)) && (st->spectrum ? is_spectrum_like(l) : is_spectrum_row(l)) ? CLAIM_BODY
														 : CLAIM_NONE;
	if (k == K_OTHER)
		st->spectrum = lg_prefix(l->s + l->indent, line_end(l) - l->indent, "Detailed Percentile") ||
			       (st->spectrum && lg_prefix(l->s + l->indent, line_end(l) - l->indent, "Value "));
	if ((k == K_RUNNING && (st->seen & ~SEEN(K_OTHER))) ||
	    ((k == K_THREADS || k == K_HEADER) && (st->seen & (results | SEEN(k)))))
		return CLAIM_START;
	st->seen |= SEEN(k);
	return CLAIM_BODY;
}

/* wrk's metric "56.20k", "4.00" → a plain number (k, M, G, T: powers of 1000). */
static int wrk_metric(const char *t, size_t n, size_t *nl, double *v)
{
	static const char prefix[] = "kMGTP";
	size_t k = lg_num_len(t, n);
	const char *p;
	double x;

	*nl = k;
	if (!k || num_parse(t, k, &x) < 0 || n - k > 1)
		return -1;
	if (n == k) {
		*v = x;
		return 0;
	}
	if (!(p = memchr(prefix, t[k], sizeof(prefix) - 1)))
		return -1;
	for (long i = 0; i <= p - prefix; i++)
		x *= 1000;
	*v = x;
	return 0;
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	double requests; /* "N requests in": what the latency figures summarize; -1 until read */
	const char *target;
	size_t target_len;
	int has_rps;
	int has_mean, has_max;  /* the Latency row gave the mean and stddev, the max */
	int spectrum;           /* in wrk2's percentile spectrum */
	uint32_t spectrum_at;   /* its next point */
	struct lg_line hdr_mean, hdr_max; /* "#[Mean = …]", "#[Max = …]": read, added at the end when needed */
	double hdr_count;       /* "Total count": the requests the spectrum summarizes; -1 until read */
};

static void finish(struct parse *ps, const struct line *last)
{
	if (!ps->t.open)
		return;
	/* wrk2's own summary of its histogram, where the Thread Stats row gave no figure */
	if (!ps->has_mean && ps->hdr_mean.l && !ps->hdr_mean.bad)
		lg_emit(ps->s, ps->run, &ps->hdr_mean, "garbled wrk2 #[Mean line");
	if (!ps->has_max && ps->hdr_max.l && !ps->hdr_max.bad && ps->hdr_max.n)
		lg_emit(ps->s, ps->run, &ps->hdr_max, "garbled wrk2 #[Max line");
	/* the histogram's total count is what its latency figures summarize (requests that timed out are not in it) */
	if (ps->hdr_count > 0)
		lg_set_counts(ps->s, &ps->t, ps->hdr_count);
	else if (ps->requests >= 0)
		lg_set_counts(ps->s, &ps->t, ps->requests);
	if (sink_txn_finish(ps->s, &ps->t, last, "wrk output without a figure (cut off?)"))
		lg_command(ps->s, ps->run, "wrk", ps->target, ps->target_len);
}

static void begin(struct parse *ps, const struct line *l)
{
	finish(ps, l);
	ps->run = sink_txn_begin(ps->s, &ps->t, l);
	ps->requests = -1;
	ps->target = NULL;
	ps->target_len = 0;
	ps->has_rps = 0;
	ps->has_mean = ps->has_max = ps->spectrum = 0;
	ps->spectrum_at = 0;
	ps->hdr_mean.l = ps->hdr_max.l = NULL;
	ps->hdr_count = -1;
}

/* "nan", "-nan": what printf makes of 0/0 */
static int is_nan(const char *t, size_t n)
{
	return (n == 3 && !memcmp(t, "nan", 3)) || (n == 4 && !memcmp(t, "-nan", 4));
}

/* "Latency  1.20s  230.15ms  1.34s  90.68%" and the Req/Sec row: mean, stddev, max; the share is a note. */
static void on_stats(struct parse *ps, const struct line *l, enum kind k)
{
	const char *tok[6];
	size_t len[6], nl;
	struct lg_line ll;
	static const enum stat_kind stats[] = { STAT_MEAN, STAT_SD, STAT_MAX };
	const char *q = k == K_LATENCY ? "latency" : "thread_qps";
	double v = 0, share;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 6);

	lg_line_init(&ll, l);
	/* wrk2 with no sample to summarize prints "-nan": no figure, and no damage either */
	if (nt == 5 && (is_nan(tok[1], len[1]) || is_nan(tok[2], len[2]))) {
		sink_note(ps->s, ps->run, NOTE_INFO, l, "%s: no figures (wrk printed nan)",
			  k == K_LATENCY ? "Latency" : "Req/Sec");
		sink_run_end(ps->s, ps->run, l);
		return;
	}
	if (nt != 5 || len[4] < 2 || tok[4][len[4] - 1] != '%' || num_parse(tok[4], len[4] - 1, &share) < 0)
		ll.bad = 1;
	for (size_t i = 0; i < 3 && !ll.bad; i++) {
		int rc = k == K_LATENCY ? lg_time_suffix(tok[i + 1], len[i + 1], &nl, &v)
					: wrk_metric(tok[i + 1], len[i + 1], &nl, &v);

		lg_value(&ll, q, stats[i], k == K_LATENCY ? UNIT_SECOND : UNIT_PER_S, v, tok[i + 1], nl, rc == 0);
	}
	if (k == K_LATENCY && !ll.bad)
		ps->has_mean = ps->has_max = 1;
	if (lg_emit(ps->s, ps->run, &ll, k == K_LATENCY ? "garbled wrk Latency line" : "garbled wrk Req/Sec line") == 0)
		sink_note(ps->s, ps->run, NOTE_INFO, l, "%s: %.*s%% of the samples within one standard deviation",
			  k == K_LATENCY ? "Latency" : "Req/Sec", (int)(len[4] - 1), tok[4]);
}

static void on_pct(struct parse *ps, const struct line *l)
{
	const char *tok[3];
	size_t len[3], nl;
	struct lg_line ll;
	double v = 0;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 3);
	int ok = nt == 2 && lg_time_suffix(tok[1], len[1], &nl, &v) == 0;

	lg_line_init(&ll, l);
	lg_value(&ll, ok ? lg_percentile(ps->s, tok[0], len[0] - 1) : NULL, STAT_VALUE, UNIT_SECOND, v, tok[1],
		 ok ? nl : 0, ok);
	lg_emit(ps->s, ps->run, &ll, "garbled wrk percentile line");
}

/* "118 requests in 10.09s, 26.16KB read" */
static void on_requests(struct parse *ps, const struct line *l)
{
	const char *tok[7];
	size_t len[7], nl;
	struct lg_line ll;
	double v = 0;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 7);
	int ok = nt == 6 && len[3] > 1 && tok[3][len[3] - 1] == ',' && len[5] == 4 && !memcmp(tok[5], "read", 4);

	lg_line_init(&ll, l);
	if (!ok) {
		lg_emit(ps->s, ps->run, &(struct lg_line){ .l = l, .bad = 1 }, "garbled wrk requests line");
		return;
	}
	lg_count(&ll, "calls", tok[0], len[0], 0);
	ok = lg_time_suffix(tok[3], len[3] - 1, &nl, &v) == 0;
	lg_value(&ll, "wall_time", STAT_VALUE, UNIT_SECOND, v, tok[3], nl, ok);
	ok = lg_bytes_1024(tok[4], len[4], &nl, &v) == 0;
	lg_value(&ll, "bytes_received", STAT_VALUE, UNIT_BYTE, v, tok[4], nl, ok);
	if (lg_emit(ps->s, ps->run, &ll, "garbled wrk requests line") == 0)
		ps->requests = ll.f[0].v;
}

/* "Socket errors: connect 694, read 728, write 1425, timeout 4898" */
static void on_socket(struct parse *ps, const struct line *l)
{
	static const char *const what[] = { "connect", "read", "write", "timeout" };
	static const char *const q[] = { "errors.connect", "errors.read", "errors.write", "errors.timeout" };
	const char *tok[11];
	size_t len[11];
	struct lg_line ll;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 11);

	lg_line_init(&ll, l);
	ll.bad = nt != 10;
	for (size_t i = 0; i < 4 && !ll.bad; i++) {
		const char *w = tok[2 + 2 * i], *v = tok[3 + 2 * i];
		size_t wn = len[2 + 2 * i], vn = len[3 + 2 * i];

		if (i < 3 && vn && v[vn - 1] == ',')
			vn--;
		else if (i < 3)
			ll.bad = 1;
		if (wn != strlen(what[i]) || memcmp(w, what[i], wn))
			ll.bad = 1;
		lg_count(&ll, q[i], v, vn, 0);
	}
	lg_emit(ps->s, ps->run, &ll, "garbled wrk Socket errors line");
}

/* "Requests/sec: 11.69", "Transfer/sec: 2.59KB", "Non-2xx or 3xx responses: 12": one figure after the colon */
static void on_total(struct parse *ps, const struct line *l, enum kind k)
{
	const char *s = l->s + l->indent, *c = memchr(s, ':', line_end(l) - l->indent), *tok[2];
	size_t len[2], nl, nt;
	struct lg_line ll;
	double v = 0;

	lg_line_init(&ll, l);
	nt = text_split_words(c + 1, (size_t)(l->s + line_end(l) - c - 1), 0, tok, len, 2);
	if (nt != 1) {
		ll.bad = 1;
	} else if (k == K_RPS) {
		lg_fig(&ll, "qps", STAT_VALUE, tok[0], len[0], NULL, 0, UNIT_PER_S);
		ps->has_rps = 1;
	} else if (k == K_TPS) {
		int ok = lg_bytes_1024(tok[0], len[0], &nl, &v) == 0;

		/* bytes per second, printed as bytes */
		lg_value(&ll, "throughput", STAT_VALUE, UNIT_BYTE_PER_S, v, tok[0], nl, ok);
	} else {
		lg_count(&ll, "errors.status", tok[0], len[0], 0);
	}
	lg_emit(ps->s, ps->run, &ll,
		k == K_RPS ? "garbled wrk Requests/sec line" : k == K_TPS ? "garbled wrk Transfer/sec line"
								: "garbled wrk Non-2xx line");
}

/* wrk2's "       6.143     0.100000        91013         1.11": Value (ms), Percentile (a fraction), TotalCount, 1/(1-P) */
static void on_spectrum_row(struct parse *ps, const struct line *l)
{
	const char *tok[5];
	size_t len[5], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 5);
	double v, p, count, inv;
	int ok = nt == 4 && num_parse(tok[0], len[0], &v) == 0 && num_parse(tok[1], len[1], &p) == 0 && p >= 0 && p <= 1 &&
		 num_parse(tok[2], len[2], &count) == 0 &&
		 ((len[3] == 3 && !memcmp(tok[3], "inf", 3)) || num_parse(tok[3], len[3], &inv) == 0);

	if (nt == 1 && len[0] >= 10 && tok[0][0] == '-') { /* the rule below the summary lines */
		sink_run_end(ps->s, ps->run, l);
		return;
	}
	if (!ok) {
		sink_damage(ps->s, ps->run, l, "garbled wrk2 percentile spectrum row");
		return;
	}
	sink_series(ps->s, ps->run, "latency.spectrum", ps->spectrum_at++, v / 1000, v / 1000, p * 100, UNIT_PERCENT);
	sink_run_end(ps->s, ps->run, l);
}

/*
 * "#[Mean    =        1.318, StdDeviation   =        0.551]" and
 * "#[Max     =       11.264, Total count    =        40000]": the two
 * figures after the '=' signs (milliseconds, and a count); `w1`, `w2`
 * the names before them, `q2` the second figure's quantity (NULL: the
 * count, kept in ps->hdr_count). Kept in *ll until the run ends.
 */
static void on_hdr_summary(struct parse *ps, const struct line *l, struct lg_line *ll, const char *w1,
			   const char *w2, const char *q2, enum stat_kind s2)
{
	const char *tok[9];
	size_t len[9], nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, ',', tok, len, 9), n2;
	double v = 0;

	lg_line_init(ll, l);
	/* "#[Mean" "=" "1.318" "StdDeviation" "=" "0.551]"; "Total count" is two words */
	n2 = q2 ? 6 : 7;
	if (nt != n2 || len[0] != strlen(w1) || memcmp(tok[0], w1, len[0]) || len[1] != 1 || tok[1][0] != '=' ||
	    len[3] != strlen(w2) || memcmp(tok[3], w2, len[3]) || (!q2 && (len[4] != 5 || memcmp(tok[4], "count", 5))) ||
	    len[n2 - 2] != 1 || tok[n2 - 2][0] != '=' || len[n2 - 1] < 2 || tok[n2 - 1][len[n2 - 1] - 1] != ']') {
		ll->bad = 1;
	} else {
		lg_fig(ll, "latency", strcmp(w1, "#[Mean") ? STAT_MAX : STAT_MEAN, tok[2], len[2], "ms", 2, UNIT_SECOND);
		if (q2)
			lg_fig(ll, q2, s2, tok[n2 - 1], len[n2 - 1] - 1, "ms", 2, UNIT_SECOND);
		else if (num_parse(tok[n2 - 1], len[n2 - 1] - 1, &v) == 0 && v >= 0)
			ps->hdr_count = v;
		else
			ll->bad = 1;
	}
	if (ll->bad)
		sink_damage(ps->s, ps->run, l, strcmp(w1, "#[Mean") ? "garbled wrk2 #[Max line" : "garbled wrk2 #[Mean line");
	sink_run_end(ps->s, ps->run, l);
}

static void on_other(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (lg_prefix(s, n, "Detailed Percentile"))
		ps->spectrum = 1;
	else if (lg_prefix(s, n, "#[Mean"))
		on_hdr_summary(ps, l, &ps->hdr_mean, "#[Mean", "StdDeviation", "latency", STAT_SD);
	else if (lg_prefix(s, n, "#[Max"))
		on_hdr_summary(ps, l, &ps->hdr_max, "#[Max", "Total", NULL, STAT_VALUE);
	/* the rows follow the title and the column names, and end at the summary lines */
	if (!lg_prefix(s, n, "Detailed Percentile") && !lg_prefix(s, n, "Value "))
		ps->spectrum = 0;
	sink_run_end(ps->s, ps->run, l);
}

static void on_running(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *at = text_find(s, line_end(l) - l->indent, " @ ");

	if (at) {
		ps->target = at + 3;
		ps->target_len = (size_t)(l->s + line_end(l) - ps->target);
	}
	sink_run_end(ps->s, ps->run, l);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t from = (uint32_t)s->rs->nruns;
	unsigned seen = 0;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE) {
			if (ps.t.open && ps.spectrum && line_end(l) > l->indent)
				on_spectrum_row(&ps, l);
			continue;
		}
		/* the text or the next output may have cut the last line short: a figure ending it is not to be trusted */
		if (i == b->n - 1 && !b->ended && i > 0 && k != K_OTHER && char_is_digit(l->s[line_end(l) - 1]) &&
		    (k == K_RPS || k == K_PCT || k == K_NON2XX)) {
			if (ps.t.open)
				sink_damage(s, ps.run, l, "possibly cut wrk line");
			continue;
		}
		/* a second test in the block (the claims cut one per block; a pasted log may hold more) */
		if (!ps.t.open || (k == K_RUNNING && (seen & ~(1u << K_OTHER))))
			begin(&ps, l), seen = 0;
		seen |= 1u << k;
		switch (k) {
		case K_RUNNING: on_running(&ps, l); break;
		case K_LATENCY:
		case K_REQSEC: on_stats(&ps, l, k); break;
		case K_PCT: on_pct(&ps, l); break;
		case K_REQUESTS: on_requests(&ps, l); break;
		case K_SOCKET: on_socket(&ps, l); break;
		case K_RPS:
		case K_TPS:
		case K_NON2XX: on_total(&ps, l, k); break;
		case K_OTHER: on_other(&ps, l); break;
		default: sink_run_end(s, ps.run, l); break;
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - from);
}

const struct parser wrk_parser = {
	.fmt = FMT_WRK,
	.starts = "R0123456789TD",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
