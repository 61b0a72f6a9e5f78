/*
 * test_indexbin.c - index.bin (store/indexbin.h): a base of thousands of
 * blocks (many fence runs) answers every lookup of what was put in and none
 * of what was not; a segment appended holds what an import adds and is
 * read only up to the length given; a changed byte, another token or an
 * earlier version is not an index; a new base holds the old one, its
 * segments and the new entries; a key put in twice keeps its first
 * answers; a key of another shape makes the builder unusable.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/indexbin.h"

static const char token_a[] = "0123456789abcdef0123456789abcdef";
static const char token_b[] = "fedcba9876543210fedcba9876543210";

static unsigned long seed = 77;

static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((seed >> 33) % n);
}

/* An entry of a test index: a block and its answers. */
struct ent {
	char key[32], exp[32], src[40];
	uint32_t line;
};

static void make_ent(struct ent *e, unsigned i)
{
	for (int k = 0; k < 20; k++)
		e->key[k] = "0123456789abcdef"[pick(16)];
	e->key[20] = '\0';
	if (i % 7 == 3) /* a repeat of a block in its text */
		snprintf(e->key + 20, sizeof(e->key) - 20, ".%u", 2 + i % 5);
	snprintf(e->exp, sizeof(e->exp), "experiment %u", pick(60));
	snprintf(e->src, sizeof(e->src), "%032x", pick(200));
	e->line = i + 1;
}

static void add_all(struct ibin_builder *b, const struct ent *e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		ibin_add_block(b, e[i].key, e[i].exp, e[i].src, e[i].line);
		ibin_add_name(b, e[i].exp);
		ibin_add_source(b, e[i].src);
		{
			char place[64];

			snprintf(place, sizeof(place), "/logs/%s.txt", e[i].src);
			ibin_add_place(b, place, e[i].exp);
		}
	}
}

/* Every entry is found with its answers (the first one put in of a key). */
static void expect_all(struct ibin *b, const struct ent *e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *exp, *src;
		uint32_t line;
		char place[64];

		assert_int_equal(ibin_block(b, e[i].key, &exp, &src, &line), 1);
		assert_string_equal(exp, e[i].exp);
		assert_string_equal(src, e[i].src);
		assert_int_equal(line, e[i].line);
		assert_int_equal(ibin_block(b, e[i].key, NULL, NULL, NULL), 1); /* asked again */
		assert_int_equal(ibin_name(b, e[i].exp), 1);
		assert_int_equal(ibin_source(b, e[i].src), 1);
		snprintf(place, sizeof(place), "/logs/%s.txt", e[i].src);
		assert_non_null(ibin_place(b, place));
	}
}

static void expect_none(struct ibin *b, const struct ent *e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char place[64];

		assert_int_equal(ibin_block(b, e[i].key, NULL, NULL, NULL), 0);
		snprintf(place, sizeof(place), "/elsewhere/%s", e[i].src);
		assert_null(ibin_place(b, place));
	}
	assert_int_equal(ibin_name(b, "no such experiment"), 0);
	assert_int_equal(ibin_source(b, "ffffffffffffffffffffffffffffffff"), 0);
	assert_int_equal(ibin_block(b, "00000000000000000000", NULL, NULL, NULL), 0);
	assert_int_equal(ibin_block(b, "ffffffffffffffffffff.9", NULL, NULL, NULL), 0);
	assert_int_equal(ibin_block(b, "not a key", NULL, NULL, NULL), 0);
}

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/bd-test-indexbin-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char p[128];

	(void)state;
	snprintf(p, sizeof(p), "%s/index.bin", dir);
	unlink(p);
	return rmdir(dir);
}

static uint64_t file_size(void)
{
	char p[128];
	struct stat sb;

	snprintf(p, sizeof(p), "%s/index.bin", dir);
	return stat(p, &sb) == 0 ? (uint64_t)sb.st_size : 0;
}

static void flip_byte(uint64_t at)
{
	char p[128];
	int fd;
	char c;

	snprintf(p, sizeof(p), "%s/index.bin", dir);
	fd = open(p, O_RDWR);
	assert_true(fd >= 0);
	assert_int_equal(pread(fd, &c, 1, (off_t)at), 1);
	c ^= 0x20;
	assert_int_equal(pwrite(fd, &c, 1, (off_t)at), 1);
	close(fd);
}

#define NBASE 5000
#define NADD 150

static void test_base_segments_and_new_base(void **state)
{
	struct ent *base = calloc(NBASE, sizeof(*base)), *add = calloc(2 * NADD, sizeof(*add));
	struct ent *absent = calloc(2000, sizeof(*absent));
	struct ibin_builder w;
	struct ibin b;
	uint64_t len1, len2, base_len;

	(void)state;
	for (unsigned i = 0; i < NBASE; i++)
		make_ent(&base[i], i);
	for (unsigned i = 0; i < 2 * NADD; i++)
		make_ent(&add[i], NBASE + i);
	for (unsigned i = 0; i < 2000; i++)
		make_ent(&absent[i], 100000 + i);

	/* a base */
	ibin_builder_init(&w, NULL);
	add_all(&w, base, NBASE);
	assert_int_equal(ibin_write_base(&w, dir, token_a), 0);
	ibin_builder_release(&w);
	assert_int_equal(ibin_open(&b, dir, token_b, 0), -1);
	assert_int_equal(ibin_open(&b, dir, token_a, 0), 0);
	base_len = b.len;
	assert_int_equal(base_len, file_size());
	expect_all(&b, base, NBASE);
	expect_none(&b, absent, 2000);
	expect_none(&b, add, 2 * NADD);

	/* a segment: what is there already is not added again */
	ibin_builder_init(&w, &b);
	add_all(&w, base, 40);
	assert_int_equal(w.nblocks, 0);
	add_all(&w, add, NADD);
	assert_int_equal(w.nblocks, NADD);
	assert_true(ibin_may_append(&w));
	assert_int_equal(ibin_append(&w, &len1), 0);
	assert_int_equal(len1, base_len + ibin_segment_size(&w));
	ibin_builder_release(&w);
	ibin_close(&b);

	/* read up to the length given: the base alone, or with the segment */
	assert_int_equal(ibin_open(&b, dir, token_a, 0), 0);
	expect_none(&b, add, NADD);
	ibin_close(&b);
	assert_int_equal(ibin_open(&b, dir, token_a, len1), 0);
	expect_all(&b, base, NBASE);
	expect_all(&b, add, NADD);
	expect_none(&b, absent, 2000);

	/* a second segment */
	ibin_builder_init(&w, &b);
	add_all(&w, add, 2 * NADD);
	assert_int_equal(w.nblocks, NADD);
	assert_int_equal(ibin_append(&w, &len2), 0);
	ibin_builder_release(&w);
	ibin_close(&b);
	assert_int_equal(ibin_open(&b, dir, token_a, len2), 0);
	assert_int_equal(b.nsegs, 2);
	expect_all(&b, add, 2 * NADD);
	ibin_close(&b);
	/* past the file's end, or a changed byte in a segment: not an index */
	assert_int_equal(ibin_open(&b, dir, token_a, len2 + 8), -1);
	flip_byte(len1 + 100);
	assert_int_equal(ibin_open(&b, dir, token_a, len2), -1);
	assert_int_equal(ibin_open(&b, dir, token_a, len1), 0); /* the first segment is whole */
	ibin_close(&b);
	flip_byte(len1 + 100);

	/* a new base: the old one, its segments, and more */
	assert_int_equal(ibin_open(&b, dir, token_a, len2), 0);
	ibin_builder_init(&w, &b);
	add_all(&w, absent, 100);
	assert_int_equal(ibin_write_base(&w, dir, token_b), 0);
	ibin_builder_release(&w);
	ibin_close(&b);
	assert_int_equal(ibin_open(&b, dir, token_a, 0), -1);
	assert_int_equal(ibin_open(&b, dir, token_b, 0), 0);
	assert_int_equal(b.nsegs, 0);
	assert_int_equal(b.len, file_size());
	assert_int_equal(b.nblocks, NBASE + 2 * NADD + 100);
	expect_all(&b, base, NBASE);
	expect_all(&b, add, 2 * NADD);
	expect_all(&b, absent, 100);
	expect_none(&b, absent + 100, 1900);
	ibin_close(&b);

	/* an earlier version's file */
	flip_byte(7); /* "bdindex2" → "bdindexR" */
	assert_int_equal(ibin_open(&b, dir, token_b, 0), -1);
	free(base);
	free(add);
	free(absent);
}

/*
 * A key put in twice keeps its first answers and counts once; keys whose
 * leading bytes agree (one pile of the sort: here thousands) and keys that
 * differ in their repeat alone are each found.
 */
static void test_first_of_a_key(void **state)
{
	enum { N = 6000 }; /* past PILES_MIN: the piles are dealt */
	struct ent *e = calloc(N, sizeof(*e)), again;
	struct ibin_builder w;
	struct ibin b;

	(void)state;
	for (unsigned i = 0; i < N; i++) {
		make_ent(&e[i], i);
		if (i % 3 == 0)
			memcpy(e[i].key, "abcd", 4); /* one pile */
		if (i % 10 == 9) /* the block of the entry before, another repeat */
			snprintf(e[i].key, sizeof(e[i].key), "%.20s.%u", e[i - 1].key, 2 + i % 7);
	}
	ibin_builder_init(&w, NULL);
	add_all(&w, e, N);
	assert_int_equal(w.nblocks, N);
	for (unsigned i = 0; i < N; i += 2) {
		again = e[i];
		snprintf(again.exp, sizeof(again.exp), "later %u", i);
		again.line = 900000 + i;
		ibin_add_block(&w, again.key, again.exp, again.src, again.line);
	}
	assert_int_equal(w.nblocks, N);
	assert_int_equal(ibin_write_base(&w, dir, token_a), 0);
	ibin_builder_release(&w);
	assert_int_equal(ibin_open(&b, dir, token_a, 0), 0);
	assert_int_equal(b.nblocks, N);
	expect_all(&b, e, N);
	assert_int_equal(ibin_block(&b, "abcd0000000000000000", NULL, NULL, NULL), 0);
	ibin_close(&b);
	free(e);
}

/*
 * A new base over segments from a builder already sorted (as an import's
 * render thread sorts it): the segments' entries it takes in are sorted
 * with the rest, and every one is found.
 */
static void test_new_base_after_sort(void **state)
{
	enum { NB = 3000, NS = 200, NN = 5000 };
	struct ent *e = calloc(NB + NS + NN, sizeof(*e));
	struct ibin_builder w;
	struct ibin b;
	uint64_t len;

	(void)state;
	for (unsigned i = 0; i < NB + NS + NN; i++)
		make_ent(&e[i], 300000 + i);
	ibin_builder_init(&w, NULL);
	add_all(&w, e, NB);
	assert_int_equal(ibin_write_base(&w, dir, token_a), 0);
	ibin_builder_release(&w);
	assert_int_equal(ibin_open(&b, dir, token_a, 0), 0);
	ibin_builder_init(&w, &b);
	add_all(&w, e + NB, NS);
	assert_int_equal(ibin_append(&w, &len), 0);
	ibin_builder_release(&w);
	ibin_close(&b);

	assert_int_equal(ibin_open(&b, dir, token_a, len), 0);
	ibin_builder_init(&w, &b);
	add_all(&w, e + NB + NS, NN);
	ibin_builder_sort(&w);
	assert_int_equal(ibin_write_base(&w, dir, token_b), 0);
	ibin_builder_release(&w);
	ibin_close(&b);
	assert_int_equal(ibin_open(&b, dir, token_b, 0), 0);
	assert_int_equal(b.nblocks, NB + NS + NN);
	expect_all(&b, e, NB + NS + NN);
	ibin_close(&b);
	free(e);
}

static void test_unusable_key(void **state)
{
	struct ibin_builder w;

	(void)state;
	ibin_builder_init(&w, NULL);
	ibin_add_block(&w, "0123456789abcdef0123", "e", "s", 1);
	assert_int_equal(w.unusable, 0);
	ibin_add_block(&w, "0123456789ABCDEF0123", "e", "s", 2);
	assert_int_equal(w.unusable, 1);
	assert_int_equal(ibin_write_base(&w, dir, token_a), -1);
	ibin_builder_release(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_segments_and_new_base),
		cmocka_unit_test(test_first_of_a_key),
		cmocka_unit_test(test_new_base_after_sort),
		cmocka_unit_test(test_unusable_key),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
