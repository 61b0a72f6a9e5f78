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
#include <strings.h>

#include "parsers/clean.h"
#include "parsers/dispatch.h"
#include "parsers/handnum.h"
#include "parsers/label.h"
#include "parsers/legend.h"
#include "parsers/parse_ctx.h"
#include "parsers/prose.h"
#include "util/buf.h"
#include "util/hash.h"
#include "util/mapped.h"
#include "util/text.h"
#include "util/util.h"


/*
 * What the parsers answered, outside a block, of the lines asked last, by
 * their text: a log repeats its captions, sentences and tools' first lines
 * round after round ("Sizes of the builds:", "Benchmark 1: ./app run"),
 * and a claim asked outside a block reads the line's text alone
 * (parser.h). A line asked before goes straight to the parser that
 * started a block with it, with the state its claim wrote, or to none,
 * without asking again the dozen or more parsers its first byte names.
 * One line a slot, by a hash; many slots (about 100 KB of the walk's
 * state), so that the lines that differ each time (a round's number)
 * rarely push out a caption that comes back only every few rounds.
 */
#define ASKED_SLOTS 512
#define ASKED_TEXT 120 /* longer lines are asked each time */
#define ASKED_STATE 64 /* a claim state kept with its line, at most (larger ones: asked each time) */

struct asked {
	uint32_t len;       /* 0: empty */
	uint8_t starter;    /* the parser that started a block with it, its index + 1; 0: none did */
	/*
	 * Of a line no parser took: what prose_line() asked of its text and
	 * no state changes: the ASKED_x bits asked, and their answers in `said`
	 * (a command, a comment's header, an environment heading, no legend).
	 */
	uint8_t asked, said;
	unsigned char state[ASKED_STATE]; /* the starter's claim state */
	char text[ASKED_TEXT];
};

_Static_assert(PARSERS_COUNT < UINT8_MAX, "a slot keeps a parser's index + 1 in a byte");

/*
 * The shapes of the lines no parser took, outside a block: a log's lines
 * that come back with another number ("Benchmarking parse_1/case_17:
 * Warming up for 3.0000 s", "iperf3 to the test box, try 17:") miss the
 * asked lines above each time, and each was read through by every reader
 * of lines that begin with any letter. A line's shape is its text with
 * each digit past the bytes the first-word table reads digit for digit
 * (dispatch.h's digits_read: 16) made '1', or '0' for a zero. A claim
 * outside a block answers the same of two lines of one shape, unless its
 * parser says it reads the values of figures (struct parser's
 * `claim_reads_values`): a line of a shape no parser took is asked of
 * those parsers only. test_dispatch checks
 * every other parser's claim on every sample and corpus line against
 * lines of its shape.
 */
struct shaped {
	uint32_t len; /* 0: empty */
	/*
	 * What prose_line() asked of a line of the shape, as struct asked's
	 * bits (a command, a comment's header, an environment heading: each
	 * told by words and where digits stand, test_dispatch checks it; never
	 * ASKED_NO_LEGEND, as legends hold values)
	 */
	uint8_t asked, said;
	char text[ASKED_TEXT];
};

/*
 * The shapes (as above) of prose lines the label reader read as nothing
 * (LABEL_NONE) where no caption could begin ("iperf3 to the test box,
 * try 17:"): a line of such a shape, read with the same `plain_ok`, is
 * nothing again, its reading skipped. The reader tells labels by their
 * words, marks and where digits stand, not by digits' values;
 * test_dispatch checks it on every sample and corpus line. `summary` is
 * the one field of the reading besides its kind that is read after a line
 * read as nothing (label_rank(), through a setting line's label).
 */
struct none_shape {
	uint32_t len; /* 0: empty */
	uint8_t plain_ok, summary;
	char text[ASKED_TEXT];
};

enum {
	ASKED_COMMAND = 1,
	ASKED_COMMENT = 2,
	ASKED_ENV = 4,
	ASKED_NO_LEGEND = 8,
};

struct seg {
	const char *name;
	struct arena *arena;
	struct diag *diag;
	seg_block_fn fn;
	void *ctx;
	seg_legend_fn legends; /* where the prose lines that may state legends go, or NULL: read here */
	struct seg_result *res;

	const struct parser *const *parsers;
	size_t nparsers;
	struct dispatch dispatch; /* the parsers to ask of a line, by its first byte and word */
	struct asked asked[ASKED_SLOTS];
	struct asked *line_asked; /* the slot that holds the current line's text (no parser took it), or NULL */
	struct shaped *line_shaped; /* the slot that holds the current line's shape (the same), or NULL */
	/* the current line's shape (seg_line_shape()) and its hash, once made (shape_made) */
	char shape[ASKED_TEXT];
	uint64_t shape_hash;
	int shape_made;
	/* the hash of the current line's text, once made (text_hashed): its asked slot's, its legends' */
	uint64_t text_hash;
	int text_hashed;
	struct shaped *shaped;    /* ASKED_SLOTS shapes no parser took (heap, made when first needed), or NULL */
	struct none_shape *none_shapes; /* ASKED_SLOTS shapes of lines read as no label (the same), or NULL */
	struct seg_legend_memo *legend_memo; /* the legends of prose lines read here, or NULL */

	/* the open block */
	const struct parser *open;
	struct claim_room claim; /* its claim state (claim.state) */
	struct claim_room spare; /* a claim's state outside a block */
	struct rx_thread *rx;    /* the walking thread's matcher: its context's, or own_rx */
	struct rx_thread own_rx; /* without a context: lane 0 */
	struct line *lines;
	size_t nlines, lines_cap, ncontent; /* ncontent: lines up to the last non-blank one */
	struct arena block_arena;           /* cleaned text of the open block's lines */

	/* what governs the next block */
	const char *label;          /* variant label, or NULL */
	uint32_t label_line;
	int label_rank;             /* its heading level, 7 for a label that is no heading */
	int label_build;            /* it names a build or a change */
	int in_fence;               /* inside a ``` fence ('#' lines are comments there) */
	uint32_t fence_line;        /* the line that opened the fence we are in */
	uint32_t handle_line;       /* the label may be an author's handle ("alice:"): a quote below says so */
	const char *label_scenario; /* the scenario the label itself names, or NULL */
	const char *scenario;       /* the scenario of the section (a "Server mode" heading), or NULL */
	struct buf prev_prose;      /* the last prose line, for a command above a block */
	int prev_prose_command;     /* looks_like_command() of it, asked once when it was read */
	uint32_t prev_prose_line;
	uint32_t prev_prose_indent; /* its indentation */
	int prev_prose_alone;       /* it followed a blank line */
	int prev_prose_read;        /* it was read as a label or a command already */
	struct buf context;    /* the open block's command line, when it has one */
	struct buf run_cmd;    /* a command line in a fence, its program's own lines after it (no blank) */
	uint32_t run_cmd_line; /* its line; 0: none, or a blank line or a block came since */
	struct buf above;      /* the prose line above the open block, when there is one */
	uint32_t above_line;
	struct buf fence_caption; /* the prose line right above the open fence (blank lines aside) */
	uint32_t fence_caption_line; /* its line; 0: none */
	uint32_t last_nonblank_line;

	/*
	 * A lone bullet or a parenthesized line ("- Agent", "(with this
	 * patch)") names the output that comes next, blank lines and a fence's
	 * opening aside: decided when an output opens, forgotten at any other
	 * prose line.
	 */
	struct label cand;
	uint32_t cand_line;   /* 0: none */
	uint32_t item_line;   /* the numbered item in a fence that set the label (fence_item()), 0: none */
	uint32_t bullet_line; /* the last prose line that was a bullet item */

	/* a short line standing alone may be a heading: decided when the next line comes */
	struct label pending;
	uint32_t pending_line; /* 0: nothing pending */
	int prev_blank;   /* the last line was blank */
	int after_blank;  /* the current line follows a blank line */

	int env;            /* in a "Test environment" section: 1 before its first fact, 2 after */
	int title_done;     /* the title was found, or can no longer be */
	uint32_t first_text_line;
	struct buf first_text;
	int first_text_alone;   /* a blank line follows the first line */
	int first_text_h1;      /* it was a Markdown "# " heading */
	int sentences;          /* prose sentences before the first block */
	struct label lab;   /* scratch for label_read */

	/* the whole text, and its decimal mark once a generic parser's block asked for it */
	const char *text;
	size_t text_len;
	int mark_decided;
	enum num_mark mark;

	int stopped;
	int ending; /* the block closing now is ended by prose or a fence */
	int block_started;   /* the open block began after prose or a fence */
	int after_author;    /* the last non-blank line was prose or a fence (not tool output) */
};

/* hash_line() of the current line's text l->s[0..len), made once a line. */
static uint64_t line_text_hash(struct seg *sg, const struct line *l)
{
	if (!sg->text_hashed) {
		sg->text_hash = hash_line(l->s, l->len);
		sg->text_hashed = 1;
	}
	return sg->text_hash;
}

/* The slot of the line's text in sg->asked, or NULL when the text is too long for one. */
static struct asked *asked_slot(struct seg *sg, const struct line *l)
{
	if (l->len > ASKED_TEXT)
		return NULL;
	return &sg->asked[line_text_hash(sg, l) % ASKED_SLOTS];
}

/*
 * The shape of the line text s[0..n) (n <= ASKED_TEXT) in out: digits
 * after the first `keep` bytes made '1', zeros '0'.
 */
void seg_line_shape(const char *s, size_t n, size_t keep, char *out)
{
	const uint64_t ones = 0x0101010101010101ull;
	size_t j = n < keep ? n : keep;

	memcpy(out, s, j);
	/* eight bytes at a time: a byte '1' to '9' made '1' */
	for (; j + 8 <= n; j += 8) {
		uint64_t w, m;

		memcpy(&w, s + j, 8);
		m = text_word_in(w, '1', '9');
		m = (m >> 7) * 0xff;
		w = (w & ~m) | (ones * '1' & m);
		memcpy(out + j, &w, 8);
	}
	for (; j < n; j++)
		out[j] = char_is_digit(s[j]) ? (s[j] == '0' ? '0' : '1') : s[j];
}

/* The current line's shape in sg->shape and its hash, made once a line (l->len <= ASKED_TEXT). */
static void line_shape_made(struct seg *sg, const struct line *l)
{
	if (sg->shape_made)
		return;
	seg_line_shape(l->s, l->len, l->indent + sg->dispatch.digits_read, sg->shape);
	sg->shape_hash = hash_line(sg->shape, l->len);
	sg->shape_made = 1;
}

/* Was the text of `l` asked before? (`a`: its slot, or NULL) */
static int asked_before(const struct asked *a, const struct line *l)
{
	return a && a->len == l->len && !memcmp(a->text, l->s, l->len);
}

/*
 * The parsers answered `l`: parser `starter` (index + 1, 0: none) started
 * a block with it, its claim writing `state` of `size` bytes. Kept in the
 * slot, unless a pattern failed (the line is then asked again, and the
 * failure reported again) or the state is too large to keep.
 */
static void asked_keep(struct asked *a, const struct rx_thread *rx, const struct line *l, unsigned starter,
		       const unsigned char *state, size_t size)
{
	if (!a || rx_failed(rx) || size > ASKED_STATE)
		return;
	memcpy(a->text, l->s, l->len);
	a->len = l->len;
	a->starter = (uint8_t)starter;
	a->asked = a->said = 0;
	if (starter)
		memcpy(a->state, state, size);
}

/*
 * The answer of fn about the current line's text (its `what` bit): kept
 * in the line's slot when it has one and no pattern failed in the asking
 * (a failure is reported once for each line it happens on).
 */
static int line_fact(struct seg *sg, unsigned what, int (*fn)(struct rx_thread *rx, const char *s, size_t n),
		     const char *s, size_t n)
{
	struct asked *a = sg->line_asked;
	struct shaped *sh = sg->line_shaped;
	int v;

	if (a && (a->asked & what))
		return (a->said & what) != 0;
	if (sh && (sh->asked & what))
		v = (sh->said & what) != 0; /* a line of its shape was asked */
	else
		v = fn(sg->rx, s, n);
	if (rx_failed(sg->rx))
		return v;
	if (a) {
		a->asked |= (uint8_t)what;
		if (v)
			a->said |= (uint8_t)what;
	}
	if (sh) {
		sh->asked |= (uint8_t)what;
		if (v)
			sh->said |= (uint8_t)what;
	}
	return v;
}


/* Words that make the line above a block the command that produced it. */
#define CW(w) { w, sizeof(w) - 1 }
static const struct {
	const char *w;
	size_t n;
} command_words[] = {
	CW("hyperfine"), CW("iperf3"), CW("iperf"),   CW("fortio"), CW("size"),    CW("time"),
	CW("/usr/bin/time"), CW("perf"), CW("cargo"), CW("go"), CW("bench"), CW("taskset"),
	CW("sudo"), CW("numactl"), CW("nice"), CW("env"),
};
#undef CW

/* Is s[0..n) one of command_words? */
static int is_command_word(const char *s, size_t n)
{
	switch (n ? s[0] : 0) { /* the words' first bytes: most words of prose start otherwise */
	case 'h': case 'i': case 'f': case 's': case 't': case '/': case 'p':
	case 'c': case 'g': case 'b': case 'n': case 'e':
		break;
	default:
		return 0;
	}
	for (size_t k = 0; k < countof(command_words); k++)
		if (command_words[k].n == n && command_words[k].w[0] == s[0] && !memcmp(command_words[k].w, s, n))
			return 1;
	return 0;
}

/*
 * "perf stat (result from previous commit):": a tool's name with a note in
 * brackets names the output below, it is no command (no shell runs a
 * bracketed phrase as an argument). Sets the note's bytes; returns 1.
 */
static int tool_note(const char *s, size_t n, const char **note, size_t *note_len)
{
	size_t i = 0, w, open, close;
	int tool = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == ':'))
		n--;
	if (n <= i || s[n - 1] != ')') /* most lines: no bracket closes them */
		return 0;
	for (w = i; w < n && s[w] != ' ' && s[w] != '\t'; w++)
		;
	tool = w > i && is_command_word(s + i, w - i);
	/* then lower-case words only ("stat", "bench"), up to the bracket */
	for (open = w; tool && open < n && s[open] != '('; open++)
		if (!(s[open] == ' ' || (s[open] >= 'a' && s[open] <= 'z')))
			return 0;
	if (!tool || open >= n || s[n - 1] != ')')
		return 0;
	close = n - 1;
	for (size_t k = open + 1; k < close; k++)
		if (strchr(";|&$`=()", s[k]))
			return 0;
	if (!memchr(s + open + 1, ' ', close - open - 1) || strchr("-./", s[open + 1]))
		return 0;
	*note = s + open + 1;
	*note_len = close - open - 1;
	return 1;
}

/*
 * "echo NO_RUN_TO_PARITY > /debug/sched/features": a setting written before
 * a run names the configuration it ran in. Appends the value (a number as
 * "features=1", the file's name first) to *out; returns 1.
 */
static int setting_line(const char *s, size_t n, struct buf *out)
{
	size_t i = 0, v, vn, f;
	int digits = 1;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 1 < n && (s[i] == '$' || s[i] == '#') && s[i + 1] == ' ')
		i += 2;
	if (n - i < 8 || memcmp(s + i, "echo ", 5))
		return 0;
	i += 5;
	while (i < n && s[i] == ' ')
		i++;
	v = i;
	while (i < n && s[i] != ' ' && s[i] != '>')
		i++;
	vn = i - v;
	while (i < n && s[i] == ' ')
		i++;
	if (!vn || i >= n || s[i] != '>')
		return 0;
	while (i < n && (s[i] == '>' || s[i] == ' '))
		i++;
	if (i >= n || s[i] != '/')
		return 0;
	for (f = i; i < n && s[i] != ' '; i++)
		if (s[i] == '/')
			f = i + 1;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i != n || f >= n)
		return 0;
	for (size_t k = v; k < v + vn; k++)
		digits &= (s[k] >= '0' && s[k] <= '9') || s[k] == '\'' || s[k] == '"';
	if (digits) {
		size_t fe = f;

		while (fe < n && s[fe] != ' ')
			fe++;
		buf_add(out, s + f, fe - f);
		buf_addc(out, '=');
	}
	for (size_t k = v; k < v + vn; k++)
		if (s[k] != '\'' && s[k] != '"')
			buf_addc(out, s[k]);
	return 1;
}

/*
 * The bytes of a prompt arrow at the start of s[0..n) and the blanks
 * around it, or 0: the arrows of zsh's themes and of starship and pure
 * ("➜  hey http://...", "❯ oha ..."), and the Julia REPL's prompt
 * ("julia> @btime f($x)"). A line that starts with one is a command; the
 * command is what follows it.
 */
static size_t prompt_arrow_len(const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (n - i > 7 && !memcmp(s + i, "julia> ", 7))
		k = 7;
	else if (n - i > 4 && (!memcmp(s + i, "\xe2\x9e\x9c ", 4) || !memcmp(s + i, "\xe2\x9d\xaf ", 4)))
		k = 4;
	else
		return 0;
	for (i += k; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	return i < n ? i : 0;
}

/*
 * A shell prompt's bytes at s: "user@host:path$ " or "root@kbl:~# " (a
 * word with '@', maybe ':' and a path, then '$' or '#' and a blank before
 * a command). 0 when there is none.
 */
static size_t user_host_prompt_len(const char *s, size_t n)
{
	size_t i = 0, at = 0;

	while (i < n && i < 128 && s[i] != ' ' && s[i] != '\t') {
		if (s[i] == '@' && !at)
			at = i;
		i++;
	}
	if (!at || i < 3 || i + 1 >= n || (s[i - 1] != '$' && s[i - 1] != '#'))
		return 0;
	while (i < n && s[i] == ' ')
		i++;
	return i < n ? i : 0;
}

/*
 * "$ # old", "# # this PR", "user@host:~$ # with LTO": a prompt that runs
 * nothing but a comment is the author's note on what the prompt runs
 * next, as a fence's "# PGO" line is. Sets the comment's text (its '#'
 * marks and blanks gone); returns 1.
 */
static int prompt_comment(const char *s, size_t n, const char **note, size_t *note_len)
{
	size_t i = 0, p;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 3 >= n || !memchr(s + i, '#', n - i)) /* (most lines: no '#' at all) */
		return 0;
	if (s[i + 1] == ' ' && (s[i] == '$' || s[i] == '#' || s[i] == '%'))
		p = 2;
	else if (!(p = prompt_arrow_len(s + i, n - i)) && !(p = user_host_prompt_len(s + i, n - i)))
		return 0;
	for (i += p; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if (i >= n || s[i] != '#')
		return 0;
	while (i < n && s[i] == '#')
		i++;
	if (i >= n || (s[i] != ' ' && s[i] != '\t')) /* "$ #!/bin/sh", "$ #1": no comment's blank */
		return 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == ':'))
		n--;
	if (n <= i)
		return 0;
	*note = s + i;
	*note_len = n - i;
	return 1;
}

/* The bytes of a shell's syntax in a command's arguments (and NUL, where strchr() stopped). */
static const unsigned char shell_byte[256] = {
	[0] = 1,   ['-'] = 1, ['/'] = 1, ['.'] = 1,  ['='] = 1, ['|'] = 1,
	['<'] = 1, ['>'] = 1, ['\''] = 1, ['"'] = 1, ['`'] = 1, ['$'] = 1,
};

static int looks_like_command(const char *s, size_t n)
{
	size_t i = 0, w;
	const char *note;
	size_t note_len;

	if (tool_note(s, n, &note, &note_len))
		return 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 1 < n && s[i] == '$' && s[i + 1] == ' ')
		return 1;
	for (w = i; w < n && s[w] != ' ' && s[w] != '\t'; w++)
		;
	/* (a prompt "user@host:~$ " has its '@' in the first word, past its first byte: most lines none) */
	if (prompt_arrow_len(s, n) ||
	    (w - i > 1 && memchr(s + i + 1, '@', (w - i < 128 ? w - i : 128) - 1) && user_host_prompt_len(s + i, n - i)))
		return 1;
	/* "# ./app" is a root prompt, "# Results" a Markdown heading: look at the word */
	if (i + 1 < n && s[i] == '#' && s[i + 1] == ' ') {
		i += 2;
		/* "# perf_old stat -e cycles ./x": a root prompt running a program with options */
		for (size_t k = i; k + 2 < n; k++)
			if (s[k] == ' ' && s[k + 1] == '-' &&
			    ((s[k + 2] >= 'a' && s[k + 2] <= 'z') || (s[k + 2] >= 'A' && s[k + 2] <= 'Z') || s[k + 2] == '-') &&
			    s[n - 1] != ':')
				return 1;
		for (w = i; w < n && s[w] != ' ' && s[w] != '\t'; w++)
			;
	}
	if (w > i && is_command_word(s + i, w - i)) {
		/*
		 * A wrapped sentence that goes on with a command's name ("time from
		 * 32 single threaded processes before the patch:"), or one that
		 * names a tool ("iperf3 UDP bidirectional with DSPACE set to 16
		 * Bytes"), holds nothing of a shell's: no option, path, setting or
		 * quote; it ends with a colon, or runs on for five words more
		 */
		size_t k = w;

		while (k < n && !shell_byte[(unsigned char)s[k]])
			k++;
		return !(k == n && n > w &&
			 ((s[n - 1] == ':' && text_words(s + w, n - w, 4) >= 3) || text_words(s + w, n - w, 5) >= 5));
	}
	/* ./prog args, a path to a binary */
	return w - i > 2 && s[i] == '.' && s[i + 1] == '/';
}

/* looks_like_command() as line_fact() asks it (it matches no pattern). */
static int command_fact(struct rx_thread *rx, const char *s, size_t n)
{
	(void)rx;
	return looks_like_command(s, n);
}
int seg_line_facts(struct rx_thread *rx, const char *s, size_t n, size_t indent)
{
	return command_fact(rx, s + indent, n - indent) | prose_comment_header(rx, s, n) << 1 |
	       prose_env_heading(rx, s, n) << 2;
}


/*
 * The open block of a generic reader that is a tool's table after all
 * (struct parser's tool_table: its cells carry the tool's marks) becomes
 * the tool's, as if the tool's parser had opened it, its claim state
 * zeroed: parsed by the tool, never flagged typed by hand. Returns 1 when
 * it did. Asked when a line would end the block and when it closes.
 */
static int hand_over(struct seg *sg)
{
	const struct parser *p;
	enum fmt f;

	if (!sg->open || !sg->open->generic || !sg->open->tool_table || !sg->ncontent)
		return 0;
	f = sg->open->tool_table(sg->rx, sg->lines, sg->ncontent);
	if (f == FMT_NONE || !(p = parser_for(f)) || p->generic)
		return 0;
	sg->open = p;
	memset(sg->claim.state, 0, p->state_size);
	/* the kinds the lines were told were the generic reader's */
	for (size_t i = 0; i < sg->nlines; i++)
		sg->lines[i].kind = 0;
	return 1;
}

static void close_block(struct seg *sg)
{
	struct block b;
	struct rx_failure held;
	uint32_t base;
	int rc, holding;

	if (!sg->open)
		return;
	sg->nlines = sg->ncontent;
	hand_over(sg);
	if (sg->nlines && !sg->stopped) {
		base = sg->lines[0].indent;
		memset(&b, 0, sizeof(b));
		b.quoted = 1;
		for (size_t i = 0; i < sg->nlines; i++) {
			struct line *l = &sg->lines[i];
			uint32_t cut = l->indent < base ? l->indent : base;

			/* (a block all of whose lines are quoted, blank ones aside, is a quote) */
			if (!l->quoted && l->indent < l->len) {
				b.quoted = 0;
				if (!base)
					break; /* nothing to cut, and the block is no quote */
			}
			l->s += cut;
			l->len -= cut;
			l->indent -= cut;
			l->cut += cut;
		}
		b.fmt = sg->open->fmt;
		b.lines = sg->lines;
		b.n = (uint32_t)sg->nlines;
		b.index = sg->res->nblocks++;
		b.label = sg->label;
		b.label_line = sg->label_line;
		b.label_heading = sg->label_rank <= 6;
		b.label_build = sg->label_build;
		b.scenario = sg->label_scenario ? sg->label_scenario : sg->scenario;
		b.context = sg->context.len ? sg->context.s : NULL;
		b.ended = sg->ending;
		b.started = sg->block_started;
		b.above = sg->above_line ? buf_str(&sg->above) : NULL;
		b.above_line = sg->above_line;
		if (sg->in_fence && sg->fence_caption_line) {
			b.caption = buf_str(&sg->fence_caption);
			b.caption_line = sg->fence_caption_line;
		} else if (!sg->in_fence && sg->above_line && !sg->context.len) {
			b.caption = b.above;
			b.caption_line = b.above_line;
		}
		if (sg->open->generic) {
			/* a person's numbers: the text's decimal mark, decided once from all of it */
			if (!sg->mark_decided) {
				sg->mark = numstyle_decide(sg->text, sg->text_len, NULL, 0);
				sg->mark_decided = 1;
			}
			b.num_mark = (unsigned char)sg->mark;
		}
		/*
		 * A claim's failed match on the line that ends the block is the
		 * walk's to report (read as prose), not the block's parse's: held
		 * aside while the callback parses, whichever thread it runs on.
		 */
		holding = rx_take_failure(sg->rx, &held);
		rc = sg->fn(&b, sg->ctx);
		if (holding)
			rx_put_back_failure(sg->rx, &held);
		if (rc)
			sg->stopped = rc;
	}
	sg->open = NULL;
	sg->nlines = sg->ncontent = 0;
	arena_release(&sg->block_arena);
	buf_reset(&sg->context);
	buf_reset(&sg->above);
	sg->above_line = 0;
}

/* Add `l` to the open block, with the kind its claim told (0: none); a blank line ends no content. */
static inline void add_line(struct seg *sg, const struct line *l, int blank, uint8_t kind)
{
	struct line *d;

	ALLOC_GROW(sg->lines, sg->nlines + 1, sg->lines_cap);
	d = &sg->lines[sg->nlines++];
	*d = *l;
	d->kind = kind;
	if (l->s != l->raw && !l->contiguous) /* cleaned text lives in the scratch buffer: keep a copy */
		d->s = arena_strndup(&sg->block_arena, l->s, l->len);
	if (!blank)
		sg->ncontent = sg->nlines;
}

static void open_block(struct seg *sg, const struct parser *p, const unsigned char *state)
{
	if (sg->open && sg->open->fmt == FMT_TABLE && sg->ncontent == 1 && sg->lines[0].no == sg->last_nonblank_line) {
		/*
		 * a typed table's lone head right above a tool's output ("  MOLD:
		 * LLD  GOLD" over the shell's time rows) is that output's line
		 * above, as a line of prose would be
		 */
		const struct line *h = &sg->lines[0];

		buf_reset(&sg->prev_prose);
		buf_add(&sg->prev_prose, h->s + h->indent, h->len - h->indent);
		sg->prev_prose_line = h->no;
		sg->prev_prose_command = 0;
	}
	close_block(sg);
	sg->open = p;
	sg->block_started = sg->after_author;
	memcpy(sg->claim.state, state, p->state_size);
	/* the prose line right above (blank lines aside) may be the command that ran */
	if (sg->prev_prose.len && sg->prev_prose_line == sg->last_nonblank_line) {
		buf_add(&sg->above, sg->prev_prose.s, sg->prev_prose.len);
		sg->above_line = sg->prev_prose_line;
		if (sg->prev_prose_command) {
			size_t arrow = prompt_arrow_len(sg->prev_prose.s, sg->prev_prose.len);

			buf_add(&sg->context, sg->prev_prose.s + arrow, sg->prev_prose.len - arrow);
		}
	}
	/*
	 * "$ time ./app" in a fence, the program's own lines, then the time
	 * report: the command ran the output, with its program's lines between
	 */
	if (!sg->context.len && sg->run_cmd_line && sg->in_fence && sg->run_cmd_line > sg->fence_line)
		buf_add(&sg->context, sg->run_cmd.s, sg->run_cmd.len);
	sg->run_cmd_line = 0;
}

static int is_fence(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	return n >= 3 && ((s[0] == '`' && s[1] == '`' && s[2] == '`') ||
			  (s[0] == '~' && s[1] == '~' && s[2] == '~'));
}

static const char *keep(struct seg *sg, const struct buf *b)
{
	return b->len ? arena_strndup(sg->arena, b->s, b->len) : NULL;
}

/*
 * How high a label stands: a Markdown heading by its level, a <summary>
 * (the title of its <details>) as the lowest heading, any other label
 * below all headings: a bold "Output" inside the details leaves its title.
 */
static int label_rank(const struct label *lab)
{
	return lab->level ? lab->level : lab->summary ? 6 : 7;
}

static void apply_label(struct seg *sg, const struct label *lab, uint32_t line)
{
	/*
	 * A heading's sub-parts ("Settings:", "Server mode" under "### With
	 * LTO") leave its label; a comment inside a fence ranks below every
	 * heading outside it.
	 */
	int rank = label_rank(lab) + (sg->in_fence && lab->level ? 7 : 0);
	int under = sg->label && rank > sg->label_rank;

	switch (lab->kind) {
	case LABEL_VARIANT:
		/*
		 * What names no build under a label that stands: what was measured.
		 * A comment inside the fence ("# single-thread tcp" under "#### same
		 * node"), or a deeper heading under a build's ("## TX TCP" under
		 * "# Without patches").
		 */
		if (sg->label && lab->level && !lab->build && !lab->scenario.len &&
		    (sg->in_fence || (under && sg->label_build))) {
			sg->scenario = keep(sg, &lab->variant);
			break;
		}
		sg->label = keep(sg, &lab->variant);
		sg->label_scenario = keep(sg, &lab->scenario);
		sg->label_line = line;
		sg->label_rank = label_rank(lab) + (sg->in_fence && lab->level ? 7 : 0);
		sg->label_build = lab->build;
		sg->handle_line = lab->handle ? line : 0;
		break;
	case LABEL_SCENARIO:
		if (!under)
			sg->label = sg->label_scenario = NULL;
		sg->scenario = keep(sg, &lab->scenario);
		break;
	case LABEL_SECTION:
		if (!under)
			sg->label = sg->label_scenario = sg->scenario = NULL;
		break;
	case LABEL_NONE:
		break;
	}
}

/* The line after a pending bare line decides: a blank line (or a fence) makes it a heading. */
static void settle_pending(struct seg *sg, int standalone)
{
	if (!sg->pending_line)
		return;
	if (standalone)
		apply_label(sg, &sg->pending, sg->pending_line);
	sg->pending_line = 0;
}

static void add_fact(struct seg *sg, const char *key, const char *value, size_t vlen, uint32_t line)
{
	struct seg_fact *f;

	ALLOC_GROW(sg->res->facts, sg->res->nfacts + 1, sg->res->facts_cap);
	f = &sg->res->facts[sg->res->nfacts++];
	f->key = arena_strdup(sg->arena, key);
	f->value = arena_strndup(sg->arena, value, vlen);
	f->line = line;
}

struct legend_ctx {
	struct seg_result *res;
	struct arena *arena;
	uint32_t line;
};

static void add_legend(void *arg, const char *name, size_t nn, const char *desc, size_t dn)
{
	struct legend_ctx *c = arg;
	struct seg_result *r = c->res;
	struct seg_legend *g;

	ALLOC_GROW(r->legends, r->nlegends + 1, r->legends_cap);
	g = &r->legends[r->nlegends++];
	g->name = arena_strndup(c->arena, name, nn);
	g->desc = arena_strndup(c->arena, desc, dn);
	g->line = c->line;
}

size_t seg_read_legends(struct seg_result *res, struct arena *arena, const char *s, size_t n, uint32_t line)
{
	struct legend_ctx lc = { res, arena, line };

	return legend_scan(s, n, add_legend, &lc);
}

#define LEGEND_SLOTS 128
#define LEGEND_KEEP 4 /* legends a slot keeps of a line (a line with more is read each time) */

struct seg_legend_memo {
	/* lines that stated none, by their text: a log's captions come back as they were (no shape to make) */
	struct {
		uint32_t len; /* 0: empty */
		char text[SEG_LEGEND_TEXT];
	} none[LEGEND_SLOTS];
	struct {
		uint32_t len;   /* 0: empty */
		uint8_t n;      /* the legends a line of the shape states */
		uint8_t span[LEGEND_KEEP][4]; /* each one's name and description: offset, length */
		char shape[SEG_LEGEND_TEXT];
	} slot[LEGEND_SLOTS];
};

_Static_assert(SEG_LEGEND_TEXT <= UINT8_MAX, "a slot keeps offsets in a line in a byte");

struct seg_legend_memo *seg_legend_memo_new(void)
{
	return xcalloc(1, sizeof(struct seg_legend_memo));
}

void seg_legend_memo_free(struct seg_legend_memo *m)
{
	free(m);
}

/* The legends of a line being read, added as add_legend() adds them, their places kept. */
struct legend_spans {
	struct legend_ctx *lc;
	const char *s, *end; /* the line */
	size_t n;            /* legends found */
	int apart;           /* one was not a part of the line */
	uint8_t span[LEGEND_KEEP][4];
};

static void add_legend_span(void *arg, const char *name, size_t nn, const char *desc, size_t dn)
{
	struct legend_spans *ls = arg;

	if (name < ls->s || nn > (size_t)(ls->end - name) || desc < ls->s || dn > (size_t)(ls->end - desc))
		ls->apart = 1;
	else if (ls->n < LEGEND_KEEP) {
		ls->span[ls->n][0] = (uint8_t)(name - ls->s);
		ls->span[ls->n][1] = (uint8_t)nn;
		ls->span[ls->n][2] = (uint8_t)(desc - ls->s);
		ls->span[ls->n][3] = (uint8_t)dn;
	}
	ls->n++;
	add_legend(ls->lc, name, nn, desc, dn);
}

/* Does `m` know s[0..n) (its slot in m->none: t) as a text that states no legend? */
static int legends_none_known(const struct seg_legend_memo *m, const char *s, size_t n, unsigned t)
{
	return m->none[t].len == n && !memcmp(m->none[t].text, s, n);
}

/*
 * seg_read_legends_memo() past the texts known to state none: s[0..n)
 * (0 < n <= SEG_LEGEND_TEXT) has `shape` (its hash shape_hash) and its
 * slot in m->none is t.
 */
static size_t legends_shaped(struct seg_legend_memo *m, struct seg_result *res, struct arena *arena, const char *s,
			     size_t n, uint32_t line, unsigned t, const char *shape, uint64_t shape_hash)
{
	struct legend_ctx lc = { res, arena, line };
	struct legend_spans ls = { &lc, s, s + n, 0, 0, { { 0 } } };
	unsigned k = (unsigned)(shape_hash % LEGEND_SLOTS);

	if (m->slot[k].len == n && !memcmp(m->slot[k].shape, shape, n)) {
		const uint8_t(*sp)[4] = m->slot[k].span;

		for (unsigned i = 0; i < m->slot[k].n; i++)
			add_legend(&lc, s + sp[i][0], sp[i][1], s + sp[i][2], sp[i][3]);
		ls.n = m->slot[k].n;
	} else {
		legend_scan(s, n, add_legend_span, &ls);
		if (!ls.apart && ls.n <= LEGEND_KEEP) {
			memcpy(m->slot[k].shape, shape, n);
			m->slot[k].len = (uint32_t)n;
			m->slot[k].n = (uint8_t)ls.n;
			memcpy(m->slot[k].span, ls.span, sizeof(ls.span));
		}
	}
	if (!ls.n) {
		memcpy(m->none[t].text, s, n);
		m->none[t].len = (uint32_t)n;
	}
	return ls.n;
}

size_t seg_read_legends_memo(struct seg_legend_memo *m, struct seg_result *res, struct arena *arena,
			     const char *s, size_t n, uint32_t line)
{
	char shape[SEG_LEGEND_TEXT];
	unsigned t;

	if (!n || n > SEG_LEGEND_TEXT)
		return seg_read_legends(res, arena, s, n, line);
	t = (unsigned)(hash_line(s, n) % LEGEND_SLOTS);
	if (legends_none_known(m, s, n, t))
		return 0;
	seg_line_shape(s, n, 0, shape);
	return legends_shaped(m, res, arena, s, n, line, t, shape, hash_line(shape, n));
}

/* A title stated outright in the first lines, or the first line of a text that reads as one. */
static void look_for_title(struct seg *sg, const struct line *l)
{
	struct buf t = BUF_INIT;

	if (sg->title_done)
		return;
	if (l->no > 60) {
		sg->title_done = 1;
		return;
	}
	if (prose_title(sg->rx, l->s, l->len, &t)) {
		sg->res->title = arena_strndup(sg->arena, t.s, t.len);
		sg->res->title_line = l->no;
		sg->title_done = 1;
	} else if (!sg->first_text_line) {
		const char *s = l->s + l->indent;
		size_t n = l->len - l->indent;

		sg->first_text_line = l->no;
		if (n > 2 && s[0] == '#' && s[1] == ' ') { /* "# Title" at the top of a Markdown text */
			s += 2, n -= 2;
			sg->first_text_h1 = 1;
		}
		else if (n && s[0] == '#') /* "## Results" is a section, not a title */
			n = 0;
		buf_add(&sg->first_text, s, n);
	}
	buf_release(&t);
}

/* <details>, </details>, <pre>, </pre>, <br>: structure, not prose ( <summary> is read as a label). */
static int is_html_structure(const struct line *l)
{
	static const char *const tags[] = { "<details", "</details>", "<pre", "</pre>", "<br", "</summary>",
					    "<p>", "</p>", "<code>", "</code>" };
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (!n || s[0] != '<')
		return 0;
	for (size_t k = 0; k < countof(tags); k++)
		if (n >= strlen(tags[k]) && !strncasecmp(s, tags[k], strlen(tags[k])) &&
		    !(k == 0 && n > 9 && memchr(s, '>', n) && (size_t)((const char *)memchr(s, '>', n) - s) + 1 < n))
			return 1;
	return 0;
}

/*
 * May a bare line (no mark) stand as a label here: right after a blank
 * line, or right under prose that introduces it ("It does fix the first
 * one:" over "Before")?
 */
static int bare_ok(const struct seg *sg)
{
	/* (right under a Markdown heading, a line begins a paragraph of its own) */
	return sg->after_blank || (sg->prev_prose_line && sg->prev_prose_line == sg->last_nonblank_line &&
				   sg->prev_prose.len && (sg->prev_prose.s[sg->prev_prose.len - 1] == ':' ||
							  (!sg->in_fence && sg->prev_prose.len > 2 && sg->prev_prose.s[0] == '#' &&
							   (sg->prev_prose.s[1] == ' ' || sg->prev_prose.s[1] == '#'))));
}

/*
 * Could the line be a label at all? Marked labels start with '#', '*',
 * '-', '+', '_', '<', a digit or a bullet, or end with ':'; a bare one must
 * follow a blank line. Most prose lines are none of these.
 */
static int label_shaped(const struct seg *sg, const char *s, size_t n)
{
	size_t end = n;
	char last;

	while (end && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	if (!end || n > 200)
		return 0;
	last = s[end - 1];
	if (last == ':' || strchr("#*-+_<0123456789", s[0]) || (end >= 2 && last == '*' && s[end - 2] == '*'))
		return 1;
	if (n > 3 && !memcmp(s, "\xe2\x80\xa2", 3)) /* • */
		return 1;
	/*
	 * a bare line: only right after a blank line, or right under prose
	 * that introduces it ("It does fix the first one:" over "Before"),
	 * short, and not a sentence's end
	 */
	if (!bare_ok(sg) || strchr(".?!,;", last))
		return 0;
	return text_words(s, end, 7) <= 7;
}

/* A line of six words or more is a sentence: issue threads have them, tool logs do not. */
static int is_sentence(const char *s, size_t n)
{
	return text_words(s, n, 6) >= 6;
}

/* Bytes of a bullet item's marker at s ("- ", "* ", "+ ", "• "), 0 when there is none. */
static size_t bullet_len(const char *s, size_t n)
{
	if (n > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ' && s[2] != ' ' && s[2] != s[0])
		return 2;
	if (n > 4 && !memcmp(s, "\xe2\x80\xa2 ", 4))
		return 4;
	return 0;
}

/*
 * Is the prose line s[0..n) (line l) a caption candidate: a lone bullet
 * item (the line before is no bullet of a list) or a line in parentheses,
 * short, whose text read as a marked label names a variant, where the
 * line read as it stands (sg->lab, read first here) names none? Then it
 * is kept in sg->cand for the output that may come next; returns 1.
 */
static int caption_candidate(struct seg *sg, const struct line *l, const char *s, size_t n)
{
	size_t b = bullet_len(s, n), e = n;
	struct buf t = BUF_INIT;
	int lone, ok, plain = bare_ok(sg), may_caption;
	struct none_shape *ns = NULL;

	/* (computed before the reading now: it reads neither) */
	while (e && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	lone = b && sg->bullet_line != sg->last_nonblank_line;
	may_caption = lone || (e > 2 && s[0] == '(' && s[e - 1] == ')');
	if (!may_caption && l->len <= ASKED_TEXT) {
		/* a shape read as nothing before is nothing again */
		if (!sg->none_shapes)
			sg->none_shapes = xcalloc(ASKED_SLOTS, sizeof(*sg->none_shapes));
		line_shape_made(sg, l);
		ns = &sg->none_shapes[(sg->shape_hash ^ (unsigned)plain) % ASKED_SLOTS];
		if (ns->len == l->len && ns->plain_ok == plain && !memcmp(ns->text, sg->shape, l->len)) {
			sg->lab.kind = LABEL_NONE;
			sg->lab.summary = ns->summary;
			return 0;
		}
	}
	if (label_read(l->s, l->len, plain, &sg->lab) == LABEL_NONE && ns && !rx_failed(sg->rx)) {
		memcpy(ns->text, sg->shape, l->len);
		ns->len = l->len;
		ns->plain_ok = (uint8_t)plain;
		ns->summary = (uint8_t)!!sg->lab.summary;
	}
	/*
	 * A comment inside a fence that reads "key: value" ("# OS Type:
	 * linux", "# DB Version: 15") states a fact of a configuration file,
	 * not a name ("# Run 2: with BOLT" loses its counting head first)
	 */
	if (sg->in_fence && sg->lab.level && sg->lab.kind == LABEL_VARIANT && sg->lab.variant.len > 2 &&
	    text_find(sg->lab.variant.s, sg->lab.variant.len - 1, ": "))
		sg->lab.kind = LABEL_NONE;
	if (sg->lab.kind == LABEL_VARIANT || sg->lab.kind == LABEL_SCENARIO)
		return 0;
	if (!may_caption)
		return 0;
	if (!b) /* the parentheses go */
		b = 1, e--;
	if (e <= b) /* a bullet with nothing after it but blanks ("\u2022  ") */
		return 0;
	/* a setting in a bullet ("- threads: 4") is a fact of what is measured, not a name */
	if (text_find(s + b, e - b - 1, ": "))
		return 0;
	buf_add(&t, s + b, e - b);
	if (t.len && t.s[t.len - 1] != ':')
		buf_addc(&t, ':');
	ok = text_words(t.s, t.len, 6) <= 5 && label_read(t.s, t.len, 1, &sg->cand) == LABEL_VARIANT;
	buf_release(&t);
	if (!ok)
		return 0;
	sg->cand_line = l->no;
	return 1;
}

/*
 * "1. Debian's GCC 10.2 + ld.bfd 2.35" inside a fence, over the outputs
 * that follow it: an item of a numbered list of what was run heads its
 * outputs as a comment in the fence does ("# GCC 10"), however long and
 * with or without a build word; a sentence ("1. Run it twice.") does not.
 * Applies the label and returns 1, or 0 for a line of another shape.
 */
static int fence_item(struct seg *sg, uint32_t line, const char *s, size_t n)
{
	size_t d = 0, e = n;
	struct buf b = BUF_INIT;
	int ok;

	while (d < n && d < 3 && s[d] >= '0' && s[d] <= '9')
		d++;
	while (e && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (!d || d + 2 >= e || (s[d] != '.' && s[d] != ')') || s[d + 1] != ' ' || strchr(".?!,;:", s[e - 1]))
		return 0;
	buf_adds(&b, "# ");
	buf_add(&b, s + d + 2, e - d - 2);
	ok = label_read(b.s, b.len, 1, &sg->lab) == LABEL_VARIANT;
	if (ok) {
		/* the next item is the one before's sibling, not a part of it */
		if (sg->label && sg->item_line && sg->label_line == sg->item_line && sg->item_line > sg->fence_line)
			sg->label = sg->label_scenario = NULL;
		apply_label(sg, &sg->lab, line);
		sg->item_line = sg->label_line == line ? line : 0;
	}
	buf_release(&b);
	return ok;
}

/*
 * "-- before" inside a fence: an SQL or Lua comment over the session it
 * runs, naming its build as "# before" would. Only a short note with a
 * build's word and no setting (cmake's "-- Configuring done" and "--
 * Build files have been written to: ..." are the tool's own). Applies
 * the label and returns 1, or 0.
 */
static int fence_dash_comment(struct seg *sg, uint32_t line, const char *s, size_t n)
{
	struct buf b = BUF_INIT;
	int ok;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n < 4 || s[0] != '-' || s[1] != '-' || s[2] != ' ' || memchr(s, ':', n) || text_words(s + 3, n - 3, 4) > 3)
		return 0;
	buf_add(&b, s + 3, n - 3);
	buf_addc(&b, ':');
	ok = label_read(b.s, b.len, 1, &sg->lab) == LABEL_VARIANT && sg->lab.build;
	if (ok)
		apply_label(sg, &sg->lab, line);
	buf_release(&b);
	return ok;
}

/* The walk's memory of the legends of prose lines it read (made when first needed). */
static struct seg_legend_memo *legend_memo(struct seg *sg)
{
	if (!sg->legend_memo)
		sg->legend_memo = seg_legend_memo_new();
	return sg->legend_memo;
}

/*
 * seg_read_legends_memo() of the prose line `l`, its text s[0..n) past
 * its indentation. A line without indentation is keyed by what the walk
 * makes of it anyway: its text's hash, and its shape (line_shape_made()),
 * whose first bytes keep their digits. That key is finer than the memo's
 * own shape (no byte kept): lines of one such shape are of one memo shape
 * too, and a slot of either kind answers only for lines of its memo shape
 * (making a shape of a shape changes nothing), so every answer is one
 * legend_scan() gives.
 */
static size_t read_legends(struct seg *sg, const struct line *l, const char *s, size_t n)
{
	struct seg_legend_memo *m = legend_memo(sg);
	unsigned t;

	if (l->indent || !n || n > SEG_LEGEND_TEXT || n > ASKED_TEXT)
		return seg_read_legends_memo(m, sg->res, sg->arena, s, n, l->no);
	t = (unsigned)(line_text_hash(sg, l) % LEGEND_SLOTS);
	if (legends_none_known(m, s, n, t))
		return 0;
	line_shape_made(sg, l);
	return legends_shaped(m, sg->res, sg->arena, s, n, l->no, t, sg->shape, sg->shape_hash);
}

static void prose_line(struct seg *sg, const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent, note_len;
	const char *note;
	int command, shaped;

	if (!sg->res->nblocks && sg->first_text_line && l->no > sg->first_text_line && is_sentence(s, n))
		sg->sentences++;
	look_for_title(sg, l);
	/* (inside a fence, "[snip]" and "--" are the output's: no comment begins there) */
	if (!sg->in_fence && line_fact(sg, ASKED_COMMENT, prose_comment_header, l->s, l->len)) {
		/* a new comment: what the previous one labelled does not reach into it */
		sg->label = sg->label_scenario = sg->scenario = NULL;
		sg->env = 0;
		sg->pending_line = 0;
		return;
	}
	command = line_fact(sg, ASKED_COMMAND, command_fact, s, n);
	if (!command && !(sg->line_asked && (sg->line_asked->asked & ASKED_NO_LEGEND))) {
		/* a command line ("$ hyperfine -L m a,b -- 'x {m}'") holds no legend */
		if (sg->legends)
			sg->legends(sg->ctx, s, n, l->no); /* read by the receiver (seg_split_keep()) */
		else if (!read_legends(sg, l, s, n) && sg->line_asked &&
			 !rx_failed(sg->rx))
			sg->line_asked->asked |= ASKED_NO_LEGEND; /* a text with none has none the next time */
	}
	shaped = label_shaped(sg, s, n); /* asked twice below, of the same line and state */
	if (shaped && line_fact(sg, ASKED_ENV, prose_env_heading, l->s, l->len)) {
		sg->label = sg->label_scenario = sg->scenario = NULL;
		sg->env = 1;
		sg->pending_line = 0;
		return;
	}
	if (sg->env) {
		struct buf key = BUF_INIT, value = BUF_INIT;

		if (prose_fact(sg->rx, l->s, l->len, &key, &value))
			add_fact(sg, key.s, value.s, value.len, l->no);
		sg->env = 2;
		buf_release(&key);
		buf_release(&value);
		return;
	}
	sg->prev_prose_read = 0;
	/*
	 * Prose between a candidate and an output: it names nothing, unless
	 * the prose is the start of a fence opened after it (a tool's progress
	 * lines above the output it names)
	 */
	if (!(sg->in_fence && sg->fence_line > sg->cand_line))
		sg->cand_line = 0;
	buf_reset(&sg->lab.variant);
	if (setting_line(s, n, &sg->lab.variant)) {
		/* the label is the setting: a variant named in the data, no sentence to read */
		buf_reset(&sg->lab.scenario);
		sg->lab.kind = LABEL_VARIANT;
		sg->lab.marked = 1;
		sg->lab.level = 0;
		sg->lab.handle = 0;
		sg->lab.build = 1;
		apply_label(sg, &sg->lab, l->no);
		sg->prev_prose_read = 1;
	} else if (tool_note(s, n, &note, &note_len) || prompt_comment(s, n, &note, &note_len)) {
		struct buf b = BUF_INIT;

		/* read the note as the label it is, marked by the colon it stands for */
		buf_add(&b, note, note_len);
		buf_addc(&b, ':');
		if (label_read(b.s, b.len, 1, &sg->lab) == LABEL_VARIANT) {
			apply_label(sg, &sg->lab, l->no);
			sg->prev_prose_read = 1;
		}
		buf_release(&b);
	} else if (sg->in_fence && n > 3 && s[0] == '-' && fence_dash_comment(sg, l->no, s, n)) {
		sg->prev_prose_read = 1;
	} else if (!shaped || command) {
		/* "$ hyperfine ./app_release": the command above the output, not a label */
		sg->prev_prose_read = command;
	} else if (sg->in_fence && fence_item(sg, l->no, s, n)) {
		sg->prev_prose_read = 1;
	} else if (caption_candidate(sg, l, s, n) | (sg->lab.kind != LABEL_NONE)) {
		/* (a candidate is also read as it stands: a section it heads still ends what came before) */
		sg->prev_prose_read = 1;
		if (sg->lab.marked) {
			apply_label(sg, &sg->lab, l->no);
		} else {
			/* a bare line: a heading only if a blank line or a block follows */
			struct label swap = sg->pending;

			sg->pending = sg->lab;
			sg->lab = swap;
			sg->pending_line = l->no;
		}
	}
	if (bullet_len(s, n))
		sg->bullet_line = l->no;
	if (command && sg->in_fence) {
		size_t arrow = prompt_arrow_len(s, n);

		buf_reset(&sg->run_cmd);
		buf_add(&sg->run_cmd, s + arrow, n - arrow);
		sg->run_cmd_line = l->no;
	}
	buf_reset(&sg->prev_prose);
	buf_add(&sg->prev_prose, s, n);
	sg->prev_prose_command = command;
	sg->prev_prose_line = l->no;
	sg->prev_prose_indent = l->indent;
	sg->prev_prose_alone = sg->after_blank;
}

/* A release's number alone: "v1.7.x", "0.13.0", "v4.13-rc2" (a 'v', a digit, a '.', no blank). */
static int version_caption(const char *s, size_t n)
{
	size_t i = 0;
	int dot = 0;

	if (n > 24)
		return 0;
	if (i < n && (s[i] == 'v' || s[i] == 'V'))
		i++;
	if (i >= n || !char_is_digit(s[i]))
		return 0;
	for (; i < n; i++) {
		if (s[i] == '.')
			dot = 1;
		else if (!char_is_digit(s[i]) && !((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') && s[i] != '-' && s[i] != '+')
			return 0;
	}
	return dot;
}

/*
 * A bare short line right above an output inside a fence (the fence's
 * first words, "psycopg c pool_recycle=300" over the load test it names),
 * or a release's number right above one outside a fence, is that
 * output's caption: it names it even without a build word, where
 * standing alone in the prose it would be a section's heading.
 */
static void fence_caption(const struct seg *sg, struct label *lab, uint32_t line, const struct line *l)
{
	/*
	 * The fence's first line only, and not one the output continues (a
	 * Criterion id alone above its indented "time:" line is the parser's);
	 * outside a fence, a release's number alone right above the output
	 * ("v1.7.x" over cgmemtime's report)
	 */
	if (!((sg->in_fence && line == sg->fence_line + 1) ||
	      (!sg->in_fence && version_caption(lab->variant.s, lab->variant.len))) ||
	    line != sg->prev_prose_line ||
	    l->indent > sg->prev_prose_indent || lab->kind != LABEL_SECTION || !lab->bare || !lab->variant.len)
		return;
	/* nor the output's own header: go test -v prints the name the next line begins with */
	if (l->len - l->indent >= sg->prev_prose.len &&
	    !memcmp(l->s + l->indent, sg->prev_prose.s, sg->prev_prose.len))
		return;
	lab->kind = LABEL_VARIANT;
}

/*
 * The prose line above (sg->prev_prose) read with `plain_ok` into sg->lab:
 * 1 when it reads as nothing. A line at the margin is the line the walk
 * read, so a line of its shape read as nothing before (the none_shapes of
 * caption_candidate()) is nothing again, unread ("Benchmarking
 * parse_1/case_17: Warming up for 3.0000 s" above each Criterion block);
 * one read as nothing now is kept there.
 */
static int prose_read_as_none(struct seg *sg)
{
	const char *s = sg->prev_prose.s;
	size_t n = sg->prev_prose.len;
	struct none_shape *ns = NULL;
	char shape[ASKED_TEXT];

	if (!sg->prev_prose_indent && n <= ASKED_TEXT) {
		if (!sg->none_shapes)
			sg->none_shapes = xcalloc(ASKED_SLOTS, sizeof(*sg->none_shapes));
		seg_line_shape(s, n, sg->dispatch.digits_read, shape);
		ns = &sg->none_shapes[(hash_line(shape, n) ^ 1u) % ASKED_SLOTS];
		if (ns->len == n && ns->plain_ok && !memcmp(ns->text, shape, n)) {
			sg->lab.kind = LABEL_NONE;
			sg->lab.summary = ns->summary;
			return 1;
		}
	}
	if (label_read(s, n, 1, &sg->lab) != LABEL_NONE)
		return 0;
	if (ns && !rx_failed(sg->rx)) {
		memcpy(ns->text, shape, n);
		ns->len = (uint32_t)n;
		ns->plain_ok = 1;
		ns->summary = (uint8_t)!!sg->lab.summary;
	}
	return 1;
}

/*
 * Tool output starts at line `l`: a short line right above it, with no
 * blank line between, is its caption. One that names a build (or a
 * scenario) names the block; a caption that only organises ("Output")
 * changes nothing.
 */
static void settle_caption(struct seg *sg, const struct line *l)
{
	if (sg->cand_line) {
		/* a lone bullet or a parenthesized line, only blank lines or a fence's opening since */
		if (sg->pending_line == sg->cand_line)
			sg->pending_line = 0; /* (the line read as it stands: the candidate says more) */
		apply_label(sg, &sg->cand, sg->cand_line);
		sg->cand_line = 0;
	}
	if (sg->pending_line) {
		if (sg->pending_line + 1 == l->no)
			fence_caption(sg, &sg->pending, sg->pending_line, l);
		if (sg->pending.kind == LABEL_VARIANT || sg->pending.kind == LABEL_SCENARIO)
			apply_label(sg, &sg->pending, sg->pending_line);
		sg->pending_line = 0;
		return;
	}
	if (sg->prev_prose_line + 1 != l->no || sg->prev_prose_read || !sg->prev_prose.len)
		return;
	if (!prose_read_as_none(sg))
		fence_caption(sg, &sg->lab, sg->prev_prose_line, l);
	if (sg->lab.kind == LABEL_VARIANT)
		apply_label(sg, &sg->lab, sg->prev_prose_line);
	sg->prev_prose_read = 1;
}

/* "-----" or "=====" under a line: a setext heading (level 2 or 1). */
static int setext_level(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent, i = 0;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n < 2 || (s[0] != '-' && s[0] != '='))
		return 0;
	while (i < n && s[i] == s[0])
		i++;
	return i == n ? (s[0] == '=' ? 1 : 2) : 0;
}

/* A thematic break: "---", "***", "___" (spaces between allowed). */
static int is_rule(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent, marks = 0;

	if (!n || (s[0] != '-' && s[0] != '*' && s[0] != '_'))
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == s[0])
			marks++;
		else if (s[i] != ' ' && s[i] != '\t')
			return 0;
	}
	return marks >= 3;
}

/*
 * The level of the setext heading whose underline is `l`: the line right
 * above stood alone as prose, and is no setting ("threads: 4" or "N=10"
 * above a rule). 0 when `l` underlines no heading.
 */
static int setext_under_prose(const struct seg *sg, const struct line *l)
{
	int level = setext_level(l);

	if (!level || sg->prev_prose_line + 1 != l->no || !sg->prev_prose_alone || !sg->prev_prose.len)
		return 0;
	for (size_t i = 0; i + 1 < sg->prev_prose.len; i++)
		if (sg->prev_prose.s[i] == '=' || (sg->prev_prose.s[i] == ':' && sg->prev_prose.s[i + 1] == ' '))
			return 0;
	return level;
}

/*
 * A setext underline at `l` right under a line that stood alone: that line
 * is a heading. Returns 1 when it was (the underline is then consumed).
 */
static int setext_heading(struct seg *sg, const struct line *l)
{
	struct buf h = BUF_INIT;
	int level = setext_under_prose(sg, l);

	if (!level)
		return 0;
	buf_adds(&h, level == 1 ? "# " : "## ");
	buf_add(&h, sg->prev_prose.s, sg->prev_prose.len);
	sg->pending_line = 0;
	if (label_read(h.s, h.len, 1, &sg->lab) != LABEL_NONE)
		apply_label(sg, &sg->lab, sg->prev_prose_line);
	sg->prev_prose_read = 1;
	buf_release(&h);
	return 1;
}

/* A line of rule marks alone ("-----", "+---+", "|---|"): a table's, never a tool's first line. */
static int rule_only(const struct line *l)
{
	for (uint32_t i = l->indent; i < l->len; i++)
		if (!strchr("-=+|: \t", l->s[i]))
			return 0;
	return 1;
}

/*
 * The tool (no generic reader) whose claim starts a block with `l`, its
 * text from l->s[from] on, asked outside a block: its state written to
 * `state` (the segmenter's spare room); NULL when none does.
 */
static const struct parser *tool_starting(struct seg *sg, const struct line *l, uint32_t from, unsigned char *state)
{
	unsigned char b = (unsigned char)l->s[from];
	uint64_t asks = dispatch_mask(&sg->dispatch, l->s + from, l->len - from);

	for (unsigned k = 0; k < sg->dispatch.nrow[b]; k++) {
		const struct parser *p = sg->parsers[sg->dispatch.row[b][k]];

		if (p->generic || !dispatch_asks(asks, k))
			continue;
		memset(state, 0, p->state_size);
		if (p->claim(l, 0, state) == CLAIM_START)
			return p;
	}
	return NULL;
}

static void do_line(struct seg *sg, struct line *l)
{
	unsigned char *tmp = sg->spare.state;
	const char *s = l->s;
	int blank;
	uint32_t i = 0;

	while (i < l->len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	l->indent = i;
	blank = i == l->len;
	sg->line_asked = NULL;
	sg->line_shaped = NULL;
	sg->shape_made = 0;
	sg->text_hashed = 0;

	if (blank) {
		if (sg->open)
			add_line(sg, l, 1, 0);
		settle_pending(sg, 1);
		if (sg->env == 2)
			sg->env = 0; /* the environment section ends with its paragraph */
		if (sg->first_text_line && sg->last_nonblank_line == sg->first_text_line)
			sg->first_text_alone = 1;
		sg->prev_blank = 1;
		sg->run_cmd_line = 0;
		return;
	}
	sg->after_blank = sg->prev_blank;
	sg->prev_blank = 0;
	if (sg->handle_line) {
		/* "alice:" above a quote: who wrote it, not a variant */
		if (l->quoted && sg->label_line == sg->handle_line)
			sg->label = sg->label_scenario = NULL;
		sg->handle_line = 0;
	}
	/* (a fence or a tag begins with one of three bytes: most lines are told there) */
	if ((s[i] == '`' || s[i] == '~' || s[i] == '<') && (is_fence(l) || is_html_structure(l))) {
		/* a fence ends a block but keeps the label and the command above it */
		sg->ending = 1;
		close_block(sg);
		sg->ending = 0;
		settle_pending(sg, 1);
		if (is_fence(l)) {
			sg->prev_blank = 1;
			sg->in_fence = !sg->in_fence;
			sg->fence_line = sg->in_fence ? l->no : 0;
			/* the prose right above the fence's opening may caption what it holds */
			sg->fence_caption_line = 0;
			buf_reset(&sg->fence_caption);
			if (sg->in_fence && sg->prev_prose.len && sg->prev_prose_line &&
			    sg->prev_prose_line == sg->last_nonblank_line &&
			    !sg->prev_prose_command) {
				buf_add(&sg->fence_caption, sg->prev_prose.s, sg->prev_prose.len);
				sg->fence_caption_line = sg->prev_prose_line;
			}
		}
		sg->after_author = 1;
		return;
	}
	if (sg->open && sg->open->generic && !rule_only(l) && strchr(sg->open->starts, s[i])) {
		/*
		 * A tool's table right under a typed one is the tool's (a rule of
		 * dashes, and a line the typed table's own rows start otherwise,
		 * stay the typed table's).
		 */
		const struct parser *p = tool_starting(sg, l, i, tmp);

		if (p) {
			/*
			 * The tool's line under the tool's own table (pyperf's
			 * "Benchmark hidden because not significant" under its
			 * grid): the block was the tool's, and goes on.
			 */
			if (!(hand_over(sg) && sg->open == p && p->claim(l, 1, sg->claim.state) == CLAIM_BODY))
				open_block(sg, p, tmp);
			add_line(sg, l, 0, 0);
			sg->last_nonblank_line = l->no;
			sg->after_author = 0;
			return;
		}
	}
	if (sg->open) {
		enum claim c;

		sg->claim.said = 0;
		c = sg->open->claim(l, 1, sg->claim.state);
		if (c == CLAIM_NONE && hand_over(sg)) {
			sg->claim.said = 0;
			c = sg->open->claim(l, 1, sg->claim.state);
		}

		if (c == CLAIM_BODY) {
			/* with the kind the claim told, for the parse (LINE_KIND()) */
			add_line(sg, l, 0, sg->claim.said);
			sg->last_nonblank_line = l->no;
			sg->after_author = 0;
			return;
		}
		if (c == CLAIM_START) {
			memset(tmp, 0, sizeof(sg->spare.state));
			if (sg->open->claim(l, 0, tmp) == CLAIM_START) {
				const struct parser *p = sg->open;

				open_block(sg, p, tmp);
				add_line(sg, l, 0, 0);
				sg->last_nonblank_line = l->no;
				sg->after_author = 0;
				return;
			}
		}
	}
	unsigned char b = (unsigned char)s[i];
	/*
	 * reStructuredText underlines a section title as long as it likes:
	 * a long rule under a lone line of prose (no command) is that title's,
	 * not the start of an output known by its rule (iperf3's banner).
	 */
	int title = (b == '-' || b == '=') && setext_under_prose(sg, l) &&
		    !sg->prev_prose_command;

	struct asked *a = title ? NULL : asked_slot(sg, l);
	const struct parser *starter = NULL;
	int ask = !title;

	if (asked_before(a, l)) {
		/* the answers of the line's first time */
		ask = 0;
		if (a->starter) {
			starter = sg->parsers[a->starter - 1];
			memcpy(tmp, a->state, starter->state_size);
			/* a state that holds the line's number is this line's, not the first time's */
			if (starter->claim_state_line) {
				memset(tmp, 0, starter->state_size);
				if (starter->claim(l, 0, tmp) != CLAIM_START)
					starter = NULL, ask = 1;
			}
		}
	}
	uint64_t asks = ask ? dispatch_mask(&sg->dispatch, s + i, l->len - i) : 0;

	/* a line of a shape no parser took is asked of the parsers that read figures' values only */
	const char *shape = sg->shape;
	struct shaped *sh = NULL;
	int shape_seen = 0;

	if (ask && a) {
		if (!sg->shaped)
			sg->shaped = xcalloc(ASKED_SLOTS, sizeof(*sg->shaped));
		line_shape_made(sg, l);
		sh = &sg->shaped[sg->shape_hash % ASKED_SLOTS];
		shape_seen = sh->len == l->len && !memcmp(sh->text, shape, l->len);
	}
	/* of a shape refused before, the row's positions whose claim reads values (dispatch.h), in order */
	const unsigned char *positions = shape_seen ? sg->dispatch.valued[b] : NULL;
	unsigned npositions = shape_seen ? sg->dispatch.nvalued[b] : sg->dispatch.nrow[b];

	for (unsigned j = 0; j < npositions && ask && !starter; j++) {
		unsigned k = positions ? positions[j] : j;
		const struct parser *p = sg->parsers[sg->dispatch.row[b][k]];

		if (!dispatch_asks(asks, k))
			continue; /* its first words are not the line's */
		/*
		 * a claim is asked of most lines: zero only what it reads, most
		 * states in two stores rather than a call
		 */
		if (p->state_size <= 16)
			memset(tmp, 0, 16);
		else
			memset(tmp, 0, p->state_size);
		if (p->claim(l, 0, tmp) == CLAIM_START) {
			starter = p;
			asked_keep(a, sg->rx, l, sg->dispatch.row[b][k] + 1u, tmp, p->state_size);
		}
	}
	if (starter) {
		settle_caption(sg, l);
		sg->env = 0;
		sg->title_done = sg->title_done || !sg->first_text_line;
		open_block(sg, starter, tmp);
		add_line(sg, l, 0, 0);
		sg->last_nonblank_line = l->no;
		sg->after_author = 0;
		return;
	}
	if (ask) {
		asked_keep(a, sg->rx, l, 0, NULL, 0);
		if (sh && !shape_seen && !rx_failed(sg->rx)) {
			memcpy(sh->text, shape, l->len);
			sh->len = l->len;
			sh->asked = sh->said = 0;
		}
	}
	sg->line_asked = asked_before(a, l) ? a : NULL;
	sg->line_shaped = sh && sh->len == l->len && !memcmp(sh->text, shape, l->len) ? sh : NULL;
	sg->ending = 1;
	close_block(sg);
	sg->ending = 0;
	sg->after_author = 1;
	if (setext_heading(sg, l)) {
		sg->last_nonblank_line = l->no;
		return;
	}
	/*
	 * A bare line over the command that runs the next output ("Unpatched
	 * kernel" over "root@test1:~# /usr/bin/time -v ./a.sh") waits for that
	 * output: the command is no prose between them
	 */
	if (!(sg->pending_line && sg->pending_line + 1 == l->no && sg->pending.kind == LABEL_VARIANT &&
	      line_fact(sg, ASKED_COMMAND, command_fact, l->s + l->indent, l->len - l->indent)))
		settle_pending(sg, 0);
	prose_line(sg, l);
	if (is_rule(l))
		sg->prev_blank = 1; /* the line under "---" stands alone, as after a blank line */
	sg->last_nonblank_line = l->no;
}

/*
 * The bytes that need cleaning wherever they stand (CLEAN_ANYWHERE_BYTES,
 * beside clean_needed_shape()) are looked for a chunk of the text at a time, by
 * memchr while the chunk is in the cache: a line inside a chunk without
 * any needs no scan of its own. Lines of a chunk with one are scanned.
 */
#define SPECIAL_CHUNK 65536

struct specials {
	const char *end;       /* the text's end */
	const char *chunk_end; /* the chunk looked at last ends here */
	int chunk_clean;       /* it holds none of the bytes */
};

static void specials_init(struct specials *sp, const char *text, size_t len)
{
	sp->end = text + len;
	sp->chunk_end = text;
	sp->chunk_clean = 0;
}

/* Is one of the bytes in [from, to)? Lines come in the text's order. */
static int special_before(struct specials *sp, const char *from, const char *to)
{
	static const char bytes[] = CLEAN_ANYWHERE_BYTES;

	if (to > sp->chunk_end) {
		size_t n = (size_t)(sp->end - from) < SPECIAL_CHUNK ? (size_t)(sp->end - from) : SPECIAL_CHUNK;

		sp->chunk_end = from + n;
		sp->chunk_clean = 1;
		for (size_t k = 0; k < sizeof(bytes) && sp->chunk_clean; k++)
			sp->chunk_clean = !memchr(from, bytes[k], n);
	}
	if (to <= sp->chunk_end && sp->chunk_clean)
		return 0;
	for (size_t k = 0; k < sizeof(bytes); k++)
		if (memchr(from, bytes[k], (size_t)(to - from)))
			return 1;
	return 0;
}

/*
 * The next '|' of the text, found by one memchr for all the lines before
 * it: a container log's prefix ("web_1  | ") needs one, and most lines of
 * most texts hold none. The search looks BAR_WINDOW bytes ahead at most:
 * in a text without a bar, one search to its end would read (and map)
 * all of it before the first line is walked.
 */
#define BAR_WINDOW 65536

struct bars {
	/*
	 * The first bar at or after the line asked last, or the byte where
	 * the search stopped (no bar before it); the text at first.
	 */
	const char *next;
	const char *end;
};

/* Is there a '|' in [from, to)? Lines come in the text's order. */
static int bar_in(struct bars *b, const char *from, const char *to)
{
	for (;;) {
		size_t n;
		const char *hit;

		if (b->next >= from) {
			if (b->next >= to)
				return 0;
			if (*b->next == '|')
				return 1;
			from = b->next; /* the search stopped inside the line: on from there */
		}
		n = (size_t)(b->end - from) < BAR_WINDOW ? (size_t)(b->end - from) : BAR_WINDOW;
		hit = memchr(from, '|', n);
		b->next = hit ? hit : from + n;
	}
}

/* The container log prefix of the lines read last (a copy: their pages may be given back). */
struct container {
	char prefix[80];
	size_t len; /* 0: the line before carried none */
};

/*
 * Bytes of a container log's prefix ("web_1  | ") to drop at the start of
 * raw[0..n): only where the line before carried the same prefix or the
 * next line (at `next`, up to `end`) does, so that a lone line that looks
 * like one (a table row, a sentence with a bar) keeps its bytes.
 */
static size_t container_prefix(struct container *cp, const char *raw, size_t n, const char *next,
			       const char *end)
{
	size_t k = clean_container_prefix(raw, n);
	int same = 0;

	if (k && k < sizeof(cp->prefix)) {
		same = cp->len == k && !memcmp(cp->prefix, raw, k);
		if (!same && next && (size_t)(end - next) >= k && !memcmp(next, raw, k)) {
			const char *nl = memchr(next, '\n', (size_t)(end - next));
			size_t nn = nl ? (size_t)(nl - next) : (size_t)(end - next);

			same = clean_container_prefix(next, nn) == k;
		}
	}
	if (!same) {
		cp->len = 0;
		return 0;
	}
	memcpy(cp->prefix, raw, k);
	cp->len = k;
	return k;
}

/*
 * The number `nl -ba` or `cat -n` puts before a line ("     1\t+----"):
 * its bytes, the number in *num; 0 when raw[0..n) has none.
 */
static size_t line_number_len(const char *raw, size_t n, unsigned long *num)
{
	size_t i = 0, d;

	/*
	 * the tab ends the sixth column (blanks, then 1 to 6 digits) or the
	 * seventh (7 digits, no blank): most lines that begin with a blank or
	 * a digit (an indented output, a row of figures: all are asked) have
	 * neither, and are told here without reading their digits
	 */
	*num = 0;
	if (n < 7 || (raw[6] != '\t' && !(n > 7 && raw[7] == '\t' && raw[0] >= '0' && raw[0] <= '9')))
		return 0;
	while (i < n && i < 7 && raw[i] == ' ')
		i++;
	for (d = i; i < n && i - d < 7 && raw[i] >= '0' && raw[i] <= '9'; i++)
		*num = *num * 10 + (unsigned long)(raw[i] - '0');
	/* right-aligned in six columns, as both print it (a TSV's first column is not) */
	return i > d && i < n && raw[i] == '\t' && (i == 6 || (i > 6 && d == 0)) ? i + 1 : 0;
}

/*
 * Bytes of a line number to drop at the start of raw[0..n) (a listing
 * piped through `nl -ba` or `cat -n`): only where the line before carried
 * the number before it or the next line (at `next`, up to `end`) carries
 * the one after, so that a lone line that looks numbered (a TSV row) keeps
 * its bytes. *last: the number of the line before, 0 when it had none.
 */
static size_t numbered_prefix(unsigned long *last, const char *raw, size_t n, const char *next, const char *end)
{
	unsigned long v, w;
	size_t k = line_number_len(raw, n, &v);

	if (k && !(*last && v == *last + 1) && next) {
		const char *nl = memchr(next, '\n', (size_t)(end - next));

		if (!line_number_len(next, nl ? (size_t)(nl - next) : (size_t)(end - next), &w) || w != v + 1)
			k = 0;
	} else if (k && !(*last && v == *last + 1)) {
		k = 0;
	}
	*last = k ? v : 0;
	return k;
}

/*
 * Does raw[0..n), a "# " comment inside a fence, hold a tool's first line
 * ("# Running 1m test @ http://localhost/"): an output pasted as a
 * script's comments? Asked of the tools' claims alone (a typed table or a
 * labelled figure in a comment is a comment), outside any block.
 */
static int commented_tool(struct seg *sg, const char *raw, size_t n)
{
	struct line tl;
	uint32_t i = 0;

	if (n < 4 || raw[0] != '#' || raw[1] != ' ')
		return 0;
	memset(&tl, 0, sizeof(tl));
	tl.s = tl.raw = raw + 2;
	tl.len = tl.raw_len = (uint32_t)(n - 2);
	while (i < tl.len && (tl.s[i] == ' ' || tl.s[i] == '\t'))
		i++;
	if (i >= tl.len)
		return 0;
	tl.indent = i;
	return tool_starting(sg, &tl, i, sg->spare.state) != NULL;
}

/* The line begins k bytes later (a prefix of its source's: its offsets too); *raw follows. */
static void drop_prefix(struct line *l, const char **raw, size_t k)
{
	l->raw += k;
	l->off += k;
	l->raw_len -= (uint32_t)k;
	*raw += k;
}

/* seg_split(), and with `drop` the mapped text's pages given back behind the walk. */
static int split(const char *name, const char *text, size_t len, struct arena *arena,
		 seg_block_fn fn, void *ctx, struct seg_result *res, struct diag *d, int drop,
		 struct parse_ctx *pc, seg_legend_fn legends)
{
	struct seg sg;
	struct specials sp;
	struct container cp = { 0 };
	unsigned long numbered = 0; /* the line number `nl -ba` put before the line before, or 0 */
	int commented = 0; /* the line before was a tool's output pasted as "# " comments (commented_tool()) */
	struct bars bars = { text, text + len };
	struct buf scratch = BUF_INIT;
	size_t pos = 0, dropped = 0;
	uint32_t no = 0;

	memset(&sg, 0, sizeof(sg));
	memset(res, 0, sizeof(*res));
	sg.name = name;
	sg.arena = arena;
	sg.diag = d;
	sg.fn = fn;
	sg.ctx = ctx;
	sg.legends = legends;
	sg.res = res;
	sg.lab.memo = sg.cand.memo = sg.pending.memo = pc ? pc->labels : NULL;
	sg.rx = pc ? &pc->rx : &sg.own_rx;
	sg.claim.rx = sg.spare.rx = sg.lab.rx = sg.cand.rx = sg.pending.rx = sg.rx;
	sg.parsers = parsers_all(&sg.nparsers);
	sg.prev_blank = 1; /* the first line stands at the top */
	sg.text = text;
	sg.text_len = len;
	dispatch_build(&sg.dispatch, sg.parsers, sg.nparsers);
	specials_init(&sp, text, len);

	while (pos < len && !sg.stopped) {
		const char *raw = text + pos;
		const char *nl = memchr(raw, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - raw) : len - pos;
		struct line l;
		int shape, special;

		memset(&l, 0, sizeof(l));
		l.no = ++no;
		l.off = pos;
		l.raw = raw;
		l.raw_len = (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n);
		if (n && raw[n - 1] == '\r')
			l.raw_len--;
		if (!l.raw_len) {
			/* an empty line (a sixth of most logs): no prefix, nothing to clean */
			l.s = raw;
			goto read;
		}
		if (!(raw[0] == ' ' || raw[0] == '\t')) {
			/* a container log's prefix: the line begins after it (its offsets too) */
			size_t k = 0;

			if (bar_in(&bars, raw, raw + l.raw_len))
				k = container_prefix(&cp, raw, l.raw_len, nl ? nl + 1 : NULL, text + len);
			else
				cp.len = 0; /* (no prefix without a bar) */

			drop_prefix(&l, &raw, k);
		}
		if (l.raw_len > 2 && (raw[0] == ' ' || (raw[0] >= '0' && raw[0] <= '9'))) {
			/* a listing's line numbers ("     1\t"): the line begins after them */
			drop_prefix(&l, &raw, numbered_prefix(&numbered, raw, l.raw_len, nl ? nl + 1 : NULL, text + len));
			if (!l.raw_len) {
				l.s = raw; /* an empty line, numbered */
				goto read;
			}
		} else if (numbered) {
			numbered = 0;
		}
		if (raw[0] == '#' && sg.in_fence && (commented || (!sg.open && commented_tool(&sg, raw, l.raw_len)))) {
			/*
			 * an output pasted as comments: from the tool's first line on,
			 * each loses its "# " (asked outside a block only: fortio's
			 * "# target 99% ..." lines are its own)
			 */
			commented = 1;
			drop_prefix(&l, &raw, l.raw_len > 1 && raw[1] == ' ' ? 2 : 1);
			if (!l.raw_len) {
				l.s = raw;
				goto read;
			}
		} else {
			commented = 0;
		}
		/* (clean_needed_shape()'s first test inline: a line that begins with a letter needs it only for a ']' at its end) */
		shape = l.raw_len && ((unsigned char)raw[0] | 0x20) >= 'a' && ((unsigned char)raw[0] | 0x20) <= 'z'
				? raw[l.raw_len - 1] == ']' && clean_needed_shape(raw, l.raw_len)
				: clean_needed_shape(raw, l.raw_len);
		special = special_before(&sp, raw, raw + l.raw_len);
		if (shape || special) {
			int quoted = 0;
			size_t from, to;

			if (!special)
				clean_trim(raw, l.raw_len, &from, &to, &quoted);
			if (!special || clean_span(raw, l.raw_len, &from, &to, &quoted)) {
				/* a quote marker or a prefix dropped: the rest is the source's own bytes */
				l.s = raw + from;
				l.len = (uint32_t)(to - from);
				l.contiguous = 1;
			} else {
				buf_reset(&scratch);
				clean_line(raw, l.raw_len, &scratch, &quoted);
				buf_addc(&scratch, '\0');
				l.s = scratch.s;
				l.len = (uint32_t)scratch.len - 1;
			}
			l.quoted = (uint8_t)quoted;
		} else {
			l.s = raw;
			l.len = l.raw_len;
		}
read:
		do_line(&sg, &l);
		if (rx_failed(sg.rx)) {
			/* a claim's match failed (match limit, UTF error): the line went unclaimed */
			struct rx_failure f;

			rx_take_failure(sg.rx, &f);
			diag_warn(d, name, l.no, "pattern \"%s\" could not be matched (%s): the line was read as prose",
				  f.pattern, f.message);
		}
		pos += n + (nl ? 1 : 0);
		if (drop && pos - dropped >= SEG_DROP_EVERY) {
			/* a mapped text's pages behind us go back; the open block's lines stay */
			size_t keep = sg.open && sg.nlines ? (size_t)(sg.lines[0].raw - text) : pos;

			if (keep > dropped) {
				mapped_drop(text + dropped, keep - dropped);
				dropped = keep;
			}
		}
	}
	close_block(&sg);
	settle_pending(&sg, 1);
	res->nlines = no;
	/*
	 * No title stated: the first line, when it stands alone at the top of a
	 * text that reads as an issue's (sentences before the tool output). A
	 * bare line ending as a sentence does is one; a "# " heading is a title
	 * even so ("# cpython: Use optimizations, for a 25% speedup."), unless a
	 * colon ends it.
	 */
	if (!res->title && sg.first_text_line && sg.first_text_line <= 3 && sg.first_text_alone &&
	    (sg.sentences || sg.first_text_h1) && sg.first_text.len && sg.first_text.len <= 160 &&
	    res->nblocks && no > 5 && !strchr(sg.first_text_h1 ? ":" : ".:?!", sg.first_text.s[sg.first_text.len - 1]) &&
	    !looks_like_command(sg.first_text.s, sg.first_text.len)) {
		res->title = arena_strndup(arena, sg.first_text.s, sg.first_text.len);
		res->title_line = sg.first_text_line;
	}

	free(sg.lines);
	free(sg.shaped);
	free(sg.none_shapes);
	seg_legend_memo_free(sg.legend_memo);
	arena_release(&sg.block_arena);
	buf_release(&sg.prev_prose);
	buf_release(&sg.context);
	buf_release(&sg.run_cmd);
	label_release(&sg.pending);
	label_release(&sg.cand);
	buf_release(&sg.first_text);
	label_release(&sg.lab);
	buf_release(&sg.above);
	buf_release(&sg.fence_caption);
	buf_release(&scratch);
	return sg.stopped;
}

int seg_split(const char *name, const char *text, size_t len, struct arena *arena,
	      seg_block_fn fn, void *ctx, struct seg_result *res, struct diag *d,
	      struct parse_ctx *pc)
{
	return split(name, text, len, arena, fn, ctx, res, d, 1, pc, NULL);
}

int seg_split_keep(const char *name, const char *text, size_t len, struct arena *arena,
		   seg_block_fn fn, void *ctx, struct seg_result *res, struct diag *d,
		   struct parse_ctx *pc, seg_legend_fn legends)
{
	return split(name, text, len, arena, fn, ctx, res, d, 0, pc, legends);
}

void seg_result_release(struct seg_result *r)
{
	free(r->facts);
	r->facts = NULL;
	r->nfacts = r->facts_cap = 0;
	free(r->legends);
	r->legends = NULL;
	r->nlegends = r->legends_cap = 0;
}
