/*
 * parse_ctx.h - what one thread's parse keeps from one call to the next.
 *
 * Whoever runs a parse owns its context: the import pipeline makes one for
 * the importing thread (store/batch.c) and segpipe.c one for its walker.
 * A context is used by one thread at a time and released by its maker.
 * The code that needs it reaches it through what it is handed already: a
 * parser through its sink (sink->ctx), the segmenter through its own
 * state, label_read() through the struct label it fills.
 *
 * Its memos are caches: a parse with a fresh context, or with none (NULL:
 * unit tests, the naming pass), reads the same, only slower. Its matcher
 * (rx) is not: a thread's lane is the one no other thread matches with,
 * and its failed matches are reported by the code that took them.
 */
#ifndef BD_PARSERS_PARSE_CTX_H
#define BD_PARSERS_PARSE_CTX_H

#include <stdatomic.h>

#include "parsers/metrics.h"
#include "parsers/rx.h"

struct label_memo;

struct parse_ctx {
	struct rx_thread rx;        /* its lane of every pattern, its failed matches (rx.h) */
	struct metric_memo metrics; /* metric lookups of the records written (metrics.h) */
	struct label_memo *labels;  /* label_read()'s recent lines and word splits (label.h) */
	atomic_int held;            /* a thread holds it (parse_ctx_hold()) */
};

/*
 * A new, empty context matching with lane `lane` of every pattern (0; 1
 * for segpipe.c's walker, made by parsers_prepare_second_thread()); dies
 * when memory runs out (as xcalloc).
 */
struct parse_ctx *parse_ctx_new(unsigned lane);
/* Release `pc` (NULL is fine); no thread may be using it. */
void parse_ctx_free(struct parse_ctx *pc);
/*
 * The thread that uses `pc` holds it from before its first use to after
 * its last (the maker, for the parses it runs). Two threads sharing one
 * context would write each other's caches mid-read: holding a context
 * another thread holds is a programming error, and dies saying so, on
 * every run (tests/cli/t97-pipe.sh pipes every text both ways).
 */
void parse_ctx_hold(struct parse_ctx *pc);
void parse_ctx_let_go(struct parse_ctx *pc);

#endif
