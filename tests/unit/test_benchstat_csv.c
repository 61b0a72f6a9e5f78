/*
 * test_benchstat_csv.c - the reader of benchstat's CSV tables: v2's
 * -format csv (files row, units row, median and CI, counts from "P",
 * deltas as notes) and v1's -csv (mean and ±, one file, -norange, group
 * lines as scenarios); cut and garbled rows read in no part.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

/* v2: each file a column group; the center in the unit's SI base, the CI in %; "vs base" a note. */
static void test_v2(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "v2.txt",
		      "goos: linux\n"
		      ",base.txt,,pgo.txt,,,\n"
		      ",sec/op,CI,sec/op,CI,vs base,P\n"
		      "Encode-8,1.718e-06,1%,1.4225e-06,\xe2\x88\x9e,-17.20%,p=0.000 n=9+10\n"
		      "Decode-8,3.0655e-06,0%,,,,\n"
		      "geomean,2.29e-06,,2.08e-06,,-8.94%,\n"
		      "\n"
		      ",base.txt,,pgo.txt,,,\n"
		      ",B/op,CI,B/op,CI,vs base,P\n"
		      "Encode-8,512,0%,384,0%,-25.00%,p=0.000 n=10\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	assert_string_equal(f->m.rs.runs[0].variant.text, "base");
	assert_string_equal(f->m.rs.runs[1].variant.text, "pgo");
	assert_string_equal(f->m.rs.runs[0].subject, "Encode");
	assert_exact(&f->m, 0, "Encode.time_per_op.median", 1.718e-06);
	assert_int_equal(must_find(&f->m, 0, "Encode.time_per_op.median")->n, 9);
	assert_int_equal(must_find(&f->m, 0, "Encode.time_per_op.rel_ci")->stat, STAT_REL_CI);
	assert_exact(&f->m, 0, "Encode.time_per_op.rel_ci", 1);
	assert_exact(&f->m, 1, "Encode.time_per_op.median", 1.4225e-06);
	assert_int_equal(must_find(&f->m, 1, "Encode.time_per_op.median")->n, 10);
	assert_null(find_meas(&f->m, 1, "Encode.time_per_op.rel_ci")); /* "∞" */
	assert_int_equal(notes_of(&f->m, 1, NOTE_VERDICT, &notes), 1);
	assert_string_equal(notes.s, "benchstat vs base: -17.20% p=0.000 n=9+10\n");
	assert_exact(&f->m, 2, "Decode.time_per_op.median", 3.0655e-06); /* base only */
	assert_exact(&f->m, 4, "Encode.bytes_per_op.median", 384);
	buf_release(&notes);
}

/* v1: the mean in the header's unit and its ±; one file; -norange; a group line is the scenario. */
static void test_v1(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "v1.txt",
		      "name \\ time/op (ns/op),old.txt,\xc2\xb1,new.txt,\xc2\xb1\n"
		      "pkg:hash/crc32 goos:darwin goarch:amd64\n"
		      "CRC32/size=15-8,4.68700E+01,8%,4.45200E+01,3%\n"
		      "CRC32/size=40-8,4.10375E+01,1%\n"
		      "[Geo mean],2.37855E+02,,3.44668E+02\n"
		      "\n"
		      "name,speed (MB/s),\xc2\xb1\n"
		      "CRC32/size=15-8,3.36950E+02,3%\n"
		      "\n"
		      "name \\ alloc/op (B/op),./old.txt,./new.txt\n"
		      "CRC32/size=15-8,0.00000E+00,0.00000E+00\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_string_equal(f->m.rs.runs[0].variant.text, "old");
	assert_string_equal(f->m.rs.runs[0].scenario, "pkg:hash/crc32 goos:darwin goarch:amd64");
	assert_exact(&f->m, 0, "CRC32/size=15.time_per_op.mean", 46.87e-9);
	assert_int_equal(must_find(&f->m, 0, "CRC32/size=15.time_per_op.rel_dev")->stat, STAT_REL_DEV);
	assert_exact(&f->m, 1, "CRC32/size=15.time_per_op.mean", 44.52e-9);
	assert_exact(&f->m, 2, "CRC32/size=40.time_per_op.mean", 41.0375e-9);
	assert_exact(&f->m, 3, "CRC32/size=15.throughput.mean", 336.95e6);
	assert_int_equal(f->m.rs.runs[3].variant.origin, VO_INPUT); /* one file: the table names no build */
	assert_exact(&f->m, 4, "CRC32/size=15.bytes_per_op.mean", 0);
	assert_null(find_meas(&f->m, 4, "CRC32/size=15.bytes_per_op.rel_dev"));
}

/* A garbled or cut row is read in no part, named by its line. */
static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "bad.txt",
		      ",old.txt,,new.txt,,,\n"
		      ",sec/op,CI,sec/op,CI,vs base,P\n"
		      "A-8,1.7e-06,1%,1.4e-06,1%,-17.20%,p=0.000 n=10\n"
		      "B-8,3.0e-O6,0%,3.0e-06,2%,~,p=0.446 n=10\n"
		      "C-8,2.1e-06,1O%,2.0e-06,1%,-4.76%,p=0.001 n=10\n"
		      "D-8,4.1e-06,1%,4.2e-06,1%,~,p=0.2 n=1O\n"
		      "E-8,5.5e-06,1%,5.4e-0\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	for (uint32_t line = 4; line <= 7; line++)
		assert_true(has_warning(&f->d, line, "garbled benchstat CSV row"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_v2, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_v1, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
