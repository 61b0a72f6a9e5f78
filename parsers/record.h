/*
 * record.h - the vocabulary every layer shares: formats, runs, measurements,
 * samples, series, notes and experiment facts. Types and tables only.
 *
 * Invariants:
 *  - Values are SI doubles (s, B, bit/s, B/s, 1/s, %, count) from the moment
 *    a parser emits them; only units.c's unit_format() turns them back into
 *    text for people.
 *  - A run belongs to one source (an imported text) and keeps its line span
 *    in it; a measurement keeps the byte span of the printed number. That is
 *    how the Source screen finds the raw block and how warnings name a line.
 *  - Strings are owned by an arena (the model's, or the parsers' sink's);
 *    structs here never own heap memory. "" means "none" for strings that
 *    are always present; NULL is used only where a comment says so.
 *  - Nothing after the parsers reads log text again.
 */
#ifndef BD_PARSERS_RECORD_H
#define BD_PARSERS_RECORD_H

#include <stdint.h>

/*
 * Input formats: X(ENUM, name, description, READER, SYMBOL). The name is
 * what the store, `export` and `import --dry-run` print; never rename one
 * (the store keeps it). READER says what reads the format: `parser`, a
 * `const struct parser SYMBOL_parser` (parsers/SYMBOL.c), or `json`, a
 * `const struct json_kind SYMBOL_kind` that parsers/json.c asks in this
 * order. The registries of parsers.c and json.c are made from this table.
 */
#define FORMATS(X)                                                                                 \
	X(HYPERFINE, "hyperfine", "hyperfine text output", parser, hyperfine)                      \
	X(HYPERFINE_JSON, "hyperfine-json", "hyperfine --export-json", json, hyperfine_json)       \
	X(JSON, "json", "a JSON document, read by the kind of tool that wrote it", parser, json)   \
	X(IPERF3, "iperf3", "iperf3 text output", parser, iperf3)                                  \
	X(IPERF3_JSON, "iperf3-json", "iperf3 -J", json, iperf3_json)                              \
	X(HYPERFINE_CSV, "hyperfine-csv", "hyperfine --export-csv", parser, hyperfine_csv)         \
	X(HYPERFINE_MD, "hyperfine-md", "hyperfine --export-markdown", parser, hyperfine_md)       \
	X(CRITERION, "criterion", "Criterion.rs benchmark results", parser, criterion)             \
	X(LIBTEST, "libtest", "Rust libtest #[bench] results (and Criterion's bencher format)",    \
	  parser, libtest)                                                                         \
	X(GOTEST, "gotest", "Go testing benchmarks (go test -bench)", parser, gotest)              \
	X(BOLT, "bolt", "bbolt / boltdb-style bench Write and Read lines", parser, bolt)           \
	X(SIZE, "size", "GNU size, Berkeley format (the default)", parser, size)                   \
	X(SIZE_SYSV, "size-sysv", "GNU size -A, SysV format", parser, size_sysv)                   \
	X(SIZE_LIST, "size-list", "binary sizes per build, written by hand in a list", parser,    \
	  sizelist)                                                                                \
	X(TIME, "time", "GNU time (default, -v, -p) and the shell's time keyword", parser, time)   \
	X(PERF, "perf", "perf stat", parser, perf)                                                 \
	X(PERF_CSV, "perf-csv", "perf stat -x,", parser, perf_csv)                                 \
	X(FORTIO, "fortio", "fortio load text output", parser, fortio)                             \
	X(FORTIO_JSON, "fortio-json", "fortio load -json", json, fortio_json)                      \
	X(BDN, "benchmarkdotnet", "BenchmarkDotNet summary table and environment header", parser, \
	  bdn)                                                                                     \
	X(JMH, "jmh", "JMH summary table and run log", parser, jmh)                                \
	X(GBENCH, "gbench", "Google Benchmark console output and its compare.py", parser, gbench)  \
	X(GBENCH_JSON, "gbench-json", "Google Benchmark --benchmark_format=json", json, gbench_json) \
	X(BENCHMARKJS, "benchmarkjs", "benchmark.js results (name x N ops/sec)", parser, benchmarkjs) \
	X(PYPERF, "pyperf", "pyperf and pyperformance results and compare_to", parser, pyperf)     \
	X(ASV, "asv", "airspeed velocity: asv compare and asv continuous tables", parser, asv)      \
	X(PYTEST_BENCHMARK, "pytest-benchmark", "pytest-benchmark tables and their comparisons", parser, \
	  pytest_benchmark)                                                                         \
	X(WRK, "wrk", "wrk and wrk2 text output", parser, wrk)                                      \
	X(ZSH_TIME, "zsh-time", "zsh's time report, one line per command", parser, zsh_time)       \
	X(FISH_TIME, "fish-time", "fish's time block (Executed in, usr time, sys time)", parser,   \
	  fish_time)                                                                                \
	X(AB, "ab", "ApacheBench (ab) text output", parser, ab)                                     \
	X(HEY, "hey", "hey's text summary", parser, hey)                                            \
	X(OHA, "oha", "oha's text summary", parser, oha)                                            \
	X(VEGETA, "vegeta", "vegeta report text output", parser, vegeta)                            \
	X(K6, "k6", "k6's end-of-test summary", parser, k6)                                         \
	X(H2LOAD, "h2load", "h2load (nghttp2) text output", parser, h2load)                         \
	X(BOMBARDIER, "bombardier", "bombardier's plain-text report", parser, bombardier)           \
	X(CLICKHOUSE, "clickhouse", "clickhouse-client's summary of a query", parser, clickhouse)   \
	X(WEB_TOOLING, "web-tooling", "the Web Tooling Benchmark's report", parser, webtooling)      \
	X(REDIS_BENCHMARK, "redis-benchmark", "redis-benchmark (full report, -q, --csv)", parser,     \
	  redisbench)                                                                              \
	X(PGBENCH, "pgbench", "pgbench's summary", parser, pgbench)                                \
	X(SYSBENCH, "sysbench", "sysbench results (OLTP, cpu, memory, fileio)", parser, sysbench)   \
	X(FIO, "fio", "fio's text summary: per job and per group", parser, fio)                    \
	X(DU, "du", "du listings: a size and a path a line", parser, du)                            \
	X(BLOATY, "bloaty", "bloaty's size tables and diffs", parser, bloaty)                       \
	X(OBJDUMP, "objdump", "objdump -h section tables", parser, objdump)                        \
	X(MEMTIER, "memtier", "memtier_benchmark's totals table", parser, memtier)                  \
	X(BENCHSTAT, "benchstat", "benchstat (v2) summaries and comparisons of Go benchmarks",    \
	  parser, benchstat)                                                                       \
	X(BENCHSTAT_V1, "benchstat-v1", "benchstat v1 (old/new time/op) comparisons", parser,      \
	  benchstat_v1)                                                                            \
	X(BENCHCMP, "benchcmp", "Go benchcmp (old/new ns/op) comparisons", parser, benchcmp)       \
	X(CRITCMP, "critcmp", "critcmp comparisons of Criterion.rs baselines", parser, critcmp)    \
	X(CARGO_BENCHCMP, "cargo-benchcmp", "cargo benchcmp comparisons of libtest benchmarks",    \
	  parser, cargo_benchcmp)                                                                   \
	X(BENCHSTAT_CSV, "benchstat-csv", "benchstat -format csv (v2) and -csv (v1) tables", parser, \
	  benchstat_csv)                                                                            \
	X(XMALLOC, "xmalloc-test", "mimalloc-bench's xmalloc-test result line (rtime, free/sec)", parser, \
	  xmalloc)                                                                                 \
	X(DIVAN, "divan", "divan's tree of Rust benchmarks (fastest, slowest, median, mean, samples)", parser, \
	  divan)                                                                                    \
	X(NANOBENCH, "nanobench", "nanobench's Markdown tables (ns/op, op/s, err%, ins/op ... benchmark)", parser, \
	  nanobench)                                                                                \
	X(BTOOLS, "benchmarktools", "Julia's BenchmarkTools: @benchmark's trial, @btime's and @time's lines", \
	  parser, btools)                                                                           \
	X(POOP, "poop", "poop's report (Benchmark N (R runs): CMD, then mean ± σ, min … max per measurement)", \
	  parser, poop)                                                                             \
	X(EMBENCH, "emscripten-bench", "emscripten's benchmark suite report (NAME: mean: M (+-S) secs, size:)", \
	  parser, embench)                                                                          \
	X(TABLE, "table", "a table typed by hand or posted by a bot (Markdown, ASCII, box, HTML)", \
	  parser, table)                                                                           \
	X(LABELLED, "labelled", "numbers labelled by hand in prose and lists (PGO: 10.1 s, A -> B)", \
	  parser, labelled)

#define FMT_ENUM_(e, name, desc, reader, sym) FMT_##e,
enum fmt { FMT_NONE, FORMATS(FMT_ENUM_) FMT__COUNT };
#undef FMT_ENUM_

/*
 * Where a run's variant came from, weakest first; user edits come last.
 *   input     the input file's name (quick comparison, nothing else found)
 *   filename  a file named in the data (a `size` row)
 *   command   the part of a benchmarked command that differs (hyperfine)
 *   label     a label line, heading, bold line or bullet above the block
 *   legend    a legend in the text mapping a name to a variant
 *   flag      `import -V`
 *   override  a recorded per-block fix (`import --set-variant LINE=NAME`)
 *   alias     `rename-variant` / `merge-variants`
 */
#define VORIGINS(X)                                                                                \
	X(NONE, "none")                                                                            \
	X(INPUT, "input")                                                                          \
	X(FILENAME, "filename")                                                                    \
	X(COMMAND, "command")                                                                      \
	X(LABEL, "label")                                                                          \
	X(LEGEND, "legend")                                                                        \
	X(FLAG, "flag")                                                                            \
	X(OVERRIDE, "override")                                                                    \
	X(ALIAS, "alias")

#define VO_ENUM_(e, name) VO_##e,
enum vorigin { VORIGINS(VO_ENUM_) VO__COUNT };
#undef VO_ENUM_

/*
 * What a number is: X(ENUM, name, metric suffix). The export metric name is
 * [SUBJECT.]QUANTITY[.SUFFIX]; an empty suffix adds nothing.
 *   range   max - min of the samples behind the figure (libtest's "+/-")
 *   rel_sd  relative spread in %: perf stat -r's "( +- x% )", which is the
 *           standard error of the mean (σ/√n) over the mean
 *   est     a point estimate with lower/upper bounds beside it (Criterion)
 *   err999  half the width of the 99.9% confidence interval of the mean
 *           (BenchmarkDotNet's Error, JMH's "± Error"): the compare engine
 *           takes the deviation from it and the count, t(0.9995, n-1)
 *   rel_dev the largest distance of a sample from the mean, in % of the
 *           mean (benchstat v1's "± 3%"): a bound on the deviation
 *   rel_ci  half the width of a confidence interval of the center, in %
 *           of it (benchstat v2's "± 1%", the larger half of a 95%
 *           interval of the median unless benchstat was told otherwise)
 *   sem     the standard error of the mean, σ/√n (BenchmarkDotNet's StdErr):
 *           with the count beside it, the deviation is sem·√n
 */
#define STATS(X)                                                                                   \
	X(VALUE, "value", "")                                                                      \
	X(MEAN, "mean", "mean")                                                                    \
	X(MEDIAN, "median", "median")                                                              \
	X(MIN, "min", "min")                                                                       \
	X(MAX, "max", "max")                                                                       \
	X(SD, "sd", "stddev")                                                                      \
	X(RANGE, "range", "dev")                                                                   \
	X(REL_SD, "rel_sd", "rel_sd")                                                              \
	X(EST, "est", "")                                                                          \
	X(LOWER, "lower", "lower")                                                                 \
	X(UPPER, "upper", "upper")                                                                  \
	X(ERR999, "err999", "error")                                                                \
	X(REL_DEV, "rel_dev", "rel_dev")                                                           \
	X(REL_CI, "rel_ci", "rel_ci")                                                              \
	X(SEM, "sem", "stderr")

#define STAT_ENUM_(e, name, suffix) STAT_##e,
enum stat_kind { STATS(STAT_ENUM_) STAT__COUNT };
#undef STAT_ENUM_

/*
 * SI units of stored values: X(ENUM, name). CPUS: CPUs busy on average (perf's "CPUs utilized").
 * NS_PER_DAY: nanoseconds simulated per day of computing (molecular dynamics), a rate kept as printed.
 */
#define UNITS(X)                                                                                   \
	X(NONE, "")                                                                                \
	X(SECOND, "s")                                                                             \
	X(BYTE, "B")                                                                               \
	X(BIT_PER_S, "bit/s")                                                                      \
	X(BYTE_PER_S, "B/s")                                                                       \
	X(PER_S, "1/s")                                                                            \
	X(PERCENT, "%")                                                                            \
	X(COUNT, "count")                                                                          \
	X(CPUS, "CPUs")                                                                            \
	X(NS_PER_DAY, "ns/day")

#define UNIT_ENUM_(e, name) UNIT_##e,
enum unit { UNITS(UNIT_ENUM_) UNIT__COUNT };
#undef UNIT_ENUM_

/* Which way is better; the METRICS table's (parsers/metrics.h), never a parser's or a view's. */
#define DIRECTIONS(X)                                                                              \
	X(NONE, "none")                                                                            \
	X(LOWER, "lower")                                                                          \
	X(HIGHER, "higher")

#define DIR_ENUM_(e, name) DIR_##e,
enum direction { DIRECTIONS(DIR_ENUM_) DIR__COUNT };
#undef DIR_ENUM_

/* Notes kept on a run: X(ENUM, name). */
#define NOTE_KINDS(X)                                                                              \
	X(INFO, "info")                                                                            \
	X(WARNING, "warning")                                                                      \
	X(ERROR, "error")                                                                          \
	X(SUMMARY, "summary")                                                                      \
	X(VERDICT, "verdict")                                                                      \
	X(OUTLIERS, "outliers")                                                                    \
	X(DAMAGE, "damage")

#define NOTE_ENUM_(e, name) NOTE_##e,
enum note_kind { NOTE_KINDS(NOTE_ENUM_) NOTE__COUNT };
#undef NOTE_ENUM_

/*
 * What is known of a run's figures beyond their values: X(ENUM, bit,
 * word). The word is what the store keeps (runs.csv's flags column, words
 * joined by one space; never rename one) and what the views print.
 *   incomplete    a line of the run was garbled or cut and skipped
 *   failed        the tool reported a failure (non-zero exit, error)
 *   hand-written  typed by a person (a table, a list), not a tool's output
 *   approximate   written as approximate ("~46,900", "≈ 3 min")
 *   upper-bound   an upper bound, not a value ("< 1 ms", "≤ 5")
 *   lower-bound   a lower bound, not a value ("> 10 s", "≥ 5")
 */
#define RUN_FLAGS(X)                                                                               \
	X(INCOMPLETE, 0, "incomplete")                                                             \
	X(FAILED, 1, "failed")                                                                     \
	X(HAND, 2, "hand-written")                                                                 \
	X(APPROX, 3, "approximate")                                                                \
	X(UPPER, 4, "upper-bound")                                                                 \
	X(LOWER, 5, "lower-bound")

#define RUN_FLAG_ENUM_(e, bit, word) RUN_##e = 1 << bit,
enum run_flags { RUN_FLAGS(RUN_FLAG_ENUM_) };
#undef RUN_FLAG_ENUM_

struct variant {
	const char *key;  /* normalized: the same variant written twice has one key */
	const char *text; /* as the author wrote it, for display */
	enum vorigin origin;
};

struct run {
	const char *id;      /* "<source hash prefix>:<first line>.<k>": stable across reparse */
	uint32_t source;     /* index of its source in the model */
	enum fmt fmt;
	uint32_t first_line; /* 1-based, inclusive, in the source text */
	uint32_t last_line;
	const char *block;   /* dedup key of the block it was parsed from */
	/* parser output (with the segmenter's labels), as stored */
	const char *experiment;
	struct variant variant;
	const char *scenario; /* what stays the same across variants ("server mode", a command) */
	const char *subject;  /* the benchmark's name, for harnesses; "" otherwise */
	const char *command;  /* the command the tool ran, when printed; "" otherwise */
	unsigned flags;       /* enum run_flags */
	/*
	 * The source line that named `variant` (the label, the legend, the
	 * line holding the command or file name); set by the naming pass, 0
	 * when nothing in the text did (the source's name) or in a store
	 * written before it was kept. A parser that proposes a name from its
	 * data (origin label) may set it first: the line of the header cell
	 * or column that named the run, when that is not the run's own line.
	 */
	uint32_t name_line;
	/*
	 * Its measurements an import wrote out as it read them (store/model.h,
	 * struct record_spool) instead of keeping them in the record set: they
	 * count with those in memory wherever a run's measurements are counted.
	 */
	uint32_t nmeas_out;
	/* resolved on load: parser output, then import flags, overrides, aliases */
	const char *eff_experiment;
	struct variant eff_variant;
	const char *eff_scenario;
};

/* (Wide fields first: 48 bytes, not 64, for the millions of a big import.) */
struct measurement {
	const char *quantity; /* "time", "sender.bitrate", "write.ops_per_sec" */
	double value;         /* in `unit` */
	uint64_t offset;      /* byte offset of the printed number in the source */
	uint32_t run; /* index of its run in the same record set */
	enum stat_kind stat;
	enum unit unit;
	enum direction dir;
	uint32_t n;           /* samples the figure summarizes; 0 when unknown */
	uint32_t length;      /* its length in bytes; 0 when the number was not printed */
};

/* One raw sample of a quantity (hyperfine JSON times[]). */
struct sample {
	uint32_t run;
	const char *quantity;
	enum unit unit;
	uint32_t index;
	double value;
};

/* One point of a series (iperf3 intervals, fortio histogram rows): y over [x0, x1]. */
struct series_point {
	uint32_t run;
	const char *name;
	uint32_t index;
	double x0, x1, y;
	enum unit unit; /* of y */
};

struct note {
	uint32_t run;
	enum note_kind kind;
	uint32_t line; /* source line the note came from; 0 when none */
	const char *text;
};

/* A fact about the experiment found in the text ("Test environment": CPU, kernel, ...). */
struct fact {
	uint32_t source;
	const char *key;
	const char *value;
	uint32_t line;
	uint8_t once; /* stated once per source however often printed (recset_settle_once_facts()) */
};

#endif
