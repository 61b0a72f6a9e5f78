/*
 * test_fio.c - the fio reader on hand-written input: exact values of a
 * fio 3 job (IOPS with its k suffix, bandwidth and io in binary units,
 * runtime, slat, clat and total latency with their mean, stddev, min and
 * max, the clat percentiles), its Run status group, a fio 2 job (KB is
 * 1024 bytes), and a garbled direction line that yields nothing and a
 * warning, while the latency line below it, whole, is still its
 * direction's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static const char jobs[] =
	"seqread: (groupid=0, jobs=1): err= 0: pid=1234: Mon Jan  1 00:00:00 2024\n"
	"  read: IOPS=15.6k, BW=1948MiB/s (2043MB/s)(38.0GiB/20001msec)\n"
	"    slat (nsec): min=1200, max=51234, avg=2311.50, stdev=812.25\n"
	"    clat (usec): min=7, max=9411, avg=1443.28, stdev=331.95\n"
	"     lat (usec): min=9, max=9413, avg=1445.61, stdev=332.01\n"
	"    clat percentiles (usec):\n"
	"     |  1.00th=[  343],  5.00th=[  351], 50.00th=[ 1418], 99.00th=[ 2835],\n"
	"     | 99.90th=[ 5407]\n"
	"   bw (  MiB/s): min= 1803, max= 2011, per=100.00%, avg=1950.12, stdev=40.11, samples=40\n"
	"  write: IOPS=2O00, BW=7.8MiB/s (8.2MB/s)(156MiB/20001msec)\n"
	"    clat (usec): min=12, max=812, avg=98.50, stdev=20.25\n"
	"\n"
	"Run status group 0 (all jobs):\n"
	"   READ: bw=1948MiB/s (2043MB/s), 1948MiB/s-1948MiB/s (2043MB/s-2043MB/s), io=38.0GiB (40.9GB), run=20001-20001msec\n"
	"\n"
	"old: (groupid=0, jobs=1): err= 0: pid=99: Tue Feb  2 10:00:00 2016\n"
	"  read : io=1024.0MB, bw=17005KB/s, iops=4251, runt= 61568msec\n"
	"    clat (usec): min=40, max=32061, avg=233.12, stdev=301.44\n"
	;

static void test_jobs_and_group(void **state)
{
	struct model_fixture *f = *state;
	uint32_t job, old;

	import_string(&f->m, "fio.txt", jobs, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	job = run_of(&f->m, "seqread", 0);
	old = run_of(&f->m, "old", 0);
	assert_int_equal(f->m.rs.runs[job].fmt, FMT_FIO);
	assert_meas(&f->m, job, "seqread.read.iops", 15600, UNIT_PER_S, DIR_HIGHER);
	assert_meas(&f->m, job, "seqread.read.bw", 1948.0 * 1048576, UNIT_BYTE_PER_S, DIR_HIGHER);
	assert_meas(&f->m, job, "seqread.read.io", 38.0 * 1073741824, UNIT_BYTE, DIR_NONE);
	assert_meas(&f->m, job, "seqread.read.runtime", 20.001, UNIT_SECOND, DIR_NONE);
	assert_meas(&f->m, job, "seqread.read.slat.mean", 0.0000023115, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, job, "seqread.read.slat.min", 0.0000012);
	assert_meas(&f->m, job, "seqread.read.clat.mean", 0.00144328, UNIT_SECOND, DIR_LOWER);
	assert_meas(&f->m, job, "seqread.read.clat.stddev", 0.00033195, UNIT_SECOND, DIR_NONE);
	assert_exact(&f->m, job, "seqread.read.clat.min", 0.000007);
	assert_exact(&f->m, job, "seqread.read.clat.max", 0.009411);
	assert_meas(&f->m, job, "seqread.read.latency.mean", 0.00144561, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, job, "seqread.read.latency.max", 0.009413);
	assert_meas(&f->m, job, "seqread.read.clat.p50", 0.001418, UNIT_SECOND, DIR_LOWER);
	assert_exact(&f->m, job, "seqread.read.clat.p1", 0.000343);
	assert_exact(&f->m, job, "seqread.read.clat.p99.9", 0.005407);
	assert_null(find_meas(&f->m, job, "seqread.read.clat.avg"));
	/* the write line is garbled: no write figure of it, a warning naming it */
	assert_null(find_meas(&f->m, job, "seqread.write.iops"));
	assert_null(find_meas(&f->m, job, "seqread.write.bw"));
	assert_exact(&f->m, job, "seqread.write.clat.mean", 0.0000985);
	assert_true(f->m.rs.runs[job].flags & RUN_INCOMPLETE);
	assert_true(has_warning(&f->d, 10, "garbled fio direction line"));
	assert_int_equal(f->d.n, 1);

	/* the group: its bandwidth with the jobs' range, io, its longest job's runtime */
	assert_exact(&f->m, job + 1, "read.bw", 1948.0 * 1048576);
	assert_exact(&f->m, job + 1, "read.bw.min", 1948.0 * 1048576);
	assert_exact(&f->m, job + 1, "read.bw.max", 1948.0 * 1048576);
	assert_exact(&f->m, job + 1, "read.runtime", 20.001);
	assert_int_equal(count_meas(&f->m, job + 1), 5);

	/* fio 2: "KB" and "MB" are 1024-based */
	assert_exact(&f->m, old, "old.read.io", 1073741824);
	assert_exact(&f->m, old, "old.read.bw", 17005.0 * 1024);
	assert_exact(&f->m, old, "old.read.iops", 4251);
	assert_exact(&f->m, old, "old.read.runtime", 61.568);
	assert_exact(&f->m, old, "old.read.clat.mean", 0.00023312);
	assert_int_equal(count_meas(&f->m, old), 8);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_jobs_and_group),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
