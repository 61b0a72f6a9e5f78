/*
 * fio.c - fio's text summary → one run per job ("NAME: (groupid=0,
 * jobs=1): err= 0: ..."), named by the job: for each direction (read,
 * write, trim) its iops, bw, io and runtime ("read: IOPS=15.6k,
 * BW=1948MiB/s (2043MB/s)(38.0GiB/20001msec)"; fio 2's "read : io=...,
 * bw=..., iops=..., runt=..."), its slat, clat and total latency with
 * min, max and stdev (DIR.slat, DIR.clat, DIR.latency: .mean, .stddev...) and
 * the completion latency percentiles (DIR.clat.pNN; DIR.latency.pNN
 * under "lat percentiles"); and one run per "Run status group N (all
 * jobs):" for the group's DIR.bw with the jobs' min and max, DIR.io and
 * DIR.runtime (its longest job). fio 2's sizes ("KB", "MB") are 1024-based.
 */
#include <stdio.h>

#include "parsers/bench.h"
#include "parsers/figs.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of fio output is, by its fixed words (never by its digits). */
enum kind {
	K_NONE,
	K_JOB,        /* "seq_write: (groupid=0, jobs=8): err= 0: pid=171908: ..." */
	K_DIR,        /* "  read: IOPS=15.6k, BW=...", fio 2: "  read : io=1024.0MB, bw=..." */
	K_LAT,        /* "    clat (usec): min=7, max=9411, avg=1443.28, stdev=33091.95" */
	K_PCT_HEAD,   /* "    clat percentiles (usec):" */
	K_PCT,        /* "     |  1.00th=[  343],  5.00th=[  351], ..." */
	K_GROUP_HEAD, /* "Run status group 0 (all jobs):" */
	K_GROUP,      /* "   READ: bw=54.5MiB/s (57.1MB/s), ..., io=..., run=...-...msec" */
	K_OTHER,      /* the job's other lines, the banner, the disk stats: kept in the block, not read */
	K__COUNT
};

static const char *const kinds[] = { "none", "job", "dir", "lat", "pct head", "pct", "group head", "group", "other" };

static const char *const others[] = {
	"bw (", "iops ", "lat (", "cpu ", "IO depths ", "submit ", "complete ", "issued ", "latency ",
	"Starting ", "Jobs: ", "Disk stats (read/write):", "fio-", "clat prio ", "slat prio ",
};

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;

	if (n < 4)
		return K_NONE;
	switch (s[0]) {
	case 'r':
	case 'w':
	case 't':
		if (text_starts(s, n, "read: IOPS=") || text_starts(s, n, "write: IOPS=") || text_starts(s, n, "trim: IOPS=") ||
		    text_starts(s, n, "read : io=") || text_starts(s, n, "write: io=") || text_starts(s, n, "trim : io="))
			return K_DIR;
		break;
	case 'R':
		if (text_starts(s, n, "Run status group ") && s[n - 1] == ':')
			return K_GROUP_HEAD;
		if (text_starts(s, n, "READ: "))
			return K_GROUP;
		break;
	case 'W':
		if (text_starts(s, n, "WRITE: "))
			return K_GROUP;
		break;
	case 'T':
		if (text_starts(s, n, "TRIM: "))
			return K_GROUP;
		break;
	case '|':
		if (text_contains(s, n, "th=["))
			return K_PCT;
		break;
	case 'c':
	case 's':
	case 'l':
		if ((text_starts(s, n, "clat (") || text_starts(s, n, "slat (") || text_starts(s, n, "lat (")) &&
		    text_contains(s, n, "): min="))
			return K_LAT;
		if ((text_starts(s, n, "clat percentiles (") || text_starts(s, n, "lat percentiles (") ||
		     text_starts(s, n, "slat percentiles (")) && s[n - 1] == ':')
			return K_PCT_HEAD;
		break;
	default:
		break;
	}
	/* "NAME: (groupid=0, jobs=1): err= 0: pid=...", and the job's "NAME: (g=0): rw=read, ..." line */
	if (text_contains(s, n < 160 ? n : 160, ": (groupid="))
		return K_JOB;
	if (text_contains(s, n < 160 ? n : 160, ": (g=") && text_contains(s, n, "rw="))
		return K_OTHER;
	for (size_t i = 0; i < countof(others); i++)
		if (text_starts(s, n, others[i]))
			return K_OTHER;
	/* a device of the disk stats: "nvme1n1: ios=47/19657613, merge=..." */
	if (text_contains(s, n < 40 ? n : 40, ": ios="))
		return K_OTHER;
	return K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * A block starts at a job's result line, a "Run status group" head or the
 * job line before the run ("NAME: (g=0): rw=..."); every other line of
 * the report continues one.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	const char *s = l->s + l->indent;
	size_t n = line_end(l) - l->indent;
	enum kind k;

	(void)state;
	if (!in_block) {
		/* outside a block, the few START shapes alone (cheap tests first) */
		if (n > 17 && s[0] == 'R' && text_starts(s, n, "Run status group "))
			return s[n - 1] == ':' ? CLAIM_START : CLAIM_NONE;
		/* "NAME: (groupid=0, ...", "NAME: (g=0): rw=...": the job name's colon, then " (g" */
		{
			const char *c = n > 12 ? memchr(s, ':', n < 80 ? n : 80) : NULL;

			return c && c + 4 < s + n && c[1] == ' ' && c[2] == '(' && c[3] == 'g' ? CLAIM_START : CLAIM_NONE;
		}
	}
	k = classify(l);
	return k == K_NONE ? CLAIM_NONE : CLAIM_BODY;
}

struct parse {
	struct sink *s;
	struct sink_txn t;
	uint32_t run;
	char dir[8];       /* "read", "write", "trim": the direction the lines below are about */
	char pct[8];       /* "clat", "latency", "slat": the percentiles' quantity */
	char pct_unit[8];  /* their unit */
	int old;           /* fio 2: "KB" is 1024 bytes */
};

static void finish(struct parse *ps, const struct line *last)
{
	if (ps->t.open)
		sink_txn_finish(ps->s, &ps->t, last, "fio job has no results (cut off?)");
}

static void begin(struct parse *ps, const struct line *l, const char *name, size_t n)
{
	finish(ps, l);
	ps->run = bench_begin(ps->s, &ps->t, l, name, n);
	ps->dir[0] = ps->pct[0] = '\0';
}

/* "DIR.WHAT" in the sink's arena */
static const char *q2(struct parse *ps, const char *a, const char *b, const char *c)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s.%s%s%s", a, b, c ? "." : "", c ? c : "");
	return sink_strndup(ps->s, buf, strlen(buf));
}

/* A number as fio prints it, maybe with a k/M/G suffix of 1000s: its digits' length and the factor. */
static size_t suffixed(const char *v, size_t n, double *factor)
{
	*factor = 1;
	if (n > 1) {
		switch (v[n - 1]) {
		case 'k': case 'K': *factor = 1e3; return n - 1;
		case 'm': case 'M': *factor = 1e6; return n - 1;
		case 'g': case 'G': *factor = 1e9; return n - 1;
		default: break;
		}
	}
	return n;
}

/* A size or rate with its unit glued on ("1948MiB/s", "38.0GiB", "17005KB/s"): split at the first letter. */
static void sized(struct parse *ps, struct figs *fs, const char *q, enum stat_kind st, const char *v, size_t n)
{
	size_t d = 0;
	char u[16];

	while (d < n && (char_is_digit(v[d]) || v[d] == '.'))
		d++;
	if (!d || n - d >= sizeof(u) - 2) {
		fs->bad = 1;
		return;
	}
	memcpy(u, v + d, n - d);
	u[n - d] = '\0';
	/* fio 2 and fio 3 with kb_base=1024 spell KiB "KB" */
	if (ps->old && (u[0] == 'K' || u[0] == 'M' || u[0] == 'G' || u[0] == 'T') && u[1] == 'B') {
		memmove(u + 2, u + 1, strlen(u + 1) + 1);
		u[1] = 'i';
	}
	figs_unit(fs, q, st, v, d, u, strlen(u));
}

/* The value of "key=" in s[0..n) up to the next ',' or blank or ')' or '(' (its length in *vn), or NULL. */
static const char *field(const char *s, size_t n, const char *key, size_t *vn)
{
	const char *k = text_find(s, n, key), *v, *e;

	if (!k)
		return NULL;
	v = k + strlen(key);
	while (v < s + n && *v == ' ')
		v++;
	for (e = v; e < s + n && *e != ',' && *e != ' ' && *e != '(' && *e != ')' && *e != ';'; e++)
		;
	*vn = (size_t)(e - v);
	return *vn ? v : NULL;
}

static void on_dir(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *v;
	size_t n = line_end(l) - l->indent, vn, w = strcspn(s, " :");
	struct figs fs;
	double f;

	figs_init(&fs);
	if (!ps->t.open)
		begin(ps, l, "", 0);
	snprintf(ps->dir, sizeof(ps->dir), "%.*s", (int)(w < 7 ? w : 7), s);
	if (text_contains(s, n, "IOPS=")) {
		/* "IOPS=15.6k, BW=1948MiB/s (2043MB/s)(38.0GiB/20001msec)" */
		const char *io;
		size_t k;

		ps->old = 0;
		if ((v = field(s, n, "IOPS=", &vn))) {
			k = suffixed(v, vn, &f);
			figs_plain(&fs, q2(ps, ps->dir, "iops", NULL), STAT_VALUE, v, k, UNIT_PER_S, f);
		} else {
			fs.bad = 1;
		}
		if ((v = field(s, n, "BW=", &vn)))
			sized(ps, &fs, q2(ps, ps->dir, "bw", NULL), STAT_VALUE, v, vn);
		else
			fs.bad = 1;
		io = text_find(s, n, ")(");
		if (io) {
			const char *slash = memchr(io, '/', (size_t)(s + n - io)), *ms;

			io += 2;
			ms = slash ? text_find(slash, (size_t)(s + n - slash), "msec)") : NULL;
			if (slash && ms) {
				sized(ps, &fs, q2(ps, ps->dir, "io", NULL), STAT_VALUE, io, (size_t)(slash - io));
				figs_unit(&fs, q2(ps, ps->dir, "runtime", NULL), STAT_VALUE, slash + 1,
					  (size_t)(ms - slash - 1), "msec", 4);
			} else {
				fs.bad = 1;
			}
		}
	} else {
		/* fio 2: "io=1024.0MB, bw=17005KB/s, iops=4251, runt= 61568msec" */
		ps->old = 1;
		if ((v = field(s, n, "io=", &vn)))
			sized(ps, &fs, q2(ps, ps->dir, "io", NULL), STAT_VALUE, v, vn);
		if ((v = field(s, n, "bw=", &vn)))
			sized(ps, &fs, q2(ps, ps->dir, "bw", NULL), STAT_VALUE, v, vn);
		if ((v = field(s, n, "iops=", &vn))) {
			size_t k = suffixed(v, vn, &f);

			figs_plain(&fs, q2(ps, ps->dir, "iops", NULL), STAT_VALUE, v, k, UNIT_PER_S, f);
		}
		if ((v = field(s, n, "runt=", &vn)) && vn > 4 && !memcmp(v + vn - 4, "msec", 4))
			figs_unit(&fs, q2(ps, ps->dir, "runtime", NULL), STAT_VALUE, v, vn - 4, "msec", 4);
		if (!fs.n)
			fs.bad = 1;
	}
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled fio direction line");
}

static void on_lat(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *u, *v;
	size_t n = line_end(l) - l->indent, un, vn;
	struct figs fs;
	static const struct {
		const char *key;
		enum stat_kind stat;
	} stats[] = { { "min=", STAT_MIN }, { "max=", STAT_MAX }, { "avg=", STAT_MEAN }, { "stdev=", STAT_SD } };
	const char *what = s[0] == 'c' ? "clat" : s[0] == 's' ? "slat" : "latency", *q;

	figs_init(&fs);
	if (!ps->t.open || !ps->dir[0])
		return;
	u = memchr(s, '(', n);
	un = u ? strcspn(u + 1, ")") : 0;
	q = q2(ps, ps->dir, what, NULL);
	for (size_t i = 0; i < countof(stats) && u; i++) {
		double f;
		size_t k;

		if (!(v = field(s, n, stats[i].key, &vn))) {
			fs.bad = 1;
			break;
		}
		k = suffixed(v, vn, &f);
		if (f != 1) {
			/* "max=9411.7K" usec: read in the unit, then scaled */
			size_t before = fs.n;

			figs_unit(&fs, q, stats[i].stat, v, k, u + 1, un);
			if (fs.n > before)
				fs.f[before].v *= f;
		} else {
			figs_unit(&fs, q, stats[i].stat, v, k, u + 1, un);
		}
	}
	if (!u)
		fs.bad = 1;
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled fio latency line");
}

static void on_pct_head(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *u = memchr(s, '(', line_end(l) - l->indent);
	size_t un = u ? strcspn(u + 1, ")") : 0;

	snprintf(ps->pct, sizeof(ps->pct), "%s", s[0] == 'c' ? "clat" : s[0] == 's' ? "slat" : "latency");
	snprintf(ps->pct_unit, sizeof(ps->pct_unit), "%.*s", (int)(un < 7 ? un : 7), u ? u + 1 : "");
}

/* "|  1.00th=[  343],  5.00th=[  351], 10.00th=[  359], 20.00th=[  371]," */
static void on_pct(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l), *c = s + 1;
	struct figs fs;

	figs_init(&fs);
	if (!ps->t.open || !ps->pct[0] || !ps->dir[0])
		return;
	while (c < end) {
		const char *th = text_find(c, (size_t)(end - c), "th=["), *p, *v, *close;
		char name[24];
		double x;

		if (!th)
			break;
		for (p = c; p < th && (*p == ' ' || *p == ','); p++)
			;
		v = th + 4;
		while (v < end && *v == ' ')
			v++;
		close = memchr(v, ']', (size_t)(end - v));
		if (!close || num_parse(p, (size_t)(th - p), &x) < 0 || x < 0 || x > 100) {
			fs.bad = 1;
			break;
		}
		snprintf(name, sizeof(name), "p%g", x);
		figs_unit(&fs, q2(ps, ps->dir, ps->pct, name), STAT_VALUE, v, (size_t)(close - v), ps->pct_unit,
			  strlen(ps->pct_unit));
		c = close + 1;
	}
	if (!fs.n)
		fs.bad = 1;
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled fio percentile line");
}

/* "READ: bw=54.5MiB/s (57.1MB/s), 54.5MiB/s-54.5MiB/s (...), io=6537MiB (6854MB), run=120002-120002msec" */
static void on_group(struct parse *ps, const struct line *l)
{
	const char *s = l->s + l->indent, *v, *dash;
	size_t n = line_end(l) - l->indent, vn, w = strcspn(s, ":");
	struct figs fs;
	char dir[8];

	figs_init(&fs);
	if (!ps->t.open)
		return;
	for (size_t i = 0; i < w && i < 7; i++)
		dir[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
	dir[w < 7 ? w : 7] = '\0';
	if ((v = field(s, n, "bw=", &vn))) {
		/* fio 3: the group's bandwidth, then its jobs' range */
		const char *range = text_find(s, n, "), "), *r2;

		ps->old = 0;
		sized(ps, &fs, q2(ps, dir, "bw", NULL), STAT_VALUE, v, vn);
		if (range) {
			range += 3;
			r2 = range + strcspn(range, " ,");
			dash = memchr(range, '-', (size_t)(r2 - range));
			if (dash) {
				sized(ps, &fs, q2(ps, dir, "bw", NULL), STAT_MIN, range, (size_t)(dash - range));
				sized(ps, &fs, q2(ps, dir, "bw", NULL), STAT_MAX, dash + 1, (size_t)(r2 - dash - 1));
			}
		}
		if ((v = field(s, n, "io=", &vn)))
			sized(ps, &fs, q2(ps, dir, "io", NULL), STAT_VALUE, v, vn);
		if ((v = field(s, n, "run=", &vn)) && (dash = memchr(v, '-', vn)) && vn > 4 &&
		    !memcmp(v + vn - 4, "msec", 4))
			figs_unit(&fs, q2(ps, dir, "runtime", NULL), STAT_VALUE, dash + 1,
				  (size_t)(v + vn - 4 - dash - 1), "msec", 4);
		else
			fs.bad = 1;
	} else if ((v = field(s, n, "aggrb=", &vn))) {
		/* fio 2: "io=596856KB, aggrb=56946KB/s, minb=..., maxb=..., mint=..., maxt=10481msec" */
		ps->old = 1;
		sized(ps, &fs, q2(ps, dir, "bw", NULL), STAT_VALUE, v, vn);
		if ((v = field(s, n, "minb=", &vn)))
			sized(ps, &fs, q2(ps, dir, "bw", NULL), STAT_MIN, v, vn);
		if ((v = field(s, n, "maxb=", &vn)))
			sized(ps, &fs, q2(ps, dir, "bw", NULL), STAT_MAX, v, vn);
		if ((v = field(s, n, "io=", &vn)))
			sized(ps, &fs, q2(ps, dir, "io", NULL), STAT_VALUE, v, vn);
		if ((v = field(s, n, "maxt=", &vn)) && vn > 4 && !memcmp(v + vn - 4, "msec", 4))
			figs_unit(&fs, q2(ps, dir, "runtime", NULL), STAT_VALUE, v, vn - 4, "msec", 4);
	} else {
		fs.bad = 1;
	}
	if (figs_commit(&fs, ps->s, ps->run, l, 0) < 0)
		sink_damage(ps->s, ps->run, l, "garbled fio group line");
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *str = l->s + l->indent;
		enum kind k = classify(l);

		switch (k) {
		case K_JOB:
			begin(&ps, l, str, strcspn(str, ":"));
			break;
		case K_GROUP_HEAD: {
			/* group 0 is the run's own; another group names itself */
			size_t g = strspn(str + 17, "0123456789");

			if (g == 1 && str[17] == '0')
				begin(&ps, l, "", 0);
			else
				begin(&ps, l, str + 11, 6 + g);
			break;
		}
		case K_DIR: on_dir(&ps, l); break;
		case K_LAT: on_lat(&ps, l); break;
		case K_PCT_HEAD: on_pct_head(&ps, l); break;
		case K_PCT: on_pct(&ps, l); break;
		case K_GROUP: on_group(&ps, l); break;
		default: break;
		}
		if (ps.t.open && k != K_NONE)
			sink_run_end(s, ps.run, l);
	}
	finish(&ps, &b->lines[b->n - 1]);
	return (int)(s->rs->nruns - first);
}

const struct parser fio_parser = {
	.fmt = FMT_FIO,
	/* "Run status group", and job names: letters, digits, '_' */
	.starts = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
