/*
 * test_table.c - the reader of tables people and bots type
 * (parsers/table.c), each shape on a small hand-written input: pipe
 * tables with and without outer pipes, ASCII grids, box drawing, HTML,
 * diff fences, <details>, builds as rows, derived columns, a tool's own
 * table left to its parser; and the import's question whether a table
 * only repeats its text's tool output (store/repeats.c).
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
#define KI 1024.0

/* The run of this format, variant and export metric; -1 when none, or more than one. */
static long find_run(const struct model *m, const char *variant, const char *metric)
{
	long found = -1;

	for (size_t r = 0; r < m->rs.nruns; r++) {
		if (m->rs.runs[r].fmt != FMT_TABLE || strcmp(m->rs.runs[r].variant.text, variant))
			continue;
		if (!find_meas(m, (uint32_t)r, metric))
			continue;
		if (found >= 0)
			return -1;
		found = (long)r;
	}
	return found;
}

/* The figure of that run exactly, and its flags; fails the test when there is none. */
static void assert_figure(const struct model *m, const char *variant, const char *metric, double want,
			  unsigned flags)
{
	long r = find_run(m, variant, metric);
	const struct measurement *me;

	if (r < 0)
		fail_msg("no one run of variant \"%s\" with %s", variant, metric);
	me = find_meas(m, (uint32_t)r, metric);
	if (me->value != want)
		fail_msg("%s of \"%s\": %.17g, want %.17g", metric, variant, me->value, want);
	if (m->rs.runs[r].flags != flags)
		fail_msg("%s of \"%s\": flags %#x, want %#x", metric, variant, m->rs.runs[r].flags, flags);
}

static size_t runs_of(const struct model *m, enum fmt f)
{
	size_t n = 0;

	for (size_t r = 0; r < m->rs.nruns; r++)
		n += m->rs.runs[r].fmt == f;
	return n;
}

/* A pipe table, builds as columns: bold, code, an escaped pipe, n/a, ~ and < marks. */
static void test_pipe(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Timings:\n"
			   "\n"
			   "| Benchmark | Release | PGO |\n"
			   "|-----------|--------:|----:|\n"
			   "| parse     | 735.6 \xc2\xb5s | **612.0 \xc2\xb5s** |\n"
			   "| `render`  | 1.308s | n/a |\n"
			   "| check \\| lint | ~46,900 ns | < 1 ms |\n";
	long r;

	import_string(&f->m, "pipe.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_figure(&f->m, "Release", "parse.time", 735.6e-6, RUN_HAND);
	assert_figure(&f->m, "PGO", "parse.time", 612.0e-6, RUN_HAND);
	assert_figure(&f->m, "Release", "render.time", 1.308, RUN_HAND);
	assert_int_equal(find_run(&f->m, "PGO", "render.time"), -1); /* n/a */
	assert_figure(&f->m, "Release", "check | lint.time", 46900e-9, RUN_HAND | RUN_APPROX);
	assert_figure(&f->m, "PGO", "check | lint.time", 0.001, RUN_HAND | RUN_UPPER);
	/* the header cell named the build: the plan names its line */
	r = find_run(&f->m, "PGO", "parse.time");
	assert_int_equal(f->m.rs.runs[r].name_line, 3);
	assert_int_equal(f->m.rs.runs[r].variant.origin, VO_LABEL);
	/* the figure keeps the bytes it was read from */
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "parse.time")->length, 5);
	assert_int_equal(f->d.n, 0);
}

/* No outer pipes, under a prose line; builds as rows, durations and ls -h sizes. */
static void test_no_outer_pipes(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Measured both:\n"
			   "\n"
			   "Type | Build time | Binary Size\n"
			   "--- | --- | ---\n"
			   "Release (lto=thin) | 7m 05s | 51M\n"
			   "Release (lto=fat) | 10m 57s | 46M\n";

	import_string(&f->m, "bare.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "Release (lto=thin)", "build_time", 425, RUN_HAND);
	assert_figure(&f->m, "Release (lto=thin)", "file_size", 51 * MI, RUN_HAND);
	assert_figure(&f->m, "Release (lto=fat)", "build_time", 657, RUN_HAND);
	assert_figure(&f->m, "Release (lto=fat)", "file_size", 46 * MI, RUN_HAND);
	assert_int_equal(f->d.n, 0);
}

/* An ASCII grid in a fence: rules of + - =, a rate and a percentile per build. */
static void test_grid(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "+-----------+---------+---------+\n"
			   "| allocator | req/s   | p99 (ms)|\n"
			   "+===========+=========+=========+\n"
			   "| glibc     | 12,345  | 4.50    |\n"
			   "+-----------+---------+---------+\n"
			   "| mimalloc  | 13,002  | 3.98    |\n"
			   "+-----------+---------+---------+\n"
			   "```\n";

	import_string(&f->m, "grid.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "glibc", "qps", 12345, RUN_HAND);
	assert_figure(&f->m, "glibc", "latency.p99", 0.0045, RUN_HAND);
	assert_figure(&f->m, "mimalloc", "qps", 13002, RUN_HAND);
	assert_figure(&f->m, "mimalloc", "latency.p99", 0.00398, RUN_HAND);
}

/* Box drawing, as a TUI or a formatter prints it. */
static void test_box(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "\xe2\x94\x8c\xe2\x94\x80\xe2\x94\x80\xe2\x94\xac\xe2\x94\x80\xe2\x94\x80\xe2\x94\xac"
			   "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x90\n"
			   "\xe2\x94\x82 profile \xe2\x94\x82 baseline \xe2\x94\x82 lto \xe2\x94\x82\n"
			   "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80\xe2\x94\xbc\xe2\x94\x80\xe2\x94\x80\xe2\x94\xbc"
			   "\xe2\x94\x80\xe2\x94\x80\xe2\x94\xa4\n"
			   "\xe2\x94\x82 startup \xe2\x94\x82 120 ms \xe2\x94\x82 98 ms \xe2\x94\x82\n"
			   "\xe2\x94\x82 format \xe2\x94\x82 2.41 s \xe2\x94\x82 2.05 s \xe2\x94\x82\n"
			   "\xe2\x94\x94\xe2\x94\x80\xe2\x94\x80\xe2\x94\xb4\xe2\x94\x80\xe2\x94\x80\xe2\x94\xb4"
			   "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x98\n";

	import_string(&f->m, "box.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "baseline", "startup.time", 0.120, RUN_HAND);
	assert_figure(&f->m, "lto", "startup.time", 0.098, RUN_HAND);
	assert_figure(&f->m, "baseline", "format.time", 2.41, RUN_HAND);
	assert_figure(&f->m, "lto", "format.time", 2.05, RUN_HAND);
}

/* A bot's HTML table: builds as columns, each header a name and one unit. */
static void test_html(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "<table>\n"
			   "<tr><th>Query</th><th>main (s)</th><th>PR (s)</th></tr>\n"
			   "<tr><td>q1</td><td>12.5</td><td>11.9</td></tr>\n"
			   "<tr><td>q2</td><td><b>3.25</b></td><td>3.30</td></tr>\n"
			   "</table>\n";

	import_string(&f->m, "html.md", text, &f->d);
	assert_figure(&f->m, "main", "q1.time", 12.5, RUN_HAND);
	assert_figure(&f->m, "PR", "q1.time", 11.9, RUN_HAND);
	assert_figure(&f->m, "PR", "q2.time", 3.30, RUN_HAND);
	/* a cell split by tags is not read as one printed figure, nor guessed */
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "main", "q2.time", 3.25, RUN_HAND);
}

/*
 * An HTML row whose first cell is empty (<td></td>) below the header: its
 * name is the empty string, read as any other (libFuzzer found the
 * import crashing on a NULL one).
 */
static void test_html_empty_first_cell(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "<table>\n"
			   "<tr><th>Query</th><th>main (s)</th><th>PR (s)</th></tr>\n"
			   "<tr><td>q1</td><td>12.5</td><td>11.9</td></tr>\n"
			   "<tr><td></td><td>3.25</td><td>3.30</td></tr>\n"
			   "</table>\n";

	import_string(&f->m, "html.md", text, &f->d);
	assert_figure(&f->m, "main", "q1.time", 12.5, RUN_HAND);
	assert_figure(&f->m, "PR", "q1.time", 11.9, RUN_HAND);
}

/* Rows marked + and - in a diff fence (a comparison script's summary): read as rows. */
static void test_diff_marks(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```diff\n"
			   " | Item | old (ms) | new (ms) |\n"
			   " |------|----------|----------|\n"
			   "+| 10a  |   185.65 |   163.02 |\n"
			   " | 10b  |   120.09 |   120.07 |\n"
			   "-| 11a  |    97.93 |   104.67 |\n"
			   "```\n";

	import_string(&f->m, "diff.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_figure(&f->m, "old", "10a.time", 0.18565, RUN_HAND);
	assert_figure(&f->m, "new", "10a.time", 0.16302, RUN_HAND);
	assert_figure(&f->m, "new", "11a.time", 0.10467, RUN_HAND);
}

/* Rows of the same name marked - and + in a diff fence: the old build and the new. */
static void test_diff_pairs(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```diff\n"
			   "  | Benchmark | time (ms) |\n"
			   "  |-----------|-----------|\n"
			   "- | insert    | 10.4      |\n"
			   "+ | insert    | 8.9       |\n"
			   "  | lookup    | 2.15      |\n"
			   "```\n";
	long r;

	import_string(&f->m, "pairs.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_figure(&f->m, "old", "insert.time", 0.0104, RUN_HAND);
	assert_figure(&f->m, "new", "insert.time", 0.0089, RUN_HAND);
	/* a row marked by neither is no build's of the two */
	r = find_run(&f->m, "pairs", "lookup.time");
	assert_true(r >= 0);
}

/* Columns aligned with blanks under a row of heads, no rules: a blank head over the names, '-' cells. */
static void test_aligned(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "    n       faer    ndarray\n"
			   "    4      1.1\xc2\xb5s        2\xc2\xb5s\n"
			   "  128      1.3ms          -\n"
			   " 1024    327.3ms      1.23s\n"
			   "```\n"
			   "\n"
			   "             before    after\n"
			   "startup      120 ms    98 ms\n"
			   "binary size  12.4 MB   11.9 MB\n";

	import_string(&f->m, "aligned.md", text, &f->d);
	assert_figure(&f->m, "faer", "4.time", 1.1e-6, RUN_HAND);
	assert_figure(&f->m, "ndarray", "4.time", 2e-6, RUN_HAND);
	assert_figure(&f->m, "faer", "128.time", 0.0013, RUN_HAND);
	assert_int_equal(find_run(&f->m, "ndarray", "128.time"), -1);
	assert_figure(&f->m, "ndarray", "1024.time", 1.23, RUN_HAND);
	assert_figure(&f->m, "before", "startup.time", 0.120, RUN_HAND);
	assert_figure(&f->m, "after", "file_size", 11.9e6, RUN_HAND);
	assert_int_equal(f->m.rs.nruns, 9);
	assert_int_equal(f->d.n, 0);
}

/*
 * A resident size printed bare is in no unit we can tell (time -v and ps
 * print KiB): its column is not read, and a warning says why; a file's
 * size printed bare is in bytes.
 */
static void test_bare_rss_not_read(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| build | time | max RSS | binary size |\n"
			   "| --- | --- | --- | --- |\n"
			   "| glibc | 225.1 sec | 1075208 | 12,186,704 |\n"
			   "| mimalloc | 188.6 sec | 1105584 | 11,904,112 |\n";

	import_string(&f->m, "rss.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 4);
	for (size_t r = 0; r < f->m.rs.nruns; r++)
		assert_null(find_meas(&f->m, (uint32_t)r, "max_rss"));
	assert_true(has_warning(&f->d, 1, "no unit and no word for one in 2 cells (column \"max RSS\")"));
}

/*
 * "| A | B |": one letter heads a build's column, never a unit (B is not
 * bytes); a row named "b" does not make its bare figures bytes either.
 */
static void test_letter_builds(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Benchmark | A | B |\n"
			   "|---|---|---|\n"
			   "| parse | 614 ms | 537 ms |\n"
			   "| b | 783 ms | 706 ms |\n"
			   "\n"
			   "Counts:\n"
			   "\n"
			   "| Case | A | B |\n"
			   "|---|---|---|\n"
			   "| b | 783 | 706 |\n";

	import_string(&f->m, "ab.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 4);
	assert_figure(&f->m, "A", "parse.time", 0.614, RUN_HAND);
	assert_figure(&f->m, "B", "parse.time", 0.537, RUN_HAND);
	assert_figure(&f->m, "A", "b.time", 0.783, RUN_HAND);
	assert_figure(&f->m, "B", "b.time", 0.706, RUN_HAND);
	assert_true(has_warning(&f->d, 8, "no unit and no word for one in 2 cells (column \"A\")"));
}

/* "time (real)", "user time": the shell's words name wall, user and system time; "(ms)" is still a unit. */
static void test_shell_time_heads(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| compiler | time (real) | user time | time (sys) | run (ms) |\n"
			   "|--------|--------|--------|--------|--------|\n"
			   "| gcc-13 | 2m15.365s | 1m0.5s | 5.2s | 12 |\n";

	import_string(&f->m, "shell.md", text, &f->d);
	assert_figure(&f->m, "gcc-13", "wall_time", 135.365, RUN_HAND);
	assert_figure(&f->m, "gcc-13", "user_time", 60.5, RUN_HAND);
	assert_figure(&f->m, "gcc-13", "system_time", 5.2, RUN_HAND);
	assert_figure(&f->m, "gcc-13", "run", 0.012, RUN_HAND);
}

/* A row "min" beside "avg" and "max" is a minimum, not minutes; "(min)" in a header is minutes. */
static void test_min_row_not_minutes(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "|     | local      | docker |\n"
			   "|-----|------------|--------|\n"
			   "| avg | 0.79917586 | 0.89829016 |\n"
			   "| min | 0.78087375 | 0.86344007 |\n"
			   "| max | 0.89824817 | 0.99477790 |\n"
			   "\n"
			   "Build:\n"
			   "\n"
			   "| Project | Build (min) |\n"
			   "|---|---|\n"
			   "| gcc | 12 |\n";

	import_string(&f->m, "min.md", text, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 1);
	assert_figure(&f->m, "min", "gcc.build_time", 720, RUN_HAND);
	assert_true(has_warning(&f->d, 1, "no unit and no word for one"));
}

/*
 * GNU ld's --print-memory-usage: its KB and MB are 1024 and 1024² bytes
 * (it prints KB only for a multiple of 1024); a typed table's KB stays
 * 1000 bytes.
 */
/* The figure `metric` of the run its row names (the label above later makes the row a scenario). */
static double ld_figure(const struct model *m, const char *row, const char *metric)
{
	long r = find_run(m, row, metric);

	return r < 0 ? -1 : find_meas(m, (uint32_t)r, metric)->value;
}

static void test_ld_memory_usage(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "With lto:\n"
			   "```\n"
			   "Memory region         Used Size  Region Size  %age Used\n"
			   "    m_interrupts:          1 KB         1 KB    100.00%\n"
			   "          m_text:       37280 B       463 KB      7.86%\n"
			   "           FLASH:        2 MB         8 MB     25.00%\n"
			   "```\n"
			   "\n"
			   "| Region | Used Size |\n"
			   "|---|---|\n"
			   "| text | 463 KB |\n";

	import_string(&f->m, "ld.md", text, &f->d);
	assert_true(ld_figure(&f->m, "m_interrupts:", "used_size") == 1024);
	assert_true(ld_figure(&f->m, "m_text:", "used_size") == 37280);
	assert_true(ld_figure(&f->m, "m_text:", "region_size") == 463 * 1024);
	assert_true(ld_figure(&f->m, "FLASH:", "used_size") == 2 * MI);
	assert_true(ld_figure(&f->m, "FLASH:", "region_size") == 8 * MI);
	assert_figure(&f->m, "text", "used_size", 463000, RUN_HAND);
}

/* Aligned figures with no unit anywhere: nothing, and one warning saying why; prose with gaps stays prose. */
static void test_aligned_not_read(void **state)
{
	struct model_fixture *f = *state;
	const char *no_unit = "```\n"
			      "           fib       fibers\n"
			      "release    0.24745   0.08036\n"
			      "pgo        0.22345   0.06927\n"
			      "```\n";
	const char *prose = "We ran it twice.  The numbers  were the same.\n"
			    "Results  for  both  builds:\n"
			    "\n"
			    "Release: 12 ms\n"
			    "\n"
			    "Time   Size   Notes\n"
			    "It was  fast  enough, 3 runs.\n";

	import_string(&f->m, "nounit.md", no_unit, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 2, "no unit and no word for one in 4 cells"));
	import_string(&f->m, "prose.md", prose, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 0);
	/* "Release: 12 ms" is a labelled figure (parsers/labelled.c), the rest prose */
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_LABELLED);
}

/* Rates and times per piece of work: "tok/sec", "ms/frame"; a row that names a quantity. */
static void test_work_units(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Criteria  | Base      | LTO\n"
			   "| --------  | ------    | ---\n"
			   "| Tokenizer | 22743.91964 tok/sec | 25716.07018 tok/sec (+13.07%)\n"
			   "| Draw      | 0.00675 ms/frame    | 0.00470 ms/frame (-30.37%)\n"
			   "| Binary Size | 3875520 Bytes     | 3772728 Bytes (-2.65%)\n";

	import_string(&f->m, "rates.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_figure(&f->m, "Base", "Tokenizer.ops_per_sec", 22743.91964, RUN_HAND);
	assert_figure(&f->m, "LTO", "Draw.time", 4.7e-6, RUN_HAND);
	assert_figure(&f->m, "LTO", "file_size", 3772728, RUN_HAND);
}

/*
 * Two tables one blank line apart are two tables; a first column headed
 * "Build" holds the builds whatever the other heads; a cell in a unit its
 * column's quantity cannot have is not read, and a warning says why.
 */
static void test_two_tables(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Build | Size |\n"
			   "|---|---|\n"
			   "| release | 12.4 MiB |\n"
			   "| pgo | ~11.9 MiB |\n"
			   "\n"
			   "| Build | Startup |\n"
			   "|---|---|\n"
			   "| release | < 1 ms |\n"
			   "| pgo | > 2 ms |\n"
			   "\n"
			   "| Build | Size |\n"
			   "|---|---|\n"
			   "| lto | 3 ms |\n";

	import_string(&f->m, "two.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "pgo", "file_size", 11.9 * 1048576, RUN_HAND | RUN_APPROX);
	assert_figure(&f->m, "release", "startup", 0.001, RUN_HAND | RUN_UPPER);
	assert_figure(&f->m, "pgo", "startup", 0.002, RUN_HAND | RUN_LOWER);
	assert_true(has_warning(&f->d, 13, "table cell \"3 ms\" is in s, not what its column \"Size\" holds"));
}

/* A table folded in <details>. */
static void test_details(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "<details><summary>Results</summary>\n"
			   "\n"
			   "| Test | glibc | jemalloc |\n"
			   "|------|-------|----------|\n"
			   "| compile | 61.2 s | 58.7 s |\n"
			   "\n"
			   "</details>\n";

	import_string(&f->m, "details.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_figure(&f->m, "glibc", "compile.time", 61.2, RUN_HAND);
	assert_figure(&f->m, "jemalloc", "compile.time", 58.7, RUN_HAND);
}

/* Builds as rows, quantities as columns: units in the headers, a unit in the cell. */
static void test_rows_are_builds(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Build | Time (s) | Size (KiB) | Max RSS |\n"
			   "|---|---|---|---|\n"
			   "| Release | 4.10 | 812 | 120 MB |\n"
			   "| LTO | 3.85 | 790 | 118 MB |\n";

	import_string(&f->m, "rows.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_figure(&f->m, "Release", "time", 4.10, RUN_HAND);
	assert_figure(&f->m, "Release", "file_size", 812 * KI, RUN_HAND);
	assert_figure(&f->m, "Release", "max_rss", 120e6, RUN_HAND);
	assert_figure(&f->m, "LTO", "time", 3.85, RUN_HAND);
	/* the row's own cell named it: its line, not the header's */
	assert_int_equal(f->m.rs.runs[find_run(&f->m, "LTO", "time")].name_line, 4);
}

/*
 * A row's words say what its figures are: a percentile in brackets or
 * before the word ("Latency (90%)", "p99 latency", "99.9th") is that
 * percentile, never the mean; "/Sec" makes a size a throughput.
 */
static void test_percentile_per_second(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Metric | Old | New |\n"
			   "|---|---|---|\n"
			   "| Latency (Avg) | 31.5 ms | 30.2 ms |\n"
			   "| Latency (90%) | 48 ms | 41 ms |\n"
			   "| p99 latency | 120 ms | 97 ms |\n"
			   "| Transfer/sec | 3.2 MB | 3.5 MB |\n";
	long r;

	import_string(&f->m, "pct.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_figure(&f->m, "Old", "latency.avg", 0.0315, RUN_HAND);
	assert_figure(&f->m, "Old", "latency.p90", 0.048, RUN_HAND);
	assert_figure(&f->m, "New", "latency.p90", 0.041, RUN_HAND);
	assert_figure(&f->m, "New", "latency.p99", 0.097, RUN_HAND);
	assert_figure(&f->m, "Old", "throughput", 3.2e6, RUN_HAND);
	r = find_run(&f->m, "New", "throughput");
	assert_true(r >= 0);
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "throughput")->unit, UNIT_BYTE_PER_S);
	assert_int_equal(f->d.n, 0);
}

/*
 * Rows that name their quantity over cells without a unit: a rate's row
 * is per second, a count's a count ("12k" is 12000), and a note in
 * brackets after a figure is dropped, the figure kept.
 */
static void test_rows_name_bare_figures(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Metric | Before | After |\n"
			   "|---|---|---|\n"
			   "| Req/Sec (Avg) | 812.5 | 901.25 |\n"
			   "| Requests | 24k | 27k |\n"
			   "| Errors | 3 (timeouts) | 0 |\n";
	long r;

	import_string(&f->m, "bare.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_figure(&f->m, "Before", "qps", 812.5, RUN_HAND);
	assert_figure(&f->m, "After", "qps", 901.25, RUN_HAND);
	r = find_run(&f->m, "After", "qps");
	assert_true(r >= 0);
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "qps")->unit, UNIT_PER_S);
	assert_figure(&f->m, "Before", "calls", 24000, RUN_HAND);
	assert_figure(&f->m, "Before", "errors", 3, RUN_HAND);
	assert_figure(&f->m, "After", "errors", 0, RUN_HAND);
	assert_int_equal(f->d.n, 0);
}

/* Hz in a column's header or after a figure is a frequency, per second; "name (unit)" heads a build's column. */
static void test_frequency(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Design | base (kHz) | lto (kHz) |\n"
			   "|---|---|---|\n"
			   "| core-a | 1598.5 | 1629 |\n"
			   "| core-b | 1.2 MHz | 1.31 MHz |\n";
	long r;

	import_string(&f->m, "hz.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "base", "core-a.frequency", 1598500, RUN_HAND);
	assert_figure(&f->m, "lto", "core-a.frequency", 1629000, RUN_HAND);
	assert_figure(&f->m, "lto", "core-b.frequency", 1310000, RUN_HAND);
	r = find_run(&f->m, "base", "core-b.frequency");
	assert_true(r >= 0);
	assert_int_equal(find_meas(&f->m, (uint32_t)r, "core-b.frequency")->unit, UNIT_PER_S);
	assert_int_equal(f->d.n, 0);
}

/*
 * A first header naming a kind of build (a compiler) makes the rows the
 * builds even where the other heads hold build words: "Release Build" is
 * the build time of a Release build, measured for each compiler.
 */
static void test_rows_are_build_kinds(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Compiler | Release Build | Debug Build\n"
			   "-- | -- | --\n"
			   "GCC |  8m 25s | 10m 21s\n"
			   "Clang | 4m 56s | 4m 57s\n";

	import_string(&f->m, "kinds.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "GCC", "Release.build_time", 505, RUN_HAND);
	assert_figure(&f->m, "GCC", "Debug.build_time", 621, RUN_HAND);
	assert_figure(&f->m, "Clang", "Debug.build_time", 297, RUN_HAND);
}

/* yjit-bench's "stddev (%)" after a figure's column: that column's spread relative to it. */
static void test_relative_spread(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "-----  -----------  ----------  ----------  ----------  ------------\n"
			   "bench  before (ms)  stddev (%)  after (ms)  stddev (%)  before/after\n"
			   "nbody  99.4         0.8         94.7        0.9         1.05\n"
			   "-----  -----------  ----------  ----------  ----------  ------------\n"
			   "```\n";
	long r;
	const struct measurement *me;

	import_string(&f->m, "rsd.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_figure(&f->m, "after", "nbody.time", 0.0947, RUN_HAND);
	r = find_run(&f->m, "after", "nbody.time");
	me = find_meas(&f->m, (uint32_t)r, "nbody.time.rel_sd");
	assert_non_null(me);
	assert_true(me->value == 0.9);
	assert_int_equal(me->unit, UNIT_PERCENT);
	r = find_run(&f->m, "before", "nbody.time");
	assert_true(find_meas(&f->m, (uint32_t)r, "nbody.time.rel_sd")->value == 0.8);
	/* "before/after" is the ratio of the two, checked, never read */
	assert_int_equal(f->m.rs.nmeas, 4);
	assert_int_equal(f->d.n, 0);
}

/* A ratio column named by two builds' columns that its row does not bear out is named in a warning. */
static void test_ratio_column_checked(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| bench | before (ms) | after (ms) | before/after |\n"
			   "|---|---|---|---|\n"
			   "| nbody | 99.4 | 94.7 | 1.20 |\n";

	import_string(&f->m, "ratio.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 3, "derived column \"before/after\" disagrees"));
}

/*
 * A load tester's report of keys and figures, no header (drill's): one
 * run, each key naming its quantity, a standard deviation the spread of
 * the line before, percentiles as written ("99.5'th"), a unit's note in
 * brackets dropped; not hand-written. Two such lines read nothing.
 */
static void test_key_figures(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "Time taken for tests      0.5 seconds\n"
			   "Total requests            30\n"
			   "Failed requests           2\n"
			   "Requests per second       61.25 [#/sec]\n"
			   "Median time per request   4ms\n"
			   "Average time per request  12ms\n"
			   "Sample standard deviation 9ms\n"
			   "99.5'th percentile        48ms\n"
			   "```\n";
	const char *two = "```\nTotal requests    30\nFailed requests   2\n```\n";
	const struct run *r;

	import_string(&f->m, "kf.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	r = &f->m.rs.runs[0];
	assert_int_equal(r->flags & RUN_HAND, 0);
	assert_true(find_meas(&f->m, 0, "wall_time")->value == 0.5);
	assert_true(find_meas(&f->m, 0, "calls")->value == 30);
	assert_true(find_meas(&f->m, 0, "errors")->value == 2);
	assert_true(find_meas(&f->m, 0, "qps")->value == 61.25);
	assert_int_equal(find_meas(&f->m, 0, "qps")->unit, UNIT_PER_S);
	assert_true(find_meas(&f->m, 0, "latency.p50")->value == 0.004);
	assert_true(find_meas(&f->m, 0, "latency.avg")->value == 0.012);
	assert_true(find_meas(&f->m, 0, "latency.stddev")->value == 0.009);
	assert_true(find_meas(&f->m, 0, "latency.p99.5")->value == 0.048);
	assert_int_equal(f->m.rs.nmeas, 8);
	model_release(&f->m);
	model_init(&f->m);
	import_string(&f->m, "two.md", two, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
}

/* Δ and speedup columns are never read; one that disagrees with its row is named in a warning. */
static void test_derived(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Benchmark | Before | After | \xce\x94 | Speedup |\n"
			   "|---|---|---|---|---|\n"
			   "| a | 10.0 ms | 8.0 ms | -20% | 1.25x |\n"
			   "| b | 4.0 ms | 3.0 ms | -10% | 1.33x |\n";

	import_string(&f->m, "derived.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		assert_int_equal(f->m.rs.meas[i].unit, UNIT_SECOND);
	assert_figure(&f->m, "Before", "b.time", 0.004, RUN_HAND);
	assert_figure(&f->m, "After", "b.time", 0.003, RUN_HAND);
	assert_true(has_warning(&f->d, 4, "derived column \"\xce\x94\" disagrees"));
	assert_true(has_warning(&f->d, 4, "-25% recomputed"));
	assert_false(has_warning(&f->d, 3, "derived"));
	assert_int_equal(f->d.n, 1);
}

/*
 * pyperf's older grid prints the change after its verdict ("1.31 sec:
 * 1.07x slower (+7%)"): still pyperf's table, its figures read as
 * pyperf's, never the ratio or the percentage.
 */
static void test_tool_table_verdict_percent(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "+-----------+----------+------------------------------+\n"
			   "| Benchmark | py2      | py2pgo                       |\n"
			   "+===========+==========+==============================+\n"
			   "| 2to3      | 1.22 sec | 1.31 sec: 1.07x slower (+7%) |\n"
			   "+-----------+----------+------------------------------+\n"
			   "| chaos     | 345 ms   | 312 ms: 1.11x faster (-10%)  |\n"
			   "+-----------+----------+------------------------------+\n";
	int found = 0;

	import_string(&f->m, "grid.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 0);
	assert_int_equal(runs_of(&f->m, FMT_PYPERF), 4);
	for (size_t r = 0; r < f->m.rs.nruns; r++) {
		const struct run *ru = &f->m.rs.runs[r];
		const struct measurement *me;

		if (strcmp(ru->variant.text, "py2pgo"))
			continue;
		me = find_meas(&f->m, (uint32_t)r, !strcmp(ru->subject, "2to3") ? "2to3.time_per_op.mean"
										   : "chaos.time_per_op.mean");
		assert_non_null(me);
		assert_true(me->value == (!strcmp(ru->subject, "2to3") ? 1.31 : 0.312));
		found++;
	}
	assert_int_equal(found, 2);
	assert_int_equal(f->m.rs.nmeas, 4);
}

/*
 * A command whose arguments were spaced by hand is no aligned table's
 * header: it stays the command above its output (pyperf's compare_to
 * names the two files), while a header of single flags is a header.
 */
static void test_aligned_command_not_header(void **state)
{
	struct model_fixture *f = *state;
	const char *cmd = "```\n"
			  ">pyperf compare_to  base64  lto64  -G --min-speed=2\n"
			  "\n"
			  "Slower (1):\n"
			  "- nbody: 179 ms +- 4 ms -> 209 ms +- 2 ms: 1.17x slower\n"
			  "```\n";
	const char *flags = "```\n"
			    "bench     -O2       -O3\n"
			    "nbody     1.25 ms   1.10 ms\n"
			    "```\n";

	import_string(&f->m, "cmd.md", cmd, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(runs_of(&f->m, FMT_PYPERF), 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "base64");
	assert_string_equal(f->m.rs.runs[1].variant.text, "lto64");
	model_release(&f->m);
	model_init(&f->m);
	import_string(&f->m, "flags.md", flags, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 2);
	assert_figure(&f->m, "-O3", "nbody.time", 0.0011, RUN_HAND);
}

/* hyperfine --export-markdown is hyperfine's, not a hand table. */
static void test_tool_table_left_alone(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |\n"
			   "|:---|---:|---:|---:|---:|\n"
			   "| `./app` | 128.4 \xc2\xb1 1.9 | 125.9 | 132.6 | 1.00 |\n"
			   "| `./app_pgo` | 118.0 \xc2\xb1 1.2 | 117.9 | 125.2 | 1.09 \xc2\xb1 0.02 |\n";

	import_string(&f->m, "hf.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 0);
	assert_int_equal(runs_of(&f->m, FMT_HYPERFINE_MD), 2);
}

/*
 * A tool prints its table whole: a typed table after a blank line under
 * hyperfine's, BenchmarkDotNet's, asv's or pyperf's is a typed table, not
 * more rows of the tool's (which read it as garbled rows, or silently).
 */
static void test_typed_table_under_tool_table(void **state)
{
	struct model_fixture *f = *state;
	static const struct {
		const char *tool;
		enum fmt fmt;
		size_t runs;
	} tools[] = {
		{ "| Command | Mean [ms] | Min [ms] | Max [ms] | Relative |\n"
		  "|:---|---:|---:|---:|---:|\n"
		  "| `./app` | 128.4 \xc2\xb1 1.9 | 125.9 | 132.6 | 1.00 |\n",
		  FMT_HYPERFINE_MD, 1 },
		{ "| Method | Mean      | Error     | StdDev    |\n"
		  "|------- |----------:|----------:|----------:|\n"
		  "| Parse  | 12.276 ns | 0.0459 ns | 0.0805 ns |\n",
		  FMT_BDN, 1 },
		{ "| Change   | Before [22b920c6] <a> | After [fcf8c079] <b> | Ratio | Benchmark (Parameter) |\n"
		  "|----------|-----------------------|----------------------|-------|-----------------------|\n"
		  "| -        | 69.1\xce\xbcs                | 18.3\xce\xbcs               | 0.27  | time_units.time_to    |\n",
		  FMT_ASV, 2 },
		{ "| Benchmark | base    | lto                   |\n"
		  "|-----------|:-------:|:---------------------:|\n"
		  "| telco     | 10.1 ms | 9.80 ms: 1.03x faster |\n",
		  FMT_PYPERF, 2 },
	};

	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		struct model m;
		struct diag d = DIAG_INIT;
		struct buf text = BUF_INIT;

		model_init(&m);
		buf_adds(&text, tools[i].tool);
		buf_adds(&text, "\n| Build | Size |\n|---|---|\n| release | 12.4 MiB |\n| pgo | ~11.9 MiB |\n");
		import_string(&m, "under.md", text.s, &d);
		if (runs_of(&m, tools[i].fmt) != tools[i].runs || runs_of(&m, FMT_TABLE) != 2 || d.n)
			fail_msg("%s: %zu runs of its own, %zu of the typed table, %zu warnings", fmt_name(tools[i].fmt),
				 runs_of(&m, tools[i].fmt), runs_of(&m, FMT_TABLE), d.n);
		assert_figure(&m, "pgo", "file_size", 11.9 * MI, RUN_HAND | RUN_APPROX);
		buf_release(&text);
		diag_release(&d);
		model_release(&m);
	}
	(void)f;
}

/* "1,234" in a text that never says which mark it uses: nothing, one warning; a text that does decides. */
static void test_decimal_mark(void **state)
{
	struct model_fixture *f = *state;
	const char *undecided = "| Benchmark | old | new |\n"
				"|---|---|---|\n"
				"| a | 1,234 ms | 1,456 ms |\n";
	const char *comma = "real 0m3,965s on the first try.\n"
			    "\n"
			    "| Benchmark | old | new |\n"
			    "|---|---|---|\n"
			    "| a | 1,234 ms | 1,456 ms |\n";

	import_string(&f->m, "undecided.md", undecided, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 1, "decimal comma"));
	import_string(&f->m, "comma.md", comma, &f->d);
	assert_figure(&f->m, "old", "a.time", 0.001234, RUN_HAND);
	assert_figure(&f->m, "new", "a.time", 0.001456, RUN_HAND);
}

/* A spread beside each figure, in a ± column or in the cell. */
static void test_spread(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Benchmark | Mean (ms) | \xc2\xb1\xcf\x83 (ms) |\n"
			   "|---|---|---|\n"
			   "| parse | 19.3 | 0.4 |\n";
	const char *cell = "| Benchmark | base | lto |\n"
			   "|---|---|---|\n"
			   "| parse | 19.3 \xc2\xb1 0.4 ms | 17.1 \xc2\xb1 0.3 ms |\n";
	long r;

	import_string(&f->m, "sd.md", text, &f->d);
	r = find_run(&f->m, "sd", "parse.time.mean"); /* no build named: the input's name */
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "parse.time.stddev")->value == 0.0004);
	import_string(&f->m, "cell.md", cell, &f->d);
	r = find_run(&f->m, "lto", "parse.time");
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "parse.time")->value == 0.0171);
	assert_true(find_meas(&f->m, (uint32_t)r, "parse.time.stddev")->value == 0.0003);
}

/*
 * Builds as columns whose headers also say "(mean ± σ)", cells "4.4 ms ± 2.4 ms":
 * each figure is its build's mean with σ beside it, never a spread of the column
 * before, and the build is named without the statistics' words.
 */
static void test_mean_sd_build_columns(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Command | `ReleaseFast` Time (mean \xc2\xb1 \xcf\x83) | `ReleaseSafe` Time (mean \xc2\xb1 \xcf\x83) |\n"
			   "|---|---|---|\n"
			   "| `zvm ls` | 657.9 ms \xc2\xb1 23.9 ms | 731.6 ms \xc2\xb1 33.9 ms |\n";
	long r;

	import_string(&f->m, "msd.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	r = find_run(&f->m, "ReleaseSafe", "zvm ls.time");
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "zvm ls.time")->value == 0.7316);
	assert_true(find_meas(&f->m, (uint32_t)r, "zvm ls.time.stddev")->value == 0.0339);
	r = find_run(&f->m, "ReleaseFast", "zvm ls.time");
	assert_true(r >= 0);
	assert_true(find_meas(&f->m, (uint32_t)r, "zvm ls.time")->value == 0.6579);
}

/*
 * Rows under a first header "Metric" name quantities, known or not: "Total
 * Events" is a count of its own. A bare Difference is checked in the unit
 * the figures were printed in ("-0.10" of 2.26 and 2.36 under "(ms)").
 */
static void test_metric_rows_and_difference(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Metric | Optimized | Standard | Difference |\n"
			   "|---|---|---|---|\n"
			   "| Total Events | 850074 | 811952 | +38122 events |\n"
			   "| Avg Latency (ms) | 2.26 | 2.36 | -0.10 |\n";
	const char *average = "| Metric | Jemalloc | mimalloc |\n"
			      "|---|---|---|\n"
			      "| Average Latency (ms) | 0.19 | 0.18 |\n";
	const char *wrong = "| Metric | Optimized | Standard | Difference |\n"
			    "|---|---|---|---|\n"
			    "| Avg Latency (ms) | 2.26 | 2.36 | -0.50 |\n";

	import_string(&f->m, "metric.md", text, &f->d);
	assert_figure(&f->m, "Optimized", "total_events", 850074, RUN_HAND);
	assert_figure(&f->m, "Standard", "total_events", 811952, RUN_HAND);
	assert_figure(&f->m, "Standard", "latency.avg", 0.00236, RUN_HAND);
	/* "Average Latency" is the same quantity, no mean of a mean */
	import_string(&f->m, "average.md", average, &f->d);
	assert_figure(&f->m, "mimalloc", "latency.avg", 0.00018, RUN_HAND);
	assert_false(has_warning(&f->d, 4, "disagrees"));
	import_string(&f->m, "wrong.md", wrong, &f->d);
	assert_true(has_warning(&f->d, 3, "derived column \"Difference\" disagrees"));
}

/*
 * "| AMI Build | TPCB-like | select-only |": a first header naming a kind
 * of build makes the rows builds; "| Release build | With lto | Without |"
 * names a build whose columns are what was done to it.
 */
static void test_build_kind_first_header(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| AMI Build | TPCB-like | select-only |\n"
			   "|---|---|---|\n"
			   "| `15.1.0.75` | 150.57 ms | 6.59 ms |\n"
			   "| `15.1.0.86-rc1` | 112.69 ms | 6.61 ms |\n";

	import_string(&f->m, "ami.md", text, &f->d);
	assert_true(find_run(&f->m, "15.1.0.75", "tpcb_like") >= 0);
	assert_true(find_run(&f->m, "15.1.0.86-rc1", "select_only") >= 0);
}

/*
 * A grid of two kinds of build, its corner cell empty: thin or fat LTO as
 * rows, PGO or not as columns; each cell is a build of both, and "rps"
 * after a figure is requests per second.
 */
static void test_corner_grid_of_builds(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| | no PGO | PGO |\n"
			   "|---|---|---|\n"
			   "| thin CU=16 | 25,866 rps (\xe2\x88\x92" "9.9%) | 34,579 rps (+20.5%) |\n"
			   "| fat CU=1 | 28,700 rps (anchor) | 36,502 rps (**+29.0%**) |\n";

	import_string(&f->m, "grid.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "thin CU=16, no PGO", "qps", 25866, RUN_HAND);
	assert_figure(&f->m, "fat CU=1, PGO", "qps", 36502, RUN_HAND);
}

/* Import with options; the result's items are left in *res (release it). */
static void import_opts_string(struct model *m, const char *name, const char *text, int no_hand,
			       struct import_result *res, struct diag *d)
{
	struct import_input in = { name, xstrdup(text), strlen(text) };
	struct import_opts o = { NULL, NULL, NULL, 0 };

	o.no_hand = no_hand;
	import_texts(m, &in, 1, &o, res, d);
}

static const char *hyperfine_two = "```\n"
				   "Benchmark 1: ./app\n"
				   "  Time (mean \xc2\xb1 \xcf\x83):      61.7 ms \xc2\xb1   1.6 ms    [User: 43.0 ms, System: 18.6 ms]\n"
				   "  Range (min \xe2\x80\xa6 max):    58.6 ms \xe2\x80\xa6  65.9 ms    45 runs\n"
				   " \n"
				   "Benchmark 2: ./app_pgo\n"
				   "  Time (mean \xc2\xb1 \xcf\x83):      55.8 ms \xc2\xb1   1.4 ms    [User: 68.2 ms, System: 33.8 ms]\n"
				   "  Range (min \xe2\x80\xa6 max):    52.2 ms \xe2\x80\xa6  58.8 ms    50 runs\n"
				   "```\n";

/* A summary table of the hyperfine means below it adds no runs; the item says why. */
static void test_repeats_tool(void **state)
{
	struct model_fixture *f = *state;
	struct import_result res;
	struct buf text = BUF_INIT;
	int found = 0;

	buf_adds(&text, "In short:\n\n| | app | app_pgo |\n|---|---|---|\n| warm | 61.7 ms | 55.8 ms |\n\n");
	buf_adds(&text, hyperfine_two);
	import_opts_string(&f->m, "sum.md", text.s, 0, &res, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 0);
	assert_int_equal(runs_of(&f->m, FMT_HYPERFINE), 2);
	for (size_t i = 0; i < res.nitems; i++)
		if (res.items[i].fmt == FMT_TABLE) {
			assert_int_equal(res.items[i].repeats, FMT_HYPERFINE);
			assert_int_equal(res.items[i].repeats_where, 1);
			assert_int_equal(res.items[i].run_from, res.items[i].run_to);
			found = 1;
		} else {
			/* the hyperfine runs, numbered down past the table's */
			assert_int_equal(res.items[i].run_to - res.items[i].run_from, 2);
			assert_int_equal(res.items[i].run_from, 0);
		}
	assert_true(found);
	/* the tool's runs keep every measurement, and nothing points past them */
	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		assert_true(f->m.rs.meas[i].run < f->m.rs.nruns);
	for (size_t i = 0; i < f->m.rs.nnotes; i++)
		assert_true(f->m.rs.notes[i].run < f->m.rs.nruns);
	import_result_release(&res);
	buf_release(&text);
}

/*
 * What is not a repeat stays: a figure the tool did not print, builds
 * named the other way round, figures printed to one digit.
 */
static void test_repeats_not(void **state)
{
	static const char *const tables[] = {
		"| | app | app_pgo |\n|---|---|---|\n| warm | 61.7 ms | 54.8 ms |\n\n",
		"| | app | app_pgo |\n|---|---|---|\n| warm | 55.8 ms | 61.7 ms |\n\n",
		"| | app | app_pgo |\n|---|---|---|\n| warm | 60 ms | 60 ms |\n\n",
	};
	struct model_fixture *f = *state;

	for (size_t k = 0; k < sizeof(tables) / sizeof(tables[0]); k++) {
		struct model m;
		struct diag d = { 0 };
		struct import_result res;
		struct buf text = BUF_INIT;

		(void)f;
		model_init(&m);
		buf_adds(&text, tables[k]);
		buf_adds(&text, hyperfine_two);
		import_opts_string(&m, "sum.md", text.s, 0, &res, &d);
		if (runs_of(&m, FMT_TABLE) != 2)
			fail_msg("table %zu: %zu runs, want 2 (not a repeat)", k, runs_of(&m, FMT_TABLE));
		for (size_t i = 0; i < res.nitems; i++)
			assert_int_equal(res.items[i].repeats, FMT_NONE);
		import_result_release(&res);
		buf_release(&text);
		diag_release(&d);
		model_release(&m);
	}
}

/* --no-hand-written: the table is left out with a warning naming its lines; the tool's output stays. */
static void test_no_hand(void **state)
{
	struct model_fixture *f = *state;
	struct import_result res;
	struct buf text = BUF_INIT;

	buf_adds(&text, "| | app | app_pgo |\n|---|---|---|\n| cold | 91.7 ms | 85.8 ms |\n\n");
	buf_adds(&text, hyperfine_two);
	import_opts_string(&f->m, "nohand.md", text.s, 1, &res, &f->d);
	assert_int_equal(runs_of(&f->m, FMT_TABLE), 0);
	assert_int_equal(runs_of(&f->m, FMT_HYPERFINE), 2);
	assert_true(has_warning(&f->d, 1, "table at lines 1-3 left out: typed by hand"));
	import_result_release(&res);
	buf_release(&text);
}

/*
 * --no-hand-written leaves out runs a person typed, not blocks of a
 * parser: a size list's `ls -l` line is the tool's and stays, the item
 * typed under it goes, with a warning naming its line.
 */
static void test_no_hand_per_run(void **state)
{
	struct model_fixture *f = *state;
	struct import_result res;

	import_opts_string(&f->m, "sizes.md",
			   "Binary sizes:\n"
			   "\n"
			   "-rwxr-xr-x 1 root root 16040 Dec  6 08:05 release/app\n"
			   "- pgo: 15.2 KiB\n"
			   "-rwxr-xr-x 1 root root 15872 Dec  6 08:05 lto/app\n",
			   1, &res, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(runs_of(&f->m, FMT_SIZE_LIST), 2);
	for (size_t r = 0; r < f->m.rs.nruns; r++)
		assert_int_equal(f->m.rs.runs[r].flags & RUN_HAND, 0);
	assert_int_equal(f->m.rs.runs[0].first_line, 3);
	assert_int_equal(f->m.rs.runs[1].first_line, 5);
	assert_true(find_meas(&f->m, 1, "file_size")->value == 15872);
	assert_true(has_warning(&f->d, 4, "size-list at lines 4-4 left out: typed by hand"));
	assert_int_equal(f->d.n, 1);
	import_result_release(&res);
}

/*
 * A row whose cell gives no figure is not read, and the warning says what
 * is wrong with the cell: two figures joined by '/' (sysbench's
 * "avg/stddev" copied into a table), a unit nobody here knows, digits
 * that are not one number. The other rows read.
 */
static void test_unread_cell_explained(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| Metric | Optimized | Standard |\n"
			   "|---|---|---|\n"
			   "| Total Events | 850074 | 811952 |\n"
			   "| Events (avg/stddev) | 53129.6250/620.02 | 50747.0000/584.61 |\n"
			   "| Startup | 12 furlongs | 13 furlongs |\n"
			   "| Avg Latency (ms) | 2.2.6 | 2.36 |\n";

	import_string(&f->m, "why.md", text, &f->d);
	assert_figure(&f->m, "Optimized", "total_events", 850074, RUN_HAND);
	assert_true(has_warning(&f->d, 4, "table row \"Events (avg/stddev)\" not read: its cell \"53129.6250/620.02\" "
					  "holds two figures joined by '/'"));
	assert_true(has_warning(&f->d, 5, "its cell \"12 furlongs\" is in \"furlongs\", a unit benchdelta does not know"));
	assert_true(has_warning(&f->d, 6, "its cell \"2.2.6\" does not read as one number"));
	assert_false(has_warning(&f->d, 4, "garbled"));
}

/*
 * A column of words under a kind of build after the first ("| node |
 * allocator |") names each row's build, the first column the benchmark
 * when its header says so; "RSS at slot 3,440" is resident memory taken
 * at a point, never a build's name nor a file's size.
 */
static void test_build_kind_column(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "| node | allocator | RSS at slot 3,440 |\n"
			   "|---|---|---|\n"
			   "| **gean_0** | **jemalloc** | **448 MB** |\n"
			   "| gean_1 | glibc | 1,150 MB |\n"
			   "\n"
			   "| benchmark | compiler | time |\n"
			   "|---|---|---|\n"
			   "| parse | gcc | 4.1 s |\n"
			   "| parse | clang | 3.9 s |\n";

	import_string(&f->m, "kindcol.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_figure(&f->m, "jemalloc", "max_rss", 448e6, RUN_HAND);
	assert_figure(&f->m, "glibc", "max_rss", 1150e6, RUN_HAND);
	assert_figure(&f->m, "gcc", "parse.time", 4.1, RUN_HAND);
	assert_figure(&f->m, "clang", "parse.time", 3.9, RUN_HAND);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_pipe),
		T(test_bare_rss_not_read),
		T(test_letter_builds),
		T(test_ld_memory_usage),
		T(test_min_row_not_minutes),
		T(test_shell_time_heads),
		T(test_build_kind_first_header),
		T(test_mean_sd_build_columns),
		T(test_metric_rows_and_difference),
		T(test_corner_grid_of_builds),
		T(test_no_outer_pipes),
		T(test_grid),
		T(test_box),
		T(test_html),
		T(test_html_empty_first_cell),
		T(test_diff_marks),
		T(test_details),
		T(test_diff_pairs),
		T(test_two_tables),
		T(test_aligned),
		T(test_aligned_not_read),
		T(test_aligned_command_not_header),
		T(test_work_units),
		T(test_rows_are_builds),
		T(test_rows_are_build_kinds),
		T(test_build_kind_column),
		T(test_relative_spread),
		T(test_ratio_column_checked),
		T(test_key_figures),
		T(test_derived),
		T(test_percentile_per_second),
		T(test_rows_name_bare_figures),
		T(test_frequency),
		T(test_tool_table_left_alone),
		T(test_tool_table_verdict_percent),
		T(test_typed_table_under_tool_table),
		T(test_decimal_mark),
		T(test_spread),
		T(test_repeats_tool),
		T(test_repeats_not),
		T(test_no_hand),
		T(test_no_hand_per_run),
		T(test_unread_cell_explained),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
