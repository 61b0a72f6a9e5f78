/*
 * test_csvio.c - csvio_row() writes what libcsv's csv_write() writes, field
 * by field (its fast copy must not change a byte), for random rows: empty
 * fields, quotes, commas and newlines, fields longer than the room a row is
 * given, rows of many fields; and what it writes reads back as the fields.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "util/csvio.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_row_as_libcsv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
