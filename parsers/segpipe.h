/*
 * segpipe.h - seg_split() with the walk on a second thread.
 *
 * A large text is walked (lines cleaned, claimed, labels read: segment.c)
 * on a thread of its own while the caller's thread runs the callback on
 * the blocks already found (the parsers' parse(), the model, the store).
 * The callback sees the same blocks, in the same order, with the same
 * warnings between them, as under seg_split(): the output of an import does
 * not depend on which path read it.
 *
 * What runs where: the walker's thread runs the segmenter, the cleaners,
 * label.c, prose.c, every parser's claim() and, while the caller is
 * behind, parse() of the blocks it finds and, while it waits for room in
 * the queue, of blocks of the batches queued, into a record set of the
 * block's own (struct seg_parsed: the callback appends it where it would
 * have parsed). The legends of the prose (legend.c) are read on the
 * caller's thread, batch by batch in the text's order: nothing the walk
 * decides depends on them, and the caller waits for the walk. What the walk and the parsers keep between calls is in a
 * parse context (parse_ctx.h) of the thread's own, none of it
 * _Thread_local (label.c's word splits too): the walker makes its
 * own, the caller passes its own as `pc`, each reached through the sink
 * and the segmenter's state; tables built once for every thread are
 * published whole (label.c's word sets, text_find()'s memo), or under a
 * lock where what they hand out outlives a thread. Each thread matches
 * with its own lane of every pattern: its context's matcher (rx.h) picks
 * the lane and keeps the thread's failed matches; a claim finds it beside
 * its state (claim_rx()). The callback, and so the model and the store,
 * runs on the caller's thread.
 *
 * BENCHDELTA_PIPE_PARSE=walker has the walker parse every block, =caller
 * none, =queued only blocks of the batches queued, one batch queued at a
 * time (tests compare each with one thread).
 */
#ifndef BD_PARSERS_SEGPIPE_H
#define BD_PARSERS_SEGPIPE_H

#include "parsers/segment.h"

/*
 * Texts large enough by util/spread.h's bound (1 MiB, or
 * BENCHDELTA_PIPE_MIN bytes: 0 pipes every text, a number above any
 * text's size none) are walked on a second thread, on a machine of two
 * or more cores; smaller ones cost less than the thread's start.
 */

/*
 * The caller's own work for while it would wait for the walker (the
 * pipeline's later stages done per batch: store/batch.c), called on the
 * caller's thread with `ctx` when no batch is waiting: one short step;
 * returns non-zero when it did something and may have more. It is asked
 * again once a batch has been handed to `fn`. It must not depend on being
 * called: seg_split() (one thread) never calls it.
 */
typedef int (*seg_idle_fn)(void *ctx);

/*
 * seg_split()'s contract, on one thread or two: `fn` is called on the
 * caller's thread; labels and the title are in `arena`, the warnings in
 * `d` in the order seg_split() gives them. A block parsed already has
 * b->parsed, its runs with `source` and its strings in `arena`; the
 * callback takes its records and warnings (diag_take()), or leaves them
 * to be freed. `pc` is the caller's parse context (NULL: none), the
 * walker's is its own. `idle` (NULL: none) runs while the caller waits. When `fn` stops the walk, the
 * walker may have read on to its next block: warnings it gave on the way
 * are kept, blocks it found are not handed over. Falls back to seg_split()
 * when a thread cannot be had.
 */
int seg_split_piped(const char *name, const char *text, size_t len, uint32_t source,
		    struct arena *arena, seg_block_fn fn, void *ctx, struct seg_result *res,
		    struct diag *d, struct parse_ctx *pc, seg_idle_fn idle, void *idle_ctx);

#endif
