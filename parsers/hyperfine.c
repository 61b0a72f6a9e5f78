/*
 * hyperfine.c - hyperfine's text output → time.{mean,stddev,min,max},
 * user.mean, system.mean and runs, one run per "Benchmark N:" command.
 * Every release's shapes: "Benchmark #N" (≤ 1.11), "Time (abs ≡)" single
 * runs (≥ 1.13), µs (≥ 1.18) and the μ/us spellings hand-edited logs use,
 * warnings between blocks, the Summary in all its versions (kept as notes:
 * the compare engine computes its own ratios).
 */
#include <stdint.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/parser.h"
#include "parsers/scan.h"
#include "parsers/units.h"
#include "util/text.h"

#define NUM "[0-9]+(?:\\.[0-9]+)?"
#define UNIT "(?:s|ms|\xc2\xb5s|\xce\xbcs|us|ns)"
#define PM "(?:\xc2\xb1|\\+-|\\+/-)"           /* ± */
#define ELLIPSIS "(?:\xe2\x80\xa6|\\.\\.\\.)" /* … */

enum {
	RX_BENCH,
	RX_TIME,
	RX_RANGE,
	RX_WARNING,
	RX_RAN,
	RX_CMP,
	RX_REL,
	RX_ERROR,
	RX_NOTE,
};

static struct rx patterns[] = {
	[RX_BENCH] = { "hyperfine benchmark", "^Benchmark\\s+#?(?<n>[0-9]+):\\s*(?<cmd>.*?)\\s*$", 0 },
	[RX_TIME] = { "hyperfine time",
		      "^\\s*Time\\s+\\((?:mean\\s*" PM "\\s*(?:\xcf\x83|sd|std)|abs\\s*\xe2\x89\xa1)\\):\\s*"
		      "(?<mean>" NUM ")\\s*(?<mu>" UNIT ")"
		      "(?:\\s+" PM "\\s*(?<sd>" NUM ")\\s*(?<su>" UNIT "))?"
		      "(?:\\s+\\[User:\\s*(?<user>" NUM ")\\s*(?<uu>" UNIT "),\\s*"
		      "System:\\s*(?<sys>" NUM ")\\s*(?<yu>" UNIT ")\\])?\\s*$",
		      0 },
	[RX_RANGE] = { "hyperfine range",
		       "^\\s*Range\\s+\\(min\\s*" ELLIPSIS "\\s*max\\):\\s*"
		       "(?<min>" NUM ")\\s*(?<nu>" UNIT ")\\s*" ELLIPSIS "\\s*"
		       "(?<max>" NUM ")\\s*(?<xu>" UNIT ")(?:\\s+(?<runs>[0-9]+)\\s+runs?)?\\s*$",
		       0 },
	[RX_WARNING] = { "hyperfine warning", "^\\s*Warning:\\s*(?<text>.*?)\\s*$", 0 },
	[RX_RAN] = { "hyperfine ran", "^\\s*(?<cmd>.+?)\\s+ran\\s*$", 0 },
	[RX_CMP] = { "hyperfine comparison",
		     "^\\s*(?:(?<r>" NUM ")(?:\\s*" PM "\\s*(?<rsd>" NUM "))?\\s+times\\s+(?<dir>faster|slower)\\s+than"
		     "|(?<r2>" NUM ")x\\s+faster\\s+than"
		     "|As\\s+fast\\s+\\((?<r3>" NUM ")(?:\\s*" PM "\\s*(?<rsd3>" NUM "))?\\)\\s+as)"
		     "\\s+(?<cmd>.*?)\\s*$",
		     0 },
	[RX_REL] = { "hyperfine relative", "^\\s*(?<r>" NUM ")(?:\\s*" PM "\\s*(?<rsd>" NUM "))?\\s+(?<cmd>\\S.*?)\\s*$", 0 },
	[RX_ERROR] = { "hyperfine error", "^\\s*Error:\\s*(?<text>.*?)\\s*$", 0 },
	[RX_NOTE] = { "hyperfine note", "^\\s*Note:\\s*(?<text>.*?)\\s*$", 0 },
};

/* The groups of RX_TIME and RX_RANGE, by number (tests/unit/test_scan.c holds them to the names). */
enum { G_MEAN = 1, G_MU, G_SD, G_SU, G_USER, G_UU, G_SYS, G_YU };
enum { G_MIN = 1, G_NU, G_MAX, G_XU, G_RUNS };

/* UNIT at *p: s, ms, µs, μs, us, ns (no two begin alike). */
static int scan_unit(const char **p, const char *e)
{
	const char *q = *p;

	if (q < e && q[0] == 's')
		return ++*p, 1;
	if (e - q >= 2 && q[1] == 's' && (q[0] == 'm' || q[0] == 'u' || q[0] == 'n'))
		return *p += 2, 1;
	if (e - q >= 3 && q[2] == 's' && ((q[0] == '\xc2' && q[1] == '\xb5') || (q[0] == '\xce' && q[1] == '\xbc')))
		return *p += 3, 1;
	return 0;
}

/* PM: ±, +-, +/- */
static int scan_pm(const char **p, const char *e)
{
	return SCAN_LIT(p, e, "\xc2\xb1") || SCAN_LIT(p, e, "+-") || SCAN_LIT(p, e, "+/-");
}

/* ELLIPSIS: … or ... */
static int scan_ellipsis(const char **p, const char *e)
{
	return SCAN_LIT(p, e, "\xe2\x80\xa6") || SCAN_LIT(p, e, "...");
}

/* NUM\s*UNIT: the number's span in f[0], f[1], the unit's in f[2], f[3]. */
static int scan_figure(const char **p, const char *e, const char **f)
{
	f[0] = *p;
	if (!scan_number(p, e))
		return 0;
	f[1] = *p;
	scan_blanks(p, e);
	f[2] = *p;
	if (!scan_unit(p, e))
		return 0;
	f[3] = *p;
	return 1;
}

/*
 * RX_TIME by hand (see scan.h): "  Time (mean ± σ):     12.3 ms ±   0.4 ms
 * [User: 11.8 ms, System: 0.5 ms]" and its shorter forms, blanks and tabs
 * between the words; anything else is the pattern's.
 */
int hyperfine_scan_time(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *q, *f[16] = { NULL };
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	if (!SCAN_LIT(&p, e, "Time") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "("))
		return 0;
	if (SCAN_LIT(&p, e, "mean")) {
		scan_blanks(&p, e);
		if (!scan_pm(&p, e))
			return 0;
		scan_blanks(&p, e);
		if (!SCAN_LIT(&p, e, "\xcf\x83") && !SCAN_LIT(&p, e, "sd") && !SCAN_LIT(&p, e, "std"))
			return 0;
	} else if (SCAN_LIT(&p, e, "abs")) {
		scan_blanks(&p, e);
		if (!SCAN_LIT(&p, e, "\xe2\x89\xa1"))
			return 0;
	} else {
		return 0;
	}
	if (!SCAN_LIT(&p, e, "):"))
		return 0;
	scan_blanks(&p, e);
	if (!scan_figure(&p, e, &f[0]))
		return 0;
	q = p;
	if (scan_blanks(&q, e) && scan_pm(&q, e)) {
		scan_blanks(&q, e);
		if (!scan_figure(&q, e, &f[4]))
			return 0;
		p = q;
	}
	q = p;
	if (scan_blanks(&q, e) && SCAN_LIT(&q, e, "[User:")) {
		scan_blanks(&q, e);
		if (!scan_figure(&q, e, &f[8]) || !SCAN_LIT(&q, e, ","))
			return 0;
		scan_blanks(&q, e);
		if (!SCAN_LIT(&q, e, "System:"))
			return 0;
		scan_blanks(&q, e);
		if (!scan_figure(&q, e, &f[12]) || !SCAN_LIT(&q, e, "]"))
			return 0;
		p = q;
	}
	scan_blanks(&p, e);
	if (p != e)
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	for (unsigned g = 0; g < 8; g++)
		if (f[2 * g])
			scan_set(ov, G_MEAN + g, s, f[2 * g], f[2 * g + 1]);
	return 1;
}

/* RX_RANGE by hand: "  Range (min … max):    12.0 ms …  13.1 ms    10 runs". */
int hyperfine_scan_range(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *q, *f[8], *runs = NULL, *runs_end = NULL;
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	if (!SCAN_LIT(&p, e, "Range") || !scan_blanks(&p, e) || !SCAN_LIT(&p, e, "(min"))
		return 0;
	scan_blanks(&p, e);
	if (!scan_ellipsis(&p, e))
		return 0;
	scan_blanks(&p, e);
	if (!SCAN_LIT(&p, e, "max):"))
		return 0;
	scan_blanks(&p, e);
	if (!scan_figure(&p, e, &f[0]))
		return 0;
	scan_blanks(&p, e);
	if (!scan_ellipsis(&p, e))
		return 0;
	scan_blanks(&p, e);
	if (!scan_figure(&p, e, &f[4]))
		return 0;
	q = p;
	if (scan_blanks(&q, e) && q < e && scan_is_digit(*q)) {
		runs = q;
		scan_digits(&q, e);
		runs_end = q;
		if (!scan_blanks(&q, e) || !SCAN_LIT(&q, e, "run"))
			return 0;
		SCAN_LIT(&q, e, "s");
		p = q;
	}
	scan_blanks(&p, e);
	if (p != e)
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, G_MIN, s, f[0], f[1]);
	scan_set(ov, G_NU, s, f[2], f[3]);
	scan_set(ov, G_MAX, s, f[4], f[5]);
	scan_set(ov, G_XU, s, f[6], f[7]);
	if (runs)
		scan_set(ov, G_RUNS, s, runs, runs_end);
	return 1;
}

/* RX_BENCH by hand: "Benchmark 1: ./app --flag", "Benchmark #2: cmd". */
int hyperfine_scan_bench(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *num, *num_end, *cmd, *cmd_end;
	PCRE2_SIZE *ov;

	if (!SCAN_LIT(&p, e, "Benchmark") || !scan_blanks(&p, e))
		return 0;
	SCAN_LIT(&p, e, "#");
	num = p;
	if (!scan_digits(&p, e))
		return 0;
	num_end = p;
	if (!SCAN_LIT(&p, e, ":"))
		return 0;
	scan_blanks(&p, e);
	cmd = p;
	if (!(cmd_end = scan_text_end(cmd, e)))
		return 0;
	if (cmd_end == cmd) /* blanks alone: the pattern's \s* took them */
		cmd = cmd_end = e;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, 1, s, num, num_end);
	scan_set(ov, 2, s, cmd, cmd_end);
	return 1;
}

/* RX_RAN by hand: "  ./app_v1 run ran"; the command ends at the blanks before the last word. */
int hyperfine_scan_ran(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *end, *cmd_end;
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	if (!(end = scan_text_end(p, e)) || end - p < 5 || memcmp(end - 3, "ran", 3) || !scan_is_blank(end[-4]))
		return 0;
	for (cmd_end = end - 4; scan_is_blank(cmd_end[-1]);)
		cmd_end--;
	if (cmd_end == p) /* nothing before "ran" but blanks */
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, 1, s, p, cmd_end);
	return 1;
}

/*
 * RX_CMP's first shape by hand: "    1.05 ± 0.02 times faster than ./app_v2";
 * "2x faster than", "As fast (...) as" and anything unexpected are the
 * pattern's.
 */
int hyperfine_scan_cmp(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *q, *r, *r_end, *sd = NULL, *sd_end = NULL, *dir, *dir_end, *cmd, *cmd_end;
	PCRE2_SIZE *ov;

	scan_blanks(&p, e);
	r = p;
	if (!scan_number(&p, e))
		return 0;
	r_end = q = p;
	scan_blanks(&q, e);
	if (scan_pm(&q, e)) {
		scan_blanks(&q, e);
		sd = q;
		if (!scan_number(&q, e))
			return 0;
		sd_end = p = q;
	}
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "times") || !scan_blanks(&p, e))
		return 0;
	dir = p;
	if (!SCAN_LIT(&p, e, "faster") && !SCAN_LIT(&p, e, "slower"))
		return 0;
	dir_end = p;
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "than") || !scan_blanks(&p, e))
		return 0;
	cmd = p;
	if (!(cmd_end = scan_text_end(cmd, e)))
		return 0;
	if (cmd_end == cmd) /* blanks alone: the pattern's \s+ took them */
		cmd = cmd_end = e;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, 1, s, r, r_end);
	if (sd)
		scan_set(ov, 2, s, sd, sd_end);
	scan_set(ov, 3, s, dir, dir_end);
	scan_set(ov, 7, s, cmd, cmd_end);
	return 1;
}

/* "Benchmark 1:" or "Benchmark #1:" opens a new invocation; 2, 3, ... continue one. -1: no such line. */
static int bench_number(const struct line *l)
{
	const char *s = l->s + l->indent + 9;
	size_t n = l->len - l->indent;
	int v = 0;

	if (n < 12 || !line_starts(l, "Benchmark") || (s[0] != ' ' && s[0] != '\t'))
		return -1;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '#')
		s++;
	if (!char_is_digit(*s))
		return -1;
	while (char_is_digit(*s) && v < 100000)
		v = v * 10 + (*s++ - '0');
	return *s == ':' ? v : -1;
}

/* What a line of hyperfine output is, by its fixed words alone (never by its figures). */
enum kind {
	K_NONE,
	K_BENCH,    /* "Benchmark 1: CMD", "Benchmark #1: CMD" (<= 1.11) */
	K_TIME,     /* "Time (mean ± σ): ...", "Time (abs ≡): ...", garbled or cut */
	K_RANGE,    /* "Range (min … max): ...", garbled or cut */
	K_WARNING,  /* "Warning: ..." */
	K_ERROR,    /* "Error: ..." */
	K_NOTE,     /* "Note: The benchmark comparison ..." */
	K_SUMMARY,  /* "Summary", "Relative speed comparison" (<= 1.9) */
	K_RAN,      /* "  CMD ran": the Summary's reference */
	K_RATIO,    /* a Summary line: "1.52 ± 0.04 times faster than CMD", "As fast (1.00) as CMD" */
	K_RELATIVE, /* a line led by a number: a ratio of the old "Relative speed comparison" */
	K__COUNT
};

static const char *const kinds[] = { "none", "benchmark", "time", "range", "warning", "error",
				     "note", "summary", "ran", "ratio", "relative" };

/*
 * Julia's BenchmarkTools prints "Time  (mean ± σ):" and "Range (min … max):"
 * too, with its GC column after a "┊": its lines (btools.c), not these.
 */
static int gc_column(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	/*
	 * hyperfine's own lines hold no 'G' (fixed words, figures, time units):
	 * one memchr() for it tells most of them, where the needle's first byte
	 * is one every "…" of a Range line begins with too
	 */
	return memchr(s, 'G', n) && text_contains(s, n, "\xe2\x94\x8a GC (");
}

/*
 * The one classifier the claim and the parse share. The benchmark's
 * number is part of its "Benchmark N:" words (it is no figure); a Time or
 * Range line is one by its label, whatever its figures say, so one garbled
 * or cut inside a block is reported. The Summary's kinds count only below
 * its heading (the claim and the parse know where that is).
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;

	switch (*s) {
	case 'B':
		return bench_number(l) >= 0 ? K_BENCH : K_NONE;
	case 'T':
		if (line_starts(l, "Time (") || line_starts(l, "Time  ("))
			return gc_column(l) ? K_NONE : K_TIME;
		break;
	case 'R':
		if (line_starts(l, "Range ("))
			return gc_column(l) ? K_NONE : K_RANGE;
		if (line_starts(l, "Relative speed comparison"))
			return K_SUMMARY;
		break;
	case 'W':
		if (line_starts(l, "Warning:"))
			return K_WARNING;
		break;
	case 'E':
		if (line_starts(l, "Error:"))
			return K_ERROR;
		break;
	case 'N':
		if (line_starts(l, "Note: The benchmark comparison"))
			return K_NOTE;
		break;
	case 'S':
		if (line_starts(l, "Summary"))
			return K_SUMMARY;
		break;
	case 'A':
		if (line_starts(l, "As fast"))
			return K_RATIO;
		break;
	default:
		break;
	}
	if (line_ends(l, " ran"))
		return K_RAN;
	if (char_is_digit(*s))
		return text_contains(s, l->len - l->indent, " faster than ") ||
				       text_contains(s, l->len - l->indent, " slower than ")
			       ? K_RATIO
			       : K_RELATIVE;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * A Time line's label whole: "Time (mean ± σ):", "Time (abs ≡):". Outside
 * a block only such a line starts one ("Time (mean) was 5 ms" is prose).
 */
static int time_label(const struct line *l)
{
	const char *s = l->s + l->indent, *c = text_find(s, l->len - l->indent, "):");

	return c && (text_contains(s, (size_t)(c - s), "(mean") || text_contains(s, (size_t)(c - s), "(abs"));
}

struct claim_state {
	int in_summary;
};

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = claim_said(state, classify(l));

	switch (k) {
	case K_NONE:
		return CLAIM_NONE;
	case K_BENCH:
		st->in_summary = 0;
		return in_block && bench_number(l) > 1 ? CLAIM_BODY : CLAIM_START;
	case K_TIME:
		if (in_block)
			return CLAIM_BODY; /* even garbled: the parser reports it */
		if (!time_label(l))
			return CLAIM_NONE;
		st->in_summary = 0;
		return CLAIM_START;
	case K_SUMMARY:
		if (!in_block)
			return CLAIM_NONE;
		st->in_summary = 1;
		return CLAIM_BODY;
	case K_RAN:
	case K_RATIO:
	case K_RELATIVE:
		return in_block && st->in_summary ? CLAIM_BODY : CLAIM_NONE;
	default:
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	}
}

/* What one "Benchmark" has gathered so far. */
struct bench {
	struct sink_txn t;  /* its run */
	uint32_t run;       /* the run's index; its measurements start at t.mark.meas */
	int has_time, has_range, single, failed, damaged;
	const char *error;
};

struct parse {
	struct sink *s;
	struct bench cur;
	uint32_t first_run; /* runs of this block are [first_run, nruns) */
};

static int group(const struct rx_thread *rx, const struct rx *p, const char *name, const char **v, size_t *n)
{
	return rx_named(rx, p, name, v, n);
}

/* Parse the number ns[0..nn) with the unit in group `unit` (by number); -1 if the unit is missing or either is bad. */
static int value_of(const struct rx_thread *rx, const struct rx *p, const char *ns, size_t nn, unsigned unit,
		    double *out)
{
	const char *us;
	size_t un;
	enum unit u;

	if (!rx_group(rx, p, unit, &us, &un))
		return -1;
	return unit_value(ns, nn, us, un, &u, out) < 0 ? -1 : 0;
}

/* A figure all_read() read: its value and printed number, when it was printed. */
struct reading {
	int ok;
	double v;
	const char *at;
	size_t at_len;
};

/*
 * Every figure the last match of `p` printed reads (groups[i][0] the
 * number, groups[i][1] its unit)? When one does not (400 digits, say),
 * the line is damaged: said, and none of its figures is kept. The values
 * are kept in out[i] for emit(), read once.
 */
static int all_read(struct parse *ps, const struct line *l, const struct rx *p,
		    const unsigned groups[][2], size_t n, struct reading *out)
{
	for (size_t i = 0; i < n; i++) {
		struct reading *r = &out[i];

		r->ok = 0;
		if (!rx_group(ps->s->rx, p, groups[i][0], &r->at, &r->at_len))
			continue;
		if (value_of(ps->s->rx, p, r->at, r->at_len, groups[i][1], &r->v) < 0) {
			sink_damage(ps->s, ps->cur.run, l, "unreadable hyperfine number");
			ps->cur.damaged = 1;
			return 0;
		}
		r->ok = 1;
	}
	return 1;
}

/* Add a figure all_read() read, when it was printed. */
static void emit(struct parse *ps, const struct line *l, const struct reading *r, const char *quantity,
		 enum stat_kind stat)
{
	if (r->ok)
		sink_measure(ps->s, ps->cur.run, quantity, stat, UNIT_SECOND, r->v, 0, l, r->at, r->at_len);
}

/* Close the current benchmark: fill in n, or drop it when it produced no figures. */
static void finish(struct parse *ps, const struct line *last)
{
	struct bench *b = &ps->cur;
	struct recset *rs = ps->s->rs;
	struct run *r;

	if (!b->t.open)
		return;
	r = &rs->runs[b->run];
	if (!sink_txn_nmeas(ps->s, &b->t)) {
		/*
		 * A "Benchmark 1: ..." line alone is as likely prose as a cut log:
		 * only warn when the block shows hyperfine output around it.
		 */
		if (b->error)
			sink_warn(ps->s, last, "hyperfine benchmark '%s' failed: %s", r->command, b->error);
		else if (b->run > ps->first_run || b->damaged)
			sink_warn(ps->s, last, "hyperfine benchmark '%s' has no Time line (cut off?); skipped",
				  r->command);
	}
	if (!sink_txn_finish(ps->s, &b->t, last, NULL))
		return;
	if (b->has_time && !b->single && !b->has_range && !(r->flags & RUN_INCOMPLETE)) {
		struct line at = *last;

		at.no = r->last_line;
		sink_warn(ps->s, &at, "hyperfine benchmark '%s' has no Range line (cut off?)", r->command);
		sink_note(ps->s, b->run, NOTE_DAMAGE, NULL, "Range line missing");
		r->flags |= RUN_INCOMPLETE;
	}
}

static void begin(struct parse *ps, const struct line *l, const char *cmd, size_t cmd_len)
{
	finish(ps, l);
	memset(&ps->cur, 0, sizeof(ps->cur));
	ps->cur.run = sink_txn_begin(ps->s, &ps->cur.t, l);
	ps->s->rs->runs[ps->cur.run].command = sink_strndup(ps->s, cmd, cmd_len);
}

/* the figures of RX_TIME and RX_RANGE and their units, by group number */
static const unsigned time_groups[][2] = { { G_MEAN, G_MU }, { G_SD, G_SU }, { G_USER, G_UU }, { G_SYS, G_YU } };
static const unsigned range_groups[][2] = { { G_MIN, G_NU }, { G_MAX, G_XU } };

static void on_time(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_TIME];
	struct reading fig[countof(time_groups)];
	const char *s;
	size_t n;

	if (!hyperfine_scan_time(ps->s->rx, p, l->s, l->len) && !rx_match(ps->s->rx, p, l->s, l->len)) {
		if (!ps->cur.t.open)
			begin(ps, l, "", 0);
		sink_damage(ps->s, ps->cur.run, l, "garbled hyperfine Time line");
		ps->cur.damaged = 1;
		return;
	}
	if (!ps->cur.t.open || ps->cur.has_time)
		begin(ps, l, "", 0); /* figures pasted without their "Benchmark" line */
	ps->cur.has_time = 1;
	ps->cur.single = !rx_group(ps->s->rx, p, G_SD, &s, &n);
	if (!all_read(ps, l, p, time_groups, countof(time_groups), fig))
		return;
	emit(ps, l, &fig[0], "time", STAT_MEAN);
	emit(ps, l, &fig[1], "time", STAT_SD);
	emit(ps, l, &fig[2], "user", STAT_MEAN);
	emit(ps, l, &fig[3], "system", STAT_MEAN);
	if (ps->cur.single) {
		for (size_t i = ps->cur.t.mark.meas; i < ps->s->rs->nmeas; i++)
			ps->s->rs->meas[i].n = 1;
		sink_measure(ps->s, ps->cur.run, "runs", STAT_VALUE, UNIT_COUNT, 1, 1, l,
			     NULL, 0);
	}
}

static void on_range(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_RANGE];
	struct reading fig[countof(range_groups)];
	const char *s;
	size_t n;
	double runs;

	if (!ps->cur.t.open)
		return;
	if (!hyperfine_scan_range(ps->s->rx, p, l->s, l->len) && !rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->cur.run, l, "garbled hyperfine Range line");
		ps->cur.damaged = 1;
		return;
	}
	ps->cur.has_range = 1;
	if (rx_group(ps->s->rx, p, G_RUNS, &s, &n) && (num_parse(s, n, &runs) < 0 || runs > UINT32_MAX)) {
		sink_damage(ps->s, ps->cur.run, l, "implausible hyperfine run count");
		ps->cur.damaged = 1;
		return;
	}
	if (!all_read(ps, l, p, range_groups, countof(range_groups), fig))
		return;
	emit(ps, l, &fig[0], "time", STAT_MIN);
	emit(ps, l, &fig[1], "time", STAT_MAX);
	if (rx_group(ps->s->rx, p, G_RUNS, &s, &n) && runs >= 1) {
		for (size_t i = ps->cur.t.mark.meas; i < ps->s->rs->nmeas; i++)
			ps->s->rs->meas[i].n = (uint32_t)runs;
		sink_measure(ps->s, ps->cur.run, "runs", STAT_VALUE, UNIT_COUNT, runs,
			     (uint32_t)runs, l, s, n);
	}
}

/* The run of this block that benchmarked `cmd` (quotes of hyperfine ≤ 1.16 ignored), or -1. */
static long run_of(struct parse *ps, const char *cmd, size_t n)
{
	if (n >= 2 && cmd[0] == '\'' && cmd[n - 1] == '\'') {
		for (uint32_t i = ps->first_run; i < ps->s->rs->nruns; i++) {
			const char *c = ps->s->rs->runs[i].command;

			if (strlen(c) == n - 2 && !memcmp(c, cmd + 1, n - 2))
				return i;
		}
	}
	for (uint32_t i = ps->first_run; i < ps->s->rs->nruns; i++) {
		const char *c = ps->s->rs->runs[i].command;

		if (strlen(c) == n && !memcmp(c, cmd, n))
			return i;
	}
	return -1;
}

/*
 * A line of the Summary, kept as a note on the run it names (the compare
 * engine computes its own ratios). A ratio line (`k` K_RATIO) is read by
 * its words, an old relative line (K_RELATIVE) by its number first; one
 * that does not read whole is said, never kept in part.
 */
static void on_summary_line(struct parse *ps, const struct line *l, const char *ref, enum kind k)
{
	struct rx *p = &patterns[k == K_RATIO ? RX_CMP : RX_REL];
	const char *cmd;
	size_t n;
	long run;

	if (!((k == K_RATIO && hyperfine_scan_cmp(ps->s->rx, p, l->s, l->len)) || rx_match(ps->s->rx, p, l->s, l->len)) ||
	    !group(ps->s->rx, p, "cmd", &cmd, &n)) {
		sink_warn(ps->s, l, "garbled hyperfine summary line; not kept");
		return;
	}
	run = run_of(ps, cmd, n);
	if (run >= 0)
		sink_note(ps->s, (uint32_t)run, NOTE_SUMMARY, l, "%s%s%.*s", ref ? ref : "",
			  ref ? " ran " : "", (int)(l->len - l->indent), l->s + l->indent);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	const char *ref = NULL;
	int in_summary = 0;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.first_run = (uint32_t)s->rs->nruns;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *v;
		size_t n;
		enum kind k;

		if (l->indent == l->len)
			continue;
		switch (k = (enum kind)LINE_KIND(l, classify)) {
		case K_BENCH:
			if (!(hyperfine_scan_bench(s->rx, &patterns[RX_BENCH], l->s, l->len) ||
			      rx_match(s->rx, &patterns[RX_BENCH], l->s, l->len)) ||
			    !group(s->rx, &patterns[RX_BENCH], "cmd", &v, &n))
				v = "", n = 0;
			begin(&ps, l, v, n);
			in_summary = 0;
			break;
		case K_TIME:
			on_time(&ps, l);
			break;
		case K_RANGE:
			on_range(&ps, l);
			break;
		case K_WARNING:
			if (ps.cur.t.open && rx_match(s->rx, &patterns[RX_WARNING], l->s, l->len) &&
			    group(s->rx, &patterns[RX_WARNING], "text", &v, &n))
				sink_note(s, ps.cur.run,
					  text_contains(v, n, "outliers") ? NOTE_OUTLIERS : NOTE_WARNING, l,
					  "%.*s", (int)n, v);
			break;
		case K_ERROR:
			if (ps.cur.t.open && rx_match(s->rx, &patterns[RX_ERROR], l->s, l->len) &&
			    group(s->rx, &patterns[RX_ERROR], "text", &v, &n)) {
				sink_note(s, ps.cur.run, NOTE_ERROR, l, "%.*s", (int)n, v);
				s->rs->runs[ps.cur.run].flags |= RUN_FAILED;
				ps.cur.error = sink_strndup(s, v, n);
				sink_run_end(s, ps.cur.run, l);
			}
			break;
		case K_SUMMARY:
			finish(&ps, l);
			in_summary = 1;
			break;
		case K_RAN:
			if (in_summary &&
			    (hyperfine_scan_ran(s->rx, &patterns[RX_RAN], l->s, l->len) ||
			     rx_match(s->rx, &patterns[RX_RAN], l->s, l->len)) &&
			    group(s->rx, &patterns[RX_RAN], "cmd", &v, &n))
				ref = sink_strndup(s, v, n);
			break;
		case K_RATIO:
		case K_RELATIVE:
			if (in_summary)
				on_summary_line(&ps, l, ref, k);
			break;
		case K_NOTE:
			if (!in_summary && ps.cur.t.open && rx_match(s->rx, &patterns[RX_NOTE], l->s, l->len) &&
			    group(s->rx, &patterns[RX_NOTE], "text", &v, &n))
				sink_note(s, ps.cur.run, NOTE_INFO, l, "%.*s", (int)n, v);
			break;
		case K_NONE:
		case K__COUNT:
			break;
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	cmd_propose(s->rs, ps.first_run, s->arena);
	return (int)(s->rs->nruns - ps.first_run);
}

/* The first words of a line that starts a block outside one (the claim's own). */
static const char *const start_words[] = { "Benchmark ", "Benchmark\t", "Time (", "Time  (", NULL };

const struct parser hyperfine_parser = {
	.fmt = FMT_HYPERFINE,
	.words = start_words,
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
