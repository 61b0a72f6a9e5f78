/*
 * bolt.c - bbolt / boltdb-style `bench` output ("# Write<TAB>38.15ms<TAB>
 * (3.815µs/op)<TAB>(262123 op/sec)", and "# Read") → write.time,
 * write.time_per_op, write.ops_per_sec (and write.ops, the "(ops)" count
 * of bbolt ≥ 1.4), the same for read; one run per bench invocation (a
 * Write line and the Read line after it). Durations are Go or Rust
 * duration strings (units.c's unit_duration); fields are split by TABs,
 * or by runs of spaces in pasted logs.
 */
#include "parsers/bench.h"
#include "parsers/units.h"
#include "util/text.h"

enum {
	RX_LINE,
};

static struct rx patterns[] = {
	[RX_LINE] = { "bolt line",
		      "^\\s*#\\s+(?<op>Write|Read)\\s+(?:(?<ops>[0-9]+)\\(ops\\)\\s+)?(?<time>[^\\s]+)\\s+"
		      "\\((?<per>[^\\s]+)/op\\)\\s+\\((?<rate>[0-9]+)\\s+op/sec\\)\\s*$",
		      0 },
};

/* What a line of bolt output is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_WRITE,  /* "# Write <blank>... (…/op) (… op/sec)", garbled or not */
	K_READ,
	K_NOTICE, /* "starting write benchmark." (bbolt ≥ 1.4, on stderr between the two) */
	K__COUNT
};

static const char *const kinds[] = { "none", "write", "read", "notice" };

/*
 * The one classifier the claim and the parse share: "# Write" or "# Read",
 * a blank, then a digit (a line cut short) or a "/op)" or "op/sec)"
 * further on. A digit garbled anywhere leaves the line a bolt line
 * (reported, never a Markdown heading that would label the run below);
 * "# Write-ahead log" is a heading.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + l->len;
	enum kind k;

	if (line_starts(l, "starting ") && line_ends(l, "benchmark."))
		return K_NOTICE;
	if (line_starts(l, "# Write"))
		k = K_WRITE, s += 7;
	else if (line_starts(l, "# Read"))
		k = K_READ, s += 6;
	else
		return K_NONE;
	if (s == end || (*s != ' ' && *s != '\t'))
		return K_NONE;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s < end && char_is_digit(*s))
		return k;
	return text_contains(s, (size_t)(end - s), "/op)") || text_contains(s, (size_t)(end - s), "op/sec)")
		       ? k
		       : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/* Claimed whole, a bolt line is data, not the Markdown heading its '#' would make it. */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k = classify(l);

	(void)state;
	if (k == K_WRITE || k == K_READ)
		return in_block ? CLAIM_BODY : CLAIM_START;
	return in_block && k == K_NOTICE ? CLAIM_BODY : CLAIM_NONE;
}

struct parse {
	struct sink *s;
	struct sink_txn t; /* the current invocation's run */
	long run;          /* its index, -1 before the first */
	int has_read;      /* it has had its Read line: the next line begins another */
};

static void finish(struct parse *ps)
{
	/* an invocation whose lines were all garbled: already warned, nothing to keep */
	sink_txn_finish(ps->s, &ps->t, NULL, NULL);
	ps->run = -1;
}

static void begin(struct parse *ps, const struct line *l)
{
	finish(ps);
	ps->run = bench_begin(ps->s, &ps->t, l, "", 0);
	ps->has_read = 0;
	/* the same bench command across variants is the scenario */
	ps->s->rs->runs[ps->run].scenario = ps->s->rs->runs[ps->run].command;
}

static void on_line(struct parse *ps, const struct line *l, int is_write)
{
	struct rx *p = &patterns[RX_LINE];
	const char *time, *per, *rate, *ops;
	size_t tn, pn, rn, on;
	double t, per_op, r, count;
	const char *const *q;
	static const char *const write_q[] = { "write.time", "write.time_per_op", "write.ops_per_sec",
					       "write.ops" };
	static const char *const read_q[] = { "read.time", "read.time_per_op", "read.ops_per_sec",
					      "read.ops" };

	if (ps->run < 0 || is_write || ps->has_read)
		begin(ps, l);
	if (!is_write)
		ps->has_read = 1;
	if (!rx_match(ps->s->rx, p, l->s, l->len) || !rx_named(ps->s->rx, p, "time", &time, &tn) ||
	    !rx_named(ps->s->rx, p, "per", &per, &pn) || !rx_named(ps->s->rx, p, "rate", &rate, &rn) ||
	    unit_duration(time, tn, &t) < 0 || unit_duration(per, pn, &per_op) < 0 ||
	    num_parse(rate, rn, &r) < 0 ||
	    (rx_named(ps->s->rx, p, "ops", &ops, &on) && num_parse(ops, on, &count) < 0)) {
		sink_damage(ps->s, (uint32_t)ps->run, l,
			    is_write ? "garbled bolt Write line" : "garbled bolt Read line");
		return;
	}
	q = is_write ? write_q : read_q;
	sink_measure(ps->s, (uint32_t)ps->run, q[0], STAT_VALUE, UNIT_SECOND, t, 0, l, time, tn);
	sink_measure(ps->s, (uint32_t)ps->run, q[1], STAT_VALUE, UNIT_SECOND, per_op, 0, l, per,
		     pn);
	sink_measure(ps->s, (uint32_t)ps->run, q[2], STAT_VALUE, UNIT_PER_S, r, 0, l, rate, rn);
	if (rx_named(ps->s->rx, p, "ops", &ops, &on))
		sink_measure(ps->s, (uint32_t)ps->run, q[3], STAT_VALUE, UNIT_COUNT, count, 0, l, ops,
			     on);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.run = -1;
	for (uint32_t i = 0; i < b->n; i++) {
		enum kind k = classify(&b->lines[i]);

		if (k == K_WRITE || k == K_READ)
			on_line(&ps, &b->lines[i], k == K_WRITE);
	}
	finish(&ps);
	return (int)(s->rs->nruns - first_run);
}

const struct parser bolt_parser = {
	.fmt = FMT_BOLT,
	.starts = "#",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
