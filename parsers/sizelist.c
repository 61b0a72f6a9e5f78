/*
 * sizelist.c - binary sizes an author wrote by hand, one build per line,
 * under a sentence about size ("Binary sizes, without stripping:" then
 * "• Release: 1.3 Mib"; "strip-only = 5.1 MiB"; "* 8.5 MiB (strip only)";
 * an `ls -l` line whose "# comment" names the build) → one run per line,
 * named by its build (origin label), with one file_size measurement in
 * bytes (the first of "N bytes / M MiB", an ls line's exact count) and a
 * note that says the figure was written by hand. "Mib", "Kib", "Gib" are
 * read as MiB, KiB, GiB (what the author meant of a file's size), and
 * noted so. A list under any other sentence is not read: the sizes must
 * be said to be sizes; sizes inside sentences and a machine's memory
 * never are.
 */
#include "parsers/cmdsplit.h"
#include "parsers/label.h"
#include "parsers/parser.h"
#include "parsers/sizefile.h"
#include "parsers/units.h"
#include "util/text.h"

#define SIZE_NUM "[0-9]+(?:\\.[0-9]+)?"
#define SIZE_UNIT "[KMGT]i[Bb]|[kKMGT]B|bytes|B"
#define BULLET "(?:[-*+]|\\x{2022})"
/* an `ls -l` size: bytes (grouped by exa), or -h's with its letter (group HU) */
#define LS_SIZE(HU) "[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:[.,][0-9]+)?(?<" HU ">[KMGTPEk])?"

enum {
	RX_ITEM,
	RX_PAIR,
	RX_VALUE_FIRST,
	RX_LS,
};

static struct rx patterns[] = {
	[RX_ITEM] = { "size list item",
		      "^\\s*" BULLET "\\s+(?<name>[^:\\s][^:]{0,79}?)\\s*:\\s+"
		      "`?(?<num>" SIZE_NUM ")`?\\s*(?<unit>" SIZE_UNIT ")"
		      "(?:\\s*/\\s*`?" SIZE_NUM "`?\\s*(?:" SIZE_UNIT "))?\\s*$",
		      0 },
	/* "strip-only = 5.1 MiB", bulleted or not */
	[RX_PAIR] = { "size list pair",
		      "^\\s*(?:" BULLET "\\s+)?(?<name>[^=\\s][^=]{0,79}?)\\s*=\\s*"
		      "`?(?<num>" SIZE_NUM ")`?\\s*(?<unit>" SIZE_UNIT ")\\s*$",
		      0 },
	/* "* 8.5 MiB (`strip` only)" */
	[RX_VALUE_FIRST] = { "size list value first",
			     "^\\s*" BULLET "\\s+`?(?<num>" SIZE_NUM ")`?\\s*(?<unit>" SIZE_UNIT ")\\s+"
			     "\\((?<name>[^()\\s][^()]{0,79}?)\\)\\s*$",
			     0 },
	/*
	 * An `ls -l` line (GNU: "-rwxr-xr-x 1 user group 16163864 Sep 11 18:37
	 * path"; exa: ".rwxr-xr-x 16,163,864 user 11 Sep 18:37 path"), maybe
	 * in a code span with a "# comment" naming the build, maybe followed
	 * by the author's rounding "(about 15 MiB)". Sizes in bytes, or as
	 * ls -lh prints them ("16M", "1.5K": powers of 1024; --si's "k" 1000).
	 * GNU's size follows the links, user and group; exa's the mode, its
	 * user then a date's day: a line whose size does not read is no match
	 * (never its link count read as the size).
	 */
	[RX_LS] = { "size list ls line",
		    "^\\s*(?:" BULLET "\\s+)?(?<tick>`?)[-.][-.rwxsStT]{9}[@+.]?\\s+"
		    "(?:[0-9]+\\s+\\S+\\s+\\S+\\s+(?<num>" LS_SIZE("hu") ")"
		    "|(?<xnum>" LS_SIZE("xhu") ")\\s+\\S+(?=\\s+[0-9]))\\s+"
		    "(?<rest>[^`#]*?\\S)(?:\\s+#\\s*(?<comment>[^`]*?))?\\s*\\k<tick>"
		    "(?:\\s*\\([^()]*\\))?\\s*$",
		    0 },
};

/* Is s[0..n) a size's unit as an author writes it ("MiB", "Mib", "KB", "bytes")? */
static int size_unit(const char *s, size_t n)
{
	static const char *const units[] = { "B", "bytes", "kB", "KB", "MB", "GB", "TB", "KiB", "MiB",
					     "GiB", "TiB", "Kib", "Mib", "Gib", "Tib", NULL };

	for (const char *const *u = units; *u; u++)
		if (strlen(*u) == n && !memcmp(*u, s, n))
			return 1;
	return 0;
}

/* Does s say it is about a binary's size (or what stripping makes of it)? */
static int says_size(const char *s, size_t n)
{
	static const char *const words[] = { "size", "bloat", "binar", "strip" };

	for (size_t w = 0; w < countof(words); w++)
		if (text_contains_nocase(s, n, words[w]))
			return 1;
	return 0;
}

/*
 * Does s[0..n) name a machine's memory or storage ("RAM", "Memory", "32 GB
 * (DDR4)")? Then its size is a fact of the machine (an environment
 * section's line), not a size of a build.
 */
static int names_memory(const char *s, size_t n)
{
	static const char *const words[] = { "ram", "memory", "mem", "rss", "heap", "swap", "disk", "storage",
					     "ssd", "nvme", "hdd", "cache", "vram" };
	size_t i = 0;

	while (i < n) {
		size_t w;
		char low[16];

		while (i < n && !((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
			i++;
		for (w = i; i < n && (((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') || char_is_digit(s[i])); i++)
			;
		if (i - w == 0 || i - w >= sizeof(low))
			continue;
		for (size_t k = w; k < i; k++)
			low[k - w] = (char)(s[k] >= 'A' && s[k] <= 'Z' ? s[k] + 32 : s[k]);
		low[i - w] = '\0';
		if (!strncmp(low, "ddr", 3))
			return 1;
		for (size_t k = 0; k < countof(words); k++)
			if (!strcmp(low, words[k]))
				return 1;
	}
	return 0;
}

/* What a line of a hand-written size list is, by its fixed parts (never by its digits). */
enum kind {
	K_NONE,
	K_ITEM,        /* "- NAME: N MiB", "- NAME: `N` bytes / `M` MiB" */
	K_PAIR,        /* "NAME = N MiB" */
	K_VALUE_FIRST, /* "* N MiB (NAME)" */
	K_LS,          /* an `ls -l` line: "-rwxr-xr-x 1 user group SIZE DATE PATH [# NAME]" */
	K_LS_TOTAL,    /* the "total 1234" line an `ls -l` listing begins with */
	K__COUNT
};

static const char *const kinds[] = { "none", "item", "pair", "value first", "ls", "ls total" };

static int is_bullet(const struct line *l)
{
	return line_starts(l, "- ") || line_starts(l, "* ") || line_starts(l, "+ ") ||
	       line_starts(l, "\xe2\x80\xa2 ");
}

/* The line's text after its bullet (and the blanks after it), or after its indentation. */
static const char *after_bullet(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;

	if (is_bullet(l)) {
		s += *s == '\xe2' ? 3 : 1;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
	}
	return s;
}

/* An `ls -l` mode: "-rwxr-xr-x" (GNU), ".rwxr-xr-x" (exa), then a blank, '@', '+' or '.'. */
static int is_mode(const char *s, const char *end)
{
	if (end - s < 11 || (s[0] != '-' && s[0] != '.'))
		return 0;
	for (int i = 1; i < 10; i++)
		if (!strchr("-.rwxsStT", s[i]))
			return 0;
	return s[10] == ' ' || s[10] == '\t' || s[10] == '@' || s[10] == '+' || s[10] == '.';
}

/*
 * The one classifier the claim and the parse share, by each shape's fixed
 * parts alone (never by its digits, so that a garbled figure is still an
 * item, reported): a size's unit at the end of "NAME: N unit" (bulleted)
 * and "NAME = N unit", a bullet with a size and its unit first and a
 * name in parentheses last, an `ls -l` mode. A sentence that holds a size
 * ("shrank from A to B bytes") is none of these.
 */
static enum kind classify(const struct line *l)
{
	size_t n = line_end(l), u = n;
	const char *s = after_bullet(l), *end = l->s + n, *colon, *eq;
	int digit = 0;

	if (n <= l->indent + 4)
		return K_NONE;
	if (*s == '`')
		s++;
	if (is_mode(s, end))
		return K_LS;
	/* "total 1234", "total 16M": its one word after a digit (a garbled digit keeps it) */
	if (*s == 't' && end - s > 6 && !memcmp(s, "total ", 6) && char_is_digit(s[6]) &&
	    !memchr(s + 6, ' ', (size_t)(end - s - 6)))
		return K_LS_TOTAL;
	if (end[-1] == ')') {
		/* "N MiB (NAME)": a word with a digit, a unit, then the name */
		const char *w = s;

		if (!is_bullet(l))
			return K_NONE;
		while (s < end && *s != ' ' && *s != '\t' && *s != '`')
			digit |= char_is_digit(*s++);
		if (s < end && *s == '`')
			s++;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		for (w = s; s < end && *s != ' ' && *s != '\t'; s++)
			;
		return digit && size_unit(w, (size_t)(s - w)) && s + 1 < end && s[1] == '(' &&
			       !names_memory(s, (size_t)(end - s))
			       ? K_VALUE_FIRST
			       : K_NONE;
	}
	if (!(end[-1] == 'B' || end[-1] == 'b' || end[-1] == 's'))
		return K_NONE; /* most lines: one test */
	while (u > l->indent && l->s[u - 1] != ' ' && !char_is_digit(l->s[u - 1]) && l->s[u - 1] != '`')
		u--;
	if (!size_unit(l->s + u, n - u))
		return K_NONE;
	colon = text_find(l->s, u, ": ");
	eq = memchr(l->s, '=', u);
	if (colon && is_bullet(l)) {
		for (const char *c = colon; c < l->s + u; c++)
			digit |= char_is_digit(*c);
		return digit && !names_memory(s, (size_t)(colon - s)) ? K_ITEM : K_NONE;
	}
	if (eq && !colon) {
		/*
		 * "lto-only = 6.3 MiB": a name of a build; "RAM = 16 GB" is a fact, not a
		 * size of a build, and "effective_cache_size = 1536MB" a setting (one
		 * word with an underscore, as a configuration file spells its keys)
		 */
		const char *ne = eq;

		while (ne > s && (ne[-1] == ' ' || ne[-1] == '\t'))
			ne--;
		if (memchr(s, '_', (size_t)(ne - s)) && !memchr(s, ' ', (size_t)(ne - s)))
			return K_NONE;
		for (const char *c = eq; c < l->s + u; c++)
			digit |= char_is_digit(*c);
		return digit && (label_names_build(s, (size_t)(eq - s)) || says_size(s, (size_t)(eq - s)))
			       ? K_PAIR
			       : K_NONE;
	}
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	if (classify(l) == K_NONE)
		return CLAIM_NONE;
	return in_block ? CLAIM_BODY : CLAIM_START;
}

/*
 * Is the list about sizes? The prose above it or its label says so, or
 * its lines do before their figures ("strip-only = 5.1 MiB" under "For
 * reference:"): stripping is about a binary's size only.
 */
static int about_size(const struct block *b)
{
	if ((b->above && says_size(b->above, strlen(b->above))) || (b->label && says_size(b->label, strlen(b->label))))
		return 1;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *eq = memchr(l->s, '=', l->len), *colon = text_find(l->s, l->len, ": ");
		const char *end = eq && (!colon || eq < colon) ? eq : colon;

		if (classify(l) != K_NONE && end && says_size(l->s, (size_t)(end - l->s)))
			return 1;
	}
	return 0;
}

/* A build's name as the author wrote it, without the backticks of code marks ("`strip` only"). */
static const char *name_of(struct sink *s, const char *name, size_t n)
{
	char *out = (char *)sink_strndup(s, name, n), *o = out;

	for (const char *p = out; *p; p++)
		if (*p != '`')
			*o++ = *p;
	*o = '\0';
	return out;
}

/*
 * One run of the size `num` (in `unit`, NULL for bytes grouped by ','),
 * named `name`; `by_hand` when a person wrote it (a note says so). `span`
 * is the number as printed in l->s (num may be a copy rewritten for
 * reading). Returns the run, or UINT32_MAX (a warning given) when the size
 * does not read.
 */
static uint32_t add_size(struct sink *s, const struct line *l, const char *name, size_t nn, const char *num,
			 size_t kn, const char *unit, size_t un, int by_hand, const char *span)
{
	char u[4];
	enum unit su = UNIT_BYTE;
	double v;
	uint32_t run;
	int binary_bit = 0;

	/* "Mib" is a mebibit by the letter, but nobody measures a file in bits */
	if (unit && un == 3 && unit[1] == 'i' && unit[2] == 'b') {
		u[0] = unit[0], u[1] = 'i', u[2] = 'B', u[3] = '\0';
		unit = u;
		binary_bit = 1;
	}
	if (unit ? unit_value(num, kn, unit, un, &su, &v) < 0 : num_parse_grouped(num, kn, ',', &v) < 0) {
		sink_warn(s, l, "garbled size list item skipped");
		return UINT32_MAX;
	}
	if (su != UNIT_BYTE) {
		sink_warn(s, l, "size list item with an unknown unit skipped");
		return UINT32_MAX;
	}
	run = sink_run(s, l);
	s->rs->runs[run].variant.text = name_of(s, name, nn);
	s->rs->runs[run].variant.origin = VO_LABEL;
	sink_measure(s, run, "file_size", STAT_VALUE, UNIT_BYTE, v, 0, l, span, kn);
	if (!by_hand)
		return run;
	s->rs->runs[run].flags |= RUN_HAND;
	if (binary_bit)
		sink_note(s, run, NOTE_INFO, l, "size written by hand in the text, not a tool's output "
			  "('%cib' read as %ciB)", u[0], u[0]);
	else
		sink_note(s, run, NOTE_INFO, l, "size written by hand in the text, not a tool's output");
	return run;
}

/*
 * One item. An `ls -l` line is named by its comment ("# lto", a label),
 * else by its file name (origin "filename", as GNU size's rows are: two
 * of one name in two directories are told apart by the directories); its
 * -h size ("16M", "1,5K") is in powers of 1024, or of 1000 when `si`
 * (the command's --si) or its letter ('k') says so.
 */
static void on_item(struct sink *s, const struct line *l, enum kind k, struct size_names *names, int si)
{
	static const int which[] = { [K_ITEM] = RX_ITEM, [K_PAIR] = RX_PAIR, [K_VALUE_FIRST] = RX_VALUE_FIRST,
				     [K_LS] = RX_LS };
	struct rx *p = &patterns[which[k]];
	const char *name, *num, *unit = NULL, *hu;
	size_t nn, un = 0, kn, hn;
	char plain[32], spelled[4];
	uint32_t run;
	int by_path = 0;

	if (!rx_match(s->rx, p, l->s, l->len) ||
	    !(rx_named(s->rx, p, "num", &num, &kn) || (k == K_LS && rx_named(s->rx, p, "xnum", &num, &kn))) ||
	    (k != K_LS && !rx_named(s->rx, p, "unit", &unit, &un))) {
		sink_warn(s, l, "garbled size list item skipped");
		return;
	}
	if (k != K_LS) {
		if (!rx_named(s->rx, p, "name", &name, &nn)) {
			sink_warn(s, l, "garbled size list item skipped");
			return;
		}
	} else if (!rx_named(s->rx, p, "comment", &name, &nn) || !nn) {
		/* an `ls -l` line is named by its comment ("# lto"), else by its path, the last word */
		const char *w;

		if (!rx_named(s->rx, p, "rest", &name, &nn)) {
			sink_warn(s, l, "garbled size list item skipped");
			return;
		}
		for (w = name + nn; w > name && w[-1] != ' ' && w[-1] != '\t'; w--)
			;
		nn -= (size_t)(w - name);
		name = w;
		by_path = 1;
	}
	if (k == K_LS && (rx_named(s->rx, p, "hu", &hu, &hn) || rx_named(s->rx, p, "xhu", &hu, &hn)) && hn == 1 &&
	    kn - 1 < sizeof(plain)) {
		/* ls -lh: the number before the letter, its decimal mark a point */
		for (size_t i = 0; i + 1 < kn; i++)
			plain[i] = num[i] == ',' ? '.' : num[i];
		si |= *hu == 'k';
		spelled[0] = si && *hu == 'K' ? 'k' : *hu, spelled[1] = si ? 'B' : 'i', spelled[2] = si ? '\0' : 'B';
		spelled[3] = '\0';
		if (unit_value(plain, kn - 1, spelled, strlen(spelled), &(enum unit){ 0 }, &(double){ 0 }) < 0) {
			sink_warn(s, l, "garbled size list item skipped");
			return;
		}
		unit = spelled, un = strlen(spelled);
		run = add_size(s, l, name, nn, plain, kn - 1, unit, un, 0, num);
	} else {
		run = add_size(s, l, name, nn, num, kn, unit, un, k != K_LS, num);
	}
	if (run != UINT32_MAX && by_path)
		size_name_run(s, names, run, name, nn, NULL, 0);
}

/*
 * Is the block an `ls` listing, a tool's output rather than a list a
 * person wrote: the `ls` command above it, its "total N" line, or two
 * `ls -l` lines or more (the "total" of another locale, "insgesamt", is
 * prose)? *si is set when the command asks for powers of 1000 (--si).
 */
static int ls_listing(const struct block *b, int *si)
{
	size_t pn, nls = 0;
	const char *p = b->context ? cmd_program(b->context, &pn) : NULL;

	*si = 0;
	if (p && ((pn == 2 && !memcmp(p, "ls", 2)) || (pn > 3 && !memcmp(p + pn - 3, "/ls", 3)))) {
		*si = strstr(p, " --si") != NULL;
		return 1;
	}
	for (uint32_t i = 0; i < b->n; i++) {
		enum kind k = classify(&b->lines[i]);

		if (k == K_LS_TOTAL)
			return 1;
		nls += k == K_LS;
	}
	return nls >= 2;
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first = (uint32_t)s->rs->nruns;
	struct size_names names = { first, NULL, 0, 0 };
	int si, listing = ls_listing(b, &si);

	if (!listing && !about_size(b))
		return 0;
	for (uint32_t i = 0; i < b->n; i++) {
		enum kind k = classify(&b->lines[i]);

		if (k != K_NONE && k != K_LS_TOTAL)
			on_item(s, &b->lines[i], k, &names, si);
	}
	size_names_finish(s, &names);
	return (int)(s->rs->nruns - first);
}

/* Bullets, `ls -l` modes and code marks, and the letters and digits a "NAME = SIZE" line begins with. */
#define SIZELIST_STARTS                                                                            \
	"-*+.`\xe2"                                                                                \
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

const struct parser sizelist_parser = {
	.fmt = FMT_SIZE_LIST,
	.starts = SIZELIST_STARTS,
	.hand = 1,
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
