/*
 * test_libtest.c - the Rust libtest #[bench] parser: exact values on the
 * Rust ≥ 1.80 shape (decimals, ',' groups), structure on the real samples
 * (rustc 1.63 and Criterion's bencher format, captured here), the "+/-"
 * kept as a range, damage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_decimals(void **state)
{
	struct model_fixture *f = *state;
	const struct measurement *me;
	uint32_t r;

	import_sample(&f->m, "samples/libtest/hand-new-decimals.txt", &f->d);
	/* the ignored test is not a run */
	assert_int_equal(f->m.rs.nruns, 5);
	assert_int_equal(f->d.n, 0);
	r = run_of(&f->m, "roundtrip_large", 0);
	assert_int_equal(f->m.rs.runs[r].fmt, FMT_LIBTEST);
	assert_meas(&f->m, r, "roundtrip_large.time_per_op", 612843.70e-9, UNIT_SECOND, DIR_LOWER);
	/* "+/-" is max - min: a range, which no direction makes better or worse */
	me = must_find(&f->m, r, "roundtrip_large.time_per_op.dev");
	assert_int_equal(me->stat, STAT_RANGE);
	assert_meas(&f->m, r, "roundtrip_large.time_per_op.dev", 10944.12e-9, UNIT_SECOND, DIR_NONE);
	r = run_of(&f->m, "codec::encode_1k", 0);
	assert_meas(&f->m, r, "codec::encode_1k.throughput", 850e6, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_exact(&f->m, r, "codec::encode_1k.time_per_op", 1204.55e-9);
	r = run_of(&f->m, "tiny", 0);
	assert_exact(&f->m, r, "tiny.time_per_op", 0.28e-9);
	assert_null(find_meas(&f->m, r, "tiny.throughput"));
}

static int is_grouped_number(const char *s, size_t n)
{
	double v;

	return num_parse_grouped(s, n, ',', &v);
}

static void test_real(void **state)
{
	struct model_fixture *f = *state;
	static const char *const names[] = { "copy_64k", "fib_15", "slow_fib_27", "tiny" };

	import_sample(&f->m, "samples/libtest/bench.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, countof(names));
	assert_int_equal(f->d.n, 0);
	for (uint32_t i = 0; i < countof(names); i++) {
		/* names are padded to the longest one: the padding is not part of them */
		assert_string_equal(f->m.rs.runs[i].subject, names[i]);
		assert_int_equal(count_meas(&f->m, i), i == 0 ? 3 : 2);
	}
	/* Rust < 1.80 prints sub-nanosecond results as 0 */
	assert_exact(&f->m, 3, "tiny.time_per_op", 0);
	assert_true(must_find(&f->m, 2, "slow_fib_27.time_per_op")->value > 1e-5);
	assert_spans(&f->m, is_grouped_number);
}

static void test_criterion_bencher(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/criterion/bencher.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 7);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_LIBTEST);
	assert_string_equal(f->m.rs.runs[0].subject, "fib 10");
	assert_string_equal(f->m.rs.runs[4].subject, "thr/elems/1000");
	/* its "+/-" is a standard deviation, not libtest's max - min */
	assert_null(find_meas(&f->m, 6, "slow.time_per_op.dev"));
	assert_int_equal(must_find(&f->m, 6, "slow.time_per_op.stddev")->stat, STAT_SD);
	assert_int_equal(must_find(&f->m, 6, "slow.time_per_op.stddev")->dir, DIR_NONE);
	assert_int_equal(f->d.n, 0);
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/libtest/hand-damaged.txt", &f->d);
	/* "1,3O4" and a line cut mid-number are skipped whole: one line is one run */
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].subject, "encode");
	assert_exact(&f->m, 0, "encode.time_per_op", 918e-9);
	assert_string_equal(f->m.rs.runs[1].subject, "tiny");
	assert_true(has_warning(&f->d, 3, "garbled libtest bench line"));
	assert_true(has_warning(&f->d, 5, "FAILED"));
	assert_true(has_warning(&f->d, 6, "garbled libtest bench line"));
	assert_int_equal(f->d.n, 3);
}

static void test_thread(void **state)
{
	struct model_fixture *f = *state;

	/* indented code blocks under labels */
	import_sample(&f->m, "samples/libtest/hand-thread.md", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_string_equal(f->m.rs.runs[1].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[4].variant.text, "Release + fat LTO");
	assert_exact(&f->m, 4, "bench_hash_large.time_per_op", 44950e-9);
	assert_exact(&f->m, 4, "bench_hash_large.time_per_op.dev", 2011e-9);
	assert_exact(&f->m, 4, "bench_hash_large.throughput", 1457e6);
	assert_int_equal(f->d.n, 0);
}

static void test_not_libtest(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "test the build ... bench: it was fine\n"
			   "test result: ok. 3 passed; 0 failed\n";

	import_string(&f->m, "prose.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_decimals, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_criterion_bencher, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_thread, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_not_libtest, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
