/*
 * benchstat_csv.c - benchstat's CSV tables → one run per benchmark row and
 * file column, as the text tables of benchstat.c and benchstat_v1.c give.
 *
 * benchstat v2 (-format csv): a row of files, a row of units, then the
 * rows; each file a column group of a center and its CI, the files after
 * the first also "vs base" and "P":
 *
 *   ,old.txt,,new.txt
 *   ,sec/op,CI,sec/op,CI,vs base,P
 *   Encode/format=json-48,1.718e-06,1%,1.4225e-06,1%,-17.20%,p=0.000 n=10
 *   geomean,2.2948e-06,,2.0897e-06,,-8.94%
 *
 * → NAME.QUANTITY.median (the center, in the unit's SI base: sec/op in
 * seconds) and NAME.QUANTITY.rel_ci (the CI in %), with the sample counts
 * the "P" cell gives. benchstat v1 (-csv):
 *
 *   name \ time/op (ns/op),new.txt,±,old.txt,±
 *   CRC32/poly=IEEE/size=15/align=0-8,4.45200E+01,3%,4.68700E+01,8%
 *   [Geo mean],2.37855E+02,,3.44668E+02
 *
 * → NAME.QUANTITY.mean (v1's center, in the header's unit) and
 * NAME.QUANTITY.rel_dev (its "±", the largest distance of a sample from
 * the mean in %). Units: sec/op and ns/op → time_per_op, B/op →
 * bytes_per_op, allocs/op → allocs_per_op, B/s and MB/s → throughput;
 * another unit is a custom quantity under its own name. NAME is the row as
 * printed, less the GOMAXPROCS suffix every row has (as gotest.c does).
 * Each file column is a variant named by its file (comparer.h). The
 * deltas, p-values, "~" and geomean rows are benchstat's own: notes.
 */
#include <stdio.h>

#include "parsers/bench.h"
#include "parsers/comparer.h"
#include "parsers/csvline.h"
#include "parsers/units.h"
#include "util/text.h"
#include "util/util.h"

#define MAX_GROUPS 32

/* What a line of benchstat's CSV is, by its fixed words alone (never by its digits). */
enum kind {
	K_NONE,
	K_FILES,   /* v2: ",old.txt,,new.txt" */
	K_UNITS,   /* v2: ",sec/op,CI,sec/op,CI,vs base,P" */
	K_V1HEAD,  /* v1: "name \ time/op (ns/op),new.txt,±,old.txt,±", "name,time/op (ns/op),±" */
	K_GROUP,   /* v1: "pkg:hash/crc32 goos:darwin goarch:amd64" over the rows of a package */
	K_GEOMEAN, /* "geomean,..." (v2), "[Geo mean],..." (v1): benchstat's own */
	K_ROW,     /* any other line with a comma: a benchmark's row, garbled or not */
	K__COUNT
};

static const char *const kinds[] = { "none", "files", "units", "v1-header", "group", "geomean", "row" };

static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent;
	size_t n = l->len - l->indent;

	if (!n || !memchr(s, ',', n))
		return comparer_group_line(l) ? K_GROUP : K_NONE;
	if (s[0] == ',') {
		if (n < 2 || s[1] == ',' || s[1] == ' ')
			return K_NONE;
		return text_find(s, n, ",CI") ? K_UNITS : K_FILES;
	}
	if (line_starts(l, "name \\ ") || (line_starts(l, "name,") && text_find(s, n, " (")))
		return K_V1HEAD;
	if (line_starts(l, "geomean,") || line_starts(l, "[Geo mean],"))
		return K_GEOMEAN;
	return K_ROW;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

static enum claim claim(const struct line *l, int in_block, void *state)
{
	enum kind k;

	(void)state;
	if (!in_block) {
		/* a v2 table begins at its row of files, a v1 table at its "name \" */
		if (l->len <= l->indent || (l->s[l->indent] != ',' && !line_starts(l, "name \\ ") &&
					    !line_starts(l, "name,")))
			return CLAIM_NONE;
		k = classify(l);
		return k == K_FILES || k == K_V1HEAD ? CLAIM_START : CLAIM_NONE;
	}
	k = classify(l);
	return k == K_FILES || k == K_V1HEAD ? CLAIM_START : k != K_NONE ? CLAIM_BODY : CLAIM_NONE;
}

/* A file's column group: where its cells are. */
struct group {
	size_t center, spread; /* field indexes; spread 0 when none */
	size_t delta, p;       /* v2's "vs base" and "P", 0 when none */
	const char *variant;
	uint32_t last_run;
};

struct parse {
	struct sink *s;
	int v1;
	struct csv_record files, rec;
	uint32_t files_line, name_line;
	struct group g[MAX_GROUPS];
	size_t ng, nfields;
	const char *quantity, *unit_printed, *scenario;
	const char *group;   /* v1's "pkg:..." line over the rows, their scenario; NULL */
	const char *si;      /* the unit spelling figures are converted from, NULL for a bare count */
	enum unit unit;
	char suffix[16];
};

/* A unit as benchstat prints it → quantity, and the spelling unit_value() converts from. */
static void set_unit(struct parse *ps, const char *u)
{
	static const struct {
		const char *printed, *quantity, *si;
		enum unit unit;
	} known[] = {
		{ "sec/op", "time_per_op", "s", UNIT_SECOND },   { "ns/op", "time_per_op", "ns", UNIT_SECOND },
		{ "B/op", "bytes_per_op", NULL, UNIT_BYTE },     { "allocs/op", "allocs_per_op", NULL, UNIT_COUNT },
		{ "B/s", "throughput", "B/s", UNIT_BYTE_PER_S }, { "MB/s", "throughput", "MB/s", UNIT_BYTE_PER_S },
	};

	ps->unit_printed = sink_strndup(ps->s, u, strlen(u));
	ps->quantity = ps->unit_printed;
	ps->si = NULL;
	ps->unit = UNIT_NONE;
	for (size_t i = 0; i < countof(known); i++) {
		if (!strcmp(known[i].printed, u)) {
			ps->quantity = known[i].quantity;
			ps->si = known[i].si;
			ps->unit = known[i].unit;
		}
	}
}

/* Name the groups by their files (comparer_names()). */
static void name_groups(struct parse *ps, const char *const *names, const size_t *lens)
{
	const char *out[MAX_GROUPS];

	comparer_names(ps->s, (const char *const *)names, lens, ps->ng, out, &ps->scenario);
	for (size_t i = 0; i < ps->ng; i++) {
		ps->g[i].variant = out[i];
		ps->g[i].last_run = UINT32_MAX;
	}
}

/* v2's unit row: the groups, under the files the row above named. */
static void on_units(struct parse *ps, const struct line *l)
{
	const char *names[MAX_GROUPS];
	size_t lens[MAX_GROUPS];

	ps->ng = 0;
	if (!ps->files_line || csv_record_read(ps->s, l, &ps->rec) < 0 || ps->rec.n < 2) {
		sink_warn(ps->s, l, "benchstat CSV units without their row of files; table skipped");
		return;
	}
	for (size_t i = 1; i < ps->rec.n; i++) {
		const char *f = csv_field(&ps->rec, i);
		struct group *g = ps->ng ? &ps->g[ps->ng - 1] : NULL;

		if (!strcmp(f, "CI") && g && !g->spread)
			g->spread = i;
		else if (!strcmp(f, "vs base") && g)
			g->delta = i;
		else if (!strcmp(f, "P") && g)
			g->p = i;
		else if (*f && ps->ng < MAX_GROUPS && i < ps->files.n && *csv_field(&ps->files, i)) {
			if (ps->ng && strcmp(f, ps->unit_printed)) {
				ps->ng = 0; /* one unit a table */
				break;
			}
			if (!ps->ng)
				set_unit(ps, f);
			memset(&ps->g[ps->ng], 0, sizeof(ps->g[0]));
			ps->g[ps->ng].center = i;
			names[ps->ng] = csv_field(&ps->files, i);
			lens[ps->ng] = strlen(names[ps->ng]);
			ps->ng++;
		} else {
			ps->ng = 0;
			break;
		}
	}
	if (!ps->ng) {
		sink_warn(ps->s, l, "benchstat CSV units cannot be read; table skipped");
		return;
	}
	ps->nfields = ps->rec.n;
	ps->name_line = ps->files_line;
	name_groups(ps, names, lens);
}

/*
 * v1's header: "name \ time/op (ns/op)", then each file and its "±"
 * (none with -norange); one file: "name,time/op (ns/op),±", a column no
 * file names.
 */
static void on_v1_header(struct parse *ps, const struct line *l)
{
	const char *names[MAX_GROUPS], *h, *open, *close;
	size_t lens[MAX_GROUPS], first = 1;
	char unit[32];
	int one;

	ps->ng = 0;
	ps->v1 = 1;
	ps->group = NULL;
	if (csv_record_read(ps->s, l, &ps->rec) < 0 || ps->rec.n < 2) {
		sink_warn(ps->s, l, "benchstat CSV header cannot be read; table skipped");
		return;
	}
	one = !strcmp(csv_field(&ps->rec, 0), "name");
	h = csv_field(&ps->rec, one ? 1 : 0);
	open = strrchr(h, '(');
	close = open ? strchr(open, ')') : NULL;
	if (!close || (size_t)(close - open - 1) >= sizeof(unit) || close == open + 1) {
		sink_warn(ps->s, l, "benchstat CSV header without a unit; table skipped");
		return;
	}
	memcpy(unit, open + 1, (size_t)(close - open - 1));
	unit[close - open - 1] = '\0';
	set_unit(ps, unit);
	for (size_t i = first; i < ps->rec.n && ps->ng < MAX_GROUPS; i++) {
		const char *f = csv_field(&ps->rec, i);

		if (!*f || !strcmp(f, "\xc2\xb1") || (one && ps->ng)) {
			sink_warn(ps->s, l, "benchstat CSV header cannot be read; table skipped");
			ps->ng = 0;
			return;
		}
		memset(&ps->g[ps->ng], 0, sizeof(ps->g[0]));
		ps->g[ps->ng].center = i;
		if (i + 1 < ps->rec.n && !strcmp(csv_field(&ps->rec, i + 1), "\xc2\xb1"))
			ps->g[ps->ng].spread = ++i;
		names[ps->ng] = one ? "" : f;
		lens[ps->ng] = one ? 0 : strlen(f);
		ps->ng++;
	}
	ps->nfields = ps->rec.n;
	ps->name_line = l->no;
	if (one) {
		ps->g[0].variant = "";
		ps->g[0].last_run = UINT32_MAX;
		ps->scenario = "";
	} else {
		name_groups(ps, names, lens);
	}
}

/* A center: a number in the table's unit. 0, or -1. */
static int center_value(const struct parse *ps, const char *f, double *v)
{
	enum unit u;

	if (ps->si)
		return unit_value(f, strlen(f), ps->si, strlen(ps->si), &u, v);
	if (num_parse(f, strlen(f), v) < 0)
		return -1;
	return ps->unit == UNIT_NONE || num_whole(*v) >= 0 ? 0 : -1;
}

/* A spread "3%": its number, -1 when garbled; 1 when it holds none ("", "∞", "?"). */
static int spread_value(const char *f, double *v)
{
	size_t n = strlen(f);

	if (!n || !strcmp(f, "\xe2\x88\x9e") || !strcmp(f, "?"))
		return 1;
	if (n < 2 || f[n - 1] != '%' || num_parse(f, n - 1, v) < 0)
		return -1;
	return 0;
}

/*
 * Every cell of a row reads (centers, spreads, counts), or the row is
 * lost: -1. A row may leave out the groups after its last (a benchmark
 * the later files lack), never a cell of a group it has: that row was cut.
 */
static int row_reads(const struct parse *ps, uint32_t *n_base)
{
	for (size_t k = 0; k < ps->ng; k++) {
		const struct group *g = &ps->g[k];
		size_t last = g->p > g->delta ? g->p : g->delta > g->spread ? g->delta : g->spread;

		if (g->center < ps->rec.n && *csv_field(&ps->rec, g->center) && last >= ps->rec.n)
			return -1;
	}
	for (size_t k = 0; k < ps->ng; k++) {
		const struct group *g = &ps->g[k];
		const char *c = g->center < ps->rec.n ? csv_field(&ps->rec, g->center) : "";
		double v;
		uint32_t nb, nc;

		if (!*c)
			continue;
		if (center_value(ps, c, &v) < 0)
			return -1;
		if (g->spread && g->spread < ps->rec.n && spread_value(csv_field(&ps->rec, g->spread), &v) < 0)
			return -1;
		if (g->p && g->p < ps->rec.n) {
			const char *p = csv_field(&ps->rec, g->p);
			int r = comparer_counts(p, strlen(p), &nb, &nc);

			if (r < 0)
				return -1;
			if (r > 0 && !*n_base)
				*n_base = nb;
		}
	}
	return 0;
}

static void on_row(struct parse *ps, const struct line *l)
{
	const char *from = l->s + l->indent, *name;
	uint32_t n_base = 0;
	size_t name_len;

	if (!ps->ng) {
		sink_warn(ps->s, l, "benchstat CSV row without its table's header; skipped");
		return;
	}
	if (csv_record_read(ps->s, l, &ps->rec) < 0 || ps->rec.n < 2 || ps->rec.n > ps->nfields ||
	    !*csv_field(&ps->rec, 0) || row_reads(ps, &n_base) < 0) {
		bench_lost(ps->s, l, "garbled benchstat CSV row");
		return;
	}
	name = csv_field(&ps->rec, 0);
	name_len = bench_procs_strip(name, strlen(name), ps->suffix);
	csv_printed_at(l, &from, name);
	for (size_t k = 0; k < ps->ng; k++) {
		struct group *g = &ps->g[k];
		const char *c = g->center < ps->rec.n ? csv_field(&ps->rec, g->center) : "", *at;
		struct sink_txn txn;
		uint32_t run, n = 0, nb = 0;
		double v, p;

		if (!*c)
			continue;
		center_value(ps, c, &v);
		if (g->p && g->p < ps->rec.n)
			comparer_counts(csv_field(&ps->rec, g->p), strlen(csv_field(&ps->rec, g->p)), &nb, &n);
		if (!k)
			n = n_base;
		run = comparer_run(ps->s, &txn, l, name, name_len, g->variant, ps->name_line,
				   ps->group ? ps->group : ps->scenario);
		at = csv_printed_at(l, &from, c);
		sink_measure(ps->s, run, ps->quantity, ps->v1 ? STAT_MEAN : STAT_MEDIAN, ps->unit, v, n, l, at,
			     at ? strlen(c) : 0);
		if (g->spread && g->spread < ps->rec.n && spread_value(csv_field(&ps->rec, g->spread), &p) == 0) {
			const char *f = csv_field(&ps->rec, g->spread);

			at = csv_printed_at(l, &from, f);
			sink_measure(ps->s, run, ps->quantity, ps->v1 ? STAT_REL_DEV : STAT_REL_CI, UNIT_PERCENT, p,
				     n, l, at, at ? strlen(f) - 1 : 0);
		}
		if (g->delta && g->delta < ps->rec.n && *csv_field(&ps->rec, g->delta))
			sink_note(ps->s, run, NOTE_VERDICT, l, "benchstat vs %s: %s%s%s", ps->g[0].variant,
				  csv_field(&ps->rec, g->delta), g->p && g->p < ps->rec.n ? " " : "",
				  g->p && g->p < ps->rec.n ? csv_field(&ps->rec, g->p) : "");
		bench_procs_note(ps->s, run, l, ps->suffix);
		sink_txn_finish(ps->s, &txn, l, NULL);
		g->last_run = run;
	}
}

/* The geomean row: a note on each column's last run, never a figure. */
static void on_geomean(struct parse *ps, const struct line *l)
{
	if (!ps->ng || csv_record_read(ps->s, l, &ps->rec) < 0)
		return;
	for (size_t k = 0; k < ps->ng; k++) {
		const struct group *g = &ps->g[k];

		if (g->last_run == UINT32_MAX || g->center >= ps->rec.n || !*csv_field(&ps->rec, g->center))
			continue;
		sink_note(ps->s, g->last_run, NOTE_SUMMARY, l, "benchstat geomean of %s: %s%s%s", ps->unit_printed,
			  csv_field(&ps->rec, g->center), g->delta && g->delta < ps->rec.n ? " " : "",
			  g->delta && g->delta < ps->rec.n ? csv_field(&ps->rec, g->delta) : "");
	}
}

/* The GOMAXPROCS suffix every row's name ends with (its first field, not its first word). */
static void block_procs(struct parse *ps, const struct block *b)
{
	struct bench_procs bp;

	memset(&bp, 0, sizeof(bp));
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *s = l->s + l->indent, *comma;

		if (classify(l) != K_ROW || !(comma = memchr(s, ',', l->len - l->indent)))
			continue;
		bench_procs_add(&bp, s, (size_t)(comma - s));
	}
	snprintf(ps->suffix, sizeof(ps->suffix), "%s", bench_procs_common(&bp));
	bench_procs_fact(ps->s, b, ps->suffix);
}

static int parse(const struct block *b, struct sink *s)
{
	struct parse ps;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&ps, 0, sizeof(ps));
	ps.s = s;
	ps.files = (struct csv_record)CSV_RECORD_INIT;
	ps.rec = (struct csv_record)CSV_RECORD_INIT;
	block_procs(&ps, b);
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];

		if (l->indent == l->len)
			continue;
		switch (classify(l)) {
		case K_FILES:
			ps.ng = 0;
			ps.v1 = 0;
			ps.files_line = csv_record_read(s, l, &ps.files) < 0 ? 0 : l->no;
			if (!ps.files_line)
				sink_warn(s, l, "benchstat CSV row of files cannot be read; table skipped");
			break;
		case K_UNITS:
			on_units(&ps, l);
			break;
		case K_V1HEAD:
			on_v1_header(&ps, l);
			break;
		case K_GROUP:
			ps.group = sink_strndup(s, l->s + l->indent, line_end(l) - l->indent);
			break;
		case K_GEOMEAN:
			on_geomean(&ps, l);
			break;
		case K_ROW:
			on_row(&ps, l);
			break;
		default:
			break;
		}
	}
	csv_record_release(&ps.files);
	csv_record_release(&ps.rec);
	return (int)(s->rs->nruns - first_run);
}

const struct parser benchstat_csv_parser = {
	.fmt = FMT_BENCHSTAT_CSV,
	.starts = ",n",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
