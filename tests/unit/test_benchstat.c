/*
 * test_benchstat.c - the readers of benchstat's tables, v2 (box-drawn
 * column groups) and v1 (old/new): exact values, sample counts, the
 * columns' names and the comparer's own verdicts as notes on hand-written
 * tables; structure on benchstat's own test outputs (samples/benchstat*);
 * damage; prose that is not benchstat's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"
#include "parsers/comparer.h"

#define BAR "\xe2\x94\x82"
#define PM "\xc2\xb1"
#define MU "\xc2\xb5"

static const char *fact(const struct model *m, const char *key)
{
	for (size_t i = 0; i < m->rs.nfacts; i++)
		if (!strcmp(m->rs.facts[i].key, key))
			return m->rs.facts[i].value;
	return NULL;
}

/* A span holds its number's digits (a prefix or unit after them is not part of it). */
static int is_figure(const char *s, size_t n)
{
	double v;

	return num_parse(s, n, &v);
}

static const char v2_thread[] =
	"Results with the patch:\n"
	"\n"
	"```\n"
	"goos: linux\n"
	"goarch: amd64\n"
	"pkg: example.com/kv\n"
	"cpu: AMD Ryzen 9 5900X 12-Core Processor\n"
	"           " BAR "  main.txt   " BAR "              patch.txt              " BAR "\n"
	"           " BAR "   sec/op    " BAR "   sec/op     vs base                " BAR "\n"
	"Put-8        1.718" MU " " PM " 1%   1.423" MU " " PM " 1%  -17.20% (p=0.000 n=10)\n"
	"Get-8        352.6n " PM " 2%   353.1n " PM " 3%        ~ (p=0.631 n=9+10)\n"
	"geomean      778.3n        708.9n        -8.92%\n"
	"\n"
	"           " BAR "  main.txt   " BAR "              patch.txt              " BAR "\n"
	"           " BAR "    B/op     " BAR "    B/op     vs base                 " BAR "\n"
	"Put-8        3.266Ki " PM " 0%   1.375Ki " PM " 0%  -57.89% (p=0.000 n=10)\n"
	"Get-8          32.00 " PM " 0%     32.00 " PM " 0%        ~ (p=1.000 n=10) \xc2\xb9\n"
	"geomean        327.0         209.8       -35.84%\n"
	"\xc2\xb9 all samples are equal\n"
	"\n"
	"           " BAR "  main.txt   " BAR "             patch.txt              " BAR "\n"
	"           " BAR "  allocs/op  " BAR " allocs/op   vs base                " BAR "\n"
	"Put-8         12.00k " PM " 0%   11.00k " PM " 0%   -8.33% (p=0.000 n=10)\n"
	"\n"
	"           " BAR "  main.txt   " BAR "              patch.txt              " BAR "\n"
	"           " BAR "     B/s     " BAR "     B/s      vs base                " BAR "\n"
	"Put-8        307.3Mi " PM " 8%   322.1Mi " PM " 2%   +4.84% (p=0.009 n=10)\n"
	"\n"
	"           " BAR "  main.txt   " BAR "              patch.txt              " BAR "\n"
	"           " BAR " queries/sec " BAR " queries/sec  vs base                " BAR "\n"
	"Put-8         25.86k " PM " 3%   26.13k " PM " 3%        ~ (p=0.311 n=20+17)\n"
	"```\n";

/* v2: every unit's figures as printed, the counts the comparison gives, the columns' names. */
static void test_v2_values(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	uint32_t r;

	import_string(&f->m, "thread.md", v2_thread, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 14);
	r = run_in(&f->m, "Put", "main", "time_per_op");
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_BENCHSTAT);
	assert_int_equal(f->m.rs.runs[r].variant.origin, VO_LABEL);
	assert_int_equal(f->m.rs.runs[r].name_line, 8); /* the header that named the columns */
	assert_meas(&f->m, r, "Put.time_per_op.median", 1.718e-6, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "Put.time_per_op.rel_ci", 1, UNIT_PERCENT, DIR_NONE);
	assert_int_equal(must_find(&f->m, r, "Put.time_per_op.median")->n, 10);
	assert_true(has_note(&f->m, r, NOTE_INFO, "GOMAXPROCS 8"));
	r = run_in(&f->m, "Put", "patch", "time_per_op");
	assert_exact(&f->m, r, "Put.time_per_op.median", 1.423e-6);
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "benchstat vs main.txt: -17.20% (p=0.000 n=10)"));
	/* benchstat's geomean goes beside the column's last run, right above it */
	assert_true(has_note(&f->m, run_in(&f->m, "Get", "patch", "time_per_op"), NOTE_SUMMARY,
			     "benchstat geomean of sec/op: 708.9n        -8.92%"));
	assert_false(has_note(&f->m, r, NOTE_SUMMARY, "geomean"));
	/* "n=9+10": nine samples on the base side, ten on this one */
	assert_int_equal(must_find(&f->m, run_in(&f->m, "Get", "main", "time_per_op"), "Get.time_per_op.median")->n, 9);
	me = must_find(&f->m, run_in(&f->m, "Get", "patch", "time_per_op"), "Get.time_per_op.rel_ci");
	assert_int_equal(me->n, 10);
	assert_true(me->value == 3);
	/* bytes in powers of 1024, counts and rates as printed, a custom unit under its own name */
	r = run_in(&f->m, "Put", "main", "bytes_per_op");
	assert_meas(&f->m, r, "Put.bytes_per_op.median", 3.266 * 1024, UNIT_BYTE, DIR_LOWER);
	assert_true(has_note(&f->m, run_in(&f->m, "Get", "patch", "bytes_per_op"), NOTE_WARNING,
			     "benchstat: all samples are equal"));
	assert_meas(&f->m, run_in(&f->m, "Put", "main", "allocs_per_op"), "Put.allocs_per_op.median", 12000,
		    UNIT_COUNT, DIR_LOWER);
	assert_meas(&f->m, run_in(&f->m, "Put", "patch", "throughput"), "Put.throughput.median",
		    322.1 * 1048576, UNIT_BYTE_PER_S, DIR_HIGHER);
	r = run_in(&f->m, "Put", "patch", "queries/sec");
	assert_meas(&f->m, r, "Put.queries/sec.median", 26130, UNIT_NONE, DIR_NONE);
	assert_int_equal(must_find(&f->m, r, "Put.queries/sec.median")->n, 17);
	assert_string_equal(fact(&f->m, "goos"), "linux");
	assert_string_equal(fact(&f->m, "cpu"), "AMD Ryzen 9 5900X 12-Core Processor");
	assert_string_equal(fact(&f->m, "gomaxprocs"), "8");
	assert_spans(&f->m, is_figure);
}

/* A row missing a column keeps the others in theirs; "± ∞" is no interval; footnotes become notes. */
static void test_v2_missing_columns(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_sample(&f->m, "samples/benchstat/issue19565.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 4);
	r = run_of(&f->m, "B", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "before");
	assert_int_equal(must_find(&f->m, r, "B.time_per_op.median")->n, 0); /* no comparison: n unknown */
	r = run_of(&f->m, "C", 0);
	assert_string_equal(f->m.rs.runs[r].variant.text, "after");
	assert_exact(&f->m, r, "C.time_per_op.median", 10e-6);
	r = run_in(&f->m, "A", "after", "time_per_op");
	assert_true(has_note(&f->m, r, NOTE_WARNING, "benchstat: all samples are equal"));
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "~ (p=1.000 n=6)"));
	assert_spans(&f->m, is_figure);
	model_release(&f->m);
	model_init(&f->m);
	import_sample(&f->m, "samples/benchstat/issue19634.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	r = run_in(&f->m, "FloatSub/100", "after", "time_per_op");
	assert_exact(&f->m, r, "FloatSub/100.time_per_op.median", 78.80e-9);
	assert_null(find_meas(&f->m, r, "FloatSub/100.time_per_op.rel_ci"));
	assert_int_equal(must_find(&f->m, r, "FloatSub/100.time_per_op.median")->n, 5);
	assert_true(has_note(&f->m, r, NOTE_WARNING, "need >= 6 samples for confidence interval"));
}

/* -col /poly: three columns, each a variant, compared with the first; rows named by -row. */
static void test_v2_projection(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_sample(&f->m, "samples/benchstat/crc-size-vs-poly.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 36);
	r = run_in(&f->m, "512", "Koopman", "time_per_op");
	assert_exact(&f->m, r, "512.time_per_op.median", 1073.00e-9);
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "benchstat vs IEEE: +1790.75% (p=0.000 n=10)"));
	r = run_in(&f->m, "32kB", "Castagnoli", "throughput");
	assert_exact(&f->m, r, "32kB.throughput.median", 25658.0 * 1048576);
	assert_string_equal(fact(&f->m, "goos"), "darwin"); /* the lines above the table: go test's facts */
}

/* -col with two keys (.file,/format): a row of names over the columns' own, joined into their names. */
static void test_v2_nested_header(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		"       " BAR "          old.txt          " BAR "                               new.txt                               " BAR "\n"
		"       " BAR "     json    " BAR "     gob     " BAR "                json               " BAR "               gob               " BAR "\n"
		"       " BAR "    sec/op   " BAR "    sec/op   " BAR "         sec/op     vs base        " BAR "        sec/op     vs base       " BAR "\n"
		"Encode   1.718" MU " " PM " 1%   3.066" MU " " PM " 0%   1.423" MU " " PM " 1%  -17.20% (p=0.000 n=10) 3.070" MU " " PM " 2%  ~ (p=0.446 n=10)\n";
	uint32_t r;

	import_string(&f->m, "nested.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_exact(&f->m, run_in(&f->m, "Encode", "old.txt gob", "time_per_op"), "Encode.time_per_op.median",
		     3.066e-6);
	r = run_in(&f->m, "Encode", "new.txt json", "time_per_op");
	assert_exact(&f->m, r, "Encode.time_per_op.median", 1.423e-6);
	assert_int_equal(f->m.rs.runs[r].name_line, 2);
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "-17.20% (p=0.000 n=10)"));
}

/* A table whose spacing was lost (a rendered page copied) is read left to right. */
static void test_v2_spacing_lost(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		"  " BAR " old.txt " BAR " new.txt " BAR "\n"
		"  " BAR " sec/op " BAR " sec/op vs base " BAR "\n"
		"Encode/format=json-48 1.718" MU " " PM " 1% 1.423" MU " " PM " 1% -17.20% (p=0.000 n=10)\n";

	import_string(&f->m, "copy.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_exact(&f->m, run_in(&f->m, "Encode/format=json", "old", "time_per_op"),
		     "Encode/format=json.time_per_op.median", 1.718e-6);
	assert_exact(&f->m, run_in(&f->m, "Encode/format=json", "new", "time_per_op"),
		     "Encode/format=json.time_per_op.median", 1.423e-6);
}

/* A garbled figure, spread or count, or a row cut short: nothing of the row, a warning naming it. */
static void test_v2_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/benchstat/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_true(has_warning(&f->d, 6, "garbled benchstat row"));
	assert_true(has_warning(&f->d, 7, "garbled benchstat row"));
	assert_true(has_warning(&f->d, 8, "garbled benchstat row"));
	assert_true(has_warning(&f->d, 16, "garbled benchstat row"));
	assert_int_equal(f->d.n, 4);
}

/* Box-drawn tables of other tools, a sentence with a "±": not benchstat's. */
static void test_v2_not_benchstat(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		BAR " package_name " BAR "  NEW  OLD  PDIFF " BAR "\n"
		BAR " coq          " BAR " 4.50 4.53  -0.66 " BAR "\n"
		"\n"
		"The time is 4.5 s " PM " 0.1 s on both.\n";

	import_string(&f->m, "other.md", text, &f->d);
	for (uint32_t i = 0; i < f->m.rs.nruns; i++)
		assert_int_not_equal(f->m.rs.runs[i].fmt, FMT_BENCHSTAT);
}

static const char v1_thread[] =
	"```\n"
	"$ benchstat before.txt after.txt\n"
	"name               old time/op    new time/op    delta\n"
	"Continue-8            724ns " PM " 1%     619ns " PM " 6%  -14.53%  (p=0.000 n=8+10)\n"
	"Do-8                 7.79" MU "s " PM " 3%    4.75" MU "s " PM "10%  -39.01%  (p=0.000 n=9+10)\n"
	"\n"
	"name               old alloc/op   new alloc/op   delta\n"
	"Continue-8            0.00B          0.00B          ~     (all equal)\n"
	"Do-8                 1.60kB " PM " 0%    0.02kB " PM " 0%  -99.00%  (p=0.000 n=10+10)\n"
	"\n"
	"name               old allocs/op  new allocs/op  delta\n"
	"Do-8                  13.0M " PM " 0%     13.0M " PM " 0%   +0.00%  (p=0.008 n=5+5)\n"
	"\n"
	"name               old speed      new speed      delta\n"
	"Do-8               56.4MB/s " PM " 1%  2.15GB/s " PM " 4%  +3712.06%  (p=0.016 n=4+5)\n"
	"```\n";

/* v1: the mean and its "± x%", n from "n=9+10", the files of the command above naming the columns. */
static void test_v1_values(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_string(&f->m, "v1.md", v1_thread, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 12);
	r = run_in(&f->m, "Do", "before", "time_per_op");
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_BENCHSTAT_V1);
	assert_int_equal(f->m.rs.runs[r].name_line, 2); /* the command's line */
	assert_meas(&f->m, r, "Do.time_per_op.mean", 7.79e-6, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "Do.time_per_op.rel_dev", 3, UNIT_PERCENT, DIR_NONE);
	assert_int_equal(must_find(&f->m, r, "Do.time_per_op.mean")->n, 9);
	r = run_in(&f->m, "Do", "after", "time_per_op");
	assert_exact(&f->m, r, "Do.time_per_op.rel_dev", 10); /* "±10%", no blank */
	assert_int_equal(must_find(&f->m, r, "Do.time_per_op.mean")->n, 10);
	assert_true(has_note(&f->m, r, NOTE_VERDICT, "benchstat vs before: -39.01% (p=0.000 n=9+10)"));
	/* "(all equal)" gives no count, and a zero no spread */
	r = run_in(&f->m, "Continue", "after", "bytes_per_op");
	assert_meas(&f->m, r, "Continue.bytes_per_op.mean", 0, UNIT_BYTE, DIR_LOWER);
	assert_null(find_meas(&f->m, r, "Continue.bytes_per_op.rel_dev"));
	assert_int_equal(must_find(&f->m, r, "Continue.bytes_per_op.mean")->n, 0);
	assert_exact(&f->m, run_in(&f->m, "Do", "before", "bytes_per_op"), "Do.bytes_per_op.mean", 1600);
	assert_exact(&f->m, run_in(&f->m, "Do", "after", "bytes_per_op"), "Do.bytes_per_op.mean", 20);
	assert_meas(&f->m, run_in(&f->m, "Do", "after", "allocs_per_op"), "Do.allocs_per_op.mean", 13e6,
		    UNIT_COUNT, DIR_LOWER);
	assert_meas(&f->m, run_in(&f->m, "Do", "before", "throughput"), "Do.throughput.mean", 56.4e6,
		    UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, run_in(&f->m, "Do", "after", "throughput"), "Do.throughput.mean", 2.15e9);
	assert_spans(&f->m, is_figure);
}

/* Without a command above, the columns are "old" and "new"; a sentence naming benchstat is no command. */
static void test_v1_old_new(void **state)
{
	struct model_fixture *f = *state;
	static const char text[] =
		"benchstat can compare them afterwards.\n"
		"\n"
		"\tname            old time/op    new time/op    delta\n"
		"\tArray::Literal    63.2ns " PM " 2%    14.0ns " PM " 0%   -77.85%  (p=0.008 n=5+5)\n"
		"\tname            old alloc/op   new alloc/op   delta\n"
		"\tArray::Literal     72.0B " PM " 0%      0.0B       -100.00%  (p=0.008 n=5+5)\n";

	import_string(&f->m, "commit.txt", text, &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_exact(&f->m, run_in(&f->m, "Array::Literal", "old", "time_per_op"), "Array::Literal.time_per_op.mean",
		     63.2e-9);
	/* a cell without its spread, in the new column by where it ends */
	assert_exact(&f->m, run_in(&f->m, "Array::Literal", "new", "bytes_per_op"),
		     "Array::Literal.bytes_per_op.mean", 0);
}

/* One file: "name  time/op"; three: a column each, the "pkg:..." line over rows their scenario. */
static void test_v1_one_and_many(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_sample(&f->m, "samples/benchstat-v1/exampleold.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	r = run_of(&f->m, "GobEncode", 0);
	assert_exact(&f->m, r, "GobEncode.time_per_op.mean", 13.6e-3);
	assert_int_not_equal(f->m.rs.runs[r].variant.origin, VO_LABEL); /* the text around names it */
	model_release(&f->m);
	model_init(&f->m);
	import_sample(&f->m, "samples/benchstat-v1/all.txt", &f->d);
	assert_int_equal(f->d.n, 0);
	assert_int_equal(f->m.rs.nruns, 240);
	r = run_in(&f->m, "CRC32/poly=IEEE/size=4kB/align=0", "slashslash4", "time_per_op");
	assert_exact(&f->m, r, "CRC32/poly=IEEE/size=4kB/align=0.time_per_op.mean", 1682e-9);
	assert_string_equal(f->m.rs.runs[r].scenario, "pkg:hash/crc32 goos:darwin goarch:amd64");
	r = run_in(&f->m, "CRC32/poly=Koopman/size=32kB/align=1", "x386", "throughput");
	assert_exact(&f->m, r, "CRC32/poly=Koopman/size=32kB/align=1.throughput.mean", 309e6);
	assert_string_equal(f->m.rs.runs[r].scenario, "pkg:hash/crc32 goos:darwin goarch:386");
}

/* v1 damage: a garbled figure, spread or count, or a row cut short: nothing of the row, a warning. */
static void test_v1_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/benchstat-v1/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_true(has_warning(&f->d, 2, "garbled benchstat row"));
	assert_true(has_warning(&f->d, 3, "garbled benchstat row"));
	assert_true(has_warning(&f->d, 4, "garbled benchstat row"));
	assert_true(has_warning(&f->d, 10, "garbled benchstat row"));
	assert_int_equal(f->d.n, 4);
}

/*
 * "name \ time/op" with no file after the metric names no column: its
 * rows are skipped with a warning, and comparer_names() is asked of no
 * name (libFuzzer found it reading the first of none: an ASan SEGV).
 */
static void test_v1_header_no_files(void **state)
{
	struct model_fixture *f = *state;
	const char *out[1] = { "untouched" }, *scenario = NULL;

	comparer_names(NULL, NULL, NULL, 0, out, &scenario);
	assert_string_equal(scenario, "");
	assert_string_equal(out[0], "untouched");
	import_string(&f->m, "v1.txt",
		      "name \\ time/op\n"
		      "CRC32/size=15-8  915ns ± 1%  920ns ± 0%\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 2, "benchstat row without its table's header; skipped"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_v2_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v2_missing_columns, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v2_projection, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v2_nested_header, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v2_spacing_lost, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v2_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v2_not_benchstat, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v1_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v1_old_new, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v1_one_and_many, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v1_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v1_header_no_files, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
