/*
 * bench.h - what the micro-benchmark harness parsers share (Criterion,
 * libtest, Go testing, bolt bench): one run per benchmark, named by its
 * subject as printed, figures from printed number-and-unit pairs, and a
 * garbled line that was a whole run.
 */
#ifndef BD_PARSERS_BENCH_H
#define BD_PARSERS_BENCH_H

#include "parsers/parser.h"

/*
 * Begin a run at line `l` for the benchmark `name[0..len)` (copied; "" for
 * none). Its command is the command line printed above the block, when
 * there is one and it is not the block's label.
 */
uint32_t bench_run(struct sink *s, const struct line *l, const char *name, size_t len);
/* The same for a parser whose block holds several formats (a JSON kind): the run gets `fmt` (sink_run_as). */
uint32_t bench_run_as(struct sink *s, const struct line *l, enum fmt fmt, const char *name, size_t len);
/* The same inside transaction `t` (sink_txn_begin). */
uint32_t bench_begin(struct sink *s, struct sink_txn *t, const struct line *l, const char *name,
		     size_t len);

/*
 * Add a measurement of `run` from the printed number `num` (digit groups
 * split by `sep`, or 0 when numbers are not grouped) in the printed unit
 * `unit`, converted to SI by units.c. Returns 0, or -1 (nothing added)
 * when either does not parse.
 */
int bench_figure(struct sink *s, uint32_t run, const char *quantity, enum stat_kind stat,
		 const struct line *l, const char *num, size_t num_len, char sep,
		 const char *unit, size_t unit_len);

/*
 * Go's GOMAXPROCS suffix of a benchmark name as printed ("-8" of
 * "BenchmarkX-8", "Encode/format=json-48"): its length, the '-' and the
 * digits (N >= 2 without a leading 0), or 0 when the name has none.
 */
size_t bench_procs_suffix(const char *name, size_t n);

/*
 * The suffix every name of a block ends with, gathered name by name:
 * none when one name has none or another one (with -cpu 1,2 the names
 * differ by it, and a name alone cannot tell "size-64" at GOMAXPROCS 1
 * from "size" at 64). Zero it before the first name.
 */
struct bench_procs {
	char suffix[16];
	int seen, mixed;
};
void bench_procs_add(struct bench_procs *p, const char *name, size_t n);
/* The suffix all the names added share ("-8"), or "" (valid while `p` is). */
const char *bench_procs_common(const struct bench_procs *p);
/* `n` less the common suffix `suffix` when the name ends with it. */
size_t bench_procs_strip(const char *name, size_t n, const char *suffix);
/*
 * The suffix every line of kind `kind` of block `b` (by the parser's
 * classifier `classify`) ends its first word with, into out[0..size) (""
 * when none); bench_procs_fact() records it.
 */
void bench_block_procs(struct sink *s, const struct block *b, unsigned (*classify)(const struct line *),
		       unsigned kind, char *out, size_t size);
/* A block's names print GOMAXPROCS `suffix` ("-8"; "" for none): the fact "gomaxprocs". */
void bench_procs_fact(struct sink *s, const struct block *b, const char *suffix);
/* Note on `run` (line `l`) the GOMAXPROCS its name was printed with, when `suffix` is one. */
void bench_procs_note(struct sink *s, uint32_t run, const struct line *l, const char *suffix);

/*
 * A line that holds a whole run (a Go or libtest result line, a CSV row)
 * is garbled: warn naming it, as sink_damage does, and keep nothing of it.
 */
void bench_lost(struct sink *s, const struct line *l, const char *what);

#endif
