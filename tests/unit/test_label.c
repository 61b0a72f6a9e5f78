/*
 * test_label.c - variant labels, their normalized keys, and the split of
 * benchmarked commands into variant and scenario.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/label.h"
#include "parsers/parser.h"
#include "util/buf.h"

#include "table_field.h"

static void check_key(const char *text, const char *want)
{
	struct buf b = BUF_INIT;

	variant_key(text, strlen(text), &b);
	if (strcmp(buf_str(&b), want))
		fail_msg("variant_key(\"%s\") = \"%s\", want \"%s\"", text, buf_str(&b), want);
	buf_release(&b);
}

static void test_keys(void **state)
{
	(void)state;
	check_key("Release + PGO-optimized", "release + pgo optimized");
	check_key("Release + PGO optimized", "release + pgo optimized");
	check_key("release+pgo  optimized", "release + pgo optimized");
	check_key("  Release:  ", "release");
	check_key("quilkin_release_pgo_optimized", "quilkin release pgo optimized");
	check_key("LTO (fat)", "lto fat");
	check_key("Release build", "release");
	check_key("Release version", "release");
	check_key("PGO-optimized binary", "pgo optimized");
	check_key("build", "build"); /* a filler word alone stays */
	check_key("", "");
	check_key("Релиз", "Релиз"); /* only ASCII is folded: keys must not depend on the locale */
}

/*
 * One memo for every line read here, as a parse context keeps one for a
 * whole text: its word splits are kept from line to line, and a line must
 * read the same through them as without a memo.
 */
static struct label_memo *shared_memo;

static void check_same_with_memo(const char *line, int plain_ok, const struct label *plain)
{
	struct rx_thread rx = { 0 };
	struct label m = { .rx = &rx };

	if (!shared_memo)
		shared_memo = label_memo_new();
	m.memo = shared_memo;
	for (int pass = 0; pass < 2; pass++) { /* read, then from the memo */
		enum label_kind got = label_read(line, strlen(line), plain_ok, &m);

		if (got != plain->kind || strcmp(buf_str(&m.variant), buf_str(&plain->variant)) ||
		    strcmp(buf_str(&m.scenario), buf_str(&plain->scenario)) || m.marked != plain->marked ||
		    m.level != plain->level || m.handle != plain->handle || m.build != plain->build ||
		    m.summary != plain->summary || m.bare != plain->bare)
			fail_msg("\"%s\" (pass %d): kind %d, variant \"%s\", scenario \"%s\" with a memo; "
				 "kind %d, variant \"%s\", scenario \"%s\" without",
				 line, pass, got, buf_str(&m.variant), buf_str(&m.scenario), plain->kind,
				 buf_str(&plain->variant), buf_str(&plain->scenario));
	}
	label_release(&m);
}

static void check_read(const char *line, int plain_ok, enum label_kind kind, const char *variant,
		       const char *scenario)
{
	struct rx_thread rx = { 0 };
	struct label l = { .rx = &rx };
	enum label_kind got = label_read(line, strlen(line), plain_ok, &l);

	check_same_with_memo(line, plain_ok, &l);

	if (got != kind)
		fail_msg("\"%s\": kind %d, want %d (variant \"%s\", scenario \"%s\")", line, got, kind,
			 buf_str(&l.variant), buf_str(&l.scenario));
	/* a bare section line keeps its text for a fence caption (l.bare); otherwise no variant */
	if (variant && !(kind == LABEL_SECTION && l.bare) && strcmp(buf_str(&l.variant), variant))
		fail_msg("\"%s\": variant \"%s\", want \"%s\"", line, buf_str(&l.variant), variant);
	if (scenario && strcmp(buf_str(&l.scenario), scenario))
		fail_msg("\"%s\": scenario \"%s\", want \"%s\"", line, buf_str(&l.scenario), scenario);
	label_release(&l);
}

static void test_bare_line_keeps_text(void **state)
{
	struct rx_thread rx = { 0 };
	struct label l = { .rx = &rx };

	(void)state;
	/* a bare short line naming no build is a section, its text kept for a fence caption */
	assert_int_equal(label_read("psycopg c pool_recycle=300", 26, 1, &l), LABEL_SECTION);
	assert_int_equal(l.bare, 1);
	assert_string_equal(buf_str(&l.variant), "psycopg c pool_recycle=300");
	/* a marked line is never bare */
	assert_int_equal(label_read("With LTO:", 9, 1, &l), LABEL_VARIANT);
	assert_int_equal(l.bare, 0);
	label_release(&l);
}

static void test_outlines_specs_changes(void **state)
{
	(void)state;
	/* an outline's number before a label goes */
	check_read("1a. Without lto:", 1, LABEL_VARIANT, "Without lto", "");
	check_read("2) With LTO", 1, LABEL_VARIANT, "With LTO", "");
	/* a repetition's marker with its number glued on names nothing */
	check_read("iteration1:", 1, LABEL_NONE, "", "");
	check_read("run2:", 1, LABEL_NONE, "", "");
	/* the heading of a machine's description is a section */
	check_read("RK3399 Spec:", 1, LABEL_SECTION, "", "");
	check_read("Test machine specs", 1, LABEL_SECTION, NULL, "");
	/* a dotted version or a setting is one word: not a long caption */
	check_read("node v4.8.4, 1mb sample:", 1, LABEL_VARIANT, "node v4.8.4, 1mb sample", "");
	/* a clause after a build's comma goes, unless it tells more of the build */
	check_read("**ThinLTO, as JSON from the export:**", 0, LABEL_VARIANT, "ThinLTO", "");
	check_read("## Release build, with LTO", 0, LABEL_VARIANT, "Release build, with LTO", "");
	check_read("Release against PGO, with `__assume(0)` left as it is:", 0, LABEL_VARIANT, "Release against PGO", "");
	check_read("# Instrumentation attached, no intrinsics", 0, LABEL_VARIANT, "Instrumentation attached, no intrinsics", "");
	check_read("Ubuntu 16.04 / Linux 4.4.0:", 1, LABEL_VARIANT, "Ubuntu 16.04 / Linux 4.4.0", "");
	check_read("CONFIG_X86_5LEVEL=y + the patch:", 1, LABEL_VARIANT, "CONFIG_X86_5LEVEL=y + the patch", "");
	/* a result stated with " = " and a number is no name; a glued setting is one */
	check_read("#### Итоговый tps = 406.261459", 1, LABEL_NONE, "", "");
	check_read("pool_recycle=300:", 1, LABEL_VARIANT, "pool_recycle=300", "");
	/* a bare line naming a change names a build */
	check_read("With the patch", 1, LABEL_VARIANT, "With the patch", "");
	check_read("On this branch:", 0, LABEL_VARIANT, "On this branch", "");
	/* cargo's status line names the test binary it runs, never a build */
	check_read("Running target/release/deps/01_default-e8a3ee34fccb9d17", 1, LABEL_NONE, "", "");
	check_read("Running benches/parse.rs (target/release/deps/parse-0f1b2c3d4e5f6a7b)", 1, LABEL_NONE, "", "");
	check_read("Running with PGO:", 0, LABEL_VARIANT, "Running with PGO", "");
	/* a build tool's progress names a step of a build, never a build */
	check_read("[4790/4790] Linking CXX executable bin/clang", 1, LABEL_NONE, "", "");
	check_read("[ 45%] Building CXX object lib/Support/CMakeFiles/LLVMSupport.dir/APInt.cpp.o", 1, LABEL_NONE, "", "");
	check_read("[PGO] build", 1, LABEL_VARIANT, "[PGO] build", "");
	/* a count of repetitions after a build names the build */
	check_read("glibc 2.30 run 1:", 0, LABEL_VARIANT, "glibc 2.30", "");
	check_read("**PGO (run 2)**", 0, LABEL_VARIANT, "PGO", "");
	check_read("mimalloc - attempt 3:", 0, LABEL_VARIANT, "mimalloc", "");
	check_read("In my branch:", 0, LABEL_VARIANT, "In my branch", "");
	/* what a change went to, pointed at ("to this:"): it ends the reach of "This PR changes this:" */
	check_read("to this:", 0, LABEL_SECTION, NULL, "");
	check_read("into this:", 1, LABEL_SECTION, NULL, "");
	check_read("This PR changes this:", 0, LABEL_VARIANT, "This PR changes this", "");
}

static void test_repetition_stem(void **state)
{
	static const struct {
		const char *in;
		size_t stem;
	} cases[] = {
		{ "glibc 2.30 run 1", 10 }, { "PGO (run 2)", 3 },  { "LTO, try 3", 3 },   { "x - attempt 2", 1 },
		{ "Run 2", 5 },             { "pre-run 1", 9 },    { "PGO run", 7 },      { "config 2", 8 },
		{ "PGO #2", 6 },            { "LTO run 1234", 12 }, { "bolt rerun 2 ", 4 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (label_repetition_stem(cases[i].in, strlen(cases[i].in)) != cases[i].stem)
			fail_msg("\"%s\": stem %zu, want %zu", cases[i].in,
				 label_repetition_stem(cases[i].in, strlen(cases[i].in)), cases[i].stem);
}

static void test_elision_marks(void **state)
{
	static const char *const marks[] = { "[snip]", "<snip>", "-- snip --", "[cut]", "(output omitted)",
					     "[12 lines skipped]", "8<--- snip ---", "snip", "[... truncated ...]" };
	static const char *const not_marks[] = { "[PGO]", "cut", "Output omitted here for brevity", "[user]",
						 "Release (LTO, cut)" };

	(void)state;
	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (!label_elision_mark(marks[i], strlen(marks[i])))
			fail_msg("\"%s\" is no mark of a cut", marks[i]);
	for (size_t i = 0; i < sizeof(not_marks) / sizeof(not_marks[0]); i++)
		if (label_elision_mark(not_marks[i], strlen(not_marks[i])))
			fail_msg("\"%s\" read as a mark of a cut", not_marks[i]);
}

static void test_variant_labels(void **state)
{
	(void)state;
	check_read("Release:", 0, LABEL_VARIANT, "Release", "");
	/* what leads into a label goes; "(before)" alone is the build, not an aside */
	check_read("For x86_64 defconfig + LLVM=1 (before):", 0, LABEL_VARIANT,
		   "x86_64 defconfig + LLVM=1 (before)", "");
	check_read("For instance, a 1G test:", 0, LABEL_VARIANT, "1G", "");
	check_read("and a 20G test:", 0, LABEL_VARIANT, "20G", "");
	/* a figure of the outcome after the name is not part of it */
	check_read("### Ruff (19.8x faster)", 0, LABEL_VARIANT, "Ruff", "");
	check_read("**Results - 55% loss**", 0, LABEL_SECTION, NULL, NULL);
	check_read("Release + PGO optimized:", 0, LABEL_VARIANT, "Release + PGO optimized", "");
	check_read("Rathole Release in the server mode (4 measurements):", 0, LABEL_VARIANT,
		   "Rathole Release", "server mode");
	check_read("Rathole Release + PGO-optimized in the server mode:", 0, LABEL_VARIANT,
		   "Rathole Release + PGO-optimized", "server mode");
	check_read("(just for reference) Release + PGO instrumentation:", 0, LABEL_VARIANT,
		   "Release + PGO instrumentation", "");
	check_read("(just for reference again) Release + PGO optimized + BOLT instrumented:", 0,
		   LABEL_VARIANT, "Release + PGO optimized + BOLT instrumented", "");
	check_read("## LTO build", 0, LABEL_VARIANT, "LTO build", "");
	check_read("**PGO**", 0, LABEL_VARIANT, "PGO", "");
	check_read("**Release:**", 0, LABEL_VARIANT, "Release", "");
	check_read("- Release + BOLT:", 0, LABEL_VARIANT, "Release + BOLT", "");
	check_read("\xe2\x80\xa2 Release:", 0, LABEL_VARIANT, "Release", "");
	check_read("<summary>Release + LTO</summary>", 0, LABEL_VARIANT, "Release + LTO", "");
	check_read("Results for Release + PGO:", 0, LABEL_VARIANT, "Release + PGO", "");
	check_read("<summary>Summary for: `wundergraph`</summary>", 0, LABEL_VARIANT, "wundergraph", "");
	/* a tool's name among words that organise: no build; a build word that is also a format's name is a build */
	check_read("**K6 Output**", 0, LABEL_SECTION, "", "");
	check_read("**wrk results**", 0, LABEL_SECTION, "", "");
	check_read("**With BOLT**", 0, LABEL_VARIANT, "With BOLT", "");
	check_read("Release with 4 threads:", 0, LABEL_VARIANT, "Release", "4 threads");
	check_read("Old:", 0, LABEL_VARIANT, "Old", "");
	/* a bare line is a label only standing alone, and only with a build word */
	check_read("Release + PGO", 1, LABEL_VARIANT, "Release + PGO", "");
	check_read("Release + PGO", 0, LABEL_NONE, NULL, NULL);
}

static void test_scenarios_and_sections(void **state)
{
	(void)state;
	check_read("Server mode", 1, LABEL_SCENARIO, "", "server mode");
	check_read("## Client mode", 0, LABEL_SCENARIO, "", "client mode");
	check_read("Rathole in the client mode", 1, LABEL_SCENARIO, "", "client mode");
	check_read("Results", 1, LABEL_SECTION, "", "");
	check_read("## Test environment", 0, LABEL_SECTION, "", "");
	check_read("Benchmark method", 1, LABEL_SECTION, "", "");
	check_read("Further steps:", 0, LABEL_SECTION, "", "");
	check_read("Apache License 2.0", 1, LABEL_SECTION, "", "");
}

/*
 * The scenario patterns and "Results for" are asked only of a text whose
 * last (or first) word can match them: the cheap test must let through
 * every text they read, whatever its case, blanks and closing bracket.
 */
static void test_patterns_asked_where_they_match(void **state)
{
	(void)state;
	check_read("PGO on the write workload:", 0, LABEL_VARIANT, "PGO", "write workload");
	check_read("Release on the HTTP benchmark)  ", 1, LABEL_VARIANT, "Release", "http benchmark");
	check_read("Release (client MODE):", 0, LABEL_VARIANT, "Release", "client mode");
	check_read("PGO on the read TEST:", 0, LABEL_VARIANT, "PGO", "read test");
	check_read("BOLT at 16 cores:", 0, LABEL_VARIANT, "BOLT", "16 cores");
	check_read("PGO using 2 jobs", 1, LABEL_VARIANT, "PGO", "2 jobs");
	check_read("RESULTS  for PGO:", 0, LABEL_VARIANT, "PGO", "");
	check_read("Results\tfor the LTO build:", 0, LABEL_VARIANT, "LTO build", "");
	check_read("Output for PGO", 1, LABEL_VARIANT, "PGO", "");
	/* no blank after the head: the words stay */
	check_read("Benchmarks: for PGO", 1, LABEL_VARIANT, "Benchmarks: for PGO", "");
}

/*
 * The word splits a memo keeps: a text that begins a kept one is read
 * from the kept one's words only where a word ends ("Results" after
 * "Resultsx", with a memo: the memo's reads are held to the plain ones),
 * and a sentence's tail is looked for between apostrophes too ("it'with").
 */
static void test_kept_splits(void **state)
{
	(void)state;
	check_read("Resultsx", 1, LABEL_SECTION, NULL, "");
	check_read("Results", 1, LABEL_SECTION, NULL, "");
	check_read("LTO buildsx", 1, LABEL_VARIANT, "LTO buildsx", "");
	check_read("LTO builds, as JSON:", 0, LABEL_VARIANT, "LTO builds", "");
	check_read("we ran it'with LTO:", 0, LABEL_VARIANT, "with LTO", "");
	check_read("we ran it with LTO:", 0, LABEL_VARIANT, "with LTO", "");
	check_read("we ran it'without:", 0, LABEL_NONE, "", "");
}

static void test_prose_is_not_a_label(void **state)
{
	(void)state;
	check_read("I got the following results:", 0, LABEL_NONE, NULL, NULL);
	check_read("Here are the numbers for the optimized build:", 0, LABEL_NONE, NULL, NULL);
	check_read("Also, here is mine iperf3 -v:", 0, LABEL_NONE, NULL, NULL);
	check_read("Binary sizes for all binaries with size command (just for reference):", 0,
		   LABEL_NONE, NULL, NULL);
	check_read("This sentence is far too long to be a label because it goes on and on and on "
		   "about nothing at all:", 0, LABEL_NONE, NULL, NULL);
	check_read("Just some prose without a colon", 0, LABEL_NONE, NULL, NULL);
	check_read("The results are presented in the iperf3 format.", 1, LABEL_NONE, NULL, NULL);
	check_read("#hashtag", 0, LABEL_NONE, NULL, NULL);
	check_read("Linux <list@example.org> wrote:", 0, LABEL_NONE, NULL, NULL);
	check_read("", 1, LABEL_NONE, NULL, NULL);
}

/*
 * Every way the segmenter hands a line to label_read(): as it stands,
 * standing alone or inside a paragraph, as a caption (':' after it) and as
 * a heading ("# " before it: a setext heading, an item in a fence).
 */
enum { TABLE_FORMS = 4 };

static void form_of(const char *line, size_t n, int k, struct buf *in, int *plain_ok)
{
	buf_reset(in);
	if (k == 3)
		buf_adds(in, "# ");
	buf_add(in, line, n);
	if (k == 2)
		buf_addc(in, ':');
	*plain_ok = k != 1;
}

/* One read as a table field: "-" for a line that reads as nothing at all, else its every field. */
static void answer(struct buf *out, enum label_kind k, const struct label *l)
{
	buf_reset(out);
	if (k == LABEL_NONE && !l->marked && !l->level && !l->handle && !l->build && !l->summary &&
	    !l->bare && !l->variant.len && !l->scenario.len) {
		buf_adds(out, "-");
		return;
	}
	buf_addf(out, "%d%d%d%d%d%d%d|", (int)k, l->marked, l->level, l->handle, l->build, l->summary, l->bare);
	table_field_escape(out, l->variant.s, l->variant.len);
	buf_addc(out, '|');
	table_field_escape(out, l->scenario.s, l->scenario.len);
}

/* The four answers to a line, as a table row's fields after the line ("=": as the field before). */
static void row_answers(const char *line, size_t n, struct label *l, struct buf *row)
{
	struct buf in = BUF_INIT, a = BUF_INIT, prev = BUF_INIT;

	for (int k = 0; k < TABLE_FORMS; k++) {
		int plain_ok;
		enum label_kind got;

		form_of(line, n, k, &in, &plain_ok);
		got = label_read(in.s, in.len, plain_ok, l);
		answer(&a, got, l);
		buf_addc(row, '\t');
		if (k && a.len == prev.len && !memcmp(a.s, prev.s, a.len) && strcmp(buf_str(&a), "-"))
			buf_addc(row, '=');
		else
			buf_add(row, a.s, a.len);
		buf_reset(&prev);
		buf_add(&prev, a.s, a.len);
	}
	buf_release(&in);
	buf_release(&a);
	buf_release(&prev);
}

/* The readers a table's rows are read again with, and how many rows read as something. */
struct table_reads {
	struct label l[2]; /* with a memo, as the segmenter reads; without */
	size_t taken;
};

static void check_row(const struct buf *line, const char *want, void *ctx)
{
	struct table_reads *r = ctx;
	struct buf row = BUF_INIT;

	for (int k = 0; k < 2; k++) {
		buf_reset(&row);
		row_answers(line->s, line->len, &r->l[k], &row);
		if (strcmp(buf_str(&row), want))
			fail_msg("\"%s\" reads (%s a memo)\n  %s\nwhere it read\n  %s", buf_str(line),
				 k ? "without" : "with", buf_str(&row) + 1, want + 1);
	}
	r->taken += strcmp(want, "\t-\t-\t-\t-") != 0;
	buf_release(&row);
}

/*
 * label_lines.table: what the reader read, before its one-pass rewrite,
 * of every line of the samples and the corpus's threads (up to 170 bytes)
 * and of lines made to sit on its edges, in each of the four forms. Each
 * must read the same now, to the last field: a gate that turned away a
 * line the reader took, or a shared word split that answered one list's
 * question with another's, fails here with the line.
 */
static void test_reads_as_before(void **state)
{
	FILE *fp = fopen("label_lines.table", "r");
	struct rx_thread rx = { 0 };
	struct table_reads r = { { { .rx = &rx }, { .rx = &rx } }, 0 };
	size_t rows;

	(void)state;
	assert_non_null(fp);
	r.l[0].memo = label_memo_new();
	rows = table_rows(fp, check_row, &r);
	/* the table is whole: thousands of lines, thousands of them read as something */
	assert_true(rows > 7000 && r.taken > 2500);
	fclose(fp);
	label_memo_free(r.l[0].memo);
	label_release(&r.l[0]);
	label_release(&r.l[1]);
}

static void read_row(const char *s, size_t n, struct buf *row, void *ctx)
{
	row_answers(s, n, ctx, row);
}

/* `test_label --write-table < lines`: the table's rows, as the reader reads them now. */
static int write_table(void)
{
	struct rx_thread rx = { 0 };
	struct label l = { .rx = &rx };
	size_t np;

	parsers_all(&np);
	l.memo = label_memo_new();
	table_write(read_row, &l);
	label_release(&l);
	label_memo_free(l.memo);
	return 0;
}

static void check_split(const char *a, const char *b, const char *va, const char *vb,
			const char *scenario)
{
	const char *cmds[] = { a, b };
	const char *v[2], *sc;
	struct arena ar = ARENA_INIT;
	int rc = cmd_split(cmds, 2, &ar, v, &sc);

	if (!va) {
		if (rc == 0)
			fail_msg("split of \"%s\" / \"%s\" should fail, gave \"%s\" / \"%s\"", a, b, v[0], v[1]);
	} else {
		assert_int_equal(rc, 0);
		assert_string_equal(v[0], va);
		assert_string_equal(v[1], vb);
		assert_string_equal(sc, scenario);
	}
	arena_release(&ar);
}

static void test_cmdsplit(void **state)
{
	(void)state;
	check_split("./llrt_optimized x.js", "./llrt_release x.js", "llrt_optimized", "llrt_release",
		    "x.js");
	check_split("taskset -c 0 ./llrt_optimized ../fixtures/hello.js",
		    "taskset -c 0 ./llrt_release ../fixtures/hello.js", "llrt_optimized", "llrt_release",
		    "taskset -c 0 ../fixtures/hello.js");
	check_split("target/release/app run", "target/lto/app run", "release", "lto", "run");
	check_split("app --fast in", "app --small in", "--fast", "--small", "app in");
	check_split("app in", "app --lto in", "app in", "--lto", "app in");
	check_split("./app 28", "./app 30", NULL, NULL, NULL); /* a parameter scan */
	/* a qualifier names no build alone: each whole name does */
	check_split("With ThinLTO cache", "Without ThinLTO cache", "With ThinLTO cache", "Without ThinLTO cache", "");
	check_split("PGO on", "PGO off", "PGO on", "PGO off", "");
	check_split("same cmd", "same cmd", NULL, NULL, NULL);
	check_split("grep -r foo .", "rg foo .", "grep -r", "rg", "foo .");
	/* two binaries, their arguments written two ways: the binaries name the builds */
	check_split("../ruff/target/release/ruff format . -s", "../ruff/ruff-main format ../airflow -s",
		    "target/release/ruff", "ruff-main", "-s");
	/* a lone path is its binary's name, unless two binaries share it */
	{
		const char *cmds[] = { "du -sh t", "diskus t", "./target/release/dumac t" };
		const char *v[3], *sc;
		struct arena ar = ARENA_INIT;

		assert_int_equal(cmd_split(cmds, 3, &ar, v, &sc), 0);
		assert_string_equal(v[0], "du -sh");
		assert_string_equal(v[2], "dumac");
		arena_release(&ar);
	}
	/* a "bin" directory is where binaries live, not a build */
	check_split("./result/bin/app define x", "./target/release/app bench x", "result", "target/release", "x");
}

/* label_read uses the parsers' compiled patterns */
static int init(void **state)
{
	size_t n;

	(void)state;
	parsers_all(&n);
	return 0;
}

static int fini(void **state)
{
	(void)state;
	label_memo_free(shared_memo);
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys), cmocka_unit_test(test_repetition_stem), cmocka_unit_test(test_elision_marks),
		cmocka_unit_test(test_variant_labels), cmocka_unit_test(test_bare_line_keeps_text), cmocka_unit_test(test_outlines_specs_changes),
		cmocka_unit_test(test_scenarios_and_sections),
		cmocka_unit_test(test_patterns_asked_where_they_match),
		cmocka_unit_test(test_prose_is_not_a_label),
		cmocka_unit_test(test_kept_splits),
		cmocka_unit_test(test_cmdsplit),
		cmocka_unit_test(test_reads_as_before),
	};

	if (argc == 2 && !strcmp(argv[1], "--write-table"))
		return write_table();

	return cmocka_run_group_tests(tests, init, fini);
}
