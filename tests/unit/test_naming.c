/*
 * test_naming.c - the precedence of a run's name (store/naming.c,
 * `naming_rules`; HACKING.md): one test per row, each on a text where the
 * row beats the rows below it, and the two-size-tables case where labels
 * tell apart rows that would name themselves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "helpers.h"

#define HF(cmd, mean)                                                                              \
	"Benchmark 1: " cmd "\n"                                                                   \
	"  Time (mean \xc2\xb1 \xcf\x83):     " mean " ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n" \
	"  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"

/* the second benchmark of one hyperfine call */
#define HF2(cmd, mean)                                                                             \
	"Benchmark 2: " cmd "\n"                                                                   \
	"  Time (mean \xc2\xb1 \xcf\x83):     " mean " ms \xc2\xb1   0.1 ms    [User: 1.0 ms, System: 0.1 ms]\n" \
	"  Range (min \xe2\x80\xa6 max):    1.0 ms \xe2\x80\xa6   9.0 ms    10 runs\n"

#define SIZE_HEAD "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"

static void expect(const struct model *m, uint32_t run, const char *variant, enum vorigin origin)
{
	const struct run *r = &m->rs.runs[run];

	if (strcmp(r->variant.text, variant) || r->variant.origin != origin)
		fail_msg("run %u: variant \"%s\" (%s), want \"%s\" (%s)", (unsigned)run, r->variant.text,
			 vorigin_name(r->variant.origin), variant, vorigin_name(origin));
}

/* Row 1: the user's override beats the label (applied on load, over the pass). */
static void test_row_override(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release:\n\n" HF("./a_pgo x", "5.0");
	struct set_variant sv = { 3, "PGO" };
	struct import_input in = { "o.md", xstrdup(text), strlen(text) };
	struct import_opts o = { NULL, NULL, &sv, 1 };
	struct import_result res;

	import_texts(&f->m, &in, 1, &o, &res, &f->d);
	import_result_release(&res);
	expect(&f->m, 0, "Release", VO_LABEL);
	assert_string_equal(f->m.rs.runs[0].eff_variant.text, "PGO");
	assert_int_equal(f->m.rs.runs[0].eff_variant.origin, VO_OVERRIDE);
}

/* Row 2: a label beats a legend of the binary and the command's words. */
static void test_row_label(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "l.md",
		      "app_pgo is the PGO build.\n\nWith LTO:\n\n" HF("./app_pgo x", "5.0") "\n"
		      "Release:\n\n" HF("./app_rel x", "6.0"),
		      &f->d);
	expect(&f->m, 0, "With LTO", VO_LABEL);
	expect(&f->m, 1, "Release", VO_LABEL);
}

/* Row 3: a legend beats the words of commands and file names. */
static void test_row_legend(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "g.md",
		      "* `app_opt` is the PGO build\n* Default Release, binary called `app_z`\n\n"
		      HF("./app_z x", "5.0") "\n" HF("./app_opt x", "4.0") "\n"
		      SIZE_HEAD " 121653\t   7128\t    160\t 128941\t  1f7ad\tapp_z\n"
		      " 103396\t   7400\t    168\t 110964\t  1b174\tapp_opt\n",
		      &f->d);
	expect(&f->m, 0, "Default Release", VO_LEGEND);
	expect(&f->m, 1, "PGO", VO_LEGEND);
	expect(&f->m, 2, "Default Release", VO_LEGEND);
	expect(&f->m, 3, "PGO", VO_LEGEND);
}

/*
 * Evidence that disagrees: the label over a run says one build, a legend
 * says its binary is another; the label names it and a warning names both.
 * A legend against labels of different builds describes the program: none.
 */
static void test_conflicting_evidence(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "k.md",
		      "* `app_pgo` is the PGO build\n* `app_rel` is the Release build\n\n"
		      "Release:\n\n" HF("./app_pgo x", "5.0") "\nPGO:\n\n" HF("./app_rel x", "4.0"),
		      &f->d);
	expect(&f->m, 0, "Release", VO_LABEL);
	expect(&f->m, 1, "PGO", VO_LABEL);
	assert_true(has_warning(&f->d, 6, "the label \"Release\" (line 4) and the legend \"PGO\" (line 1)"));
	assert_true(has_warning(&f->d, 12, "the legend \"Release\" (line 2)"));
	import_string(&f->m, "l.md",
		      "# db: PGO and BOLT, two builds\n\nRelease:\n\n" HF("./db x", "5.0") "\nPGO:\n\n" HF("./db x", "4.0"),
		      &f->d);
	assert_false(has_warning(&f->d, 5, "name this run differently"));
}

/* A legend that gives only the commit a binary was built from names no build. */
static void test_legend_commit(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "c.md",
		      "ruff_old: 89a8c313a15ceb771354faff8bc346e09d3531f3\n"
		      "ruff_new: 749f0ed (after the fix)\n\n"
		      HF("./bin/ruff_old check x", "5.0") "\n" HF2("./bin/ruff_new check x", "4.0"),
		      &f->d);
	expect(&f->m, 0, "ruff_old", VO_COMMAND);
	expect(&f->m, 1, "ruff_new", VO_COMMAND);
	/* nor does a bullet that describes at length ("`fast`: keeps a map, which ...") */
	import_string(&f->m, "d.md",
		      "* `fast`: keeps a hash map, which trades memory for speed in most of the cases we ran.\n\n"
		      HF("./bin/app --model fast", "5.0") "\n" HF2("./bin/app --model slow", "4.0"),
		      &f->d);
	expect(&f->m, 2, "fast", VO_COMMAND);
	/* nor a command line: "b -- './bin/x {m} y'" is hyperfine's syntax */
	import_string(&f->m, "c2.md",
		      "$ hyperfine -L m a,b -- './bin/x {m} y'\n"
		      HF("./bin/x a y", "5.0") "\n" HF2("./bin/x b y", "4.0"),
		      &f->d);
	expect(&f->m, 4, "a", VO_COMMAND);
	expect(&f->m, 5, "b", VO_COMMAND);
}

/*
 * One label over blocks whose runs name themselves differently (a size
 * output per program under the text's title): the names win, as within
 * one block; a figure the prose states ("dwm is 33KB") is no legend.
 */
static void test_label_over_many_blocks(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "wm.md",
		      "wmtool\n======\n\nCompiled, wmtool is 36KB and dwm is 33KB.\n\n"
		      "    $ size /usr/bin/wmtool\n" SIZE_HEAD " 121653\t   7128\t    160\t 128941\t  1f7ad\t/usr/bin/wmtool\n"
		      "    $ size /usr/bin/dwm\n" SIZE_HEAD " 103396\t   7400\t    168\t 110964\t  1b174\t/usr/bin/dwm\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	expect(&f->m, 0, "wmtool", VO_FILENAME);
	expect(&f->m, 1, "dwm", VO_FILENAME);
	/* a label that names a build still names its outputs, file after file */
	import_string(&f->m, "lto.md",
		      "With LTO:\n\n"
		      "    $ size a.o\n" SIZE_HEAD " 121653\t   7128\t    160\t 128941\t  1f7ad\ta.o\n"
		      "    $ size b.o\n" SIZE_HEAD " 103396\t   7400\t    168\t 110964\t  1b174\tb.o\n",
		      &f->d);
	expect(&f->m, 2, "With LTO", VO_LABEL);
	expect(&f->m, 3, "With LTO", VO_LABEL);
}

/*
 * The same binaries under two labels that name no build ("trio.txt:",
 * "PDM:") are builds measured on two workloads: the binaries name them and
 * the labels go to the scenario. ("`new` is this one" points, names nothing.)
 */
static void test_workload_labels(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "wl.md",
		      "Timings; `new` is this one.\n\nFirst, trio.txt:\n\n" HF("./bin/old x", "5.0") "\n" HF2("./bin/new x", "4.0")
		      "\nThen PDM:\n\n" HF("./bin/old x", "7.0") "\n" HF2("./bin/new x", "6.0"),
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	expect(&f->m, 0, "old", VO_COMMAND);
	expect(&f->m, 1, "new", VO_COMMAND);
	expect(&f->m, 3, "new", VO_COMMAND);
	assert_non_null(strstr(f->m.rs.runs[0].scenario, "trio.txt"));
	assert_non_null(strstr(f->m.rs.runs[2].scenario, "PDM"));
}

/*
 * test_heading_over_workloads over size rows: a heading that names no
 * build, over files told apart only by their workload's size, names the
 * runs, and the files are their scenario; not when its block, or another
 * block under the same heading, names another program.
 */
static void test_heading_over_workloads_groups(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "hd.md",
		      "## Ryzen 7 9700x\n\n```\n" SIZE_HEAD " 100038\t   7128\t    160\t 107326\t  1a33e\ttrain\n"
		      " 90054\t   7400\t    168\t 97622\t  17d56\ttrain_large\n```\n\n"
		      "## Intel box\n\n```\n" SIZE_HEAD " 100038\t   7128\t    160\t 107326\t  1a33e\ttrain\n"
		      " 90054\t   7400\t    168\t 97622\t  17d56\tbench\n```\n\n"
		      "## M1 Max\n\n```\n" SIZE_HEAD " 100039\t   7128\t    160\t 107327\t  1a33f\ttrain\n"
		      " 90055\t   7400\t    168\t 97623\t  17d57\ttrain_large\n```\n\n"
		      "```\n" SIZE_HEAD " 100040\t   7128\t    160\t 107328\t  1a340\tapp\n```\n\n"
		      "## Box four\n\n```\n" SIZE_HEAD " 100041\t   7128\t    160\t 107329\t  1a341\ttrain\n"
		      " 90056\t   7400\t    168\t 97624\t  17d58\ttrain_fast\n```\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 9);
	expect(&f->m, 0, "Ryzen 7 9700x", VO_LABEL);
	expect(&f->m, 1, "Ryzen 7 9700x", VO_LABEL);
	assert_string_equal(f->m.rs.runs[0].scenario, "train");
	assert_string_equal(f->m.rs.runs[1].scenario, "train_large");
	/* its own block names another program */
	expect(&f->m, 2, "train", VO_FILENAME);
	expect(&f->m, 3, "bench", VO_FILENAME);
	/* another block under the same heading does */
	expect(&f->m, 4, "train", VO_FILENAME);
	expect(&f->m, 5, "train_large", VO_FILENAME);
	expect(&f->m, 6, "M1 Max", VO_LABEL);
	/* "fast" is no size: two builds of one program */
	expect(&f->m, 7, "train", VO_FILENAME);
	expect(&f->m, 8, "train_fast", VO_FILENAME);
}

/* Row 4: the words that tell commands apart beat the source's name. */
static void test_row_words(void **state)
{
	struct model_fixture *f = *state;

	/* one hyperfine block, and blocks named by the prompt line above them */
	import_string(&f->m, "w.md", HF("./rg.non-lto foo", "5.0") HF("./rg.lto foo", "4.0"), &f->d);
	expect(&f->m, 0, "rg.non-lto", VO_COMMAND);
	expect(&f->m, 1, "rg.lto", VO_COMMAND);
	import_string(&f->m, "p.log",
		      "$ build/release/app --bench\nreal\t0m1.250s\nuser\t0m1.100s\nsys\t0m0.150s\n\n"
		      "Then the LTO one.\n\n"
		      "$ build/lto/app --bench\nreal\t0m1.050s\nuser\t0m0.900s\nsys\t0m0.150s\n",
		      &f->d);
	expect(&f->m, 2, "release", VO_COMMAND);
	expect(&f->m, 3, "lto", VO_COMMAND);
	assert_string_equal(f->m.rs.runs[3].scenario, "--bench");
}

/*
 * Row 4 too, texts imported together into one experiment: their commands
 * do not line up across the texts (other programs), so each text's are
 * lined up alone, as when it is imported by itself.
 */
static void test_row_words_each_text_alone(void **state)
{
	struct model_fixture *f = *state;
	const char *a = "$ build/release/app --bench\nreal\t0m1.250s\nuser\t0m1.100s\nsys\t0m0.150s\n\n"
			"Then the LTO one.\n\n"
			"$ build/lto/app --bench\nreal\t0m1.050s\nuser\t0m0.900s\nsys\t0m0.150s\n";
	const char *b = "$ python3 bench.py --impl=fast --n 10\nreal\t0m2.250s\nuser\t0m2.100s\nsys\t0m0.150s\n\n"
			"And the other.\n\n"
			"$ python3 bench.py --impl=slow --n 10\nreal\t0m3.050s\nuser\t0m2.900s\nsys\t0m0.150s\n";
	struct import_input in[2] = { { "a.log", xstrdup(a), strlen(a) }, { "b.log", xstrdup(b), strlen(b) } };
	struct import_opts o = { "together", NULL, NULL, 0 };
	struct import_result res;

	import_texts(&f->m, in, 2, &o, &res, &f->d);
	import_result_release(&res);
	assert_int_equal(f->m.rs.nruns, 4);
	expect(&f->m, 0, "release", VO_COMMAND);
	expect(&f->m, 1, "lto", VO_COMMAND);
	assert_string_equal(f->m.rs.runs[1].scenario, "--bench");
	expect(&f->m, 2, "--impl=fast", VO_COMMAND);
	expect(&f->m, 3, "--impl=slow", VO_COMMAND);
	assert_string_equal(f->m.rs.runs[3].scenario, "python3 bench.py --n 10");
}

/* Row 4 too: variables that configure the build, set before the command, name it. */
static void test_row_words_env(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "e.log",
		      "$ time cargo test --release\nreal\t0m1.250s\nuser\t0m1.100s\nsys\t0m0.150s\n"
		      "$ time cargo test --release --no-run\nreal\t0m9.250s\nuser\t0m9.100s\nsys\t0m0.150s\n"
		      "$ RUSTFLAGS='-C target-cpu=native' time cargo test --release\n"
		      "real\t0m1.050s\nuser\t0m0.900s\nsys\t0m0.150s\n",
		      &f->d);
	expect(&f->m, 0, "e", VO_INPUT);
	expect(&f->m, 1, "e", VO_INPUT);
	expect(&f->m, 2, "-C target-cpu=native", VO_COMMAND);
	assert_string_equal(f->m.rs.runs[2].scenario, f->m.rs.runs[0].scenario);
	assert_string_equal(f->m.rs.runs[1].scenario, "time cargo test --release --no-run");
}

/* Row 4 too: a size row's file name, when no label names the block. */
static void test_row_file(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "s.txt", SIZE_HEAD " 121653\t   7128\t    160\t 128941\t  1f7ad\tapp_O2\n"
				      " 103396\t   7400\t    168\t 110964\t  1b174\tapp_Os\n", &f->d);
	expect(&f->m, 0, "app_O2", VO_FILENAME);
	expect(&f->m, 1, "app_Os", VO_FILENAME);
}

/* Row 5: nothing else names it: the source's name. */
static void test_row_input(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "logs/release.txt", HF("./app x", "5.0"), &f->d);
	expect(&f->m, 0, "release", VO_INPUT);
}

/* Two size tables of the same files: the labels above them are the variants. */
static void test_two_size_tables(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "t.md",
		      "Before:\n\n" SIZE_HEAD " 121653\t   7128\t    160\t 128941\t  1f7ad\tlibfoo.so\n"
		      "  23456\t    234\t     10\t  23700\t   5c94\tlibbar.so\n\n"
		      "After:\n\n" SIZE_HEAD " 103396\t   7400\t    168\t 110964\t  1b174\tlibfoo.so\n"
		      "  21456\t    234\t     10\t  21700\t   54c4\tlibbar.so\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	expect(&f->m, 0, "Before", VO_LABEL);
	expect(&f->m, 1, "Before", VO_LABEL);
	expect(&f->m, 2, "After", VO_LABEL);
	expect(&f->m, 3, "After", VO_LABEL);
	assert_string_equal(f->m.rs.runs[0].scenario, "libfoo.so");
	assert_string_equal(f->m.rs.runs[3].scenario, "libbar.so");
	/* one table of several files under one label: the files name the rows */
	import_string(&f->m, "u.md", "Sizes:\n\n" SIZE_HEAD " 121653\t   7128\t    160\t 128941\t  1f7ad\tapp_a\n"
				     " 103396\t   7400\t    168\t 110964\t  1b174\tapp_b\n", &f->d);
	expect(&f->m, 4, "app_a", VO_FILENAME);
}

/* Headings and fence comments: which one names the build, which one the test. */
static void test_headings_and_comments(void **state)
{
	struct model_fixture *f = *state;

	/* comments inside the fences name the tests under each heading */
	import_string(&f->m, "c.md",
		      "#### same node\n\n```\n# one stream\n" HF("./c 1", "5.0") "\n# four streams\n"
		      HF("./c 4", "4.0") "```\n\n#### other node\n\n```\n# one stream\n"
		      HF("./c 1", "6.0") "\n# four streams\n" HF("./c 4", "4.5") "```\n",
		      &f->d);
	expect(&f->m, 0, "same node", VO_LABEL);
	expect(&f->m, 1, "same node", VO_LABEL);
	expect(&f->m, 2, "other node", VO_LABEL);
	assert_string_equal(f->m.rs.runs[1].scenario, "four streams");
	/* a deeper heading under a heading that names no build is the variant */
	import_string(&f->m, "d.md", "## Profiling it\n\n### Branchless\n\n" HF("./d a", "5.0")
				     "\n### Branched\n\n" HF("./d b", "4.0"), &f->d);
	expect(&f->m, 4, "Branchless", VO_LABEL);
	expect(&f->m, 5, "Branched", VO_LABEL);
}

/* A heading over runs told apart only by their workload's size: the heading names them all. */
static void test_heading_over_workloads(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "w.md", "## Ryzen box\n\n" HF("./train x", "5.0") HF("./train_large x", "9.0")
				     "\n## Cache stats\n\n" HF("./map -i chaining", "5.0")
				     HF2("./map -i open", "4.0"), &f->d);
	expect(&f->m, 0, "Ryzen box", VO_LABEL);
	expect(&f->m, 1, "Ryzen box", VO_LABEL);
	/* two implementations are two variants, whatever the heading */
	expect(&f->m, 2, "chaining", VO_COMMAND);
	expect(&f->m, 3, "open", VO_COMMAND);
}

/* A comparison's run takes the label its command had elsewhere in the text. */
static void test_comparison_takes_label(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "s.md", "## Precalculate sizes\n\n" HF("./new run", "5.0")
				     "\nA real comparison:\n\n" HF("./old run", "7.0") HF2("./new run", "5.1"), &f->d);
	expect(&f->m, 0, "Precalculate sizes", VO_LABEL);
	expect(&f->m, 1, "old", VO_COMMAND);
	expect(&f->m, 2, "Precalculate sizes", VO_LABEL);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, model_fixture_setup, model_fixture_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_row_override), T(test_row_label), T(test_row_legend), T(test_conflicting_evidence),	 T(test_row_words),
		T(test_row_words_each_text_alone), T(test_heading_over_workloads_groups),
		T(test_row_words_env), T(test_legend_commit), T(test_label_over_many_blocks), T(test_workload_labels), T(test_row_file),     T(test_row_input), T(test_two_size_tables),
		T(test_headings_and_comments), T(test_heading_over_workloads), T(test_comparison_takes_label),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
