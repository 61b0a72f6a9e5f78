/*
 * criterion.c - Criterion.rs results → NAME.time_per_op (the middle
 * estimate) with .lower/.upper, and NAME.throughput with .lower/.upper;
 * one run per benchmark id. Criterion's comparison with a saved baseline
 * (change lines, verdicts) and its outlier reports are notes, never
 * measurements. Every version's shapes: ids too long for their column on
 * their own line, progress lines (0.3), U+2212 minus signs (≥ 0.6).
 * A figure's n is the sample count of "Benchmarking ID: Collecting N
 * samples"; that line starts a block, so the first benchmark has it too.
 */
#include "parsers/bench.h"
#include "parsers/scan.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

#define NUM "[0-9]+(?:\\.[0-9]+)?"
#define SNUM "(?:[-+]|\xe2\x88\x92)?" NUM "%"
#define TIME_UNIT "(?:ps|ns|\xc2\xb5s|\xce\xbcs|us|ms|s)"
#define RATE_UNIT "(?:[KMGT]?i?B/s|[KMG]?b/s|[KMG]?elem/s)"
/* [lower estimate upper], each value with its own unit */
#define TRIPLE(u)                                                                                  \
	"\\[\\s*(?<lo>" NUM ")\\s+(?<lu>" u ")\\s+(?<est>" NUM ")\\s+(?<eu>" u ")\\s+"             \
	"(?<hi>" NUM ")\\s+(?<hu>" u ")\\s*\\]"

enum {
	RX_ID,
	RX_TIME,
	RX_THRPT,
	RX_CHANGE,
	RX_FOUND,
	RX_OUTLIER,
	RX_COLLECTING,
};

static struct rx patterns[] = {
	[RX_ID] = { "criterion id", "^\\s*(?:(?<id>[^\\s].*?)\\s+)?time:", 0 },
	[RX_TIME] = { "criterion time", "^\\s*(?:(?<id>[^\\s].*?)\\s+)?time:\\s+" TRIPLE(TIME_UNIT) "\\s*$", 0 },
	[RX_THRPT] = { "criterion throughput", "^\\s*thrpt:\\s+" TRIPLE(RATE_UNIT) "\\s*$", 0 },
	/* a change block: "change:", or its "time:"/"thrpt:" lines of percentages (trap 23) */
	[RX_CHANGE] = { "criterion change",
			"^\\s*(?:change|time|thrpt):\\s+\\[\\s*" SNUM "\\s+" SNUM "\\s+" SNUM "\\s*\\]"
			"(?:\\s+\\(p\\s*=\\s*" NUM "\\s*[<>]\\s*" NUM "\\))?\\s*$",
			0 },
	[RX_FOUND] = { "criterion outliers",
		       "^\\s*Found\\s+[0-9]+\\s+outliers\\s+among\\s+(?<m>[0-9]+)\\s+measurements\\s+"
		       "\\(" NUM "%\\)\\s*$",
		       0 },
	[RX_OUTLIER] = { "criterion outlier class",
			 "^\\s*[0-9]+\\s+\\(" NUM "%\\)\\s+(?:low|high)\\s+(?:mild|severe)\\s*$", 0 },
	[RX_COLLECTING] = { "criterion collecting",
			    "^\\s*Benchmarking\\s+(?<id>[^\\s].*?):\\s+Collecting\\s+(?<n>[0-9]+)\\s+samples\\s+"
			    "in\\s+estimated\\s",
			    0 },
};

/*
 * The groups of RX_TIME and RX_COLLECTING, by number (tests/unit/test_scan.c
 * holds them to the names). RX_THRPT's TRIPLE, with no id before it, has
 * the same groups one lower: G_THRPT_LO.
 */
enum { G_ID = 1, G_LO, G_LU, G_EST, G_EU, G_HI, G_HU };
enum { G_THRPT_LO = 1 };
enum { G_COLLECTING_ID = 1, G_COLLECTING_N };

/* TIME_UNIT at *p: its length, 0 when none. The pattern's order: "ms" before "s". */
static size_t time_unit(const char *p, const char *e)
{
	if (e - p >= 2 && p[1] == 's' && (p[0] == 'p' || p[0] == 'n' || p[0] == 'u' || p[0] == 'm'))
		return 2;
	if (e - p >= 3 && p[2] == 's' && ((p[0] == '\xc2' && p[1] == '\xb5') || (p[0] == '\xce' && p[1] == '\xbc')))
		return 3;
	return p < e && p[0] == 's';
}

/* " NUM UNIT" of a triple: the number after blanks (\s*, or \s+ when `blanks1`), then \s+ and its unit. */
static int scan_figure(const char **p, const char *e, int blanks1, const char **num, const char **num_end,
		       const char **unit, const char **unit_end)
{
	size_t un;

	if (!scan_blanks(p, e) && blanks1)
		return 0;
	*num = *p;
	if (!scan_number(p, e))
		return 0;
	*num_end = *p;
	if (!scan_blanks(p, e))
		return 0;
	*unit = *p;
	un = time_unit(*p, e);
	if (!un)
		return 0;
	*p += un;
	*unit_end = *p;
	return 1;
}

/*
 * May one of the eight bytes at p be one scan_is_odd() names (under 0x20
 * or over 0x7e)? Exact for "none"; a tab, no odd byte, is flagged too.
 */
static int word_may_be_odd(const char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return text_word_may_be_unprintable(w);
}

/*
 * Does [p, e) hold a byte scan_is_odd() names? The scanners ask it of an
 * id once memchr() found where the id ends, rather than each byte beside
 * the test for that end: eight bytes at a time (the last word ends at e,
 * over bytes of the one before), then byte by byte from a word that may
 * hold one.
 */
static int has_odd(const char *p, const char *e)
{
	if (e - p >= 8) {
		const char *last = e - 8;

		while (p < last && !word_may_be_odd(p))
			p += 8;
		if (p >= last && !word_may_be_odd(last))
			return 0;
	}
	for (; p < e; p++)
		if (scan_is_odd(*p))
			return 1;
	return 0;
}

/*
 * RX_TIME by hand (see scan.h): "ID   time:   [1.2 ns 1.3 ns 1.4 ns]". The
 * pattern's id is the shortest that lets the rest match: it ends at the
 * blanks before the first "time:" that follows a blank, and the rest of the
 * line must be the triple, else the pattern decides. A line without an id,
 * or with an id's byte scan_is_odd() names, is the pattern's.
 */
int criterion_scan_time(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *id, *id_end, *q, *c, *f[12];
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	id = p;
	/* (shorter than the id's first byte, a blank and "time:", the line is none) */
	if (e - p < 7 || scan_is_odd(*p) || !memcmp(p, "time:", 5))
		return 0;
	/*
	 * The first "time:" after a blank found at its ':' (memchr() looks at
	 * the colons alone), then the id's bytes before it asked for an odd
	 * one: as a walk that stops at the first odd byte or "time:" would.
	 */
	for (c = p + 6; c < e && (c = memchr(c, ':', (size_t)(e - c))); c++)
		if (scan_is_blank(c[-5]) && !memcmp(c - 4, "time", 4))
			break;
	if (!c || c == e)
		return 0;
	q = c - 4;
	if (has_odd(p + 1, q))
		return 0;
	for (id_end = q; scan_is_blank(id_end[-1]);)
		id_end--;
	p = q + 5;
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "["))
		return 0;
	if (!scan_figure(&p, e, 0, &f[0], &f[1], &f[2], &f[3]) || !scan_figure(&p, e, 1, &f[4], &f[5], &f[6], &f[7]) ||
	    !scan_figure(&p, e, 1, &f[8], &f[9], &f[10], &f[11]))
		return 0;
	scan_blanks(&p, e);
	if (!SCAN_LIT(&p, e, "]"))
		return 0;
	scan_blanks(&p, e);
	if (p != e)
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, G_ID, s, id, id_end);
	scan_set(ov, G_LO, s, f[0], f[1]);
	scan_set(ov, G_LU, s, f[2], f[3]);
	scan_set(ov, G_EST, s, f[4], f[5]);
	scan_set(ov, G_EU, s, f[6], f[7]);
	scan_set(ov, G_HI, s, f[8], f[9]);
	scan_set(ov, G_HU, s, f[10], f[11]);
	return 1;
}

/*
 * RX_COLLECTING by hand: "Benchmarking ID: Collecting 100 samples in
 * estimated 5.0 s". The id ends at its first ':', which the rest must
 * follow, else the pattern decides (an id may hold a ':').
 */
int criterion_scan_collecting(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *id, *id_end, *num, *num_end;
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	if (!SCAN_LIT(&p, e, "Benchmarking") || !scan_blanks(&p, e))
		return 0;
	id = p;
	if (p == e || scan_is_odd(*p) || !(p = memchr(p + 1, ':', (size_t)(e - p - 1))) || has_odd(id + 1, p))
		return 0;
	id_end = p;
	if (!SCAN_LIT(&p, e, ":") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "Collecting") || !scan_blanks(&p, e))
		return 0;
	num = p;
	if (!scan_digits(&p, e))
		return 0;
	num_end = p;
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "samples") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "in") ||
	    !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "estimated") || p == e || !scan_is_blank(*p))
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	ov[1] = (PCRE2_SIZE)(p + 1 - s); /* the pattern ends at the blank after "estimated" */
	scan_set(ov, G_COLLECTING_ID, s, id, id_end);
	scan_set(ov, G_COLLECTING_N, s, num, num_end);
	return 1;
}

/* NUM "%)": a percentage and its closing bracket. */
static int percent_closed(const char **p, const char *e)
{
	return scan_decimal(p, e) && SCAN_LIT(p, e, "%)");
}

/* RX_FOUND by hand: "Found 3 outliers among 100 measurements (3.00%)"; its group m. */
int criterion_scan_found(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *m, *m_end;

	scan_blanks(&p, e);
	if (!SCAN_LIT(&p, e, "Found") || !scan_blanks(&p, e) || !scan_digits(&p, e) || !scan_blanks(&p, e) ||
	    !SCAN_LIT(&p, e, "outliers") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "among") || !scan_blanks(&p, e))
		return 0;
	m = p;
	if (!scan_digits(&p, e))
		return 0;
	m_end = p;
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "measurements") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "(") ||
	    !percent_closed(&p, e) || !scan_end(&p, e))
		return 0;
	scan_set(rx_scan_begin(t, rx, s, n), 1, s, m, m_end);
	return 1;
}

/* RX_OUTLIER by hand: "  3 (3.00%) high mild" (no group). */
int criterion_scan_outlier(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s;

	scan_blanks(&p, e);
	if (!scan_digits(&p, e) || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "(") || !percent_closed(&p, e) ||
	    !scan_blanks(&p, e) || !(SCAN_LIT(&p, e, "low") || SCAN_LIT(&p, e, "high")) || !scan_blanks(&p, e) ||
	    !(SCAN_LIT(&p, e, "mild") || SCAN_LIT(&p, e, "severe")) || !scan_end(&p, e))
		return 0;
	rx_scan_begin(t, rx, s, n);
	return 1;
}

static const char *const verdicts[] = {
	"No change in performance detected.",
	"Change within noise threshold.",
	"Performance has improved.",
	"Performance has regressed.",
};

/* Lines of a result block that carry no figure: progress, notices, --verbose statistics. */
static const char *const chatter[] = {
	"WARNING:",
	"Gnuplot not found",
};

/* The byte after "time:" and its blanks when it is '[' (a result or change line), or NULL. */
static const char *after_time(const struct line *l)
{
	const char *start = l->s + l->indent, *end = l->s + l->len, *p = start;

	/* every line of every text comes here: look for the rare ':' first (memchr is fast) */
	while ((p = memchr(p, ':', (size_t)(end - p)))) {
		if (p - start >= 4 && !memcmp(p - 4, "time", 4))
			break;
		p++;
	}
	if (!p)
		return NULL;
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	return p < end && *p == '[' ? p + 1 : NULL;
}

static int starts_any(const struct line *l, const char *const *prefixes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (line_starts(l, prefixes[i]))
			return 1;
	return 0;
}

/*
 * What the claim remembers: the id of the last "Benchmarking ID..." line,
 * so that the id printed alone above its result (too long for its column)
 * continues the block. Longer ids are not remembered (the line then ends
 * the block, and the result line finds its id above the next one).
 */
#define CLAIM_ID_MAX 200
_Static_assert(CLAIM_ID_MAX <= UINT8_MAX, "the claim keeps an id's length in a byte");
struct claim_state {
	uint8_t len;
	char id[CLAIM_ID_MAX];
};

/* The phase a "Benchmarking ID: Phase..." line reports; PHASE_NONE for the id alone. */
enum phase { PHASE_NONE, PHASE_WARMING, PHASE_COLLECTING, PHASE_ANALYZING, PHASE_COMPLETE };

/*
 * The phase whose words stand at the ':' at p, PHASE_NONE when none does.
 * Each compared with its own literal length, which the compiler turns into
 * a few loads and compares instead of a call of memcmp() per phase.
 */
static enum phase phase_at(const char *p, const char *end)
{
	size_t n = (size_t)(end - p);

#define AT(text) (n >= sizeof(text) - 1 && !memcmp(p, text, sizeof(text) - 1))
	if (n < 3 || p[1] != ' ')
		return PHASE_NONE;
	if (AT(": Warming up"))
		return PHASE_WARMING;
	if (AT(": Collecting "))
		return PHASE_COLLECTING;
	if (AT(": Analyzing"))
		return PHASE_ANALYZING;
	if (AT(": Complete"))
		return PHASE_COMPLETE;
#undef AT
	return PHASE_NONE;
}

/*
 * The id of a "Benchmarking ID" or "Benchmarking ID: Phase..." line, and
 * its phase in *phase; 0 when `l` is none.
 */
static int progress_id(const struct line *l, const char **id, size_t *n, enum phase *phase)
{
	const char *s, *end;

	if (!line_starts(l, "Benchmarking "))
		return 0;
	s = l->s + l->indent + 13;
	end = l->s + line_end(l);
	*id = s;
	*n = (size_t)(end - s);
	*phase = PHASE_NONE;
	/* every phase starts with ':': look only at the colons */
	for (const char *p = s; p < end && (p = memchr(p, ':', (size_t)(end - p))); p++)
		if ((*phase = phase_at(p, end)) != PHASE_NONE) {
			*n = (size_t)(p - s);
			return *n > 0;
		}
	return *n > 0;
}

/* Is `l`, trimmed, the id the state remembers? */
static int is_lone_id(const struct line *l, const struct claim_state *st)
{
	size_t n = line_end(l) - l->indent;

	return st->len && n == st->len && !memcmp(l->s + l->indent, st->id, n);
}

static void remember(struct claim_state *st, const char *id, size_t n)
{
	st->len = 0;
	if (n > 0 && n <= CLAIM_ID_MAX && n <= UINT8_MAX) {
		memcpy(st->id, id, n);
		st->len = (uint8_t)n;
	}
}

/* What a line of Criterion output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_PROGRESS, /* "Benchmarking ID[: phase]" */
	K_RESULT,   /* "[ID] time: [lo u est u hi u]", garbled or cut */
	K_TIME,     /* another "time: [" line: a change line of percentages, or damage in a block */
	K_THRPT,    /* "thrpt: [...]" */
	K_FOUND,    /* "Found N outliers among M measurements (x%)" */
	K_OUTLIER,  /* "  1 (10.00%) high mild" */
	K_CHANGE,   /* "change:" (alone, it heads the change lines below it) */
	K_VERDICT,  /* "Performance has improved." ... */
	K_STATS,    /* --verbose's slope, mean and median lines */
	K_CHATTER,  /* notices: "WARNING:", "Gnuplot not found" */
	K__COUNT
};

static const char *const kinds[] = { "none", "progress", "result", "time", "thrpt", "found", "outlier", "change", "verdict", "stats", "chatter" };

/* Is [p, end) a time unit Criterion prints? */
static int is_time_unit(const char *p, size_t n)
{
	static const char *const units[] = { "ps", "ns", "\xc2\xb5s", "\xce\xbcs", "us", "ms", "s" };

	for (size_t i = 0; i < countof(units); i++)
		if (strlen(units[i]) == n && !memcmp(units[i], p, n))
			return 1;
	return 0;
}

/*
 * After "time: [": a result, by its fixed words: no '%' (a change line's),
 * and a digit first (a line cut short) or at least two time units among
 * its words (one digit garbled anywhere leaves it a result line).
 */
static int result_like(const char *p, const char *end)
{
	int units = 0;

	if (memchr(p, '%', (size_t)(end - p)))
		return 0;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && char_is_digit(*p))
		return 1;
	while (p < end) {
		const char *w;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		for (w = p; p < end && *p != ' ' && *p != '\t' && *p != ']'; p++)
			;
		units += is_time_unit(w, (size_t)(p - w));
		if (p < end && *p == ']')
			break;
	}
	return units >= 2;
}

/* Does `l` hold "%) low " or "%) high " (an outlier class)? One look at each '%'. */
static int outlier_class(const struct line *l)
{
	const char *p = l->s, *end = l->s + l->len;

	for (; (p = memchr(p, '%', (size_t)(end - p))); p++)
		if ((end - p >= 7 && !memcmp(p, "%) low ", 7)) || (end - p >= 8 && !memcmp(p, "%) high ", 8)))
			return 1;
	return 0;
}

/* classify() of a line that is no progress line. */
static enum kind classify_rest(const struct line *l)
{
	const char *p = after_time(l);

	if (p)
		return result_like(p, l->s + l->len) ? K_RESULT : K_TIME;
	if (line_starts(l, "thrpt:"))
		return K_THRPT;
	if (line_starts(l, "Found "))
		return K_FOUND;
	if (line_starts(l, "change:"))
		return K_CHANGE;
	if (starts_any(l, verdicts, countof(verdicts)))
		return K_VERDICT;
	if (line_starts(l, "slope ") || line_starts(l, "mean ") || line_starts(l, "median "))
		return K_STATS;
	if (starts_any(l, chatter, countof(chatter)))
		return K_CHATTER;
	/* "  1 (10.00%) high mild" */
	if (char_is_digit(l->s[l->indent]) && outlier_class(l))
		return K_OUTLIER;
	return K_NONE;
}

/* The one classifier the claim and the parse share. */
static enum kind classify(const struct line *l)
{
	const char *id;
	size_t n;
	enum phase phase;

	return progress_id(l, &id, &n, &phase) ? K_PROGRESS : classify_rest(l);
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * Is `l`, a progress line of `phase`, a "Benchmarking ID: Collecting N
 * samples" line (RX_COLLECTING matched, by `rx`)? The claim and the parse
 * read it alike. Most progress lines are other phases: the pattern's one
 * fixed word first, known to be there when progress_id() read it as the
 * phase; then the scan, then the pattern.
 */
static int collecting(struct rx_thread *rx, const struct line *l, enum phase phase)
{
	struct rx *p = &patterns[RX_COLLECTING];

	return (phase == PHASE_COLLECTING || text_contains(l->s, l->len, "Collecting")) &&
	       (criterion_scan_collecting(rx, p, l->s, l->len) || rx_match(rx, p, l->s, l->len));
}

/*
 * A result line or a "Benchmarking ID: Collecting N samples" line starts
 * a block; once one is open, the lines Criterion prints around results
 * continue it. A line of percentages after "time:" is a change line, never
 * a start.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	const char *id;
	size_t n;
	enum phase phase;
	/* classify()'s first test, its id kept for remember() instead of read again */
	enum kind k = claim_said(state, progress_id(l, &id, &n, &phase) ? K_PROGRESS : classify_rest(l));

	switch (k) {
	case K_PROGRESS:
		if (!in_block && !collecting(claim_rx(state), l, phase))
			return CLAIM_NONE;
		remember(st, id, n);
		return in_block ? CLAIM_BODY : CLAIM_START;
	case K_RESULT:
		return in_block ? CLAIM_BODY : CLAIM_START;
	case K_NONE:
		return in_block && is_lone_id(l, st) ? CLAIM_BODY : CLAIM_NONE;
	default:
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	}
}

struct parse {
	struct sink *s;
	struct sink_txn t;      /* the current benchmark's run */
	long run;               /* its index, -1 before the first */
	/*
	 * The outlier report being gathered: its "Found" line (NULL when none
	 * is) and the class lines after it, joined by "; " into one note when
	 * the report ends. The first few class lines are kept in few_classes.
	 */
	const struct line *outliers_at;
	const struct line **classes, *few_classes[8];
	size_t nclasses, classes_cap;
	const char *progress;   /* the id of the last "Benchmarking" line, and its length */
	size_t progress_len;
	uint32_t collected;     /* its "Collecting N samples", 0 when none */
	uint32_t n;             /* the current benchmark's sample count, 0 when unknown */
};

static int group(const struct rx_thread *rx, const struct rx *p, const char *name, const char **v, size_t *n)
{
	return rx_named(rx, p, name, v, n);
}

/*
 * The three figures of `quantity` from a matched TRIPLE whose "lo" group
 * is number `lo` (the others follow it: lu, est, eu, hi, hu), all or
 * none: -1 (nothing added) when a unit is not one units.c knows.
 */
static int triple(struct parse *ps, const struct line *l, const struct rx *p, unsigned lo, const char *quantity)
{
	static const struct {
		unsigned num; /* from `lo`: the number; its unit is the next group */
		enum stat_kind stat;
	} parts[] = { { G_EST - G_LO, STAT_EST }, { 0, STAT_LOWER }, { G_HI - G_LO, STAT_UPPER } };
	const char *num[3], *unit[3];
	size_t nn[3], un[3];
	enum unit u[3];
	double v[3];

	for (size_t i = 0; i < countof(parts); i++)
		if (!rx_group(ps->s->rx, p, lo + parts[i].num, &num[i], &nn[i]) ||
		    !rx_group(ps->s->rx, p, lo + parts[i].num + 1, &unit[i], &un[i]) ||
		    unit_value(num[i], nn[i], unit[i], un[i], &u[i], &v[i]) < 0)
			return -1;
	/* the values read above, as bench_figure() would read them again */
	for (size_t i = 0; i < countof(parts); i++)
		sink_measure(ps->s, (uint32_t)ps->run, quantity, parts[i].stat, u[i], v[i], 0, l, num[i], nn[i]);
	return 0;
}

/* Keep line `l` of the current benchmark as a note; its span grows to it. */
static void note_line(struct parse *ps, enum note_kind kind, const struct line *l, const char *prefix)
{
	if (ps->run < 0)
		return;
	sink_note(ps->s, (uint32_t)ps->run, kind, l, "%s%.*s", prefix, (int)(l->len - l->indent),
		  l->s + l->indent);
	sink_run_end(ps->s, (uint32_t)ps->run, l);
}

/* Line `l`'s text after its indentation, at the end of b. */
static void add_text(struct buf *b, const struct line *l)
{
	buf_add(b, l->s + l->indent, l->len - l->indent);
}

static void flush_outliers(struct parse *ps)
{
	if (ps->outliers_at && ps->run >= 0) {
		char few[512]; /* most reports: joined here, not on the heap */
		struct buf b = BUF_INIT;
		const struct line *l = ps->outliers_at;
		size_t len = l->len - l->indent;

		for (size_t i = 0; i < ps->nclasses; i++)
			len += 2 + ps->classes[i]->len - ps->classes[i]->indent;
		if (len < sizeof(few)) {
			char *p = few;

			memcpy(p, l->s + l->indent, l->len - l->indent);
			p += l->len - l->indent;
			for (size_t i = 0; i < ps->nclasses; i++) {
				l = ps->classes[i];
				memcpy(p, "; ", 2);
				memcpy(p + 2, l->s + l->indent, l->len - l->indent);
				p += 2 + l->len - l->indent;
			}
			*p = '\0';
		} else {
			add_text(&b, l);
			for (size_t i = 0; i < ps->nclasses; i++) {
				buf_adds(&b, "; ");
				add_text(&b, ps->classes[i]);
			}
		}
		/* "%s": the text stops at a NUL byte of a line, as it always did */
		sink_note(ps->s, (uint32_t)ps->run, NOTE_OUTLIERS, ps->outliers_at, "%s", b.s ? b.s : few);
		buf_release(&b);
	}
	ps->outliers_at = NULL;
	ps->nclasses = 0;
}

/*
 * Close the current benchmark: each of its figures summarizes its samples;
 * one that gave no figure at all is not kept.
 */
static void finish(struct parse *ps)
{
	flush_outliers(ps);
	if (ps->run >= 0 && ps->n)
		for (size_t k = ps->t.mark.meas; k < ps->s->rs->nmeas; k++)
			ps->s->rs->meas[k].n = ps->n;
	/* one whose time line was garbled has no figure: already warned, not kept */
	sink_txn_finish(ps->s, &ps->t, NULL, NULL);
	ps->run = -1;
	ps->n = 0;
}

static void begin(struct parse *ps, const struct line *l, const char *id, size_t n)
{
	finish(ps);
	ps->run = bench_begin(ps->s, &ps->t, l, id, n);
	/* the samples Criterion said it collected for this id */
	if (ps->collected && ps->progress_len == n && !memcmp(ps->progress, id, n))
		ps->n = ps->collected;
}

/*
 * "Benchmarking ID: Collecting N samples ...": N is the sample count of
 * ID's figures. `id` and `phase` are the line's progress_id(), which
 * classified it.
 */
static void on_progress(struct parse *ps, const struct line *l, const char *id, size_t n, enum phase phase)
{
	struct rx *p = &patterns[RX_COLLECTING];
	const char *num;
	size_t nn;
	double v;

	if (ps->progress_len != n || memcmp(ps->progress, id, n))
		ps->collected = 0;
	ps->progress = id;
	ps->progress_len = n;
	if (collecting(ps->s->rx, l, phase) && rx_group(ps->s->rx, p, G_COLLECTING_N, &num, &nn) &&
	    num_parse(num, nn, &v) == 0)
		ps->collected = num_count(v);
}

/* The id the line above the result (`i` > 0) holds alone: the last "Benchmarking" id. */
static const struct line *id_inside(const struct parse *ps, const struct block *b, uint32_t i,
				     const char **id, size_t *n)
{
	const struct line *l;

	while (i > 0 && b->lines[i - 1].indent == b->lines[i - 1].len)
		i--;
	if (i == 0 || !ps->progress_len)
		return NULL;
	l = &b->lines[i - 1];
	if (line_end(l) - l->indent != ps->progress_len ||
	    memcmp(l->s + l->indent, ps->progress, ps->progress_len))
		return NULL;
	*id = l->s + l->indent;
	*n = ps->progress_len;
	return l;
}

/* The id printed alone on the line above the block, when the block starts without one. */
static int id_above(const struct block *b, const char **id, size_t *n)
{
	const char *s = b->above;
	size_t len;

	if (!s || b->above_line + 1 != b->lines[0].no || b->above_line == b->label_line)
		return 0;
	len = strlen(s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	*id = s;
	*n = len;
	return len > 0;
}

/*
 * A result its author pasted without the id: the block begins at a
 * "time:" line that stands at the margin (Criterion indents it under an id
 * too long for its column, so an indented one lost its id to a cut), after
 * prose or a fence. It is a run without a subject.
 */
static int no_id(const struct block *b, const struct line *l, int garbled)
{
	return b->started && !garbled && l->cut + l->indent == 0;
}

static void on_time(struct parse *ps, const struct block *b, const struct line *l, uint32_t i)
{
	const struct rx *p = &patterns[RX_TIME];
	const struct line *inside = NULL; /* the line holding the id alone, in the block */
	const char *id;
	size_t n;
	int garbled = 0;

	if (!criterion_scan_time(ps->s->rx, &patterns[RX_TIME], l->s, l->len) && !rx_match(ps->s->rx, &patterns[RX_TIME], l->s, l->len)) {
		if (rx_match(ps->s->rx, &patterns[RX_CHANGE], l->s, l->len)) {
			note_line(ps, NOTE_VERDICT, l, "change ");
			return;
		}
		/* its figures are lost, but whose they were is still known */
		garbled = 1;
		p = &patterns[RX_ID];
		if (!rx_match(ps->s->rx, &patterns[RX_ID], l->s, l->len))
			p = NULL;
	}
	/* the id is on this line, alone on the line above, or above the block */
	if (!(p && rx_group(ps->s->rx, p, G_ID, &id, &n)) && !(inside = id_inside(ps, b, i, &id, &n)) &&
	    !(i == 0 && id_above(b, &id, &n)) && !(i == 0 && no_id(b, l, garbled) && (id = "", n = 0, 1))) {
		finish(ps);
		if (garbled)
			bench_lost(ps->s, l, "garbled Criterion time line");
		else
			sink_warn(ps->s, l, "Criterion result without its benchmark id (cut off above?); skipped");
		return;
	}
	begin(ps, l, id, n);
	if (i == 0 && id == b->above) /* the run's lines begin with its id's */
		ps->s->rs->runs[ps->run].first_line = b->above_line;
	else if (inside)
		ps->s->rs->runs[ps->run].first_line = inside->no;
	if (garbled)
		sink_damage(ps->s, (uint32_t)ps->run, l, "garbled Criterion time line");
	else if (triple(ps, l, p, G_LO, "time_per_op") < 0)
		sink_damage(ps->s, (uint32_t)ps->run, l, "Criterion time line with an unknown unit");
}

static void on_thrpt(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_THRPT];

	if (ps->run < 0)
		return;
	if (rx_match(ps->s->rx, p, l->s, l->len)) {
		if (triple(ps, l, p, G_THRPT_LO, "throughput") < 0)
			sink_damage(ps->s, (uint32_t)ps->run, l, "Criterion thrpt line with an unknown unit");
	} else if (rx_match(ps->s->rx, &patterns[RX_CHANGE], l->s, l->len)) {
		note_line(ps, NOTE_VERDICT, l, "change ");
	} else {
		sink_damage(ps->s, (uint32_t)ps->run, l, "garbled Criterion thrpt line");
	}
}

static void on_found(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_FOUND];
	const char *m;
	size_t mn;
	double samples;

	flush_outliers(ps);
	if (ps->run < 0 || !(criterion_scan_found(ps->s->rx, p, l->s, l->len) || rx_match(ps->s->rx, p, l->s, l->len)))
		return;
	ps->outliers_at = l;
	sink_run_end(ps->s, (uint32_t)ps->run, l);
	/*
	 * Tukey's fences classify each of the run's samples, so M is the sample
	 * count too; it stands only when no "Collecting N samples" was in view
	 * (output pasted without its progress lines).
	 */
	if (!ps->n && group(ps->s->rx, p, "m", &m, &mn) && num_parse(m, mn, &samples) == 0)
		ps->n = num_count(samples);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.run = -1;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *id;
		size_t n;
		enum phase phase;
		enum kind k;

		if (l->indent == l->len)
			continue;
		/* the kind the claim told (LINE_KIND()), else classify(); a progress line's id and phase kept for on_progress() */
		if (l->kind && l->kind - 1u != K_PROGRESS)
			k = (enum kind)(l->kind - 1u);
		else
			k = progress_id(l, &id, &n, &phase) ? K_PROGRESS : classify_rest(l);
		switch (k) {
		case K_PROGRESS:
			on_progress(&ps, l, id, n, phase);
			break;
		case K_RESULT:
		case K_TIME:
			on_time(&ps, b, l, i);
			break;
		case K_THRPT:
			on_thrpt(&ps, l);
			break;
		case K_FOUND:
			on_found(&ps, l);
			break;
		case K_OUTLIER:
			if (ps.outliers_at && (criterion_scan_outlier(s->rx, &patterns[RX_OUTLIER], l->s, l->len) ||
					       rx_match(s->rx, &patterns[RX_OUTLIER], l->s, l->len))) {
				ALLOC_GROW_FEW(ps.classes, ps.nclasses + 1, ps.classes_cap, ps.few_classes,
					       countof(ps.few_classes));
				ps.classes[ps.nclasses++] = l;
				sink_run_end(s, (uint32_t)ps.run, l);
			}
			break;
		case K_CHANGE:
			/* alone, it heads the time and thrpt change lines below it */
			if (rx_match(s->rx, &patterns[RX_CHANGE], l->s, l->len))
				note_line(&ps, NOTE_VERDICT, l, "");
			break;
		case K_VERDICT:
			note_line(&ps, NOTE_VERDICT, l, "");
			break;
		case K_STATS:
			note_line(&ps, NOTE_INFO, l, "");
			break;
		case K_CHATTER:
		case K_NONE:
		case K__COUNT:
			break;
		}
	}
	finish(&ps);
	if (ps.classes != ps.few_classes)
		free(ps.classes);
	return (int)(s->rs->nruns - first_run);
}

const struct parser criterion_parser = {
	.fmt = FMT_CRITERION,
	/* ids begin with any byte: the claim looks for "time:" */
	.starts = PARSER_STARTS_PRINTABLE PARSER_STARTS_UTF8_LEAD,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
