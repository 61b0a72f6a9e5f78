/*
 * test_metrics.c - the METRICS table: lookups by quantity, families,
 * directions, and every measurement of every sample checked against its
 * row (a quantity the table does not name, or a unit it does not expect,
 * fails here before it reaches a view).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <glob.h>
#include <stdio.h>

#include "fixture.h"
#include "parsers/metrics.h"
#include "parsers/names.h"

static void test_families(void **state)
{
	static const struct {
		const char *quantity;
		enum metric_family family;
	} cases[] = {
		{ "user_time", MF_CPU },
		{ "system_time", MF_CPU },
		{ "task_clock", MF_CPU },
		{ "cpu_percent", MF_CPU },
		{ "cpus_utilized", MF_CPU },
		{ "cpu.local", MF_CPU },
		{ "cpu.remote", MF_CPU },
		{ "instructions", MF_CPU },
		{ "max_rss", MF_MEMORY },
		{ "text", MF_SIZE },
		{ "dec", MF_SIZE },
		{ "section.text", MF_SIZE },
		{ "section.note.gnu.build-id", MF_SIZE },
		{ "total", MF_SIZE },
		{ "time", MF_TIME },
		{ "wall_time", MF_TIME },
		{ "time_per_op", MF_TIME },
		{ "write.time_per_op", MF_TIME },
		{ "read.time", MF_TIME },
		{ "sender.bitrate", MF_THROUGHPUT },
		{ "reverse.receiver.bitrate", MF_THROUGHPUT },
		{ "receiver.transfer", MF_THROUGHPUT },
		{ "qps", MF_THROUGHPUT },
		{ "write.ops_per_sec", MF_THROUGHPUT },
		{ "throughput", MF_THROUGHPUT },
		{ "latency.p99", MF_LATENCY },
		{ "latency.p99.9", MF_LATENCY },
		{ "latency.avg", MF_LATENCY },
		{ "receiver.jitter", MF_LATENCY },
		{ "runs", MF_COUNT },
		{ "code.200", MF_COUNT },
		{ "sender.retransmits", MF_COUNT },
		{ "hits/op", MF_NONE },          /* a Go custom metric */
		{ "L1_dcache_loads", MF_NONE },  /* an event perf has no alias for */
		{ "", MF_NONE },
	};

	(void)state;
	for (size_t i = 0; i < countof(cases); i++) {
		if (metric_family(cases[i].quantity) != cases[i].family)
			fail_msg("%s: family %s, want %s", cases[i].quantity,
				 metric_family_name(metric_family(cases[i].quantity)),
				 metric_family_name(cases[i].family));
	}
	assert_int_equal(metric_family(NULL), MF_NONE);
}

static void test_directions(void **state)
{
	(void)state;
	assert_int_equal(metric_direction("time", STAT_MEAN), DIR_LOWER);
	assert_int_equal(metric_direction("time", STAT_MIN), DIR_LOWER);
	assert_int_equal(metric_direction("time", STAT_SD), DIR_NONE);
	assert_int_equal(metric_direction("time_per_op", STAT_RANGE), DIR_NONE);
	assert_int_equal(metric_direction("task_clock", STAT_REL_SD), DIR_NONE);
	assert_int_equal(metric_direction("time_per_op", STAT_REL_DEV), DIR_NONE);
	assert_int_equal(metric_direction("time_per_op", STAT_REL_CI), DIR_NONE);
	assert_int_equal(metric_direction("throughput", STAT_LOWER), DIR_HIGHER);
	assert_int_equal(metric_direction("sender.bitrate", STAT_VALUE), DIR_HIGHER);
	assert_int_equal(metric_direction("runs", STAT_VALUE), DIR_NONE);
	assert_int_equal(metric_direction("hits/op", STAT_VALUE), DIR_NONE);
	/* CPUs busy, as a count of CPUs, and neither better nor worse */
	assert_int_equal(metric_direction("cpus_utilized", STAT_VALUE), DIR_NONE);
	assert_int_equal(metric_lookup("cpus_utilized")->unit, UNIT_CPUS);
	assert_int_equal(metric_lookup("section.text")->id, METRIC_SECTION);
	assert_ptr_equal(metric_def(METRIC_TIME), metric_lookup("time"));
	assert_null(metric_def(METRIC_UNKNOWN));
	assert_null(metric_def(METRIC__COUNT));
}

static void test_patterns(void **state)
{
	(void)state;
	assert_true(metric_pattern_match("*.bitrate", "sender.bitrate"));
	assert_true(metric_pattern_match("*.bitrate", "reverse.receiver.bitrate"));
	assert_false(metric_pattern_match("*.bitrate", "bitrate"));
	assert_false(metric_pattern_match("*.bitrate", "sender.bitrates"));
	assert_true(metric_pattern_match("latency.p*", "latency.p"));
	assert_true(metric_pattern_match("time", "time"));
	assert_false(metric_pattern_match("time", "times"));
	/* every row finds itself first: no earlier row hides a later one */
	for (int id = METRIC_UNKNOWN + 1; id < METRIC__COUNT; id++) {
		const struct metric_def *d = metric_def((enum metric_id)id);

		if (!strchr(d->quantity, '*') && metric_lookup(d->quantity) != d)
			fail_msg("row %s is hidden by row %s", d->quantity,
				 metric_lookup(d->quantity)->quantity);
	}
}

/* A perf event counted with modifiers ("cycles:u" is stored as cycles_u) is its event's row. */
static void test_perf_modifiers(void **state)
{
	(void)state;
	assert_ptr_equal(metric_lookup("cycles_u"), metric_def(METRIC_CYCLES));
	assert_ptr_equal(metric_lookup("instructions_ukh"), metric_def(METRIC_INSTRUCTIONS));
	assert_ptr_equal(metric_lookup("branch_misses_k"), metric_def(METRIC_BRANCH_MISSES));
	assert_int_equal(metric_lookup("cycles_u")->dir, DIR_LOWER);
	assert_int_equal(metric_family("instructions_u"), MF_CPU);
	/* not perf's letters, or not a CPU counter: no row */
	assert_null(metric_lookup("cycles_x"));
	assert_null(metric_lookup("cycles_"));
	assert_null(metric_lookup("wall_time_u"));
	/* a row of its own is still that row (stalled_cycles_frontend is not stalled_cycles) */
	assert_ptr_equal(metric_lookup("stalled_cycles_frontend"), metric_def(METRIC_STALLED_FRONTEND));
}

/* Quantities with no row, as the formats that print them allow. */
static int unnamed_ok(const struct model *m, const struct measurement *me)
{
	const struct run *r = &m->rs.runs[me->run];

	/*
	 * Go's custom metrics (b.ReportMetric) are named by their unit, and so
	 * are benchstat's of them; Google Benchmark's user counters and JMH's
	 * profilers' rows by their own names; k6's custom metrics by the script
	 */
	if (r->fmt == FMT_BENCHSTAT || r->fmt == FMT_BENCHSTAT_V1)
		return me->dir == DIR_NONE; /* (v1 scales a custom "-ns/op" or "-bytes" one to s or B) */
	return ((r->fmt == FMT_GOTEST || r->fmt == FMT_GBENCH || r->fmt == FMT_GBENCH_JSON || r->fmt == FMT_JMH) &&
		me->unit == UNIT_NONE && me->dir == DIR_NONE) ||
	       (r->fmt == FMT_K6 && me->dir == DIR_NONE) ||
	       /* a hand table's header words that no row knows ("Binary Size after upx"): shown, not judged */
	       (r->fmt == FMT_TABLE && me->dir == DIR_NONE);
}

/* Every measurement of every sample: a row names it and its unit is the row's. */
static void test_samples(void **state)
{
	static const char *const globs[] = { "../../samples/*/*.txt", "../../samples/*/*.md",
					     "../../samples/*/*.json", "../../samples/*/*.csv",
					     "../../samples/issues/*" };
	size_t files = 0, checked = 0;

	(void)state;
	for (size_t g = 0; g < countof(globs); g++) {
		glob_t gl;

		if (glob(globs[g], 0, NULL, &gl))
			continue;
		for (size_t i = 0; i < gl.gl_pathc; i++) {
			struct model m;
			struct diag d = DIAG_INIT;

			model_init(&m);
			import_sample(&m, gl.gl_pathv[i] + 6, &d);
			for (size_t k = 0; k < m.rs.nmeas; k++) {
				const struct measurement *me = &m.rs.meas[k];
				const struct metric_def *row = metric_lookup(me->quantity);
				int spread = me->stat == STAT_REL_SD || me->stat == STAT_REL_DEV ||
					     me->stat == STAT_REL_CI;

				checked++;
				if (!row) {
					if (!unnamed_ok(&m, me))
						fail_msg("%s: quantity \"%s\" has no METRICS row",
							 gl.gl_pathv[i], me->quantity);
					continue;
				}
				if (row->unit != UNIT_ANY && !spread && me->unit != row->unit)
					fail_msg("%s: %s in \"%s\", its row says \"%s\"", gl.gl_pathv[i],
						 me->quantity, unit_name(me->unit), unit_name(row->unit));
				if (me->dir != metric_direction(me->quantity, me->stat))
					fail_msg("%s: %s stored with another direction", gl.gl_pathv[i],
						 me->quantity);
			}
			model_release(&m);
			diag_release(&d);
			files++;
		}
		globfree(&gl);
	}
	assert_true(files > 50);
	assert_true(checked > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_families),
		cmocka_unit_test(test_directions),
		cmocka_unit_test(test_patterns),
		cmocka_unit_test(test_perf_modifiers),
		cmocka_unit_test(test_samples),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
