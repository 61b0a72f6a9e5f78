/*
 * segment.c - find tool-output blocks in free text; see segment.h.
 *
 * Each line is cleaned (CR overwrites, ANSI escapes, Markdown quote markers
 * and HTML entities removed) and offered to the parsers whose START lines
 * can begin with its first significant byte. Lines a parser claims form a
 * block; blank lines inside a block are kept, prose or a fence ends it.
 * Lines no parser claims are prose: they may be variant labels (label.c)
 * or the command that produced the next block.
 */
#include "parsers/segment.h"

#include <stdlib.h>
#include <string.h>

#include "parsers/label.h"
#include "util/buf.h"

#define MAX_STATE 256

/*
 * Clean one raw line. With out != NULL, append the cleaned text to it. With
 * stop != (size_t)-1, stop once `stop` cleaned bytes were produced and
 * return the raw offset reached; otherwise return the cleaned length. One
 * function does both so that offsets map back exactly.
 */
static size_t clean(const char *raw, size_t n, struct buf *out, size_t stop)
{
	size_t i = 0, produced = 0;
	const char *cr;

	/* a terminal overwrite: only the text after the last CR is visible */
	while ((cr = memchr(raw + i, '\r', n - i)))
		i = (size_t)(cr - raw) + 1;

	/*
	 * Markdown quote markers: "> " or ">", nested. A fortio histogram row
	 * ("> 0.001 <= 0.002 , ...") starts with '>' too; it is data, not a quote.
	 */
	for (;;) {
		size_t j = i;

		while (j < n && (raw[j] == ' ' || raw[j] == '\t') && j - i < 4)
			j++;
		if (j >= n || raw[j] != '>')
			break;
		size_t k = j + 1;
		if (k < n && raw[k] == ' ')
			k++;
		if (k < n && ((raw[k] >= '0' && raw[k] <= '9') || raw[k] == '.')) {
			size_t m = k;
			while (m < n && raw[m] != ' ' && raw[m] != ',')
				m++;
			if (m + 3 < n && raw[m] == ' ' && raw[m + 1] == '<' && raw[m + 2] == '=')
				break;
		}
		i = k;
	}

	while (i < n) {
		unsigned char c = (unsigned char)raw[i];
		size_t skip = 0;
		const char *emit = NULL;
		size_t emit_len = 0;

		if (c == 0x1b && i + 1 < n) {
			if (raw[i + 1] == '[') { /* CSI: ESC [ params intermediates final */
				size_t j = i + 2;
				while (j < n && (unsigned char)raw[j] >= 0x30 && (unsigned char)raw[j] <= 0x3f)
					j++;
				while (j < n && (unsigned char)raw[j] >= 0x20 && (unsigned char)raw[j] <= 0x2f)
					j++;
				skip = (j < n ? j + 1 : j) - i;
			} else if (raw[i + 1] == ']') { /* OSC: up to BEL or ESC \ */
				size_t j = i + 2;
				while (j < n && raw[j] != '\a' && !(raw[j] == 0x1b && j + 1 < n && raw[j + 1] == '\\'))
					j++;
				skip = (j < n ? (raw[j] == '\a' ? j + 1 : j + 2) : j) - i;
			} else {
				skip = 2;
			}
		} else if (c == '&') {
			static const struct {
				const char *ent, *text;
			} ents[] = {
				{ "&lt;", "<" }, { "&gt;", ">" }, { "&amp;", "&" }, { "&quot;", "\"" },
				{ "&#39;", "'" }, { "&#x27;", "'" }, { "&nbsp;", " " }, { "&#x2F;", "/" },
			};
			for (size_t e = 0; e < countof(ents); e++) {
				size_t el = strlen(ents[e].ent);
				if (n - i >= el && !memcmp(raw + i, ents[e].ent, el)) {
					skip = el;
					emit = ents[e].text;
					emit_len = strlen(emit);
					break;
				}
			}
		}
		if (!skip) {
			skip = 1;
			emit = raw + i;
			emit_len = 1;
		}
		if (emit_len) {
			/* the raw byte that produces cleaned byte `stop` (escapes before it skipped) */
			if (stop != (size_t)-1 && produced + emit_len > stop)
				return i;
			if (out)
				buf_add(out, emit, emit_len);
			produced += emit_len;
		}
		i += skip;
	}
	return stop != (size_t)-1 ? i : produced;
}

/* Does the raw line need cleaning at all? Most lines of most logs do not. */
static int needs_clean(const char *raw, size_t n)
{
	size_t i = 0;

	while (i < n && (raw[i] == ' ' || raw[i] == '\t'))
		i++;
	if (i < n && raw[i] == '>')
		return 1;
	return memchr(raw, '\r', n) || memchr(raw, 0x1b, n) || memchr(raw, '&', n);
}

uint64_t seg_source_offset(const struct line *l, size_t clean_off)
{
	size_t want = clean_off + l->cut;

	if (l->s - l->cut == l->raw) /* the line needed no cleaning */
		return l->off + want;
	return l->off + clean(l->raw, l->raw_len, NULL, want);
}

struct seg {
	const char *name;
	struct arena *arena;
	struct diag *diag;
	seg_block_fn fn;
	void *ctx;
	struct seg_result *res;

	const struct parser *const *parsers;
	size_t nparsers;
	/* for each first byte, the parsers whose START lines can begin with it */
	unsigned char dispatch[256][8];
	unsigned char ndispatch[256];

	/* the open block */
	const struct parser *open;
	unsigned char state[MAX_STATE];
	struct line *lines;
	size_t nlines, lines_cap, ncontent; /* ncontent: lines up to the last non-blank one */
	struct arena block_arena;           /* cleaned text of the open block's lines */

	/* what governs the next block */
	const char *label;
	uint32_t label_line;
	struct buf prev_prose; /* the last prose line, for a command above a block */
	uint32_t prev_prose_line;
	struct buf context;    /* the open block's command line, when it has one */
	uint32_t last_nonblank_line;

	int stopped;
};

static void build_dispatch(struct seg *sg)
{
	memset(sg->ndispatch, 0, sizeof(sg->ndispatch));
	for (size_t p = 0; p < sg->nparsers; p++) {
		for (const char *c = sg->parsers[p]->starts; *c; c++) {
			unsigned char b = (unsigned char)*c;

			if (sg->ndispatch[b] < sizeof(sg->dispatch[b]))
				sg->dispatch[b][sg->ndispatch[b]++] = (unsigned char)p;
		}
	}
}

/* Words that make the line above a block the command that produced it. */
static const char *const command_words[] = {
	"hyperfine", "iperf3", "iperf", "fortio", "size", "time", "/usr/bin/time", "perf",
	"cargo",     "go",     "bench", "taskset", "sudo", "numactl", "nice", "env",
};

static int looks_like_command(const char *s, size_t n)
{
	size_t i = 0, w;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 1 < n && (s[i] == '$' || s[i] == '#') && s[i + 1] == ' ')
		return 1;
	for (w = i; w < n && s[w] != ' ' && s[w] != '\t'; w++)
		;
	for (size_t k = 0; k < countof(command_words); k++)
		if (strlen(command_words[k]) == w - i && !memcmp(s + i, command_words[k], w - i))
			return 1;
	/* ./prog args, a path to a binary */
	return w - i > 2 && s[i] == '.' && s[i + 1] == '/';
}

static void close_block(struct seg *sg)
{
	struct block b;
	uint32_t base;
	int rc;

	if (!sg->open)
		return;
	sg->nlines = sg->ncontent;
	if (sg->nlines && !sg->stopped) {
		base = sg->lines[0].indent;
		for (size_t i = 0; i < sg->nlines; i++) {
			struct line *l = &sg->lines[i];
			uint32_t cut = l->indent < base ? l->indent : base;

			l->s += cut;
			l->len -= cut;
			l->indent -= cut;
			l->cut += cut;
		}
		memset(&b, 0, sizeof(b));
		b.fmt = sg->open->fmt;
		b.lines = sg->lines;
		b.n = (uint32_t)sg->nlines;
		b.index = sg->res->nblocks++;
		b.label = sg->label;
		b.label_line = sg->label_line;
		b.context = sg->context.len ? sg->context.s : NULL;
		rc = sg->fn(&b, sg->ctx);
		if (rc)
			sg->stopped = rc;
	}
	sg->open = NULL;
	sg->nlines = sg->ncontent = 0;
	arena_release(&sg->block_arena);
	buf_reset(&sg->context);
}

static void add_line(struct seg *sg, const struct line *l, int blank)
{
	struct line *d;

	ALLOC_GROW(sg->lines, sg->nlines + 1, sg->lines_cap);
	d = &sg->lines[sg->nlines++];
	*d = *l;
	if (l->s != l->raw) /* cleaned text lives in the scratch buffer: keep a copy */
		d->s = arena_strndup(&sg->block_arena, l->s, l->len);
	if (!blank)
		sg->ncontent = sg->nlines;
}

static void open_block(struct seg *sg, const struct parser *p, const unsigned char *state)
{
	close_block(sg);
	sg->open = p;
	memcpy(sg->state, state, p->state_size);
	/* the prose line right above (blank lines aside) may be the command that ran */
	if (sg->prev_prose.len && sg->prev_prose_line == sg->last_nonblank_line &&
	    looks_like_command(sg->prev_prose.s, sg->prev_prose.len))
		buf_add(&sg->context, sg->prev_prose.s, sg->prev_prose.len);
}

static int is_fence(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	return n >= 3 && ((s[0] == '`' && s[1] == '`' && s[2] == '`') ||
			  (s[0] == '~' && s[1] == '~' && s[2] == '~'));
}

static void prose_line(struct seg *sg, const struct line *l)
{
	struct buf lab = BUF_INIT;

	if (label_parse(l->s, l->len, &lab)) {
		sg->label = arena_strndup(sg->arena, lab.s, lab.len);
		sg->label_line = l->no;
	}
	buf_release(&lab);
	buf_reset(&sg->prev_prose);
	buf_add(&sg->prev_prose, l->s + l->indent, l->len - l->indent);
	sg->prev_prose_line = l->no;
}

static void do_line(struct seg *sg, struct line *l)
{
	unsigned char tmp[MAX_STATE];
	const char *s = l->s;
	int blank;
	uint32_t i = 0;

	while (i < l->len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	l->indent = i;
	blank = i == l->len;

	if (blank) {
		if (sg->open)
			add_line(sg, l, 1);
		return;
	}
	if (is_fence(l)) {
		/* a fence ends a block but keeps the label and the command above it */
		close_block(sg);
		return;
	}
	if (sg->open) {
		enum claim c = sg->open->claim(l, 1, sg->state);

		if (c == CLAIM_BODY) {
			add_line(sg, l, 0);
			sg->last_nonblank_line = l->no;
			return;
		}
		if (c == CLAIM_START) {
			memset(tmp, 0, sizeof(tmp));
			if (sg->open->claim(l, 0, tmp) == CLAIM_START) {
				const struct parser *p = sg->open;

				open_block(sg, p, tmp);
				add_line(sg, l, 0);
				sg->last_nonblank_line = l->no;
				return;
			}
		}
	}
	unsigned char b = (unsigned char)s[i];
	for (unsigned k = 0; k < sg->ndispatch[b]; k++) {
		const struct parser *p = sg->parsers[sg->dispatch[b][k]];

		memset(tmp, 0, p->state_size); /* a claim is asked of most lines: zero only what it reads */
		if (p->claim(l, 0, tmp) == CLAIM_START) {
			open_block(sg, p, tmp);
			add_line(sg, l, 0);
			sg->last_nonblank_line = l->no;
			return;
		}
	}
	close_block(sg);
	prose_line(sg, l);
	sg->last_nonblank_line = l->no;
}

int seg_split(const char *name, const char *text, size_t len, struct arena *arena,
	      seg_block_fn fn, void *ctx, struct seg_result *res, struct diag *d)
{
	struct seg sg;
	struct buf scratch = BUF_INIT;
	size_t pos = 0;
	uint32_t no = 0;

	memset(&sg, 0, sizeof(sg));
	memset(res, 0, sizeof(*res));
	sg.name = name;
	sg.arena = arena;
	sg.diag = d;
	sg.fn = fn;
	sg.ctx = ctx;
	sg.res = res;
	sg.parsers = parsers_all(&sg.nparsers);
	build_dispatch(&sg);

	while (pos < len && !sg.stopped) {
		const char *raw = text + pos;
		const char *nl = memchr(raw, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - raw) : len - pos;
		struct line l;

		memset(&l, 0, sizeof(l));
		l.no = ++no;
		l.off = pos;
		l.raw = raw;
		l.raw_len = (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n);
		if (n && raw[n - 1] == '\r')
			l.raw_len--;
		if (needs_clean(raw, l.raw_len)) {
			buf_reset(&scratch);
			clean(raw, l.raw_len, &scratch, (size_t)-1);
			buf_addc(&scratch, '\0');
			l.s = scratch.s;
			l.len = (uint32_t)scratch.len - 1;
		} else {
			l.s = raw;
			l.len = l.raw_len;
		}
		do_line(&sg, &l);
		pos += n + (nl ? 1 : 0);
	}
	close_block(&sg);
	res->nlines = no;

	free(sg.lines);
	arena_release(&sg.block_arena);
	buf_release(&sg.prev_prose);
	buf_release(&sg.context);
	buf_release(&scratch);
	return sg.stopped;
}
