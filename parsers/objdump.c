/*
 * objdump.c - `objdump -h` section tables ("Idx Name Size VMA LMA File off
 * Algn", a row per section with its size in hex, each followed by its
 * flags line) → one run per file ("PATH:     file format elf64-x86-64"),
 * named by its file name (origin "filename", as GNU size's rows are),
 * with section.NAME in bytes (".text" is section.text, as size -A's).
 * objdump prints no total. A row whose hex columns do not all read is
 * damage: none of it is kept.
 */
#include "parsers/parser.h"
#include "parsers/sizefile.h"
#include "util/buf.h"
#include "util/text.h"

/* What a line of objdump -h is, by its fixed words and its alignment column. */
enum kind {
	K_NONE,
	K_FILE,     /* "build/app:     file format elf64-x86-64" */
	K_SECTIONS, /* "Sections:" */
	K_HEAD,     /* "Idx Name          Size      VMA               LMA               File off  Algn" */
	K_ROW,      /* "  0 .interp       0000001c  0000000000000318  0000000000000318  00000318  2**0" */
	K_FLAGS,    /* "                  CONTENTS, ALLOC, LOAD, READONLY, DATA" */
	K__COUNT
};

static const char *const kinds[] = { "none", "file", "sections", "head", "row", "flags" };

/* The flags objdump prints under a row: capital words and commas only. */
static int is_flags(const char *s, size_t n)
{
	static const char *const first[] = { "CONTENTS", "ALLOC", "LOAD", "READONLY", "CODE", "DATA", "DEBUGGING",
					     "RELOC", "EXCLUDE", "LINK_ONCE_DISCARD", "THREAD_LOCAL", "NEVER_LOAD" };
	int known = 0;

	for (size_t i = 0; i < countof(first); i++)
		known |= text_starts(s, n, first[i]);
	if (!known)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') || s[i] == '_' || s[i] == ',' || s[i] == ' '))
			return 0;
	return 1;
}

static int file_line(const struct line *l);

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	const char *a;

	if (n < 5)
		return K_NONE;
	if (s[0] == 'S')
		return n == 9 && text_starts(s, n, "Sections:") ? K_SECTIONS : K_NONE;
	if (s[0] == 'I')
		return text_starts(s, n, "Idx Name ") && text_contains(s, n, " Size ") &&
				       (line_ends(l, "Algn") || line_ends(l, "Algn  Flags"))
			       ? K_HEAD
			       : K_NONE;
	if (s[0] >= 'A' && s[0] <= 'Z' && is_flags(s, n))
		return K_FLAGS;
	/* a row's alignment, "2**N" (a garbled digit keeps the "**"): last, or before the flags (-w) */
	a = n > 6 ? text_find(s + n - 6, 6, "**") : NULL;
	if (!a && n > 40 && line_ends(l, "DATA") | line_ends(l, "CODE") | line_ends(l, "ALLOC") |
			       line_ends(l, "READONLY") | line_ends(l, "DEBUGGING") | line_ends(l, "EXCLUDE"))
		a = text_find(s, n, "**");
	if (a && a > s + 1 && a[-2] == ' ')
		return K_ROW;
	return file_line(l) ? K_FILE : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * Is `l` the file line ("PATH:     file format elf64-x86-64")? Read from
 * its end: the format's name (one word), then the fixed words before it;
 * most lines fail at the first byte before their last word.
 */
static int file_line(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent, w = n;

	while (w > 0 && s[w - 1] != ' ' && n - w < 32)
		w--;
	return w > 18 && s[w - 1] == ' ' && !memcmp(s + w - 18, ":     file format ", 18);
}

/*
 * A table starts at its file line, at "Sections:" or at the column names;
 * rows and flags continue it. Outside a table only those three are asked,
 * each by its first byte and then its words (most lines: one test).
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block) {
		const char *s = l->s + l->indent;

		if (l->len - l->indent < 9)
			return CLAIM_NONE;
		if (s[0] == 'S' || s[0] == 'I')
			k = classify(l);
		else
			k = file_line(l) ? K_FILE : K_NONE;
		return k == K_FILE || k == K_SECTIONS || k == K_HEAD ? CLAIM_START : CLAIM_NONE;
	}
	/* the files of one call share a block: two of one name are told apart by their directories */
	return classify(l) != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

#define NTOK 7

/*
 * "IDX NAME SIZE VMA LMA OFF ALGN", with -w its flags after: the
 * section's size, or -1 when a column does not read.
 */
static int row(const struct line *l, const char **name, size_t *name_len, const char **num, size_t *num_len,
	       double *v)
{
	const char *s = l->s + l->indent, *t[NTOK];
	size_t n = line_end(l) - l->indent, tn[NTOK], k = 0, i = 0;
	double x;

	while (i < n && k < 7) {
		while (i < n && s[i] == ' ')
			i++;
		if (i >= n)
			break;
		t[k] = s + i;
		while (i < n && s[i] != ' ')
			i++;
		tn[k] = (size_t)(s + i - t[k]);
		k++;
	}
	while (i < n && s[i] == ' ')
		i++;
	if (i < n && !is_flags(s + i, n - i))
		return -1;
	if (k != 7 || size_number(t[0], tn[0], 10, &x) < 0 || tn[6] < 4 || memcmp(t[6], "2**", 3) ||
	    size_number(t[6] + 3, tn[6] - 3, 10, &x) < 0)
		return -1;
	for (size_t c = 3; c < 6; c++)
		if (size_number(t[c], tn[c], 16, &x) < 0)
			return -1;
	if (size_number(t[2], tn[2], 16, v) < 0)
		return -1;
	*name = t[1], *name_len = tn[1];
	*num = t[2], *num_len = tn[2];
	return 0;
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first = (uint32_t)s->rs->nruns;
	struct size_names names = { first, NULL, 0, 0 };
	struct sink_txn txn = { 0 };
	uint32_t run = 0;
	struct buf q = BUF_INIT;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);
		const char *name, *num;
		size_t nn, kn;
		double v;

		if (k == K_NONE)
			continue;
		if (k == K_FILE || !txn.open) {
			sink_txn_finish(s, &txn, l, "objdump -h table has no section (cut off?)");
			run = sink_txn_begin(s, &txn, l);
			if (k == K_FILE) {
				const char *str = l->s + l->indent;
				const char *colon = text_find(str, line_end(l) - l->indent, ":     file format ");

				size_name_run(s, &names, run, str, (size_t)(colon - str), NULL, 0);
				continue;
			}
		}
		sink_run_end(s, run, l);
		if (k != K_ROW)
			continue;
		if (row(l, &name, &nn, &num, &kn, &v) < 0) {
			sink_damage(s, run, l, "garbled objdump -h row");
			continue;
		}
		/* ".text" is section.text, not section..text */
		if (nn > 1 && name[0] == '.')
			name++, nn--;
		buf_reset(&q);
		buf_addf(&q, "section.%.*s", (int)nn, name);
		sink_measure(s, run, sink_strndup(s, q.s, q.len), STAT_VALUE, UNIT_BYTE, v, 0, l, num, kn);
	}
	sink_txn_finish(s, &txn, &b->lines[b->n - 1], "objdump -h table has no section (cut off?)");
	size_names_finish(s, &names);
	buf_release(&q);
	return (int)(s->rs->nruns - first);
}

const struct parser objdump_parser = {
	.fmt = FMT_OBJDUMP,
	/* the file line's path, "Sections:", "Idx Name" */
	.starts = "./~_-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
