/*
 * load.c - the imports' CSV files read into a model, each import checked
 * against its manifest and left out whole when it does not verify; see
 * load.h.
 */
#include "store/load.h"

#include <dirent.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parsers/names.h"
#include "parsers/parser.h"
#include "store/clean.h"
#include "store/columns.h"
#include "store/journal.h"
#include "store/manifest.h"
#include "store/progress.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "util/csvio.h"
#include "util/fsutil.h"

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

static int load_dirs(struct store *st, struct model *m, int runs_only, const char *const *only, size_t n,
		     int raw, struct diag *d);

int store_load(struct store *st, struct model *m, struct diag *d)
{
	return load_dirs(st, m, 0, NULL, 0, 0, d);
}

int store_load_runs(struct store *st, struct model *m, struct diag *d)
{
	return load_dirs(st, m, 1, NULL, 0, 0, d);
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
	return load_dirs(st, m, 0, hashes, n, 0, d);
}

int store_load_imports_runs(struct store *st, struct model *m, const char *const *hashes, size_t n,
			    struct diag *d)
{
	return load_dirs(st, m, 1, hashes, n, 0, d);
}

int store_load_import_raw(struct store *st, struct model *m, const char *hash, struct diag *d)
{
	return load_dirs(st, m, 0, &hash, 1, 1, d);
}

/* A read stopped by its reader (progress.h): -1, and why. */
static int cancelled(const struct store *st, struct diag *d)
{
	return diag_error(d, st->dir, 0, "reading the store cancelled");
}

/*
 * What load_dirs() goes through: data/'s entries, or the one import a
 * caller names, looked up alone (a catalog's read of what an import
 * stored, an undo's): a read of data/ lists every import, 0.3 ms warm
 * for 1,000 of them and some ms cold, to find one.
 */
struct walk {
	DIR *dp;         /* data/, when its entries are walked */
	const char *one; /* else the one name, until walk_next() gave it; NULL when absent */
};

/* Start `w` on `data`; `one` names the only import wanted, or is NULL. 0, or -1 with errno (ENOENT: no data/). */
static int walk_open(struct walk *w, const char *data, const char *one)
{
	struct stat sb;
	struct buf p = BUF_INIT;

	memset(w, 0, sizeof(*w));
	if (!one)
		return (w->dp = opendir(data)) ? 0 : -1;
	if (stat(data, &sb) < 0)
		return -1;
	if (!S_ISDIR(sb.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	/* an entry a read of data/ would list: there, or there but not to be looked at */
	buf_addf(&p, "%s/%s", data, one);
	if (lstat(p.s, &sb) == 0 || errno != ENOENT)
		w->one = one;
	buf_release(&p);
	return 0;
}

/* The next entry's name (good until the next call), or NULL at the end. */
static const char *walk_next(struct walk *w)
{
	const char *one = w->one;
	struct dirent *de;

	if (!w->dp) {
		w->one = NULL;
		return one;
	}
	de = readdir(w->dp);
	return de ? de->d_name : NULL;
}

/*
 * Every import (`only` NULL), or the n that `only` names; runs only, or
 * everything; with `raw`, without the journal (no edit applied, none left
 * out as removed).
 */
static int load_dirs(struct store *st, struct model *m, int runs_only, const char *const *only, size_t n,
		     int raw, struct diag *d)
{
	char *data = store_path_dup(st, "%s", "data");
	struct strmap wanted = STRMAP_INIT;
	struct walk w;
	const char *name;
	size_t seen = 0, total = 0;
	/* one import named by its hash is looked up alone; else data/ is read, each entry asked of `wanted` */
	const char *one = only && n == 1 && hash_is_hex(only[0]) ? only[0] : NULL;
	int several = only && !one;

	m->store_dir = arena_strdup(&m->arena, st->dir);
	if (!raw)
		journal_load(st, m, d); /* the user's edits: applied by model_resolve() */

	if (walk_open(&w, data, one) < 0) {
		free(data);
		if (errno == ENOENT) {
			model_resolve(m);
			return 0; /* nothing imported yet */
		}
		return diag_error(d, st->dir, 0, "cannot read data directory: %s", strerror(errno));
	}
	for (size_t i = 0; several && i < n; i++)
		strmap_put(&wanted, only[i], 1);
	if (st->progress && w.dp) {
		/* the count a progress line needs: one look at data/ before the work */
		struct dirent *de;

		while ((de = readdir(w.dp)))
			total += de->d_name[0] != '.' && (!several || strmap_get(&wanted, de->d_name, NULL));
		rewinddir(w.dp);
	} else if (st->progress) {
		total = w.one != NULL;
	}
	while ((name = walk_next(&w))) {
		struct buf p = BUF_INIT;
		uint32_t src;

		if (name[0] == '.')
			continue; /* ., .., and temporary directories of an unfinished import */
		if (several && !strmap_get(&wanted, name, NULL))
			continue;
		if (store_progress(st, STORE_PHASE_CHECKING, seen++, total)) {
			if (w.dp)
				closedir(w.dp);
			strmap_release(&wanted);
			free(data);
			return cancelled(st, d);
		}
		if (!hash_is_hex(name)) {
			diag_warn(d, data, 0, "unexpected entry '%s' ignored", name);
			continue;
		}
		size_t meas_rows = 0;
		int verified;

		if (runs_only) {
			struct buf dir = BUF_INIT, src_path = BUF_INIT;

			buf_addf(&dir, "%s/data/%s", st->dir, name);
			buf_addf(&src_path, "%s/sources/%s", st->dir, name);
			verified = manifest_verify_some(dir.s, src_path.s, runs_files, countof(runs_files),
						       &meas_rows, d);
			buf_release(&dir);
			buf_release(&src_path);
			if (verified == 1) /* no manifest: count the rows */
				meas_rows = count_meas(st, name) + 1;
		} else {
			verified = store_verify_import(st, name, d);
		}
		if (verified < 0) {
			/* never half an import: this one is left out, and the command fails */
			diag_error(d, NULL, 0, "import %.12s skipped: its files do not verify "
					       "(see 'benchdelta fsck')", name);
			m->damaged = 1;
			continue;
		}
		src = model_add_source(m, name, NULL, 0);
		m->sources[src].stored = 1;
		m->sources[src].meas_unloaded = meas_rows ? meas_rows - 1 : 0;
		buf_addf(&p, "%s/%s/source.csv", data, name);
		struct csvtable t = TABLE(p.s, source_cols, source_row);
		t.d = d;
		t.m = m;
		t.source = src;
		read_table(&t, 1);
		buf_release(&p);
		if (!raw) {
			const char *gone = journal_removed(m, m->sources[src].hash);

			if (gone && !strcmp(gone, m->sources[src].instance))
				m->nsources--; /* removed by an edit in effect (rm) */
		}
	}
	if (w.dp)
		closedir(w.dp);
	strmap_release(&wanted);
	free(data);

	if (m->nsources) /* none when every import was left out */
		qsort(m->sources, m->nsources, sizeof(*m->sources), cmp_sources);
	m->runs_only = runs_only;
	for (uint32_t s = 0; s < m->nsources; s++) {
		struct recset_mark mark = recset_mark(&m->rs);
		size_t said = d->n;

		if (store_progress(st, STORE_PHASE_READING, s, m->nsources))
			return cancelled(st, d);
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
