/*
 * segment.h - find tool-output blocks in free text.
 * Input is one text (a log, a pasted issue thread); output is a stream of
 * blocks, each with a format, its cleaned lines and the variant label that
 * governs it, handed to a callback as they close. The text is read once,
 * line by line; only the open block's lines are kept.
 */
#ifndef BD_PARSERS_SEGMENT_H
#define BD_PARSERS_SEGMENT_H

#include <stddef.h>

#include "parsers/parser.h"
#include "util/arena.h"
#include "util/diag.h"

/* How far a walk reads on before it gives a mapped text's pages back (util/mapped.h). */
#define SEG_DROP_EVERY ((size_t)2 << 20)

/* Called for each block; a non-zero return stops the walk and is returned by seg_split. */
typedef int (*seg_block_fn)(const struct block *b, void *ctx);

/* A fact of a "Test environment" section. */
struct seg_fact {
	const char *key, *value;
	uint32_t line;
};

/* A legend of the prose: `name` in the output is the build `desc` (legend.h). */
struct seg_legend {
	const char *name, *desc;
	uint32_t line;
};

/*
 * What the segmenter learns about the text as a whole. Strings live in the
 * arena given; the facts and legends arrays are heap, freed by
 * seg_result_release().
 */
struct seg_result {
	const char *title;  /* the title line, or NULL */
	uint32_t title_line;
	uint32_t nlines;    /* lines in the text */
	uint32_t nblocks;   /* blocks handed to the callback */
	struct seg_fact *facts;
	size_t nfacts, facts_cap;
	struct seg_legend *legends; /* in the order of the text; heap, like facts */
	size_t nlegends, legends_cap;
};

/*
 * Walk `text` (`len` bytes, any content: NULs and invalid UTF-8 are
 * tolerated) and call `fn` for every block. `name` names the text in
 * warnings. Labels and the title are copied into `arena`; the block's lines
 * are valid during the callback only. The walk keeps what it caches in
 * `pc`, the walking thread's parse context (parse_ctx.h; NULL: none).
 * Returns 0, or the callback's non-zero value.
 */
int seg_split(const char *name, const char *text, size_t len, struct arena *arena,
	      seg_block_fn fn, void *ctx, struct seg_result *res, struct diag *d,
	      struct parse_ctx *pc);

/*
 * Where a walk sends the prose lines that may state legends instead of
 * reading them itself: s[0..n) is line `line`'s text (valid during the
 * call only), `ctx` the block callback's. Lines come in the text's order;
 * whoever receives them reads each with seg_read_legends(), in that order,
 * into the walk's seg_result. Nothing the walk decides depends on a
 * legend, so they may be read on another thread (segpipe.h).
 */
typedef void (*seg_legend_fn)(void *ctx, const char *s, size_t n, uint32_t line);

/*
 * seg_split(), except that a mapped text's pages are never given back
 * (util/mapped.h): for a caller that reads the blocks' lines after the
 * walk has gone past them (segpipe.h). With `legends` (non-NULL) the
 * prose lines that may state legends go there, unread; res->legends is
 * then the receiver's to fill, and the walk never touches it after its
 * start.
 */
int seg_split_keep(const char *name, const char *text, size_t len, struct arena *arena,
		   seg_block_fn fn, void *ctx, struct seg_result *res, struct diag *d,
		   struct parse_ctx *pc, seg_legend_fn legends);

/*
 * Read the legends prose line `line` (its text s[0..n)) states into
 * res->legends, their strings copied into `arena`; how many it held.
 */
size_t seg_read_legends(struct seg_result *res, struct arena *arena, const char *s, size_t n, uint32_t line);

/*
 * What a reader of legends remembers of the prose lines it read: those
 * that stated none by their text (a log's captions come back as they
 * were), and every one by its shape: the text with every digit '1' to
 * '9' made '1' (zeros kept;
 * seg_line_shape() keeping no byte), and where in it the legends stood.
 * legend_scan() tells names, separators and descriptions by words, marks
 * and byte classes, never by a digit's value, so a line of a shape read
 * before states legends at the same places (none, or "Benchmarking
 * parse_1/case_17: Warming up for 3.0000 s" every round of a log), each
 * taken from the line's own text. test_dispatch checks it on every sample
 * and corpus line. Lines longer than SEG_LEGEND_TEXT are read each time.
 * Owned by its reader: seg_legend_memo_new() (heap), seg_legend_memo_free().
 */
#define SEG_LEGEND_TEXT 120
struct seg_legend_memo;

struct seg_legend_memo *seg_legend_memo_new(void);
void seg_legend_memo_free(struct seg_legend_memo *m);

/* seg_read_legends(), from `m`'s memory when a line of the shape of s[0..n) was read before. */
size_t seg_read_legends_memo(struct seg_legend_memo *m, struct seg_result *res, struct arena *arena,
			     const char *s, size_t n, uint32_t line);

/*
 * The shape the walk keeps of a line no parser took (segment.c): the text
 * s[0..n) in out[0..n), each digit '1' to '9' after the first `keep`
 * bytes made '1' (zeros and every other byte kept).
 */
void seg_line_shape(const char *s, size_t n, size_t keep, char *out);

/*
 * What the walk asks of a prose line s[0..n) (indentation `indent`) and
 * keeps for lines of its shape: bit 0 it is a command, bit 1 a comment's
 * header (prose.h), bit 2 an environment heading. For tests.
 */
int seg_line_facts(struct rx_thread *rx, const char *s, size_t n, size_t indent);

void seg_result_release(struct seg_result *r);

#endif
