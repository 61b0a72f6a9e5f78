/*
 * test_iperf3.c - the iperf3 text parser, through the segmenter: exact
 * values on hand-written summaries, structure on the real samples (iperf
 * 3.12 over loopback, captured here), which lines stand for a test (-P,
 * --bidir, --get-server-output), scenarios, series, damage and offsets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "helpers.h"


static void assert_value(const struct model *m, uint32_t run, const char *metric, double want)
{
	const struct measurement *me = find_meas(m, run, metric);

	if (!me)
		fail_msg("run %u has no %s", (unsigned)run, metric);
	if (me->value != want)
		fail_msg("run %u %s = %.17g, want %.17g", (unsigned)run, metric, me->value, want);
}

/* The source line a measurement's number was read from, as text. */
static void line_of(struct model *m, const struct measurement *me, struct buf *out)
{
	size_t len, a, b;
	const char *text = model_source_text(m, m->rs.runs[me->run].source, &len);

	for (a = me->offset; a > 0 && text[a - 1] != '\n'; a--)
		;
	for (b = me->offset; b < len && text[b] != '\n'; b++)
		;
	buf_reset(out);
	buf_add(out, text + a, b - a);
}

static size_t count_series(const struct model *m, uint32_t run, const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rs.nseries; i++)
		n += m->rs.series[i].run == run && !strcmp(m->rs.series[i].name, name);
	return n;
}

static void test_exact_summary(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"[ ID] Interval           Transfer     Bitrate         Retr\n"
		"[  5]   0.00-60.00  sec  43.9 GBytes  6.29 Gbits/sec    7             sender\n"
		"[  5]   0.00-60.05  sec  1023 KBytes   941 Mbits/sec                  receiver\n";
	const struct measurement *me;

	import_string(&f->m, "exact.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_IPERF3);
	/* transfers are 1024-based, bit rates 1000-based */
	assert_value(&f->m, 0, "sender.transfer", 43.9 * 1073741824.0);
	assert_value(&f->m, 0, "sender.bitrate", 6.29e9);
	assert_value(&f->m, 0, "sender.retransmits", 7);
	assert_value(&f->m, 0, "receiver.transfer", 1023 * 1024.0);
	assert_value(&f->m, 0, "receiver.bitrate", 941e6);
	assert_int_equal(count_meas(&f->m, 0), 5);
	me = find_meas(&f->m, 0, "sender.bitrate");
	assert_int_equal(me->unit, UNIT_BIT_PER_S);
	assert_int_equal(me->dir, DIR_HIGHER);
	assert_int_equal(find_meas(&f->m, 0, "receiver.transfer")->unit, UNIT_BYTE);
	assert_int_equal(find_meas(&f->m, 0, "sender.retransmits")->dir, DIR_LOWER);
	assert_int_equal(find_meas(&f->m, 0, "sender.retransmits")->unit, UNIT_COUNT);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp");
	assert_false(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
}

static void test_byte_rates_become_bits(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"[ ID] Interval           Transfer     Bitrate         Retr\n"
		"[  5]   0.00-1.00   sec  1.76 GBytes  1846990 KBytes/sec   24             sender\n"
		"[  5]   0.00-1.00   sec  1.76 GBytes  15355 Mbits/sec                  receiver\n";

	import_string(&f->m, "f.txt", text, &f->d);
	/* -f K prints bytes per second (1024-based): stored as bit/s like every other log */
	assert_value(&f->m, 0, "sender.bitrate", 1846990.0 * 1024 * 8);
	assert_int_equal(find_meas(&f->m, 0, "sender.bitrate")->unit, UNIT_BIT_PER_S);
	assert_value(&f->m, 0, "receiver.bitrate", 15355e6);
}

static void test_issue_paste(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/hand-issue.md", &f->d);
	assert_int_equal(f->d.n, 0);
	/* bare summaries pasted one after the other: each header starts a test */
	assert_int_equal(f->m.rs.nruns, 6);
	for (uint32_t r = 0; r < 6; r++) {
		assert_int_equal(count_meas(&f->m, r), 5);
		/* the heading above names the scenario beside what iperf3 printed */
		assert_string_equal(f->m.rs.runs[r].scenario, "server mode, tcp");
		assert_int_equal(f->m.rs.runs[r].variant.origin, VO_LABEL);
	}
	/* the "(3 runs)" aside is not part of the name */
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[3].variant.text, "Release + PGO");
	assert_int_equal(f->m.rs.runs[1].first_line, 12);
	assert_int_equal(f->m.rs.runs[1].last_line, 14);
	assert_value(&f->m, 2, "sender.retransmits", 2);
	assert_value(&f->m, 4, "sender.bitrate", 6.46e9);
}

static void test_parallel_reads_sum_lines(void **state)
{
	struct model_fixture *f = *state;
	struct buf line = BUF_INIT;

	import_sample(&f->m, "samples/iperf3/parallel.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp -P 3");
	assert_int_equal(count_meas(&f->m, 0), 5);
	/* the streams' lines are parts of the [SUM] lines: only those are read */
	for (size_t i = 0; i < f->m.rs.nmeas; i++) {
		line_of(&f->m, &f->m.rs.meas[i], &line);
		assert_true(!strncmp(line.s, "[SUM]", 5));
	}
	/* one series point per interval, from the [SUM] interval lines */
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 2);
	buf_release(&line);
}

static void test_client_variants(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/reverse.txt", &f->d);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp -R");
	assert_non_null(find_meas(&f->m, 0, "sender.retransmits"));

	import_sample(&f->m, "samples/iperf3/bidir.txt", &f->d);
	assert_string_equal(f->m.rs.runs[1].scenario, "tcp --bidir");
	/* the server-to-client direction has its own metrics */
	assert_non_null(find_meas(&f->m, 1, "sender.bitrate"));
	assert_non_null(find_meas(&f->m, 1, "reverse.sender.bitrate"));
	assert_non_null(find_meas(&f->m, 1, "reverse.receiver.bitrate"));
	assert_int_equal(count_series(&f->m, 1, "reverse.bitrate"), 2);

	import_sample(&f->m, "samples/iperf3/udp.txt", &f->d);
	assert_string_equal(f->m.rs.runs[2].scenario, "udp");
	assert_int_equal(find_meas(&f->m, 2, "receiver.jitter")->unit, UNIT_SECOND);
	assert_true(find_meas(&f->m, 2, "receiver.jitter")->value < 0.01);
	assert_int_equal(find_meas(&f->m, 2, "receiver.lost_percent")->unit, UNIT_PERCENT);
	/* the UDP sender's "0.000 ms 0/N (0%)" is not a measurement */
	assert_null(find_meas(&f->m, 2, "sender.jitter"));
	assert_null(find_meas(&f->m, 2, "sender.retransmits"));
	assert_int_equal(f->d.n, 0);
}

static void test_server_output_not_read(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/server-output.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(count_meas(&f->m, 0), 5);
	/* the client's two intervals; the server's three (with "2.00-2.00") are skipped */
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 2);
}

static void test_verbose_and_server(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/verbose.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(find_meas(&f->m, 0, "cpu.local")->value > 0);
	assert_non_null(find_meas(&f->m, 0, "cpu.remote"));
	assert_int_equal(find_meas(&f->m, 0, "cpu.local")->dir, DIR_LOWER);
	/* the -V preamble is about the machine */
	assert_true(f->m.rs.nfacts >= 2);
	assert_string_equal(f->m.rs.facts[0].key, "iperf3");
	assert_string_equal(f->m.rs.facts[0].value, "3.12");
	assert_string_equal(f->m.rs.facts[1].key, "system");

	import_sample(&f->m, "samples/iperf3/server-udp.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[1].scenario, "udp (server side)");
	/* the server received: only receiver figures */
	assert_non_null(find_meas(&f->m, 1, "receiver.jitter"));
	assert_null(find_meas(&f->m, 1, "sender.bitrate"));
	assert_int_equal(f->d.n, 0);
}

static void test_old_server_placeholders(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/hand-old-server.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	/* two tests in one server log, "Bandwidth" headers, no "(test #n)" */
	assert_int_equal(f->m.rs.nruns, 2);
	/* "0.00 Bytes 0.00 bits/sec sender" is the role the server did not play */
	assert_null(find_meas(&f->m, 0, "sender.bitrate"));
	assert_value(&f->m, 0, "receiver.bitrate", 925e6);
	assert_value(&f->m, 1, "receiver.bitrate", 931e6);
	/* ≤ 3.6 prints the CPU line on the server too; its remote share is not known yet */
	assert_value(&f->m, 0, "cpu.local", 10.2);
	assert_null(find_meas(&f->m, 0, "cpu.remote"));
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp (server side)");
}

static void test_udp_shapes(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_sample(&f->m, "samples/iperf3/hand-udp-new.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 2);
	/* 3.14+: "Unknown/8633" has no loss figure, and no loss is made up */
	assert_null(find_meas(&f->m, 0, "receiver.lost_percent"));
	assert_value(&f->m, 0, "receiver.jitter", 0.021e-3);
	/* the omitted interval is not in the series */
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 2);
	/* %.2g: "1e+00%" is 1 % */
	assert_value(&f->m, 1, "receiver.lost_percent", 1);
	assert_int_equal(notes_of(&f->m, 1, NOTE_INFO, &notes), 1);
	assert_non_null(strstr(notes.s, "out-of-order"));
	buf_release(&notes);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	/* a garbled interval and a garbled sender line ("2l"): skipped, the rest kept */
	assert_true(has_warning(&f->d, 5, "garbled iperf3 line"));
	assert_true(has_warning(&f->d, 9, "garbled iperf3 line"));
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "sender.retransmits"));
	assert_null(find_meas(&f->m, 0, "sender.bitrate"));
	assert_value(&f->m, 0, "receiver.bitrate", 14.5e9);
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 2);
	/* a test cut after its sender line */
	assert_true(has_warning(&f->d, 19, "no receiver summary line"));
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_value(&f->m, 1, "sender.retransmits", 9);
	/* a test cut in its intervals has no figures: dropped, with a warning */
	assert_true(has_warning(&f->d, 24, "garbled iperf3 line"));
	assert_true(has_warning(&f->d, 24, "no summary lines"));
	assert_int_equal(f->d.n, 5);
}

/* A garbled lost share loses its whole receiver line, with a warning; "nan" is no damage. */
static void test_garbled_lost_share(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
		"[  5]   0.00-2.00   sec  2.41 MBytes  10.1 Mbits/sec  0.000 ms  0/77 (0%)  sender\n"
		"[  5]   0.00-2.00   sec  2.41 MBytes  10.1 Mbits/sec  0.023 ms  0/77 (O%)  receiver\n"
		"\n"
		"[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n"
		"[  5]   0.00-2.00   sec  0.00 Bytes  0.00 bits/sec  0.000 ms  0/0 (-nan%)  sender\n"
		"[  5]   0.00-2.00   sec  2.41 MBytes  10.1 Mbits/sec  0.023 ms  0/77 (0%)  receiver\n";

	import_string(&f->m, "udp.txt", text, &f->d);
	assert_true(has_warning(&f->d, 3, "garbled iperf3 line"));
	assert_int_equal(f->d.n, 1);
	assert_int_equal(f->m.rs.nruns, 2);
	/* nothing of line 3: not its transfer, bitrate or jitter either */
	assert_null(find_meas(&f->m, 0, "receiver.bitrate"));
	assert_null(find_meas(&f->m, 0, "receiver.jitter"));
	assert_null(find_meas(&f->m, 0, "receiver.transfer"));
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_value(&f->m, 1, "receiver.lost_percent", 0);
	assert_false(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
}

static void test_prose_is_not_iperf3(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "See the notes below.\n"
			   "[1] the server was pinned with taskset\n"
			   "[ 2] nothing here either\n"
			   "---------------------------------------------\n"
			   "Connecting to host example.org, port 5201\n"
			   "iperf3: error - unable to connect to server: Connection refused\n";

	import_string(&f->m, "prose.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	/* the error is said once, naming its line */
	assert_true(has_warning(&f->d, 6, "unable to connect"));
	assert_int_equal(f->d.n, 1);
}

static void test_json_real(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/iperf3/json.json", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_IPERF3_JSON);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp");
	assert_int_equal(count_meas(&f->m, 0), 7);
	assert_true(find_meas(&f->m, 0, "sender.bitrate")->value > 1e6);
	assert_non_null(find_meas(&f->m, 0, "sender.retransmits"));
	assert_non_null(find_meas(&f->m, 0, "cpu.remote"));
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 2);

	import_sample(&f->m, "samples/iperf3/json-udp.json", &f->d);
	assert_string_equal(f->m.rs.runs[1].scenario, "udp");
	assert_true(find_meas(&f->m, 1, "receiver.jitter")->value < 0.01);
	assert_null(find_meas(&f->m, 1, "sender.jitter"));

	/* cut in its intervals: said, and nothing made up */
	import_sample(&f->m, "samples/iperf3/json-cut.json", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 60, "no end sums"));
}

static void test_json_exact(void **state)
{
	struct model_fixture *f = *state;
	const char *server =
		"{\"start\": {\"version\": \"iperf 3.9\", \"accepted_connection\": {\"host\": \"10.0.0.1\"},\n"
		"  \"test_start\": {\"protocol\": \"TCP\", \"num_streams\": 2, \"reverse\": 1}},\n"
		" \"intervals\": [{\"sum\": {\"start\": 0, \"end\": 1, \"bits_per_second\": 1e9, \"omitted\": true}},\n"
		"   {\"sum\": {\"start\": 0, \"end\": 1.5, \"bits_per_second\": 2.5e9, \"omitted\": false}}],\n"
		" \"end\": {\"sum_sent\": {\"bytes\": 1000, \"bits_per_second\": 8000, \"retransmits\": 3},\n"
		"   \"sum_received\": {\"bytes\": 0, \"bits_per_second\": 0},\n"
		"   \"cpu_utilization_percent\": {\"host_total\": 12.5, \"remote_total\": 0}}}\n";
	const char *old_udp =
		"{\"start\": {\"test_start\": {\"protocol\": \"UDP\", \"num_streams\": 1, \"reverse\": 0}},\n"
		" \"end\": {\"sum\": {\"bytes\": 5000, \"bits_per_second\": 40000, \"jitter_ms\": 0.25, \"lost_percent\": 1.5}}}\n";
	const char *failed =
		"{\"start\": {\"test_start\": {}}, \"intervals\": [], \"end\": {},\n"
		" \"error\": \"unable to connect to server: Connection refused\"}\n";

	import_string(&f->m, "server.json", server, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp -P 2 -R (server side)");
	assert_value(&f->m, 0, "sender.transfer", 1000);
	assert_value(&f->m, 0, "sender.bitrate", 8000);
	assert_value(&f->m, 0, "sender.retransmits", 3);
	/* the server sent (-R): its receiver sums are zeros standing for nothing */
	assert_null(find_meas(&f->m, 0, "receiver.transfer"));
	assert_null(find_meas(&f->m, 0, "receiver.bitrate"));
	assert_value(&f->m, 0, "cpu.local", 12.5);
	assert_null(find_meas(&f->m, 0, "cpu.remote"));
	/* the omitted interval is not in the series */
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 1);
	assert_true(f->m.rs.series[0].y == 2.5e9 && f->m.rs.series[0].x1 == 1.5);

	import_string(&f->m, "old-udp.json", old_udp, &f->d);
	assert_string_equal(f->m.rs.runs[1].scenario, "udp");
	assert_value(&f->m, 1, "sender.bitrate", 40000);
	assert_value(&f->m, 1, "receiver.jitter", 0.25 * 1e-3);
	assert_value(&f->m, 1, "receiver.lost_percent", 1.5);

	import_string(&f->m, "failed.json", failed, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 1, "the test failed: unable to connect"));
	assert_int_equal(f->d.n, 1);
}

static void test_prefixes_real(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	/* --timestamps: "Mon Nov 30 00:50:01 2026 " before every line, the empty ones too */
	import_sample(&f->m, "samples/iperf3/timestamps.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].first_line, 1);
	assert_int_equal(f->m.rs.runs[0].last_line, 11);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp");
	assert_int_equal(count_meas(&f->m, 0), 5);
	assert_int_equal(count_series(&f->m, 0, "bitrate"), 2);
	/* -T pgo: "pgo:  " before every line; the title is kept as a note */
	import_sample(&f->m, "samples/iperf3/title.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(count_meas(&f->m, 1), 5);
	/* "pgo:  " alone is the test's empty line, before "pgo:  iperf Done." */
	assert_int_equal(f->m.rs.runs[1].last_line, 11);
	assert_int_equal(notes_of(&f->m, 1, NOTE_INFO, &notes), 1);
	assert_string_equal(notes.s, "title: pgo\n");
	/* both, with --timestamps='%F %T ', over UDP */
	import_sample(&f->m, "samples/iperf3/timestamps-title.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_string_equal(f->m.rs.runs[2].scenario, "udp");
	assert_non_null(find_meas(&f->m, 2, "receiver.jitter"));
	assert_null(find_meas(&f->m, 2, "sender.jitter"));
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

static void test_prefixes_exact(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Release:\n"
		"\n"
		"Sun Nov  1 09:05:07 2026 Connecting to host 10.0.0.2, port 5201\n"
		"Sun Nov  1 09:05:07 2026 [ ID] Interval           Transfer     Bitrate         Retr\n"
		"Sun Nov  1 09:05:08 2026 [  5]   0.00-1.00   sec  1.10 GBytes  9.42 Gbits/sec    2             sender\n"
		"Sun Nov  1 09:05:08 2026 [  5]   0.00-1.00   sec  1.09 GBytes  9.40 Gbits/sec                  receiver\n"
		"Sun Nov  1 09:05:08 2026\n"
		"Sun Nov  1 09:05:08 2026 iperf Done.\n"
		"Release + PGO:  \n"
		"09:06:10 lto run:  [ ID] Interval           Transfer     Bitrate         Retr\n"
		"09:06:11 lto run:  [  5]   0.00-1.00   sec  1.15 GBytes  9.87 Gbits/sec    0             sender\n"
		"09:06:11 lto run:  [  5]   0.00-1.00   sec  1.15 GBytes  9.85 Gbits/sec                  receiver\n"
		"Note:  the second run had a title.\n";
	struct buf line = BUF_INIT;
	const char *src;
	size_t len;

	import_string(&f->m, "stamped.md", text, &f->d);
	assert_int_equal(f->d.n, 0);
	/* a stamp with its trailing blank trimmed is still an empty line of the test */
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].last_line, 8);
	/* the labels between the tests are not swallowed by them, even with a Markdown "  " break */
	assert_string_equal(f->m.rs.runs[0].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[1].variant.text, "Release + PGO");
	assert_value(&f->m, 0, "sender.bitrate", 9.42e9);
	assert_value(&f->m, 0, "sender.retransmits", 2);
	assert_value(&f->m, 1, "receiver.bitrate", 9.85e9);
	assert_int_equal(f->m.rs.runs[1].last_line, 12);
	/* offsets still point into the stamped source lines */
	line_of(&f->m, find_meas(&f->m, 0, "sender.bitrate"), &line);
	assert_true(!strncmp(line.s, "Sun Nov  1 09:05:08 2026 [  5]", 30));
	src = model_source_text(&f->m, 0, &len);
	assert_true(!strncmp(src + find_meas(&f->m, 0, "sender.bitrate")->offset, "9.42 ", 5));
	assert_true(!strncmp(src + find_meas(&f->m, 1, "receiver.bitrate")->offset, "9.85 ", 5));
	buf_release(&line);
}

static void test_server_json_stream(void **state)
{
	struct model_fixture *f = *state;

	/* a server's -J log: one document per test, one after the other, then the one of its stop */
	import_sample(&f->m, "samples/iperf3/server-json.json", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	for (uint32_t r = 0; r < 3; r++)
		assert_int_equal(f->m.rs.runs[r].fmt, FMT_IPERF3_JSON);
	assert_int_equal(f->m.rs.runs[1].first_line, f->m.rs.runs[0].last_line + 1);
	assert_int_equal(f->m.rs.runs[2].first_line, f->m.rs.runs[1].last_line + 1);
	assert_string_equal(f->m.rs.runs[0].scenario, "tcp (server side)");
	assert_string_equal(f->m.rs.runs[1].scenario, "tcp -R (server side)");
	assert_string_equal(f->m.rs.runs[2].scenario, "tcp --bidir (server side)");
	/* only the role the server played: the other one's zeros are placeholders */
	assert_true(find_meas(&f->m, 0, "receiver.bitrate")->value > 1e6);
	assert_null(find_meas(&f->m, 0, "sender.bitrate"));
	assert_true(find_meas(&f->m, 1, "sender.bitrate")->value > 1e6);
	assert_non_null(find_meas(&f->m, 1, "sender.retransmits"));
	assert_null(find_meas(&f->m, 1, "receiver.bitrate"));
	assert_true(find_meas(&f->m, 2, "receiver.bitrate")->value > 1e6);
	assert_true(find_meas(&f->m, 2, "reverse.sender.bitrate")->value > 1e6);
	assert_null(find_meas(&f->m, 2, "sender.bitrate"));
	assert_null(find_meas(&f->m, 2, "reverse.receiver.bitrate"));
	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		assert_true(f->m.rs.meas[i].value > 0);
	/* stopping the server is no failed test */
	assert_int_equal(f->d.n, 1);
	assert_non_null(strstr(f->d.v[0].text, "no test: interrupt - the server has terminated"));
}

static void test_offsets_point_at_numbers(void **state)
{
	struct model_fixture *f = *state;
	static const char *const samples[] = { "samples/iperf3/parallel.txt", "samples/iperf3/udp.txt",
					       "samples/iperf3/bidir.txt", "samples/iperf3/verbose.txt",
					       "samples/iperf3/timestamps.txt", "samples/iperf3/timestamps-title.txt" };
	size_t len;

	for (size_t k = 0; k < countof(samples); k++)
		import_sample(&f->m, samples[k], &f->d);
	for (size_t i = 0; i < f->m.rs.nmeas; i++) {
		const struct measurement *me = &f->m.rs.meas[i];
		const char *text = model_source_text(&f->m, f->m.rs.runs[me->run].source, &len);
		char num[32];
		double v;

		assert_true(me->length > 0 && me->length < sizeof(num));
		memcpy(num, text + me->offset, me->length);
		num[me->length] = '\0';
		assert_int_equal(num_parse(num, me->length, &v), 0);
	}
}

/* A CPU line with a share no number holds: neither share is kept, and the line is named. */
static void test_cpu_all_or_nothing(void **state)
{
	struct model_fixture *f = *state;
	char big[420], text[1200];

	memset(big, '9', 400);
	big[400] = '\0';
	snprintf(text, sizeof(text),
		 "Connecting to host 10.0.0.2, port 5201\n"
		 "[  5] local 10.0.0.1 port 43766 connected to 10.0.0.2 port 5201\n"
		 "[ ID] Interval           Transfer     Bitrate         Retr\n"
		 "[  5]   0.00-1.00   sec  1.75 GBytes  15.0 Gbits/sec    6             sender\n"
		 "[  5]   0.00-1.00   sec  1.74 GBytes  14.9 Gbits/sec                  receiver\n"
		 "CPU Utilization: local/sender 5.1%% (0.2%%u/4.9%%s), remote/receiver %s%% (1.9%%u/20.5%%s)\n"
		 "iperf Done.\n",
		 big);
	import_string(&f->m, "cpu.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(has_warning(&f->d, 6, "garbled iperf3 CPU line"));
	assert_null(find_meas(&f->m, 0, "cpu.local"));
	assert_null(find_meas(&f->m, 0, "cpu.remote"));
	assert_non_null(find_meas(&f->m, 0, "sender.bitrate"));
}

/* A summary line with a figure no number holds: none of its figures is kept, and it is named. */
static void test_summary_all_or_nothing(void **state)
{
	struct model_fixture *f = *state;
	char big[420], text[1200];

	memset(big, '9', 400);
	big[400] = '\0';
	snprintf(text, sizeof(text),
		 "Connecting to host 10.0.0.2, port 5201\n"
		 "[  5] local 10.0.0.1 port 43766 connected to 10.0.0.2 port 5201\n"
		 "[ ID] Interval           Transfer     Bitrate         Retr\n"
		 "[  5]   0.00-1.00   sec  %s GBytes  15.0 Gbits/sec    6             sender\n"
		 "[  5]   0.00-1.00   sec  1.74 GBytes  14.9 Gbits/sec                  receiver\n"
		 "iperf Done.\n",
		 big);
	import_string(&f->m, "sum.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(has_warning(&f->d, 4, "garbled iperf3 line"));
	assert_null(find_meas(&f->m, 0, "sender.transfer"));
	assert_null(find_meas(&f->m, 0, "sender.bitrate"));
	assert_null(find_meas(&f->m, 0, "sender.retransmits"));
	assert_non_null(find_meas(&f->m, 0, "receiver.bitrate"));
}

/*
 * A stream's tag garbled ("[  O]"): the line is the test's, reported, and
 * the lines after it stay in the test (they used to start a second test
 * of their own, its figures read twice, without a warning).
 */
static void test_garbled_stream_tag(void **state)
{
	struct model_fixture *f = *state;
	struct buf text = BUF_INIT;
	char *at;

	assert_int_equal(file_read("../../samples/iperf3/parallel.txt", &text, &f->d), 0);
	at = strstr(buf_str(&text), "[  7]   0.00-2.00");
	assert_non_null(at);
	at[3] = 'O';
	import_string(&f->m, "parallel.txt", buf_str(&text), &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(has_warning(&f->d, 19, "garbled iperf3 line"));
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	buf_release(&text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_exact_summary, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_byte_rates_become_bits, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_issue_paste, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_parallel_reads_sum_lines, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_client_variants, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_server_output_not_read, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_verbose_and_server, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_old_server_placeholders, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_udp_shapes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_garbled_lost_share, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_prose_is_not_iperf3, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_real, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_json_exact, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_prefixes_real, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_prefixes_exact, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_server_json_stream, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_offsets_point_at_numbers, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_all_or_nothing, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_summary_all_or_nothing, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_garbled_stream_tag, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
