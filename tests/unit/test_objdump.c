/*
 * test_objdump.c - the objdump -h reader on hand-written input: exact
 * section sizes read in hex, one run per file named by its file name (two
 * of one name told apart by their directories), the flags lines between
 * the rows, and a garbled row that yields nothing and a warning.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_two_files(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "o.txt",
		      "$ objdump -h release/app lto/app\n"
		      "\n"
		      "release/app:     file format elf64-x86-64\n"
		      "\n"
		      "Sections:\n"
		      "Idx Name          Size      VMA               LMA               File off  Algn\n"
		      " 14 .text         000002cb  0000000000001040  0000000000001040  00001040  2**4\n"
		      "                  CONTENTS, ALLOC, LOAD, READONLY, CODE\n"
		      " 15 .note.gnu.property 00000020  0000000000000338  0000000000000338  00000338  2**3\n"
		      "                  CONTENTS, ALLOC, LOAD, READONLY, DATA\n"
		      " 16 .rodata       0000O010  0000000000002000  0000000000002000  00002000  2**2\n"
		      "                  CONTENTS, ALLOC, LOAD, READONLY, DATA\n"
		      "\n"
		      "lto/app:     file format elf64-x86-64\n"
		      "\n"
		      "Sections:\n"
		      "Idx Name          Size      VMA               LMA               File off  Algn\n"
		      " 14 .text         0000020a  0000000000001040  0000000000001040  00001040  2**4\n"
		      "                  CONTENTS, ALLOC, LOAD, READONLY, CODE\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_OBJDUMP);
	assert_string_equal(f->m.rs.runs[0].variant.text, "release");
	assert_string_equal(f->m.rs.runs[1].variant.text, "lto");
	assert_meas(&f->m, 0, "section.text", 0x2cb, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 0, "section.note.gnu.property", 0x20);
	assert_exact(&f->m, 1, "section.text", 0x20a);
	assert_null(find_meas(&f->m, 0, "section.rodata"));
	assert_true(has_warning(&f->d, 11, "garbled objdump -h row"));
	assert_int_equal(f->d.n, 1);
	assert_int_equal(count_meas(&f->m, 0), 2);
}

/* Rows whose other hex columns do not read are damage too; prose with "2**" is not a row. */
static void test_damage_and_prose(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "d.txt",
		      "Sections:\n"
		      "Idx Name          Size      VMA       LMA       File off  Algn\n"
		      "  0 .text         00000100  0804800G  08048000  00001000  2**4\n"
		      "  1 .data         00000020  08049000  08049000  00002000  2**2\n"
		      "\n"
		      "The alignment is 2**4 bytes here.\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_null(find_meas(&f->m, 0, "section.text"));
	assert_exact(&f->m, 0, "section.data", 32);
	assert_true(has_warning(&f->d, 3, "garbled objdump -h row"));
	assert_int_equal(f->d.n, 1);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_two_files),
		T(test_damage_and_prose),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
