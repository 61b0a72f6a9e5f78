/*
 * sizelist.c - binary sizes an author wrote by hand, one build per bullet,
 * under a sentence about size ("Binary sizes, without stripping:" then
 * "• Release: 1.3 Mib") → one run per bullet, named by its build (origin
 * label), with one file_size measurement in bytes (the first of "N bytes /
 * M MiB") and a note that says
 * the figure was written by hand. "Mib", "Kib", "Gib" are read as MiB,
 * KiB, GiB (what the author meant of a file's size), and noted so. A list
 * under any other sentence is not read: the sizes must be said to be sizes.
 */
#include "parsers/parser.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_ITEM,
};

static struct rx patterns[] = {
	[RX_ITEM] = { "size list item",
		      "^\\s*(?:[-*+]|\\x{2022})\\s+(?<name>[^:\\s][^:]{0,79}?)\\s*:\\s+"
		      "`?(?<num>[0-9]+(?:\\.[0-9]+)?)`?\\s*(?<unit>[KMGT]i[Bb]|[kKMGT]B|bytes|B)"
		      "(?:\\s*/\\s*`?[0-9]+(?:\\.[0-9]+)?`?\\s*(?:[KMGT]i[Bb]|[kKMGT]B|bytes|B))?\\s*$",
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

/*
 * The shape of an item, by its fixed parts alone (never by its digits, so
 * that a garbled figure is still an item, reported): a bullet, "NAME: ",
 * something with a digit, and a size's unit at the end.
 */
static int is_item(const struct line *l)
{
	size_t n = line_end(l), u = n;
	const char *colon;
	int digit = 0;

	if (n <= l->indent + 4 || !(l->s[n - 1] == 'B' || l->s[n - 1] == 'b' || l->s[n - 1] == 's'))
		return 0;
	if (!line_starts(l, "- ") && !line_starts(l, "* ") && !line_starts(l, "+ ") &&
	    !line_starts(l, "\xe2\x80\xa2 "))
		return 0;
	while (u > l->indent && l->s[u - 1] != ' ' && !char_is_digit(l->s[u - 1]))
		u--;
	if (!size_unit(l->s + u, n - u) || !(colon = text_find(l->s, u, ": ")))
		return 0;
	for (const char *c = colon; c < l->s + u; c++)
		digit |= char_is_digit(*c);
	return digit;
}

static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	if (!is_item(l))
		return CLAIM_NONE;
	return in_block ? CLAIM_BODY : CLAIM_START;
}

/* Does the prose above the list say it lists sizes? */
static int about_size(const struct block *b)
{
	const char *s = b->above ? b->above : b->label;

	return s && (text_contains_nocase(s, strlen(s), "size") || text_contains_nocase(s, strlen(s), "bloat") ||
		     text_contains_nocase(s, strlen(s), "binar"));
}

static void on_item(struct sink *s, const struct line *l)
{
	struct rx *p = &patterns[RX_ITEM];
	const char *name, *num, *unit;
	size_t nn, un, kn;
	char u[4];
	enum unit su;
	double v;
	uint32_t run;
	int binary_bit = 0;

	if (!rx_match(p, l->s, l->len) || !rx_named(p, "name", &name, &nn) ||
	    !rx_named(p, "num", &num, &kn) || !rx_named(p, "unit", &unit, &un)) {
		sink_warn(s, l, "garbled size list item skipped");
		return;
	}
	/* "Mib" is a mebibit by the letter, but nobody measures a file in bits */
	if (un == 3 && unit[1] == 'i' && unit[2] == 'b') {
		u[0] = unit[0], u[1] = 'i', u[2] = 'B', u[3] = '\0';
		unit = u;
		binary_bit = 1;
	}
	if (unit_value(num, kn, unit, un, &su, &v) < 0 || su != UNIT_BYTE) {
		sink_warn(s, l, "size list item with an unknown unit skipped");
		return;
	}
	run = sink_run(s, l);
	s->rs->runs[run].variant.text = sink_strndup(s, name, nn);
	s->rs->runs[run].variant.origin = VO_LABEL;
	sink_measure(s, run, "file_size", STAT_VALUE, UNIT_BYTE, v, 0, l, num, kn);
	if (binary_bit)
		sink_note(s, run, NOTE_INFO, l, "size written by hand in the text, not a tool's output "
			  "('%cib' read as %ciB)", u[0], u[0]);
	else
		sink_note(s, run, NOTE_INFO, l, "size written by hand in the text, not a tool's output");
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first = (uint32_t)s->rs->nruns;

	if (!about_size(b))
		return 0;
	for (uint32_t i = 0; i < b->n; i++)
		if (is_item(&b->lines[i]))
			on_item(s, &b->lines[i]);
	return (int)(s->rs->nruns - first);
}

const struct parser sizelist_parser = {
	.fmt = FMT_SIZE_LIST,
	.starts = "-*+\xe2",
	.claim = claim,
	.state_size = 0,
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
