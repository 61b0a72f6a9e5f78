/*
 * labelled.c - numbers people label by hand in prose and lists, one label
 * a line: "w/ PGO: 1m10.877s; 1m10.778s" (several runs of a build),
 * "Before: 264.5 MB", "- LTO: 4.2 MiB", "PGO - 10.1s" (a build and its
 * figure), "Build Time: 3m43s" (a quantity: the build is the label above
 * the block), "Jemalloc: total run time 2643.68 s" (the quantity before
 * the figure), "624s -> 488s = 22% drop" and "97.3K → 94.9K" (the build
 * before and after), "A vs B: 10 s vs 12 s", and lines of one figure
 * under a label ("Before:" then "0m25.891s").
 *
 * Numbers are read by handnum.c, quantities named by handmetric.c. What
 * is never a measurement reads nothing: a percentage, a ratio, a signed
 * change, what follows '=' (a computation), an average written after the
 * runs it averages, a setting or a fact of the machine ("Timeout: 5s",
 * "RAM: 16 GB"), a figure with no unit and no word for one, a sentence.
 * A line that does not read whole reads nothing. Every figure is flagged
 * hand-written (approximate or a bound when marked so); a label that
 * names a build is proposed as the run's variant (VO_LABEL, the naming
 * pass decides), the others leave it to the label above the block.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "parsers/handmetric.h"
#include "parsers/handnum.h"
#include "parsers/label.h"
#include "parsers/metrics.h"
#include "parsers/parser.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/util.h"

#define MAX_FIGS 8
#define MAX_LINE 240  /* a longer line is a sentence, not a label and its figures */
#define MAX_LABEL 80

enum kind {
	K_NONE,
	K_LABELLED, /* "LABEL: FIG[; FIG...]", "LABEL - FIG", "LABEL: FIG -> FIG" */
	K_ARROW,    /* "FIG -> FIG" with no label */
	K_VALUE,    /* a line of one figure with its unit, read under a label */
	K__COUNT
};

static const char *const kinds[] = { "none", "labelled", "arrow", "value" };

/*
 * How a line's figures are joined: one; runs of one quantity ("188s 190s",
 * "1.2 s; 1.3 s"); before and after; builds side by side ("10 s vs 12 s");
 * quantities of one run, each in a unit of its own ("3.04 seconds, 9.357
 * MB/s").
 */
enum join { J_ONE, J_LIST, J_ARROW, J_VS, J_UNITS };

struct fig {
	struct handnum h;
	int ambiguous; /* the figure's reading depends on an undecided decimal mark */
};

/* One line read: its label (a span of the line, may be empty) and figures. */
struct lline {
	enum kind kind;
	const char *label;
	size_t label_n;
	const char *qwords; /* words naming the quantity before the figure ("total run time"), or NULL */
	size_t qwords_n;
	enum join join;
	int nfig;
	struct fig fig[MAX_FIGS];
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char **s, const char **e)
{
	while (*s < *e && is_blank(**s))
		(*s)++;
	while (*e > *s && is_blank((*e)[-1]))
		(*e)--;
}

/* Drop code marks or emphasis wrapping s..e ("`867,908,059`", "**4.2 MiB**"). */
static void unwrap(const char **s, const char **e)
{
	trim(s, e);
	while (*e - *s >= 2 && (**s == '`' || **s == '*' || **s == '_') && (*e)[-1] == **s) {
		(*s)++, (*e)--;
		trim(s, e);
	}
}

static int has_digit(const char *s, const char *e)
{
	/* asked of most prose lines, where digits are few: eight bytes at a time */
	for (; e - s >= 8; s += 8) {
		uint64_t w;

		memcpy(&w, s, 8);
		if (text_word_in(w, '0', '9'))
			return 1;
	}
	for (; s < e; s++)
		if (char_is_digit(*s))
			return 1;
	return 0;
}

/*
 * Read s..e as one figure: 1 when it is one (written to *f), 0 when it is
 * not, or when it is no measurement (a percentage, a ratio, a change).
 */
static int read_fig(const char *s, const char *e, enum num_mark mark, const char *unit, size_t unit_len,
		    struct fig *f)
{
	struct handnum_ctx ctx = { mark, unit, unit_len, 0 };
	int rc;

	unwrap(&s, &e);
	if (s >= e || !has_digit(s, e))
		return 0;
	memset(f, 0, sizeof(*f));
	rc = handnum_read(s, (size_t)(e - s), &ctx, &f->h);
	if (rc == HANDNUM_AMBIGUOUS) {
		f->ambiguous = 1;
		return 1;
	}
	if (rc < 0 || (f->h.flags & (HN_RATIO | HN_SIGNED)) || f->h.unit == UNIT_PERCENT)
		return 0;
	return 1;
}

/* Find `what` in s..e; NULL when absent. */
static const char *find(const char *s, const char *e, const char *what)
{
	return s < e ? text_find(s, (size_t)(e - s), what) : NULL;
}

/* The arrow in s..e ("->", "→", "⟶") and its length; NULL when none. */
static const char *arrow_in(const char *s, const char *e, size_t *len)
{
	const char *a = find(s, e, "->"), *b = find(s, e, "\xe2\x86\x92"), *c = find(s, e, "\xe2\x9f\xb6");

	if (a && (a + 2 >= e || a[2] != '>') && (a == s || a[-1] != '-')) {
		*len = 2;
		return a;
	}
	*len = 3;
	return b ? b : c;
}

/* Does the word s..e say the figures before it are summed up after it ("average~=189s", "avg", "mean")? */
static int summary_word(const char *s, const char *e)
{
	static const char *const words[] = { "average", "avg", "mean", "median", "total", "sum", "geomean" };

	for (size_t k = 0; k < countof(words); k++) {
		size_t n = strlen(words[k]);

		if ((size_t)(e - s) >= n && !strncasecmp(s, words[k], n) &&
		    (s + n == e || s[n] == '~' || s[n] == '=' || s[n] == ':' || is_blank(s[n])))
			return 1;
	}
	return 0;
}

/*
 * Do the words s..e end in a word that carries a sentence on ("Warming up
 * for 3.0 s", "done in 5 s", "about 10 ms")? Then they name no quantity.
 */
static int ends_in_particle(const char *s, const char *e)
{
	static const char *const words[] = { "for", "in", "of", "at", "after", "about", "around", "to", "by", "from",
					     "with", "than", "is", "was", "are", "took", "takes", "over", "under", "within" };
	const char *w;

	while (e > s && is_blank(e[-1]))
		e--;
	for (w = e; w > s && !is_blank(w[-1]); w--)
		;
	if (e - w < 2 || e - w > 6)
		return 0;
	for (size_t k = 0; k < countof(words); k++)
		if ((*w | 0x20) == words[k][0] && !strncasecmp(w, words[k], (size_t)(e - w)) && !words[k][e - w])
			return 1;
	return 0;
}

/*
 * The figures of a line's value part s..e. Returns 1 when the whole part
 * reads (out->fig, nfig, join, qwords set), else 0.
 */
/*
 * "3.0420 seconds,   9.357 MB/s (normalized:   2.457 KB/s)": figures
 * after ", " each in a unit no other has, a note in brackets after one
 * left unread. Fills out (J_UNITS) and returns 1; 0 for anything else (a
 * figure without a unit, two of one unit, words).
 */
static int units_list(const char *s, const char *e, enum num_mark mark, struct lline *out)
{
	const char *p = s;

	if (!find(s, e, ", "))
		return 0;
	out->nfig = 0;
	while (p < e) {
		const char *q = find(p, e, ", "), *fe, *open;
		struct fig *f;

		if (out->nfig == MAX_FIGS)
			return out->nfig = 0;
		f = &out->fig[out->nfig];
		if (!q)
			q = e;
		fe = q;
		trim(&p, &fe);
		if (fe > p && fe[-1] == ')' && (open = memchr(p, '(', (size_t)(fe - p))) && open > p) {
			fe = open; /* the note in brackets: not a figure of this run */
			trim(&p, &fe);
		}
		if (!read_fig(p, fe, mark, NULL, 0, f))
			return out->nfig = 0;
		if (f->ambiguous) {
			/* "9.259 MB/s" in a text whose mark is open: its unit, read either way, still counts */
			if (!read_fig(p, fe, NUM_MARK_DOT, NULL, 0, f))
				return out->nfig = 0;
			f->ambiguous = 1;
		}
		if (f->h.unit == UNIT_NONE || f->h.unit == UNIT_COUNT)
			return out->nfig = 0;
		for (int k = 0; k < out->nfig; k++)
			if (out->fig[k].h.unit == f->h.unit)
				return out->nfig = 0;
		out->nfig++;
		p = q == e ? e : q + 2;
	}
	if (out->nfig < 2)
		return out->nfig = 0;
	out->join = J_UNITS;
	return 1;
}

static int read_values(const char *s, const char *e, enum num_mark mark, struct lline *out)
{
	const char *p, *eq;
	size_t alen;

	trim(&s, &e);
	while (e > s && (e[-1] == '.' || e[-1] == ',' || e[-1] == ';'))
		e--;
	if (s >= e)
		return 0;
	/* what follows '=' is a computation ("= 22% drop", "average~=189s"): from its word on */
	if ((eq = memchr(s, '=', (size_t)(e - s))) && !(eq + 1 < e && eq[1] == '>')) {
		while (eq > s && !is_blank(eq[-1]))
			eq--;
		e = eq;
		trim(&s, &e);
	}
	if (s >= e)
		return 0;
	out->nfig = 0;
	if ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z')
		goto words; /* only "total run time 2643.68 s" begins with a word */
	if ((p = arrow_in(s, e, &alen))) {
		struct fig *a = &out->fig[0], *b = &out->fig[1];
		size_t n2;

		if (arrow_in(p + alen, e, &n2))
			return 0; /* a chain of three: which are the builds? */
		if (!read_fig(s, p, mark, NULL, 0, a) || !read_fig(p + alen, e, mark, NULL, 0, b))
			return 0;
		/* "12.1 -> 9.8 MB": the side without a unit takes the other's */
		if (!a->ambiguous && !b->ambiguous && (a->h.unit == UNIT_NONE) != (b->h.unit == UNIT_NONE)) {
			struct fig *bare = a->h.unit == UNIT_NONE ? a : b, *unit = bare == a ? b : a;
			const char *u = unit->h.num + unit->h.num_len, *ue = bare == a ? e : p;

			while (u < ue && is_blank(*u))
				u++;
			if (!read_fig(bare == a ? s : p + alen, bare == a ? p : e, mark, u,
				      (size_t)(unit == b ? e - u : p - u), bare))
				return 0;
		}
		if (!a->ambiguous && !b->ambiguous && a->h.unit != b->h.unit)
			return 0;
		out->nfig = 2;
		out->join = J_ARROW;
		return 1;
	}
	if (memchr(s, ';', (size_t)(e - s)) || find(s, e, " vs ") || find(s, e, " vs. ")) {
		int vs = !memchr(s, ';', (size_t)(e - s));

		for (p = s; p < e && out->nfig < MAX_FIGS;) {
			const char *q = vs ? find(p, e, " vs") : memchr(p, ';', (size_t)(e - p));

			if (!q)
				q = e;
			if (!read_fig(p, q, mark, NULL, 0, &out->fig[out->nfig++]))
				return 0;
			p = q == e ? e : q + (vs ? (q + 3 < e && q[3] == '.' ? 4 : 3) : 1);
		}
		if (p < e || out->nfig < 2)
			return 0;
		out->join = vs ? J_VS : J_LIST;
		return 1;
	}
	if (read_fig(s, e, mark, NULL, 0, &out->fig[0])) {
		out->nfig = 1;
		out->join = J_ONE;
		return 1;
	}
	if (units_list(s, e, mark, out))
		return 1;
	/* "188s 190s 189s", "9.16s, 8.47s, 8.23s", then maybe "average~=189s": each word a figure with its unit */
	for (p = s; p < e && out->nfig < MAX_FIGS;) {
		const char *w = p, *we, *fe;

		while (w < e && is_blank(*w))
			w++;
		for (we = w; we < e && !is_blank(*we); we++)
			;
		if (w == e)
			break;
		if (out->nfig >= 2 && summary_word(w, we)) {
			p = e;
			break;
		}
		/* a comma before the blank separates runs (a decimal comma has a digit after it) */
		fe = we < e && we - w > 1 && we[-1] == ',' ? we - 1 : we;
		if (!read_fig(w, fe, mark, NULL, 0, &out->fig[out->nfig]) || out->fig[out->nfig].ambiguous ||
		    out->fig[out->nfig].h.unit == UNIT_NONE) {
			out->nfig = 0;
			break;
		}
		out->nfig++;
		p = we;
	}
	if (out->nfig >= 2 && p >= e) {
		out->join = J_LIST;
		return 1;
	}
	out->nfig = 0;
words:
	/* "total run time 2643.68 s": words naming the quantity, then the figure */
	for (p = s; p < e && !char_is_digit(*p) && *p != '~' && *p != '<' && *p != '>'; p++)
		;
	while (p > s && !is_blank(p[-1]))
		p--;
	if (p > s && p < e && !has_digit(s, p) && !ends_in_particle(s, p) && read_fig(p, e, mark, NULL, 0, &out->fig[0])) {
		const char *qe = p;

		trim(&s, &qe);
		out->qwords = s;
		out->qwords_n = (size_t)(qe - s);
		out->nfig = 1;
		out->join = J_ONE;
		return 1;
	}
	return 0;
}

/* Is s..e a label: a few words, not a sentence, no markup of its own? */
static int label_shape(const char *s, const char *e)
{
	unwrap(&s, &e);
	if (s >= e || e - s > MAX_LABEL || e[-1] == '.' || e[-1] == '?' || e[-1] == '!' || e[-1] == ',')
		return 0;
	if (*s == '|' || *s == '#' || *s == '<' || *s == '[' || *s == '>' || *s == '$')
		return 0;
	return text_words(s, (size_t)(e - s), 8) <= 8; /* (words between blanks, counted to nine at most) */
}

/* The text after a bullet ("- ", "* ", "+ ", "• ", "1. ", "1) "), or after the indentation. */
static const char *after_bullet(const struct line *l, const char *e)
{
	const char *s = l->s + l->indent;

	if (e - s > 2 && (*s == '-' || *s == '*' || *s == '+') && s[1] == ' ')
		s += 2;
	else if (e - s > 4 && !memcmp(s, "\xe2\x80\xa2", 3) && s[3] == ' ')
		s += 4;
	else if (e - s > 3 && char_is_digit(*s)) {
		const char *p = s;

		while (p < e && char_is_digit(*p))
			p++;
		if (p - s <= 2 && p + 1 < e && (*p == '.' || *p == ')') && p[1] == ' ')
			s = p + 2;
	}
	while (s < e && is_blank(*s))
		s++;
	return s;
}

/* Forget what a reading of a line found (its figures are written before they are counted). */
static void reset(struct lline *out)
{
	out->kind = K_NONE;
	out->label = out->qwords = NULL;
	out->label_n = out->qwords_n = 0;
	out->join = J_ONE;
	out->nfig = 0;
}

/* A cheap first look for arrow_in(): a '>', or a U+2190..U+21FF or U+27C0..U+27FF arrow's lead bytes. */
static int may_hold_arrow(const char *s, const char *e)
{
	const char *p;

	if (memchr(s, '>', (size_t)(e - s)))
		return 1;
	for (p = s; (p = memchr(p, '\xe2', (size_t)(e - p))) && p + 1 < e; p++)
		if ((unsigned char)p[1] == 0x86 || (unsigned char)p[1] == 0x9f)
			return 1;
	return 0;
}

/*
 * "LABEL FIG -> FIG" with no ':' after the label: the figure before the
 * arrow is the last one or two words before it ("`867,908,059`", "12.1
 * MB"), the label the words before that, a dash after it dropped
 * ("Clang 22 -"). Fills *out and returns 1 when the line reads whole so.
 */
static int label_then_arrow(const char *s, const char *end, enum num_mark mark, struct lline *out)
{
	size_t alen;
	const char *a = arrow_in(s, end, &alen);

	if (!a || a - s < 3)
		return 0;
	for (int k = 1; k <= 2; k++) {
		const char *f = a, *le;

		while (f > s && is_blank(f[-1]))
			f--;
		for (int w = 0; w < k && f > s; w++) {
			while (f > s && !is_blank(f[-1]))
				f--;
			if (w + 1 < k)
				while (f > s && is_blank(f[-1]))
					f--;
		}
		le = f;
		while (le > s && is_blank(le[-1]))
			le--;
		if (le == s || le == f)
			continue;
		/* "Clang 22 - 72 -> 67": the dash ends the label */
		if (le - s > 2 && le[-1] == '-' && is_blank(le[-2]))
			for (le -= 2; le > s && is_blank(le[-1]); le--)
				;
		if (!label_shape(s, le) || memchr(s, ':', (size_t)(le - s)))
			continue;
		reset(out);
		if (read_values(f, end, mark, out) && out->join == J_ARROW) {
			out->label = s;
			out->label_n = (size_t)(le - s);
			return 1;
		}
	}
	reset(out);
	return 0;
}

/*
 * Read line `l` (the parse's decimal mark `mark`; the claim passes
 * UNDECIDED) into *out. Returns its kind; K_NONE when it is none of the
 * shapes or does not read whole. Allocates nothing.
 */
static enum kind read_line(const struct line *l, enum num_mark mark, struct lline *out)
{
	const char *end = l->s + line_end(l), *s, *p;
	int dashes;

	reset(out);
	if (end - (l->s + l->indent) < 2 || end - (l->s + l->indent) > MAX_LINE)
		return K_NONE;
	s = after_bullet(l, end);
	if (s >= end)
		return K_NONE;
	dashes = (memchr(s, '-', (size_t)(end - s)) && find(s, end, " -")) ||
		 (memchr(s, '\xe2', (size_t)(end - s)) && find(s, end, " \xe2\x80")) ||
		 (memchr(s, '>', (size_t)(end - s)) && find(s, end, "> "));
	/* "LABEL: values", "**LABEL:** values", "**LABEL**: values", "LABEL - values", "LABEL -> value" */
	for (p = s; p < end; p++) {
		const char *v, *le;
		int dash = 0;

		/* to the next ':' at once when the line has no dash */
		if (!dashes && !(p = memchr(p, ':', (size_t)(end - p))))
			break;
		v = p + 1, le = p;
		if (*p == ':') {
			while (v < end && (*v == '*' || *v == '_'))
				v++;
		} else if (*p == ' ' && end - p > 3 && p[1] == '-' && p[2] == ' ') {
			v = p + 2, dash = 1;
		} else if (*p == ' ' && end - p > 4 && (p[1] == '-' || p[1] == '=') && p[2] == '>' && p[3] == ' ') {
			v = p + 3, dash = 2; /* "WIth PGO -> 8m 23s": an arrow from a build to its one figure */
		} else if (*p == ' ' && end - p > 5 && (unsigned char)p[1] == 0xe2 && (unsigned char)p[2] == 0x80 &&
			   ((unsigned char)p[3] == 0x93 || (unsigned char)p[3] == 0x94) && p[4] == ' ') {
			v = p + 4, dash = 1;
		} else {
			continue;
		}
		if (v >= end || !is_blank(*v) || !has_digit(v, end))
			continue;
		if (dash && has_digit(s, le))
			continue;
		if (!label_shape(s, le))
			continue;
		if (read_values(v, end, mark, out) && (dash != 2 || out->join == J_ONE)) {
			out->label = s;
			out->label_n = (size_t)(le - s);
			return out->kind = K_LABELLED;
		}
		reset(out);
	}
	/* "GCC `867,908,059` -> `716,371,674`", "Clang 22 - `72,627,442` -> ...": a label, blanks, then an arrow's figures */
	if ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z' && may_hold_arrow(s, end) && label_then_arrow(s, end, mark, out))
		return out->kind = K_LABELLED;
	/* no label: arrows, or a figure alone on a short line */
	if (end - s > 24 && !memchr(s, '>', (size_t)(end - s)) && !memchr(s, '\xe2', (size_t)(end - s)))
		return K_NONE;
	if (!read_values(s, end, mark, out))
		return K_NONE;
	if (out->join == J_ARROW)
		return out->kind = K_ARROW;
	if (out->join == J_ONE && !out->qwords && s == l->s + l->indent && !out->fig[0].ambiguous &&
	    out->fig[0].h.unit != UNIT_NONE && out->fig[0].h.unit != UNIT_COUNT)
		return out->kind = K_VALUE;
	return K_NONE;
}

/*
 * Words of a label that make it a setting or a fact of the machine, not a
 * build ("Timeout: 5s", "RAM: 16 GB", "Threads: 8"), or a derived figure
 * ("Speedup: 1.2x", "Total: 10 s").
 */
static int names_no_build(const char *s, size_t n)
{
	static const char *const words[] = {
		"ram",	       "memory",   "mem",     "disk",	 "storage", "ssd",     "nvme",	  "hdd",
		"swap",	       "cache",	   "vram",    "cpu",	 "cpus",    "core",    "cores",	  "thread",
		"threads",     "jobs",	   "os",      "kernel",	 "version", "date",    "commit",  "pr",
		"issue",       "timeout",  "warmup",  "warm",	 "interval", "rate",   "duration", "delay",
		"period",      "sleep",	   "limit",   "budget",	 "target",  "goal",    "connections",
		"concurrency", "clients",  "users",   "vus",	 "iterations", "runs", "samples", "seed",
		"port",	       "uptime",   "total",   "sum",	 "average", "avg",     "speedup", "improvement",
		"difference",  "diff",	   "delta",   "change",	 "ratio",   "gain",    "reduction", "savings",
		"saving",      "overhead", "regression", "faster", "slower", "smaller", "larger", "bigger",
		"p",	       "n",	   "pvalue",  "released", "updated", "size",   "frequency", "clock",
		/* what a workload is given, not what it measures */
		"payload",     "packet",   "mtu",     "buffer",	 "chunk",   "message", "msg",	  "batch",
		"page",	       "request",  "response", "body",	 "record",  "input",   "dataset", "file",
	};
	size_t i = 0;

	while (i < n) {
		size_t w;
		char low[16];

		while (i < n && !((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
			i++;
		for (w = i; i < n && ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'); i++)
			;
		if (i == w || i - w >= sizeof(low))
			continue;
		for (size_t k = w; k < i; k++)
			low[k - w] = (char)(s[k] | 0x20);
		low[i - w] = '\0';
		for (size_t k = 0; k < countof(words); k++)
			if (!strcmp(low, words[k]))
				return 1;
	}
	return 0;
}

/*
 * A label's text without emphasis, code marks and its trailing ':' in
 * out[0..size) (NUL-terminated, cut to fit). Returns its length.
 */
static size_t label_text(const char *s, size_t n, char *out, size_t size)
{
	const char *e = s + n;
	size_t o = 0;

	unwrap(&s, &e);
	while (e > s && (e[-1] == ':' || e[-1] == '*' || e[-1] == '_' || is_blank(e[-1])))
		e--;
	while (s < e && (*s == '*' || *s == '_'))
		s++;
	for (const char *q = s; q < e && o + 1 < size; q++)
		if (*q != '`' && !(*q == '*' && q + 1 < e && q[1] == '*') && !(q > s && *q == '*' && q[-1] == '*'))
			out[o++] = *q;
	out[o] = '\0';
	return o;
}

/*
 * Split a label's trailing parenthesis off: "Binary size (`mullvad-daemon`)"
 * leaves "Binary size" in `words` and gives, as the subject, the span
 * "mullvad-daemon" of `raw` (the parenthesis' first code span, one word);
 * a parenthesis of several words ("(`cargo build --release`)", "(current
 * default)") names no subject.
 */
static void split_paren(const char *raw, size_t rn, char *words, const char **subject, size_t *subject_n)
{
	size_t n = strlen(words);
	char *open = NULL;
	const char *tick, *tick2;
	int depth = 0;

	*subject = NULL, *subject_n = 0;
	while (n && is_blank(words[n - 1]))
		n--;
	if (!n || words[n - 1] != ')')
		return;
	/* the parenthesis that closes last, which may hold one of its own: "(`mullvad` (cli))" */
	for (size_t i = n; i-- > 0;) {
		if (words[i] == ')')
			depth++;
		else if (words[i] == '(' && !--depth) {
			open = words + i;
			break;
		}
	}
	if (!open || open == words)
		return;
	if ((tick = text_find(raw, rn, "(`")) && (tick2 = memchr(tick + 2, '`', rn - (size_t)(tick + 2 - raw))) &&
	    tick2 > tick + 2 && !memchr(tick + 2, ' ', (size_t)(tick2 - tick - 2)))
		*subject = tick + 2, *subject_n = (size_t)(tick2 - tick - 2);
	while (open > words && is_blank(open[-1]))
		open--;
	*open = '\0';
}

/* "51563272 (52M)": the author's rounding of a figure in bytes (powers of 1000 or 1024)? */
static int rounded_size_note(const struct line *l, const struct handnum *h)
{
	const char *end = l->s + line_end(l), *p = h->num + h->num_len, *q;
	double v, unit = 0;

	while (p < end && is_blank(*p))
		p++;
	if (p >= end || *p != '(')
		return 0;
	for (q = ++p; q < end && (char_is_digit(*q) || *q == '.'); q++)
		;
	if (q == p || q + 2 > end || q[1] != ')')
		return 0;
	switch (*q) {
	case 'K': case 'k': unit = 1e3; break;
	case 'M': unit = 1e6; break;
	case 'G': unit = 1e9; break;
	default: return 0;
	}
	if (num_parse(p, (size_t)(q - p), &v) < 0 || !(v > 0))
		return 0;
	{
		double dec = h->value / unit, bin = h->value / (unit == 1e3 ? 1024.0 : unit == 1e6 ? 1048576.0 : 1073741824.0);
		double tol = v < 10 && memchr(p, '.', (size_t)(q - p)) ? 0.051 : 0.51;

		return fabs(dec - v) <= tol || fabs(bin - v) <= tol;
	}
}

/* The unit a figure is stored in for quantity q, or UNIT__COUNT when it cannot be told. */
static enum unit unit_for(const struct line *l, const char *q, const struct handnum *h, int key)
{
	const struct metric_def *m = metric_lookup(q);
	enum unit bare = metric_bare_unit(m);

	if (h->unit != UNIT_NONE) {
		if (m && m->unit != UNIT_ANY && m->unit != h->unit)
			return UNIT__COUNT;
		return h->unit;
	}
	if (h->value != floor(h->value) && !(m && m->unit == UNIT_COUNT))
		return UNIT__COUNT;
	if (key && (bare == UNIT_BYTE || bare == UNIT_COUNT))
		return bare;
	if (rounded_size_note(l, h))
		return UNIT_BYTE;
	return UNIT__COUNT;
}

/*
 * The quantity the last one or two words of s[0..n) name ("Child user",
 * "Processing time", "high-water RSS"), the longer phrase first, with
 * words before them; NULL when they name none. *stat (when not NULL)
 * gets its statistic.
 */
static const char *tail_quantity(const char *s, size_t n, enum stat_kind *stat)
{
	const char *q = NULL, *found = NULL;
	enum stat_kind st, found_st = STAT_VALUE;
	int words = 0;

	for (size_t i = n; i-- > 0;) {
		if (!is_blank(s[i]) && (i == 0 || is_blank(s[i - 1]))) {
			if (++words > 2)
				break;
			if (hand_quantity(s + i, n - i, &q, &st, NULL))
				found = q, found_st = st;
		}
	}
	if (stat)
		*stat = found_st;
	return found;
}

/*
 * Do the words s[0..n) end in words that name a quantity ("total run
 * time", "peak memory")? Words before a figure that do not ("Warming up
 * for 500.00 ms") are a sentence, not a label of it.
 */
static int ends_in_quantity(const char *s, size_t n)
{
	return tail_quantity(s, n, NULL) != NULL;
}

/* What a line's label makes of its figures. */
enum role {
	R_NONE,  /* no label: arrows (before, after) or a figure under the block's label */
	R_BUILD, /* the label names the build: "Before: 264.5 MB", "w/ PGO: 1m10.877s; ..." */
	R_KEY,   /* the label names the quantity: "Build Time: 3m43s"; the block's label the build */
	R_REPEAT /* "Run 1: 10 s": a run of the build the block's label names */
};

struct verdict {
	enum role role;
	char words[2 * MAX_LABEL + 1]; /* the label, cleaned, its parenthesis cut (R_KEY) */
	char label[2 * MAX_LABEL + 1]; /* the label, cleaned, whole (R_BUILD) */
	const char *subject;           /* a span of the line, or NULL */
	size_t subject_n;
	const char *q;                 /* the quantity, a literal; NULL when `own` names it */
	struct buf own;                /* a quantity named by the words themselves ("total_run_time") */
	enum stat_kind st;
	enum unit unit[MAX_FIGS];      /* each figure's stored unit */
	const char *qs[MAX_FIGS];      /* J_UNITS: each figure's quantity (a literal) */
	int by_unit;                   /* `q` is what the figure's unit alone says ("time" for "12m54s") */
};

/*
 * Does line `l`, read as `ll`, give figures, and as what? `keys` says the
 * block has keys naming quantities (then an unknown key is one too:
 * "cmd:`strip`" under "Binary Size"); `under_label` that a build's label
 * governs the block, or that its keys end in words of several quantities
 * (then words ending in a quantity's name one: "Child user"); `above_q`,
 * when not NULL, is the
 * quantity the prose line above the block names, which counts an arrow's
 * bare figures ("Total Ir ...", then "GCC `867,908,059` -> `716,371,674`").
 * Fills *v (its `own` buffer is the
 * caller's to release) and returns 1, or 0 when the line reads nothing: a
 * derived label, a setting or a fact of the machine, a figure without a
 * unit and no word for one, a figure whose decimal mark is open.
 */
static int judge(const struct line *l, const struct lline *ll, int keys, int under_label, const char *above_q,
		 struct verdict *v)
{
	const char *q = NULL;
	int key = 0;

	v->role = R_NONE;
	v->q = NULL;
	v->by_unit = 0;
	v->st = STAT_VALUE;
	v->subject = NULL, v->subject_n = 0;
	buf_reset(&v->own);
	for (int i = 0; i < ll->nfig; i++)
		if (ll->fig[i].ambiguous)
			return 0;
	/* "total run time 2643.68 s": the words name the quantity (a key may not name it again) */
	if (ll->qwords && !hand_quantity(ll->qwords, ll->qwords_n, &q, &v->st, &v->own) &&
	    (!v->own.len || !ends_in_quantity(ll->qwords, ll->qwords_n)))
		return 0;
	if (ll->label_n) {
		size_t wn;

		if (hand_derived(ll->label, ll->label_n))
			return 0;
		label_text(ll->label, ll->label_n, v->label, sizeof(v->label));
		label_text(ll->label, ll->label_n, v->words, sizeof(v->words));
		split_paren(ll->label, ll->label_n, v->words, &v->subject, &v->subject_n);
		if (!(wn = strlen(v->words)))
			return 0;
		if (hand_repeat(v->words, wn)) {
			v->role = R_REPEAT;
		} else if (!ll->qwords && !label_names_build(v->words, wn) &&
			   hand_quantity(v->words, wn, &q, &v->st, &v->own)) {
			v->role = R_KEY, key = 1;
			if ((names_no_build(v->words, wn) && !metric_lookup(q)) ||
			    text_contains_nocase(v->words, wn, "duration"))
				return 0;
		} else if (!ll->qwords && keys && !label_names_build(v->words, wn) && v->own.len) {
			v->role = R_KEY, key = 1;
			if (names_no_build(v->words, wn))
				return 0;
		} else if (!ll->qwords && under_label && !label_names_build(v->words, wn) &&
			   (q = tail_quantity(v->words, wn, &v->st)) != NULL) {
			/*
			 * "Child user: 9731.020 s", "Processing time (w/o IO): 25 ms"
			 * under a build's label: words that end in a quantity's
			 * name a kind of it, not a build
			 */
			v->role = R_KEY, key = 1;
			buf_reset(&v->own);
		} else {
			const char *sp = ll->qwords ? NULL : strrchr(v->words, ' ');

			v->role = R_BUILD;
			if (names_no_build(v->label, strlen(v->label)))
				return 0;
			/* "gcc instret: 283330319": the build, then the quantity's word */
			if (sp && !strcmp(v->label, v->words) && label_names_build(v->words, (size_t)(sp - v->words)) &&
			    hand_quantity(sp + 1, strlen(sp + 1), &q, &v->st, NULL)) {
				key = 1;
				v->label[sp - v->words] = '\0';
			}
		}
		if (!key && !ll->qwords)
			buf_reset(&v->own);
	} else if (ll->kind == K_LABELLED) {
		return 0;
	}
	if (ll->join == J_UNITS) {
		/* each figure's unit names its quantity; a key naming one names none of them */
		if (v->role == R_KEY || q || v->own.len)
			return 0;
		for (int i = 0; i < ll->nfig; i++) {
			const struct handnum *h = &ll->fig[i].h;

			if (!(v->qs[i] = h->num ? hand_quantity_after(h->num + h->num_len, l->s + l->len) : NULL) &&
			    !(v->qs[i] = hand_quantity_of_unit(h->unit)))
				return 0;
			if (!(h->value != 0) || (v->unit[i] = unit_for(l, v->qs[i], h, 1)) == UNIT__COUNT)
				return 0;
		}
		v->q = v->qs[0];
		return 1;
	}
	v->by_unit = !q && !v->own.len;
	if (!q && !v->own.len && ll->fig[0].h.num)
		q = hand_quantity_after(ll->fig[0].h.num + ll->fig[0].h.num_len, l->s + l->len);
	if (!q && !v->own.len && !(q = hand_quantity_of_unit(ll->fig[0].h.unit))) {
		v->by_unit = 0;
		/*
		 * the line above names what the arrow's figures count, when they
		 * are counts of that size ("Clang 15 -> 16", "8 -> 16" threads:
		 * versions and settings, never figures)
		 */
		if (ll->join == J_ARROW && above_q && ll->fig[0].h.unit == UNIT_NONE && ll->fig[0].h.value >= 1000 &&
		    ll->fig[1].h.value >= 1000) {
			q = above_q, key = 1;
		} else {
			/* "cmd:`strip`: 39163592 (39M)": a size, by the author's rounding of it */
			if (ll->nfig != 1 || ll->fig[0].h.unit != UNIT_NONE || !rounded_size_note(l, &ll->fig[0].h))
				return 0;
			q = "file_size";
		}
	}
	v->q = q;
	for (int i = 0; i < ll->nfig; i++)
		if (!(ll->fig[i].h.value != 0))
			return 0; /* "size: 0": nothing measured */
	for (int i = 0; i < ll->nfig; i++)
		if ((v->unit[i] = unit_for(l, q, &ll->fig[i].h, key || ll->qwords)) == UNIT__COUNT)
			return 0;
	return 1;
}

/*
 * At claim time the line above the block is not known: an arrow of bare
 * whole numbers is claimed as if that line named a count, and the parse
 * reads it only when the line above does name one (quantity_above()).
 */
#define CLAIM_ABOVE_Q "instructions"

/*
 * The one classifier of claim and parse: by the line's fixed parts (a
 * separator after a label, an arrow, the figures' units). A figure that
 * does not read leaves the line prose: a person's line has no fixed
 * words by which a garbled digit could still be known.
 */
static enum kind classify(const struct line *l)
{
	struct lline ll;
	enum kind k;
	int ok;
	size_t n = line_end(l);
	const char *s = l->s + l->indent, *e = l->s + n;

	/*
	 * The cheap tests first: a separator after a label (':', " - ", a
	 * dash), an arrow, " vs ", or a line short enough to be a figure
	 * alone; and a digit.
	 */
	if (n - l->indent < 2 || n - l->indent > MAX_LINE || e[-1] == ':')
		return K_NONE; /* a label line ("Release + PGO build 5:") holds no figure of its own */
	if (e - s > 24 && !memchr(s, ':', (size_t)(e - s)) && !memchr(s, '\xe2', (size_t)(e - s)) &&
	    !memchr(s, '>', (size_t)(e - s)) && !find(s, e, " - ") && !find(s, e, " vs"))
		return K_NONE;
	if (!has_digit(s, e))
		return K_NONE;
	if ((k = read_line(l, NUM_MARK_UNDECIDED, &ll)) == K_NONE)
		return K_NONE;
	/* a line of figures that the parse would read nothing from stays prose (a label, a fact) */
	{
		struct verdict v = { .own = BUF_INIT }; /* (zeroed only here: most lines leave above) */

		ok = 0;
		for (int i = 0; i < ll.nfig && !ok; i++)
			ok = ll.fig[i].ambiguous; /* (the parse reads it by the text's mark, or warns) */
		ok = ok || judge(l, &ll, 0, 0, NULL, &v) ||
		     (ll.join == J_ARROW && judge(l, &ll, 0, 0, CLAIM_ABOVE_Q, &v));
		buf_release(&v.own);
	}
	return ok ? k : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	if (classify(l) == K_NONE)
		return CLAIM_NONE;
	return in_block ? CLAIM_BODY : CLAIM_START;
}

struct pctx {
	const struct block *b;
	struct sink *s;
	enum num_mark mark;
	struct sink_txn kv;       /* the open run of a key/value block's lines */
	const char *kv_q[16];     /* the quantities it has */
	size_t kv_n;
	const char *above_q;      /* the one quantity the prose line above the block names, or NULL */
	const char *caption_q;    /* the quantity a caption above the block names alone (caption_quantity()), or NULL */
	int tail_keys;            /* labels ending in a quantity's words are keys (judge()'s under_label) */
	int warned_mark;
};

static void flag_run(struct sink *s, uint32_t run, const struct line *l, const struct handnum *h)
{
	struct run *rr = &s->rs->runs[run];

	rr->flags |= RUN_HAND;
	if (h->flags & HN_APPROX)
		rr->flags |= RUN_APPROX;
	if (h->flags & HN_UPPER)
		rr->flags |= RUN_UPPER;
	if (h->flags & HN_LOWER)
		rr->flags |= RUN_LOWER;
	if (h->flags & (HN_UPPER | HN_LOWER))
		sink_note(s, run, NOTE_INFO, l, "%s bound written by hand in the text, not a tool's output",
			  h->flags & HN_UPPER ? "an upper" : "a lower");
	else
		sink_note(s, run, NOTE_INFO, l, "%s written by hand in the text, not a tool's output",
			  h->flags & HN_APPROX ? "an approximate figure" : "a figure");
}

static void measure(struct sink *s, uint32_t run, const struct line *l, const char *q, enum stat_kind st,
		    const struct handnum *h, enum unit u)
{
	sink_measure(s, run, q, st, u, h->value, 0, l, h->num, h->num_len);
	if (h->has_spread)
		sink_measure(s, run, q, STAT_SD, u, h->spread, 0, l, h->spread_num, h->spread_len);
}

/*
 * A run begun at line l in *txn (the caller measures and finishes it),
 * named `variant` (NULL: the label above names it), about `subject`, under
 * `scenario` (NULL: none of its own).
 */
static uint32_t named_run(struct pctx *c, const struct line *l, struct sink_txn *txn, const char *variant,
			  const char *subject, const char *scenario)
{
	uint32_t run = sink_txn_begin(c->s, txn, l);
	struct run *rr = &c->s->rs->runs[run];

	if (variant && *variant) {
		rr->variant.text = variant;
		rr->variant.origin = VO_LABEL;
	}
	if (scenario)
		rr->scenario = scenario;
	rr->subject = subject ? subject : "";
	return run;
}

/* One run of one figure (named_run()'s names). */
static void one_run(struct pctx *c, const struct line *l, const char *variant, const char *subject,
		    const char *scenario, const char *q, enum stat_kind st, const struct handnum *h, enum unit u)
{
	struct sink_txn txn = { 0 };
	uint32_t run = named_run(c, l, &txn, variant, subject, scenario);

	measure(c->s, run, l, q, st, h, u);
	flag_run(c->s, run, l, h);
	sink_txn_finish(c->s, &txn, l, NULL);
}

/* One run of a line's figures of several quantities (J_UNITS), named `variant` (NULL: the label above). */
static void units_run(struct pctx *c, const struct line *l, const char *variant, const struct lline *ll,
		      const struct verdict *v)
{
	struct sink_txn txn = { 0 };
	uint32_t run = named_run(c, l, &txn, variant, NULL, NULL);

	for (int i = 0; i < ll->nfig; i++)
		measure(c->s, run, l, v->qs[i], v->st, &ll->fig[i].h, v->unit[i]);
	flag_run(c->s, run, l, &ll->fig[0].h);
	sink_txn_finish(c->s, &txn, l, NULL);
}

static void kv_close(struct pctx *c, const struct line *l)
{
	if (c->kv.open)
		sink_txn_finish(c->s, &c->kv, l, NULL);
	c->kv_n = 0;
}

/* A key's figure joins the block's open run; a key it has already opens another. */
static void kv_add(struct pctx *c, const struct line *l, const char *q, enum stat_kind st, const struct handnum *h,
		   enum unit u, const char *subject)
{
	uint32_t run;

	for (size_t k = 0; k < c->kv_n; k++)
		if (!strcmp(c->kv_q[k], q))
			kv_close(c, l);
	if (c->kv_n == countof(c->kv_q))
		kv_close(c, l);
	if (!c->kv.open)
		sink_txn_begin(c->s, &c->kv, l);
	run = c->kv.run;
	if (subject && !*c->s->rs->runs[run].subject)
		c->s->rs->runs[run].subject = subject;
	sink_run_end(c->s, run, l);
	measure(c->s, run, l, q, st, h, u);
	flag_run(c->s, run, l, h);
	c->kv_q[c->kv_n++] = q;
}

/*
 * What the block's keys are, read in one pass over its lines: *keys,
 * whether any line has a key that names a quantity ("Build Time",
 * "Binary Size"); *tail_keys, whether a build's label governs the block
 * or its labels end in words of two quantities or more ("Child user:",
 * "Child sys :", "Child wall:"): then they are a report's keys, not
 * builds (builds side by side share one quantity: "Zig time:", "C
 * time:").
 */
static void block_keys(struct pctx *c, int *keys, int *tail_keys)
{
	struct verdict v = { .own = BUF_INIT };
	const char *first = NULL;

	*keys = 0;
	*tail_keys = c->b->label != NULL;
	for (uint32_t i = 0; i < c->b->n && !(*keys && *tail_keys); i++) {
		struct lline ll;
		char words[MAX_LABEL];
		const char *q;
		size_t wn;

		if (read_line(&c->b->lines[i], c->mark, &ll) != K_LABELLED)
			continue;
		if (!*keys)
			*keys = judge(&c->b->lines[i], &ll, 0, 0, NULL, &v) && v.role == R_KEY;
		if (*tail_keys || !ll.label_n || ll.qwords)
			continue;
		label_text(ll.label, ll.label_n, words, sizeof(words));
		wn = strlen(words);
		if (!wn || label_names_build(words, wn) || !(q = tail_quantity(words, wn, NULL)))
			continue;
		if (first && strcmp(first, q))
			*tail_keys = 1;
		first = q;
	}
	buf_release(&v.own);
}

static void on_line(struct pctx *c, const struct line *l, int keys)
{
	struct lline ll;
	struct verdict v = { .own = BUF_INIT };
	enum kind k = read_line(l, c->mark, &ll);
	const char *variant = NULL, *subject = NULL, *q;

	if (k == K_NONE)
		return;
	for (int i = 0; i < ll.nfig; i++)
		if (ll.fig[i].ambiguous) {
			if (!c->warned_mark++)
				sink_warn(c->s, l, "labelled figures whose decimal mark the text leaves open: not read");
			return;
		}
	if ((k == K_VALUE && !c->b->label) || !judge(l, &ll, keys, c->tail_keys, c->above_q, &v))
		goto out;
	if (v.by_unit && c->caption_q && ll.join != J_UNITS && v.q && metric_lookup(v.q) && metric_lookup(c->caption_q) &&
	    metric_lookup(v.q)->unit == metric_lookup(c->caption_q)->unit)
		v.q = c->caption_q; /* "Build time:" over "main: 12m54.051s" */
	q = v.q ? v.q : sink_strndup(c->s, v.own.s, v.own.len);
	if (v.subject)
		subject = sink_strndup(c->s, v.subject, v.subject_n);
	if (v.role == R_BUILD)
		variant = sink_strndup(c->s, v.label, strlen(v.label));
	if (ll.join == J_ARROW) {
		/*
		 * the builds before and after; a build's label is then what was
		 * measured, or, when it names a build of its own ("GCC", "Clang
		 * 22"), what stays the same across before and after
		 */
		const char *scenario = NULL;

		kv_close(c, l);
		if (variant && label_names_build(variant, strlen(variant)))
			scenario = variant;
		else if (variant)
			subject = variant;
		one_run(c, l, "before", subject, scenario, q, v.st, &ll.fig[0].h, v.unit[0]);
		one_run(c, l, "after", subject, scenario, q, v.st, &ll.fig[1].h, v.unit[1]);
		goto out;
	}
	if (ll.join == J_VS) {
		/* "A vs B: 10 s vs 12 s": the label names as many builds as there are figures */
		const char *names[MAX_FIGS], *p = variant;
		int n = 0;

		while (p && n < MAX_FIGS) {
			const char *w = strstr(p, " vs");
			size_t len = w ? (size_t)(w - p) : strlen(p);

			names[n++] = sink_strndup(c->s, p, len);
			p = w ? w + (w[3] == '.' ? 4 : 3) : NULL;
			while (p && *p == ' ')
				p++;
		}
		if (!variant || n != ll.nfig)
			goto out;
		kv_close(c, l);
		for (int i = 0; i < n; i++)
			one_run(c, l, names[i], NULL, NULL, q, v.st, &ll.fig[i].h, v.unit[i]);
		goto out;
	}
	if (ll.join == J_UNITS) {
		kv_close(c, l);
		units_run(c, l, variant, &ll, &v);
		goto out;
	}
	if (v.role == R_KEY && ll.nfig == 1) {
		kv_add(c, l, q, v.st, &ll.fig[0].h, v.unit[0], subject);
		goto out;
	}
	kv_close(c, l);
	for (int i = 0; i < ll.nfig; i++)
		one_run(c, l, variant, v.role == R_KEY ? subject : NULL, NULL, q, v.st, &ll.fig[i].h, v.unit[i]);
out:
	buf_release(&v.own);
}

/*
 * Is the block a program's output rather than lines a person typed: the
 * command that printed it is right above it, or a banner is ("===
 * Monitor Summary ===") or a line of its listing that reads nothing ("Avg
 * CPU: 87.61 %")? A program's "Key: value" lines are a format we
 * do not know, and a guess is no reading.
 */
static int program_output(const struct block *b)
{
	const char *a = b->above;
	size_t n = a ? strlen(a) : 0;

	const char *colon = a ? strchr(a, ':') : NULL;

	if (b->context)
		return 1;
	/* right under a line of the same listing that we do not read ("Avg CPU: 87.61 %") */
	if (colon && colon[1] == ' ') {
		const char *v = colon + 1;

		while (is_blank(*v))
			v++;
		if (char_is_digit(*v))
			return 1;
	}
	while (n && is_blank(a[n - 1]))
		n--;
	if (n < 6)
		return 0;
	for (const char *m = "=-*#"; *m; m++)
		if (a[0] == *m && a[1] == *m && a[2] == *m && a[n - 1] == *m && a[n - 2] == *m && a[n - 3] == *m)
			return 1;
	return 0;
}

/*
 * The one quantity a prose line names that bare whole numbers can be
 * counted in ("This also lowers the Ir in the parent process", "Total Ir
 * based on ..."): a phrase of handmetric.c of at most three words whose
 * metric counts things or bytes. NULL when the line names none, or more
 * than one, or is too long to be a caption.
 */
static const char *quantity_above(const char *a)
{
	const char *found = NULL, *p, *end;

	if (!a || strlen(a) > MAX_LINE)
		return NULL;
	end = a + strlen(a);
	for (p = a; p < end;) {
		const char *hit = NULL, *next = NULL;

		while (p < end && is_blank(*p))
			p++;
		if (p >= end)
			break;
		/* the longest phrase from this word on: "Total Ir" before "Total" */
		for (int k = 3; k >= 1 && !hit; k--) {
			const char *e = p, *q;
			enum stat_kind st;
			const struct metric_def *m;

			for (int w = 0; w < k && e < end; w++) {
				while (e < end && is_blank(*e))
					e++;
				while (e < end && !is_blank(*e))
					e++;
			}
			if (hand_quantity(p, (size_t)(e - p), &q, &st, NULL) && st == STAT_VALUE &&
			    (m = metric_lookup(q)) && (m->unit == UNIT_COUNT || m->unit == UNIT_BYTE))
				hit = q, next = e;
		}
		if (hit) {
			if (found && strcmp(found, hit))
				return NULL;
			found = hit;
			p = next;
			continue;
		}
		while (p < end && !is_blank(*p))
			p++;
	}
	return found;
}

/*
 * The quantity a caption right above the block names alone, of at most
 * three words and maybe a colon ("Build time:", "binary size:", "Peak
 * memory"): its figures, whose units alone would say "time" or
 * "file_size", are of it ("Build time:" over "main: 12m54.051s"). NULL
 * when the line is no such caption.
 */
static const char *caption_quantity(const char *a)
{
	const char *q;
	enum stat_kind st;
	size_t n = a ? strlen(a) : 0;

	while (n && (a[n - 1] == ':' || is_blank(a[n - 1])))
		n--;
	if (!n || n > MAX_LABEL || text_words(a, n, 4) > 3 || has_digit(a, a + n))
		return NULL;
	return hand_quantity(a, n, &q, &st, NULL) && st == STAT_VALUE ? q : NULL;
}

static int parse(const struct block *b, struct sink *s)
{
	struct pctx c;
	uint32_t first = (uint32_t)s->rs->nruns;
	int keys;

	memset(&c, 0, sizeof(c));
	c.b = b;
	c.s = s;
	c.mark = (enum num_mark)b->num_mark;
	if (program_output(b))
		return 0;
	block_keys(&c, &keys, &c.tail_keys);
	c.above_q = quantity_above(b->above);
	c.caption_q = caption_quantity(b->above);
	for (uint32_t i = 0; i < b->n; i++)
		if (b->lines[i].len > b->lines[i].indent)
			on_line(&c, &b->lines[i], keys);
	kv_close(&c, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - first);
}

const struct parser labelled_parser = {
	.fmt = FMT_LABELLED,
	/* bullets, emphasis and code marks, the letters and digits a label or a figure begins with */
	.starts = "-*+_`~<>\xe2" "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
	.generic = 1,
	.hand = 1,
	.claim = claim,
	.state_size = 0,
	.claim_reads_values = 1, /* "39163592 (39M)" is a size by its rounding, "39163592 (41M)" none */
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
