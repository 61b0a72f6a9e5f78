/*
 * parser.h - what the segmenter hands a parser, and what a parser gives back.
 *
 * The segmenter (segment.c) cleans each line of a text (no CR, ANSI escapes,
 * quote prefixes or HTML entities), asks the parsers which lines are theirs
 * (claim) and groups them into blocks. A parser turns one block into runs,
 * measurements, samples, series and notes through a sink. Parsers never see
 * text outside their block and never learn that a store exists.
 */
#ifndef BD_PARSERS_PARSER_H
#define BD_PARSERS_PARSER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parsers/record.h"
#include "parsers/recset.h"
#include "parsers/rx.h"
#include "util/arena.h"
#include "util/diag.h"

/* One line of input, cleaned. Valid while the block that holds it is being parsed. */
struct line {
	const char *s;      /* cleaned text, not NUL-terminated */
	uint32_t len;
	uint32_t indent;    /* leading blanks (spaces, tabs) in s */
	uint32_t no;        /* 1-based line number in the source */
	uint32_t cut;       /* bytes of cleaned text cut before s (a block's common indentation) */
	uint64_t off;       /* byte offset of the raw line in the source */
	const char *raw;    /* the line as it is in the source, without its newline */
	uint32_t raw_len;
	uint8_t quoted;     /* a Markdown quote marker was removed ("> ") */
	/*
	 * Cleaning dropped bytes before and after the text only: s points into
	 * raw (s - cut is where the cleaned text starts there), as valid as raw.
	 */
	uint8_t contiguous;
	/*
	 * What the claim of the block's parser classified the line as while
	 * the block was open (its classify()'s kind + 1, told by
	 * claim_said()); 0 when not known. The parse takes it through
	 * LINE_KIND() instead of classifying the line again.
	 */
	uint8_t kind;
};

/*
 * The kind of block line `l` by the parser's classifier `fn`: the one its
 * claim told (struct line's `kind`), else fn(l). For a parse's lines only,
 * and only of a parser whose claim tells the kind of the same line with
 * the same classifier (test_dispatch checks every sample and corpus line).
 */
#define LINE_KIND(l, fn) ((l)->kind ? (unsigned)((l)->kind - 1u) : (unsigned)fn(l))

/* Length of l->s without its trailing blanks (never less than l->indent). */
static inline size_t line_end(const struct line *l)
{
	size_t n = l->len;

	while (n > l->indent && (l->s[n - 1] == ' ' || l->s[n - 1] == '\t'))
		n--;
	return n;
}

static inline int char_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Does the text of `l` after its indentation start with `prefix`? */
static inline int line_starts(const struct line *l, const char *prefix)
{
	size_t n;

	/* most lines asked fail at the first byte: no strlen and memcmp for them */
	if (prefix[0] && (l->len == l->indent || l->s[l->indent] != prefix[0]))
		return 0;
	n = strlen(prefix);
	return l->len - l->indent >= n && !memcmp(l->s + l->indent, prefix, n);
}

/*
 * A tool prints the rows of its table together: in a block of its output,
 * a row of pipes after a blank line is another table's (one a person
 * typed, which the table reader opens). `last` is the last line the
 * block's claim took, kept in its state (0 when not known: the block was
 * handed over). Is `l` past a blank line after it?
 */
static inline int line_after_gap(const struct line *l, uint32_t last)
{
	return last && l->no > last + 1;
}

/* Does the text of `l` end with `suffix`, trailing blanks aside? */
static inline int line_ends(const struct line *l, const char *suffix)
{
	size_t n = strlen(suffix), len = line_end(l);

	return len - l->indent >= n && !memcmp(l->s + len - n, suffix, n);
}

/* A run of lines of one format. */
struct block {
	enum fmt fmt;
	const struct line *lines;
	uint32_t n;
	uint32_t index;        /* 0-based block number in its source */
	const char *label;     /* the governing variant label above the block, or NULL */
	uint32_t label_line;   /* its line, 0 when none */
	int label_heading;     /* the label is a Markdown heading (a section's title) */
	int label_build;       /* the label holds a build word or a change ("LTO", "patched", "this PR") */
	const char *scenario;  /* the scenario a label or heading above names, or NULL */
	const char *context;   /* the command line just above the block ("hyperfine ..."), or NULL */
	int quoted;            /* every line was inside a Markdown quote (a reply quoting) */
	/*
	 * Prose or a fence follows the block: it ends where its author ended
	 * it, and its last line is whole. Otherwise (the text ends, or another
	 * output starts right after it) its last line may be cut short.
	 */
	int ended;
	/* Prose or a fence precedes the block: its first line is where its author began it. */
	int started;
	/*
	 * The prose line just above the block (blank lines aside; it may be the
	 * label or the context line), without its indentation, or NULL; and its
	 * line. A Criterion id too long for its column sits there.
	 */
	const char *above;
	uint32_t above_line;
	/*
	 * The prose line right above the fence the block is in (blank lines
	 * aside), or for a block outside a fence the line above it when that
	 * is no command: a caption a label further up may leave unread
	 * ("Measuring the load time of the C++ library"). NULL when none;
	 * valid while the callback runs, like `above`.
	 */
	const char *caption;
	uint32_t caption_line;
	/*
	 * The text's decimal mark (enum num_mark, handnum.h), decided from the
	 * whole text before the blocks of a generic parser are parsed;
	 * NUM_MARK_UNDECIDED (0) for the blocks of every other parser.
	 */
	unsigned char num_mark;
	/*
	 * The block parsed already, on the walk's thread (segpipe.h): the
	 * records and warnings its parse() gave; NULL when it is to be parsed.
	 */
	struct seg_parsed *parsed;
};

/*
 * What a parse() of a block gave: its records, from mark `from` to mark
 * `to` of a record set it shares with the blocks parsed beside it (the
 * callback appends them with recset_append_range(), which numbers their
 * runs on), and its warnings. The record set is the batch's (segpipe.c),
 * valid while the callback runs; the strings are in an arena that lives as
 * long as the text's labels.
 */
struct seg_parsed {
	const struct recset *rs;
	struct recset_mark from, to;
	struct diag diag;
};

struct parse_ctx;
struct doc_spans;
struct metric_def;

/*
 * The METRICS rows of the quantities a sink measured, by the quantity's
 * address (sink_measure): within one parse an address holds one text (a
 * literal, or a string of the arena), so a hit needs no comparison of
 * names. Direct-mapped; zeroed is empty.
 */
#define SINK_METRIC_SLOTS 16 /* a power of two */
struct sink_metric {
	const char *at;
	const struct metric_def *def;
};

/*
 * Where a parser writes. Runs get `source` as their source index. Parsers
 * add through the sink_* functions only, so that line spans and byte
 * offsets are always filled in. Each function says which strings it
 * copies into `arena`; a string it keeps without copying (a measurement's
 * quantity) must be a literal or already in `arena` (sink_strndup).
 */
struct sink {
	struct recset *rs;
	struct arena *arena;
	struct diag *diag;
	const char *name;          /* the source's name, for warnings */
	uint32_t source;
	const struct block *block; /* the block being parsed */
	struct parse_ctx *ctx;     /* the parsing thread's context (parse_ctx.h), or NULL */
	struct rx_thread *rx;      /* the parsing thread's matcher (rx.h): every match of a parse */
	struct doc_spans *json;    /* the JSON document a kind reads (json.c), or NULL */
	struct sink_metric metrics[SINK_METRIC_SLOTS]; /* zeroed with the sink */
};

/* Begin a run at line `first`: its fmt comes from the block; strings are "". Returns its index. */
uint32_t sink_run(struct sink *s, const struct line *first);
/* The same, for a parser whose block holds several formats (JSON documents): the run gets `fmt`. */
uint32_t sink_run_as(struct sink *s, const struct line *first, enum fmt fmt);
/* Extend a run's span to `last`. */
void sink_run_end(struct sink *s, uint32_t run, const struct line *last);
/*
 * Add a measurement of `run`; `quantity` is kept, not copied (see struct
 * sink). `num`/`num_len` is the printed number inside l->s (the byte span
 * kept for highlighting and for its printed resolution); NULL when not
 * printed. Its
 * direction comes from the METRICS table (parsers/metrics.h), never from
 * the parser: a quantity no row names has none.
 */
void sink_measure(struct sink *s, uint32_t run, const char *quantity, enum stat_kind stat,
		  enum unit unit, double value, uint32_t n,
		  const struct line *l, const char *num, size_t num_len);
/* Keep one raw sample of a quantity (hyperfine JSON times[]); `quantity` is copied. */
void sink_sample(struct sink *s, uint32_t run, const char *quantity, enum unit unit,
		 uint32_t index, double value);
/* Keep one point of a named series (iperf3 intervals, fortio histogram rows); `name` is copied. */
void sink_series(struct sink *s, uint32_t run, const char *name, uint32_t index, double x0,
		 double x1, double y, enum unit unit);
/* Record a fact about the experiment (CPU, OS, compiler...) found at line `l`; both strings are copied. */
void sink_fact(struct sink *s, const struct line *l, const char *key, const char *value);
/* Keep a note on `run`; the text is formatted into the arena. */
void sink_note(struct sink *s, uint32_t run, enum note_kind kind, const struct line *l,
	       const char *fmt, ...) BD_PRINTF(5, 6);
/* Warn about line `l` ("NAME:LINE: warning: ..."). */
void sink_warn(struct sink *s, const struct line *l, const char *fmt, ...) BD_PRINTF(3, 4);
/*
 * A line of `run` is garbled or cut: warn naming it, note it on the run and
 * mark the run incomplete. The line's numbers must not be used.
 */
void sink_damage(struct sink *s, uint32_t run, const struct line *l, const char *what);
/*
 * A run as a transaction, the begin and finish every parser needs: begun
 * at its first line, it keeps what was added since only when it commits
 * with at least one measurement; else all of it is rolled back.
 */
struct sink_txn {
	int open;
	uint32_t run;            /* valid while open */
	struct recset_mark mark; /* the record set before the run */
};

/*
 * Begin a run at line `first` (as sink_run) inside transaction `t`, which
 * must not be open (finish it first: a parser's own closing steps come
 * between). Returns the run.
 */
uint32_t sink_txn_begin(struct sink *s, struct sink_txn *t, const struct line *first);
/* The same for a run of format `fmt` (sink_run_as). */
uint32_t sink_txn_begin_as(struct sink *s, struct sink_txn *t, const struct line *first, enum fmt fmt);
/* Drop everything the open run of `t` added, measurements or not, and close `t`. */
void sink_txn_rollback(struct sink *s, struct sink_txn *t);
/* The measurements the open run of `t` has so far (0 when none is open). */
size_t sink_txn_nmeas(const struct sink *s, const struct sink_txn *t);
/*
 * Close `t`. Returns 1 when its run has a measurement and is kept; 0 when
 * none was open, or when it has none and everything added since it began
 * is rolled back. Rolling back warns "`empty`; skipped" at line `last`
 * unless `empty` is NULL or a damaged line of the run was named already.
 */
int sink_txn_finish(struct sink *s, struct sink_txn *t, const struct line *last, const char *empty);

/*
 * A line that would have been a whole run (a Go or libtest result line, a
 * size row) is garbled: warn naming it, as sink_damage does, and keep
 * nothing of it.
 */
void sink_lost(struct sink *s, const struct line *l, const char *what);

/*
 * Report the pattern matches that failed (match limit, UTF error) while
 * the block was parsed: a warning naming the line, never a silent "no
 * match". The store's import calls it after each parse.
 */
void sink_report_rx_failures(struct sink *s);
struct parser;
/*
 * Parse `b` with `p` into `rs`: runs get `source`, strings go to `arena`,
 * warnings (named `name`) to `d`, the parse's failed matches reported at
 * the end. What an import does with a block, on whichever thread: `pc` is
 * that thread's parse context (NULL: none).
 */
void sink_parse(const struct parser *p, const struct block *b, struct recset *rs,
		struct arena *arena, struct diag *d, const char *name, uint32_t source,
		struct parse_ctx *pc);

/* A copy of l->s[off..off+n) in the sink's arena. */
const char *sink_strndup(struct sink *s, const char *p, size_t n);

/* The parsers the FORMATS table names (record.h): its rows read by a `parser`. */
#define PARSER_COUNT_parser 1 +
#define PARSER_COUNT_json
#define PARSER_COUNT_(e, name, desc, reader, sym) PARSER_COUNT_##reader
#define PARSERS_COUNT (FORMATS(PARSER_COUNT_) 0)

/*
 * Limits of the segmenter, asserted when the program is compiled (a parser
 * beyond one does not build, it is never silently cut): the bytes of claim
 * state a parser may keep (PARSER_STATE below asserts it for each parser),
 * and the parsers asked about a first byte, which is all of them at most;
 * the segmenter keeps a parser's index in a byte.
 */
#define PARSER_STATE_MAX 256
#define PARSERS_PER_BYTE PARSERS_COUNT
_Static_assert(PARSERS_COUNT <= 256, "the segmenter keeps a parser's index in one byte");

/*
 * The claim state size of a parser whose claim keeps a `type`
 * (`.state_size = PARSER_STATE(struct claim_state)`): a type larger than
 * PARSER_STATE_MAX does not compile.
 */
#define PARSER_STATE(type)                                                                         \
	(sizeof(type) + 0 * sizeof(struct {                                                       \
		 _Static_assert(sizeof(type) <= PARSER_STATE_MAX, "claim state over PARSER_STATE_MAX"); \
		 int unused;                                                                       \
	 }))

/*
 * Where a claim's state lives: `state` of every claim is a room's, so that
 * a claim that matches patterns finds the walking thread's matcher beside
 * it (claim_rx()). The segmenter keeps its rooms, their matcher set; a
 * test that asks a claim makes one.
 */
struct claim_room {
	struct rx_thread *rx; /* the walking thread's matcher (rx.h) */
	/* the kind + 1 a claim told of the line it was asked (claim_said()), 0: none; zeroed by the asker */
	uint8_t said;
	_Alignas(max_align_t) unsigned char state[PARSER_STATE_MAX];
};

/* The matcher beside a claim's `state` (which is a struct claim_room's). */
static inline struct rx_thread *claim_rx(void *state)
{
	return ((struct claim_room *)(void *)((unsigned char *)state - offsetof(struct claim_room, state)))->rx;
}

/*
 * A claim tells the segmenter the kind its classifier (struct parser's
 * `classify`, exactly as that hook would answer for `l`) gave the line it
 * is asked: kept with the line in its block for the parse (LINE_KIND()).
 * Returns `kind`. A kind past 254 is not kept.
 */
static inline unsigned claim_said(void *state, unsigned kind)
{
	((struct claim_room *)(void *)((unsigned char *)state - offsetof(struct claim_room, state)))->said =
		(uint8_t)(kind < UINT8_MAX ? kind + 1 : 0);
	return kind;
}

/*
 * The first bytes of a line that can begin with anything (a benchmark's
 * name): every printable ASCII byte, and the lead bytes of UTF-8. A
 * parser whose `starts` holds them is asked after the others, and its
 * claim looks for the fixed words elsewhere on the line.
 */
#define PARSER_STARTS_PRINTABLE                                                                    \
	"!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"
#define PARSER_STARTS_UTF8_LEAD                                                                    \
	"\xc2\xc3\xc4\xc5\xc6\xc7\xc8\xc9\xca\xcb\xcc\xcd\xce\xcf\xd0\xd1\xd2"                     \
	"\xd3\xd4\xd5\xd6\xd7\xd8\xd9\xda\xdb\xdc\xdd\xde\xdf\xe0\xe1\xe2\xe3"                     \
	"\xe4\xe5\xe6\xe7\xe8\xe9\xea\xeb\xec\xed\xee\xef\xf0\xf1\xf2\xf3\xf4"

enum claim {
	CLAIM_NONE,  /* not this format's line */
	CLAIM_BODY,  /* continues an open block of this format (ignored outside one) */
	CLAIM_START, /* begins a block (and ends an open one of this format) */
};

/*
 * The claim of a format whose block starts at a line of kind `start` and
 * goes on with any line of another of its kinds (K_NONE, 0, is none):
 * CLAIM_START at `start`, CLAIM_BODY inside a block, else CLAIM_NONE.
 */
static inline enum claim claim_from_kind(unsigned kind, unsigned start, int in_block)
{
	if (kind == start)
		return CLAIM_START;
	return in_block && kind != 0 ? CLAIM_BODY : CLAIM_NONE;
}

struct parser {
	enum fmt fmt;
	/*
	 * First bytes (after indentation) a START line can have; the segmenter
	 * asks only these (a row of PARSERS_PER_BYTE parsers a byte). A parser
	 * whose `starts` holds nearly every byte is asked after the others.
	 */
	const char *starts;
	/*
	 * Or, for a parser whose START lines begin with fixed words (outside a
	 * block, "Benchmark ", "Time ("): those words, NULL-terminated, in
	 * place of `starts` (which is then NULL; its first bytes are the
	 * words'). The segmenter asks it outside a block only of a line whose
	 * text after the indentation begins with one of them, byte for byte as
	 * line_starts() compares: a claim that starts a block with a line that
	 * begins otherwise is a bug (test_dispatch finds it on every sample).
	 * Inside its block the parser is asked of every line. Not for a
	 * generic reader.
	 */
	const char *const *words;
	/*
	 * A reader of what people type (tables, lists), not of one tool's
	 * output: asked after every specific parser for a line's first byte,
	 * and, while its block is open, a line that a specific parser starts
	 * goes to that parser. The text's decimal mark is decided for its
	 * blocks (struct block's num_mark).
	 */
	int generic;
	/*
	 * A generic reader's question about its open block, when a line would
	 * end it or it closes: is it a tool's table after all, whose header is
	 * as plain as a typed one's (pyperf's "| Benchmark | ref | changed |")
	 * but whose cells carry the tool's fixed marks? That tool's format:
	 * the block becomes the tool's (its claim state zeroed) and goes on as
	 * its claim says. FMT_NONE otherwise, or NULL. `lines[0..n)` are the
	 * block's lines so far, blank lines inside it included.
	 */
	enum fmt (*tool_table)(struct rx_thread *rx, const struct line *lines, size_t n);
	/*
	 * A reader of what people type (a table, a size list). Its runs typed
	 * by hand carry RUN_HAND, which is what `import --no-hand-written`
	 * leaves out (a size list's `ls -l` line stays); of a block of such a
	 * parser that gives nothing else, the parse's warnings go too.
	 */
	int hand;
	/*
	 * Is `l` this format's? `in_block` is 1 when a block of this format is
	 * open. `state` is `state_size` bytes (at most PARSER_STATE_MAX) of a
	 * struct claim_room (claim_rx(state): the matcher to match with): a
	 * claim asked outside a block gets it zeroed, and what it writes there
	 * while answering CLAIM_START is the new block's state; inside a block
	 * the block's state is passed (JSON braces, Criterion's last id).
	 * Outside a block the answer depends on the line's text alone (s,
	 * len): the segmenter asks no parser again of a text all refused.
	 */
	enum claim (*claim)(const struct line *l, int in_block, void *state);
	size_t state_size; /* PARSER_STATE(type), or 0 */
	/*
	 * The state its claim writes with CLAIM_START holds the line's number
	 * (a table that a gap after its last line ends): the segmenter, which
	 * keeps a line's first answer for the text's later copies of it, asks
	 * this claim again of each copy.
	 */
	int claim_state_line;
	/*
	 * Its claim outside a block reads the values of a line's figures, not
	 * only where its digits and zeros stand ("size: 0" is no size, "N
	 * (52M)" a size by the rounding): asked of every line. Any other
	 * parser's claim answers the same of lines that differ only in their
	 * digits past the bytes the first-word table reads (dispatch.h's
	 * digits_read), a zero staying a zero, and is not asked again of a
	 * line of a shape it refused (segment.c's shapes; test_dispatch
	 * checks it on every sample and corpus line).
	 */
	int claim_reads_values;
	/*
	 * The parser's one line classifier, which its claim and its parse both
	 * use: what `l` is by the format's fixed words, never by its digits, so
	 * that a line whose figures are garbled or cut keeps its kind and is
	 * reported, never skipped unseen. 0 is "not this format's"; kinds[k]
	 * names kind k (for tests). NULL for the readers of whole documents.
	 */
	unsigned (*classify)(const struct line *l);
	const char *const *kinds;
	size_t nkinds;
	/* Turn a block into runs. Returns the number of runs added (0 is fine: warn why). */
	int (*parse)(const struct block *b, struct sink *s);
	/* The parser's pattern table, compiled by parsers_init(). */
	struct rx *rx;
	size_t nrx;
};

/*
 * A parser's classifier as its struct's hook: `fn` returns the parser's
 * own enum of kinds (K__COUNT of them), `names` names each. Then
 * `.classify = fn##_hook, .kinds = names, .nkinds = countof(names)`.
 */
#define PARSER_CLASSIFIER(fn, names, count)                                                        \
	static unsigned fn##_hook(const struct line *l)                                            \
	{                                                                                          \
		return (unsigned)fn(l);                                                            \
	}                                                                                          \
	_Static_assert(sizeof(names) / sizeof((names)[0]) == (count), "a name for every kind")

/* Compile every parser's patterns once. -1 (with the reason in *d) only on a programming error. */
int parsers_init(struct diag *d);
void parsers_fini(void);
/*
 * Make every pattern ready for a second thread (rx.h: lane 1, every pattern
 * JIT-compiled); idempotent. Called while one thread runs. 0, or -1 when
 * memory runs out (the caller then stays on one thread).
 */
int parsers_prepare_second_thread(void);
/* The parser of a format, or NULL. */
const struct parser *parser_for(enum fmt f);
/* All parsers, for the segmenter. */
const struct parser *const *parsers_all(size_t *n);

/*
 * The parsers' generation: bump it when a parser reads a text differently
 * (a format learned, a figure read right, a name found), so that stores
 * whose imports an older generation read advise 'benchdelta reparse'.
 * 1: everything before the store recorded it. 3: every parser's line
 * classifier (a line garbled where a figure begins is reported, not read
 * as prose), all-or-nothing hyperfine and GNU time lines, more shapes of
 * hand-written size lists. 4: the harnesses and comparers of every
 * ecosystem (BenchmarkDotNet, JMH, Google Benchmark, pyperf,
 * pytest-benchmark, asv, benchmark.js, benchstat, benchcmp, critcmp,
 * cargo benchcmp), load generators and system tools (wrk, ab, hey, oha,
 * vegeta, k6, h2load, zsh and fish time, redis-benchmark, memtier,
 * pgbench, sysbench, fio, du, bloaty, objdump -h), hand-made tables and
 * labelled numbers, perf modifiers, container log prefixes, and the
 * naming pass as evidence. 5: what fresh threads showed: bombardier and
 * clickhouse-client, GNU ld's and bombardier's KB read as 1024 bytes, a
 * "min" row and a header "B" no unit, columns "A" and "B" builds,
 * cgmemtime's keys and a release's number as labels, runs joined by ", ",
 * captions of quantities, outputs pasted as "# " comments, SQL comments
 * as labels, and a second hyperfine table under the same header read.
 */
#define PARSERS_GENERATION 5

#endif
