/*
 * catalog_fx.c - the catalog's kept effects of pairs of variants (the
 * effects table; catalog.h says what they are and when they hold).
 * A row per experiment × pair × family: a pair's effects are read back
 * with one indexed query, and a NaN is kept as NULL (SQLite's own).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "store/catalog.h"
#include "store/catalog_db.h"
#include "store/compare.h"
#include "store/effect.h"
#include "util/hash.h"

#ifndef BD_VERSION
#define BD_VERSION "0.1.0"
#endif

/* Statement *q prepared once (finalized by catalog_close()); NULL on error. */
static sqlite3_stmt *prepared(struct catalog *c, sqlite3_stmt **q, const char *sql)
{
	if (!*q && sqlite3_prepare_v2(c->db, sql, -1, q, NULL) != SQLITE_OK)
		*q = NULL;
	else if (*q) {
		sqlite3_reset(*q);
		sqlite3_clear_bindings(*q);
	}
	return *q;
}

static void add_str(struct hash_stream *h, const char *s)
{
	hash_stream_add(h, s ? s : "", s ? strlen(s) + 1 : 1); /* with its NUL: "ab","c" is not "a","bc" */
}

int catalog_fx_stamp(struct catalog *c, const struct model *m, const struct experiment *e,
		     const struct cmp_opts *o, char out[33])
{
	sqlite3_stmt *q = prepared(c, &c->fx_ident, "SELECT ident FROM imports WHERE hash = ?1 AND damaged = 0");
	struct hash_stream h;
	char opts[96];
	int rc = q ? 0 : -1;

	hash_stream_init(&h);
	snprintf(opts, sizeof(opts), "%.17g %.17g %d", o->alpha, o->threshold, o->holm);
	add_str(&h, BD_VERSION);
	add_str(&h, opts);
	add_str(&h, e->name);
	for (size_t k = 0; rc == 0 && k < e->nsources; k++) {
		const char *hash = m->sources[e->sources[k]].hash;

		sqlite3_reset(q);
		sqlite3_bind_text(q, 1, hash, -1, SQLITE_STATIC);
		if (sqlite3_step(q) != SQLITE_ROW) {
			rc = -1;
			break;
		}
		add_str(&h, hash);
		add_str(&h, (const char *)sqlite3_column_text(q, 0));
		/* the journal's block and import edits of it */
		for (size_t i = 0; i < m->noverrides; i++) {
			const struct override *ov = &m->overrides[i];

			if (strcmp(ov->kind, "baseline") && !strncmp(ov->target, hash, strlen(hash))) {
				add_str(&h, ov->kind);
				add_str(&h, ov->target);
				add_str(&h, ov->value);
			}
		}
	}
	if (q)
		sqlite3_reset(q);
	/* the variant names of it, or of every experiment */
	for (size_t i = 0; rc == 0 && i < m->naliases; i++) {
		const struct alias *a = &m->aliases[i];

		if (!*a->experiment || !strcmp(a->experiment, e->name)) {
			add_str(&h, a->experiment);
			add_str(&h, a->from);
			add_str(&h, a->to);
		}
	}
	hash_stream_hex(&h, out);
	return rc;
}

static double col_num(sqlite3_stmt *q, int i)
{
	return sqlite3_column_type(q, i) == SQLITE_NULL ? NAN : sqlite3_column_double(q, i);
}

static void bind_num(sqlite3_stmt *q, int i, double v)
{
	if (isnan(v))
		sqlite3_bind_null(q, i);
	else
		sqlite3_bind_double(q, i, v);
}

int catalog_fx_get(struct catalog *c, const char *experiment, const char *base, const char *cand,
		   const char *stamp, struct fx_effect *out)
{
	sqlite3_stmt *q = prepared(c, &c->fx_get,
				   "SELECT family, dir, nrows, ratio, lo, hi, res, basis, verdict, tested,"
				   " better, worse, same FROM effects WHERE experiment = ?1 AND base = ?2"
				   " AND cand = ?3 AND stamp = ?4");
	size_t got = 0;

	if (!q)
		return 0;
	sqlite3_bind_text(q, 1, experiment, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 2, base, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 3, cand, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 4, stamp, -1, SQLITE_STATIC);
	while (sqlite3_step(q) == SQLITE_ROW) {
		int fam = sqlite3_column_int(q, 0);
		struct fx_effect *x = NULL;

		for (size_t k = 0; k < fx_nfamilies; k++)
			if ((int)fx_families[k] == fam)
				x = &out[k];
		if (!x)
			continue;
		memset(x, 0, sizeof(*x));
		x->family = (enum metric_family)fam;
		x->dir = (enum direction)sqlite3_column_int(q, 1);
		x->nrows = (size_t)sqlite3_column_int64(q, 2);
		x->ratio = col_num(q, 3);
		x->lo = col_num(q, 4);
		x->hi = col_num(q, 5);
		x->res = col_num(q, 6);
		x->basis = (enum fx_basis)sqlite3_column_int(q, 7);
		x->verdict = (enum cmp_verdict)sqlite3_column_int(q, 8);
		x->tested = sqlite3_column_int(q, 9);
		x->better = (size_t)sqlite3_column_int64(q, 10);
		x->worse = (size_t)sqlite3_column_int64(q, 11);
		x->same = (size_t)sqlite3_column_int64(q, 12);
		got++;
	}
	sqlite3_reset(q);
	return got == fx_nfamilies;
}

int catalog_fx_put(struct catalog *c, const char *experiment, const char *base, const char *cand,
		   const char *stamp, const struct fx_effect *in)
{
	sqlite3_stmt *q;
	int rc = 0;

	for (size_t k = 0; rc == 0 && k < fx_nfamilies; k++) {
		const struct fx_effect *x = &in[k];

		if (!(q = prepared(c, &c->fx_put,
				   "INSERT OR REPLACE INTO effects(experiment, base, cand, family, stamp, dir,"
				   " nrows, ratio, lo, hi, res, basis, verdict, tested, better, worse, same)"
				   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
				   " ?16, ?17)")))
			return -1;
		sqlite3_bind_text(q, 1, experiment, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 2, base, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 3, cand, -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 4, (int)fx_families[k]);
		sqlite3_bind_text(q, 5, stamp, -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 6, (int)x->dir);
		sqlite3_bind_int64(q, 7, (sqlite3_int64)x->nrows);
		bind_num(q, 8, x->ratio);
		bind_num(q, 9, x->lo);
		bind_num(q, 10, x->hi);
		bind_num(q, 11, x->res);
		sqlite3_bind_int(q, 12, (int)x->basis);
		sqlite3_bind_int(q, 13, (int)x->verdict);
		sqlite3_bind_int(q, 14, x->tested);
		sqlite3_bind_int64(q, 15, (sqlite3_int64)x->better);
		sqlite3_bind_int64(q, 16, (sqlite3_int64)x->worse);
		sqlite3_bind_int64(q, 17, (sqlite3_int64)x->same);
		if (sqlite3_step(q) != SQLITE_DONE)
			rc = -1;
		sqlite3_reset(q);
	}
	return rc;
}

int catalog_fx_forget(struct catalog *c, const char *experiment)
{
	sqlite3_stmt *q;
	int rc;

	if (sqlite3_prepare_v2(c->db, experiment ? "DELETE FROM effects WHERE experiment = ?1" : "DELETE FROM effects",
			       -1, &q, NULL) != SQLITE_OK)
		return -1;
	if (experiment)
		sqlite3_bind_text(q, 1, experiment, -1, SQLITE_STATIC);
	rc = sqlite3_step(q) == SQLITE_DONE ? 0 : -1;
	sqlite3_finalize(q);
	return rc;
}

int catalog_fx_begin(struct catalog *c)
{
	return sqlite3_exec(c->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

int catalog_fx_end(struct catalog *c)
{
	return sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}
