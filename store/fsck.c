/*
 * fsck.c - checking and mending a store; see fsck.h.
 */
#include "store/fsck.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/journal.h"
#include "store/load.h"
#include "store/manifest.h"
#include "store/reparse.h"
#include "store/write.h"
#include "util/csvio.h"
#include "util/fsutil.h"
#include "util/hash.h"

struct fsck {
	struct store *st;
	int repair;
	struct fsck_result *res;
	struct diag *d;
	struct arena arena;
	struct strmap unsettled; /* imports whose removal's files moves() reported */
};

static void problem(struct fsck *f, const char *file, const char *fmt, const char *arg)
{
	diag_add(f->d, DIAG_ERROR, file, 0, fmt, arg);
	f->res->problems++;
}

static void mended(struct fsck *f, const char *file, const char *what)
{
	diag_add(f->d, DIAG_NOTE, file, 0, "repaired: %s", what);
	f->res->repaired++;
}

/* A name in `dir` matching: *.tmp.* files, .tmp-* directories. */
static int is_temp(const char *name)
{
	return strstr(name, ".tmp.") || !strncmp(name, ".tmp-", 5);
}

static void leftovers_in(struct fsck *f, const char *sub)
{
	struct buf dir = BUF_INIT, p = BUF_INIT;
	DIR *dp;
	struct dirent *de;

	buf_addf(&dir, "%s%s%s", f->st->dir, *sub ? "/" : "", sub);
	if (!(dp = opendir(dir.s))) {
		buf_release(&dir);
		return;
	}
	while ((de = readdir(dp))) {
		if (!is_temp(de->d_name))
			continue;
		buf_reset(&p);
		buf_addf(&p, "%s/%s", dir.s, de->d_name);
		problem(f, p.s, "%s", "left by an interrupted write");
		if (f->repair) {
			unlink(p.s);
			dir_remove_flat(p.s);
			if (!path_exists(p.s))
				mended(f, p.s, "removed");
		}
	}
	closedir(dp);
	buf_release(&dir);
	buf_release(&p);
}

/* The key/value rows of a source.csv, as far as they read. */
struct meta_ctx {
	struct model *m;
	struct source *s;
};

static int meta_row(char **fl, size_t n, size_t row, void *ctx)
{
	struct meta_ctx *c = ctx;
	struct arena *a = &c->m->arena;

	if (row == 1 || n < 2)
		return 0;
	if (!strcmp(fl[0], "name"))
		c->s->name = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "imported"))
		c->s->imported = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "title"))
		c->s->title = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "flag.experiment"))
		c->s->flag_experiment = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "flag.variant"))
		c->s->flag_variant = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "flag.no-hand-written"))
		c->s->flag_no_hand = !strcmp(fl[1], "1");
	else if (!strcmp(fl[0], "instance"))
		c->s->instance = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "author"))
		c->s->author = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "posted"))
		c->s->posted = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "address"))
		c->s->address = arena_strdup(a, fl[1]);
	else if (!strcmp(fl[0], "thread"))
		c->s->thread = arena_strdup(a, fl[1]);
	return 0;
}

/* The experiment column of the first run in runs.csv, as far as it reads. */
struct exp_ctx {
	int col;
	char *exp;
};

static int exp_row(char **fl, size_t n, size_t row, void *ctx)
{
	struct exp_ctx *c = ctx;

	if (row == 1) {
		for (size_t i = 0; i < n; i++)
			if (!strcmp(fl[i], "experiment"))
				c->col = (int)i;
		return c->col < 0;
	}
	if (c->col >= 0 && (size_t)c->col < n && !c->exp)
		c->exp = xstrdup(fl[c->col]);
	return 1;
}

/* Rebuild import `hash` from its text: its data is damaged or incomplete. */
static int rebuild(struct fsck *f, const char *hash, const char *text_path, const struct model *all)
{
	struct model m;
	struct meta_ctx mc;
	struct exp_ctx ec = { -1, NULL };
	struct buf p = BUF_INIT, text = BUF_INIT;
	struct diag quiet = DIAG_INIT;
	struct source meta;
	long src;
	int rc = -1;

	if (file_read(text_path, &text, &quiet) < 0)
		goto out;
	model_init(&m);
	memset(&meta, 0, sizeof(meta));
	snprintf(meta.hash, sizeof(meta.hash), "%.32s", hash);
	meta.name = meta.title = meta.flag_experiment = meta.flag_variant = meta.instance = "";
	meta.author = meta.posted = meta.address = meta.thread = "";
	meta.imported = model_now(&m);
	meta.name = arena_printf(&m.arena, "sources/%.12s", hash);
	mc.m = &m;
	mc.s = &meta;
	buf_addf(&p, "%s/data/%s/source.csv", f->st->dir, hash);
	csvio_read(p.s, meta_row, &mc, &quiet);
	buf_reset(&p);
	buf_addf(&p, "%s/data/%s/runs.csv", f->st->dir, hash);
	csvio_read(p.s, exp_row, &ec, &quiet);
	/* blocks that imports before it hold stay theirs */
	for (size_t r = 0; r < all->rs.nruns; r++)
		if (strcmp(all->sources[all->rs.runs[r].source].imported, meta.imported) < 0)
			strmap_put(&m.blocks, arena_strdup(&m.arena, all->rs.runs[r].block), 1);
	{
		size_t len;
		char *body = buf_detach(&text, &len);

		meta.len = len;
		src = reparse_one(&m, NULL, &meta, ec.exp, body, len, &quiet);
	}
	if (src >= 0)
		rc = store_replace_source(f->st, &m, (uint32_t)src, f->d);
	model_release(&m);
	free(ec.exp);
out:
	diag_release(&quiet);
	buf_release(&p);
	buf_release(&text);
	return rc;
}

/*
 * The hash of a stored text matches its name: 1; 0 when it does not; -1
 * when it does not read (a directory, a device, a link to one: not opened),
 * with the reason in *why.
 */
static int text_matches(const char *path, const char *hash, struct diag *why)
{
	struct buf text = BUF_INIT;
	char hex[HASH_HEX_LEN + 1];
	int ok = -1;

	if (file_read(path, &text, why) == 0) {
		hash_hex(text.s ? text.s : "", text.len, hex);
		ok = !strcmp(hex, hash);
	}
	buf_release(&text);
	return ok;
}

/* Write the manifest of an import stored before manifests (its files read cleanly). */
static int add_manifest(struct fsck *f, const char *dir, const char *text_path)
{
	static const char *const names[] = { "source.csv",  "runs.csv",  "measurements.csv",
					     "samples.csv", "series.csv", "notes.csv", "facts.csv" };
	struct buf files[7], man = BUF_INIT, p = BUF_INIT, text = BUF_INIT;
	struct diag quiet = DIAG_INIT;
	const char *present[7];
	size_t n = 0;
	int rc;

	for (size_t i = 0; i < countof(names); i++) {
		buf_reset(&p);
		buf_addf(&p, "%s/%s", dir, names[i]);
		memset(&files[n], 0, sizeof(files[n]));
		if (path_exists(p.s) && file_read(p.s, &files[n], &quiet) == 0)
			present[n++] = names[i];
	}
	file_read(text_path, &text, &quiet);
	manifest_render(&man, present, files, n, text.len);
	buf_reset(&p);
	buf_addf(&p, "%s/%s", dir, MANIFEST_FILE);
	rc = file_write_atomic(p.s, man.s, man.len, f->d);
	for (size_t i = 0; i < n; i++)
		buf_release(&files[i]);
	buf_release(&man);
	buf_release(&p);
	buf_release(&text);
	diag_release(&quiet);
	return rc;
}

/* One stored import: its text, manifest and files (each read and summed here). */
static void check_import(struct fsck *f, const char *hash, const struct model *all)
{
	struct buf dir = BUF_INIT, text = BUF_INIT;
	struct diag found = DIAG_INIT;
	size_t before;
	int v, rows_bad = 0;

	buf_addf(&dir, "%s/data/%s", f->st->dir, hash);
	buf_addf(&text, "%s/sources/%s", f->st->dir, hash);
	if (!path_exists(text.s)) {
		problem(f, text.s, "%s", "missing: the import's runs have no text (it cannot be rebuilt)");
		goto out;
	}
	switch (text_matches(text.s, hash, &found)) {
	case -1:
		problem(f, text.s, "%s", found.n ? found.v[0].text : "cannot read");
		goto out;
	case 0:
		problem(f, text.s, "%s", "its contents do not hash to its name: the text was changed");
		goto out;
	}
	before = f->res->problems;
	v = manifest_verify(dir.s, text.s, &found);
	/* the loader's warnings about this import's rows (older imports without a manifest) */
	for (size_t i = 0; i < found.n; i++)
		problem(f, found.v[i].file, "%s", found.v[i].text);
	if (v == 1) {
		struct model one;
		struct diag rows = DIAG_INIT;

		problem(f, dir.s, "%s", "no manifest (stored before manifests)");
		/* then the loader's word on its rows, every file read: a malformed row, a missing column */
		model_init(&one);
		store_load_imports(f->st, &one, &hash, 1, &rows);
		model_release(&one);
		for (size_t i = 0; i < rows.n; i++) {
			const struct diag_entry *e = &rows.v[i];

			if (!e->file || !strstr(e->file, hash) || !strstr(e->file, "/data/"))
				continue;
			diag_add(f->d, DIAG_ERROR, e->file, e->line, "%s", e->text);
			f->res->problems++;
			rows_bad = 1;
		}
		diag_release(&rows);
	}
	/* one repair mends every problem of the import */
	if (f->repair && (v < 0 || rows_bad)) {
		if (rebuild(f, hash, text.s, all) == 0) {
			f->res->repaired += f->res->problems - before - 1;
			mended(f, dir.s, "rebuilt from its text");
		}
	} else if (f->repair && v == 1) {
		if (add_manifest(f, dir.s, text.s) == 0) {
			f->res->repaired += f->res->problems - before - 1;
			mended(f, dir.s, "manifest written");
		}
	}
out:
	diag_release(&found);
	buf_release(&dir);
	buf_release(&text);
}

/* A removal whose files an interrupted rm or undo left out of removed/ID/. */
static void unsettled(void *ctx, uint32_t id, const char *hash, int failed)
{
	struct fsck *f = ctx;
	struct buf p = BUF_INIT, what = BUF_INIT;

	buf_addf(&p, "%s/removed/%u", f->st->dir, (unsigned)id);
	buf_addf(&what, "edit %u removed import %.12s; an interrupted edit left its files half moved "
			"(the next writer, or fsck --repair, moves them here)",
		 (unsigned)id, hash);
	problem(f, p.s, "%s", what.s);
	strmap_put(&f->unsettled, arena_strdup(&f->arena, hash), id);
	if (f->repair && !failed)
		mended(f, p.s, "the removal's files moved here");
	buf_release(&p);
	buf_release(&what);
}

/* The journal's removals whose files are not where it wants them; with repair, moved. */
static void moves(struct fsck *f)
{
	journal_moves(f->st, f->repair, unsettled, f, f->d);
}

/*
 * sources/ entries no import refers to: the text of an import interrupted
 * before its data. One that the journal names (an import whose --set-variant
 * was recorded before its data) is kept, with a note.
 */
static void orphan_texts(struct fsck *f)
{
	struct buf dir = BUF_INIT, p = BUF_INIT;
	struct arena a = ARENA_INIT;
	struct strmap named = STRMAP_INIT;
	DIR *dp;
	struct dirent *de;

	buf_addf(&dir, "%s/sources", f->st->dir);
	if (!(dp = opendir(dir.s))) {
		buf_release(&dir);
		return;
	}
	journal_named(f->st, &a, &named);
	while ((de = readdir(dp))) {
		uint32_t id;

		if (!hash_is_hex(de->d_name))
			continue;
		buf_reset(&p);
		buf_addf(&p, "%s/data/%s", f->st->dir, de->d_name);
		if (path_exists(p.s))
			continue;
		buf_reset(&p);
		buf_addf(&p, "%s/%s", dir.s, de->d_name);
		if (strmap_get(&f->unsettled, de->d_name, NULL))
			continue; /* the text of a removal whose move moves() reported */
		if (strmap_get(&named, de->d_name, &id)) {
			diag_add(f->d, DIAG_NOTE, p.s, 0, "a text no import refers to, kept: edit %u names it",
				 (unsigned)id);
			continue;
		}
		problem(f, p.s, "%s", "a text no import refers to (an import interrupted before its data)");
		if (f->repair && unlink(p.s) == 0)
			mended(f, p.s, "removed");
	}
	closedir(dp);
	strmap_release(&named);
	arena_release(&a);
	buf_release(&dir);
	buf_release(&p);
}

int store_fsck(struct store *st, int repair, struct fsck_result *res, struct diag *d)
{
	struct fsck f = { st, repair, res, d, ARENA_INIT, STRMAP_INIT };
	struct buf p = BUF_INIT;
	struct diag load = DIAG_INIT;
	struct model all;
	DIR *dp;
	struct dirent *de;

	memset(res, 0, sizeof(*res));
	leftovers_in(&f, "");
	leftovers_in(&f, "sources");
	leftovers_in(&f, "data");

	/* the journal, and the files of stores before it */
	buf_addf(&p, "%s/edits.csv", st->dir);
	{
		struct diag jd = DIAG_INIT;

		if (journal_check(st, &jd) < 0) {
			for (size_t i = 0; i < jd.n; i++)
				problem(&f, jd.v[i].file ? jd.v[i].file : p.s, "%s", jd.v[i].text);
			if (repair) {
				long kept = journal_repair(st, d);

				if (kept >= 0)
					mended(&f, p.s, "rewritten with the rows that still read");
			}
		}
		diag_release(&jd);
	}
	if (path_exists(p.s)) {
		static const char *const old[] = { "overrides.csv", "aliases.csv" };

		for (size_t i = 0; i < countof(old); i++) {
			buf_reset(&p);
			buf_addf(&p, "%s/%s", st->dir, old[i]);
			if (!path_exists(p.s))
				continue;
			problem(&f, p.s, "%s", "folded into edits.csv already: a leftover");
			if (repair && unlink(p.s) == 0)
				mended(&f, p.s, "removed");
		}
	}

	/* the removals the journal asks for, before the imports are looked at */
	moves(&f);

	/*
	 * every import: the runs of all (what a rebuild keeps of the imports before it), then
	 * each directory, every file of it read and summed once (check_import())
	 */
	model_init(&all);
	store_load_runs(st, &all, &load);
	buf_reset(&p);
	buf_addf(&p, "%s/data", st->dir);
	if ((dp = opendir(p.s))) {
		while ((de = readdir(dp))) {
			if (de->d_name[0] == '.')
				continue;
			if (!hash_is_hex(de->d_name)) {
				struct buf q = BUF_INIT;

				buf_addf(&q, "%s/%s", p.s, de->d_name);
				problem(&f, q.s, "%s", "not an import's directory");
				buf_release(&q);
				continue;
			}
			check_import(&f, de->d_name, &all);
		}
		closedir(dp);
	}
	orphan_texts(&f);
	strmap_release(&f.unsettled);
	arena_release(&f.arena);
	model_release(&all);
	diag_release(&load);
	buf_release(&p);
	return 0;
}
