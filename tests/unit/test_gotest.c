/*
 * test_gotest.c - the Go testing benchmark parser: exact values and
 * -count repetitions on a hand-written thread, structure on the real
 * samples (go 1.19 captured here: custom units, MB/s, -cpu, -v, b.Log,
 * a failing benchmark), header facts, damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static const char *fact(const struct model *m, const char *key)
{
	for (size_t i = 0; i < m->rs.nfacts; i++)
		if (!strcmp(m->rs.facts[i].key, key))
			return m->rs.facts[i].value;
	return NULL;
}

static int is_number(const char *s, size_t n)
{
	double v;

	return num_parse(s, n, &v);
}

static void test_count_and_labels(void **state)
{
	struct model_fixture *f = *state;
	uint32_t r;

	import_sample(&f->m, "samples/gotest/hand-thread.md", &f->d);
	/* -count 2: two runs of each benchmark per variant */
	assert_int_equal(f->m.rs.nruns, 8);
	assert_int_equal(f->d.n, 0);
	r = run_of(&f->m, "BenchmarkPut", 0);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_GOTEST);
	assert_string_equal(f->m.rs.runs[r].variant.text, "Without PGO");
	assert_meas(&f->m, r, "BenchmarkPut.time_per_op", 1452e-9, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, r, "BenchmarkPut.bytes_per_op", 256, UNIT_BYTE, DIR_LOWER);
	assert_meas(&f->m, r, "BenchmarkPut.allocs_per_op", 4, UNIT_COUNT, DIR_LOWER);
	assert_meas(&f->m, r, "BenchmarkPut.iterations", 812338, UNIT_COUNT, DIR_NONE);
	assert_exact(&f->m, run_of(&f->m, "BenchmarkPut", r + 1), "BenchmarkPut.time_per_op", 1431e-9);
	r = run_of(&f->m, "BenchmarkGet", 4);
	assert_string_equal(f->m.rs.runs[r].variant.text, "With PGO");
	assert_exact(&f->m, r, "BenchmarkGet.time_per_op", 352.6e-9);
	/* the header lines are facts; the cpu line's trailing blanks are not part of it */
	assert_string_equal(fact(&f->m, "goos"), "linux");
	assert_string_equal(fact(&f->m, "goarch"), "amd64");
	assert_string_equal(fact(&f->m, "pkg"), "example.com/kv");
	assert_string_equal(fact(&f->m, "cpu"), "AMD Ryzen 9 5900X 12-Core Processor");
	assert_spans(&f->m, is_number);
}

static void test_real_all(void **state)
{
	struct model_fixture *f = *state;
	struct buf b = BUF_INIT;
	const struct measurement *me;
	uint32_t r;

	import_sample(&f->m, "samples/gotest/all.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 9);
	assert_int_equal(f->d.n, 0);
	/* names as printed, sub-benchmarks kept, less the GOMAXPROCS suffix every line has */
	r = run_of(&f->m, "BenchmarkSort/n=10000", 0);
	assert_non_null(find_meas(&f->m, r, "BenchmarkSort/n=10000.time_per_op"));
	/* MB/s is 10^6 bytes per second */
	r = run_of(&f->m, "BenchmarkSha256", 0);
	me = must_find(&f->m, r, "BenchmarkSha256.throughput");
	assert_int_equal(me->unit, UNIT_BYTE_PER_S);
	assert_int_equal(me->dir, DIR_HIGHER);
	assert_true(me->value > 1e6);
	/* custom units under their own names, with no unit or direction invented */
	r = run_of(&f->m, "BenchmarkCustom", 0);
	assert_meas(&f->m, r, "BenchmarkCustom.ratio", 0.000123, UNIT_NONE, DIR_NONE);
	assert_meas(&f->m, r, "BenchmarkCustom.hits/op", 1, UNIT_NONE, DIR_NONE);
	assert_int_equal(count_meas(&f->m, r), 6);
	/* b.Log lines under "--- BENCH:" are notes of that benchmark */
	r = run_of(&f->m, "BenchmarkLogged", 0);
	assert_int_equal(notes_of(&f->m, r, NOTE_INFO, &b), 5); /* and GOMAXPROCS 2 */
	assert_non_null(strstr(b.s, "bench_test.go:"));
	assert_string_equal(fact(&f->m, "pkg"), "example.com/benchdelta/gobench");
	assert_spans(&f->m, is_number);
	buf_release(&b);
}

static void test_real_shapes(void **state)
{
	struct model_fixture *f = *state;

	/* -count 3 */
	import_sample(&f->m, "samples/gotest/count.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	for (uint32_t i = 0; i < 3; i++)
		assert_string_equal(f->m.rs.runs[i].subject, "BenchmarkFib20");
	/* -cpu 1,2: no suffix at GOMAXPROCS 1 (trap 26); both kept as printed, no fact */
	import_sample(&f->m, "samples/gotest/cpu.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 12);
	assert_string_equal(f->m.rs.runs[6].subject, "BenchmarkFib20");
	assert_string_equal(f->m.rs.runs[7].subject, "BenchmarkFib20-2");
	assert_string_equal(fact(&f->m, "gomaxprocs"), "2"); /* count.txt's */
	/* -v: the names printed alone before their results are not runs */
	import_sample(&f->m, "samples/gotest/verbose.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 14);
	assert_string_equal(f->m.rs.runs[13].subject, "BenchmarkLogged");
	assert_int_equal(f->d.n, 0);
	/* a failing benchmark: a warning, and the others kept */
	import_sample(&f->m, "samples/gotest/fail.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 15);
	assert_true(has_warning(&f->d, 6, "Go benchmark BenchmarkMayFail failed"));
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/gotest/hand-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].subject, "BenchmarkPut");
	assert_string_equal(f->m.rs.runs[1].subject, "BenchmarkScan/prefix");
	assert_exact(&f->m, 1, "BenchmarkScan/prefix.throughput", 39.69e6);
	/* "3O12871" iterations: the whole line is skipped, never read in part */
	assert_true(has_warning(&f->d, 6, "garbled Go benchmark line"));
	assert_true(has_warning(&f->d, 8, "garbled Go benchmark line"));
	assert_true(has_warning(&f->d, 9, "BenchmarkDelete-24 failed")); /* as printed */
	assert_int_equal(f->d.n, 3);
}

/* An 8-core and a 16-core log pair: GOMAXPROCS is a fact, not part of the name. */
static void test_gomaxprocs(void **state)
{
	struct model_fixture *f = *state;
	const char *eight = "goos: linux\n"
			    "BenchmarkPut-8   \t  812338\t      1452 ns/op\n"
			    "BenchmarkScan/n=64-8 \t   1000\t   9000 ns/op\n"
			    "--- BENCH: BenchmarkPut-8\n"
			    "    kv_test.go:12: warm\n";
	const char *sixteen = "goos: linux\n"
			      "BenchmarkPut-16   \t  912338\t      1352 ns/op\n"
			      "BenchmarkScan/n=64-16 \t   1100\t   8000 ns/op\n";
	struct buf b = BUF_INIT;

	import_string(&f->m, "eight.txt", eight, &f->d);
	import_string(&f->m, "sixteen.txt", sixteen, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].subject, "BenchmarkPut");
	assert_string_equal(f->m.rs.runs[1].subject, "BenchmarkScan/n=64");
	assert_string_equal(f->m.rs.runs[2].subject, "BenchmarkPut");
	assert_string_equal(f->m.rs.runs[3].subject, "BenchmarkScan/n=64");
	assert_exact(&f->m, 2, "BenchmarkPut.time_per_op", 1352e-9);
	/* the b.Log line still finds its benchmark by the printed name */
	assert_int_equal(notes_of(&f->m, 0, NOTE_INFO, &b), 2);
	assert_non_null(strstr(b.s, "GOMAXPROCS 8"));
	assert_non_null(strstr(b.s, "kv_test.go:12: warm"));
	assert_string_equal(f->m.rs.facts[0].value, "8");
	assert_string_equal(f->m.rs.facts[0].key, "gomaxprocs");
	assert_string_equal(fact(&f->m, "goos"), "linux");
	assert_int_equal(f->d.n, 0);
	buf_release(&b);
}

/* "-1" and "-0" are never GOMAXPROCS suffixes; mixed suffixes are all kept. */
static void test_gomaxprocs_kept(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "a.txt",
		      "BenchmarkA-1 \t 10\t 5 ns/op\nBenchmarkB-1 \t 10\t 5 ns/op\n", &f->d);
	import_string(&f->m, "b.txt",
		      "BenchmarkA-2 \t 10\t 5 ns/op\nBenchmarkB-4 \t 10\t 5 ns/op\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	assert_string_equal(f->m.rs.runs[0].subject, "BenchmarkA-1");
	assert_string_equal(f->m.rs.runs[2].subject, "BenchmarkA-2");
	assert_string_equal(f->m.rs.runs[3].subject, "BenchmarkB-4");
	assert_null(fact(&f->m, "gomaxprocs"));
}

static void test_not_go(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "BenchmarkFoo 3 times faster, as I said\n"
			   "goosebumps: none\n";

	import_string(&f->m, "prose.md", text, &f->d);
	assert_int_equal(f->m.rs.nmeas, 0);
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_count_and_labels, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_all, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_shapes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gomaxprocs, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_gomaxprocs_kept, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_not_go, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
