/*
 * test_cmdline.c - the line a command was read from: cmdline_first_all()
 * gives each command the line cmdline_first() gives it alone, on random
 * blocks of a small alphabet where commands occur often, inside each
 * other, twice, in a line's cut indentation, or not at all; and it leaves
 * a block with a cleaned copy of a line to cmdline_first().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "store/cmdline.h"

static unsigned long seed = 4242;

static unsigned pick(unsigned n)
{
	seed = seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((seed >> 33) % n);
}

/*
 * The lines of `text` as a block: each line its own bytes, `cut` bytes of
 * indentation cut from the lines that start with that many spaces.
 */
static void block_of(char *text, struct block *b, struct line *lines, size_t max, uint32_t cut)
{
	char *p = text;

	memset(b, 0, sizeof(*b));
	b->lines = lines;
	while (*p && b->n < max) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		struct line *l = &lines[b->n];
		uint32_t c = n >= cut && !strncmp(p, "        ", cut) ? cut : 0;

		memset(l, 0, sizeof(*l));
		l->raw = p;
		l->raw_len = (uint32_t)n;
		l->s = p + c;
		l->len = (uint32_t)(n - c);
		l->cut = c;
		l->no = b->n + 1;
		b->n++;
		p += n + (nl ? 1 : 0);
	}
}

static void test_all_at_once_is_one_by_one(void **state)
{
	static const char *const words[] = { "./a", "--x", "1", "10", "b.py", " ", "\"" };
	(void)state;

	for (int round = 0; round < 300; round++) {
		char text[4096], cmd[40][32];
		const char *cmds[40];
		struct line lines[256];
		struct block b;
		uint32_t at[40], lo, end;
		size_t len = 0, ncmds = 4 + pick(36);

		/* lines of random words, some indented by the cut */
		while (len < 3000) {
			if (!pick(6))
				len += (size_t)sprintf(text + len, "  ");
			for (unsigned w = 1 + pick(6); w-- > 0;)
				len += (size_t)sprintf(text + len, "%s", words[pick(7)]);
			text[len++] = '\n';
		}
		text[len] = '\0';
		block_of(text, &b, lines, 256, 2);
		/* commands of the same words: many found, some inside others, some twice */
		for (size_t c = 0; c < ncmds; c++) {
			size_t n = 0;

			for (unsigned w = 1 + pick(3); w-- > 0;)
				n += (size_t)sprintf(cmd[c] + n, "%s", words[pick(5)]);
			cmds[c] = cmd[c];
		}
		lo = pick(b.n / 2);
		end = lo + pick(b.n - lo) + 1;
		assert_int_equal(cmdline_first_all(&b, lo, end, cmds, ncmds, at), 0);
		for (size_t c = 0; c < ncmds; c++)
			if (at[c] != cmdline_first(&b, lo, end, cmds[c], strlen(cmds[c])))
				fail_msg("round %d: \"%s\" over lines [%u, %u): line %u at once, %u alone", round, cmds[c],
					 (unsigned)lo, (unsigned)end, (unsigned)at[c],
					 (unsigned)cmdline_first(&b, lo, end, cmds[c], strlen(cmds[c])));
	}
}

static void test_cleaned_line_left_to_one_by_one(void **state)
{
	char text[] = "  \"command\": \"./a 1\",\n  \"command\": \"./a 10\",\n";
	char copy[] = "\"command\": \"./a 10\",";
	const char *cmds[] = { "./a 1", "./a 10" };
	struct line lines[4];
	struct block b;
	uint32_t at[2] = { 7, 7 };

	(void)state;
	block_of(text, &b, lines, 4, 2);
	assert_int_equal(cmdline_first_all(&b, 0, b.n, cmds, 2, at), 0);
	assert_int_equal(at[0], 0);
	assert_int_equal(at[1], 1);
	/* a cleaned copy (a CI timestamp dropped, say) is not the source's bytes */
	lines[1].s = copy;
	lines[1].len = (uint32_t)strlen(copy);
	at[0] = at[1] = 7;
	assert_int_equal(cmdline_first_all(&b, 0, b.n, cmds, 2, at), -1);
	assert_int_equal(at[0], 7);
	assert_int_equal(cmdline_first(&b, 0, b.n, "./a 10", 6), 1);
}

static void test_cut_indentation_is_not_the_line(void **state)
{
	char text[] = "  x y\nnone\na  b x y\n";
	const char *cmds[] = { "  ", " x", "x y", "zz" };
	struct line lines[4];
	struct block b;
	uint32_t at[4];

	(void)state;
	block_of(text, &b, lines, 4, 2);
	assert_int_equal(cmdline_first_all(&b, 0, b.n, cmds, 4, at), 0);
	/* the first line's two spaces were cut: what starts in them is not in the line */
	assert_int_equal(at[0], 2);
	assert_int_equal(at[1], 2);
	assert_int_equal(at[2], 0);
	assert_int_equal(at[3], b.n);
	for (size_t c = 0; c < 4; c++)
		assert_int_equal(at[c], cmdline_first(&b, 0, b.n, cmds[c], strlen(cmds[c])));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_at_once_is_one_by_one),
		cmocka_unit_test(test_cleaned_line_left_to_one_by_one),
		cmocka_unit_test(test_cut_indentation_is_not_the_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
