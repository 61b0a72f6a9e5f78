/*
 * perf_counter.h - one perf stat counter, as both of its outputs print it
 * (perf.c: the human table, perf_csv.c: -x,), turned into measurements:
 * the event's figure under its canonical name (task-clock → task_clock in
 * seconds, branch-misses → branch_misses...), the -r spread beside it, and
 * the two derived figures worth keeping (CPUs utilized, insn per cycle).
 */
#ifndef BD_PARSERS_PERF_COUNTER_H
#define BD_PARSERS_PERF_COUNTER_H

#include <stddef.h>

#include "parsers/parser.h"

/* A span of the line; `s` NULL when the field is absent. */
struct perf_span {
	const char *s;
	size_t n;
};

struct perf_counter {
	struct perf_span value; /* "2,027", "96.00", "<not supported>" */
	struct perf_span unit;  /* "msec", "ns"; empty for counts */
	struct perf_span event; /* "task-clock", "cycles:u", "cpu_core/cycles/" */
	struct perf_span noise; /* -r: "5.01" of "( +- 5.01% )", the spread in % */
	struct perf_span share; /* "50.04" of "(50.04%)": the time the counter ran (multiplexed) */
	struct perf_span mval;  /* after '#': "0.914" */
	struct perf_span munit; /* "CPUs utilized", "insn per cycle", "% of all branches" */
	int localized;     /* numbers follow the locale (human output): grouping, decimal comma */
	/*
	 * A counter line a mail client wrapped (format=flowed): the next line
	 * holds the rest of its metric's words and its spread ("utilized
	 * ( +- 1.75% )"). `cont` is that line, or NULL; `munit2`, and
	 * `noise` and `share` when set there, are spans of it.
	 */
	const struct line *cont;
	struct perf_span munit2;
	int noise_on_cont, share_on_cont;
};

/*
 * Add one counter's figures to `run`, each with `n` (the runs it averages;
 * 0 when unknown). A "<not supported>" or "<not counted>" counter is a
 * note, and so is a multiplexed one's share. Returns 0, or -1 when one of
 * its numbers does not read (nothing is added then: the caller reports the
 * damage).
 */
int perf_add_counter(struct sink *s, uint32_t run, const struct line *l,
		     const struct perf_counter *c, uint32_t n);

/* What a number of perf's human output is, which says how to read its separators. */
enum perf_num {
	PERF_DECIMAL, /* footers, the spread, metrics: the last '.' or ',' is the decimal mark */
	PERF_COUNT,   /* a count: every separator groups digits ("2,027", "2.031") */
	PERF_CLOCK,   /* a value with a unit ("96.00 msec", "88,491,042 ns"): three digits after
		       * the last separator group them, two (six in perf 4) are decimals */
};

/*
 * A number of perf's human output (in whatever locale it ran) as a plain
 * decimal in out[0..size). Returns the length, or -1 when it is no such
 * number ("1,2O3", "20,27" as a count).
 */
int perf_number(const char *s, size_t n, enum perf_num kind, char *out, size_t size);

#endif
