/*
 * test_labelled.c - the reader of numbers labelled by hand in prose and
 * lists (parsers/labelled.c), each shape on a small hand-written input:
 * several runs on one line, key and figure lines under a build's label,
 * a build and its figure, arrows, "vs", a figure alone under a label;
 * and what it never reads (percentages, settings, sentences, a program's
 * listing, a decimal mark the text leaves open, a repeat of tool output).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

#define MI 1048576.0

static size_t runs_of(const struct model *m, enum fmt f)
{
	size_t n = 0;

	for (size_t r = 0; r < m->rs.nruns; r++)
		n += m->rs.runs[r].fmt == f;
	return n;
}

/* The k-th labelled run (0-based) of this variant and metric; -1 when there is none. */
static long nth_run(const struct model *m, const char *variant, const char *metric, int k)
{
	for (size_t r = 0; r < m->rs.nruns; r++) {
		if (m->rs.runs[r].fmt != FMT_LABELLED || strcmp(m->rs.runs[r].variant.text, variant) ||
		    !find_meas(m, (uint32_t)r, metric))
			continue;
		if (!k--)
			return (long)r;
	}
	return -1;
}

static void assert_nth(const struct model *m, const char *variant, const char *metric, int k, double want,
		       unsigned flags)
{
	long r = nth_run(m, variant, metric, k);
	const struct measurement *me;

	if (r < 0)
		fail_msg("no run %d of variant \"%s\" with %s", k, variant, metric);
	me = find_meas(m, (uint32_t)r, metric);
	if (me->value != want)
		fail_msg("%s of \"%s\" #%d: %.17g, want %.17g", metric, variant, k, me->value, want);
	if (m->rs.runs[r].flags != flags)
		fail_msg("%s of \"%s\" #%d: flags %#x, want %#x", metric, variant, k, m->rs.runs[r].flags, flags);
}

/* "label: v1; v2; v3" and "label: v1 v2 v3 average~=v": one run per figure, the average never. */
static void test_runs_on_a_line(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "HarfBuzz:\n"
			   "w/ PGO: 1m10.877s; 1m10.778s; ~1m10.356s\n"
			   "w/o PGO: 88s 87s 89s average~=88s\n"
			   "speedup~=-19%\n";

	import_string(&f->m, "runs.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_nth(&f->m, "w/ PGO", "time", 0, 70.877, RUN_HAND);
	assert_nth(&f->m, "w/ PGO", "time", 1, 70.778, RUN_HAND);
	assert_nth(&f->m, "w/ PGO", "time", 2, 70.356, RUN_HAND | RUN_APPROX);
	assert_nth(&f->m, "w/o PGO", "time", 0, 88, RUN_HAND);
	assert_nth(&f->m, "w/o PGO", "time", 2, 89, RUN_HAND);
	assert_int_equal(nth_run(&f->m, "w/o PGO", "time", 3), -1);
	/* the label on the figures' line names them, and the figure keeps its bytes */
	assert_int_equal(f->m.rs.runs[nth_run(&f->m, "w/ PGO", "time", 0)].variant.origin, VO_LABEL);
	assert_int_equal(find_meas(&f->m, (uint32_t)nth_run(&f->m, "w/ PGO", "time", 0), "time")->length, 9);
	assert_int_equal(f->d.n, 0);
}

/* Keys that name quantities: one run per block, named by the label above it; a key again opens another. */
/*
 * "gcc instret: 283330319": a build, then a word for a count; under labels
 * that state the same build for each program ("Benchmark aes with ... -O3"),
 * the compilers are the builds, not the labels.
 */
static void test_build_then_count_word(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Benchmark aes with -march=rv32im and -O3\n"
			   "  gcc instret:   283330319\n"
			   "  clang instret: 271796365\n"
			   "  clang/gcc: 95.00%\n"
			   "Benchmark norx with -march=rv32im and -O3\n"
			   "  gcc instret:   129801139\n"
			   "  clang instret: 134429519\n"
			   "  clang/gcc: 103.00%\n";

	import_string(&f->m, "instret.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_nth(&f->m, "gcc", "instructions", 0, 283330319, RUN_HAND);
	assert_nth(&f->m, "clang", "instructions", 1, 134429519, RUN_HAND);
	assert_int_equal(find_meas(&f->m, (uint32_t)nth_run(&f->m, "gcc", "instructions", 1), "instructions")->unit,
			 UNIT_COUNT);
}

static void test_keys_under_a_label(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "With LTO:\n"
			   "\n"
			   "```text\n"
			   "Build Time: 3m43s\n"
			   "Binary Size: 51563272 (52M)\n"
			   "cmd:`strip`: 39163592 (39M)\n"
			   "```\n";
	long r;

	import_string(&f->m, "keys.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 1);
	r = nth_run(&f->m, "With LTO", "build_time", 0);
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "build_time")->value == 223);
	assert_true(find_meas(&f->m, (uint32_t)r, "file_size")->value == 51563272);
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "file_size")->unit, UNIT_BYTE);
	/* a key of its own among them, a size by the author's rounding "(39M)" */
	assert_true(find_meas(&f->m, (uint32_t)r, "cmd_strip")->value == 39163592);
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "cmd_strip")->unit, UNIT_BYTE);
	assert_int_equal(f->d.n, 0);
}

/*
 * Keys whose last words name a quantity ("Child user", "Processing time")
 * are keys, not builds: under a build's label, or when the block's keys
 * end in two quantities or more. A release's number alone right above
 * the report names it.
 */
static void test_keys_ending_in_quantity(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "What came out:\n"
			   "\n"
			   "v1.7.x\n"
			   "Child user: 9731.020 s\n"
			   "Child sys :  280.320 s\n"
			   "Child wall:  286.761 s\n"
			   "Child high-water RSS                    :   11339504 KiB\n"
			   "\n"
			   "v1.6.x\n"
			   "Child user: 7424.805 s\n"
			   "Child sys :  228.109 s\n"
			   "\n"
			   "This PR:\n"
			   "\n"
			   "Processing time (w/o IO): 25 ms\n";
	long r;

	import_string(&f->m, "cgmemtime.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 3);
	r = nth_run(&f->m, "v1.7.x", "user_time", 0);
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "user_time")->value == 9731.02);
	assert_true(find_meas(&f->m, (uint32_t)r, "system_time")->value == 280.32);
	assert_true(find_meas(&f->m, (uint32_t)r, "wall_time")->value == 286.761);
	assert_true(find_meas(&f->m, (uint32_t)r, "max_rss")->value == 11339504.0 * 1024);
	assert_nth(&f->m, "v1.6.x", "system_time", 0, 228.109, RUN_HAND);
	assert_nth(&f->m, "This PR", "time", 0, 0.025, RUN_HAND);
	assert_int_equal(nth_run(&f->m, "Child user", "time", 0), -1);
	assert_int_equal(nth_run(&f->m, "Processing time", "time", 0), -1);
}

/* Runs of a build joined by ", " ("default: 9.16s, 8.47s, 8.23s"): a run each. */
static void test_runs_joined_by_commas(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```bash\n"
			   "default: 9.16s, 8.47s, 8.23s\n"
			   "lld:     4.78s, 4.80s, 4.86s\n"
			   "```\n";

	import_string(&f->m, "commas.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 6);
	assert_nth(&f->m, "default", "time", 0, 9.16, RUN_HAND);
	assert_nth(&f->m, "default", "time", 2, 8.23, RUN_HAND);
	assert_nth(&f->m, "lld", "time", 1, 4.80, RUN_HAND);
}

/*
 * A caption of a quantity alone right above builds and their figures
 * ("Build time:") names what the figures' units alone would call a time;
 * one that names no quantity leaves them a time.
 */
static void test_caption_names_quantity(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Build time:\n"
			   "main: 12m54.051s\n"
			   "lto: 13m27.746s\n"
			   "\n"
			   "Results:\n"
			   "main: 5.524 s\n"
			   "lto: 5.192 s\n";

	import_string(&f->m, "caption.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 4);
	assert_nth(&f->m, "main", "build_time", 0, 774.051, RUN_HAND);
	assert_nth(&f->m, "lto", "build_time", 0, 807.746, RUN_HAND);
	assert_nth(&f->m, "main", "time", 0, 5.524, RUN_HAND);
	assert_int_equal(nth_run(&f->m, "main", "time", 1), -1);
}

/* A build and its figure (a bullet of sizes is the size list's): bullets, a dash, emphasis, a full stop, a unit the quantity's words name. */
static void test_builds(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Start-up after the change:\n"
			   "\n"
			   "- Release: 1.31 s\n"
			   "- **Release + Fat LTO**: 1.2 s\n"
			   "\n"
			   "PGO - 10.1s\n"
			   "\n"
			   "Without option: 6737560 bytes.\n"
			   "\n"
			   "Jemalloc: total run time 2643.68 s\n";

	import_string(&f->m, "builds.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_nth(&f->m, "Release", "time", 0, 1.31, RUN_HAND);
	assert_nth(&f->m, "Release + Fat LTO", "time", 0, 1.2, RUN_HAND);
	assert_nth(&f->m, "PGO", "time", 0, 10.1, RUN_HAND);
	assert_nth(&f->m, "Without option", "file_size", 0, 6737560, RUN_HAND);
	assert_nth(&f->m, "Jemalloc", "total_run_time", 0, 2643.68, RUN_HAND);
	assert_int_equal(f->d.n, 0);
}

/*
 * A key's figures in units of their own, after ", ": quantities of one
 * run, a note in brackets unread; two of one unit, or one without a
 * unit, read nothing.
 */
static void test_units_of_one_run(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Without mimalloc:\n"
			   "\n"
			   "  many_lines:   3.0420 seconds,   9.357 MB/s (normalized:   2.457 KB/s)\n"
			   "  long_lines:   1.0080 seconds,  29.630 MB/s (normalized:   7.780 KB/s)\n"
			   "\n"
			   "With mimalloc:\n"
			   "\n"
			   "  many_lines:   3.0456 seconds,   9.259 MB/s\n"
			   "  long_lines:   1.0202 seconds,  26.622 MB/s\n";
	const char *not_units = "Results:\n"
				"\n"
				"- PGO: 3.1 s, 3.2 s\n"
				"- LTO: 3.1 s, 12 files\n";

	import_string(&f->m, "units.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_nth(&f->m, "Without mimalloc", "time", 0, 3.042, RUN_HAND);
	assert_nth(&f->m, "Without mimalloc", "throughput", 1, 29.630e6, RUN_HAND);
	assert_nth(&f->m, "With mimalloc", "throughput", 0, 9.259e6, RUN_HAND);
	/* one run holds both figures of a line */
	assert_non_null(find_meas(&f->m, (uint32_t)nth_run(&f->m, "Without mimalloc", "time", 0), "throughput"));
	import_string(&f->m, "not.md", not_units, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
}

/* "LABEL -> FIGURE": an arrow from a build to its one figure; an arrow between figures stays before and after. */
static void test_arrow_from_build(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Build times:\n"
			   "\n"
			   "WIth PGO -> 8m 23s\n"
			   "Without PGO => 8m 42s\n";

	import_string(&f->m, "arrow.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_nth(&f->m, "WIth PGO", "time", 0, 503, RUN_HAND);
	assert_nth(&f->m, "Without PGO", "time", 0, 522, RUN_HAND);
}

/* A rate's unit word says what it counts: "RPS" and "req/s" are requests, "ops/s" operations. */
static void test_rate_words(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Results:\n"
			   "- Release: ~8800 RPS\n"
			   "- Release + PGO: 9300 req/s\n"
			   "- Release + BOLT: 9100 ops/s\n";

	import_string(&f->m, "rates.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_nth(&f->m, "Release", "qps", 0, 8800, RUN_HAND | RUN_APPROX);
	assert_nth(&f->m, "Release + PGO", "qps", 0, 9300, RUN_HAND);
	assert_nth(&f->m, "Release + BOLT", "ops_per_sec", 0, 9100, RUN_HAND);
}

/* Arrows: the builds before and after; the key names the quantity, its code span the file. */
static void test_arrows(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "## Linux\n"
			   "**Build time (`cargo build --release`):** 624s -> 488s = 22% drop in compile time\n"
			   "**Binary size (`daemon`):** 22.9 MiB -> 15.9 MiB = 31% drop\n"
			   "\n"
			   "Windows\n"
			   "12.1 -> 9.8 MB\n"
			   "\n"
			   "instructions: 97.3K \xe2\x86\x92 94.9K\n";

	import_string(&f->m, "arrows.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_nth(&f->m, "before", "build_time", 0, 624, RUN_HAND);
	assert_nth(&f->m, "after", "build_time", 0, 488, RUN_HAND);
	assert_nth(&f->m, "before", "daemon.file_size", 0, 22.9 * MI, RUN_HAND);
	assert_nth(&f->m, "after", "daemon.file_size", 0, 15.9 * MI, RUN_HAND);
	/* the side without a unit takes the other's */
	assert_nth(&f->m, "before", "file_size", 0, 12.1e6, RUN_HAND);
	assert_nth(&f->m, "after", "file_size", 0, 9.8e6, RUN_HAND);
	assert_nth(&f->m, "before", "instructions", 0, 97300, RUN_HAND);
	assert_nth(&f->m, "after", "instructions", 0, 94900, RUN_HAND);
	assert_int_equal(f->d.n, 0);
}

/*
 * Arrows of bare whole numbers after a build's name, the quantity named
 * only by the prose line above ("Total Ir ..."): counted in it, the name
 * kept as the scenario. Under a line naming no count, or two, nothing.
 */
static void test_arrows_quantity_above(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Total Ir based on `cli/threadexecutor.cpp` using a `-O2` build\n"
			   "\n"
			   "GCC `867,908,059` -> `716,371,674`\n"
			   "Clang 22 - `753,475,386` -> `660,183,226`\n"
			   "\n"
			   "Unrelated, but I tried `-O3` on top of this quickly:\n"
			   "GCC `716,371,674` -> `697,909,948`\n"
			   "\n"
			   "The Ir and the cycles went down:\n"
			   "\n"
			   "GCC `716,371,674` -> `697,909,948`\n"
			   "\n"
			   "The Ir went down after the upgrade:\n"
			   "\n"
			   "Clang 15 -> 16\n"
			   "threads 8 -> 16\n";
	long r;

	import_string(&f->m, "above.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 4);
	assert_nth(&f->m, "before", "instructions", 0, 867908059, RUN_HAND);
	assert_nth(&f->m, "after", "instructions", 0, 716371674, RUN_HAND);
	assert_nth(&f->m, "before", "instructions", 1, 753475386, RUN_HAND);
	assert_nth(&f->m, "after", "instructions", 1, 660183226, RUN_HAND);
	r = nth_run(&f->m, "after", "instructions", 1);
	assert_string_equal(f->m.rs.runs[r].scenario, "Clang 22");
	assert_string_equal(f->m.rs.runs[nth_run(&f->m, "before", "instructions", 0)].scenario, "GCC");
}

/* "A vs B: x vs y" names two builds; a figure alone under a label is that build's. */
static void test_vs_and_values(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "gcc vs clang: 10.5 s vs 9.8 s\n"
			   "\n"
			   "Before:\n"
			   "0m25.891s\n"
			   "0m25.902s\n";

	import_string(&f->m, "vs.md", text, &f->d);
	assert_nth(&f->m, "gcc", "time", 0, 10.5, RUN_HAND);
	assert_nth(&f->m, "clang", "time", 0, 9.8, RUN_HAND);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 4);
	assert_int_equal(f->d.n, 0);
}

/* A rate of simulated time under a build's label ("1.83668 ns/day") is a throughput, never a time of 1.8 ns. */
static void test_sim_rate(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "And with the clang build:\n"
			   "```\n"
			   "Integrated 617 steps in 58.0492 seconds\n"
			   "1.83668 ns/day\n"
			   "```\n";
	long r;

	import_string(&f->m, "rate.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 1);
	r = nth_run(&f->m, f->m.rs.runs[0].variant.text, "throughput", 0);
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "throughput")->value == 1.83668);
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "throughput")->unit, UNIT_NS_PER_DAY);
	assert_null(find_meas(&f->m, (uint32_t)r, "time"));
}

/* Never figures: prose, settings, facts, percentages, ratios, chains, a program's listing. */
static void test_not_read(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "It got about 5% faster, roughly 2x, and saves ~300 KB.\n"
			   "The binary shrank from 74 678 800 to 39 695 288 bytes (-47 %)\n"
			   "\n"
			   "- Version: 1.2.3\n"
			   "- Date: 2024-01-09\n"
			   "- RAM: 16 GB\n"
			   "- Timeout: 5s\n"
			   "- Duration: 30s\n"
			   "- Payload: 1400B (WireGuard MTU)\n"
			   "- Threads: 8\n"
			   "- Speedup: 1.17x\n"
			   "- Change: -8%\n"
			   "- Total: 10 s\n"
			   "- 1.2.3 -> 1.2.4\n"
			   "- 10 ms -> 12 ms -> 14 ms\n"
			   "\n"
			   "=== Monitor Summary ===\n"
			   "Avg CPU:    87.61 %\n"
			   "Avg Memory: 3.71 MB\n"
			   "\n"
			   "$ git count-objects -v\n"
			   "size: 1200 bytes\n";

	import_string(&f->m, "prose.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 0);
}

/* A decimal mark the text leaves open reads nothing, and one warning says why. */
static void test_open_mark(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "- PGO: 1,234 s\n- LTO: 1,456 s\n";

	import_string(&f->m, "mark.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 0);
	assert_int_equal(f->d.n, 1);
	assert_true(has_warning(&f->d, 1, "decimal mark"));
}

/* Labelled figures that repeat the hyperfine means above them add no runs. */
static void test_repeats_tool(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "Benchmark 1: ./app\n"
			   "  Time (mean \xc2\xb1 \xcf\x83):      61.7 ms \xc2\xb1   1.6 ms    [User: 43.0 ms, System: 18.6 ms]\n"
			   "  Range (min \xe2\x80\xa6 max):    58.6 ms \xe2\x80\xa6  65.9 ms    45 runs\n"
			   " \n"
			   "Benchmark 2: ./app_pgo\n"
			   "  Time (mean \xc2\xb1 \xcf\x83):      55.8 ms \xc2\xb1   1.4 ms    [User: 68.2 ms, System: 33.8 ms]\n"
			   "  Range (min \xe2\x80\xa6 max):    52.2 ms \xe2\x80\xa6  58.8 ms    50 runs\n"
			   "```\n"
			   "\n"
			   "In short:\n"
			   "\n"
			   "- app: 61.7 ms\n"
			   "- app_pgo: 55.8 ms\n";

	import_string(&f->m, "rep.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_LABELLED), 0);
	assert_int_equal(runs_of(&f->m, FMT_HYPERFINE), 2);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_runs_on_a_line), T(test_build_then_count_word), T(test_keys_under_a_label), T(test_keys_ending_in_quantity), T(test_caption_names_quantity), T(test_runs_joined_by_commas), T(test_builds), T(test_rate_words), T(test_arrow_from_build), T(test_units_of_one_run), T(test_arrows),
		T(test_vs_and_values),	T(test_not_read),	    T(test_open_mark), T(test_repeats_tool),
		T(test_sim_rate), T(test_arrows_quantity_above),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
