/*
 * test_fortio.c - the fortio text and -json readers, through the
 * segmenter: exact values on hand-written runs (fortio is not packaged
 * for Debian: every sample is hand-written from the formats spec), which
 * lines a metric comes from, the sections of a report, claims inside
 * issue text, damage, cut runs, scenarios and byte offsets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "helpers.h"

static const struct measurement *must_find(const struct model *m, uint32_t run, const char *metric)
{
	const struct measurement *me = find_meas(m, run, metric);

	if (!me)
		fail_msg("run %u has no %s", (unsigned)run, metric);
	return me;
}

/* Exact: the printed decimal read once, converted by units.c, nothing else. */
static void assert_value(const struct model *m, uint32_t run, const char *metric, double want)
{
	const struct measurement *me = must_find(m, run, metric);

	if (me->value != want)
		fail_msg("run %u %s = %.17g, want %.17g", (unsigned)run, metric, me->value, want);
}

/* The source line a measurement's number was read from, and the number itself. */
static void printed(struct model *m, const struct measurement *me, struct buf *line, struct buf *num)
{
	size_t len, a, b;
	const char *text = model_source_text(m, m->rs.runs[me->run].source, &len);

	for (a = me->offset; a > 0 && text[a - 1] != '\n'; a--)
		;
	for (b = me->offset; b < len && text[b] != '\n'; b++)
		;
	buf_reset(line);
	buf_add(line, text + a, b - a);
	buf_reset(num);
	buf_add(num, text + me->offset, me->length);
}

/* The measurement's number was read from a line starting with `prefix`. */
static void assert_from(struct model *m, uint32_t run, const char *metric, const char *prefix)
{
	const struct measurement *me = must_find(m, run, metric);
	struct buf line = BUF_INIT, num = BUF_INIT;

	assert_true(me->length > 0);
	printed(m, me, &line, &num);
	if (strncmp(line.s, prefix, strlen(prefix)))
		fail_msg("run %u %s read from \"%s\", want a line starting \"%s\"", (unsigned)run, metric,
			 line.s, prefix);
	buf_release(&line);
	buf_release(&num);
}

static size_t count_series(const struct model *m, uint32_t run, const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rs.nseries; i++)
		n += m->rs.series[i].run == run && !strcmp(m->rs.series[i].name, name);
	return n;
}

static const struct series_point *series_at(const struct model *m, uint32_t run, uint32_t index)
{
	for (size_t i = 0; i < m->rs.nseries; i++)
		if (m->rs.series[i].run == run && m->rs.series[i].index == index)
			return &m->rs.series[i];
	fail_msg("run %u has no series point %u", (unsigned)run, (unsigned)index);
	return NULL;
}

static const char http_run[] =
	"Fortio 1.60.3 running at 2000 queries per second, 2->2 procs, for 10s: http://127.0.0.1:8080/echo\n"
	"Starting at 2000 qps with 8 thread(s) [gomax 2] for 10s : 2500 calls each (total 20000)\n"
	"Ended after 10.002317603s : 20000 calls. qps=1999.5\n"
	"Sleep times : count 19992 avg 0.0036523771 +/- 0.0003412 min 0.000181163 max 0.003968544 sum 73.0183231\n"
	"Aggregated Function Time : count 20000 avg 0.00034128719 +/- 0.0001342 min 0.000121457 max 0.004102331 sum 6.82574385\n"
	"# range, mid point, percentile, count\n"
	">= 0.000121457 <= 0.001 , 0.000560729 , 99.31, 19862\n"
	"> 0.001 <= 0.002 , 0.0015 , 99.87, 112\n"
	"> 0.002 <= 0.00410233 , 0.00305117 , 100.00, 26\n"
	"# target 50% 0.000563784\n"
	"# target 75% 0.000784984\n"
	"# target 90% 0.000917707\n"
	"# target 99% 0.000997258\n"
	"# target 99.9% 0.00233333\n"
	"Error cases : no data\n"
	"Sockets used: 8 (for perfect keepalive, would be 8)\n"
	"Uniform: false, Jitter: false, Catchup allowed: true\n"
	"IP addresses distribution:\n"
	"127.0.0.1:8080: 8\n"
	"Code 200 : 20000 (100.0 %)\n"
	"All done 20000 calls (plus 8 warmup) 0.341 ms avg, 1999.7 qps\n";

static void test_exact_http(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	const struct series_point *p;

	import_string(&f->m, "http.txt", http_run, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_FORTIO);
	assert_int_equal(f->m.rs.runs[0].first_line, 1);
	assert_int_equal(f->m.rs.runs[0].last_line, 21);
	/* the achieved qps of "All done" (%.1f), not Ended's %.5g */
	assert_value(&f->m, 0, "qps", 1999.7);
	assert_from(&f->m, 0, "qps", "All done");
	/* the full-precision avg of Aggregated Function Time, not All done's 0.341 ms */
	assert_value(&f->m, 0, "latency.avg", 0.00034128719);
	assert_from(&f->m, 0, "latency.avg", "Aggregated Function Time");
	assert_int_equal(must_find(&f->m, 0, "latency.avg")->n, 20000);
	assert_value(&f->m, 0, "latency.p50", 0.000563784);
	assert_value(&f->m, 0, "latency.p75", 0.000784984);
	assert_value(&f->m, 0, "latency.p90", 0.000917707);
	assert_value(&f->m, 0, "latency.p99", 0.000997258);
	assert_value(&f->m, 0, "latency.p99.9", 0.00233333);
	assert_value(&f->m, 0, "calls", 20000);
	assert_from(&f->m, 0, "calls", "All done");
	assert_value(&f->m, 0, "code.200", 20000);
	/* "Error cases : no data": none, said in words, so nothing to point at */
	me = must_find(&f->m, 0, "errors");
	assert_true(me->value == 0 && me->length == 0);
	assert_int_equal(count_meas(&f->m, 0), 10);
	/* units and directions per DESIGN */
	me = must_find(&f->m, 0, "qps");
	assert_true(me->unit == UNIT_PER_S && me->dir == DIR_HIGHER);
	me = must_find(&f->m, 0, "latency.p99.9");
	assert_true(me->unit == UNIT_SECOND && me->dir == DIR_LOWER);
	me = must_find(&f->m, 0, "calls");
	assert_true(me->unit == UNIT_COUNT && me->dir == DIR_NONE);
	me = must_find(&f->m, 0, "errors");
	assert_true(me->unit == UNIT_COUNT && me->dir == DIR_LOWER);
	me = must_find(&f->m, 0, "code.200");
	assert_true(me->unit == UNIT_COUNT && me->dir == DIR_NONE);
	/* the histogram rows: count per bucket over its bounds, in seconds */
	assert_int_equal(count_series(&f->m, 0, "latency"), 3);
	p = series_at(&f->m, 0, 0);
	assert_true(p->x0 == 0.000121457 && p->x1 == 0.001 && p->y == 19862 && p->unit == UNIT_COUNT);
	p = series_at(&f->m, 0, 2);
	assert_true(p->x0 == 0.002 && p->x1 == 0.00410233 && p->y == 26);
	/* the scenario in fortio's flags, from the banner and the Starting line */
	assert_string_equal(f->m.rs.runs[0].scenario, "http://127.0.0.1:8080/echo -c 8 -qps 2000 -t 10s");
	assert_int_equal(f->m.rs.nfacts, 1);
	assert_string_equal(f->m.rs.facts[0].key, "fortio");
	assert_string_equal(f->m.rs.facts[0].value, "1.60.3");
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
}

/*
 * More than the parse keeps on its stack: twelve percentiles (-p), ten
 * return codes and a block of more than 64 lines (fortio's log lines
 * belong to the run) go on to the heap, every one still read.
 */
static void test_many_percentiles_codes_lines(void **state)
{
	struct model_fixture *f = *state;
	static const char *const pct[] = { "10", "20", "30", "40", "50", "60", "70", "80", "90", "99", "99.9", "99.99" };
	struct buf b = BUF_INIT;
	char name[32];

	buf_adds(&b, "Fortio 1.60.3 running at 100 queries per second, 2->2 procs, for 10s: http://127.0.0.1:8080/echo\n"
		     "Starting at 100 qps with 2 thread(s) [gomax 2] for 10s : 500 calls each (total 1000)\n");
	for (int i = 0; i < 70; i++)
		buf_addf(&b, "20:01:%02d I http_client.go:%d> log line %d of the run\n", i % 60, 100 + i, i);
	buf_adds(&b, "Ended after 10.0s : 1000 calls. qps=100\n"
		     "Aggregated Function Time : count 1000 avg 0.0005 +/- 0.0001 min 0.0001 max 0.002 sum 0.5\n"
		     "# range, mid point, percentile, count\n"
		     ">= 0.0001 <= 0.002 , 0.00105 , 100.00, 1000\n");
	for (size_t i = 0; i < countof(pct); i++)
		buf_addf(&b, "# target %s%% 0.000%zu\n", pct[i], 100 + i);
	buf_adds(&b, "Error cases : no data\n");
	for (int c = 0; c < 10; c++)
		buf_addf(&b, "Code %d : %d (10.0 %%)\n", 200 + c, 100);
	buf_adds(&b, "All done 1000 calls (plus 2 warmup) 0.500 ms avg, 100.0 qps\n");
	import_string(&f->m, "many.txt", b.s, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	for (size_t i = 0; i < countof(pct); i++) {
		snprintf(name, sizeof(name), "latency.p%s", pct[i]);
		assert_value(&f->m, 0, name, (100.0 + (double)i) / 1000000);
	}
	for (int c = 0; c < 10; c++) {
		snprintf(name, sizeof(name), "code.%d", 200 + c);
		assert_value(&f->m, 0, name, 100);
	}
	assert_int_equal(f->m.rs.runs[0].first_line, 1);
	assert_int_equal(f->m.rs.runs[0].last_line, 2 + 70 + 4 + 12 + 1 + 10 + 1);
	buf_release(&b);
}

static void test_fallbacks(void **state)
{
	struct model_fixture *f = *state;
	/* -quiet style: no histogram, no Aggregated Function Time line */
	const char *text = "Ended after 970.755702ms : 100000 calls. qps=1.0301e+05\n"
			   "tcp OK : 100000 (100.0 %)\n"
			   "All done 100000 calls (plus 0 warmup) 0.341 ms avg, 103012.5 qps\n";
	const char *cut = "Ended after 970.755702ms : 100000 calls. qps=1.0301e+05\n"
			  "Aggregated Function Time : count 100000 avg 3.8642158e-05 +/- 9.817e-06 min 2.1093e-05 max 0.000641286 sum 3.86421584\n"
			  "tcp OK : 100000 (100.0 %)\n";

	import_string(&f->m, "quiet.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	/* All done's milliseconds are the double nearest 0.000341 s, n its calls */
	assert_value(&f->m, 0, "latency.avg", 0.000341);
	assert_int_equal(must_find(&f->m, 0, "latency.avg")->n, 100000);
	assert_value(&f->m, 0, "qps", 103012.5);
	assert_value(&f->m, 0, "code.OK", 100000);
	assert_value(&f->m, 0, "errors", 0);

	/* no All done: Ended's %.5g qps and Go %g seconds, and the run is said to be cut */
	import_string(&f->m, "cut.txt", cut, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_value(&f->m, 1, "qps", 103010);
	assert_from(&f->m, 1, "qps", "Ended after");
	assert_value(&f->m, 1, "latency.avg", 3.8642158e-05);
	assert_value(&f->m, 1, "calls", 100000);
	assert_from(&f->m, 1, "calls", "Ended after");
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 3, "no \"All done\" line"));
	assert_int_equal(f->d.n, 1);
}

static void test_udp_sections(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/fortio/hand-udp.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	/* negative sleep rows ("> -0.001 <= 0") and "[...]" did not break the run */
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].scenario, "udp://127.0.0.1:7777/ -c 3000 -qps 1000000 -t 5s");
	assert_string_equal(f->m.rs.runs[0].command, "fortio load -c 3000 -qps 1000000 udp://127.0.0.1:7777/");
	assert_int_equal(f->m.rs.runs[0].first_line, 2);
	assert_int_equal(f->m.rs.runs[0].last_line, 46);
	assert_value(&f->m, 0, "qps", 62229.3);
	assert_value(&f->m, 0, "latency.avg", 0.047932166);
	/* the function time's percentiles, not the sleep's (-2.4658) or the errors' (0.500669) */
	assert_value(&f->m, 0, "latency.p50", 0.0416);
	assert_value(&f->m, 0, "latency.p99.9", 0.2729);
	assert_from(&f->m, 0, "latency.p50", "# target 50% 0.0416");
	/* "Error cases : count 37" */
	assert_value(&f->m, 0, "errors", 37);
	assert_from(&f->m, 0, "errors", "Error cases");
	assert_value(&f->m, 0, "code.OK", 312441);
	assert_int_equal(count_meas(&f->m, 0), 10);
	/* the function time's six rows only */
	assert_int_equal(count_series(&f->m, 0, "latency"), 6);
	assert_true(series_at(&f->m, 0, 5)->y == 37);
	/* error texts are notes, not metrics; so is the sleep warning */
	assert_int_equal(notes_of(&f->m, 0, NOTE_WARNING, &notes), 4);
	assert_non_null(strstr(notes.s, "read udp 127.0.0.1:38410->127.0.0.1:7777: i/o timeout: 16 calls"));
	assert_non_null(strstr(notes.s, "WARNING 99.12% of sleep were falling behind"));
	assert_non_null(strstr(notes.s, "3 warning or error log lines, the first: 10:12:45.119 r1402 [WRN]"));
	buf_release(&notes);
}

static void test_http_errors(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/fortio/hand-http-errors.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	/* -n 200 and -qps 0 */
	assert_string_equal(f->m.rs.runs[0].scenario, "http://10.0.0.5:8000/api/items -c 4 -qps max -n 200");
	assert_value(&f->m, 0, "errors", 5);
	assert_from(&f->m, 0, "errors", "Error cases : count 5");
	assert_value(&f->m, 0, "code.-1", 1);
	assert_value(&f->m, 0, "code.200", 195);
	assert_value(&f->m, 0, "code.503", 4);
	assert_from(&f->m, 0, "code.-1", "Code  -1 : 1");
	/* the Error cases histogram's rows and percentiles are not the latency's */
	assert_value(&f->m, 0, "latency.p50", 0.00108791);
	assert_value(&f->m, 0, "latency.p99", 0.004);
	assert_int_equal(count_series(&f->m, 0, "latency"), 5);
	/* the W and E log lines are counted, not kept one by one */
	assert_int_equal(notes_of(&f->m, 0, NOTE_WARNING, &notes), 1);
	assert_non_null(strstr(notes.s, "5 warning or error log lines, the first: 09:41:02 W"));
	buf_release(&notes);
}

static void test_old_shapes(void **state)
{
	struct model_fixture *f = *state;
	const struct series_point *p;

	import_sample(&f->m, "samples/fortio/hand-old.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	/* two runs in one log: the second banner begins a new one */
	assert_int_equal(f->m.rs.nruns, 2);
	/* before v0.6: a first row "< 0.001" (from the fastest call) and "< b" bounds */
	assert_int_equal(count_series(&f->m, 0, "latency"), 5);
	p = series_at(&f->m, 0, 0);
	assert_true(p->x0 == 3.9815e-05 && p->x1 == 0.001 && p->y == 1639963);
	assert_true(series_at(&f->m, 0, 4)->x0 == 0.011);
	/* no Error cases line before v1.30: the codes that are not 2xx, "Code 503 : 37" */
	assert_value(&f->m, 0, "errors", 37);
	assert_from(&f->m, 0, "errors", "Code 503 : 37");
	assert_value(&f->m, 0, "code.200", 1642718);
	/* percentiles are those asked for: no p90 here */
	assert_null(find_meas(&f->m, 0, "latency.p90"));
	assert_int_equal(count_meas(&f->m, 0), 10);
	assert_string_equal(f->m.rs.runs[0].scenario, "http://127.0.0.1:8080/ -c 12 -qps max -t 30s");
	assert_string_equal(f->m.rs.runs[1].scenario, "http://127.0.0.1:8080/ -c 4 -qps 8 -t 5s");
	assert_value(&f->m, 1, "errors", 0);
	assert_value(&f->m, 1, "qps", 8.0);
	assert_value(&f->m, 1, "latency.avg", 0.0013671852);
	assert_int_equal(count_series(&f->m, 1, "latency"), 3);
}

static void test_grpc_and_tcp(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/fortio/hand-grpc.txt", &f->d);
	assert_string_equal(f->m.rs.runs[0].scenario, "localhost:8079 -c 2 -qps 100 -t 3s");
	assert_value(&f->m, 0, "code.SERVING", 300);
	assert_value(&f->m, 0, "errors", 0);
	assert_value(&f->m, 0, "qps", 99.9);

	import_sample(&f->m, "samples/fortio/hand-tcp.txt", &f->d);
	assert_string_equal(f->m.rs.runs[1].scenario, "tcp://localhost:8078 -c 4 -qps max -n 100000");
	assert_value(&f->m, 1, "latency.avg", 3.8642158e-05);
	assert_value(&f->m, 1, "qps", 103012.5);
	assert_value(&f->m, 1, "code.OK", 100000);
	assert_int_equal(f->d.n, 0);
}

static void test_json_log_lines(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/fortio/hand-json-logs.txt", &f->d);
	/* {"ts":...} lines are neither JSON documents nor the end of the run */
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_FORTIO);
	assert_int_equal(f->m.rs.runs[0].first_line, 3);
	assert_int_equal(f->m.rs.runs[0].last_line, 38);
	/* the command above the log line above the banner is still the run's */
	assert_string_equal(f->m.rs.runs[0].scenario, "http://192.168.1.20:8080/echo -c 2 -qps max -n 400");
	assert_value(&f->m, 0, "errors", 1);
	assert_value(&f->m, 0, "code.502", 1);
	assert_value(&f->m, 0, "qps", 2698.6);
	assert_int_equal(notes_of(&f->m, 0, NOTE_WARNING, &notes), 1);
	assert_non_null(strstr(notes.s, "1 warning or error log line, the first: {\"ts\""));
	buf_release(&notes);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/fortio/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_int_equal(count_meas(&f->m, 0), 10);
	/* "# target 99% 0.00O281": skipped, never 0.00 */
	assert_true(has_warning(&f->d, 26, "garbled fortio percentile line"));
	assert_null(find_meas(&f->m, 1, "latency.p99"));
	assert_value(&f->m, 1, "latency.p99.9", 0.000581416);
	/* "167O2.3 qps": the whole All done line is skipped; Ended's qps stands */
	assert_true(has_warning(&f->d, 32, "garbled fortio All done line"));
	assert_value(&f->m, 1, "qps", 16702);
	assert_from(&f->m, 1, "qps", "Ended after");
	assert_value(&f->m, 1, "latency.avg", 0.00011903212);
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_int_equal(count_meas(&f->m, 1), 9);
	/* a row cut mid-way */
	assert_true(has_warning(&f->d, 38, "garbled fortio histogram row"));
	assert_int_equal(count_series(&f->m, 2, "latency"), 0);
	assert_true(f->m.rs.runs[2].flags & RUN_INCOMPLETE);
	assert_value(&f->m, 2, "qps", 16525.6);
	assert_int_equal(f->d.n, 3);
}

/*
 * A figure garbled where it begins: the line is still fortio's by its
 * words, reported, and the run around it stays one run (it used to end
 * the block there, and the rest became a second run without a warning).
 */
static void test_damage_first_digit(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Fortio 1.60.3 running at 0 queries per second, 2->2 procs, for 1000 calls: tcp://10.1.0.7:8078\n"
		"Aggregated Function Time : count 1000 avg 0.00012172341 +/- 3.106e-05 min 6.8291e-05 max 0.000593127 sum 0.121723413\n"
		"# range, mid point, percentile, count\n"
		">= O.8291e-05 <= 0.000593127 , 0.000330709 , 100.00, 1000\n"
		"# target 5O% 0.000330709\n"
		"# target 75% 0.000461918\n"
		"Code 2OO : 1000 (100.0 %)\n"
		"All done 1000 calls (plus 0 warmup) 0.122 ms avg, 16333.4 qps\n";

	import_string(&f->m, "first-digit.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	/* damaged lines make the run incomplete, never two runs */
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 4, "garbled fortio histogram row"));
	assert_true(has_warning(&f->d, 5, "garbled fortio percentile line"));
	assert_true(has_warning(&f->d, 7, "garbled fortio Code line"));
	assert_int_equal(count_series(&f->m, 0, "latency"), 0);
	assert_null(find_meas(&f->m, 0, "latency.p50"));
	assert_null(find_meas(&f->m, 0, "code.2OO"));
	assert_value(&f->m, 0, "latency.p75", 0.000461918);
	assert_value(&f->m, 0, "qps", 16333.4);
	assert_int_equal(f->d.n, 3);
}

static void test_cut_runs(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/fortio/hand-cut.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	/* a banner and a Starting line and nothing else: no run */
	assert_true(has_warning(&f->d, 24, "fortio run has no results"));
	/* the run the text ends in: its last line may be cut ("0.0009" of 0.000929623) */
	assert_true(has_warning(&f->d, 38, "possibly cut fortio line skipped"));
	assert_true(has_warning(&f->d, 38, "no \"All done\" line"));
	assert_int_equal(f->d.n, 3);
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 1, "latency.p90"));
	assert_value(&f->m, 1, "latency.p75", 0.000803);
	assert_value(&f->m, 1, "qps", 499.43);
	assert_value(&f->m, 1, "calls", 1000);
	assert_int_equal(count_series(&f->m, 1, "latency"), 2);
	assert_int_equal(notes_of(&f->m, 1, NOTE_DAMAGE, &notes), 2);
	buf_release(&notes);
}

static void test_claims_in_prose(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"# target audience\n"
		"\n"
		"{\"ts\":1717420962.28,\"level\":\"info\",\"r\":1,\"file\":\"logger.go\",\"line\":254,\"msg\":\"Log level\"}\n"
		"\n"
		"Two runs pasted back to back, without their banners:\n"
		"\n"
		"Aggregated Function Time : count 10 avg 0.001 +/- 0 min 0.001 max 0.001 sum 0.01\n"
		"All done 10 calls (plus 0 warmup) 1.000 ms avg, 100.0 qps\n"
		"Aggregated Function Time : count 10 avg 0.002 +/- 0 min 0.002 max 0.002 sum 0.02\n"
		"All done 10 calls (plus 0 warmup) 2.000 ms avg, 50.0 qps\n"
		"# target audience, again\n";

	import_string(&f->m, "prose.md", text, &f->d);
	/* the heading and the lone log line give nothing, and say nothing */
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].first_line, 7);
	assert_int_equal(f->m.rs.runs[1].first_line, 9);
	assert_value(&f->m, 0, "qps", 100);
	assert_value(&f->m, 1, "qps", 50);
	assert_value(&f->m, 1, "latency.avg", 0.002);

	/* sentences that begin like fortio's lines are prose: no block, no warning */
	import_string(&f->m, "words.md",
		      "Starting at 9am we ran three loads.\n"
		      "Ended after 3 attempts: the proxy crashed.\n"
		      "All done 3 runs, thanks!\n"
		      "Ping time : 5 ms on average\n"
		      "Successfully wrote the patch.\n"
		      "Code 200 : that is all we saw\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->d.n, 0);
}

static void test_quoted_rows(void **state)
{
	struct model_fixture *f = *state;
	/* a reply quoting a run: the quote markers go, the rows' own '>' stay */
	const char *text = "> Aggregated Sleep Time : count 4 avg -0.5 +/- 0.1 min -0.6 max -0.4 sum -2\n"
			   "> # range, mid point, percentile, count\n"
			   "> >= -0.6 <= -0.4 , -0.5 , 100.00, 4\n"
			   "> Aggregated Function Time : count 10 avg 0.0015 +/- 0.0002 min 0.001 max 0.003 sum 0.015\n"
			   "> # range, mid point, percentile, count\n"
			   "> >= 0.001 <= 0.002 , 0.0015 , 90.00, 9\n"
			   "> > 0.002 <= 0.003 , 0.0025 , 100.00, 1\n"
			   "> # target 50% 0.00155556\n"
			   "> All done 10 calls (plus 0 warmup) 1.500 ms avg, 20.0 qps\n";

	import_string(&f->m, "reply.md", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(count_series(&f->m, 0, "latency"), 2);
	assert_true(series_at(&f->m, 0, 0)->x0 == 0.001 && series_at(&f->m, 0, 0)->y == 9);
	assert_true(series_at(&f->m, 0, 1)->x0 == 0.002 && series_at(&f->m, 0, 1)->y == 1);
	assert_value(&f->m, 0, "latency.p50", 0.00155556);
	assert_from(&f->m, 0, "latency.p50", "> # target 50%");
}

static const char http_json[] =
	"{\n"
	"  \"RunType\": \"HTTP\",\n"
	"  \"Labels\": \"pgo build\",\n"
	"  \"RequestedQPS\": \"8\",\n"
	"  \"RequestedDuration\": \"5s\",\n"
	"  \"ActualQPS\": 7.905644261962455,\n"
	"  \"ActualDuration\": 5059691387,\n"
	"  \"NumThreads\": 4,\n"
	"  \"Version\": \"1.21.1\",\n"
	"  \"DurationHistogram\": {\n"
	"    \"Count\": 40, \"Min\": 0.052549016, \"Max\": 0.089893269, \"Sum\": 2.42350566,\n"
	"    \"Avg\": 0.0605876415, \"StdDev\": 0.006564,\n"
	"    \"Data\": [ {\"Start\": 0.052549016, \"End\": 0.06, \"Percent\": 47.5, \"Count\": 19},\n"
	"              {\"Start\": 0.06, \"End\": 0.089893269, \"Percent\": 100, \"Count\": 21} ],\n"
	"    \"Percentiles\": [ {\"Percentile\": 50, \"Value\": 0.0605556},\n"
	"                     {\"Percentile\": 99.9, \"Value\": 0.0894975} ]\n"
	"  },\n"
	"  \"Exactly\": 0,\n"
	"  \"RetCodes\": { \"-1\": 3, \"200\": 37 },\n"
	"  \"URL\": \"http://www.example.com/\"\n"
	"}\n";

static void test_json_exact(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;
	const char *text = "Fortio 1.21.1 running at 8 queries per second, 8->8 procs, for 5s: http://www.example.com/\n"
			   "Starting at 8 qps with 4 thread(s) [gomax 8] for 5s : 10 calls each (total 40)\n"
			   "All done 40 calls (plus 4 warmup) 60.588 ms avg, 7.9 qps\n";

	import_string(&f->m, "run.json", http_json, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_FORTIO_JSON);
	assert_value(&f->m, 0, "qps", 7.905644261962455);
	assert_value(&f->m, 0, "latency.avg", 0.0605876415);
	assert_int_equal(must_find(&f->m, 0, "latency.avg")->n, 40);
	assert_value(&f->m, 0, "latency.p50", 0.0605556);
	assert_value(&f->m, 0, "latency.p99.9", 0.0894975);
	assert_value(&f->m, 0, "calls", 40);
	/* RetCodes keys are strings; no ErrorsDurationHistogram (< 1.30): "-1" is the failure */
	assert_value(&f->m, 0, "code.-1", 3);
	assert_value(&f->m, 0, "code.200", 37);
	assert_value(&f->m, 0, "errors", 3);
	assert_int_equal(count_meas(&f->m, 0), 8);
	assert_int_equal(count_series(&f->m, 0, "latency"), 2);
	assert_true(series_at(&f->m, 0, 1)->x1 == 0.089893269 && series_at(&f->m, 0, 1)->y == 21);
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &notes), 1);
	assert_string_equal(notes.s, "labels: pgo build\n");
	/* the same test as text: the scenarios meet */
	import_string(&f->m, "run.txt", text, &f->d);
	assert_string_equal(f->m.rs.runs[0].scenario, "http://www.example.com/ -c 4 -qps 8 -t 5s");
	assert_string_equal(f->m.rs.runs[1].scenario, f->m.rs.runs[0].scenario);
	assert_value(&f->m, 1, "latency.avg", 0.060588);
	buf_release(&notes);
}

static void test_json_samples(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/fortio/hand-json-udp.json", &f->d);
	import_sample(&f->m, "samples/fortio/hand-udp.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	/* RequestedQPS "1000000" and the banner's "1e+06" are the same test */
	assert_string_equal(f->m.rs.runs[0].scenario, f->m.rs.runs[1].scenario);
	assert_value(&f->m, 0, "errors", 37);
	assert_value(&f->m, 0, "code.OK", 312441);
	assert_null(find_meas(&f->m, 0, "code.read udp 127.0.0.1:38410->127.0.0.1:7777: i/o timeout"));
	assert_int_equal(count_series(&f->m, 0, "latency"), 6);

	/* before 1.30, an error text's calls are the errors */
	import_sample(&f->m, "samples/fortio/hand-json-tcp.json", &f->d);
	assert_value(&f->m, 2, "errors", 4);
	assert_value(&f->m, 2, "code.OK", 99996);
	assert_int_equal(notes_of(&f->m, 2, NOTE_WARNING, &notes), 1);
	assert_string_equal(notes.s, "read tcp 127.0.0.1:53422->127.0.0.1:8078: i/o timeout: 4 calls\n");

	/* cut in its percentiles: what is complete is kept, the run marked */
	import_sample(&f->m, "samples/fortio/hand-json-cut.json", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_true(f->m.rs.runs[3].flags & RUN_INCOMPLETE);
	assert_value(&f->m, 3, "latency.p90", 0.08720452694751189);
	assert_null(find_meas(&f->m, 3, "latency.p99"));
	assert_true(has_warning(&f->d, 71, "fortio JSON cut off"));
	buf_release(&notes);
}

static void test_issue_labels(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/fortio/hand-issue.md", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 2);
	/* the "# target" lines are data: "# Results" is the only heading, and it names nothing */
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[1].variant.text, "Release + LTO");
	assert_int_equal(f->m.rs.runs[1].variant.origin, VO_LABEL);
	assert_string_equal(f->m.rs.runs[0].scenario, f->m.rs.runs[1].scenario);
	assert_value(&f->m, 0, "qps", 58918.3);
	assert_value(&f->m, 1, "qps", 62229.3);
	assert_value(&f->m, 0, "latency.p50", 0.0437);
	assert_int_equal(count_series(&f->m, 1, "latency"), 6);
}

/*
 * Every number kept from a text points at its printed form, which reads
 * back as the value (milliseconds as 1e-3 of it). Only an "errors" said in
 * words or summed has no span.
 */
static void test_offsets_point_at_numbers(void **state)
{
	struct model_fixture *f = *state;
	static const char *const samples[] = {
		"samples/fortio/hand-http.txt", "samples/fortio/hand-http-errors.txt",
		"samples/fortio/hand-udp.txt", "samples/fortio/hand-tcp.txt", "samples/fortio/hand-grpc.txt",
		"samples/fortio/hand-old.txt", "samples/fortio/hand-json-logs.txt",
		"samples/fortio/hand-damaged.txt", "samples/fortio/hand-cut.txt", "samples/fortio/hand-issue.md",
	};
	struct buf line = BUF_INIT, num = BUF_INIT;
	size_t spans = 0;

	for (size_t k = 0; k < countof(samples); k++)
		import_sample(&f->m, samples[k], &f->d);
	for (size_t i = 0; i < f->m.rs.nmeas; i++) {
		const struct measurement *me = &f->m.rs.meas[i];
		double v;

		if (!me->length) {
			assert_string_equal(me->quantity, "errors");
			continue;
		}
		printed(&f->m, me, &line, &num);
		assert_int_equal(num_parse(num.s, num.len, &v), 0);
		if (!strncmp(line.s, "All done", 8) && !strcmp(me->quantity, "latency.avg"))
			v /= 1000;
		if (fabs(v - me->value) > 1e-12 * fabs(v))
			fail_msg("%s = %.17g read from \"%s\" in \"%s\"", me->quantity, me->value, num.s, line.s);
		spans++;
	}
	assert_true(spans > 100);
	buf_release(&line);
	buf_release(&num);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_exact_http, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_many_percentiles_codes_lines, model_fixture_setup,
						model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_fallbacks, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_udp_sections, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_http_errors, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_old_shapes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_grpc_and_tcp, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_log_lines, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage_first_digit, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cut_runs, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_claims_in_prose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_quoted_rows, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_exact, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_samples, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_issue_labels, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_offsets_point_at_numbers, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
