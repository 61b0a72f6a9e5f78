/*
 * fortio.c - `fortio load` text output (HTTP, TCP and UDP echo, gRPC ping
 * and health), every version's shape, → one run per load test: qps,
 * latency.avg, latency.pNN (the "# target" lines), calls, errors and
 * code.NNN; the Aggregated Function Time histogram rows become the
 * "latency" series (count per bucket). The claims cut a log into one block
 * per test, so a block is one run. Log lines (fortio's text logs and the
 * JSON ones of fortio >= 1.55) belong to the block and are skipped.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "parsers/fortio.h"
#include "parsers/scan.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

enum {
	RX_BANNER,
	RX_STARTING,
	RX_ENDED,
	RX_COUNTER,
	RX_ROW,
	RX_TARGET,
	RX_CODE,
	RX_ECHO,
	RX_GRPC,
	RX_DONE,
	RX_SLEEP,
};

/*
 * Numbers are captured as \S+ and read with num_parse(), which refuses
 * "0.00O281": a number that is not one makes the line garbled, never a
 * shorter number.
 */
static struct rx patterns[] = {
	[RX_BANNER] = { "fortio banner",
			"^Fortio (?:(?<ver>\\S+) )?running at (?<qps>\\S+) queries per second, \\S+ procs, "
			"(?:for (?<calls>[0-9]+) calls|for (?<dur>\\S+)|until interrupted): (?<url>\\S+)\\s*$",
			0 },
	[RX_STARTING] = { "fortio starting",
			  "^Starting at (?<qps>\\S+) qps with (?<threads>[0-9]+) thread\\(s\\) \\[gomax [0-9]+\\]"
			  "(?: for exactly (?<exactly>[0-9]+) calls| : exactly (?<exactly2>[0-9]+),"
			  "| for (?<dur>\\S+)| until interrupted)?",
			  0 },
	[RX_ENDED] = { "fortio ended", "^Ended after \\S+ : (?<calls>\\S+) calls\\. qps=(?<qps>\\S+?)\\s*$", 0 },
	[RX_COUNTER] = { "fortio counter",
			 "^\\S.*? : (?:count (?<count>\\S+) avg (?<avg>\\S+) \\+/- \\S+ min (?<min>\\S+) max \\S+ "
			 "sum \\S+?|(?<nodata>no data))\\s*$",
			 0 },
	/* ">= a <= b", "> a <= b"; before v0.6 ">= a < b" and a first row "< b" */
	[RX_ROW] = { "fortio histogram row",
		     "^(?:>=? (?<a>\\S+) )?<=? (?<b>\\S+) , (?<mid>\\S+) , (?<pct>\\S+), (?<n>\\S+?)\\s*$", 0 },
	[RX_TARGET] = { "fortio target", "^# target (?<p>\\S+)% (?<v>\\S+?)\\s*$", 0 },
	[RX_CODE] = { "fortio code", "^Code\\s+(?<code>\\S+) : (?<n>\\S+?)(?: \\(\\S+ %\\))?\\s*$", 0 },
	/* the key of a failure is its error text, which may hold " : " */
	[RX_ECHO] = { "fortio echo code", "^(?:tcp|udp) (?<key>.+) : (?<n>\\S+) \\(\\S+ %\\)\\s*$", 0 },
	[RX_GRPC] = { "fortio grpc code",
		       "^(?:Health|Ping|Custom gRPC Method) (?<key>\\S+) : (?<n>\\S+?)\\s*$", 0 },
	[RX_DONE] = { "fortio all done",
		      "^All done (?<calls>\\S+) calls (?:\\(plus [0-9]+ warmup\\) )?(?<ms>\\S+) ms avg, "
		      "(?<qps>\\S+) qps\\s*$",
		      0 },
	[RX_SLEEP] = { "fortio sleep warning", "^WARNING \\S+% of sleep were falling behind\\s*$", 0 },
};

/* The groups of the scanned patterns, by number (tests/unit/test_scan.c holds them to the names). */
enum { G_ROW_A = 1, G_ROW_B, G_ROW_MID, G_ROW_PCT, G_ROW_N };
enum { G_TARGET_P = 1, G_TARGET_V };
enum { G_ENDED_CALLS = 1, G_ENDED_QPS };
enum { G_COUNTER_COUNT = 1, G_COUNTER_AVG, G_COUNTER_MIN, G_COUNTER_NODATA };
enum { G_DONE_CALLS = 1, G_DONE_MS, G_DONE_QPS };
enum { G_CODE_CODE = 1, G_CODE_N }; /* also RX_ECHO's and RX_GRPC's key and count */
enum { G_BANNER_VER = 1, G_BANNER_QPS, G_BANNER_CALLS, G_BANNER_DUR, G_BANNER_URL };
enum { G_STARTING_QPS = 1, G_STARTING_THREADS, G_STARTING_EXACTLY, G_STARTING_EXACTLY2, G_STARTING_DUR };

/*
 * A line's groups by number (the enums above; 0 is the whole match), each
 * span NULL where its group took no part. A scanner fills them, and the
 * parse reads its figures there whoever read the line: the match vector is
 * written only for the scanners' callers outside this file
 * (fortio_scan_*(), tests/unit/test_scan.c), and a line left to the pattern
 * has its groups copied out of the match (match()). Cleared, set and read
 * back, the vector cost about a thousand instructions a test.
 */
#define NGROUPS 6 /* the whole match and five groups at most */
struct groups {
	const char *s[NGROUPS];
	size_t n[NGROUPS];
};

/* A scanner: 1 and g's groups set, or 0 (the line is the pattern's). */
typedef int scanner_fn(const char *s, size_t n, struct groups *g);

/* No group yet, the whole line the match. */
static void groups_begin(struct groups *g, const char *s, size_t n)
{
	memset(g, 0, sizeof(*g));
	g->s[0] = s;
	g->n[0] = n;
}

static void group_set(struct groups *g, unsigned i, const char *from, const char *to)
{
	g->s[i] = from;
	g->n[i] = (size_t)(to - from);
}

/* What a scanner read, as the match of `rx` it stands in for (scan.h). */
static int scanned(const struct rx_thread *t, struct rx *rx, const char *s, size_t n, scanner_fn *scan)
{
	struct groups g;
	PCRE2_SIZE *ov;

	groups_begin(&g, s, n);
	if (!scan(s, n, &g))
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	ov[1] = g.n[0];
	for (unsigned i = 1; i < NGROUPS; i++)
		if (g.s[i])
			scan_set(ov, i, s, g.s[i], g.s[i] + g.n[i]);
	return 1;
}

/*
 * A token that ends in `mark` and then a blank ("99.31, ", "50% "): the
 * pattern's "(\S+), " gives up the mark alone. The token's span without it
 * in *from, *to.
 */
SCAN_STEP int token_marked(const char **p, const char *e, char mark, const char **from, const char **to)
{
	*from = *p;
	if (!scan_token(p, e) || *p - *from < 2 || (*p)[-1] != mark)
		return 0;
	*to = *p - 1;
	return SCAN_LIT(p, e, " ");
}

/* The last token of a line and the blanks after it: the pattern's "(\S+?)\s*$". */
SCAN_STEP int token_last(const char **p, const char *e, const char **from, const char **to)
{
	*from = *p;
	if (!scan_token(p, e))
		return 0;
	*to = *p;
	scan_blanks(p, e);
	return *p == e;
}

/*
 * RX_ROW by hand (see scan.h): ">= 0.000121457 <= 0.001 , 0.000560729 ,
 * 99.31, 99862" and "< 0.001 , ...", one blank between the fields as fortio
 * prints them; anything else is the pattern's.
 */
static int row_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *a = NULL, *a_end = NULL, *b, *b_end, *mid, *mid_end, *pct, *pct_end, *c, *c_end;

	if (SCAN_LIT(&p, e, ">")) {
		SCAN_LIT(&p, e, "=");
		if (!SCAN_LIT(&p, e, " "))
			return 0;
		a = p;
		if (!scan_token(&p, e))
			return 0;
		a_end = p;
		if (!SCAN_LIT(&p, e, " "))
			return 0;
	}
	if (!SCAN_LIT(&p, e, "<"))
		return 0;
	SCAN_LIT(&p, e, "=");
	if (!SCAN_LIT(&p, e, " "))
		return 0;
	b = p;
	if (!scan_token(&p, e))
		return 0;
	b_end = p;
	if (!SCAN_LIT(&p, e, " , "))
		return 0;
	mid = p;
	if (!scan_token(&p, e))
		return 0;
	mid_end = p;
	if (!SCAN_LIT(&p, e, " , ") || !token_marked(&p, e, ',', &pct, &pct_end) || !token_last(&p, e, &c, &c_end))
		return 0;
	if (a)
		group_set(g, G_ROW_A, a, a_end);
	group_set(g, G_ROW_B, b, b_end);
	group_set(g, G_ROW_MID, mid, mid_end);
	group_set(g, G_ROW_PCT, pct, pct_end);
	group_set(g, G_ROW_N, c, c_end);
	return 1;
}

int fortio_scan_row(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, row_groups);
}

/* RX_TARGET by hand: "# target 50% 0.000512345". */
static int target_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *pc, *pc_end, *v, *v_end;

	if (!SCAN_LIT(&p, e, "# target ") || !token_marked(&p, e, '%', &pc, &pc_end) || !token_last(&p, e, &v, &v_end))
		return 0;
	group_set(g, G_TARGET_P, pc, pc_end);
	group_set(g, G_TARGET_V, v, v_end);
	return 1;
}

int fortio_scan_target(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, target_groups);
}

/*
 * " WORD " then a token: the token's span. Inlined, as the steps of
 * scan.h are: the word is then a literal, whose bytes scan_word() folds
 * into a constant (a call took its bytes from memory, some 130
 * instructions a word).
 */
SCAN_STEP int word_token(const char **p, const char *e, const char *w, size_t wn, const char **from, const char **to)
{
	if (!scan_word(p, e, w, wn))
		return 0;
	*from = *p;
	if (!scan_token(p, e))
		return 0;
	*to = *p;
	return 1;
}

/*
 * RX_COUNTER by hand: "Aggregated Function Time : count 100 avg 0.0007
 * +/- 0.0001 min 0.0001 max 0.004 sum 6.8" and "Error cases : no data".
 * The name ends at the first " : ", which the rest must follow (else the
 * pattern decides: a name may hold one).
 */
static int counter_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p, *f[6], *x, *x_end;

	if (n == 0 || s[0] == ' ' || s[0] == '\t' || scan_is_odd(s[0]))
		return 0;
	for (p = s + 1; e - p >= 3 && !(p[0] == ' ' && p[1] == ':' && p[2] == ' '); p++)
		if (scan_is_odd(*p))
			return 0;
	if (e - p < 3)
		return 0;
	p += 3;
	x = p;
	if (SCAN_LIT(&p, e, "no data")) {
		x_end = p;
		scan_blanks(&p, e);
		if (p != e)
			return 0;
		group_set(g, G_COUNTER_NODATA, x, x_end);
		return 1;
	}
	if (!word_token(&p, e, "count ", 6, &f[0], &f[1]) || !word_token(&p, e, " avg ", 5, &f[2], &f[3]) ||
	    !word_token(&p, e, " +/- ", 5, &x, &x_end) || !word_token(&p, e, " min ", 5, &f[4], &f[5]) ||
	    !word_token(&p, e, " max ", 5, &x, &x_end) || !word_token(&p, e, " sum ", 5, &x, &x_end))
		return 0;
	scan_blanks(&p, e);
	if (p != e)
		return 0;
	group_set(g, G_COUNTER_COUNT, f[0], f[1]);
	group_set(g, G_COUNTER_AVG, f[2], f[3]);
	group_set(g, G_COUNTER_MIN, f[4], f[5]);
	return 1;
}

int fortio_scan_counter(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, counter_groups);
}

/* RX_ENDED by hand: "Ended after 10.0001s : 10000 calls. qps=999.9". */
static int ended_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *x, *x_end, *c, *c_end, *q, *q_end;

	if (!word_token(&p, e, "Ended after ", 12, &x, &x_end) || !word_token(&p, e, " : ", 3, &c, &c_end) ||
	    !word_token(&p, e, " calls. qps=", 12, &q, &q_end))
		return 0;
	scan_blanks(&p, e);
	if (p != e)
		return 0;
	group_set(g, G_ENDED_CALLS, c, c_end);
	group_set(g, G_ENDED_QPS, q, q_end);
	return 1;
}

int fortio_scan_ended(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, ended_groups);
}

/*
 * RX_DONE by hand: "All done 10040 calls (plus 8 warmup) 0.341 ms avg,
 * 1003.5 qps", with or without the warmup. A line whose "(plus" part the
 * rest does not follow is the pattern's (it may read it another way).
 */
static int done_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *c, *c_end, *ms, *ms_end, *q, *q_end;

	if (!word_token(&p, e, "All done ", 9, &c, &c_end) || !SCAN_LIT(&p, e, " calls "))
		return 0;
	if (SCAN_LIT(&p, e, "(plus ") && !(scan_digits(&p, e) && SCAN_LIT(&p, e, " warmup) ")))
		return 0;
	ms = p;
	if (!scan_token(&p, e))
		return 0;
	ms_end = p;
	if (!word_token(&p, e, " ms avg, ", 9, &q, &q_end) || !SCAN_LIT(&p, e, " qps") || !scan_end(&p, e))
		return 0;
	group_set(g, G_DONE_CALLS, c, c_end);
	group_set(g, G_DONE_MS, ms, ms_end);
	group_set(g, G_DONE_QPS, q, q_end);
	return 1;
}

int fortio_scan_done(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, done_groups);
}

/* A token, \S+, that ends where the pattern's would: at a blank or the end (any other byte is the pattern's). */
SCAN_STEP int token_whole(const char **p, const char *e)
{
	return scan_token(p, e) && (*p == e || scan_is_blank(**p));
}

/*
 * RX_BANNER by hand: "Fortio 1.60.3 running at 1004 queries per second,
 * 2->2 procs, for 10s: http://127.0.0.1:8080/echo", with "for N calls" or
 * "until interrupted" in place of the duration. A banner without its
 * version, or of another shape, is the pattern's.
 */
static int banner_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *ver, *ver_end, *q, *q_end, *c = NULL, *c_end = NULL, *d = NULL, *d_end = NULL;
	const char *u, *u_end, *x;

	if (!SCAN_LIT(&p, e, "Fortio "))
		return 0;
	ver = p;
	if (!token_whole(&p, e))
		return 0;
	ver_end = p;
	if (!SCAN_LIT(&p, e, " running at "))
		return 0;
	q = p;
	if (!token_whole(&p, e))
		return 0;
	q_end = p;
	if (!SCAN_LIT(&p, e, " queries per second, ") || !token_whole(&p, e) || !SCAN_LIT(&p, e, " procs, "))
		return 0;
	if (SCAN_LIT(&p, e, "for ")) {
		/* "N calls" when it reads so; else the duration is the token up to its ": " */
		x = p;
		if (scan_digits(&x, e) && SCAN_LIT(&x, e, " calls")) {
			c = p;
			c_end = x - 6;
			p = x;
		} else {
			d = p;
			if (!token_whole(&p, e) || p - d < 2 || p[-1] != ':')
				return 0;
			d_end = --p;
		}
	} else if (!SCAN_LIT(&p, e, "until interrupted")) {
		return 0;
	}
	if (!SCAN_LIT(&p, e, ": "))
		return 0;
	u = p;
	if (!scan_token(&p, e))
		return 0;
	u_end = p;
	if (!scan_end(&p, e))
		return 0;
	group_set(g, G_BANNER_VER, ver, ver_end);
	group_set(g, G_BANNER_QPS, q, q_end);
	if (c)
		group_set(g, G_BANNER_CALLS, c, c_end);
	if (d)
		group_set(g, G_BANNER_DUR, d, d_end);
	group_set(g, G_BANNER_URL, u, u_end);
	return 1;
}

int fortio_scan_banner(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, banner_groups);
}

/*
 * RX_STARTING by hand: "Starting at 1004 qps with 8 thread(s) [gomax 2]
 * for 10s : 1255 calls each (total 10040)", and its other tails in the
 * pattern's order: " for exactly N calls", " : exactly N,", " for DUR",
 * " until interrupted", or none (the pattern ends after "]" then).
 */
static int starting_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *q, *q_end, *th, *th_end, *x, *v = NULL, *v_end = NULL;
	unsigned tail = 0;

	if (!SCAN_LIT(&p, e, "Starting at "))
		return 0;
	q = p;
	if (!token_whole(&p, e))
		return 0;
	q_end = p;
	if (!SCAN_LIT(&p, e, " qps with "))
		return 0;
	th = p;
	if (!scan_digits(&p, e))
		return 0;
	th_end = p;
	if (!SCAN_LIT(&p, e, " thread(s) [gomax ") || !scan_digits(&p, e) || !SCAN_LIT(&p, e, "]"))
		return 0;
	x = p;
	if (SCAN_LIT(&x, e, " for exactly ") && (v = x, scan_digits(&x, e)) && (v_end = x, SCAN_LIT(&x, e, " calls"))) {
		tail = G_STARTING_EXACTLY;
		p = x;
	} else if (x = p, SCAN_LIT(&x, e, " : exactly ") && (v = x, scan_digits(&x, e)) && (v_end = x, SCAN_LIT(&x, e, ","))) {
		tail = G_STARTING_EXACTLY2;
		p = x;
	} else if (x = p, SCAN_LIT(&x, e, " for ") && (v = x, token_whole(&x, e))) {
		tail = G_STARTING_DUR;
		v_end = x;
		p = x;
	} else if (x = p, SCAN_LIT(&x, e, " for ") && x < e && !scan_is_blank(*x)) {
		return 0; /* a duration of bytes the scanners leave to the pattern */
	} else if (x = p, SCAN_LIT(&x, e, " until interrupted")) {
		p = x;
	}
	group_set(g, 0, s, p); /* the pattern is not anchored at the end */
	group_set(g, G_STARTING_QPS, q, q_end);
	group_set(g, G_STARTING_THREADS, th, th_end);
	if (tail)
		group_set(g, tail, v, v_end);
	return 1;
}

int fortio_scan_starting(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, starting_groups);
}

/* RX_CODE by hand: "Code 200 : 10000 (100.0 %)". */
static int code_groups(const char *s, size_t n, struct groups *g)
{
	const char *e = s + n, *p = s, *q, *c, *c_end, *v, *v_end, *x, *x_end;

	if (!SCAN_LIT(&p, e, "Code") || !scan_blanks(&p, e))
		return 0;
	c = p;
	if (!scan_token(&p, e))
		return 0;
	c_end = p;
	if (!word_token(&p, e, " : ", 3, &v, &v_end))
		return 0;
	q = p; /* " (100.0 %)", or nothing */
	if (word_token(&q, e, " (", 2, &x, &x_end) && SCAN_LIT(&q, e, " %)"))
		p = q;
	scan_blanks(&p, e);
	if (p != e)
		return 0;
	group_set(g, G_CODE_CODE, c, c_end);
	group_set(g, G_CODE_N, v, v_end);
	return 1;
}

int fortio_scan_code(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	return scanned(t, rx, s, n, code_groups);
}

void fortio_shape_init(struct fortio_shape *sh)
{
	memset(sh, 0, sizeof(*sh));
	sh->threads = -1;
	sh->calls = -1;
}

/*
 * num_exact() of a positive v, onto b. A whole number below 1e15 (the qps
 * people ask for: "1000", "1e+06") is its digits there: 15 significant
 * digits hold it exactly and %.15g prints no exponent below 1e15. So its
 * digits are written as an integer's, without the search for the shortest
 * text.
 */
static void add_exact(struct buf *b, double v, char num[32])
{
	if (v < 1e15 && v == (double)(unsigned long long)v)
		buf_add_decimal(b, (unsigned long long)v);
	else
		buf_adds(b, num_exact(v, num));
}

const char *fortio_scenario(struct sink *s, const struct fortio_shape *sh)
{
	struct buf b = BUF_INIT;
	const char *out;
	char num[32];
	double v;

	/* one per test: pieces, not printf */
	if (sh->target) {
		buf_addc(&b, ' ');
		buf_add(&b, sh->target, strnlen(sh->target, sh->target_len)); /* as "%.*s" printed it */
	}
	if (sh->threads >= 0) {
		buf_adds(&b, " -c ");
		buf_add_decimal(&b, (unsigned long long)sh->threads);
	}
	if (sh->qps) {
		int reads = num_parse(sh->qps, sh->qps_len, &v) == 0;

		if ((sh->qps_len == 3 && !memcmp(sh->qps, "max", 3)) || (reads && v <= 0)) {
			buf_adds(&b, " -qps max");
		} else if (reads) {
			buf_adds(&b, " -qps ");
			add_exact(&b, v, num);
		}
	}
	if (sh->calls > 0) {
		buf_adds(&b, " -n ");
		buf_add_decimal(&b, (unsigned long long)sh->calls);
	} else if (sh->duration) {
		buf_adds(&b, " -t ");
		buf_add(&b, sh->duration, strnlen(sh->duration, sh->duration_len));
	}
	out = b.len ? sink_strndup(s, b.s + 1, b.len - 1) : "";
	buf_release(&b);
	return out;
}

/* The word's last path component is "fortio": "fortio", "/usr/bin/fortio", "fortio/fortio". */
static int is_fortio(const char *w, size_t n)
{
	return n >= 6 && !memcmp(w + n - 6, "fortio", 6) && (n == 6 || w[n - 7] == '/');
}

static int word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && !memcmp(w, s, n);
}

void fortio_shape_from_command(struct fortio_shape *sh, const char *cmd)
{
	const char *w[64], *v;
	size_t wn[64], n = 0, i, vn;
	const char *p = cmd;
	double x;

	if (!cmd)
		return;
	while (n < countof(w)) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		w[n] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		wn[n] = (size_t)(p - w[n]);
		/* a pipe or a redirection ends the command ("2>&1 | tee log") */
		if (memchr(w[n], '|', wn[n]) || memchr(w[n], '>', wn[n]) || memchr(w[n], '<', wn[n]))
			break;
		n++;
	}
	for (i = 0; i + 1 < n && !(is_fortio(w[i], wn[i]) && word_is(w[i + 1], wn[i + 1], "load")); i++)
		;
	for (i += 2; i < n; i++) {
		const char *f = w[i], *eq;
		size_t fn = wn[i];

		if (f[0] != '-') {
			/* fortio takes one argument, after its flags: the last word is the target */
			if (i + 1 == n && !sh->target) {
				sh->target = f;
				sh->target_len = fn;
			}
			continue;
		}
		f++, fn--;
		if (fn && f[0] == '-')
			f++, fn--;
		eq = memchr(f, '=', fn);
		if (eq) {
			v = eq + 1;
			vn = fn - (size_t)(v - f);
			fn = (size_t)(eq - f);
		} else if (i + 1 < n && (word_is(f, fn, "c") || word_is(f, fn, "qps") || word_is(f, fn, "t") ||
					 word_is(f, fn, "n"))) {
			v = w[++i];
			vn = wn[i];
		} else {
			continue; /* a flag whose value we do not need, or a boolean one */
		}
		if (word_is(f, fn, "c") && sh->threads < 0 && num_parse(v, vn, &x) == 0)
			sh->threads = num_whole(x);
		else if (word_is(f, fn, "n") && sh->calls < 0 && num_parse(v, vn, &x) == 0)
			sh->calls = num_whole(x);
		else if (word_is(f, fn, "qps") && !sh->qps)
			sh->qps = v, sh->qps_len = vn;
		else if (word_is(f, fn, "t") && !sh->duration)
			sh->duration = v, sh->duration_len = vn;
	}
}

void fortio_version(struct sink *s, const struct line *l, const char *v, size_t n)
{
	/* a repeat is dropped after the parse, where every earlier fact is known (the import) */
	sink_fact(s, l, "fortio", sink_strndup(s, v, n));
	s->rs->facts[s->rs->nfacts - 1].once = 1;
}

/*
 * Names made once for the whole process, each found by a key of a few
 * bytes (a percentile's double, a return code's name itself): the same few
 * recur block after block, and a name kept at one address is found by the
 * metric lookups' memos by that address, where a copy per block missed
 * there every time. Never freed, shared by every thread (a lock: the names
 * outlive a thread); a full table keeps no more, and its caller copies the
 * name into the sink's arena instead.
 */
#define KEPT_MAX 16
#define KEPT_LEN 40
struct kept_names {
	pthread_mutex_t lock;
	size_t n;
	struct {
		size_t klen;
		char key[KEPT_LEN], name[KEPT_LEN];
	} e[KEPT_MAX];
};

/* The name kept under key[0..klen), or NULL. Call with t->lock held. */
static const char *kept_find(const struct kept_names *t, const void *key, size_t klen)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->e[i].klen == klen && !memcmp(t->e[i].key, key, klen))
			return t->e[i].name;
	return NULL;
}

/* Keep `name` under key[0..klen); the kept copy, or NULL when there is no room. Call with t->lock held. */
static const char *kept_add(struct kept_names *t, const void *key, size_t klen, const char *name)
{
	size_t n = strlen(name);

	if (t->n == KEPT_MAX || klen > KEPT_LEN || n >= KEPT_LEN)
		return NULL;
	t->e[t->n].klen = klen;
	memcpy(t->e[t->n].key, key, klen);
	memcpy(t->e[t->n].name, name, n + 1);
	return t->e[t->n++].name;
}

const char *fortio_percentile_quantity(struct sink *s, double p)
{
	static struct kept_names made = { .lock = PTHREAD_MUTEX_INITIALIZER };
	const char *name;
	char buf[48];

	pthread_mutex_lock(&made.lock);
	name = kept_find(&made, &p, sizeof(p));
	if (!name) {
		snprintf(buf, sizeof(buf), "latency.p%g", p);
		name = kept_add(&made, &p, sizeof(p), buf);
	}
	pthread_mutex_unlock(&made.lock);
	return name ? name : sink_strndup(s, buf, strlen(buf));
}

/* The name q[0..n) ("code.200"), kept once (struct kept_names) or a copy in the sink's arena. */
static const char *kept_code_name(struct sink *s, const char *q, size_t n)
{
	static struct kept_names made = { .lock = PTHREAD_MUTEX_INITIALIZER };
	const char *name;
	char buf[KEPT_LEN];

	pthread_mutex_lock(&made.lock);
	name = kept_find(&made, q, n);
	if (!name && n < sizeof(buf)) {
		memcpy(buf, q, n);
		buf[n] = '\0';
		name = kept_add(&made, q, n, buf);
	}
	pthread_mutex_unlock(&made.lock);
	return name ? name : sink_strndup(s, q, n);
}

const char *fortio_code_quantity(struct sink *s, const char *key, size_t n)
{
	int number = n > 0, name = n > 0 && key[0] >= 'A' && key[0] <= 'Z';
	char buf[48];

	for (size_t i = 0; i < n; i++) {
		number &= (key[i] >= '0' && key[i] <= '9') || (i == 0 && key[i] == '-' && n > 1);
		name &= (key[i] >= 'A' && key[i] <= 'Z') || key[i] == '_';
	}
	if ((!number && !name) || n > 32)
		return NULL;
	/* "code.%.*s" by hand: the key is digits or capitals, no NUL to stop at */
	memcpy(buf, "code.", 5);
	memcpy(buf + 5, key, n);
	return kept_code_name(s, buf, 5 + n);
}

int fortio_code_ok(const char *key, size_t n)
{
	/* fortio's own rule for HTTP: 2xx, and 418 */
	if (n == 3 && ((key[0] == '2' && char_is_digit(key[1]) && char_is_digit(key[2])) || !memcmp(key, "418", 3)))
		return 1;
	return word_is(key, n, "OK") || word_is(key, n, "SERVING");
}

/* What a line of fortio output is, by its fixed words (never by its figures). */
enum kind {
	K_NONE,
	K_LOG,      /* a log line: "20:01:31 I file.go:218> ...", "{"ts":...}" */
	K_BANNER,   /* "Fortio 1.60.3 running at ..." */
	K_STARTING, /* "Starting at 8 qps with 4 thread(s) ..." */
	K_ENDED,    /* "Ended after 5.05s : 40 calls. qps=7.9056" */
	K_COUNTER,  /* "<label> : count ..." or "<label> : no data" */
	K_AGG,      /* the Aggregated Function Time counter */
	K_ROW,      /* a histogram row */
	K_TARGET,   /* "# target 50% 0.000457" */
	K_CODE,     /* "Code 200 : 40 (100.0 %)" */
	K_ECHO,     /* "tcp OK : 100000 (100.0 %)" */
	K_GRPC,     /* "Health SERVING : 40" */
	K_DONE,     /* "All done 40 calls ..." */
	K_SLEEP,    /* "WARNING 12.50% of sleep were falling behind" */
	K_IPLIST,   /* "IP addresses distribution:" (host:port lines follow) */
	K_OTHER,    /* other report lines: read by no one, kept in the block */
	K__COUNT
};

static const char *const kinds[] = { "none", "log", "banner", "starting", "ended", "counter", "agg",
				     "row", "target", "code", "echo", "grpc", "done", "sleep", "ip list",
				     "other" };

static int has_prefix(const char *s, size_t n, const char *p)
{
	size_t k;

	/* most asked (the counters' and other lines' prefixes) fail at the first byte: no strlen and memcmp */
	if (p[0] && (!n || s[0] != p[0]))
		return 0;
	k = strlen(p);
	return n >= k && !memcmp(s, p, k);
}

/*
 * fortio's own log lines: "20:01:31 I tcprunner.go:218> ...",
 * "21:27:04.903 r120 [INF] periodic.go:882> ...", and since v1.55, when
 * stderr is not a terminal, {"ts":1689986143.46,"level":"info",...}.
 */
static int is_log(const char *s, size_t n)
{
	size_t lim = n < 48 ? n : 48;

	if (has_prefix(s, n, "{\"ts\":"))
		return 1;
	if (n < 12 || !char_is_digit(s[0]) || !char_is_digit(s[1]) || s[2] != ':' || !char_is_digit(s[3]) ||
	    !char_is_digit(s[4]) || s[5] != ':' || !char_is_digit(s[6]) || !char_is_digit(s[7]))
		return 0;
	for (size_t i = 8; i + 4 < lim; i++) {
		if (s[i] == '.' && s[i + 1] == 'g' && s[i + 2] == 'o' && s[i + 3] == ':') {
			for (i += 4; i < n && char_is_digit(s[i]); i++)
				;
			return i < n && s[i] == '>';
		}
	}
	return 0;
}

/* "Code 200 : 40 (100.0 %)", "Code  -1 : 3": the code is a word, garbled or not */
static int is_code(const char *s, size_t n)
{
	return has_prefix(s, n, "Code ") && text_contains(s + 5, n - 5, " : ");
}

/* A histogram row: ">= 0.001 <= 0.002 , ...", "> 0.002 <= ...", "< 0.001 , ...", by its " , " columns */
static int is_row(const char *s, size_t n)
{
	size_t i = 1;

	if (!n || (s[0] != '>' && s[0] != '<'))
		return 0;
	if (i < n && s[i] == '=')
		i++;
	return i + 1 < n && s[i] == ' ' && s[i + 1] != ' ' && text_contains(s, n, " , ");
}

/* The counters of a report no metric comes from (each may have its own histogram). */
static const char *const counters[] = {
	"Sleep times :", "Aggregated Sleep Time :", "Error cases :", "Connection time (s) :",
	"Connection time histogram (s) :", "Response Header Sizes", "Response Body/Total Sizes",
	"RTT histogram usec :", "Clock skew histogram usec :",
};

static const char *const other_prefixes[] = {
	"# range, mid point, percentile, count", "# Socket and IP used for each connection:",
	"Sockets used: ", "Uniform: ", "Jitter: ", "Total Bytes sent: ", "IP address ",
	"Successfully wrote ", "Wrote profile data", "Aborting because",
};

/*
 * The one classifier the claim and the parse share: a report line by its
 * first words ("Code ", "# target ", "All done "), so that one whose
 * figures are garbled is reported, never taken for prose that ends the
 * block. Log lines are told by their timestamp and file:line.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (!n)
		return K_NONE;
	switch (s[0]) {
	case '{':
		return has_prefix(s, n, "{\"ts\":") ? K_LOG : K_NONE;
	case 'F':
		return has_prefix(s, n, "Fortio ") && text_contains(s, n, " running at ") ? K_BANNER : K_NONE;
	case 'S':
		if (has_prefix(s, n, "Starting at "))
			return K_STARTING;
		break;
	case 'E':
		if (has_prefix(s, n, "Ended after "))
			return K_ENDED;
		break;
	case 'A':
		if (has_prefix(s, n, "All done "))
			return K_DONE;
		if (has_prefix(s, n, "Aggregated Function Time :"))
			return K_AGG;
		break;
	case '#':
		if (has_prefix(s, n, "# target "))
			return K_TARGET;
		break;
	case 'C':
		if (is_code(s, n))
			return K_CODE;
		if (has_prefix(s, n, "Custom gRPC Method ") && text_contains(s, n, " : "))
			return K_GRPC;
		break;
	case '>':
	case '<':
		return is_row(s, n) ? K_ROW : K_NONE;
	case 'I':
		if (has_prefix(s, n, "IP addresses distribution:"))
			return K_IPLIST;
		break;
	case 'W':
		if (has_prefix(s, n, "WARNING ") && text_contains(s, n, "% of sleep were falling behind"))
			return K_SLEEP;
		break;
	case 't':
	case 'u':
		if ((has_prefix(s, n, "tcp ") || has_prefix(s, n, "udp ")) && text_contains(s, n, " : ") &&
		    n && s[n - 1] == ')')
			return K_ECHO;
		return K_NONE;
	case 'H':
	case 'P':
		if ((has_prefix(s, n, "Health ") || has_prefix(s, n, "Ping ")) && text_contains(s, n, " : "))
			return K_GRPC;
		break;
	case '[':
		/* "[0]   1 socket used, resolved to ...", "[0] Host ... resolve to IP address" */
		return n > 2 && char_is_digit(s[1]) ? K_OTHER : K_NONE;
	default:
		if (char_is_digit(s[0]))
			return is_log(s, n) ? K_LOG : K_NONE;
		break;
	}
	for (size_t i = 0; i < countof(counters); i++)
		if (has_prefix(s, n, counters[i]))
			return K_COUNTER;
	for (size_t i = 0; i < countof(other_prefixes); i++)
		if (has_prefix(s, n, other_prefixes[i]))
			return K_OTHER;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* "...", "[...]", "(…)": lines left out of a long log by whoever pasted it */
static int is_elision(const char *s, size_t n)
{
	static const char *const forms[] = { "...", "\xe2\x80\xa6", "[...]", "[\xe2\x80\xa6]", "(...)",
					     "(\xe2\x80\xa6)" };
	size_t end = n;

	while (end && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	for (size_t i = 0; i < countof(forms); i++)
		if (strlen(forms[i]) == end && !memcmp(s, forms[i], end))
			return 1;
	return 0;
}

/* "127.0.0.1:8080: 4", "[::1]:8080: 4": a line of the IP addresses list */
static int is_ip_count(const char *s, size_t n)
{
	size_t i = n;

	while (i && char_is_digit(s[i - 1]))
		i--;
	return i < n && i >= 3 && s[i - 1] == ' ' && s[i - 2] == ':' && !memchr(s, ' ', i - 1);
}

struct claim_state {
	unsigned seen; /* 1 << kind of the lines of the open block */
	int iplist;    /* the last line was the IP list header or one of its lines */
};

#define SEEN(k) (1u << (k))
_Static_assert(K__COUNT <= 32, "the claim keeps the kinds it has seen in an unsigned's bits");

/*
 * Can this line begin a block? Prose says "Starting at", "All done" and
 * "Ping time : 5 ms" too: outside a block a line must have its whole
 * shape, inside one its first words are enough (a garbled or cut line is
 * then reported, not left to end the block).
 */
static int can_start(enum kind k, const char *s, size_t n)
{
	switch (k) {
	case K_BANNER: return text_contains(s, n, " queries per second, ");
	case K_STARTING: return text_contains(s, n, " qps with ");
	case K_ENDED: return text_contains(s, n, " calls. qps=");
	case K_DONE: return text_contains(s, n, " ms avg, ");
	case K_CODE: {
		const char *c = memchr(s, ':', n);

		return c && c + 2 < s + n && c[1] == ' ' && char_is_digit(c[2]);
	}
	case K_GRPC: {
		const char *sp = memchr(s, ' ', n);

		return sp && sp + 1 < s + n && sp[1] >= 'A' && sp[1] <= 'Z';
	}
	case K_TARGET: {
		/* "# target 50% 0.00045", not a heading "# target audience" */
		const char *p = s + 9;

		return p < s + n && char_is_digit(*p) && text_contains(p, (size_t)(s + n - p), "% ");
	}
	case K_ROW: {
		/* a bound first: ">= 0.001 <= 0.002 , ..." */
		const char *p = s + 1 + (n > 1 && s[1] == '=') + 1;

		return p < s + n && (char_is_digit(*p) || *p == '-' || *p == '.');
	}
	case K_OTHER:
		return has_prefix(s, n, "# range, mid point") || has_prefix(s, n, "# Socket and IP used");
	default: return k != K_NONE;
	}
}

/*
 * One block per load test. Inside a block, a line that begins a test
 * begins a new block when the open one already has what it would start:
 * a banner after results (log lines may come before it), a second
 * Starting, Ended or Aggregated Function Time line, a result line after
 * "All done".
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;
	enum kind k = claim_said(state, classify(l));
	int iplist = st->iplist;
	unsigned results = st->seen & ~SEEN(K_LOG);

	st->iplist = k == K_IPLIST || (iplist && k == K_NONE && is_ip_count(s, n));
	if (k == K_NONE)
		return in_block && (st->iplist || is_elision(s, n)) ? CLAIM_BODY : CLAIM_NONE;
	if (!in_block) {
		if (!can_start(k, s, n))
			return CLAIM_NONE;
		st->seen = SEEN(k);
		return CLAIM_START;
	}
	if (k != K_LOG && k != K_OTHER && (st->seen & SEEN(K_DONE)))
		return CLAIM_START;
	if (k == K_BANNER && results)
		return CLAIM_START;
	if ((k == K_STARTING || k == K_ENDED || k == K_AGG) && (st->seen & SEEN(k)))
		return CLAIM_START;
	st->seen |= SEEN(k);
	return CLAIM_BODY;
}

#define FEW_NAMED 8 /* percentiles or return codes of a run kept on parse()'s stack (fortio prints 5 and 1) */

/* A number as printed, kept until the run ends, when the best reading of each metric is chosen. */
struct reading {
	const struct line *l;
	const char *num;
	size_t n;
	double v;
	uint32_t count; /* samples the figure summarizes */
	int set;
};

struct named_reading {
	const char *quantity;
	struct reading r;
};

enum section { SEC_UNKNOWN, SEC_FUNC, SEC_OTHER };

struct parse {
	struct sink *s;
	struct sink_txn t; /* the run */
	uint32_t run;      /* its index */
	enum section section;
	int done;
	struct fortio_shape shape;
	struct reading qps_done, qps_ended, calls_done, calls_ended, calls_agg, avg_agg, avg_done;
	double min;                 /* the fastest call (Aggregated Function Time), 0 until known */
	struct reading errors;      /* "Error cases : count N" */
	const struct line *no_errors; /* "Error cases : no data" */
	double code_errors;         /* calls whose code is not a success */
	size_t ncode_errors;        /* lines that counted them */
	struct reading code_error;  /* the last of them */
	int has_codes;
	struct named_reading *pct, *codes;
	size_t npct, pct_cap, ncodes, codes_cap;
	struct named_reading *few_pct, *few_codes; /* parse()'s arrays that pct and codes start in */
	uint32_t series_index;
	const struct line *suspect;     /* the last line of a cut-off run, when it ends in a number */
	const struct line *log_warning; /* the first warning or error log line */
	size_t nlog_warnings;
};

static void begin(struct parse *ps, const struct line *l)
{
	if (!ps->t.open)
		ps->run = sink_txn_begin(ps->s, &ps->t, l);
}

static void damage(struct parse *ps, const struct line *l, const char *what)
{
	begin(ps, l);
	sink_damage(ps->s, ps->run, l, what);
}

/* A whole number (a count); -1 otherwise. */
static int count_parse(const char *s, size_t n, double *v)
{
	return num_parse_digits(s, n, v);
}

/*
 * Keep num[0..n) as a reading; -1 when it is not a number (the line is
 * garbled), and *r is then not to be used (every caller drops the line's
 * readings on a -1: no copy of them kept aside meanwhile).
 */
static int read_span(const char *num, size_t n, const struct line *l, int count, struct reading *r)
{
	r->l = l;
	r->num = num;
	r->n = n;
	r->count = 0;
	r->set = 1;
	return (count ? count_parse(num, n, &r->v) : num_parse(num, n, &r->v)) < 0 ? -1 : 0;
}

/* Keep group `i` of g as a reading, as read_span() does; -1 when it is absent or not a number. */
static int read_num(const struct groups *g, unsigned i, const struct line *l, int count, struct reading *r)
{
	return g->s[i] ? read_span(g->s[i], g->n[i], l, count, r) : -1;
}

/*
 * The groups of line s[0..n) of pattern p: its scanner's (`scan`, when it
 * has one), else the pattern's match copied out; 0 when neither reads it.
 */
static int match(struct parse *ps, struct rx *p, scanner_fn *scan, const char *s, size_t n, struct groups *g)
{
	groups_begin(g, s, n);
	if (scan && scan(s, n, g))
		return 1;
	if (!rx_match(ps->s->rx, p, s, n))
		return 0;
	for (unsigned i = 1; i < NGROUPS; i++) {
		const char *from;
		size_t len;

		if (rx_group(ps->s->rx, p, i, &from, &len))
			group_set(g, i, from, from + len);
	}
	return 1;
}

/* Add to *v (of *n, *cap), which starts in `few` (FEW_NAMED of them, parse()'s); see ALLOC_GROW_FEW. */
static void add_named(struct named_reading **v, size_t *n, size_t *cap, struct named_reading *few,
		      const char *quantity, const struct reading *r)
{
	ALLOC_GROW_FEW(*v, *n + 1, *cap, few, FEW_NAMED);
	(*v)[*n].quantity = quantity;
	(*v)[(*n)++].r = *r;
}

static void on_banner(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	struct groups g;
	double calls;

	if (!match(ps, &patterns[RX_BANNER], banner_groups, s, n, &g)) {
		damage(ps, l, "garbled fortio banner line");
		return;
	}
	if (g.s[G_BANNER_VER])
		fortio_version(ps->s, l, g.s[G_BANNER_VER], g.n[G_BANNER_VER]);
	/* NULL and 0 where the banner does not say */
	ps->shape.qps = g.s[G_BANNER_QPS];
	ps->shape.qps_len = g.n[G_BANNER_QPS];
	ps->shape.target = g.s[G_BANNER_URL];
	ps->shape.target_len = g.n[G_BANNER_URL];
	if (g.s[G_BANNER_CALLS] && count_parse(g.s[G_BANNER_CALLS], g.n[G_BANNER_CALLS], &calls) == 0)
		ps->shape.calls = num_whole(calls);
	ps->shape.duration = g.s[G_BANNER_DUR];
	ps->shape.duration_len = g.n[G_BANNER_DUR];
}

/* A requested qps that reads: "max" or a number (NULL: none was printed). */
static int qps_reads(const char *v, size_t n)
{
	double x;

	return v && ((n == 3 && !memcmp(v, "max", 3)) || num_parse(v, n, &x) == 0);
}

static void on_starting(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	struct groups g;
	unsigned exactly;
	double x;

	if (!match(ps, &patterns[RX_STARTING], starting_groups, s, n, &g) ||
	    !qps_reads(g.s[G_STARTING_QPS], g.n[G_STARTING_QPS])) {
		damage(ps, l, "garbled fortio Starting line");
		return;
	}
	if (!ps->shape.qps) {
		ps->shape.qps = g.s[G_STARTING_QPS];
		ps->shape.qps_len = g.n[G_STARTING_QPS];
	}
	if (g.s[G_STARTING_THREADS] && count_parse(g.s[G_STARTING_THREADS], g.n[G_STARTING_THREADS], &x) == 0)
		ps->shape.threads = num_whole(x);
	/* "-n" wins over the duration the banner of fortio 0.6 printed anyway */
	exactly = g.s[G_STARTING_EXACTLY] ? G_STARTING_EXACTLY : G_STARTING_EXACTLY2;
	if (g.s[exactly] && count_parse(g.s[exactly], g.n[exactly], &x) == 0)
		ps->shape.calls = num_whole(x);
	if (!ps->shape.duration) {
		ps->shape.duration = g.s[G_STARTING_DUR];
		ps->shape.duration_len = g.n[G_STARTING_DUR];
	}
}

static void on_ended(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	struct groups g;
	struct reading calls, qps;

	if (!match(ps, &patterns[RX_ENDED], ended_groups, s, n, &g) || read_num(&g, G_ENDED_CALLS, l, 1, &calls) < 0 ||
	    read_num(&g, G_ENDED_QPS, l, 0, &qps) < 0) {
		damage(ps, l, "garbled fortio Ended line");
		return;
	}
	ps->calls_ended = calls;
	ps->qps_ended = qps;
}

/* "Aggregated Function Time : count ...", "Error cases : ...", and the counters no metric comes from. */
static void on_counter(struct parse *ps, const struct line *l, const char *s, size_t n, enum kind k)
{
	struct groups g;
	int matched = match(ps, &patterns[RX_COUNTER], counter_groups, s, n, &g);
	struct reading count, avg, min;

	/* the rows and percentiles that follow are this counter's */
	ps->section = k == K_AGG ? SEC_FUNC : SEC_OTHER;
	if (k == K_AGG) {
		if (matched && g.s[G_COUNTER_NODATA])
			return;
		if (!matched || read_num(&g, G_COUNTER_COUNT, l, 1, &count) < 0 ||
		    read_num(&g, G_COUNTER_AVG, l, 0, &avg) < 0 || read_num(&g, G_COUNTER_MIN, l, 0, &min) < 0) {
			damage(ps, l, "garbled fortio Aggregated Function Time line");
			return;
		}
		avg.count = num_count(count.v);
		ps->avg_agg = avg;
		ps->calls_agg = count;
		ps->min = min.v;
		return;
	}
	if (!has_prefix(s, n, "Error cases :"))
		return;
	if (matched && g.s[G_COUNTER_NODATA])
		ps->no_errors = l;
	else if (!matched || read_num(&g, G_COUNTER_COUNT, l, 1, &count) < 0)
		damage(ps, l, "garbled fortio Error cases line");
	else
		ps->errors = count;
}

static void on_row(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	struct groups g;
	struct reading a, b, mid, pct, count;
	int has_a;

	if (ps->section == SEC_OTHER)
		return; /* the rows of the sleep, error or size histograms */
	if (!match(ps, &patterns[RX_ROW], row_groups, s, n, &g)) {
		damage(ps, l, "garbled fortio histogram row");
		return;
	}
	has_a = g.s[G_ROW_A] != NULL;
	if ((has_a && read_num(&g, G_ROW_A, l, 0, &a) < 0) || read_num(&g, G_ROW_B, l, 0, &b) < 0 ||
	    read_num(&g, G_ROW_MID, l, 0, &mid) < 0 || read_num(&g, G_ROW_PCT, l, 0, &pct) < 0 ||
	    read_num(&g, G_ROW_N, l, 1, &count) < 0) {
		damage(ps, l, "garbled fortio histogram row");
		return;
	}
	/* the first row of fortio < 0.6 ("< 0.001") has no lower bound: the fastest call is it */
	sink_series(ps->s, ps->run, "latency", ps->series_index++, has_a ? a.v : ps->min, b.v, count.v,
		    UNIT_COUNT);
}

static void on_target(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	struct groups g;
	struct reading pc, v;

	if (ps->section == SEC_OTHER)
		return; /* the percentiles of the sleep or error histograms */
	if (!match(ps, &patterns[RX_TARGET], target_groups, s, n, &g) || read_num(&g, G_TARGET_P, l, 0, &pc) < 0 ||
	    read_num(&g, G_TARGET_V, l, 0, &v) < 0) {
		damage(ps, l, "garbled fortio percentile line");
		return;
	}
	add_named(&ps->pct, &ps->npct, &ps->pct_cap, ps->few_pct, fortio_percentile_quantity(ps->s, pc.v), &v);
}

/* One return code and its count; failures count as errors. */
static void code(struct parse *ps, const struct line *l, const char *key, size_t kn,
		 const struct reading *r)
{
	const char *q = fortio_code_quantity(ps->s, key, kn);

	ps->has_codes = 1;
	if (q)
		add_named(&ps->codes, &ps->ncodes, &ps->codes_cap, ps->few_codes, q, r);
	else /* an error text as the key: "read udp ...: i/o timeout" */
		sink_note(ps->s, ps->run, NOTE_WARNING, l, "%.*s: %.0f calls", (int)kn, key, r->v);
	if (!fortio_code_ok(key, kn)) {
		ps->code_errors += r->v;
		ps->ncode_errors++;
		ps->code_error = *r;
	}
}

static void on_code(struct parse *ps, const struct line *l, const char *s, size_t n, enum kind k)
{
	static const int which[] = { [K_CODE] = RX_CODE, [K_ECHO] = RX_ECHO, [K_GRPC] = RX_GRPC };
	static const char *const what[] = { [K_CODE] = "garbled fortio Code line",
					    [K_ECHO] = "garbled fortio echo result line",
					    [K_GRPC] = "garbled fortio gRPC result line" };
	struct groups g;
	struct reading r;
	double x;

	if (!match(ps, &patterns[which[k]], k == K_CODE ? code_groups : NULL, s, n, &g) || !g.s[G_CODE_CODE] ||
	    read_num(&g, G_CODE_N, l, 1, &r) < 0 ||
	    (k == K_CODE && num_parse(g.s[G_CODE_CODE], g.n[G_CODE_CODE], &x) < 0)) {
		damage(ps, l, what[k]);
		return;
	}
	code(ps, l, g.s[G_CODE_CODE], g.n[G_CODE_CODE], &r);
}

static void on_done(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	struct groups g;
	struct reading calls, ms, qps;
	enum unit unit;

	ps->done = 1; /* garbled or not, the run reached its end */
	if (!match(ps, &patterns[RX_DONE], done_groups, s, n, &g) || read_num(&g, G_DONE_CALLS, l, 1, &calls) < 0 ||
	    read_num(&g, G_DONE_MS, l, 0, &ms) < 0 || read_num(&g, G_DONE_QPS, l, 0, &qps) < 0 ||
	    unit_value(ms.num, ms.n, "ms", 2, &unit, &ms.v) < 0) {
		damage(ps, l, "garbled fortio All done line");
		return;
	}
	ms.count = num_count(calls.v);
	ps->calls_done = calls;
	ps->avg_done = ms;
	ps->qps_done = qps;
}

/* Log lines: skipped, but warnings and errors are counted (3000 threads may each say one). */
static void on_log(struct parse *ps, const struct line *l, const char *s, size_t n)
{
	static const char *const levels[] = {
		" W ", " E ", " C ", " F ", "[WRN]", "[ERR]", "[CRI]", "[FTL]",
		"\"level\":\"warn", "\"level\":\"err", "\"level\":\"crit", "\"level\":\"fatal",
	};
	size_t lim = n < 64 ? n : 64;

	for (size_t i = 0; i < countof(levels); i++) {
		/* the JSON ones anywhere, the text ones in the line's head */
		if (text_contains(s, levels[i][0] == '"' ? n : lim, levels[i])) {
			if (!ps->nlog_warnings++)
				ps->log_warning = l;
			return;
		}
	}
}

/* Store a reading; one never set (the line was not printed, or garbled) stores nothing. */
static void emit(struct parse *ps, const char *quantity, enum unit u,
		 const struct reading *r)
{
	if (r->set)
		sink_measure(ps->s, ps->run, quantity, STAT_VALUE, u, r->v, r->count, r->l, r->num,
			     r->n);
}

/*
 * errors: "Error cases" when printed (fortio >= 1.30), else the calls
 * whose code is not a success. A count said in words ("no data") or
 * summed over several lines has no one number to point at.
 */
static void emit_errors(struct parse *ps)
{
	struct reading r;

	if (ps->errors.set) {
		emit(ps, "errors", UNIT_COUNT, &ps->errors);
		return;
	}
	if (ps->ncode_errors == 1 && !ps->no_errors) {
		emit(ps, "errors", UNIT_COUNT, &ps->code_error);
		return;
	}
	if (!ps->no_errors && !ps->has_codes)
		return;
	memset(&r, 0, sizeof(r));
	r.set = 1;
	r.l = ps->no_errors ? ps->no_errors : ps->code_error.l;
	r.v = ps->no_errors ? 0 : ps->code_errors;
	emit(ps, "errors", UNIT_COUNT, &r);
}

/* The run is complete: choose the best reading of each metric, or drop a run with none. */
static void finish(struct parse *ps, const struct line *last)
{
	struct sink *s = ps->s;
	struct fortio_shape *sh = &ps->shape;
	const char *scenario;

	if (!ps->t.open)
		return;
	emit(ps, "qps", UNIT_PER_S, ps->qps_done.set ? &ps->qps_done : &ps->qps_ended);
	if (ps->avg_agg.set || ps->avg_done.set)
		emit(ps, "latency.avg", UNIT_SECOND, ps->avg_agg.set ? &ps->avg_agg : &ps->avg_done);
	for (size_t i = 0; i < ps->npct; i++) {
		ps->pct[i].r.count = ps->avg_agg.count;
		emit(ps, ps->pct[i].quantity, UNIT_SECOND, &ps->pct[i].r);
	}
	emit(ps, "calls", UNIT_COUNT,
	     ps->calls_done.set ? &ps->calls_done : ps->calls_ended.set ? &ps->calls_ended : &ps->calls_agg);
	emit_errors(ps);
	for (size_t i = 0; i < ps->ncodes; i++)
		emit(ps, ps->codes[i].quantity, UNIT_COUNT, &ps->codes[i].r);
	if (!sink_txn_finish(s, &ps->t, last, "fortio run has no results (cut off?)"))
		return;
	fortio_shape_from_command(sh, s->block->context);
	scenario = fortio_scenario(s, sh);
	if (*scenario)
		s->rs->runs[ps->run].scenario = scenario;
	if (ps->nlog_warnings) {
		struct buf ex = BUF_INIT;
		const struct line *w = ps->log_warning;

		text_excerpt(&ex, w->s + w->indent, w->len - w->indent, 80);
		sink_note(s, ps->run, NOTE_WARNING, w, "%zu warning or error log line%s, the first: %s",
			  ps->nlog_warnings, ps->nlog_warnings == 1 ? "" : "s", buf_str(&ex));
		buf_release(&ex);
	}
	if (!ps->done) {
		struct line at = *last;

		at.no = s->rs->runs[ps->run].last_line;
		sink_warn(s, &at, "fortio run has no \"All done\" line (cut off?)");
		sink_note(s, ps->run, NOTE_DAMAGE, NULL, "\"All done\" line missing");
		s->rs->runs[ps->run].flags |= RUN_INCOMPLETE;
	}
}

/* Read one line of the block, of kind `k` (its classify()). */
static void line(struct parse *ps, const struct line *l, enum kind k)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (k == K_LOG) {
		on_log(ps, l, s, n);
		return;
	}
	if (k == K_NONE || k == K_IPLIST || k == K_OTHER) {
		if (ps->t.open && k != K_NONE)
			sink_run_end(ps->s, ps->run, l);
		if (k != K_NONE && k != K_OTHER)
			ps->section = SEC_OTHER;
		return;
	}
	if (l == ps->suspect) {
		damage(ps, l, "possibly cut fortio line");
		return;
	}
	begin(ps, l);
	sink_run_end(ps->s, ps->run, l);
	switch (k) {
	case K_BANNER: on_banner(ps, l, s, n); break;
	case K_STARTING: on_starting(ps, l, s, n); break;
	case K_ENDED: on_ended(ps, l, s, n); break;
	case K_AGG:
	case K_COUNTER: on_counter(ps, l, s, n, k); break;
	case K_ROW: on_row(ps, l, s, n); break;
	case K_TARGET: on_target(ps, l, s, n); break;
	case K_CODE:
	case K_ECHO:
	case K_GRPC: on_code(ps, l, s, n, k); break;
	case K_DONE: on_done(ps, l, s, n); break;
	case K_SLEEP:
		sink_note(ps->s, ps->run, NOTE_WARNING, l, "%.*s", (int)n, s);
		break;
	default: break;
	}
}

/*
 * A run without "All done" was cut off, and the cut may have gone through
 * its last line: "# target 90% 0.0009" could be the start of 0.000929623.
 * When that line ends in a number we would read, it is not to be trusted.
 */
static const struct line *suspect_line(const struct block *b, const unsigned char *kind)
{
	const struct line *last = NULL;
	enum kind lk = K_NONE;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = (enum kind)kind[i];

		if (k == K_DONE)
			return NULL;
		if (k != K_NONE && k != K_LOG && k != K_OTHER && k != K_IPLIST)
			last = l, lk = k;
	}
	if (!last || !(lk == K_ROW || lk == K_TARGET || lk == K_ENDED || lk == K_CODE || lk == K_GRPC))
		return NULL;
	return last->len && char_is_digit(last->s[last->len - 1]) ? last : NULL;
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t from = (uint32_t)s->rs->nruns;
	struct named_reading few_pct[FEW_NAMED], few_codes[FEW_NAMED];
	unsigned char few_kinds[64]; /* a test's lines; a longer block's kinds go to the heap */
	unsigned char *kind = b->n <= sizeof(few_kinds) ? few_kinds : xmalloc(b->n);

	/* each line's kind once, for the look for a cut line and for the reading */
	for (uint32_t i = 0; i < b->n; i++)
		kind[i] = (unsigned char)LINE_KIND(&b->lines[i], classify);
	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.few_pct = few_pct;
	ps.few_codes = few_codes;
	ps.suspect = suspect_line(b, kind);
	fortio_shape_init(&ps.shape);
	for (uint32_t i = 0; i < b->n; i++)
		if (b->lines[i].indent < b->lines[i].len)
			line(&ps, &b->lines[i], (enum kind)kind[i]);
	finish(&ps, &b->lines[b->n - 1]);
	if (kind != few_kinds)
		free(kind);
	if (ps.pct != few_pct)
		free(ps.pct);
	if (ps.codes != few_codes)
		free(ps.codes);
	return (int)(s->rs->nruns - from);
}

const struct parser fortio_parser = {
	.fmt = FMT_FORTIO,
	.starts = "{FSEA#C><IWtuHP0123456789",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
