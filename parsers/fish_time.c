/*
 * fish_time.c - fish's time block → one run per timed command:
 *
 *   ________________________________________________________
 *   Executed in  805.98 millis    fish           external
 *      usr time  798.88 millis  763.88 millis   34.99 millis
 *      sys time  141.22 millis   40.20 millis  101.02 millis
 *
 * "Executed in" is wall_time, the usr and sys rows' first column
 * user_time and system_time, their fish and external columns
 * fish.user_time, external.user_time (the shell's own share and that of
 * the processes it ran), fish.system_time, external.system_time. Units are
 * fish's micros, millis, secs and mins. A block may be pasted without its
 * rule line.
 */
#include <string.h>

#include "parsers/loadgen.h"
#include "parsers/units.h"
#include "util/text.h"

enum kind {
	K_NONE,
	K_RULE,     /* "____..." above the report (40 underscores or more) */
	K_EXECUTED, /* "Executed in  1.23 secs    fish           external" */
	K_USR,      /* "usr time  ..." */
	K_SYS,      /* "sys time  ..." */
	K__COUNT
};

static const char *const kinds[] = { "none", "rule", "executed", "usr", "sys" };

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (!n)
		return K_NONE;
	switch (s[0]) {
	case '_':
		if (n < 40)
			return K_NONE;
		for (size_t i = 0; i < n; i++)
			if (s[i] != '_')
				return K_NONE;
		return K_RULE;
	case 'E':
		return lg_prefix(s, n, "Executed in ") ? K_EXECUTED : K_NONE;
	case 'u':
		return lg_prefix(s, n, "usr time ") ? K_USR : K_NONE;
	case 's':
		return lg_prefix(s, n, "sys time ") ? K_SYS : K_NONE;
	default:
		return K_NONE;
	}
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	enum kind last;
};

/* A report begins at its rule or at "Executed in"; the usr and sys rows follow, in order. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);

	if (k == K_RULE || k == K_EXECUTED) {
		if (in_block && k == K_EXECUTED && st->last == K_RULE) {
			st->last = k;
			return CLAIM_BODY;
		}
		st->last = k;
		return CLAIM_START;
	}
	if (!in_block || k == K_NONE)
		return CLAIM_NONE;
	st->last = k;
	return CLAIM_BODY;
}

/* fish's units only: "micros", "millis", "secs", "mins". */
static int fish_unit(const char *u, size_t n)
{
	return (n == 6 && (!memcmp(u, "micros", 6) || !memcmp(u, "millis", 6))) || (n == 4 && (!memcmp(u, "secs", 4) || !memcmp(u, "mins", 4)));
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
};

static void on_executed(struct parse *ps, const struct line *l)
{
	const char *tok[7];
	size_t len[7];
	struct lg_line ll;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 7);

	lg_line_init(&ll, l);
	/* "Executed in", figure, unit, "fish", "external" */
	if (nt != 6 || !fish_unit(tok[3], len[3]) || len[4] != 4 || memcmp(tok[4], "fish", 4))
		ll.bad = 1;
	else
		lg_fig(&ll, "wall_time", STAT_VALUE, tok[2], len[2], tok[3], len[3], UNIT_SECOND);
	lg_emit(ps->s, ps->run, &ll, "garbled fish time Executed line");
}

static void on_row(struct parse *ps, const struct line *l, int usr)
{
	static const char *const uq[] = { "user_time", "fish.user_time", "external.user_time" };
	static const char *const sq[] = { "system_time", "fish.system_time", "external.system_time" };
	const char *tok[9];
	size_t len[9];
	struct lg_line ll;
	size_t nt = text_split_words(l->s + l->indent, line_end(l) - l->indent, 0, tok, len, 9);

	lg_line_init(&ll, l);
	ll.bad = nt != 8;
	for (size_t i = 0; i < 3 && !ll.bad; i++) {
		if (!fish_unit(tok[3 + 2 * i], len[3 + 2 * i]))
			ll.bad = 1;
		else
			lg_fig(&ll, (usr ? uq : sq)[i], STAT_VALUE, tok[2 + 2 * i], len[2 + 2 * i], tok[3 + 2 * i],
			       len[3 + 2 * i], UNIT_SECOND);
	}
	lg_emit(ps->s, ps->run, &ll, usr ? "garbled fish time usr line" : "garbled fish time sys line");
}

static void finish(struct parse *ps, const struct line *last)
{
	if (!ps->t.open)
		return;
	for (size_t i = ps->t.mark.meas; i < ps->s->rs->nmeas; i++)
		ps->s->rs->meas[i].n = 1;
	/* a rule alone is a Markdown rule, not a report: no warning */
	sink_txn_finish(ps->s, &ps->t, last, NULL);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t from = (uint32_t)s->rs->nruns;
	enum kind prev = K_NONE;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE)
			continue;
		if (!ps.t.open || k == K_RULE || (k == K_EXECUTED && prev != K_RULE)) {
			finish(&ps, l);
			ps.run = sink_txn_begin(s, &ps.t, l);
		}
		prev = k;
		/* the last line of a block the text cut may end early: "sys time  50.00 micros   50.0" */
		if (i == b->n - 1 && !b->ended && k == K_SYS && l->indent < l->len &&
		    (l->s[line_end(l) - 1] != 's')) {
			sink_damage(s, ps.run, l, "cut fish time sys line");
			continue;
		}
		if (k == K_EXECUTED)
			on_executed(&ps, l);
		else if (k == K_USR || k == K_SYS)
			on_row(&ps, l, k == K_USR);
	}
	finish(&ps, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - from);
}

const struct parser fish_time_parser = {
	.fmt = FMT_FISH_TIME,
	.starts = "_E",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
