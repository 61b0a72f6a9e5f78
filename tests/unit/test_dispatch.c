/*
 * test_dispatch.c - the segmenter's first-word table (parsers/dispatch.h):
 * a parser that names its first words is left out only of lines it would
 * not have started a block with. Every line of every sample and corpus
 * case, cleaned as the segmenter cleans it, is asked of every parser as
 * the segmenter asked before the table (all parsers of its first byte);
 * each START must come from a parser the table asks.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "helpers.h"
#include "parsers/clean.h"
#include "parsers/dispatch.h"
#include "parsers/parser.h"

struct tally {
	size_t lines, starts, gated_starts, left_out;
};

/* A cleaned line, its indentation counted, as do_line() hands it to a claim. */
static void line_at(struct line *l, const char *s, size_t n)
{
	memset(l, 0, sizeof(*l));
	l->s = s;
	l->len = (uint32_t)n;
	while (l->indent < l->len && (s[l->indent] == ' ' || s[l->indent] == '\t'))
		l->indent++;
	l->no = 1;
	l->raw = s;
	l->raw_len = l->len;
}

/*
 * Ask the line s[0..n) of every parser its first byte names, ungated;
 * fail when one starts a block that the table would not have asked.
 */
static void check_line(const struct dispatch *d, const char *name, size_t no, const char *s, size_t n,
		       struct tally *t)
{
	size_t np;
	const struct parser *const *ps = parsers_all(&np);
	struct claim_room room;
	struct rx_thread rx = { 0 };
	struct line l;
	unsigned char b;
	uint64_t asks;

	line_at(&l, s, n);
	if (l.indent == l.len)
		return;
	t->lines++;
	b = (unsigned char)l.s[l.indent];
	asks = dispatch_mask(d, l.s + l.indent, l.len - l.indent);
	for (unsigned k = 0; k < d->nrow[b]; k++) {
		const struct parser *p = ps[d->row[b][k]];
		int started;

		memset(&room, 0, sizeof(room));
		room.rx = &rx;
		started = p->claim(&l, 0, room.state) == CLAIM_START;
		rx_take_failure(&rx, &(struct rx_failure){ 0 });
		t->starts += started;
		if (!p->words)
			continue;
		t->gated_starts += started;
		t->left_out += !dispatch_asks(asks, k);
		if (started && (!dispatch_asks(asks, k) || !dispatch_word_of(p, l.s + l.indent, l.len - l.indent)))
			fail_msg("%s:%zu: %s starts a block with \"%.*s\", which begins with none of its first words",
				 name, no, fmt_name(p->fmt), (int)l.len, l.s);
	}
}

/* Every line of the file at `path`, cleaned, with and without a container log's prefix. */
static void check_file(const struct dispatch *d, const char *path, struct tally *t)
{
	struct buf text = BUF_INIT, clean = BUF_INIT;
	struct diag dg = DIAG_INIT;
	size_t pos = 0, no = 0;

	if (file_read(path, &text, &dg) < 0)
		fail_msg("cannot read %s", path);
	while (pos < text.len) {
		const char *raw = text.s + pos, *nl = memchr(raw, '\n', text.len - pos);
		size_t full = nl ? (size_t)(nl - raw) : text.len - pos, n = full, k;

		no++;
		if (n && raw[n - 1] == '\r')
			n--;
		for (int pass = 0; pass < 2; pass++) {
			k = pass ? clean_container_prefix(raw, n) : 0;
			if (pass && !k)
				break;
			buf_reset(&clean);
			clean_line(raw + k, n - k, &clean, NULL);
			check_line(d, path, no, clean.s ? clean.s : "", clean.len, t);
		}
		pos += full + (nl ? 1 : 0);
	}
	buf_release(&text);
	buf_release(&clean);
	diag_release(&dg);
}

/* Every regular file under dir (one level of folders below it too). */
static size_t check_tree(const struct dispatch *d, const char *dir, int depth, struct tally *t)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	size_t files = 0;

	if (!dp)
		fail_msg("cannot open %s", dir);
	while ((e = readdir(dp))) {
		struct buf p = BUF_INIT;
		DIR *sub;

		if (e->d_name[0] == '.')
			continue;
		buf_addf(&p, "%s/%s", dir, e->d_name);
		if ((sub = opendir(p.s))) {
			closedir(sub);
			if (depth)
				files += check_tree(d, p.s, depth - 1, t);
		} else {
			check_file(d, p.s, t);
			files++;
		}
		buf_release(&p);
	}
	closedir(dp);
	return files;
}

static void registry_table(struct dispatch *d)
{
	size_t n;
	const struct parser *const *ps = parsers_all(&n);

	dispatch_build(d, ps, n);
}

/* The samples of every format and the corpus's threads: no START is lost to the table. */
static void test_no_start_left_out(void **state)
{
	static struct dispatch d;
	struct tally t = { 0 };
	size_t files;

	(void)state;
	registry_table(&d);
	files = check_tree(&d, "../../samples", 1, &t);
	files += check_tree(&d, "../corpus/cases", 0, &t);
	print_message("%zu files, %zu lines, %zu starts (%zu by parsers with words), %zu asks left out\n", files, t.lines, t.starts, t.gated_starts, t.left_out);
	/* (the test reads what it should: many files, lines, blocks, and lines the table leaves out) */
	assert_true(files > 500);
	assert_true(t.lines > 20000);
	assert_true(t.gated_starts > 500);
	assert_true(t.left_out > t.lines / 4);
}

/* Parsers that name no words keep their first bytes; those that do are asked by their words. */
static void test_words_gate(void **state)
{
	static const char *const foo_words[] = { "Foo ", "Fo(", NULL };
	static struct dispatch d;
	struct parser any = { .starts = "FB" }, foo = { .words = foo_words }, late = { .starts = "F" };
	const struct parser *ps[] = { &any, &foo, &late };
	uint64_t m;

	(void)state;
	dispatch_build(&d, ps, countof(ps));
	assert_int_equal(d.nrow['F'], 3);
	assert_int_equal(d.nrow['B'], 1);
	assert_int_equal(d.row['F'][1], 1);
	m = dispatch_mask(&d, "Foo bar", 7);
	assert_true(dispatch_asks(m, 0) && dispatch_asks(m, 1) && dispatch_asks(m, 2));
	m = dispatch_mask(&d, "Fo(x)", 5);
	assert_true(dispatch_asks(m, 1));
	m = dispatch_mask(&d, "Foobar", 6);
	assert_true(dispatch_asks(m, 0) && !dispatch_asks(m, 1) && dispatch_asks(m, 2));
	m = dispatch_mask(&d, "Fo", 2);
	assert_false(dispatch_asks(m, 1));
	assert_true(dispatch_word_of(&foo, "Foo 1", 5));
	assert_false(dispatch_word_of(&foo, "Food", 4));
	assert_true(dispatch_word_of(&any, "anything", 8));
}

/* The registry's table: hyperfine is asked of its own first line, not of Criterion's. */
static void test_registry_words(void **state)
{
	static struct dispatch d;
	size_t n;
	const struct parser *const *ps = parsers_all(&n);
	const struct parser *hf = parser_for(FMT_HYPERFINE);
	unsigned k = 0;

	(void)state;
	assert_non_null(hf->words);
	registry_table(&d);
	while (k < d.nrow['B'] && ps[d.row['B'][k]] != hf)
		k++;
	assert_true(k < d.nrow['B']);
	assert_true(dispatch_asks(dispatch_mask(&d, "Benchmark 1: ./app", 18), k));
	assert_false(dispatch_asks(dispatch_mask(&d, "Benchmarking parse_1/x", 22), k));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words_gate),
		cmocka_unit_test(test_registry_words),
		cmocka_unit_test(test_no_start_left_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
