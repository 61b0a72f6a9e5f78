/*
 * storeindex.c - index.csv, and index.bin through indexbin.c: what a
 * store holds without its runs, read, written whole or appended to by an
 * import; see storeindex.h.
 */
#define _GNU_SOURCE /* qsort_r */
#include "store/storeindex.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "parsers/names.h"
#include "store/cachefile.h"
#include "store/expname.h"
#include "store/indexbin.h"
#include "store/journal.h"
#include "store/load.h"
#include "store/sharers.h"
#include "util/buf.h"
#include "util/csvio.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/mapped.h"
#include "util/strmap.h"

#define INDEX_MAGIC "benchdelta-index"
/* the layout's number; the file also carries names_stamp() (index_format()) */
#define INDEX_FORMAT "5"

/* ---- stamps ---- */

/* The files of an import directory whose identity goes into the full stamp (the loader's files). */
static const char *const data_files[] = { "source.csv", "runs.csv",  "measurements.csv",
					  "samples.csv", "series.csv", "notes.csv",
					  "facts.csv",  "manifest.csv" };
/* Files of the store's root that change what a load gives. */
static const char *const root_files[] = { "VERSION", "edits.csv", "overrides.csv",
					  "aliases.csv" };

/* What a stamp takes of one file: it is there (and what it is), its inode, size and times. */
struct file_id {
	int64_t there, ino, size, mtime_s, mtime_ns, ctime_s, ctime_ns;
};

static void file_id(int dirfd, const char *name, struct file_id *f)
{
	struct stat sb;

	memset(f, 0, sizeof(*f));
	if (dirfd < 0 || fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	f->there = 1 + (S_ISDIR(sb.st_mode) ? 1 : 0);
	f->ino = (int64_t)sb.st_ino;
	f->size = (int64_t)sb.st_size;
	f->mtime_s = (int64_t)sb.st_mtim.tv_sec;
	f->mtime_ns = (int64_t)sb.st_mtim.tv_nsec;
	f->ctime_s = (int64_t)sb.st_ctim.tv_sec;
	f->ctime_ns = (int64_t)sb.st_ctim.tv_nsec;
}

/* XXH3-128 of `n` bytes as two 64-bit halves. */
static void add128(uint64_t sum[2], const uint64_t v[2])
{
	sum[0] += v[0];
	sum[1] += v[1];
}

/* The quick part of one entry of data/: its name alone (what a copy of the store keeps). */
static void quick_part(const char *name, uint64_t quick[2])
{
	struct {
		char name[256];
	} q;
	size_t len = strnlen(name, sizeof(q.name) - 1); /* the name, cut as a 256-byte field holds it */

	memset(&q, 0, sizeof(q));
	memcpy(q.name, name, len);
	hash_128(&q, sizeof(q), quick);
}

/*
 * One entry of data/ into the sums: its directory's, files' and text's
 * identities into `full`; its name alone into `quick`.
 */
static void entry_parts(int datafd, int srcfd, const char *name, uint64_t full[2],
			uint64_t quick[2])
{
	struct {
		char name[256];
		struct file_id dir, text, files[countof(data_files)];
	} e;
	char path[320];

	quick_part(name, quick);
	memset(&e, 0, sizeof(e));
	memcpy(e.name, name, strnlen(name, sizeof(e.name) - 1));
	if (hash_is_hex(name)) { /* else its name is enough: the load warns about it */
		file_id(datafd, name, &e.dir);
		file_id(srcfd, name, &e.text);
		for (size_t i = 0; i < countof(data_files); i++) {
			snprintf(path, sizeof(path), "%s/%s", name, data_files[i]);
			file_id(datafd, path, &e.files[i]);
		}
	}
	hash_128(&e, sizeof(e), full);
}

/* The root files' contents (small; a copy of the store keeps them), each with its length. */
static void root_part(int rootfd, uint64_t root[2])
{
	struct buf all = BUF_INIT;
	char chunk[65536];

	for (size_t i = 0; i < countof(root_files); i++) {
		/* a link or what is not a regular file is not read (a link to /dev/zero never ends) */
		int fd = openat(rootfd, root_files[i], O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
		size_t start = all.len;
		struct stat sb;
		ssize_t n;

		buf_addf(&all, "%s:", root_files[i]);
		if (fd >= 0 && (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode))) {
			close(fd);
			buf_adds(&all, "?\n");
			continue;
		}
		if (fd < 0) {
			buf_adds(&all, errno == ENOENT ? "-\n" : "?\n");
			continue;
		}
		while ((n = read(fd, chunk, sizeof(chunk))) > 0 || (n < 0 && errno == EINTR))
			if (n > 0)
				buf_add(&all, chunk, (size_t)n);
		close(fd);
		buf_addf(&all, "\n%zu\n", all.len - start);
	}
	hash_128(all.s, all.len, root);
	buf_release(&all);
}

int storeindex_stamp(const struct store *st, struct storeindex_stamp *out)
{
	int rootfd, datafd, srcfd;
	DIR *dp;
	struct dirent *de;

	memset(out, 0, sizeof(*out));
	rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0)
		return -1;
	datafd = openat(rootfd, "data", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	srcfd = openat(rootfd, "sources", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	dp = datafd >= 0 ? fdopendir(dup(datafd)) : NULL;
	if (!dp) {
		if (datafd >= 0)
			close(datafd);
		if (srcfd >= 0)
			close(srcfd);
		close(rootfd);
		return -1;
	}
	while ((de = readdir(dp))) {
		uint64_t full[2], quick[2];

		if (de->d_name[0] == '.')
			continue; /* ., .., temporary directories: a load skips them too */
		entry_parts(datafd, srcfd, de->d_name, full, quick);
		add128(out->quick, quick);
		add128(out->full, full);
	}
	closedir(dp);
	root_part(rootfd, out->root);
	close(datafd);
	if (srcfd >= 0)
		close(srcfd);
	close(rootfd);
	return 0;
}


static void add_quick(void *ctx, const char *name)
{
	uint64_t quick[2];

	quick_part(name, quick);
	add128(ctx, quick);
}

/*
 * The quick and root parts of the stamp now, for a writer holding the
 * lock: data/ is read by store_scan_data(), which removes the temporary
 * directories of interrupted imports on the way (one read for both).
 */
static int quick_stamp(struct store *st, struct storeindex_stamp *out)
{
	int rootfd;

	memset(out, 0, sizeof(*out));
	if (store_scan_data(st, add_quick, out->quick) < 0)
		return -1;
	rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0)
		return -1;
	root_part(rootfd, out->root);
	close(rootfd);
	return 0;
}

int storeindex_stamp_equal(const struct storeindex_stamp *a, const struct storeindex_stamp *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static void hex64x2(char out[33], const uint64_t v[2])
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)v[0], (unsigned long long)v[1]);
}

static int parse64x2(const char *s, uint64_t v[2])
{
	char half[17];

	if (strlen(s) != 32 || strspn(s, "0123456789abcdef") != 32)
		return -1;
	memcpy(half, s, 16);
	half[16] = '\0';
	v[0] = strtoull(half, NULL, 16);
	v[1] = strtoull(s + 16, NULL, 16);
	return 0;
}

/* ---- writing ---- */

/* What source `s` of `m` (its runs `runs[0..n)`, in order) adds to index.bin. */
static void builder_add(struct ibin_builder *b, const struct model *m, uint32_t s, const uint32_t *runs,
			size_t n)
{
	const struct source *src = &m->sources[s];
	const char *place = expname_place(src);

	ibin_add_source(b, src->hash);
	if (n && place)
		ibin_add_place(b, place, m->rs.runs[runs[0]].eff_experiment);
	for (size_t k = 0; k < n; k++) {
		const struct run *r = &m->rs.runs[runs[k]];
		const struct run *prev = k ? &m->rs.runs[runs[k - 1]] : NULL;

		/* a block's runs come one after another: only the first can add anything */
		if (prev && prev->block && r->block && !strcmp(prev->block, r->block) &&
		    !strcmp(prev->eff_experiment, r->eff_experiment))
			continue;
		ibin_add_name(b, r->eff_experiment);
		ibin_add_block(b, r->block, r->eff_experiment, src->hash, r->first_line);
	}
}

/* ---- index.csv rows ---- */

/* A note the TUI lists among the last import's warnings (as cli/tui.c's last_import_warnings()). */
static int is_warning(enum note_kind k)
{
	return k == NOTE_DAMAGE || k == NOTE_WARNING || k == NOTE_ERROR;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * The rows of one source: its facts, its warnings, its experiments in
 * order of appearance, each with its variants.
 */
static void render_source(struct buf *out, const struct model *m, uint32_t s, const uint32_t *runs,
			  size_t nruns, const size_t *nmeas_of_run, const struct byrun *notes,
			  size_t *rows)
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
	int split;

	{
		const char *f[] = { "S", src->hash, src->imported, src->name };
		const char *l[] = { "L", "alone" };
		const char *w[] = { "L", "with", src->shares };

		csvio_row(out, f, countof(f));
		(*rows)++;
		if (src->alone) { /* no other import holds its blocks (storeindex_restored()) */
			csvio_row(out, l, countof(l));
			(*rows)++;
		} else if (src->shares) { /* these do (storeindex_mark_shared()) */
			csvio_row(out, w, countof(w));
			(*rows)++;
		}
	}
	for (size_t i = 0; i < m->rs.nfacts; i++) {
		const struct fact *ft = &m->rs.facts[i];

		if (ft->source != s)
			continue;
		snprintf(a, sizeof(a), "%u", (unsigned)ft->line);
		const char *f[] = { "F", ft->key, ft->value, a };
		csvio_row(out, f, countof(f));
		(*rows)++;
	}
	{
		/* its warnings, in the order of its notes */
		uint32_t *idx = NULL;
		size_t n = 0, cap = 0;

		for (size_t k = 0; k < nruns; k++)
			for (uint32_t j = notes->start[runs[k]]; j < notes->start[runs[k] + 1]; j++)
				if (is_warning(m->rs.notes[notes->order[j]].kind)) {
					ALLOC_GROW(idx, n + 1, cap);
					idx[n++] = notes->order[j];
				}
		if (n > 1)
			qsort(idx, n, sizeof(*idx), cmp_u32);
		for (size_t k = 0; k < n; k++) {
			const struct note *nt = &m->rs.notes[idx[k]];

			snprintf(a, sizeof(a), "%u", (unsigned)nt->line);
			const char *f[] = { "W", note_kind_name(nt->kind), a, nt->text };
			csvio_row(out, f, countof(f));
			(*rows)++;
		}
		free(idx);
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

		snprintf(a, sizeof(a), "%zu", g[i].nruns);
		snprintf(b, sizeof(b), "%zu", nmeas);
		snprintf(c, sizeof(c), "%lu", g[i].fmts);
		const char *f[] = { "G", g[i].exp, a, b, c };
		csvio_row(out, f, countof(f));
		(*rows)++;
		for (size_t v = 0; v < g[i].nv; v++) {
			snprintf(a, sizeof(a), "%zu", g[i].v[v].nruns);
			const char *fv[] = { "V", g[i].v[v].key, g[i].v[v].text, a };
			csvio_row(out, fv, countof(fv));
			(*rows)++;
		}
		strmap_release(&g[i].vindex);
		free(g[i].v);
	}
	strmap_release(&gindex);
	free(g);
}

/* What the head row says of the layout: INDEX_FORMAT and the names' stamp (its formats are kept as bits of record.h's enum). */
static void index_format(char out[24])
{
	snprintf(out, 24, "%s.%08" PRIx32, INDEX_FORMAT, names_stamp());
}

static void head_row(struct buf *out, const struct storeindex_stamp *s, const char token[33])
{
	char full[33], quick[33], root[33], format[24];

	hex64x2(full, s->full);
	hex64x2(quick, s->quick);
	hex64x2(root, s->root);
	index_format(format);
	const char *f[] = { INDEX_MAGIC, format, full, quick, root, token };
	csvio_row(out, f, countof(f));
}

/* A token that ties index.bin to the index.csv written with it. */
static void new_token(char out[33])
{
	struct {
		long pid;
		struct timespec ts;
		unsigned counter;
	} t;
	static unsigned counter;

	memset(&t, 0, sizeof(t));
	t.pid = (long)getpid();
	clock_gettime(CLOCK_REALTIME, &t.ts);
	t.counter = counter++;
	hash_hex(&t, sizeof(t), out);
}

static void remove_cache(const struct store *st, const char *name)
{
	struct buf p = BUF_INIT;

	buf_addf(&p, "%s/%s", st->dir, name);
	unlink(p.s);
	buf_release(&p);
}

void storeindex_remove(const struct store *st)
{
	remove_cache(st, STOREINDEX_FILE);
	remove_cache(st, STOREINDEX_BIN);
}

/* ---- writing both from a model ---- */

static int cmp_source_order(const void *a, const void *b, void *arg)
{
	const struct model *m = arg;
	const struct source *x = &m->sources[*(const uint32_t *)a], *y = &m->sources[*(const uint32_t *)b];
	int c = strcmp(x->imported, y->imported);

	return c ? c : strcmp(x->hash, y->hash);
}

/*
 * The rows of the sources of `m` for which `take` is set into *csv, in the
 * order a load reads them, and what they add to builder *b. *rows counts
 * the rows written. Reads of a source neither `stored` nor `instance`
 * (what storing it sets), so it may run while the import stores.
 */
static void render_model(const struct model *m, const unsigned char *take, struct buf *csv,
			 struct ibin_builder *b, size_t *rows)
{
	uint32_t *order = xmalloc((m->nsources ? m->nsources : 1) * sizeof(*order));
	size_t *nmeas = model_meas_per_run(m);
	struct byrun by, notes;
	size_t n = 0;

	for (uint32_t s = 0; s < m->nsources; s++)
		if (take[s])
			order[n++] = s;
	byrun_build(&notes, m->rs.notes, m->rs.nnotes, sizeof(*m->rs.notes), offsetof(struct note, run),
		    m->rs.nruns);
	qsort_r(order, n, sizeof(*order), cmp_source_order, (void *)m);
	byrun_build(&by, m->rs.runs, m->rs.nruns, sizeof(*m->rs.runs), offsetof(struct run, source),
		    m->nsources);
	for (size_t i = 0; i < n; i++) {
		uint32_t s = order[i];
		const uint32_t *runs = by.order + by.start[s];
		size_t nr = by.start[s + 1] - by.start[s];

		render_source(csv, m, s, runs, nr, nmeas, &notes, rows);
		builder_add(b, m, s, runs, nr);
	}
	byrun_release(&by);
	byrun_release(&notes);
	free(order);
	free(nmeas);
}

/* A piece of index.csv: rows (no head, "A" or end row) to read or copy. */
struct span {
	size_t off, len;
};

/* The end row of `rows` rows over `h`'s bytes (then freed), with `start` for a segment's (else -1). */
static void end_row(struct buf *out, size_t rows, struct hash_stream *h, long long start)
{
	char hex[HASH_HEX_LEN + 1], count[32], at[32];

	hash_stream_hex(h, hex);
	snprintf(count, sizeof(count), "%zu", rows);
	snprintf(at, sizeof(at), "%lld", start);
	const char *f[] = { "end", count, hex, at };
	csvio_row(out, f, start < 0 ? 3 : 4);
}

/*
 * Write index.bin (unless the builder cannot) as one base, then index.csv
 * with the same token: its head row, the spans `kept` of `text` (an older
 * index.csv's rows, or none), the new `rows_text`, and the end row over
 * all of them (`rows` rows, the head row's included).
 */
static int write_both(const struct store *st, struct ibin_builder *b, const char *text,
		      const struct span *kept, size_t nkept, const struct buf *rows_text, size_t rows,
		      const struct storeindex_stamp *s)
{
	struct cachefile w;
	struct hash_stream h;
	struct buf head = BUF_INIT;
	char token[33];

	new_token(token);
	if (ibin_write_base(b, st->dir, token) < 0)
		remove_cache(st, STOREINDEX_BIN); /* imports read the store's runs */
	if (cachefile_open(&w, st->dir, STOREINDEX_FILE) < 0)
		return -1;
	hash_stream_init(&h);
	w.h = &h;
	head_row(&head, s, token);
	cachefile_add(&w, head.s, head.len);
	for (size_t i = 0; i < nkept; i++) {
		cachefile_add(&w, text + kept[i].off, kept[i].len);
		mapped_drop(text + kept[i].off, kept[i].len); /* copied: read once */
	}
	cachefile_add(&w, rows_text->s ? rows_text->s : "", rows_text->len);
	cachefile_flush(&w);
	w.h = NULL;
	buf_reset(&head);
	end_row(&head, rows, &h, -1);
	cachefile_add(&w, head.s, head.len);
	buf_release(&head);
	return cachefile_close(&w);
}

/* ---- reading index.csv ---- */

/*
 * index.csv read whole and checked: its base's checksum and every
 * segment's. The stamps are those of the last segment (the base's
 * without one), and so is index.bin's length (0: the base alone).
 */
struct csvfile {
	char *text;
	size_t len;
	struct span *rows; /* the rows of the base and of each segment, in order */
	size_t nrows;
	size_t count;      /* the rows in all, as a new base counts them (its head row's included) */
	struct storeindex_stamp stamp;
	char token[33];
	uint64_t binlen;
};

static void csvfile_release(struct csvfile *f)
{
	mapped_free(f->text);
	free(f->rows);
	memset(f, 0, sizeof(*f));
}

/* The fields of one row of index.csv, copied (at most 6). */
struct fields {
	size_t n;
	char v[6][72];
};

static int take_fields(char **f, size_t n, size_t row, void *ctx)
{
	struct fields *x = ctx;

	(void)row;
	if (n > countof(x->v))
		return -1;
	x->n = n;
	for (size_t i = 0; i < n; i++) {
		if (strlen(f[i]) >= sizeof(x->v[i]))
			return -1;
		strcpy(x->v[i], f[i]);
	}
	return 1;
}

/* The one row `s`[0..len) (it ends in a newline) as fields. 0, or -1. */
static int row_fields(const char *s, size_t len, struct fields *x)
{
	struct diag d = DIAG_INIT;
	int rc = csvio_parse(STOREINDEX_FILE, s, len, take_fields, x, &d) == 1 && !d.n ? 0 : -1;

	diag_release(&d);
	return rc;
}

/* The head row: the base's stamps and the token. 0, or -1. */
static int head_fields(const char *s, size_t len, struct storeindex_stamp *stamp, char token[33])
{
	struct fields x;
	char format[24];

	index_format(format);
	if (row_fields(s, len, &x) < 0 || x.n != 6 || strcmp(x.v[0], INDEX_MAGIC) ||
	    strcmp(x.v[1], format) || parse64x2(x.v[2], stamp->full) < 0 ||
	    parse64x2(x.v[3], stamp->quick) < 0 || parse64x2(x.v[4], stamp->root) < 0 ||
	    strlen(x.v[5]) != 32 || strspn(x.v[5], "0123456789abcdef") != 32)
		return -1;
	memcpy(token, x.v[5], 33);
	return 0;
}

/* A segment's "A" row: the stamps with it and index.bin's length. 0, or -1. */
static int seg_fields(const char *s, size_t len, struct storeindex_stamp *stamp, uint64_t *binlen)
{
	struct fields x;

	if (row_fields(s, len, &x) < 0 || x.n != 5 || strcmp(x.v[0], "A") ||
	    parse64x2(x.v[1], stamp->full) < 0 || parse64x2(x.v[2], stamp->quick) < 0 ||
	    parse64x2(x.v[3], stamp->root) < 0 || store_parse_u64(x.v[4], binlen) < 0 || !*binlen)
		return -1;
	return 0;
}

/*
 * An end row `s`[0..len) over `body`[0..nbody): its count, and for a
 * segment's (want_start) the offset it names. 0 when it is one and its
 * checksum is right, else -1.
 */
static int end_fields(const char *s, size_t len, const char *body, size_t nbody, int want_start,
		      size_t *count, uint64_t *start)
{
	struct fields x;
	char hex[HASH_HEX_LEN + 1];
	uint64_t n;

	if (len < 7 || strncmp(s, "\"end\",\"", 7) || row_fields(s, len, &x) < 0 ||
	    x.n != (want_start ? 4u : 3u) || store_parse_u64(x.v[1], &n) < 0 || n > SIZE_MAX ||
	    (want_start && store_parse_u64(x.v[3], start) < 0))
		return -1;
	hash_hex(body, nbody, hex);
	if (strcmp(x.v[2], hex))
		return -1;
	*count = (size_t)n;
	return 0;
}

/* The end of the line at `at` in `s`[0..len) (past its newline), or 0 when none ends it. */
static size_t line_end(const char *s, size_t len, size_t at)
{
	const char *nl = at < len ? memchr(s + at, '\n', len - at) : NULL;

	return nl ? (size_t)(nl + 1 - s) : 0;
}

/* The next end row at or after `at` (a row's start: `"end","` begins no other line), or `len`. */
static size_t next_end(const char *s, size_t len, size_t at)
{
	if (at + 7 <= len && !strncmp(s + at, "\"end\",\"", 7))
		return at;
	for (const char *p = at < len ? s + at : NULL; p;) {
		p = memmem(p, len - (size_t)(p - s), "\n\"end\",\"", 8);
		if (p)
			return (size_t)(p + 1 - s);
	}
	return len;
}

/*
 * Read index.csv whole and check it: the base (its head and end rows,
 * its checksum), then every segment after it (an "A" row, rows, an end
 * row naming where the segment starts and summing it). 0, or -1 (missing,
 * torn, changed).
 */
static int csvfile_read(const struct store *st, struct csvfile *f)
{
	struct buf path = BUF_INIT;
	struct diag d = DIAG_INIT;
	const char *s;
	char *text = NULL;
	size_t len, at, end, stop;
	size_t cap = 0;
	int rc = -1;

	memset(f, 0, sizeof(*f));
	buf_addf(&path, "%s/" STOREINDEX_FILE, st->dir);
	/* mapped, so that a new base, which copies most of it as it is, holds no copy of it */
	if (file_view(path.s, 0, &text, &len, &d) < 0)
		goto out;
	s = text;
	if (len < 2 || s[len - 1] != '\n' || !(at = line_end(s, len, 0)) ||
	    head_fields(s, at, &f->stamp, f->token) < 0)
		goto out;
	end = next_end(s, len, at);
	if (end == len || !(stop = line_end(s, len, end)) ||
	    end_fields(s + end, stop - end, s, end, 0, &f->count, NULL) < 0)
		goto out;
	ALLOC_GROW(f->rows, f->nrows + 1, cap);
	f->rows[f->nrows++] = (struct span){ at, end - at };
	while (stop < len) {
		size_t seg = stop, body, n;
		uint64_t start;

		if (!(body = line_end(s, len, seg)) || seg_fields(s + seg, body - seg, &f->stamp, &f->binlen) < 0)
			goto out;
		end = next_end(s, len, body);
		if (end == len || !(stop = line_end(s, len, end)) ||
		    end_fields(s + end, stop - end, s + seg, end - seg, 1, &n, &start) < 0 || start != seg ||
		    !n)
			goto out;
		f->count += n - 1; /* its "A" row is not a row of a base */
		ALLOC_GROW(f->rows, f->nrows + 1, cap);
		f->rows[f->nrows++] = (struct span){ body, end - body };
	}
	mapped_drop(s, len); /* read again by whatever needs its rows */
	f->len = len;
	f->text = text;
	text = NULL;
	rc = 0;
out:
	if (rc < 0) {
		free(f->rows);
		f->rows = NULL;
		f->nrows = 0;
	}
	mapped_free(text);
	buf_release(&path);
	diag_release(&d);
	return rc;
}

int storeindex_fresh(const struct store *st, const struct storeindex_stamp *s)
{
	struct csvfile f;
	int fresh = csvfile_read(st, &f) == 0 && !memcmp(f.stamp.full, s->full, sizeof(s->full)) &&
		    !memcmp(f.stamp.root, s->root, sizeof(s->root));

	csvfile_release(&f);
	return fresh;
}

/* The rows of index.csv, kept to be read again in the order of their imports. */
struct rows {
	struct model *m;
	struct row {
		char kind;
		unsigned nf; /* fields after the kind */
		const char *f[4];
	} *v;
	size_t n, cap;
	struct chunk {
		size_t first, end; /* its rows [first, end) */
		const char *hash, *imported;
	} *c;
	size_t nc, ccap;
	int bad;
};

static int keep_row(char **f, size_t n, size_t row, void *ctx)
{
	struct rows *r = ctx;
	static const struct {
		char kind;
		size_t n;
	} kinds[] = { { 'S', 4 }, { 'F', 4 }, { 'W', 4 }, { 'G', 5 }, { 'V', 4 }, { 'L', 2 }, { 'L', 3 } };
	struct row *x;
	size_t k;

	(void)row; /* the spans hold rows only: no head row */
	for (k = 0; k < countof(kinds); k++)
		if (f[0][0] == kinds[k].kind && !f[0][1] && n == kinds[k].n)
			break;
	if (k == countof(kinds) || (kinds[k].kind != 'S' && !r->nc))
		return r->bad = 1;
	ALLOC_GROW(r->v, r->n + 1, r->cap);
	x = &r->v[r->n];
	x->kind = kinds[k].kind;
	x->nf = (unsigned)(n - 1);
	for (size_t i = 1; i < n; i++)
		x->f[i - 1] = arena_strdup(&r->m->arena, f[i]);
	if (x->kind == 'S') {
		if (!hash_is_hex(x->f[0]))
			return r->bad = 1;
		if (r->nc)
			r->c[r->nc - 1].end = r->n;
		ALLOC_GROW(r->c, r->nc + 1, r->ccap);
		r->c[r->nc].first = r->n;
		r->c[r->nc].hash = x->f[0];
		r->c[r->nc].imported = x->f[1];
		r->nc++;
	}
	r->n++;
	return 0;
}

static int cmp_chunks(const void *a, const void *b)
{
	const struct chunk *x = a, *y = b;
	int c = strcmp(x->imported, y->imported);

	return c ? c : strcmp(x->hash, y->hash);
}

static int parse_size(const char *s, size_t *out)
{
	uint64_t v;

	if (store_parse_u64(s, &v) < 0 || v > SIZE_MAX)
		return -1;
	*out = (size_t)v;
	return 0;
}

/* 1 when `s` is one or more import hashes, each followed by one ' ' but the last. */
static int hashes_ok(const char *s)
{
	char one[HASH_HEX_LEN + 1];

	for (;;) {
		size_t n = strcspn(s, " ");

		if (n != HASH_HEX_LEN)
			return 0;
		memcpy(one, s, n);
		one[n] = '\0';
		if (!hash_is_hex(one))
			return 0;
		if (!s[n])
			return 1;
		s += n + 1;
	}
}

/* An experiment being gathered from the rows. */
struct exp_acc {
	struct experiment e;
	struct variant_info *v;
	size_t nv, vcap;
	uint32_t *src;
	size_t nsrc, srccap;
};

/*
 * The experiments of the rows, imports taken in the order a load reads
 * them; with `warnings`, the warnings of the last import (the imports of
 * the latest date) as the TUI lists them.
 */
static int gather(struct model *m, struct rows *r, struct diag *warnings)
{
	struct exp_acc *x = NULL;
	size_t nx = 0, xcap = 0;
	struct strmap exps = STRMAP_INIT, vindex = STRMAP_INIT;
	struct buf key = BUF_INIT;
	int bad = 0;

	if (r->nc) {
		r->c[r->nc - 1].end = r->n;
		qsort(r->c, r->nc, sizeof(*r->c), cmp_chunks);
	}
	for (size_t c = 0; c < r->nc && !bad; c++) {
		long source = -1, cur = -1;
		const char *imported = "";
		int last = !strcmp(r->c[c].imported, r->c[r->nc - 1].imported);

		for (size_t i = r->c[c].first; i < r->c[c].end && !bad; i++) {
			const struct row *w = &r->v[i];
			size_t a, b, f;
			uint32_t at;

			if (w->kind == 'S') {
				struct source *s;

				source = model_add_source(m, w->f[0], NULL, 0);
				s = &m->sources[source];
				s->stored = 1;
				s->imported = imported = w->f[1];
				s->name = w->f[2];
				cur = -1;
			} else if (w->kind == 'F') {
				struct fact *ft;

				if (parse_size(w->f[2], &a) < 0 || a > UINT32_MAX) {
					bad = 1;
					break;
				}
				ft = recset_add_fact(&m->rs);
				ft->source = (uint32_t)source;
				ft->key = w->f[0];
				ft->value = w->f[1];
				ft->line = (uint32_t)a;
			} else if (w->kind == 'W') {
				int kind = note_kind_from_name(w->f[0]);

				if (kind < 0 || parse_size(w->f[1], &a) < 0 || a > UINT32_MAX) {
					bad = 1;
					break;
				}
				if (warnings && last)
					diag_add(warnings, kind == NOTE_ERROR ? DIAG_ERROR : DIAG_WARNING,
						 m->sources[source].name, (uint32_t)a, "%s", w->f[2]);
			} else if (w->kind == 'G') {
				struct exp_acc *e;

				if (parse_size(w->f[1], &a) < 0 || parse_size(w->f[2], &b) < 0 ||
				    parse_size(w->f[3], &f) < 0) {
					bad = 1;
					break;
				}
				if (!strmap_get(&exps, w->f[0], &at)) {
					ALLOC_GROW(x, nx + 1, xcap);
					memset(&x[nx], 0, sizeof(x[nx]));
					x[nx].e.name = w->f[0];
					x[nx].e.imported = "";
					at = (uint32_t)nx++;
					strmap_put(&exps, w->f[0], at);
				}
				e = &x[at];
				e->e.nruns += a;
				e->e.nmeas += b;
				e->e.fmts |= (unsigned long)f;
				if (strcmp(imported, e->e.imported) > 0)
					e->e.imported = imported;
				ALLOC_GROW(e->src, e->nsrc + 1, e->srccap);
				e->src[e->nsrc++] = (uint32_t)source;
				cur = at;
			} else if (w->kind == 'L' && w->nf == 1) {
				m->sources[source].alone = 1;
			} else if (w->kind == 'L') {
				if (strcmp(w->f[0], "with") || !hashes_ok(w->f[1])) {
					bad = 1;
					break;
				}
				m->sources[source].shares = w->f[1];
			} else if (cur >= 0) { /* 'V' */
				struct exp_acc *e = &x[cur];

				if (parse_size(w->f[2], &a) < 0) {
					bad = 1;
					break;
				}
				buf_reset(&key);
				buf_addf(&key, "%ld\x1f%s", cur, w->f[0]);
				if (!strmap_get(&vindex, key.s, &at)) {
					ALLOC_GROW(e->v, e->nv + 1, e->vcap);
					memset(&e->v[e->nv], 0, sizeof(e->v[e->nv]));
					e->v[e->nv].key = w->f[0];
					e->v[e->nv].text = w->f[1];
					at = (uint32_t)e->nv++;
					strmap_put(&vindex, arena_strndup(&m->arena, key.s, key.len), at);
				}
				e->v[at].nruns += a;
			} else {
				bad = 1;
			}
		}
	}
	if (!bad) {
		m->exps = arena_alloc(&m->arena, (nx ? nx : 1) * sizeof(*m->exps));
		for (size_t i = 0; i < nx; i++) {
			struct experiment *e = &m->exps[i];

			*e = x[i].e;
			e->variants = arena_alloc(&m->arena, (x[i].nv ? x[i].nv : 1) * sizeof(*e->variants));
			if (x[i].nv)
				memcpy(e->variants, x[i].v, x[i].nv * sizeof(*e->variants));
			e->nvariants = x[i].nv;
			e->sources = arena_alloc(&m->arena, (x[i].nsrc ? x[i].nsrc : 1) * sizeof(*e->sources));
			if (x[i].nsrc)
				memcpy(e->sources, x[i].src, x[i].nsrc * sizeof(*e->sources));
			e->nsources = x[i].nsrc;
		}
		m->nexps = nx;
	}
	for (size_t i = 0; i < nx; i++) {
		free(x[i].v);
		free(x[i].src);
	}
	free(x);
	strmap_release(&exps);
	strmap_release(&vindex);
	buf_release(&key);
	return bad ? -1 : 0;
}

int storeindex_load(struct store *st, struct model *m, struct diag *last_warnings)
{
	return storeindex_load_at(st, NULL, m, last_warnings);
}

int storeindex_load_at(struct store *st, const struct storeindex_stamp *now, struct model *m,
		       struct diag *last_warnings)
{
	struct storeindex_stamp taken;
	struct csvfile f;
	struct rows r;
	struct diag local = DIAG_INIT, warned = DIAG_INIT;
	int rc = 0;

	if (!now) {
		if (storeindex_stamp(st, &taken) < 0)
			return 0;
		now = &taken;
	}
	if (csvfile_read(st, &f) < 0)
		return 0;
	memset(&r, 0, sizeof(r));
	r.m = m;
	if (memcmp(f.stamp.full, now->full, sizeof(now->full)) ||
	    memcmp(f.stamp.root, now->root, sizeof(now->root)))
		goto out; /* stale: the caller loads the store */
	for (size_t i = 0; i < f.nrows; i++)
		if (csvio_parse(STOREINDEX_FILE, f.text + f.rows[i].off, f.rows[i].len, keep_row, &r, &local) != 0 ||
		    local.n || r.bad)
			goto out;
	m->store_dir = arena_strdup(&m->arena, st->dir);
	if (journal_load(st, m, &local) < 0 || m->damaged || local.n)
		goto out; /* the load that follows says what is wrong */
	if (gather(m, &r, last_warnings ? &warned : NULL) < 0)
		goto out;
	if (last_warnings)
		diag_take(last_warnings, &warned);
	m->summary = 1;
	model_finish_experiments(m);
	rc = 1;
out:
	if (rc == 0) {
		/* nothing of it is used: the caller starts from an empty model */
		model_release(m);
		model_init(m);
	}
	free(r.v);
	free(r.c);
	diag_release(&local);
	diag_release(&warned);
	csvfile_release(&f);
	return rc;
}

/* ---- after an edit that moved whole imports ---- */

int storeindex_root(const struct store *st, uint64_t root[2])
{
	int rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (rootfd < 0)
		return -1;
	root_part(rootfd, root);
	close(rootfd);
	return 0;
}

/* What storeindex_moved() keeps of the old index.bin. */
struct moved {
	struct store *st;
	const struct model *m;
	struct model meta;       /* the sources of the other imports asked where they come from */
	struct ibin_builder b;
	struct rows *r;
	struct strmap touched;   /* hash → its source in m */
	struct strmap blocks;    /* added imports: a block whose entry one of them gives (its source in m) */
	struct strmap tplace;    /* a touched import's place → the first touched source from it */
	struct strmap first_exp; /* experiment → the first other import whose first run is in it (its chunk) */
	struct strmap last_exp;  /* ... and the last */
	uint32_t *next_exp;      /* a chunk → the next other import whose first run is in its experiment */
	const struct storeindex_gone *g; /* imports removed (storeindex_removed()), or NULL */
	const char **first;      /* a chunk → the experiment of its first run, or NULL (none, or removed) */
	long *asked;             /* a chunk → its source in meta once asked, -1 before */
	const char **lrow;       /* a chunk → the holders its "L" row names now ("": alone), or NULL: as it was */
	const char **with;       /* added imports: a source of m → the holders its "L" row names (NULL: alone) */
	struct model kin;        /* added imports: the other holders of their blocks, runs read */
	int ambiguous;
};

/* Imports about to be removed, as storeindex_gone_begin() found them. */
struct storeindex_gone {
	uint64_t full[2], quick[2]; /* their entries' parts of the stamps, before */
	struct strmap hashes;       /* every one of them */
	struct strmap places;       /* the places they come from */
	struct model meta;          /* their sources, read before (the places point into it) */
	size_t n;
};

static int is_gone(const struct moved *x, const char *hash)
{
	return x->g && strmap_get(&x->g->hashes, hash, NULL);
}

static int cmp_order(const char *imported_a, const char *hash_a, const char *imported_b, const char *hash_b)
{
	int c = strcmp(imported_a, imported_b);

	return c ? c : strcmp(hash_a, hash_b);
}

static void moved_block(void *ctx, const struct ibin_key *k, const char *exp, const char *src, uint32_t line)
{
	struct moved *x = ctx;

	if (!strmap_get(&x->touched, src, NULL) && !is_gone(x, src))
		ibin_add_block_key(&x->b, k, exp, src, line); /* the touched imports' come from the model */
}

/* At most this many other imports are asked where they come from (each reads its source.csv). */
#define MOVED_PLACE_ASKS 256

/*
 * A place a touched import comes from: its experiment is that of the first
 * import from it (the first run of the first, in the order a load reads
 * them). When the first is an import not touched, it comes before the
 * first touched one and its first run is in the experiment the index
 * names: those imports are asked where they come from (the index does not
 * say); if one comes from the place, the entry stays, else the touched
 * import's is rendered. Too many to ask: the refresh is given up.
 */
/*
 * A place a removed import comes from: its entry is that of the first
 * other import from it with runs (in the order a load reads them), the
 * experiment of its first run, or none. Every other import is asked in
 * that order until one comes from it (a source.csv read each, remembered
 * across places); one that cannot be asked gives the refresh up.
 */
static void gone_place(struct moved *x, const char *place)
{
	for (size_t c = 0; c < x->r->nc; c++) {
		struct diag d = DIAG_INIT;
		const char *p;

		if (!x->first[c])
			continue;
		if (x->asked[c] < 0)
			x->asked[c] = store_load_source_meta(x->st, &x->meta, x->r->c[c].hash, &d);
		diag_release(&d);
		if (x->asked[c] < 0) {
			x->ambiguous = 1;
			return;
		}
		p = expname_place(&x->meta.sources[x->asked[c]]);
		if (p && !strcmp(p, place)) {
			ibin_add_place(&x->b, place, x->first[c]);
			return;
		}
	}
}

static void moved_place(void *ctx, const char *place, const char *exp)
{
	struct moved *x = ctx;
	const struct source *t;
	uint32_t ti, c;
	size_t asked = 0;

	if (x->g && strmap_get(&x->g->places, place, NULL)) {
		gone_place(x, place);
		return;
	}
	if (!strmap_get(&x->tplace, place, &ti)) {
		ibin_add_place(&x->b, place, exp);
		return;
	}
	t = &x->m->sources[ti];
	if (!strmap_get(&x->first_exp, exp, &c))
		return;
	for (; c != UINT32_MAX && cmp_order(x->r->c[c].imported, x->r->c[c].hash, t->imported, t->hash) < 0;
	     c = x->next_exp[c]) {
		struct diag d = DIAG_INIT;
		long s = ++asked > MOVED_PLACE_ASKS ? -1 : store_load_source_meta(x->st, &x->meta, x->r->c[c].hash, &d);
		const char *p = s < 0 ? NULL : expname_place(&x->meta.sources[s]);

		diag_release(&d);
		if (s < 0) {
			x->ambiguous = 1;
			return;
		}
		if (p && !strcmp(p, place)) {
			ibin_add_place(&x->b, place, exp); /* the first from it is not touched: as it was */
			return;
		}
	}
}

static void moved_source(void *ctx, const char *hash)
{
	struct moved *x = ctx;

	if (!is_gone(x, hash))
		ibin_add_source(&x->b, hash);
}

/* The parts of data/'s entry `name` in the full and quick stamps, as storeindex_stamp() sums them. 0, or -1. */
static int one_part(const struct store *st, const char *name, uint64_t full[2], uint64_t quick[2])
{
	int rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), datafd, srcfd;

	if (rootfd < 0)
		return -1;
	datafd = openat(rootfd, "data", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	srcfd = openat(rootfd, "sources", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	close(rootfd);
	if (datafd < 0) {
		if (srcfd >= 0)
			close(srcfd);
		return -1;
	}
	entry_parts(datafd, srcfd, name, full, quick);
	close(datafd);
	if (srcfd >= 0)
		close(srcfd);
	return 0;
}

static void sub128(uint64_t sum[2], const uint64_t v[2])
{
	sum[0] -= v[0];
	sum[1] -= v[1];
}

/*
 * The entries of blocks the removed imports held (old index.bin `old`)
 * that imports brought back (`h`, read whole) hold too: each goes to the
 * first of them in the order a load reads them, to its first run of the
 * block (as render_model() and builder_add() give it).
 */
static void heir_blocks(struct moved *x, struct ibin *old, const struct model *h)
{
	uint32_t *order = xmalloc((h->nsources ? h->nsources : 1) * sizeof(*order));
	struct byrun by;

	for (uint32_t s = 0; s < h->nsources; s++)
		order[s] = s;
	qsort_r(order, h->nsources, sizeof(*order), cmp_source_order, (void *)h);
	byrun_build(&by, h->rs.runs, h->rs.nruns, sizeof(*h->rs.runs), offsetof(struct run, source), h->nsources);
	for (size_t i = 0; i < h->nsources; i++) {
		uint32_t s = order[i];

		for (size_t k = by.start[s]; k < by.start[s + 1]; k++) {
			const struct run *r = &h->rs.runs[by.order[k]];
			const char *src;

			if (r->block && ibin_block(old, r->block, NULL, &src, NULL) == 1 && is_gone(x, src))
				ibin_add_block(&x->b, r->block, r->eff_experiment, h->sources[s].hash, r->first_line);
		}
	}
	byrun_release(&by);
	free(order);
}

/* Chunk `c`'s "L" row, or NULL (never brought back). */
static const struct row *l_row(const struct rows *r, size_t c)
{
	for (size_t i = r->c[c].first; i < r->c[c].end; i++)
		if (r->v[i].kind == 'L')
			return &r->v[i];
	return NULL;
}

/* The next hash of list *w (hashes_ok()) into h, *w moved past it: 1, or 0 at its end. */
static int next_listed(const char **w, char h[HASH_HEX_LEN + 1])
{
	if (!**w)
		return 0;
	memcpy(h, *w, HASH_HEX_LEN);
	h[HASH_HEX_LEN] = '\0';
	*w += (*w)[HASH_HEX_LEN] ? HASH_HEX_LEN + 1 : HASH_HEX_LEN;
	return 1;
}

/*
 * storeindex_removed(): the holders an "L","with" row names less the
 * imports gone (as a rebuild says it: those staying hold what they held),
 * in x->meta's arena; "" when none is left (the row says "alone"); NULL
 * when the row does not read (kept as it is).
 */
static const char *with_staying(struct moved *x, const char *list)
{
	struct buf b = BUF_INIT;
	const char *out;
	char h[HASH_HEX_LEN + 1];

	if (!hashes_ok(list))
		return NULL;
	while (next_listed(&list, h))
		if (!is_gone(x, h))
			buf_addf(&b, "%s%s", b.len ? " " : "", h);
	out = arena_strndup(&x->meta.arena, b.s ? b.s : "", b.len);
	buf_release(&b);
	return out;
}

/* An import ranked in the order a load reads them: of x->kin (`added` 0) or of x->m. */
struct ranked {
	const struct source *src;
	uint32_t source;
	int added;
};

static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return cmp_order(x->src->imported, x->src->hash, y->src->imported, y->src->hash);
}

/* Adds import `hash` to the candidates (*v, each once in `seen`). */
static void candidate(struct strmap *seen, struct arena *a, const char ***v, size_t *n, size_t *cap, const char *hash)
{
	if (strmap_get(seen, hash, NULL))
		return;
	hash = arena_strdup(a, hash);
	strmap_put(seen, hash, 1);
	ALLOC_GROW(*v, *n + 1, *cap);
	(*v)[(*n)++] = hash;
}

/*
 * storeindex_restored(): the other holders of the blocks of the imports
 * brought back (x->m), read (their runs) into x->kin. A block has at most
 * one holder never brought back (an import stores no block one present
 * holds); the old index gives each block to its first holder, and an
 * import brought back before (an "L" row) names every other holder of its
 * blocks. So the candidates are the first holders of their blocks, every
 * import with an "L" row and those their rows name: the imports brought
 * back are few, and so are those sharing their blocks. 0, or -1: one
 * does not read clean, or the old index gives a block to none it lists.
 */
static int read_kin(struct moved *x, struct ibin *old, const struct strmap *chunks)
{
	struct strmap seen = STRMAP_INIT;
	struct arena a = ARENA_INIT;
	struct diag quiet = DIAG_INIT;
	const char **v = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	for (size_t c = 0; c < x->r->nc; c++) {
		const struct row *l = l_row(x->r, c);
		const char *w = l && l->nf == 2 ? l->f[1] : "";
		char h[HASH_HEX_LEN + 1];

		if (!l)
			continue;
		if (l->nf == 2 && !hashes_ok(l->f[1])) {
			rc = -1;
			break;
		}
		candidate(&seen, &a, &v, &n, &cap, x->r->c[c].hash);
		while (next_listed(&w, h))
			if (strmap_get(chunks, h, NULL)) /* (an older index may name one gone) */
				candidate(&seen, &a, &v, &n, &cap, h);
	}
	for (size_t i = 0; i < x->m->rs.nruns && rc == 0; i++) {
		const struct run *u = &x->m->rs.runs[i];
		const char *holder;

		if (u->block && ibin_block(old, u->block, NULL, &holder, NULL) == 1) {
			if (strmap_get(chunks, holder, NULL))
				candidate(&seen, &a, &v, &n, &cap, holder);
			else
				rc = -1;
		}
	}
	if (rc == 0 && n && (store_load_imports_runs(x->st, &x->kin, v, n, &quiet) < 0 || x->kin.damaged ||
			     quiet.n || x->kin.nsources != n))
		rc = -1; /* one does not read clean, or is gone */
	strmap_release(&seen);
	arena_release(&a);
	diag_release(&quiet);
	free(v);
	return rc;
}

/*
 * storeindex_restored(): what the imports brought back (x->m) share, as a
 * rebuild says it (storeindex_mark_shared()), from their runs and x->kin's
 * (read_kin()): each one's "L" row (x->with), the "L" row of each import
 * brought back before (x->lrow), and a block whose first holder in the
 * order a load reads them is one of x->m added to the builder now, from
 * its first run of it (before the old entries are copied: the builder
 * keeps the first of a key). 0, or -1: left stale.
 */
static int restored_sharers(struct moved *x, struct ibin *old, const struct strmap *chunks)
{
	const struct model *m = x->m, *k = &x->kin;
	size_t n = 0, nh = 0, hcap = 0;
	struct ranked *rk;
	uint32_t *rank_m, *rank_k;
	unsigned char *back;
	const char **names;
	struct buf *with;
	struct sharer_hold *h = NULL;
	struct strmap first = STRMAP_INIT;

	if (read_kin(x, old, chunks) < 0)
		return -1;
	rk = xmalloc((k->nsources + m->nsources + 1) * sizeof(*rk));
	for (uint32_t s = 0; s < k->nsources; s++)
		rk[n++] = (struct ranked){ &k->sources[s], s, 0 };
	for (uint32_t s = 0; s < m->nsources; s++)
		if (m->sources[s].stored)
			rk[n++] = (struct ranked){ &m->sources[s], s, 1 };
	qsort(rk, n, sizeof(*rk), cmp_ranked);
	rank_m = xcalloc(m->nsources + 1, sizeof(*rank_m));
	rank_k = xcalloc(k->nsources + 1, sizeof(*rank_k));
	back = xcalloc(n + 1, 1);
	names = xmalloc((n + 1) * sizeof(*names));
	with = xcalloc(n + 1, sizeof(*with));
	for (uint32_t i = 0; i < n; i++) {
		uint32_t c;

		names[i] = rk[i].src->hash;
		if (rk[i].added)
			rank_m[rk[i].source] = i;
		else
			rank_k[rk[i].source] = i;
		back[i] = rk[i].added || (strmap_get(chunks, names[i], &c) && l_row(x->r, c));
	}
	for (size_t i = 0; i < k->rs.nruns; i++)
		if (k->rs.runs[i].block) {
			ALLOC_GROW(h, nh + 1, hcap);
			h[nh++] = (struct sharer_hold){ k->rs.runs[i].block, rank_k[k->rs.runs[i].source] };
		}
	for (size_t i = 0; i < m->rs.nruns; i++)
		if (m->rs.runs[i].block && m->sources[m->rs.runs[i].source].stored) {
			ALLOC_GROW(h, nh + 1, hcap);
			h[nh++] = (struct sharer_hold){ m->rs.runs[i].block, rank_m[m->rs.runs[i].source] };
		}
	sharers_with(h, nh, back, names, n, with);
	/* h is sorted now: each block's first holder leads its holders */
	for (size_t i = 0; i < nh; i++)
		if (!i || strcmp(h[i].block, h[i - 1].block))
			strmap_put(&first, h[i].block, h[i].rank);
	x->with = xcalloc(m->nsources + 1, sizeof(*x->with));
	x->lrow = xcalloc(x->r->nc + 1, sizeof(*x->lrow));
	for (uint32_t i = 0; i < n; i++) {
		const char *w = arena_strndup(&x->meta.arena, with[i].s ? with[i].s : "", with[i].len);
		uint32_t c;

		if (rk[i].added)
			x->with[rk[i].source] = with[i].len ? w : NULL;
		else if (back[i] && strmap_get(chunks, names[i], &c))
			x->lrow[c] = w;
		buf_release(&with[i]);
	}
	for (size_t i = 0; i < m->rs.nruns; i++) {
		const struct run *u = &m->rs.runs[i];
		uint32_t r;

		if (u->block && m->sources[u->source].stored && strmap_get(&first, u->block, &r) &&
		    r == rank_m[u->source] && strmap_put_new(&x->blocks, u->block, u->source, NULL)) {
			ibin_add_name(&x->b, u->eff_experiment);
			ibin_add_block(&x->b, u->block, u->eff_experiment, m->sources[u->source].hash, u->first_line);
		}
	}
	strmap_release(&first);
	free(h);
	free(with);
	free(names);
	free(back);
	free(rank_k);
	free(rank_m);
	free(rk);
	return 0;
}

/*
 * storeindex_moved(), storeindex_removed() (`g`, and the imports brought
 * back that may hold their blocks too, `heirs`) and storeindex_restored()
 * (`added`: the imports of `m` are new to the index) in one: the stamps
 * the index must carry are those of the store now, less the parts of what
 * came back, plus those of what went.
 */
static int rewrite(struct store *st, const struct model *m, const uint64_t root_before[2],
		   const struct storeindex_gone *g, const struct model *heirs, int added)
{
	struct storeindex_stamp now;
	struct csvfile f;
	struct ibin old;
	struct rows r;
	struct model scratch;
	struct moved x;
	struct diag local = DIAG_INIT;
	struct buf csv = BUF_INIT;
	struct ibin_visit v;
	unsigned char *take = xcalloc(m->nsources ? m->nsources : 1, 1);
	uint32_t *order = xmalloc((m->nsources ? m->nsources : 1) * sizeof(*order));
	size_t *nruns = xcalloc(m->nsources ? m->nsources : 1, sizeof(*nruns));
	const struct row **mark = xcalloc(m->nsources ? m->nsources : 1, sizeof(*mark));
	size_t rows = 0, ntouched = 0, found = 0, gfound = 0, n = 0;
	uint64_t full[2], quick[2];
	struct model view;
	struct strmap chunks = STRMAP_INIT;
	uint32_t t;
	int rc = -1, opened = 0;

	memset(&old, 0, sizeof(old));
	memset(&r, 0, sizeof(r));
	memset(&x, 0, sizeof(x));
	model_init(&scratch);
	r.m = &scratch;
	x.st = st;
	x.m = m;
	x.r = &r;
	x.g = g;
	model_init(&x.meta);
	model_init(&x.kin);
	ibin_builder_init(&x.b, NULL);
	if (csvfile_read(st, &f) < 0 || storeindex_stamp(st, &now) < 0)
		goto out;
	memcpy(full, now.full, sizeof(full));
	memcpy(quick, now.quick, sizeof(quick));
	if (g)
		add128(full, g->full), add128(quick, g->quick);
	for (uint32_t s = 0; added && s < m->nsources; s++) {
		uint64_t pf[2], pq[2];

		if (!m->sources[s].stored)
			continue;
		if (one_part(st, m->sources[s].hash, pf, pq) < 0)
			goto out;
		sub128(full, pf);
		sub128(quick, pq);
	}
	/* the index of the store before the edit, and nothing else changed since */
	if (memcmp(f.stamp.full, full, sizeof(full)) || memcmp(f.stamp.quick, quick, sizeof(quick)) ||
	    memcmp(f.stamp.root, root_before, sizeof(now.root)) ||
	    !memcmp(now.root, root_before, sizeof(now.root)))
		goto out;
	if (ibin_open(&old, st->dir, f.token, f.binlen) < 0)
		goto out;
	opened = 1;
	for (size_t i = 0; i < f.nrows; i++)
		if (csvio_parse(STOREINDEX_FILE, f.text + f.rows[i].off, f.rows[i].len, keep_row, &r, &local) != 0 ||
		    local.n || r.bad)
			goto out;
	if (r.nc) {
		r.c[r.nc - 1].end = r.n;
		qsort(r.c, r.nc, sizeof(*r.c), cmp_chunks);
	}
	x.next_exp = xmalloc((r.nc ? r.nc : 1) * sizeof(*x.next_exp));
	x.first = xcalloc(r.nc ? r.nc : 1, sizeof(*x.first));
	x.asked = xmalloc((r.nc ? r.nc : 1) * sizeof(*x.asked));
	for (size_t c = 0; c < r.nc; c++)
		x.asked[c] = -1;
	for (uint32_t s = 0; s < m->nsources; s++)
		if (m->sources[s].stored) {
			take[s] = 1;
			order[n++] = s;
			strmap_put(&x.touched, m->sources[s].hash, s);
			ntouched++;
		}
	for (size_t c = 0; c < r.nc; c++)
		strmap_put(&chunks, r.c[c].hash, (uint32_t)c);
	/* imports that came back: what they and those brought back before share, as a rebuild says it */
	if (added && restored_sharers(&x, &old, &chunks) < 0)
		goto out;
	/* the other imports' rows as they were, their experiments, the first of each */
	for (size_t c = 0; c < r.nc; c++) {
		const char *first = NULL;

		x.next_exp[c] = UINT32_MAX;
		if (strmap_get(&x.touched, r.c[c].hash, &t)) {
			/* what its "L" row said stays true: the edit stores or removes no block */
			for (size_t i = r.c[c].first; i < r.c[c].end; i++)
				if (r.v[i].kind == 'L')
					mark[t] = &r.v[i];
			found++;
			continue;
		}
		if (is_gone(&x, r.c[c].hash)) {
			gfound++;
			continue;
		}
		for (size_t i = r.c[c].first; i < r.c[c].end; i++) {
			const struct row *w = &r.v[i];
			const char kind[2] = { w->kind, '\0' };
			const char *fl[5] = { kind };

			for (size_t j = 0; j < w->nf; j++)
				fl[j + 1] = w->f[j];
			if (w->kind == 'L') { /* who else holds its blocks: some came back, or went */
				const char *held = x.lrow && x.lrow[c] ? x.lrow[c]
						   : g && w->nf == 2 ? with_staying(&x, w->f[1]) : NULL;

				if (held) {
					fl[1] = *held ? "with" : "alone";
					fl[2] = held;
				}
				csvio_row(&csv, fl, held && *held ? 3 : held ? 2 : w->nf + 1);
			} else {
				csvio_row(&csv, fl, w->nf + 1);
			}
			rows++;
			if (w->kind == 'G') {
				ibin_add_name(&x.b, w->f[0]);
				if (!first)
					first = w->f[0];
			}
		}
		x.first[c] = first;
		if (first) {
			uint32_t last;

			if (strmap_get(&x.last_exp, first, &last))
				x.next_exp[last] = (uint32_t)c;
			else
				strmap_put(&x.first_exp, first, (uint32_t)c);
			strmap_put(&x.last_exp, first, (uint32_t)c);
		}
	}
	if (found != (added ? 0 : ntouched) || (g && gfound != g->n))
		goto out; /* an import the index does not hold (or, come back, holds) */
	/* the places of the touched imports, each of the first of them (in the order a load reads them) */
	for (size_t i = 0; i < m->rs.nruns; i++)
		nruns[m->rs.runs[i].source]++;
	qsort_r(order, n, sizeof(*order), cmp_source_order, (void *)m);
	for (size_t i = 0; i < n; i++) {
		const char *place = expname_place(&m->sources[order[i]]);

		if (nruns[order[i]] && place && !strmap_get(&x.tplace, place, NULL))
			strmap_put(&x.tplace, place, order[i]);
	}
	v.ctx = &x;
	v.block = moved_block;
	v.place = moved_place;
	v.source = moved_source;
	if (ibin_each(&old, &v) < 0 || x.ambiguous)
		goto out; /* left stale: the next command reads the data */
	if (heirs)
		heir_blocks(&x, &old, heirs);
	/* the touched imports rendered with their "L" rows as they were (a shallow view of `m`) */
	view = *m;
	view.sources = xmalloc((m->nsources ? m->nsources : 1) * sizeof(*view.sources));
	if (m->nsources)
		memcpy(view.sources, m->sources, m->nsources * sizeof(*view.sources));
	for (uint32_t s = 0; s < m->nsources; s++) {
		struct source *src = &view.sources[s];

		if (added) { /* came back: as a rebuild says it */
			src->alone = !x.with[s];
			src->shares = x.with[s];
			continue;
		}
		if (!mark[s] || src->alone || src->shares)
			continue;
		src->alone = mark[s]->nf == 1;
		src->shares = mark[s]->nf == 2 ? mark[s]->f[1] : NULL;
	}
	render_model(&view, take, &csv, &x.b, &rows);
	free(view.sources);
	rc = write_both(st, &x.b, NULL, NULL, 0, &csv, rows + 1, &now);
out:
	if (opened)
		ibin_close(&old);
	ibin_builder_release(&x.b);
	strmap_release(&x.touched);
	strmap_release(&x.blocks);
	strmap_release(&x.tplace);
	strmap_release(&x.first_exp);
	strmap_release(&x.last_exp);
	free(x.next_exp);
	free(x.first);
	free(x.asked);
	free(x.lrow);
	free(x.with);
	model_release(&x.kin);
	model_release(&x.meta);
	free(r.v);
	free(r.c);
	model_release(&scratch);
	diag_release(&local);
	buf_release(&csv);
	csvfile_release(&f);
	free(take);
	free(order);
	free(nruns);
	free(mark);
	strmap_release(&chunks);
	return rc;
}

int storeindex_moved(struct store *st, const struct model *m, const uint64_t root_before[2])
{
	return rewrite(st, m, root_before, NULL, NULL, 0);
}

int storeindex_restored(struct store *st, const struct model *m, const uint64_t root_before[2])
{
	return rewrite(st, m, root_before, NULL, NULL, 1);
}

struct storeindex_gone *storeindex_gone_begin(struct store *st, const char *const *hashes, size_t n)
{
	struct storeindex_gone *g = xcalloc(1, sizeof(*g));

	model_init(&g->meta);
	for (size_t i = 0; i < n; i++) {
		uint64_t pf[2], pq[2];
		struct diag d = DIAG_INIT;
		long s;
		const char *place;

		if (strmap_get(&g->hashes, hashes[i], NULL))
			continue;
		s = store_load_source_meta(st, &g->meta, hashes[i], &d);
		diag_release(&d);
		if (s < 0 || one_part(st, hashes[i], pf, pq) < 0) {
			storeindex_gone_release(g);
			return NULL;
		}
		add128(g->full, pf);
		add128(g->quick, pq);
		strmap_put(&g->hashes, g->meta.sources[s].hash, 1);
		if ((place = expname_place(&g->meta.sources[s])))
			strmap_put(&g->places, arena_strdup(&g->meta.arena, place), 1);
		g->n++;
	}
	return g;
}

int storeindex_removed(struct store *st, const struct storeindex_gone *g, const struct model *heirs,
		       const uint64_t root_before[2])
{
	struct model none;
	int rc;

	if (!g)
		return -1;
	model_init(&none);
	rc = rewrite(st, &none, root_before, g, heirs, 0);
	model_release(&none);
	return rc;
}

void storeindex_gone_release(struct storeindex_gone *g)
{
	if (!g)
		return;
	strmap_release(&g->hashes);
	strmap_release(&g->places);
	model_release(&g->meta);
	free(g);
}

/* ---- an import against the index ---- */

/*
 * What an import reads of index.csv: its head row and its last rows (the
 * last segment, checked, or the base's end row), not the whole file,
 * which readers check; it stays open to be appended to in place.
 */
struct csvtail {
	int fd, writable;
	uint64_t size; /* where a segment goes */
	struct storeindex_stamp stamp;
	char token[33];
	uint64_t binlen; /* 0: index.bin's base alone */
};

static void csvtail_close(struct csvtail *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/* 0, or -1 (missing, torn, changed: t->fd closed). `readonly`: never opened to be appended to. */
static int csvtail_read(const struct store *st, struct csvtail *t, int readonly)
{
	struct buf path = BUF_INIT, seg = BUF_INIT;
	struct stat sb;
	struct fields x;
	char head[1024], tail[512];
	size_t n, at, last;
	int rc = -1;

	memset(t, 0, sizeof(*t));
	buf_addf(&path, "%s/" STOREINDEX_FILE, st->dir);
	/* never through a link: an index appended to is the store's own file (O_NOFOLLOW) */
	t->fd = readonly ? -1 : open(path.s, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	t->writable = t->fd >= 0;
	if (t->fd < 0 && (readonly || errno != ELOOP))
		t->fd = open(path.s, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	buf_release(&path);
	if (t->fd < 0 || fstat(t->fd, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_size < 2)
		goto out;
	t->size = (uint64_t)sb.st_size;
	n = t->size < sizeof(head) ? (size_t)t->size : sizeof(head);
	if (fd_pread_all(t->fd, head, n, 0) < 0 || !(at = line_end(head, n, 0)) ||
	    head_fields(head, at, &t->stamp, t->token) < 0)
		goto out;
	/* the last row, an end row: short */
	n = t->size < sizeof(tail) ? (size_t)t->size : sizeof(tail);
	if (fd_pread_all(t->fd, tail, n, t->size - n) < 0 || tail[n - 1] != '\n')
		goto out;
	for (last = n - 1; last > 0 && tail[last - 1] != '\n'; last--)
		;
	if (!last || strncmp(tail + last, "\"end\",\"", 7) || row_fields(tail + last, n - last, &x) < 0)
		goto out;
	if (x.n == 4) {
		/* a segment: it is the one read, and checked */
		uint64_t start, end = t->size - (n - last);
		size_t count, body;

		if (store_parse_u64(x.v[3], &start) < 0 || start < at || start >= end ||
		    end - start > (64u << 20))
			goto out;
		buf_grow(&seg, (size_t)(end - start));
		if (fd_pread_all(t->fd, seg.s, (size_t)(end - start), start) < 0)
			goto out;
		seg.len = (size_t)(end - start);
		if (end_fields(tail + last, n - last, seg.s, seg.len, 1, &count, &start) < 0 ||
		    !(body = line_end(seg.s, seg.len, 0)) ||
		    seg_fields(seg.s, body, &t->stamp, &t->binlen) < 0)
			goto out;
	} else if (x.n != 3) {
		goto out;
	}
	rc = 0;
out:
	buf_release(&seg);
	if (rc < 0)
		csvtail_close(t);
	return rc;
}

struct storeindex_import {
	struct store *st;
	struct csvtail csv;
	struct ibin bin;
	struct stored_lookup lookup;
	struct strmap old_sources; /* hashes of stored texts the import added to the model */
	struct arena scratch;
};

static int lk_source(void *ctx, struct model *m, const char *hash, uint32_t *source)
{
	struct storeindex_import *x = ctx;
	struct diag d = DIAG_INIT;
	long s;

	if (!ibin_source(&x->bin, hash))
		return 0;
	s = store_load_source_meta(x->st, m, hash, &d);
	diag_release(&d);
	if (s < 0)
		return 0;
	strmap_put(&x->old_sources, arena_strdup(&x->scratch, hash), 1);
	*source = (uint32_t)s;
	return 1;
}

static int lk_block(void *ctx, const char *key, const char **experiment, const char **hash,
		    uint32_t *line)
{
	struct storeindex_import *x = ctx;

	return ibin_block(&x->bin, key, experiment, hash, line);
}

static const char *lk_place(void *ctx, const char *place)
{
	struct storeindex_import *x = ctx;

	return ibin_place(&x->bin, place);
}

static int lk_taken(void *ctx, const char *name)
{
	struct storeindex_import *x = ctx;

	return ibin_name(&x->bin, name);
}

/* A run of stored text `hash` at `line`: its runs read (the one text a --set-variant imports again). */
static int lk_line(void *ctx, const char *hash, uint32_t line, uint32_t run_k)
{
	struct storeindex_import *x = ctx;
	struct model one;
	struct diag d = DIAG_INIT;
	long s;
	int hit = 0;

	model_init(&one);
	if (store_load_import_raw(x->st, &one, hash, &d) == 0 && (s = model_find_source(&one, hash)) >= 0)
		hit = model_run_at(&one, (uint32_t)s, line, run_k) >= 0;
	diag_release(&d);
	model_release(&one);
	return hit;
}

/* ---- what an index adds, rendered (beside the storing, or when it is written) ---- */

/* A model of fewer runs renders its index in a few milliseconds: no thread (and its memory) for it. */
#define RENDER_THREAD_MIN_RUNS 20000

struct storeindex_render {
	const struct model *m;
	unsigned char *take; /* the sources rendered */
	struct ibin_builder b;
	struct buf rows_text;
	size_t rows; /* in rows_text */
	pthread_t thread;
	int running;
};

/*
 * The sources an index of `m` takes: those stored, and those `will_store`
 * flags (or NULL); with `x`, of them only those its index lacks.
 */
static unsigned char *take_set(const struct model *m, const struct storeindex_import *x,
			       const unsigned char *will_store)
{
	unsigned char *take = xcalloc(m->nsources ? m->nsources : 1, 1);

	for (uint32_t s = 0; s < m->nsources; s++)
		take[s] = (m->sources[s].stored || (will_store && will_store[s])) &&
			  !(x && strmap_get(&x->old_sources, m->sources[s].hash, NULL));
	return take;
}

static void *render_it(void *arg)
{
	struct storeindex_render *r = arg;

	render_model(r->m, r->take, &r->rows_text, &r->b, &r->rows);
	ibin_builder_sort(&r->b);
	return NULL;
}

/* A render of the sources in `take` (now its own), not begun. */
static struct storeindex_render *render_new(const struct model *m, struct ibin *old,
					    unsigned char *take)
{
	struct storeindex_render *r = xcalloc(1, sizeof(*r));

	r->m = m;
	r->take = take;
	ibin_builder_init(&r->b, old);
	r->rows_text = (struct buf)BUF_INIT;
	return r;
}

struct storeindex_render *storeindex_render_begin(const struct model *m,
						  struct storeindex_import *x,
						  const unsigned char *will_store)
{
	struct storeindex_render *r;

	if (m->rs.nruns < RENDER_THREAD_MIN_RUNS || sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return NULL; /* rendered when written, as fast */
	r = render_new(m, x ? &x->bin : NULL, take_set(m, x, will_store));
	r->running = pthread_create(&r->thread, NULL, render_it, r) == 0;
	if (!r->running) {
		storeindex_render_release(r);
		return NULL;
	}
	return r;
}

void storeindex_render_release(struct storeindex_render *r)
{
	if (!r)
		return;
	if (r->running)
		pthread_join(r->thread, NULL);
	ibin_builder_release(&r->b);
	buf_release(&r->rows_text);
	free(r->take);
	free(r);
}

/*
 * The render of what an index of `m` takes (take_set()): *begun, joined,
 * when it rendered exactly that (then *begun is NULL: the render is the
 * caller's), else one made now.
 */
static struct storeindex_render *render_take(const struct model *m, struct storeindex_import *x,
					     struct storeindex_render **begun)
{
	unsigned char *take = take_set(m, x, NULL);
	struct storeindex_render *r = *begun;

	if (r) {
		pthread_join(r->thread, NULL);
		r->running = 0;
		if (!memcmp(r->take, take, m->nsources)) {
			free(take);
			*begun = NULL;
			return r;
		}
	}
	r = render_new(m, x ? &x->bin : NULL, take);
	render_it(r);
	return r;
}

static int write_rendered(const struct store *st, const struct model *m,
			  const struct storeindex_stamp *s, struct storeindex_render **begun)
{
	struct storeindex_render *r = render_take(m, NULL, begun);
	int rc = write_both(st, &r->b, NULL, NULL, 0, &r->rows_text, r->rows + 1, s);

	storeindex_render_release(r);
	return rc;
}

void storeindex_mark_shared(struct model *m)
{
	struct strmap first = STRMAP_INIT;
	unsigned char *back;
	const char **names;
	struct buf *with;
	struct sharer_hold *h = NULL;
	size_t nh = 0, cap = 0, nback = 0;

	if (!m->nsources)
		return;
	back = xcalloc(m->nsources, 1);
	for (size_t i = 0; i < m->nedits; i++) {
		const struct edit_row *r = &m->edits[i];
		long s;

		/* (the instance it removed: a text imported again after an rm in effect is not brought back) */
		if (r->op == EDIT_REMOVE && r->undone && r->target && (s = model_find_source(m, r->target)) >= 0 &&
		    m->sources[s].stored && !back[s] &&
		    !strcmp(r->value ? r->value : "", m->sources[s].instance ? m->sources[s].instance : "")) {
			back[s] = 1;
			nback++;
		}
	}
	if (!nback) {
		free(back);
		return;
	}
	/* each block's first holder; a later other holder puts both in h (a load's order: the sources') */
	for (size_t i = 0; i < m->rs.nruns; i++) {
		const struct run *r = &m->rs.runs[i];
		uint32_t was;

		if (!r->block || strmap_put_new(&first, r->block, r->source, &was) || was == r->source)
			continue;
		ALLOC_GROW(h, nh + 2, cap);
		h[nh++] = (struct sharer_hold){ r->block, was };
		h[nh++] = (struct sharer_hold){ r->block, r->source };
	}
	names = xmalloc(m->nsources * sizeof(*names));
	with = xcalloc(m->nsources, sizeof(*with));
	for (uint32_t s = 0; s < m->nsources; s++)
		names[s] = m->sources[s].hash;
	sharers_with(h, nh, back, names, m->nsources, with);
	for (uint32_t s = 0; s < m->nsources; s++) {
		if (back[s]) {
			m->sources[s].alone = !with[s].len;
			m->sources[s].shares = with[s].len ? arena_strndup(&m->arena, with[s].s, with[s].len) : NULL;
		}
		buf_release(&with[s]);
	}
	free(with);
	free(names);
	free(back);
	free(h);
	strmap_release(&first);
}

int storeindex_write(const struct store *st, const struct model *m,
		     const struct storeindex_stamp *s)
{
	struct storeindex_render *none = NULL;

	return write_rendered(st, m, s, &none);
}

int storeindex_refresh(const struct store *st, const struct model *m,
		       struct storeindex_render **begun)
{
	struct storeindex_stamp s;
	struct storeindex_render *none = NULL;

	if (storeindex_stamp(st, &s) < 0)
		return -1;
	return write_rendered(st, m, &s, begun ? begun : &none);
}

/*
 * Does the index x->csv read name the store now? With the lock, its quick
 * and root stamps (data/ read once, temporary directories swept); without
 * it (a dry run), its full and root stamps, as a reader checks, taken
 * after index.csv was read: an import or edit since shows in them.
 */
static int tail_current(struct storeindex_import *x, int locked)
{
	struct storeindex_stamp now;

	if (locked)
		return quick_stamp(x->st, &now) == 0 &&
		       !memcmp(x->csv.stamp.quick, now.quick, sizeof(now.quick)) &&
		       !memcmp(x->csv.stamp.root, now.root, sizeof(now.root));
	return storeindex_stamp(x->st, &now) == 0 &&
	       !memcmp(x->csv.stamp.full, now.full, sizeof(now.full)) &&
	       !memcmp(x->csv.stamp.root, now.root, sizeof(now.root));
}

static struct storeindex_import *import_begin(struct store *st, struct model *m, int locked)
{
	struct storeindex_import *x = xcalloc(1, sizeof(*x));
	struct diag d = DIAG_INIT;

	x->st = st;
	x->csv.fd = -1;
	if (csvtail_read(st, &x->csv, !locked) < 0 || !tail_current(x, locked) ||
	    ibin_open(&x->bin, st->dir, x->csv.token, x->csv.binlen) < 0)
		goto fail;
	m->store_dir = arena_strdup(&m->arena, st->dir);
	if (journal_load(st, m, &d) < 0 || m->damaged || d.n) {
		/* the load of the runs says what is wrong */
		model_release(m);
		model_init(m);
		goto fail;
	}
	diag_release(&d);
	model_resolve(m);
	x->lookup.ctx = x;
	x->lookup.source = lk_source;
	x->lookup.block = lk_block;
	x->lookup.place = lk_place;
	x->lookup.taken = lk_taken;
	x->lookup.line = lk_line;
	return x;
fail:
	diag_release(&d);
	storeindex_import_release(x);
	return NULL;
}

struct storeindex_import *storeindex_import_begin(struct store *st, struct model *m)
{
	return import_begin(st, m, 1);
}

struct storeindex_import *storeindex_import_peek(struct store *st, struct model *m)
{
	return import_begin(st, m, 0);
}

/*
 * Append what an import adds to both files in place: index.bin's segment,
 * then index.csv's ("A" row, rows, end row), which commits it. 0, or -1
 * (then what was written lies past what index.csv names, or leaves its
 * tail torn: either way not the index).
 */
static int append_both(struct storeindex_import *x, struct ibin_builder *b, const struct buf *rows_text,
		       size_t rows, const struct storeindex_stamp *s)
{
	struct buf seg = BUF_INIT;
	struct hash_stream h;
	char full[33], quick[33], root[33], len[32];
	uint64_t binlen;
	int rc;

	if (!x->csv.writable || ibin_append(b, &binlen) < 0)
		return -1;
	hex64x2(full, s->full);
	hex64x2(quick, s->quick);
	hex64x2(root, s->root);
	snprintf(len, sizeof(len), "%llu", (unsigned long long)binlen);
	{
		const char *f[] = { "A", full, quick, root, len };

		csvio_row(&seg, f, countof(f));
	}
	buf_add(&seg, rows_text->s ? rows_text->s : "", rows_text->len);
	hash_stream_init(&h);
	hash_stream_add(&h, seg.s, seg.len);
	end_row(&seg, rows + 1, &h, (long long)x->csv.size);
	rc = fd_pwrite_all(x->csv.fd, seg.s, seg.len, x->csv.size);
	buf_release(&seg);
	return rc;
}

/*
 * Write both files anew: the index as it was (read whole and checked
 * now), its segments and what the import adds, as one base. When the
 * index does not check, or is another than the one the import began
 * with, it is removed (a cache: the next command reads the data).
 */
static int rewrite_both(struct storeindex_import *x, struct ibin_builder *b, const struct buf *rows_text,
			size_t rows, const struct storeindex_stamp *s)
{
	struct csvfile f;
	int rc = -1;

	if (csvfile_read(x->st, &f) < 0 || memcmp(f.token, x->csv.token, 32))
		storeindex_remove(x->st);
	else
		rc = write_both(x->st, b, f.text, f.rows, f.nrows, rows_text, f.count + rows, s);
	csvfile_release(&f);
	return rc;
}

/* storeindex_import_end(), the root stamp `root` when not NULL (else the store's now). */
static int import_end(struct storeindex_import *x, const struct store *st, const struct model *m,
		      struct storeindex_render **begun, const uint64_t *root)
{
	struct storeindex_render *none = NULL;
	struct storeindex_render *r = render_take(m, x, begun ? begun : &none);
	struct storeindex_stamp s = x->csv.stamp;
	int rootfd, datafd, srcfd, rc;

	rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	datafd = rootfd >= 0 ? openat(rootfd, "data", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	srcfd = rootfd >= 0 ? openat(rootfd, "sources", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	/* the entries this import added: its stored texts the index did not have */
	for (uint32_t i = 0; i < m->nsources; i++) {
		uint64_t full[2], quick[2];

		if (!r->take[i])
			continue;
		entry_parts(datafd, srcfd, m->sources[i].hash, full, quick);
		add128(s.full, full);
		add128(s.quick, quick);
	}
	if (root)
		memcpy(s.root, root, sizeof(s.root));
	else if (rootfd >= 0)
		root_part(rootfd, s.root);
	if (datafd < 0)
		rc = -1;
	else if (ibin_may_append(&r->b) && append_both(x, &r->b, &r->rows_text, r->rows, &s) == 0)
		rc = 0; /* what it adds, in place */
	else
		rc = rewrite_both(x, &r->b, &r->rows_text, r->rows, &s);
	storeindex_render_release(r);
	if (srcfd >= 0)
		close(srcfd);
	if (datafd >= 0)
		close(datafd);
	if (rootfd >= 0)
		close(rootfd);
	return rc;
}

int storeindex_import_end(struct storeindex_import *x, const struct store *st,
			  const struct model *m, struct storeindex_render **begun)
{
	return import_end(x, st, m, begun, NULL);
}

int storeindex_import_end_edited(struct storeindex_import *x, struct store *st, const struct model *m,
				 const uint64_t root_before[2], const struct model *touched)
{
	struct storeindex_render *none = NULL;

	if (m && import_end(x, st, m, &none, root_before) < 0)
		return -1;
	return rewrite(st, touched, root_before, NULL, NULL, 0);
}

const struct stored_lookup *storeindex_import_lookup(struct storeindex_import *x)
{
	return &x->lookup;
}

void storeindex_import_release(struct storeindex_import *x)
{
	if (!x)
		return;
	csvtail_close(&x->csv);
	ibin_close(&x->bin);
	strmap_release(&x->old_sources);
	arena_release(&x->scratch);
	free(x);
}
