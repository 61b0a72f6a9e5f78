/*
 * test_time.c - GNU time (default, -v, -p) and the shell's time keyword,
 * through the segmenter: exact values on hand-written outputs of every
 * shape (hours, "?%", a decimal comma, failures), damage and cut-off
 * outputs, labels, and the structure of the real samples (GNU time 1.9,
 * bash 5.2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"
#include "parsers/clock.h"

static void test_default_format(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"0.07user 0.01system 0:00.08elapsed 98%CPU (0avgtext+0avgdata 21472maxresident)k\n"
		"16inputs+8outputs (1major+4843minor)pagefaults 0swaps\n";

	import_string(&f->m, "t.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_TIME);
	assert_value(&f->m, 0, "user_time", 0.07);
	assert_value(&f->m, 0, "system_time", 0.01);
	assert_value(&f->m, 0, "wall_time", 0.08);
	assert_value(&f->m, 0, "cpu_percent", 98);
	assert_value(&f->m, 0, "max_rss", 21472.0 * 1024);
	assert_value(&f->m, 0, "avg_shared_text", 0);
	assert_value(&f->m, 0, "avg_unshared_data", 0);
	assert_value(&f->m, 0, "fs_inputs", 16);
	assert_value(&f->m, 0, "fs_outputs", 8);
	assert_value(&f->m, 0, "major_faults", 1);
	assert_value(&f->m, 0, "minor_faults", 4843);
	assert_value(&f->m, 0, "swaps", 0);
	assert_int_equal(count_meas(&f->m, 0), 12);
	/* exactly the doubles nearest the printed decimals */
	assert_true(find_meas(&f->m, 0, "wall_time")->value == 0.08);
	assert_int_equal(find_meas(&f->m, 0, "user_time")->unit, UNIT_SECOND);
	assert_int_equal(find_meas(&f->m, 0, "max_rss")->unit, UNIT_BYTE);
	assert_int_equal(find_meas(&f->m, 0, "cpu_percent")->unit, UNIT_PERCENT);
	assert_int_equal(find_meas(&f->m, 0, "minor_faults")->unit, UNIT_COUNT);
	assert_int_equal(find_meas(&f->m, 0, "wall_time")->dir, DIR_LOWER);
	/* more CPUs busy is neither better nor worse (the METRICS table) */
	assert_int_equal(find_meas(&f->m, 0, "cpu_percent")->dir, DIR_NONE);
	assert_int_equal(find_meas(&f->m, 0, "max_rss")->dir, DIR_LOWER);
	assert_int_equal(find_meas(&f->m, 0, "wall_time")->n, 1);
	assert_int_equal(f->m.rs.runs[0].last_line, 2);
	assert_false(f->m.rs.runs[0].flags & (RUN_INCOMPLETE | RUN_FAILED));
	assert_int_equal(f->d.n, 0);
}

static void test_hours_and_unknown_cpu(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;

	import_sample(&f->m, "samples/time/hand-hours.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* from one hour on, %E is h:mm:ss */
	assert_value(&f->m, 0, "wall_time", 3723);
	assert_value(&f->m, 0, "cpu_percent", 0);
	assert_value(&f->m, 0, "max_rss", 1073741824.0);
	assert_true(f->m.rs.runs[0].flags & RUN_FAILED);
	assert_int_equal(notes_of(&f->m, 0, NOTE_ERROR, &b), 1);
	assert_string_equal(b.s, "Command terminated by signal 9\n");
	/* "?%": nothing elapsed, no percentage; a note says so */
	assert_null(find_meas(&f->m, 1, "cpu_percent"));
	assert_value(&f->m, 1, "wall_time", 0);
	buf_reset(&b);
	assert_int_equal(notes_of(&f->m, 1, NOTE_INFO, &b), 1);
	/* -v, with a command holding ": " */
	assert_string_equal(f->m.rs.runs[2].command, "./server_pgo --bench: 60s");
	/* one block of three outputs, two without a command: no command names them */
	assert_string_equal(f->m.rs.runs[2].variant.text, "hand-hours");
	assert_int_equal(f->m.rs.runs[2].variant.origin, VO_INPUT);
	/* its command lines up with nothing; the other outputs have no scenario: it joins them */
	assert_string_equal(f->m.rs.runs[2].scenario, "");
	assert_value(&f->m, 2, "user_time", 3722.05);
	assert_value(&f->m, 2, "wall_time", 3735);
	assert_value(&f->m, 2, "max_rss", 536870912.0);
	assert_int_equal(f->d.n, 0);
	buf_release(&b);
}

static void test_verbose(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Command exited with non-zero status 3\n"
			   "\tCommand being timed: \"./app_pgo --iterations 10\"\n"
			   "\tUser time (seconds): 41.87\n"
			   "\tSystem time (seconds): 0.30\n"
			   "\tPercent of CPU this job got: 142%\n"
			   "\tElapsed (wall clock) time (h:mm:ss or m:ss): 12:03.45\n"
			   "\tAverage shared text size (kbytes): 0\n"
			   "\tAverage unshared data size (kbytes): 0\n"
			   "\tAverage stack size (kbytes): 0\n"
			   "\tAverage total size (kbytes): 0\n"
			   "\tMaximum resident set size (kbytes): 1628\n"
			   "\tAverage resident set size (kbytes): 0\n"
			   "\tMajor (requiring I/O) page faults: 2\n"
			   "\tMinor (reclaiming a frame) page faults: 97\n"
			   "\tVoluntary context switches: 5\n"
			   "\tInvoluntary context switches: 1\n"
			   "\tSwaps: 0\n"
			   "\tFile system inputs: 264\n"
			   "\tFile system outputs: 8\n"
			   "\tSocket messages sent: 0\n"
			   "\tSocket messages received: 0\n"
			   "\tSignals delivered: 0\n"
			   "\tPage size (bytes): 4096\n"
			   "\tExit status: 3\n"
			   "That was the PGO build.\n";

	import_string(&f->m, "v.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].command, "./app_pgo --iterations 10");
	assert_string_equal(f->m.rs.runs[0].scenario, "./app_pgo --iterations 10");
	assert_value(&f->m, 0, "user_time", 41.87);
	assert_value(&f->m, 0, "system_time", 0.3);
	assert_value(&f->m, 0, "cpu_percent", 142);
	/* m:ss.cc, exactly: 723.45 is not 720 + 3.45 */
	assert_true(find_meas(&f->m, 0, "wall_time")->value == 723.45);
	assert_value(&f->m, 0, "max_rss", 1628.0 * 1024);
	assert_value(&f->m, 0, "major_faults", 2);
	assert_value(&f->m, 0, "minor_faults", 97);
	assert_value(&f->m, 0, "voluntary_switches", 5);
	assert_value(&f->m, 0, "involuntary_switches", 1);
	assert_value(&f->m, 0, "fs_inputs", 264);
	assert_value(&f->m, 0, "socket_sent", 0);
	assert_value(&f->m, 0, "signals", 0);
	assert_int_equal(find_meas(&f->m, 0, "signals")->dir, DIR_NONE);
	/* 20 figures; the page size is a fact about the machine, the exit status a failure */
	assert_int_equal(count_meas(&f->m, 0), 20);
	assert_int_equal(f->m.rs.nfacts, 1);
	assert_string_equal(f->m.rs.facts[0].key, "page_size");
	assert_string_equal(f->m.rs.facts[0].value, "4096");
	assert_true(f->m.rs.runs[0].flags & RUN_FAILED);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_int_equal(f->m.rs.runs[0].first_line, 1);
	assert_int_equal(f->m.rs.runs[0].last_line, 24);
	assert_int_equal(f->d.n, 0);
}

static void test_shell_keyword(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "**O2:**\n"
			   "\n"
			   "real\t1m2.345s\n"
			   "user\t0m0.081s\n"
			   "sys\t0m0.012s\n"
			   "\n"
			   "**LTO:**\n"
			   "real 0,11\n"
			   "user 0,07\n"
			   "sys 0,01\n"
			   "\n"
			   "LTO (de_DE):\n"
			   "> real\t0m0,112s\n"
			   "> user\t0m0,000s\n"
			   "> sys\t0m0,009s\n";

	import_string(&f->m, "shell.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_true(find_meas(&f->m, 0, "wall_time")->value == 62.345);
	assert_value(&f->m, 0, "user_time", 0.081);
	assert_value(&f->m, 0, "system_time", 0.012);
	assert_string_equal(f->m.rs.runs[0].variant.text, "O2");
	/* -p, and the locale's decimal comma */
	assert_value(&f->m, 1, "wall_time", 0.11);
	assert_value(&f->m, 1, "user_time", 0.07);
	assert_string_equal(f->m.rs.runs[1].variant.text, "LTO");
	assert_true(find_meas(&f->m, 2, "wall_time")->value == 0.112);
	assert_value(&f->m, 2, "system_time", 0.009);
	assert_string_equal(f->m.rs.runs[2].variant.text, "LTO (de_DE)");
	assert_int_equal(count_meas(&f->m, 2), 3);
	assert_int_equal(f->d.n, 0);
}

/*
 * The shell's rows with runs side by side: a run a column, named by a head
 * of one word a column right above ("MOLD:  LLD  GOLD"), else by the label
 * above the block; a row whose figures do not all read gives none.
 */
static void test_shell_columns(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "```\n"
			   "     MOLD:      LLD          GOLD\n"
			   "real 0m0,259s   0m0,457s     0m1,290s\n"
			   "user 0m0,039s   0m0,494s     0m1,090s\n"
			   "sys  0m0,012s   0m0,173s     0m0,202s\n"
			   "```\n"
			   "\n"
			   "```\n"
			   "Default linker\n"
			   "\n"
			   "real    0m22.948s  0m24.104s\n"
			   "user    0m16.643s  0m1x.525s\n"
			   "sys     0m3.070s   0m2.835s\n"
			   "```\n";

	import_string(&f->m, "cols.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_string_equal(f->m.rs.runs[0].variant.text, "MOLD");
	assert_string_equal(f->m.rs.runs[2].variant.text, "GOLD");
	assert_value(&f->m, 0, "wall_time", 0.259);
	assert_value(&f->m, 1, "user_time", 0.494);
	assert_value(&f->m, 2, "system_time", 0.202);
	assert_true(!strncmp(f->m.rs.runs[3].variant.text, "Default", 7)); /* (the label above the block) */
	assert_value(&f->m, 4, "wall_time", 24.104);
	assert_null(find_meas(&f->m, 4, "user_time"));
	assert_int_equal(count_meas(&f->m, 3), 2);
	assert_true(has_warning(&f->d, 12, "garbled time line"));
	/* the damage is the second block's first column's, never a run of the block before */
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_true(f->m.rs.runs[3].flags & RUN_INCOMPLETE);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/time/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* a garbled first line: none of its figures, the second line's kept */
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "user_time"));
	assert_null(find_meas(&f->m, 0, "system_time"));
	assert_null(find_meas(&f->m, 0, "max_rss"));
	assert_value(&f->m, 0, "minor_faults", 4843);
	assert_true(has_warning(&f->d, 1, "garbled GNU time line"));
	/* -v: "0:00.1O" and "2l880" are never numbers; the output was cut mid-way */
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 1, "wall_time"));
	assert_null(find_meas(&f->m, 1, "max_rss"));
	assert_value(&f->m, 1, "user_time", 0.09);
	assert_value(&f->m, 1, "major_faults", 0);
	assert_null(find_meas(&f->m, 1, "minor_faults"));
	assert_true(has_warning(&f->d, 8, "garbled GNU time -v line"));
	assert_true(has_warning(&f->d, 9, "garbled GNU time -v line"));
	assert_true(has_warning(&f->d, 12, "last line of a cut-off time output"));
	/* the shell's real line garbled: user and sys kept */
	assert_null(find_meas(&f->m, 2, "wall_time"));
	assert_value(&f->m, 2, "user_time", 0.081);
	assert_true(has_warning(&f->d, 14, "garbled time line"));
	assert_int_equal(f->d.n, 5);
}

/*
 * A default-format line whose shape is whole but one figure is not one
 * (99 seconds in m:ss, a size no double holds exactly): none of the line's
 * figures is kept, not the ones read before it.
 */
static void test_damage_after_figures(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"0.07user 0.00system 0:99.08elapsed 98%CPU (0avgtext+0avgdata 21880maxresident)k\n"
		"0inputs+0outputs (0major+1046minor)pagefaults 0swaps\n"
		"0.07user 0.00system 0:00.08elapsed 98%CPU (0avgtext+0avgdata 21880maxresident)k\n"
		"0inputs+0outputs (0major+1046minor)pagefaults 99999999999999999swaps\n";

	import_string(&f->m, "t.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 1, "garbled GNU time line"));
	assert_null(find_meas(&f->m, 0, "user_time"));
	assert_null(find_meas(&f->m, 0, "system_time"));
	assert_value(&f->m, 0, "minor_faults", 1046);
	assert_true(has_warning(&f->d, 4, "garbled GNU time line"));
	assert_value(&f->m, 1, "user_time", 0.07);
	assert_null(find_meas(&f->m, 1, "fs_inputs"));
	assert_null(find_meas(&f->m, 1, "minor_faults"));
}

static void test_cut_and_prose(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "user 5 minutes of my life\n"
			   "real 2 builds were faster\n"
			   "real world\n"
			   "Command being timed is what -v prints first.\n"
			   "real\t0m0.110s\n"
			   "user\t0m0.100s\n"
			   "\n"
			   "0.50user of CPU, elapsed: who knows\n"
			   "Command exited with non-zero status 1\n";

	import_string(&f->m, "cut.txt", text, &f->d);
	/* the shell's output cut after "user"; the lines that look like time are named */
	assert_int_equal(f->m.rs.nruns, 1);
	assert_value(&f->m, 0, "wall_time", 0.11);
	assert_value(&f->m, 0, "user_time", 0.1);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 6, "cut off before its sys line"));
	assert_true(has_warning(&f->d, 8, "garbled GNU time line"));
	/* a status line and nothing after it */
	assert_true(has_warning(&f->d, 9, "without a single figure"));
	assert_int_equal(f->d.n, 3);
}

static void check_clock(const char *text, double want)
{
	double v = -1;
	int rc = clock_parse(text, strlen(text), &v);

	if (want < 0) {
		if (rc != -1)
			fail_msg("'%s' read as %.17g, should be rejected", text, v);
		return;
	}
	if (rc != 0 || v != want)
		fail_msg("'%s': rc %d, %.17g, want %.17g", text, rc, v, want);
}

static void test_clock_parse(void **state)
{
	(void)state;
	check_clock("0:00.08", 0.08);
	check_clock("12:03.45", 723.45);
	check_clock("1:02:03", 3723);
	check_clock("100:00:00", 360000);
	check_clock("0m0.110s", 0.11);
	check_clock("1m2.345s", 62.345);
	check_clock("0m0,112s", 0.112);
	check_clock("75m0.000s", 4500); /* the shell's minutes never roll into hours */
	check_clock("0m5s", 5);
	check_clock("0:60.00", -1);
	check_clock("1:2:03", -1);
	check_clock("1:02:3", -1);
	check_clock("1:02:03.5", -1);
	check_clock("0:00", -1);
	check_clock("0:0.08", -1);
	check_clock("0:00.O8", -1);
	check_clock("1m2.3O5s", -1);
	check_clock("m1.0s", -1);
	check_clock("1m.5s", -1);
	check_clock("1m2.s", -1);
	check_clock("", -1);
}

static void test_real_samples(void **state)
{
	struct model_fixture *f = *state;
	char num[64];
	double v;

	import_sample(&f->m, "samples/time/default.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(count_meas(&f->m, 0), 12);
	assert_true(find_meas(&f->m, 0, "wall_time")->value > 0);
	assert_true(fmod(find_meas(&f->m, 0, "max_rss")->value, 1024) == 0);
	printed(&f->m, find_meas(&f->m, 0, "user_time"), num, sizeof(num));
	assert_int_equal(num_parse(num, strlen(num), &v), 0);
	assert_true(v == find_meas(&f->m, 0, "user_time")->value);

	import_sample(&f->m, "samples/time/verbose.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(count_meas(&f->m, 1), 20);
	assert_string_equal(f->m.rs.runs[1].command, "./benchdelta_O2 import -n workload.txt");

	import_sample(&f->m, "samples/time/failed.txt", &f->d);
	import_sample(&f->m, "samples/time/failed-verbose.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_true(f->m.rs.runs[2].flags & RUN_FAILED);
	assert_true(f->m.rs.runs[3].flags & RUN_FAILED);
	/* the program's own error line above is prose */
	assert_int_equal(f->m.rs.runs[2].first_line, 2);

	import_sample(&f->m, "samples/time/verbose-builds.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 7);
	assert_string_equal(f->m.rs.runs[4].variant.text, "benchdelta_O0");
	assert_string_equal(f->m.rs.runs[6].variant.text, "benchdelta_Os_lto");
	/* labelled runs of one command: what they share is the scenario */
	assert_string_equal(f->m.rs.runs[4].scenario, "import -n workload.txt");

	/* -v outputs one after the other, no label: the commands name them */
	import_sample(&f->m, "samples/time/verbose-commands.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 9);
	assert_string_equal(f->m.rs.runs[7].variant.text, "benchdelta_O2");
	assert_int_equal(f->m.rs.runs[7].variant.origin, VO_COMMAND);
	assert_string_equal(f->m.rs.runs[8].variant.text, "benchdelta_Os_lto");
	assert_int_equal(count_meas(&f->m, 8), 20);

	import_sample(&f->m, "samples/time/bash.txt", &f->d);
	import_sample(&f->m, "samples/time/bash-de.txt", &f->d);
	import_sample(&f->m, "samples/time/bash-p.txt", &f->d);
	import_sample(&f->m, "samples/time/posix.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 13);
	for (uint32_t r = 9; r < 13; r++) {
		assert_int_equal(count_meas(&f->m, r), 3);
		assert_true(find_meas(&f->m, r, "wall_time")->value > 0);
	}
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_default_format, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hours_and_unknown_cpu, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_verbose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_shell_keyword, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage_after_figures, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cut_and_prose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_shell_columns, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test(test_clock_parse),
		cmocka_unit_test_setup_teardown(test_real_samples, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
