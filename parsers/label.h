/*
 * label.h - what a prose line above tool output says about it: a variant
 * label ("Release + PGO optimized:"), a scenario ("Server mode", "... in
 * the client mode"), a section heading that ends what came before
 * ("Results", "Test environment"), or nothing (a sentence). Also the
 * normalized key under which two spellings of one variant meet.
 */
#ifndef BD_PARSERS_LABEL_H
#define BD_PARSERS_LABEL_H

#include <stddef.h>

#include "parsers/rx.h"
#include "util/buf.h"

enum label_kind {
	LABEL_NONE,     /* prose: changes nothing */
	LABEL_VARIANT,  /* names the variant of the blocks below (maybe with a scenario) */
	LABEL_SCENARIO, /* names the scenario of the blocks below, no variant */
	LABEL_SECTION,  /* a heading that ends the previous label's reach */
};

enum label_shape {
	SHAPE_PLAIN,   /* a short line standing alone (a heading copied from a rendered page) */
	SHAPE_MARKED,  /* a Markdown heading, a bold line, a line ending with ':', a <summary> */
};

struct label {
	enum label_kind kind;
	int marked;          /* the line was marked as a label (else it counted only standing alone) */
	int level;           /* 1..6 for a Markdown or setext heading, 0 for any other line */
	int handle;          /* one word naming no build ("alice:"): a quote below makes it an author */
	int build;           /* it holds a build word ("LTO", "Release") or a change ("patch", "PR") */
	int summary;         /* a <summary> line: the title of the <details> section below it */
	/*
	 * A bare short line that names no build (LABEL_SECTION): its text is
	 * kept in `variant`, for a caller that finds it is a caption right
	 * above an output inside a fence, which names that output.
	 */
	int bare;
	struct buf variant;  /* the variant's text, asides and scenario words removed */
	struct buf scenario; /* "server mode", or empty */
	/*
	 * What label_read() made of recent lines, and its last word splits
	 * (the parse context's, or NULL: none): a cache, set by whoever owns
	 * the struct label.
	 */
	struct label_memo *memo;
	struct rx_thread *rx; /* the reading thread's matcher (rx.h): set before label_read() */
};

/* An empty memo for struct label (made with its parse context: parse_ctx.h); NULL freed is fine. */
struct label_memo *label_memo_new(void);
void label_memo_free(struct label_memo *lm);

/*
 * Read a prose line (`s[0..n)`, cleaned, with its indentation). `plain_ok`
 * says the line stands alone between blank lines, so that an unmarked
 * short line may be a heading. Fills *out (its buffers are reset first);
 * returns out->kind.
 */
enum label_kind label_read(const char *s, size_t n, int plain_ok, struct label *out);
void label_release(struct label *l);

/*
 * Append the key of a variant text to *out: lower case, runs of spaces,
 * '-', '_', '.' and '/' folded to one space, other ASCII punctuation but
 * '+' dropped, and the filler words "build", "version", "binary",
 * "variant" dropped while other words remain, and a word's forms folded
 * ("optimization" is "optimized") — so "Release + PGO-optimized",
 * "release + pgo optimized build" and "Release + PGO optimization" meet. Only ASCII is folded: keys do
 * not depend on the locale.
 */
void variant_key(const char *s, size_t n, struct buf *out);

/*
 * The length of s[0..n) without a count of repetitions at its end: "glibc
 * 2.30 run 1", "PGO (run 2)", "LTO, try 3", "mimalloc - attempt 2" each
 * name the build before the count. n when there is none, or when no word
 * would be left before it ("Run 2" alone counts; label_read() drops it).
 */
size_t label_repetition_stem(const char *s, size_t n);

/*
 * Is s[0..n) (from its first word) an author's mark of a cut: "[snip]",
 * "<snip>", "-- snip --", "[cut]", "(output omitted)", "[12 lines
 * skipped]"? It names nothing, and what a label above it named goes on
 * below it.
 */
int label_elision_mark(const char *s, size_t n);

/* Does s[0..n) hold a word that names a build ("app_lto" does, "train_large" does not)? */
int label_names_build(const char *s, size_t n);

/* Is w[0..n) a word that names a build ("release", "LTO", "pgo"), in any case? */
int label_build_word(const char *w, size_t n);

/* The patterns label_read() uses, compiled by parsers_init(). */
extern struct rx label_rx[];
extern const size_t label_nrx;

#endif
