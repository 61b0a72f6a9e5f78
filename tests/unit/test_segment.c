/*
 * test_segment.c - reading whole threads: titles, comment boundaries,
 * environment facts, legends, scenarios, quotes and fences, on small
 * texts written here (the samples/issues goldens cover whole threads).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "helpers.h"
#include "parsers/segpipe.h"

#define HF(cmd, mean)                                                                              \
	"Benchmark 1: " cmd "\n"                                                                   \
	"  Time (mean \xc2\xb1 \xcf\x83):     " mean " ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n" \
	"  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"


static const char *fact(const struct model *m, const char *key)
{
	for (size_t i = 0; i < m->rs.nfacts; i++)
		if (!strcmp(m->rs.facts[i].key, key))
			return m->rs.facts[i].value;
	return NULL;
}

static void test_titles(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "a.md", "title:\tMake it faster\nstate:\tOPEN\n--\nRelease:\n\n" HF("./a", "5.0"), &f->d);
	assert_string_equal(f->m.sources[0].title, "Make it faster");
	assert_string_equal(f->m.rs.runs[0].experiment, "Make it faster");

	import_string(&f->m, "b.txt", "search\nowner / repo\n\nTry PGO on the server #1234\nOpen x opened this issue\n\nRelease:\n\n" HF("./b", "5.0"), &f->d);
	assert_string_equal(f->m.sources[1].title, "Try PGO on the server");

	/* a plain log has no title: the file names the experiment */
	import_string(&f->m, "logs/c.txt", HF("./c", "5.0"), &f->d);
	assert_string_equal(f->m.sources[2].title, "");
	assert_string_equal(f->m.rs.runs[2].experiment, "c");

	/* a "# " heading at the top is a title even ending as a sentence; a bare line is not */
	import_string(&f->m, "d.md", "# Use optimizations, for a 25% speedup.\n\nuser commented\n\nWe tried it.\n\nRelease:\n\n" HF("./d", "5.0"), &f->d);
	assert_string_equal(f->m.sources[3].title, "Use optimizations, for a 25% speedup.");
	import_string(&f->m, "e.md", "Use optimizations, for a 25% speedup.\n\nuser commented\n\nWe tried it.\n\nRelease:\n\n" HF("./e", "5.0"), &f->d);
	assert_string_equal(f->m.sources[4].title, "");
}

static void test_comment_boundary_ends_label(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release:\n\n" HF("./x_release in", "5.0") "\n"
			   "bob commented 2 days ago\n\n" HF("./x_pgo in", "4.0");

	import_string(&f->m, "t.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	/* the label did not reach into bob's comment: his command names his run */
	assert_string_equal(f->m.rs.runs[1].variant.text, "x_pgo");
	assert_int_equal(f->m.rs.runs[1].variant.origin, VO_COMMAND);
	assert_string_equal(f->m.rs.runs[0].scenario, "in");
	assert_string_equal(f->m.rs.runs[1].scenario, "in");
}

static void test_environment_facts(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Test environment:\n\n"
			   "* Ubuntu 22.04\n"
			   "* Linux kernel 6.5.0\n"
			   "* Intel Xeon Gold 6338\n"
			   "* 128 GB RAM\n"
			   "* gcc 13.1\n"
			   "* at commit 0123456789abcdef0123456789abcdef01234567\n"
			   "* turbo off\n"
			   "\n"
			   "Ryzen numbers in prose are not facts: AMD is great.\n\n"
			   "Release:\n\n" HF("./r", "5.0");

	import_string(&f->m, "env.md", text, &f->d);
	assert_string_equal(fact(&f->m, "os"), "Ubuntu 22.04");
	assert_string_equal(fact(&f->m, "kernel"), "Linux kernel 6.5.0");
	assert_string_equal(fact(&f->m, "cpu"), "Intel Xeon Gold 6338");
	assert_string_equal(fact(&f->m, "ram"), "128 GB RAM");
	assert_string_equal(fact(&f->m, "compiler"), "gcc 13.1");
	assert_string_equal(fact(&f->m, "commit"), "0123456789abcdef0123456789abcdef01234567");
	assert_string_equal(fact(&f->m, "env"), "turbo off");
	assert_int_equal(f->m.rs.nfacts, 7);
	assert_int_equal(f->m.rs.facts[0].line, 3);
}

/*
 * A paragraph under an environment heading is prose, not the "env" fact:
 * its sentence is a real one (haskell-perf/sequences#20, a pull request
 * that ran the benchmarks again). Lines of a fact's shape stay facts.
 */
static void test_environment_prose(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "## Setup\n\n"
			   "I ran the benchmarks locally on my laptop, without any other apps running.\n"
			   "Governor: performance.\n"
			   "Disabled Turbo boost for improving consistency across runs\n\n"
			   "Release:\n\n" HF("./r", "5.0");

	import_string(&f->m, "prose.md", text, &f->d);
	assert_int_equal(f->m.rs.nfacts, 2);
	assert_string_equal(f->m.rs.facts[0].key, "env");
	assert_string_equal(f->m.rs.facts[0].value, "Governor: performance.");
	assert_int_equal(f->m.rs.facts[0].line, 4);
	assert_string_equal(f->m.rs.facts[1].value, "Disabled Turbo boost for improving consistency across runs");
}

static void test_legend_kinds(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "app_a is the usual Release build and app_b the PGO-optimized one.\n\n"
			   HF("./app_a x", "5.0") HF("./app_b x", "4.0");

	import_string(&f->m, "l.md", text, &f->d);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[1].variant.text, "PGO-optimized");
	assert_int_equal(f->m.rs.runs[1].variant.origin, VO_LEGEND);
	/* a name followed by anything but a legend's separator is left alone */
	import_string(&f->m, "n.md", "We ran ./tool_a for the test.\n\n" HF("./tool_a y", "5.0"), &f->d);
	assert_string_equal(f->m.rs.runs[2].variant.text, "n");
	assert_int_equal(f->m.rs.runs[2].variant.origin, VO_INPUT);
}

static void test_scenarios_from_headings(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "## Client mode\n\nRelease:\n\n" HF("./c", "5.0") "\n"
			   "Release + PGO in the server mode (4 measurements):\n\n" HF("./c", "4.0");

	import_string(&f->m, "s.md", text, &f->d);
	assert_string_equal(f->m.rs.runs[0].scenario, "client mode");
	assert_string_equal(f->m.rs.runs[1].scenario, "server mode");
	assert_string_equal(f->m.rs.runs[1].variant.text, "Release + PGO");
}

static void test_fences_and_html(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "<details>\n<summary>Release + LTO</summary>\n\n```text\n" HF("./l", "5.0")
			   "```\n</details>\n\n~~~\n" HF("./m", "4.0") "~~~\n";

	import_string(&f->m, "h.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release + LTO");
	assert_int_equal(f->m.rs.runs[0].first_line, 5);
	assert_int_equal(f->m.rs.runs[1].first_line, 12);
}

static void test_quoted_repeat_skipped(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release:\n\n" HF("./q", "5.0") "\n"
			   "> Benchmark 1: ./q\n"
			   ">   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n"
			   ">   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n";

	import_string(&f->m, "q.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
}

static void test_nul_bytes_in_prose(void **state)
{
	struct model_fixture *f = *state;
	/* found by fuzzing: a command word followed by a NUL byte inside the line */
	static const char text[] = "iperf3\0abl\x81\xbc\x02\0" "1.26 \xc2\xb1  to server\n"
				   "Release:\n\n" HF("./n", "5.0");
	struct import_input in = { "nul.txt", malloc(sizeof(text)), sizeof(text) - 1 };
	struct import_opts o = { NULL, NULL, NULL, 0 };
	struct import_result res;

	memcpy(in.text, text, sizeof(text));
	import_texts(&f->m, &in, 1, &o, &res, &f->d);
	import_result_release(&res);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
}

static void test_empty_bullet(void **state)
{
	struct model_fixture *f = *state;
	/* found by fuzzing: a bullet with nothing after it but blanks, under a line of prose */
	const char *text = "Results\n\xe2\x80\xa2  \n\nRelease:\n\n" HF("./q", "5.0");

	import_string(&f->m, "bullet.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
}

static int count_block(const struct block *b, void *ctx)
{
	(void)b;
	++*(size_t *)ctx;
	return 0;
}

/* The first line of each block, its format kept beside it. */
struct firsts {
	uint32_t line[8];
	enum fmt fmt[8];
	size_t n;
};

static int first_lines(const struct block *b, void *ctx)
{
	struct firsts *f = ctx;

	if (f->n < 8) {
		f->line[f->n] = b->lines[0].no;
		f->fmt[f->n++] = b->fmt;
	}
	return 0;
}

/*
 * A line of the shape of one no parser took (another number, a zero kept
 * a zero) is asked again of the readers of figures' values: "39174613
 * (41M)" is no size by its rounding, "39163592 (39M)" is one, and the
 * shapes (segment.c) do not hide it. Lines of a refused shape are
 * refused again; a line of another shape (a zero for a digit) is asked.
 */
static void test_shapes_ask_value_readers(void **state)
{
	static const char text[] = "cmd:`strip`: 39174613 (41M)\n\n"
				   "Some notes on round 1000004: the machine was quiet, turbo was off\n\n"
				   "cmd:`strip`: 39163592 (39M)\n\n"
				   "Some notes on round 1000005: the machine was quiet, turbo was off\n\n"
				   "Some notes on round 1000006: the machine was quiet, turbo was off\n";
	struct firsts f = { .n = 0 };
	struct seg_result res;
	struct arena a = ARENA_INIT;
	struct diag d = DIAG_INIT;

	(void)state;
	assert_int_equal(parsers_init(&d), 0);
	assert_int_equal(seg_split("t.md", text, sizeof(text) - 1, &a, first_lines, &f, &res, &d, NULL), 0);
	assert_int_equal(f.n, 1);
	assert_int_equal(f.line[0], 5);
	assert_int_equal(f.fmt[0], FMT_LABELLED);
	seg_result_release(&res);
	arena_release(&a);
	diag_release(&d);
}

/* Each block line's place in the text: it starts after a newline (or at 0) and ends at one (or the end). */
struct ends {
	const char *text;
	size_t len, lines;
};

static int check_ends(const struct block *b, void *ctx)
{
	struct ends *e = ctx;

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		size_t end = (size_t)l->off + l->raw_len;

		assert_true(l->off == 0 || e->text[l->off - 1] == '\n');
		assert_true(end == e->len || e->text[end] == '\n');
		assert_null(memchr(l->raw, '\n', l->raw_len));
		e->lines++;
	}
	return 0;
}

/*
 * Where the walk finds lines: lines of 0 to 200 bytes, short and blank
 * lines at the end, the text cut at every place of its last bytes (ending
 * with a newline and without). Every line is counted and each block
 * line's bytes are its own.
 */
static void test_line_ends(void **state)
{
	struct buf text = BUF_INIT;
	struct diag d = DIAG_INIT;

	(void)state;
	assert_int_equal(parsers_init(&d), 0);
	for (size_t cut = 0; cut < 140; cut += 1) {
		struct ends e = { 0 };
		struct seg_result res;
		struct arena a = ARENA_INIT;
		size_t want = 0;

		buf_reset(&text);
		buf_adds(&text, "   text\t   data\t    bss\t    dec\t    hex\tfilename\n");
		for (size_t pad = 0; pad <= 200; pad += 7) {
			for (size_t k = 0; k < pad % 97; k++)
				buf_addc(&text, ' ');
			buf_addf(&text, "%zu\t 7000\t 56\t %zu\t 1a2c4\tapp_%zu\n", 100148 + pad, 107204 + pad, pad);
			if (pad % 3 == 0)
				buf_addc(&text, '\n');
		}
		for (size_t k = 0; k < 64 + cut % 70; k++)
			buf_addc(&text, k % 10 == 9 ? ' ' : 'x');
		buf_addc(&text, '\n');
		/* short and blank lines in the last window */
		for (size_t k = 0; k < cut % 9; k++)
			buf_adds(&text, k % 2 ? "\n" : "ab\n");
		/* the text cut at every place of its last bytes */
		text.len -= cut % 67;
		for (size_t i = 0; i < text.len; i++)
			want += text.s[i] == '\n';
		want += text.len && text.s[text.len - 1] != '\n';
		e.text = text.s;
		e.len = text.len;
		assert_int_equal(seg_split("t.txt", text.s, text.len, &a, check_ends, &e, &res, &d, NULL), 0);
		assert_int_equal(res.nlines, want);
		assert_true(e.lines > 20);
		seg_result_release(&res);
		arena_release(&a);
	}
	buf_release(&text);
	diag_release(&d);
}

/*
 * The piped walk leaves the prose's legends to the importing thread
 * (segpipe.h), batch by batch: the same legends, lines and order as one
 * thread reads, over more blocks than a batch holds. The same legend line
 * again is read again (the no-legend memory must not skip it), a line
 * stating none and coming back is read as none, and a line of a shape
 * read before (another round's number) states its own names.
 */
static void test_piped_legends(void **state)
{
	struct buf text = BUF_INIT;
	struct seg_result one, piped;
	struct arena a1 = ARENA_INIT, a2 = ARENA_INIT;
	struct diag d1 = DIAG_INIT, d2 = DIAG_INIT;
	size_t n1 = 0, n2 = 0;

	(void)state;
	assert_int_equal(parsers_init(&d1), 0);
	for (int r = 0; r < 700; r++) {
		buf_addf(&text, "Round %d: app_%03d is the Release build and app_b the PGO-optimized one.\n\n", r, r);
		buf_adds(&text, "app_c is the LTO build.\n\nNothing to see in this line at all.\n\n");
		buf_adds(&text, HF("./app_a x", "5.0") "\n");
	}
	buf_adds(&text, "app_z is the BOLT build, after the last block.\n");
	assert_int_equal(seg_split("t.md", text.s, text.len, &a1, count_block, &n1, &one, &d1, NULL), 0);
	setenv("BENCHDELTA_PIPE_MIN", "0", 1);
	assert_int_equal(seg_split_piped("t.md", text.s, text.len, 0, &a2, count_block, &n2, &piped, &d2, NULL, NULL, NULL), 0);
	unsetenv("BENCHDELTA_PIPE_MIN");
	assert_int_equal(n1, 700);
	assert_int_equal(n2, 700);
	assert_int_equal(one.nlegends, 3 * 700 + 1);
	assert_int_equal(piped.nlegends, one.nlegends);
	for (size_t i = 0; i < one.nlegends; i++) {
		assert_string_equal(piped.legends[i].name, one.legends[i].name);
		assert_string_equal(piped.legends[i].desc, one.legends[i].desc);
		assert_int_equal(piped.legends[i].line, one.legends[i].line);
	}
	assert_string_equal(piped.legends[one.nlegends - 1].name, "app_z");
	for (int r = 0; r < 700; r++) {
		char want[16];

		snprintf(want, sizeof(want), "app_%03d", r);
		assert_string_equal(one.legends[3 * r].name, want);
		assert_string_equal(one.legends[3 * r + 1].name, "app_b");
		assert_string_equal(one.legends[3 * r + 1].desc, "PGO-optimized");
	}
	seg_result_release(&one);
	seg_result_release(&piped);
	arena_release(&a1);
	arena_release(&a2);
	diag_release(&d1);
	diag_release(&d2);
	buf_release(&text);
}

/*
 * A container log's prefix ("web_1  | ") is dropped wherever the first bar
 * of the text stands: on a line where the bar search's first window
 * (segment.c: 64 KiB from the first line) ends, before its bar, and after
 * many lines without one.
 */
static void test_container_prefix_far_into_text(void **state)
{
	struct model_fixture *f = *state;
	const char *wrk = "```\n"
			  "web_1  | Running 30s test @ http://127.0.0.1:8080/bob\n"
			  "web_1  |   2 threads and 400 connections\n"
			  "web_1  |   Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
			  "web_1  |     Latency   178.93ms   82.78ms   1.22s    93.71%\n"
			  "web_1  |     Req/Sec     1.14k   269.76     2.62k    72.08%\n"
			  "web_1  |   67249 requests in 30.05s, 569.60MB read\n"
			  "web_1  | Requests/sec:   2238.05\n"
			  "web_1  | Transfer/sec:     18.96MB\n"
			  "```\n";

	for (int k = 0; k < 2; k++) {
		struct buf text = BUF_INIT;
		int found = 0;

		if (k == 0) {
			/* the window [0, 65536) ends in the first prefixed line (at 65535), before its bar */
			buf_adds(&text, "a\n");
			for (int i = 0; i < 65528; i++)
				buf_addc(&text, 'x');
			buf_adds(&text, "\n");
		} else {
			for (int i = 0; i < 3000; i++)
				buf_addf(&text, "Line %d of notes, with no bar on it at all.\n", i);
			buf_addc(&text, '\n');
		}
		buf_adds(&text, wrk);
		model_release(&f->m);
		model_init(&f->m);
		import_string(&f->m, "compose.md", buf_str(&text), &f->d);
		assert_int_equal(f->m.rs.nruns, 1);
		assert_int_equal(f->m.rs.runs[0].fmt, FMT_WRK);
		/* from the "Running 30s test" line on */
		assert_int_equal(f->m.rs.runs[0].first_line, k == 0 ? 4 : 3003);
		for (size_t i = 0; i < f->m.rs.nmeas; i++)
			found |= f->m.rs.meas[i].value == 2238.05;
		assert_true(found);
		buf_release(&text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_titles, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_comment_boundary_ends_label, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_environment_facts, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_environment_prose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_legend_kinds, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_scenarios_from_headings, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_fences_and_html, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_nul_bytes_in_prose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_quoted_repeat_skipped, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_empty_bullet, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_container_prefix_far_into_text, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test(test_piped_legends),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_shapes_ask_value_readers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
