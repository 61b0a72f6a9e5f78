/*
 * storeindex.c - index.csv, the experiments of a store without its runs;
 * see storeindex.h.
 */
#define _GNU_SOURCE /* qsort_r */
#include "store/storeindex.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/journal.h"
#include "util/buf.h"
#include "util/csvio.h"
#include "util/fsutil.h"
#include "util/strmap.h"

#define INDEX_MAGIC "benchdelta-index"
#define INDEX_FORMAT "2"

/* The files of an import directory whose identity goes into the stamp (the loader's files). */
static const char *const data_files[] = { "source.csv", "runs.csv",  "measurements.csv",
					  "samples.csv", "series.csv", "notes.csv",
					  "facts.csv",  "manifest.csv" };
/* Files of the store's root that change what a load gives. */
static const char *const root_files[] = { "VERSION", "edits.csv", "overrides.csv",
					  "aliases.csv" };

/* What the stamp takes of one file: it is there, its inode, size and times. */
struct file_id {
	int64_t there, ino, size, mtime_s, mtime_ns, ctime_s, ctime_ns;
};

static void file_id(int dirfd, const char *name, struct file_id *f)
{
	struct stat sb;

	memset(f, 0, sizeof(*f));
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	f->there = 1 + (S_ISDIR(sb.st_mode) ? 1 : 0);
	f->ino = (int64_t)sb.st_ino;
	f->size = (int64_t)sb.st_size;
	f->mtime_s = (int64_t)sb.st_mtim.tv_sec;
	f->mtime_ns = (int64_t)sb.st_mtim.tv_nsec;
	f->ctime_s = (int64_t)sb.st_ctim.tv_sec;
	f->ctime_ns = (int64_t)sb.st_ctim.tv_nsec;
}

/* One entry of data/: its name and, for an import directory, what its files are. */
struct entry {
	char name[256];
	struct file_id dir, text, files[countof(data_files)];
};

static int cmp_entries(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

int storeindex_stamp(const struct store *st, char out[HASH_HEX_LEN + 1])
{
	struct buf path = BUF_INIT;
	struct entry *e = NULL;
	size_t n = 0, cap = 0;
	struct file_id root[countof(root_files)];
	int rootfd, datafd, srcfd;
	DIR *dp;
	struct dirent *de;
	struct buf all = BUF_INIT;

	rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0)
		return -1;
	datafd = openat(rootfd, "data", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	srcfd = openat(rootfd, "sources", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (datafd < 0 || !(dp = fdopendir(dup(datafd)))) {
		if (datafd >= 0)
			close(datafd);
		if (srcfd >= 0)
			close(srcfd);
		close(rootfd);
		return -1;
	}
	while ((de = readdir(dp))) {
		struct entry *x;

		if (de->d_name[0] == '.')
			continue; /* ., .., temporary directories: a load skips them too */
		ALLOC_GROW(e, n + 1, cap);
		x = &e[n++];
		memset(x, 0, sizeof(*x));
		snprintf(x->name, sizeof(x->name), "%s", de->d_name);
		if (!hash_is_hex(de->d_name))
			continue; /* the load warns about it: its name is enough */
		file_id(datafd, de->d_name, &x->dir);
		if (srcfd >= 0)
			file_id(srcfd, de->d_name, &x->text);
		for (size_t i = 0; i < countof(data_files); i++) {
			buf_reset(&path);
			buf_addf(&path, "%s/%s", de->d_name, data_files[i]);
			file_id(datafd, path.s, &x->files[i]);
		}
	}
	closedir(dp);
	if (n)
		qsort(e, n, sizeof(*e), cmp_entries);
	for (size_t i = 0; i < countof(root_files); i++)
		file_id(rootfd, root_files[i], &root[i]);
	buf_add(&all, INDEX_FORMAT, strlen(INDEX_FORMAT));
	buf_add(&all, root, sizeof(root));
	buf_add(&all, e ? (const void *)e : "", n * sizeof(*e));
	hash_hex(all.s, all.len, out);
	buf_release(&all);
	buf_release(&path);
	free(e);
	close(datafd);
	if (srcfd >= 0)
		close(srcfd);
	close(rootfd);
	return 0;
}

/* ---- writing ---- */

static int cmp_source_order(const void *a, const void *b, void *arg)
{
	const struct model *m = arg;
	const struct source *x = &m->sources[*(const uint32_t *)a], *y = &m->sources[*(const uint32_t *)b];
	int c = strcmp(x->imported, y->imported);

	return c ? c : strcmp(x->hash, y->hash);
}

/* The rows of one source: its experiments in order of appearance, each with its variants. */
static void render_source(struct buf *out, const struct model *m, uint32_t s, const uint32_t *runs,
			  size_t nruns, const size_t *nmeas_of_run, size_t *rows)
{
	struct group {
		const char *exp;
		size_t nruns, nmeas;
		unsigned long fmts;
		struct strmap vindex;
		struct gvar {
			const char *key, *text;
			size_t nruns;
		} *v;
		size_t nv, vcap;
	} *g = NULL;
	size_t ng = 0, gcap = 0;
	struct strmap gindex = STRMAP_INIT;
	const struct source *src = &m->sources[s];
	char a[32], b[32], c[32];
	int split = 0;

	{
		const char *f[] = { "S", src->hash, src->imported, src->name };

		csvio_row(out, f, countof(f));
		(*rows)++;
	}
	for (size_t i = 0; i < m->rs.nfacts; i++) {
		const struct fact *ft = &m->rs.facts[i];
		const char *f[] = { "F", ft->key, ft->value, (snprintf(a, sizeof(a), "%u", (unsigned)ft->line), a) };

		if (ft->source != s)
			continue;
		csvio_row(out, f, countof(f));
		(*rows)++;
	}
	for (size_t k = 0; k < nruns; k++) {
		const struct run *r = &m->rs.runs[runs[k]];
		struct group *x;
		uint32_t at;

		if (!strmap_get(&gindex, r->eff_experiment, &at)) {
			ALLOC_GROW(g, ng + 1, gcap);
			memset(&g[ng], 0, sizeof(g[ng]));
			g[ng].exp = r->eff_experiment;
			at = (uint32_t)ng++;
			strmap_put(&gindex, r->eff_experiment, at);
		}
		x = &g[at];
		x->nruns++;
		x->nmeas += nmeas_of_run[runs[k]];
		x->fmts |= 1ul << r->fmt;
		if (!strmap_get(&x->vindex, r->eff_variant.key, &at)) {
			ALLOC_GROW(x->v, x->nv + 1, x->vcap);
			x->v[x->nv].key = r->eff_variant.key;
			x->v[x->nv].text = r->eff_variant.text;
			x->v[x->nv].nruns = 0;
			at = (uint32_t)x->nv++;
			strmap_put(&x->vindex, r->eff_variant.key, at);
		}
		x->v[at].nruns++;
	}
	split = ng > 1;
	for (size_t i = 0; i < ng; i++) {
		/* measurements left on disk count for the one experiment of a source that is not split */
		size_t nmeas = g[i].nmeas + (split ? 0 : src->meas_unloaded);
		const char *f[] = { "G", g[i].exp, (snprintf(a, sizeof(a), "%zu", g[i].nruns), a),
				    (snprintf(b, sizeof(b), "%zu", nmeas), b),
				    (snprintf(c, sizeof(c), "%lu", g[i].fmts), c) };

		csvio_row(out, f, countof(f));
		(*rows)++;
		for (size_t v = 0; v < g[i].nv; v++) {
			const char *fv[] = { "V", g[i].v[v].key, g[i].v[v].text,
					     (snprintf(a, sizeof(a), "%zu", g[i].v[v].nruns), a) };

			csvio_row(out, fv, countof(fv));
			(*rows)++;
		}
		strmap_release(&g[i].vindex);
		free(g[i].v);
	}
	strmap_release(&gindex);
	free(g);
}

int storeindex_write(const struct store *st, const struct model *m, const char *stamp)
{
	struct buf out = BUF_INIT, tmp = BUF_INIT, final = BUF_INIT;
	uint32_t *order = xmalloc((m->nsources ? m->nsources : 1) * sizeof(*order));
	size_t *nmeas = xcalloc(m->rs.nruns ? m->rs.nruns : 1, sizeof(*nmeas));
	struct byrun by;
	size_t n = 0, rows = 1;
	char hex[HASH_HEX_LEN + 1], count[32];
	int fd, rc = -1;

	for (uint32_t s = 0; s < m->nsources; s++)
		if (m->sources[s].stored)
			order[n++] = s;
	qsort_r(order, n, sizeof(*order), cmp_source_order, (void *)m);
	for (size_t i = 0; i < m->rs.nmeas; i++)
		nmeas[m->rs.meas[i].run]++;
	byrun_build(&by, m->rs.runs, m->rs.nruns, sizeof(*m->rs.runs), offsetof(struct run, source),
		    m->nsources);
	{
		const char *f[] = { INDEX_MAGIC, INDEX_FORMAT, stamp };

		csvio_row(&out, f, countof(f));
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t s = order[i];

		render_source(&out, m, s, by.order + by.start[s], by.start[s + 1] - by.start[s], nmeas,
			      &rows);
	}
	hash_hex(out.s, out.len, hex);
	snprintf(count, sizeof(count), "%zu", rows);
	{
		const char *f[] = { "end", count, hex };

		csvio_row(&out, f, countof(f));
	}
	byrun_release(&by);
	free(order);
	free(nmeas);

	/* a cache: written without fsync, found torn or stale by its checksum and stamp */
	buf_addf(&tmp, "%s/" STOREINDEX_FILE ".tmp.%ld", st->dir, (long)getpid());
	buf_addf(&final, "%s/" STOREINDEX_FILE, st->dir);
	fd = open(tmp.s, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0) {
		size_t done = 0;

		while (done < out.len) {
			ssize_t w = write(fd, out.s + done, out.len - done);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			done += (size_t)w;
		}
		if (close(fd) == 0 && done == out.len && rename(tmp.s, final.s) == 0)
			rc = 0;
		else
			unlink(tmp.s);
	}
	buf_release(&out);
	buf_release(&tmp);
	buf_release(&final);
	return rc;
}

int storeindex_refresh(const struct store *st, const struct model *m)
{
	char stamp[HASH_HEX_LEN + 1];

	if (storeindex_stamp(st, stamp) < 0)
		return -1;
	return storeindex_write(st, m, stamp);
}

/* ---- reading ---- */

/* The index's text when it is whole and carries `stamp`; NULL otherwise (heap, *len). */
static char *read_fresh(const struct store *st, const char *stamp, size_t *len)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	struct diag d = DIAG_INIT;
	char head[128], hex[HASH_HEX_LEN + 1];
	const char *last;
	char *s = NULL;

	buf_addf(&path, "%s/" STOREINDEX_FILE, st->dir);
	if (!path_exists(path.s) || file_read(path.s, &text, &d) < 0 || text.len < 2)
		goto out;
	snprintf(head, sizeof(head), "\"" INDEX_MAGIC "\",\"" INDEX_FORMAT "\",\"%s\"\n", stamp);
	if (text.len < strlen(head) || memcmp(text.s, head, strlen(head)) || text.s[text.len - 1] != '\n')
		goto out;
	/* the last row: "end","ROWS","CHECKSUM" over every byte before it */
	last = text.s + text.len - 1;
	while (last > text.s && last[-1] != '\n')
		last--;
	if (strncmp(last, "\"end\",", 6))
		goto out;
	hash_hex(text.s, (size_t)(last - text.s), hex);
	if (!strstr(last, hex))
		goto out;
	*len = (size_t)(last - text.s);
	s = buf_detach(&text, NULL);
out:
	buf_release(&path);
	buf_release(&text);
	diag_release(&d);
	return s;
}

int storeindex_fresh(const struct store *st, const char *stamp)
{
	size_t len;
	char *s = read_fresh(st, stamp, &len);

	free(s);
	return s != NULL;
}

/* An experiment being gathered from the index's rows. */
struct gather {
	struct model *m;
	struct exp_acc {
		struct experiment e;
		struct variant_info *v;
		size_t nv, vcap;
		uint32_t *src;
		size_t nsrc, srccap;
	} *x;
	size_t nx, xcap;
	struct strmap exps;    /* name → slot in x */
	struct strmap vindex;  /* "slot\x1fkey" → variant of that slot */
	const char *imported;  /* of the current "S" row */
	long source;           /* the model's source of the current "S" row, or -1 */
	long cur;              /* the slot of the current "G" row, or -1 */
	int bad;
	struct buf key;
};

static int parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = (size_t)v;
	return 0;
}

static int gather_row(char **f, size_t n, size_t row, void *ctx)
{
	struct gather *g = ctx;
	struct model *m = g->m;

	if (row == 1)
		return 0; /* the stamp, checked already */
	if (!strcmp(f[0], "S") && n == 4 && hash_is_hex(f[1])) {
		struct source *src;

		g->source = model_add_source(m, f[1], NULL, 0);
		src = &m->sources[g->source];
		src->stored = 1;
		src->imported = g->imported = arena_strdup(&m->arena, f[2]);
		src->name = arena_strdup(&m->arena, f[3]);
		g->cur = -1;
	} else if (!strcmp(f[0], "F") && n == 4 && g->source >= 0) {
		struct fact *ft;
		size_t line;

		if (parse_size(f[3], &line) < 0 || line > UINT32_MAX)
			return g->bad = 1;
		ft = recset_add_fact(&m->rs);
		ft->source = (uint32_t)g->source;
		ft->key = arena_strdup(&m->arena, f[1]);
		ft->value = arena_strdup(&m->arena, f[2]);
		ft->line = (uint32_t)line;
	} else if (!strcmp(f[0], "G") && n == 5 && g->source >= 0) {
		struct exp_acc *x;
		size_t nruns, nmeas, fmts;
		uint32_t at;

		if (parse_size(f[2], &nruns) < 0 || parse_size(f[3], &nmeas) < 0 ||
		    parse_size(f[4], &fmts) < 0)
			return g->bad = 1;
		if (!strmap_get(&g->exps, f[1], &at)) {
			ALLOC_GROW(g->x, g->nx + 1, g->xcap);
			memset(&g->x[g->nx], 0, sizeof(g->x[g->nx]));
			g->x[g->nx].e.name = arena_strdup(&m->arena, f[1]);
			g->x[g->nx].e.imported = "";
			at = (uint32_t)g->nx++;
			strmap_put(&g->exps, g->x[at].e.name, at);
		}
		x = &g->x[at];
		x->e.nruns += nruns;
		x->e.nmeas += nmeas;
		x->e.fmts |= (unsigned long)fmts;
		if (strcmp(g->imported, x->e.imported) > 0)
			x->e.imported = g->imported;
		ALLOC_GROW(x->src, x->nsrc + 1, x->srccap);
		x->src[x->nsrc++] = (uint32_t)g->source;
		g->cur = at;
	} else if (!strcmp(f[0], "V") && n == 4 && g->cur >= 0) {
		struct exp_acc *x = &g->x[g->cur];
		size_t nruns;
		uint32_t at;

		if (parse_size(f[3], &nruns) < 0)
			return g->bad = 1;
		buf_reset(&g->key);
		buf_addf(&g->key, "%ld\x1f%s", g->cur, f[1]);
		if (!strmap_get(&g->vindex, g->key.s, &at)) {
			ALLOC_GROW(x->v, x->nv + 1, x->vcap);
			memset(&x->v[x->nv], 0, sizeof(x->v[x->nv]));
			x->v[x->nv].key = arena_strdup(&m->arena, f[1]);
			x->v[x->nv].text = arena_strdup(&m->arena, f[2]);
			at = (uint32_t)x->nv++;
			strmap_put(&g->vindex, arena_strndup(&m->arena, g->key.s, g->key.len), at);
		}
		x->v[at].nruns += nruns;
	} else {
		return g->bad = 1;
	}
	return 0;
}

int storeindex_load(struct store *st, struct model *m)
{
	char stamp[HASH_HEX_LEN + 1];
	struct gather g;
	struct diag local = DIAG_INIT;
	size_t len;
	char *text;
	int rc = 0;

	if (storeindex_stamp(st, stamp) < 0 || !(text = read_fresh(st, stamp, &len)))
		return 0;
	memset(&g, 0, sizeof(g));
	g.m = m;
	g.cur = g.source = -1;
	if (csvio_parse(STOREINDEX_FILE, text, len, gather_row, &g, &local) != 0 || local.n || g.bad)
		goto out; /* does not read: the caller loads the store instead */
	m->store_dir = arena_strdup(&m->arena, st->dir);
	if (journal_load(st, m, &local) < 0 || m->damaged || local.n)
		goto out; /* the load that follows says what is wrong */
	m->exps = arena_alloc(&m->arena, (g.nx ? g.nx : 1) * sizeof(*m->exps));
	for (size_t i = 0; i < g.nx; i++) {
		struct experiment *e = &m->exps[i];

		*e = g.x[i].e;
		e->variants = arena_alloc(&m->arena, (g.x[i].nv ? g.x[i].nv : 1) * sizeof(*e->variants));
		memcpy(e->variants, g.x[i].v, g.x[i].nv * sizeof(*e->variants));
		e->nvariants = g.x[i].nv;
		e->sources = arena_alloc(&m->arena, (g.x[i].nsrc ? g.x[i].nsrc : 1) * sizeof(*e->sources));
		memcpy(e->sources, g.x[i].src, g.x[i].nsrc * sizeof(*e->sources));
		e->nsources = g.x[i].nsrc;
	}
	m->nexps = g.nx;
	m->summary = 1;
	model_finish_experiments(m);
	rc = 1;
out:
	if (rc == 0) {
		/* nothing of it is used: the caller starts from an empty model */
		model_release(m);
		model_init(m);
	}
	for (size_t i = 0; i < g.nx; i++) {
		free(g.x[i].v);
		free(g.x[i].src);
	}
	free(g.x);
	strmap_release(&g.exps);
	strmap_release(&g.vindex);
	buf_release(&g.key);
	diag_release(&local);
	free(text);
	return rc;
}
