/*
 * csvstore.c - load and save the model as a directory of CSV files; see
 * csvstore.h and benchdelta-store(5) for the layout.
 */
#define _GNU_SOURCE /* renameat2 */
#include "store/csvstore.h"

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parsers/names.h"
#include "parsers/parser.h"
#include "store/clean.h"
#include "store/journal.h"
#include "store/manifest.h"
#include "store/storeindex.h"
#include "parsers/units.h"
#include "util/bgwrite.h"
#include "util/buf.h"
#include "util/csvio.h"
#include "util/fmt.h"
#include "util/fsutil.h"

#define VERSION_LINE "benchdelta-store"

/* Column lists, in the order they are written. */
static const char *const source_cols[] = { "key", "value" };
static const char *const run_cols[] = { "id",       "fmt",       "first_line", "last_line",
					"block",    "experiment", "variant",   "variant_key",
					"variant_origin", "scenario", "subject", "command",
					"flags", "name_line" };
/* runs.csv's columns a store written before they were added lacks: read as "" */
#define RUN_COLS_REQUIRED 13
static const char *const meas_cols[] = { "run", "quantity", "stat",   "unit",  "value",
					 "n",   "direction", "offset", "length" };
static const char *const sample_cols[] = { "run", "quantity", "unit", "index", "value" };
static const char *const series_cols[] = { "run", "series", "index", "x0", "x1", "y", "unit" };
static const char *const note_cols[] = { "run", "kind", "line", "text" };
static const char *const fact_cols[] = { "key", "value", "line" };

char *store_default_dir_dup(const char *flag)
{
	const char *env = getenv("BENCHDELTA_STORE");
	const char *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	struct buf b = BUF_INIT;

	if (flag && *flag)
		return xstrdup(flag);
	if (env && *env)
		return xstrdup(env);
	if (xdg && *xdg == '/')
		buf_addf(&b, "%s/benchdelta", xdg);
	else
		buf_addf(&b, "%s/.local/share/benchdelta", home && *home ? home : ".");
	return buf_detach(&b, NULL);
}

static char *path_dup(const struct store *st, const char *fmt, const char *arg)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s/", st->dir);
	buf_addf(&b, fmt, arg);
	return buf_detach(&b, NULL);
}

/* A name benchdelta itself leaves while writing: the lock, a temporary file or directory. */
static int is_leftover_name(const char *name)
{
	return !strcmp(name, ".lock") || strstr(name, ".tmp.") || !strncmp(name, ".tmp-", 5);
}

/* Empty but for what benchdelta leaves while writing (an interrupted first import). */
static int dir_is_empty(const char *path)
{
	DIR *dp = opendir(path);
	struct dirent *de;
	int empty = 1;

	if (!dp)
		return 1;
	while ((de = readdir(dp)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && !is_leftover_name(de->d_name))
			empty = 0;
	closedir(dp);
	return empty;
}

/* Remove the temporary files of interrupted writes in `dir` (lock held: no writer is active). */
static void remove_leftover_files(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	struct buf p = BUF_INIT;

	if (!dp)
		return;
	while ((de = readdir(dp))) {
		if (!strstr(de->d_name, ".tmp."))
			continue;
		buf_reset(&p);
		buf_addf(&p, "%s/%s", dir, de->d_name);
		unlink(p.s);
	}
	closedir(dp);
	buf_release(&p);
}

int store_open(struct store *st, const char *dir, int create, struct diag *d)
{
	char *version;
	struct buf text = BUF_INIT;
	struct stat sb;
	int rc = 0;

	st->dir = xstrdup(dir);
	st->lock_fd = -1;
	st->spool = NULL;
	st->swept = 0;
	if (stat(dir, &sb) < 0) {
		if (errno != ENOENT)
			return diag_error(d, dir, 0, "cannot use store: %s", strerror(errno));
		if (!create)
			return 0; /* an empty store, not made until something is written */
		if (dir_make(dir, d) < 0)
			return -1;
	} else if (!S_ISDIR(sb.st_mode)) {
		return diag_error(d, dir, 0, "store is not a directory");
	}
	version = path_dup(st, "%s", "VERSION");
	if (!path_exists(version)) {
		if (!path_exists(dir))
			goto out;
		if (dir_is_empty(dir)) {
			if (create) {
				/* under the lock: two first imports at once both find a store */
				struct buf v = BUF_INIT;
				int had = st->lock_fd >= 0;

				rc = had ? 0 : store_lock(st, d);
				if (rc == 0 && !path_exists(version)) {
					buf_addf(&v, VERSION_LINE " %d\nparsers %d\n", STORE_SCHEMA,
						 PARSERS_GENERATION);
					rc = file_write_atomic(version, v.s, v.len, d);
				}
				if (!had)
					store_unlock(st);
				buf_release(&v);
			}
			goto out;
		}
		/*
		 * Not empty: a first import running beside this one may have
		 * renamed its VERSION into place since the test above, and then
		 * the directory is a store after all.
		 */
		if (!path_exists(version)) {
			rc = diag_error(d, dir, 0,
					"not a benchdelta store (no VERSION file) and not empty; "
					"refusing to use it");
			goto out;
		}
	}
	if (file_read(version, &text, d) < 0) {
		rc = -1;
		goto out;
	}
	{
		int schema = 0;

		if (sscanf(buf_str(&text), VERSION_LINE " %d", &schema) != 1)
			rc = diag_error(d, version, 1, "not a benchdelta store version line");
		else if (schema > STORE_SCHEMA)
			rc = diag_error(d, version, 1,
					"store schema %d is newer than this benchdelta understands (%d)",
					schema, STORE_SCHEMA);
	}
out:
	buf_release(&text);
	free(version);
	return rc;
}

void store_close(struct store *st)
{
	store_unlock(st);
	free(st->dir);
	st->dir = NULL;
}

int store_lock(struct store *st, struct diag *d)
{
	char *path = path_dup(st, "%s", ".lock");
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);

	if (fd < 0) {
		diag_error(d, path, 0, "cannot open lock file: %s", strerror(errno));
		free(path);
		return -1;
	}
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			diag_error(d, path, 0, "cannot lock: %s", strerror(errno));
			close(fd);
			free(path);
			return -1;
		}
	}
	free(path);
	st->lock_fd = fd;
	st->swept = 0;
	/*
	 * no other writer is active: temporary files left by interrupted ones
	 * go (those of data/ at the first look there: store_scan_data())
	 */
	remove_leftover_files(st->dir);
	return 0;
}

void store_unlock(struct store *st)
{
	if (st->lock_fd >= 0) {
		flock(st->lock_fd, LOCK_UN);
		close(st->lock_fd);
		st->lock_fd = -1;
	}
	st->swept = 0;
}

int store_scan_data(struct store *st, void (*fn)(void *ctx, const char *name), void *ctx)
{
	char *data = path_dup(st, "%s", "data");
	DIR *dp = opendir(data);
	struct dirent *de;
	struct buf p = BUF_INIT;
	int sweep = st->lock_fd >= 0 && !st->swept, found = 0;

	if (!dp) {
		free(data);
		return -1;
	}
	while ((de = readdir(dp))) {
		if (de->d_name[0] != '.') {
			if (fn)
				fn(ctx, de->d_name);
			continue;
		}
		if (!sweep || strncmp(de->d_name, ".tmp-", 5))
			continue;
		/* no writer is active (lock held): an interrupted import's directory */
		buf_reset(&p);
		buf_addf(&p, "%s/%s", data, de->d_name);
		dir_remove_flat(p.s);
		found = 1;
	}
	closedir(dp);
	if (sweep) {
		st->swept = 1;
		if (found) {
			/* an older version wrote a text's temporary file in sources/ beside it */
			char *sources = path_dup(st, "%s", "sources");

			remove_leftover_files(sources);
			free(sources);
		}
	}
	buf_release(&p);
	free(data);
	return 0;
}

int store_has_source(const struct store *st, const char *hash)
{
	char *p = path_dup(st, "data/%s", hash);
	int r = path_exists(p);

	free(p);
	return r;
}

/* ---- loading ---- */

/*
 * How many distinct recent texts of one column keep_again() remembers: a
 * run's block, experiment or variant repeats on the rows that follow it,
 * and a measurement's quantity comes back every few rows.
 */
#define KEEP_RECENT 4

/* Reading one CSV file: the header maps our column names to its positions. */
struct csvtable {
	const char *path;
	const char *const *cols;
	size_t ncols;
	int map[16];    /* column → position in the file's rows; -1 an optional column it lacks */
	size_t nrequired; /* the first columns it must have (0: all) */
	int header_ok;
	struct diag *d;
	struct model *m;
	uint32_t source;
	struct strmap *runs; /* id → run index, for the per-source files */
	int (*row)(struct csvtable *t, char **f, size_t row);
	size_t skipped;
	const char *recent[16][KEEP_RECENT]; /* per column: the last texts keep_again() kept */
	unsigned recent_next[16];
	/* the run find_run() found last, +1 (0: none): a run's rows follow one another */
	uint32_t last_run;
};

static int table_row(char **fields, size_t n, size_t row, void *ctx)
{
	struct csvtable *t = ctx;
	char *f[16];

	if (row == 1) {
		for (size_t c = 0; c < t->ncols; c++) {
			t->map[c] = -1;
			for (size_t i = 0; i < n; i++)
				if (!strcmp(fields[i], t->cols[c]))
					t->map[c] = (int)i;
			if (t->map[c] < 0 && t->nrequired && c >= t->nrequired)
				continue; /* added later: an older store's file reads it as "" */
			if (t->map[c] < 0) {
				diag_warn(t->d, t->path, 1, "header has no column '%s'; file skipped",
					  t->cols[c]);
				return 1;
			}
		}
		t->header_ok = 1;
		return 0;
	}
	for (size_t c = 0; c < t->ncols; c++) {
		if (t->map[c] < 0) {
			f[c] = "";
			continue;
		}
		if ((size_t)t->map[c] >= n) {
			diag_warn(t->d, t->path, (uint32_t)row, "row has %zu fields, expected %zu; skipped",
				  n, t->ncols);
			t->skipped++;
			return 0;
		}
		f[c] = fields[t->map[c]];
	}
	if (t->row(t, f, row) < 0)
		t->skipped++;
	return 0;
}

static int read_table(struct csvtable *t, int required)
{
	struct diag local = DIAG_INIT;
	int rc;

	if (!path_exists(t->path)) {
		if (required)
			diag_warn(t->d, t->path, 0, "missing");
		return required ? -1 : 0;
	}
	rc = csvio_read(t->path, table_row, t, &local);
	diag_take(t->d, &local);
	return rc < 0 ? -1 : 0;
}

static int bad(struct csvtable *t, size_t row, const char *what, const char *value)
{
	diag_warn(t->d, t->path, (uint32_t)row, "bad %s '%.40s'; row skipped", what, value);
	return -1;
}

static int parse_u32(const char *s, uint32_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno || v > UINT32_MAX)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int store_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

static int parse_double(const char *s, double *out)
{
	return num_parse(s, strlen(s), out);
}

static const char *keep(struct csvtable *t, const char *s)
{
	return arena_strdup(&t->m->arena, s);
}

/*
 * keep() for a column whose texts repeat from row to row: the same text as
 * one of the last KEEP_RECENT kept for column col gives back that copy (so
 * equal texts may share one pointer; every text kept is read-only), else a
 * new copy in the model's arena, remembered in place of the oldest.
 */
static const char *keep_again(struct csvtable *t, size_t col, const char *s)
{
	const char **recent = t->recent[col];
	const char *copy;

	for (size_t i = 0; i < KEEP_RECENT; i++)
		if (recent[i] && recent[i][0] == s[0] && !strcmp(recent[i], s))
			return recent[i];
	copy = keep(t, s);
	recent[t->recent_next[col]] = copy;
	t->recent_next[col] = (t->recent_next[col] + 1) % KEEP_RECENT;
	return copy;
}

/*
 * The run of this source with id `id`: the one found last, or the run after
 * it (a file's rows follow runs.csv's order), or the map's. Ids are unique
 * within a source (run_row()), so a run of the source with that id is the
 * map's answer.
 */
static int find_run(struct csvtable *t, const char *id, size_t row, uint32_t *run)
{
	const struct run *runs = t->m->rs.runs;

	if (t->last_run && !strcmp(runs[t->last_run - 1].id, id)) {
		*run = t->last_run - 1;
		return 0;
	}
	if (t->last_run && t->last_run < t->m->rs.nruns && runs[t->last_run].source == t->source &&
	    !strcmp(runs[t->last_run].id, id)) {
		*run = t->last_run++;
		return 0;
	}
	if (!strmap_get(t->runs, id, run))
		return bad(t, row, "run id (no such run)", id);
	t->last_run = *run + 1;
	return 0;
}

static int source_row(struct csvtable *t, char **f, size_t row)
{
	struct source *s = &t->m->sources[t->source];
	uint32_t u;

	(void)row;
	if (!strcmp(f[0], "name"))
		s->name = keep(t, f[1]);
	else if (!strcmp(f[0], "imported"))
		s->imported = keep(t, f[1]);
	else if (!strcmp(f[0], "title"))
		s->title = keep(t, f[1]);
	else if (!strcmp(f[0], "flag.experiment"))
		s->flag_experiment = keep(t, f[1]);
	else if (!strcmp(f[0], "flag.variant"))
		s->flag_variant = keep(t, f[1]);
	else if (!strcmp(f[0], "flag.no-hand-written"))
		s->flag_no_hand = !strcmp(f[1], "1");
	else if (!strcmp(f[0], "instance"))
		s->instance = keep(t, f[1]);
	else if (!strcmp(f[0], "lines") && parse_u32(f[1], &u) == 0)
		s->nlines = u;
	else if (!strcmp(f[0], "author"))
		s->author = keep(t, f[1]);
	else if (!strcmp(f[0], "posted"))
		s->posted = keep(t, f[1]);
	else if (!strcmp(f[0], "address"))
		s->address = keep(t, f[1]);
	else if (!strcmp(f[0], "thread"))
		s->thread = keep(t, f[1]);
	/* unknown keys come from newer versions: ignored */
	return 0;
}

static int run_row(struct csvtable *t, char **f, size_t row)
{
	int fmt = fmt_from_name(f[1]);
	int origin = vorigin_from_name(f[8]);
	uint32_t first, last, name_line = 0, i;
	const char *id;
	struct run *r;

	if (fmt < 0)
		return bad(t, row, "format", f[1]);
	if (parse_u32(f[2], &first) < 0 || parse_u32(f[3], &last) < 0 || last < first)
		return bad(t, row, "line span", f[2]);
	if (origin < 0)
		return bad(t, row, "variant origin", f[8]);
	if (*f[13] && parse_u32(f[13], &name_line) < 0)
		return bad(t, row, "name line", f[13]);
	if (!*f[0])
		return bad(t, row, "run id (empty or repeated)", f[0]);
	/* one look-up: the id is put with the index the run is about to get */
	id = keep(t, f[0]);
	if (!strmap_put_new(t->runs, id, (uint32_t)t->m->rs.nruns, NULL))
		return bad(t, row, "run id (empty or repeated)", f[0]);
	i = recset_add_run(&t->m->rs);
	r = &t->m->rs.runs[i];
	r->id = id;
	r->source = t->source;
	r->fmt = (enum fmt)fmt;
	r->first_line = first;
	r->last_line = last;
	r->block = keep_again(t, 4, f[4]);
	r->experiment = keep_again(t, 5, f[5]);
	r->variant.text = keep_again(t, 6, f[6]);
	r->variant.key = keep_again(t, 7, f[7]);
	r->variant.origin = (enum vorigin)origin;
	r->scenario = keep_again(t, 9, f[9]);
	r->subject = keep_again(t, 10, f[10]);
	r->command = keep_again(t, 11, f[11]);
	r->flags = run_flags_from_words(f[12]);
	r->name_line = name_line;
	/* a block's runs follow one another: the run before's block is in the map already */
	if (i == 0 || t->m->rs.runs[i - 1].block != r->block)
		strmap_put(&t->m->blocks, r->block, 1);
	return 0;
}

static int meas_row(struct csvtable *t, char **f, size_t row)
{
	int stat = stat_from_name(f[2]), unit = unit_from_name(f[3]), dir = dir_from_name(f[6]);
	struct measurement *m;
	uint32_t run, n, length;
	uint64_t offset;
	double v;

	if (find_run(t, f[0], row, &run) < 0)
		return -1;
	if (stat < 0)
		return bad(t, row, "stat", f[2]);
	if (unit < 0)
		return bad(t, row, "unit", f[3]);
	if (parse_double(f[4], &v) < 0)
		return bad(t, row, "value", f[4]);
	if (parse_u32(f[5], &n) < 0)
		return bad(t, row, "n", f[5]);
	if (dir < 0)
		return bad(t, row, "direction", f[6]);
	if (store_parse_u64(f[7], &offset) < 0 || parse_u32(f[8], &length) < 0)
		return bad(t, row, "offset", f[7]);
	m = recset_add_meas(&t->m->rs);
	m->run = run;
	m->quantity = keep_again(t, 1, f[1]);
	m->stat = (enum stat_kind)stat;
	m->unit = (enum unit)unit;
	m->value = v;
	m->n = n;
	m->dir = (enum direction)dir;
	m->offset = offset;
	m->length = length;
	return 0;
}

static int sample_row(struct csvtable *t, char **f, size_t row)
{
	int unit = unit_from_name(f[2]);
	struct sample *s;
	uint32_t run, idx;
	double v;

	if (find_run(t, f[0], row, &run) < 0)
		return -1;
	if (unit < 0 || parse_u32(f[3], &idx) < 0 || parse_double(f[4], &v) < 0)
		return bad(t, row, "sample", f[4]);
	s = recset_add_sample(&t->m->rs);
	s->run = run;
	s->quantity = keep_again(t, 1, f[1]);
	s->unit = (enum unit)unit;
	s->index = idx;
	s->value = v;
	return 0;
}

static int series_row(struct csvtable *t, char **f, size_t row)
{
	int unit = unit_from_name(f[6]);
	struct series_point *p;
	uint32_t run, idx;
	double x0, x1, y;

	if (find_run(t, f[0], row, &run) < 0)
		return -1;
	if (unit < 0 || parse_u32(f[2], &idx) < 0 || parse_double(f[3], &x0) < 0 ||
	    parse_double(f[4], &x1) < 0 || parse_double(f[5], &y) < 0)
		return bad(t, row, "series point", f[5]);
	p = recset_add_series(&t->m->rs);
	p->run = run;
	p->name = keep_again(t, 1, f[1]);
	p->index = idx;
	p->x0 = x0;
	p->x1 = x1;
	p->y = y;
	p->unit = (enum unit)unit;
	return 0;
}

static int note_row(struct csvtable *t, char **f, size_t row)
{
	int kind = note_kind_from_name(f[1]);
	struct note *nt;
	uint32_t run, line;

	if (find_run(t, f[0], row, &run) < 0)
		return -1;
	if (kind < 0 || parse_u32(f[2], &line) < 0)
		return bad(t, row, "note", f[1]);
	nt = recset_add_note(&t->m->rs);
	nt->run = run;
	nt->kind = (enum note_kind)kind;
	nt->line = line;
	nt->text = keep(t, f[3]);
	return 0;
}

static int fact_row(struct csvtable *t, char **f, size_t row)
{
	struct fact *ft;
	uint32_t line;

	if (parse_u32(f[2], &line) < 0)
		return bad(t, row, "line", f[2]);
	ft = recset_add_fact(&t->m->rs);
	ft->source = t->source;
	ft->key = keep(t, f[0]);
	ft->value = keep(t, f[1]);
	ft->line = line;
	return 0;
}

#define TABLE(path_, cols_, fn_)                                                                  \
	{ .path = (path_), .cols = (cols_), .ncols = countof(cols_), .row = (fn_) }

/* The run ids of source `src` → their indexes. */
static void map_runs(struct model *m, uint32_t src, struct strmap *runs)
{
	for (size_t i = 0; i < m->rs.nruns; i++)
		if (m->rs.runs[i].source == src)
			strmap_put(runs, m->rs.runs[i].id, (uint32_t)i);
}

/* What load_data_dir() reads. */
enum load_what { LOAD_ALL, LOAD_RUNS, LOAD_MEAS };

static void load_data_dir(struct store *st, struct model *m, uint32_t src, enum load_what what,
			  struct diag *d)
{
	struct strmap runs = STRMAP_INIT;
	struct {
		const char *file;
		const char *const *cols;
		size_t ncols;
		int (*row)(struct csvtable *, char **, size_t);
		int required;
	} files[] = {
		{ "runs.csv", run_cols, countof(run_cols), run_row, 1 },
		{ "measurements.csv", meas_cols, countof(meas_cols), meas_row, 1 },
		{ "samples.csv", sample_cols, countof(sample_cols), sample_row, 0 },
		{ "series.csv", series_cols, countof(series_cols), series_row, 0 },
		{ "notes.csv", note_cols, countof(note_cols), note_row, 0 },
		{ "facts.csv", fact_cols, countof(fact_cols), fact_row, 0 },
	};

	for (size_t i = 0; i < countof(files); i++) {
		struct buf path = BUF_INIT;
		struct csvtable t = { 0 };
		int is_meas = files[i].row == meas_row, is_run = files[i].row == run_row;

		/* runs only: the files of the source and its runs; measurements later: those alone */
		if (what == LOAD_RUNS && files[i].row != run_row && files[i].row != fact_row &&
		    files[i].row != note_row)
			continue;
		if (what == LOAD_MEAS && !is_meas && !is_run)
			continue;
		buf_addf(&path, "%s/data/%s/%s", st->dir, m->sources[src].hash, files[i].file);
		t.path = path.s;
		t.cols = files[i].cols;
		t.ncols = files[i].ncols;
		t.row = files[i].row;
		t.nrequired = is_run ? RUN_COLS_REQUIRED : 0;
		t.d = d;
		t.m = m;
		t.source = src;
		t.runs = &runs;
		if (what == LOAD_MEAS && is_run)
			map_runs(m, src, &runs); /* loaded already: only their ids are wanted */
		else
			read_table(&t, files[i].required);
		buf_release(&path);
	}
	strmap_release(&runs);
}

static int cmp_sources(const void *a, const void *b)
{
	const struct source *x = a, *y = b;
	int c = strcmp(x->imported, y->imported);

	return c ? c : strcmp(x->hash, y->hash);
}

int store_verify_import(const struct store *st, const char *hash, struct diag *d)
{
	struct buf dir = BUF_INIT, src = BUF_INIT;
	int rc;

	buf_addf(&dir, "%s/data/%s", st->dir, hash);
	buf_addf(&src, "%s/sources/%s", st->dir, hash);
	rc = manifest_verify(dir.s, src.s, d);
	buf_release(&dir);
	buf_release(&src);
	return rc;
}

/* The files a runs-only load reads (the others are checked by their size). */
static const char *const runs_files[] = { "source.csv", "runs.csv", "notes.csv", "facts.csv" };

/* Measurements in data/HASH/measurements.csv by its rows (for a store without manifests). */
static size_t count_meas(const struct store *st, const char *hash)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	struct diag d = DIAG_INIT;
	size_t n = 0;

	buf_addf(&path, "%s/data/%s/measurements.csv", st->dir, hash);
	if (file_read(path.s, &text, &d) == 0)
		n = manifest_rows(text.s ? text.s : "", text.len);
	buf_release(&path);
	buf_release(&text);
	diag_release(&d);
	return n ? n - 1 : 0; /* the header */
}

static int load(struct store *st, struct model *m, int runs_only, struct diag *d);

int store_load(struct store *st, struct model *m, struct diag *d)
{
	return load(st, m, 0, d);
}

int store_load_runs(struct store *st, struct model *m, struct diag *d)
{
	return load(st, m, 1, d);
}

static int load_dirs(struct store *st, struct model *m, int runs_only, const struct strmap *only,
		     struct diag *d);

/*
 * load_dirs(), and the index (storeindex.h) written when it is stale and
 * nothing changed under the load, nothing was damaged, nothing warned.
 */
static int load(struct store *st, struct model *m, int runs_only, struct diag *d)
{
	struct storeindex_stamp before, after;
	int stamped = storeindex_stamp(st, &before) == 0;
	size_t said = d->n;
	int rc = load_dirs(st, m, runs_only, NULL, d);

	if (rc == 0 && stamped && !m->damaged && d->n == said && storeindex_stamp(st, &after) == 0 &&
	    storeindex_stamp_equal(&before, &after) && !storeindex_fresh(st, &after))
		storeindex_write(st, m, &after);
	return rc;
}

long store_load_source_meta(struct store *st, struct model *m, const char *hash, struct diag *d)
{
	struct buf p = BUF_INIT;
	uint32_t src = model_add_source(m, hash, NULL, 0);
	struct csvtable t = TABLE(NULL, source_cols, source_row);
	const char *gone;

	buf_addf(&p, "%s/data/%s/source.csv", st->dir, hash);
	m->sources[src].stored = 1;
	t.path = p.s;
	t.d = d;
	t.m = m;
	t.source = src;
	read_table(&t, 1);
	buf_release(&p);
	gone = journal_removed(m, hash);
	if (gone && !strcmp(gone, m->sources[src].instance)) {
		m->nsources--; /* removed by an edit in effect */
		return -1;
	}
	clean_sources(m, src);
	return (long)src;
}

int store_load_imports(struct store *st, struct model *m, const char *const *hashes, size_t n,
		       struct diag *d)
{
	struct strmap only = STRMAP_INIT;
	int rc;

	for (size_t i = 0; i < n; i++)
		strmap_put(&only, hashes[i], 1);
	rc = load_dirs(st, m, 0, &only, d);
	strmap_release(&only);
	return rc;
}

/* load(), of every import or of those in `only` (hash → anything), without the index. */
static int load_dirs(struct store *st, struct model *m, int runs_only, const struct strmap *only,
		     struct diag *d)
{
	char *data = path_dup(st, "%s", "data");
	DIR *dp;
	struct dirent *de;

	m->store_dir = arena_strdup(&m->arena, st->dir);
	journal_load(st, m, d); /* the user's edits: applied by model_resolve() */

	dp = opendir(data);
	if (!dp) {
		free(data);
		if (errno == ENOENT) {
			model_resolve(m);
			return 0; /* nothing imported yet */
		}
		return diag_error(d, st->dir, 0, "cannot read data directory: %s", strerror(errno));
	}
	while ((de = readdir(dp))) {
		struct buf p = BUF_INIT;
		uint32_t src;

		if (de->d_name[0] == '.')
			continue; /* ., .., and temporary directories of an unfinished import */
		if (only && !strmap_get(only, de->d_name, NULL))
			continue;
		if (!hash_is_hex(de->d_name)) {
			diag_warn(d, data, 0, "unexpected entry '%s' ignored", de->d_name);
			continue;
		}
		size_t meas_rows = 0;
		int verified;

		if (runs_only) {
			struct buf dir = BUF_INIT, src_path = BUF_INIT;

			buf_addf(&dir, "%s/data/%s", st->dir, de->d_name);
			buf_addf(&src_path, "%s/sources/%s", st->dir, de->d_name);
			verified = manifest_verify_some(dir.s, src_path.s, runs_files, countof(runs_files),
						       &meas_rows, d);
			buf_release(&dir);
			buf_release(&src_path);
			if (verified == 1) /* no manifest: count the rows */
				meas_rows = count_meas(st, de->d_name) + 1;
		} else {
			verified = store_verify_import(st, de->d_name, d);
		}
		if (verified < 0) {
			/* never half an import: this one is left out, and the command fails */
			diag_error(d, NULL, 0, "import %.12s skipped: its files do not verify "
					       "(see 'benchdelta fsck')", de->d_name);
			m->damaged = 1;
			continue;
		}
		src = model_add_source(m, de->d_name, NULL, 0);
		m->sources[src].stored = 1;
		m->sources[src].meas_unloaded = meas_rows ? meas_rows - 1 : 0;
		buf_addf(&p, "%s/%s/source.csv", data, de->d_name);
		struct csvtable t = TABLE(p.s, source_cols, source_row);
		t.d = d;
		t.m = m;
		t.source = src;
		read_table(&t, 1);
		buf_release(&p);
		{
			const char *gone = journal_removed(m, m->sources[src].hash);

			if (gone && !strcmp(gone, m->sources[src].instance))
				m->nsources--; /* removed by an edit in effect (rm) */
		}
	}
	closedir(dp);
	free(data);

	if (m->nsources) /* none when every import was left out */
		qsort(m->sources, m->nsources, sizeof(*m->sources), cmp_sources);
	m->runs_only = runs_only;
	for (uint32_t s = 0; s < m->nsources; s++) {
		struct recset_mark mark = recset_mark(&m->rs);
		size_t said = d->n;

		load_data_dir(st, m, s, runs_only ? LOAD_RUNS : LOAD_ALL, d);
		if (d->n > said) {
			/* a row or file that does not read: never half an import */
			recset_rollback(&m->rs, &mark);
			diag_error(d, NULL, 0, "import %.12s skipped: its files do not read whole "
					       "(see 'benchdelta fsck')", m->sources[s].hash);
			m->damaged = 1;
		}
	}
	{
		/* stores written before names were cleaned at import */
		struct recset_mark all = { 0 };

		clean_records(m, &all);
		clean_sources(m, 0);
	}
	model_resolve(m);
	if (runs_only && m->nsources) {
		/* a text whose runs went to several experiments: its measurements are counted by reading them */
		unsigned char *split = xmalloc(m->nsources);
		int any = 0;

		model_split_sources(m, split);
		for (uint32_t s = 0; s < m->nsources; s++) {
			if (!split[s])
				continue;
			struct recset_mark from = recset_mark(&m->rs);
			size_t said = d->n;

			load_data_dir(st, m, s, LOAD_MEAS, d);
			if (d->n > said) {
				recset_rollback(&m->rs, &from);
				diag_error(d, NULL, 0, "import %.12s: its measurements do not read whole "
						       "(see 'benchdelta fsck')", m->sources[s].hash);
				m->damaged = 1;
			}
			clean_records(m, &from);
			m->sources[s].meas_unloaded = 0;
			any = 1;
		}
		free(split);
		if (any)
			model_resolve(m);
	}
	return 0;
}

/* ---- saving ---- */

/* `v` in decimal in `tmp` (32 bytes), as "%llu" prints it: the store writes millions. */
static const char *u32s(char *tmp, uint64_t v)
{
	char *p = tmp + 31;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	return p;
}

static void flags_text(struct buf *b, unsigned flags)
{
	run_flags_words(b, flags, " ");
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The indexes of the records (n of `size` bytes, the run index at
 * `run_offset`) whose run came from source `src`, ascending; *count of
 * them. With `by` (the model's fresh by-run index of these records) only
 * the source's runs are visited, so storing one source of many does not
 * read every record of the model. Heap array, the caller frees it.
 */
static uint32_t *records_of(const struct model *m, uint32_t src, const void *records, size_t n,
			    size_t size, size_t run_offset, const struct byrun *by, size_t *count)
{
	const unsigned char *p = records;
	uint32_t *out = NULL;
	size_t k = 0, cap = 0;

	if (by) {
		const struct byrun *rb = &m->runs_by_source;

		for (uint32_t i = rb->start[src]; i < rb->start[src + 1]; i++) {
			uint32_t run = rb->order[i];

			for (uint32_t j = by->start[run]; j < by->start[run + 1]; j++) {
				ALLOC_GROW(out, k + 1, cap);
				out[k++] = by->order[j];
			}
		}
		/* mostly in order already (one run after another): sort only when not */
		for (size_t i = 1; i < k; i++) {
			if (out[i - 1] > out[i]) {
				qsort(out, k, sizeof(*out), cmp_u32);
				break;
			}
		}
	} else {
		for (size_t i = 0; i < n; i++) {
			uint32_t run;

			memcpy(&run, p + i * size + run_offset, sizeof(run));
			if (m->rs.runs[run].source != src)
				continue;
			ALLOC_GROW(out, k + 1, cap);
			out[k++] = (uint32_t)i;
		}
	}
	*count = k;
	return out;
}

/*
 * A file of an import being written: rows gather in `b` and go to `fd`
 * in pieces of SPILL bytes or more, summed for the manifest on the way,
 * so that a large import never holds its files in memory.
 */
struct outfile {
	int fd;
	struct buf b;
	struct manifest_file sum; /* rows: counted by out_row() as they are made */
	struct hash_stream h;
	int err;       /* errno of a failed write, else 0 */
	uint64_t sent; /* bytes whose writeback was started (fd_start_writeback()) */
};

#define SPILL (1u << 20)
/* Once this much more is written, its writeback starts: the file's fsync then waits for less. */
#define KICK ((uint64_t)8 << 20)

/* Write what `o` gathered (all of it, or with `force` 0 only once it is SPILL bytes). */
static void spill(struct outfile *o, int force)
{
	if (!o->b.len || (!force && o->b.len < SPILL))
		return;
	o->sum.bytes += o->b.len;
	hash_stream_add(&o->h, o->b.s, o->b.len);
	if (!o->err && fd_write_all(o->fd, o->b.s, o->b.len) < 0)
		o->err = errno;
	buf_reset(&o->b);
	if (!o->err && !force && o->sum.bytes - o->sent >= KICK) {
		fd_start_writeback(o->fd, (off_t)o->sent, (size_t)(o->sum.bytes - o->sent));
		o->sent = o->sum.bytes;
	}
}

/* Write out what `o` holds, then sync and close its file (unless closed already). */
static void outfile_finish(struct outfile *o)
{
	spill(o, 1);
	if (o->fd < 0)
		return;
	if (!o->err && fsync(o->fd) < 0)
		o->err = errno;
	if (close(o->fd) < 0 && !o->err)
		o->err = errno;
	o->fd = -1;
}

/* Give up on `o`: its file closed, its sum's state and its rows freed. */
static void outfile_discard(struct outfile *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->h.state) {
		char scrap[HASH_HEX_LEN + 1];

		hash_stream_hex(&o->h, scrap); /* frees it */
	}
	buf_release(&o->b);
}

/* The row ends: counted for the manifest, written out once enough gathered. */
static void out_row_end(struct outfile *o)
{
	o->sum.rows++;
	if (o->b.len >= SPILL)
		spill(o, 0);
}

/* One row into `o`, counted for the manifest, written out once enough gathered. */
static void out_row(struct outfile *o, const char *const *fields, size_t n)
{
	csvio_row(&o->b, fields, n);
	out_row_end(o);
}

/*
 * Figures written lately, by their bits, with their text: a log repeats
 * many (a zero, a run's sample count, a size, a rate), and a text is the
 * same whenever the bits are. Zeroed to start (a slot of length 0 holds
 * nothing); the caller owns it.
 */
#define NUM_SLOTS 1024
struct num_memo {
	uint64_t bits[NUM_SLOTS];
	unsigned char len[NUM_SLOTS];
	char text[NUM_SLOTS][FMT_DOUBLE_SHORT_MAX];
};

/*
 * `v` as num_exact() writes it, as a field at `p` (put_plain(), below);
 * with `nm`, looked up in and kept in it.
 */
static inline char *put_num(char *p, struct num_memo *nm, double v, char sep)
{
	uint64_t bits;
	size_t h = 0, n;

	*p = '"';
	memcpy(&bits, &v, sizeof(bits));
	if (nm) {
		h = (size_t)((bits * 0x9e3779b97f4a7c15ull) >> 54); /* 10 bits: NUM_SLOTS */
		if (nm->len[h] && nm->bits[h] == bits) {
			memcpy(p + 1, nm->text[h], FMT_DOUBLE_SHORT_MAX); /* the bytes after it are overwritten */
			n = nm->len[h];
			goto put;
		}
	}
	n = fmt_double_short(p + 1, v); /* most figures: no printf, no long double */
	if (!n) {
		char t[32];

		n = strlen(num_exact(v, t));
		memcpy(p + 1, t, n); /* at most 24 bytes ("-1.2345678901234567e-308") */
	}
	if (nm && n <= FMT_DOUBLE_SHORT_MAX) {
		nm->bits[h] = bits;
		nm->len[h] = (unsigned char)n;
		memcpy(nm->text[h], p + 1, n);
	}
put:
	p += 1 + n;
	*p++ = '"';
	*p++ = sep;
	return p;
}

/* Room put_num() takes at most. */
#define PUT_NUM_ROOM (FMT_DOUBLE_SHORT_MAX + 3)

/* `v` as num_exact() writes it, as a field of the row being made in `b`; with `nm`, looked up in and kept in it. */
static inline void num_field(struct buf *b, struct num_memo *nm, double v, char sep)
{
	csvio_end(b, put_num(csvio_room(b, PUT_NUM_ROOM), nm, v, sep));
}

/*
 * The names of record.h's enums as the store writes them, made into
 * fields once ("name" and its length, from the same tables names.c
 * prints): none holds a quote. A value outside a table is written the
 * long way (names.c's "?").
 */
struct name_field {
	char text[16]; /* the name between quotes, zeros after it: copied 16 bytes at a time */
	size_t len;
};
#define NAME_FIELD2_(e, name) { "\"" name "\"", sizeof(name) + 1 },
#define NAME_FIELD3_(e, name, suffix) NAME_FIELD2_(e, name)
static const struct name_field stat_fields[] = { STATS(NAME_FIELD3_) };
static const struct name_field unit_fields[] = { UNITS(NAME_FIELD2_) };
static const struct name_field dir_fields[] = { DIRECTIONS(NAME_FIELD2_) };
#undef NAME_FIELD2_
#undef NAME_FIELD3_
/* every name fits its 16 bytes with its quotes (a longer one fails to compile here) */
#define NAME_FITS2_(p, e, name) char p##e[sizeof(name) + 1 <= 16 ? 1 : -1];
#define NAME_FITS_S_(e, name, suffix) NAME_FITS2_(s_, e, name)
#define NAME_FITS_U_(e, name) NAME_FITS2_(u_, e, name)
#define NAME_FITS_D_(e, name) NAME_FITS2_(d_, e, name)
struct name_fields_fit {
	STATS(NAME_FITS_S_) UNITS(NAME_FITS_U_) DIRECTIONS(NAME_FITS_D_)
};
#undef NAME_FITS2_
#undef NAME_FITS_S_
#undef NAME_FITS_U_
#undef NAME_FITS_D_

/* Name `i` of `t` (n names) as a field: 1, or 0 (nothing written) when `i` is not in it. */
static inline int name_field(struct buf *b, const struct name_field *t, size_t n, int i, char sep)
{
	char *p;

	if (i < 0 || (size_t)i >= n)
		return 0;
	p = csvio_room(b, sizeof(t[i].text) + 1);
	memcpy(p, t[i].text, sizeof(t[i].text));
	p += t[i].len;
	*p++ = sep;
	csvio_end(b, p);
	return 1;
}

/* Enum value `v` by its table `t`, or names.c's `name_of(v)` the long way (asked only then). */
#define NAME_FIELD(b, t, v, name_of, sep)                                                          \
	do {                                                                                       \
		if (!name_field((b), (t), countof(t), (int)(v), (sep)))                            \
			csvio_field((b), name_of(v), (sep));                                       \
	} while (0)

/*
 * The last string a column of a batch of rows was given, measured once:
 * one after another, rows repeat a run's id and a quantity. For one batch
 * (its strings stay where they are while it is written); zeroed to start.
 */
struct field_memo {
	const char *s;
	size_t len;
	int plain; /* no quote in it: copied as it is */
};

/* Measure `s` (not NULL) into `fm` unless it is the string measured last. */
static inline void memo_measure(struct field_memo *fm, const char *s)
{
	if (s != fm->s) {
		const char *q = strchrnul(s, '"');

		fm->s = s;
		fm->len = (size_t)(q - s);
		fm->plain = !*q;
	}
}

/* `s` as a field of a row in `b` (csvio_field()), measured once for the rows of a batch that repeat it. */
static inline void memo_field(struct buf *b, struct field_memo *fm, const char *s, char sep)
{
	if (!s)
		s = "";
	memo_measure(fm, s);
	if (fm->plain)
		csvio_field_plain(b, s, fm->len, sep);
	else
		csvio_field(b, s, sep);
}

/*
 * Pieces of a row written at `p`, in room the caller made for the whole
 * row (csvio_room()); each writes a field and `sep` and returns where the
 * row goes on.
 */
static inline char *put_plain(char *p, const char *s, size_t len, char sep)
{
	*p++ = '"';
	memcpy(p, s, len);
	p += len;
	*p++ = '"';
	*p++ = sep;
	return p;
}

static inline char *put_u64(char *p, unsigned long long v, char sep)
{
	*p++ = '"';
	p += fmt_decimal(p, v);
	*p++ = '"';
	*p++ = sep;
	return p;
}

static inline char *put_name(char *p, const struct name_field *f, char sep)
{
	memcpy(p, f->text, sizeof(f->text));
	p += f->len;
	*p++ = sep;
	return p;
}

/* Room put_u64() and put_name() take at most. */
#define PUT_U64_ROOM (FMT_DECIMAL_MAX + 3)
#define PUT_NAME_ROOM (sizeof(((struct name_field *)0)->text) + 1)

/* The memos of a batch of measurements.csv or series.csv rows: its run ids and names. */
struct row_memo {
	struct field_memo id, name;
	struct num_memo *nums; /* or NULL; not the batch's own */
};

/*
 * A row of measurements.csv, with `quantity` for the measurement's: the
 * bytes out_row() of its fields as strings writes, made in one room when
 * nothing in it needs quoting (its run id and quantity measured once for
 * the rows of `rm`'s batch that repeat them).
 */
static void meas_out_row(struct outfile *o, struct row_memo *rm, const struct recset *rs,
			 const struct measurement *me, const char *quantity)
{
	struct buf *b = &o->b;
	const char *id = rs->runs[me->run].id;
	char *p;

	if (id && quantity && (size_t)me->stat < countof(stat_fields) &&
	    (size_t)me->unit < countof(unit_fields) && (size_t)me->dir < countof(dir_fields)) {
		memo_measure(&rm->id, id);
		memo_measure(&rm->name, quantity);
		if (rm->id.plain && rm->name.plain) {
			/* the whole row in one room: every field's length is known or bounded */
			p = csvio_room(b, rm->id.len + rm->name.len + 6 + 3 * PUT_NAME_ROOM + PUT_NUM_ROOM +
						  3 * PUT_U64_ROOM);
			p = put_plain(p, id, rm->id.len, ',');
			p = put_plain(p, quantity, rm->name.len, ',');
			p = put_name(p, &stat_fields[me->stat], ',');
			p = put_name(p, &unit_fields[me->unit], ',');
			p = put_num(p, rm->nums, me->value, ',');
			p = put_u64(p, me->n, ',');
			p = put_name(p, &dir_fields[me->dir], ',');
			p = put_u64(p, me->offset, ',');
			p = put_u64(p, me->length, '\n');
			csvio_end(b, p);
			out_row_end(o);
			return;
		}
	}
	/* a quote to double, a NULL, a value no table names: field by field */
	memo_field(b, &rm->id, id, ',');
	memo_field(b, &rm->name, quantity, ',');
	NAME_FIELD(b, stat_fields, me->stat, stat_name, ',');
	NAME_FIELD(b, unit_fields, me->unit, unit_name, ',');
	num_field(b, rm->nums, me->value, ',');
	csvio_field_u64(b, me->n, ',');
	NAME_FIELD(b, dir_fields, me->dir, dir_name, ',');
	csvio_field_u64(b, me->offset, ',');
	csvio_field_u64(b, me->length, '\n');
	out_row_end(o);
}

/* A row of series.csv, with `name` for the point's series name (as meas_out_row()). */
static void series_out_row(struct outfile *o, struct row_memo *rm, const struct recset *rs,
			   const struct series_point *p, const char *name)
{
	struct buf *b = &o->b;

	memo_field(b, &rm->id, rs->runs[p->run].id, ',');
	memo_field(b, &rm->name, name, ',');
	csvio_field_u64(b, p->index, ',');
	num_field(b, rm->nums, p->x0, ',');
	num_field(b, rm->nums, p->x1, ',');
	num_field(b, rm->nums, p->y, ',');
	NAME_FIELD(b, unit_fields, p->unit, unit_name, '\n');
	out_row_end(o);
}

/* A row of notes.csv (as out_row() of its fields as strings). */
static void note_out_row(struct outfile *o, struct row_memo *rm, const struct recset *rs,
			 const struct note *nt)
{
	struct buf *b = &o->b;

	memo_field(b, &rm->id, rs->runs[nt->run].id, ',');
	memo_field(b, &rm->name, note_kind_name(nt->kind), ',');
	csvio_field_u64(b, nt->line, ',');
	csvio_field(b, nt->text, '\n');
	out_row_end(o);
}

/* The memos of a batch of runs.csv rows: the columns a block's runs share. */
struct run_memo {
	struct field_memo fmt, block, experiment, variant, key, origin, scenario, subject, command;
};

/* A row of runs.csv (as out_row() of its fields as strings); `fl` is room for its flags. */
static void run_out_row(struct outfile *o, struct run_memo *rm, struct buf *fl, const struct run *r)
{
	struct buf *b = &o->b;

	csvio_field(b, r->id, ',');
	memo_field(b, &rm->fmt, fmt_name(r->fmt), ',');
	csvio_field_u64(b, r->first_line, ',');
	csvio_field_u64(b, r->last_line, ',');
	memo_field(b, &rm->block, r->block, ',');
	memo_field(b, &rm->experiment, r->experiment, ',');
	memo_field(b, &rm->variant, r->variant.text, ',');
	memo_field(b, &rm->key, r->variant.key, ',');
	memo_field(b, &rm->origin, vorigin_name(r->variant.origin), ',');
	memo_field(b, &rm->scenario, r->scenario, ',');
	memo_field(b, &rm->subject, r->subject, ',');
	memo_field(b, &rm->command, r->command, ',');
	buf_reset(fl);
	flags_text(fl, r->flags);
	csvio_field_plain(b, buf_str(fl), fl->len, ','); /* flag names: no quote */
	csvio_field_u64(b, r->name_line, '\n');
	out_row_end(o);
}

/*
 * The CSV files of one source's records, each into its own file (see
 * spill()); with `spooled`, measurements.csv and series.csv are written
 * already (the spool's, below): their headers and rows are left out.
 */
static void render_source(const struct model *m, uint32_t src, struct outfile *out /* [7] */,
			  int spooled)
{
	const struct source *s = &m->sources[src];
	const struct recset *rs = &m->rs;
	int fresh = model_indexes_fresh(m);
	char a[32], c[32];
	struct buf fl = BUF_INIT;
	struct row_memo memo = { 0 };
	struct run_memo rmemo = { 0 };
	uint32_t *idx;
	size_t n;

	out_row(&out[0], source_cols, countof(source_cols));
	{
		const char *kv[][2] = {
			{ "name", s->name },
			{ "imported", s->imported },
			{ "title", s->title },
			{ "flag.experiment", s->flag_experiment },
			{ "flag.variant", s->flag_variant },
			{ "instance", s->instance },
			{ "lines", u32s(a, s->nlines) },
		};
		/* a fetched text's provenance, and flags set once in a while: written only when there is one */
		const char *origin[][2] = {
			{ "author", s->author },
			{ "posted", s->posted },
			{ "address", s->address },
			{ "thread", s->thread },
			{ "flag.no-hand-written", s->flag_no_hand ? "1" : "" },
		};
		for (size_t i = 0; i < countof(kv); i++)
			out_row(&out[0], kv[i], 2);
		for (size_t i = 0; i < countof(origin); i++)
			if (*origin[i][1])
				out_row(&out[0], origin[i], 2);
	}
	out_row(&out[1], run_cols, countof(run_cols));
	if (!spooled)
		out_row(&out[2], meas_cols, countof(meas_cols));
	out_row(&out[3], sample_cols, countof(sample_cols));
	if (!spooled)
		out_row(&out[4], series_cols, countof(series_cols));
	out_row(&out[5], note_cols, countof(note_cols));
	out_row(&out[6], fact_cols, countof(fact_cols));
	if (fresh) {
		n = m->runs_by_source.start[src + 1] - m->runs_by_source.start[src];
		idx = xmalloc((n ? n : 1) * sizeof(*idx));
		memcpy(idx, m->runs_by_source.order + m->runs_by_source.start[src], n * sizeof(*idx));
	} else {
		idx = NULL;
		n = 0;
		for (size_t i = 0; i < rs->nruns; i++) {
			if (rs->runs[i].source != src)
				continue;
			idx = xrealloc(idx, (n + 1) * sizeof(*idx));
			idx[n++] = (uint32_t)i;
		}
	}
	for (size_t k = 0; k < n; k++)
		run_out_row(&out[1], &rmemo, &fl, &rs->runs[idx[k]]);
	free(idx);
	idx = records_of(m, src, rs->meas, rs->nmeas, sizeof(*rs->meas),
			 offsetof(struct measurement, run), fresh ? &m->meas_by_run : NULL, &n);
	for (size_t k = 0; k < n && !spooled; k++)
		meas_out_row(&out[2], &memo, rs, &rs->meas[idx[k]], rs->meas[idx[k]].quantity);
	free(idx);
	idx = records_of(m, src, rs->samples, rs->nsamples, sizeof(*rs->samples),
			 offsetof(struct sample, run), fresh ? &m->samples_by_run : NULL, &n);
	for (size_t k = 0; k < n; k++) {
		const struct sample *sm = &rs->samples[idx[k]];
		const char *f[] = { rs->runs[sm->run].id, sm->quantity, unit_name(sm->unit),
				    u32s(a, sm->index), num_exact(sm->value, c) };
		out_row(&out[3], f, countof(f));
	}
	free(idx);
	idx = records_of(m, src, rs->series, rs->nseries, sizeof(*rs->series),
			 offsetof(struct series_point, run), fresh ? &m->series_by_run : NULL, &n);
	memset(&memo, 0, sizeof(memo));
	for (size_t k = 0; k < n && !spooled; k++)
		series_out_row(&out[4], &memo, rs, &rs->series[idx[k]], rs->series[idx[k]].name);
	free(idx);
	memset(&memo, 0, sizeof(memo));
	idx = records_of(m, src, rs->notes, rs->nnotes, sizeof(*rs->notes), offsetof(struct note, run),
			 fresh ? &m->notes_by_run : NULL, &n);
	for (size_t k = 0; k < n; k++)
		note_out_row(&out[5], &memo, rs, &rs->notes[idx[k]]);
	free(idx);
	for (size_t i = 0; i < rs->nfacts; i++) {
		const struct fact *ft = &rs->facts[i];

		if (ft->source != src)
			continue;
		const char *f[] = { ft->key, ft->value, u32s(a, ft->line) };
		out_row(&out[6], f, countof(f));
	}
	buf_release(&fl);
}

/* Remove temporary directories an interrupted import left behind, once per lock (we hold it). */
static void remove_stale_temps(struct store *st)
{
	if (st->lock_fd >= 0 && !st->swept)
		store_scan_data(st, NULL, NULL);
}

/* The temporary directory a source's files are written in before they are renamed into place. */
static void temp_dir_of(struct buf *out, const char *data, const struct source *s)
{
	buf_addf(out, "%s/.tmp-%s-%ld", data, s->hash, (long)getpid());
}

/* The file in a temporary directory `dir` that a source's text is written to before it is renamed into sources/. */
static void temp_text_of(struct buf *out, const char *dir)
{
	buf_addf(out, "%s/text", dir);
}

/* ---- an import's measurements, written as they are read (csvstore.h) ---- */

/* A kept text this large is written on a thread of its own while the import goes on. */
#define TEXT_WRITER_MIN ((size_t)1 << 20)

struct store_spool {
	struct record_spool hook; /* m->spool */
	char *data;             /* the store's data directory */
	char *sources;          /* and its sources directory */
	struct num_memo *nums;  /* the figures written lately (owned) */
	struct spooled {
		uint32_t source;
		char *dir;          /* its temporary directory (temp_dir_of()) */
		struct outfile out;    /* its measurements.csv; out.err when it could not be made */
		struct outfile series; /* its series.csv, likewise */
		struct bgwrite *text;  /* its text, being written into dir/text (spool_keep_text()), or NULL */
		int taken;          /* write_source() took it */
	} *v;
	size_t n, cap;
};

static struct spooled *spooled_of(struct store_spool *sp, uint32_t source)
{
	for (size_t i = sp->n; i-- > 0;) /* the text being read is the last one */
		if (sp->v[i].source == source && !sp->v[i].taken)
			return &sp->v[i];
	return NULL;
}

/* A text's temporary directory, its measurements.csv and series.csv with their headers; err on failure. */
static struct spooled *spool_open_text(struct store_spool *sp, const struct model *m, uint32_t source)
{
	struct spooled *f;
	struct buf dir = BUF_INIT, path = BUF_INIT;

	ALLOC_GROW(sp->v, sp->n + 1, sp->cap);
	f = &sp->v[sp->n++];
	memset(f, 0, sizeof(*f));
	f->source = source;
	temp_dir_of(&dir, sp->data, &m->sources[source]);
	f->dir = buf_detach(&dir, NULL);
	dir_remove_flat(f->dir);
	{
		int made = mkdir(f->dir, 0755) == 0 ? 0 : errno;
		struct outfile *o[] = { &f->out, &f->series };
		const char *name[] = { "measurements.csv", "series.csv" };

		for (size_t i = 0; i < countof(o); i++) {
			o[i]->sum.name = name[i];
			o[i]->fd = -1;
			buf_reset(&path);
			buf_addf(&path, "%s/%s", f->dir, name[i]);
			if (made)
				o[i]->err = made;
			else if ((o[i]->fd = open(path.s, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) < 0)
				o[i]->err = errno;
			hash_stream_init(&o[i]->h);
		}
	}
	buf_release(&path);
	out_row(&f->out, meas_cols, countof(meas_cols));
	out_row(&f->series, series_cols, countof(series_cols));
	return f;
}

/*
 * clean_str() of the names of one block's records, each string (by its
 * address: a parser gives its rows the same few) cleaned once. For one
 * spool_take() (its strings stay put meanwhile); zeroed to start, where a
 * slot's NULL cleans to NULL.
 */
#define CLEAN_SLOTS 16
struct clean_memo {
	const char *in[CLEAN_SLOTS], *out[CLEAN_SLOTS];
};

static const char *clean_memo(struct clean_memo *cm, struct model *m, const char *s)
{
	size_t h = ((uintptr_t)s >> 3) % CLEAN_SLOTS;

	if (cm->in[h] != s) {
		cm->in[h] = s;
		cm->out[h] = clean_str(&m->arena, s);
	}
	return cm->out[h];
}

/* struct record_spool's take: the block's records as rows of its text's measurements.csv and series.csv. */
static void spool_take(void *ctx, struct model *m, uint32_t source, const struct recset_mark *from)
{
	struct store_spool *sp = ctx;
	struct spooled *f = spooled_of(sp, source);
	const struct recset *rs = &m->rs;
	struct row_memo memo = { 0 };
	struct clean_memo cm;

	if (!f)
		f = spool_open_text(sp, m, source);
	/* names cleaned as clean_records() cleans those it finds in memory */
	memset(&cm, 0, sizeof(cm));
	memo.nums = sp->nums;
	for (size_t i = from->meas; i < rs->nmeas; i++)
		meas_out_row(&f->out, &memo, rs, &rs->meas[i], clean_memo(&cm, m, rs->meas[i].quantity));
	memset(&memo, 0, sizeof(memo));
	memo.nums = sp->nums;
	for (size_t i = from->series; i < rs->nseries; i++)
		series_out_row(&f->series, &memo, rs, &rs->series[i], clean_memo(&cm, m, rs->series[i].name));
}

/*
 * struct record_spool's end_text: the text is read, so its two files are
 * whole: written out, synced and closed now, not held open (and their
 * rows in memory) while the other texts of the import are read.
 */
static void spool_end_text(void *ctx, struct model *m, uint32_t source)
{
	struct spooled *f = spooled_of(ctx, source);

	(void)m;
	if (!f)
		return;
	outfile_finish(&f->out);
	outfile_finish(&f->series);
	buf_release(&f->out.b);
	buf_release(&f->series.b);
}

/*
 * struct record_spool's keep_text: a large text the import keeps, not yet
 * in sources/, starts being written into its temporary directory now, on a
 * thread of its own, while the import names its runs; write_source() waits
 * for it and renames it into place. A text no thread took is written there.
 */
static void spool_keep_text(void *ctx, struct model *m, uint32_t source)
{
	struct store_spool *sp = ctx;
	struct spooled *f = spooled_of(sp, source);
	const struct source *s = &m->sources[source];
	struct buf path = BUF_INIT;

	if (!f || f->text || f->out.err || s->len < TEXT_WRITER_MIN)
		return;
	buf_addf(&path, "%s/%s", sp->sources, s->hash);
	if (!path_exists(path.s)) {
		buf_reset(&path);
		temp_text_of(&path, f->dir);
		f->text = bgwrite_start(path.s, s->text, s->len);
	}
	buf_release(&path);
}

int store_spool_begin(struct store *st, struct model *m, struct diag *d)
{
	struct store_spool *sp = xcalloc(1, sizeof(*sp));

	sp->data = path_dup(st, "%s", "data");
	sp->sources = path_dup(st, "%s", "sources");
	if (dir_make(sp->data, d) < 0) {
		free(sp->data);
		free(sp->sources);
		free(sp);
		return -1;
	}
	remove_stale_temps(st);
	sp->nums = xcalloc(1, sizeof(*sp->nums));
	sp->hook.ctx = sp;
	sp->hook.take = spool_take;
	sp->hook.end_text = spool_end_text;
	sp->hook.keep_text = spool_keep_text;
	st->spool = sp;
	m->spool = &sp->hook;
	return 0;
}

void store_spool_end(struct store *st, struct model *m)
{
	struct store_spool *sp = st->spool;

	if (!sp)
		return;
	for (size_t i = 0; i < sp->n; i++) {
		struct spooled *f = &sp->v[i];

		if (f->text) /* written for an import that stored nothing: removed with the directory */
			bgwrite_finish(f->text, NULL);
		if (!f->taken) {
			outfile_discard(&f->out);
			outfile_discard(&f->series);
			dir_remove_flat(f->dir);
		}
		free(f->dir);
	}
	if (m->spool == &sp->hook)
		m->spool = NULL;
	free(sp->v);
	free(sp->data);
	free(sp->sources);
	free(sp->nums);
	free(sp);
	st->spool = NULL;
}

/* store_add_source(), or with `replace` store_replace_source(). */
static int write_source(struct store *st, struct model *m, uint32_t src, int replace, struct diag *d)
{
	/* in render_source's order */
	static const char *const names[] = { "source.csv", "runs.csv",  "measurements.csv",
					     "samples.csv", "series.csv", "notes.csv",
					     "facts.csv" };
	struct source *s = &m->sources[src];
	struct outfile out[countof(names)];
	struct manifest_file sums[countof(names)];
	struct buf tmp = BUF_INIT, final = BUF_INIT, path = BUF_INIT;
	char *data = path_dup(st, "%s", "data"), *sources = path_dup(st, "%s", "sources");
	struct spooled *spool;
	int rc = -1;

	memset(out, 0, sizeof(out));
	for (size_t i = 0; i < countof(out); i++)
		out[i].fd = -1;
	if (dir_make(data, d) < 0 || dir_make(sources, d) < 0)
		goto out;
	if (!st->spool) /* a spool's directories are in there, and it removed the stale ones */
		remove_stale_temps(st);

	if (!*s->instance) {
		char *inst = journal_instance_dup(s->hash);

		s->instance = arena_strdup(&m->arena, inst);
		free(inst);
	}
	temp_dir_of(&tmp, data, s);
	buf_addf(&final, "%s/%s", data, s->hash);
	spool = st->spool ? spooled_of(st->spool, src) : NULL;
	if (!spool) {
		dir_remove_flat(tmp.s);
		if (mkdir(tmp.s, 0755) < 0) {
			diag_error(d, tmp.s, 0, "cannot create: %s", strerror(errno));
			goto out;
		}
	}
	/*
	 * The text first: a data directory never refers to a missing source.
	 * It is written in the temporary directory and renamed into sources/,
	 * so that what an interrupted import leaves is all in one place.
	 */
	buf_addf(&path, "%s/%s", sources, s->hash);
	if ((spool && spool->text) || !path_exists(path.s)) {
		struct buf text = BUF_INIT;
		int bad;

		temp_text_of(&text, tmp.s);
		if (spool && spool->text) /* begun by spool_keep_text() */
			bad = bgwrite_finish(spool->text, d) < 0;
		else
			bad = file_write_new(text.s, s->text, s->len, d) < 0;
		if (spool)
			spool->text = NULL;
		if (!bad && rename(text.s, path.s) < 0) {
			diag_error(d, path.s, 0, "cannot store: %s", strerror(errno));
			bad = 1;
		}
		buf_release(&text);
		if (bad || dir_sync(sources, d) < 0)
			goto fail;
	}
	if (spool) {
		/* measurements.csv and series.csv are written: the directory is there, the files' state moves here */
		spool->taken = 1;
		out[2] = spool->out;
		out[4] = spool->series;
		memset(&spool->out, 0, sizeof(spool->out));
		memset(&spool->series, 0, sizeof(spool->series));
		for (size_t i = 2; i <= 4; i += 2) {
			if (out[i].err) {
				diag_error(d, tmp.s, 0, "cannot write %s: %s", names[i], strerror(out[i].err));
				goto fail;
			}
		}
	}
	for (size_t i = 0; i < countof(out); i++) {
		if (spool && (i == 2 || i == 4))
			continue;
		buf_reset(&path);
		buf_addf(&path, "%s/%s", tmp.s, names[i]);
		out[i].fd = open(path.s, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (out[i].fd < 0) {
			diag_error(d, path.s, 0, "cannot create: %s", strerror(errno));
			goto fail;
		}
		out[i].sum.name = names[i];
		hash_stream_init(&out[i].h);
	}
	render_source(m, src, out, spool != NULL);
	for (size_t i = 0; i < countof(out); i++) {
		/* a spooled file was synced and closed when its text was read (spool_end_text()) */
		outfile_finish(&out[i]);
		hash_stream_hex(&out[i].h, out[i].sum.xxh3);
		sums[i] = out[i].sum;
	}
	for (size_t i = 0; i < countof(out); i++) {
		if (out[i].err) {
			diag_error(d, tmp.s, 0, "cannot write %s: %s", names[i], strerror(out[i].err));
			goto fail;
		}
	}
	{
		/* what the files must be, checked on every load (manifest.h) */
		struct buf man = BUF_INIT;
		int bad;

		manifest_render_files(&man, sums, countof(sums), s->len);
		buf_reset(&path);
		buf_addf(&path, "%s/%s", tmp.s, MANIFEST_FILE);
		bad = file_write_new(path.s, man.s, man.len, d) < 0;
		buf_release(&man);
		if (bad)
			goto fail;
	}
	if (dir_sync(tmp.s, d) < 0)
		goto fail;
	if (replace && path_exists(final.s)) {
		/* the index describes the old one: gone first (a crash leaves no index, not a wrong one) */
		storeindex_remove(st);
		/* one atomic swap: readers see the old directory or the new one */
		if (renameat2(AT_FDCWD, tmp.s, AT_FDCWD, final.s, RENAME_EXCHANGE) < 0) {
			diag_error(d, final.s, 0, "cannot replace atomically: %s", strerror(errno));
			goto fail;
		}
		dir_remove_flat(tmp.s); /* now the old files */
	} else if (rename(tmp.s, final.s) < 0) {
		diag_error(d, final.s, 0, "cannot store: %s", strerror(errno));
		goto fail;
	}
	rc = dir_sync(data, d);
	s->stored = 1;
	goto out;
fail:
	for (size_t i = 0; i < countof(out); i++)
		outfile_discard(&out[i]);
	dir_remove_flat(tmp.s);
out:
	for (size_t i = 0; i < countof(out); i++)
		buf_release(&out[i].b);
	buf_release(&tmp);
	buf_release(&final);
	buf_release(&path);
	free(data);
	free(sources);
	return rc;
}

int store_add_override(struct store *st, const char *kind, const char *target, const char *value,
		       const char *created, struct diag *d)
{
	struct edit_row r = { 0 };
	struct buf what = BUF_INIT;
	const char *command;
	long rc;

	(void)created; /* the journal stamps its own time */
	r.value = value;
	if (!strcmp(kind, "baseline")) {
		r.op = EDIT_BASELINE;
		r.experiment = target;
		command = "baseline";
		buf_addf(&what, "baseline of \"%s\" is \"%s\"", target, value);
	} else if (!strcmp(kind, "experiment")) {
		r.op = EDIT_EXPERIMENT;
		r.target = target;
		command = "move";
		buf_addf(&what, "import %.12s moved to \"%s\"", target, value);
	} else {
		r.op = EDIT_VARIANT;
		r.target = target;
		command = "import --set-variant";
		buf_addf(&what, "block at %s is variant \"%s\"", target, value);
	}
	rc = journal_record(st, NULL, command, what.s, &r, 1, d);
	buf_release(&what);
	return rc < 0 ? -1 : 0;
}

int store_add_alias(struct store *st, const char *experiment, const char *from, const char *to,
		    const char *created, struct diag *d)
{
	struct edit_row r = { 0 };
	struct buf what = BUF_INIT;
	long rc;

	(void)created;
	r.op = EDIT_ALIAS;
	r.experiment = experiment;
	r.target = from;
	r.value = to;
	buf_addf(&what, "variant \"%s\" shown as \"%s\"%s%s%s", from, to, *experiment ? " in \"" : "",
		 experiment, *experiment ? "\"" : "");
	rc = journal_record(st, NULL, "rename-variant", what.s, &r, 1, d);
	buf_release(&what);
	return rc < 0 ? -1 : 0;
}

int store_upgrade_schema(struct store *st, struct diag *d)
{
	char *version = path_dup(st, "%s", "VERSION");
	struct buf text = BUF_INIT, v = BUF_INIT;
	int schema = 0, rc = 0;

	if (file_read(version, &text, d) == 0 && sscanf(buf_str(&text), VERSION_LINE " %d", &schema) == 1 &&
	    schema < STORE_SCHEMA) {
		const char *nl = memchr(text.s, '\n', text.len);

		buf_addf(&v, VERSION_LINE " %d\n", STORE_SCHEMA);
		if (nl)
			buf_add(&v, nl + 1, text.len - (size_t)(nl + 1 - text.s));
		rc = file_write_atomic(version, v.s, v.len, d);
	}
	buf_release(&text);
	buf_release(&v);
	free(version);
	return rc;
}

int store_add_source(struct store *st, struct model *m, uint32_t src, struct diag *d)
{
	return write_source(st, m, src, 0, d);
}

int store_replace_source(struct store *st, struct model *m, uint32_t src, struct diag *d)
{
	return write_source(st, m, src, 1, d);
}

int store_parsers(const struct store *st)
{
	char *version = path_dup(st, "%s", "VERSION");
	struct buf text = BUF_INIT;
	struct diag d = DIAG_INIT;
	const char *p;
	int gen = 1;

	if (file_read(version, &text, &d) == 0 && (p = strstr(buf_str(&text), "\nparsers ")))
		gen = atoi(p + 9);
	buf_release(&text);
	diag_release(&d);
	free(version);
	return gen;
}

int store_set_parsers(struct store *st, int generation, struct diag *d)
{
	char *version = path_dup(st, "%s", "VERSION");
	struct buf v = BUF_INIT;
	int rc;

	buf_addf(&v, VERSION_LINE " %d\nparsers %d\n", STORE_SCHEMA, generation);
	rc = file_write_atomic(version, v.s, v.len, d);
	buf_release(&v);
	free(version);
	return rc;
}
