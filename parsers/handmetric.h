/*
 * handmetric.h - what a person's words for a quantity mean: the header of
 * a table's column ("Build Time (s)", "Maximum RSS", "99 % in", "EXE
 * (bytes)"), a row's name ("binary size (bytes)"), later a label in prose.
 * One table (HAND_QUANTITIES in handmetric.c) maps phrases to the
 * METRICS rows (metrics.h); other words name a metric of their own.
 */
#ifndef BD_PARSERS_HANDMETRIC_H
#define BD_PARSERS_HANDMETRIC_H

#include <stddef.h>

#include "parsers/record.h"
#include "util/buf.h"

/*
 * The quantity and statistic that the words s[0..n) name. A unit written
 * in brackets at the end ("(ms)", "[KiB]") and marks are dropped, words
 * are compared in lower case. Returns 1 when a phrase of the table names
 * it (*quantity a literal: "max_rss", "latency.p99"), 0 when the words
 * name no known quantity: then `own` (if not NULL) receives a name made
 * of them ("wasm_size", "start_rss"; a statistic's word such as "avg" or
 * "±σ" goes to *stat, not into the name), empty when no word is left.
 */
int hand_quantity(const char *s, size_t n, const char **quantity, enum stat_kind *stat, struct buf *own);

/* The quantity a figure with unit `u` and no words is: "time", "file_size"...; NULL for none. */
const char *hand_quantity_of_unit(enum unit u);

/*
 * The quantity a unit's spelling u[0..n) says more about than its SI unit
 * does: "frequency" for Hz, kHz, MHz, GHz; "qps" for a rate of requests
 * ("rps", "req/s", "RPS"); NULL otherwise.
 */
const char *hand_quantity_of_spelling(const char *u, size_t n);
/*
 * hand_quantity_of_spelling() of the word after a printed figure's digits:
 * `after` points just past them, `end` ends the text (blanks skipped; the
 * word ends at a blank, '|', '(', ',', ';' or `end`).
 */
const char *hand_quantity_after(const char *after, const char *end);

/* Do the words s[0..n) say "per second" ("Bytes/Sec", "Req/s", "ops per second")? */
int hand_per_second(const char *s, size_t n);

/* Do the words s[0..n) head a derived column (Δ, %, diff, change, speedup, ratio, vs base, p-value)? */
int hand_derived(const char *s, size_t n);

/* Do the words s[0..n) say the column repeats a run ("run 1", "#2", "try 3", "iteration 1")? */
int hand_repeat(const char *s, size_t n);

/* Do the words s[0..n) head a column of builds (build, variant, config, profile, allocator, compiler...)? */
int hand_build_header(const char *s, size_t n);
/*
 * "AMI Build", "Python version": a head of one word and the kind of build
 * it is, so the rows below are builds of that kind; not "Release build",
 * whose first word names a build of its own (the columns are then what was
 * done to it). In any case.
 */
int hand_named_build_header(const char *s, size_t n);

/*
 * Do the words s[0..n) name a kind of build (compiler, toolchain,
 * allocator, linker, runtime...): its rows are builds, whatever the other
 * headers say ("Compiler | Release Build | Debug Build")?
 */
int hand_build_kind_header(const char *s, size_t n);

/* Do the words s[0..n) head a column of subjects (benchmark, test, query, project, stage...)? */
int hand_subject_header(const char *s, size_t n);

#endif
