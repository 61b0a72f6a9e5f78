/*
 * test_shapes.c - the shapes real threads written by others take, each on a
 * small text written here: where the name of a variant is written, what is
 * never a name, and what the output around it looks like (CI prefixes,
 * terminal residue). Each test states the variants its runs must get.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "helpers.h"
#include "parsers/clean.h"

#define HF(cmd, mean)                                                                              \
	"Benchmark 1: " cmd "\n"                                                                   \
	"  Time (mean \xc2\xb1 \xcf\x83):     " mean " ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n" \
	"  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"

/* The variants of the text's runs, in order, joined by '|'. */
static const char *variants_of(struct model_fixture *f, const char *text)
{
	static char out[512];
	struct buf b = BUF_INIT;
	uint32_t from = (uint32_t)f->m.rs.nruns;

	import_string(&f->m, "t.md", text, &f->d);
	for (uint32_t i = from; i < f->m.rs.nruns; i++) {
		if (i > from)
			buf_addc(&b, '|');
		buf_adds(&b, f->m.rs.runs[i].variant.text);
	}
	snprintf(out, sizeof(out), "%s", buf_str(&b));
	buf_release(&b);
	return out;
}

static void test_emphasis(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "*2017-07-24*:\n\n" HF("./a", "5.0") "\n"
					   "*2017-08-01*:\n\n" HF("./a", "4.0")),
			    "2017-07-24|2017-08-01");
	assert_string_equal(variants_of(f, "**With LTO**\n\n" HF("./b", "5.0") "\n__PGO__\n\n" HF("./b", "4.0")),
			    "With LTO|PGO");
	assert_string_equal(variants_of(f, "_old_:\n" HF("./c", "5.0") "***new***\n" HF("./c", "4.0")),
			    "old|new");
}

static void test_label_directly_above(void **state)
{
	struct model_fixture *f = *state;

	/* no blank line between the caption and the output, with or without one above it */
	assert_string_equal(variants_of(f, "Some words first.\n\nRelease\n" HF("./d", "5.0") "\n"
					   "Release + LTO\n" HF("./d", "4.0")),
			    "Release|Release + LTO");
	assert_string_equal(variants_of(f, "We built it twice.\nDefault build\n" HF("./e", "5.0")
					   "and then:\nPGO build\n" HF("./e", "4.0")),
			    "Default build|PGO build");
	/* a caption that only organises changes nothing */
	assert_string_equal(variants_of(f, "Baseline:\n\nOutput\n" HF("./g", "5.0")), "Baseline");
}

static void test_headings(void **state)
{
	struct model_fixture *f = *state;

	/* setext headings, and short lines between a heading and its output */
	assert_string_equal(variants_of(f, "Intro text here.\n\nWith LTO\n--------\n\nthreads: 4\n---\n"
					   "```\n" HF("./h", "5.0") "```\n\n"
					   "With PGO\n========\n\nSettings:\n- threads: 4\n\n" HF("./h", "4.0")),
			    "With LTO|With PGO");
	assert_string_equal(variants_of(f, "### BOLT ###\n\nRun 1:\n" HF("./i", "5.0") "Run 2:\n" HF("./i", "5.1")),
			    "BOLT|BOLT");
	/* a heading is the author's name for its section, long and with no build word too */
	assert_string_equal(variants_of(f, "### 1. Basic TUN Read/Write (Async)\n\n```text\n" HF("./ia", "5.0")
					   "=== Monitor Summary ===\n```\n\n### 2. Basic TUN with Channel Buffering (Async)\n\n"
					   "```text\n" HF("./ia", "4.0") "```\n"),
			    "Basic TUN Read/Write (Async)|Basic TUN with Channel Buffering (Async)");
}

static void test_quotes_and_sentences(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "> - Release:\n>\n> " "Benchmark 1: ./j\n"
					   ">   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms\n"
					   ">   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"
					   ">\n> - LTO:\n>\n> Benchmark 1: ./j\n"
					   ">   Time (mean \xc2\xb1 \xcf\x83):     4.0 ms \xc2\xb1   0.1 ms\n"
					   ">   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"),
			    "Release|LTO");
	assert_string_equal(variants_of(f, "This is how it ran before:\n\n" HF("./k", "5.0") "\n"
					   "And here is the same thing with the patch applied:\n\n" HF("./k", "4.0")),
			    "t|with the patch applied");
	/* the end of a long sentence, and of one wrapped on a command's name */
	assert_string_equal(variants_of(f, "I timed it. Running `time gmake print-value-PATCHES >/dev/null` in a component "
					   "directory gives, typically, before the change:\n" HF("./ka", "5.0")
					   "and after the change:\n" HF("./ka", "4.0")),
			    "before the change|after the change");
	assert_string_equal(variants_of(f, "Here is the result of 32 CPUs running mprotect at the same\n"
					   "time from 32 single threaded processes before the patch:\n\n" HF("./kb", "5.0")),
			    "before the patch");
	/* before or after what names no build: a rerun */
	assert_string_equal(variants_of(f, "Some text.\n\nThe proxy crashed during that run; the same test again after a restart:\n\n" HF("./kd", "5.0")), "t");
	/* "time ./x" is still a command */
	assert_string_equal(variants_of(f, "Some text.\n\ntime ./kc --fast:\n" HF("./kc", "5.0")), "t");
}

static void test_comments_in_fences(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "```\n# Run 1: baseline\n" HF("./l", "5.0")
					   "# Run 2: with BOLT\n" HF("./l", "4.0") "```\n"),
			    "baseline|with BOLT");
}

static void test_never_a_name(void **state)
{
	struct model_fixture *f = *state;

	/* an author's handle above a quote */
	assert_string_equal(variants_of(f, "Release:\n\n" HF("./m", "5.0") "\nalice:\n"
					   "> Benchmark 1: ./m\n"
					   ">   Time (mean \xc2\xb1 \xcf\x83):     4.5 ms \xc2\xb1   0.1 ms\n"
					   ">   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"),
			    "Release|t");
	/* a copied page's author line, with or without a colon, is a new comment: it ends a label's reach */
	assert_string_equal(variants_of(f, "Release:\n\n" HF("./ma", "5.0") "\nprattmic commented:\n\n" HF("./ma", "4.5")
					   "\nmtelka commented on Feb 14, 2024\n\n" HF("./ma", "4.4")),
			    "Release|t|t");
	/* perf report's header comments and code are no labels */
	assert_string_equal(variants_of(f, "# Samples: 10K of event 'cycles'\n# Event count (approx.): 123\n\n"
					   HF("./n", "5.0") "\nfoo::bar():\n\n" HF("./n", "5.5")),
			    "t|t");
	/* a comma inside brackets does not cut a label */
	assert_string_equal(variants_of(f, "Release (cargo build --release, thin LTO):\n\n" HF("./o", "5.0")),
			    "Release (cargo build --release, thin LTO)");
}

static void test_script_banners(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "-> old\n" HF("./p", "5.0") "-> new\n" HF("./p", "4.0")), "old|new");
	assert_string_equal(variants_of(f, "=== LTO ===\n" HF("./q", "5.0") "--- PGO ---\n" HF("./q", "4.0")),
			    "LTO|PGO");
	/* a script's progress messages: the verb and the path it reports go */
	assert_string_equal(variants_of(f, "-> found old bench at: /tmp/bench/old.txt\n" HF("./v", "5.0")
					   "-> creating new bench..\n" HF("./v", "4.0")),
			    "old bench|new bench");
}

/* A heading that names a test is what was measured; one that says where it ran is compared. */
static void test_test_headings(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "## TCP bandwidth test\n\n" HF("./r", "5.0") "\n"
					   "## Parallel streams test\n\n" HF("./r", "4.0")),
			    "t|t");
	assert_string_equal(f->m.rs.runs[f->m.rs.nruns - 1].scenario, "Parallel streams test");
	assert_string_equal(variants_of(f, "## Test on the same node\n\n" HF("./s", "5.0") "\n"
					   "## Test on another node\n\n" HF("./s", "4.0")),
			    "Test on the same node|Test on another node");
	/* a quantity is the setting compared */
	assert_string_equal(variants_of(f, "A 1G test:\n\n" HF("./u", "5.0") "\nA 20G test:\n\n" HF("./u", "4.0")),
			    "1G|20G");
}

/* A tool's name with a note in brackets names the output: the note is the label, not a command. */
/* An author's cut between a label and its output ("[snip]") is no new comment: the label reaches the output. */
static void test_cut_inside_fence(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "Using Apple Clang:\n```\n$ hyperfine ./p\n[snip]\n" HF("./p", "5.0") "```\n"),
			    "Using Apple Clang");
}

/* A listing piped through `nl -ba` (or `cat -n`): read as if its line numbers were not there. */
static void test_numbered_listing(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "PGO:\n```\n"
					   "     1\tBenchmark 1: ./p\n"
					   "     2\t  Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n"
					   "     3\t  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"
					   "```\n"),
			    "PGO");
}

/*
 * Two hyperfine Markdown tables of the same header, each under its label:
 * the second header, asked before, starts a block whose rows follow it
 * (the claim's state is this line's, not the first header's).
 */
static void test_second_table_same_header(void **state)
{
	struct model_fixture *f = *state;
	const char *table = "| Command | Mean [s] | Min [s] | Max [s] | Relative |\n"
			    "|:---|---:|---:|---:|---:|\n"
			    "| `make 4.2.1` | 124.912 \xc2\xb1 0.233 | 124.520 | 125.331 | 1.02 \xc2\xb1 0.00 |\n"
			    "| `make 4.3` | 122.696 \xc2\xb1 0.177 | 122.425 | 123.124 | 1.00 |\n";
	char text[1024];

	snprintf(text, sizeof(text), "Clang 11.0.0:\n\n%s\nGCC 10.1.0:\n\n%s", table, table);
	assert_string_equal(variants_of(f, text), "Clang 11.0.0|Clang 11.0.0|GCC 10.1.0|GCC 10.1.0");
	assert_int_equal(f->m.rs.nruns, 4);
}

/*
 * A tool's output pasted as a script's comments inside a fence: from its
 * first line on ("# Running 1m test @"), each line is read without its
 * "# "; a comment above it stays a comment.
 */
static void test_commented_output(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "**v2.28.0**\n"
			   "\n"
			   "```sh\n"
			   "# RAM ~6.6/6.8MB\n"
			   "wrk -c100 -t4 -d1m --latency http://localhost/index.html\n"
			   "# Running 1m test @ http://localhost/index.html\n"
			   "#   4 threads and 100 connections\n"
			   "#   Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
			   "#     Latency     2.02ms    1.24ms  28.34ms   74.09%\n"
			   "#     Req/Sec    12.31k     1.26k   21.35k    73.20%\n"
			   "#   2942017 requests in 1.00m, 2.10GB read\n"
			   "# Requests/sec:  48969.73\n"
			   "# Transfer/sec:     35.82MB\n"
			   "```\n";

	assert_string_equal(variants_of(f, text), "v2.28.0");
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_WRK);
	assert_int_equal(f->m.rs.runs[0].first_line, 6);
	assert_true(find_meas(&f->m, 0, "qps")->value == 48969.73);
	assert_true(find_meas(&f->m, 0, "latency.max")->value == 28.34e-3);
}

/*
 * "-- before" and "-- after" inside a fence (SQL comments over a client's
 * sessions) name what follows them as "# before" would; cmake's "--
 * Configuring done" names nothing.
 */
static void test_dash_comments(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "```\n-- before \nSELECT 1\n\n"
					   "1 rows in set. Elapsed: 4.933 sec.\n\n"
					   "-- after \nSELECT 1\n\n"
					   "1 rows in set. Elapsed: 3.964 sec.\n```\n"),
			    "before|after");
	/* (the input's name, "t", as with no line above) */
	assert_string_equal(variants_of(f, "```\n-- Configuring done\n$ hyperfine ./p\n" HF("./p", "5.0") "```\n"), "t");
}

/* A prompt that runs only a comment: the comment names the run the next command makes. */
static void test_prompt_comments(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "```console\n$ # old\n$ hyperfine ./p\n" HF("./p", "5.0") "\n"
					   "# # this PR\n$ hyperfine ./p\n" HF("./p", "4.0") "```\n"),
			    "old|this PR");
	/* "#1" after a prompt is no comment: the run is named as without the line */
	{
		char plain[512];

		snprintf(plain, sizeof(plain), "%s", variants_of(f, "```\n$ hyperfine ./p\n" HF("./p", "5.0") "```\n"));
		assert_string_equal(variants_of(f, "```\n$ #1\n$ hyperfine ./p\n" HF("./p", "5.0") "```\n"), plain);
	}
}

static void test_tool_note(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "hyperfine (result from the previous commit):\n" HF("./p", "5.0") "\n"
					   "hyperfine (with LTO, this commit)\n" HF("./p", "4.0")),
			    "previous commit|with LTO");
}

/* docker compose's service prefix on every line of an output: the output is read as if it were not there */
static void test_container_prefixes(void **state)
{
	struct model_fixture *f = *state;
	const char *compose = "```\n============ Sandman ============\n"
			      "web_1  | Benchmark 1: ./u\n"
			      "web_1  |   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms\n"
			      "web_1  |   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"
			      "web_1  |\n"
			      "============ Uvicorn ============\n"
			      "web_1  | Benchmark 1: ./u\n"
			      "web_1  |   Time (mean \xc2\xb1 \xcf\x83):     4.0 ms \xc2\xb1   0.1 ms\n"
			      "web_1  |   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n```\n";
	const struct measurement *me;
	const char *src;

	assert_string_equal(variants_of(f, compose), "Sandman|Uvicorn");
	me = find_meas(&f->m, 0, "time.mean");
	assert_non_null(me);
	assert_true(me->value == 0.005);
	/* the number's span still points at the number in the source, behind the prefix */
	src = f->m.sources[0].text;
	assert_memory_equal(src + me->offset, "5.0", 3);
	/* a table row ends with its bar: never a prefix */
	assert_int_equal(clean_container_prefix("Baseline  | 57.5%  |", 20), 0);
	assert_int_equal(clean_container_prefix("web_1  | Requests/sec: 2.0", 26), 9);
	assert_int_equal(clean_container_prefix("load-test  |", 12), 12);
	assert_int_equal(clean_container_prefix("a | b", 5), 4);
	/* one line alone that looks like a prefix keeps its bytes */
	assert_string_equal(variants_of(f, "Note  | not a prefix\n\n" HF("./v", "5.0")), "t");
}

/* the first line of a fence, right above the output it holds, names it */
static void test_fence_caption(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "Intro text here.\n\n```text\npsycopg c pool_recycle=300\n" HF("./w", "5.0")
					   "```\n```text\nasyncpg without pool_recycle\n" HF("./w", "4.0") "```\n"),
			    "psycopg c pool_recycle=300|asyncpg without pool_recycle");
	/* not a line further down the fence, nor the output's own header */
	assert_string_equal(variants_of(f, "```\n$ run it\nAttaching to bench\n" HF("./x", "5.0") "```\n"), "t");
}

/* a lone bullet or a line in parentheses above an output names it; a list's items do not */
static void test_bullet_and_paren_captions(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "Each pair below is the baseline, then the agent.\n\n- Baseline\n\n```\n" HF("./y", "5.0")
					   "```\n- Agent\n```\n" HF("./y", "4.0") "```\n"),
			    "Baseline|Agent");
	assert_string_equal(variants_of(f, "and perf agrees:\n\n* your patch\n\n" HF("./z", "5.0") "\n\n* my patch:\n\n" HF("./z", "4.0")),
			    "your patch|my patch");
	assert_string_equal(variants_of(f, "Nothing to see.\n\n(with this patch)\n" HF("./za", "5.0")), "with this patch");
	/* the last item of a list of settings names nothing */
	assert_string_equal(variants_of(f, "wrk ran with\n- 2 Threads\n- 400 connections\n\n" HF("./zb", "5.0")), "t");
}

/* a bare line under prose that introduces it names the output; a root prompt with options is a command */
static void test_intro_line_and_root_prompt(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "It does fix the first one, as far as I can see:\nBefore\n\n# perf_old stat -e cycles ./x\n\n" HF("./zc", "5.0")
					   "\nWith the patch\n\n# perf stat -e cycles ./x\n\n" HF("./zc", "4.0")),
			    "Before|With the patch");
}

/* a "key: value" comment in a configuration fence is a fact, never the name of what follows */
static void test_fence_config_comments(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "#### Test 2. pgtune settings\n\n```\n# DB Version: 15\n# OS Type: linux\n\nmax_connections = 20\n```\n\n"
					   "The results:\n\n" HF("./zd", "5.0")),
			    "Test 2. pgtune settings");
}

/* a bare label over a user@host prompt names the output the prompt runs */
static void test_label_over_prompt(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "> \n> Unpatched kernel\n> root@test1:~# hyperfine ./ze\n> " HF("./ze", "5.0")
					   "> \n> patched kernel\n> root@test1:~# hyperfine ./ze\n> " HF("./ze", "4.0")),
			    "Unpatched kernel|patched kernel");
}

static void test_ci_prefixes(void **state)
{
	struct model_fixture *f = *state;
	const char *gha = "2024-04-04T02:16:10.1000000Z ##[group]Run bench\n"
			  "2024-04-04T02:16:10.2000000Z ##[endgroup]\n"
			  "2024-04-04T02:16:17.8298213Z Benchmark 1: ./r\n"
			  "2024-04-04T02:16:17.8298213Z   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms\n"
			  "2024-04-04T02:16:17.8298213Z   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n";
	const struct measurement *me;
	const char *src;

	assert_string_equal(variants_of(f, gha), "t");
	me = find_meas(&f->m, 0, "time.mean");
	assert_non_null(me);
	assert_true(me->value == 0.005);
	/* the number's span still points at the number in the source */
	src = f->m.sources[0].text;
	assert_memory_equal(src + me->offset, "5.0", 3);
	assert_int_equal(me->length, 3);

	assert_string_equal(variants_of(f, "[12:01:02] Release:\n[12:01:03] Benchmark 1: ./s\n"
					   "[12:01:03]   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms\n"
					   "[12:01:03]   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"),
			    "Release");
	/* GitLab: section markers after a CR, a stream tag after the timestamp */
	assert_string_equal(variants_of(f, "section_start:1712196977:bench\r\x1b[0KPGO:\n"
					   "2024-04-04T02:16:17.829821Z 00O Benchmark 1: ./u\n"
					   "2024-04-04T02:16:17.829821Z 00O   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms\n"
					   "2024-04-04T02:16:17.829821Z 00O+  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"
					   "section_end:1712196977:bench\r\x1b[0K\n"),
			    "PGO");
}

static void test_terminal_residue(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "LTO:                         [136/4790]\n\n"
					   "Benchmark 1: ./v\n"
					   "  Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms   [12/40]\n"
					   "  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"),
			    "LTO");
	assert_non_null(find_meas(&f->m, 0, "time.mean"));
	/* a progress line the terminal overwrote, kept in front of the line that replaced it */
	assert_string_equal(variants_of(f, "## Debug, SW\n\n```sh\nBenchmark 1: ./w\n"
					   " \xe2\xa0\xb8 Current estimate: 2.338 s      \xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x91  "
					   "Time (mean \xc2\xb1 \xcf\x83):      2.344 s \xc2\xb1  0.054 s    [User: 2.292 s, System: 0.046 s]\n"
					   "  Range (min \xe2\x80\xa6 max):    2.268 s \xe2\x80\xa6  2.403 s    10 runs\n```\n"),
			    "Debug");
	assert_non_null(find_meas(&f->m, (uint32_t)f->m.rs.nruns - 1, "time.mean"));
	assert_true(find_meas(&f->m, (uint32_t)f->m.rs.nruns - 1, "time.mean")->value == 2.344);
	assert_true(find_meas(&f->m, (uint32_t)f->m.rs.nruns - 1, "user.mean")->value == 2.292);
	/* a spinner alone, with no bar before the text, is text */
	assert_int_equal(clean_needed_shape("\xe2\xa0\xb8 Building", 12), 0);
}

static void test_rules_and_changes(void **state)
{
	struct model_fixture *f = *state;

	/* a line under a rule stands alone; "This PR" names a change; code marks go */
	assert_string_equal(variants_of(f, "Numbers:\n\n---\nBefore\n\n```\n" HF("./w", "5.0") "```\n\n"
					   "---\nAfter\n\n```\n" HF("./w", "4.0") "```\n"),
			    "Before|After");
	assert_string_equal(variants_of(f, "`master`:\n\n" HF("./x", "5.0") "\nThis PR:\n\n" HF("./x", "4.0")),
			    "master|This PR");
}

static void test_sub_heading_is_scenario(void **state)
{
	struct model_fixture *f = *state;

	/* "## TX TCP" under "# Without patches" (comments of a shell fence) */
	assert_string_equal(variants_of(f, "```\n# Without patches\n## TX run\n" HF("./y", "5.0") "```\n"
					   "```\n# With patches\n## TX run\n" HF("./y", "4.0") "```\n"),
			    "Without patches|With patches");
	assert_string_equal(f->m.rs.runs[1].scenario, "TX run");
}

static void test_lone_binary_build(void **state)
{
	struct model_fixture *f = *state;

	/* a thread's one run: the build its binary's path names */
	import_string(&f->m, "d.md", "# How much memory does the tool use when it starts\n\nSome words on what we measure here.\n\n"
				     "$ /usr/bin/time ./target/debug/tool x\n"
				     "0.07user 0.00system 0:00.08elapsed 100%CPU (0avgtext+0avgdata 21472maxresident)k\n"
				     "0inputs+8outputs (0major+4843minor)pagefaults 0swaps\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].variant.text, "debug");
	/* a plain log's file name is its author's label */
	import_string(&f->m, "pgo.log", "$ /usr/bin/time ./target/debug/tool y\n"
				       "0.05user 0.00system 0:00.08elapsed 100%CPU (0avgtext+0avgdata 21472maxresident)k\n"
				       "0inputs+8outputs (0major+4843minor)pagefaults 0swaps\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[1].variant.text, "pgo");
}

/* iperf3 3.0 - 3.1 UDP: the summary's line has no role; it is the receiver's. */
static void test_iperf3_old_udp(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;

	import_string(&f->m, "u.md",
		      "For instance, a 1G test:\n\n"
		      "Test Complete. Summary Results:\n"
		      "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
		      "[  4]   0.00-10.00  sec  1.24 GBytes  1.06 Gbits/sec  0.001 ms  135795/162217 (84&#37;)\n"
		      "[  4] Sent 162217 datagrams\n\n"
		      "```\n- - - - - - - - - - - - - - - - - - - - - - - - -\n"
		      "[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams\n"
		      "[  4]   0.00-10.00  sec  1.24 MBytes  1.04 Mbits/sec  0.013 ms  0/159 (0%)  \n"
		      "[  4] Sent 159 datagrams\n```\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->d.n, 0);
	me = find_meas(&f->m, 0, "receiver.lost_percent");
	assert_non_null(me);
	assert_true(me->value == 84);
	me = find_meas(&f->m, 0, "receiver.bitrate");
	assert_non_null(me);
	assert_true(me->value == 1.06e9);
	me = find_meas(&f->m, 1, "receiver.jitter");
	assert_non_null(me);
	assert_true(me->value == 0.013e-3);
}

/* Fragments an author ended there (prose or a fence follows) are read whole. */
static void test_fragments(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;

	import_string(&f->m, "k.txt",
		      "> For the build (before):\n"
		      "> Elapsed (wall clock) time (h:mm:ss or m:ss): 3:22.03\n"
		      "> Maximum resident set size (kbytes): 43856\n>\n"
		      "> And (after):\n"
		      "> Maximum resident set size (kbytes): 1566776\n"
		      ">\nThat is all.\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	me = find_meas(&f->m, 0, "wall_time");
	assert_non_null(me);
	assert_true(me->value == 202.03);
	me = find_meas(&f->m, 1, "max_rss");
	assert_non_null(me);
	assert_true(me->value == 1566776.0 * 1024);

	/* perf stat without its footer, closed by the fence; named by the program hyperfine named */
	import_string(&f->m, "p.md",
		      "```\n$ perf stat -e syscalls:sys_enter_read ./target/release/app_buf\n"
		      " Performance counter stats for './target/release/app_buf':\n"
		      "               257      syscalls:sys_enter_read\n```\n\n"
		      "```\n" HF("./target/release/app_raw", "326.3")
		      "Benchmark 2: ./target/release/app_buf\n"
		      "  Time (mean \xc2\xb1 \xcf\x83):      28.5 ms \xc2\xb1   1.4 ms    [User: 22.9 ms, System: 5.6 ms]\n"
		      "  Range (min \xe2\x80\xa6 max):    25.0 ms \xe2\x80\xa6  31.0 ms    30 runs\n```\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	me = find_meas(&f->m, 2, "syscalls_sys_enter_read");
	assert_non_null(me);
	assert_true(me->value == 257);
	assert_string_equal(f->m.rs.runs[2].variant.text, "app_buf");
	assert_string_equal(f->m.rs.runs[4].variant.text, "app_buf");
}

/* "going from thin to fat gives:" names fat; a long title heading names the experiment only. */
static void test_from_to_and_title(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;

	import_string(&f->m, "c.md",
		      "# opt: Enable link-time-optimization for release and benchmarks\n\n"
		      "It is about 5% faster, say the benchmarks here.\n\n"
		      "That is, going from `\"thin\"` to `\"fat\"` gives:\n```\n"
		      "time:   [14.080 s 14.132 s 14.194 s]\n"
		      "change: [-7.3244% -6.5390% -5.8562%] (p = 0.00 < 0.05)\n```\n\n"
		      "Or straight from today's `\"off\"` to `\"fat\"`:\n```\n"
		      "time:   [14.159 s 14.210 s 14.265 s]\n```\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "fat");
	assert_string_equal(f->m.rs.runs[1].variant.text, "fat");
	/* pasted without its id: a run without a subject */
	me = find_meas(&f->m, 0, "time_per_op.lower");
	assert_non_null(me);
	assert_true(me->value == 14.080);
	/* a mail's subject is its title, without the reply's prefix */
	import_string(&f->m, "m.txt", "Subject: Re: [PATCH] mm: prefetch\n\nBefore:\n" HF("./w", "5.0"), &f->d);
	assert_string_equal(f->m.sources[f->m.nsources - 1].title, "[PATCH] mm: prefetch");
}

/* A list of sizes per build under a sentence about size: file_size per variant, noted as hand-written. */
static void test_size_list(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "b.md", "Release:\n\n" HF("./bb", "5.0") "\nBinary sizes, without stripping:\n\n"
				     "\xe2\x80\xa2 Release: 1.3 Mib\n"
				     "\xe2\x80\xa2 Release + PGO: 3.4 MiB\n"
				     "- LTO: 900 KB\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[1].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[2].variant.text, "Release + PGO");
	me = find_meas(&f->m, 1, "file_size");
	assert_non_null(me);
	assert_true(me->value == 1.3 * 1024 * 1024);
	assert_memory_equal(f->m.sources[0].text + me->offset, "1.3", 3);
	me = find_meas(&f->m, 3, "file_size");
	assert_non_null(me);
	assert_true(me->value == 900e3);
	assert_int_equal(notes_of(&f->m, 1, NOTE_INFO, &notes), 1);
	assert_non_null(strstr(notes.s, "written by hand"));
	assert_non_null(strstr(notes.s, "'Mib' read as MiB"));
	buf_release(&notes);
	/* "N bytes / M MiB" in code marks: the first figure */
	import_string(&f->m, "t.md", "The binary is large:\n\n- status quo: `27807000` bytes / `26.52` MiB\n"
				     "- lto: `24852744` bytes / `23.70` MiB\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_string_equal(f->m.rs.runs[5].variant.text, "lto");
	me = find_meas(&f->m, 5, "file_size");
	assert_non_null(me);
	assert_true(me->value == 24852744);
	/* the same list under a sentence that does not say it lists sizes is not read */
	import_string(&f->m, "c.md", "Memory we saw:\n\n- Release: 120 MB\n- LTO: 110 MB\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
}

/* Output kept in a code comment ("    //     320.26 msec task-clock") reads as output. */
static void test_code_comments(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;

	import_string(&f->m, "c.rs", "fn f() {\n    // Release:\n"
				     "    // Benchmark 1: ./a\n"
				     "    //   Time (mean \xc2\xb1 \xcf\x83):     5.0 ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n"
				     "    //   Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n}\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	me = find_meas(&f->m, 0, "time.mean");
	assert_non_null(me);
	assert_memory_equal(f->m.sources[0].text + me->offset, "5.0", 3);
}

/*
 * Section titles of reStructuredText (underlined as long as the author
 * likes), prompt arrows between a label and its output, and <details>
 * blocks whose <summary> names what is inside, under a bold caption that
 * only organises ("K6 Output").
 */
static void test_titles_arrows_summaries(void **state)
{
	struct model_fixture *f = *state;

	/* a rule of 20 dashes or more also begins iperf3's banner: under a lone line, it is the line's title */
	assert_string_equal(variants_of(f, "Results\n=====================================\n\n"
					   "Django Dev Server\n---------------------------------\n\n"
					   ".. code:: bash\n\n    ./manage.py runserver\n\n" HF("./m", "5.0") "\n"
					   "gunicorn + Django WSGI\n---------------------------------\n\n" HF("./m", "4.0")),
			    "Django Dev Server|gunicorn + Django WSGI");
	/* zsh's and starship's arrows: the line is the command, the label above the fence stands */
	assert_string_equal(variants_of(f, "Before\n```\n\xe2\x9e\x9c hey http://localhost:8080\n\n"
					   "Summary:\n  Total:\t0.0128 secs\n  Requests/sec:\t15603.2822\n```\n\n"
					   "After\n```\n\xe2\x9d\xaf  hey http://localhost:8080\n\n"
					   "Summary:\n  Total:\t0.0077 secs\n  Requests/sec:\t25987.7792\n```\n"),
			    "Before|After");
	/* the command is what follows the arrow */
	assert_string_equal(f->m.rs.runs[f->m.rs.nruns - 1].command, "hey http://localhost:8080");
	/* "Summary for: `x`" names x; a bold caption of a tool's name and "Output" inside leaves it */
	assert_string_equal(variants_of(f, "<details>\n  <summary>Summary for: `wundergraph`</summary>\n\n"
					   "  **K6 Output**\n\n```\n" HF("./o", "5.0") "```\n</details>\n\n"
					   "<details>\n  <summary>Summary for: `apollo-router`</summary>\n\n"
					   "  **K6 Output**\n\n```\n" HF("./o", "4.0") "```\n</details>\n"),
			    "wundergraph|apollo-router");
	/* the name of the tool whose outputs it reaches, over different commands: the commands name them */
	assert_string_equal(variants_of(f, "# Perf stat\n\n```\n$ perf stat ./one\n\n"
					   " Performance counter stats for './one':\n\n"
					   "             63.36 msec task-clock:u                     #    0.961 CPUs utilized\n\n"
					   "       0.065931000 seconds time elapsed\n```\n\n```\n$ perf stat ./two\n\n"
					   " Performance counter stats for './two':\n\n"
					   "             33.36 msec task-clock:u                     #    0.961 CPUs utilized\n\n"
					   "       0.035931000 seconds time elapsed\n```\n"),
			    "one|two");
	assert_string_equal(f->m.rs.runs[f->m.rs.nruns - 1].scenario, "Perf stat");
	assert_true(f->d.n >= 1);
	assert_non_null(strstr(f->d.v[f->d.n - 1].text, "the heading \"Perf stat\" (line 1) is the name of the tool"));
	/* a tool's name alone still names what was run (tools compared) */
	assert_string_equal(variants_of(f, "### wrk\n\n" HF("./p", "5.0") "\n### hey\n\n" HF("./p", "4.0")), "wrk|hey");
}

/*
 * Outputs one heading reaches, told apart by the line right above each
 * (a sentence with no build word): each line names its output, the
 * heading becomes the scenario, and the import warns naming both. Not
 * where the lines count repetitions, nor where one output has none.
 */
static void test_sibling_captions(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "## Measuring the library load time\n\nFirst with perf.\n\n"
					   "Measuring the load time of the C++ library\n\n```\n" HF("./sa", "5.0") "```\n\n"
					   "Now, for the load time of the Go library\n\n```\n" HF("./sa", "4.0") "```\n"),
			    "Measuring the load time of the C++ library|Now, for the load time of the Go library");
	assert_string_equal(f->m.rs.runs[f->m.rs.nruns - 1].scenario, "Measuring the library load time");
	assert_true(f->d.n >= 2);
	assert_non_null(strstr(f->d.v[f->d.n - 1].text, "the label \"Measuring the library load time\" (line 1)"));
	/* what every line begins with goes */
	assert_string_equal(variants_of(f, "#### wrk2 ####\n\nOutput of wrk with ArrayBlockingQueue, 128\n\n```sh\n" HF("./sb", "5.0")
					   "```\n\nOutput of wrk with LinkedBlockingQueue, 256\n\n```sh\n" HF("./sb", "4.0") "```\n"),
			    "ArrayBlockingQueue, 128|LinkedBlockingQueue, 256");
	/* repetitions of one build */
	assert_string_equal(variants_of(f, "### PGO\n\nThe first try gave this\n\n" HF("./sc", "5.0")
					   "\nand the second run this\n\n" HF("./sc", "4.0")),
			    "PGO|PGO");
	assert_string_equal(variants_of(f, "### v1 : baseline\niteration1:\n" HF("./sd", "5.0") "iteration2:\n" HF("./sd", "4.0")),
			    "v1 : baseline|v1 : baseline");
	/* with no label above them, and the same line again naming the same build */
	assert_string_equal(variants_of(f, "Setup 1\n\nhyperfine bidirectional with DSPACE set to L1 CACHE Size:\n" HF("./sf", "5.0")
					   "\nhyperfine bidirectional with DSPACE set to 16 Bytes\n" HF("./sf", "4.0")
					   "\nSetup 2\n\nhyperfine bidirectional with DSPACE set to L1 CACHE Size:\n" HF("./sf", "3.0")
					   "\nhyperfine bidirectional with DSPACE set to 16 Bytes\n" HF("./sf", "2.0")),
			    "L1 CACHE Size|16 Bytes|L1 CACHE Size|16 Bytes");
	/* but a tool's own section line, or a short one, is no such line */
	assert_string_equal(variants_of(f, "NETWORK\n" HF("./sg", "5.0") "\nTOTAL RESULTS\n" HF("./sg", "4.0")), "t|t");
	/* one output without a line of its own: the heading names both */
	assert_string_equal(variants_of(f, "### LTO\n\n" HF("./se", "5.0") "\nThe same numbers on the laptop\n\n" HF("./se", "4.0")),
			    "LTO|LTO");
}

/*
 * A date an update's word heads ("Update 29-Jul-2020:") is a part of the
 * text and names no build; a date alone may (test_emphasis).
 */
static void test_date_lines(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "Update 29-Jul-2020:\n\n" HF("./da", "5.0")), "t");
	assert_string_equal(variants_of(f, "EDIT (2021-03-04):\n\n" HF("./db", "5.0")), "t");
	assert_string_equal(variants_of(f, "**Updated on July 29, 2020**\n\n" HF("./dc", "5.0")), "t");
	/* and it ends the reach of the label above it */
	assert_string_equal(variants_of(f, "With LTO:\n\n" HF("./dd", "5.0") "\nUpdate 30 Jul 2020:\n\n" HF("./dd", "4.0")),
			    "With LTO|t");
	/* a version is no date: it still names the build */
	assert_string_equal(variants_of(f, "gcc 10.2.0-3:\n\n" HF("./de", "5.0")), "gcc 10.2.0-3");
}

/*
 * Numbered items inside a fence over the outputs that follow each ("1.
 * Debian's GCC 10 + ld.bfd", "2. Selfmade llvm-toolchain 11"): each item
 * names its outputs, however long, the second the first's sibling; a
 * numbered sentence names nothing.
 */
static void test_numbered_items_in_fence(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "Built with each toolchain:\n```\n"
					   "1. Debian's GCC version 10.2.0-3 + binutils/ld.bfd version 2.35-1\n\n[ build-time ]\n" HF("./fa", "5.0")
					   "\n2. Selfmade llvm-toolchain version 11.0.0-rc1 (LLVM=1)\n\n[ build-time ]\n" HF("./fa", "4.0") "```\n"),
			    "Debian's GCC version 10.2.0-3 + binutils/ld.bfd version 2.35-1|"
			    "Selfmade llvm-toolchain version 11.0.0-rc1 (LLVM=1)");
	assert_string_equal(variants_of(f, "```\n1. Run it twice and keep the best.\n\n" HF("./fb", "5.0") "```\n"), "t");
}

/*
 * "$ time CMD", the program's own lines, then zsh's time report, under a
 * label naming the benchmark file every command runs: each report is its
 * command's, and the commands, less that file and the words all of them
 * share, name the runs; the label is their scenario.
 */
static void test_time_commands_under_file_label(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Take the first benchmark, `bench/fib.rb`:\n```\n"
			   "$ ./compiler bench/fib.rb && time ./fib\n"
			   "bench/fib.rb -> fib\n"
			   "42\n"
			   "0.02s user 0.00s system 97% cpu 0.021 total\n"
			   "\n"
			   "$ time ruby bench/fib.rb\n"
			   "42\n"
			   "0.82s user 0.01s system 99% cpu 0.836 total\n"
			   "\n"
			   "$ time ruby --yjit bench/fib.rb\n"
			   "42\n"
			   "0.46s user 0.01s system 99% cpu 0.469 total\n"
			   "```\n";

	assert_string_equal(variants_of(f, text), "./compiler|ruby|ruby --yjit");
	assert_string_equal(f->m.rs.runs[f->m.rs.nruns - 1].scenario, "Take the first benchmark, bench/fib.rb");
	assert_string_equal(f->m.rs.runs[f->m.rs.nruns - 2].command, "time ruby bench/fib.rb");
}

/*
 * A commit's hash alone on a line above an output names the build of that
 * commit, also right under a heading (a new paragraph there).
 */
static void test_commit_hash_labels(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "### Comparison\n5e049e1e3185991fd1aa\n```\n" HF("./ha", "5.0") "```\n"
					   "\n3f07b7e\n```\n" HF("./ha", "4.0") "```\n"),
			    "5e049e1e3185991fd1aa|3f07b7e");
	/* a number, or a word of hex letters alone, is no hash */
	assert_string_equal(variants_of(f, "\n1234567\n```\n" HF("./hb", "5.0") "```\n"), "t");
}

/*
 * Two listings under two builds' labels, some names in both (vmlinux),
 * others each build's own (its package): every row is its listing's
 * build, its file the scenario.
 */
static void test_listings_share_some_names(void **state)
{
	struct model_fixture *f = *state;

	assert_string_equal(variants_of(f, "```\n1. GCC 10\n\n12M\tvmlinux\n3M\tpkg-gcc10.deb\n\n"
					   "2. LLVM 11\n\n11M\tvmlinux\n4M\tpkg-llvm11.deb\n```\n"),
			    "GCC 10|GCC 10|LLVM 11|LLVM 11");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_emphasis),	       T(test_label_directly_above), T(test_headings),
		T(test_quotes_and_sentences), T(test_comments_in_fences),   T(test_never_a_name),
		T(test_script_banners),       T(test_ci_prefixes),	     T(test_terminal_residue),
		T(test_rules_and_changes),    T(test_sub_heading_is_scenario), T(test_lone_binary_build),
		T(test_iperf3_old_udp),       T(test_fragments),		     T(test_from_to_and_title),
		T(test_size_list),	      T(test_code_comments), T(test_prompt_comments), T(test_cut_inside_fence), T(test_numbered_listing), T(test_second_table_same_header), T(test_commented_output), T(test_dash_comments), T(test_tool_note), T(test_test_headings),
		T(test_titles_arrows_summaries), T(test_container_prefixes), T(test_fence_caption),
		T(test_bullet_and_paren_captions), T(test_intro_line_and_root_prompt),
		T(test_fence_config_comments), T(test_label_over_prompt), T(test_sibling_captions),
		T(test_date_lines), T(test_numbered_items_in_fence), T(test_time_commands_under_file_label),
		T(test_commit_hash_labels), T(test_listings_share_some_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
