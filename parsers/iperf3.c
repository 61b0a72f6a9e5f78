/*
 * iperf3.c - iperf3's text output → one run per test: sender/receiver
 * bitrate (bit/s) and transfer (B), sender.retransmits, receiver.jitter and
 * receiver.lost_percent (UDP), cpu.local/cpu.remote (-V); the interval
 * lines become the "bitrate" series. Client and server logs, -P, -R,
 * --bidir (the server-to-client direction as "reverse.*"), -u, -V, -O,
 * -f, --timestamps and -T (a prefix before every line) and the bare
 * summaries people paste into issues.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/iperf3.h"
#include "parsers/scan.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

#define NUM "[0-9]+(?:\\.[0-9]+)?"
#define VAL "(?:" NUM "|inf|-?nan)"

enum {
	RX_DATA,
	RX_HEADER,
	RX_CPU,
	RX_STARTING,
	RX_VERSION,
	RX_ERROR,
	RX_NOTE,
};

static struct rx patterns[] = {
	/* every interval and summary line (src/iperf_locale.c), all protocols and roles */
	[RX_DATA] = { "iperf3 data",
		      "^\\[\\s*(?<id>[0-9]+|SUM)\\](?:\\[(?<role>TX|RX)-(?<side>[CS])\\])?\\s+"
		      "(?<start>[0-9]+\\.[0-9]+)-\\s*(?<end>[0-9]+\\.[0-9]+)\\s+sec\\s+"
		      "(?<xfer>" VAL ")\\s+(?<xferu>[KMGT]?Bytes)\\s+"
		      "(?<rate>" VAL ")\\s+(?<rateu>[KMGT]?(?:bits|Bytes)/sec)"
		      "(?:\\s+(?<jitter>" NUM ")\\s+ms\\s+(?<lost>[0-9]+|Unknown)/(?<total>[0-9]+)"
		      "(?:\\s+\\((?<lostpct>[^)%\\s]*)%\\))?"
		      "|\\s+(?<n>[0-9]+)(?:\\s+(?<cwnd>" NUM ")\\s+(?<cwndu>[KMGT]?Bytes))?)?"
		      "\\s*(?<tag>sender|receiver)?\\s*(?<omitted>\\(omitted\\))?\\s*$",
		      0 },
	[RX_HEADER] = { "iperf3 header",
			"^\\[ ID\\](?:\\[Role\\])?\\s+Interval\\s+Transfer\\s+(?:Bitrate|Bandwidth)(?<cols>.*?)\\s*$", 0 },
	[RX_CPU] = { "iperf3 cpu",
		     "^CPU Utilization:\\s+local/(?:sender|receiver)\\s+(?<local>" NUM ")%\\s+\\(" NUM "%u/" NUM "%s\\),"
		     "\\s+remote/(?:sender|receiver)\\s+(?<remote>" NUM ")%\\s+\\(" NUM "%u/" NUM "%s\\)\\s*$",
		     0 },
	[RX_STARTING] = { "iperf3 starting",
			  "^Starting Test:\\s+protocol:\\s+(?<proto>[A-Z]+),\\s+(?<streams>[0-9]+)\\s+streams?", 0 },
	[RX_VERSION] = { "iperf3 version", "^iperf (?<v>3\\.[0-9][^\\s]*)", 0 },
	[RX_ERROR] = { "iperf3 error", "^iperf3: (?<text>(?:error|interrupt) - .*?)\\s*$", 0 },
	[RX_NOTE] = { "iperf3 note",
		      "^(?:snd_tcp_congestion|rcv_tcp_congestion|warning:)\\s*(?<text>.*?)\\s*$|"
		      "datagrams received out-of-order", 0 },
};

/* RX_DATA's groups, by number (tests/unit/test_scan.c checks them against the names). */
enum {
	G_ID = 1, G_ROLE, G_SIDE, G_START, G_END, G_XFER, G_XFERU, G_RATE, G_RATEU, G_JITTER, G_LOST, G_TOTAL,
	G_LOSTPCT, G_N, G_CWND, G_CWNDU, G_TAG, G_OMITTED,
};

/*
 * RX_DATA's plain TCP shape, by hand (see scan.h): "[  5]   0.00-1.00   sec
 * 2.37 GBytes  20.4 Gbits/sec    0   820 KBytes" and the summaries with
 * "sender"/"receiver". Roles (--bidir), UDP's jitter and loss, "inf"/"nan"
 * and anything unexpected are left to the pattern.
 */
int iperf3_scan_data(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *id, *id_end, *a, *a_end, *b, *b_end, *x, *x_end, *xu, *xu_end;
	const char *r, *r_end, *ru, *ru_end, *nn = NULL, *nn_end = NULL, *c = NULL, *c_end = NULL;
	const char *cu = NULL, *cu_end = NULL, *tag = NULL, *tag_end = NULL, *om = NULL, *om_end = NULL;
	PCRE2_SIZE *ov;

	if (!SCAN_LIT(&p, e, "["))
		return 0;
	scan_blanks(&p, e);
	id = p;
	if (!SCAN_LIT(&p, e, "SUM") && !scan_digits(&p, e))
		return 0;
	id_end = p;
	if (!SCAN_LIT(&p, e, "]") || !scan_blanks(&p, e))
		return 0;
	a = p;
	if (!scan_fixed(&p, e))
		return 0;
	a_end = p;
	if (!SCAN_LIT(&p, e, "-"))
		return 0;
	scan_blanks(&p, e);
	b = p;
	if (!scan_fixed(&p, e))
		return 0;
	b_end = p;
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "sec") || !scan_blanks(&p, e))
		return 0;
	x = p;
	if (!scan_number(&p, e))
		return 0;
	x_end = p;
	if (!scan_blanks(&p, e))
		return 0;
	xu = p;
	if (!scan_kmgt(&p, e) || !SCAN_LIT(&p, e, "Bytes"))
		return 0;
	xu_end = p;
	if (!scan_blanks(&p, e))
		return 0;
	r = p;
	if (!scan_number(&p, e))
		return 0;
	r_end = p;
	if (!scan_blanks(&p, e))
		return 0;
	ru = p;
	scan_kmgt(&p, e);
	if (!(p < e && *p == 'b' ? SCAN_LIT(&p, e, "bits") : SCAN_LIT(&p, e, "Bytes")) || !SCAN_LIT(&p, e, "/sec"))
		return 0;
	ru_end = p;
	/* Retr, and Cwnd with its unit: a number after blanks (one followed by "ms" is UDP's jitter) */
	nn = p;
	if (scan_blanks(&nn, e) && nn < e && scan_is_digit(*nn)) {
		const char *q = nn;

		scan_digits(&q, e);
		nn_end = q;
		if (q < e && *q == '.')
			return 0;
		scan_blanks(&q, e);
		if (e - q >= 2 && q[0] == 'm' && q[1] == 's')
			return 0;
		if (q > nn_end && q < e && scan_is_digit(*q)) {
			c = q;
			if (!scan_number(&q, e))
				return 0;
			c_end = q;
			if (!scan_blanks(&q, e))
				return 0;
			cu = q;
			if (!scan_kmgt(&q, e) || !SCAN_LIT(&q, e, "Bytes"))
				return 0;
			cu_end = q;
		} else {
			q = nn_end;
		}
		p = q;
	}
	/* \s*(sender|receiver)?\s*(\(omitted\))?\s*$ */
	scan_blanks(&p, e);
	tag = p;
	if (SCAN_LIT(&p, e, "sender") || SCAN_LIT(&p, e, "receiver")) {
		tag_end = p;
		scan_blanks(&p, e);
	}
	om = p;
	if (SCAN_LIT(&p, e, "(omitted)")) {
		om_end = p;
		scan_blanks(&p, e);
	}
	if (p != e)
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, G_ID, s, id, id_end);
	scan_set(ov, G_START, s, a, a_end);
	scan_set(ov, G_END, s, b, b_end);
	scan_set(ov, G_XFER, s, x, x_end);
	scan_set(ov, G_XFERU, s, xu, xu_end);
	scan_set(ov, G_RATE, s, r, r_end);
	scan_set(ov, G_RATEU, s, ru, ru_end);
	if (nn_end)
		scan_set(ov, G_N, s, nn, nn_end);
	if (c_end) {
		scan_set(ov, G_CWND, s, c, c_end);
		scan_set(ov, G_CWNDU, s, cu, cu_end);
	}
	if (tag_end)
		scan_set(ov, G_TAG, s, tag, tag_end);
	if (om_end)
		scan_set(ov, G_OMITTED, s, om, om_end);
	return 1;
}

/*
 * RX_HEADER by hand: "[ ID] Interval           Transfer     Bitrate
 * Retr  Cwnd"; its cols are what follows the rate's heading, trailing
 * blanks off. A line holding a byte other than printable ASCII, a blank
 * or a tab is the pattern's.
 */
int iperf3_scan_header(const struct rx_thread *t, struct rx *rx, const char *s, size_t n)
{
	const char *e = s + n, *p = s, *cols, *cols_end;
	PCRE2_SIZE *ov;

	if (!SCAN_LIT(&p, e, "[ ID]"))
		return 0;
	SCAN_LIT(&p, e, "[Role]");
	if (!scan_blanks(&p, e) || !SCAN_LIT(&p, e, "Interval") || !scan_blanks(&p, e) ||
	    !SCAN_LIT(&p, e, "Transfer") || !scan_blanks(&p, e) ||
	    !(SCAN_LIT(&p, e, "Bitrate") || SCAN_LIT(&p, e, "Bandwidth")))
		return 0;
	cols = p;
	if (!(cols_end = scan_text_end(cols, e)))
		return 0;
	ov = rx_scan_begin(t, rx, s, n);
	scan_set(ov, 1, s, cols, cols_end);
	return 1;
}

/* "[  5]", "[SUM]", "[ ID]" at the start of the line: the length of the tag, 0 when it is none. */
static size_t bracket_tag(const struct line *l)
{
	const char *s = l->s + l->indent, *e = l->s + l->len, *p = s + 1;

	if (s >= e || *s != '[')
		return 0;
	while (p < e && *p == ' ')
		p++;
	if (e - p >= 4 && !memcmp(p, "SUM]", 4))
		return (size_t)(p + 4 - s);
	if (e - p >= 3 && !memcmp(p, "ID]", 3))
		return (size_t)(p + 3 - s);
	if (p >= e || !char_is_digit(*p))
		return 0;
	while (p < e && char_is_digit(*p))
		p++;
	return p < e && *p == ']' ? (size_t)(p - s + 1) : 0;
}

/* "- - - - -": the separator after the intervals and after each -P interval. */
static int is_separator(const struct line *l)
{
	return line_starts(l, "- - - - - - - -");
}

/* The server's banner rule: a long line of dashes. */
static int is_rule(const struct line *l)
{
	/* dashes alone: "-----|-----" is a table's divider (table.c) */
	return line_starts(l, "--------------------") && !memchr(l->s, '|', l->len);
}

static int is_upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

static int is_lower(char c)
{
	return c >= 'a' && c <= 'z';
}

/*
 * --timestamps' default, strftime("%c ") in the C locale: "Mon Nov 30
 * 00:46:04 2026 ", the shape "Aaa Aaa 09 99:99:99 9999 " (A: upper case,
 * a: lower case, 9: digit, 0: digit or blank, as the day is space-padded).
 * A line that ends right after the year has its blank taken as read.
 */
static size_t ctime_prefix(const char *s, size_t n)
{
	if (n < 24 || !is_upper(s[0]))
		return 0;
	/* four of the shape's fixed blanks and colons first: most lines fail there */
	if (s[3] != ' ' || s[7] != ' ' || s[13] != ':' || s[16] != ':')
		return 0;
	if (!is_lower(s[1]) || !is_lower(s[2]) || !is_upper(s[4]) || !is_lower(s[5]) || !is_lower(s[6]) ||
	    !(char_is_digit(s[8]) || s[8] == ' ') || !char_is_digit(s[9]) || s[10] != ' ' ||
	    !char_is_digit(s[11]) || !char_is_digit(s[12]) || !char_is_digit(s[14]) || !char_is_digit(s[15]) ||
	    !char_is_digit(s[17]) || !char_is_digit(s[18]) || s[19] != ' ' || !char_is_digit(s[20]) ||
	    !char_is_digit(s[21]) || !char_is_digit(s[22]) || !char_is_digit(s[23]) || (n > 24 && s[24] != ' '))
		return 0;
	return n < 25 ? n : 25;
}

/*
 * --timestamps=FMT with a format of digits and separators: "2026-11-30
 * 00:46:09 ", "00:46:09 ", "1764463569 ". Words that begin with a digit,
 * then a blank; at least 8 bytes of them.
 */
static size_t numeric_prefix(const char *s, size_t n)
{
	size_t i = 0, end = 0;

	while (i < n && char_is_digit(s[i])) {
		while (i < n && (char_is_digit(s[i]) || memchr(":./,T+-Z", s[i], 8)))
			i++;
		if (i < n && s[i] != ' ')
			return 0;
		end = i < n ? ++i : i;
	}
	return end >= 8 ? end : 0;
}

/* -T TITLE: "TITLE:  " (two blanks) before the line; the title's length in *tn. */
static size_t title_prefix(const char *s, size_t n, size_t *tn)
{
	size_t lim = n < 64 ? n : 64;
	const char *colon = n > 1 ? memchr(s + 1, ':', lim - 1) : NULL;

	if (!colon) /* most lines have no colon in their first bytes */
		return 0;
	/* from colon to colon (memchr again) */
	for (size_t i = (size_t)(colon - s); i < lim && i + 3 <= n;
	     colon = memchr(s + i + 1, ':', lim - i - 1), i = colon ? (size_t)(colon - s) : lim) {
		if (s[i + 1] == ' ' && s[i + 2] == ' ') {
			if (s[0] == ' ' || s[0] == '\t')
				return 0;
			*tn = i;
			return i + 3;
		}
	}
	return 0;
}

/*
 * `l` without the prefix --timestamps and -T put before every line, in
 * *out: the same text, shifted (out->cut counts the prefix, so offsets
 * still map to the source). Returns 1 when there was a prefix; its title
 * (-T) in *title (NULL when none). Returns 0, *out and *title untouched,
 * when there was none.
 */
static int strip_found(const struct line *l, struct line *out, const char **title, size_t *title_len)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent, ts, tt, tn = 0;

	ts = ctime_prefix(s, n);
	if (!ts)
		ts = numeric_prefix(s, n);
	tt = title_prefix(s + ts, n - ts, &tn);
	if (!ts && !tt)
		return 0;
	*out = *l;
	*title = NULL;
	if (tt) {
		*title = s + ts;
		*title_len = tn;
	}
	out->s = s + ts + tt;
	out->len = (uint32_t)(n - ts - tt);
	out->cut += (uint32_t)(l->indent + ts + tt);
	for (out->indent = 0; out->indent < out->len && (out->s[out->indent] == ' ' || out->s[out->indent] == '\t');)
		out->indent++;
	return 1;
}

/*
 * strip_found(), asked only of a line that may have a prefix: a date
 * begins with an upper-case letter, a numeric stamp with a digit, and
 * otherwise only a title is left, whose colon title_prefix() looks for
 * first. The claim and the parse ask every line of a block; most are
 * told by their first byte and that memchr, inline, without the call.
 */
static inline int strip_prefix(const struct line *l, struct line *out, const char **title, size_t *title_len)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (n < 2 || (!is_upper(s[0]) && !char_is_digit(s[0]) && !memchr(s + 1, ':', (n < 64 ? n : 64) - 1)))
		return 0;
	return strip_found(l, out, title, title_len);
}

struct claim_state {
	int after_version; /* -V: the system line follows "iperf 3.x" */
	int has_test;      /* a "Connecting to host" or "Accepted connection" line was seen */
	char title[32];    /* -T: the block's title, so that "TITLE:  " alone is its empty line */
	size_t title_len;
};

/* Remember the block's -T title; 1 when `t` is it. */
static int same_title(struct claim_state *st, const char *t, size_t n, int remember)
{
	if (remember && n <= sizeof(st->title)) {
		memcpy(st->title, t, n);
		st->title_len = n;
	}
	return n == st->title_len && !memcmp(st->title, t, n);
}

/*
 * A data line whose stream tag is garbled ("[  O]   0.00-1.00   sec ..."):
 * a short bracketed word at the margin, then " sec " as every data line
 * has. Inside a test it is the test's line, reported; a footnote is not.
 */
static int garbled_tag(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len, *close;

	if (s >= end || *s != '[' || !(close = memchr(s, ']', (size_t)(end - s) < 8 ? (size_t)(end - s) : 8)))
		return 0;
	for (const char *p = s + 1; p < close; p++)
		if (*p == '\t' || (*p == ' ' && p[-1] != '[' && p[-1] != ' '))
			return 0;
	return text_contains(close, (size_t)(end - close), " sec ");
}

/* What a line of iperf3 output is (its --timestamps or -T prefix stripped), by its fixed words. */
enum kind {
	K_NONE,
	K_CONNECTING, /* "Connecting to host H, port P": a client's test begins */
	K_ACCEPTED,   /* "Accepted connection from H, port P": a server's test begins */
	K_LISTENING,  /* "Server listening on 5201" */
	K_RULE,       /* the server's banner rule "-----------..." */
	K_SEPARATOR,  /* "- - - - - - -": the intervals end */
	K_COMPLETE,   /* "Test Complete." (3.0: "Test Complete. Summary Results:") */
	K_DONE,       /* "iperf Done." */
	K_ERROR,      /* "iperf3: error - ..." */
	K_VERSION,    /* "iperf 3.9 (cJSON 1.7.13)" (-V) */
	K_HEADER,     /* "[ ID] Interval  Transfer  Bitrate ..." */
	/*
	 * Any other "[  5]", "[SUM]" line: an interval or a summary, garbled
	 * or not, or a stream's connection ("[  5] local ..."), "Sent N
	 * datagrams" or note, which the parse tells apart by their phrases.
	 */
	K_TAGGED,
	K_CPU,        /* "CPU Utilization: local/sender 5.1% (...), remote/receiver ..." */
	K_ELISION,    /* an author's "..." where stream lines were left out */
	K_INFO,       /* the other lines iperf3 prints in a test ("Reverse mode", "Cookie:", ...) */
	K__COUNT
};

static const char *const kinds[] = { "none", "connecting", "accepted", "listening", "rule", "separator",
				     "complete", "done", "error", "version", "header", "tagged", "cpu",
				     "elision", "info" };

static const char *const info_prefixes[] = {
	"Reverse mode", "Cookie:", "TCP MSS:", "Target Bitrate:", "Starting Test:",
	"snd_tcp_congestion", "rcv_tcp_congestion", "Server output:", "Time:", "Control connection MSS",
	"Setting UDP block size", "iperf3: ", "warning:",
};

/*
 * The one classifier the claim and the parse share, on a line whose
 * --timestamps or -T prefix is stripped: the lines around the data by
 * their words, a data line by its "[  5]" or "[SUM]" tag.
 */
static enum kind classify(const struct line *l)
{
	/*
	 * Every kind's fixed words begin with one of these bytes (a tag's '[',
	 * the rules' '-', the words' first letters, an elision's '.' or
	 * U+2026): most lines of other outputs are told at their first byte.
	 */
	switch (l->indent < l->len ? l->s[l->indent] : 0) {
	case '[': case '-': case 'T': case 'C': case 'A': case 'S': case 'i': case '.': case '\xe2':
	case 'R': case 's': case 'r': case 'w':
		break;
	default:
		return K_NONE;
	}
	if (bracket_tag(l))
		return line_starts(l, "[ ID]") ? K_HEADER : K_TAGGED;
	if (garbled_tag(l))
		return K_TAGGED; /* reported by the parse, never an end of the test */
	if (is_separator(l))
		return K_SEPARATOR;
	if (line_starts(l, "Test Complete."))
		return K_COMPLETE;
	if (line_starts(l, "Connecting to host "))
		return K_CONNECTING;
	if (line_starts(l, "Accepted connection from "))
		return K_ACCEPTED;
	if (line_starts(l, "Server listening on "))
		return K_LISTENING;
	if (is_rule(l))
		return K_RULE;
	if (line_starts(l, "iperf3: error - "))
		return K_ERROR;
	if (line_starts(l, "iperf 3") && !line_starts(l, "iperf 3 "))
		return K_VERSION;
	if (line_starts(l, "iperf Done."))
		return K_DONE;
	if (line_starts(l, "CPU Utilization:"))
		return K_CPU;
	if (line_starts(l, "...") || line_starts(l, "\xe2\x80\xa6"))
		return K_ELISION;
	for (size_t i = 0; i < countof(info_prefixes); i++)
		if (line_starts(l, info_prefixes[i]))
			return K_INFO;
	return K_NONE;
}

/* The classifier on a line as the segmenter hands it, its prefix still on. */
static enum kind classify_line(const struct line *l)
{
	struct line bare;
	const char *title;
	size_t tn;

	return classify(strip_prefix(l, &bare, &title, &tn) ? &bare : l);
}
PARSER_CLASSIFIER(classify_line, kinds, K__COUNT);

static enum claim claim_bare(const struct line *l, int in_block, struct claim_state *st)
{
	enum kind k = claim_said(st, classify(l));
	int after_version = st->after_version;

	st->after_version = 0;
	switch (k) {
	case K_COMPLETE:
		/* pastes often start at the summary: its "- - -" separator, 3.0's "Test Complete." */
		if (line_starts(l, "Test Complete. Summary Results:"))
			return in_block ? CLAIM_BODY : CLAIM_START;
		return in_block ? CLAIM_BODY : CLAIM_NONE;
	case K_SEPARATOR:
		return in_block ? CLAIM_BODY : CLAIM_START;
	case K_CONNECTING: {
		/* one block per client test; -V's preamble above it belongs to it */
		enum claim c = in_block && !st->has_test ? CLAIM_BODY : CLAIM_START;

		st->has_test = 1;
		return c;
	}
	case K_HEADER:
	case K_TAGGED: {
		size_t tag, n;
		const char *rest;

		if (in_block)
			return CLAIM_BODY; /* every "[..]" line, so that a garbled one is reported */
		tag = bracket_tag(l);
		rest = l->s + l->indent + tag;
		n = l->len - l->indent - tag;
		if (!tag)
			return CLAIM_NONE; /* a garbled tag starts nothing ("[x] took 5 sec" is prose) */
		/* a data, header or connection line; "[1] a footnote" is prose */
		return text_contains(rest, n, " sec ") || text_contains(rest, n, "Interval") ||
				       text_contains(rest, n, " local ")
			       ? CLAIM_START
			       : CLAIM_NONE;
	}
	case K_LISTENING:
	case K_ACCEPTED:
	case K_RULE:
	case K_ERROR:
	case K_VERSION:
		st->after_version = k == K_VERSION;
		st->has_test |= k == K_ACCEPTED;
		return in_block ? CLAIM_BODY : CLAIM_START;
	default:
		break;
	}
	if (!in_block)
		return CLAIM_NONE;
	/* -V: the system line follows the version; an author's "...": the test goes on */
	if (after_version || k == K_ELISION || k == K_INFO || k == K_CPU || k == K_DONE)
		return CLAIM_BODY;
	return CLAIM_NONE;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	struct line bare;
	const char *title = NULL;
	size_t tn = 0;
	enum claim c;

	if (strip_prefix(l, &bare, &title, &tn)) {
		if (bare.indent == bare.len) {
			/*
			 * --timestamps and -T prefix empty lines too; but "Release:  "
			 * (a Markdown line break) is a label, not this block's title
			 */
			int stamped = !title || title > l->s + l->indent;

			return in_block && (stamped || same_title(st, title, tn, 0)) ? CLAIM_BODY : CLAIM_NONE;
		}
		l = &bare;
	}
	c = claim_bare(l, in_block, st);
	if (c != CLAIM_NONE && title)
		same_title(st, title, tn, 1);
	return c;
}

/* The direction of a data line: 0 client → server (or no roles), 1 server → client (--bidir). */
static int direction_of(const struct rx_thread *rx, const struct rx *p)
{
	const char *role, *side;
	size_t rn, sn;

	if (!rx_group(rx, p, G_ROLE, &role, &rn) || !rx_group(rx, p, G_SIDE, &side, &sn))
		return 0;
	/* TX-S (the server transmits) and RX-C (the client receives) are server to client */
	return (role[0] == 'T') == (side[0] == 'S');
}

/* A printed field of a data line: a span of its text, converted only if the line is read. */
struct field {
	const char *s;
	size_t n;
};

/* One data line kept until the test ends, when the lines to read are chosen. */
struct data_line {
	const struct line *l;
	int dir;      /* direction_of() */
	int sum;      /* a [SUM] line */
	int role;     /* summary lines: 0 sender, 1 receiver; -1 for an interval */
	int omitted;
	char id[8];
	struct field start, end, rate, rate_unit; /* intervals: the series point */
	/* summaries: the other fields, as the line's one match found them (len 0: absent) */
	struct field xfer, xfer_unit, n, jitter, lostpct;
};

enum side { SIDE_UNKNOWN, SIDE_CLIENT, SIDE_SERVER };

/* What one test has gathered so far. */
struct test {
	struct sink_txn txn; /* the test's run */
	uint32_t run;        /* its index */
	enum side side;
	int udp, reverse, bidir, streams, connections;
	int in_server_output; /* --get-server-output: the server's copy of the numbers, not read */
	int failed;
	struct data_line *lines;
	size_t nlines, lines_cap;
	size_t nsummary;
	int summary;      /* in the summary (3.0 - 3.1 print its UDP lines without a role) */
	const char *title; /* -T, as printed before its lines; NULL when none */
	size_t title_len;
};

#define FEW_DATA_LINES 16 /* a test's data lines kept on the stack (a 10 s test has 12) */

struct parse {
	struct sink *s;
	struct test t;
	struct data_line *few; /* FEW_DATA_LINES of them: t.lines while they suffice */
	int after_rule; /* the last line was a "- - -" separator: a header after it opens the summary */
	uint32_t first_run;
};

static const char *const quantities[2][2][5] = {
	{ { "sender.transfer", "sender.bitrate", "sender.retransmits", "sender.jitter", "sender.lost_percent" },
	  { "receiver.transfer", "receiver.bitrate", "receiver.retransmits", "receiver.jitter",
	    "receiver.lost_percent" } },
	{ { "reverse.sender.transfer", "reverse.sender.bitrate", "reverse.sender.retransmits",
	    "reverse.sender.jitter", "reverse.sender.lost_percent" },
	  { "reverse.receiver.transfer", "reverse.receiver.bitrate", "reverse.receiver.retransmits",
	    "reverse.receiver.jitter", "reverse.receiver.lost_percent" } },
};

const char *iperf3_quantity(int reverse, int receiver, enum iperf3_quantity q)
{
	return quantities[!!reverse][!!receiver][q];
}

const char *iperf3_scenario(struct sink *s, const struct iperf3_shape *t)
{
	struct buf b = BUF_INIT;
	const char *name;

	/* one per test: pieces, not printf */
	buf_adds(&b, t->udp ? "udp" : "tcp");
	if (t->streams > 1)
		buf_addf(&b, " -P %d", t->streams);
	if (t->reverse)
		buf_adds(&b, " -R");
	if (t->bidir)
		buf_adds(&b, " --bidir");
	if (t->server)
		buf_adds(&b, " (server side)");
	name = sink_strndup(s, b.s, b.len);
	buf_release(&b);
	return name;
}

/* Byte rates (-f K/M/G) as bit/s, so that every log's bitrate compares. */
static void as_bits(double *v, enum unit *u)
{
	if (*u == UNIT_BYTE_PER_S) {
		*v *= 8; /* exact: a power of two */
		*u = UNIT_BIT_PER_S;
	}
}

/*
 * A transfer or bitrate with its unit: bytes stay bytes, byte rates
 * (-f K/M/G) become bit/s so that every log's bitrate compares. -1 for
 * "inf"/"nan" (a zero-length interval) or an unknown unit.
 */
static int rate_or_size(const struct field *num, const struct field *unit, double *out, enum unit *u)
{
	if (!num->s || !unit->s || unit_value(num->s, num->n, unit->s, unit->n, u, out) < 0)
		return -1;
	as_bits(out, u);
	return 0;
}

/* Group g of the last match as a field (s NULL when it did not take part). */
static void take(const struct rx_thread *rx, const struct rx *p, unsigned g, struct field *f)
{
	if (!rx_group(rx, p, g, &f->s, &f->n))
		f->s = NULL, f->n = 0;
}

static void measure(struct parse *ps, const struct data_line *d, enum iperf3_quantity q,
		    const char *at, size_t at_n, double v, enum unit u)
{
	sink_measure(ps->s, ps->t.run, iperf3_quantity(d->dir, d->role, q), STAT_VALUE, u, v, 0,
		     d->l, at, at_n);
}

/* "nan", "-nan", "inf": iperf3 printed no value there (nothing was sent, no time passed). */
static int no_value(const struct field *f)
{
	return f->s && ((f->n == 3 && (!memcmp(f->s, "nan", 3) || !memcmp(f->s, "inf", 3))) ||
			(f->n == 4 && !memcmp(f->s, "-nan", 4)));
}

/*
 * The measurements of one summary line, from the fields on_data() kept:
 * every figure it prints reads (or is one of iperf3's "nan"), or none is
 * kept and the line is named.
 */
static void summary_line(struct parse *ps, const struct data_line *d)
{
	enum unit xu = UNIT_BYTE, ru = UNIT_BIT_PER_S, ju = UNIT_SECOND;
	double xv = 0, rv = 0, nv = 0, jv = 0, lv = 0;
	const struct field *n = d->role == 0 && d->n.s ? &d->n : NULL;
	/* the UDP sender's line always reads "0.000 ms 0/N (0%)": only the receiver measured */
	const struct field *j = d->role == 1 && d->jitter.s ? &d->jitter : NULL;
	const struct field *lp = d->role == 1 && d->lostpct.s ? &d->lostpct : NULL;
	int xnan = no_value(&d->xfer), rnan = no_value(&d->rate), lnan = lp && no_value(lp);

	if ((!xnan && rate_or_size(&d->xfer, &d->xfer_unit, &xv, &xu) < 0) ||
	    (!rnan && rate_or_size(&d->rate, &d->rate_unit, &rv, &ru) < 0) || (n && num_parse(n->s, n->n, &nv) < 0) ||
	    (j && unit_value(j->s, j->n, "ms", 2, &ju, &jv) < 0) || (lp && !lnan && num_parse(lp->s, lp->n, &lv) < 0)) {
		sink_damage(ps->s, ps->t.run, d->l, "garbled iperf3 line");
		return;
	}
	if (!xnan)
		measure(ps, d, IPERF3_TRANSFER, d->xfer.s, d->xfer.n, xv, xu);
	if (!rnan)
		measure(ps, d, IPERF3_BITRATE, d->rate.s, d->rate.n, rv, ru);
	/* in a summary a bare integer is always Retr (UDP summaries carry jitter instead) */
	if (n)
		measure(ps, d, IPERF3_RETRANSMITS, n->s, n->n, nv, UNIT_COUNT);
	if (j)
		measure(ps, d, IPERF3_JITTER, j->s, j->n, jv, ju);
	if (lp && !lnan)
		measure(ps, d, IPERF3_LOST_PERCENT, lp->s, lp->n, lv, UNIT_PERCENT);
}

/*
 * Which lines stand for the whole test, per direction and kind (interval
 * or summary): its [SUM] lines when there are several streams, else the
 * one stream's lines.
 */
struct choice {
	int has_sum[2][2];
	const char *first_id[2][2];
};

static void choose(const struct test *t, struct choice *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < t->nlines; i++) {
		const struct data_line *d = &t->lines[i];
		int kind = d->role >= 0;

		if (d->sum)
			c->has_sum[d->dir][kind] = 1;
		else if (!c->first_id[d->dir][kind])
			c->first_id[d->dir][kind] = d->id;
	}
}

static int chosen(const struct choice *c, const struct data_line *d)
{
	int kind = d->role >= 0;

	if (c->has_sum[d->dir][kind])
		return d->sum;
	return !d->sum && !strcmp(c->first_id[d->dir][kind], d->id);
}

static void series_point(struct parse *ps, const struct data_line *d, uint32_t index)
{
	double x0, x1, v;
	enum unit u;

	if (num_parse(d->start.s, d->start.n, &x0) < 0 || num_parse(d->end.s, d->end.n, &x1) < 0 ||
	    unit_value(d->rate.s, d->rate.n, d->rate_unit.s, d->rate_unit.n, &u, &v) < 0)
		return; /* "inf" or "nan": a zero-length interval */
	as_bits(&v, &u);
	sink_series(ps->s, ps->t.run, d->dir ? "reverse.bitrate" : "bitrate", index, x0, x1, v, u);
}

static const char *scenario_of(struct parse *ps)
{
	const struct test *t = &ps->t;
	struct iperf3_shape shape = {
		.udp = t->udp,
		.streams = t->streams ? t->streams : t->connections / (t->bidir ? 2 : 1),
		.reverse = t->reverse,
		.bidir = t->bidir,
		.server = t->side == SIDE_SERVER,
	};

	return iperf3_scenario(ps->s, &shape);
}

/* Close the current test: read its chosen lines, or drop it when it has no summary. */
static void finish(struct parse *ps, const struct line *last)
{
	struct test *t = &ps->t;
	struct recset *rs = ps->s->rs;
	uint32_t index[2] = { 0, 0 };
	int has_receiver = 0;
	struct choice c;

	if (!t->txn.open)
		return;
	choose(t, &c);
	for (size_t i = 0; i < t->nlines; i++) {
		const struct data_line *d = &t->lines[i];

		if (!chosen(&c, d))
			continue;
		if (d->role < 0) {
			if (!d->omitted)
				series_point(ps, d, index[d->dir]++);
		} else {
			summary_line(ps, d);
			has_receiver |= d->role == 1;
		}
	}
	if (t->lines != ps->few)
		free(t->lines);
	t->lines = NULL;
	/* a failed test said why; a garbled line of it was named, and still no summary */
	if (!sink_txn_nmeas(ps->s, &t->txn) && !t->failed)
		sink_warn(ps->s, last, "iperf3 test has no summary lines (cut off?); skipped");
	if (!sink_txn_finish(ps->s, &t->txn, last, NULL))
		return;
	rs->runs[t->run].scenario = scenario_of(ps);
	if (t->title)
		sink_note(ps->s, t->run, NOTE_INFO, NULL, "title: %.*s", (int)t->title_len, t->title);
	if (t->side == SIDE_CLIENT && !has_receiver) {
		struct line at = *last;

		at.no = rs->runs[t->run].last_line;
		sink_warn(ps->s, &at, "iperf3 client test has no receiver summary line (cut off?)");
		sink_note(ps->s, t->run, NOTE_DAMAGE, NULL, "receiver summary line missing");
		rs->runs[t->run].flags |= RUN_INCOMPLETE;
	}
}

static void begin(struct parse *ps, const struct line *l, enum side side)
{
	finish(ps, l);
	memset(&ps->t, 0, sizeof(ps->t));
	ps->t.run = sink_txn_begin(ps->s, &ps->t.txn, l);
	ps->t.side = side;
}

/* Does this summary line repeat a stream and role the open test already has? */
static int repeats(const struct test *t, const struct data_line *d)
{
	for (size_t i = 0; i < t->nlines; i++) {
		const struct data_line *o = &t->lines[i];

		if (o->role == d->role && o->dir == d->dir && !strcmp(o->id, d->id))
			return 1;
	}
	return 0;
}

/*
 * iperf3 3.0 - 3.1 servers print the role they did not play as
 * "0.00 Bytes  0.00 bits/sec ... sender": a placeholder, not a measurement.
 */
static int is_placeholder(const struct rx_thread *rx, const struct rx *p)
{
	const char *x, *r;
	size_t xn, rn;

	return rx_group(rx, p, G_XFER, &x, &xn) && rx_group(rx, p, G_RATE, &r, &rn) && xn == 4 &&
	       !memcmp(x, "0.00", 4) && rn == 4 && !memcmp(r, "0.00", 4);
}

/*
 * The lost share is matched loosely, for iperf3 prints "nan" or "-nan" when
 * nothing was sent: anything else that is not a number is a garbled line.
 */
static int lost_share_reads(const struct rx_thread *rx, const struct rx *p)
{
	const char *s;
	size_t n;
	double v;

	if (!rx_group(rx, p, G_LOSTPCT, &s, &n))
		return 1;
	return num_parse(s, n, &v) == 0 || (n == 3 && !memcmp(s, "nan", 3)) ||
	       (n == 4 && !memcmp(s, "-nan", 4));
}

/*
 * A data line: `scanned` when iperf3_scan_data() read it already (its
 * groups are set), else the pattern is asked.
 */
static void on_data(struct parse *ps, const struct line *l, int scanned)
{
	struct rx *p = &patterns[RX_DATA];
	struct data_line d;
	const char *s;
	size_t n;

	/* every figure of the line reads, or none is used */
	if (!(scanned || rx_match(ps->s->rx, p, l->s, l->len)) || !lost_share_reads(ps->s->rx, p)) {
		if (!ps->t.txn.open)
			begin(ps, l, SIDE_UNKNOWN);
		sink_damage(ps->s, ps->t.run, l, "garbled iperf3 line");
		return;
	}
	memset(&d, 0, sizeof(d));
	if (!rx_group(ps->s->rx, p, G_ID, &s, &n) || !rx_group(ps->s->rx, p, G_START, &d.start.s, &d.start.n) ||
	    !rx_group(ps->s->rx, p, G_END, &d.end.s, &d.end.n) || !rx_group(ps->s->rx, p, G_RATE, &d.rate.s, &d.rate.n) ||
	    !rx_group(ps->s->rx, p, G_RATEU, &d.rate_unit.s, &d.rate_unit.n)) {
		if (!ps->t.txn.open)
			begin(ps, l, SIDE_UNKNOWN);
		sink_damage(ps->s, ps->t.run, l, "garbled iperf3 line");
		return;
	}
	d.l = l;
	d.dir = direction_of(ps->s->rx, p);
	d.sum = s[0] == 'S';
	memcpy(d.id, s, n < sizeof(d.id) ? n : sizeof(d.id) - 1);
	d.role = rx_group(ps->s->rx, p, G_TAG, &s, &n) ? s[0] == 'r' : -1;
	d.omitted = rx_group(ps->s->rx, p, G_OMITTED, &s, &n);
	if (rx_group(ps->s->rx, p, G_JITTER, &s, &n)) {
		ps->t.udp = 1;
		/* iperf3 3.0 - 3.1: the UDP summary's line has no role; it is the receiver's */
		if (d.role < 0 && ps->t.txn.open && ps->t.summary)
			d.role = 1;
	}
	if (d.role >= 0) { /* a summary: its fields are read when the test ends */
		take(ps->s->rx, p, G_XFER, &d.xfer);
		take(ps->s->rx, p, G_XFERU, &d.xfer_unit);
		take(ps->s->rx, p, G_N, &d.n);
		take(ps->s->rx, p, G_JITTER, &d.jitter);
		take(ps->s->rx, p, G_LOSTPCT, &d.lostpct);
	}
	if (d.role == 0 && ps->t.txn.open && ps->t.side == SIDE_SERVER && is_placeholder(ps->s->rx, p))
		return;
	/* a new test pasted right after the previous one's summary, without its header */
	if (!ps->t.txn.open || (ps->t.nsummary && (d.role < 0 || repeats(&ps->t, &d))))
		begin(ps, l, SIDE_UNKNOWN);
	if (d.role >= 0)
		ps->t.nsummary++;
	if (d.role == 0 && d.dir == 0 && ps->t.side == SIDE_SERVER)
		ps->t.reverse = 1; /* the server sent: the client ran -R */
	ALLOC_GROW_FEW(ps->t.lines, ps->t.nlines + 1, ps->t.lines_cap, ps->few, FEW_DATA_LINES);
	ps->t.lines[ps->t.nlines++] = d;
	sink_run_end(ps->s, ps->t.run, l);
}

/*
 * text_contains(s, n, w), where `b` is a byte of `w` that the usual lines
 * lack: a memchr (vector code) for it answers most of them without the
 * search's setup.
 */
static int holds(const char *s, size_t n, char b, const char *w)
{
	return memchr(s, b, n) && text_contains(s, n, w);
}

static void on_header(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_HEADER];
	const char *cols;
	size_t n;

	if (!iperf3_scan_header(ps->s->rx, p, l->s, l->len) && !rx_match(ps->s->rx, p, l->s, l->len)) {
		if (ps->t.txn.open)
			sink_damage(ps->s, ps->t.run, l, "garbled iperf3 header line");
		return;
	}
	/* a header after a summary: the next test of a paste of bare summaries */
	if (!ps->t.txn.open || ps->t.nsummary)
		begin(ps, l, SIDE_UNKNOWN);
	/* the header iperf3 prints again after the last "- - -" opens the summary */
	ps->t.summary |= ps->after_rule;
	rx_optional(ps->s->rx, p, "cols", &cols, &n);
	if (cols && (holds(cols, n, 'J', "Jitter") || holds(cols, n, 'D', "Datagrams")))
		ps->t.udp = 1;
	if (holds(l->s, l->len, 'o', "[Role]"))
		ps->t.bidir = 1;
	sink_run_end(ps->s, ps->t.run, l);
}

static void on_cpu(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_CPU];
	const char *s, *r;
	size_t n, rn;
	double v, rv;

	if (!ps->t.txn.open)
		return;
	if (!rx_match(ps->s->rx, p, l->s, l->len)) {
		sink_damage(ps->s, ps->t.run, l, "garbled iperf3 CPU line");
		return;
	}
	/* both shares read, or neither is kept */
	if (!rx_named(ps->s->rx, p, "local", &s, &n) || num_parse(s, n, &v) < 0 || !rx_named(ps->s->rx, p, "remote", &r, &rn) ||
	    num_parse(r, rn, &rv) < 0) {
		sink_damage(ps->s, ps->t.run, l, "garbled iperf3 CPU line");
		return;
	}
	sink_measure(ps->s, ps->t.run, "cpu.local", STAT_VALUE, UNIT_PERCENT, v, 0, l, s, n);
	/* the server prints the client's share as 0.0%: it has not arrived yet */
	if (ps->t.side != SIDE_SERVER)
		sink_measure(ps->s, ps->t.run, "cpu.remote", STAT_VALUE, UNIT_PERCENT, rv, 0, l, r, rn);
}

/*
 * Does the line's text (indentation included) start with `w`? The patterns
 * anchored on a word match no other line: asked before them, it spares
 * most lines their match.
 */
static int starts_bare(const struct line *l, const char *w)
{
	size_t n = strlen(w);

	return l->len >= n && !memcmp(l->s, w, n);
}

/* The phrases that tell a bracketed line that is no data line, found by phrases(). */
enum {
	PH_TAGGED = 1, /* always set: the line has a "[..]" tag */
	PH_SENT = 2,        /* " Sent " */
	PH_DATAGRAMS = 4,   /* " datagrams" */
	PH_LOCAL = 8,       /* " local " */
	PH_NO_STATS = 16,   /* "statistics not available" */
	PH_OUT_OF_ORDER = 32, /* "out-of-order" */
};

/*
 * Lines outside the data: connections, -V details, errors, notes. `ph`:
 * the phrases() of a tagged line, 0 for any other.
 */
static void on_other(struct parse *ps, const struct line *l, const struct line *prev, unsigned ph)
{
	struct sink *s = ps->s;
	struct rx *p;
	const char *v;
	size_t n;

	if (starts_bare(l, "iperf ") && rx_match(ps->s->rx, p = &patterns[RX_VERSION], l->s, l->len)) {
		if (rx_named(ps->s->rx, p, "v", &v, &n))
			sink_fact(s, l, "iperf3", sink_strndup(s, v, n));
		return;
	}
	if (prev && starts_bare(prev, "iperf ") && rx_match(ps->s->rx, &patterns[RX_VERSION], prev->s, prev->len)) {
		/* -V: the system line after the version */
		sink_fact(s, l, "system", sink_strndup(s, l->s + l->indent, l->len - l->indent));
		return;
	}
	if (starts_bare(l, "iperf3: ") && rx_match(ps->s->rx, p = &patterns[RX_ERROR], l->s, l->len)) {
		/* said even when no test started: "unable to connect" is all a log may hold */
		if (!rx_named(ps->s->rx, p, "text", &v, &n))
			v = "error", n = 5;
		sink_warn(s, l, "iperf3 %.*s", (int)n, v);
		if (ps->t.txn.open) {
			sink_note(s, ps->t.run, NOTE_ERROR, l, "%.*s", (int)n, v);
			s->rs->runs[ps->t.run].flags |= RUN_FAILED;
			ps->t.failed = 1;
		}
		return;
	}
	if (!ps->t.txn.open)
		return;
	/* a line with a "[  5]" tag is K_TAGGED (the "[ ID]" header is on_header()'s): its phrases are known */
	if ((ph & PH_LOCAL) && bracket_tag(l)) {
		ps->t.connections++;
	} else if (line_starts(l, "Reverse mode")) {
		ps->t.reverse = 1;
	} else if (starts_bare(l, "Starting Test:") && rx_match(ps->s->rx, p = &patterns[RX_STARTING], l->s, l->len)) {
		double streams;

		ps->t.udp = rx_named(ps->s->rx, p, "proto", &v, &n) && n == 3 && !memcmp(v, "UDP", 3);
		if (rx_named(ps->s->rx, p, "streams", &v, &n) && num_parse(v, n, &streams) == 0)
			ps->t.streams = (int)streams;
	} else if (rx_match(ps->s->rx, p = &patterns[RX_NOTE], l->s, l->len)) {
		sink_note(s, ps->t.run, NOTE_INFO, l, "%.*s", (int)(l->len - l->indent), l->s + l->indent);
	} else if (line_starts(l, "Server output:")) {
		ps->t.in_server_output = 1;
		sink_note(s, ps->t.run, NOTE_INFO, l, "the server's output follows (not read: the same test)");
	}
}

/*
 * Which of the phrases the line holds. Each is looked for by a byte of it
 * that a data line seldom has ('S', 'g', 'l', 'v', 'f'), which holds()
 * finds absent at once: a connection line ("[  5] local ...") costs one
 * search, where a walk of its every byte cost several.
 */
static unsigned phrases(const struct line *l)
{
	const char *s = l->s;
	size_t n = l->len;
	unsigned found = PH_TAGGED;

	if (holds(s, n, 'S', " Sent "))
		found |= PH_SENT;
	if (holds(s, n, 'g', " datagrams"))
		found |= PH_DATAGRAMS;
	if (holds(s, n, 'l', " local "))
		found |= PH_LOCAL;
	if (holds(s, n, 'v', "statistics not available"))
		found |= PH_NO_STATS;
	if (holds(s, n, 'f', "out-of-order"))
		found |= PH_OUT_OF_ORDER;
	return found;
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	const struct line *prev = NULL, *last = NULL;
	/* the lines that had a prefix, without it */
	struct line *bare = xmalloc(b->n * sizeof(*bare));
	struct data_line few[FEW_DATA_LINES];

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.few = few;
	ps.first_run = (uint32_t)s->rs->nruns;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *title;
		size_t tn;
		enum kind k;
		unsigned ph = 0;

		if (strip_prefix(l, &bare[i], &title, &tn)) {
			l = &bare[i];
			if (title && ps.t.txn.open && !ps.t.title) {
				ps.t.title = title;
				ps.t.title_len = tn;
			}
		}
		last = l;
		if (l->indent == l->len)
			continue;
		k = LINE_KIND(l, classify);
		if (k == K_CONNECTING) {
			begin(&ps, l, SIDE_CLIENT);
		} else if (k == K_DONE) {
			if (ps.t.txn.open)
				sink_run_end(s, ps.t.run, l);
			finish(&ps, l);
		} else if (ps.t.txn.open && ps.t.in_server_output) {
			/* the server's lines repeat the client's test */
		} else if (k == K_ACCEPTED) {
			begin(&ps, l, SIDE_SERVER);
		} else if (k == K_COMPLETE) {
			/* iperf3 3.0: "Test Complete. Summary Results:" above the summary */
			if (!ps.t.txn.open || ps.t.nsummary)
				begin(&ps, l, SIDE_UNKNOWN);
			ps.t.summary = 1;
		} else if (k == K_SEPARATOR) {
			ps.after_rule = 1;
			prev = l;
			continue;
		} else if (k == K_TAGGED && iperf3_scan_data(s->rx, &patterns[RX_DATA], l->s, l->len)) {
			/*
			 * The plain interval or summary, most tagged lines, read before
			 * phrases() is asked: a line the scanner reads holds figures,
			 * units, "sender", "receiver" and "(omitted)", never one of its
			 * phrases, so it would have come to on_data() all the same.
			 */
			on_data(&ps, l, 1);
		} else if (k == K_TAGGED && (ph = phrases(l), (ph & PH_SENT) && (ph & PH_DATAGRAMS))) {
			/* "[  4] Sent 159 datagrams": what the summary's Total says */
		} else if (k == K_HEADER) {
			on_header(&ps, l);
		} else if (k == K_TAGGED && !(ph & (PH_LOCAL | PH_NO_STATS | PH_OUT_OF_ORDER))) {
			/* an interval or a summary; not a connection line or a stream's note */
			on_data(&ps, l, 0);
		} else if (k == K_CPU) {
			on_cpu(&ps, l);
		} else {
			on_other(&ps, l, prev, ph);
		}
		ps.after_rule = 0;
		prev = l;
	}
	finish(&ps, last);
	free(bare);
	return (int)(s->rs->nruns - ps.first_run);
}

const struct parser iperf3_parser = {
	.fmt = FMT_IPERF3,
	/* with -T, a line begins with its title: any letter or digit */
	.starts = "C[-SAiBDEFGHIJKLMNOPQRTUVWXYZabcdefghjklmnopqrstuvwxyz0123456789",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_line_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
