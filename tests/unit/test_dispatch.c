/*
 * test_dispatch.c - the segmenter's first-word table (parsers/dispatch.h):
 * a parser that names its first words is left out only of lines it would
 * not have started a block with. Every line of every sample and corpus
 * case, cleaned as the segmenter cleans it, is asked of every parser as
 * the segmenter asked before the table (all parsers of its first byte);
 * each START must come from a parser the table asks, and every parser
 * that does not read figures' values must answer the same of lines of
 * the line's shape (segment.c's shapes). And every line of a
 * block whose kind the claim told (struct line's `kind`, which the parse
 * takes instead of classifying again) has the kind the parser's
 * classifier gives it as the parse sees it.
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
#include "parsers/label.h"
#include "parsers/legend.h"
#include "parsers/parser.h"
#include "parsers/segment.h"

struct tally {
	size_t lines, starts, gated_starts, left_out;
	size_t told, told_fmt[FMT__COUNT]; /* block lines whose kind the claim told */
	size_t shaped;                     /* claims asked again of lines of a line's shape */
	size_t unshaped;                   /* of them, answered otherwise */
	size_t label_shaped;               /* lines read as no label, read again in their shape */
	size_t label_unshaped;             /* of them, read otherwise */
	size_t fact_shaped, fact_unshaped; /* the same for the walk's facts of a prose line (seg_line_facts()) */
	size_t legend_shaped, legend_unshaped; /* the same for the legends a prose line states (legend_scan()) */
	size_t legend_lines;                   /* lines that state one */
	const char *path;                  /* the file being walked */
};

typedef void (*file_fn)(const struct dispatch *d, const char *path, struct tally *t);

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
 * Line `l` of the shape way `way` (0, 1, 2) in v[0..l->len): each digit 1-9
 * past `keep` bytes the next one (9 wraps to 1), every one 9, every one 1
 * (zeros kept). 0 when the line has no such digit (no other line of its shape).
 */
static int shape_variant(const struct line *l, size_t keep, int way, char *v)
{
	int moved = 0;

	memcpy(v, l->s, l->len);
	for (size_t j = keep; j < l->len; j++) {
		if (!char_is_digit(v[j]) || v[j] == '0')
			continue;
		v[j] = way == 0 ? (char)(v[j] == '9' ? '1' : v[j] + 1) : way == 1 ? '9' : '1';
		moved = 1;
	}
	return moved;
}

/*
 * The segmenter does not ask a parser again of a line of a shape it
 * refused, unless its claim reads figures' values (segment.c's shapes):
 * lines whose digits past the bytes the table reads differ (the first
 * 16: dispatch.h's digits_read), zeros kept, get
 * p's answer to `l`. Three such lines: each digit 1-9 the next one (9
 * wraps to 1), every one 9, every one 1.
 */
static void check_shapes(const struct dispatch *d, const struct parser *p, const struct line *l, int started,
			 const char *name, size_t no, struct tally *t)
{
	char v[4096];
	struct claim_room room;
	struct rx_thread rx = { 0 };
	struct line lv;
	size_t keep = l->indent + d->digits_read;

	if (p->claim_reads_values || l->len <= keep || l->len > sizeof(v))
		return;
	for (int way = 0; way < 3; way++) {
		if (!shape_variant(l, keep, way, v))
			return;
		line_at(&lv, v, l->len);
		memset(&room, 0, sizeof(room));
		room.rx = &rx;
		t->shaped++;
		if ((p->claim(&lv, 0, room.state) == CLAIM_START) != started)
			print_message("%s:%zu: %s %s \"%.*s\" but %s \"%.*s\", a line of its shape: set its claim_reads_values\n",
				 name, no, fmt_name(p->fmt), started ? "starts a block with" : "refuses", (int)l->len, l->s,
				 started ? "refuses" : "starts one with", (int)l->len, v), t->unshaped++;
		rx_take_failure(&rx, &(struct rx_failure){ 0 });
	}
}

/* Does seg_line_shape() of s[0..n) (n <= 4096) keep `keep` bytes and make each later digit 1-9 '1'? */
static int shape_right(const char *s, size_t n, size_t keep)
{
	char out[4096];

	seg_line_shape(s, n, keep, out);
	for (size_t j = 0; j < n; j++) {
		char want = j < keep || !char_is_digit(s[j]) ? s[j] : s[j] == '0' ? '0' : '1';

		if (out[j] != want)
			return 0;
	}
	return 1;
}

/*
 * The walk does not read a prose line as a label again when a line of its
 * shape (the same as the claims', seg_line_shape()) was read as nothing
 * with the same `plain_ok` (segment.c's none_shapes): a line read as
 * nothing must read as nothing, with the same `summary`, in each of the
 * three lines of its shape check_shapes() makes.
 */
static void check_label_shapes(const struct dispatch *d, const struct line *l, const char *name, size_t no,
			       struct tally *t)
{
	char v[4096];
	struct rx_thread rx = { 0 };
	struct label lab = { .rx = &rx };
	size_t keep = l->indent + d->digits_read;

	if (l->len <= keep || l->len > 120)
		return; /* (the walk keeps shapes of lines up to 120 bytes) */
	for (int plain = 0; plain < 2; plain++) {
		int summary;

		if (label_read(l->s, l->len, plain, &lab) != LABEL_NONE || rx_failed(&rx))
			break;
		summary = !!lab.summary;
		for (int way = 0; way < 3; way++) {
			if (!shape_variant(l, keep, way, v))
				break;
			t->label_shaped++;
			if (label_read(v, l->len, plain, &lab) != LABEL_NONE || !!lab.summary != summary)
				print_message("%s:%zu: \"%.*s\" reads as no label but \"%.*s\", a line of its shape, as one\n",
					      name, no, (int)l->len, l->s, (int)l->len, v), t->label_unshaped++;
		}
		rx_take_failure(&rx, &(struct rx_failure){ 0 });
	}
	rx_take_failure(&rx, &(struct rx_failure){ 0 });
	label_release(&lab);
}

/*
 * The facts the walk asks of a prose line (a command, a comment's header,
 * an environment heading: seg_line_facts()) are kept for lines of its
 * shape (segment.c's struct shaped): each of the three lines of its shape
 * check_shapes() makes must have the line's facts.
 */
static void check_fact_shapes(const struct dispatch *d, const struct line *l, const char *name, size_t no,
			      struct tally *t)
{
	char v[4096];
	struct rx_thread rx = { 0 };
	size_t keep = l->indent + d->digits_read;
	int facts;

	if (l->len <= keep || l->len > 120)
		return; /* (the walk keeps shapes of lines up to 120 bytes) */
	facts = seg_line_facts(&rx, l->s, l->len, l->indent);
	for (int way = 0; way < 3 && !rx_failed(&rx); way++) {
		if (!shape_variant(l, keep, way, v))
			break;
		t->fact_shaped++;
		if (seg_line_facts(&rx, v, l->len, l->indent) != facts)
			print_message("%s:%zu: \"%.*s\" has facts %d but \"%.*s\", a line of its shape, %d\n", name, no,
				      (int)l->len, l->s, facts, (int)l->len, v, seg_line_facts(&rx, v, l->len, l->indent)),
				t->fact_unshaped++;
	}
	rx_take_failure(&rx, &(struct rx_failure){ 0 });
}

/* The places of the legends legend_scan() finds in a line: up to 8 of them, and how many. */
struct legend_places {
	const char *s;
	size_t n;
	size_t at[8][4];
};

static void legend_place(void *arg, const char *name, size_t nn, const char *desc, size_t dn)
{
	struct legend_places *lp = arg;

	if (lp->n < 8) {
		lp->at[lp->n][0] = (size_t)(name - lp->s);
		lp->at[lp->n][1] = nn;
		lp->at[lp->n][2] = (size_t)(desc - lp->s);
		lp->at[lp->n][3] = dn;
	}
	lp->n++;
}

/*
 * The legends a prose line states are remembered by its shape with every
 * digit made '1' (segment.h's seg_read_legends_memo()): each of the three
 * lines of its shape (every digit past its indentation) must state as many
 * legends, at the same places.
 */
static void check_legend_shapes(const struct line *l, const char *name, size_t no, struct tally *t)
{
	struct line bare = *l;
	char v[4096];
	struct legend_places first = { 0 }, other;

	bare.s = l->s + l->indent;
	bare.len = l->len - l->indent;
	if (bare.len > SEG_LEGEND_TEXT)
		return; /* (read each time) */
	first.s = bare.s;
	legend_scan(bare.s, bare.len, legend_place, &first);
	t->legend_lines += first.n > 0;
	for (int way = 0; way < 3; way++) {
		if (!shape_variant(&bare, 0, way, v))
			break;
		t->legend_shaped++;
		memset(&other, 0, sizeof(other));
		other.s = v;
		legend_scan(v, bare.len, legend_place, &other);
		if (other.n != first.n || memcmp(other.at, first.at, sizeof(first.at)))
			print_message("%s:%zu: \"%.*s\" states %zu legends but \"%.*s\", a line of its shape, %zu or elsewhere\n",
				      name, no, (int)bare.len, bare.s, first.n, (int)bare.len, v, other.n),
				t->legend_unshaped++;
	}
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
	if (n <= 4096 && !shape_right(s, n, l.indent + d->digits_read))
		fail_msg("%s:%zu: the shape of \"%.*s\" is not its digits made 1", name, no, (int)n, s);
	check_label_shapes(d, &l, name, no, t);
	check_fact_shapes(d, &l, name, no, t);
	check_legend_shapes(&l, name, no, t);
	b = (unsigned char)l.s[l.indent];
	asks = dispatch_mask(d, l.s + l.indent, l.len - l.indent);
	for (unsigned k = 0; k < d->nrow[b]; k++) {
		const struct parser *p = ps[d->row[b][k]];
		int started;

		memset(&room, 0, sizeof(room));
		room.rx = &rx;
		started = p->claim(&l, 0, room.state) == CLAIM_START;
		rx_take_failure(&rx, &(struct rx_failure){ 0 });
		check_shapes(d, p, &l, started, name, no, t);
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
static size_t check_tree(const struct dispatch *d, const char *dir, int depth, struct tally *t, file_fn fn)
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
				files += check_tree(d, p.s, depth - 1, t, fn);
		} else {
			fn(d, p.s, t);
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
	files = check_tree(&d, "../../samples", 1, &t, check_file);
	files += check_tree(&d, "../corpus/cases", 0, &t, check_file);
	print_message("%zu files, %zu lines, %zu starts (%zu by parsers with words), %zu asks left out, %zu claims of lines of a shape, %zu label readings and %zu facts of lines of a shape\n", files, t.lines, t.starts, t.gated_starts, t.left_out, t.shaped, t.label_shaped, t.fact_shaped);
	print_message("%zu legend readings of lines of a shape (%zu lines state legends)\n", t.legend_shaped, t.legend_lines);
	/* (the test reads what it should: many files, lines, blocks, and lines the table leaves out) */
	assert_true(files > 500);
	assert_true(t.lines > 20000);
	assert_true(t.gated_starts > 500);
	assert_true(t.left_out > t.lines / 4);
	assert_true(t.shaped > t.lines);
	assert_int_equal(t.unshaped, 0);
	assert_true(t.label_shaped > 1000);
	assert_int_equal(t.label_unshaped, 0);
	assert_true(t.fact_shaped > 1000);
	assert_int_equal(t.fact_unshaped, 0);
	assert_true(t.legend_shaped > 1000);
	assert_true(t.legend_lines > 50);
	assert_int_equal(t.legend_unshaped, 0);
}

/* Each line of block `b` whose kind its claim told: the kind its parser's classifier gives it. */
static int check_told(const struct block *b, void *ctx)
{
	struct tally *t = ctx;
	const struct parser *p = parser_for(b->fmt);

	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (!l->kind)
			continue;
		if (!p || !p->classify)
			fail_msg("%s:%u: a %s line told kind %u, which its parser cannot classify", t->path, l->no,
				 fmt_name(b->fmt), l->kind - 1u);
		if (p->classify(l) != l->kind - 1u)
			fail_msg("%s:%u: %s's claim told kind %s of \"%.*s\", its classifier says %s", t->path, l->no,
				 fmt_name(b->fmt), l->kind - 1u < p->nkinds ? p->kinds[l->kind - 1u] : "?", (int)l->len,
				 l->s, p->kinds[p->classify(l)]);
		t->told++;
		t->told_fmt[b->fmt]++;
	}
	return 0;
}

/* The file at `path` walked by the segmenter, each block's told kinds checked. */
static void walk_file(const struct dispatch *d, const char *path, struct tally *t)
{
	struct buf text = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct diag dg = DIAG_INIT;
	struct seg_result res;

	(void)d;
	if (file_read(path, &text, &dg) < 0)
		fail_msg("cannot read %s", path);
	t->path = path;
	seg_split(path, text.s ? text.s : "", text.len, &a, check_told, t, &res, &dg, NULL);
	seg_result_release(&res);
	arena_release(&a);
	buf_release(&text);
	diag_release(&dg);
}

/*
 * The samples and the corpus's threads walked: the kinds the claims tell
 * the parse are their classifiers' (a claim that told another kind, or
 * told one of a line it classified otherwise, fails here).
 */
static void test_told_kinds(void **state)
{
	static const enum fmt told[] = { FMT_CRITERION, FMT_IPERF3, FMT_FORTIO, FMT_SIZE, FMT_HYPERFINE };
	struct tally t = { 0 };
	size_t files;

	(void)state;
	files = check_tree(NULL, "../../samples", 1, &t, walk_file);
	files += check_tree(NULL, "../corpus/cases", 0, &t, walk_file);
	print_message("%zu files, %zu block lines of a told kind (criterion %zu, iperf3 %zu, fortio %zu, size %zu, hyperfine %zu)\n", files, t.told, t.told_fmt[FMT_CRITERION], t.told_fmt[FMT_IPERF3], t.told_fmt[FMT_FORTIO], t.told_fmt[FMT_SIZE], t.told_fmt[FMT_HYPERFINE]);
	assert_true(files > 500);
	assert_true(t.told > 1000);
	/* (each parser that tells its kinds told some) */
	for (size_t i = 0; i < countof(told); i++)
		assert_true(t.told_fmt[told[i]] > 20);
}

/*
 * A line's shape (seg_line_shape(), read eight bytes at a time): every
 * byte value at every place of a word, beside digits, UTF-8 and bytes
 * next to '0' and '9' ('/', ':'), for each count of bytes kept.
 */
static void test_line_shape(void **state)
{
	char s[40];

	(void)state;
	for (unsigned v = 0; v < 256; v++)
		for (size_t at = 0; at < 24; at++) {
			for (size_t j = 0; j < sizeof(s); j++)
				s[j] = "09/:a1\xc2\xb5" "8 "[(j * 7 + v) % 10];
			s[at] = (char)v;
			for (size_t keep = 0; keep < 20; keep += 3)
				for (size_t n = at + 1; n <= sizeof(s); n += 5)
					if (!shape_right(s, n, keep))
						fail_msg("byte %u at %zu, %zu bytes, %zu kept: shape wrong", v, at, n, keep);
		}
}

/* Parsers that name no words keep their first bytes; those that do are asked by their words. */
static void test_words_gate(void **state)
{
	static const char *const foo_words[] = { "Foo ", "Fo(", NULL };
	static struct dispatch d;
	struct parser any = { .starts = "FB" }, foo = { .words = foo_words },
		      late = { .starts = "F", .claim_reads_values = 1 };
	const struct parser *ps[] = { &any, &foo, &late };
	uint64_t m;

	(void)state;
	dispatch_build(&d, ps, countof(ps));
	assert_int_equal(d.nrow['F'], 3);
	assert_int_equal(d.nrow['B'], 1);
	assert_int_equal(d.row['F'][1], 1);
	/* a line of a shape refused before is asked of the row's value readers only */
	assert_int_equal(d.nvalued['F'], 1);
	assert_int_equal(d.valued['F'][0], 2);
	assert_int_equal(d.nvalued['B'], 0);
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
	/* each row's value readers are the positions whose parser says so, in order */
	for (unsigned b = 0; b < 256; b++) {
		unsigned v = 0;

		for (unsigned j = 0; j < d.nrow[b]; j++)
			if (ps[d.row[b][j]]->claim_reads_values) {
				assert_true(v < d.nvalued[b]);
				assert_int_equal(d.valued[b][v++], j);
			}
		assert_int_equal(v, d.nvalued[b]);
	}
	assert_true(d.nvalued['L'] >= 1);
	/* no word holds a digit past its 16th byte today: the shapes keep 16 bytes */
	assert_int_equal(d.digits_read, 16);
	assert_false(dispatch_asks(dispatch_mask(&d, "Benchmarking parse_1/x", 22), k));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_shape),
		cmocka_unit_test(test_words_gate),
		cmocka_unit_test(test_registry_words),
		cmocka_unit_test(test_no_start_left_out),
		cmocka_unit_test(test_told_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
