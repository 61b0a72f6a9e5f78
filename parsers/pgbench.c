/*
 * pgbench.c - pgbench's summary → one run per pgbench call: qps (its
 * "tps = N (without initial connection time)", or the old "(excluding
 * connections establishing)"), qps_with_connections (the old "including
 * connections establishing", -C's "including reconnection times"),
 * calls and errors (transactions processed and failed), latency (its mean
 * and stddev, over the transactions they summarize), connect_time, and
 * statement.N (the per-statement latencies of -r).
 * The settings ("transaction type:", "number of clients:") make the
 * scenario; progress lines (-P) are the "tps" series. Bare "tps = "
 * lines, as authors paste them, are a run each.
 */
#include <stdio.h>

#include "parsers/bench.h"
#include "parsers/figs.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/text.h"

enum {
	RX_TPS,
	RX_PROCESSED,
	RX_FAILED,
	RX_LATENCY,
	RX_CONNECT,
	RX_PROGRESS,
	RX_STATEMENT,
};

static struct rx patterns[] = {
	[RX_TPS] = { "pgbench tps",
		     "^\\s*tps = (?<v>[^\\s]+) \\((?:(?<with>including connections establishing|including "
		     "reconnection times)|without initial connection time|excluding connections establishing)\\)\\s*$",
		     0 },
	/* "12221", "12221/12221" (-t) */
	[RX_PROCESSED] = { "pgbench processed",
			   "^\\s*number of transactions actually processed: (?<n>[^\\s/]+)(?:/[^\\s]+)?\\s*$", 0 },
	[RX_FAILED] = { "pgbench failed", "^\\s*number of failed transactions: (?<n>[^\\s]+)(?: \\([^)]*\\))?\\s*$",
			0 },
	[RX_LATENCY] = { "pgbench latency", "^\\s*latency (?<what>average|stddev) = (?<v>[^\\s]+) (?<u>ms)\\s*$", 0 },
	[RX_CONNECT] = { "pgbench connection time",
			 "^\\s*(?:initial|average) connection time = (?<v>[^\\s]+) (?<u>ms)\\s*$", 0 },
	[RX_PROGRESS] = { "pgbench progress",
			  "^\\s*progress: (?<t>[^\\s]+) s, (?<tps>[^\\s]+) tps, lat (?<lat>[^\\s]+) ms", 0 },
	/* "         0.002  \set aid ...", v15: "         0.003           0  BEGIN;" */
	[RX_STATEMENT] = { "pgbench statement", "^\\s*(?<v>[0-9.]+[^\\s]*)(?:\\s+[0-9]+)?\\s{2,}(?<sql>[^\\s].*?)\\s*$",
			   0 },
};

/* What a line of pgbench output is, by its fixed words (never by its digits). */
enum kind {
	K_NONE,
	K_BANNER,    /* "pgbench (15.3 (Ubuntu ...))", "starting vacuum...end." */
	K_SETTING,   /* "transaction type:", "scaling factor:", "number of clients:", "duration:" ... */
	K_PROGRESS,  /* "progress: 10.0 s, 444.3 tps, lat 111.033 ms stddev 118.166, 0 failed" */
	K_PROCESSED, /* "number of transactions actually processed: 12221" */
	K_FAILED,    /* "number of failed transactions: 0 (0.000%)" */
	K_LATENCY,   /* "latency average = 122.818 ms", "latency stddev = 126.226 ms" */
	K_CONNECT,   /* "initial connection time = 59.010 ms", "average connection time = 1.180 ms" */
	K_TPS,       /* "tps = 406.261459 (without initial connection time)" */
	K_STMT_HEAD, /* "statement latencies in milliseconds:" (and failures, v15) */
	K_STATEMENT, /* "         0.002  \set aid random(1, 100000 * :scale)" */
	K__COUNT
};

static const char *const kinds[] = { "none",    "banner", "setting",   "progress",  "processed", "failed",
				     "latency", "connect", "tps",      "stmt head", "statement" };

/* The settings pgbench prints before its results (their words, before the colon). */
static const char *const settings[] = {
	"transaction type: ", "scaling factor: ", "query mode: ", "number of clients: ", "number of threads: ",
	"maximum number of tries: ", "duration: ", "number of transactions per client: ",
	"number of transactions above the ", "number of transactions skipped: ", "rate limit schedule lag: ",
	"number of serialization failures: ", "number of deadlock failures: ", "number of transactions retried: ",
	"total number of retries: ", "sum of latencies ",
};

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n < 4)
		return K_NONE;
	switch (s[0]) {
	case 't':
		if (text_starts(s, n, "tps = "))
			return K_TPS;
		if (text_starts(s, n, "transaction type: "))
			return K_SETTING;
		return K_NONE;
	case 'l':
		return text_starts(s, n, "latency average = ") || text_starts(s, n, "latency stddev = ") ? K_LATENCY
													   : K_NONE;
	case 'i':
		return text_starts(s, n, "initial connection time = ") ? K_CONNECT : K_NONE;
	case 'a':
		return text_starts(s, n, "average connection time = ") ? K_CONNECT : K_NONE;
	case 'p':
		if (text_starts(s, n, "progress: "))
			return K_PROGRESS;
		return text_starts(s, n, "pgbench (") ? K_BANNER : K_NONE;
	case 's':
		if (text_starts(s, n, "statement latencies in milliseconds"))
			return K_STMT_HEAD;
		if (text_starts(s, n, "starting vacuum"))
			return K_BANNER;
		break;
	case 'n':
		if (text_starts(s, n, "number of transactions actually processed: "))
			return K_PROCESSED;
		if (text_starts(s, n, "number of failed transactions: "))
			return K_FAILED;
		break;
	default:
		/* a statement of -r: a number (or what is left of it), blanks, its SQL or meta-command */
		if (l->indent >= 2 && text_contains(s, n, "  "))
			return K_STATEMENT;
		break;
	}
	for (size_t i = 0; i < countof(settings); i++)
		if (text_starts(s, n, settings[i]))
			return K_SETTING;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

struct claim_state {
	int tps;        /* the open block's last line was a tps line */
	int statements; /* below "statement latencies" */
};

/*
 * A block starts at the banner, a setting or a result line; a tps line
 * ends a pgbench call, so a line of a new call after it starts the next
 * block (bare tps lines pasted one per call stay in one block: each is
 * a run). Statement lines count only below their header.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	int after_tps = st->tps;

	if (k == K_NONE)
		return CLAIM_NONE;
	if (k == K_STATEMENT && !(in_block && st->statements))
		return CLAIM_NONE;
	if (!in_block) {
		memset(st, 0, sizeof(*st));
		st->tps = k == K_TPS;
		return k == K_PROGRESS || k == K_LATENCY || k == K_CONNECT || k == K_TPS || k == K_BANNER ||
				       k == K_SETTING || k == K_PROCESSED || k == K_FAILED
			       ? CLAIM_START
			       : CLAIM_NONE;
	}
	st->tps = k == K_TPS;
	if (k == K_STMT_HEAD)
		st->statements = 1;
	if (after_tps && (k == K_BANNER || k == K_SETTING || k == K_PROGRESS)) {
		memset(st, 0, sizeof(*st));
		return CLAIM_START;
	}
	return CLAIM_BODY;
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	uint32_t processed; /* transactions the latency figures summarize */
	uint32_t series, statements;
	struct buf scenario; /* "TPC-B (sort of), 50 clients, 30 s" */
	const struct line *avg, *sd; /* kept until the run ends, when the count is known */
};

static void begin(struct parse *ps, const struct line *l)
{
	if (ps->t.open)
		return;
	ps->run = bench_begin(ps->s, &ps->t, l, "", 0);
	ps->processed = 0;
	ps->series = ps->statements = 0;
	ps->avg = ps->sd = NULL;
	buf_reset(&ps->scenario);
}

static void latency(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_LATENCY];
	const char *what, *v, *u;
	size_t wn, vn, un;
	struct figs fs;

	figs_init(&fs);
	if (rx_match(ps->s->rx, p, l->s, l->len) && rx_named(ps->s->rx, p, "what", &what, &wn) && rx_named(ps->s->rx, p, "v", &v, &vn) &&
	    rx_named(ps->s->rx, p, "u", &u, &un))
		figs_unit(&fs, "latency", what[0] == 'a' ? STAT_MEAN : STAT_SD, v, vn, u, un);
	else
		fs.bad = 1;
	if (figs_commit(&fs, ps->s, ps->run, l, ps->processed) < 0)
		sink_damage(ps->s, ps->run, l, "garbled pgbench latency line");
}

static void finish(struct parse *ps, const struct line *last)
{
	if (!ps->t.open)
		return;
	/* the latency figures summarize the transactions processed, printed above or below them */
	if (ps->avg)
		latency(ps, ps->avg);
	if (ps->sd)
		latency(ps, ps->sd);
	if (ps->scenario.len && sink_txn_nmeas(ps->s, &ps->t))
		ps->s->rs->runs[ps->run].scenario = sink_strndup(ps->s, ps->scenario.s, ps->scenario.len);
	sink_txn_finish(ps->s, &ps->t, last, "pgbench output has no results (cut off?)");
}

/* One line's figures by its pattern: `q` from group "v" (or "n"), in its unit or a plain number. */
static void figure(struct parse *ps, const struct line *l, int rx, const char *q, enum unit plain,
		   const char *what)
{
	struct rx *p = &patterns[rx];
	const char *v, *u;
	size_t vn, un;
	struct figs fs;

	figs_init(&fs);
	if (!rx_match(ps->s->rx, p, l->s, l->len) || !(rx_named(ps->s->rx, p, "v", &v, &vn) || rx_named(ps->s->rx, p, "n", &v, &vn)))
		fs.bad = 1;
	else if (rx_named(ps->s->rx, p, "u", &u, &un))
		figs_unit(&fs, q, STAT_VALUE, v, vn, u, un);
	else
		figs_plain(&fs, rx == RX_TPS && rx_named(ps->s->rx, p, "with", &u, &un) ? "qps_with_connections" : q, STAT_VALUE,
			   v, vn, plain, 1);
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0) {
		sink_damage(ps->s, ps->run, l, what);
		return;
	}
	if (rx == RX_PROCESSED)
		ps->processed = num_count(fs.f[0].v);
}

/* "transaction type: <builtin: TPC-B (sort of)>" → "TPC-B (sort of)"; "number of clients: 50" → "50 clients" */
static void setting(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *v = memchr(s, ':', l->len - l->indent);
	size_t n = line_end(l) - l->indent, vn;

	if (!v)
		return;
	for (v++; v < s + n && *v == ' '; v++)
		;
	vn = (size_t)(s + n - v);
	if (text_starts(s, n, "transaction type: ")) {
		if (vn > 11 && text_starts(v, vn, "<builtin: ") && v[vn - 1] == '>')
			v += 10, vn -= 11;
		buf_addf(&ps->scenario, "%s%.*s", ps->scenario.len ? ", " : "", (int)vn, v);
	} else if (text_starts(s, n, "number of clients: ")) {
		buf_addf(&ps->scenario, "%s%.*s clients", ps->scenario.len ? ", " : "", (int)vn, v);
	} else if (text_starts(s, n, "duration: ")) {
		buf_addf(&ps->scenario, "%s%.*s", ps->scenario.len ? ", " : "", (int)vn, v);
	} else if (text_starts(s, n, "number of transactions per client: ")) {
		buf_addf(&ps->scenario, "%s%.*s per client", ps->scenario.len ? ", " : "", (int)vn, v);
	}
}

static void progress(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_PROGRESS];
	const char *t, *tps;
	size_t tn, pn;
	double x, y;

	if (!rx_match(ps->s->rx, p, l->s, l->len) || !rx_named(ps->s->rx, p, "t", &t, &tn) || !rx_named(ps->s->rx, p, "tps", &tps, &pn) ||
	    num_parse(t, tn, &x) < 0 || num_parse(tps, pn, &y) < 0) {
		sink_damage(ps->s, ps->run, l, "garbled pgbench progress line");
		return;
	}
	sink_series(ps->s, ps->run, "tps", ps->series++, x, x, y, UNIT_PER_S);
}

static void statement(struct parse *ps, const struct line *l)
{
	struct rx *p = &patterns[RX_STATEMENT];
	const char *v, *sql;
	size_t vn, sn;
	struct figs fs;
	char q[32];

	figs_init(&fs);
	snprintf(q, sizeof(q), "statement.%u", ++ps->statements);
	if (rx_match(ps->s->rx, p, l->s, l->len) && rx_named(ps->s->rx, p, "v", &v, &vn) && rx_named(ps->s->rx, p, "sql", &sql, &sn))
		figs_unit(&fs, sink_strndup(ps->s, q, strlen(q)), STAT_VALUE, v, vn, "ms", 2);
	else
		fs.bad = 1;
	if (figs_commit(&fs, ps->s, ps->run, l, ps->processed) < 0)
		sink_damage(ps->s, ps->run, l, "garbled pgbench statement latency line");
	else
		sink_note(ps->s, ps->run, NOTE_INFO, l, "statement %u: %.*s", ps->statements, (int)sn, sql);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first = (uint32_t)s->rs->nruns;
	int statements = 0, tps_read = 0;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		enum kind k = classify(l);

		if (k == K_NONE)
			continue;
		/* after a tps line and its statements, anything else begins the next call */
		if (tps_read && k != K_STMT_HEAD && k != K_STATEMENT)
			finish(&ps, l);
		tps_read = 0;
		begin(&ps, l);
		sink_run_end(s, ps.run, l);
		switch (k) {
		case K_SETTING: setting(&ps, l); break;
		case K_PROGRESS: progress(&ps, l); break;
		case K_PROCESSED: figure(&ps, l, RX_PROCESSED, "calls", UNIT_COUNT, "garbled pgbench transactions line"); break;
		case K_FAILED: figure(&ps, l, RX_FAILED, "errors", UNIT_COUNT, "garbled pgbench failed transactions line"); break;
		case K_LATENCY:
			if (line_starts(l, "latency average"))
				ps.avg = l;
			else
				ps.sd = l;
			break;
		case K_CONNECT: figure(&ps, l, RX_CONNECT, "connect_time", UNIT_SECOND, "garbled pgbench connection time line"); break;
		case K_TPS:
			figure(&ps, l, RX_TPS, "qps", UNIT_PER_S, "garbled pgbench tps line");
			/*
			 * a call ends at its tps line, or after the statements that
			 * follow it; before 14, its "including connections" tps comes
			 * first and the "excluding" one ends it
			 */
			tps_read = !line_ends(l, "(including connections establishing)");
			break;
		case K_STMT_HEAD:
			statements = 1;
			tps_read = ps.processed || sink_txn_nmeas(s, &ps.t);
			break;
		case K_STATEMENT:
			if (statements)
				statement(&ps, l);
			tps_read = 1;
			break;
		default: break;
		}
		if (k != K_STMT_HEAD && k != K_STATEMENT)
			statements = 0;
	}
	finish(&ps, &b->lines[b->n - 1]);
	buf_release(&ps.scenario);
	return (int)(s->rs->nruns - first);
}

const struct parser pgbench_parser = {
	.fmt = FMT_PGBENCH,
	.starts = "tlianps",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = patterns,
	.nrx = countof(patterns),
};
