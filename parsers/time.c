/*
 * time.c - what a timed command reports, one run per invocation: GNU
 * time's default two lines, its -v table and -p, and the shell's time
 * keyword (real/user/sys, "0m0.112s", a locale's decimal comma) →
 * user_time, system_time, wall_time (s), cpu_percent (%), max_rss (B) and
 * the other -v figures under their own names. "Command exited with
 * non-zero status N" marks the run failed; its figures are still kept.
 */
#include <string.h>

#include "parsers/clock.h"
#include "parsers/cmdsplit.h"
#include "parsers/parser.h"
#include "parsers/units.h"
#include "util/text.h"

#define SECS "[0-9]+(?:[.,][0-9]+)?"

enum {
	RX_STATUS,
	RX_DEFAULT1,
	RX_DEFAULT2,
	RX_VERBOSE,
	RX_SHELL,
};

static struct rx patterns[] = {
	[RX_STATUS] = { "time status",
			"^\\s*Command (?<what>exited with non-zero status|terminated by signal|"
			"stopped by signal) (?<n>[0-9]+)\\s*$",
			0 },
	[RX_DEFAULT1] = { "time default line 1",
			  "^\\s*(?<user>[0-9]+\\.[0-9]+)user\\s+(?<sys>[0-9]+\\.[0-9]+)system\\s+"
			  "(?<wall>[0-9]+:[0-9]+(?::[0-9]+|\\.[0-9]+))elapsed\\s+(?<cpu>[0-9]+|\\?)%CPU\\s+"
			  "\\((?<text>[0-9]+)avgtext\\+(?<data>[0-9]+)avgdata\\s+(?<rss>[0-9]+)maxresident\\)k\\s*$",
			  0 },
	[RX_DEFAULT2] = { "time default line 2",
			  "^\\s*(?<in>[0-9]+)inputs\\+(?<out>[0-9]+)outputs\\s+\\((?<major>[0-9]+)major\\+"
			  "(?<minor>[0-9]+)minor\\)pagefaults\\s+(?<swaps>[0-9]+)swaps\\s*$",
			  0 },
	/* labels contain ':' ("(h:mm:ss or m:ss)") but never ": " */
	[RX_VERBOSE] = { "time -v line", "^\\s*(?<label>.+?): (?<value>.*?)\\s*$", 0 },
	[RX_SHELL] = { "time real/user/sys",
		       "^\\s*(?<name>real|user|sys)(?:\\s+(?<ms>[0-9]+m" SECS "s)|\\s+(?<p>" SECS "))\\s*$",
		       0 },
};

/* What the value of a -v field is. */
enum figure {
	F_COMMAND, /* the command line, quoted */
	F_SECONDS, /* "0.07" */
	F_PERCENT, /* "98%", or "?%" when nothing elapsed */
	F_CLOCK,   /* "0:00.08" (m:ss.cc) or "1:02:03" (h:mm:ss) */
	F_KBYTES,  /* KiB */
	F_COUNT,
	F_PAGE,    /* the page size: a fact about the machine, not a figure of the run */
	F_EXIT,    /* the exit status: a failure when not 0 */
};

struct field {
	const char *label; /* as -v prints it, before ": " */
	size_t len;        /* strlen(label) */
	const char *quantity;
	enum figure kind;
	int opens; /* a line no prose starts with: it opens a -v output pasted without its first lines */
};

/* GNU time 1.7 to 1.9 -v, in its order; the default format reads into the same names. */
#define LABEL(l) l, sizeof(l) - 1
static const struct field fields[] = {
	{ LABEL("Command being timed"), NULL, F_COMMAND, 1 },
	{ LABEL("User time (seconds)"), "user_time", F_SECONDS, 1 },
	{ LABEL("System time (seconds)"), "system_time", F_SECONDS, 1 },
	{ LABEL("Percent of CPU this job got"), "cpu_percent", F_PERCENT, 1 },
	{ LABEL("Elapsed (wall clock) time (h:mm:ss or m:ss)"), "wall_time", F_CLOCK, 1 },
	{ LABEL("Average shared text size (kbytes)"), "avg_shared_text", F_KBYTES, 0 },
	{ LABEL("Average unshared data size (kbytes)"), "avg_unshared_data", F_KBYTES, 0 },
	{ LABEL("Average stack size (kbytes)"), "avg_stack", F_KBYTES, 0 },
	{ LABEL("Average total size (kbytes)"), "avg_total", F_KBYTES, 0 },
	{ LABEL("Maximum resident set size (kbytes)"), "max_rss", F_KBYTES, 1 },
	{ LABEL("Average resident set size (kbytes)"), "avg_rss", F_KBYTES, 0 },
	{ LABEL("Major (requiring I/O) page faults"), "major_faults", F_COUNT, 0 },
	{ LABEL("Minor (reclaiming a frame) page faults"), "minor_faults", F_COUNT, 0 },
	{ LABEL("Voluntary context switches"), "voluntary_switches", F_COUNT, 0 },
	{ LABEL("Involuntary context switches"), "involuntary_switches", F_COUNT, 0 },
	{ LABEL("Swaps"), "swaps", F_COUNT, 0 },
	{ LABEL("File system inputs"), "fs_inputs", F_COUNT, 0 },
	{ LABEL("File system outputs"), "fs_outputs", F_COUNT, 0 },
	{ LABEL("Socket messages sent"), "socket_sent", F_COUNT, 0 },
	{ LABEL("Socket messages received"), "socket_received", F_COUNT, 0 },
	{ LABEL("Signals delivered"), "signals", F_COUNT, 0 },
	{ LABEL("Page size (bytes)"), NULL, F_PAGE, 0 },
	{ LABEL("Exit status"), NULL, F_EXIT, 0 },
};
#undef LABEL

/* The field `label` names, or NULL. */
static const struct field *field_of(const char *label, size_t n)
{
	for (size_t i = 0; i < countof(fields); i++)
		if (fields[i].len == n && fields[i].label[0] == label[0] && !memcmp(fields[i].label, label, n))
			return &fields[i];
	return NULL;
}

/* The field a default-format line names by its -v label. */
static const struct field *field_named(const char *quantity)
{
	for (size_t i = 0; i < countof(fields); i++)
		if (fields[i].quantity && !strcmp(fields[i].quantity, quantity))
			return &fields[i];
	return NULL;
}

/* The start of a -v label, as a line cut in the middle of one has it ("Minor (reclai"). */
static int is_label_start(const struct line *l)
{
	size_t n = line_end(l) - l->indent;

	for (size_t i = 0; i < countof(fields) && n >= 4; i++)
		if (fields[i].label[0] == l->s[l->indent] && fields[i].len >= n &&
		    !memcmp(fields[i].label, l->s + l->indent, n))
			return 1;
	return 0;
}

/* The -v field whose label begins `l` (before its ": "), or NULL. */
static const struct field *field_at(const struct line *l)
{
	const char *s = l->s + l->indent, *colon = text_find(s, l->len - l->indent, ": ");

	return colon ? field_of(s, (size_t)(colon - s)) : NULL;
}

static int is_status(const struct line *l)
{
	return line_starts(l, "Command exited with") || line_starts(l, "Command terminated by") ||
	       line_starts(l, "Command stopped by");
}

/*
 * The default format's first line, or a garbled one: "0.07user 0.00system
 * 0:00.08elapsed ...". %U is short, so "user" comes within a few bytes.
 */
static int is_default1(const struct line *l)
{
	size_t head = l->len - l->indent < 24 ? l->len - l->indent : 24;

	return text_contains(l->s + l->indent, head, "user") && text_contains(l->s, l->len, "elapsed");
}

/* The default format's second line (read only after a first one), a garbled one included. */
static int is_default2(const struct line *l)
{
	return text_contains(l->s, l->len, "inputs+") || text_contains(l->s, l->len, "pagefaults");
}

/*
 * "real 0.10", "real<TAB>0m0.110s", "real 0m22.948s  0m24.104s" (runs
 * side by side): `word`, blanks, then words each with a digit in it, a
 * garbled one included ("real 2 builds were faster" and "real world" are
 * prose). Returns how many words, 0 for none of these.
 */
static int is_shell(const struct line *l, const char *word)
{
	size_t n = strlen(word), i = l->indent + n, end = line_end(l);
	int words = 0;

	if (!line_starts(l, word) || i >= end || (l->s[i] != ' ' && l->s[i] != '\t'))
		return 0;
	while (i < end) {
		int digit = 0;

		while (i < end && (l->s[i] == ' ' || l->s[i] == '\t'))
			i++;
		for (; i < end && l->s[i] != ' ' && l->s[i] != '\t'; i++)
			digit |= char_is_digit(l->s[i]);
		if (!digit)
			return 0;
		words++;
	}
	return words;
}

/* What a line of a timed command's report is, by its fixed words (never by its digits). */
enum kind {
	K_NONE,
	K_STATUS,    /* "Command exited with non-zero status 1", "Command terminated by signal 9" */
	K_DEFAULT1,  /* "0.07user 0.00system 0:00.08elapsed 98%CPU (0avgtext+0avgdata 21880maxresident)k" */
	K_DEFAULT2,  /* "0inputs+0outputs (0major+1046minor)pagefaults 0swaps" */
	K_REAL,      /* "real 0.10", "real<TAB>0m0.110s" */
	K_USER,      /* "user 0.07" */
	K_SYS,       /* "sys 0.00" */
	K_COMMAND,   /* "Command being timed: \"CMD\"" (-v) */
	K_FIELD,     /* another -v line: a label GNU time prints, ": ", its value (garbled or not) */
	K_CUT_LABEL, /* the start of such a label, the line cut in it ("Minor (reclai") */
	K_LABEL,     /* "LABEL: VALUE" with a label GNU time does not print (a -v line damaged) */
	K__COUNT
};

static const char *const kinds[] = { "none", "status", "default 1", "default 2", "real", "user", "sys",
				     "command", "field", "cut label", "label" };

/*
 * The one classifier the claim and the parse share, by each shape's fixed
 * words: the default format's "user ... elapsed" and "inputs+" or
 * "pagefaults", the shell's real/user/sys and -v's labels.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *colon;

	if (is_status(l))
		return K_STATUS;
	if (is_default1(l))
		return K_DEFAULT1;
	if (is_default2(l))
		return K_DEFAULT2;
	if (is_shell(l, "real"))
		return K_REAL;
	if (is_shell(l, "user"))
		return K_USER;
	if (is_shell(l, "sys"))
		return K_SYS;
	if (line_starts(l, "Command being timed: "))
		return K_COMMAND;
	colon = text_find(s, l->len - l->indent, ": "); /* one scan of the line for its label's end */
	if (colon && field_of(s, (size_t)(colon - s)))
		return K_FIELD;
	if (is_label_start(l))
		return K_CUT_LABEL;
	return colon ? K_LABEL : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

enum shape {
	SH_STATUS,  /* only the "Command exited ..." line so far */
	SH_DEFAULT,
	SH_VERBOSE,
	SH_SHELL,
};

struct claim_state {
	enum shape shape;
	int done; /* the last line of the shape was read */
};

/*
 * A line of kind `k` that begins an invocation's output, and the shape it
 * begins. A -v output begins with its first line or with a line no prose
 * starts with, pasted alone ("Maximum resident set size (kbytes): 43856").
 */
static int opens(const struct line *l, enum kind k, enum shape *shape)
{
	const struct field *f;

	switch (k) {
	case K_STATUS:
		*shape = SH_STATUS;
		return 1;
	case K_DEFAULT1:
		*shape = SH_DEFAULT;
		return 1;
	case K_REAL:
		*shape = SH_SHELL;
		return 1;
	case K_COMMAND:
		*shape = SH_VERBOSE;
		return 1;
	case K_FIELD:
		if (!(f = field_at(l)) || !f->opens)
			return 0;
		*shape = SH_VERBOSE;
		return 1;
	default:
		return 0;
	}
}

/*
 * Could `l` be of a kind that opens() an output? What each of those kinds
 * needs at the least: "Command " (a status, -v's first line), "real", a
 * "user" in the first bytes (the default format), or the label of a field
 * that opens, before its ": ". A line that has none of them is no such
 * kind, whatever classify() makes of it; most prose lines are asked.
 */
static int may_open(const struct line *l)
{
	size_t n = l->len - l->indent;

	if (line_starts(l, "Command ") || line_starts(l, "real") ||
	    text_contains(l->s + l->indent, n < 24 ? n : 24, "user"))
		return 1;
	for (size_t i = 0; i < countof(fields); i++)
		if (fields[i].opens && line_starts(l, fields[i].label))
			return 1;
	return 0;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;
	enum shape shape;

	if (!in_block && !may_open(l))
		return CLAIM_NONE;
	k = classify(l);
	if (!in_block) {
		if (!opens(l, k, &st->shape))
			return CLAIM_NONE;
		st->done = 0;
		return CLAIM_START;
	}
	if (st->done) {
		/* outputs one after the other are one block: their commands may name them */
		if (!opens(l, k, &shape))
			return CLAIM_NONE;
		st->shape = shape;
		st->done = 0;
		return CLAIM_BODY;
	}
	switch (st->shape) {
	case SH_STATUS:
		/* the status line comes first; the figures follow it */
		if (!opens(l, k, &shape))
			return CLAIM_NONE;
		if (shape == SH_STATUS)
			return CLAIM_START;
		st->shape = shape;
		return CLAIM_BODY;
	case SH_DEFAULT:
		if (k != K_DEFAULT2)
			return opens(l, k, &shape) ? CLAIM_START : CLAIM_NONE;
		st->done = 1;
		return CLAIM_BODY;
	case SH_VERBOSE:
		/* every -v line until "Exit status", a garbled or cut one included */
		if (k == K_COMMAND)
			return CLAIM_START;
		if (k != K_FIELD && k != K_CUT_LABEL && k != K_LABEL)
			return opens(l, k, &shape) ? CLAIM_START : CLAIM_NONE;
		st->done = line_starts(l, "Exit status:");
		return CLAIM_BODY;
	case SH_SHELL:
		if (k == K_USER)
			return CLAIM_BODY;
		if (k == K_SYS) {
			st->done = 1;
			return CLAIM_BODY;
		}
		return opens(l, k, &shape) ? CLAIM_START : CLAIM_NONE;
	}
	return CLAIM_NONE;
}

/* One invocation's output: one run. */
struct parse {
	struct sink *s;
	struct sink_txn t;   /* the invocation's run */
	uint32_t run;        /* its index */
	int done;            /* the line that ends its shape was read: the next output may follow */
	const char *missing; /* the line that ends the shape read so far, until it is read */
};

/* GNU time prints its counts and sizes as plain digits. */
static int all_digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!char_is_digit(s[i]))
			return 0;
	return n > 0 && n < 16;
}

/* One figure of a line, read before any of the line's figures is added. */
struct reading {
	const struct field *f;
	const char *num; /* the printed number (without a '%') */
	size_t num_len;
	enum unit unit;
	double x;
	int none; /* the tool printed no value ("?%") */
};

/*
 * Read one figure as its field's kind says. Returns 0, 1 when the tool
 * printed no value ("?%"), or -1 when the text is no such figure (the
 * caller reports the damage).
 */
static int read_field(const struct field *f, const char *v, size_t n, struct reading *r)
{
	memset(r, 0, sizeof(*r));
	r->f = f;
	r->num = v;
	r->num_len = n;
	r->unit = UNIT_COUNT;
	switch (f->kind) {
	case F_SECONDS:
		r->unit = UNIT_SECOND;
		return num_parse(v, n, &r->x) < 0 ? -1 : 0;
	case F_PERCENT:
		r->unit = UNIT_PERCENT;
		if (n == 2 && !memcmp(v, "?%", 2))
			return r->none = 1;
		r->num_len = n - 1;
		if (n < 2 || v[n - 1] != '%' || !all_digits(v, r->num_len) || num_parse(v, r->num_len, &r->x) < 0)
			return -1;
		return 0;
	case F_CLOCK:
		r->unit = UNIT_SECOND;
		return clock_parse(v, n, &r->x) < 0 ? -1 : 0;
	case F_KBYTES:
		return !all_digits(v, n) || unit_value(v, n, "kbytes", 6, &r->unit, &r->x) < 0 ? -1 : 0;
	case F_COUNT:
		return !all_digits(v, n) || num_parse(v, n, &r->x) < 0 ? -1 : 0;
	default:
		return -1;
	}
}

/* Add a figure read_field() read, or the note that the tool printed none. */
static void add_reading(struct parse *ps, const struct line *l, const struct reading *r)
{
	if (r->none)
		sink_note(ps->s, ps->run, NOTE_INFO, l, "no CPU percentage (nothing elapsed)");
	else
		sink_measure(ps->s, ps->run, r->f->quantity, STAT_VALUE, r->unit, r->x, 1, l, r->num,
			     r->num_len);
}

static void on_status(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_STATUS];
	struct run *r = &ps->s->rs->runs[ps->run];

	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->run, l, "garbled GNU time status line");
		return;
	}
	sink_note(ps->s, ps->run, NOTE_ERROR, l, "%.*s", (int)(line_end(l) - l->indent),
		  l->s + l->indent);
	r->flags |= RUN_FAILED;
	sink_run_end(ps->s, ps->run, l);
}

/* The named groups of a default-format line, into the fields of the same name. */
static void on_default(struct parse *ps, const struct line *l, int which)
{
	static const char *const first[][2] = {
		{ "user", "user_time" },	{ "sys", "system_time" },
		{ "wall", "wall_time" },	{ "cpu", "cpu_percent" },
		{ "text", "avg_shared_text" }, { "data", "avg_unshared_data" },
		{ "rss", "max_rss" },
	};
	static const char *const second[][2] = {
		{ "in", "fs_inputs" },	      { "out", "fs_outputs" }, { "major", "major_faults" },
		{ "minor", "minor_faults" }, { "swaps", "swaps" },
	};
	struct rx *p = &patterns[which == 1 ? RX_DEFAULT1 : RX_DEFAULT2];
	const char *const(*groups)[2] = which == 1 ? first : second;
	size_t ngroups = which == 1 ? countof(first) : countof(second);

	struct reading r[7];

	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->run, l, "garbled GNU time line");
		return;
	}
	/* every figure of the line, or none */
	for (size_t i = 0; i < ngroups; i++) {
		const struct field *f = field_named(groups[i][1]);
		const char *v;
		size_t n;

		/* the percent sign follows the group in this format */
		if (!rx_named(ps->s->rx, p, groups[i][0], &v, &n) ||
		    read_field(f, v, f->kind == F_PERCENT ? n + 1 : n, &r[i]) < 0) {
			sink_damage(ps->s, ps->run, l, "garbled GNU time line");
			return;
		}
	}
	for (size_t i = 0; i < ngroups; i++)
		add_reading(ps, l, &r[i]);
}

static void on_verbose(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_VERBOSE];
	const struct field *f = NULL;
	const char *label, *v;
	size_t label_len, n;
	double status;
	struct reading r;

	if (rx_match(ps->s->rx, p, l->s, l->len) && rx_named(ps->s->rx, p, "label", &label, &label_len) &&
	    rx_named(ps->s->rx, p, "value", &v, &n))
		f = field_of(label, label_len);
	if (!f) {
		sink_damage(ps->s, ps->run, l, "unrecognized GNU time -v line");
		return;
	}
	switch (f->kind) {
	case F_COMMAND:
		if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
			v++, n -= 2;
		ps->s->rs->runs[ps->run].command = sink_strndup(ps->s, v, n);
		sink_run_end(ps->s, ps->run, l);
		return;
	case F_PAGE:
		if (!all_digits(v, n)) {
			sink_damage(ps->s, ps->run, l, "garbled GNU time -v line");
			return;
		}
		sink_fact(ps->s, l, "page_size", sink_strndup(ps->s, v, n));
		sink_run_end(ps->s, ps->run, l);
		return;
	case F_EXIT:
		if (!all_digits(v, n) || num_parse(v, n, &status) < 0) {
			sink_damage(ps->s, ps->run, l, "garbled GNU time -v line");
			return;
		}
		if (status != 0) {
			ps->s->rs->runs[ps->run].flags |= RUN_FAILED;
			sink_note(ps->s, ps->run, NOTE_ERROR, l, "Exit status: %.*s", (int)n, v);
		}
		sink_run_end(ps->s, ps->run, l);
		return;
	default:
		break;
	}
	if (read_field(f, v, n, &r) < 0)
		sink_damage(ps->s, ps->run, l, "garbled GNU time -v line");
	else
		add_reading(ps, l, &r);
}

/* One figure of a real/user/sys line: "0.10" (-p), "0m0.110s" (bash), with the locale's decimal mark; -1 when it does not read. */
static int shell_figure(const char *at, size_t n, double *x)
{
	char plain[64];
	int k;

	if (n && at[n - 1] == 's' && memchr(at, 'm', n))
		return clock_parse(at, n, x);
	k = num_unlocalize(at, n, 1, plain, sizeof(plain));
	return k >= 0 ? num_parse(plain, (size_t)k, x) : -1;
}

/*
 * The shell's real/user/sys lines from b->lines[i] on with `cols` figures
 * each (runs side by side: "real 0m22.948s 0m24.104s ..."): a run per
 * column, named by the line above the block when it holds one word per
 * column ("     MOLD:      LLD          GOLD"). A line whose figures do not
 * all read is damaged and gives no figure. Returns the index of the last
 * line taken.
 */
static uint32_t on_shell_columns(struct parse *ps, const struct block *b, uint32_t i, int cols)
{
	enum { MAX_COLS = 16 };
	struct sink *s = ps->s;
	const char *names[MAX_COLS + 1], *fig[3][MAX_COLS];
	size_t names_len[MAX_COLS + 1], fig_len[3][MAX_COLS], nnames = 0;
	double val[3][MAX_COLS];
	const struct line *ln[3] = { NULL, NULL, NULL }, *bad[3] = { NULL, NULL, NULL };
	uint32_t j = i, first_run = (uint32_t)s->rs->nruns;

	if (cols > MAX_COLS)
		cols = MAX_COLS;
	if (b->above)
		nnames = text_split_words(b->above, strlen(b->above), 0, names, names_len, MAX_COLS + 1);
	for (; j < b->n; j++) {
		const struct line *l = &b->lines[j];
		enum kind k = l->indent == l->len ? K_NONE : classify(l);
		const char *w[MAX_COLS + 1];
		size_t wl[MAX_COLS + 1], nw;
		int slot = k == K_REAL ? 0 : k == K_USER ? 1 : k == K_SYS ? 2 : -1;

		if (slot < 0 || is_shell(l, k == K_REAL ? "real" : k == K_USER ? "user" : "sys") != cols || ln[slot] ||
		    bad[slot])
			break;
		nw = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, w, wl, MAX_COLS + 1);
		ln[slot] = l;
		for (int c = 0; c < cols && ln[slot]; c++) {
			fig[slot][c] = w[c + 1], fig_len[slot][c] = wl[c + 1];
			if ((size_t)c + 1 >= nw || shell_figure(w[c + 1], wl[c + 1], &val[slot][c]) < 0) {
				bad[slot] = l; /* reported once the columns' runs are made */
				ln[slot] = NULL;
			}
		}
	}
	for (int c = 0; c < cols; c++) {
		uint32_t run = sink_txn_begin(s, &ps->t, &b->lines[i]);

		if (nnames == (size_t)cols) {
			size_t nl = names_len[c];

			while (nl && names[c][nl - 1] == ':')
				nl--;
			if (nl) {
				s->rs->runs[run].variant.text = sink_strndup(s, names[c], nl);
				s->rs->runs[run].variant.origin = VO_LABEL;
				s->rs->runs[run].name_line = b->above_line;
			}
		}
		for (int slot = 0; slot < 3; slot++)
			if (ln[slot]) {
				sink_run_end(s, run, ln[slot]);
				sink_measure(s, run, slot == 0 ? "wall_time" : slot == 1 ? "user_time" : "system_time",
					     STAT_VALUE, UNIT_SECOND, val[slot][c], 1, ln[slot], fig[slot][c], fig_len[slot][c]);
			}
		sink_txn_finish(s, &ps->t, &b->lines[j - 1], "time output without a single figure (cut off?)");
	}
	for (int slot = 0; slot < 3; slot++)
		if (bad[slot] && s->rs->nruns > first_run)
			sink_damage(s, first_run, bad[slot], "garbled time line");
		else if (bad[slot])
			sink_warn(s, bad[slot], "garbled time line");
	return j - 1;
}

/* real/user/sys: "0.10" (-p), "0m0.110s" (bash), with the locale's decimal mark. */
static void on_shell(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_SHELL];
	const char *name, *at;
	size_t name_len, at_len;
	int k = -1;
	double x;

	if (rx_match(ps->s->rx, p, l->s, l->len) &&
	    (rx_named(ps->s->rx, p, "ms", &at, &at_len) || rx_named(ps->s->rx, p, "p", &at, &at_len)))
		k = shell_figure(at, at_len, &x);
	if (k >= 0 && !rx_named(ps->s->rx, p, "name", &name, &name_len))
		k = -1;
	if (k < 0) {
		sink_damage(ps->s, ps->run, l, "garbled time line");
		return;
	}
	sink_measure(ps->s, ps->run,
		     *name == 'r' ? "wall_time" : *name == 'u' ? "user_time" : "system_time",
		     STAT_VALUE, UNIT_SECOND, x, 1, l, at, at_len);
}

/*
 * The output stops at `l`, before its last line: a value that ends a line
 * ("Maximum resident set size (kbytes): 21" of 21880, -p's "user 0.1" of 0.10)
 * may have been cut with it, so the line is not read.
 */
static void cut_at(struct parse *ps, const struct line *l)
{
	sink_damage(ps->s, ps->run, l, "last line of a cut-off time output");
	ps->missing = NULL; /* named: no second warning */
}

/* Close the open run: dropped without a figure, incomplete when cut before its last line. */
static void finish(struct parse *ps, const struct line *last)
{
	struct sink *s = ps->s;

	if (sink_txn_finish(s, &ps->t, last, "time output without a single figure (cut off?)") &&
	    ps->missing) {
		/* the figures read are right; the ones after the cut are missing */
		sink_warn(s, last, "time output cut off before its %s line", ps->missing);
		sink_note(s, ps->run, NOTE_DAMAGE, NULL, "cut off before the %s line", ps->missing);
		s->rs->runs[ps->run].flags |= RUN_INCOMPLETE;
	}
}

static void begin(struct parse *ps, const struct line *first, const struct line *prev)
{
	finish(ps, prev);
	ps->run = sink_txn_begin(ps->s, &ps->t, first);
	ps->done = 0;
	ps->missing = NULL;
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;
	const struct line *prev = &b->lines[0];

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k;
		enum shape shape;

		if (l->indent == l->len)
			continue;
		k = classify(l);
		if (k == K_REAL || k == K_USER || k == K_SYS) {
			int cols = is_shell(l, k == K_REAL ? "real" : k == K_USER ? "user" : "sys");

			if (cols > 1) {
				/* runs side by side: a run a column, and the lines after it that share the columns */
				if (ps.t.open)
					finish(&ps, prev);
				i = on_shell_columns(&ps, b, i, cols);
				prev = &b->lines[i];
				ps.done = 1;
				continue;
			}
		}
		if (!ps.t.open || (ps.done && opens(l, k, &shape)))
			begin(&ps, l, prev);
		prev = l;
		switch (k) {
		case K_STATUS:
			on_status(&ps, l);
			break;
		case K_DEFAULT1:
			on_default(&ps, l, 1);
			ps.missing = "second";
			break;
		case K_DEFAULT2:
			on_default(&ps, l, 2);
			ps.missing = NULL;
			break;
		case K_REAL:
		case K_USER:
		case K_SYS:
			ps.missing = k == K_SYS ? NULL : "sys";
			/* "0m0.100s" shows its end; "user 0.10" (-p) does not */
			if (ps.missing && i == b->n - 1 && !line_ends(l, "s"))
				cut_at(&ps, l);
			else
				on_shell(&ps, l);
			break;
		default:
			ps.missing = line_starts(l, "Exit status:") ? NULL : "Exit status";
			/* the last line may be cut, unless the author ended the block there */
			if (ps.missing && i == b->n - 1 && !b->ended)
				cut_at(&ps, l);
			else
				on_verbose(&ps, l);
			break;
		}
		ps.done = !ps.missing && k != K_STATUS;
	}
	finish(&ps, &b->lines[b->n - 1]);
	/* outputs of different commands (-v prints them): the part that differs names each */
	cmd_propose(s->rs, first_run, s->arena);
	return (int)(s->rs->nruns - first_run);
}

const struct parser time_parser = {
	.fmt = FMT_TIME,
	.starts = "0123456789CUrEMSP",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
