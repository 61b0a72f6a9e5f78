/*
 * compare_text.h - the cells of a comparison as people read them, shared
 * by the TUI's Compare screen and the `compare` command's text and
 * Markdown, so that both say the same thing the same way. Figures go
 * through units.c's unit_format(); this adds spreads, deltas, p-values and
 * the verdict marks (`~` not significant, `?` untested).
 *
 * Each function writes at most `size` bytes into `out` and returns `out`;
 * "" stands for "nothing to say".
 */
#ifndef BD_STORE_COMPARE_TEXT_H
#define BD_STORE_COMPARE_TEXT_H

#include <stddef.h>

#include "store/compare_row.h"
#include "util/buf.h"

/*
 * How finely a side's figure is known from the printed digits behind it:
 * its resolution (cmp_side.res), or for the mean of k runs' printed
 * figures res / sqrt(k), the rounding of independent runs averaging out as
 * the statistics of the mean say. 0 when exact or unknown, and for a
 * count (`unit` UNIT_COUNT) printed whole: things are counted exactly.
 */
double cmp_side_res(const struct cmp_side *s, enum unit unit);
/*
 * A side's figure in human units ("812 µs"), three significant digits and
 * none finer than cmp_side_res() ("1.0 ms" printed stays "1.0 ms"), or "-"
 * when the side is missing.
 */
char *cmp_text_figure(const struct cmp_side *s, enum unit unit, char *out, size_t size);
/*
 * A side's figure for row quantity `quantity`: a section size as the exact
 * bytes `size` printed, digits grouped ("20,135,680 B"); anything else as
 * cmp_text_figure(). A figure written as approximate is marked "~", an
 * upper or lower bound "<" or ">" ("~45.1 MiB", "<1.0 ms").
 */
char *cmp_text_value(const char *quantity, const struct cmp_side *s, enum unit unit, char *out,
		     size_t size);
/*
 * 1 when `quantity` is a size a tool prints in exact bytes (GNU size's
 * text, data, bss, dec, sections, total); 0 for any other, a size written
 * by hand ("1.3 MiB") included: that one is shown as it was written.
 */
int cmp_text_exact_bytes(const char *quantity);
/* A whole number of bytes, digits grouped: "20,135,680 B" (a negative one "-4,096 B", or "+4,096 B" with `sign`). */
char *cmp_text_bytes(double v, int sign, char *out, size_t size);
/* Its spread relative to the figure: "±2.6%" (standard deviation, else half the tool's interval). */
char *cmp_text_spread(const struct cmp_side *s, char *out, size_t size);
/* A change in percent with its sign: "-13.6%", "+0.42%". */
char *cmp_text_pct(double pct, char *out, size_t size);
/*
 * The same for a change that the printed digits of its figures know only
 * to within ±`res` percentage points: its last digit is no finer than
 * `res` (44.0 against 45.0 GBytes, ±0.23, is +2%, not +2.3%); when `res`
 * passes a point, rounded to the digit of `res` and marked "≈" ("16ns"
 * against "13ns", ±5.7 points, is "≈-19%"; 1.3 MiB against 14 MiB, ±80,
 * "≈+980%"). `res` 0: cmp_text_pct().
 */
char *cmp_text_pct_res(double pct, double res, char *out, size_t size);
/*
 * How far the row's delta_pct may be off from the rounding of its two
 * figures alone (their resolutions, see cmp_side): half-width in
 * percentage points, 0 when exact or unknown.
 */
double cmp_delta_res(const struct cmp_row *r);
/* The row's delta ("-13.6%"), or "", no finer than cmp_delta_res() allows. */
char *cmp_text_delta(const struct cmp_row *r, char *out, size_t size);
/* Half the width of the delta's confidence interval: "±0.13%", or "". */
char *cmp_text_ci(const struct cmp_row *r, char *out, size_t size);
/* The p-value used for the verdict ("0.003", "<0.001"), "need ≥4" when too few values, or "". */
char *cmp_text_p(const struct cmp_row *r, char *out, size_t size);
/* The values behind each side: "3312/3907", "?" for an unknown count; "" when neither side has one. */
char *cmp_text_n(const struct cmp_row *r, char *out, size_t size);
/*
 * The verdict mark: "better", "worse", "~" (no significant change),
 * "better?"/"worse?" (beyond the threshold but untested), or "" (no
 * direction, or a side missing).
 */
const char *cmp_text_verdict(const struct cmp_row *r);
/*
 * The verdict as a mark for a matrix cell: "✓" better and "✗" worse
 * (significant), "✓¹" "✗¹" (significant within one run a side:
 * CMP_F_ONE_RUN), "✓?" "✗?" (beyond the threshold, untested), "~" (no
 * change beyond the noise: not significant, or not past the threshold by
 * what the printed digits allow), or
 * "" (no direction, or a side missing). CMP_MARKS_LEGEND says the same,
 * CMP_ONE_RUN_LEGEND the "¹" (shown where a mark has it).
 */
const char *cmp_text_mark(const struct cmp_row *r);
#define CMP_MARKS_LEGEND                                                                           \
	"\xe2\x9c\x93 better \xe2\x9c\x97 worse \xc2\xb7 ? untested \xc2\xb7 ~ no change beyond the noise"
/* What "≈" before a change says (cmp_text_pct_res()), for a legend with the room. */
#define CMP_APPROX_LEGEND "\xe2\x89\x88 rounded"
#define CMP_ONE_RUN_LEGEND                                                                         \
	"\xe2\x9c\x93\xc2\xb9 \xe2\x9c\x97\xc2\xb9 within one run a side: its inner runs share the machine's state"
/*
 * The counts of a table, `sep` between them: "1 improved, 0 regressed,
 * 0 unchanged, 2 untested" (sep ", "), then " (1 within one run a
 * side)" when some significant change rests on one invocation a side.
 */
void cmp_text_counts(const struct cmp_table *t, const char *sep, struct buf *out);
/* What a method is, in a few words: "Welch's t-test on mean, sd, n". */
const char *cmp_text_method(enum cmp_method m);
/* A geometric mean's verdict: "1.16× better", "1.26× worse", "~", into out. */
char *cmp_text_gain(const struct cmp_geomean *g, char *out, size_t size);
/* Append the names of the flags set in `flags` to *out, separated by `sep`. */
void cmp_text_flags(unsigned flags, const char *sep, struct buf *out);

#endif
