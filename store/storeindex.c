/*
 * storeindex.c - index.csv and index.bin, what a store holds without its
 * runs; see storeindex.h.
 */
#define _GNU_SOURCE /* qsort_r */
#include "store/storeindex.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "parsers/names.h"
#include "store/expname.h"
#include "store/journal.h"
#include "util/buf.h"
#include "util/csvio.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/mapped.h"
#include "util/strmap.h"

#define INDEX_MAGIC "benchdelta-index"
#define INDEX_FORMAT "4"
#define BIN_MAGIC "bdindex1"

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
 * One entry of data/ into the sums: with `want_full`, its directory's,
 * files' and text's identities into `full`; its name alone into `quick`.
 */
static void entry_parts(int datafd, int srcfd, const char *name, uint64_t full[2],
			uint64_t quick[2], int want_full)
{
	struct {
		char name[256];
		struct file_id dir, text, files[countof(data_files)];
	} e;
	char path[320];
	size_t len = strnlen(name, sizeof(e.name) - 1);

	quick_part(name, quick);
	if (want_full) {
		memset(&e, 0, sizeof(e));
		memcpy(e.name, name, len);
	}
	if (hash_is_hex(name)) { /* else its name is enough: the load warns about it */
		if (want_full) {
			file_id(datafd, name, &e.dir);
			file_id(srcfd, name, &e.text);
			for (size_t i = 0; i < countof(data_files); i++) {
				snprintf(path, sizeof(path), "%s/%s", name, data_files[i]);
				file_id(datafd, path, &e.files[i]);
			}
		}
	}
	if (want_full)
		hash_128(&e, sizeof(e), full);
}

/* The root files' contents (small; a copy of the store keeps them), each with its length. */
static void root_part(int rootfd, uint64_t root[2])
{
	struct buf all = BUF_INIT;
	char chunk[65536];

	for (size_t i = 0; i < countof(root_files); i++) {
		int fd = openat(rootfd, root_files[i], O_RDONLY | O_CLOEXEC);
		size_t start = all.len;
		ssize_t n;

		buf_addf(&all, "%s:", root_files[i]);
		if (fd < 0) {
			buf_adds(&all, "-\n");
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

/* The stamp of the store now; with !want_full, the quick and root parts only. */
static int stamp_of(const struct store *st, struct storeindex_stamp *out, int want_full)
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
		entry_parts(datafd, srcfd, de->d_name, full, quick, want_full);
		add128(out->quick, quick);
		if (want_full)
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

int storeindex_stamp(const struct store *st, struct storeindex_stamp *out)
{
	return stamp_of(st, out, 1);
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

/* ---- index.bin ---- */

struct bin_head {
	char magic[8];
	char token[32];
	uint64_t nblocks, nnames, nplaces, nsources, pool;
};

/* One stored block: its key (20 hex digits as 10 bytes, and ".N" of a repeat, else 0). */
struct bin_block {
	uint8_t h[10];
	uint16_t occ;
	uint32_t exp, src, line; /* pool offsets of the experiment and text hash; its first run's line */
};

struct bin_place {
	uint32_t place, exp; /* pool offsets */
};

/* index.bin mapped: the tables point into the mapping. */
struct bin {
	void *map;
	size_t size;
	struct bin_head head;
	const struct bin_block *blocks;
	const uint32_t *names, *sources;
	const struct bin_place *places;
	const char *pool;
};

/* A block key as index.bin holds it; -1 when it is not of the shape the import makes. */
static int key_parse(const char *key, uint8_t h[10], uint16_t *occ)
{
	for (int i = 0; i < 20; i++) {
		int c = key[i], v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (v < 0)
			return -1;
		if (i % 2)
			h[i / 2] = (uint8_t)(h[i / 2] | v);
		else
			h[i / 2] = (uint8_t)(v << 4);
	}
	*occ = 0;
	if (key[20] == '\0')
		return 0;
	if (key[20] == '.' && key[21] >= '1' && key[21] <= '9') {
		char *end;
		unsigned long n = strtoul(key + 21, &end, 10);

		if (!*end && n >= 2 && n <= 65535) {
			*occ = (uint16_t)n;
			return 0;
		}
	}
	return -1;
}

static int cmp_block_key(const uint8_t h[10], uint16_t occ, const struct bin_block *b)
{
	int c = memcmp(h, b->h, 10);

	return c ? c : (occ > b->occ) - (occ < b->occ);
}

static void bin_close(struct bin *b)
{
	mapped_free(b->map);
	memset(b, 0, sizeof(*b));
}

/* Map index.bin and check its shape and token. 0, or -1 (nothing mapped). */
static int bin_open(const struct store *st, const char *token, struct bin *b)
{
	struct buf path = BUF_INIT;
	struct stat sb;
	int fd;
	uint64_t need;

	memset(b, 0, sizeof(*b));
	buf_addf(&path, "%s/" STOREINDEX_BIN, st->dir);
	fd = open(path.s, O_RDONLY | O_CLOEXEC);
	buf_release(&path);
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) < 0 || (size_t)sb.st_size < sizeof(b->head)) {
		close(fd);
		return -1;
	}
	b->size = (size_t)sb.st_size;
	/* remembered (util/mapped.h): a rewrite gives back its pages as it copies them */
	b->map = mapped_file(fd, b->size, 0);
	close(fd);
	if (!b->map)
		return -1;
	memcpy(&b->head, b->map, sizeof(b->head));
	need = sizeof(b->head) + b->head.nblocks * sizeof(struct bin_block) +
	       b->head.nnames * 4 + b->head.nplaces * sizeof(struct bin_place) + b->head.nsources * 4 +
	       b->head.pool;
	if (memcmp(b->head.magic, BIN_MAGIC, 8) || memcmp(b->head.token, token, 32) ||
	    b->head.nblocks > b->size || b->head.nnames > b->size || b->head.nplaces > b->size ||
	    b->head.nsources > b->size || b->head.pool > b->size || need != b->size ||
	    (b->head.pool && ((const char *)b->map)[b->size - 1] != '\0')) {
		bin_close(b);
		return -1;
	}
	{
		const char *p = (const char *)b->map + sizeof(b->head);

		b->blocks = (const struct bin_block *)p;
		p += b->head.nblocks * sizeof(struct bin_block);
		b->names = (const uint32_t *)p;
		p += b->head.nnames * 4;
		b->places = (const struct bin_place *)p;
		p += b->head.nplaces * sizeof(struct bin_place);
		b->sources = (const uint32_t *)p;
		p += b->head.nsources * 4;
		b->pool = p;
	}
	return 0;
}

static const char *pool_str(const struct bin *b, uint32_t off)
{
	return off < b->head.pool ? b->pool + off : "";
}

/* The stored block `key`, or NULL. */
static const struct bin_block *bin_block(const struct bin *b, const char *key)
{
	uint8_t h[10];
	uint16_t occ;
	size_t lo = 0, hi = b->head.nblocks;

	if (key_parse(key, h, &occ) < 0)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_block_key(h, occ, &b->blocks[mid]);

		if (!c)
			return &b->blocks[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Index of `s` in a sorted table of pool offsets (`stride` bytes apart), or -1. */
static long bin_find(const struct bin *b, const void *table, size_t n, size_t stride, const char *s)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t off;
		int c;

		memcpy(&off, (const char *)table + mid * stride, 4);
		c = strcmp(s, pool_str(b, off));
		if (!c)
			return (long)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

/* ---- building index.bin: an old one's tables (or none) and what sources of a model add ---- */

struct builder {
	const struct bin *old; /* or NULL */
	size_t base;           /* the old pool's size: new strings' offsets start there */
	struct buf pool;       /* the new strings */
	struct strmap strs;    /* new string → pool offset */
	struct arena scratch;
	struct bin_block *blocks;
	size_t nblocks, blocks_cap;
	uint32_t *names, *sources;
	size_t nnames, names_cap, nsources, sources_cap;
	struct bin_place *places;
	size_t nplaces, places_cap;
	struct strmap seen_blocks, seen_names, seen_places;
	int unusable; /* a block key of another shape: no index.bin */
};

static void builder_init(struct builder *b, const struct bin *old)
{
	memset(b, 0, sizeof(*b));
	b->old = old;
	b->base = old ? old->head.pool : 0;
}

static void builder_release(struct builder *b)
{
	buf_release(&b->pool);
	strmap_release(&b->strs);
	strmap_release(&b->seen_blocks);
	strmap_release(&b->seen_names);
	strmap_release(&b->seen_places);
	arena_release(&b->scratch);
	free(b->blocks);
	free(b->names);
	free(b->sources);
	free(b->places);
}

static uint32_t intern(struct builder *b, const char *s)
{
	uint32_t off;

	if (strmap_get(&b->strs, s, &off))
		return off;
	off = (uint32_t)(b->base + b->pool.len);
	buf_add(&b->pool, s, strlen(s) + 1);
	strmap_put(&b->strs, arena_strdup(&b->scratch, s), off);
	return off;
}

/* What source `s` of `m` (its runs `runs[0..n)`, in order) adds to the tables. */
static void builder_add(struct builder *b, const struct model *m, uint32_t s, const uint32_t *runs,
			size_t n)
{
	const struct source *src = &m->sources[s];
	const char *place = expname_place(src);

	if (!b->old || bin_find(b->old, b->old->sources, b->old->head.nsources, 4, src->hash) < 0) {
		ALLOC_GROW(b->sources, b->nsources + 1, b->sources_cap);
		b->sources[b->nsources++] = intern(b, src->hash);
	}
	if (n && place && !strmap_get(&b->seen_places, place, NULL) &&
	    (!b->old || bin_find(b->old, b->old->places, b->old->head.nplaces, sizeof(struct bin_place),
				 place) < 0)) {
		ALLOC_GROW(b->places, b->nplaces + 1, b->places_cap);
		b->places[b->nplaces].place = intern(b, place);
		b->places[b->nplaces].exp = intern(b, m->rs.runs[runs[0]].eff_experiment);
		b->nplaces++;
		strmap_put(&b->seen_places, arena_strdup(&b->scratch, place), 1);
	}
	for (size_t k = 0; k < n; k++) {
		const struct run *r = &m->rs.runs[runs[k]];
		struct bin_block *x;

		if (!strmap_get(&b->seen_names, r->eff_experiment, NULL) &&
		    (!b->old || bin_find(b->old, b->old->names, b->old->head.nnames, 4, r->eff_experiment) < 0)) {
			ALLOC_GROW(b->names, b->nnames + 1, b->names_cap);
			b->names[b->nnames++] = intern(b, r->eff_experiment);
			strmap_put(&b->seen_names, arena_strdup(&b->scratch, r->eff_experiment), 1);
		}
		if (!r->block || !*r->block || strmap_get(&b->seen_blocks, r->block, NULL) ||
		    (b->old && bin_block(b->old, r->block)))
			continue; /* the first run of a block is the one */
		ALLOC_GROW(b->blocks, b->nblocks + 1, b->blocks_cap);
		x = &b->blocks[b->nblocks];
		memset(x, 0, sizeof(*x));
		if (key_parse(r->block, x->h, &x->occ) < 0) {
			b->unusable = 1;
			continue;
		}
		x->exp = intern(b, r->eff_experiment);
		x->src = intern(b, src->hash);
		x->line = r->first_line;
		b->nblocks++;
		strmap_put(&b->seen_blocks, arena_strdup(&b->scratch, r->block), 1);
	}
}

static int cmp_blocks(const void *a, const void *b)
{
	const struct bin_block *y = b;

	return cmp_block_key(((const struct bin_block *)a)->h, ((const struct bin_block *)a)->occ, y);
}

/* A string of the pool being built: the old pool's, or a new one. */
static const char *builder_str(const struct builder *b, uint32_t off)
{
	return off < b->base ? b->old->pool + off : b->pool.s + (off - b->base);
}

static int cmp_pool_offsets(const void *a, const void *c, void *arg)
{
	uint32_t x, y;

	memcpy(&x, a, 4);
	memcpy(&y, c, 4);
	return strcmp(builder_str(arg, x), builder_str(arg, y));
}

/* Bytes on their way to a file, written every 256 KiB; the first error stays in `err`. */
struct wfile {
	int fd, err;
	struct buf b;
	struct hash_stream *h; /* summed on the way, or NULL */
};

/* Sum and write `n` bytes to the file now. */
static void wwrite(struct wfile *w, const void *p, size_t n)
{
	if (w->h)
		hash_stream_add(w->h, p, n);
	if (!w->err && fd_write_all(w->fd, p, n) < 0)
		w->err = 1;
}

static void wflush(struct wfile *w)
{
	if (w->b.len)
		wwrite(w, w->b.s, w->b.len);
	buf_reset(&w->b);
}

static void wadd(struct wfile *w, const void *p, size_t n)
{
	if (w->b.len + n > (256u << 10))
		wflush(w);
	if (n > (256u << 10))
		wwrite(w, p, n); /* a large piece (the old pool, the old rows) as it is */
	else
		buf_add(&w->b, p, n);
}

/*
 * Merge sorted old table `o` (n) and sorted new table `y` (k), `stride`
 * bytes each, into w; on a tie the old entry goes first. An import adds
 * few entries to many: each new one's place is searched, and the old ones
 * before it go out as one piece.
 */
static void merge(struct wfile *w, const void *o, size_t n, const void *y, size_t k, size_t stride,
		  int (*cmp)(const void *, const void *, void *), void *arg)
{
	const char *old = o, *add = y;
	size_t i = 0;

	for (size_t j = 0; j < k; j++) {
		const char *c = add + j * stride;
		size_t lo = i, hi = n;

		while (lo < hi) { /* the first old entry after c */
			size_t mid = lo + (hi - lo) / 2;

			if (cmp(old + mid * stride, c, arg) <= 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		wadd(w, old + i * stride, (lo - i) * stride);
		wadd(w, c, stride);
		i = lo;
	}
	wadd(w, old + i * stride, (n - i) * stride);
}

static int cmp_blocks_r(const void *a, const void *b, void *arg)
{
	(void)arg;
	return cmp_blocks(a, b);
}

/* index.bin's bytes into w: the old tables and the new, each sorted. */
static void builder_render(struct builder *b, const char token[32], struct wfile *w)
{
	const struct bin *o = b->old;
	struct bin_head h;

	if (b->nblocks)
		qsort(b->blocks, b->nblocks, sizeof(*b->blocks), cmp_blocks);
	if (b->nnames)
		qsort_r(b->names, b->nnames, 4, cmp_pool_offsets, b);
	if (b->nplaces)
		qsort_r(b->places, b->nplaces, sizeof(*b->places), cmp_pool_offsets, b);
	if (b->nsources)
		qsort_r(b->sources, b->nsources, 4, cmp_pool_offsets, b);
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, BIN_MAGIC, 8);
	memcpy(h.token, token, 32);
	h.nblocks = (o ? o->head.nblocks : 0) + b->nblocks;
	h.nnames = (o ? o->head.nnames : 0) + b->nnames;
	h.nplaces = (o ? o->head.nplaces : 0) + b->nplaces;
	h.nsources = (o ? o->head.nsources : 0) + b->nsources;
	h.pool = b->base + b->pool.len;
	wadd(w, &h, sizeof(h));
	/* each old table's pages go back once merged (util/mapped.h): an import reads them once */
	merge(w, o ? (const void *)o->blocks : "", o ? o->head.nblocks : 0,
	      b->blocks ? (const void *)b->blocks : "", b->nblocks, sizeof(*b->blocks), cmp_blocks_r,
	      NULL);
	if (o)
		mapped_drop((const char *)o->blocks, o->head.nblocks * sizeof(*o->blocks));
	merge(w, o ? (const void *)o->names : "", o ? o->head.nnames : 0,
	      b->names ? (const void *)b->names : "", b->nnames, 4, cmp_pool_offsets, b);
	merge(w, o ? (const void *)o->places : "", o ? o->head.nplaces : 0,
	      b->places ? (const void *)b->places : "", b->nplaces, sizeof(*b->places),
	      cmp_pool_offsets, b);
	merge(w, o ? (const void *)o->sources : "", o ? o->head.nsources : 0,
	      b->sources ? (const void *)b->sources : "", b->nsources, 4, cmp_pool_offsets, b);
	if (o) {
		mapped_drop((const char *)o->names, (size_t)(o->pool - (const char *)o->names));
		wadd(w, o->pool, o->head.pool);
		mapped_drop(o->pool, o->head.pool);
	}
	wadd(w, b->pool.s ? b->pool.s : "", b->pool.len);
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

		csvio_row(out, f, countof(f));
		(*rows)++;
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

static void head_row(struct buf *out, const struct storeindex_stamp *s, const char token[33])
{
	char full[33], quick[33], root[33];

	hex64x2(full, s->full);
	hex64x2(quick, s->quick);
	hex64x2(root, s->root);
	const char *f[] = { INDEX_MAGIC, INDEX_FORMAT, full, quick, root, token };
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

/* Open a temporary file for `name` in the store's root (written, then renamed by wclose()). */
static int wopen(const struct store *st, const char *name, struct wfile *w)
{
	struct buf tmp = BUF_INIT;

	memset(w, 0, sizeof(*w));
	buf_addf(&tmp, "%s/%s.tmp.%ld", st->dir, name, (long)getpid());
	w->fd = open(tmp.s, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	buf_release(&tmp);
	return w->fd < 0 ? -1 : 0;
}

/* Flush, close and rename into place (no fsync: a cache); on any error remove it. 0 or -1. */
static int wclose(const struct store *st, const char *name, struct wfile *w)
{
	struct buf tmp = BUF_INIT, final = BUF_INIT;
	int rc = -1;

	wflush(w);
	buf_addf(&tmp, "%s/%s.tmp.%ld", st->dir, name, (long)getpid());
	buf_addf(&final, "%s/%s", st->dir, name);
	if (close(w->fd) == 0 && !w->err && rename(tmp.s, final.s) == 0)
		rc = 0;
	else
		unlink(tmp.s);
	buf_release(&w->b);
	buf_release(&tmp);
	buf_release(&final);
	return rc;
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
 * The rows of the stored sources of `m` for which `take` is set (all when
 * NULL) into *csv, in the order a load reads them, and what they add to
 * builder *b. *rows counts the rows written.
 */
static void render_model(const struct model *m, const unsigned char *take, struct buf *csv,
			 struct builder *b, size_t *rows)
{
	uint32_t *order = xmalloc((m->nsources ? m->nsources : 1) * sizeof(*order));
	size_t *nmeas = model_meas_per_run(m);
	struct byrun by, notes;
	size_t n = 0;

	for (uint32_t s = 0; s < m->nsources; s++)
		if (m->sources[s].stored && (!take || take[s]))
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

/*
 * Write index.bin (unless the builder cannot), then index.csv with the
 * same token: its head row, the rows `kept` (an older index.csv's, or
 * none), the new `rows_text`, and the end row over all of them.
 */
static int write_both(const struct store *st, struct builder *b, const char *kept, size_t nkept,
		      const struct buf *rows_text, size_t rows, const struct storeindex_stamp *s)
{
	struct wfile w;
	struct hash_stream h;
	struct buf head = BUF_INIT;
	char token[33], hex[HASH_HEX_LEN + 1], count[32];

	new_token(token);
	if (b->unusable || wopen(st, STOREINDEX_BIN, &w) < 0) {
		remove_cache(st, STOREINDEX_BIN); /* imports read the store's runs */
	} else {
		builder_render(b, token, &w);
		if (wclose(st, STOREINDEX_BIN, &w) < 0)
			remove_cache(st, STOREINDEX_BIN);
	}
	if (wopen(st, STOREINDEX_FILE, &w) < 0)
		return -1;
	hash_stream_init(&h);
	w.h = &h;
	head_row(&head, s, token);
	wadd(&w, head.s, head.len);
	wadd(&w, kept ? kept : "", nkept);
	wadd(&w, rows_text->s ? rows_text->s : "", rows_text->len);
	wflush(&w);
	w.h = NULL;
	hash_stream_hex(&h, hex);
	snprintf(count, sizeof(count), "%zu", rows);
	buf_reset(&head);
	{
		const char *f[] = { "end", count, hex };

		csvio_row(&head, f, countof(f));
	}
	wadd(&w, head.s, head.len);
	buf_release(&head);
	return wclose(st, STOREINDEX_FILE, &w);
}

int storeindex_write(const struct store *st, const struct model *m,
		     const struct storeindex_stamp *s)
{
	struct builder b;
	struct buf rows_text = BUF_INIT;
	size_t rows = 1;
	int rc;

	builder_init(&b, NULL);
	render_model(m, NULL, &rows_text, &b, &rows);
	rc = write_both(st, &b, NULL, 0, &rows_text, rows, s);
	builder_release(&b);
	buf_release(&rows_text);
	return rc;
}

int storeindex_refresh(const struct store *st, const struct model *m)
{
	struct storeindex_stamp s;

	if (storeindex_stamp(st, &s) < 0)
		return -1;
	return storeindex_write(st, m, &s);
}

/* ---- reading index.csv ---- */

/* index.csv read whole, its checksum right: the text, the length before its end row, its header. */
struct csvfile {
	char *text;
	size_t len, body; /* body: the bytes before the "end" row */
	size_t rows;      /* the end row's count */
	struct storeindex_stamp stamp;
	char token[33];
};

static void csvfile_release(struct csvfile *f)
{
	mapped_free(f->text);
	memset(f, 0, sizeof(*f));
}

/*
 * index.csv's text: mapped (util/mapped.h), so that an import's rewrite,
 * which copies most of it as it is, does not hold a copy of it; read when
 * it cannot be mapped. Released with mapped_free(). -1 when missing or unreadable.
 */
static int csvfile_text(const char *path, struct buf *text, char **mapped, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat sb;
	struct diag d = DIAG_INIT;
	int rc;

	*mapped = NULL;
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (*mapped = mapped_file(fd, (size_t)sb.st_size, 1))) {
		*len = (size_t)sb.st_size;
		close(fd);
		return 0;
	}
	close(fd);
	rc = file_read(path, text, &d);
	diag_release(&d);
	*len = text->len;
	return rc;
}

static int head_fields(char **fields, size_t n, size_t row, void *ctx)
{
	struct csvfile *f = ctx;

	(void)row;
	if (n != 6 || strcmp(fields[0], INDEX_MAGIC) || strcmp(fields[1], INDEX_FORMAT) ||
	    parse64x2(fields[2], f->stamp.full) < 0 || parse64x2(fields[3], f->stamp.quick) < 0 ||
	    parse64x2(fields[4], f->stamp.root) < 0 || strlen(fields[5]) != 32)
		return -1;
	memcpy(f->token, fields[5], 33);
	return 1;
}

/* Read index.csv whole and check its header and checksum. 0, or -1 (missing, torn, changed). */
static int csvfile_read(const struct store *st, struct csvfile *f)
{
	struct buf path = BUF_INIT, text = BUF_INIT;
	struct diag d = DIAG_INIT;
	char hex[HASH_HEX_LEN + 1];
	const char *last, *nl, *s;
	char *mapped;
	size_t len;
	int rc = -1;

	memset(f, 0, sizeof(*f));
	buf_addf(&path, "%s/" STOREINDEX_FILE, st->dir);
	if (csvfile_text(path.s, &text, &mapped, &len) < 0)
		goto out;
	s = mapped ? mapped : buf_str(&text);
	if (len < 2 || s[len - 1] != '\n')
		goto out;
	nl = memchr(s, '\n', len);
	if (csvio_parse(STOREINDEX_FILE, s, (size_t)(nl + 1 - s), head_fields, f, &d) != 1)
		goto out;
	/* the last row: "end","ROWS","CHECKSUM" over every byte before it */
	last = s + len - 1;
	while (last > s && last[-1] != '\n')
		last--;
	if (last <= nl || strncmp(last, "\"end\",\"", 7))
		goto out;
	f->rows = strtoul(last + 7, NULL, 10);
	hash_hex(s, (size_t)(last - s), hex);
	mapped_drop(s, len); /* read again by whatever needs its rows */
	if (!strstr(last, hex))
		goto out;
	f->len = len;
	f->body = (size_t)(last - s);
	f->text = mapped ? mapped : buf_detach(&text, NULL);
	mapped = NULL;
	rc = 0;
out:
	mapped_free(mapped);
	buf_release(&path);
	buf_release(&text);
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
	} kinds[] = { { 'S', 4 }, { 'F', 4 }, { 'W', 4 }, { 'G', 5 }, { 'V', 4 } };
	struct row *x;
	size_t k;

	if (row == 1)
		return 0; /* the header, read already */
	for (k = 0; k < countof(kinds); k++)
		if (f[0][0] == kinds[k].kind && !f[0][1] && n == kinds[k].n)
			break;
	if (k == countof(kinds) || (kinds[k].kind != 'S' && !r->nc))
		return r->bad = 1;
	ALLOC_GROW(r->v, r->n + 1, r->cap);
	x = &r->v[r->n];
	x->kind = kinds[k].kind;
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
	struct storeindex_stamp now;
	struct csvfile f;
	struct rows r;
	struct diag local = DIAG_INIT, warned = DIAG_INIT;
	int rc = 0;

	if (storeindex_stamp(st, &now) < 0)
		return 0;
	if (csvfile_read(st, &f) < 0)
		return 0;
	memset(&r, 0, sizeof(r));
	r.m = m;
	if (memcmp(f.stamp.full, now.full, sizeof(now.full)) ||
	    memcmp(f.stamp.root, now.root, sizeof(now.root)))
		goto out; /* stale: the caller loads the store */
	if (csvio_parse(STOREINDEX_FILE, f.text, f.body, keep_row, &r, &local) != 0 || local.n || r.bad)
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

/* ---- an import against the index ---- */

struct storeindex_import {
	struct store *st;
	struct csvfile csv;
	struct bin bin;
	struct stored_lookup lookup;
	struct strmap old_sources; /* hashes of stored texts the import added to the model */
	struct arena scratch;
};

static int lk_source(void *ctx, struct model *m, const char *hash, uint32_t *source)
{
	struct storeindex_import *x = ctx;
	struct diag d = DIAG_INIT;
	long s;

	if (bin_find(&x->bin, x->bin.sources, x->bin.head.nsources, 4, hash) < 0)
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
	const struct bin_block *b = bin_block(&x->bin, key);
	struct bin_block copy;

	if (!b)
		return 0;
	memcpy(&copy, b, sizeof(copy));
	if (experiment)
		*experiment = pool_str(&x->bin, copy.exp);
	if (hash)
		*hash = pool_str(&x->bin, copy.src);
	if (line)
		*line = copy.line;
	return 1;
}

static const char *lk_place(void *ctx, const char *place)
{
	struct storeindex_import *x = ctx;
	long at = bin_find(&x->bin, x->bin.places, x->bin.head.nplaces, sizeof(struct bin_place), place);
	struct bin_place p;

	if (at < 0)
		return NULL;
	memcpy(&p, &x->bin.places[at], sizeof(p));
	return pool_str(&x->bin, p.exp);
}

static int lk_taken(void *ctx, const char *name)
{
	struct storeindex_import *x = ctx;

	return bin_find(&x->bin, x->bin.names, x->bin.head.nnames, 4, name) >= 0;
}

struct storeindex_import *storeindex_import_begin(struct store *st, struct model *m)
{
	struct storeindex_import *x = xcalloc(1, sizeof(*x));
	struct storeindex_stamp now;
	struct diag d = DIAG_INIT;

	x->st = st;
	if (csvfile_read(st, &x->csv) < 0 || quick_stamp(st, &now) < 0 ||
	    memcmp(x->csv.stamp.quick, now.quick, sizeof(now.quick)) ||
	    memcmp(x->csv.stamp.root, now.root, sizeof(now.root)) ||
	    bin_open(st, x->csv.token, &x->bin) < 0)
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
	m->stored = &x->lookup;
	return x;
fail:
	diag_release(&d);
	storeindex_import_release(x);
	return NULL;
}

int storeindex_import_end(struct storeindex_import *x, const struct store *st,
			  const struct model *m)
{
	unsigned char *take = xcalloc(m->nsources ? m->nsources : 1, 1);
	struct storeindex_stamp s = x->csv.stamp;
	struct builder b;
	struct buf rows_text = BUF_INIT;
	size_t rows = x->csv.rows;
	int rootfd, datafd, srcfd, rc;

	rootfd = open(st->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	datafd = rootfd >= 0 ? openat(rootfd, "data", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	srcfd = rootfd >= 0 ? openat(rootfd, "sources", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	/* the entries this import added: its stored texts the index did not have */
	for (uint32_t i = 0; i < m->nsources; i++) {
		uint64_t full[2], quick[2];

		if (!m->sources[i].stored || strmap_get(&x->old_sources, m->sources[i].hash, NULL))
			continue;
		take[i] = 1;
		entry_parts(datafd, srcfd, m->sources[i].hash, full, quick, 1);
		add128(s.full, full);
		add128(s.quick, quick);
	}
	if (rootfd >= 0)
		root_part(rootfd, s.root);
	builder_init(&b, &x->bin);
	render_model(m, take, &rows_text, &b, &rows);
	{
		/* the rows of the index as it was, after its head row */
		size_t head = (size_t)(strchr(x->csv.text, '\n') + 1 - x->csv.text);

		rc = datafd >= 0 ? write_both(st, &b, x->csv.text + head, x->csv.body - head, &rows_text,
					      rows, &s)
				 : -1;
	}
	builder_release(&b);
	buf_release(&rows_text);
	free(take);
	if (srcfd >= 0)
		close(srcfd);
	if (datafd >= 0)
		close(datafd);
	if (rootfd >= 0)
		close(rootfd);
	return rc;
}

void storeindex_import_release(struct storeindex_import *x)
{
	if (!x)
		return;
	csvfile_release(&x->csv);
	bin_close(&x->bin);
	strmap_release(&x->old_sources);
	arena_release(&x->scratch);
	free(x);
}
