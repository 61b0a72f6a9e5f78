/*
 * catalog.c - the catalog (catalog.h) kept in SQLite: catalog.db in the
 * store's directory, in WAL mode (readers never wait for the writer; a
 * crash, even of the machine, leaves it as of a whole transaction).
 *
 *   imports(hash PRIMARY KEY, ident, damaged, imported, source, runs)
 *       ident: store_import_identity() when it was read; damaged: its
 *       files did not verify or read then (no runs, no figures kept)
 *   figures(quantity, hash, data) PRIMARY KEY (quantity, hash)
 *       per import and quantity, the figure of each run that has one
 *   effects(experiment, base, cand, family, stamp, ...): a pair's effect
 *       per family of metrics, as factors --across asks (catalog_fx.c)
 *
 * source, runs and data are blobs: unsigned numbers as LEB128 varints,
 * doubles as 8 little-endian bytes, strings as their length and bytes;
 * runs refers to a table of its strings, and a figure holds only the
 * spreads it has (a flag each). A
 * row per import and per import × quantity, not one per run or figure:
 * SQLite inserts a row in microseconds, and a store holds a million
 * figures. A blob that does not read whole is damage: the catalog is
 * dropped and made again.
 */
#include "store/catalog.h"
#include "store/catalog_db.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parsers/names.h"
#include "store/journal.h"
#include "store/load.h"
#include "store/progress.h"
#include "store/trace.h"
#include "util/buf.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/strmap.h"

#define CATALOG_FILE "catalog.db"
/* the tables' and the blobs' layout: a catalog of another is made anew (catalog_open()) */
#define CATALOG_SCHEMA 4
#define BLOB_VERSION 3

/* ---- blobs ---- */

static void put_u32(struct buf *b, uint32_t v)
{
	unsigned char x[5];
	size_t n = 0;

	do {
		x[n] = (unsigned char)(v & 0x7f);
		v >>= 7;
		x[n++] |= v ? 0x80 : 0;
	} while (v);
	buf_add(b, (const char *)x, n);
}

static void put_f64(struct buf *b, double d)
{
	unsigned char x[8];
	uint64_t v;

	memcpy(&v, &d, sizeof(v));
	for (int i = 0; i < 8; i++)
		x[i] = (unsigned char)(v >> (8 * i));
	buf_add(b, (const char *)x, 8);
}

static void put_str(struct buf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	put_u32(b, (uint32_t)n);
	buf_add(b, s ? s : "", n);
}

/* A blob being read: a value past its end sets `bad`, and reads as 0. */
struct rd {
	const unsigned char *p;
	size_t n, at;
	int bad;
};

static uint32_t get_u32(struct rd *r)
{
	uint64_t v = 0;

	for (int shift = 0; !r->bad; shift += 7) {
		unsigned char x;

		if (r->at >= r->n || shift > 28) {
			r->bad = 1;
			break;
		}
		x = r->p[r->at++];
		v |= (uint64_t)(x & 0x7f) << shift;
		if (!(x & 0x80))
			return v > UINT32_MAX ? (r->bad = 1, 0) : (uint32_t)v;
	}
	return 0;
}

static double get_f64(struct rd *r)
{
	uint64_t v = 0;
	double d;

	if (r->bad || r->n - r->at < 8) {
		r->bad = 1;
		return NAN;
	}
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)r->p[r->at + (size_t)i] << (8 * i);
	r->at += 8;
	memcpy(&d, &v, sizeof(d));
	return d;
}

/* A string of the blob, copied into `a` ("" when the blob is cut). */
static const char *get_str(struct rd *r, struct arena *a)
{
	uint32_t n = get_u32(r);

	if (r->bad || r->n - r->at < n) {
		r->bad = 1;
		return "";
	}
	r->at += n;
	return arena_strndup(a, (const char *)r->p + r->at - n, n);
}

/* ---- the database ---- */

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS imports(hash TEXT PRIMARY KEY, ident TEXT NOT NULL,"
	" damaged INTEGER NOT NULL, imported TEXT NOT NULL, source BLOB, runs BLOB);"
	"CREATE TABLE IF NOT EXISTS figures(quantity TEXT NOT NULL, hash TEXT NOT NULL,"
	" data BLOB NOT NULL);"
	"CREATE UNIQUE INDEX IF NOT EXISTS figures_quantity ON figures(quantity, hash);"
	"CREATE INDEX IF NOT EXISTS figures_hash ON figures(hash);"
	CATALOG_EFFECTS_SCHEMA;

/* One statement with no result; 0, or the SQLite error. */
static int exec(sqlite3 *db, const char *sql)
{
	return sqlite3_exec(db, sql, NULL, NULL, NULL);
}

/* The schema's version the file says (PRAGMA user_version), or -1. */
static int user_version(sqlite3 *db)
{
	sqlite3_stmt *q;
	int v = -1;

	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(q) == SQLITE_ROW)
		v = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return v;
}

/*
 * The version a catalog is written with: CATALOG_SCHEMA in the high bits,
 * names_stamp()'s low 24 bits below (runs and figures keep formats, units
 * and origins as record.h's numbers, so another binary's tables make it
 * another version).
 */
static int catalog_version(void)
{
	return CATALOG_SCHEMA << 24 | (int)(names_stamp() & 0xffffff);
}

/* Open and set up the file; its tables made when new, made anew when of another version. 0, or an SQLite error. */
static int setup(sqlite3 *db)
{
	char sql[64];
	int rc, v, version = catalog_version();

	sqlite3_busy_timeout(db, 10000);
	if ((rc = exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")) != SQLITE_OK)
		return rc;
	if ((v = user_version(db)) < 0)
		return SQLITE_CORRUPT;
	if (v == version)
		return SQLITE_OK;
	if ((rc = exec(db, "BEGIN IMMEDIATE")) != SQLITE_OK)
		return rc;
	if (user_version(db) != version) {
		snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", version);
		if ((rc = exec(db, "DROP TABLE IF EXISTS imports; DROP TABLE IF EXISTS figures;"
					   " DROP TABLE IF EXISTS effects;")) ||
		    (rc = exec(db, schema)) || (rc = exec(db, sql))) {
			exec(db, "ROLLBACK");
			return rc;
		}
	}
	return exec(db, "COMMIT");
}

void catalog_remove(const struct store *st)
{
	static const char *const files[] = { CATALOG_FILE, CATALOG_FILE "-wal", CATALOG_FILE "-shm" };

	for (size_t i = 0; i < countof(files); i++) {
		char *p = store_path_dup(st, "%s", files[i]);

		unlink(p);
		free(p);
	}
}

struct catalog *catalog_open(struct store *st)
{
	char *path;
	sqlite3 *db = NULL;
	struct catalog *c;
	int rc = SQLITE_CANTOPEN;

	if (!st->dir || !path_exists(st->dir))
		return NULL; /* no store yet: nothing to know */
	path = store_path_dup(st, "%s", CATALOG_FILE);
	for (int attempt = 0; attempt < 2; attempt++) {
		rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
		if (rc == SQLITE_OK)
			rc = setup(db);
		if (rc == SQLITE_OK)
			break;
		sqlite3_close(db);
		db = NULL;
		if (rc != SQLITE_CORRUPT && rc != SQLITE_NOTADB)
			break;
		catalog_remove(st); /* not a catalog we can read: made anew */
	}
	free(path);
	if (rc != SQLITE_OK)
		return NULL;
	c = xcalloc(1, sizeof(*c));
	c->db = db;
	c->st = st;
	return c;
}

void catalog_close(struct catalog *c)
{
	if (!c)
		return;
	sqlite3_finalize(c->fx_get);
	sqlite3_finalize(c->fx_put);
	sqlite3_finalize(c->fx_ident);
	sqlite3_close(c->db);
	free(c);
}

/* ---- writing an import ---- */

static void put_source(struct buf *b, const struct source *s)
{
	put_u32(b, BLOB_VERSION);
	put_str(b, s->name);
	put_str(b, s->imported);
	put_str(b, s->title);
	put_str(b, s->flag_experiment);
	put_str(b, s->flag_variant);
	put_str(b, s->author);
	put_str(b, s->posted);
	put_str(b, s->address);
	put_str(b, s->thread);
	put_str(b, s->instance);
	put_u32(b, s->nlines);
	put_u32(b, (uint32_t)s->flag_no_hand);
}

/* The string table of a runs blob: each distinct string once, by its index. */
struct strings {
	struct strmap at;
	struct buf out;
	uint32_t n;
};

static uint32_t string_at(struct strings *t, const char *s)
{
	uint32_t k;

	if (strmap_put_new(&t->at, s, t->n, &k)) {
		put_str(&t->out, s);
		return t->n++;
	}
	return k;
}

/* The runs of source `src` (runs_by_source's), with their string table. */
static void put_runs(struct buf *b, const struct model *m, uint32_t src, const uint32_t *runs, size_t n)
{
	struct strings t = { STRMAP_INIT, BUF_INIT, 0 };
	struct buf rows = BUF_INIT;
	size_t *nmeas = model_meas_per_run(m);

	for (size_t k = 0; k < n; k++) {
		const struct run *r = &m->rs.runs[runs[k]];

		put_u32(&rows, string_at(&t, r->id));
		put_u32(&rows, (uint32_t)r->fmt);
		put_u32(&rows, r->first_line);
		put_u32(&rows, r->last_line);
		put_u32(&rows, string_at(&t, r->block));
		put_u32(&rows, string_at(&t, r->experiment));
		put_u32(&rows, string_at(&t, r->variant.text));
		put_u32(&rows, string_at(&t, r->variant.key));
		put_u32(&rows, (uint32_t)r->variant.origin);
		put_u32(&rows, string_at(&t, r->scenario));
		put_u32(&rows, string_at(&t, r->subject));
		put_u32(&rows, string_at(&t, r->command));
		put_u32(&rows, r->flags);
		put_u32(&rows, r->name_line);
		put_u32(&rows, (uint32_t)nmeas[runs[k]]);
	}
	/* then the runs' notes (kind, line, text): what a view flags and shows of a run */
	{
		struct buf notes = BUF_INIT;
		uint32_t count = 0;

		for (size_t k = 0; k < n; k++) {
			const struct byrun *by = &m->notes_by_run;

			for (uint32_t i = by->start[runs[k]]; i < by->start[runs[k] + 1]; i++) {
				const struct note *no = &m->rs.notes[by->order[i]];

				put_u32(&notes, (uint32_t)k);
				put_u32(&notes, (uint32_t)no->kind);
				put_u32(&notes, no->line);
				put_u32(&notes, string_at(&t, no->text));
				count++;
			}
		}
		put_u32(&rows, count);
		buf_add(&rows, notes.s ? notes.s : "", notes.len);
		buf_release(&notes);
	}
	(void)src;
	put_u32(b, BLOB_VERSION);
	put_u32(b, t.n);
	buf_add(b, t.out.s ? t.out.s : "", t.out.len);
	put_u32(b, (uint32_t)n);
	buf_add(b, rows.s ? rows.s : "", rows.len);
	strmap_release(&t.at);
	buf_release(&t.out);
	buf_release(&rows);
	free(nmeas);
}

/* A figure's flags: measured, then which of its numbers follow (a NaN or an unknown res is left out). */
enum { FIG_MEASURED = 1, FIG_CENTER = 2, FIG_SD = 4, FIG_LO = 8, FIG_HI = 16, FIG_MIN = 32, FIG_MAX = 64,
       FIG_RES = 128 };

static void put_figure(struct buf *b, uint32_t seq, const struct run_figure *f)
{
	const double v[] = { f->center, f->sd, f->lo, f->hi, f->min, f->max };
	uint32_t flags = f->measured ? FIG_MEASURED : 0;

	for (size_t i = 0; i < countof(v); i++)
		if (!isnan(v[i]))
			flags |= (uint32_t)FIG_CENTER << i;
	if (f->res >= 0)
		flags |= FIG_RES;
	put_u32(b, seq);
	put_u32(b, (uint32_t)f->unit);
	put_u32(b, (uint32_t)f->dir);
	put_u32(b, flags);
	put_u32(b, f->n);
	put_u32(b, (uint32_t)f->nsamples);
	for (size_t i = 0; i < countof(v); i++)
		if (flags & ((uint32_t)FIG_CENTER << i))
			put_f64(b, v[i]);
	if (flags & FIG_RES)
		put_f64(b, f->res);
}

/* The figures of the runs of a source, one blob per quantity, in order of first appearance. */
struct quantities {
	struct strmap at;
	const char **name;
	struct buf *data;
	uint32_t *count;
	size_t n, cap;
};

static size_t quantity_slot(struct quantities *q, const char *name)
{
	uint32_t k;

	if (!strmap_put_new(&q->at, name, (uint32_t)q->n, &k))
		return k;
	ALLOC_GROW(q->name, q->n + 1, q->cap);
	q->data = xrealloc(q->data, q->cap * sizeof(*q->data));
	q->count = xrealloc(q->count, q->cap * sizeof(*q->count));
	q->name[q->n] = name;
	memset(&q->data[q->n], 0, sizeof(q->data[q->n]));
	q->count[q->n] = 0;
	return q->n++;
}

/* The figure of each quantity each run has (a measurement or a sample of it), run by run. */
static void gather_figures(struct model *m, const uint32_t *runs, size_t n, struct quantities *q)
{
	for (size_t k = 0; k < n; k++) {
		uint32_t r = runs[k];
		struct run_records rec = { 0 };
		const char *seen[64];
		size_t nseen = 0;

		rec.meas = m->meas_by_run.order + m->meas_by_run.start[r];
		rec.nmeas = m->meas_by_run.start[r + 1] - m->meas_by_run.start[r];
		rec.samples = m->samples_by_run.order + m->samples_by_run.start[r];
		rec.nsamples = m->samples_by_run.start[r + 1] - m->samples_by_run.start[r];
		for (size_t i = 0; i < rec.nmeas + rec.nsamples; i++) {
			const char *name = i < rec.nmeas ? m->rs.meas[rec.meas[i]].quantity
							 : m->rs.samples[rec.samples[i - rec.nmeas]].quantity;
			struct run_figure f;
			size_t j = 0, slot;

			while (j < nseen && strcmp(seen[j], name))
				j++;
			if (j < nseen)
				continue;
			if (nseen < countof(seen))
				seen[nseen++] = name;
			trace_figure(m, &rec, name, &f);
			if (f.center_meas >= 0)
				f.res = trace_center_res(m, &f); /* the digits are read once, here */
			slot = quantity_slot(q, name);
			put_figure(&q->data[slot], (uint32_t)k, &f);
			q->count[slot]++;
		}
	}
}

static void quantities_release(struct quantities *q)
{
	for (size_t i = 0; i < q->n; i++)
		buf_release(&q->data[i]);
	free(q->name);
	free(q->data);
	free(q->count);
	strmap_release(&q->at);
}

static int bind_text(sqlite3_stmt *q, int i, const char *s)
{
	return sqlite3_bind_text(q, i, s, -1, SQLITE_TRANSIENT);
}

/* One statement run with its bindings done by the caller; 0 or -1. */
static int step_done(sqlite3_stmt *q)
{
	int rc = sqlite3_step(q);

	sqlite3_finalize(q);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : -1;
}

/* Forget what the catalog has of import `hash`. */
static int forget(struct catalog *c, const char *hash)
{
	sqlite3_stmt *q;

	if (sqlite3_prepare_v2(c->db, "DELETE FROM figures WHERE hash = ?1", -1, &q, NULL) != SQLITE_OK)
		return -1;
	bind_text(q, 1, hash);
	if (step_done(q) < 0 ||
	    sqlite3_prepare_v2(c->db, "DELETE FROM imports WHERE hash = ?1", -1, &q, NULL) != SQLITE_OK)
		return -1;
	bind_text(q, 1, hash);
	return step_done(q);
}

/* The import's row: its identity (hex), damaged or not, and its blobs (NULL when damaged). */
static int put_import(struct catalog *c, const char *hash, const char *ident, int damaged,
		      const char *imported, const struct buf *source, const struct buf *runs)
{
	sqlite3_stmt *q;

	if (sqlite3_prepare_v2(c->db,
			       "INSERT OR REPLACE INTO imports(hash, ident, damaged, imported, source, runs)"
			       " VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
			       -1, &q, NULL) != SQLITE_OK)
		return -1;
	bind_text(q, 1, hash);
	bind_text(q, 2, ident);
	sqlite3_bind_int(q, 3, damaged);
	bind_text(q, 4, imported);
	if (source)
		sqlite3_bind_blob(q, 5, source->s ? source->s : "", (int)source->len, SQLITE_STATIC);
	if (runs)
		sqlite3_bind_blob(q, 6, runs->s ? runs->s : "", (int)runs->len, SQLITE_STATIC);
	return step_done(q);
}

static void ident_hex(const uint64_t id[2], char out[33])
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)id[0], (unsigned long long)id[1]);
}

/*
 * Read stored import `hash` (its files as they are, without the journal)
 * and put what the catalog keeps of it, in place of what it had. Inside
 * a transaction. 0, or -1 when the catalog cannot be written.
 */
static int read_import(struct catalog *c, const char *hash, const char *ident)
{
	struct model m;
	struct diag d = DIAG_INIT;
	struct buf source = BUF_INIT, runs = BUF_INIT;
	struct quantities qs = { STRMAP_INIT, NULL, NULL, NULL, 0, 0 };
	int damaged, rc;

	model_init(&m);
	rc = store_load_import_raw(c->st, &m, hash, &d);
	damaged = rc < 0 || m.damaged || d.n || m.nsources != 1;
	rc = forget(c, hash);
	if (rc == 0 && damaged) {
		rc = put_import(c, hash, ident, 1, "", NULL, NULL);
	} else if (rc == 0) {
		const uint32_t *own = m.runs_by_source.order + m.runs_by_source.start[0];
		size_t n = m.runs_by_source.start[1] - m.runs_by_source.start[0];

		put_source(&source, &m.sources[0]);
		put_runs(&runs, &m, 0, own, n);
		gather_figures(&m, own, n, &qs);
		rc = put_import(c, hash, ident, 0, m.sources[0].imported, &source, &runs);
		for (size_t i = 0; rc == 0 && i < qs.n; i++) {
			sqlite3_stmt *q;
			struct buf blob = BUF_INIT;

			put_u32(&blob, BLOB_VERSION);
			put_u32(&blob, qs.count[i]);
			buf_add(&blob, qs.data[i].s ? qs.data[i].s : "", qs.data[i].len);
			if (sqlite3_prepare_v2(c->db, "INSERT INTO figures(quantity, hash, data) VALUES(?1, ?2, ?3)",
					       -1, &q, NULL) != SQLITE_OK) {
				rc = -1;
			} else {
				bind_text(q, 1, qs.name[i]);
				bind_text(q, 2, hash);
				sqlite3_bind_blob(q, 3, blob.s, (int)blob.len, SQLITE_STATIC);
				rc = step_done(q);
			}
			buf_release(&blob);
		}
	}
	quantities_release(&qs);
	buf_release(&source);
	buf_release(&runs);
	diag_release(&d);
	model_release(&m);
	return rc;
}

int catalog_add(struct catalog *c, const char *hash)
{
	uint64_t id[2];
	char ident[33];

	if (store_import_identity(c->st, hash, id) < 0)
		return -1;
	ident_hex(id, ident);
	if (exec(c->db, "BEGIN IMMEDIATE") != SQLITE_OK)
		return -1;
	if (read_import(c, hash, ident) < 0) {
		exec(c->db, "ROLLBACK");
		return -1;
	}
	return exec(c->db, "COMMIT") == SQLITE_OK ? 0 : -1;
}

/* ---- keeping up with data/ ---- */

/* The names of data/'s import directories. */
struct listing {
	char **name;
	size_t n, cap;
};

static void listed(void *ctx, const char *name)
{
	struct listing *l = ctx;

	if (!hash_is_hex(name))
		return; /* the loader warns about it */
	ALLOC_GROW(l->name, l->n + 1, l->cap);
	l->name[l->n++] = xstrdup(name);
}

/* What the catalog holds: hash → its row's identity (hex), in `a`. */
static int known(struct catalog *c, struct arena *a, struct strmap *ids, const char ***idents,
		 size_t *n)
{
	sqlite3_stmt *q;
	size_t cap = 0;
	int rc;

	*n = 0;
	*idents = NULL;
	if (sqlite3_prepare_v2(c->db, "SELECT hash, ident FROM imports", -1, &q, NULL) != SQLITE_OK)
		return -1;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *h = arena_strdup(a, (const char *)sqlite3_column_text(q, 0));

		ALLOC_GROW(*idents, *n + 1, cap);
		(*idents)[*n] = arena_strdup(a, (const char *)sqlite3_column_text(q, 1));
		strmap_put(ids, h, (uint32_t)(*n)++);
	}
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : -1;
}

/*
 * What to do to catch up: the listed imports whose identity the catalog
 * does not hold (stale[i] set, ident[i] their identity now), and whether
 * some row names an import no longer listed. 1 when there is work.
 */
static int behind(struct catalog *c, const struct listing *l, char (*ident)[33], unsigned char *stale,
		  int *gone)
{
	struct arena a = { 0 };
	struct strmap ids = STRMAP_INIT;
	const char **idents;
	size_t n, seen = 0;
	int work = 0;

	if (known(c, &a, &ids, &idents, &n) < 0) {
		arena_release(&a);
		return -1;
	}
	for (size_t i = 0; i < l->n; i++) {
		uint64_t id[2];
		uint32_t k;

		stale[i] = 0;
		if (store_import_identity(c->st, l->name[i], id) < 0)
			continue; /* gone since the listing */
		ident_hex(id, ident[i]);
		if (strmap_get(&ids, l->name[i], &k)) {
			seen++;
			if (!strcmp(idents[k], ident[i]))
				continue;
		}
		stale[i] = 1;
		work = 1;
	}
	*gone = seen < n;
	free(idents);
	strmap_release(&ids);
	arena_release(&a);
	return work || *gone;
}

/* Forget every row whose import is not listed. */
static int forget_gone(struct catalog *c, const struct listing *l)
{
	struct strmap here = STRMAP_INIT;
	struct arena a = { 0 };
	const char **idents;
	struct strmap ids = STRMAP_INIT;
	size_t n;
	int rc = 0;

	for (size_t i = 0; i < l->n; i++)
		strmap_put(&here, l->name[i], 1);
	if (known(c, &a, &ids, &idents, &n) < 0)
		rc = -1;
	/* the hashes are the map's keys: walk the rows again by the query */
	if (rc == 0) {
		sqlite3_stmt *q;
		char **drop = NULL;
		size_t ndrop = 0, cap = 0;

		if (sqlite3_prepare_v2(c->db, "SELECT hash FROM imports", -1, &q, NULL) != SQLITE_OK) {
			rc = -1;
		} else {
			while (sqlite3_step(q) == SQLITE_ROW) {
				const char *h = (const char *)sqlite3_column_text(q, 0);

				if (!strmap_get(&here, h, NULL)) {
					ALLOC_GROW(drop, ndrop + 1, cap);
					drop[ndrop++] = xstrdup(h);
				}
			}
			sqlite3_finalize(q);
		}
		for (size_t i = 0; i < ndrop; i++) {
			if (rc == 0 && forget(c, drop[i]) < 0)
				rc = -1;
			free(drop[i]);
		}
		free(drop);
	}
	free(idents);
	strmap_release(&ids);
	strmap_release(&here);
	arena_release(&a);
	return rc;
}

static long count_damaged(struct catalog *c)
{
	sqlite3_stmt *q;
	long n = -1;

	if (sqlite3_prepare_v2(c->db, "SELECT count(*) FROM imports WHERE damaged != 0", -1, &q, NULL) !=
	    SQLITE_OK)
		return -1;
	if (sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return n;
}

long catalog_sync(struct catalog *c)
{
	struct listing l = { NULL, 0, 0 };
	char (*ident)[33];
	unsigned char *stale;
	int gone = 0, work, stop = 0;
	long rc = 0;

	if (store_scan_data(c->st, listed, &l) < 0 && path_exists(c->st->dir)) {
		char *data = store_path_dup(c->st, "%s", "data");
		int missing = !path_exists(data);

		free(data);
		if (!missing)
			return -1; /* data/ cannot be read */
	}
	ident = xcalloc(l.n ? l.n : 1, sizeof(*ident));
	stale = xcalloc(l.n ? l.n : 1, 1);
	work = behind(c, &l, ident, stale, &gone);
	if (work > 0) {
		/* under the write lock, once more: another reader may have caught up meanwhile */
		if (exec(c->db, "BEGIN IMMEDIATE") != SQLITE_OK ||
		    (work = behind(c, &l, ident, stale, &gone)) < 0) {
			rc = -1;
		} else {
			size_t nstale = 0, k = 0;

			for (size_t i = 0; i < l.n; i++)
				nstale += stale[i];
			for (size_t i = 0; rc == 0 && !stop && i < l.n; i++) {
				if (!stale[i])
					continue;
				/* a reader that stops keeps what was read (each import whole): the next goes on */
				if (store_progress(c->st, STORE_PHASE_CATALOG, k++, nstale))
					stop = 1;
				else if (read_import(c, l.name[i], ident[i]) < 0)
					rc = -1;
			}
			if (rc == 0 && !stop && gone && forget_gone(c, &l) < 0)
				rc = -1;
		}
		if (rc == 0 && exec(c->db, "COMMIT") != SQLITE_OK)
			rc = -1;
		if (rc < 0)
			exec(c->db, "ROLLBACK");
	} else if (work < 0) {
		rc = -1;
	}
	for (size_t i = 0; i < l.n; i++)
		free(l.name[i]);
	free(l.name);
	free(ident);
	free(stale);
	return rc < 0 || stop ? -1 : count_damaged(c);
}

long catalog_imports_like(struct catalog *c, const char *prefix,
			  void (*fn)(void *ctx, const char *hash), void *ctx)
{
	sqlite3_stmt *q;
	struct buf like = BUF_INIT;
	long n = 0;
	int rc;

	for (const char *p = prefix; *p; p++)
		if (!strchr("0123456789abcdef", *p))
			return 0; /* no text's hash */
	buf_addf(&like, "%s%%", prefix);
	if (sqlite3_prepare_v2(c->db, "SELECT hash FROM imports WHERE hash LIKE ?1", -1, &q, NULL) !=
	    SQLITE_OK) {
		buf_release(&like);
		return -1;
	}
	bind_text(q, 1, like.s);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		fn(ctx, (const char *)sqlite3_column_text(q, 0));
		n++;
	}
	sqlite3_finalize(q);
	buf_release(&like);
	return rc == SQLITE_DONE ? n : -1;
}

/* ---- reading ---- */

/*
 * One import as the catalog keeps it, decoded: its source's strings in
 * the arena that keeps them (a model's), its string table in `strings`'
 * arena; where that is another, scratch one, only the strings of what is
 * kept are copied into `keep` (kept_of()), so that reading one metric's
 * runs of many imports does not keep every run's strings of each.
 */
struct kept {
	char hash[HASH_HEX_LEN + 1];
	struct source src;
	const char **strings;
	uint32_t nstrings;
	struct arena *keep; /* NULL: `strings` are kept already */
	const char **kept;  /* per string, its copy in `keep` once asked (heap), when `keep` */
	uint32_t nruns;
	uint32_t *fields;      /* RUN_FIELDS a run, as put_runs() wrote them (heap) */
	uint32_t nnotes;
	uint32_t *notes;       /* NOTE_FIELDS a note, in run order (heap) */
	uint32_t *note_at;     /* run seq's notes: [note_at[seq], note_at[seq + 1]) (heap) */
};

#define NOTE_FIELDS 4

#define RUN_FIELDS 15

static int decode_source(const void *p, size_t n, struct source *s, struct arena *a)
{
	struct rd r = { p, n, 0, 0 };

	if (get_u32(&r) != BLOB_VERSION)
		return -1;
	s->name = get_str(&r, a);
	s->imported = get_str(&r, a);
	s->title = get_str(&r, a);
	s->flag_experiment = get_str(&r, a);
	s->flag_variant = get_str(&r, a);
	s->author = get_str(&r, a);
	s->posted = get_str(&r, a);
	s->address = get_str(&r, a);
	s->thread = get_str(&r, a);
	s->instance = get_str(&r, a);
	s->nlines = get_u32(&r);
	s->flag_no_hand = get_u32(&r) != 0;
	return r.bad ? -1 : 0;
}

/*
 * Read import `hash`'s row into *k: its string table into `a`, its
 * source's strings into `keep` (NULL: into `a` too, and every string is
 * kept there). 0; 1 when it is damaged or not kept; -1 on error. The
 * caller frees k's heap arrays (kept_free()) whatever it returns.
 */
static int fetch(struct catalog *c, const char *hash, struct kept *k, struct arena *a, struct arena *keep)
{
	sqlite3_stmt *q;
	int rc;

	memset(k, 0, sizeof(*k));
	snprintf(k->hash, sizeof(k->hash), "%s", hash);
	if (sqlite3_prepare_v2(c->db, "SELECT damaged, source, runs FROM imports WHERE hash = ?1", -1, &q,
			       NULL) != SQLITE_OK)
		return -1;
	bind_text(q, 1, hash);
	rc = sqlite3_step(q);
	if (rc != SQLITE_ROW || sqlite3_column_int(q, 0)) {
		sqlite3_finalize(q);
		return rc == SQLITE_ROW || rc == SQLITE_DONE ? 1 : -1;
	}
	rc = decode_source(sqlite3_column_blob(q, 1), (size_t)sqlite3_column_bytes(q, 1), &k->src, keep ? keep : a);
	if (rc == 0) {
		size_t n = (size_t)sqlite3_column_bytes(q, 2);
		struct rd r = { sqlite3_column_blob(q, 2), n, 0, 0 };

		if (get_u32(&r) != BLOB_VERSION)
			rc = -1;
		k->nstrings = get_u32(&r);
		if (k->nstrings > n)
			rc = -1; /* (a string takes a byte at least) */
		k->strings = rc == 0 ? arena_alloc(a, (k->nstrings ? k->nstrings : 1) * sizeof(*k->strings)) : NULL;
		for (uint32_t i = 0; rc == 0 && i < k->nstrings; i++)
			k->strings[i] = get_str(&r, a);
		if (rc == 0 && keep && keep != a) {
			k->keep = keep;
			k->kept = xcalloc(k->nstrings ? k->nstrings : 1, sizeof(*k->kept));
		}
		k->nruns = get_u32(&r);
		if (r.bad || k->nruns > n)
			rc = -1;
		if (rc == 0) {
			k->fields = xmalloc(((size_t)k->nruns * RUN_FIELDS + 1) * sizeof(*k->fields));
			for (size_t i = 0; i < (size_t)k->nruns * RUN_FIELDS; i++)
				k->fields[i] = get_u32(&r);
			k->nnotes = get_u32(&r);
			if (r.bad || k->nnotes > n)
				rc = -1;
		}
		if (rc == 0) {
			k->notes = xmalloc(((size_t)k->nnotes * NOTE_FIELDS + 1) * sizeof(*k->notes));
			for (size_t i = 0; i < (size_t)k->nnotes * NOTE_FIELDS; i++)
				k->notes[i] = get_u32(&r);
			k->note_at = xcalloc((size_t)k->nruns + 2, sizeof(*k->note_at));
			for (uint32_t i = 0, seq = 0; !r.bad && seq <= k->nruns; seq++) {
				/* the notes are in the order of their runs */
				while (i < k->nnotes && k->notes[(size_t)i * NOTE_FIELDS] < seq)
					i++;
				k->note_at[seq] = i;
			}
			for (uint32_t i = 0; i < k->nnotes; i++)
				if (k->notes[(size_t)i * NOTE_FIELDS] >= k->nruns ||
				    (i && k->notes[(size_t)i * NOTE_FIELDS] < k->notes[(size_t)(i - 1) * NOTE_FIELDS]))
					r.bad = 1;
			if (r.bad)
				rc = -1;
		}
	}
	sqlite3_finalize(q);
	return rc;
}

static const char *string_of(const struct kept *k, uint32_t i, int *bad)
{
	if (i >= k->nstrings) {
		*bad = 1;
		return "";
	}
	return k->strings[i];
}

/* String i as the model keeps it: string_of(), copied into k->keep on its first use. */
static const char *kept_of(struct kept *k, uint32_t i, int *bad)
{
	if (i >= k->nstrings || !k->keep)
		return string_of(k, i, bad);
	if (!k->kept[i])
		k->kept[i] = arena_strdup(k->keep, k->strings[i]);
	return k->kept[i];
}

/* The heap arrays of k (fetch()'s), whatever fetch() returned. */
static void kept_free(struct kept *k)
{
	free(k->fields);
	free(k->notes);
	free(k->note_at);
	free(k->kept);
}

/* Run `seq` of import `k` into a new run of `m` for source `src`. 0, or -1 when the blob does not read. */
static int add_run(struct model *m, struct kept *k, uint32_t seq, uint32_t src)
{
	const uint32_t *v = k->fields + (size_t)seq * RUN_FIELDS;
	struct run *run;
	int bad = 0;

	if (seq >= k->nruns || v[1] >= FMT__COUNT || v[8] >= VO__COUNT)
		return -1;
	{
		uint32_t at = recset_add_run(&m->rs); /* (it may move the array) */

		run = &m->rs.runs[at];
	}
	run->id = kept_of(k, v[0], &bad);
	run->source = src;
	run->fmt = (enum fmt)v[1];
	run->first_line = v[2];
	run->last_line = v[3];
	run->block = kept_of(k, v[4], &bad);
	run->experiment = kept_of(k, v[5], &bad);
	run->variant.text = kept_of(k, v[6], &bad);
	run->variant.key = kept_of(k, v[7], &bad);
	run->variant.origin = (enum vorigin)v[8];
	run->scenario = kept_of(k, v[9], &bad);
	run->subject = kept_of(k, v[10], &bad);
	run->command = kept_of(k, v[11], &bad);
	run->flags = v[12];
	run->name_line = v[13];
	run->nmeas_out = v[14]; /* its measurements, left on disk */
	for (uint32_t i = k->note_at[seq]; i < k->note_at[seq + 1]; i++) {
		const uint32_t *x = k->notes + (size_t)i * NOTE_FIELDS;
		uint32_t at = (uint32_t)m->rs.nruns - 1;
		struct note *no;

		if (x[1] >= NOTE__COUNT)
			return -1;
		no = recset_add_note(&m->rs);
		no->run = at;
		no->kind = (enum note_kind)x[1];
		no->line = x[2];
		no->text = kept_of(k, x[3], &bad);
	}
	return bad ? -1 : 0;
}

/* A run's field `i` (add_run()'s order) without adding it; ~0 past the runs. */
static uint32_t run_field(const struct kept *k, uint32_t seq, int i)
{
	return seq < k->nruns ? k->fields[(size_t)seq * RUN_FIELDS + (size_t)i] : ~0u;
}

static int decode_figure(struct rd *r, uint32_t *seq, struct run_figure *f)
{
	uint32_t flags;

	double *v[] = { &f->center, &f->sd, &f->lo, &f->hi, &f->min, &f->max };

	memset(f, 0, sizeof(*f));
	*seq = get_u32(r);
	f->unit = (enum unit)get_u32(r);
	f->dir = (enum direction)get_u32(r);
	flags = get_u32(r);
	f->n = get_u32(r);
	f->nsamples = get_u32(r);
	for (size_t i = 0; i < countof(v); i++)
		*v[i] = flags & ((uint32_t)FIG_CENTER << i) ? get_f64(r) : NAN;
	f->res = flags & FIG_RES ? get_f64(r) : -1;
	f->present = 1;
	f->measured = flags & FIG_MEASURED;
	f->center_meas = -1;
	return r->bad || f->unit >= UNIT__COUNT || f->dir >= DIR__COUNT ? -1 : 0;
}

/* Figures of one import found for the metric: per quantity and the subject it must go with. */
struct found {
	char *hash;
	const char *imported;
	struct hit {
		const char *quantity, *subject;
		void *data; /* the figures blob (owned) */
		size_t len;
	} *hits;
	size_t nhits, cap;
};

static int by_import_time(const void *a, const void *b)
{
	const struct found *x = a, *y = b;
	int c = strcmp(x->imported, y->imported);

	return c ? c : strcmp(x->hash, y->hash);
}

/*
 * Every figure blob of quantity `quantity` whose runs must have subject
 * `subject`, added to the imports found (f[0..*n), by hash).
 */
static int find_figures(struct catalog *c, const char *quantity, const char *subject,
			struct found **f, size_t *n, size_t *cap, struct strmap *at, struct arena *a)
{
	sqlite3_stmt *q;
	int rc;

	if (sqlite3_prepare_v2(c->db,
			       "SELECT f.hash, f.data, i.imported FROM figures f JOIN imports i USING(hash)"
			       " WHERE f.quantity = ?1",
			       -1, &q, NULL) != SQLITE_OK)
		return -1;
	bind_text(q, 1, quantity);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *hash = (const char *)sqlite3_column_text(q, 0);
		size_t len = (size_t)sqlite3_column_bytes(q, 1);
		struct found *x;
		uint32_t k;

		if (!strmap_get(at, hash, &k)) {
			ALLOC_GROW(*f, *n + 1, *cap);
			x = &(*f)[*n];
			memset(x, 0, sizeof(*x));
			x->hash = arena_strdup(a, hash);
			x->imported = arena_strdup(a, (const char *)sqlite3_column_text(q, 2));
			strmap_put(at, x->hash, (uint32_t)*n);
			k = (uint32_t)(*n)++;
		}
		x = &(*f)[k];
		ALLOC_GROW(x->hits, x->nhits + 1, x->cap);
		x->hits[x->nhits].quantity = quantity;
		x->hits[x->nhits].subject = subject;
		x->hits[x->nhits].data = xmalloc(len ? len : 1);
		memcpy(x->hits[x->nhits].data, sqlite3_column_blob(q, 1), len);
		x->hits[x->nhits++].len = len;
	}
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* The figures of one import's hits, put into `m` with the runs of every block holding one. 0, 1 (not kept), -1. */
static int add_import(struct catalog *c, struct model *m, struct found *x, size_t *figs_cap)
{
	struct kept k;
	struct run_figure *fig = NULL;
	const char **quantity = NULL;
	unsigned char *need = NULL;
	struct strmap blocks = STRMAP_INIT;
	struct arena scratch = ARENA_INIT; /* the import's string table: what its kept runs use is copied */
	uint32_t src;
	int rc;

	memset(&k, 0, sizeof(k));
	if (model_find_source(m, x->hash) >= 0)
		return 0; /* read whole already */
	rc = fetch(c, x->hash, &k, &scratch, &m->arena);
	if (rc != 0)
		goto out;
	{
		const char *gone = journal_removed(m, x->hash);

		if (gone && !strcmp(gone, k.src.instance))
			goto out; /* removed by an edit in effect: a load leaves it out */
	}
	fig = xcalloc(k.nruns ? k.nruns : 1, sizeof(*fig));
	quantity = xcalloc(k.nruns ? k.nruns : 1, sizeof(*quantity));
	need = xcalloc(k.nruns ? k.nruns : 1, 1);
	for (size_t h = 0; rc == 0 && h < x->nhits; h++) {
		struct rd r = { x->hits[h].data, x->hits[h].len, 0, 0 };
		uint32_t count;

		if (get_u32(&r) != BLOB_VERSION)
			rc = -1;
		count = get_u32(&r);
		for (uint32_t i = 0; rc == 0 && i < count; i++) {
			struct run_figure f;
			uint32_t seq, subj;
			int bad = 0;

			if (decode_figure(&r, &seq, &f) < 0 || seq >= k.nruns) {
				rc = -1;
				break;
			}
			subj = run_field(&k, seq, 10);
			if (strcmp(string_of(&k, subj, &bad), x->hits[h].subject) || bad)
				continue; /* another subject: another metric's figure of the quantity */
			fig[seq] = f;
			quantity[seq] = x->hits[h].quantity;
			strmap_put(&blocks, string_of(&k, run_field(&k, seq, 4), &bad), 1);
		}
	}
	/* the runs of every block that holds a figure: a block's span is its runs' (model_resolve()) */
	for (uint32_t seq = 0; rc == 0 && seq < k.nruns; seq++) {
		int bad = 0;

		need[seq] = strmap_get(&blocks, string_of(&k, run_field(&k, seq, 4), &bad), NULL);
	}
	if (rc == 0 && blocks.n) {
		src = model_add_source(m, x->hash, NULL, 0);
		{
			struct source *s = &m->sources[src];

			k.src.stored = 1;
			k.src.figures_only = 1;
			memcpy(k.src.hash, s->hash, sizeof(k.src.hash));
			*s = k.src;
		}
		for (uint32_t seq = 0; rc == 0 && seq < k.nruns; seq++) {
			size_t r = m->rs.nruns;

			if (!need[seq])
				continue;
			if (add_run(m, &k, seq, src) < 0) {
				rc = -1;
				break;
			}
			if (m->rs.nruns > *figs_cap) {
				/* the runs the model held before have no figure: zeroes */
				size_t cap = *figs_cap ? *figs_cap * 2 : 1024;

				while (cap < m->rs.nruns)
					cap *= 2;
				m->figs = xrealloc(m->figs, cap * sizeof(*m->figs));
				m->fig_quantity = xrealloc(m->fig_quantity, cap * sizeof(*m->fig_quantity));
				memset(m->figs + *figs_cap, 0, (cap - *figs_cap) * sizeof(*m->figs));
				memset(m->fig_quantity + *figs_cap, 0, (cap - *figs_cap) * sizeof(*m->fig_quantity));
				*figs_cap = cap;
			}
			m->figs[r] = fig[seq];
			m->fig_quantity[r] = quantity[seq];
		}
	}
out:
	strmap_release(&blocks);
	kept_free(&k);
	arena_release(&scratch);
	free(fig);
	free(quantity);
	free(need);
	return rc;
}

int catalog_metric(struct catalog *c, struct store *st, const char *metric, struct model *m,
		   struct diag *d)
{
	struct found *f = NULL;
	size_t n = 0, cap = 0, figs_cap = 0;
	struct strmap at = STRMAP_INIT;
	struct arena a = { 0 };
	int rc = 0;

	/* every split of the name into subject and quantity: "a.b.c" is ("", a.b.c), (a, b.c), (a.b, c) */
	for (size_t cut = 0, len = strlen(metric); rc == 0 && cut <= len; cut++) {
		if (cut && metric[cut - 1] != '.')
			continue;
		rc = find_figures(c, arena_strdup(&m->arena, metric + cut),
				  arena_strndup(&m->arena, metric, cut ? cut - 1 : 0), &f, &n, &cap, &at, &a);
	}
	if (!m->nsources)
		journal_load(st, m, d); /* the user's edits: applied by model_resolve() */
	if (n)
		qsort(f, n, sizeof(*f), by_import_time); /* a load's order of the sources */
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = add_import(c, m, &f[i], &figs_cap);
	for (size_t i = 0; i < n; i++) {
		for (size_t h = 0; h < f[i].nhits; h++)
			free(f[i].hits[h].data);
		free(f[i].hits);
	}
	free(f);
	strmap_release(&at);
	arena_release(&a);
	if (rc != 0) {
		model_release(m);
		model_init(m);
		return rc;
	}
	if (!m->figs) {
		m->figs = xcalloc(m->rs.nruns + 1, sizeof(*m->figs));
		m->fig_quantity = xcalloc(m->rs.nruns + 1, sizeof(*m->fig_quantity));
	}
	if (!m->store_dir)
		m->store_dir = arena_strdup(&m->arena, st->dir);
	model_resolve(m);
	return 0;
}

/* ---- summaries ---- */

/* One experiment × variant × scenario × metric being summed (Welford's running mean and M2). */
struct acc {
	const char *experiment, *variant, *key, *scenario, *metric;
	enum unit unit;
	enum direction dir;
	size_t n;
	double mean, m2, own;   /* own: the first run's own spread (sd), NaN when none */
};

struct sums {
	struct strmap at; /* "METRIC\x1fEXP\x1fKEY\x1fSCENARIO" → slot */
	struct acc *v;
	size_t n, cap;
	struct arena keys;
	/* the last figure's strings and slot: the next run of a blob mostly shares them */
	const char *last[5];
	uint32_t last_slot;
	/* the quantities, each one copy (a row's text is SQLite's, valid for the row alone) */
	struct strmap quantities;
	const char **qv;
	size_t nq, qcap;
};

/* The one copy of quantity `q` in s->keys. */
static const char *quantity_copy(struct sums *s, const char *q)
{
	uint32_t k;

	if (strmap_get(&s->quantities, q, &k))
		return s->qv[k];
	ALLOC_GROW(s->qv, s->nq + 1, s->qcap);
	s->qv[s->nq] = arena_strdup(&s->keys, q);
	strmap_put(&s->quantities, s->qv[s->nq], (uint32_t)s->nq);
	return s->qv[s->nq++];
}

static void add_figure(struct sums *s, const struct model *m, uint32_t r, const char *quantity,
		       const struct run_figure *f, struct buf *key)
{
	const struct run *run = &m->rs.runs[r];
	struct acc *x;
	uint32_t k;
	double delta;

	const char *now[5] = { quantity, run->subject, run->eff_experiment, run->eff_variant.key,
			       run->eff_scenario };

	if (!f->measured || !isfinite(f->center))
		return; /* as history: a quantity of samples alone is not a metric of its own */
	if (s->n && !memcmp(now, s->last, sizeof(now))) {
		k = s->last_slot; /* the same strings (by address) as the figure before */
		goto add;
	}
	buf_reset(key);
	metric_name(key, run->subject, quantity, STAT_VALUE);
	buf_addf(key, "\x1f%s\x1f%s\x1f", run->eff_experiment, run->eff_variant.key);
	buf_adds(key, run->eff_scenario);
	if (!strmap_get(&s->at, key->s, &k)) {
		const char *copy = arena_strndup(&s->keys, key->s, key->len);

		ALLOC_GROW(s->v, s->n + 1, s->cap);
		x = &s->v[s->n];
		memset(x, 0, sizeof(*x));
		x->variant = run->eff_variant.text;
		x->key = run->eff_variant.key;
		x->scenario = run->eff_scenario;
		x->metric = arena_strndup(&s->keys, copy, strcspn(copy, "\x1f"));
		x->unit = f->unit;
		x->dir = f->dir;
		x->own = f->sd;
		x->experiment = run->eff_experiment;
		strmap_put(&s->at, copy, (uint32_t)s->n);
		k = (uint32_t)s->n++;
	}
	memcpy(s->last, now, sizeof(now));
	s->last_slot = k;
add:
	x = &s->v[k];
	x->n++;
	delta = f->center - x->mean;
	x->mean += delta / (double)x->n;
	x->m2 += delta * (f->center - x->mean);
}

long catalog_summaries(struct catalog *c, struct store *st,
		       void (*fn)(void *ctx, const struct catalog_summary *s), void *ctx,
		       struct diag *d)
{
	struct model m;
	struct kept *k = NULL;
	struct strmap src_of = STRMAP_INIT;
	uint32_t *first = NULL;
	struct sums s = { 0 };
	struct buf key = BUF_INIT;
	sqlite3_stmt *q;
	size_t n = 0, cap = 0;
	long rc = 0;

	model_init(&m);
	journal_load(st, &m, d);
	if (sqlite3_prepare_v2(c->db, "SELECT hash FROM imports WHERE damaged = 0 ORDER BY imported, hash", -1,
			       &q, NULL) != SQLITE_OK) {
		model_release(&m);
		return -1;
	}
	/* every run of every import (no records), resolved with the journal */
	while (rc == 0 && sqlite3_step(q) == SQLITE_ROW) {
		const char *hash = (const char *)sqlite3_column_text(q, 0);
		const char *gone;
		uint32_t src;

		ALLOC_GROW(k, n + 1, cap);
		first = xrealloc(first, cap * sizeof(*first));
		if (fetch(c, hash, &k[n], &m.arena, NULL) != 0) {
			kept_free(&k[n]);
			rc = -1;
			break;
		}
		gone = journal_removed(&m, hash);
		if (gone && !strcmp(gone, k[n].src.instance)) {
			kept_free(&k[n]);
			continue;
		}
		src = model_add_source(&m, hash, NULL, 0);
		k[n].src.stored = 1;
		memcpy(k[n].src.hash, m.sources[src].hash, sizeof(k[n].src.hash));
		m.sources[src] = k[n].src;
		first[n] = (uint32_t)m.rs.nruns;
		for (uint32_t seq = 0; rc == 0 && seq < k[n].nruns; seq++)
			if (add_run(&m, &k[n], seq, src) < 0)
				rc = -1;
		strmap_put(&src_of, m.sources[src].hash, (uint32_t)n);
		n++;
	}
	sqlite3_finalize(q);
	q = NULL;
	if (rc == 0) {
		m.store_dir = arena_strdup(&m.arena, st->dir);
		model_resolve(&m);
	}
	/* every figure, into the sums of its run's experiment, variant and scenario */
	if (rc == 0 && sqlite3_prepare_v2(c->db, "SELECT quantity, hash, data FROM figures", -1, &q, NULL) != SQLITE_OK)
		rc = -1;
	while (rc == 0 && sqlite3_step(q) == SQLITE_ROW) {
		const char *quantity = quantity_copy(&s, (const char *)sqlite3_column_text(q, 0));
		uint32_t at, count;
		struct rd r = { sqlite3_column_blob(q, 2), (size_t)sqlite3_column_bytes(q, 2), 0, 0 };

		if (!strmap_get(&src_of, (const char *)sqlite3_column_text(q, 1), &at))
			continue; /* damaged, or removed by an edit */
		if (get_u32(&r) != BLOB_VERSION) {
			rc = -1;
			break;
		}
		count = get_u32(&r);
		for (uint32_t i = 0; rc == 0 && i < count; i++) {
			struct run_figure f;
			uint32_t seq;

			if (decode_figure(&r, &seq, &f) < 0 || seq >= k[at].nruns)
				rc = -1;
			else
				add_figure(&s, &m, first[at] + seq, quantity, &f, &key);
		}
	}
	if (q)
		sqlite3_finalize(q);
	for (size_t i = 0; rc == 0 && i < s.n; i++) {
		const struct acc *x = &s.v[i];
		struct catalog_summary out;

		out.experiment = x->experiment;
		out.variant = x->variant;
		out.variant_key = x->key;
		out.scenario = x->scenario;
		out.metric = x->metric;
		out.unit = x->unit;
		out.dir = x->dir;
		out.n = x->n;
		out.mean = x->mean;
		out.spread = x->n > 1 ? sqrt(x->m2 / (double)(x->n - 1)) : x->own;
		fn(ctx, &out);
	}
	if (rc == 0)
		rc = (long)s.n;
	for (size_t i = 0; i < n; i++) {
		kept_free(&k[i]);
	}
	free(k);
	free(first);
	free(s.v);
	strmap_release(&s.at);
	strmap_release(&s.quantities);
	free(s.qv);
	strmap_release(&src_of);
	arena_release(&s.keys);
	buf_release(&key);
	model_release(&m);
	return rc;
}
