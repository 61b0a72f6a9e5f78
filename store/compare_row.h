/*
 * compare_row.h - the records of a comparison (compare.h): its options,
 * methods, flags and verdicts, each side's figures, the rows, geometric
 * means and the table, with the names of the methods, flags and verdicts
 * (compare_row.c). The engine (compare.c), the judging (compare_judge.c)
 * and the text of the cells (compare_text.c) all build on these.
 */
#ifndef BD_STORE_COMPARE_ROW_H
#define BD_STORE_COMPARE_ROW_H

#include <stddef.h>

#include "store/model.h"

struct cmp_opts {
	double alpha;     /* significance level; confidence intervals are at 1 - alpha */
	double threshold; /* noise threshold in % of the baseline: smaller changes are `~` */
	int holm;         /* Holm-adjust the p-values over the rows of a table */
};

#define CMP_OPTS_INIT { 0.05, 1.0, 0 }

/* How a row was judged: X(ENUM, name). */
#define CMP_METHODS(X)                                                                             \
	X(NONE, "none")      /* a side has no figure */                                          \
	X(DELTA, "delta")    /* one figure a side: the delta alone, no test */                  \
	X(UTEST, "u-test")   /* Mann-Whitney U test on samples */                               \
	X(WELCH, "welch")    /* Welch's t-test from mean, sd and n */                            \
	X(OVERLAP, "overlap") /* the tool's own intervals, apart or not */                       \
	X(EXACT, "exact")    /* one exact count a side (bytes `size` printed): the change is a fact */

#define CMP_METHOD_ENUM_(e, name) CMP_##e,
enum cmp_method { CMP_METHODS(CMP_METHOD_ENUM_) CMP__METHODS };
#undef CMP_METHOD_ENUM_

/* Data-quality flags beside a verdict: X(ENUM, name). */
#define CMP_FLAGS(X)                                                                               \
	X(OUTLIERS, "outliers")      /* the tool reported outliers */                              \
	X(WARNINGS, "warnings")      /* the tool warned (first run slower, too fast, ...) */        \
	X(FAILED, "failed")          /* a run failed or exited non-zero */                          \
	X(INCOMPLETE, "incomplete")  /* lines of a run were garbled or cut */                       \
	X(FEW, "few-samples")        /* too few values for a test to ever be significant */         \
	X(SCENARIOS, "mixed-scenarios") /* the sides were measured in different scenarios */      \
	X(HAND, "hand-written")      /* a figure typed by a person (a table), not a tool's output */ \
	X(APPROX, "approximate")     /* a figure written as approximate (~) */                      \
	X(UPPER, "upper-bound")      /* an upper bound (< 1 ms), not a value */                     \
	X(LOWER, "lower-bound")      /* a lower bound (> 10 s), not a value */                      \
	X(ONE_RUN, "one-run-a-side")  /* tested, each side one invocation: its inner runs share  \
					 the machine's state and order, so the test says less */

#define CMP_FLAG_BIT_(e, name) CMP_FBIT_##e,
enum { CMP_FLAGS(CMP_FLAG_BIT_) CMP__FLAGS };
#undef CMP_FLAG_BIT_
#define CMP_FLAG_(e, name) CMP_F_##e = 1u << CMP_FBIT_##e,
enum cmp_flag { CMP_FLAGS(CMP_FLAG_) };
#undef CMP_FLAG_

enum cmp_verdict {
	CMP_UNKNOWN, /* a side is missing, or the metric has no better direction */
	CMP_BETTER,
	CMP_WORSE,
	CMP_SAME, /* `~`: not significant, or not past the noise threshold by what the printed digits allow */
};

struct cmp_side {
	int present;          /* 0: the variant has no figure for this row */
	const char *scenario; /* where its figures come from (the row's, but see CMP_F_SCENARIOS) */
	size_t nruns;         /* runs behind the figures */
	uint32_t n;           /* values behind them: samples, runs, or the tool's count; 0 unknown */
	double center;        /* the figure compared: mean, else estimate, else the value */
	double mean, median, sd, min, max; /* NaN when unknown */
	double lo, hi;        /* the mean's confidence interval, or the tool's bounds; NaN when none */
	/*
	 * Half a unit of the last printed digit of center (the largest of its
	 * runs') and of sd; 0 when exact or unknown. A side whose sd was printed
	 * as 0 keeps sd 0 (what was printed); its tests and intervals take
	 * sd_res instead (below resolution is not zero).
	 */
	double res, sd_res;
	unsigned flags;       /* CMP_F_* from this side's runs */
};

struct cmp_row {
	const char *scenario; /* "" when none */
	const char *subject;  /* the benchmark, for harnesses; "" otherwise */
	const char *quantity; /* "time", "sender.bitrate" */
	const char *metric;   /* [SUBJECT.]QUANTITY, for people */
	enum unit unit;
	enum direction dir;
	struct cmp_side base, cand;
	enum cmp_method method;
	int has_delta;
	double delta_pct;    /* (cand - base) / |base| * 100 */
	double ratio;        /* cand / base */
	double ci_lo, ci_hi; /* confidence interval of delta_pct (Welch, on the means); NaN when none */
	double p;            /* the test's two-sided p-value; NaN when none */
	double p_adj;        /* Holm-adjusted p with opts.holm, else p */
	unsigned need;       /* > 0: values a side needs before a test could ever be significant */
	int tested;          /* a p-value (or an interval comparison) exists */
	int significant;     /* tested, below alpha (or apart) and beyond the threshold */
	/*
	 * By the metric's direction. Tested rows: BETTER/WORSE when significant,
	 * else SAME. Untested rows: BETTER/WORSE when beyond the threshold (views
	 * mark them as untested), else SAME.
	 */
	enum cmp_verdict verdict;
	unsigned flags; /* both sides' flags, CMP_F_FEW and CMP_F_SCENARIOS */
};

/* The geometric mean of one quantity over the rows present in every table compared. */
struct cmp_geomean {
	const char *quantity;
	enum unit unit;
	enum direction dir;
	size_t nrows;     /* rows (scenarios, benchmarks) it is taken over */
	double base, cand; /* geometric means of each side's centers */
	double ratio;     /* cand / base: the geometric mean of the rows' ratios */
	double delta_pct; /* (ratio - 1) * 100 */
	/* how far the printed digits let base, cand (SI) and delta_pct (points) be off; 0 exact */
	double base_res, cand_res, delta_res;
	double gain;      /* oriented: > 1 is better (base/cand when lower is better) */
	enum cmp_verdict verdict; /* by the threshold; a summary is never tested */
};

struct cmp_table {
	struct arena arena;      /* owns the rows' strings */
	const char *base, *cand; /* variant keys */
	struct cmp_opts opts;
	struct cmp_row *rows;
	size_t nrows, rows_cap;
	struct cmp_geomean *geo; /* filled by cmp_geomeans() */
	size_t ngeo;
	/* rows with a direction and both sides: significant better, worse, tested `~`, untested */
	size_t improved, regressed, unchanged, untested;
	size_t one_run; /* of improved and regressed: tested within one run a side (CMP_F_ONE_RUN) */
};

const char *cmp_method_name(enum cmp_method m);
/* The name of one flag bit (CMP_F_*); "" for anything else. */
const char *cmp_flag_name(unsigned flag);
/* "better", "worse", "same", "unknown". */
const char *cmp_verdict_name(enum cmp_verdict v);

#endif
