/*
 * test_csvio.c - csvio_row() writes what libcsv's csv_write() writes, field
 * by field (its fast copy must not change a byte), for random rows: empty
 * fields, quotes, commas and newlines, fields longer than the room a row is
 * given, rows of many fields; and what it writes reads back as the fields.
 * A file of a few MiB reads back whole through csvio_read(), which maps it
 * and parses it a piece at a time (fields cut by a piece's end included),
 * and a quote gone wrong past the first piece keeps the rows before it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/csvio.h"
#include "util/diag.h"
#include "util/fsutil.h"

static unsigned long seed = 4242;

static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((seed >> 33) % n);
}

/* The row as libcsv writes it: each field by csv_write(), commas between, a newline. */
static void reference(struct buf *out, char **f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(f[i]), need = csv_write(NULL, 0, f[i], len);

		if (i)
			buf_addc(out, ',');
		buf_grow(out, need);
		csv_write(out->s + out->len, need, f[i], len);
		out->len += need;
		out->s[out->len] = '\0';
	}
	buf_addc(out, '\n');
}

struct back {
	char **want;
	size_t n;
	int rows, bad;
};

static int check_back(char **fields, size_t n, size_t row, void *ctx)
{
	struct back *b = ctx;

	(void)row;
	b->rows++;
	if (n != b->n)
		b->bad++;
	for (size_t i = 0; i < n && i < b->n; i++)
		b->bad += strcmp(fields[i], b->want[i]) != 0;
	return 0;
}

static void test_row_as_libcsv(void **state)
{
	static const char alphabet[] = "ab1.:\",\n \xc2\xb5";
	char *f[40];

	(void)state;
	for (int k = 0; k < 3000; k++) {
		struct buf got = BUF_INIT, want = BUF_INIT;
		size_t n = 1 + pick(40);
		struct back b = { f, n, 0, 0 };

		for (size_t i = 0; i < n; i++) {
			/* mostly short, some far longer than a row's room */
			size_t len = pick(8) ? pick(24) : pick(1500);

			f[i] = malloc(len + 1);
			for (size_t j = 0; j < len; j++)
				f[i][j] = alphabet[pick(sizeof(alphabet) - 1)];
			f[i][len] = '\0';
			/* a few fields without a quote, so the fast copy is taken */
			if (pick(2))
				for (size_t j = 0; j < len; j++)
					if (f[i][j] == '"')
						f[i][j] = 'q';
		}
		buf_addc(&got, 'x'); /* rows are appended to what the buffer holds */
		buf_addc(&want, 'x');
		csvio_row(&got, (const char *const *)f, n);
		reference(&want, f, n);
		assert_int_equal(got.len, want.len);
		assert_memory_equal(got.s, want.s, want.len);
		assert_int_equal(got.s[got.len], '\0');
		assert_int_equal(csvio_parse("row", got.s + 1, got.len - 1, check_back, &b, NULL), 0);
		assert_int_equal(b.rows, 1);
		assert_int_equal(b.bad, 0);
		for (size_t i = 0; i < n; i++)
			free(f[i]);
		buf_release(&got);
		buf_release(&want);
	}
}

/* Row k of the big file: its number, a long field with quotes, commas and newlines, "end". */
static void big_row(struct buf *name, struct buf *body, size_t k)
{
	buf_reset(name);
	buf_reset(body);
	buf_addf(name, "row %zu", k);
	for (size_t j = 0; j < 200 + k % 997; j++)
		buf_addc(body, "ab,\"\n c"[(j + k) % 7]);
}

struct big {
	struct buf name, body;
	size_t rows, bad;
};

static int check_big(char **fields, size_t n, size_t row, void *ctx)
{
	struct big *b = ctx;

	(void)row;
	big_row(&b->name, &b->body, b->rows++);
	if (n != 3 || strcmp(fields[0], b->name.s) || strcmp(fields[1], b->body.s) || strcmp(fields[2], "end"))
		b->bad++;
	return 0;
}

/* A file of `rows` big rows (and `tail` after them) written to a new temporary file: its path. */
static char *big_file(size_t rows, const char *tail)
{
	struct big b = { BUF_INIT, BUF_INIT, 0, 0 };
	struct buf all = BUF_INIT;
	char *path = strdup("/tmp/test_csvio.XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	for (size_t k = 0; k < rows; k++) {
		big_row(&b.name, &b.body, k);
		const char *f[] = { b.name.s, b.body.s, "end" };
		csvio_row(&all, f, 3);
	}
	buf_adds(&all, tail);
	assert_int_equal(fd_pwrite_all(fd, all.s, all.len, 0), 0);
	close(fd);
	assert_true(all.len > (size_t)3 << 20); /* more than a few of the pieces it is parsed in */
	buf_release(&all);
	buf_release(&b.name);
	buf_release(&b.body);
	return path;
}

static void test_read_big_file(void **state)
{
	struct big b = { BUF_INIT, BUF_INIT, 0, 0 };
	struct diag d = DIAG_INIT;
	char *path = big_file(6000, "");

	(void)state;
	assert_int_equal(csvio_read(path, check_big, &b, &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(b.rows, 6000);
	assert_int_equal(b.bad, 0);
	unlink(path);
	free(path);
	buf_release(&b.name);
	buf_release(&b.body);
	diag_release(&d);
}

static void test_read_big_file_bad_quote(void **state)
{
	struct big b = { BUF_INIT, BUF_INIT, 0, 0 };
	struct diag d = DIAG_INIT;
	char *path = big_file(6000, "\"row x\"x,\"\",\"end\"\n\"row y\",\"\",\"end\"\n");

	(void)state;
	assert_int_equal(csvio_read(path, check_big, &b, &d), 0);
	assert_int_equal(b.rows, 6000); /* every row before the bad quote, none after it */
	assert_int_equal(b.bad, 0);
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].text, "malformed CSV after row 6000"));
	unlink(path);
	free(path);
	buf_release(&b.name);
	buf_release(&b.body);
	diag_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_row_as_libcsv),
		cmocka_unit_test(test_read_big_file),
		cmocka_unit_test(test_read_big_file_bad_quote),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
