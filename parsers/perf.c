/*
 * perf.c - perf stat's table ("Performance counter stats for 'CMD'") →
 * one run per table (tables one after the other are one block: their
 * commands name them when they differ): every counter (perf_counter.c:
 * task_clock, cycles, instructions, branches, branch_misses,
 * context_switches, page_faults...), wall, user and system time. Numbers follow
 * the locale (2,027 / 2.031 / 2 026 / 73,07); -r N gives every figure n =
 * N and its "( +- x% )" as .rel_sd; --table's rows are wall_time samples.
 * perf 6.x ("msec task-clock") and 4.x ("task-clock (msec)") layouts.
 */
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/parser.h"
#include "parsers/perf_counter.h"
#include "parsers/units.h"
#include "util/text.h"

/* a number as some locale prints it: grouped by , . ' ’ U+202F U+00A0 */
#define LNUM "[0-9][0-9.,'\\x{2019}\\x{202F}\\x{A0}]*"
#define DNUM "[0-9][0-9.,]*"

enum {
	RX_HEADER,
	RX_COUNTER,
	RX_ELAPSED,
	RX_USERSYS,
	RX_TABLE_ROW,
	RX_WRAPPED,
};

static struct rx patterns[] = {
	[RX_HEADER] = { "perf stat header",
			"^\\s*Performance counter stats for (?<target>.*?)(?: \\((?<runs>[0-9]+) runs\\))?:\\s*$",
			0 },
	[RX_COUNTER] = { "perf stat counter",
			 "^\\s*(?<value><not supported>|<not counted>|" LNUM ")\\s+"
			 "(?:(?<event4>\\S+)\\s+\\((?<unit4>[A-Za-z]+)\\)"
			 "|(?:(?<unit>[A-Za-z]+)\\s+(?=\\S+(?:\\s+#|\\s+\\(|\\s*$)))?(?<event>\\S+))"
			 "(?:\\s+#\\s+(?<mval>-?" DNUM ")(?=[\\s%])\\s*(?<munit>[^(]*?))?"
			 "(?:\\s+\\(\\s*\\+-\\s*(?<noise>" DNUM ")%\\s*\\))?"
			 "(?:\\s+\\((?<share>" DNUM ")%\\))?\\s*$",
			 0 },
	[RX_ELAPSED] = { "perf stat elapsed",
			 "^\\s*(?:(?<label>[A-Za-z_!(][^:\\t]*?):\\s+)?(?<value>" DNUM ")(?:\\s+\\+-\\s+(?<sem>" DNUM "))?\\s+seconds time elapsed"
			 "(?:\\s+\\(\\s*\\+-\\s*(?<noise>" DNUM ")%\\s*\\))?\\s*$",
			 0 },
	[RX_USERSYS] = { "perf stat user/sys", "^\\s*(?<value>" DNUM ")\\s+seconds (?<which>user|sys)\\s*$", 0 },
	[RX_TABLE_ROW] = { "perf stat --table row", "^\\s*(?<value>" DNUM ")\\s+\\([-+]" DNUM "\\)\\s*#*\\s*$", 0 },
	/* the rest of a counter line a mail client wrapped: "utilized        ( +-  1.75% )" */
	[RX_WRAPPED] = { "perf stat wrapped line",
			 "^\\s*(?<words>[A-Za-z%/][A-Za-z0-9%/ .-]*?)\\s*"
			 "(?:\\(\\s*\\+-\\s*(?<noise>" DNUM ")%\\s*\\))?"
			 "(?:\\s*\\((?<share>" DNUM ")%\\))?\\s*$",
			 0 },
};

/* What a line of perf stat's table is, by its fixed words and columns (never by its digits). */
enum kind {
	K_NONE,
	K_HEADER,    /* "Performance counter stats for 'CMD' (N runs):" */
	K_COMMENT,   /* a metric's continuation, --table's headings: "# ..." */
	K_COUNTER,   /* "2,027  msec task-clock  # ...", "<not supported>  cycles", garbled or cut */
	K_TABLE_ROW, /* --table: "0.09560 (+0.00101) #" */
	K_ELAPSED,   /* "0.0946 +- 0.0023 seconds time elapsed ( +- 2.43% )" */
	K_USER,      /* "0.091000000 seconds user" */
	K_SYS,       /* "0.007000000 seconds sys" */
	K_SECONDS,   /* another line of " seconds ": a footer line garbled in its words */
	K_WRAPPED,   /* a counter line's end a mail client wrapped: "utilized        ( +-  1.75% )" */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "comment", "counter", "table row", "elapsed",
				     "user", "sys", "seconds", "wrapped" };

/* --table's row: a word, blanks, then "(+" or "(-" (the deviation from the mean). */
static int table_row(const char *s, const char *end)
{
	while (s < end && *s != ' ' && *s != '\t')
		s++;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return end - s >= 2 && s[0] == '(' && (s[1] == '+' || s[1] == '-');
}

/* "Performance counter stats for 'CMD' (N runs):", the words that begin a table. */
static int is_header(const struct line *l)
{
	return line_starts(l, "Performance counter stats for ");
}

/*
 * The one classifier the claim and the parse share: the header and the
 * footer by their words, a counter by its value's first byte ("2,027",
 * "<not supported>") or, garbled there, by perf's column padding after it;
 * a wrapped counter's end by its spread. Prose does not come between a
 * table's header and its footer; outside one the header starts a block,
 * and so does a fragment's line that perf alone prints (headerless_start).
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;
	size_t n = (size_t)(end - s);

	if (is_header(l))
		return K_HEADER;
	if (*s == '#')
		return K_COMMENT;
	if (text_contains(s, n, " seconds ")) {
		if (text_contains(s, n, "seconds time elapsed"))
			return K_ELAPSED;
		if (text_contains(s, n, " seconds user"))
			return K_USER;
		if (text_contains(s, n, " seconds sys"))
			return K_SYS;
		return K_SECONDS;
	}
	if (char_is_digit(*s) && table_row(s, end))
		return K_TABLE_ROW;
	/* words, then the spread or the share a wrapped line carries to its end */
	if (((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '%') &&
	    (text_contains(s, n, "( +-") || (n > 3 && end[-1] == ')' && end[-2] == '%')))
		return K_WRAPPED;
	return *s == '<' || char_is_digit(*s) || text_contains(s, n, "  ") ? K_COUNTER : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

enum phase {
	PH_COUNTERS, /* counter lines, --table, until "seconds time elapsed" */
	PH_FOOTER,   /* "seconds user", "seconds sys" */
	PH_DONE,
};

struct claim_state {
	enum phase phase;
};

/*
 * A table's line that perf alone prints, so that it starts a block even
 * without the table's header: an elapsed line ("9.5136 +- 0.0394 seconds
 * time elapsed", perf stat --null, maybe behind a label: "mm-unstable:
 * 146.88 +- ..."), or a counter line with perf's padding and its spread
 * ("3,723,554        context-switches      ( +-  0.56% )").
 */
static int headerless_start(struct rx_thread *rx, const struct line *l, enum phase *phase)
{
	size_t end = line_end(l);
	enum kind k;

	/* most lines are prose: an elapsed line ends with "elapsed" or its spread's ')' */
	if (end < 20 || (l->s[end - 1] != ')' && memcmp(l->s + end - 7, "elapsed", 7)))
		return 0;
	k = classify(l);
	if (k == K_ELAPSED) {
		if (!rx_match(rx, &patterns[RX_ELAPSED], l->s, l->len))
			return 0;
		*phase = text_contains(l->s, l->len, "+-") ? PH_DONE : PH_FOOTER;
		return 1;
	}
	/* a counter whole enough to stand for perf: its value, padding, event and spread */
	if (k != K_COUNTER || !char_is_digit(l->s[l->indent]) ||
	    !text_contains(l->s + l->indent, l->len - l->indent, "  ") ||
	    !text_contains(l->s, l->len, "( +-") || !rx_match(rx, &patterns[RX_COUNTER], l->s, l->len))
		return 0;
	*phase = PH_COUNTERS;
	return 1;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;

	if (!in_block) {
		/*
		 * perf's starts hold every letter and digit, so most lines asked
		 * here are prose: only the header's words and headerless_start()'s
		 * cheap test, not the classifier's scans of the whole line
		 */
		if (is_header(l)) {
			st->phase = PH_COUNTERS;
			return CLAIM_START;
		}
		return headerless_start(claim_rx(state), l, &st->phase) ? CLAIM_START : CLAIM_NONE;
	}
	k = classify(l);
	if (k == K_HEADER) {
		/* tables one after the other are one block: their commands may name them */
		st->phase = PH_COUNTERS;
		return CLAIM_BODY;
	}
	if (st->phase == PH_DONE || k == K_NONE)
		return CLAIM_NONE;
	if (st->phase == PH_FOOTER) {
		if (k != K_ELAPSED && k != K_USER && k != K_SYS && k != K_SECONDS)
			return CLAIM_NONE;
		if (k == K_SYS)
			st->phase = PH_DONE;
		return CLAIM_BODY;
	}
	if (k == K_ELAPSED)
		/* with -r there are no user and sys lines after it */
		st->phase = text_contains(l->s, l->len, "+-") ? PH_DONE : PH_FOOTER;
	return CLAIM_BODY;
}

/* One table ("Performance counter stats for ..." to its footer): one run. */
struct parse {
	struct sink *s;
	struct sink_txn t; /* the table's run */
	uint32_t run;      /* its index */
	uint32_t n;        /* runs the figures average (-r N), 1 without -r */
	uint32_t samples;  /* --table rows read */
	int elapsed;       /* the "seconds time elapsed" line was met (garbled or not) */
	int cut;           /* the table's last line was a counter line, skipped */
	int headerless;    /* the open run began without the table's header */
};

static struct perf_span group(const struct rx_thread *rx, const struct rx *p, const char *name)
{
	struct perf_span sp = { NULL, 0 };

	if (!rx_named(rx, p, name, &sp.s, &sp.n))
		sp.s = NULL;
	return sp;
}

/*
 * The counter at `l`, and `next`, the line after it or NULL: when a mail
 * client wrapped the counter's line (its '#' comment cut, no spread on
 * it), `next` holds the rest of the comment and the spread, and is read
 * with it. Returns 1 when `next` was read too.
 */
static int on_counter(struct parse *ps, const struct line *l, const struct line *next)
{
	struct rx *p = &patterns[RX_COUNTER];
	struct perf_counter c;
	int wrapped = 0;

	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat line");
		return 0;
	}
	memset(&c, 0, sizeof(c));
	c.localized = 1;
	c.value = group(ps->s->rx, p, "value");
	c.event = group(ps->s->rx, p, "event4");
	if (c.event.s) {
		c.unit = group(ps->s->rx, p, "unit4"); /* perf 4.x: "task-clock (msec)" */
	} else {
		c.event = group(ps->s->rx, p, "event");
		c.unit = group(ps->s->rx, p, "unit");
	}
	c.noise = group(ps->s->rx, p, "noise");
	c.share = group(ps->s->rx, p, "share");
	c.mval = group(ps->s->rx, p, "mval");
	c.munit = group(ps->s->rx, p, "munit");
	if (next && c.mval.s && !c.noise.s && !c.share.s && next->indent < next->len &&
	    classify(next) == K_WRAPPED && rx_match(ps->s->rx, &patterns[RX_WRAPPED], next->s, next->len)) {
		struct rx *w = &patterns[RX_WRAPPED];

		c.cont = next;
		c.munit2 = group(ps->s->rx, w, "words");
		c.noise = group(ps->s->rx, w, "noise");
		c.share = group(ps->s->rx, w, "share");
		c.noise_on_cont = c.noise.s != NULL;
		c.share_on_cont = c.share.s != NULL;
		wrapped = 1;
	}
	if (perf_add_counter(ps->s, ps->run, l, &c, ps->n) < 0)
		sink_damage(ps->s, ps->run, l, "garbled perf stat line");
	return wrapped;
}

/* A footer or --table number (always with decimals) as seconds, or -1. */
static int seconds(const struct perf_span *sp, double *v)
{
	char plain[64];
	int k = perf_number(sp->s, sp->n, PERF_DECIMAL, plain, sizeof(plain));

	return k < 0 ? -1 : num_parse(plain, (size_t)k, v);
}

static void on_elapsed(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_ELAPSED];
	struct perf_span value, noise, sem, label;
	double v, rel = 0, unused;

	ps->elapsed = 1;
	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat elapsed line");
		return;
	}
	value = group(ps->s->rx, p, "value");
	noise = group(ps->s->rx, p, "noise");
	sem = group(ps->s->rx, p, "sem");
	if (seconds(&value, &v) < 0 || (noise.s && seconds(&noise, &rel) < 0) ||
	    (sem.s && seconds(&sem, &unused) < 0)) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat elapsed line");
		return;
	}
	sink_measure(ps->s, ps->run, "wall_time", STAT_VALUE, UNIT_SECOND, v, ps->n, l,
		     value.s, value.n);
	label = group(ps->s->rx, p, "label");
	if (label.s) {
		/* "mm-unstable++: 147.45 +- 13.39 seconds time elapsed": the build, written on the line */
		struct run *r = &ps->s->rs->runs[ps->run];

		r->variant.text = sink_strndup(ps->s, label.s, label.n);
		r->variant.origin = VO_LABEL;
	}
	/*
	 * "+- 0.00945" is perf's standard error of the mean (σ/√N), not σ: the
	 * percentage beside it says the same relative to the mean, and that is
	 * what every counter line gives too, so only it is kept.
	 */
	if (noise.s)
		sink_measure(ps->s, ps->run, "wall_time", STAT_REL_SD, UNIT_PERCENT, rel,
			     ps->n, l, noise.s, noise.n);
}

static void on_user_sys(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_USERSYS];
	struct perf_span value, which;
	double v;

	if (!rx_match(ps->s->rx, p, l->s, l->len) || (value = group(ps->s->rx, p, "value"), seconds(&value, &v) < 0)) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat user/sys line");
		return;
	}
	which = group(ps->s->rx, p, "which");
	sink_measure(ps->s, ps->run, *which.s == 'u' ? "user_time" : "system_time", STAT_VALUE,
		     UNIT_SECOND, v, ps->n, l, value.s, value.n);
}

static void on_table_row(struct parse *ps, const struct line *l)
{
	struct perf_span value = group(ps->s->rx, &patterns[RX_TABLE_ROW], "value");
	double v;

	if (seconds(&value, &v) < 0) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat --table row");
		return;
	}
	sink_sample(ps->s, ps->run, "wall_time", UNIT_SECOND, ps->samples++, v);
	sink_run_end(ps->s, ps->run, l);
}

/* The header: the command (between quotes), and -r's N. */
static void on_header(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_HEADER];
	struct run *r = &ps->s->rs->runs[ps->run];
	struct perf_span target, runs;
	double n;

	ps->n = 1;
	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->run, l, "garbled perf stat header");
		return;
	}
	target = group(ps->s->rx, p, "target");
	runs = group(ps->s->rx, p, "runs");
	if (runs.s && num_parse(runs.s, runs.n, &n) == 0 && n >= 1 && n < 4e9)
		ps->n = (uint32_t)n;
	/* 'CMD'; 'system wide', 'CPU(s) 0-3', process id '123' are targets, not commands */
	if (target.n >= 2 && target.s[0] == '\'' && target.s[target.n - 1] == '\'' &&
	    !(target.n == 13 && !memcmp(target.s, "'system wide'", 13)) &&
	    !(target.n > 8 && !memcmp(target.s, "'CPU(s) ", 8)))
		r->command = sink_strndup(ps->s, target.s + 1, target.n - 2);
	else
		sink_note(ps->s, ps->run, NOTE_INFO, l, "counted %.*s", (int)target.n, target.s);
}

/* Close the open table's run: dropped without a figure, incomplete without its footer. */
static void finish(struct parse *ps, const struct line *last)
{
	struct sink *s = ps->s;

	if (sink_txn_finish(s, &ps->t, last, "perf stat output without a single figure (cut off?)") &&
	    !ps->elapsed && !ps->cut && !ps->headerless) {
		sink_warn(s, last, "perf stat output cut off before its \"seconds time elapsed\" line");
		sink_note(s, ps->run, NOTE_DAMAGE, NULL, "cut off before \"seconds time elapsed\"");
		s->rs->runs[ps->run].flags |= RUN_INCOMPLETE;
	}
}

static void begin(struct parse *ps, const struct line *header)
{
	finish(ps, header);
	ps->samples = 0;
	ps->elapsed = ps->cut = ps->headerless = 0;
	ps->run = sink_txn_begin(ps->s, &ps->t, header);
	on_header(ps, header);
}

/*
 * A run whose table's header was not pasted begins at its first counter
 * or elapsed line: no command, and the count of -r unknown (0).
 */
static void begin_headerless(struct parse *ps, const struct line *first)
{
	finish(ps, first);
	ps->samples = 0;
	ps->elapsed = ps->cut = 0;
	ps->headerless = 1;
	ps->n = 0;
	ps->run = sink_txn_begin(ps->s, &ps->t, first);
}

/* Does the table that holds line `i` end after it (the block ends, or the next table starts)? */
static int ends_table(const struct block *b, uint32_t i)
{
	while (++i < b->n && b->lines[i].indent == b->lines[i].len)
		;
	return i == b->n || classify(&b->lines[i]) == K_HEADER;
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k;

		if (l->indent == l->len)
			continue;
		k = classify(l);
		if (k == K_COMMENT || k == K_NONE)
			continue; /* metric continuations, --table's headings */
		if (k == K_HEADER) {
			begin(&ps, l);
			continue;
		}
		if (!ps.t.open || (ps.headerless && ps.elapsed)) {
			enum phase ph;

			/* a fragment: each elapsed line closes its run ("A: 9.5 ... elapsed", "B: ...") */
			if (!headerless_start(s->rx, l, &ph))
				continue;
			begin_headerless(&ps, l);
		}
		if (k == K_ELAPSED) {
			on_elapsed(&ps, l);
		} else if (k == K_USER || k == K_SYS) {
			on_user_sys(&ps, l);
		} else if (!ps.elapsed && !b->ended && ends_table(b, i)) {
			/*
			 * The table stops at a counter line the text or the next
			 * output cut: the cut may have gone through its event's name
			 * ("4,811  page-f"), so it is not read. (A table its author
			 * ended there, with prose or a fence, is whole.)
			 */
			sink_damage(s, ps.run, l, "last line of a cut-off perf stat output");
			ps.cut = 1;
		} else if (k == K_TABLE_ROW && rx_match(s->rx, &patterns[RX_TABLE_ROW], l->s, l->len)) {
			on_table_row(&ps, l);
		} else {
			/* a garbled --table row or footer line included: reported */
			i += (uint32_t)on_counter(&ps, l, i + 1 < b->n ? &b->lines[i + 1] : NULL);
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	/* tables of different commands: the part that differs names each (else the label does) */
	cmd_propose(s->rs, first_run, s->arena);
	return (int)(s->rs->nruns - first_run);
}

const struct parser perf_parser = {
	.fmt = FMT_PERF,
	.starts = "P0123456789_!(ABCDEFGHIJKLMNOQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
