/*
 * zsh_time.c - zsh's time report, one line per timed command (its
 * default TIMEFMT "%J  %U user %S system %P cpu %*E total"):
 * "node sha3  0.28s user 0.02s system 124% cpu 0.242 total" → one run per
 * line: user_time, system_time (s), cpu_percent (%), wall_time (s; the
 * total as seconds or as m:ss.ss / h:mm:ss.ss). The command that starts
 * the line is the run's command: where commands differ they name the
 * runs (cmd_propose), where they are the same they are the scenario.
 * A line pasted inline in backticks is read from its code span. Every
 * figure is one measurement (n = 1).
 */
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_LINE, /* "CMD  0.28s user 0.02s system 124% cpu 0.242 total", garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "line" };

/*
 * The report inside a line: the whole line, or the code span ending in
 * "total`" of a line that quotes it inline. NULL when the line holds none.
 */
static const char *span_of(const struct line *l, size_t *n)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l), *open;

	if (end - s >= 7 && end[-1] == '`') {
		end--;
	} else if (end - s < 6 || memcmp(end - 6, " total", 6)) {
		/* "... total` on the old build": a span inside a sentence (looked for only in a line with a backtick) */
		const char *t = memchr(s, '`', (size_t)(end - s)) ? text_find(s, (size_t)(end - s), " total`") : NULL;

		if (!t)
			return NULL;
		end = t + 6;
	}
	if (end - s < 6 || memcmp(end - 6, " total", 6))
		return NULL;
	for (open = end - 1; open > s && open[-1] != '`'; open--)
		;
	if (open > s || s[0] == '`')
		s = open;
	*n = (size_t)(end - s);
	return s;
}

/*
 * A zsh report by its fixed words: " total" at its end (the command is at
 * its start: any word), then " cpu ", " system " and " user " before it.
 */
static enum kind classify(const struct line *l)
{
	size_t n;
	const char *s;

	/* most lines fail here, at their last bytes */
	if (l->len - l->indent < 20 || !(s = span_of(l, &n)))
		return K_NONE;
	return text_contains(s, n, "s user ") && text_contains(s, n, " system ") && text_contains(s, n, "% cpu ")
		       ? K_LINE
		       : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* Lines one after the other are one block, so that their commands can be told apart. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	(void)state;
	if (classify(l) != K_LINE)
		return CLAIM_NONE;
	return in_block ? CLAIM_BODY : CLAIM_START;
}

/* "0.242", "0.28s", "1:02.33", "1:31:18.66" → seconds. */
static int zsh_seconds(const char *s, size_t n, size_t *num_len, double *v)
{
	const char *c1, *c2;
	double h = 0, m = 0, sec;

	if (n && s[n - 1] == 's')
		n--;
	*num_len = n;
	c1 = memchr(s, ':', n);
	if (!c1)
		return num_parse(s, n, v);
	c2 = memchr(c1 + 1, ':', (size_t)(s + n - c1 - 1));
	if (c2) {
		if (num_parse(s, (size_t)(c1 - s), &h) < 0 || c2 - c1 != 3 || num_parse(c1 + 1, 2, &m) < 0 || m >= 60)
			return -1;
		c1 = c2;
	} else if (num_parse(s, (size_t)(c1 - s), &m) < 0) {
		return -1;
	}
	for (const char *p = s; p < c1; p++)
		if (!char_is_digit(*p) && *p != ':')
			return -1;
	if (s + n - c1 - 1 < 2 || !char_is_digit(c1[1]) || !char_is_digit(c1[2]) ||
	    num_parse(c1 + 1, (size_t)(s + n - c1 - 1), &sec) < 0 || sec >= 60)
		return -1;
	*v = h * 3600 + m * 60 + sec;
	return 0;
}

static int word(const char *t, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(t, w, n);
}

static void on_line(struct sink *s, const struct line *l)
{
	struct sink_txn t = { 0 };
	uint32_t run = sink_txn_begin(s, &t, l);
	size_t n, nl, k;
	const char *span = span_of(l, &n), *tok[8], *cmd_end;
	size_t len[8];
	struct lg_line ll;
	double v = 0;
	int ok;

	/* the last eight words are the figures and their words; the command is before them */
	for (cmd_end = span + n, k = 0; k < 8 && cmd_end > span; k++) {
		while (cmd_end > span && (cmd_end[-1] == ' ' || cmd_end[-1] == '\t'))
			cmd_end--;
		while (cmd_end > span && cmd_end[-1] != ' ' && cmd_end[-1] != '\t')
			cmd_end--;
	}
	lg_line_init(&ll, l);
	ok = k == 8 && text_split_words(cmd_end, (size_t)(span + n - cmd_end), 0, tok, len, 8) == 8 && word(tok[1], len[1], "user") &&
	     word(tok[3], len[3], "system") && word(tok[5], len[5], "cpu") && word(tok[7], len[7], "total") &&
	     len[0] > 1 && tok[0][len[0] - 1] == 's' && len[2] > 1 && tok[2][len[2] - 1] == 's' && len[4] > 1 &&
	     tok[4][len[4] - 1] == '%';
	if (!ok) {
		sink_damage(s, run, l, "garbled zsh time line");
		sink_txn_finish(s, &t, l, NULL);
		return;
	}
	ok = zsh_seconds(tok[0], len[0], &nl, &v) == 0;
	lg_value(&ll, "user_time", STAT_VALUE, UNIT_SECOND, v, tok[0], nl, ok);
	ok = zsh_seconds(tok[2], len[2], &nl, &v) == 0;
	lg_value(&ll, "system_time", STAT_VALUE, UNIT_SECOND, v, tok[2], nl, ok);
	ok = 1;
	for (size_t i = 0; i + 1 < len[4]; i++)
		ok = ok && char_is_digit(tok[4][i]);
	ok = ok && num_parse(tok[4], len[4] - 1, &v) == 0;
	lg_value(&ll, "cpu_percent", STAT_VALUE, UNIT_PERCENT, v, tok[4], len[4] - 1, ok);
	ok = zsh_seconds(tok[6], len[6], &nl, &v) == 0;
	lg_value(&ll, "wall_time", STAT_VALUE, UNIT_SECOND, v, tok[6], nl, ok);
	if (lg_emit(s, run, &ll, "garbled zsh time line") == 0) {
		for (size_t i = t.mark.meas; i < s->rs->nmeas; i++)
			s->rs->meas[i].n = 1;
		while (cmd_end > span && (cmd_end[-1] == ' ' || cmd_end[-1] == '\t'))
			cmd_end--;
		if (span[0] == '`')
			span++;
		s->rs->runs[run].command = sink_strndup(s, span, (size_t)(cmd_end > span ? cmd_end - span : 0));
	}
	sink_txn_finish(s, &t, l, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t from = (uint32_t)s->rs->nruns;

	for (uint32_t i = 0; i < b->n; i++)
		if (classify(&b->lines[i]) == K_LINE)
			on_line(s, &b->lines[i]);
	/* commands that differ name their runs; the same command is the scenario */
	cmd_propose(s->rs, from, s->arena);
	return (int)(s->rs->nruns - from);
}

const struct parser zsh_time_parser = {
	.fmt = FMT_ZSH_TIME,
	/* the command starts the line: any printable byte */
	.starts = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
