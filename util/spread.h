/*
 * spread.h - whether a large piece of an import's work is split over a
 * second thread: walking a text (parsers/segpipe.h), hashing it,
 * formatting a plan. From BENCHDELTA_PIPE_MIN bytes (0: always, a number
 * above any size: never), else SPREAD_MIN; never on a machine of one
 * core. The one place that decides it; splitting never changes a result,
 * only which thread computes it.
 */
#ifndef BD_UTIL_SPREAD_H
#define BD_UTIL_SPREAD_H

#include <stddef.h>

#define SPREAD_MIN ((size_t)1 << 20)

/* 1 when work over `bytes` bytes (a text's, a plan's as estimated) is worth a second thread. */
int spread_worth(size_t bytes);

#endif
