/*
 * test_perf.c - perf stat's table and its -x, CSV, through the segmenter:
 * exact values on hand-written outputs with hardware counters (which this
 * VM cannot count), every locale's grouping, -r spreads, perf 4.x, damage
 * and cut tables, and the structure of the real samples (perf 6.1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"
#include "parsers/perf_counter.h"

static void test_hardware_counters(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/perf/hand-hardware.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_PERF);
	assert_string_equal(f->m.rs.runs[0].command, "./app_pgo --input big.json");
	assert_string_equal(f->m.rs.runs[0].scenario, "./app_pgo --input big.json");
	/* en_US: "1,204.31 msec" and "4,441,127,390" */
	assert_true(find_meas(&f->m, 0, "task_clock")->value == 1.20431);
	assert_value(&f->m, 0, "context_switches", 118);
	assert_value(&f->m, 0, "cpu_migrations", 3);
	assert_value(&f->m, 0, "page_faults", 12870);
	assert_value(&f->m, 0, "cycles", 4441127390.0);
	assert_value(&f->m, 0, "stalled_cycles_frontend", 1402665083.0);
	assert_value(&f->m, 0, "instructions", 6935211002.0);
	assert_value(&f->m, 0, "branches", 1289550731.0);
	assert_value(&f->m, 0, "branch_misses", 21412886);
	assert_value(&f->m, 0, "insn_per_cycle", 1.56);
	assert_value(&f->m, 0, "cpus_utilized", 0.998);
	assert_value(&f->m, 0, "wall_time", 1.206719634);
	assert_value(&f->m, 0, "user_time", 1.102345);
	assert_value(&f->m, 0, "system_time", 0.101877);
	/* GHz, /sec and % of all branches are ratios of kept figures: not kept */
	assert_int_equal(count_meas(&f->m, 0), 14);
	assert_int_equal(find_meas(&f->m, 0, "task_clock")->unit, UNIT_SECOND);
	assert_int_equal(find_meas(&f->m, 0, "cycles")->unit, UNIT_COUNT);
	assert_int_equal(find_meas(&f->m, 0, "cycles")->dir, DIR_LOWER);
	assert_int_equal(find_meas(&f->m, 0, "branch_misses")->dir, DIR_LOWER);
	assert_int_equal(find_meas(&f->m, 0, "insn_per_cycle")->dir, DIR_HIGHER);
	assert_int_equal(find_meas(&f->m, 0, "cycles")->n, 1);
	/* a multiplexed counter's share of the time is a note, not a spread */
	assert_null(find_meas(&f->m, 0, "cycles.rel_sd"));
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &notes), 4);
	assert_non_null(strstr(notes.s, "cycles counted 50.04% of the time"));
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

static void test_repeat(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;

	import_sample(&f->m, "samples/perf/hand-hardware-repeat.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	me = find_meas(&f->m, 0, "task_clock");
	assert_true(me->value == 1.31288);
	assert_int_equal(me->n, 10);
	assert_int_equal(me->stat, STAT_VALUE);
	/* "( +- x% )" beside each figure: .rel_sd, in % */
	me = find_meas(&f->m, 0, "task_clock.rel_sd");
	assert_non_null(me);
	assert_true(me->value == 0.41);
	assert_int_equal(me->unit, UNIT_PERCENT);
	assert_int_equal(me->dir, DIR_NONE);
	assert_int_equal(me->n, 10);
	assert_value(&f->m, 0, "cpu_migrations.rel_sd", 21.08);
	assert_value(&f->m, 0, "cycles", 4841260912.0);
	assert_value(&f->m, 0, "cycles.rel_sd", 0.39);
	assert_value(&f->m, 0, "branch_misses.rel_sd", 0.35);
	assert_value(&f->m, 0, "insn_per_cycle", 1.43);
	/* the footer: the mean and its spread; "+- 0.00541" is the standard error, not kept */
	assert_value(&f->m, 0, "wall_time", 1.31703);
	assert_value(&f->m, 0, "wall_time.rel_sd", 0.41);
	assert_null(find_meas(&f->m, 0, "wall_time.stddev"));
	assert_null(find_meas(&f->m, 0, "user_time"));
	assert_int_equal(count_meas(&f->m, 0), 20);
	assert_int_equal(f->d.n, 0);
}

/* ":u" events, cpu-clock with -r's spread, and perf 6.x's metric-only layout keep their two metrics. */
static void test_derived_metrics_shapes(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		" Performance counter stats for './app':\n"
		"\n"
		"           2443.80 msec task-clock:u              #    0.995 CPUs utilized\n"
		"        3970688350      cycles:u                  #    1.625 GHz\n"
		"       14853648990      instructions:u            #    3.74  insn per cycle\n"
		"\n"
		"       2.456189807 seconds time elapsed\n"
		"\n"
		" Performance counter stats for './app --fast' (10 runs):\n"
		"\n"
		"            241.31 msec cpu-clock                 #    0.999 CPUs utilized            ( +-  0.22% )\n"
		"            242.00 msec task-clock                #    0.997 CPUs utilized            ( +-  0.21% )\n"
		"\n"
		"          0.241492 +- 0.000531 seconds time elapsed  ( +-  0.22% )\n"
		"\n"
		"And on the German box:\n"
		"\n"
		" Performance counter stats for './app --slow':\n"
		"\n"
		"      167.627,97 msec task-clock:u                     #      8,0 CPUs  CPUs_utilized\n"
		"1.998.160.756.363      instructions:u                   #      2,3 instructions  insn_per_cycle  (42,86%)\n"
		"\n"
		"    20,957570558 seconds time elapsed\n";

	import_string(&f->m, "derived.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_value(&f->m, 0, "cpus_utilized", 0.995);
	assert_value(&f->m, 0, "insn_per_cycle", 3.74);
	/* the first "CPUs utilized" of a run is kept, once */
	assert_value(&f->m, 1, "cpus_utilized", 0.999);
	assert_int_equal(find_meas(&f->m, 1, "cpus_utilized")->n, 10);
	assert_value(&f->m, 2, "cpus_utilized", 8);
	assert_value(&f->m, 2, "insn_per_cycle", 2.3);
	assert_value(&f->m, 2, "instructions_u", 1998160756363.0);
	size_t cpus = 0;

	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		cpus += f->m.rs.meas[i].run == 1 && !strcmp(f->m.rs.meas[i].quantity, "cpus_utilized");
	assert_int_equal(cpus, 1);
}

static void test_perf4(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/perf/hand-perf4.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	/* "238.204720      task-clock (msec)": six decimals, the unit after the name */
	assert_true(find_meas(&f->m, 0, "task_clock")->value == 0.23820472);
	assert_value(&f->m, 0, "task_clock.rel_sd", 0.54);
	assert_value(&f->m, 0, "page_faults", 1517);
	assert_value(&f->m, 0, "cycles", 708485761);
	assert_value(&f->m, 0, "insn_per_cycle", 0.39); /* "insns per cycle" */
	assert_value(&f->m, 0, "cpus_utilized", 1.013);
	assert_value(&f->m, 0, "wall_time", 0.235069234);
	assert_value(&f->m, 0, "wall_time.rel_sd", 0.54);
	assert_int_equal(find_meas(&f->m, 0, "wall_time")->n, 5);
	assert_int_equal(f->d.n, 0);
}

static void test_locales(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		" Performance counter stats for 'sh -c true':\n"
		"\n"
		"             73,07 msec task-clock                       #    0,953 CPUs utilized\n"
		"             2.031      page-faults                      #   27,797 K/sec\n"
		"        1.234.567      cycles\n"
		"\n"
		"       0,076698659 seconds time elapsed\n"
		"\n"
		" Performance counter stats for 'sh -c true':\n"
		"\n"
		"             2\xe2\x80\xaf" "026      page-faults                      #   25,436 K/sec\n"
		"          1\xe2\x80\xaf" "279,65 msec task-clock                       #    0,915 CPUs utilized\n"
		"\n"
		"       1,287018446 seconds time elapsed\n"
		"\n"
		" Performance counter stats for 'sh -c true':\n"
		"\n"
		"             2\xe2\x80\x99" "025      page-faults                      #   25.523 K/sec\n"
		"          88\xe2\x80\x99" "491\xe2\x80\x99" "042 ns   duration_time                    #    1.030 G/sec\n"
		"\n"
		"       0.082030654 seconds time elapsed\n";

	import_string(&f->m, "locales.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* de_DE */
	assert_true(find_meas(&f->m, 0, "task_clock")->value == 0.07307);
	assert_value(&f->m, 0, "page_faults", 2031);
	assert_value(&f->m, 0, "cycles", 1234567);
	assert_value(&f->m, 0, "cpus_utilized", 0.953);
	assert_value(&f->m, 0, "wall_time", 0.076698659);
	/* fr_FR: U+202F groups digits */
	assert_value(&f->m, 1, "page_faults", 2026);
	assert_true(find_meas(&f->m, 1, "task_clock")->value == 1.27965);
	assert_value(&f->m, 1, "wall_time", 1.287018446);
	/* de_CH: U+2019; a value in ns with three digits after the last mark is grouped */
	assert_value(&f->m, 2, "page_faults", 2025);
	assert_true(find_meas(&f->m, 2, "duration_time")->value == 0.088491042);
	assert_int_equal(f->d.n, 0);
}

static void test_perf_number(void **state)
{
	char out[64];

	(void)state;
	assert_int_equal(perf_number("96.00", 5, PERF_CLOCK, out, sizeof(out)), 5);
	assert_string_equal(out, "96.00");
	assert_true(perf_number("4,855", 5, PERF_COUNT, out, sizeof(out)) > 0);
	assert_string_equal(out, "4855");
	assert_true(perf_number("86,47", 5, PERF_CLOCK, out, sizeof(out)) > 0);
	assert_string_equal(out, "86.47");
	assert_true(perf_number("88,491,042", 10, PERF_CLOCK, out, sizeof(out)) > 0);
	assert_string_equal(out, "88491042");
	assert_true(perf_number("238.204720", 10, PERF_CLOCK, out, sizeof(out)) > 0);
	assert_string_equal(out, "238.204720");
	assert_true(perf_number("0,914", 5, PERF_DECIMAL, out, sizeof(out)) > 0);
	assert_string_equal(out, "0.914");
	/* a count never has decimals; a garbled digit is never a number */
	assert_int_equal(perf_number("20,27", 5, PERF_COUNT, out, sizeof(out)), -1);
	assert_int_equal(perf_number("1,2O3", 5, PERF_COUNT, out, sizeof(out)), -1);
	assert_int_equal(perf_number("98.7O", 5, PERF_CLOCK, out, sizeof(out)), -1);
}

static void test_csv(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/perf/hand-csv-hardware.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_PERF_CSV);
	assert_true(find_meas(&f->m, 0, "task_clock")->value == 1.20431);
	assert_value(&f->m, 0, "cpus_utilized", 0.998);
	assert_value(&f->m, 0, "cycles", 4441127390.0);
	assert_value(&f->m, 0, "instructions", 6935211002.0);
	assert_value(&f->m, 0, "insn_per_cycle", 1.56);
	assert_value(&f->m, 0, "branch_misses", 21412886);
	assert_value(&f->m, 0, "page_faults", 12870);
	/* the metric line ",,,,,0.20,stalled cycles per insn" adds nothing */
	assert_int_equal(count_meas(&f->m, 0), 11);
	assert_int_equal(find_meas(&f->m, 0, "cycles")->n, 1);
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &notes), 5);
	assert_non_null(strstr(notes.s, "branch-misses counted 49.96% of the time"));
	assert_int_equal(f->m.rs.runs[0].last_line, 10);
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

static void test_csv_runs_and_repeat(void **state)
{
	struct model_fixture *f = *state;
	/* two invocations pasted one after the other: the same events again start a run */
	const char *text = "3.52,msec,task-clock,3519289,100.00,0.055,CPUs utilized\n"
			   "75,,page-faults,3519289,100.00,21.311,K/sec\n"
			   "3.89,msec,task-clock,3.30%,3886099,100.00,0.069,CPUs utilized\n"
			   "76,,page-faults,0.88%,3886099,100.00,20.878,K/sec\n";

	import_string(&f->m, "csv.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(find_meas(&f->m, 0, "task_clock")->value == 0.00352);
	assert_value(&f->m, 0, "page_faults", 75);
	assert_int_equal(f->m.rs.runs[0].last_line, 2);
	assert_int_equal(f->m.rs.runs[1].first_line, 3);
	assert_value(&f->m, 1, "task_clock.rel_sd", 3.3);
	assert_value(&f->m, 1, "page_faults.rel_sd", 0.88);
	/* -x, does not print how many runs: n is unknown */
	assert_int_equal(find_meas(&f->m, 1, "page_faults")->n, 0);
	assert_int_equal(f->d.n, 0);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/perf/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	/* "98.7O", "20,27" as a count, "1,2O3,456,789", "0.10O612345": none is a number */
	assert_null(find_meas(&f->m, 0, "task_clock"));
	assert_null(find_meas(&f->m, 0, "cpus_utilized"));
	assert_null(find_meas(&f->m, 0, "page_faults"));
	assert_null(find_meas(&f->m, 0, "cycles"));
	assert_null(find_meas(&f->m, 0, "wall_time"));
	assert_value(&f->m, 0, "context_switches", 21);
	assert_value(&f->m, 0, "user_time", 0.091);
	assert_true(has_warning(&f->d, 4, "garbled perf stat line"));
	assert_true(has_warning(&f->d, 6, "garbled perf stat line"));
	assert_true(has_warning(&f->d, 7, "garbled perf stat line"));
	assert_true(has_warning(&f->d, 10, "garbled perf stat elapsed line"));
	/* the second table is cut in the middle of an event's name */
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_value(&f->m, 1, "task_clock", 0.09102);
	assert_null(find_meas(&f->m, 1, "context_switches"));
	assert_true(has_warning(&f->d, 19, "garbled perf stat line"));
	assert_true(has_warning(&f->d, 20, "last line of a cut-off perf stat output"));
	assert_int_equal(count_meas(&f->m, 1), 3);
	assert_int_equal(f->d.n, 6);
}

static void test_csv_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/perf/hand-csv-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "page_faults"));     /* "48I1" */
	assert_null(find_meas(&f->m, 0, "cpu_migrations"));  /* "20.5" is no count */
	assert_value(&f->m, 0, "context_switches", 1);
	assert_true(has_warning(&f->d, 2, "garbled perf stat -x line"));
	assert_true(has_warning(&f->d, 4, "garbled perf stat -x line"));
	/* a decimal comma split the fields (de_DE): not read as 3 ms */
	assert_true(has_warning(&f->d, 5, "garbled perf stat -x line"));
	/* a line cut mid-way: too few fields */
	assert_true(has_warning(&f->d, 6, "garbled perf stat -x line"));
	assert_int_equal(f->d.n, 4);
}

static void test_unkept_fields_garbled(void **state)
{
	struct model_fixture *f = *state;
	const char *text = " Performance counter stats for './a':\n"
			   "\n"
			   "               138      context-switches                 #    1.3O8 K/sec\n"
			   "              2012      page-faults                      #   19.360 K/sec\n"
			   "\n"
			   "       0.109438031 seconds time elapsed\n"
			   "\n"
			   "Same with -x,:\n"
			   "2,,context-switches,3519289,100.00,568.2O7,/sec\n"
			   "75,,page-faults,35192B9,100.00,21.311,K/sec\n"
			   "1,,cpu-migrations,3519289,100.00,284.148,/sec\n";

	import_string(&f->m, "unkept.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	/* a figure that is not kept (/sec, the run time) garbled: the line is not trusted */
	assert_null(find_meas(&f->m, 0, "context_switches"));
	assert_value(&f->m, 0, "page_faults", 2012);
	assert_true(has_warning(&f->d, 3, "garbled perf stat line"));
	assert_null(find_meas(&f->m, 1, "context_switches"));
	assert_null(find_meas(&f->m, 1, "page_faults"));
	assert_value(&f->m, 1, "cpu_migrations", 1);
	assert_true(has_warning(&f->d, 9, "garbled perf stat -x line"));
	assert_true(has_warning(&f->d, 10, "garbled perf stat -x line"));
	assert_int_equal(f->d.n, 3);
}

static void test_prose_around(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "The Performance counter stats for this run are below.\n"
			   "\n"
			   " Performance counter stats for 'true':\n"
			   "\n"
			   "              0.45 msec task-clock                       #    0.344 CPUs utilized\n"
			   "\n"
			   "       0.001306598 seconds time elapsed\n"
			   "\n"
			   "       0.000000000 seconds user\n"
			   "       0.001386000 seconds sys\n"
			   "\n"
			   "2 things stand out (see below).\n"
			   "3,4 and 5 are not perf -x lines either, nor is 1,,x,2.\n";

	import_string(&f->m, "prose.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].command, "true");
	assert_int_equal(f->m.rs.runs[0].last_line, 10);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_int_equal(f->d.n, 0);
}

static void test_targets(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;
	const char *text = " Performance counter stats for 'system wide':\n"
			   "\n"
			   "          8,012.44 msec cpu-clock                        #    8.000 CPUs utilized\n"
			   "     <not counted> msec task-clock\n"
			   "\n"
			   "       1.001570382 seconds time elapsed\n"
			   "\n"
			   " Performance counter stats for process id '4242':\n"
			   "\n"
			   "                12      context-switches\n"
			   "\n"
			   "       2.000314151 seconds time elapsed\n";

	import_string(&f->m, "targets.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	/* a target that is not a command: no command, a note says what was counted */
	assert_string_equal(f->m.rs.runs[0].command, "");
	assert_true(find_meas(&f->m, 0, "cpu_clock")->value == 8.01244);
	/* task-clock not counted (-a): cpu-clock's "CPUs utilized" is the run's */
	assert_value(&f->m, 0, "cpus_utilized", 8);
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &notes), 2);
	assert_non_null(strstr(notes.s, "counted 'system wide'"));
	assert_non_null(strstr(notes.s, "task-clock <not counted>"));
	assert_string_equal(f->m.rs.runs[1].command, "");
	assert_value(&f->m, 1, "context_switches", 12);
	assert_value(&f->m, 1, "wall_time", 2.000314151);
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

static size_t count_samples(const struct model *m, uint32_t run, const char *quantity)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rs.nsamples; i++)
		n += m->rs.samples[i].run == run && !strcmp(m->rs.samples[i].quantity, quantity);
	return n;
}

static void test_real_samples(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;
	char num[64], plain[64];
	double v;

	import_sample(&f->m, "samples/perf/default.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].command, "./benchdelta_O2 import -n workload.txt");
	assert_int_equal(count_meas(&f->m, 0), 8);
	assert_non_null(find_meas(&f->m, 0, "task_clock"));
	assert_non_null(find_meas(&f->m, 0, "page_faults"));
	assert_non_null(find_meas(&f->m, 0, "context_switches"));
	assert_non_null(find_meas(&f->m, 0, "system_time"));
	/* the VM counts no hardware events: noted, not damage */
	assert_null(find_meas(&f->m, 0, "cycles"));
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &notes), 4);
	assert_non_null(strstr(notes.s, "cycles <not supported>"));
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	/* the span is the printed number */
	printed(&f->m, find_meas(&f->m, 0, "task_clock"), num, sizeof(num));
	assert_true(perf_number(num, strlen(num), PERF_CLOCK, plain, sizeof(plain)) > 0);
	assert_int_equal(unit_value(plain, strlen(plain), "msec", 4, &(enum unit){ UNIT_NONE }, &v), 0);
	assert_true(v == find_meas(&f->m, 0, "task_clock")->value);

	import_sample(&f->m, "samples/perf/table.txt", &f->d);
	assert_int_equal(count_samples(&f->m, 1, "wall_time"), 4);
	assert_int_equal(find_meas(&f->m, 1, "wall_time")->n, 4);
	assert_non_null(find_meas(&f->m, 1, "wall_time.rel_sd"));

	import_sample(&f->m, "samples/perf/en-us.txt", &f->d);
	import_sample(&f->m, "samples/perf/de-de.txt", &f->d);
	import_sample(&f->m, "samples/perf/fr-fr.txt", &f->d);
	import_sample(&f->m, "samples/perf/de-ch.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	for (uint32_t r = 2; r < 6; r++) {
		const struct measurement *pf = find_meas(&f->m, r, "page_faults");

		/* grouped thousands ("4,855", "4.856", "4 854", "4’855") read as thousands */
		assert_true(pf->value > 1000 && pf->value == floor(pf->value));
		assert_true(find_meas(&f->m, r, "task_clock")->value < 10);
	}
	assert_int_equal(find_meas(&f->m, 2, "page_faults")->n, 3);

	import_sample(&f->m, "samples/perf/builds.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 9);
	assert_string_equal(f->m.rs.runs[6].variant.text, "benchdelta_O0");
	assert_string_equal(f->m.rs.runs[8].variant.text, "benchdelta_Os_lto");
	assert_string_equal(f->m.rs.runs[6].scenario, "import -n workload.txt");

	/* tables one after the other, no label: the commands name them */
	import_sample(&f->m, "samples/perf/commands.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 11);
	assert_string_equal(f->m.rs.runs[9].variant.text, "benchdelta_O2");
	assert_int_equal(f->m.rs.runs[9].variant.origin, VO_COMMAND);
	assert_string_equal(f->m.rs.runs[10].variant.text, "benchdelta_Os_lto");
	assert_string_equal(f->m.rs.runs[10].scenario, "import -n workload.txt");

	import_sample(&f->m, "samples/perf/csv.txt", &f->d);
	import_sample(&f->m, "samples/perf/csv-repeat.txt", &f->d);
	import_sample(&f->m, "samples/perf/csv-builds.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 15);
	assert_int_equal(f->m.rs.runs[11].fmt, FMT_PERF_CSV);
	assert_non_null(find_meas(&f->m, 12, "page_faults.rel_sd"));
	assert_string_equal(f->m.rs.runs[13].variant.text, "O2");
	assert_string_equal(f->m.rs.runs[14].variant.text, "O2_lto");
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

/*
 * The one convention of perf metric names: an alias meets its canonical
 * name, modifiers follow with '_', a tracepoint's ':' is '_'.
 */
static void test_event_names(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		" Performance counter stats for './app':\n"
		"\n"
		"                95      faults:u\n"
		"                 3      cs\n"
		"               257      syscalls:sys_enter_read\n"
		"     1,135,048,532      cpu-cycles:u\n"
		"\n"
		"       0.321032341 seconds time elapsed\n";

	import_string(&f->m, "names.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_value(&f->m, 0, "page_faults_u", 95);
	assert_value(&f->m, 0, "context_switches", 3);
	assert_value(&f->m, 0, "syscalls_sys_enter_read", 257);
	assert_value(&f->m, 0, "cycles_u", 1135048532);
}

/* A counter line a mail client wrapped: its metric's words and its spread on the next line. */
static void test_wrapped_lines(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Performance counter stats for './hackbench 50' (32 runs):\n"
		"\n"
		"                 2545.28 msec task-clock                #    6.938 CPUs \n"
		"utilized        ( +-  1.75% )\n"
		"         2259717630      instructions                 #    0.51 insn per \n"
		"cycle           ( +-  0.05% )\n"
		"          1120091414      L1-dcache-load-misses     #    1.46% of all \n"
		"L1-dcache hits    ( +-  0.08% )\n"
		"\n"
		"            0.36688 +- 0.00595 seconds time elapsed  ( +-  1.62% )\n";
	const struct measurement *me;

	import_string(&f->m, "wrapped.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_value(&f->m, 0, "task_clock", 2.54528);
	assert_value(&f->m, 0, "cpus_utilized", 6.938);
	assert_value(&f->m, 0, "insn_per_cycle", 0.51);
	me = find_meas(&f->m, 0, "task_clock");
	assert_non_null(me);
	/* the spread is kept where it is printed, on the wrapped line */
	for (size_t i = 0; i < f->m.rs.nmeas; i++) {
		const struct measurement *x = &f->m.rs.meas[i];

		if (!strcmp(x->quantity, "L1_dcache_load_misses") && x->stat == STAT_REL_SD)
			assert_memory_equal(f->m.sources[0].text + x->offset, "0.08", 4);
	}
}

/* Lines of a table pasted without its header: elapsed lines behind a label, counters under a setting. */
static void test_headerless_fragments(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "frag.txt",
		      "numa01:\n"
		      "\tmm-unstable:   146.88 +- 6.54 seconds time elapsed  ( +-  4.45% )\n"
		      "\tmm-unstable++: 147.45 +- 13.39 seconds time elapsed  ( +-  9.08% )\n"
		      "\n"
		      "echo NO_RUN_TO_PARITY > /debug/sched/features\n"
		      "\n"
		      "\t3,723,554        context-switches      ( +-  0.56% )\n"
		      "\t9.5136 +- 0.0394 seconds time elapsed  ( +-  0.41% )\n"
		      "\n"
		      "echo 1 > /proc/sys/kernel/numa_balancing\n"
		      "\n"
		      "\t2,556,535        context-switches      ( +-  0.51% )\n"
		      "\t9.2427 +- 0.0302 seconds time elapsed  ( +-  0.33% )\n"
		      "\n"
		      "It took 9.5 seconds, as the seconds time elapsed line says.\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].variant.text, "mm-unstable");
	assert_string_equal(f->m.rs.runs[1].variant.text, "mm-unstable++");
	assert_value(&f->m, 1, "wall_time", 147.45);
	assert_string_equal(f->m.rs.runs[2].variant.text, "NO_RUN_TO_PARITY");
	assert_value(&f->m, 2, "context_switches", 3723554);
	assert_value(&f->m, 2, "wall_time", 9.5136);
	assert_string_equal(f->m.rs.runs[3].variant.text, "numa_balancing=1");
	/* a fragment is what its author pasted: no cut-off warning */
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_hardware_counters, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_repeat, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_event_names, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_wrapped_lines, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_headerless_fragments, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_derived_metrics_shapes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_perf4, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_locales, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test(test_perf_number),
		cmocka_unit_test_setup_teardown(test_csv, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_csv_runs_and_repeat, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_csv_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_unkept_fields_garbled, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_prose_around, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_targets, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_samples, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
