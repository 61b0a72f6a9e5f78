/*
 * size_sysv.c - GNU size -A (SysV format) → section.NAME (".text" is
 * section.text) and total, in bytes, one run per file. A file's block is
 * its title ("FILE  :", or "MEMBER   (ex ARCHIVE):"), a "section size addr"
 * header, one row per section and "Total"; the next file's title follows
 * two blank lines. Sizes are decimal, 0x hex (-x) or 0-led octal (-o).
 */
#include <string.h>

#include "parsers/parser.h"
#include "parsers/sizefile.h"
#include "util/buf.h"
#include "util/text.h"

#define NUM "(?:0x[0-9a-fA-F]+|[0-9]+)"

enum {
	RX_TITLE,
	RX_SECTION,
	RX_TOTAL,
};

static struct rx patterns[] = {
	[RX_TITLE] = { "size -A title",
		       "^\\s*(?<file>\\S.*?)(?:\\s+\\(ex\\s+(?<archive>.+)\\))?\\s*:\\s*$", 0 },
	[RX_SECTION] = { "size -A section",
			 "^\\s*(?<name>\\S+)\\s+(?<size>" NUM ")\\s+(?<addr>" NUM ")\\s*$", 0 },
	[RX_TOTAL] = { "size -A total", "^\\s*Total\\s+(?<size>" NUM ")\\s*$", 0 },
};

/*
 * size prints a title as "FILE  :" or "MEMBER   (ex ARCHIVE):". The blanks
 * set it apart from a label such as "Release:" or "Results (ex post):".
 */
static int is_title(const struct line *l)
{
	size_t end = line_end(l);

	if (end - l->indent < 4 || l->s[end - 1] != ':')
		return 0; /* most lines: one test */
	if (l->s[end - 2] == ' ' && l->s[end - 3] == ' ')
		return 1;
	return l->s[end - 2] == ')' && text_contains(l->s, end, "   (ex ");
}

/* "section size addr", its words alone. */
static int is_header(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l);
	static const char *const words[] = { "section", "size", "addr" };

	for (size_t w = 0; w < countof(words); w++) {
		size_t n = strlen(words[w]);

		while (w && s < end && (*s == ' ' || *s == '\t'))
			s++;
		if ((size_t)(end - s) < n || memcmp(s, words[w], n))
			return 0;
		s += n;
		if (w + 1 < countof(words) && (s == end || (*s != ' ' && *s != '\t')))
			return 0;
	}
	return s == end;
}

/* What a line of size -A output is, by its fixed words and its columns (never by its digits). */
enum kind {
	K_NONE,
	K_TITLE,   /* "FILE  :", "MEMBER   (ex ARCHIVE):" */
	K_HEADER,  /* "section size addr" */
	K_TOTAL,   /* "Total  SIZE", garbled or cut */
	K_SECTION, /* "NAME SIZE ADDR", or what is left of one: two or three words */
	K__COUNT
};

static const char *const kinds[] = { "none", "title", "header", "total", "section" };

/*
 * The one classifier the claim and the parse share. A section row has no
 * fixed word: it is two or three words (a garbled size is still a word;
 * prose has more), and counts only between a header and its Total.
 */
static enum kind classify(const struct line *l)
{
	size_t words;

	if (is_title(l))
		return K_TITLE;
	if (line_starts(l, "section") && is_header(l))
		return K_HEADER;
	if (line_starts(l, "Total"))
		return K_TOTAL;
	words = text_words(l->s + l->indent, line_end(l) - l->indent, 3);
	return words == 2 || words == 3 ? K_SECTION : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

enum phase {
	PH_TITLE,    /* a title was read: its header comes next */
	PH_SECTIONS, /* section rows until Total */
	PH_TOTAL,    /* after Total: the next file's title, or the end */
};

struct claim_state {
	enum phase phase;
};

/*
 * The file names a title can begin with are not a short list, so `starts`
 * holds every byte a name usually begins with; is_title() is a test on the
 * line's last bytes, as cheap as a prefix test.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k;

	if (!in_block) {
		/* only a title or a header starts a block: classify()'s first two tests, without its word count */
		if (is_title(l)) {
			st->phase = PH_TITLE;
			return CLAIM_START;
		}
		if (line_starts(l, "section") && is_header(l)) {
			st->phase = PH_SECTIONS;
			return CLAIM_START;
		}
		return CLAIM_NONE;
	}
	k = classify(l);
	switch (st->phase) {
	case PH_TITLE:
		if (k != K_HEADER)
			return CLAIM_NONE;
		st->phase = PH_SECTIONS;
		return CLAIM_BODY;
	case PH_SECTIONS:
		if (k == K_TOTAL) {
			st->phase = PH_TOTAL;
			return CLAIM_BODY;
		}
		if (k == K_HEADER)
			return CLAIM_START;
		return k == K_SECTION ? CLAIM_BODY : CLAIM_NONE;
	case PH_TOTAL:
		if (k == K_TITLE) {
			st->phase = PH_TITLE;
			return CLAIM_BODY;
		}
		return k == K_HEADER ? CLAIM_START : CLAIM_NONE;
	}
	return CLAIM_NONE;
}

struct file {
	struct sink_txn t; /* the file's run */
	uint32_t run;      /* its index */
	int has_total;
};

struct parse {
	struct sink *s;
	struct file cur;
	uint32_t first_run;
	struct size_names names;
};

/*
 * Close the current file's run: one without a single size is dropped, one
 * without its Total line was cut off and is marked incomplete.
 */
static void finish(struct parse *ps, const struct line *last)
{
	struct file *f = &ps->cur;
	struct buf empty = BUF_INIT;
	struct run *r;
	const char *name;
	int kept;

	if (!f->t.open)
		return;
	r = &ps->s->rs->runs[f->run];
	name = *r->variant.text ? r->variant.text : "a file";
	buf_addf(&empty, "size -A table of %s has no sizes (cut off?)", name);
	kept = sink_txn_finish(ps->s, &f->t, last, empty.s);
	buf_release(&empty);
	if (kept && !f->has_total && !(r->flags & RUN_INCOMPLETE)) {
		struct line at = *last;

		at.no = r->last_line;
		sink_warn(ps->s, &at, "size -A table of %s has no Total line (cut off?)", name);
		sink_note(ps->s, f->run, NOTE_DAMAGE, NULL, "Total line missing");
		r->flags |= RUN_INCOMPLETE;
	}
}

static void begin(struct parse *ps, const struct line *title, const struct line *header)
{
	struct file *f = &ps->cur;
	const char *file, *archive = NULL;
	size_t file_len, archive_len = 0;

	finish(ps, header);
	memset(f, 0, sizeof(*f));
	f->run = sink_txn_begin(ps->s, &f->t, title ? title : header);
	sink_run_end(ps->s, f->run, header);
	if (title && rx_match(ps->s->rx, &patterns[RX_TITLE], title->s, title->len) &&
	    rx_named(ps->s->rx, &patterns[RX_TITLE], "file", &file, &file_len)) {
		rx_optional(ps->s->rx, &patterns[RX_TITLE], "archive", &archive, &archive_len);
		size_name_run(ps->s, &ps->names, f->run, file, file_len, archive, archive_len);
	}
}

static void on_section(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_SECTION];
	const char *name, *num;
	size_t name_len, n;
	double v;
	struct buf q = BUF_INIT;

	if (!rx_match(ps->s->rx, p, l->s, l->len) || !rx_named(ps->s->rx, p, "size", &num, &n) ||
	    !rx_named(ps->s->rx, p, "name", &name, &name_len) || size_number(num, n, 0, &v) < 0) {
		sink_damage(ps->s, ps->cur.run, l, "garbled size -A section row");
		return;
	}
	/* ".text" is section.text, not section..text */
	if (name_len > 1 && name[0] == '.')
		name++, name_len--;
	buf_addf(&q, "section.%.*s", (int)name_len, name);
	sink_measure(ps->s, ps->cur.run, sink_strndup(ps->s, q.s, q.len), STAT_VALUE, UNIT_BYTE,
		     v, 0, l, num, n);
	buf_release(&q);
}

static void on_total(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_TOTAL];
	const char *num;
	size_t n;
	double v;

	if (!rx_match(ps->s->rx, p, l->s, l->len) || !rx_named(ps->s->rx, p, "size", &num, &n) ||
	    size_number(num, n, 0, &v) < 0) {
		sink_damage(ps->s, ps->cur.run, l, "garbled size -A Total line");
		return;
	}
	ps->cur.has_total = 1;
	sink_measure(ps->s, ps->cur.run, "total", STAT_VALUE, UNIT_BYTE, v, 0, l, num, n);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	const struct line *title = NULL;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.first_run = (uint32_t)s->rs->nruns;
	ps.names.first_run = ps.first_run;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_HEADER) {
			begin(&ps, title, l);
			title = NULL;
		} else if (k == K_TITLE) {
			finish(&ps, l);
			title = l;
		} else if (!ps.cur.t.open || k == K_NONE) {
			continue; /* a title whose table never came */
		} else if (k == K_TOTAL) {
			on_total(&ps, l);
		} else {
			on_section(&ps, l);
		}
	}
	finish(&ps, &b->lines[b->n - 1]);
	size_names_finish(s, &ps.names);
	return (int)(s->rs->nruns - ps.first_run);
}

const struct parser size_sysv_parser = {
	.fmt = FMT_SIZE_SYSV,
	.starts = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./_~-",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
