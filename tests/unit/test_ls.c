/*
 * test_ls.c - `ls -l` listings read by the size lists (sizelist.c) on
 * hand-written input: a listing is read without a sentence about sizes
 * when the ls command is above it, it has its "total" line or two ls
 * lines; each row named by its file name (two of one name told apart by
 * their directories); -lh sizes in powers of 1024, --si in powers of 1000,
 * a decimal comma; exa's layout; and a garbled size never read as the
 * link count.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_listings(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "l.txt",
		      "$ ls -l release/app lto/app\n"
		      "-rwxr-xr-x 1 root root 16040 Dec  6 08:05 release/app\n"
		      "-rwxr-xr-x 1 root root 15872 Dec  6 08:05 lto/app\n"
		      "\n"
		      "Here:\n"
		      "\n"
		      "total 1.3M\n"
		      "-rw-r--r-- 1 root root 1.3M Dec  6 08:05 app.debug\n"
		      "-rwxr-xr-x 1 root root  16K Dec  6 08:05 app\n"
		      "\n"
		      "$ ls -l --si builds\n"
		      "total 1.4M\n"
		      "-rw-r--r-- 1 root root 1.3M Dec  6 08:05 app.debug\n"
		      "-rwxr-xr-x 1 root root  17k Dec  6 08:05 app\n"
		      "\n"
		      "Und:\n"
		      "\n"
		      "insgesamt 1,3M\n"
		      "-rw-r--r-- 1 root root 1,3M  6. Dez 08:05 app.debug\n"
		      "-rwxr-xr-x 1 root root  16K  6. Dez 08:05 app\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_SIZE_LIST);
	assert_meas(&f->m, 0, "file_size", 16040, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 1, "file_size", 15872);
	assert_string_equal(f->m.rs.runs[0].variant.text, "release");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_FILENAME);
	assert_string_equal(f->m.rs.runs[1].variant.text, "lto");
	assert_exact(&f->m, 2, "file_size", 1.3 * 1048576);
	assert_exact(&f->m, 3, "file_size", 16.0 * 1024);
	assert_exact(&f->m, 4, "file_size", 1300000);
	assert_exact(&f->m, 5, "file_size", 17000);
	assert_exact(&f->m, 6, "file_size", 1.3 * 1048576);
	assert_exact(&f->m, 7, "file_size", 16.0 * 1024);
	assert_int_equal(f->d.n, 0);
}

/* exa's layout: the size after the mode, then the user and a date. */
static void test_exa(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "x.txt",
		      ".rwxr-xr-x 16,163,864 root 11 Sep 18:37 target/release/xh\n"
		      ".rwxr-xr-x 11,236,416 root 11 Sep 18:42 target/lto/xh\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_exact(&f->m, 0, "file_size", 16163864);
	assert_exact(&f->m, 1, "file_size", 11236416);
	assert_string_equal(f->m.rs.runs[0].variant.text, "release");
}

/* A garbled size: the line is skipped with a warning, its link count never read as the size. */
static void test_garbled_size(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "g.txt",
		      "$ ls -l release/app lto/app\n"
		      "-rwxr-xr-x 1 root root O6040 Dec  6 08:05 release/app\n"
		      "-rwxr-xr-x 1 root root 15872 Dec  6 08:05 lto/app\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_exact(&f->m, 0, "file_size", 15872);
	assert_true(has_warning(&f->d, 2, "garbled size list item"));
	assert_int_equal(f->d.n, 1);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_listings),
		T(test_exa),
		T(test_garbled_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
