/*
 * journal.c - the edit journal (edits.csv): reading, verifying, recording,
 * undoing, and the file moves of removed imports; see journal.h.
 */
#include "store/journal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/csvio.h"
#include "util/fsutil.h"
#include "util/hash.h"

#define JOURNAL_FILE "edits.csv"

static const char *const journal_cols[] = { "id",         "created", "command", "op",
					    "experiment", "target",  "value",   "what" };
enum { C_ID, C_CREATED, C_COMMAND, C_OP, C_EXPERIMENT, C_TARGET, C_VALUE, C_WHAT, NCOLS };

static const char *const op_names[] = {
#define X(e, s) s,
	EDIT_OPS(X)
#undef X
};

const char *edit_op_name(enum edit_op op)
{
	return (size_t)op < countof(op_names) ? op_names[op] : "?";
}

int edit_op_from_name(const char *s)
{
	for (size_t i = 0; i < countof(op_names); i++)
		if (!strcmp(op_names[i], s))
			return (int)i;
	return -1;
}

/* The journal as read from disk, with its own arena (or the model's). */
struct jfile {
	struct edit_row *rows;
	size_t n, cap;
	struct arena *arena;
	uint32_t max_id;
	int legacy;   /* read from overrides.csv / aliases.csv */
	int damaged;  /* did not verify: never written over */
	/* while parsing */
	const char *path;
	int map[NCOLS];
	struct diag *d;
};

static char *store_path(const struct store *st, const char *name)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%s/%s", st->dir, name);
	return buf_detach(&b, NULL);
}

static struct edit_row *add_row(struct jfile *j)
{
	struct edit_row *r;

	ALLOC_GROW(j->rows, j->n + 1, j->cap);
	r = &j->rows[j->n++];
	memset(r, 0, sizeof(*r));
	r->created = r->command = r->what = r->experiment = r->target = r->value = "";
	return r;
}

static int parse_id(const char *s, uint32_t *out)
{
	char *end;
	unsigned long v;

	if (*s < '1' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (*end || errno || v > UINT32_MAX)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int journal_row(char **f, size_t n, size_t row, void *ctx)
{
	struct jfile *j = ctx;
	const char *v[NCOLS];
	struct edit_row *r;
	uint32_t id;
	int op;

	if (row == 1) {
		for (size_t c = 0; c < NCOLS; c++) {
			j->map[c] = -1;
			for (size_t i = 0; i < n; i++)
				if (!strcmp(f[i], journal_cols[c]))
					j->map[c] = (int)i;
			if (j->map[c] < 0) {
				diag_error(j->d, j->path, 1, "header has no column '%s'", journal_cols[c]);
				j->damaged = 1;
				return 1;
			}
		}
		return 0;
	}
	for (size_t c = 0; c < NCOLS; c++) {
		if ((size_t)j->map[c] >= n) {
			diag_error(j->d, j->path, (uint32_t)row, "row has %zu fields, expected %d", n, NCOLS);
			j->damaged = 1;
			return 0;
		}
		v[c] = f[j->map[c]];
	}
	op = edit_op_from_name(v[C_OP]);
	/* ids never go down; the rows of one edit share theirs */
	if (parse_id(v[C_ID], &id) < 0 || op < 0 || id < j->max_id) {
		diag_error(j->d, j->path, (uint32_t)row, "bad edit row (id '%.20s', op '%.20s')", v[C_ID],
			   v[C_OP]);
		j->damaged = 1;
		return 0;
	}
	j->max_id = id;
	r = add_row(j);
	r->id = id;
	r->op = (enum edit_op)op;
	r->created = arena_strdup(j->arena, v[C_CREATED]);
	r->command = arena_strdup(j->arena, v[C_COMMAND]);
	r->what = arena_strdup(j->arena, v[C_WHAT]);
	r->experiment = arena_strdup(j->arena, v[C_EXPERIMENT]);
	r->target = arena_strdup(j->arena, v[C_TARGET]);
	r->value = arena_strdup(j->arena, v[C_VALUE]);
	return 0;
}

/* The checksum row that ends edits.csv: over every byte before it. */
static void render_trailer(struct buf *out, const char *text, size_t len, size_t nrows)
{
	char hex[HASH_HEX_LEN + 1], count[32];

	hash_hex(text, len, hex);
	snprintf(count, sizeof(count), "%zu", nrows);
	const char *f[NCOLS] = { "", "", "", "checksum", "", hex, count, "" };
	csvio_row(out, f, NCOLS);
}

/* Read edits.csv: verify its checksum row, then its rows. 0, or -1 (damaged; rows read kept). */
static int read_journal(const char *path, struct jfile *j, struct diag *d)
{
	struct buf text = BUF_INIT, check = BUF_INIT;
	size_t body;
	int rc = 0;

	j->path = path;
	j->d = d;
	if (file_read(path, &text, d) < 0) {
		j->damaged = 1;
		return -1;
	}
	/* the last line is the checksum row */
	body = text.len;
	if (body && text.s[body - 1] == '\n')
		body--;
	while (body && text.s[body - 1] != '\n')
		body--;
	if (body < text.len && !strncmp(text.s + body, "\"\",\"\",\"\",\"checksum\",", 20)) {
		size_t nrows = 0;

		for (size_t i = 0; i < body; i++)
			nrows += text.s[i] == '\n';
		nrows = nrows ? nrows - 1 : 0; /* the header */
		render_trailer(&check, text.s, body, nrows);
		if (check.len != text.len - body || memcmp(check.s, text.s + body, check.len)) {
			diag_error(d, path, 0,
				   "checksum or row count does not match: the file was cut or changed "
				   "(see 'benchdelta fsck')");
			j->damaged = 1;
			rc = -1;
		}
	} else {
		diag_error(d, path, 0, "no checksum row at its end: the file was cut or changed "
				       "(see 'benchdelta fsck')");
		j->damaged = 1;
		rc = -1;
		body = text.len;
	}
	csvio_parse(path, text.s ? text.s : "", body, journal_row, j, d);
	if (j->damaged)
		rc = -1;
	buf_release(&check);
	buf_release(&text);
	return rc;
}

/* ---- stores from before the journal: overrides.csv and aliases.csv ---- */

struct legacy {
	struct jfile *j;
	int aliases;
	int map[4];
};

static int legacy_row(char **f, size_t n, size_t row, void *ctx)
{
	static const char *const ocols[] = { "kind", "target", "value", "created" };
	static const char *const acols[] = { "experiment", "from", "to", "created" };
	struct legacy *l = ctx;
	const char *const *cols = l->aliases ? acols : ocols;
	struct arena *a = l->j->arena;
	const char *v[4];
	struct edit_row *r;

	if (row == 1) {
		for (size_t c = 0; c < 4; c++) {
			l->map[c] = -1;
			for (size_t i = 0; i < n; i++)
				if (!strcmp(f[i], cols[c]))
					l->map[c] = (int)i;
			if (l->map[c] < 0)
				return 1;
		}
		return 0;
	}
	for (size_t c = 0; c < 4; c++) {
		if ((size_t)l->map[c] >= n)
			return 0;
		v[c] = f[l->map[c]];
	}
	r = add_row(l->j);
	r->id = ++l->j->max_id;
	r->created = arena_strdup(a, v[3]);
	if (l->aliases) {
		r->op = EDIT_ALIAS;
		r->command = "rename-variant";
		r->experiment = arena_strdup(a, v[0]);
		r->target = arena_strdup(a, v[1]);
		r->value = arena_strdup(a, v[2]);
		r->what = arena_printf(a, "variant \"%s\" shown as \"%s\"%s%s%s", v[1], v[2],
				       *v[0] ? " in \"" : "", v[0], *v[0] ? "\"" : "");
		return 0;
	}
	if (!strcmp(v[0], "baseline")) {
		r->op = EDIT_BASELINE;
		r->command = "baseline";
		r->experiment = arena_strdup(a, v[1]);
		r->what = arena_printf(a, "baseline of \"%s\" is \"%s\"", v[1], v[2]);
	} else if (!strcmp(v[0], "experiment")) {
		r->op = EDIT_EXPERIMENT;
		r->command = "move";
		r->target = arena_strdup(a, v[1]);
		r->what = arena_printf(a, "import %.12s moved to \"%s\"", v[1], v[2]);
	} else {
		r->op = EDIT_VARIANT;
		r->command = "import --set-variant";
		r->target = arena_strdup(a, v[1]);
		r->what = arena_printf(a, "block at %.12s%s is variant \"%s\"", v[1],
				       strchr(v[1], ':') ? strchr(v[1], ':') : "", v[2]);
	}
	r->value = arena_strdup(a, v[2]);
	return 0;
}

static void read_legacy(const struct store *st, struct jfile *j, struct diag *d)
{
	static const char *const files[] = { "overrides.csv", "aliases.csv" };

	for (size_t i = 0; i < countof(files); i++) {
		char *p = store_path(st, files[i]);
		struct legacy l = { j, (int)i, { 0 } };

		if (path_exists(p)) {
			struct diag local = DIAG_INIT;

			j->legacy = 1;
			csvio_read(p, legacy_row, &l, &local);
			diag_take(d, &local);
		}
		free(p);
	}
}

/* Read the journal of a store: edits.csv, else the legacy files. */
static int read_store_journal(const struct store *st, struct jfile *j, struct diag *d)
{
	char *p = store_path(st, JOURNAL_FILE);
	int rc = 0;

	if (path_exists(p))
		rc = read_journal(p, j, d);
	else
		read_legacy(st, j, d);
	free(p);
	return rc;
}

/* 1 when the store has a journal (or the files of one from before). */
static int has_journal(const struct store *st)
{
	static const char *const files[] = { JOURNAL_FILE, "overrides.csv", "aliases.csv" };
	int found = 0;

	for (size_t i = 0; i < countof(files) && !found; i++) {
		char *p = store_path(st, files[i]);

		found = path_exists(p);
		free(p);
	}
	return found;
}

/* Mark what is undone: newest first, so an undo's own state is known when it is met. */
static void mark_undone(struct edit_row *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r[i].undone = 0, r[i].undone_by = 0;
	for (size_t i = n; i-- > 0;) {
		uint32_t t;

		if (r[i].op != EDIT_UNDO || r[i].undone || parse_id(r[i].target, &t) < 0)
			continue;
		for (size_t k = 0; k < i; k++) {
			if (r[k].id == t) {
				r[k].undone = 1;
				r[k].undone_by = r[i].id;
			}
		}
	}
}

void journal_mark_undone(struct edit_row *rows, size_t n)
{
	mark_undone(rows, n);
}

static void apply_row(struct model *m, const struct edit_row *r, size_t index)
{
	switch (r->op) {
	case EDIT_VARIANT:
		model_add_override(m, "variant", r->target, r->value, r->created);
		break;
	case EDIT_BASELINE:
		model_add_override(m, "baseline", r->experiment, r->value, r->created);
		break;
	case EDIT_EXPERIMENT:
		model_add_override(m, "experiment", r->target, r->value, r->created);
		break;
	case EDIT_ALIAS:
		model_add_alias(m, r->experiment, r->target, r->value, r->created);
		break;
	case EDIT_REMOVE:
		strmap_put(&m->removed, r->target, (uint32_t)index);
		break;
	case EDIT_TAG: {
		const char *eq = strchr(r->value, '=');

		if (eq) {
			char *factor = arena_strndup(&m->arena, r->value, (size_t)(eq - r->value));

			model_add_tag(m, r->experiment, r->target, factor, eq + 1, r->created);
		}
		break;
	}
	case EDIT_UNDO:
		break;
	}
}

struct edit_row *journal_add_row(struct model *m, const struct edit_row *r)
{
	struct edit_row *k;

	ALLOC_GROW(m->edits, m->nedits + 1, m->edits_cap);
	k = &m->edits[m->nedits++];
	*k = *r;
	k->created = arena_strdup(&m->arena, r->created);
	k->command = arena_strdup(&m->arena, r->command);
	k->what = arena_strdup(&m->arena, r->what);
	k->experiment = arena_strdup(&m->arena, r->experiment);
	k->target = arena_strdup(&m->arena, r->target);
	k->value = arena_strdup(&m->arena, r->value);
	return k;
}

void journal_apply(struct model *m)
{
	for (size_t i = 0; i < m->nedits; i++)
		if (!m->edits[i].undone)
			apply_row(m, &m->edits[i], i);
}

int journal_load(const struct store *st, struct model *m, struct diag *d)
{
	struct jfile j = { 0 };
	int rc;

	j.arena = &m->arena;
	rc = read_store_journal(st, &j, d);
	mark_undone(j.rows, j.n);
	free(m->edits);
	m->edits = j.rows;
	m->nedits = j.n;
	m->edits_cap = j.cap;
	journal_apply(m);
	if (rc < 0)
		m->damaged = 1;
	return rc;
}

const char *journal_removed(const struct model *m, const char *hash)
{
	uint32_t i;

	if (!strmap_get(&m->removed, hash, &i))
		return NULL;
	return m->edits[i].value;
}

char *journal_instance_dup(const char *hash)
{
	struct buf b = BUF_INIT;
	struct timespec ts;
	char hex[HASH_HEX_LEN + 1];
	static unsigned counter;

	clock_gettime(CLOCK_REALTIME, &ts);
	buf_addf(&b, "%s %ld %lld %ld %u", hash, (long)getpid(), (long long)ts.tv_sec, ts.tv_nsec,
		 counter++);
	hash_hex(b.s, b.len, hex);
	buf_release(&b);
	hex[16] = '\0';
	return xstrdup(hex);
}

/* ---- writing ---- */

static int write_journal(struct store *st, const struct jfile *j, struct diag *d)
{
	struct buf out = BUF_INIT, id = BUF_INIT;
	char *path = store_path(st, JOURNAL_FILE);
	int rc;

	csvio_row(&out, journal_cols, NCOLS);
	for (size_t i = 0; i < j->n; i++) {
		const struct edit_row *r = &j->rows[i];

		buf_reset(&id);
		buf_addf(&id, "%u", (unsigned)r->id);
		const char *f[NCOLS] = { id.s,          r->created, r->command, edit_op_name(r->op),
					 r->experiment, r->target,  r->value,   r->what };
		csvio_row(&out, f, NCOLS);
	}
	render_trailer(&out, out.s, out.len, j->n);
	rc = file_write_atomic(path, out.s, out.len, d);
	if (rc == 0 && j->legacy) {
		/* folded into edits.csv: the old files go, and old readers are kept out */
		static const char *const files[] = { "overrides.csv", "aliases.csv" };

		for (size_t i = 0; i < countof(files); i++) {
			char *p = store_path(st, files[i]);

			unlink(p);
			free(p);
		}
		rc = store_upgrade_schema(st, d);
	}
	free(path);
	buf_release(&out);
	buf_release(&id);
	return rc;
}

/* The instance tag in data/HASH/source.csv, or "" (heap). */
struct instance_ctx {
	char *value;
};

static int instance_row(char **f, size_t n, size_t row, void *ctx)
{
	struct instance_ctx *c = ctx;

	if (row > 1 && n >= 2 && !strcmp(f[0], "instance")) {
		free(c->value);
		c->value = xstrdup(f[1]);
	}
	return 0;
}

static char *read_instance(const struct store *st, const char *hash)
{
	struct buf p = BUF_INIT;
	struct instance_ctx c = { NULL };
	struct diag d = DIAG_INIT;

	buf_addf(&p, "%s/data/%s/source.csv", st->dir, hash);
	csvio_read(p.s, instance_row, &c, &d);
	diag_release(&d);
	buf_release(&p);
	return c.value ? c.value : xstrdup("");
}

static int move(const char *from, const char *to, struct diag *d)
{
	if (rename(from, to) < 0)
		return diag_error(d, from, 0, "cannot move to %s: %s", to, strerror(errno));
	return 0;
}

/* Paths of an import in the store and in removed/ID/. */
struct places {
	struct buf data, source, tdir, tdata, tsource;
};

static void places_init(struct places *p, const struct store *st, uint32_t id, const char *hash)
{
	memset(p, 0, sizeof(*p));
	buf_addf(&p->data, "%s/data/%s", st->dir, hash);
	buf_addf(&p->source, "%s/sources/%s", st->dir, hash);
	buf_addf(&p->tdir, "%s/removed/%u", st->dir, (unsigned)id);
	buf_addf(&p->tdata, "%s/data/%s", p->tdir.s, hash);
	buf_addf(&p->tsource, "%s/sources/%s", p->tdir.s, hash);
}

static void places_release(struct places *p)
{
	buf_release(&p->data);
	buf_release(&p->source);
	buf_release(&p->tdir);
	buf_release(&p->tdata);
	buf_release(&p->tsource);
}

/*
 * Move a removed import (edit `r`) into removed/ID/: its data, then its
 * text. The text goes only with data of this removal (moved now or by an
 * interrupted writer before), and never over a copy there: a text left in
 * sources/ is kept for the removal it belongs to, or for fsck to report.
 * With `dry`, nothing moves. Returns 1 when it moved (would move)
 * something, 0 when there was nothing left to move, -1 on error.
 */
static int put_away(struct store *st, const struct edit_row *r, int dry, struct diag *d)
{
	struct places p;
	struct buf sub = BUF_INIT;
	int rc = 0;

	places_init(&p, st, r->id, r->target);
	if (path_exists(p.data.s)) {
		char *inst = read_instance(st, r->target);
		int mine = !strcmp(inst, r->value);

		free(inst);
		if (!mine)
			goto out; /* the same text imported again since: that copy stays */
		rc = 1;
		if (dry)
			goto out;
		buf_addf(&sub, "%s/data", p.tdir.s);
		if (dir_make(sub.s, d) < 0 || move(p.data.s, p.tdata.s, d) < 0)
			goto fail;
	}
	if (path_exists(p.source.s) && !path_exists(p.data.s) && path_exists(p.tdata.s) &&
	    !path_exists(p.tsource.s)) {
		rc = 1;
		if (dry)
			goto out;
		buf_reset(&sub);
		buf_addf(&sub, "%s/sources", p.tdir.s);
		if (dir_make(sub.s, d) < 0 || move(p.source.s, p.tsource.s, d) < 0)
			goto fail;
	}
	goto out;
fail:
	rc = -1;
out:
	buf_release(&sub);
	places_release(&p);
	return rc;
}

/* Can the import of remove row `r` come back? 0, or -1 saying why. */
static int check_restore(struct store *st, const struct edit_row *r, struct diag *d)
{
	struct places p;
	int rc = 0;

	places_init(&p, st, r->id, r->target);
	if (path_exists(p.data.s)) {
		char *inst = read_instance(st, r->target);

		if (strcmp(inst, r->value))
			rc = diag_error(d, NULL, 0,
					"import %.12s was imported again after edit %u removed it; "
					"remove that copy first ('benchdelta rm --import %.12s')",
					r->target, (unsigned)r->id, r->target);
		free(inst);
	} else if (!path_exists(p.tdata.s)) {
		rc = diag_error(d, p.tdata.s, 0, "the removed import's files are gone; it cannot come back");
	} else if (!path_exists(p.source.s) && !path_exists(p.tsource.s)) {
		rc = diag_error(d, p.tsource.s, 0, "the removed import's text is gone; it cannot come back");
	}
	places_release(&p);
	return rc;
}

/* Bring the import of remove row `r` back from removed/ID/: its text, then its data. */
static int restore(struct store *st, const struct edit_row *r, struct diag *d)
{
	struct places p;
	struct buf sub = BUF_INIT;
	int rc = 0;

	places_init(&p, st, r->id, r->target);
	if (!path_exists(p.data.s)) {
		buf_addf(&sub, "%s/sources", st->dir);
		if (dir_make(sub.s, d) < 0)
			rc = -1;
		if (!rc && !path_exists(p.source.s) && move(p.tsource.s, p.source.s, d) < 0)
			rc = -1;
		buf_reset(&sub);
		buf_addf(&sub, "%s/data", st->dir);
		if (!rc && (dir_make(sub.s, d) < 0 || move(p.tdata.s, p.data.s, d) < 0))
			rc = -1;
	}
	if (!rc) {
		/* empty folders of removed/ID go; errors do not matter */
		buf_reset(&sub);
		buf_addf(&sub, "%s/data", p.tdir.s);
		rmdir(sub.s);
		buf_reset(&sub);
		buf_addf(&sub, "%s/sources", p.tdir.s);
		rmdir(sub.s);
		rmdir(p.tdir.s);
		buf_reset(&sub);
		buf_addf(&sub, "%s/removed", st->dir);
		rmdir(sub.s);
	}
	buf_release(&sub);
	places_release(&p);
	return rc;
}

static int sync_dirs(struct store *st, struct diag *d)
{
	static const char *const dirs[] = { "data", "sources" };
	int rc = 0;

	for (size_t i = 0; i < countof(dirs); i++) {
		char *p = store_path(st, dirs[i]);

		if (path_exists(p) && dir_sync(p, d) < 0)
			rc = -1;
		free(p);
	}
	return rc;
}

/*
 * Finish the moves of the removals in effect, newest first (a text left in
 * sources/ belongs to the latest removal of its import); data/ and
 * sources/ are synced when this moved anything. A move that an interrupted
 * writer made and did not sync needs no sync here: its journal row redoes
 * it after a crash, and the next import syncs data/ after its own rename
 * anyway. With `fn`, each removal that had files to move is told to it
 * (edit id, import hash, and whether its move failed); with `dry`,
 * nothing moves. Returns how many
 * removals had files to move, or -1 after an error.
 */
static long settle_rows(struct store *st, const struct jfile *j, int dry,
			void (*fn)(void *ctx, uint32_t id, const char *hash, int failed), void *ctx,
			struct diag *d)
{
	long moved = 0;
	int rc = 0;

	for (size_t i = j->n; i-- > 0;) {
		int r;

		if (j->rows[i].op != EDIT_REMOVE || j->rows[i].undone)
			continue;
		r = put_away(st, &j->rows[i], dry, d);
		if (r < 0)
			rc = -1;
		if (r != 0 && fn)
			fn(ctx, j->rows[i].id, j->rows[i].target, r < 0);
		if (r > 0)
			moved++;
	}
	if (!dry && (moved || rc < 0) && sync_dirs(st, d) < 0)
		rc = -1;
	return rc < 0 ? -1 : moved;
}

static void jfile_release(struct jfile *j)
{
	free(j->rows);
	memset(j, 0, sizeof(*j));
}

/* Lock when not held; *had says whether it was. */
static int lock(struct store *st, int *had, struct diag *d)
{
	*had = st->lock_fd >= 0;
	return *had ? 0 : store_lock(st, d);
}

static int read_for_write(struct store *st, struct jfile *j, struct diag *d)
{
	if (read_store_journal(st, j, d) < 0 || j->damaged)
		return diag_error(d, NULL, 0, "the edit journal does not verify; nothing recorded "
					      "(run 'benchdelta fsck')");
	mark_undone(j->rows, j->n);
	return 0;
}

long journal_moves(struct store *st, int finish, void (*fn)(void *ctx, uint32_t id, const char *hash, int failed),
		   void *ctx, struct diag *d)
{
	struct arena a = ARENA_INIT;
	struct jfile j = { 0 };
	struct diag local = DIAG_INIT;
	long rc = -1;

	j.arena = &a;
	/* a damaged journal is reported by the load; nothing is moved on its word */
	if (read_store_journal(st, &j, &local) == 0 && !j.damaged) {
		mark_undone(j.rows, j.n);
		rc = settle_rows(st, &j, !finish, fn, ctx, d);
	}
	diag_release(&local);
	jfile_release(&j);
	arena_release(&a);
	return rc;
}

/*
 * The fold of a store's overrides.csv and aliases.csv into edits.csv,
 * finished when it was interrupted after edits.csv was written (as
 * write_journal() does it): the old files go, VERSION says schema 2.
 */
static int finish_fold(struct store *st, struct diag *d)
{
	static const char *const files[] = { "overrides.csv", "aliases.csv" };
	char *journal = store_path(st, JOURNAL_FILE);
	int rc = 0, folded = 0;

	if (path_exists(journal)) {
		for (size_t i = 0; i < countof(files); i++) {
			char *p = store_path(st, files[i]);

			if (path_exists(p) && unlink(p) == 0)
				folded = 1;
			free(p);
		}
		if (folded)
			rc = store_upgrade_schema(st, d);
	}
	free(journal);
	return rc;
}

int journal_settle(struct store *st, struct diag *d)
{
	size_t said = d->n;

	/* a journal that does not verify says nothing here: the load reports it */
	if (journal_moves(st, 1, NULL, NULL, d) < 0 && d->n > said)
		return -1;
	return finish_fold(st, d);
}

int journal_named(const struct store *st, struct arena *a, struct strmap *named)
{
	struct jfile j = { 0 };
	struct diag local = DIAG_INIT;
	int rc;

	j.arena = a;
	rc = read_store_journal(st, &j, &local) < 0 || j.damaged ? -1 : 0;
	for (size_t i = 0; i < j.n; i++) {
		const struct edit_row *r = &j.rows[i];
		const char *t = r->target;
		size_t len = strcspn(t, ":");

		/* a removal's or a move's target is a hash; a variant's HASH:LINE[.K] */
		if ((r->op != EDIT_REMOVE && r->op != EDIT_EXPERIMENT && r->op != EDIT_VARIANT) ||
		    len != HASH_HEX_LEN)
			continue;
		strmap_put(named, arena_strndup(a, t, len), r->id);
	}
	diag_release(&local);
	free(j.rows);
	return rc;
}

/* The latest row in effect of this op and key (experiment or target), or NULL. */
static const struct edit_row *latest(const struct jfile *j, enum edit_op op, const char *exp,
				     const char *target)
{
	for (size_t i = j->n; i-- > 0;) {
		const struct edit_row *r = &j->rows[i];

		if (r->op == op && !r->undone && !strcmp(r->experiment, exp) && !strcmp(r->target, target))
			return r;
	}
	return NULL;
}

/* The latest tag row in effect of this experiment, variant and factor (its value's part before '='), or NULL. */
static const struct edit_row *latest_tag(const struct jfile *j, const struct edit_row *r)
{
	size_t n = strcspn(r->value, "=");

	for (size_t i = j->n; i-- > 0;) {
		const struct edit_row *l = &j->rows[i];

		if (l->op == EDIT_TAG && !l->undone && !strcmp(l->experiment, r->experiment) &&
		    !strcmp(l->target, r->target) && !strncmp(l->value, r->value, n) && l->value[n] == '=')
			return l;
	}
	return NULL;
}

/* A row that changes nothing: the same as the latest in effect for its key. */
static int is_repeat(const struct jfile *j, const struct edit_row *r)
{
	const struct edit_row *l;

	if (r->op == EDIT_TAG)
		return (l = latest_tag(j, r)) && !strcmp(l->value, r->value);
	if (r->op != EDIT_VARIANT && r->op != EDIT_BASELINE && r->op != EDIT_EXPERIMENT)
		return 0;
	l = latest(j, r->op, r->experiment, r->target);
	return l && !strcmp(l->value, r->value);
}

int journal_repeats(const struct edit_row *rows, size_t n, const struct edit_row *r)
{
	struct jfile j = { 0 };

	j.rows = (struct edit_row *)rows; /* read only: is_repeat() changes nothing */
	j.n = n;
	return is_repeat(&j, r);
}

long journal_record(struct store *st, struct model *m, const char *command, const char *what,
		    const struct edit_row *rows, size_t n, struct diag *d)
{
	struct arena a = ARENA_INIT;
	struct jfile j = { 0 };
	char now[32];
	size_t first;
	uint32_t id;
	int had;
	long rc = -1;

	j.arena = &a;
	if (lock(st, &had, d) < 0)
		return -1;
	/* the moves an interrupted edit left half done are finished first (journal.h) */
	if (journal_settle(st, d) < 0 || read_for_write(st, &j, d) < 0)
		goto out;
	model_now_iso(now);
	id = j.max_id + 1;
	first = j.n;
	for (size_t i = 0; i < n; i++) {
		struct edit_row nr = rows[i];

		nr.experiment = nr.experiment ? nr.experiment : "";
		nr.target = nr.target ? nr.target : "";
		nr.value = nr.value ? nr.value : "";
		if (is_repeat(&j, &nr))
			continue;
		nr.id = id;
		nr.created = now;
		nr.command = command;
		nr.what = what ? what : "";
		*add_row(&j) = nr;
	}
	if (j.n == first) {
		rc = 0;
		goto out;
	}
	if (write_journal(st, &j, d) < 0)
		goto out;
	rc = id;
	/* the journal is the commit; the files follow (journal_settle() finishes an interrupted move) */
	for (size_t i = first; i < j.n; i++)
		if (j.rows[i].op == EDIT_REMOVE && put_away(st, &j.rows[i], 0, d) < 0)
			diag_warn(d, NULL, 0, "edit %u: files not yet moved; the next write will", (unsigned)id);
	sync_dirs(st, d);
	for (size_t i = first; m && i < j.n; i++)
		apply_row(m, journal_add_row(m, &j.rows[i]), m->nedits - 1);
out:
	if (!had)
		store_unlock(st);
	jfile_release(&j);
	arena_release(&a);
	return rc;
}

int journal_undo(struct store *st, uint32_t id, int dry, struct undo_info *out, struct diag *d)
{
	struct arena a = ARENA_INIT;
	struct jfile j = { 0 };
	unsigned char *was = NULL;
	struct edit_row *u;
	const struct edit_row *t = NULL;
	char now[32], target[16];
	int had, rc = -1;

	memset(out, 0, sizeof(*out));
	j.arena = &a;
	if (!has_journal(st)) { /* no lock file made in a store with no edits */
		if (id)
			return diag_error(d, NULL, 0, "no edit %u (see 'benchdelta edits')", (unsigned)id);
		return diag_error(d, NULL, 0, "nothing to undo");
	}
	if (lock(st, &had, d) < 0)
		return -1;
	/* an interrupted rm or undo is finished, or taken back, before this one looks */
	if ((!dry && journal_settle(st, d) < 0) || read_for_write(st, &j, d) < 0)
		goto out;
	for (size_t i = j.n; i-- > 0 && !t;) {
		const struct edit_row *r = &j.rows[i];

		if (id ? r->id == id : r->op != EDIT_UNDO && !r->undone)
			t = r;
	}
	if (!t) {
		if (id)
			diag_error(d, NULL, 0, "no edit %u (see 'benchdelta edits')", (unsigned)id);
		else
			diag_error(d, NULL, 0, "nothing to undo");
		goto out;
	}
	while (t > j.rows && t[-1].id == t->id)
		t--; /* its first row */
	if (t->undone) {
		diag_error(d, NULL, 0, "edit %u is undone already (by edit %u)", (unsigned)t->id,
			   (unsigned)t->undone_by);
		goto out;
	}
	out->undone = t->id;
	out->redo = t->op == EDIT_UNDO;
	snprintf(out->what, sizeof(out->what), "%s", t->what);

	/* the state after: which removals stop being in effect must be brought back first */
	was = xcalloc(j.n + 1, 1);
	for (size_t i = 0; i < j.n; i++)
		was[i] = !j.rows[i].undone;
	model_now_iso(now);
	snprintf(target, sizeof(target), "%u", (unsigned)out->undone);
	u = add_row(&j);
	u->id = j.max_id + 1;
	u->created = now;
	u->command = "undo";
	u->op = EDIT_UNDO;
	u->target = target;
	if (out->redo)
		u->what = arena_printf(&a, "undo edit %u (which undid edit %s)", (unsigned)out->undone,
				       t->target);
	else
		u->what = arena_printf(&a, "undo edit %u: %s", (unsigned)out->undone, out->what);
	mark_undone(j.rows, j.n);
	for (size_t i = 0; i + 1 < j.n; i++)
		if (j.rows[i].op == EDIT_REMOVE && was[i] && j.rows[i].undone &&
		    check_restore(st, &j.rows[i], d) < 0)
			goto out;
	if (dry) {
		rc = 0;
		goto out;
	}
	for (size_t i = 0; i + 1 < j.n; i++)
		if (j.rows[i].op == EDIT_REMOVE && was[i] && j.rows[i].undone && restore(st, &j.rows[i], d) < 0)
			goto out; /* what came back is still hidden by the journal: consistent */
	if (write_journal(st, &j, d) < 0)
		goto out;
	out->id = u->id;
	rc = 0;
	settle_rows(st, &j, 0, NULL, NULL, d); /* an undone undo of rm removes again */
out:
	free(was);
	if (!had)
		store_unlock(st);
	jfile_release(&j);
	arena_release(&a);
	return rc;
}

int journal_check(const struct store *st, struct diag *d)
{
	struct arena a = ARENA_INIT;
	struct jfile j = { 0 };
	char *p = store_path(st, JOURNAL_FILE);
	int rc = 0;

	j.arena = &a;
	if (path_exists(p) && (read_journal(p, &j, d) < 0 || j.damaged))
		rc = -1;
	free(p);
	jfile_release(&j);
	arena_release(&a);
	return rc;
}

long journal_repair(struct store *st, struct diag *d)
{
	struct arena a = ARENA_INIT;
	struct jfile j = { 0 };
	struct diag local = DIAG_INIT;
	char *p = store_path(st, JOURNAL_FILE);
	long rc = -1;

	j.arena = &a;
	read_journal(p, &j, &local);
	diag_release(&local);
	j.damaged = 0;
	if (write_journal(st, &j, d) == 0)
		rc = (long)j.n;
	free(p);
	jfile_release(&j);
	arena_release(&a);
	return rc;
}
